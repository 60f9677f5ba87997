#!/usr/bin/env python3
"""The notebook's cost (docs/performance.md, "The notebook view"): `labrunner html Labs/ -o DIR`
against `labrunner run Labs/`, both from a warm compile cache, in interleaved pairs; the
difference is what rendering and writing the pages costs. Standard library only.

    swift build -c release --product labrunner
    python3 bench/notebook.py --labrunner .build/release/labrunner [--reps 7]
"""
import argparse, os, re, shutil, statistics, subprocess, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(cmd, output=None):
    env = dict(os.environ, NO_COLOR="1")
    env.pop("CI", None)
    env.pop("GITHUB_ACTIONS", None)
    start = time.perf_counter()
    result = subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if output is not None:
        output.append(result.stdout.decode())
    if result.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd)} failed: {result.stderr.decode()}")
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrunner", default=os.path.join(ROOT, ".build/release/labrunner"))
    parser.add_argument("--reps", type=int, default=7)
    args = parser.parse_args()
    tool = os.path.abspath(args.labrunner)
    work = tempfile.mkdtemp(prefix="labrunner-notebook-bench-")
    try:
        cache = os.path.join(work, "cache")
        site = os.path.join(work, "site")
        timed([tool, "run", "--cache-dir", cache, "Labs/"])  # builds every lab once: the cache is warm from here on
        pairs = []
        rendering = []
        for _ in range(args.reps):
            run = timed([tool, "run", "--cache-dir", cache, "Labs/"])
            said = []
            html = timed([tool, "html", "--key", "--verbose", "--cache-dir", cache, "Labs/", "-o", site], said)
            pairs.append((run, html))
            # `--verbose` says how long the pages took: "wrote 10 pages and index.html to DIR in 12.3 ms".
            match = re.search(r"index\.html to .* in ([0-9.]+) ms", said[0])
            rendering.append(float(match.group(1)) / 1000 if match else float("nan"))
        run = statistics.median(p[0] for p in pairs)
        html = statistics.median(p[1] for p in pairs)
        extra = statistics.median(p[1] - p[0] for p in pairs)
        pages = sum(1 for _, _, files in os.walk(site) for f in files if f.endswith(".html"))
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(site) for f in files)
        print("| measure | time | result |")
        print("| --- | --- | --- |")
        print(f"| `run Labs/` from the cache | {run * 1000:.0f} ms | median of {len(pairs)} |")
        print(f"| `html Labs/ -o DIR` from the cache | {html * 1000:.0f} ms | {pages} pages, {size / 1024:.0f} KiB |")
        inside = statistics.median(rendering)
        print(f"| html minus run | {extra * 1000:.0f} ms | {extra / run * 100:.1f}% of the run (median of the pairs' differences) |")
        print(f"| rendering and writing the pages, measured inside `html` | {inside * 1000:.1f} ms | {inside / run * 100:.1f}% of the run |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
