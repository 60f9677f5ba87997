#!/usr/bin/env python3
"""What the Swift Jupyter kernel costs per cell (docs/performance.md, "Jupyter kernel").

    python3 bench/kernel.py [--labrunner PATH] [--lab Labs/lab01.md] [--repeat 3]

Writes the lab's notebook (`labrunner html --ipynb`), starts the kernel through jupyter_client
(kernelspec installed into a temporary JUPYTER_PATH) and executes the notebook's code cells in
order up to the last one that prints. Then, per repeat:

- **one more cell**: the cells but the last again (from the cache), the last one with a fresh
  comment so its program is new to the cache, so the kernel builds it. Its round trip (request
  sent to reply received) is compared with the time swiftc takes for the same program, measured
  here by running swiftc on the program `%lab` shows, with the arguments `labrunner` uses;
- **unchanged cell again**: the same cell re-executed, answered from the compile cache; its
  round trip less the program's own run (`run_seconds` in the reply's metadata).

Needs jupyter_client. Run it on a quiet machine; it takes about a minute for lab 01.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import tempfile
import time

from jupyter_client.manager import start_new_kernel


def execute(kc, code):
    """(round-trip seconds, reply content, reply metadata, stdout) of one execute_request."""
    started = time.perf_counter()
    msg_id = kc.execute(code)
    while True:
        reply = kc.get_shell_msg(timeout=600)
        if reply["parent_header"].get("msg_id") == msg_id:
            break
    elapsed = time.perf_counter() - started
    out = []
    while True:
        msg = kc.get_iopub_msg(timeout=60)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream" and msg["content"]["name"] == "stdout":
            out.append(msg["content"]["text"])
        if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            break
    return elapsed, reply["content"], reply["metadata"].get("labrunner", {}), "".join(out)


def swiftc_seconds(program, swiftc, scratch):
    """swiftc's wall time for `program`, built as labrunner builds a lab's program."""
    source = os.path.join(scratch, "main.swift")
    with open(source, "w") as file:
        file.write(program)
    started = time.perf_counter()
    subprocess.run([swiftc, "-swift-version", "6", "-diagnostic-style=llvm", "-module-name", "main", source,
                    "-o", os.path.join(scratch, "main"), "-module-cache-path", os.path.join(scratch, "modules")],
                   check=True, capture_output=True)
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--labrunner", default=".build/release/labrunner")
    parser.add_argument("--lab", default="Labs/lab01.md")
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    labrunner = os.path.abspath(arguments.labrunner)
    swiftc = os.environ.get("SWIFTC") or shutil.which("swiftc")
    with tempfile.TemporaryDirectory() as scratch:
        site = os.path.join(scratch, "site")
        subprocess.run([labrunner, "html", arguments.lab, "-o", site, "--ipynb"], check=True, capture_output=True)
        notebook_path = [os.path.join(folder, name) for folder, _, names in os.walk(site) for name in names if name.endswith(".ipynb")][0]
        cells = [cell for cell in json.load(open(notebook_path))["cells"] if cell["cell_type"] == "code"]
        codes = ["".join(cell["source"]) for cell in cells]
        subprocess.run([labrunner, "kernel", "install", "--prefix", scratch], check=True, capture_output=True)
        os.environ["JUPYTER_PATH"] = os.path.join(scratch, "share", "jupyter")
        # The module cache of the swiftc runs here: warmed once, as the kernel's is.
        os.makedirs(os.path.join(scratch, "modules"), exist_ok=True)
        swiftc_seconds("print(1)\n", swiftc, scratch)

        km, kc = start_new_kernel(kernel_name="labrunner", startup_timeout=60)
        try:
            # The last cell that prints something, so the measured execution runs real code.
            last = max(i for i, code in enumerate(codes) if not code.startswith("%%") and "print" in code)
            for code in codes[:last]:
                execute(kc, code)
            more, overhead, cached, runs = [], [], [], []
            for round_ in range(arguments.repeat):
                code = codes[last] + f"\n// bench round {round_} {time.time()}"
                elapsed, content, timing, _ = execute(kc, code)
                assert content["status"] == "ok", content
                program = execute(kc, "%lab")[3]
                compile_time = swiftc_seconds(program, swiftc, scratch)
                more.append((elapsed, compile_time, timing))
                overhead.append(elapsed - compile_time)
                again, content, timing, _ = execute(kc, code)
                assert timing.get("cached") == 1, timing
                cached.append(again - timing["run_seconds"])
                runs.append(timing["run_seconds"])
            print(f"lab: {arguments.lab}, {last} cells before the measured one, {arguments.repeat} rounds")
            for elapsed, compile_time, timing in more:
                print(f"one more cell: {elapsed:.3f}s round trip; swiftc alone {compile_time:.3f}s; "
                      f"the kernel's build {timing.get('build_seconds', 0):.3f}s, run {timing.get('run_seconds', 0):.3f}s")
            print(f"one more cell, round trip less swiftc alone: median {statistics.median(overhead):.3f}s "
                  f"(max {max(overhead):.3f}s; the bound is 0.1s)")
            kernel = [elapsed - timing["build_seconds"] - timing["run_seconds"] for elapsed, _, timing in more]
            print(f"one more cell, round trip less the kernel's swiftc run and the program's run: median "
                  f"{statistics.median(kernel) * 1000:.0f} ms (max {max(kernel) * 1000:.0f} ms)")
            print(f"unchanged cell again, less its run: median {statistics.median(cached) * 1000:.1f} ms "
                  f"(max {max(cached) * 1000:.1f} ms; the bound is 50 ms); its run median {statistics.median(runs) * 1000:.1f} ms")
        finally:
            kc.shutdown()
            km.finish_shutdown(waittime=5)
            kc.stop_channels()


if __name__ == "__main__":
    main()
