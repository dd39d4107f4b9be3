#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for a short time (seconds, default 30).
# The libraries are instrumented as well (fuzzer-no-link), so coverage guides into the readers.
# Exits non-zero on any finding (crash, sanitizer report, timeout, memory over 2 GB).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
# Every reader of user files that has a fuzz target (see fuzz/CMakeLists.txt), with the folder
# its seed corpus comes from.
targets=(fuzz_config_loader fuzz_phy_report fuzz_sweep_file fuzz_record_reader fuzz_control_line)
declare -A seeds=([fuzz_config_loader]=examples [fuzz_phy_report]=fuzz/corpus/phy
  [fuzz_sweep_file]=fuzz/corpus/sweep [fuzz_record_reader]=fuzz/corpus/record
  [fuzz_control_line]=fuzz/corpus/control)
if ! command -v clang++ >/dev/null; then
  echo "clang++ not found: fuzzing skipped"
  exit 0
fi
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer"
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS="$flags" -DMOSAIC_FUZZ=ON -DMOSAIC_TESTS=OFF -DMOSAIC_BENCH=OFF >/dev/null
cmake --build build-fuzz --target "${targets[@]}"
for t in "${targets[@]}"; do
  corpus=build-fuzz/corpus/$t
  mkdir -p "$corpus"
  cp "${seeds[$t]}"/* "$corpus"/ 2>/dev/null || true
  echo "== $t: ${seconds} s"
  ./build-fuzz/fuzz/"$t" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix=build-fuzz/"$t"- "$corpus"
done
