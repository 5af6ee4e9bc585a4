#!/usr/bin/env bash
# hybrid's visual signals in the DOM step, each on made-up styled pages of
# samples/layout/, asserting the exact text with the signal on (the
# default) and off, and the reason in --explain:
#   - visual_sidebar: sidebar_rail.html floats a rail of prose beside the
#     story's paragraphs in their own container, with no telling class
#     names; only the render shows it beside the story column.
#   - visual_hidden: offscreen.html has a paragraph placed far left of the
#     page (position:absolute) and one in a display:none box;
#     hidden_story.html hides most of its story until a script would show
#     it, which the signal must not believe (the story stays, said in
#     --explain).
#   - visual_clip: clipped.html has a paragraph in a 1 px box that hides
#     its overflow (the "screen reader only" pattern), one in a panel
#     folded to no height and one pushed off the page by text-indent, all
#     with neutral class names: only the render sees that nobody can read
#     them.  Off by default (it changed no corpus page): asserted on when
#     asked, off by default.
#   - visual_caption: caption_type.html sets its <figcaption> smaller than
#     the body and, below the figure, an unnamed dek that begins with the
#     picture's alt text in the body's type: not a second caption.
# dom, which has no render, keeps what the signals drop.
#
#     bash tests/cli_visual_signals.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

. tests/support/layout_story.sh "$@"

# --- visual_sidebar -------------------------------------------------------
rail1="Our weekend newsletter brings the week's harbour news, tide tables and the ferry timetable to your inbox every Saturday morning, free of charge."
rail2="Readers who write to the editor about the ferry are asked to give their full name and the town they live in, so that letters can be printed."
ferry="Harbour ferry resumes its winter timetable

The passenger ferry between the old harbour and the island returned to its winter timetable on Monday, with four crossings a day instead of the summer's ten, the operator said in a statement.

The first boat now leaves the harbour at seven in the morning and the last returns from the island shortly after six in the evening, which islanders who work on the mainland have long asked for.

The operator said the reduced service reflects the number of passengers outside the tourist season, when the boats often cross with fewer than twenty people on board.

A spokesman for the island council welcomed the earlier first crossing but said the council would keep pressing for a later evening boat on Fridays, when many islanders return from the mainland.

The summer timetable is expected to return at the start of April, depending on the repairs planned for the harbour's landing stage over the winter months."
ferry_with_rail="${ferry%%$'\n\n'*}

$rail1

$rail2

${ferry#*$'\n\n'}"

out=$(story sidebar_rail.html --mode hybrid --explain) || fail "sidebar_rail: extract failed"
[ "$out" = "$ferry" ] || fail "sidebar_rail, visual_sidebar on (default): text is not the story alone: $out"
[ "$(grep -c 'beside the story column: a sidebar or rail \[visual_sidebar=1\]' "$tmp/err")" = 2 ] ||
    fail "sidebar_rail: the two rail paragraphs are not explained"
out=$(story sidebar_rail.html --mode hybrid --param visual_sidebar=0) || fail "sidebar_rail off: extract failed"
[ "$out" = "$ferry_with_rail" ] || fail "sidebar_rail, visual_sidebar=0: the rail is not kept: $out"
out=$(story sidebar_rail.html --mode dom) || fail "sidebar_rail dom: extract failed"
[ "$out" = "$ferry_with_rail" ] || fail "sidebar_rail, dom: the rail is not kept: $out"

# --- visual_hidden: off-screen and display:none -------------------------
library="Library extends its opening hours

The town library will stay open until nine in the evening on weekdays from next month, the library's board decided at its meeting on Tuesday, after a year of requests from students and working readers.

The longer hours will be paid for by closing the reading room on Monday mornings, when the board's figures show that fewer than a dozen readers use it on an average week.

The board will look at the number of evening visitors again in the spring and decide then whether the new hours become permanent for the rest of the year."
cookies="This page uses cookies to remember the settings you chose for the text size and the colours of the page the next time you visit it."
textsize="Text size: small, medium or large. Colours: light on dark, dark on light, or the colours your system prefers for every page."
IFS= read -r -d '' library_all <<EOT
Library extends its opening hours

The town library will stay open until nine in the evening on weekdays from next month, the library's board decided at its meeting on Tuesday, after a year of requests from students and working readers.

$cookies

The longer hours will be paid for by closing the reading room on Monday mornings, when the board's figures show that fewer than a dozen readers use it on an average week.

$textsize

The board will look at the number of evening visitors again in the spring and decide then whether the new hours become permanent for the rest of the year.
EOT
library_all=${library_all%$'\n'}

out=$(story offscreen.html --mode hybrid --explain) || fail "offscreen: extract failed"
[ "$out" = "$library" ] || fail "offscreen, visual_hidden on (default): hidden text kept: $out"
grep -q "off-screen: placed wholly before the page's origin \[visual_hidden=1\]: This page uses cookies" "$tmp/err" ||
    fail "offscreen: the off-screen paragraph is not explained"
grep -q 'not shown: no box in the render \[visual_hidden=1\]: Text size' "$tmp/err" ||
    fail "offscreen: the display:none paragraph is not explained"
out=$(story offscreen.html --mode hybrid --params visual_hidden=0,visual_sidebar=0) ||
    fail "offscreen off: extract failed"
[ "$out" = "$library_all" ] || fail "offscreen, visual_hidden=0 (and visual_sidebar=0, which sees the paragraph far left beside the column): hidden text not kept: $out"
out=$(story offscreen.html --mode dom) || fail "offscreen dom: extract failed"
[ "$out" = "$library_all" ] || fail "offscreen, dom: hidden text not kept: $out"

# --- visual_hidden is not believed when it would hide most of the story --
bridge="Bridge repairs close the river path

The footpath along the river will be closed under the old stone bridge for six weeks from Monday while its arches are repaired.

Walkers and cyclists will be sent over the road bridge a little upstream, where a temporary crossing with lights has been set up for the duration of the works, the council said.

The arches were found to be losing mortar during an inspection in the summer, and the engineers advised that the repairs should be finished before the river rises in the winter.

The council expects the path to open again in time for the town's winter market, which draws many visitors along the river in the first weeks of December."
out=$(story hidden_story.html --mode hybrid --explain) || fail "hidden_story: extract failed"
[ "$out" = "$bridge" ] || fail "hidden_story: the hidden story was dropped: $out"
grep -q '^visual_hidden: 508 of 635 bytes of the roots. paragraphs have no box or lie off-screen: the story is not hidden, the render is not believed$' "$tmp/err" ||
    fail "hidden_story: the distrust is not explained"
grep -q 'visual_hidden=1\]' "$tmp/err" && fail "hidden_story: a paragraph was dropped as hidden"

# --- visual_clip ------------------------------------------------------------
ferry_a='The island ferry will sail four times a day instead of six from the first of November, the harbour board said on Monday, because fewer visitors cross in the winter months and two of the crews are needed for the refit.'
clip_1px="The board's notice for the ferry's winter hours was first printed in the spring, and the copy kept in the office of the harbour board is the one that counts if the two should differ in any way."
ferry_b='The first boat will leave the island at seven in the morning and the last will return from the mainland at six in the evening, so that those who work in the town can still travel on both days of the weekend.'
clip_fold='Passengers who booked a crossing on one of the dropped sailings before the change will be moved to the nearest sailing that remains, and may ask the office for their money back if that does not suit them.'
ferry_c='The larger of the two ferries will go to the shipyard on the mainland in January for new engines, and the smaller one will carry the winter traffic alone until the larger is back in service in the spring.'
clip_indent="Ferry timetables, fares and the harbour board's notices for every crossing of the year are printed in the office window and kept in the folder on the counter for those who ask to see them."
ferry_d="The board said the summer timetable would start again at Easter, with the six daily sailings and the late boat on Fridays and Saturdays that the island's shops and the hotel by the pier asked for last year."
winter="Ferry timetable changes for the winter"
out=$(story clipped.html --mode hybrid --param visual_clip=1 --explain) || fail "clipped: extract failed"
[ "$out" = "$winter

$ferry_a

$ferry_b

$ferry_c

$ferry_d" ] || fail "clipped, visual_clip=1: unseen text kept: $out"
[ "$(grep -c 'not seen: its text is clipped to nothing or lies before the page.s origin \[visual_clip=1\]' "$tmp/err")" = 3 ] ||
    fail "clipped: the three unseen paragraphs are not explained"
clipped_all="$winter

$ferry_a

$clip_1px

$ferry_b

$clip_fold

$ferry_c

$clip_indent

$ferry_d"
out=$(story clipped.html --mode hybrid) || fail "clipped off: extract failed"
[ "$out" = "$clipped_all" ] || fail "clipped, visual_clip off (default): unseen text not kept: $out"
out=$(story clipped.html --mode dom) || fail "clipped dom: extract failed"
[ "$out" = "$clipped_all" ] || fail "clipped, dom: unseen text not kept: $out"

# --- visual_caption ---------------------------------------------------------
bridge_title="New footbridge opens over the canal"
bridge_dek="The new footbridge links the market square with the station across the canal. It opened on Saturday after a year of work, and cyclists may use it too."
bridge_body="The footbridge across the canal opened to walkers and cyclists on Saturday morning, a year after the old swing bridge beside the lock was closed because its frame had rusted through.

The new bridge is high enough for the canal's boats to pass beneath it without waiting, so the lock keeper no longer has to swing a bridge open a dozen times a day in the summer.

It cost the town a little less than the council had set aside, and the money left over will pay for new lamps along the towpath between the bridge and the station.

Traders in the market square said they hoped the shorter walk from the station would bring more visitors to the Saturday market, which has lost custom since the old bridge closed."
out=$(story caption_type.html --mode hybrid --explain) || fail "caption_type: extract failed"
[ "$out" = "$bridge_title

$bridge_dek

$bridge_body" ] || fail "caption_type, visual_caption on (default): the dek is not kept: $out"
grep -q "^visual_caption: body text 16 px, captions smaller: a paragraph repeating a picture's alt text in the body's type is not its caption$" "$tmp/err" ||
    fail "caption_type: the signal is not explained"
out=$(story caption_type.html --mode hybrid --param visual_caption=0) || fail "caption_type off: extract failed"
[ "$out" = "$bridge_title

$bridge_body" ] || fail "caption_type, visual_caption=0: the dek is kept: $out"
out=$(story caption_type.html --mode dom) || fail "caption_type dom: extract failed"
[ "$out" = "$bridge_title

$bridge_body" ] || fail "caption_type, dom: the dek is kept: $out"

finish cli_visual_signals
