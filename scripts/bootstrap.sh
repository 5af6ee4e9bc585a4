#!/usr/bin/env bash
# Installs the Debian packages storybox needs, and nothing when all are there.
set -euo pipefail

packages=(build-essential cmake pkg-config liblitehtml-dev libgumbo-dev libcairo2-dev
          libharfbuzz-dev libfreetype-dev libfontconfig-dev libstemmer-dev zlib1g-dev
          libcmocka-dev fonts-liberation2 fonts-dejavu-core python3-dev
          libmimalloc-dev # the storybox tool's malloc (tools/malloc_tuning.c)
          python3-distributed # tools/dask_extract.py
          clang libclang-rt-14-dev # clang: the libFuzzer smoke run in scripts/test.sh
          linux-perf valgrind) # profiling the render (docs/render_cost.md), scripts/valgrind.sh

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "bootstrap: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
