#!/usr/bin/env bash
# `storybox extract --jobs N`, -o FILE and the progress line: the records
# (and the stderr lines) are byte-identical for 1, 2 and 3 threads over a
# batch that mixes good pages, bad ones and a missing file; -o writes the
# same records to a file, gzip-compressed for .gz (-j2 -oFILE as getopt
# reads them), and a failed -o leaves the target alone; --progress writes only to stderr and --quiet silences
# it; bad --jobs values are usage errors.
#
#     bash tests/cli_jobs.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

sb=${1:?usage: cli_jobs.sh path/to/storybox}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

inputs=(samples/news samples/bad samples/dom "$tmp/missing.html" samples/layout/columns.html)

for method in hybrid dom; do
  for j in 1 2 3; do
    "$sb" extract --quiet --method "$method" --jobs "$j" --format jsonl "${inputs[@]}" \
      >"$tmp/$method-$j.jsonl" 2>"$tmp/$method-$j.err"
    [ $? -eq 1 ] || fail "$method --jobs $j: exit status is not 1 (a page fails)"
  done
  for j in 2 3; do
    cmp -s "$tmp/$method-1.jsonl" "$tmp/$method-$j.jsonl" ||
      fail "$method: records of --jobs $j differ from --jobs 1"
    cmp -s "$tmp/$method-1.err" "$tmp/$method-$j.err" ||
      fail "$method: stderr of --jobs $j differs from --jobs 1"
  done
  expected=$(( $(ls samples/news/*.html samples/bad/* samples/dom/*.html | wc -l) + 2 ))
  [ "$(wc -l <"$tmp/$method-1.jsonl")" -eq "$expected" ] ||
    fail "$method: $(wc -l <"$tmp/$method-1.jsonl") records, expected $expected"
  grep -q "\"source\":\"$tmp/missing.html\"" "$tmp/$method-1.jsonl" ||
    fail "$method: no error record for the missing file"
done

# The same records sequentially and one by one, in input order.
first=$(head -n 1 "$tmp/hybrid-1.jsonl")
alone=$("$sb" extract --quiet --format jsonl "$(ls samples/news/*.html | head -n 1)")
[ "$first" = "$alone" ] || fail "first record differs from the page extracted alone"

# -o: plain and gzip-compressed, the same records as on stdout.
"$sb" extract --quiet --jobs 2 --format jsonl -o "$tmp/out.jsonl" samples/news >"$tmp/stdout" 2>/dev/null
[ -s "$tmp/stdout" ] && fail "-o: records also went to stdout"
"$sb" extract --quiet --jobs 2 --format jsonl samples/news >"$tmp/ref.jsonl" 2>/dev/null
cmp -s "$tmp/out.jsonl" "$tmp/ref.jsonl" || fail "-o FILE differs from stdout"
"$sb" extract --quiet --jobs 3 --format jsonl --output "$tmp/out.jsonl.gz" samples/news 2>/dev/null
gzip -dc "$tmp/out.jsonl.gz" | cmp -s - "$tmp/ref.jsonl" || fail "-o FILE.gz does not hold the records"
ls "$tmp" | grep -q '\.tmp' && fail "-o left a temporary file"

# The short options also take their value glued on, as getopt does.
"$sb" extract --quiet -j2 --format jsonl -o"$tmp/glued.jsonl" samples/news 2>/dev/null
cmp -s "$tmp/glued.jsonl" "$tmp/ref.jsonl" || fail "-j2 -oFILE differs from --jobs 2 on stdout"

# A target that is a directory is refused and stays.
mkdir "$tmp/target"
"$sb" extract --quiet -o "$tmp/target" samples/news/one_column.html >/dev/null 2>"$tmp/err"
[ $? -eq 1 ] || fail "-o onto a directory: exit status is not 1"
[ -d "$tmp/target" ] || fail "-o onto a directory removed it"

# Progress goes to stderr only; --quiet silences it.
"$sb" extract --progress --jobs 2 --format jsonl samples/news >"$tmp/p.out" 2>"$tmp/p.err"
cmp -s "$tmp/p.out" "$tmp/ref.jsonl" || fail "--progress changed stdout"
n_pages=$(ls samples/news/*.html | wc -l)
grep -q "$n_pages/$n_pages pages, .* pages/s, 0 errors" "$tmp/p.err" || fail "--progress: no final line: $(tr '\r' '\n' <"$tmp/p.err" | tail -n 1)"
"$sb" extract --progress --quiet --format jsonl samples/news >/dev/null 2>"$tmp/q.err"
# (sanitizer builds may add their own report of suppressed leaks there)
grep -q 'pages/s' "$tmp/q.err" && fail "--quiet still printed progress: $(head -c 200 "$tmp/q.err")"

# Usage errors.
for bad in 0 -1 257 x; do
  "$sb" extract --jobs "$bad" samples/news/one_column.html >/dev/null 2>&1
  [ $? -eq 2 ] || fail "--jobs $bad is not a usage error"
  "$sb" extract "-j$bad" samples/news/one_column.html >/dev/null 2>&1
  [ $? -eq 2 ] || fail "-j$bad is not a usage error"
done

if [ "$failures" -ne 0 ]; then
  echo "cli_jobs: $failures check(s) failed" >&2
  exit 1
fi
echo "cli_jobs: all checks passed"
