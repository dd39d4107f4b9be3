#!/usr/bin/env bash
# Builds with AddressSanitizer + UndefinedBehaviorSanitizer and runs tests under them (tests
# named Slow* are left to the optimised build).
#   scripts/sanitize.sh        the whole test suite (about 40 minutes on 2 cores)
#   scripts/sanitize.sh --quick  the hostile-input suite (every command driven with bad input,
#                              through the real binary) and the unit tests of the core, physics
#                              and link layers (the parsers, the vectorised kernels, the bit-exact
#                              link layer): about 15 minutes on 2 cores, for a change to those.
#                              The whole suite (the mode without arguments) is part of
#                              scripts/ci_extended.sh, nightly and before a release.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
[[ $mode == all || $mode == --quick ]] || { echo "usage: scripts/sanitize.sh [--quick]" >&2; exit 2; }
# -O1 -g1: line tables for the sanitizers' stack traces at a fraction of the compile time of -O2 -g;
# a unity build (8 sources per unit) parses the shared headers once per unit, not once per file.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMOSAIC_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 -DMOSAIC_BENCH=OFF >/dev/null
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
if [[ $mode == all ]]; then
  cmake --build build-asan
  ctest --test-dir build-asan --output-on-failure -j2 -E 'Slow'
  exit
fi
layers=(core phy link hostile)
cmake --build build-asan --target mosaic "${layers[@]/#/test_}"
# Each layer's tests carry its name as a label (tests/CMakeLists.txt); the programs not built here
# register only *_NOT_BUILT placeholders, which have no label.
ctest --test-dir build-asan --output-on-failure -j2 -E 'Slow' -L "^($(IFS='|'; echo "${layers[*]}"))\$"
