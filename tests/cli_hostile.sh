#!/usr/bin/env bash
# Hostile pages through `storybox extract` under a 1 GB address-space limit
# (issue 12): every case written by tests/hostile/make_cases.sh (scaled
# down), plus the committed samples/bad pages, must end with exit status 0
# or 1 and exactly one JSON Lines record (a WARC file: one per response
# record), and never a crash, a hang or an out-of-memory abort.  Then one batch directory mixing all of them with the
# news samples: one record per page, in order, and each news page's record
# exactly the one it gets alone.  Time is not asserted here;
# scripts/bench_hostile.sh prints it for the full-size cases.
#
#     bash tests/cli_hostile.sh path/to/storybox
set -u
SB=${1:?usage: cli_hostile.sh path/to/storybox}
case "$SB" in /*) ;; *) SB="$PWD/$SB" ;; esac
cd "$(dirname "$0")/.." || exit 1
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
export LC_ALL=C
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
LIMIT=${SB_HOSTILE_TIMEOUT:-300}
# AddressSanitizer reserves terabytes of address space for its shadow
# memory, so an address-space limit only works on a plain build.
MEM_KB=1048576
sanitized=false
if ldd "$SB" 2>/dev/null | grep -q 'libasan\|libtsan\|libubsan'; then
    MEM_KB=unlimited
    sanitized=true
fi

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# run OUT ERR ARGS...: storybox extract --format jsonl under the limits.
run() {
    local out=$1 err=$2
    shift 2
    ( ulimit -v "$MEM_KB" && exec timeout "$LIMIT" "$SB" extract --format jsonl "$@" ) \
        >"$out" 2>"$err" </dev/null
}

bash tests/hostile/make_cases.sh "$tmp/cases" small || { echo "cannot write the cases" >&2; exit 1; }
cp samples/bad/* "$tmp/cases/"
if $sanitized; then
    # Signed overflow on offsets near 2^31 px (issue 12 item 3, not fixed
    # here) is an abort under UBSan, which would also end the batch.
    echo "skipped under the sanitizers: huge_numbers.html (issue 12 item 3)"
    rm "$tmp/cases/huge_numbers.html"
fi

for page in "$tmp"/cases/*; do
    name=$(basename "$page")
    start=$SECONDS
    run "$tmp/out" "$tmp/err" "$page"
    status=$?
    took=$((SECONDS - start))
    if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
        fail "$name: exit $status after ${took}s; stderr: $(head -c 300 "$tmp/err")"
        continue
    fi
    records=$(grep -c '^{"source":.*}$' "$tmp/out")
    lines=$(wc -l <"$tmp/out")
    # A WARC file gives one record per response record, and a summary
    # line on stderr; any other case one record.
    want=1 want_errors=1
    case "$name" in *.warc)
        want=$(grep -c '^WARC-Type: response' "$page") want_errors=2 ;;
    esac
    if [ "$records" -ne "$want" ] || [ "$lines" -ne "$want" ]; then
        fail "$name: $lines lines, $records records; want $want; stderr: $(head -c 300 "$tmp/err")"
        continue
    fi
    errors=$(wc -l <"$tmp/err")
    if [ "$errors" -gt "$want_errors" ]; then
        fail "$name: $errors stderr lines, want at most one: $(head -c 300 "$tmp/err")"
        continue
    fi
    echo "ok: $name (exit $status, ${took}s, $(grep -o '"method":"[^"]*"' "$tmp/out"))"
done

# The single-file page (pictures as long data: URIs, cut before parsing,
# dom/doc/data_uri.h) gives its whole story, laid out (not a fallback).
run "$tmp/single" "$tmp/single.err" "$tmp/cases/single_file.html"
status=$?
want_text='"text":"Paragraph 1 of the story saved as one file with its pictures inside.'
for i in 2 3 4; do
    want_text="$want_text\\n\\nParagraph $i of the story saved as one file with its pictures inside."
done
want_text="$want_text\""
if [ "$status" -ne 0 ] || ! grep -qF "$want_text" "$tmp/single" ||
    ! grep -qF '"title":"The single-file page"' "$tmp/single" ||
    ! grep -qF '"method":"hybrid"' "$tmp/single"; then
    fail "single_file.html: exit $status, record $(head -c 600 "$tmp/single")"
else
    echo "ok: single_file.html, its story whole"
fi

# One batch: hostile and good pages together (the WARC file's many
# records are checked above, not here).
mkdir "$tmp/batch"
cp "$tmp"/cases/* "$tmp/batch/"
rm -f "$tmp"/batch/*.warc
cp samples/news/*.html "$tmp/batch/"
run "$tmp/batch.out" "$tmp/batch.err" "$tmp/batch"
status=$?
[ "$status" -eq 1 ] || fail "batch: exit $status, want 1 (some pages fail)"
(cd "$tmp/batch" && ls -1 -- *.html *.htm *.html.gz *.mhtml 2>/dev/null | sort) >"$tmp/want"
sed -n 's/^{"source":"\([^"]*\)".*/\1/p' "$tmp/batch.out" | sed 's|.*/||' >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" || fail "batch: records are not one per page in order: $(diff "$tmp/want" "$tmp/got" | head -5)"
for page in samples/news/*.html; do
    name=$(basename "$page")
    run "$tmp/alone" "$tmp/alone.err" "$tmp/batch/$name"
    grep -F -x -f "$tmp/alone" "$tmp/batch.out" >/dev/null ||
        fail "batch: the record of $name differs from its record alone"
done
echo "ok: batch of $(wc -l <"$tmp/want") pages"

if [ "$failures" -gt 0 ]; then
    echo "cli_hostile: $failures failure(s)" >&2
    exit 1
fi
echo "cli_hostile: all checks passed"
