#!/usr/bin/env bash
# The readable overlay through the command: `extract --png` and `render
# --png`, with and without --png-region-only.  The crop's size is computed
# from the region the record reports (grown by 120 px, cut to the page);
# asking for a picture must not change the story.
# Usage: bash tests/cli_overlay.sh STORYBOX
set -u
SB=${1:?usage: cli_overlay.sh /path/to/storybox}
case "$SB" in /*) ;; *) SB="$PWD/$SB" ;; esac
cd "$(dirname "$0")/.." || exit 1
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
failures=0
fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# png_size FILE: "WIDTH HEIGHT" from the PNG's IHDR chunk.
png_size() {
    local hex
    hex=$(od -An -tx1 -j16 -N8 "$1" | tr -d ' \n')
    [ ${#hex} -eq 16 ] || { echo "none"; return; }
    echo "$((16#${hex:0:8})) $((16#${hex:8:8}))"
}

page=samples/news/two_column.html
"$SB" extract "$page" >"$tmp/plain.json" 2>"$tmp/err" || fail "extract: $(cat "$tmp/err")"
"$SB" extract --png "$tmp/full.png" "$page" >"$tmp/full.json" 2>"$tmp/err" ||
    fail "extract --png: $(cat "$tmp/err")"
"$SB" extract --png "$tmp/region.png" --png-region-only "$page" >"$tmp/region.json" 2>"$tmp/err" ||
    fail "extract --png --png-region-only: $(cat "$tmp/err")"
cmp -s "$tmp/plain.json" "$tmp/full.json" || fail "extract --png changed the record"
cmp -s "$tmp/plain.json" "$tmp/region.json" || fail "extract --png-region-only changed the record"

# the whole page at the layout width
read -r w h <<<"$(png_size "$tmp/full.png")"
[ "$w" = 1280 ] || fail "full overlay is $w px wide, not 1280"
[ "${h:-0}" -gt 1000 ] || fail "full overlay is ${h:-?} px high"

# the crop: the record's region grown by 120 px and cut to the page
region=$(grep -o '"region": {[^}]*}' "$tmp/plain.json")
rx=$(sed 's/.*"x":\([-0-9]*\).*/\1/' <<<"$region")
ry=$(sed 's/.*"y":\([-0-9]*\).*/\1/' <<<"$region")
rw=$(sed 's/.*"w":\([-0-9]*\).*/\1/' <<<"$region")
rh=$(sed 's/.*"h":\([-0-9]*\).*/\1/' <<<"$region")
[ -n "$rx" ] && [ -n "$rh" ] || fail "no region in the record: $region"
x0=$((rx - 120)); [ $x0 -lt 0 ] && x0=0
y0=$((ry - 120)); [ $y0 -lt 0 ] && y0=0
x1=$((rx + rw + 120)); [ $x1 -gt "$w" ] && x1=$w
y1=$((ry + rh + 120)); [ $y1 -gt "$h" ] && y1=$h
read -r cw ch <<<"$(png_size "$tmp/region.png")"
[ "$cw $ch" = "$((x1 - x0)) $((y1 - y0))" ] ||
    fail "region crop is ${cw}x$ch, expected $((x1 - x0))x$((y1 - y0)) (region $region)"

# render: the same options; without a region the crop is the whole page
"$SB" render "$page" --png "$tmp/r1.png" --png-region-only 2>"$tmp/err" ||
    fail "render --png-region-only: $(cat "$tmp/err")"
[ "$(png_size "$tmp/r1.png")" != "none" ] || fail "render --png-region-only wrote no PNG"
"$SB" render "$page" --png "$tmp/r2.png" --png-region-only --no-region 2>"$tmp/err" ||
    fail "render --no-region: $(cat "$tmp/err")"
[ "$(png_size "$tmp/r2.png")" = "$w $h" ] ||
    fail "render without a region: $(png_size "$tmp/r2.png"), expected the whole page $w $h"

# the crop without a picture is a usage error
"$SB" extract --png-region-only "$page" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 2 ] || fail "extract --png-region-only without --png: exit $rc, not 2"
grep -q -- "--png-region-only crops the --png overlay" "$tmp/err" ||
    fail "extract --png-region-only without --png: $(cat "$tmp/err")"

if [ "$failures" -gt 0 ]; then
    echo "$failures failure(s)" >&2
    exit 1
fi
echo "ok: overlay through the command"
