#!/usr/bin/env bash
# hybrid's visual_intro signal (dom/story/layout_intro.c), on a made-up
# styled page of samples/layout/, asserting the exact story text with the
# signal at its default and switched off, and the reason in --explain.
#   intro_apart.html prints the story's opening paragraphs in the header
#   block, under the headline, a dek, a share bar and a byline, apart from
#   the container that holds the rest of the story (the DOM step's story
#   root).  Rendered below the headline, above the story's first kept
#   paragraph, in the story's column and body type, the two paragraphs are
#   the story's opening and are kept, and so is the list of the story's key
#   points above them (link-free items of five words or more); the share
#   bar (a list of links) and the byline in the same zone stay out.
#   Without the signal (and in dom, which has no render) the key points and
#   the first paragraph are lost.
#
#     bash tests/cli_layout_intro.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

. tests/support/layout_story.sh "$@"

head='Ferry service returns to the island after the winter storms'
dek='The crossing to the island runs again from Monday, six weeks after the storms tore the landing stage from its moorings.'
first='The first boat will leave the mainland pier at seven in the morning, and the timetable will return to its usual four crossings a day by the end of the month, the harbour board said on Friday.'
points='The first ferry leaves the mainland at seven on Monday morning

A new landing stage replaces the one the storms destroyed

Fares stay the same this year, the harbour board says'
second='Islanders have relied on a fishing boat and a hired launch since the storms, carrying post, medicine and school children across the sound when the weather allowed.'
body='A new landing stage

Engineers worked through the spring tides to fit a new landing stage, built on the mainland and towed across the sound on a barge in a single calm afternoon last week.

The old stage, which had stood for forty years, was found on the rocks at the north end of the island the morning after the second storm, its steel frame twisted beyond repair.

The harbour board said the new stage is longer and sits higher on its piles, so that the ferry can berth at every state of the tide instead of waiting for the flood as it used to.

The cost of the work, which the board put at a little under two million, will be shared between the council and the national ferry fund, and fares will not rise this year.

The island'\''s school, which has taught its older pupils over a video link since January, will open its doors to the children from the mainland again on Tuesday.

The shop on the pier, which closed when its deliveries stopped, will take its first load of fresh goods off the morning boat and open again at nine.

Fishermen on the island said they were glad to see the ferry back, though several of them had enjoyed the quiet weeks when the sound was theirs alone.

The harbour master said the crew had spent the last week practising their approach to the new stage in the empty harbour, first in calm water and then in the swell that follows a westerly wind.

Tickets bought for crossings that were cancelled during the winter will be honoured until the end of the summer, and season tickets will be extended by the six weeks the service was lost.

The board will meet islanders in the village hall on Wednesday evening to explain the new timetable and to hear what they would like changed before the summer season begins.

A second, smaller landing stage on the east side of the island, which the board had planned before the storms, is now expected to be built next winter if the council agrees to share its cost.

Until then the island'\''s farmers will keep sending their cattle to the mainland market on the ferry'\''s first crossing of the month, as they did before the storms, penned on the car deck.

The harbour board thanked the islanders for their patience and the crews of the fishing boat and the launch for keeping the island supplied through the worst of the weather.'

# On (default): the key points and both opening paragraphs in text, the
# dek in its own field.
out=$(story intro_apart.html --mode hybrid --explain) || fail "intro_apart: extract failed"
[ "$out" = "$head

$points

$first

$second

$body" ] || fail "intro_apart, visual_intro on (default): $out"
grep -q '^visual_intro: e42 lies between the headline e16 (bottom 252 px) and the story (top 740 px), in its column and body type (17 px)$' "$tmp/err" ||
    fail "intro_apart: the kept opening is not explained"
grep -q '^para ADD e38 <li> story prose above the story root, placed by the layout \[visual_intro=1\]: The first ferry' "$tmp/err" ||
    fail "intro_apart: the key points' ADD line is missing"
grep -q '^para ADD e42 <p> story prose above the story root, placed by the layout \[visual_intro=1\]: The first boat' "$tmp/err" ||
    fail "intro_apart: the ADD line is missing"
grep -q '^visual_intro: e\(1[0-9]\|2[0-9]\|3[0-7]\) ' "$tmp/err" &&
    fail "intro_apart: visual_intro took the share bar or the byline"
json=$("$sb" extract --format json --mode hybrid samples/layout/intro_apart.html) ||
    fail "intro_apart json: extract failed"
printf '%s' "$json" | grep -qF "\"standfirst\": \"$dek\"" || fail "intro_apart: the dek is not the standfirst: $json"

# Off, and dom: the first opening paragraph is lost (the dek stays in text).
for opts in "--mode hybrid --param visual_intro=0" "--mode dom"; do
    # shellcheck disable=SC2086
    out=$(story intro_apart.html $opts --explain) || fail "intro_apart $opts: extract failed"
    [ "$out" = "$head

$dek

$second

$body" ] || fail "intro_apart, $opts: $out"
    grep -q 'visual_intro' "$tmp/err" && fail "intro_apart: visual_intro acted with $opts"
done

finish cli_layout_intro
