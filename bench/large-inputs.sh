#!/usr/bin/env bash
# The large-input tests `swift test` leaves out: a 50 MB guide through `list` and `extract`, 1 MB
# of `[a](` through the pages' inline renderer, and
# the Markdown parser's throughput (MB/s, printed). Neither asserts a time; a quadratic step
# shows as a run that does not finish (the end-to-end test's hang guard is 300 s).
set -euo pipefail
cd "$(dirname "$0")/.."
LABRUNNER_BENCH=1 swift test --filter "LargeInputEndToEndTests|HostileProseTests" "$@"
LABRUNNER_MD_BENCH=1 swift test -c release --filter ThroughputTests "$@"
