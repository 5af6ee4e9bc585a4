#!/usr/bin/env bash
# The region's switchable signals (hybrid's method parameters) on
# samples/news/link_lists_first.html, an unstyled page whose menus and link
# lists come first and whose largest unbroken text block is a "Latest"
# teaser list while the story is cut into blocks by "Read more:" lines:
#   - region_column=1 (the default): the region is a block of the story
#     (its story column holds 1750 characters outside links) and the DOM
#     step only narrows it;
#   - region_column=0: the region is the teaser list, and only the DOM's
#     own container, taken instead, saves the story (said in --explain);
#   - either way hybrid's text is dom's, exactly.
# And the visual_hidden signal on samples/layout/hidden.html.
#
#     bash tests/cli_region_signals.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

. tests/support/layout_story.sh "$@"
page=samples/news/link_lists_first.html

"$sb" extract --mode hybrid --explain "$page" >"$tmp/on.json" 2>"$tmp/on.err" || fail "extract (default) failed"
grep -q 'region rule: most non-link text in the block.s story column \[region_column=1\]' "$tmp/on.err" ||
    fail "default region rule is not the column rule"
grep -q '^  \* block 10 at (8,[0-9]*) [0-9x]* text-area [0-9]* chars 585 links 13 lines 6 column-text 1750$' "$tmp/on.err" ||
    fail "default: the region is not the story's first body block"
grep -q '^region narrowed to the DOM.s story container$' "$tmp/on.err" ||
    fail "default: the DOM step did not just narrow the region"
grep -q 'shows more text than the region' "$tmp/on.err" && fail "default: the region missed the story"

"$sb" extract --mode hybrid --param region_column=0 --explain "$page" >"$tmp/off.json" 2>"$tmp/off.err" ||
    fail "extract (region_column=0) failed"
grep -q 'region rule: largest non-link text area,' "$tmp/off.err" || fail "region_column=0 not honoured"
grep -q '^  \* block 3 at (8,[0-9]*) [0-9x]* text-area [0-9]* chars 1014 links 202 lines 13$' "$tmp/off.err" ||
    fail "region_column=0: the region is not the teaser list"
grep -q "^the DOM's story container shows more text than the region: taken instead$" "$tmp/off.err" ||
    fail "region_column=0: the rescue is not explained"

"$sb" extract --mode dom "$page" >"$tmp/dom.json" 2>/dev/null || fail "extract --mode dom failed"
text_of() { grep '^ *"text": *"' "$1" | sed 's/^ *//'; }
for f in on off; do
    [ -n "$(text_of "$tmp/$f.json")" ] || fail "$f: no text"
    [ "$(text_of "$tmp/$f.json")" = "$(text_of "$tmp/dom.json")" ] || fail "$f: hybrid's text differs from dom's"
done
text_of "$tmp/on.json" | grep -q '^"text": *"The passenger ferry between Eastwick' || fail "story does not start with its first paragraph"
text_of "$tmp/on.json" | grep -q 'Read more' && fail "a Read more promotion is in the text"

# visual_hidden (on by default): samples/layout/hidden.html hides one
# paragraph with a stylesheet's display:none and one block with
# visibility:hidden; only the render knows.  More of it in
# tests/cli_visual_signals.sh.
hidden=samples/layout/hidden.html
"$sb" extract --mode hybrid --param visual_hidden=0 "$hidden" >"$tmp/h0.json" 2>/dev/null ||
    fail "extract hidden.html failed"
grep -q '^ *"text": "Shown text.\\n\\nNot shown.\\n\\nInvisible\\n\\nAfter.",$' "$tmp/h0.json" ||
    fail "visual_hidden=0: the hidden blocks are not kept"
"$sb" extract --mode hybrid --explain "$hidden" >"$tmp/h1.json" 2>"$tmp/h1.err" ||
    fail "extract hidden.html with visual_hidden=1 failed"
grep -q '^ *"text": "Shown text.\\n\\nAfter.",$' "$tmp/h1.json" || fail "visual_hidden=1: hidden text kept"
[ "$(grep 'not shown: no box in the render \[visual_hidden=1\]' "$tmp/h1.err" | sort -u | wc -l)" = 2 ] ||
    fail "visual_hidden=1: the two drops are not explained"

finish cli_region_signals
