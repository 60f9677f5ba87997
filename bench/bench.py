#!/usr/bin/env python3
"""LabRunner benchmark: the tool against bare swiftc, measured in the same run.

Usage: bench/run.sh  (builds the release tool, then runs this script)
       python3 bench/bench.py --labrunner .build/release/labrunner [--reps 5]

Prints a Markdown table (the one in docs/performance.md) and writes bench/results/latest.md.
Only the Python standard library, swiftc and the tool itself are used.
"""
import argparse, os, resource, shutil, statistics, subprocess, sys, tempfile, time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAB01 = os.path.join(ROOT, "Labs", "lab01.md")


def lab01_without_exercises():
    """Lab 01 up to its exercises: one program, as bare swiftc builds it. (Since lab 01 has checked
    exercises, `run` also builds each exercise's stub, which bare swiftc would not.)"""
    return open(LAB01, encoding="utf-8").read().split("\n## Exercises\n")[0] + "\n"
SCENARIOS = ["mock", "empty", "failing"]


def run(cmd, env=None, cwd=None):
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"command failed ({done.returncode}): {' '.join(cmd)}\n{done.stdout.decode()}{done.stderr.decode()}")
    return elapsed, done.stdout.decode()


def median_of(reps, measure):
    return statistics.median(measure() for _ in range(reps))


def env_without_ci():
    env = dict(os.environ)
    env["NO_COLOR"] = "1"
    return env


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cold_labrunner(tool, lab, work):
    """Wall and CPU seconds (the tool, swiftc and the scenarios) of a first run of `lab`.

    The lab is not in the cache, but clang's module cache (Foundation's modules, kept in the
    cache's modules/ folder) is warm, as bare swiftc's own ~/.cache/clang is: both sides then
    pay for the lab, not for the toolchain's first use on this machine."""
    cache = os.path.join(work, "cold-cache")
    if not os.path.isdir(os.path.join(cache, "modules")):
        run([tool, "run", "--cache-dir", cache, lab], env=env_without_ci())
    for name in os.listdir(cache):
        if name != "modules":
            shutil.rmtree(os.path.join(cache, name))
    cpu = children_cpu()
    elapsed, _ = run([tool, "run", "--cache-dir", cache, lab], env=env_without_ci())
    cpu = children_cpu() - cpu
    return elapsed, cpu


def by_hand(swiftc, extracted, work):
    """What a person does without the tool: compile the extracted file, run it per scenario."""
    binary = os.path.join(work, "by-hand")
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run([swiftc, "-swift-version", "6", "-module-name", "main", "-o", binary, extracted], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for scenario in SCENARIOS:
        subprocess.run([binary], env={**os.environ, "LAB_SCENARIO": scenario}, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, children_cpu() - cpu


def scenario_time(binary):
    """The scenarios' own run time: the three runs, as the tool runs them (in parallel)."""
    start = time.perf_counter()
    with ThreadPoolExecutor(len(SCENARIOS)) as pool:
        list(pool.map(lambda s: subprocess.run([binary], env={**os.environ, "LAB_SCENARIO": s},
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), SCENARIOS))
    return time.perf_counter() - start


def make_labs(work, count):
    folder = os.path.join(work, "labs")
    os.makedirs(folder)
    text = lab01_without_exercises()
    for i in range(count):
        # A distinct cell per copy, so no lab's build can be served from another's.
        with open(os.path.join(folder, f"lab{i:02}.md"), "w", encoding="utf-8") as f:
            f.write(text + f"\n```swift\nlet benchmarkCopy{i} = {i}\n```\n")
    return folder


def peak_rss_kib(cmd):
    """Peak resident memory of the tool's own process (VmHWM), not of swiftc or the labs."""
    process = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env_without_ci())
    peak = 0
    while process.poll() is None:
        try:
            with open(f"/proc/{process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
        except (FileNotFoundError, ProcessLookupError, ValueError):
            pass
        time.sleep(0.002)
    return peak


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrunner", default=os.path.join(ROOT, ".build", "release", "labrunner"))
    parser.add_argument("--swiftc", default=os.environ.get("SWIFTC") or shutil.which("swiftc"))
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    tool, swiftc, reps = os.path.abspath(args.labrunner), args.swiftc, args.reps
    work = tempfile.mkdtemp(prefix="labrunner-bench-")
    rows = []
    try:
        lab = os.path.join(work, "lab01.md")
        with open(lab, "w", encoding="utf-8") as f:
            f.write(lab01_without_exercises())
        extracted = os.path.join(work, "lab01.swift")
        run([tool, "extract", lab, "-o", extracted])
        run([swiftc, "--version"])  # warm the file system cache for both sides alike

        # Interleaved pairs: this machine's speed drifts by ±15% over seconds, and a pair sees one
        # speed. CPU time (the tool, swiftc and the lab's runs) is the steadier of the two ratios.
        pairs = [(by_hand(swiftc, extracted, work), cold_labrunner(tool, lab, work)) for _ in range(max(reps, 7))]
        hand = statistics.median(h[0] for h, _ in pairs)
        cold = statistics.median(c[0] for _, c in pairs)
        wall_ratio = statistics.median(c[0] / h[0] for h, c in pairs)
        cpu_ratio = statistics.median(c[1] / h[1] for h, c in pairs)
        rows.append(("(a) cold `run lab01.md` vs swiftc + 3 runs by hand",
                     f"{cold:.2f} s vs {hand:.2f} s",
                     f"ratio {wall_ratio:.3f} wall, {cpu_ratio:.3f} CPU (medians of {len(pairs)} pairs)",
                     "≤ 1.10 (aim 1.02)"))

        cache = tempfile.mkdtemp(dir=work)
        run([tool, "run", "--cache-dir", cache, lab], env=env_without_ci())
        warm = median_of(reps * 2, lambda: run([tool, "run", "--cache-dir", cache, lab], env=env_without_ci())[0])
        scenarios = median_of(reps * 2, lambda: scenario_time(os.path.join(work, "by-hand")))  # built by (a)
        rows.append(("(b) warm re-run of unchanged lab01 (cache hit)", f"{warm * 1000:.0f} ms",
                     f"{(warm - scenarios) * 1000:.0f} ms over the scenarios' own {scenarios * 1000:.0f} ms", "< 60 ms over"))

        labs = make_labs(work, 12)
        serial = median_of(max(3, reps // 2), lambda: run([tool, "run", "--no-cache", "--jobs", "1", labs], env=env_without_ci())[0])
        parallel = median_of(max(3, reps // 2), lambda: run([tool, "run", "--no-cache", "--jobs", "2", labs], env=env_without_ci())[0])
        rows.append(("(c) 12 labs, `--jobs 2` vs `--jobs 1` (cold)", f"{parallel:.2f} s vs {serial:.2f} s",
                     f"ratio {parallel / serial:.2f}", "≤ 0.6 on 2 cores"))

        big = os.path.join(work, "big.md")
        text = lab01_without_exercises()
        with open(big, "w", encoding="utf-8") as f:
            while f.tell() < 5_000_000:
                f.write(text)
        size = os.path.getsize(big)
        extract = median_of(reps * 2, lambda: run([tool, "extract", big, "-o", os.path.join(work, "big.swift")])[0])
        startup = median_of(reps * 2, lambda: run([tool, "--version"])[0])
        rows.append(("(d) parse + extract a 5 MB Markdown file", f"{extract * 1000:.0f} ms (process start {startup * 1000:.0f} ms)",
                     f"{size / extract / 1e6:.0f} MB/s whole command, {size / (extract - startup) / 1e6:.0f} MB/s past start-up",
                     "≥ 100 MB/s"))

        peak = max(peak_rss_kib([tool, "run", "--no-cache", "--jobs", "2", labs]) for _ in range(2))
        rows.append(("(e) peak memory of labrunner, 12 labs", f"{peak / 1024:.1f} MiB", "", "< 30 MiB"))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    version = subprocess.run([swiftc, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode().splitlines()[0]
    lines = [f"Machine: {os.cpu_count()} cores, {version}; medians of {reps} runs (warm: {reps * 2}).", "",
             "| measure | time | result | target |", "| --- | --- | --- | --- |"]
    lines += [f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows]
    report = "\n".join(lines) + "\n"
    print(report)
    os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", "latest.md"), "w") as f:
        f.write(report)


if __name__ == "__main__":
    main()
