#!/usr/bin/env bash
# hybrid's signals of boxes painted apart (hybrid/methods/visual_boxes.h), on
# a made-up styled page of samples/layout/, asserting the exact story text
# with each signal at its default and switched off, and the reason in
# --explain.
#   - visual_cta (on): boxed_furniture.html sets a sign-up in the story's
#     body, a short blurb and a form (a text field and a button) on a pale
#     blue background of its own; a box painted apart that holds a form
#     control and little text is a call to action, and its blurb leaves the
#     story.  Its framed list of related stories (a border on all four
#     sides, links with a few words after each) is the DOM's own business:
#     link-heavy, dropped with or without the signal.
# dom, which has no render, keeps what the signals drop.
#
#     bash tests/cli_box_signals.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

. tests/support/layout_story.sh "$@"

# --- visual_cta -------------------------------------------------------------
head='Valley bakery wins the regional bread prize

The small bakery on the mill road has won this year'\''s regional bread prize with a sourdough loaf made from rye grown on the farms along the valley, the judges announced at the harvest fair on Saturday.

Forty bakeries from across the region entered the competition, which is judged on the crust, the crumb and the flavour of a plain loaf baked on the morning of the fair and brought to the hall before nine.'
blurb='Every Friday evening, the week'\''s valley news and the market prices, straight from our desk to you.'
tail='The baker, who took over the shop from her parents six years ago, said the rye comes from a single farm two miles up the valley and is milled by hand in the back room every Thursday.

The prize brings a year'\''s supply of flour from the regional millers'\'' guild and a place in the national competition in the spring, where the bakery will send the same loaf.'
out=$(story boxed_furniture.html --mode hybrid --explain) || fail "boxed_furniture: extract failed"
[ "$out" = "$head

$tail" ] || fail "boxed_furniture, visual_cta on (default): the sign-up is kept: $out"
grep -q '^visual_cta: e11 <div> is background #e8f1f7 on #ffffff, holds a <input> and 91 characters of text: a call to action, not story$' "$tmp/err" ||
    fail "boxed_furniture: the marked box is not explained"
grep -q "^para DROP e12 <p> in a box painted apart holding a form control: a call to action \[visual_cta=1\]: Every Friday evening" "$tmp/err" ||
    fail "boxed_furniture: the dropped blurb is not explained"
out=$(story boxed_furniture.html --mode hybrid --param visual_cta=0 --explain) || fail "boxed_furniture off: extract failed"
[ "$out" = "$head

$blurb

$tail" ] || fail "boxed_furniture, visual_cta=0: the sign-up's blurb is not kept: $out"
grep -q 'visual_cta' "$tmp/err" && fail "boxed_furniture: visual_cta acted while off"
out=$(story boxed_furniture.html --mode dom) || fail "boxed_furniture dom: extract failed"
[ "$out" = "$head

$blurb

$tail" ] || fail "boxed_furniture, dom: $out"

finish cli_box_signals
