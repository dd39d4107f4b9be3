#!/usr/bin/env bash
# Configures and builds mosaic (Release) into ./build. A unity build (8 sources per unit): a
# fresh build takes about two thirds of the time (for edit-compile cycles, pass
# -DCMAKE_UNITY_BUILD=OFF). Extra arguments go to cmake's configure step.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_UNITY_BUILD=ON \
  -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 "$@" >/dev/null
cmake --build build
