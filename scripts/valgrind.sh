#!/usr/bin/env bash
# Runs storybox under valgrind's memcheck over the project's own samples.
#
#   scripts/valgrind.sh [smoke|full|hostile] [STORYBOX]
#
#   smoke   (default) a short run that scripts/test.sh makes: the bad pages,
#           the fuzz finds, a "Web page, complete" folder, the markup sample
#           as Markdown and HTML with links, a page drawn as a PNG overlay,
#           both methods, --explain on; under a minute
#   full    every page of every samples/ folder, both methods, --explain on
#           (about a minute on one core)
#   hostile the small hostile pages of tests/hostile/make_cases.sh (deep
#           nesting, a gzip bomb, 100,000 elements...), one run each (about
#           8 minutes)
#
# STORYBOX is the binary (default build/storybox; one linked with mimalloc
# is replaced by its twin build/storybox_glibc_malloc).  Any memcheck error
# (invalid read or write, use of an uninitialised value, a definite or
# indirect leak) fails the run; tests/valgrind.supp lists the suppressed
# ones (fontconfig's and cairo's caches, once per process) and why.
# Valgrind runs a process's threads one at a time, so the runs use --jobs 1
# but one, which covers the thread pool.
#
# Exit status: 0 clean, 1 a memcheck error (the log is printed), 2 usage,
# 77 valgrind is not installed (scripts/bootstrap.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-smoke}
sb=${2:-build/storybox}
case $mode in smoke|full|hostile) ;; *) sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;; esac
if ! command -v valgrind >/dev/null; then
    echo "valgrind.sh: valgrind is not installed (scripts/bootstrap.sh installs it)" >&2
    exit 77
fi
[ -x "$sb" ] || { echo "valgrind.sh: no storybox binary at $sb" >&2; exit 2; }
# A release storybox links mimalloc (CMake's STORYBOX_MIMALLOC), which
# memcheck cannot follow; its twin on glibc's malloc is built beside it.
# ldd's whole output is read first: `ldd | grep -q` under pipefail fails
# when grep stops early and ldd dies of SIGPIPE, and the mimalloc binary
# was then run under memcheck.
libs=$(ldd "$sb" 2>/dev/null || true)
if [[ $libs == *libmimalloc* ]]; then
    twin="$(dirname "$sb")/storybox_glibc_malloc"
    [ -x "$twin" ] || { echo "valgrind.sh: $sb uses mimalloc and $twin is missing" >&2; exit 2; }
    echo "valgrind.sh: $sb uses mimalloc; running $twin (glibc's malloc) instead" >&2
    sb=$twin
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
runs=0
failed=0

# One storybox command under memcheck; its output is not checked here (the
# ctest suite does that), only what memcheck says.
memcheck() {
    local log="$tmp/run-$runs.log"
    runs=$((runs + 1))
    local status=0
    valgrind --quiet --error-exitcode=99 --leak-check=full \
        --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect \
        --suppressions=tests/valgrind.supp --log-file="$log" \
        "$sb" "$@" >/dev/null 2>"$tmp/stderr" || status=$?
    if [ "$status" -eq 99 ] || [ -s "$log" ]; then
        echo "valgrind.sh: memcheck errors in: storybox $*" >&2
        cat "$log" >&2
        failed=$((failed + 1))
    fi
}

if [ "$mode" = smoke ]; then
    pages=(samples/bad samples/fuzz samples/saved samples/news/two_column.html
           samples/images/lazy_placeholder.html)
    for method in hybrid dom; do
        memcheck extract --jobs 1 --format jsonl --explain --method "$method" "${pages[@]}"
    done
    memcheck extract --jobs 2 --format jsonl samples/news/two_column.html samples/news/one_column.html
    memcheck extract --format markdown --links samples/markup/structure.html
    memcheck extract --format html --links samples/markup/structure.html
    memcheck extract --png "$tmp/overlay.png" samples/news/two_column.html
    memcheck render --png "$tmp/render.png" --png-region-only samples/saved/two_column.html
    memcheck boxes samples/layout/columns.html
elif [ "$mode" = hostile ]; then
    bash tests/hostile/make_cases.sh "$tmp/cases" small >/dev/null
    for page in "$tmp"/cases/*; do
        memcheck extract --jobs 1 --format jsonl "$page"
    done
else
    for method in hybrid dom; do
        memcheck extract --jobs 1 --format jsonl --explain --method "$method" samples/*/
    done
fi

if [ "$failed" -ne 0 ]; then
    echo "valgrind.sh: $failed of $runs runs had memcheck errors" >&2
    exit 1
fi
echo "valgrind.sh: $mode: $runs runs, no memcheck errors"
