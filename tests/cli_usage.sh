#!/usr/bin/env bash
# storybox command line: help, version, usage errors (exit 2 with a short
# message), page errors (exit 1 with one line), and the boxes/render
# subcommands on a small sample.  Usage: bash tests/cli_usage.sh STORYBOX
set -u
SB=${1:?usage: cli_usage.sh /path/to/storybox}
case "$SB" in /*) ;; *) SB="$PWD/$SB" ;; esac
cd "$(dirname "$0")/.." || exit 1
# Sanitizer builds: the known fontconfig leak is suppressed (fonts/fonts.c);
# do not let LeakSanitizer list the suppression on stderr.
export LSAN_OPTIONS="${LSAN_OPTIONS:+$LSAN_OPTIONS:}print_suppressions=0"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
page=samples/bad/windows-1252.html
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# run NAME WANT_STATUS ARGS...: runs storybox, keeps stdout/stderr in
# $tmp/out and $tmp/err, checks the exit status.
run() {
    local name=$1 want=$2
    shift 2
    timeout 120 "$SB" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
    if [ "$status" -ne "$want" ]; then
        fail "$name: exit $status, want $want; stderr: $(head -c 300 "$tmp/err")"
        return 1
    fi
    return 0
}

stderr_is() {
    local name=$1 want=$2
    local got
    got=$(cat "$tmp/err")
    [ "$got" = "$want" ] || fail "$name: stderr '$got', want '$want'"
}

stderr_lines() {
    local name=$1 want=$2 n
    n=$(wc -l <"$tmp/err")
    [ "$n" -eq "$want" ] || fail "$name: $n stderr lines, want $want: $(head -c 300 "$tmp/err")"
}

stdout_starts() {
    local name=$1 want=$2
    local got
    got=$(head -c ${#want} "$tmp/out")
    [ "$got" = "$want" ] || fail "$name: stdout starts '$got', want '$want'"
}

# --- help and version -----------------------------------------------------
run "no arguments" 2 && {
    stderr_is "no arguments" "storybox: missing command (try 'storybox --help')"
}
run "--help" 0 --help && stdout_starts "--help" "usage: storybox COMMAND"
run "-h" 0 -h && stdout_starts "-h" "usage: storybox COMMAND"
run "help" 0 help && stdout_starts "help" "usage: storybox COMMAND"
run "--version" 0 --version && {
    grep -qE '^storybox [0-9]+\.[0-9]+\.[0-9]+$' "$tmp/out" || fail "--version: $(cat "$tmp/out")"
}
for cmd in boxes render extract eval methods; do
    run "help $cmd" 0 help "$cmd" && stdout_starts "help $cmd" "usage: storybox $cmd"
    run "$cmd --help" 0 "$cmd" --help && stdout_starts "$cmd --help" "usage: storybox $cmd"
done

# --- usage errors: exit 2 -------------------------------------------------
run "unknown command" 2 frobnicate && {
    stderr_is "unknown command" "storybox: unknown command 'frobnicate' (try 'storybox --help')"
}
run "unknown top option" 2 --frobnicate && {
    stderr_is "unknown top option" "storybox: unknown option '--frobnicate' (try 'storybox --help')"
}
run "help unknown" 2 help frobnicate && {
    stderr_is "help unknown" "storybox: unknown command 'frobnicate' (try 'storybox --help')"
}
run "boxes unknown option" 2 boxes --frobnicate "$page" && {
    stderr_is "boxes unknown option" "storybox: unknown option '--frobnicate'
Try 'storybox boxes --help'."
}
run "boxes no page" 2 boxes && stderr_lines "boxes no page" 2
run "boxes two pages" 2 boxes "$page" "$page" && stderr_lines "boxes two pages" 2
run "boxes --width no value" 2 boxes "$page" --width && {
    stderr_is "boxes --width no value" "storybox: option --width needs a value
Try 'storybox boxes --help'."
}
run "boxes --width bad" 2 boxes --width abc "$page" && stderr_lines "boxes --width bad" 2
run "boxes --width too small" 2 boxes --width=10 "$page" && stderr_lines "boxes --width too small" 2
run "render without --png" 2 render "$page" && {
    stderr_is "render without --png" "storybox: missing --png OUT.png
Try 'storybox render --help'."
}
run "methods extra" 2 methods extra && stderr_lines "methods extra" 2

# --- page errors: exit 1, one line ------------------------------------------
run "missing page" 1 boxes "$tmp/nope.html" && {
    stderr_is "missing page" "storybox: cannot open '$tmp/nope.html': No such file or directory"
}
run "render unwritable png" 1 render "$page" --png "$tmp/no/such/dir/x.png" && {
    stderr_is "render unwritable png" \
        "storybox: $page: cannot write '$tmp/no/such/dir/x.png': No such file or directory"
}

# --- working commands ---------------------------------------------------------
run "methods" 0 methods && {
    grep -q '^hybrid ' "$tmp/out" || fail "methods: no hybrid line"
    grep -q '^dom ' "$tmp/out" || fail "methods: no dom line"
}
run "boxes --width=800" 0 boxes --width=800 "$page" && {
    stdout_starts "boxes --width=800" '{"width":800,'
    [ -s "$tmp/err" ] && fail "boxes --width=800: stderr not empty: $(cat "$tmp/err")"
    grep -q '"tag":"h1"' "$tmp/out" || fail "boxes: no h1 box"
}
run "boxes --width 640" 0 boxes --width 640 "$page" && stdout_starts "boxes --width 640" '{"width":640,'
run "boxes stdin" 0 boxes - <"$page" && stdout_starts "boxes stdin" '{"width":1280,'
run "boxes after --" 0 boxes -- "$page" && stdout_starts "boxes after --" '{"width":1280,'

run "render" 0 render "$page" --png "$tmp/o.png" --width 1024 && {
    # PNG signature, then the IHDR width as a big-endian 32-bit number
    sig=$(od -An -tx1 -N8 "$tmp/o.png" | tr -d ' \n')
    [ "$sig" = "89504e470d0a1a0a" ] || fail "render: not a PNG ($sig)"
    width=$(od -An -tu1 -j16 -N4 "$tmp/o.png" | awk '{print $1*16777216 + $2*65536 + $3*256 + $4}')
    [ "$width" = "1024" ] || fail "render: PNG width $width, want 1024"
}

if [ "$failures" -gt 0 ]; then
    echo "cli_usage: $failures failure(s)" >&2
    exit 1
fi
echo "cli_usage: all checks passed"
