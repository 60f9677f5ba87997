#!/usr/bin/env python3
"""Jupyter's own tools on the notebooks `labrunner html --ipynb` writes: each must pass
`nbformat.validate`, be written back byte for byte by `nbformat.writes` (so it is written as
Jupyter writes it), and convert to HTML with nbconvert's `HTMLExporter` (what `jupyter nbconvert
--to html` runs), all in one Python.

    python3 .ci/check-notebooks.py [--html DIR] NOTEBOOK_OR_FOLDER...

A folder stands for every `.ipynb` under it. `--html DIR` writes each converted page there as
NAME.html (NAME-2.html for a second notebook of the same name). Prints a line per notebook that
fails and exits 1; 0 when all pass. Used by `JupyterValidationTests` and by `.ci/run` on every
lab of `Labs/`. Needs `pip install nbformat nbconvert`.
"""
import argparse
import os
import sys

import nbformat
from nbconvert import HTMLExporter


def notebooks(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in sorted(os.walk(path)):
                yield from (os.path.join(folder, name) for name in sorted(names) if name.endswith(".ipynb"))
        else:
            yield path


def page_name(path, taken):
    """NAME.html for the notebook at `path`; NAME-2.html (and on) when another notebook of the
    run had the same name, so no page is written over."""
    stem = os.path.splitext(os.path.basename(path))[0]
    name, number = stem + ".html", 1
    while name in taken:
        number += 1
        name = f"{stem}-{number}.html"
    taken.add(name)
    return name


def check(path, exporter, html, taken):
    """The first thing wrong with the notebook at `path`, or None."""
    try:
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
    except Exception as error:  # nbformat's own errors name the field
        return f"not a valid notebook: {error}"
    text = nbformat.writes(notebook)
    text = text if text.endswith("\n") else text + "\n"
    with open(path, encoding="utf-8") as file:
        if file.read() != text:
            return "nbformat writes this notebook differently"
    try:
        body, _ = exporter.from_notebook_node(notebook)
    except Exception as error:
        return f"nbconvert cannot convert it: {error}"
    if html:
        with open(os.path.join(html, page_name(path, taken)), "w", encoding="utf-8") as file:
            file.write(body)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--html", help="write each converted page into this folder")
    parser.add_argument("paths", nargs="+")
    arguments = parser.parse_args()
    if arguments.html:
        os.makedirs(arguments.html, exist_ok=True)
    exporter = HTMLExporter()
    found = list(notebooks(arguments.paths))
    if not found:
        sys.exit("check-notebooks: no .ipynb in " + " ".join(arguments.paths))
    taken = set()
    failures = [(path, problem) for path in found
                for problem in [check(path, exporter, arguments.html, taken)] if problem]
    for path, problem in failures:
        print(f"{path}: error: {problem}")
    print(f"{len(found) - len(failures)} of {len(found)} notebooks valid and converted")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
