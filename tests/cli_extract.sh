#!/usr/bin/env bash
# CLI-level checks of `storybox extract` on the news samples: one page gives
# one JSON object, a directory gives one JSON Lines record per page in sorted
# order, a missing input gets an error record while the others are still
# extracted (exit 1), --format text prints the title then the text, and an
# unknown method is a usage error (exit 2).
#
#     bash tests/cli_extract.sh path/to/storybox
#
# Plain bash, grep and sed only (no jq or python in the build image), so the
# JSON checks match the fields textually; they accept `"key":"v"` and
# `"key": "v"` spellings.
set -u
cd "$(dirname "$0")/.."

sb=${1:?usage: cli_extract.sh path/to/storybox}
dir=samples/news
page=$dir/one_column.html
title='Library extends opening hours after record winter visits'
first_para='Northfield Central Library will stay open until 9pm on weekdays from the first of April, after the number of people coming through its doors this winter reached the highest level in twenty years.'

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# The string value of "key" in one JSON record (first occurrence, escapes
# left as they are), or nothing when the key is absent or not a string.
field() {
  printf '%s\n' "$1" | sed -n "s/.*\"$2\": *\"\\(\\([^\"\\\\]\\|\\\\.\\)*\\)\".*/\\1/p" | head -n 1
}

# --- one page: one JSON object with the story's title ---------------------
"$sb" extract "$page" >"$tmp/one.out" 2>"$tmp/one.err"
rc=$?
[ "$rc" -eq 0 ] || fail "single page: exit status $rc, want 0 ($(head -c 300 "$tmp/one.err"))"
one=$(tr '\n' ' ' <"$tmp/one.out")
case "$one" in
  \{*\}*) ;;
  *) fail "single page: output is not one JSON object: $(head -c 200 "$tmp/one.out")" ;;
esac
n_objects=$(grep -c '^{' "$tmp/one.out")
[ "$n_objects" -eq 1 ] || fail "single page: $n_objects JSON objects, want 1"
got=$(field "$one" title)
[ "$got" = "$title" ] || fail "single page: title \"$got\", want \"$title\""
grep -q '"error": *"' "$tmp/one.out" && fail "single page: error set: $(field "$one" error)"

# --- a directory: one record per page, sorted ------------------------------
"$sb" extract "$dir" >"$tmp/dir.out" 2>"$tmp/dir.err"
rc=$?
[ "$rc" -eq 0 ] || fail "directory: exit status $rc, want 0 ($(head -c 300 "$tmp/dir.err"))"
(cd "$dir" && ls -1 -- *.html *.htm *.html.gz 2>/dev/null | LC_ALL=C sort) >"$tmp/want_pages"
n_want=$(wc -l <"$tmp/want_pages")
n_got=$(wc -l <"$tmp/dir.out")
[ "$n_got" -eq "$n_want" ] || fail "directory: $n_got lines, want $n_want (one per page)"
bad_lines=$(grep -cv '^{.*}$' "$tmp/dir.out")
[ "$bad_lines" -eq 0 ] || fail "directory: $bad_lines lines are not one JSON object each"
while IFS= read -r line; do
  src=$(field "$line" source)
  printf '%s\n' "${src##*/}"
done <"$tmp/dir.out" >"$tmp/got_pages"
if ! cmp -s "$tmp/want_pages" "$tmp/got_pages"; then
  fail "directory: records not one per page in sorted order:
$(diff "$tmp/want_pages" "$tmp/got_pages" | head -20)"
fi
grep -q '"error": *"' "$tmp/dir.out" && fail "directory: some record has error set"
dir_title=$(grep "one_column\.html" "$tmp/dir.out" | head -n 1)
[ "$(field "$dir_title" title)" = "$title" ] || fail "directory: one_column record has the wrong title"

# --- a directory without pages: its own error record, the run goes on -------
mkdir -p "$tmp/no_pages/sub"
"$sb" extract "$tmp/no_pages" "$page" >"$tmp/empty.out" 2>"$tmp/empty.err"
rc=$?
[ "$rc" -eq 1 ] || fail "empty directory: exit status $rc, want 1"
[ "$(wc -l <"$tmp/empty.out")" -eq 2 ] || fail "empty directory: $(wc -l <"$tmp/empty.out") records, want 2"
first=$(head -n 1 "$tmp/empty.out")
case "$(field "$first" error)" in
  *"Is a directory"*) ;;
  *) fail "empty directory: error \"$(field "$first" error)\", want one naming the directory" ;;
esac
[ "$(field "$(tail -n 1 "$tmp/empty.out")" title)" = "$title" ] || fail "empty directory: the page after it was not extracted"

# --- a missing file among several inputs -----------------------------------
"$sb" extract "$page" "$dir/no_such_page.html" "$dir/comments.html" >"$tmp/miss.out" 2>"$tmp/miss.err"
rc=$?
[ "$rc" -eq 1 ] || fail "missing input: exit status $rc, want 1"
n_got=$(wc -l <"$tmp/miss.out")
if [ "$n_got" -ne 3 ]; then
  fail "missing input: $n_got records, want 3 (one per input, in input order)"
else
  rec1=$(sed -n 1p "$tmp/miss.out")
  rec2=$(sed -n 2p "$tmp/miss.out")
  rec3=$(sed -n 3p "$tmp/miss.out")
  [ "$(field "$rec1" title)" = "$title" ] || fail "missing input: first record title \"$(field "$rec1" title)\""
  [ -n "$(field "$rec2" error)" ] || fail "missing input: second record has no error: $(head -c 200 <<<"$rec2")"
  case "$(field "$rec2" source)" in
    *no_such_page.html) ;;
    *) fail "missing input: error record does not name its source" ;;
  esac
  [ -z "$(field "$rec1" error)" ] || fail "missing input: first record has an error"
  [ -z "$(field "$rec3" error)" ] || fail "missing input: third record has an error: $(field "$rec3" error)"
  [ "$(field "$rec3" title)" = "Wind farm plan for Tavin Ridge heads to county hearing" ] ||
    fail "missing input: third record title \"$(field "$rec3" title)\""
fi

# --- --format text: the title, then the text -------------------------------
"$sb" extract --format text "$page" >"$tmp/text.out" 2>"$tmp/text.err"
rc=$?
[ "$rc" -eq 0 ] || fail "--format text: exit status $rc, want 0"
[ "$(sed -n 1p "$tmp/text.out")" = "$title" ] ||
  fail "--format text: first line \"$(sed -n 1p "$tmp/text.out")\", want the title"
grep -qxF -- "$first_para" "$tmp/text.out" || fail "--format text: first story paragraph not printed as a line"
title_line=$(grep -nxF -- "$title" "$tmp/text.out" | head -n 1 | cut -d: -f1)
para_line=$(grep -nxF -- "$first_para" "$tmp/text.out" | head -n 1 | cut -d: -f1)
if [ -n "$title_line" ] && [ -n "$para_line" ] && [ "$para_line" -le "$title_line" ]; then
  fail "--format text: the text comes before the title"
fi
grep -q '^{' "$tmp/text.out" && fail "--format text: output contains JSON"

# --- standard input and gzip give the same story ---------------------------
"$sb" extract - <"$page" >"$tmp/stdin.out" 2>/dev/null
[ "$(field "$(tr '\n' ' ' <"$tmp/stdin.out")" title)" = "$title" ] || fail "stdin: wrong or missing title"
if command -v gzip >/dev/null; then
  gzip -c "$page" >"$tmp/one_column.html.gz"
  "$sb" extract "$tmp/one_column.html.gz" >"$tmp/gz.out" 2>/dev/null
  [ "$(field "$(tr '\n' ' ' <"$tmp/gz.out")" title)" = "$title" ] || fail "gzip input: wrong or missing title"
fi

# --- unknown method: usage error -------------------------------------------
"$sb" extract --method no-such-method "$page" >"$tmp/um.out" 2>"$tmp/um.err"
rc=$?
[ "$rc" -eq 2 ] || fail "unknown method: exit status $rc, want 2"
[ -s "$tmp/um.err" ] || fail "unknown method: nothing said on stderr"
[ -s "$tmp/um.out" ] && fail "unknown method: records printed on stdout"

# --- --png: overlay at the page's width, region outlined; --mode alias ----
styled="samples/news/two_column.html"
"$sb" extract --mode hybrid --png "$tmp/overlay.png" "$styled" >"$tmp/png.out" 2>/dev/null
if [ ! -s "$tmp/overlay.png" ]; then
  fail "--png: no PNG written"
else
  # PNG header: width and height are big-endian at bytes 16..23.
  width=$(od -An -tu1 -j16 -N4 "$tmp/overlay.png" | awk '{print $1*16777216+$2*65536+$3*256+$4}')
  [ "$width" = "1280" ] || fail "--png: width $width, want 1280"
fi
grep -q '"region": {"x":' "$tmp/png.out" || fail "--png: the record has no region"
grep -q '"method": "hybrid"' "$tmp/png.out" || fail "--mode hybrid: method is not hybrid"

# --- --explain: decisions on stderr, the record unchanged on stdout -------
"$sb" extract --explain "$styled" >"$tmp/ex.out" 2>"$tmp/ex.err"
grep -q '^blocks: ' "$tmp/ex.err" || fail "--explain: no block listing on stderr"
cmp -s "$tmp/ex.out" "$tmp/png.out" || fail "--explain changed the record"

if [ "$failures" -gt 0 ]; then
  echo "cli_extract: $failures check(s) failed" >&2
  exit 1
fi
echo "cli_extract: all checks passed"
