#!/usr/bin/env bash
# Broken and hostile pages through `storybox boxes`: each must give a box
# tree (exit 0) or one clear line on stderr (exit 1); never a crash, a
# sanitizer report, a hang or garbage.  Big inputs are generated here, in a
# temporary directory.  Usage: bash tests/cli_bad_input.sh STORYBOX
set -u
SB=${1:?usage: cli_bad_input.sh /path/to/storybox}
case "$SB" in /*) ;; *) SB="$PWD/$SB" ;; esac
cd "$(dirname "$0")/.." || exit 1
# Sanitizer builds: the known fontconfig leak is suppressed (fonts/fonts.c);
# do not let LeakSanitizer list the suppression on stderr.
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
failures=0
# The render has a 10 s time budget; parsing and decoding come on top.
LIMIT=${SB_BAD_INPUT_TIMEOUT:-120}

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# check NAME ALLOWED PAGE [storybox args...]: ALLOWED is "0", "1" or "01".
check() {
    local name=$1 allowed=$2 page=$3
    shift 3
    local start=$SECONDS
    timeout "$LIMIT" "$SB" boxes "$@" "$page" >"$tmp/out" 2>"$tmp/err" <"${STDIN:-/dev/null}"
    local status=$?
    local took=$((SECONDS - start))
    if [ "$status" -ge 124 ]; then
        fail "$name: exit $status (timeout or signal) after ${took}s; stderr: $(head -c 400 "$tmp/err")"
        return 1
    fi
    case "$allowed" in
    *"$status"*) ;;
    *)
        fail "$name: exit $status, allowed $allowed; stderr: $(head -c 400 "$tmp/err")"
        return 1
        ;;
    esac
    if [ "$status" -eq 0 ]; then
        [ "$(head -c 9 "$tmp/out")" = '{"width":' ] || fail "$name: output is not a box tree"
        [ "$(tail -c 3 "$tmp/out" | od -An -tx1 | tr -d ' \n')" = '5d7d0a' ] ||
            fail "$name: box tree does not end with ]} and one newline"
        [ -s "$tmp/err" ] && fail "$name: stderr not empty: $(head -c 400 "$tmp/err")"
    else
        local lines
        lines=$(wc -l <"$tmp/err")
        [ "$lines" -eq 1 ] || fail "$name: $lines stderr lines, want 1: $(head -c 400 "$tmp/err")"
        grep -q '^storybox: ' "$tmp/err" || fail "$name: error line lacks 'storybox: '"
        [ -s "$tmp/out" ] && fail "$name: stdout not empty on error"
    fi
    echo "ok: $name (exit $status, ${took}s)"
    return 0
}

# --- committed small fixtures -------------------------------------------------
check "empty file" 01 samples/bad/empty.html
check "invalid UTF-8" 0 samples/bad/invalid-utf8.html
check "windows-1252" 0 samples/bad/windows-1252.html
check "UTF-16LE with BOM" 0 samples/bad/utf16le.html
check "only script" 0 samples/bad/only-script.html
check "gzip without .gz name" 0 samples/bad/compressed.html
check "truncated gzip" 1 samples/bad/truncated.html.gz &&
    [ "$(cat "$tmp/err")" = "storybox: 'samples/bad/truncated.html.gz': truncated gzip data" ] ||
    fail "truncated gzip: message '$(cat "$tmp/err")'"
STDIN=samples/bad/compressed.html check "gzip on stdin" 0 -

# the windows-1252 bytes must come out as UTF-8 text in the box tree's page
if [ -x "$SB" ] && "$SB" extract --method dom --format text samples/bad/windows-1252.html >"$tmp/text" 2>/dev/null; then
    grep -q 'Le café “noir”' "$tmp/text" || fail "windows-1252 text: $(head -c 200 "$tmp/text")"
fi

# --- generated inputs -----------------------------------------------------------
# binary garbage, the same bytes every run
awk 'BEGIN { srand(42); for (i = 0; i < 300000; i++) printf "%c", int(rand() * 256) }' >"$tmp/garbage.html"
check "binary garbage" 01 "$tmp/garbage.html"

# garbage that starts like gzip
{ printf '\037\213\010\000'; head -c 5000 "$tmp/garbage.html"; } >"$tmp/fake.gz"
check "corrupt gzip" 1 "$tmp/fake.gz"

# 100,000 nested divs (and spans: inline nesting takes other code paths)
awk 'BEGIN { printf "<html><body>"; for (i = 0; i < 100000; i++) printf "<div>"; printf "deep";
             for (i = 0; i < 100000; i++) printf "</div>"; print "</body></html>" }' >"$tmp/nested.html"
check "100000 nested divs" 01 "$tmp/nested.html"
awk 'BEGIN { printf "<p>"; for (i = 0; i < 100000; i++) printf "<span><b>"; print "deep" }' >"$tmp/spans.html"
check "100000 unclosed spans" 01 "$tmp/spans.html"
# nested tables: table layout measures each cell more than once per level
for depth in 30 3000; do
    awk -v n=$depth 'BEGIN { for (i = 0; i < n; i++) printf "<table><tr><td>"; print "cell" }' >"$tmp/tables.html"
    check "$depth nested tables" 01 "$tmp/tables.html"
done

# a 50 MB page of ordinary paragraphs
awk 'BEGIN { print "<html><head><title>Huge</title></head><body>";
             s = "<p>" ; for (i = 0; i < 12; i++) s = s "A long paragraph of ordinary words. ";
             s = s "</p>";
             n = int(50 * 1024 * 1024 / (length(s) + 1)) + 1;
             for (i = 0; i < n; i++) print s; print "</body></html>" }' >"$tmp/huge.html"
check "50 MB page" 01 "$tmp/huge.html"

# one 5 MB line of text without a single tag or space
awk 'BEGIN { s = "x"; while (length(s) < 5 * 1024 * 1024) s = s s; print s }' >"$tmp/oneword.html"
check "5 MB word" 01 "$tmp/oneword.html"

if [ "$failures" -gt 0 ]; then
    echo "cli_bad_input: $failures failure(s)" >&2
    exit 1
fi
echo "cli_bad_input: all checks passed"
