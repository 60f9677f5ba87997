#!/usr/bin/env python3
"""Edit-to-verdict latency of `labrunner watch --serve`, against a cold `labrunner run`.

Usage: python3 bench/watch_latency.py --labrunner .build/release/labrunner [--reps 5]

A copy of Labs/lab01.md is watched with `watch --serve 0`. Each repetition saves it with one
line changed (a comment `// edit N` in its first Swift cell, so the program differs and swiftc
must build it again) by writing a new file and renaming it over the lab, as editors do, and
waits for the server-sent event that says the run finished: that interval is the edit-to-verdict
latency a page sees. Interleaved with it, the same kind of edit is checked by a cold
`labrunner run` of another copy (a new process, the program not in the compile cache; clang's
module cache warm for both, in the same cache folder). Prints the medians and their difference.
Only the Python standard library is used.
"""
import argparse, os, re, shutil, socket, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAB01 = os.path.join(ROOT, "Labs", "lab01.md")


def edited(text, n):
    """lab01 with `// edit n` as the first line of its first Swift cell."""
    return text.replace("```swift\n", f"```swift\n// edit {n}\n", 1)


def save(path, text):
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.rename(path + ".tmp", path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrunner", default=os.path.join(ROOT, ".build", "release", "labrunner"))
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    args.labrunner = os.path.abspath(args.labrunner)
    original = open(LAB01).read()
    work = tempfile.mkdtemp(prefix="labrunner-watch-bench-")
    env = dict(os.environ, NO_COLOR="1", XDG_CACHE_HOME=os.path.join(work, "cache"))
    watched, ran = os.path.join(work, "watched", "lab01.md"), os.path.join(work, "ran", "lab01.md")
    for path in (watched, ran):
        os.makedirs(os.path.dirname(path))
        shutil.copy(LAB01, path)
    # Warms clang's module cache (once per machine, not a lab's cost) and checks the lab passes.
    subprocess.run([args.labrunner, "run", ran], env=env, check=True, stdout=subprocess.DEVNULL)

    tool = subprocess.Popen([args.labrunner, "watch", "--serve", "0", "lab01.md"], cwd=os.path.dirname(watched),
                            env=env, stdout=subprocess.PIPE, text=True)
    try:
        port, lines = None, []
        for line in tool.stdout:
            lines.append(line)
            match = re.match(r"serving http://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
            if line.startswith("watching"):
                break
        events = socket.create_connection(("127.0.0.1", port))
        events.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        events.settimeout(300)
        received = b""

        def wait_for(text):
            nonlocal received
            while text.encode() not in received:
                chunk = events.recv(4096)
                if not chunk:
                    sys.exit("the event stream closed")
                received += chunk

        wait_for("data: 1 1\n\n")
        watch_times, tool_times, cold_times = [], [], []
        for n in range(1, args.reps + 1):
            start = time.perf_counter()
            save(watched, edited(original, n))
            wait_for(f"data: 1 {n + 1}\n\n")
            watch_times.append(time.perf_counter() - start)
            line = tool.stdout.readline()
            while "from save to verdict" not in line:
                line = tool.stdout.readline()
            tool_times.append(float(re.search(r"([\d.]+)s from save to verdict", line).group(1)))

            save(ran, edited(original, 1000 + n))
            start = time.perf_counter()
            subprocess.run([args.labrunner, "run", ran], env=env, check=True, stdout=subprocess.DEVNULL)
            cold_times.append(time.perf_counter() - start)
    finally:
        tool.send_signal(2)
        tool.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)

    def ms(values):
        return f"{statistics.median(values) * 1000:.0f} ms"

    print(f"reps: {args.reps}")
    print(f"watch: save to server-sent event, median   {ms(watch_times)}  {[round(t * 1000) for t in watch_times]}")
    print(f"watch: its own 'from save to verdict'      {ms(tool_times)}")
    print(f"cold `labrunner run` of the edited lab      {ms(cold_times)}  {[round(t * 1000) for t in cold_times]}")
    print(f"difference (watch - cold run), median     {statistics.median(watch_times) * 1000 - statistics.median(cold_times) * 1000:+.0f} ms")


if __name__ == "__main__":
    main()
