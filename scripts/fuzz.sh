#!/usr/bin/env bash
# Fuzzes storybox with libFuzzer (Debian's clang).
#
#   scripts/fuzz.sh TARGET SECONDS   run one harness for SECONDS
#   scripts/fuzz.sh all SECONDS      every harness in turn, SECONDS each
#   ... SECONDS --cpu                SECONDS of CPU time (user + system) the
#                                    harness itself used, not wall time: on a
#                                    loaded machine "one CPU-hour" then means
#                                    what it says
#   scripts/fuzz.sh smoke [SECONDS]  every harness over its seeds and then
#                                    SECONDS of fuzzing (default 5), with a
#                                    fresh corpus: what scripts/test.sh runs
#   scripts/fuzz.sh list             the harness names
#   SB_FUZZ_TIMEOUT=S                wall seconds one input may take before
#                                    it counts as a hang (default 10, 30 for
#                                    the page harnesses); raise it for niced
#                                    runs on a loaded machine
#
# TARGET is a harness name: tests/fuzz/fuzz_TARGET.c (extract_hybrid,
# extract_dom, json, meta, date, url, encoding, warc, mhtml, image_size,
# data_uri, sizes_attr, script_cut).  The harnesses are built
# with clang -fsanitize=fuzzer,address,undefined into build-fuzz/ (CMake
# option STORYBOX_FUZZ=ON); the normal build does not need clang.  Seeds
# are cut from samples/ at every run into build-fuzz/seeds/TARGET (never
# committed); what the fuzzer finds accumulates in build-fuzz/corpus/TARGET
# and crashing inputs land in build-fuzz/crashes/TARGET/.  Each run prints
# one line: executions, coverage (edges and features), corpus size, crashes.
#
# Exit status: 0 no crash, 1 a harness crashed, 2 usage, 77 clang or the
# libFuzzer runtime is missing and could not be installed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=$root/build-fuzz
harnesses=(extract_hybrid extract_dom json meta date url encoding warc mhtml image_size data_uri sizes_attr script_cut)

usage() {
    sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# --- tools --------------------------------------------------------------------

# True when clang can link a libFuzzer program.
libfuzzer_works() {
    command -v clang >/dev/null && command -v clang++ >/dev/null || return 1
    local dir
    dir=$(mktemp -d)
    printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
        'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
        'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }' \
        >"$dir/t.c"
    local ok=0
    clang -fsanitize=fuzzer,address,undefined "$dir/t.c" -o "$dir/t" 2>/dev/null || ok=1
    rm -rf "$dir"
    return $ok
}

# Installs clang and the compiler-rt runtime (libFuzzer, sanitizers) when
# they are missing and we may (root, or sudo); SB_FUZZ_NO_INSTALL=1 forbids.
ensure_tools() {
    libfuzzer_works && return 0
    if [ "${SB_FUZZ_NO_INSTALL:-0}" != 1 ]; then
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        if [ -z "$sudo" ] || command -v sudo >/dev/null; then
            echo "fuzz: installing clang and libclang-rt-14-dev" >&2
            $sudo apt-get update -qq &&
                DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
                    clang libclang-rt-14-dev >/dev/null || true
        fi
    fi
    libfuzzer_works && return 0
    echo "fuzz: skipped: clang with the libFuzzer runtime is not available (apt-get install clang libclang-rt-14-dev)" >&2
    exit 77
}

build() {
    CC=clang CXX=clang++ cmake -S "$root" -B "$out" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DSTORYBOX_FUZZ=ON -DBUILD_TESTING=OFF >/dev/null
    local targets=()
    for h in "$@"; do targets+=(--target "fuzz_$h"); done
    cmake --build "$out" -j2 "${targets[@]}" >"$out/build.log" 2>&1 || {
        tail -n 40 "$out/build.log" >&2
        echo "fuzz: build failed (full log: $out/build.log)" >&2
        exit 1
    }
}

# --- seeds, cut from samples/ -------------------------------------------------

# Writes each line of standard input to its own file in directory $1.
lines_to_files() {
    awk -v dir="$1" 'length($0) > 0 { f = sprintf("%s/line-%05d", dir, NR); printf "%s", $0 > f; close(f) }'
}

# The JSON-LD blocks of the sample pages, one file each, into $1.
jsonld_blocks() {
    local dir=$1 n=0
    while IFS= read -r -d '' page; do
        perl -0777 -ne 'while (m{<script[^>]*application/ld\+json[^>]*>(.*?)</script>}gsi) { print $1, "\0" }' \
            "$page" | while IFS= read -r -d '' block; do
            n=$((n + 1))
            printf '%s' "$block" >"$dir/$(basename "$page" .html)-ld-$n.json"
        done
    done < <(find samples -name '*.html' -print0)
}

# One WARC/1.1 record: TYPE ID URI BLOCK.
warc_record() {
    local len
    len=$(printf '%s' "$4" | wc -c)
    printf 'WARC/1.1\r\nWARC-Type: %s\r\nWARC-Record-ID: <%s>\r\nWARC-Target-URI: %s\r\n' "$1" "$2" "$3"
    printf 'Content-Type: application/http; msgtype=%s\r\nContent-Length: %s\r\n\r\n%s\r\n\r\n' \
        "$([ "$1" = request ] && echo request || echo response)" "$len" "$4"
}

make_seeds() {
    local h=$1 dir=$out/seeds/$1
    rm -rf "$dir"
    mkdir -p "$dir"
    case $h in
    extract_hybrid | extract_dom | encoding | script_cut)
        # Every sample page (the .gz one is inflated by the CLI, not by
        # sb_extract, so it stays out).
        # Seeds are named by their path (samples/news/a.html -> news_a.html):
        # two folders may hold pages of the same name.
        local f
        while IFS= read -r f; do
            local name=${f#samples/}
            cp "$f" "$dir/${name//\//_}"
        done < <(find samples \( -name '*.html' -o -name '*.htm' \))
        if [ "$h" = script_cut ]; then
            # Where a script's code may not end at the first "</script>":
            # escaped, foreign, raw text, frameset, plaintext, attributes.
            local n=0 s
            for s in '<script>a()</script>' '<SCRIPT>a()</script >' '<script>a()</script/>' \
                '<script>a("</scripty>")</script>' '<script><!--<script>x</script>y--></script>z' \
                '<svg><script>a()</script></svg>' '<!--<script>a()</script>-->' \
                '<textarea><script>a()</script></textarea>' '<title><script>a()</script></title>' \
                '<plaintext><script>a()</script>' '<p title="<script>a()</script>">' \
                '<script>a()' '<frameset><script>a()</script></frameset>' \
                '<table><script>a()</script><tr><td>x' '<template><script>a()</script></template>' \
                '<math><mi><script>a()</script></mi></math>' '<select><script>a()</script></select>' \
                '<script type="application/ld+json">{}</script><script>a()</script>' \
                '<svg><foreignObject><script>a()</script></foreignObject></svg>' \
                '<head><noscript><script>a()</script></noscript></head>' \
                '<svg><![CDATA[<script>a()</script>]]></svg>' \
                '<body><script>a()</script><frameset><frame>' \
                '<iframe><script>a()</script></iframe><script>b()</script>' \
                '<a><table><a><script>a()</script></a>'; do
                n=$((n + 1))
                printf '%s' "$s" >"$dir/case-$n.html"
            done
        fi
        ;;
    json)
        jsonld_blocks "$dir"
        cp samples/news/*.expected.json "$dir"/
        ;;
    meta)
        jsonld_blocks "$dir"
        # The heads of the metadata samples, after a closing script tag, so
        # the whole head is fuzzed too.
        for page in samples/meta/*.html samples/news/*.html; do
            { printf '{}</script>'; perl -0777 -ne 'print $1 if m{<head[^>]*>(.*?)</head>}si' "$page"; } \
                >"$dir/head-$(basename "$page")"
        done
        ;;
    date)
        {
            grep -ohP '(datetime|content)="\K[^"]*\d{4}[^"]*' -r samples --include='*.html' || true
            grep -ohP '"date(Published|Modified|Created)"\s*:\s*"\K[^"]*' -r samples --include='*.html' || true
            # Visible text around a year: datelines.
            grep -ohP '>\K[^<>]{0,60}\b(19|20)\d\d\b[^<>]{0,60}(?=<)' -r samples --include='*.html' || true
        } | sort -u | lines_to_files "$dir"
        ;;
    warc)
        # Each news sample as a WARC response record, plain and gzipped,
        # and one file holding a request, a revisit and a page.
        local n=0 page http
        for page in samples/news/*.html; do
            n=$((n + 1))
            http=$(printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n'; cat "$page")
            warc_record response "urn:uuid:seed-$n" "https://example.com/$n" "$http" >"$dir/page-$n.warc"
            gzip -c "$dir/page-$n.warc" >"$dir/page-$n.warc.gz"
        done
        {
            warc_record request "urn:uuid:req" "https://example.com/1" $'GET /1 HTTP/1.1\r\nHost: example.com\r\n\r\n'
            warc_record revisit "urn:uuid:rev" "https://example.com/1" $'HTTP/1.1 304 Not Modified\r\n\r\n'
            cat "$dir/page-1.warc"
        } >"$dir/mixed.warc"
        ;;
    mhtml)
        # Each news sample and the saved two-column sample as an MHTML
        # message: the page as 8bit, its two stylesheets in base64 and in
        # quoted-printable.
        local n=0 page
        mhtml_part() { # TYPE LOCATION ENCODING FILE
            printf -- '--b\r\nContent-Type: %s\r\nContent-Location: %s\r\n' "$1" "$2"
            printf 'Content-Transfer-Encoding: %s\r\n\r\n' "$3"
            if [ "$3" = base64 ]; then base64 <"$4"; else cat "$4"; fi
            printf '\r\n'
        }
        for page in samples/news/*.html samples/saved/two_column.html; do
            n=$((n + 1))
            {
                printf 'MIME-Version: 1.0\r\nContent-Type: multipart/related; type="text/html"; boundary="b"\r\n\r\n'
                mhtml_part 'text/html; charset=utf-8' "https://example.com/$n.html" 8bit "$page"
                mhtml_part text/css https://example.com/two_column_files/site.css base64 \
                    samples/saved/two_column_files/site.css
                mhtml_part text/css https://example.com/two_column_files/columns.css quoted-printable \
                    samples/saved/two_column_files/columns.css
                printf -- '--b--\r\n'
            } >"$dir/page-$n.mhtml"
        done
        ;;
    image_size)
        # The header of each format the reader knows (sizes 640 x 480...).
        printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x02\x80\0\0\x01\xe0\x08\x02\0\0\0' >"$dir/png"
        printf 'GIF89a\x2c\x01\xc8\0\xf7\0\0' >"$dir/gif"
        printf '\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xff\xc0\0\x11\x08\x02\xa3\x04\xb0\x03\x01\x22\0' >"$dir/jpeg"
        printf 'RIFF0\0\0\0WEBPVP8 \x20\0\0\0\x10\x02\0\x9d\x01\x2a\x20\x03\x58\x02\0\0' >"$dir/webp"
        printf 'RIFF0\0\0\0WEBPVP8X\x0a\0\0\0\x10\0\0\0\x7f\x07\0\x37\x04\0' >"$dir/webpx"
        base64 -w0 "$dir/png" >"$dir/png.b64"
        ;;
    sizes_attr)
        # The sizes attributes of the sample pages, and the forms the
        # reader knows: media features joined by "and", a media type,
        # px/vw/em/rem lengths, a bare 0, and what it must refuse.
        {
            grep -ohP 'sizes="\K[^"]*' -r samples --include='*.html' || true
            printf '%s\n' '(min-width: 64em) and (max-width: 90em) 60vw, 100vw' \
                'screen and (min-width: 900px) 30rem, 90vw' '(orientation: portrait) 300px, 0' \
                'calc(100vw - 2rem)' '(max-width:.5px) 1.5vw,((min-width: 1px)) 3em'
        } | sort -u | lines_to_files "$dir"
        ;;
    data_uri)
        # The limit byte (0: 16 bytes, 1: 64), then a page or stylesheet
        # with data: URIs: a PNG, a GIF and a JPEG header padded in base64,
        # in an attribute, srcset, style="" with entity quotes and <style>;
        # an SVG payload; and each sample page with a data: URI (a cut
        # must leave the rest of the page as it was).
        local png gif jpeg
        png=$( { printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x02\x80\0\0\x01\xe0\x08\x02\0\0\0'; head -c 60 /dev/zero; } | base64 -w0)
        gif=$( { printf 'GIF89a\x2c\x01\xc8\0\xf7\0\0'; head -c 60 /dev/zero; } | base64 -w0)
        jpeg=$( { printf '\xff\xd8\xff\xe0\0\x10JFIF\0\x01\x01\0\0\x01\0\x01\0\0\xff\xc0\0\x11\x08\x02\xa3\x04\xb0\x03'; head -c 60 /dev/zero; } | base64 -w76)
        printf '\001<p>a</p><img src="data:image/png;base64,%s" alt=x><img srcset="data:image/gif;base64,%s 1x, /b.jpg 2x">' "$png" "$gif" >"$dir/attributes.html"
        printf '\000<div style="background:url(&quot;data:image/jpeg;base64,%s&quot;)">t</div><style>.a{background:url(data:image/png;base64,%s)}</style>' "$jpeg" "$png" >"$dir/styles.html"
        printf '\000a{background:url("data:image/gif;base64,%s")} b{src:url(data:font/woff2;base64,%s)}' "$gif" "$png" >"$dir/sheet.css"
        printf "\\001<img src='data:image/svg+xml;utf8,<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"100\" height=\"100\"/></svg>'><script>var u = 'data:image/png;base64,%s';</script>" "$png" >"$dir/svg.html"
        local f
        for f in samples/news/*.html; do
            { printf '\000'; cat "$f"; printf '<img src="data:image/png;base64,%s">' "$png"; } >"$dir/$(basename "$f")"
        done
        ;;
    url)
        # Each attribute value that holds a URL, as the reference resolved
        # against a fixed base (the harness splits at the first newline).
        { grep -ohP '(href|src|srcset|data-src|content)="\K[^"]*' -r samples --include='*.html' || true; } |
            sort -u | awk -v dir="$dir" 'length($0) > 0 {
                f = sprintf("%s/pair-%05d", dir, NR)
                printf "https://example.com/news/2024/story.html\n%s", $0 > f
                close(f)
            }'
        ;;
    esac
    [ -n "$(ls -A "$dir")" ] || { echo "fuzz: no seeds for $h" >&2; exit 1; }
}

dictionary() {
    local h=$1 d=$out/dict/$1.dict
    mkdir -p "$out/dict"
    case $h in
    extract_hybrid | extract_dom | encoding) cat tests/fuzz/html.dict ;;
    script_cut) cat tests/fuzz/html.dict tests/fuzz/script_cut.dict ;;
    meta) cat tests/fuzz/json.dict tests/fuzz/html.dict ;;
    json) cat tests/fuzz/json.dict ;;
    date) cat tests/fuzz/date.dict ;;
    url) cat tests/fuzz/url.dict ;;
    warc) cat tests/fuzz/warc.dict tests/fuzz/html.dict ;;
    mhtml) cat tests/fuzz/mhtml.dict ;;
    image_size) cat tests/fuzz/image_size.dict ;;
    data_uri) cat tests/fuzz/data_uri.dict ;;
    esac >"$d"
    echo "$d"
}

# --- running ------------------------------------------------------------------

# run HARNESS SECONDS CORPUS_DIR: fuzzes, prints the summary line, returns
# 1 when the harness crashed (or leaked, timed out, ran out of memory).
run() {
    local h=$1 seconds=$2 corpus=$3
    local crashes=$out/crashes/$h log=$out/logs/$h.log
    mkdir -p "$corpus" "$crashes" "$out/logs"
    make_seeds "$h"
    local dict
    dict=$(dictionary "$h")
    # libFuzzer refuses an empty dictionary file: a harness without one
    # runs without.
    local dict_arg=()
    [ -s "$dict" ] && dict_arg=(-dict="$dict")
    # An input may take long only in the page harnesses (they render).
    local timeout=10
    case $h in extract_*) timeout=30 ;; esac
    # libFuzzer's -timeout is wall-clock time per input: a harness starved
    # by a loaded machine (nice 19 under a load of 20) reports inputs that
    # run in a fraction of a second alone as timeouts.  SB_FUZZ_TIMEOUT
    # sets a longer limit for such runs.
    timeout=${SB_FUZZ_TIMEOUT:-$timeout}
    local before
    before=$(find "$crashes" -type f | wc -l)
    local status=0 started
    started=$(date +%s)
    # In CPU mode libFuzzer runs without a time limit and is interrupted
    # (SIGINT: it prints its final stats and exits 72) once its own CPU time
    # reaches the budget; the poll is every second.
    local limit=$seconds
    [ "$cpu_mode" = 1 ] && limit=0
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
        UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}" \
        LSAN_OPTIONS="print_suppressions=0" \
        "$out/fuzz_$h" -max_total_time="$limit" -timeout="$timeout" -rss_limit_mb=2048 \
        "${dict_arg[@]}" -artifact_prefix="$crashes/" -print_final_stats=1 \
        "$corpus" "$out/seeds/$h" >"$log" 2>&1 &
    # The harness's CPU time is polled in both modes, for the summary.
    local pid=$! used=0 now
    while kill -0 "$pid" 2>/dev/null; do
        now=$(cpu_seconds "$pid")
        [ -n "$now" ] && used=$now
        if [ "$cpu_mode" = 1 ] && [ "$used" -ge "$seconds" ]; then
            kill -INT "$pid" 2>/dev/null || true
            break
        fi
        sleep 1
    done
    wait "$pid" || status=$?
    [ "$cpu_mode" = 1 ] && [ "$status" -eq 72 ] && status=0
    local wall=$(($(date +%s) - started))
    local after execs cov ft corp edges
    after=$(find "$crashes" -type f | wc -l)
    execs=$(grep -oP 'stat::number_of_executed_units:\s*\K\d+' "$log" | tail -n 1)
    [ -n "$execs" ] || execs=$(grep -oP '^#\K\d+(?=\s)' "$log" | tail -n 1)
    cov=$(grep -oP 'cov: \K\d+' "$log" | tail -n 1)
    ft=$(grep -oP 'ft: \K\d+' "$log" | tail -n 1)
    corp=$(grep -oP 'corp: \K\d+' "$log" | tail -n 1)
    # Instrumented edges in the whole program (libFuzzer's counters).
    edges=$(grep -oP 'Loaded \d+ modules\s+\(\K\d+(?= inline 8-bit counters)' "$log" | head -n 1)
    printf 'fuzz_%-15s %6ss wall %6ss cpu  executions %-9s coverage %s of %s edges, %s features  corpus %s  crashes %d\n' \
        "$h" "$wall" "$used" "${execs:-?}" "${cov:-?}" "${edges:-?}" "${ft:-?}" "${corp:-?}" $((after - before))
    if [ "$status" -ne 0 ] || [ "$after" -ne "$before" ]; then
        grep -m 1 -E 'ERROR: |runtime error|promise broken|deadly signal' "$log" | sed 's/^/  /' >&2 || true
        find "$crashes" -type f -newer "$dict" | sed 's/^/  crash input: /' >&2
        echo "  log: $log" >&2
        return 1
    fi
    return 0
}

# CPU seconds (user + system) process $1 has used so far, from /proc.
cpu_seconds() {
    local ticks
    ticks=$(awk '{ print $14 + $15 }' "/proc/$1/stat" 2>/dev/null) || return 0
    echo $((ticks / $(getconf CLK_TCK)))
}

is_harness() {
    local h
    for h in "${harnesses[@]}"; do [ "$h" = "$1" ] && return 0; done
    return 1
}

cpu_mode=0
if [ $# -eq 3 ] && [ "$3" = --cpu ]; then
    cpu_mode=1
    set -- "$1" "$2"
fi
[ $# -ge 1 ] || usage
case $1 in
list)
    printf '%s\n' "${harnesses[@]}"
    exit 0
    ;;
smoke)
    seconds=${2:-5}
    [[ $seconds =~ ^[0-9]+$ ]] || usage
    ensure_tools
    build "${harnesses[@]}"
    failed=0
    for h in "${harnesses[@]}"; do
        fresh=$(mktemp -d)
        run "$h" "$seconds" "$fresh" || failed=1
        rm -rf "$fresh"
    done
    exit $failed
    ;;
all | *)
    [ $# -eq 2 ] && [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -gt 0 ] || usage
    if [ "$1" = all ]; then
        list=("${harnesses[@]}")
    else
        is_harness "$1" || { echo "fuzz: unknown target '$1' (scripts/fuzz.sh list)" >&2; exit 2; }
        list=("$1")
    fi
    ensure_tools
    build "${list[@]}"
    failed=0
    for h in "${list[@]}"; do
        run "$h" "$2" "$out/corpus/$h" || failed=1
    done
    exit $failed
    ;;
esac
