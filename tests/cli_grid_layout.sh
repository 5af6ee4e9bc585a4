#!/usr/bin/env bash
# Grid items placed on explicit tracks (render/css_grid.h), on made-up
# styled pages of samples/layout/ whose rail of prose has neutral class
# names: grid_columns.html (a 12-column system, the story spanning 8 tracks,
# the rail 4), grid_areas.html (named areas "main rail" from 900 px on) and
# grid_supports.html (a 1fr 300px grid behind @supports (display: grid)).
# With the placement translated the rail stands beside the story, and
# hybrid's visual_sidebar leaves it out; dom, which has no render, keeps it
# (as hybrid did when the grid stayed in block flow).
#
#     bash tests/cli_grid_layout.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

. tests/support/layout_story.sh "$@"

# --- grid_columns.html -----------------------------------------------------
trains="Night trains return to the valley line

The night train between the coast and the mountain towns returned to the valley line on Sunday for the first time in eleven years, with sleeping cars that the operator bought second-hand and refitted over the summer.

The first train left the coast shortly before ten in the evening and reached the last station of the valley at half past six in the morning, a few minutes late after a long stop at the junction where the line leaves the river.

Hotel owners in the mountain towns had asked for the train's return since the service ended, saying that visitors from the cities no longer came for short stays once the only way up was a morning bus.

The operator said the train would run three nights a week until the spring and every night in the summer months, if the first winter shows that enough passengers are willing to pay for a bed rather than a seat."
trains_rail="Our morning newsletter sends the valley's news, the weather in the passes and the week's timetable changes to your inbox at seven every weekday, free.

Letters to the editor about the railway are printed on Thursdays when they give the writer's full name and the town they live in."
out=$(story grid_columns.html --mode hybrid) || fail "grid_columns: extract failed"
[ "$out" = "$trains" ] || fail "grid_columns, hybrid: text is not the story alone: $out"
out=$("$sb" extract --mode hybrid --explain samples/layout/grid_columns.html 2>&1)
[ "$(grep -c 'beside the story column: a sidebar or rail \[visual_sidebar=1\]' <<<"$out")" = 2 ] ||
    fail "grid_columns: the two rail paragraphs are not explained"
out=$(story grid_columns.html --mode dom) || fail "grid_columns dom: extract failed"
[ "$out" = "$trains

$trains_rail" ] || fail "grid_columns, dom: the rail is not kept: $out"

# --- grid_areas.html -------------------------------------------------------
crane="Harbour crane is taken down after sixty years

The old harbour crane that has stood over the north quay since the port was rebuilt after the war was taken down on Tuesday, piece by piece, by a team that had spent three weeks preparing the work.

The crane had not lifted a cargo since the container terminal opened across the bay, and the harbour board decided last year that repairing its rusted frame would cost more than the quay could ever earn from it.

Several hundred people watched from the sea wall as the jib was lowered onto a barge in the early afternoon, many of them former dock workers who had operated the crane or unloaded ships beneath it.

The board said the crane's cabin would be kept and shown in the harbour museum, and that the quay would be turned into a public walkway with benches by the end of next summer."
crane_rail="Our weekend newsletter brings the week's harbour news, tide tables and the ferry timetable to your inbox every Saturday morning, free of charge.

Readers who write to the editor are asked to give their full name and the town they live in, so that letters can be printed."
out=$(story grid_areas.html --mode hybrid) || fail "grid_areas: extract failed"
[ "$out" = "$crane" ] || fail "grid_areas, hybrid: text is not the story alone: $out"
out=$(story grid_areas.html --mode dom) || fail "grid_areas dom: extract failed"
[ "$out" = "$crane

$crane_rail" ] || fail "grid_areas, dom: the rail is not kept: $out"

# --- grid_supports.html: the grid behind @supports (display: grid) ----------
library="Town library opens on Sundays from March

The town library will open on Sunday afternoons from the first week of March, the council said on Wednesday, after a year in which volunteers kept the reading room open on a handful of winter weekends.

The library will open from one until five o'clock, with one member of staff and two volunteers on duty, and the children's room will hold a reading hour every other week.

The council said the cost would be met by closing the library one hour earlier on Monday evenings, when fewer than a dozen visitors come in on most weeks.

Parents who had written to the council about the weekend opening said they hoped the Sunday hours would be kept once the trial year ends."
library_rail="Our weekly newsletter brings the town's news, the week's events and the library's new books to your inbox every Friday morning, free of charge.

Readers who write to the editor are asked to give their full name and the street they live in, so that letters can be printed."
out=$(story grid_supports.html --mode hybrid) || fail "grid_supports: extract failed"
[ "$out" = "$library" ] || fail "grid_supports, hybrid: text is not the story alone: $out"
out=$(story grid_supports.html --mode dom) || fail "grid_supports dom: extract failed"
[ "$out" = "$library

$library_rail" ] || fail "grid_supports, dom: the rail is not kept: $out"

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "cli_grid_layout: ok"
