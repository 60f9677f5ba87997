#!/usr/bin/env python3
"""What the sandbox costs (issue 34): the same lab run sealed and with --no-sandbox, interleaved
so both see the same machine. Prints medians in milliseconds.

  python3 bench/sandbox.py [--labrunner .build/release/labrunner] [--lab Labs/lab01.md] [--runs 15]

- program: one cached program of the lab (scenario mock) run as it is, then through the
  launcher exactly as `run` seals it: the cost per program run.
- probe: the launcher sealing /usr/bin/true, which every sealed run of the tool does once.
- warm: `labrunner run LAB` with its programs in the cache, sealed and --no-sandbox.
- cold: the same with an empty cache each time (swiftc builds everything; fewer runs).
"""
import argparse, os, shutil, statistics, subprocess, tempfile, time

def timed(command, env, cwd=None):
    start = time.perf_counter()
    result = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter() - start) * 1000
    if result.returncode not in (0, 1):
        raise SystemExit(f"{command} ended with {result.returncode}: {result.stderr.decode()[-500:]}")
    return elapsed

def pair(label, runs, sealed, unsealed):
    a, b = [], []
    for _ in range(runs):
        a.append(sealed())
        b.append(unsealed())
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"{label:8} sealed {ma:8.1f} ms   --no-sandbox {mb:8.1f} ms   difference {ma - mb:7.1f} ms   ({runs} runs each)")
    return ma - mb

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrunner", default=".build/debug/labrunner")
    parser.add_argument("--lab", default="Labs/lab01.md")
    parser.add_argument("--runs", type=int, default=15)
    options = parser.parse_args()
    tool = os.path.abspath(options.labrunner)
    lab = os.path.abspath(options.lab)
    cache = tempfile.mkdtemp(prefix="labrunner-sandbox-bench-")
    try:
        env = dict(os.environ, XDG_CACHE_HOME=cache, NO_COLOR="1")
        timed([tool, "run", lab], env)  # fills the cache
        programs = [os.path.join(root, "lab") for root, _, files in os.walk(os.path.join(cache, "labrunner", "entries"))
                    if "lab" in files]
        program = max(programs, key=os.path.getsize)
        plain_env = dict(env, LAB_SCENARIO="mock", HOME="/tmp", TMPDIR="/tmp")
        # The launcher `run` uses: labrunner-sandbox beside the tool, else the tool itself.
        beside = os.path.join(os.path.dirname(os.path.realpath(tool)), "labrunner-sandbox")
        launcher = beside if os.access(beside, os.X_OK) else tool
        print(f"launcher: {launcher}")
        pair("program", options.runs * 2,
             lambda: timed([launcher, "__labrunner-sandbox", "--processes", "256", "--memory", str(4 << 30),
                            "--file-size", str(64 << 20), "--", program], plain_env),
             lambda: timed([program], plain_env))
        pair("probe", options.runs * 2,
             lambda: timed([launcher, "__labrunner-sandbox", "--", "/usr/bin/true"], plain_env),
             lambda: timed(["/usr/bin/true"], plain_env))
        pair("warm", options.runs, lambda: timed([tool, "run", lab], env), lambda: timed([tool, "run", "--no-sandbox", lab], env))

        def cold(extra):
            fresh = tempfile.mkdtemp(prefix="labrunner-sandbox-bench-cold-")
            try:
                return timed([tool, "run"] + extra + [lab], dict(env, XDG_CACHE_HOME=fresh))
            finally:
                shutil.rmtree(fresh, ignore_errors=True)
        pair("cold", max(2, options.runs // 5), lambda: cold([]), lambda: cold(["--no-sandbox"]))
    finally:
        shutil.rmtree(cache, ignore_errors=True)

if __name__ == "__main__":
    main()
