#!/usr/bin/env python3
"""A package's doc-comment check, cold and warm, against building the package once.

    python3 bench/doccomments.py [PACKAGE] [--tool PATH] [--reps N]

PACKAGE defaults to the test fixture Tests/LabRunnerTests/Fixtures/doc-comments-package (copied
to a temporary folder, never touched in place). Per repetition: `swift build` of the package
alone into a fresh scratch folder (what a maintainer pays anyway), then `labrunner run --package
PACKAGE PACKAGE/Sources` with an empty cache (cold: it builds the package and checks every
sample), then again unchanged (warm: neither `swift build` nor swiftc should start). Prints the
medians; a run's exit status 1 (failing samples) is expected and not an error.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def timed(command, cwd, allowed=(0, 1)):
    start = time.monotonic()
    result = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    elapsed = time.monotonic() - start
    if result.returncode not in allowed:
        sys.exit(f"{' '.join(command)}: exit {result.returncode}\n{result.stderr}")
    return elapsed, result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("package", nargs="?", default=os.path.join(ROOT, "Tests/LabRunnerTests/Fixtures/doc-comments-package"))
    parser.add_argument("--tool", default=os.path.join(ROOT, ".build/release/labrunner"))
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    args.tool = os.path.abspath(args.tool)
    if not os.access(args.tool, os.X_OK):
        sys.exit(f"{args.tool}: not built (swift build -c release)")
    rows = {"swift build alone": [], "labrunner cold": [], "labrunner warm": []}
    warm_output = ""
    with tempfile.TemporaryDirectory() as folder:
        package = os.path.join(folder, "pkg")
        shutil.copytree(args.package, package, ignore=shutil.ignore_patterns(".build", ".swiftpm"))
        for rep in range(args.reps):
            scratch = os.path.join(folder, f"scratch{rep}")
            # A build that fails (exit 1) is no measure of building the package.
            rows["swift build alone"].append(timed(["swift", "build", "--package-path", package, "--scratch-path", scratch], folder,
                                                   allowed=(0,))[0])
            shutil.rmtree(scratch, ignore_errors=True)
            cache = os.path.join(folder, f"cache{rep}")
            run = [args.tool, "run", "-v", "--cache-dir", cache, "--package", "pkg", "pkg/Sources"]
            rows["labrunner cold"].append(timed(run, folder)[0])
            elapsed, result = timed(run, folder)
            rows["labrunner warm"].append(elapsed)
            warm_output = result.stdout + result.stderr
            shutil.rmtree(cache, ignore_errors=True)
    print(f"package: {args.package}, {args.reps} repetitions, medians")
    print("| measure | seconds |\n| --- | --- |")
    for name, times in rows.items():
        print(f"| {name} | {statistics.median(times):.2f} |")
    started = [word for word in ("building package", "swiftc ran") if word in warm_output]
    print("warm run started: " + (", ".join(started) if started else "neither swift build nor swiftc"))


if __name__ == "__main__":
    main()
