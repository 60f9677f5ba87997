#!/usr/bin/env python3
"""CPU time of each test suite of `swift test`, children included (docs/performance.md, "Test
suite time").

Runs `swift test --skip-build --no-parallel` (one test at a time) with Swift Testing's event
stream, and samples `/proc/PID/stat` of the test process every 0.2 s: `utime + stime + cutime +
cstime`, so the swiftc, `labrunner`, lab, Chromium and Python processes a test waited for count as
its own. A test's CPU is the difference between the samples at its `testStarted` and its
`testEnded`. Linux only (procfs). Build first: `swift build --build-tests`.

    python3 bench/test_cpu.py [--top N] [--filter SUITE] [--own]
"""
import argparse
import bisect
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

TICKS = os.sysconf("SC_CLK_TCK")


def children(pid):
    """Pids whose parent is `pid`."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.append(int(name))
        except (OSError, IndexError, ValueError):
            pass
    return found


def test_process_under(pid):
    """The test bundle's process (`….xctest`) among the descendants of `pid`, or None."""
    pending = [pid]
    while pending:
        for child in children(pending.pop()):
            try:
                with open(f"/proc/{child}/cmdline") as cmdline:
                    if cmdline.read().split("\0")[0].endswith(".xctest"):
                        return child
            except OSError:
                continue
            pending.append(child)
    return None


def cpu_seconds(pid, own=False):
    """utime + stime + cutime + cstime of `pid` (utime + stime alone if `own`), in seconds; None
    once it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    # After the name: state is field 3, utime 14 … cstime 17 (1-based over the whole line).
    return sum(int(value) for value in fields[11:13 if own else 15]) / TICKS


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--top", type=int, default=25, help="suites to print (default 25)")
    parser.add_argument("--filter", help="passed to swift test --filter")
    parser.add_argument("--own", action="store_true",
                        help="only the test process's own CPU: the in-process tests, without the children they waited for")
    options = parser.parse_args()

    events = tempfile.NamedTemporaryFile(prefix="labrunner-events-", suffix=".jsonl", delete=False).name
    command = ["swift", "test", "--skip-build", "--no-parallel",
               "--event-stream-output-path", events, "--event-stream-version", "0"]
    if options.filter:
        command += ["--filter", options.filter]
    swift = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    samples = []  # (time since 1970, CPU seconds of the test process)
    def sample():
        test_process = None
        while swift.poll() is None:
            if test_process is None:
                test_process = test_process_under(swift.pid)
            if test_process is not None:
                value = cpu_seconds(test_process, options.own)
                if value is None:
                    test_process = None
                else:
                    samples.append((time.time(), value))
            time.sleep(0.2)
    sampler = threading.Thread(target=sample)
    sampler.start()
    status = swift.wait()
    sampler.join()

    times = [at for at, _ in samples]
    def cpu_at(at):
        index = bisect.bisect_left(times, at)
        return samples[min(index, len(samples) - 1)][1] if samples else 0.0

    started, suites = {}, {}
    with open(events) as stream:
        for line in stream:
            record = json.loads(line)
            payload = record.get("payload", {})
            if record.get("kind") != "event" or payload.get("kind") not in ("testStarted", "testEnded"):
                continue
            test, at = payload["testID"], payload["instant"]["since1970"]
            if payload["kind"] == "testStarted":
                started[test] = at
            elif test in started and "/" in test:  # a test function, not a suite
                begin = started.pop(test)
                suite = test.split("/")[0].split(".", 1)[-1]
                total = suites.setdefault(suite, [0.0, 0.0, 0])
                total[0] += cpu_at(at) - cpu_at(begin)
                total[1] += at - begin
                total[2] += 1
    os.unlink(events)

    print(f"swift test exited {status}; CPU of the test process and its children: "
          f"{samples[-1][1] if samples else 0:.1f} s; in tests: {sum(t[0] for t in suites.values()):.1f} s")
    print(f"{'CPU s':>7} {'wall s':>7} {'tests':>5}  suite")
    for suite, (cpu, wall, count) in sorted(suites.items(), key=lambda item: -item[1][0])[:options.top]:
        print(f"{cpu:7.1f} {wall:7.1f} {count:5d}  {suite}")
    return status


if __name__ == "__main__":
    sys.exit(main())
