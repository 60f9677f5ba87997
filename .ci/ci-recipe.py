#!/usr/bin/env python3
"""The CI recipes of docs/ci.md, read as YAML and run on this repository.

    ci-recipe.py list docs/ci.md   what each recipe is (JSON): its commands, one per matrix entry
    ci-recipe.py run docs/ci.md    runs those commands here, as the CI services would

`list` parses each ```yaml block of the file with PyYAML (exit 2 when one is not valid YAML or
not a recipe this script knows: a GitHub Actions workflow or a .gitlab-ci.yml). `run` runs, in the
repository's root: each shard of the GitHub workflow's `samples` job (its matrix's values put in
place of `${{ matrix.shard }}`), then its `report` job's steps in a folder holding the shards'
JUnit files (as `actions/download-artifact` leaves them), then each GitLab job of the `parallel`
matrix (CI_NODE_INDEX and CI_NODE_TOTAL set as GitLab sets them). The JUnit files made are checked
to parse, the merged one to count every shard's tests. Tests/LabRunnerTests/EndToEnd/CIRecipeTests.swift
checks `list`; .ci/run calls `run`.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import yaml


def blocks(path):
    """The ```yaml blocks of a Markdown file, in order."""
    text = open(path, encoding="utf-8").read()
    return re.findall(r"^```yaml\n(.*?)^```$", text, flags=re.S | re.M)


def github(workflow):
    """The samples job's commands per shard, and the report job's commands."""
    jobs = workflow["jobs"]
    samples, report = jobs["samples"], jobs["report"]
    shards = samples["strategy"]["matrix"]["shard"]
    uses = [step["uses"].split("@")[0] for step in samples["steps"] if "uses" in step]
    commands = {}
    for shard in shards:
        commands[str(shard)] = [step["run"].replace("${{ matrix.shard }}", str(shard)).strip()
                                for step in samples["steps"] if "run" in step]
    return {
        "kind": "github",
        "shards": shards,
        "samples_uses": uses,
        "samples": commands,
        "report_uses": [step["uses"].split("@")[0] for step in report["steps"] if "uses" in step],
        "report": [step["run"].strip() for step in report["steps"] if "run" in step],
        "report_needs": report.get("needs"),
    }


def gitlab(pipeline):
    """The samples job's script per node of its `parallel`."""
    job = pipeline["samples"]
    total = job["parallel"]
    return {
        "kind": "gitlab",
        "image": job["image"],
        "parallel": total,
        "script": [line.strip() for line in job["script"]],
        "junit": job["artifacts"]["reports"]["junit"],
    }


def recipes(path):
    found = []
    for block in blocks(path):
        document = yaml.safe_load(block)
        if isinstance(document, dict) and "jobs" in document:
            found.append(github(document))
        elif isinstance(document, dict) and "samples" in document:
            found.append(gitlab(document))
        else:
            raise ValueError("a yaml block that is neither a GitHub workflow nor a GitLab pipeline")
    return found


def shell(command, cwd, env=None):
    print("+ " + command, flush=True)
    subprocess.run(["bash", "-eo", "pipefail", "-c", command], cwd=cwd, env=env, check=True)


def junit_tests(path):
    return int(ET.parse(path).getroot().get("tests"))


def run(path):
    root = os.getcwd()
    for recipe in recipes(path):
        if recipe["kind"] == "github":
            downloaded = tempfile.mkdtemp(prefix="ci-recipe-")
            total = 0
            for shard, commands in recipe["samples"].items():
                for command in commands:
                    shell(command, root)
                report = "samples-%s.xml" % shard
                total += junit_tests(report)
                shutil.move(report, os.path.join(downloaded, report))
            for command in recipe["report"]:
                shell(command, downloaded)
            merged = junit_tests(os.path.join(downloaded, "samples.xml"))
            if merged != total:
                sys.exit("the merged JUnit report counts %d tests, the shards %d" % (merged, total))
            print("github: %d shards, %d tests in samples.xml" % (len(recipe["samples"]), merged))
            shutil.rmtree(downloaded)
        else:
            for index in range(1, recipe["parallel"] + 1):
                env = dict(os.environ, CI_NODE_INDEX=str(index), CI_NODE_TOTAL=str(recipe["parallel"]))
                for command in recipe["script"]:
                    shell(command, root, env)
                print("gitlab: node %d of %d, %d tests in %s" % (index, recipe["parallel"], junit_tests(recipe["junit"]), recipe["junit"]))
                os.remove(recipe["junit"])


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("list", "run"):
        sys.exit("usage: ci-recipe.py list|run FILE.md")
    try:
        found = recipes(sys.argv[2])
    except (yaml.YAMLError, KeyError, TypeError, ValueError) as error:
        print("ci-recipe.py: %s: %s" % (sys.argv[2], error), file=sys.stderr)
        sys.exit(2)
    if sys.argv[1] == "list":
        print(json.dumps(found, indent=2))
    else:
        run(sys.argv[2])


if __name__ == "__main__":
    main()
