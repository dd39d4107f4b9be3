#!/usr/bin/env bash
# Hardening checks beyond the test suite. The hostile-input suite (tests/hostile, ctest names
# Hostile.* and OutputIntegrity.*) is part of the ordinary test suite, so scripts/sanitize.sh
# already runs it under AddressSanitizer + UndefinedBehaviorSanitizer; this script adds what only
# it does: 30 s of libFuzzer on each reader of user files (the design loader and the relay's --phy
# report reader), failing on any finding.
# Run time on 2 cores: about 60 s of fuzzing plus the first clang build of the two targets
# (about 2 min; later runs reuse build-fuzz).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${MOSAIC_FUZZ_SECONDS:-30}
exec scripts/fuzz.sh "$seconds"
