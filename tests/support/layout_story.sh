# Shared set-up of the shell tests of the layout signals on the made-up
# pages of samples/layout/ (cli_visual_signals, cli_screen_signals,
# cli_box_signals, cli_layout_intro, cli_grid_layout; cli_region_signals
# uses its set-up only, on a news sample).  Sourced from the
# repository's root with the test's arguments:
#
#     cd "$(dirname "$0")/.." && . tests/support/layout_story.sh "$@"
#
# It sets sb (the storybox binary, the first argument) and tmp (a directory
# removed on exit), and defines fail (count a failed check), story (a
# page's story as text; stderr kept in $tmp/err for --explain checks) and
# finish (the summary line and the exit status).

sb=${1:?usage: $(basename "$0") path/to/storybox}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# The story text of PAGE with extra extract options, in --format text.
story() {
    local page=$1
    shift
    "$sb" extract --format text "$@" "samples/layout/$page" 2>"$tmp/err"
}

# Ends the test: "NAME: all checks passed" and status 0, or status 1.
finish() {
    [ "$failures" -eq 0 ] && echo "$1: all checks passed"
    exit $((failures > 0))
}
