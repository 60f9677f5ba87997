#!/usr/bin/env bash
# Builds the release tool and measures it against bare swiftc (see docs/performance.md).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product labrunner
swift build -c release --product labrunner-sandbox
python3 bench/bench.py --labrunner .build/release/labrunner "$@"
