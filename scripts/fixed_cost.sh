#!/usr/bin/env bash
# What one page costs each method when the same page is extracted many
# times in one process: callgrind's instructions per page inside
# sb_extract (the once-per-process fontconfig set-up taken out, by running
# the page once and N+1 times and keeping the difference), and the thread
# CPU median of bench_extract over N repeats.  A benchmark, not a test: it
# prints figures and asserts nothing (docs/render_cost.md, eleventh
# round).  Needs valgrind; bench_extract from a Release build.
#
#   scripts/fixed_cost.sh [--bench BUILD/bench_extract] [--repeat N] [--methods hybrid,dom] PAGE...
set -euo pipefail
bench=build/bench_extract
repeat=50
methods=hybrid,dom
pages=()
while [ $# -gt 0 ]; do
    case "$1" in
    --bench) bench=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --methods) methods=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) pages+=("$1"); shift ;;
    esac
done
[ ${#pages[@]} -gt 0 ] || { echo "usage: $0 [--bench B] [--repeat N] [--methods M] PAGE..." >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
instructions() { # method, count, page: Ir collected inside sb_extract
    local args=()
    for ((i = 0; i < $2; i++)); do args+=("$3"); done
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" --toggle-collect=sb_extract \
        "$bench" --methods "$1" "${args[@]}" 2>&1 | sed -n 's/.*Collected : *//p'
}
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-40s %-8s %14s %12s\n' page method "Ir/page" "cpu-med ms"
for page in "${pages[@]}"; do
    for m in ${methods//,/ }; do
        one=$(instructions "$m" 1 "$page")
        many=$(instructions "$m" $((repeat + 1)) "$page")
        args=()
        for ((i = 0; i < repeat; i++)); do args+=("$page"); done
        cpu=$("$bench" --methods "$m" "${args[@]}" | awk -v m="$m" '$1 == m { print $2 }')
        printf '%-40s %-8s %14.0f %12s\n' "$(basename "$page")" "$m" \
            "$(echo "($many - $one) / $repeat" | bc -l)" "$cpu"
    done
done
