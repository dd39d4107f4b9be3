#!/usr/bin/env bash
# Time to render the HTML report of the default design in headless Chromium (target < 2 s).
# Needs a build (./scripts/build.sh) and the page's npm packages (npm ci in web/).
set -euo pipefail
cd "$(dirname "$0")/.."
out=build/web-artifacts
mkdir -p "$out"
./build/apps/mosaic/mosaic simulate --html "$out/bench_default.html" >/dev/null
(cd web && node test/render_bench.mjs "../$out/bench_default.html" "${1:-7}")
