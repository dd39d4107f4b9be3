#!/usr/bin/env bash
# Builds with AddressSanitizer + UndefinedBehaviorSanitizer and runs the test suite under them
# (tests named Slow* are left to the optimised build).
set -euo pipefail
cd "$(dirname "$0")/.."
# -O1 -g1: line tables for the sanitizers' stack traces at a fraction of the compile time of -O2 -g;
# a unity build (8 sources per unit) parses the shared headers once per unit, not once per file.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMOSAIC_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 -DMOSAIC_BENCH=OFF >/dev/null
cmake --build build-asan
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j2 -E 'Slow'
