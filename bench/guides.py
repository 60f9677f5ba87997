#!/usr/bin/env python3
"""Guides against one program per file (docs/performance.md, "Guides: samples against one program
per file"): a fixed subset of the swift-evolution proposals (bench/guides-subset.txt), each run as a
guide (the default: per-sample verdicts, merged builds) and as one lab program (`--as lab`), cold
and warm, with the swiftc invocations of every run counted, and bare `swiftc -emit-sil` of the
file's one program (what `--as lab` compiles) as the same-run floor. Standard library only.

    swift build -c release --product labrunner
    python3 bench/guides.py --labrunner .build/release/labrunner [--corpus DIR]
    python3 bench/guides.py --write-subset      # choose the subset again (the committed list is the bench)

Prints Markdown (the tables in docs/performance.md) and writes it, with a row per file, to
bench/results/guides-latest.md. swiftc invocations are counted by a SWIFTC wrapper that logs its
arguments and execs the real swiftc: `--version` (asked once for the cache key, then kept in the
cache) apart from compiles (`-emit-sil` builds and `-parse` syntax checks of listings).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUBSET = os.path.join(ROOT, "bench", "guides-subset.txt")
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "swift-evolution")
STEP, START = 11, 5   # every 11th file, from the 6th
MODES = {"guide": [], "lab": ["--as", "lab"]}
SUBSET_HEADER = """\
# The swift-evolution proposals bench/guides.py measures (docs/performance.md, "Guides"):
# every 11th of the corpus's proposals/**/*.md in byte order, from the 6th ({count} of {total} files),
# paths relative to ../shared/corpus/swift-evolution. Written by `bench/guides.py --write-subset`;
# kept fixed so that reruns measure the same files.
"""
WRAPPER = """#!/bin/sh
# Counts swiftc invocations for bench/guides.py: one line of arguments per run, then the real swiftc.
printf '%s\\n' "$*" >> "$LABRUNNER_BENCH_LOG"
exec {swiftc} "$@"
"""
# A guide and a lab that import what the subset imports, run once per cache before anything is
# measured: clang's module cache (the cache's modules/) is then warm, as bench.py has it, and a
# cold run pays for its own builds, not for the toolchain's first use on this machine.
PRIMER = "# Primer\n\n```swift\nimport Foundation\nimport Dispatch\nprint(1)\n```\n"


def write_subset(corpus):
    files = sorted((os.path.relpath(os.path.join(d, f), corpus) for d, _, names in os.walk(os.path.join(corpus, "proposals"))
                    for f in names if f.endswith(".md")), key=lambda p: p.encode())
    chosen = files[START::STEP]
    with open(SUBSET, "w", encoding="utf-8") as out:
        out.write(SUBSET_HEADER.format(count=len(chosen), total=len(files)) + "".join(p + "\n" for p in chosen))
    print(f"wrote {len(chosen)} of {len(files)} files to {os.path.relpath(SUBSET, ROOT)}")


def read_subset():
    with open(SUBSET, encoding="utf-8") as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


class Bench:
    def __init__(self, tool, swiftc, corpus, work, jobs):
        self.tool, self.swiftc, self.corpus, self.work, self.jobs = tool, swiftc, corpus, work, jobs
        self.wrapper = os.path.join(work, "bin", "swiftc")
        os.makedirs(os.path.dirname(self.wrapper))
        with open(self.wrapper, "w") as f:
            f.write(WRAPPER.format(swiftc=swiftc))
        os.chmod(self.wrapper, 0o755)
        # The tool finds the manifest API (PackageDescription) beside swiftc, in ../lib: so must the wrapper.
        os.symlink(os.path.join(os.path.dirname(os.path.dirname(swiftc)), "lib"), os.path.join(work, "lib"))
        self.caches = {mode: os.path.join(work, f"cache-{mode}") for mode in MODES}
        self.runs = 0

    def labrunner(self, mode, paths):
        """One `labrunner run` of `paths`: wall seconds, exit status, swiftc invocations by kind, JSON report."""
        self.runs += 1
        log = os.path.join(self.work, f"swiftc-{self.runs}.log")
        report = os.path.join(self.work, f"report-{self.runs}.json")
        env = {k: v for k, v in os.environ.items() if k not in ("CI", "GITHUB_ACTIONS")}
        env.update(NO_COLOR="1", SWIFTC=self.wrapper, LABRUNNER_BENCH_LOG=log)
        cmd = [self.tool, "run", "--jobs", str(self.jobs), "--cache-dir", self.caches[mode], "--json", report] + MODES[mode] + paths
        start = time.perf_counter()
        done = subprocess.run(cmd, env=env, cwd=self.corpus, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
        if done.returncode not in (0, 1, 2):
            sys.exit(f"{' '.join(cmd)} ended with {done.returncode}:\n{done.stderr.decode()}")
        calls = {"version": 0, "check": 0, "parse": 0, "build": 0}
        if os.path.exists(log):
            for line in open(log, encoding="utf-8", errors="replace"):
                args = line.split()
                kind = ("version" if "--version" in args else "parse" if "-parse" in args
                        else "check" if "-emit-sil" in args else "build")
                calls[kind] += 1
        try:
            with open(report, encoding="utf-8") as f:
                parsed = json.load(f)
        except (OSError, ValueError):
            parsed = {"labs": []}
        return {"time": elapsed, "status": done.returncode, "calls": calls,
                "compiles": calls["check"] + calls["parse"] + calls["build"], "report": parsed}

    def empty_cache(self, mode):
        """Everything but clang's module cache goes: no build, no stored `swiftc --version`."""
        cache = self.caches[mode]
        for name in os.listdir(cache) if os.path.isdir(cache) else []:
            if name != "modules":
                path = os.path.join(cache, name)
                shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.remove(path)

    def bare(self, path):
        """swiftc -emit-sil, by hand, of the file's one program (`labrunner extract`: the program `--as lab`
        builds, its Foundation prelude included), checked only, as the guide's builds are."""
        program = os.path.join(self.work, "bare.swift")
        subprocess.run([self.tool, "extract", path, "-o", program], cwd=self.corpus, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return self.bare_check(program)

    def bare_check(self, program):
        cmd = [self.swiftc, "-swift-version", "6", "-module-name", "main", "-module-cache-path",
               os.path.join(self.work, "bare-modules"), "-emit-sil", "-o", "/dev/null", program]
        start = time.perf_counter()
        subprocess.run(cmd, cwd=self.work, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return time.perf_counter() - start

    def bare_sample(self):
        """The floor of one guide build: swiftc -emit-sil of a one-line sample without imports."""
        program = os.path.join(self.work, "sample.swift")
        with open(program, "w") as f:
            f.write("let answer = [1, 2, 3].reduce(0, +)\n")
        return self.bare_check(program)

    def prime(self):
        primer = os.path.join(self.work, "primer")
        os.makedirs(primer)
        with open(os.path.join(primer, "primer.md"), "w") as f:
            f.write(PRIMER)
        for mode in MODES:
            subprocess.run([self.tool, "run", "--cache-dir", self.caches[mode]] + MODES[mode] + [os.path.join(primer, "primer.md")],
                           env=dict(os.environ, NO_COLOR="1"), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.bare(os.path.join(primer, "primer.md"))


def samples_of(report):
    """Per-sample statuses of a guide run's JSON, and the samples whose build started swiftc."""
    statuses, compiled = {}, []
    for entry in report["labs"]:
        for sample in entry.get("samples", []):
            statuses[sample["status"]] = statuses.get(sample["status"], 0) + 1
            if sample["compilerRan"]:
                compiled.append(f"{entry['path']}:{sample['line']}")
    return statuses, compiled


def lab_status(report):
    return ",".join(sorted({entry["status"] for entry in report["labs"]})) or "none"


def spread(values, unit="s", digits=2):
    values = sorted(values)
    return f"median {statistics.median(values):.{digits}f} {unit}, max {values[-1]:.{digits}f} {unit}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrunner", default=os.path.join(ROOT, ".build", "release", "labrunner"))
    parser.add_argument("--swiftc", default=shutil.which("swiftc"))
    parser.add_argument("--corpus", default=CORPUS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--write-subset", action="store_true")
    parser.add_argument("--limit", type=int, help="only the first N files of the subset (to try the script)")
    args = parser.parse_args()
    corpus = os.path.abspath(args.corpus)
    if args.write_subset:
        return write_subset(corpus)
    files = read_subset()[:args.limit]
    missing = [p for p in files if not os.path.isfile(os.path.join(corpus, p))]
    if missing:
        sys.exit(f"not in {corpus}: {', '.join(missing)}")
    swiftc = os.path.abspath(args.swiftc)   # not resolved: swiftc is often a link to swift-driver, which reads its name
    work = tempfile.mkdtemp(prefix="labrunner-guides-bench-")
    rows, whole = [], {}
    try:
        bench = Bench(os.path.abspath(args.labrunner), swiftc, corpus, work, args.jobs)
        bench.prime()
        # Per file, one process each, the two ways and bare swiftc interleaved: this machine's
        # speed drifts, and neighbours in time see the same speed.
        for number, path in enumerate(files, 1):
            row = {"path": path, "sample": bench.bare_sample()}
            for mode in MODES:
                bench.empty_cache(mode)
                row[mode, "cold"] = bench.labrunner(mode, [path])
                row[mode, "warm"] = bench.labrunner(mode, [path])
            # A file without Swift blocks has no program to compile by hand (the tool builds nothing either).
            row["bare"] = bench.bare(path) if sum(samples_of(row["guide", "cold"]["report"])[0].values()) else None
            rows.append(row)
            guide = row["guide", "cold"]
            print(f"[{number}/{len(files)}] {path}: guide {guide['compiles']} compiles {guide['time']:.2f} s, "
                  f"lab {row['lab', 'cold']['time']:.2f} s, bare {row['bare'] or 0:.2f} s", file=sys.stderr, flush=True)
        # The whole subset in one process, as `labrunner run` of a tree is used.
        for mode in MODES:
            bench.empty_cache(mode)
            whole[mode, "cold"] = bench.labrunner(mode, files)
            whole[mode, "warm"] = bench.labrunner(mode, files)
            print(f"whole subset, {mode}: cold {whole[mode, 'cold']['time']:.1f} s, warm {whole[mode, 'warm']['time']:.2f} s",
                  file=sys.stderr, flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(ROOT, "bench", "results"), exist_ok=True)
    with open(os.path.join(ROOT, "bench", "results", "guides-raw.json"), "w") as f:   # to render again without measuring
        json.dump({"rows": [{("/".join(k) if isinstance(k, tuple) else k): v for k, v in r.items()} for r in rows],
                   "whole": {"/".join(k): v for k, v in whole.items()}}, f)
    report = render(files, rows, whole, args.jobs, swiftc)
    print(report)
    with open(os.path.join(ROOT, "bench", "results", "guides-latest.md"), "w") as f:
        f.write(report + "\n" + per_file_table(rows))


def render(files, rows, whole, jobs, swiftc):
    version = subprocess.run([swiftc, "--version"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT).stdout.decode().splitlines()[0]
    statuses, _ = samples_of(whole["guide", "cold"]["report"])
    compiles = [r["guide", "cold"]["compiles"] for r in rows]
    lab_compiles = [r["lab", "cold"]["compiles"] for r in rows]
    total = lambda mode, temp, key="time": sum(r[mode, temp][key] for r in rows)
    calls = lambda mode, temp, kind: sum(r[mode, temp]["calls"][kind] for r in rows)
    compiled = [r for r in rows if r["bare"] is not None]
    bare_total = sum(r["bare"] for r in compiled)
    ratio = lambda mode: statistics.median(r[mode, "cold"]["time"] / r["bare"] for r in compiled)
    buckets = [("0", 0, 0), ("1", 1, 1), ("2", 2, 2), ("3–5", 3, 5), ("6–10", 6, 10), ("over 10", 11, 10**9)]
    histogram = ", ".join(f"{sum(lo <= c <= hi for c in compiles)} with {name}" for name, lo, hi in buckets)
    g, l = whole["guide", "cold"], whole["lab", "cold"]
    gw, lw = whole["guide", "warm"], whole["lab", "warm"]
    out = [f"Machine: {os.cpu_count()} cores, {version}; {len(files)} files (bench/guides-subset.txt), "
           f"{sum(statuses.values())} samples ({', '.join(f'{n} {s}' for s, n in sorted(statuses.items()))}); `--jobs {jobs}`.", "",
           "| measure | guide (default) | `--as lab` | bare swiftc |", "| --- | --- | --- | --- |",
           f"| whole subset, one process, cold | {g['time']:.1f} s, {g['compiles']} compiles | {l['time']:.1f} s, {l['compiles']} compiles "
           f"| {bare_total:.1f} s, {len(compiled)} compiles (sum of the files with Swift blocks) |",
           f"| whole subset, one process, warm | {gw['time']:.2f} s, {gw['compiles']} compiles | {lw['time']:.2f} s, {lw['compiles']} compiles | |",
           f"| per file (one process each), cold | {spread(r['guide', 'cold']['time'] for r in rows)}; sum {total('guide', 'cold'):.1f} s "
           f"| {spread(r['lab', 'cold']['time'] for r in rows)}; sum {total('lab', 'cold'):.1f} s "
           f"| {spread(r['bare'] for r in compiled)}; sum {bare_total:.1f} s |",
           f"| per file, warm | {spread((r['guide', 'warm']['time'] * 1000 for r in rows), 'ms', 0)} "
           f"| {spread((r['lab', 'warm']['time'] * 1000 for r in rows), 'ms', 0)} | |",
           f"| per file, cold over bare (median of the ratios of the {len(compiled)} files with Swift blocks) | {ratio('guide'):.2f} | {ratio('lab'):.2f} | 1 |",
           f"| swiftc compiles per file, cold | median {statistics.median(compiles):g}, max {max(compiles)}; {histogram}; "
           f"{calls('guide', 'cold', 'check')} `-emit-sil`, {calls('guide', 'cold', 'parse')} `-parse` "
           f"| median {statistics.median(lab_compiles):g}, max {max(lab_compiles)} "
           f"({calls('lab', 'cold', 'build')} executables, {calls('lab', 'cold', 'check')} `-emit-sil`) | 1 `-emit-sil` |",
           f"| swiftc compiles, warm, all files | {total('guide', 'warm', 'compiles')} | {total('lab', 'warm', 'compiles')} | |",
           f"| `swiftc --version`, per-file runs cold / warm | {calls('guide', 'cold', 'version')} / {calls('guide', 'warm', 'version')} "
           f"| {calls('lab', 'cold', 'version')} / {calls('lab', 'warm', 'version')} | |",
           f"| one compile: cold time over compiles (sum of the files) | {total('guide', 'cold') / max(1, sum(compiles)):.2f} s "
           f"| {total('lab', 'cold') / max(1, sum(lab_compiles)):.2f} s "
           f"| {statistics.median(r['sample'] for r in rows):.2f} s a one-line sample, {statistics.median(r['bare'] for r in compiled):.2f} s a file's program (medians) |"]
    warm_compiled = [(r["path"], m, r[m, "warm"]) for r in rows for m in MODES if r[m, "warm"]["compiles"]]
    warm_compiled += [("the whole subset", m, whole[m, "warm"]) for m in MODES if whole[m, "warm"]["compiles"]]
    if warm_compiled:
        out += ["", "Warm runs that started swiftc:"]
        for path, mode, run in warm_compiled:
            _, which = samples_of(run["report"])
            out.append(f"- {path} ({mode}): {run['calls']}; samples built: {', '.join(which) or 'none named'}")
    return "\n".join(out) + "\n"


def per_file_table(rows):
    out = ["| file | samples | guide compiles | guide cold | guide warm | lab | lab cold | lab warm | bare |",
           "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        statuses, _ = samples_of(r["guide", "cold"]["report"])
        g, gw, l, lw = r["guide", "cold"], r["guide", "warm"], r["lab", "cold"], r["lab", "warm"]
        out.append(f"| {r['path']} | {', '.join(f'{n} {s}' for s, n in sorted(statuses.items())) or 'none'} | {g['compiles']} "
                   f"({g['calls']['parse']} parse) | {g['time']:.2f} s | {gw['time']:.3f} s, {gw['compiles']} compiles | "
                   f"{lab_status(l['report'])} | {l['time']:.2f} s | {lw['time']:.3f} s, {lw['compiles']} compiles | {'%.2f s' % r['bare'] if r['bare'] is not None else 'no Swift'} |")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
