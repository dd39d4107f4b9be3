#!/usr/bin/env bash
# clang-tidy (the checks of .clang-tidy) over every library, edge and CLI source. Configures a
# separate, non-unity tree only for its compile commands (nothing is built), and drops the
# precompiled-header flags a configure-only tree cannot satisfy. Exit 1 on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."
tidy=$(command -v clang-tidy-14 || command -v clang-tidy)
cmake -S . -B build-tidy -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=OFF \
  -DMOSAIC_TESTS=OFF -DMOSAIC_BENCH=OFF -DMOSAIC_PYTHON=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
python3 - build-tidy/compile_commands.json <<'PY'
import json, re, sys
path = sys.argv[1]
commands = json.load(open(path))
for c in commands:
    c["command"] = re.sub(r"\s-(Xclang -)?include(-pch)? \S*cmake_pch\S*", "", c["command"])
    c["command"] = re.sub(r"\s-Winvalid-pch", "", c["command"])
json.dump(commands, open(path, "w"), indent=1)
PY
mapfile -t sources < <(git ls-files 'src/*.cpp' 'apps/*.cpp')
printf '%s\n' "${sources[@]}" |
  xargs -P "$(nproc)" -n 8 "$tidy" -p build-tidy --quiet 2>/dev/null | tee build-tidy/findings.txt
if grep -q "error:\|warning:" build-tidy/findings.txt; then
  echo "clang-tidy: findings above"
  exit 1
fi
echo "clang-tidy: ${#sources[@]} sources, no finding"
