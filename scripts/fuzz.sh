#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for a short time (seconds, default 30).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
if ! command -v clang++ >/dev/null; then
  echo "clang++ not found: fuzzing skipped"
  exit 0
fi
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DMOSAIC_FUZZ=ON -DMOSAIC_TESTS=OFF -DMOSAIC_BENCH=OFF >/dev/null
cmake --build build-fuzz --target fuzz_config_loader
mkdir -p build-fuzz/corpus
cp examples/*.toml build-fuzz/corpus/ 2>/dev/null || true
./build-fuzz/fuzz/fuzz_config_loader -max_total_time="$seconds" -max_len=4096 build-fuzz/corpus
