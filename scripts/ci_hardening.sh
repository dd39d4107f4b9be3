#!/usr/bin/env bash
# Hardening checks beyond the test suite. The hostile-input suite (tests/hostile, ctest names
# Hostile.* and OutputIntegrity.*) is part of the ordinary test suite, so scripts/sanitize.sh
# already runs it under AddressSanitizer + UndefinedBehaviorSanitizer; this script adds what only
# it does: 30 s of libFuzzer on each reader of user files (the design loader and the relay's --phy
# report reader), failing on any finding.
# Run time on 2 (busy, shared) cores: 2 min 1 s from a fresh build-fuzz (about 60 s of clang build
# with ccache, 62 s of fuzzing); about 65 s when build-fuzz is already built.
# scripts/ci_extended.sh runs every target through `scripts/fuzz.sh 20`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${MOSAIC_FUZZ_SECONDS:-30}
exec scripts/fuzz.sh "$seconds"
