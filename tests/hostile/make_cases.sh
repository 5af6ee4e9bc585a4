#!/usr/bin/env bash
# Writes hostile pages into OUTDIR, one file per case, named after the case.
#
#   make_cases.sh OUTDIR [small|full]
#
# "small" (the default) keeps every case to a few MB so the test that runs
# them (tests/cli_hostile.sh) stays quick; "full" writes the sizes of the
# reports in issue 12 (31 MB of short words, 200,000 combining marks...)
# for scripts/bench_hostile.sh.  The same bytes on every run: nothing is
# random except the garbage case, seeded.
set -euo pipefail
out=${1:?usage: make_cases.sh OUTDIR [small|full]}
scale=${2:-small}
mkdir -p "$out"
export LC_ALL=C

if [ "$scale" = full ]; then
    words_gz_mb=31 words_mb=15 tabs_mb=5 marks=200000 cjk_chars=3000000
    bomb_mb=1024 elements=300000 rules=100000 brs=500000 word_mb=5 css_elements=25000
    paragraphs=200000 images=100000 links=50000 para_word_chars=1000000
    deep=100000 metas=10000 warc_records=10000 mhtml_parts=10000 ld_mb=15
    inline_images=12 inline_kb=2200
else
    words_gz_mb=3 words_mb=2 tabs_mb=1 marks=50000 cjk_chars=300000
    bomb_mb=300 elements=100000 rules=20000 brs=100000 word_mb=1 css_elements=2000
    paragraphs=20000 images=10000 links=5000 para_word_chars=200000
    deep=20000 metas=2000 warc_records=1000 mhtml_parts=2000 ld_mb=2
    inline_images=4 inline_kb=700
fi

# repeat TEXT BYTES: TEXT over and over, cut at BYTES.
repeat() { yes "$1" | tr -d '\n' | head -c "$2" || true; }

# Short words: every word and every space is an element of its own in
# litehtml (issue 12, item 1: 31 MB took 9 GB and 115 s).
{ printf '<html><head><title>Words</title></head><body><p>'
  repeat 'ab cd ef gh ij kl mn op qr st uv wx yz ' $((words_gz_mb << 20))
  printf '</p></body></html>\n'; } | gzip -9 >"$out/short_words.html.gz"
{ printf '<html><body><p>'
  repeat 'a b c d e f g h i j ' $((words_mb << 20))
  printf '</p></body></html>\n'; } >"$out/short_words.html"

# A <pre> of tabs: preserved white space, one element per character.
{ printf '<html><body><pre>'
  repeat $'\t' $((tabs_mb << 20))
  printf '</pre></body></html>\n'; } >"$out/pre_tabs.html"

# One word of combining acute accents (U+0301) on one base letter: one
# HarfBuzz cluster (item 2: 50,000 took 6.5 s in a single shaping call).
{ printf '<html><body><p>Before a</p><p>x'
  repeat $'\xcc\x81' $((marks * 2))
  printf '</p></body></html>\n'; } >"$out/combining_marks.html"

# CJK ideographs: litehtml makes each one an element, like a word.
{ printf '<html><body><p>'
  repeat $'\xe4\xb8\x80\xe4\xba\x8c\xe4\xb8\x89' $((cjk_chars * 3))
  printf '</p></body></html>\n'; } >"$out/cjk.html"

# One long word without a space.
{ printf '<html><body><p>'
  repeat 'x' $((word_mb << 20))
  printf '</p></body></html>\n'; } >"$out/one_word.html"

# Many tiny elements with a word each.
{ printf '<html><body><div>'
  repeat '<span>w</span> ' $((elements * 15))
  printf '</div></body></html>\n'; } >"$out/tiny_elements.html"

# Many line breaks.
{ printf '<html><body><p>'
  repeat '<br>' $((brs * 4))
  printf '</p></body></html>\n'; } >"$out/line_breaks.html"

# Deep nesting, block and inline.
awk 'BEGIN { printf "<html><body>"; for (i = 0; i < 100000; i++) printf "<div>"; printf "deep";
             for (i = 0; i < 100000; i++) printf "</div>"; print "</body></html>" }' >"$out/nested_divs.html"
awk 'BEGIN { printf "<p>"; for (i = 0; i < 100000; i++) printf "<span><b>"; print "deep" }' \
    >"$out/nested_spans.html"
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "<table><tr><td>"; print "cell" }' >"$out/nested_tables.html"

# Many CSS rules, each matching the page.
awk -v n="$rules" 'BEGIN { printf "<html><head><style>";
    for (i = 0; i < n; i++) printf "div.c%d p, .story p:nth-child(%d) { margin: %dpx }\n", i % 50, i, i % 7;
    printf "</style></head><body><div class=c1 story><p>Some text.</p><p>More text.</p></div></body></html>\n" }' \
    >"$out/css_rules.html"

# Many elements under many live selectors: litehtml tests each selector on
# each element before any callback can stop it (4,000 x 16,000: 50 s).
awk -v n="$css_elements" 'BEGIN { printf "<html><head><style>";
    for (i = 0; i < 8000; i++) printf ".c%d p, .story p:nth-child(%d) {margin:1px}\n", i % 50, i;
    printf "</style></head><body><div class=story>";
    for (i = 0; i < n; i++) printf "<div class=c%d><p>w</p></div>", i % 50;
    printf "</div></body></html>\n" }' >"$out/css_selectors.html"

# A gzip bomb: zeros far beyond the input cap.
head -c $((bomb_mb << 20)) /dev/zero | gzip -1 >"$out/gzip_bomb.html.gz"

# Huge numbers in attributes and CSS (image area, absolute offsets).
cat >"$out/huge_numbers.html" <<'HTML'
<html><body><article><h1>Huge numbers</h1>
<img src="a.jpg" width="50000" height="50000"><img src="b.jpg" width="2147483647" height="2147483647">
<div style="position:absolute; left:2147483000px; top:2147483000px; width:2147483000px">far away</div>
<div style="margin-left:-2147483000px; padding-top:2147483000px">negative</div>
<p style="font-size:2147483647px">Big text in a paragraph of the story.</p>
</article></body></html>
HTML

# A single-file page (SingleFile, monolith): every picture inline as a
# base64 data: URI of `inline_kb` KB, in <img>, in style="" and in the
# page's <style> (issue 11 section 1: a 36 MB page took 1.2 s and 111 MB
# in the dom step before dom/doc/data_uri.c cut them short).
png_b64() { # a 640 x 480 PNG header, then KB of zeros, as base64
    { printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x02\x80\0\0\x01\xe0\x08\x02\0\0\0'
      head -c $(($1 << 10)) /dev/zero; } | base64 -w0
}
{ printf '<html><head><title>Single file</title><style>.hero{background:url("data:image/png;base64,'
  png_b64 "$inline_kb"
  printf '")}</style></head><body><article><h1>The single-file page</h1>\n'
  printf '<div class=hero style="background-image:url(data:image/png;base64,'
  png_b64 "$inline_kb"
  printf ')">hero</div>\n'
  for i in $(seq 1 "$inline_images"); do
      printf '<p>Paragraph %d of the story saved as one file with its pictures inside.</p>\n' "$i"
      printf '<figure><img alt="picture %d" src="data:image/png;base64,' "$i"
      png_b64 "$inline_kb"
      printf '"></figure>\n'
  done
  printf '</article></body></html>\n'; } >"$out/single_file.html"

# Binary garbage, the same bytes every run.
awk 'BEGIN { srand(42); for (i = 0; i < 300000; i++) printf "%c", int(rand() * 256) }' >"$out/garbage.html"

# What the DOM step counts (issue 12, reliability item 2): many paragraphs,
# many images, many links, and one paragraph that is a single long word.
awk -v n="$paragraphs" 'BEGIN { printf "<html><body><article><h1>Paragraphs</h1>";
    for (i = 0; i < n; i++) printf "<p>Paragraph %d says the same thing again, as the one before it did.</p>\n", i;
    print "</article></body></html>" }' >"$out/many_paragraphs.html"
awk -v n="$images" 'BEGIN { printf "<html><body><article><h1>Images</h1><p>A story with pictures in it.</p>";
    for (i = 0; i < n; i++) printf "<figure><img src=\"/img/%d.jpg\" width=\"%d\" height=\"300\" alt=\"picture %d\"><figcaption>Picture %d</figcaption></figure>\n", i, 300 + i % 500, i, i;
    print "</article></body></html>" }' >"$out/many_images.html"
awk -v n="$links" 'BEGIN { printf "<html><body><nav>";
    for (i = 0; i < n; i++) printf "<a href=\"/section/%d\">Section %d</a> ", i, i;
    printf "</nav><article><h1>Links</h1><p>The story between all those links, with a sentence or two.</p></article></body></html>\n" }' \
    >"$out/many_links.html"
{ printf '<html><body><article><h1>One word</h1><p>'
  repeat 'abcdefghij' "$para_word_chars"
  printf '</p></article></body></html>\n'; } >"$out/paragraph_one_word.html"

# Deep lists and tables (the DOM step walks up and down them): lists
# nested `deep` levels, items in items, and tables in cells.
awk -v n="$deep" 'BEGIN { printf "<html><body><article><h1>Lists</h1>";
    for (i = 0; i < n; i++) printf "<ul><li>item %d", i;
    print "</article></body></html>" }' >"$out/nested_lists.html"
awk -v n="$deep" 'BEGIN { printf "<html><body><article><h1>Ordered</h1>";
    for (i = 0; i < n; i++) printf "<ol><li>";
    printf "deep";
    for (i = 0; i < n; i++) printf "</li></ol>";
    print "</article></body></html>" }' >"$out/nested_ordered_lists.html"
awk -v n="$deep" 'BEGIN { printf "<html><body>";
    for (i = 0; i < n; i++) printf "<table><tr><td>";
    print "cell</body></html>" }' >"$out/deep_tables.html"

# Metadata in bulk: `metas` <meta> tags of the keys the metadata reader
# looks up, and `metas` JSON-LD blocks of articles with authors and
# images, then one JSON-LD @graph of `metas` x 10 objects.
awk -v n="$metas" 'BEGIN { printf "<html><head><title>Metas</title>\n";
    for (i = 0; i < n; i++) {
        printf "<meta name=\"author\" content=\"Author Number %d\">", i;
        printf "<meta property=\"og:image\" content=\"/og/%d.jpg\">", i;
        printf "<meta property=\"article:published_time\" content=\"2020-01-%02dT10:00:00Z\">\n", 1 + i % 28 }
    print "</head><body><article><h1>Metas</h1><p>The story under all that metadata.</p></article></body></html>" }' \
    >"$out/many_metas.html"
awk -v n="$metas" 'BEGIN { printf "<html><head><title>JSON-LD</title>\n";
    for (i = 0; i < n; i++)
        printf "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\",\"headline\":\"Headline %d\",\"datePublished\":\"2020-02-03T04:05:06Z\",\"author\":[{\"@type\":\"Person\",\"name\":\"Writer %d\"},{\"@type\":\"Person\",\"name\":\"Other %d\"}],\"image\":{\"@type\":\"ImageObject\",\"url\":\"/ld/%d.jpg\",\"width\":1200,\"height\":800},\"articleBody\":\"Body %d\"}</script>\n", i, i, i, i, i;
    printf "<script type=\"application/ld+json\">{\"@context\":\"https://schema.org\",\"@graph\":[";
    for (i = 0; i < n * 10; i++)
        printf "%s{\"@type\":\"%s\",\"@id\":\"#o%d\",\"name\":\"Object %d\",\"isPartOf\":{\"@id\":\"#o%d\"}}", i ? "," : "", i % 3 ? "WebPage" : "NewsArticle", i, i, i ? i - 1 : 0;
    print "]}</script></head><body><article><h1>JSON-LD</h1><p>The story under all those blocks.</p></article></body></html>" }' \
    >"$out/many_json_ld.html"

# One JSON-LD block of `ld_mb` MB of "0," (the parsed tree takes up to
# 50 times its text: 4 MB took 230 MB before the JSON-LD cap).
{ printf '<html><head><script type="application/ld+json">{"@type":"NewsArticle","headline":"Big","x":['
  repeat '0,' $((ld_mb << 20))
  printf '0]}</script></head><body><article><h1>Big JSON-LD</h1><p>The story after it.</p></article></body></html>\n'; } \
    >"$out/big_json_ld.html"

# A WARC file of `warc_records` tiny pages (one record each: the batch
# path, not one page) and an MHTML message of `mhtml_parts` parts (its
# cap), a page linking stylesheets among them; one part over the cap must
# give an error record.
awk -v n="$warc_records" 'BEGIN {
    for (i = 0; i < n; i++) {
        body = sprintf("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<html><head><title>Page %d</title></head><body><p>Tiny page %d.</p></body></html>", i, i);
        printf "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:r%d>\r\n", i;
        printf "WARC-Target-URI: http://example.com/%d\r\nContent-Type: application/http; msgtype=response\r\n", i;
        printf "Content-Length: %d\r\n\r\n%s\r\n\r\n", length(body), body } }' >"$out/many_records.warc"
# mhtml PARTS: a message of PARTS parts, the first the page.
mhtml() {
    awk -v n="$1" 'BEGIN {
        printf "MIME-Version: 1.0\r\nContent-Type: multipart/related; type=\"text/html\"; boundary=\"B\"\r\n\r\n";
        printf "--B\r\nContent-Type: text/html; charset=utf-8\r\nContent-Location: http://example.com/page\r\n\r\n";
        printf "<html><head><title>Parts</title>";
        for (i = 1; i < n && i <= 200; i++) printf "<link rel=stylesheet href=\"http://example.com/s%d.css\">", i;
        printf "</head><body><article><h1>Parts</h1><p class=c1>The story of a page saved with many parts.</p></article></body></html>\r\n";
        for (i = 1; i < n; i++)
            printf "--B\r\nContent-Type: text/css\r\nContent-Location: http://example.com/s%d.css\r\n\r\n.c%d { margin: 1px }\r\n", i, i;
        printf "--B--\r\n" }'
}
mhtml "$mhtml_parts" >"$out/many_parts.mhtml"
mhtml 10001 >"$out/too_many_parts.mhtml" # SB_MHTML_MAX_PARTS + 1

# The 64 MB cases of the README's budget (any input up to 64 MB: 256 MB
# peak RSS, 10 s), only at full size: just under the 64 MB input cap, and
# one just over it, which must get an error record.
if [ "$scale" = full ]; then
    page_bytes=$(((64 << 20) - 256))
    { printf '<html><body><article><h1>Text</h1><p>'
      repeat 'The quick brown fox jumps over the lazy dog, and then it sleeps. ' $page_bytes
      printf '</p></article></body></html>\n'; } >"$out/64mb_text.html"
    { printf '<html><body><article>'
      repeat '<p>w</p>' $page_bytes
      printf '</article></body></html>\n'; } >"$out/64mb_elements.html"
    { printf '<html><body><div '
      awk -v n=$((page_bytes / 16)) 'BEGIN { for (i = 0; i < n; i++) printf "a%07d=\"v\" ", i }' | head -c $page_bytes || true
      printf '>text</div></body></html>\n'; } >"$out/64mb_attributes.html"
    { printf '<html><body><span '
      repeat 'class="x" ' $page_bytes
      printf '>text</span></body></html>\n'; } >"$out/64mb_same_attribute.html"
    { printf '<html><body><table>'
      repeat '<tr><td>a</td><td>b</td><td>c</td><td>d</td></tr>' $page_bytes
      printf '</table></body></html>\n'; } >"$out/64mb_table.html"
    { printf '<html><body><p>'
      repeat 'x' $page_bytes
      printf '</p></body></html>\n'; } >"$out/64mb_one_word.html"
    { printf '<html><body><p>'
      repeat 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghij ' $page_bytes
      printf '</p></body></html>\n'; } >"$out/64mb_long_words.html"
    { printf '<html><body>'
      repeat '<div>' $page_bytes
      printf 'deep</body></html>\n'; } >"$out/64mb_nested.html"
    { printf '<html><body><p>'
      repeat 'word ' $(((65 << 20)))
      printf '</p></body></html>\n'; } >"$out/65mb_over_cap.html"
fi
