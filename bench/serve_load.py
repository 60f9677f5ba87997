#!/usr/bin/env python3
"""Load on `labrunner watch --serve`: slow senders, a large page, too few descriptors.

Usage: python3 bench/serve_load.py --labrunner .build/debug/labrunner [--seconds 20] [--mb 10]

Loopback only, bounded in count and time; every socket has a timeout and every phase ends by
itself. A temporary lab prints about MB megabytes (its page is that large), and is watched with
`watch --serve 0`. Then:

1. slow senders: 64 clients each send a request head one byte every 3 s, and connect again when
   dropped, for SECONDS; meanwhile 4 normal clients ask for `/` every 0.2 s. Every normal request
   must be answered 200, and within a few seconds (the slowest is printed).
2. memory: 16 clients ask for the large page at once and read it slowly; the watch's peak
   resident memory (VmHWM, reset first through /proc/PID/clear_refs) is compared with its
   resident memory before, and with the page's size.
3. descriptors: the watch's descriptor limit is lowered (prlimit) to a few above what it holds,
   and 40 idle connections take the rest, so `accept` fails with EMFILE; once the idle ones are
   dropped (5 s), a request must be answered again.

Prints the numbers and exits 1 if a promise is broken. Only the Python standard library is used.
"""
import argparse, os, re, resource, shutil, socket, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAB = """---
title: Large output
---
# A lab whose page is large

```swift
let line = String(repeating: "x", count: 90)
for index in 0..<{lines} {{ print("\\(index) \\(line)") }}
```
```output
...
```
"""


def get(port, path, timeout=30, slow=False):
    """(status, body length, seconds) of one GET; status 0 when no answer came."""
    start = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as client:
            client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
            data = bytearray()
            while True:
                chunk = client.recv(16384 if slow else 1 << 20)
                if not chunk:
                    break
                data += chunk
                if slow:
                    time.sleep(0.002)
    except OSError:
        return 0, 0, time.perf_counter() - start
    match = re.match(rb"HTTP/1\.1 (\d+) ", bytes(data[:20]))
    return (int(match.group(1)) if match else 0), len(data), time.perf_counter() - start


def status(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1]) * 1024
    return 0


def slow_senders(port, count, seconds, interval):
    """Phase 1's slow clients; returns how many times one was dropped by the server."""
    stop = time.monotonic() + seconds
    drops = [0] * count

    def sender(number):
        head = b"GET / HTTP/1.1\r\nX-Slow: " + b"a" * 1000
        while time.monotonic() < stop:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=5) as client:
                    for byte in head:
                        client.sendall(bytes([byte]))
                        time.sleep(interval)
                        if time.monotonic() >= stop:
                            return
            except OSError:
                pass
            drops[number] += 1
            time.sleep(0.05)

    threads = [threading.Thread(target=sender, args=(n,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    return threads, drops


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrunner", default=os.path.join(ROOT, ".build", "debug", "labrunner"))
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--mb", type=float, default=10)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="labrunner-serve-bench-")
    env = dict(os.environ, NO_COLOR="1", XDG_CACHE_HOME=os.path.join(work, "cache"))
    with open(os.path.join(work, "big.md"), "w") as f:
        # About 95 bytes of page a line of output.
        f.write(LAB.format(lines=int(args.mb * 1_000_000 / 95)))
    tool = subprocess.Popen([os.path.abspath(args.labrunner), "watch", "--serve", "0", "big.md"], cwd=work, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    broken = []
    try:
        port = None
        for line in tool.stdout:
            match = re.match(r"serving http://127\.0\.0\.1:(\d+)/", line)
            port = int(match.group(1)) if match else port
            if line.startswith("watching"):
                break
        threading.Thread(target=lambda: [None for _ in tool.stdout], daemon=True).start()
        page_status, page_size, _ = get(port, "/lab/1")
        print(f"page: {page_status}, {page_size / 1e6:.1f} MB")

        # 1. Slow senders and normal clients.
        threads, drops = slow_senders(port, 64, args.seconds, 3.0)
        time.sleep(3)  # every slow sender connected and sending
        answers = []
        stop = time.monotonic() + args.seconds - 4

        def normal():
            while time.monotonic() < stop:
                answers.append(get(port, "/", timeout=30))
                time.sleep(0.2)

        normals = [threading.Thread(target=normal) for _ in range(4)]
        for thread in normals:
            thread.start()
        for thread in normals + threads:
            thread.join(timeout=args.seconds + 30)
        statuses = sorted({answer[0] for answer in answers})
        slowest = max(answer[2] for answer in answers)
        print(f"slow senders: 64 for {args.seconds:.0f} s, dropped {sum(drops)} times; normal requests: {len(answers)}, "
              f"statuses {statuses}, slowest {slowest * 1000:.0f} ms, median "
              f"{sorted(a[2] for a in answers)[len(answers) // 2] * 1000:.0f} ms")
        if statuses != [200] or slowest > 3:
            broken.append("a normal request was not answered 200 within 3 s under slow senders")

        # 2. Sixteen requests for the large page at once.
        time.sleep(6)  # idle slow connections dropped
        before, first = status(tool.pid, "VmRSS"), status(tool.pid, "VmHWM")
        print(f"peak so far (the run, the page drawn once, phase 1): {first / 1e6:.0f} MB")
        with open(f"/proc/{tool.pid}/clear_refs", "w") as f:
            f.write("5")  # resets VmHWM to the current resident size
        results = []
        readers = [threading.Thread(target=lambda: results.append(get(port, "/lab/1", timeout=120, slow=True))) for _ in range(16)]
        for thread in readers:
            thread.start()
        for thread in readers:
            thread.join(timeout=180)
        peak = status(tool.pid, "VmHWM")
        grew = peak - before
        print(f"16 concurrent requests for the {page_size / 1e6:.1f} MB page: statuses {sorted({r[0] for r in results})}; "
              f"resident before {before / 1e6:.0f} MB, peak {peak / 1e6:.0f} MB, grew {grew / 1e6:.1f} MB "
              f"({grew / page_size:.2f} pages)")
        if {r[0] for r in results} != {200} or grew > 2 * page_size:
            broken.append("16 requests for the large page took more than two pages of memory")

        # 3. Out of descriptors.
        held = len(os.listdir(f"/proc/{tool.pid}/fd"))
        old = resource.prlimit(tool.pid, resource.RLIMIT_NOFILE)
        resource.prlimit(tool.pid, resource.RLIMIT_NOFILE, (held + 8, old[1]))
        idle = []
        for _ in range(40):
            try:
                idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
            except OSError:
                break
        time.sleep(1)
        answer = get(port, "/", timeout=30)
        for client in idle:
            client.close()
        resource.prlimit(tool.pid, resource.RLIMIT_NOFILE, old)
        after = get(port, "/", timeout=10)
        print(f"descriptor limit {held + 8} ({held} held), 40 idle connections: a request got {answer[0]} "
              f"after {answer[2] * 1000:.0f} ms; then {after[0]}")
        if answer[0] != 200 or after[0] != 200:
            broken.append("the server stopped answering after running out of descriptors")
    finally:
        tool.send_signal(2)
        tool.wait(timeout=30)
        shutil.rmtree(work, ignore_errors=True)
    for line in broken:
        print("BROKEN:", line)
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
