#!/usr/bin/env bash
# utf8_tables: dom/base/utf8_tables.inc is exactly what
# dom/base/gen_utf8_tables.py prints.  The tables were generated with
# Unicode 14.0.0 (Python 3.11's unicodedata), so the test is skipped (exit
# 77) without python3 or with another unicodedata version.
# Usage: bash tests/utf8_tables.sh [STORYBOX]  (the argument is ignored)
set -u
cd "$(dirname "$0")/.." || exit 1

if ! command -v python3 >/dev/null 2>&1; then
    echo "utf8_tables: skipped: python3 not found"
    exit 77
fi
version=$(python3 -c 'import unicodedata; print(unicodedata.unidata_version)' 2>/dev/null)
if [ "$version" != "14.0.0" ]; then
    echo "utf8_tables: skipped: python3 unicodedata is '${version:-unknown}', tables need 14.0.0"
    exit 77
fi

tmp=$(mktemp) || exit 1
trap 'rm -f "$tmp"' EXIT
if ! python3 dom/base/gen_utf8_tables.py >"$tmp"; then
    echo "FAIL: utf8_tables: dom/base/gen_utf8_tables.py failed" >&2
    exit 1
fi
if ! cmp -s "$tmp" dom/base/utf8_tables.inc; then
    echo "FAIL: utf8_tables: dom/base/utf8_tables.inc differs from the output of" \
        "dom/base/gen_utf8_tables.py ($(cmp "$tmp" dom/base/utf8_tables.inc 2>&1 | head -n 1));" \
        "regenerate with: python3 dom/base/gen_utf8_tables.py > dom/base/utf8_tables.inc" >&2
    exit 1
fi
echo "utf8_tables: utf8_tables.inc matches gen_utf8_tables.py"
