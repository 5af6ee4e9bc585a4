#!/usr/bin/env bash
# Per-case wall time and peak RSS of `storybox extract` on the hostile pages
# of tests/hostile/make_cases.sh at full size (31 MB of short words, 200,000
# combining marks, a 1 GB gzip bomb...).  A benchmark, not a test: it prints
# figures and asserts nothing.  Wall seconds are what the budget counts;
# CPU seconds (user + system) say more on a machine shared with other jobs.
# The 64 MB cases (text, elements, attributes, tables, long words, deep
# nesting; and one just over the 64 MB input cap) exist only at full size.
#
#   scripts/bench_hostile.sh [STORYBOX] [--small] [--mem-mb N] [--timeout S] [--only GLOB]
#                            [--cases DIR]
#
# --only runs the cases whose file names match GLOB (e.g. 'many_*'; an
# extended glob such as '@(nested_*|deep_*)' works).  --cases DIR writes
# the cases into DIR once and reuses them on later runs (comparing two
# builds without writing 1 GB of cases twice); DIR is kept.  The
# last column says which budget a case went past (README: 10 s wall,
# 256 MB peak RSS), by wall or by CPU time: on a loaded machine wall time
# is mostly waiting, so "wall" alone with CPU under 10 s is the machine's
# load, not the page.  The load average is printed before and after.
#
# Each case runs alone, one thread, under an address-space limit (default
# 4096 MB, so that a runaway case fails instead of swapping the machine)
# and a timeout (default 300 s).  The cases are written to a temporary
# directory, removed at the end.
set -u
shopt -s extglob
sb=build/storybox scale=full mem_mb=4096 limit_s=300 only='*' cases=
while [ $# -gt 0 ]; do
    case "$1" in
    --small) scale=small ;;
    --mem-mb) mem_mb=$2; shift ;;
    --timeout) limit_s=$2; shift ;;
    --only) only=$2; shift ;;
    --cases) cases=$2; shift ;;
    *) sb=$1 ;;
    esac
    shift
done
here=$(cd "$(dirname "$0")/.." && pwd)
case "$sb" in /*) ;; *) sb="$PWD/$sb" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -z "$cases" ]; then
    cases=$tmp/cases
    bash "$here/tests/hostile/make_cases.sh" "$cases" "$scale" || exit 1
elif [ ! -d "$cases" ]; then
    bash "$here/tests/hostile/make_cases.sh" "$cases" "$scale" || exit 1
fi

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-26s %10s %5s %7s %8s %8s %7s %-10s  %s\n' case bytes exit records "wall s" "cpu s" "RSS MB" budget "method / error"
for page in "$cases"/*; do
    name=$(basename "$page")
    # shellcheck disable=SC2053  # a glob on purpose
    [[ $name == $only ]] || continue
    bytes=$(stat -c %s "$page")
    ( ulimit -v $((mem_mb * 1024))
      exec /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" timeout "$limit_s" \
          "$sb" extract --format jsonl --jobs 1 "$page" >"$tmp/out" 2>"$tmp/err" )
    status=$?
    read -r secs kb user sys < <(tail -n 1 "$tmp/time" 2>/dev/null) || { secs=?; kb=0; }
    case "$secs" in [0-9]*) cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') ;;
    *) secs=? kb=0 cpu=? ;; esac
    records=$(grep -c '^{"source":' "$tmp/out")
    what=$(sed -n 's/.*"method":"\([^"]*\)".*"error":\(null\|"[^"]*"\).*/\1 \2/p' "$tmp/out" | head -n 1 | head -c 110)
    [ -n "$what" ] || what="(no record) $(head -c 100 "$tmp/err")"
    # Which budget the case went past: wall, CPU (the page's own cost) or RSS.
    budget=$(awk -v w="$secs" -v c="$cpu" -v k="$kb" 'BEGIN {
        o = ""; if (w == "?") { print "no figure"; exit }
        if (c + 0 > 10) o = o "cpu,"; else if (w + 0 > 10) o = o "wall,";
        if (k / 1024 > 256) o = o "rss,";
        if (o == "") print "ok"; else print "over:" substr(o, 1, length(o) - 1) }')
    printf '%-26s %10s %5s %7s %8s %8s %7s %-10s  %s\n' "$name" "$bytes" "$status" "$records" "$secs" "$cpu" \
        $((kb / 1024)) "$budget" "$what"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
