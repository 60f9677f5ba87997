#!/usr/bin/env python3
"""Runs each notebook `labrunner html --ipynb` wrote with labrunner's Swift kernel, as `jupyter
nbconvert --to notebook --execute` does (nbconvert's ExecutePreprocessor), and compares what each
code cell printed with the lab's output block for the lab's first scenario, matched as labrunner
matches (trailing whitespace and blank lines ignored, `[..]` within a line, a `...` line for any
lines, control pictures for control characters).

    python3 .ci/execute-notebooks.py LABRUNNER NOTEBOOK_OR_FOLDER...

LABRUNNER is the tool's binary: its kernelspec is installed into a temporary JUPYTER_PATH, and
`labrunner list LAB --json` gives each lab's cells and output blocks (the lab is the path the
notebook's metadata names, from the current folder). Cells the lab skips, builds apart
(`compile_fail`, `no_run`) or only builds where SwiftUI exists are executed but not compared.
Prints a line per cell that differs and exits 1; 0 when all match. Used by `.ci/run` on every lab
of `Labs/`. Needs `pip install nbformat nbconvert jupyter_client`.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

import nbformat
from nbconvert.preprocessors import ExecutePreprocessor


def notebooks(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                yield from (os.path.join(folder, name) for name in sorted(names)
                            if name.endswith(".ipynb") and not name.endswith(".nbconvert.ipynb"))
        else:
            yield path


def readable(text):
    """Control characters as labrunner compares them: their control pictures (U+2400 + code)."""
    return "".join(chr(0x2400 + ord(c)) if (ord(c) < 0x20 and c not in "\t\n") else ("\u2421" if c == "\x7f" else c) for c in text)


def lines_of(text):
    lines = [line.rstrip() for line in readable(text).split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def line_matches(expected, actual):
    if "[..]" not in expected:
        return expected == actual
    pieces = expected.split("[..]")
    if not (actual.startswith(pieces[0]) and actual.endswith(pieces[-1])
            and len(actual) >= len(pieces[0]) + len(pieces[-1])):
        return False
    position, end = len(pieces[0]), len(actual) - len(pieces[-1])
    for piece in pieces[1:-1]:
        found = actual.find(piece, position, end)
        if found < 0:
            return False
        position = found + len(piece)
    return True


def matches(expected, actual):
    """Whether the `actual` lines match the `expected` lines (`...` any number of lines)."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and line_matches(expected[0], actual[0]) and matches(expected[1:], actual[1:])


def expectations(labrunner, lab_path):
    """{cell line: expected text or None (not compared)} for the lab's first scenario."""
    listing = json.loads(subprocess.run([labrunner, "list", lab_path, "--json"], check=True,
                                        capture_output=True, text=True).stdout)
    scenario = listing["settings"]["scenarios"][0]
    blocks = {block["line"]: block["code"] for block in listing["blocks"]}
    result = {}
    for cell in listing["cells"]:
        apart = {"skip", "compile_fail", "no_run"} & set(cell["attributes"])
        if apart or cell["platform"] != "any":
            result[cell["line"]] = None
            continue
        named = [o for o in cell["outputs"] if scenario in o["scenarios"]]
        plain = [o for o in cell["outputs"] if not o["scenarios"]]
        chosen = (named or plain or [None])[0]
        result[cell["line"]] = blocks[chosen["line"]] if chosen else ""
    return result


def check(path, labrunner):
    """Lines saying what differs in the notebook at `path`, after executing it."""
    notebook = nbformat.read(path, as_version=4)
    lab_path = notebook.metadata["labrunner"]["path"]
    expected = expectations(labrunner, lab_path)
    started = time.time()
    ExecutePreprocessor(timeout=600, kernel_name="labrunner").preprocess(notebook, {"metadata": {"path": "."}})
    elapsed = time.time() - started
    problems = []
    compared = 0
    for cell in notebook.cells:
        if cell.cell_type != "code" or not cell.id.startswith("L"):
            continue
        line = int(cell.id[1:])
        want = expected.get(line)
        if want is None:
            continue
        printed = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream" and o.name == "stdout")
        compared += 1
        if not matches(lines_of(want), lines_of(printed)):
            problems.append(f"{lab_path}:{line}: the notebook's cell printed\n{printed}\n  where the lab expects\n{want}")
    print(f"{path}: executed in {elapsed:.1f}s, {compared} cells compared with {lab_path}, {len(problems)} differ")
    return problems


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    labrunner = os.path.abspath(sys.argv[1])
    found = list(notebooks(sys.argv[2:]))
    with tempfile.TemporaryDirectory() as prefix:
        subprocess.run([labrunner, "kernel", "install", "--prefix", prefix], check=True, stdout=subprocess.DEVNULL)
        os.environ["JUPYTER_PATH"] = os.path.join(prefix, "share", "jupyter")
        failures = [problem for path in found for problem in check(path, labrunner)]
    for problem in failures:
        print(f"error: {problem}")
    print(f"{len(found)} notebooks executed with the labrunner kernel, {len(failures)} cells differ from their labs")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
