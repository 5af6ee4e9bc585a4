#!/usr/bin/env bash
# `storybox extract` on WARC files the test writes itself: a .warc.gz with
# one gzip member per record (request, page, revisit, a record cut short),
# the same records as a plain .warc, a directory holding both and an HTML
# page, and a batch mixing an HTML page with a WARC file.  Checks the JSON
# Lines (one record per page or broken record, in file order, with source
# FILE#OFFSET, warc_record_id, url and title), the summary line on stderr
# and the exit status.
#
#     bash tests/cli_warc.sh path/to/storybox
#
# Plain bash, grep, sed and gzip (no jq or python in the build image).
set -u
cd "$(dirname "$0")/.."

sb=${1:?usage: cli_warc.sh path/to/storybox}
page=samples/news/one_column.html
title='Library extends opening hours after record winter visits'

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# The string value of "key" in one JSON record, or nothing.
field() {
  printf '%s\n' "$1" | sed -n "s/.*\"$2\": *\"\\(\\([^\"\\\\]\\|\\\\.\\)*\\)\".*/\\1/p" | head -n 1
}

# record TYPE ID URI BLOCKFILE [CLAIMED]: one WARC record on stdout.
record() {
  local len
  len=$(wc -c <"$4")
  printf 'WARC/1.0\r\nWARC-Type: %s\r\nWARC-Record-ID: %s\r\nWARC-Target-URI: %s\r\n' "$1" "$2" "$3"
  printf 'Content-Type: application/http; msgtype=%s\r\nContent-Length: %s\r\n\r\n' "$1" "${5:-$len}"
  cat "$4"
  [ -z "${5:-}" ] && printf '\r\n\r\n'
}

printf 'GET /news HTTP/1.1\r\nHost: example.com\r\n\r\n' >"$tmp/request"
# The page without its canonical link, so that its url is the record's.
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n'; grep -v 'rel="canonical"' "$page"; } >"$tmp/response"
printf 'HTTP/1.1 304 Not Modified\r\n\r\n' >"$tmp/revisit"

record request '<urn:uuid:r1>' http://example.com/news "$tmp/request" >"$tmp/1"
record response '<urn:uuid:p1>' http://example.com/news "$tmp/response" >"$tmp/2"
record revisit '<urn:uuid:v1>' http://example.com/news "$tmp/revisit" >"$tmp/3"
record response '<urn:uuid:cut>' http://example.com/cut "$tmp/response" 999999 >"$tmp/4"

mkdir "$tmp/crawl"
gz=$tmp/crawl/crawl.warc.gz
plain=$tmp/crawl/plain.warc
offsets=()
: >"$gz"
: >"$plain"
plain_offsets=()
for i in 1 2 3 4; do
  offsets+=("$(wc -c <"$gz")")
  plain_offsets+=("$(wc -c <"$plain")")
  gzip -c -n "$tmp/$i" >>"$gz"
  cat "$tmp/$i" >>"$plain"
done
cp "$page" "$tmp/crawl/a_page.html"

# --- a .warc.gz: the page, then the cut record; the rest counted ---------
"$sb" extract --method dom "$gz" >"$tmp/gz.out" 2>"$tmp/gz.err"
rc=$?
[ "$rc" -eq 1 ] || fail "warc.gz: exit status $rc, want 1 (a record is broken)"
n=$(wc -l <"$tmp/gz.out")
[ "$n" -eq 2 ] || fail "warc.gz: $n records, want 2: $(head -c 300 "$tmp/gz.out")"
first=$(sed -n 1p "$tmp/gz.out")
second=$(sed -n 2p "$tmp/gz.out")
[ "$(field "$first" source)" = "$gz#${offsets[1]}" ] ||
  fail "warc.gz: first source '$(field "$first" source)', want '$gz#${offsets[1]}'"
[ "$(field "$first" warc_record_id)" = '<urn:uuid:p1>' ] || fail "warc.gz: first warc_record_id '$(field "$first" warc_record_id)'"
[ "$(field "$first" title)" = "$title" ] || fail "warc.gz: first title '$(field "$first" title)'"
url=$(sed -n 's/^{"source":"[^"]*","warc_record_id":"[^"]*","url":"\([^"]*\)".*/\1/p' <<<"$first")
[ "$url" = 'http://example.com/news' ] || fail "warc.gz: first url '$url', want the WARC-Target-URI"
grep -q '"error": *null' <<<"$first" || fail "warc.gz: the page has an error: $(field "$first" error)"
[ "$(field "$second" source)" = "$gz#${offsets[3]}" ] || fail "warc.gz: second source '$(field "$second" source)'"
[ "$(field "$second" warc_record_id)" = '<urn:uuid:cut>' ] || fail "warc.gz: second warc_record_id"
[ "$(field "$second" error)" = 'record longer than its gzip member' ] ||
  fail "warc.gz: second error '$(field "$second" error)'"
summary="storybox: $gz: 1 pages, 1 errors; skipped 1 revisit, 1 request, 0 metadata, 0 warcinfo, 0 non-HTML, 0 other"
grep -qxF "$summary" "$tmp/gz.err" || fail "warc.gz: no summary line '$summary' in: $(cat "$tmp/gz.err")"
grep -qxF "storybox: $gz#${offsets[3]}: record longer than its gzip member" "$tmp/gz.err" ||
  fail "warc.gz: the broken record is not reported on stderr: $(cat "$tmp/gz.err")"

# --- the same records in a plain .warc: offsets of the WARC/ lines -------
"$sb" extract --method dom "$plain" >"$tmp/plain.out" 2>"$tmp/plain.err"
first=$(sed -n 1p "$tmp/plain.out")
second=$(sed -n 2p "$tmp/plain.out")
[ "$(field "$first" source)" = "$plain#${plain_offsets[1]}" ] || fail "warc: first source '$(field "$first" source)'"
[ "$(field "$second" error)" = 'truncated record' ] || fail "warc: second error '$(field "$second" error)'"

# --- a directory: its HTML page and both WARC files, sorted by name ------
"$sb" extract --method dom "$tmp/crawl" >"$tmp/dir.out" 2>"$tmp/dir.err"
got=$(sed -n 's/.*"source": *"\([^"]*\)".*/\1/p' "$tmp/dir.out" | tr '\n' ' ')
want="$tmp/crawl/a_page.html $gz#${offsets[1]} $gz#${offsets[3]} $plain#${plain_offsets[1]} $plain#${plain_offsets[3]} "
[ "$got" = "$want" ] || fail "directory: sources '$got', want '$want'"
n_null=$(grep -c '"warc_record_id": *null' "$tmp/dir.out")
[ "$n_null" -eq 1 ] || fail "directory: $n_null records with a null warc_record_id, want 1 (the HTML page)"

# --- a batch mixing an HTML page and a WARC file, in argument order ------
"$sb" extract --method dom "$gz" "$page" >"$tmp/mix.out" 2>"$tmp/mix.err"
got=$(sed -n 's/.*"source": *"\([^"]*\)".*/\1/p' "$tmp/mix.out" | tr '\n' ' ')
want="$gz#${offsets[1]} $gz#${offsets[3]} $page "
[ "$got" = "$want" ] || fail "mixed batch: sources '$got', want '$want'"

# --- a missing WARC file gets its own error record -----------------------
"$sb" extract --method dom "$tmp/none.warc" >"$tmp/none.out" 2>"$tmp/none.err"
rc=$?
[ "$rc" -eq 1 ] || fail "missing warc: exit status $rc, want 1"
grep -q '"error": *"cannot open .*No such file or directory"' "$tmp/none.out" ||
  fail "missing warc: no error record: $(cat "$tmp/none.out")"

# --- images stored in the WARC give the page's images their size --------
# samples/saved/ferry_image.html's <img> has no width or height: 300 x 150
# without its picture, 640 x 480 (its PNG header) with it, in one file or
# across a batch of two on two threads.
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'; cat samples/saved/ferry_image.html; } >"$tmp/ferry"
{ printf 'HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n'
  printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x02\x80\0\0\x01\xe0\x08\x02\0\0\0'; } >"$tmp/ferry_png"
record response '<urn:uuid:f1>' http://example.com/news/ferry "$tmp/ferry" >"$tmp/ferry_only.warc"
{ cat "$tmp/ferry_only.warc"
  record response '<urn:uuid:f2>' http://example.com/img/ferry.png "$tmp/ferry_png"; } >"$tmp/ferry.warc"
cp "$tmp/ferry.warc" "$tmp/ferry2.warc"
lead_box() { sed -n 's/.*"lead_image":{[^}]*"box":\({[^}]*}\).*/\1/p' "$1"; }
"$sb" extract --format jsonl "$tmp/ferry_only.warc" >"$tmp/ferry_only.out" 2>/dev/null
"$sb" extract --format jsonl --jobs 2 "$tmp/ferry.warc" "$tmp/ferry2.warc" >"$tmp/ferry.out" 2>/dev/null
case "$(lead_box "$tmp/ferry_only.out")" in *'"w":300,"h":150}') ;;
  *) fail "warc image: without its picture the lead box is '$(lead_box "$tmp/ferry_only.out")', want 300 x 150" ;;
esac
[ "$(lead_box "$tmp/ferry.out" | grep -c '"w":640,"h":480}$')" -eq 2 ] ||
  fail "warc image: lead boxes '$(lead_box "$tmp/ferry.out")', want 640 x 480 in both records"
# The dom method renders nothing: the size comes to its lead image all the same.
"$sb" extract --method dom --format jsonl "$tmp/ferry.warc" >"$tmp/ferry_dom.out" 2>/dev/null
grep -qF '"width":640,"height":480,"box":null}' "$tmp/ferry_dom.out" ||
  fail "warc image, dom: $(grep -o '"lead_image":{[^}]*}' "$tmp/ferry_dom.out")"

if [ "$failures" -gt 0 ]; then
  echo "cli_warc: $failures failure(s)" >&2
  exit 1
fi
echo "cli_warc: ok"
