#!/usr/bin/env bash
# Hostile inputs in one batch (issue 12, items 3-6): a directory mixing a
# FIFO, binary files (random bytes, a real PNG), a white-space-only file,
# pages whose image area and CSS offsets overflow an int, and good pages
# must give every page exactly one record, in order, the good pages the
# same record as when extracted alone; nothing may hang or abort (under the
# sanitizer build an overflow aborts).  Also: output files are never
# deleted on failure (a device node as --png), standard input may be a
# pipe, and --width has one range in every command.
#
#     bash tests/cli_hostile_batch.sh path/to/storybox
set -u
SB=${1:?usage: cli_hostile_batch.sh /path/to/storybox}
case "$SB" in /*) ;; *) SB="$PWD/$SB" ;; esac
cd "$(dirname "$0")/.." || exit 1
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
# A hang (the FIFO) must fail the test, not hold it: generous limits.
LIMIT=${SB_HOSTILE_TIMEOUT:-300}

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# The string value of "key" in one JSON record (escapes left as they are).
field() {
    printf '%s\n' "$1" | sed -n "s/.*\"$2\": *\"\\(\\([^\"\\\\]\\|\\\\.\\)*\\)\".*/\\1/p" | head -n 1
}

# --- the batch directory ------------------------------------------------------
dir="$tmp/batch"
mkdir "$dir"
cp samples/news/one_column.html "$dir/a_good.html"
mkfifo "$dir/b_fifo.html"
# random bytes, the same every run
awk 'BEGIN { srand(7); for (i = 0; i < 20000; i++) printf "%c", int(rand() * 256) }' >"$dir/c_random.html"
printf ' \n\t\r\n   \n' >"$dir/d_blank.html"
cp samples/news/german.html "$dir/e_good.html"
cp samples/bad/huge_image.html "$dir/f_huge_image.html"
cp samples/bad/huge_offsets.html "$dir/g_huge_offsets.html"
# a real PNG under a page's name, drawn by storybox itself
if timeout "$LIMIT" "$SB" render samples/news/one_column.html --png "$tmp/real.png" 2>"$tmp/err"; then
    cp "$tmp/real.png" "$dir/h_image.html"
else
    fail "render for the PNG fixture: $(head -c 300 "$tmp/err")"
fi
cp samples/bad/utf16le.html "$dir/i_utf16.html"

names="a_good b_fifo c_random d_blank e_good f_huge_image g_huge_offsets h_image i_utf16"
binary_error='not an HTML page (binary data in its first 512 bytes)'

for method in hybrid dom; do
    timeout "$LIMIT" "$SB" extract --method "$method" --format jsonl "$dir" >"$tmp/batch.out" 2>"$tmp/batch.err"
    rc=$?
    if [ "$rc" -ge 124 ]; then
        fail "$method batch: exit $rc (hang or crash); stderr: $(head -c 600 "$tmp/batch.err")"
        continue
    fi
    [ "$rc" -eq 1 ] || fail "$method batch: exit $rc, want 1"
    grep -q 'runtime error\|AddressSanitizer' "$tmp/batch.err" &&
        fail "$method batch: sanitizer report: $(grep -m1 'runtime error\|AddressSanitizer' "$tmp/batch.err")"
    [ "$(wc -l <"$tmp/batch.out")" -eq 9 ] || fail "$method batch: $(wc -l <"$tmp/batch.out") records, want 9"
    i=0
    for name in $names; do
        i=$((i + 1))
        line=$(sed -n "${i}p" "$tmp/batch.out")
        [ "$(field "$line" source)" = "$dir/$name.html" ] ||
            fail "$method batch: record $i is '$(field "$line" source)', want $dir/$name.html"
        err=$(field "$line" error)
        case $name in
        b_fifo) want="'$dir/b_fifo.html': not a regular file" ;;
        c_random | h_image) want=$binary_error ;;
        d_blank) want="empty page" ;;
        *) want= ;;
        esac
        [ "$err" = "$want" ] || fail "$method batch: $name error '$err', want '$want'"
        if [ -n "$want" ]; then
            [ "$(field "$line" text)" = "" ] || fail "$method batch: $name has text despite its error"
            grep -qxF "storybox: $dir/$name.html: $want" "$tmp/batch.err" ||
                fail "$method batch: no stderr line for $name: $(head -c 600 "$tmp/batch.err")"
        else
            # a good page: the same record as on its own
            timeout "$LIMIT" "$SB" extract --method "$method" --format jsonl "$dir/$name.html" \
                >"$tmp/alone.out" 2>"$tmp/alone.err" </dev/null
            [ "$(cat "$tmp/alone.out")" = "$line" ] ||
                fail "$method batch: $name record differs from the page alone"
        fi
    done
    [ "$(wc -l <"$tmp/batch.err")" -eq 4 ] ||
        fail "$method batch: $(wc -l <"$tmp/batch.err") stderr lines, want 4: $(head -c 600 "$tmp/batch.err")"
    # what the good and overflowing pages must give
    rec() { grep -F "\"source\":\"$dir/$1.html\"" "$tmp/batch.out"; }
    [ "$(field "$(rec a_good)" title)" = "Library extends opening hours after record winter visits" ] ||
        fail "$method batch: a_good title '$(field "$(rec a_good)" title)'"
    [ "$(field "$(rec f_huge_image)" title)" = "Harbour bridge reopens after two years of repairs" ] ||
        fail "$method batch: huge image title '$(field "$(rec f_huge_image)" title)'"
    rec f_huge_image | grep -q '"lead_image":{"url":"bridge.jpg"' ||
        fail "$method batch: huge image lost its lead image"
    case "$(field "$(rec g_huge_offsets)" text)" in
    *"The harbour bridge reopened to traffic"*) ;;
    *) fail "$method batch: huge offsets text '$(field "$(rec g_huge_offsets)" text | head -c 200)'" ;;
    esac
    case "$(field "$(rec i_utf16)" text)" in
    *"UTF-16"*) ;;
    *) fail "$method batch: UTF-16 page text '$(field "$(rec i_utf16)" text | head -c 200)'" ;;
    esac
done
echo "ok: batch"

# --- the overflow samples on their own, through the box tree -------------------
# (not through `render`: their pages are 50000 px and more, so the overlay
# is 8000 x 4000 px, 128 MB, and seconds of drawing)
for page in samples/bad/huge_image.html samples/bad/huge_offsets.html; do
    timeout "$LIMIT" "$SB" boxes "$page" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 0 ] || fail "boxes $page: exit $rc: $(head -c 300 "$tmp/err")"
    [ -s "$tmp/err" ] && fail "boxes $page: stderr $(head -c 300 "$tmp/err")"
    for method in hybrid dom; do
        timeout "$LIMIT" "$SB" extract --method "$method" "$page" >"$tmp/out" 2>"$tmp/err"
        rc=$?
        [ "$rc" -eq 0 ] || fail "extract --method $method $page: exit $rc: $(head -c 300 "$tmp/err")"
    done
done
# every box of the far-away page lies within the coordinate limit (2^24)
"$SB" boxes samples/bad/huge_offsets.html | grep -o '"[xywh]":-\?[0-9]*' | tr -d '"xywh:-' |
    awk '$1 > 16777216 { bad++ } END { exit bad > 0 }' || fail "huge offsets: a coordinate beyond 2^24"
echo "ok: overflow samples"

# --- standard input may be a pipe -------------------------------------------
cat samples/news/one_column.html | timeout "$LIMIT" "$SB" extract --format jsonl - >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 0 ] || fail "stdin pipe: exit $rc: $(head -c 300 "$tmp/err")"
[ "$(field "$(cat "$tmp/out")" title)" = "Library extends opening hours after record winter visits" ] ||
    fail "stdin pipe: title '$(field "$(cat "$tmp/out")" title)'"
printf '  \n\n ' | timeout "$LIMIT" "$SB" extract --format jsonl - >"$tmp/out" 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "blank stdin: exit $rc, want 1"
[ "$(cat "$tmp/err")" = "storybox: -: empty page" ] || fail "blank stdin: stderr '$(cat "$tmp/err")'"
echo "ok: standard input"

# --- output files: written whole or not at all, never deleted -----------------
page=samples/news/one_column.html
printf 'old' >"$tmp/keep.png"
timeout "$LIMIT" "$SB" extract --png "$tmp/keep.png" "$page" >/dev/null 2>"$tmp/err" ||
    fail "--png over an existing file: $(head -c 300 "$tmp/err")"
[ "$(od -An -tx1 -N4 "$tmp/keep.png" | tr -d ' \n')" = "89504e47" ] || fail "--png: existing file not replaced by a PNG"
leftovers=$(find "$tmp" -maxdepth 1 -name '.*.tmp' | wc -l)
[ "$leftovers" -eq 0 ] || fail "--png: $leftovers temporary files left beside the target"

# A device node that fails every write (like /dev/full): the write fails
# and the node stays.  Creating one needs root.
if mknod "$tmp/full.png" c 1 7 2>/dev/null; then
    timeout "$LIMIT" "$SB" extract --format jsonl --png "$tmp/full.png" "$page" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "--png device: exit $rc, want 1"
    [ "$(field "$(cat "$tmp/out")" error)" = "cannot write '$tmp/full.png': not a regular file" ] ||
        fail "--png device: error '$(field "$(cat "$tmp/out")" error)'"
    [ -c "$tmp/full.png" ] || fail "--png device: the device node was removed"
    timeout "$LIMIT" "$SB" render "$page" --png "$tmp/full.png" >/dev/null 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "render --png device: exit $rc, want 1"
    [ -c "$tmp/full.png" ] || fail "render --png device: the device node was removed"
    echo "ok: device node as --png"
else
    echo "skip: device node as --png (creating a device node needs root)"
fi
# A FIFO as --png: refused at once (it would wait for a reader), and kept.
mkfifo "$tmp/pipe.png"
timeout "$LIMIT" "$SB" render "$page" --png "$tmp/pipe.png" >/dev/null 2>"$tmp/err"
rc=$?
[ "$rc" -eq 1 ] || fail "render --png FIFO: exit $rc, want 1"
[ "$(cat "$tmp/err")" = "storybox: $page: cannot write '$tmp/pipe.png': not a regular file" ] ||
    fail "render --png FIFO: stderr '$(cat "$tmp/err")'"
[ -p "$tmp/pipe.png" ] || fail "render --png FIFO: the FIFO was removed"
# eval's reports go the same way: a one-page corpus in Readability's layout
mkdir -p "$tmp/corpus/p1"
cp "$page" "$tmp/corpus/p1/source.html"
echo '<p>Northfield Central Library will stay open until 9pm.</p>' >"$tmp/corpus/p1/expected.html"
echo '{"title": "Library extends opening hours after record winter visits"}' >"$tmp/corpus/p1/expected-metadata.json"
for opt in --out --figures --pages-tsv --png; do
    printf 'old' >"$tmp/report"
    timeout "$LIMIT" "$SB" eval "$tmp/corpus" --methods dom "$opt" "$tmp/report" >/dev/null 2>"$tmp/err" ||
        fail "eval $opt: $(head -c 300 "$tmp/err")"
    [ "$(head -c 3 "$tmp/report")" != old ] || fail "eval $opt: the report was not written"
    timeout "$LIMIT" "$SB" eval "$tmp/corpus" --methods dom "$opt" "$tmp/pipe.png" >/dev/null 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 1 ] || fail "eval $opt onto a FIFO: exit $rc, want 1"
    [ -p "$tmp/pipe.png" ] || fail "eval $opt: the FIFO was removed"
done
leftovers=$(find "$tmp" -maxdepth 1 -name '.*.tmp' | wc -l)
[ "$leftovers" -eq 0 ] || fail "eval: $leftovers temporary files left beside the targets"
echo "ok: output files"

# --- one --width range: 200..10000 in extract, boxes and render -----------------
for cmd in extract boxes render; do
    "$SB" "$cmd" --help | grep -q -- '--width N .*200 to 10000' || fail "$cmd --help does not state 200 to 10000"
    for w in 199 10001 100 100000; do
        "$SB" "$cmd" --width "$w" "$page" --png "$tmp/w.png" >/dev/null 2>"$tmp/err"
        rc=$?
        [ "$rc" -eq 2 ] || fail "$cmd --width $w: exit $rc, want 2"
        [ "$(head -n 1 "$tmp/err")" = "storybox: --width wants a number of pixels from 200 to 10000, not '$w'" ] ||
            fail "$cmd --width $w: stderr '$(head -n 1 "$tmp/err")'"
    done
done
for w in 200 10000; do
    "$SB" boxes --width "$w" "$page" >"$tmp/out" 2>"$tmp/err" || fail "boxes --width $w: $(head -c 200 "$tmp/err")"
    # (at 200 px the page's own content is wider than the viewport)
    case "$w:$(head -c 40 "$tmp/out")" in
    "200:{\"width\":"* | "10000:{\"width\":10000,"*) ;;
    *) fail "boxes --width $w: $(head -c 40 "$tmp/out")" ;;
    esac
    "$SB" extract --width "$w" "$page" >/dev/null 2>"$tmp/err" || fail "extract --width $w: $(head -c 200 "$tmp/err")"
done
echo "ok: --width"

if [ "$failures" -gt 0 ]; then
    echo "cli_hostile_batch: $failures failure(s)" >&2
    exit 1
fi
echo "cli_hostile_batch: all checks passed"
