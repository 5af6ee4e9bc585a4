#!/usr/bin/env python3
"""Generate dom/base/utf8_tables.inc, the Unicode tables used by utf8.c.

The tables are computed from Python's unicodedata and str methods:

  * pyword_ranges:    code points matched by \\w in Python's re module
                      (letters, all numbers, underscore);
  * letter_ranges:    general categories Lu Ll Lt Lm Lo;
  * mark_ranges:      general categories Mn Mc Me;
  * digit_ranges:     general category Nd;
  * connector_ranges: general category Pc;
  * lower_runs:       str.lower() mappings of one code point to one other
                      code point, plus U+0130 mapped to plain 'i' (Python
                      lower-cases it to 'i' + U+0307), packed into runs of
                      equal delta with stride 1 or 2.

The committed file was produced with Unicode 14.0.0 (Python 3.11); the
script refuses to run with any other unicodedata version, since the output
would differ.  Run it from the source root:

    python3 dom/base/gen_utf8_tables.py > dom/base/utf8_tables.inc

Check that the committed file is current with:

    python3 dom/base/gen_utf8_tables.py | cmp - dom/base/utf8_tables.inc
"""

import re
import sys
import unicodedata

UNICODE_VERSION = "14.0.0"
MAX_CP = 0x10FFFF
LINE_WIDTH = 80  # maximum length of a table line, indent included
INDENT = "    "

HEADER = """\
/* utf8_tables: Unicode 14.0.0 character class and lower-case tables for utf8.c,
 * generated from Python's unicodedata (general categories; \\w as Python's re
 * module defines it; str.lower() single-code-point mappings, with U+0130
 * mapped to plain i).  Included by utf8.c only. */
"""


def ranges_of(pred):
    """Return the sorted list of maximal (lo, hi) ranges of code points
    for which pred(cp) is true."""
    out = []
    start = None
    for cp in range(MAX_CP + 2):  # one past the end closes the last range
        inside = cp <= MAX_CP and pred(cp)
        if inside and start is None:
            start = cp
        elif not inside and start is not None:
            out.append((start, cp - 1))
            start = None
    return out


def category_ranges(categories):
    """Ranges of code points whose general category is in categories."""
    return ranges_of(lambda cp: unicodedata.category(chr(cp)) in categories)


def pyword_ranges():
    """Ranges of code points matched by \\w (Unicode str pattern)."""
    word = re.compile(r"\w")
    return ranges_of(lambda cp: word.match(chr(cp)) is not None)


def lower_map():
    """Map code point -> lower-case code point, for every code point whose
    str.lower() is a single different code point; U+0130 maps to 'i'."""
    out = {}
    for cp in range(MAX_CP + 1):
        low = chr(cp).lower()
        if cp == 0x0130:
            low = "i"
        if len(low) == 1 and ord(low) != cp:
            out[cp] = ord(low)
    return out


def lower_runs(mapping):
    """Pack the mapping into runs (lo, hi, delta, stride).

    Greedy, in code point order: a run starts at the next unmapped-so-far
    code point; if the following mapped code point is 1 or 2 further on and
    has the same delta, that distance becomes the stride and the run grows
    while the code point one stride further has the same delta.  Otherwise
    the run is that single code point, with stride 1."""
    cps = sorted(mapping)
    runs = []
    i = 0
    while i < len(cps):
        lo = cps[i]
        delta = mapping[lo] - lo
        stride = 1
        if i + 1 < len(cps):
            step = cps[i + 1] - lo
            if step in (1, 2) and mapping[cps[i + 1]] - cps[i + 1] == delta:
                stride = step
        hi = lo
        i += 1
        while i < len(cps) and cps[i] == hi + stride and mapping[cps[i]] - cps[i] == delta:
            hi = cps[i]
            i += 1
        runs.append((lo, hi, delta, stride))
    return runs


def hexcp(cp):
    """Code point as C hex: at least four upper-case digits."""
    return "0x%04X" % cp


def wrap_items(items):
    """Lines of table items, greedily packed: an item joins the current
    line (after a space) while the line stays within LINE_WIDTH."""
    lines = []
    line = ""
    for item in items:
        if line and len(line) + 1 + len(item) <= LINE_WIDTH:
            line += " " + item
        else:
            if line:
                lines.append(line)
            line = INDENT + item
    if line:
        lines.append(line)
    return lines


def range_table(comment, name, ranges):
    """C text of one cp_range table, preceded by its comment."""
    items = ["{%s, %s}," % (hexcp(lo), hexcp(hi)) for lo, hi in ranges]
    out = ["/* %s (%d ranges) */" % (comment, len(ranges)),
           "static const cp_range %s[] = {" % name]
    out += wrap_items(items)
    out.append("};")
    return "\n".join(out) + "\n"


def runs_table(runs):
    """C text of the lower_runs table, preceded by its comment."""
    items = ["{%s, %s, %d, %d}," % (hexcp(lo), hexcp(hi), delta, stride)
             for lo, hi, delta, stride in runs]
    out = ["/* Lower-case mapping: for lo <= cp <= hi with (cp - lo) % stride == 0,",
           " * lower(cp) = cp + delta (%d runs) */" % len(runs),
           "static const case_run lower_runs[] = {"]
    out += wrap_items(items)
    out.append("};")
    return "\n".join(out) + "\n"


def main():
    if unicodedata.unidata_version != UNICODE_VERSION:
        sys.stderr.write(
            "gen_utf8_tables.py: Python's unicodedata is Unicode %s, need %s "
            "(Python 3.11) to reproduce utf8_tables.inc\n"
            % (unicodedata.unidata_version, UNICODE_VERSION))
        return 1

    parts = [
        HEADER,
        range_table("Python re \\w: letters, all numbers, underscore",
                    "pyword_ranges", pyword_ranges()),
        range_table("Letters: Lu Ll Lt Lm Lo", "letter_ranges",
                    category_ranges({"Lu", "Ll", "Lt", "Lm", "Lo"})),
        range_table("Marks: Mn Mc Me", "mark_ranges",
                    category_ranges({"Mn", "Mc", "Me"})),
        range_table("Decimal digits: Nd", "digit_ranges",
                    category_ranges({"Nd"})),
        range_table("Connector punctuation: Pc", "connector_ranges",
                    category_ranges({"Pc"})),
        runs_table(lower_runs(lower_map())),
    ]
    # Tables are separated by one blank line.
    sys.stdout.write("\n".join(parts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
