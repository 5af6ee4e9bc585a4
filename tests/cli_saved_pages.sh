#!/usr/bin/env bash
# `storybox extract` on pages saved with their stylesheets, written by the
# test from samples/saved/two_column (a story and a sidebar that its
# external stylesheet floats side by side): MHTML by name, by sniffing (a
# .html name, standard input), gzipped and from a directory listing; a
# "Web page, complete" folder; a WARC holding the page's stylesheets after
# it.  Styled, the story region starts at x 140 (the stylesheet's centred
# 1000 px page); unstyled it does not.  The story text is checked exactly,
# and a malformed MHTML gives an error record and a one-line message.
#
#     bash tests/cli_saved_pages.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

sb=${1:?usage: cli_saved_pages.sh path/to/storybox}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

text="The harbour ferry returned to service on Monday morning after four months in dry dock, carrying its first passengers across the estuary shortly after seven o'clock.\\\\n\\\\nEngineers replaced both propeller shafts and repainted the hull, work the operator said had been postponed twice because of the shortage of parts that has affected small shipyards along the coast.\\\\n\\\\nCommuters who had relied on the replacement bus, which takes forty minutes longer by road, said they were relieved to be back on the water before the spring timetable begins."

# region_x JSONL: the x of each record's region, one per line.
region_x() {
  sed -n 's/.*"region":{"x":\([-0-9]*\),.*/\1/p' "$1"
}

# expect NAME OUTFILE X...: one record per X, each with that region x and
# the story text.
expect() {
  local name=$1 out=$2
  shift 2
  local got
  got=$(region_x "$out" | tr '\n' ' ')
  [ "$got" = "$* " ] || fail "$name: region x '$got', want '$* '"
  local n
  n=$(grep -c "\"text\":\"$text\"" "$out")
  [ "$n" = "$#" ] || fail "$name: $n records with the exact story text, want $#"
}

site=https://courier.example/static/site.css
columns=https://courier.example/static/columns.css
page_url=https://courier.example/news/ferry.html
sed "s|two_column_files/site.css|$site|" samples/saved/two_column.html >"$tmp/page.html"

# --- MHTML ---------------------------------------------------------------
part() { # TYPE LOCATION ENCODING FILE
  printf -- '--=_b\r\nContent-Type: %s\r\nContent-Location: %s\r\n' "$1" "$2"
  printf 'Content-Transfer-Encoding: %s\r\n\r\n' "$3"
  if [ "$3" = base64 ]; then base64 <"$4"; else sed 's/$/\r/' "$4"; fi
  printf '\r\n'
}
{
  printf 'From: <Saved by Blink>\r\nMIME-Version: 1.0\r\n'
  printf 'Content-Type: multipart/related;\r\n\ttype="text/html";\r\n\tboundary="=_b"\r\n\r\n'
  part 'text/html; charset="utf-8"' "$page_url" base64 "$tmp/page.html"
  part text/css "$site" 7bit samples/saved/two_column_files/site.css
  part text/css "$columns" base64 samples/saved/two_column_files/columns.css
  printf -- '--=_b--\r\n'
} >"$tmp/page.mhtml"
mkdir "$tmp/dir"
cp "$tmp/page.mhtml" "$tmp/dir/a.mht"
cp "$tmp/page.mhtml" "$tmp/named.html"
gzip -c "$tmp/page.mhtml" >"$tmp/dir/b.mhtml.gz"

"$sb" extract --format jsonl --jobs 2 "$tmp/page.mhtml" "$tmp/named.html" "$tmp/dir" \
  >"$tmp/mhtml.jsonl" 2>"$tmp/err" || fail "MHTML: exit status $?: $(cat "$tmp/err")"
expect MHTML "$tmp/mhtml.jsonl" 140 140 140 140
grep -q "\"url\":\"$page_url\"" "$tmp/mhtml.jsonl" || fail "MHTML: the page part's location is not the url"
"$sb" extract --format jsonl - <"$tmp/page.mhtml" >"$tmp/stdin.jsonl" 2>"$tmp/err" ||
  fail "MHTML on stdin: exit status $?"
expect "MHTML on stdin" "$tmp/stdin.jsonl" 140

# The same page without its stylesheets: the same story, unstyled.
"$sb" extract --format jsonl "$tmp/page.html" >"$tmp/plain.jsonl" 2>"$tmp/err" ||
  fail "plain page: exit status $?"
expect "unstyled page" "$tmp/plain.jsonl" 8

# Malformed: an error record, a one-line message, exit status 1.
printf 'MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary=x\r\n\r\nno parts\r\n' \
  >"$tmp/bad.mhtml"
"$sb" extract --format jsonl "$tmp/bad.mhtml" >"$tmp/bad.jsonl" 2>"$tmp/err"
[ $? -eq 1 ] || fail "malformed MHTML: exit status is not 1"
grep -qx "storybox: $tmp/bad.mhtml: MHTML: no part starts with the message's boundary" "$tmp/err" ||
  fail "malformed MHTML: message '$(cat "$tmp/err")'"
grep -q '"error":"MHTML: no part starts' "$tmp/bad.jsonl" || fail "malformed MHTML: no error record"

# --- "Web page, complete" --------------------------------------------------
mkdir "$tmp/complete"
cp -r samples/saved/two_column.html samples/saved/two_column_files "$tmp/complete/"
"$sb" extract --format jsonl "$tmp/complete/two_column.html" >"$tmp/complete.jsonl" 2>"$tmp/err" ||
  fail "complete page: exit status $?"
"$sb" extract --format jsonl --url "$page_url" "$tmp/complete" >>"$tmp/complete.jsonl" 2>"$tmp/err" ||
  fail "complete page with --url: exit status $?"
expect "complete page" "$tmp/complete.jsonl" 140 140

# --- WARC ------------------------------------------------------------------
record() { # URI TYPE FILE
  local block=$tmp/block
  { printf 'HTTP/1.1 200 OK\r\nContent-Type: %s\r\n\r\n' "$2"; cat "$3"; } >"$block"
  printf 'WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%s>\r\n' "$(basename "$3")"
  printf 'WARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\n' "$1"
  printf 'Content-Length: %s\r\n\r\n' "$(wc -c <"$block")"
  cat "$block"
  printf '\r\n\r\n'
}
record "$page_url" 'text/html; charset=utf-8' "$tmp/page.html" >"$tmp/page.warc"
cp "$tmp/page.warc" "$tmp/unstyled.warc"
record "$site" text/css samples/saved/two_column_files/site.css >>"$tmp/page.warc"
record "$columns" text/css samples/saved/two_column_files/columns.css >>"$tmp/page.warc"
gzip -c "$tmp/page.warc" >"$tmp/page.warc.gz" # one stream: read all the same
"$sb" extract --format jsonl --jobs 2 "$tmp/page.warc" "$tmp/unstyled.warc" "$tmp/page.warc.gz" \
  >"$tmp/warc.jsonl" 2>"$tmp/err" || fail "WARC: exit status $?"
expect WARC "$tmp/warc.jsonl" 140 8 140
grep -q "storybox: $tmp/page.warc: 1 pages, 0 errors;.* 2 non-HTML" "$tmp/err" ||
  fail "WARC: summary '$(cat "$tmp/err")'"

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "saved pages: all checks passed"
