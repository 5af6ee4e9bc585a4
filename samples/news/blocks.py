#!/usr/bin/env python3
"""blocks.py: a writing aid for the expected records of samples/news.

    python3 samples/news/blocks.py PAGE.html            # numbered text blocks
    python3 samples/news/blocks.py PAGE.html 5-12 14    # join chosen blocks

The first form lists every text block of the page (p, h1-h6, li, td,
figcaption, blockquote..., script/style/noscript skipped) with its number and
collapsed text, so that a person can read the page and pick the story's
paragraphs by hand.  The second form prints the chosen blocks joined by a
blank line, ready to be pasted into NAME.expected.json as "text", and checks
the word count against the 250-600 words the samples aim for.  The choice is
the human's; nothing here decides what the story is.

    python3 samples/news/blocks.py --check

checks every NAME.expected.json: valid JSON with the agreed keys, and every
paragraph, the title and the caption found verbatim in the page's text.
"""
import glob
import html.parser
import json
import os
import re
import sys

BLOCK = {"p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "td", "th", "dd",
         "dt", "figcaption", "blockquote", "caption", "div", "section",
         "article", "aside", "header", "footer", "nav", "ul", "ol", "table",
         "tr", "figure", "form", "main", "body", "title", "address", "time",
         "pre"}
SKIP = {"script", "style", "noscript", "template", "head"}
WS = re.compile(r"[ \t\n\r\f]+")


def collapse(s):
    return WS.sub(" ", s).strip()


class Blocks(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.blocks, self.cur, self.skip = [], [], 0

    def flush(self):
        t = collapse("".join(self.cur))
        if t:
            self.blocks.append(t)
        self.cur = []

    def handle_starttag(self, tag, attrs):
        if tag in SKIP:
            self.skip += 1
        elif tag in BLOCK or tag == "br":
            self.flush()

    def handle_endtag(self, tag):
        if tag in SKIP:
            self.skip = max(0, self.skip - 1)
        elif tag in BLOCK:
            self.flush()

    def handle_data(self, data):
        if not self.skip:
            self.cur.append(data)


def read_page(path):
    raw = open(path, "rb").read()
    m = re.search(rb'<meta[^>]+charset=["\']?([-\w]+)', raw[:2048], re.I)
    enc = m.group(1).decode() if m else "utf-8"
    if enc.lower() in ("iso-8859-1", "latin1", "latin-1"):
        enc = "cp1252"  # what browsers do, per the WHATWG encoding spec
    return raw.decode(enc)


def blocks_of(path):
    p = Blocks()
    p.feed(read_page(path))
    p.close()
    p.flush()
    return p.blocks


def chosen(spec, blocks):
    out = []
    for part in spec:
        a, _, b = part.partition("-")
        for i in range(int(a), int(b or a) + 1):
            out.append(blocks[i])
    return out


def check():
    here = os.path.dirname(os.path.abspath(__file__))
    bad = 0
    keys = {"title", "byline", "published", "text", "lead_image", "method"}
    for exp in sorted(glob.glob(os.path.join(here, "*.expected.json"))):
        page = exp.replace(".expected.json", ".html")
        rec = json.load(open(exp, encoding="utf-8"))
        flat = " " + " ".join(blocks_of(page)) + " "
        problems = []
        if set(rec) != keys:
            problems.append("keys %s" % sorted(set(rec) ^ keys))
        paras = rec["text"].split("\n\n")
        words = len(re.findall(r"\w+", rec["text"]))
        if not 250 <= words <= 600:
            problems.append("%d words" % words)
        for para in paras + [rec["title"]]:
            if para != collapse(para) or para not in flat:
                problems.append("not in page: %.60s" % para)
        img = rec["lead_image"]
        if img and img.get("caption") and img["caption"] not in flat:
            problems.append("caption not in page")
        if img and not img["url"].startswith(("http://", "https://")):
            problems.append("image URL not absolute")
        print("%-28s %3d words %2d paragraphs %s" % (
            os.path.basename(page), words, len(paras),
            "; ".join(problems) or "ok"))
        bad += bool(problems)
    return 1 if bad else 0


def main(argv):
    if argv[1:2] == ["--check"]:
        return check()
    blocks = blocks_of(argv[1])
    if len(argv) == 2:
        for i, b in enumerate(blocks):
            print("%3d  %s" % (i, b))
        return 0
    text = "\n\n".join(chosen(argv[2:], blocks))
    print(json.dumps(text, ensure_ascii=False))
    print("words:", len(re.findall(r"\w+", text)), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
