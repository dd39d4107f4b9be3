#!/usr/bin/env bash
# Installs, from Debian 12 packages, whatever mosaic needs to build, test and benchmark.
# Run as root. Installs nothing that is already there.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  libtomlplusplus-dev libcli11-dev nlohmann-json3-dev libfmt-dev libeigen3-dev librandom123-dev
  libfec-dev libsqlite3-dev libopenmpi-dev openmpi-bin libgtest-dev libgmock-dev libbenchmark-dev
  python3 python3-numpy python3-jsonschema python3-pandas python3-tqdm
  iperf3 iproute2 iputils-ping
  python3-dev pybind11-dev python3-pytest python3-setuptools python3-pip python3-venv
  chromium
  clang libclang-rt-14-dev
)
# The report page's build and browser tests need Node and npm (any source: Debian's or another).
command -v npm >/dev/null || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
