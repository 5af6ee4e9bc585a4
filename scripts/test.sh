#!/usr/bin/env bash
# Builds storybox twice (release, then ASan+UBSan) and runs every test with
# ctest.  The corpus-wide tests (quality gate, *_corpus) run in the release
# build only: under the sanitizers they would take most of an hour and
# exercise no code the unit and bad-input tests do not.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
jobs=$(nproc 2>/dev/null || echo 2)

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$jobs"
(cd build && ctest --output-on-failure -j"$jobs")

cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Debug -DSTORYBOX_SANITIZE=ON >/dev/null
cmake --build build-asan -j"$jobs"
(cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --output-on-failure -j"$jobs" -E 'quality_gate|_corpus$')
