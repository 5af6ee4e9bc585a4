#!/usr/bin/env bash
# CLI-level checks of `storybox extract --format markdown|html [--links]`:
# the exact documents of samples/markup/structure.html (the default hybrid
# method finds the same story as dom), no links without --links, a batch
# prints one document per page each followed by a form-feed line, a page
# that fails gives a comment rather than a document, and an unknown format
# names the known ones (exit 2).
#
#     bash tests/cli_markup.sh path/to/storybox
set -u
cd "$(dirname "$0")/.."

sb=${1:?usage: cli_markup.sh path/to/storybox}
page=samples/markup/structure.html
url=https://courier.example/news/bridge

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# --- exact documents --------------------------------------------------------
for fmt in markdown html; do
  ext=md
  [ "$fmt" = html ] && ext=html
  for links in "" --links; do
    want=samples/markup/structure.expected.$ext
    [ -n "$links" ] && want=samples/markup/structure.links.expected.$ext
    "$sb" extract --url "$url" --format "$fmt" $links "$page" >"$tmp/doc" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 0 ] || fail "--format $fmt $links: exit status $rc ($(head -c 300 "$tmp/err"))"
    cmp -s "$tmp/doc" "$want" || fail "--format $fmt $links: output differs from $want: $(diff "$tmp/doc" "$want" | head -n 6)"
  done
done

# --- no links unless asked --------------------------------------------------
"$sb" extract --url "$url" --format html "$page" >"$tmp/plain.html" 2>/dev/null
grep -q '<a ' "$tmp/plain.html" && fail "--format html without --links printed a link"
grep -qi 'javascript:' "$tmp/plain.html" && fail "--format html printed a javascript: URL"
"$sb" extract --url "$url" --format html --links "$page" >"$tmp/links.html" 2>/dev/null
grep -qi 'javascript:' "$tmp/links.html" && fail "--format html --links printed a javascript: URL"
grep -qF '<a href="https://courier.example/agency/roads">regional roads agency</a>' "$tmp/links.html" ||
  fail "--format html --links: the relative link is not resolved against --url"

# --- a batch: one document per page, each followed by a form-feed line -------
"$sb" extract -q --method dom --format markdown "$page" samples/news/one_column.html \
  "$tmp/missing.html" >"$tmp/batch.md" 2>/dev/null
rc=$?
[ "$rc" -eq 1 ] || fail "batch with a missing page: exit status $rc, want 1"
n_docs=$(grep -c '^# ' "$tmp/batch.md")
[ "$n_docs" -eq 2 ] || fail "batch: $n_docs Markdown documents, want 2"
n_sep=$(grep -c $'^\f$' "$tmp/batch.md")
[ "$n_sep" -eq 3 ] || fail "batch: $n_sep form-feed lines, want 3 (one after each page)"
grep -q '^<!-- .*missing.html: error -->$' "$tmp/batch.md" ||
  fail "batch: the missing page has no error comment"
[ "$(head -n 1 "$tmp/batch.md")" = "# River town rebuilds its bridge after the flood" ] ||
  fail "batch: the first document does not open with the first page's headline"

# --- unknown format ---------------------------------------------------------
"$sb" extract --format rtf "$page" >/dev/null 2>"$tmp/usage.err"
rc=$?
[ "$rc" -eq 2 ] || fail "--format rtf: exit status $rc, want 2"
grep -q 'markdown' "$tmp/usage.err" || fail "--format rtf: the error does not name markdown"

if [ "$failures" -ne 0 ]; then
  echo "$failures check(s) failed" >&2
  exit 1
fi
echo "cli_markup: all checks passed"
