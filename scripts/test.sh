#!/usr/bin/env bash
# Builds storybox twice (release, then ASan+UBSan) and runs every test with
# ctest.  The corpus-wide tests (quality gate, *_corpus) run in the release
# build only: under the sanitizers they would take most of an hour and
# exercise no code the unit and bad-input tests do not.  Then the
# concurrency test under ThreadSanitizer, a short valgrind memcheck run
# (scripts/valgrind.sh) and a short smoke run of every libFuzzer harness
# (scripts/fuzz.sh; skipped without clang).
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

# ThreadSanitizer: only the concurrency test (tests/test_threads.c), which
# extracts the sample pages on four threads and compares with a sequential
# run; the rest of the suite is single-threaded and would only cost time.
cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTORYBOX_TSAN=ON >/dev/null
cmake --build build-tsan -j"$jobs" --target test_threads
(cd build-tsan && TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
  ctest --output-on-failure -R '^test_threads$')

# Valgrind memcheck over a few sample pages, every command and output
# format once (scripts/valgrind.sh smoke, about a minute); skipped without
# valgrind, which scripts/bootstrap.sh installs.
status=0
scripts/valgrind.sh smoke build/storybox || status=$?
if [ "$status" -eq 77 ]; then
  echo "test.sh: valgrind run skipped (valgrind is not installed)" >&2
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi

# Fuzzing smoke run: every libFuzzer harness over its seeds plus a few
# seconds of fuzzing (scripts/fuzz.sh smoke).  Needs clang; without it the
# step is skipped with a message, never installed from here.
status=0
SB_FUZZ_NO_INSTALL=1 scripts/fuzz.sh smoke 3 || status=$?
if [ "$status" -eq 77 ]; then
  echo "test.sh: fuzzing smoke run skipped (no clang with libFuzzer)" >&2
elif [ "$status" -ne 0 ]; then
  exit "$status"
fi
