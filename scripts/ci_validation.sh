#!/usr/bin/env bash
# The model against every published MOSAIC point over 20 array seeds (docs/calibration.md): each
# point must hold for at least 95 % of the seeds. About 45 s on 2 cores (90 s of CPU).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
./build/apps/mosaic/mosaic validate --seeds 20
echo "validation over 20 seeds: $((SECONDS - start)) s"
