#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite, the report pages in
# headless Chromium included.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-deps.sh
./scripts/build.sh
ctest --test-dir build --output-on-failure -j2  # the Python tests among them
./scripts/ci_web_python.sh --browser-only
