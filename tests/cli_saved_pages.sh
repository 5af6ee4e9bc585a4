#!/usr/bin/env bash
# `storybox extract` (and `boxes`, `render`, `eval`) on pages saved with their
# stylesheets, written by the
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

# --- render and boxes read pages the same way ------------------------------
# story_box BOXES.json: "x w" of the box of #story.
story_box() {
  sed -n 's/.*"tag":"div","x":\([0-9]*\),"y":[0-9]*,"w":\([0-9]*\),.*"attr_id":"story".*/\1 \2/p' "$1"
}
# png_size PNG: "width height" from the PNG header.
png_size() {
  od -An -tu1 -j16 -N8 "$1" | awk '{ print $1 * 16777216 + $2 * 65536 + $3 * 256 + $4, $5 * 16777216 + $6 * 65536 + $7 * 256 + $8 }'
}
for input in "$tmp/page.mhtml" "$tmp/dir/b.mhtml.gz" "$tmp/complete/two_column.html" "$tmp/page.html"; do
  "$sb" boxes "$input" >"$tmp/boxes.json" 2>"$tmp/err" || fail "boxes $input: exit status $?"
  "$sb" render "$input" --png "$tmp/out.png" 2>"$tmp/err" || fail "render $input: exit status $?"
  want="140 640"
  want_png="1280 392"
  if [ "$input" = "$tmp/page.html" ]; then # no stylesheets: one column
    want="8 1264"
    want_png="1280 425"
  fi
  [ "$(story_box "$tmp/boxes.json")" = "$want" ] ||
    fail "boxes $input: story at '$(story_box "$tmp/boxes.json")', want '$want'"
  [ "$(png_size "$tmp/out.png")" = "$want_png" ] ||
    fail "render $input: image '$(png_size "$tmp/out.png")', want '$want_png'"
done
"$sb" boxes - <"$tmp/page.mhtml" >"$tmp/boxes.json" 2>"$tmp/err" || fail "boxes on stdin: exit status $?"
[ "$(story_box "$tmp/boxes.json")" = "140 640" ] || fail "boxes on stdin: story at '$(story_box "$tmp/boxes.json")'"
"$sb" boxes "$tmp/bad.mhtml" >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "boxes on a malformed MHTML: exit status is not 1"
grep -qx "storybox: $tmp/bad.mhtml: MHTML: no part starts with the message's boundary" "$tmp/err" ||
  fail "boxes on a malformed MHTML: message '$(cat "$tmp/err")'"

# eval reads its corpus pages the same way: an MHTML saved as source.html
mkdir -p "$tmp/corpus/ferry"
cp "$tmp/page.mhtml" "$tmp/corpus/ferry/source.html"
grep -o '<p>[^<]*</p>' samples/saved/two_column.html | head -3 >"$tmp/corpus/ferry/expected.html"
echo '{"title": "Harbour ferry returns after winter repairs"}' >"$tmp/corpus/ferry/expected-metadata.json"
"$sb" eval "$tmp/corpus" --methods hybrid,dom --pages-tsv "$tmp/pages.tsv" >/dev/null 2>"$tmp/err" ||
  fail "eval on an MHTML page: exit status $?: $(cat "$tmp/err")"
[ "$(cat "$tmp/pages.tsv")" = "$(printf 'hybrid\tferry\t1.0000\ndom\tferry\t1.0000')" ] ||
  fail "eval on an MHTML page: scores '$(cat "$tmp/pages.tsv")'"

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
