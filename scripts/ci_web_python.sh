#!/usr/bin/env bash
# The HTML report in headless Chromium and the Python module against the command line.
# Installs what it needs (Debian packages through install-deps.sh, the page's npm packages with
# `npm ci` in web/), builds (a no-op when built), then:
#   - checks that the committed page bundle web/dist/report.js is what web/ builds;
#   - opens every kind of report in Chromium (web/test/report_pages.mjs; a sweep store's page and
#     one of its point pages through web/test/sweep_page.mjs, its line view, URL and exports on
#     the 800G reach/temperature example through web/test/sweep_views.mjs): charts rendered, no console error,
#     no request, one array-map mark per channel (one scatter mark and table row per sweep point),
#     default report < 5 MB; screenshots in build/web-artifacts/;
#   - measures the default report's time to render (bench/report_render.sh, target < 2 s);
#   - runs the Python tests (every bound result against the CLI's JSON), unless --browser-only.
# About 160 s on 2 shared cores after the build (report generation 20 s, the 800G example sweep
# 50 s, pages 20 s, Python 28 s).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
browser_only=false
[[ "${1:-}" == "--browser-only" ]] && browser_only=true

./scripts/install-deps.sh
if [[ ! -f web/node_modules/.package-lock.json || web/package-lock.json -nt web/node_modules/.package-lock.json ]]; then
  (cd web && npm ci --no-audit --no-fund --loglevel=error)
fi
./scripts/build.sh

echo "== page bundle reproducible from web/"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd web && node build.mjs "$tmp/report.js" >/dev/null)
cmp -s "$tmp/report.js" web/dist/report.js ||
  { echo "web/dist/report.js is stale: run (cd web && npm run build) and commit it"; exit 1; }

echo "== report pages in headless Chromium"
(cd web && node test/report_pages.mjs ../build/apps/mosaic/mosaic ../build/web-artifacts)

echo "== time to render the default report"
./bench/report_render.sh 5

if ! $browser_only; then
  echo "== Python module against the CLI"
  ctest --test-dir build --output-on-failure -R python_bindings
fi
echo "== web and Python checks finished in $((SECONDS - start)) s"
