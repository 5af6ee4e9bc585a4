#!/usr/bin/env bash
# Per-case wall time and peak RSS of `storybox extract` on the hostile pages
# of tests/hostile/make_cases.sh at full size (31 MB of short words, 200,000
# combining marks, a 1 GB gzip bomb...).  A benchmark, not a test: it prints
# figures and asserts nothing.  Wall seconds are what the budget counts;
# CPU seconds (user + system) say more on a machine shared with other jobs.
# The 64 MB cases (text, elements, attributes, tables, long words, deep
# nesting; and one just over the 64 MB input cap) exist only at full size.
#
#   scripts/bench_hostile.sh [STORYBOX] [--small] [--mem-mb N] [--timeout S]
#
# Each case runs alone, one thread, under an address-space limit (default
# 4096 MB, so that a runaway case fails instead of swapping the machine)
# and a timeout (default 300 s).  The cases are written to a temporary
# directory, removed at the end.
set -u
sb=build/storybox scale=full mem_mb=4096 limit_s=300
while [ $# -gt 0 ]; do
    case "$1" in
    --small) scale=small ;;
    --mem-mb) mem_mb=$2; shift ;;
    --timeout) limit_s=$2; shift ;;
    *) sb=$1 ;;
    esac
    shift
done
here=$(cd "$(dirname "$0")/.." && pwd)
case "$sb" in /*) ;; *) sb="$PWD/$sb" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$here/tests/hostile/make_cases.sh" "$tmp/cases" "$scale" || exit 1

printf '%-24s %10s %5s %8s %8s %9s  %s\n' case bytes exit seconds "cpu s" "RSS MB" "method / error"
for page in "$tmp"/cases/*; do
    name=$(basename "$page")
    bytes=$(stat -c %s "$page")
    ( ulimit -v $((mem_mb * 1024))
      exec /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" timeout "$limit_s" \
          "$sb" extract --format jsonl "$page" >"$tmp/out" 2>"$tmp/err" )
    status=$?
    read -r secs kb user sys < <(tail -n 1 "$tmp/time" 2>/dev/null) || { secs=?; kb=0; }
    case "$secs" in [0-9]*) cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') ;;
    *) secs=? kb=0 cpu=? ;; esac
    what=$(sed -n 's/.*"method":"\([^"]*\)".*"error":\(null\|"[^"]*"\).*/\1 \2/p' "$tmp/out" | head -c 110)
    [ -n "$what" ] || what="(no record) $(head -c 100 "$tmp/err")"
    printf '%-24s %10s %5s %8s %8s %9s  %s\n' "$name" "$bytes" "$status" "$secs" "$cpu" $((kb / 1024)) "$what"
done
