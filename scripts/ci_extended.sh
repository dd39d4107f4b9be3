#!/usr/bin/env bash
# The analyses too slow for the per-commit CI's 20 minutes (.ci/run), run nightly and before a
# release (about an hour on 2 cores): libFuzzer on every reader of user files (the design
# loader, the --phy reader, the sweep-file reader, the report's record reader and the cable's
# control-line parser, 20 s each; needs clang), clang-tidy with .clang-tidy's checks over every
# library and CLI source, and the whole test suite under AddressSanitizer + UndefinedBehavior-
# Sanitizer (the only sanitizer run: the per-commit CI has none since its budget ran out).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { echo "== $* ($((SECONDS - start)) s)"; }

step "fuzzing every reader of user files (20 s each)"
fuzz_status=0
./scripts/fuzz.sh 20 >build-fuzz.log 2>&1 || fuzz_status=$?
grep -E '^==|^Done|stat::number_of_executed_units|ERROR|SUMMARY' build-fuzz.log || true
test "$fuzz_status" -eq 0 || { tail -n 40 build-fuzz.log; exit 1; }

step "clang-tidy (.clang-tidy's checks) over every library and CLI source"
./scripts/tidy.sh

step "AddressSanitizer + UndefinedBehaviorSanitizer: the whole suite"
./scripts/sanitize.sh

step "extended checks finished"
