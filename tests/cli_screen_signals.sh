#!/usr/bin/env bash
# hybrid's first-screen signals (method parameters of the DOM step and the
# region), each on a made-up styled page of samples/layout/, asserting the
# exact output with the signal at its default and switched, and the reason
# in --explain.  SB_FIRST_SCREEN_PX (dom/base/geom.h) is 900 px.
#   - visual_headline (on): headline_far_below.html has a modest headline
#     at the top and, far below the story, a big bold heading that matches
#     the page's <title> a little better; rendered size ranks only the
#     headings within the first screen, so the top one heads the story.
#   - visual_standfirst (on): standfirst_type.html sets its dek, unnamed, as
#     the first paragraph of the story's container in a larger type; placed
#     between the headline and the body and set apart by its type, it is the
#     standfirst.
#   - visual_below (on): far_below.html prints the paper's own notes 1500 px
#     below the story's last paragraph, in the story's container; a gap of
#     more than 1.5 screens ends the story.
#   - visual_next_story (on): next_story.html is an endless page: two
#     articles, each in its own container under the same <h1 class>; after
#     the first story's body, the second headline, set as the first is and
#     as large, ends the story; the first story's own section heading, as
#     large but inside its container, stays.  Without a render (dom) the
#     markup alone ends the story there: the second headline is set as the
#     first is (tag and class), outside the first story's container.
#   - visual_subhead (on): subhead_first.html sets "When do hens lay
#     eggs?" right under the headline "When and how long do hens lay
#     eggs?", above the story's paragraphs; its words are the headline's,
#     but it is set smaller and below the headline: a subheading, kept
#     (without the signal, and in dom, it is dropped as the headline
#     again).  In subhead.html the same heading opens a section after two
#     paragraphs of the story: the markup says it is a subheading there
#     (it stands after the story's paragraphs), so every method keeps it.
#   - visual_first_screen (off by default, measured worse): on
#     first_screen.html only the blocks starting in the first screen compete
#     for the region, so the story is chosen over the readers' letters far
#     below, which are the largest block.
# dom, which has no render, keeps what the other signals change.
#
#     bash tests/cli_screen_signals.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

. tests/support/layout_story.sh "$@"
# One JSON field's line of PAGE's record.
field() {
    local page=$1 key=$2
    shift 2
    "$sb" extract --format json "$@" "samples/layout/$page" 2>"$tmp/err" | grep "^  \"$key\": "
}

# --- visual_headline ------------------------------------------------------
top="Council approves riverside park plan"
far="Council approves the riverside park plan"
park='The town council approved the plan for a park along the river on Thursday evening, after two years of consultation with residents and the owners of the old warehouses on the east bank.

The park will run for a kilometre between the railway bridge and the boatyard, with a footpath, a cycle lane, two playgrounds and a meadow that is left to flood when the river rises in winter.

Work on the first stretch, between the railway bridge and the market steps, is to begin in the spring, once the warehouses there have been cleared and the river wall has been repaired.

The council will pay for most of the work from its own budget, with a grant from the regional water authority for the flood meadow and the new river wall along the east bank.

Residents who took part in the consultation asked for more trees and fewer car parks than the first draft showed, and the plan approved on Thursday has both, the council'\''s planning officer said.

Owners of the houses on the west bank had asked for the footpath to stay on the far side of the river, away from their gardens, and the approved plan keeps it on the east bank for its whole length.

A group of anglers asked the council to keep the old landing stage at the boatyard, which the first draft would have removed, and the council agreed to repair it rather than pull it down.

The council expects the whole park to be open within four years, although the planning officer said the flood meadow could take longer if the river'\''s level stays high through the coming winters.'
out=$(story headline_far_below.html --mode hybrid --explain) || fail "headline_far_below: extract failed"
[ "$out" = "$top

$park" ] || fail "headline_far_below, visual_headline on (default): $out"
grep -q '^heading e18 at y=1016 lies below the first screen (region top 0 + 900 px): not ranked by its size \[visual_headline=1\]: Council approves the riverside park plan$' "$tmp/err" ||
    fail "headline_far_below: the far heading is not explained"
out=$(story headline_far_below.html --mode hybrid --param visual_headline=0) || fail "headline_far_below off: extract failed"
[ "$out" = "$far

$park" ] || fail "headline_far_below, visual_headline=0: the far heading is not the headline: $out"
out=$(story headline_far_below.html --mode dom) || fail "headline_far_below dom: extract failed"
[ "$out" = "$far

$park" ] || fail "headline_far_below, dom: $out"

# --- visual_standfirst ----------------------------------------------------
dek='Traders say the new site gives them room to grow, while shops on the high street fear they will lose their Saturday trade.'
market='The weekly market will move from the high street to the old station yard at the start of next month, the town council decided on Tuesday, ending more than a century of stalls in front of the town hall.\n\nThe station yard has room for sixty stalls instead of the thirty that fit on the high street, and the council will lay new paving and put up lights so that the market can stay open into the evening in winter.\n\nThe traders'\'' association supported the move, saying that many of its members had waited years for a pitch, but several shopkeepers on the high street told the meeting that they depend on the market'\''s customers.\n\nThe council said it would put up signs from the high street to the station yard and review the move after a year, when it will ask both the traders and the shopkeepers how their trade has changed.'
[ "$(field standfirst_type.html standfirst --mode hybrid --explain)" = "  \"standfirst\": \"$dek\"," ] ||
    fail "standfirst_type, visual_standfirst on (default): the dek is not the standfirst"
grep -q '^e9 is set apart from the body by its type, between the headline and the story \[visual_standfirst=1\]$' "$tmp/err" ||
    fail "standfirst_type: the standfirst is not explained"
[ "$(field standfirst_type.html text --mode hybrid)" = "  \"text\": \"$market\"," ] ||
    fail "standfirst_type, visual_standfirst on: the text is not the body alone"
[ "$(field standfirst_type.html standfirst --mode hybrid --param visual_standfirst=0)" = '  "standfirst": null,' ] ||
    fail "standfirst_type, visual_standfirst=0: a standfirst was taken"
[ "$(field standfirst_type.html text --mode hybrid --param visual_standfirst=0)" = "  \"text\": \"$dek\\n\\n$market\"," ] ||
    fail "standfirst_type, visual_standfirst=0: the dek is not the text's first paragraph"
[ "$(field standfirst_type.html standfirst --mode dom)" = '  "standfirst": null,' ] ||
    fail "standfirst_type, dom: a standfirst was taken"

# --- visual_below ---------------------------------------------------------
lighthouse='Lighthouse reopens to visitors in May

The old lighthouse on the north point will open to visitors again in May, after three years of repairs to its tower and lantern room, the trust that looks after it said on Friday.

Visitors will be able to climb the hundred and twelve steps to the gallery below the lantern, which was closed in the autumn of the storm that cracked two of its windows and flooded the keeper'\''s cottage.

The trust raised most of the money for the repairs from its members and from a lottery grant, and volunteers rebuilt the cottage'\''s garden walls over two summers with stone from the old quarry.

Tickets will be sold at the cottage door, and the trust asks visitors to come by the coast path or the bus from the harbour, as the lane to the point has room for only a few cars.'
notes='The Coast Gazette is written and printed in the harbour town by a staff of nine, and has been since its first issue appeared on market day more than a century ago, when it cost a penny and had four pages.

Readers can send news, photographs and letters to the office on the quay, which is open on weekday mornings, or leave them in the box by the door at any hour; we read everything we receive, though we cannot print it all.

The paper is delivered to every village on the peninsula on Thursdays and Saturdays, and the newsagents in the harbour town keep copies of the last month'\''s issues for those who miss one.'
out=$(story far_below.html --mode hybrid --explain) || fail "far_below: extract failed"
[ "$out" = "$lighthouse" ] || fail "far_below, visual_below on (default): the notes far below are kept: $out"
grep -q "^visual_below: e14 starts 1500 px below the story's last paragraph (more than 1.5 screens of 900 px): the story ends there$" "$tmp/err" ||
    fail "far_below: the end of the story is not explained"
[ "$(grep -c "far below the story's end: other content \[visual_below=1\]" "$tmp/err")" = 3 ] ||
    fail "far_below: the three dropped paragraphs are not explained"
out=$(story far_below.html --mode hybrid --param visual_below=0) || fail "far_below off: extract failed"
[ "$out" = "$lighthouse

$notes" ] || fail "far_below, visual_below=0: the notes are not kept: $out"
out=$(story far_below.html --mode dom) || fail "far_below dom: extract failed"
[ "$out" = "$lighthouse

$notes" ] || fail "far_below, dom: the notes are not kept: $out"

# --- visual_next_story ----------------------------------------------------
ferry='Ferry timetable changes for the winter

The island ferry will sail four times a day instead of six from the first of November, the harbour board said on Monday, as the summer visitors leave and the crossings run half empty.

The first boat will leave the harbour at seven in the morning and the last will return from the island at six in the evening, an hour earlier than in the summer months.

Fares stay the same

Fares will not change this winter, the board said, and islanders will keep their reduced season tickets, which can now be bought at the harbour office as well as on board.

The board will review the timetable in March, before the Easter holidays, and asks passengers to send their comments to the harbour office by the end of January.'
library='Library extends its opening hours

The town library will open on Saturday afternoons from next month, after readers asked for longer hours in a survey last spring, the head librarian said on Tuesday.

The reading room on the first floor will stay open until eight on Thursdays, and the children'\''s corner will hold a story hour every Saturday at three.'
out=$(story next_story.html --mode hybrid --explain) || fail "next_story: extract failed"
[ "$out" = "$ferry" ] || fail "next_story, visual_next_story on (default): the next article is kept: $out"
grep -q "^visual_next_story: e18 is a heading set at 34 px, as large as the headline e9 (34 px), after 683 bytes of the story: another story starts there$" "$tmp/err" ||
    fail "next_story: the end of the story is not explained"
[ "$(grep -c "another story, after a heading as large as the headline \[visual_next_story=1\]" "$tmp/err")" = 3 ] ||
    fail "next_story: the three dropped paragraphs are not explained"
out=$(story next_story.html --mode hybrid --param visual_next_story=0) || fail "next_story off: extract failed"
[ "$out" = "$ferry

$library" ] || fail "next_story, visual_next_story=0: the next article is not kept: $out"
out=$(story next_story.html --mode dom --explain) || fail "next_story dom: extract failed"
[ "$out" = "$ferry" ] || fail "next_story, dom: the next article is kept: $out"
grep -q "^next story: e18 is a heading set as the headline e9 is (tag and class), outside the story's container, after 683 bytes of the story$" "$tmp/err" ||
    fail "next_story, dom: the end of the story is not explained"

# --- visual_subhead -------------------------------------------------------
hens_intro='When and how long do hens lay eggs?

Anyone who keeps a few hens in the garden soon asks how many eggs to expect, and for how many years the birds will go on laying before they retire to scratch about the lawn.

The answer depends on the breed, the light and the food, and a little on the hen herself, as every keeper who has had a lazy one in the flock will tell you.'
hens_rest='Most hens lay their first egg at about five or six months of age, the light breeds a few weeks earlier than the heavy ones, and pullets hatched in spring start laying before the winter.

A young hen lays almost every day in her first season, then a little less each year, and most stop laying altogether by the age of six or seven.'
out=$(story subhead_first.html --mode hybrid --explain) || fail "subhead_first: extract failed"
[ "$out" = "When and how long do hens lay eggs?

When do hens lay eggs?

${hens_intro#*

}

$hens_rest" ] || fail "subhead_first, visual_subhead on (default): the subheading is dropped: $out"
grep -q "^e9 speaks the headline's words but is set at 24 px below the headline e8 (40 px): a subheading, not the headline \[visual_subhead=1\]$" "$tmp/err" ||
    fail "subhead_first: the kept subheading is not explained"
out=$(story subhead_first.html --mode hybrid --param visual_subhead=0) || fail "subhead_first off: extract failed"
[ "$out" = "$hens_intro

$hens_rest" ] || fail "subhead_first, visual_subhead=0: the subheading is kept: $out"
out=$(story subhead_first.html --mode dom) || fail "subhead_first dom: extract failed"
[ "$out" = "$hens_intro

$hens_rest" ] || fail "subhead_first, dom: the subheading is kept: $out"
for args in "--mode hybrid" "--mode hybrid --param visual_subhead=0" "--mode dom"; do
    out=$(story subhead.html $args --explain) || fail "subhead $args: extract failed"
    [ "$out" = "$hens_intro

When do hens lay eggs?

$hens_rest" ] || fail "subhead, $args: the section heading after the story's paragraphs is dropped: $out"
done
grep -q "^e11 speaks the headline's words but stands after the story's paragraph e9: a subheading, not the headline$" "$tmp/err" ||
    fail "subhead, dom: the kept section heading is not explained"

# --- visual_first_screen --------------------------------------------------
"$sb" extract --mode hybrid --explain samples/layout/first_screen.html >"$tmp/off.json" 2>"$tmp/off.err" ||
    fail "first_screen: extract failed"
grep -q '^  \* block 3 at (90,1893) ' "$tmp/off.err" ||
    fail "first_screen, visual_first_screen off (default): the region is not the letters block"
grep -q 'visual_first_screen=1' "$tmp/off.err" && fail "first_screen: the signal acted while off"
"$sb" extract --mode hybrid --param visual_first_screen=1 --explain samples/layout/first_screen.html \
    >"$tmp/on.json" 2>"$tmp/on.err" || fail "first_screen on: extract failed"
grep -q '^only blocks starting in the first screen (top < 900 px) compete \[visual_first_screen=1\]$' "$tmp/on.err" ||
    fail "first_screen, visual_first_screen=1: the rule is not explained"
grep -q '^  \* block 1 at (90,113) ' "$tmp/on.err" ||
    fail "first_screen, visual_first_screen=1: the region is not the story's block"
grep -q '^    block 3 at (90,1893) .* (below the first screen)$' "$tmp/on.err" ||
    fail "first_screen, visual_first_screen=1: the letters block is not set aside"
for f in off on; do
    out=$(grep '^  "text": ' "$tmp/$f.json")
    [ "$out" = '  "text": "The regional rail company will run an extra evening train between the coast and the city from next month, its timetable office announced on Wednesday after a year of complaints from commuters.\n\nThe new train leaves the city at a quarter to eleven and stops at every station along the coast, so that people who work late shifts in the city no longer have to wait for the night bus.\n\nThe company said the train will run for a trial period of six months, after which it will count the passengers and decide whether the service stays in the timetable for good.\n\nCommuter groups welcomed the decision but said that a later train on Friday and Saturday nights would be used even more, and that they would keep asking for one during the trial.",' ] || fail "first_screen, $f: the text is not the story alone: $out"
done

finish cli_screen_signals
