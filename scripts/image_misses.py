#!/usr/bin/env python3
"""List the lead-image misses against the page's declared image, and why.

usage: image_misses.py STORYBOX CORPUS_DIR [--method M] [--jobs N] [--stripped]
                       [--eval-json REPORT]

For every page that declares an image, runs `storybox extract --explain`
and classifies a miss (our lead_image.url is not the declared picture):
  rendition-lost   a candidate is a rendition of the declared image but
                   another candidate scored higher
  no-rendition-*   no candidate is a rendition; split by whether the
                   declared file name appears in a body <img>/<source> tag
                   (in-body: rejected or unread; not-in-body: never shown)
                   and whether our pick is in the lead position
  no-candidate     nothing was accepted and the declared image was not kept
With --eval-json (a `storybox eval --out` report of the same corpus), only
the pages the eval itself counts as misses of imgSt (--stripped) or imgAs
are looked at: this script's own test of a miss (equal URL or file stem)
is stricter than the eval's same-picture rule and lists renditions the
eval counts as hits (136 listed against the eval's 94 on trafilatura,
2026-11-26).
Measurement only: the corpus is read, nothing is tuned per page."""
import json, os, re, subprocess, sys, concurrent.futures as cf
from urllib.parse import urlparse, unquote

def pages(corpus):
    if os.path.exists(os.path.join(corpus, "evaldata.json")):
        d = json.load(open(os.path.join(corpus, "evaldata.json")))
        for url, e in d.items():
            yield url, os.path.join(corpus, e["file"])
    else:
        for name in sorted(os.listdir(corpus)):
            p = os.path.join(corpus, name, "source.html")
            if os.path.exists(p):
                yield "http://fakehost/test/page.html", p

def page_id(path):
    """The eval's page id: the folder of source.html, else the file stem."""
    base = os.path.basename(path)
    if base == "source.html":
        return os.path.basename(os.path.dirname(path))
    return base.split(".html")[0]

def eval_misses(report, method, stripped):
    """Ids of the pages the eval report counts as misses for `method`."""
    field = "image_stripped" if stripped else "image_asis"
    for m in json.load(open(report))["methods"]:
        if m["name"] == method:
            return {p["id"] for p in m["pages"] if p.get(field) is False}
    sys.exit("image_misses: method %s not in %s" % (method, report))

def stem(u):
    path = unquote(urlparse(u).path)
    base = path.rsplit("/", 1)[-1]
    return base.rsplit(".", 1)[0].lower()

TAG = re.compile(r"<(img|source)\b[^>]*>", re.I | re.S)

def body_tags_with(html, u):
    s = stem(u)
    if len(s) < 4:
        return []
    return [m.group(0)[:160] for m in TAG.finditer(html) if s in m.group(0).lower()]

# The page without its image hints, as tools/eval/image_hints.c strips them.
HINTS = re.compile(rb"<meta\b[^>]*(?:og:image|twitter:image)[^>]*>|<link\b[^>]*image_src[^>]*>"
                   rb"|<script\b[^>]*ld\+json[^>]*>.*?(?:</script[^>]*>|$)", re.I | re.S)

def extract(storybox, method, url, path, data=None):
    cmd = [storybox, "extract", "--method", method, "--url", url, "--explain",
           "-" if data is not None else path]
    try:
        p = subprocess.run(cmd, capture_output=True, input=data, timeout=60)
        return json.loads(p.stdout.decode("utf-8", "replace")), p.stderr.decode("utf-8", "replace")
    except Exception as e:
        return None, str(e)

def run(args):
    storybox, method, url, path, stripped = args
    rec, err = extract(storybox, method, url, path)
    if not stripped or not rec or not rec.get("lead_image") or not rec["lead_image"].get("declared"):
        return path, rec, err
    # Hints stripped: only pages whose body shows the declared file (as the
    # eval's imgSt), with the declared URL of the unstripped page.
    decl = rec["lead_image"]["declared"]
    raw = open(path, "rb").read()
    html = raw.decode("utf-8", "replace")
    name = urlparse(decl).path.rsplit("/", 1)[-1]
    body = html[html.lower().find("<body"):] if "<body" in html.lower() else ""
    if len(name) < 5 or not any(name.lower() in m.group(0).lower() for m in TAG.finditer(body)):
        return path, None, ""
    rec2, err2 = extract(storybox, method, url, path, HINTS.sub(b"", raw))
    if rec2 is not None:
        li = rec2.get("lead_image") or {"url": None}
        rec2["lead_image"] = dict(li, declared=decl)
    return path, rec2, err2

def main():
    storybox, corpus = sys.argv[1], sys.argv[2]
    method = sys.argv[sys.argv.index("--method") + 1] if "--method" in sys.argv else "hybrid"
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 2
    todo = [(storybox, method, u, p, "--stripped" in sys.argv) for u, p in pages(corpus)]
    if "--eval-json" in sys.argv:
        keep = eval_misses(sys.argv[sys.argv.index("--eval-json") + 1], method,
                           "--stripped" in sys.argv)
        todo = [t for t in todo if page_id(t[3]) in keep]
    kinds = {}
    n = 0
    with cf.ThreadPoolExecutor(jobs) as ex:
        for path, rec, err in ex.map(run, todo):
            if not rec or not rec.get("lead_image") or not rec["lead_image"].get("declared"):
                continue
            n += 1
            li = rec["lead_image"]
            url, decl = li["url"] or "", li["declared"]
            cands = [l for l in err.splitlines() if l.startswith("image e") and " candidate " in l]
            rendition = [l for l in cands if "declared 2.00" in l]
            best = [l for l in cands if " %s " % url in l]
            if url == decl or (best and "declared 2.00" in best[0]) or stem(url) == stem(decl):
                continue
            html = open(path, encoding="utf-8", errors="replace").read()
            inbody = body_tags_with(html, decl)
            pos = "pick-in-lead-zone" if best and "position 1.00" in best[0] else "pick-outside-lead-zone"
            if not cands:
                kind = "no-candidate"
            elif rendition:
                kind = "rendition-lost"
            else:
                kind = "no-rendition/%s/%s" % ("declared-in-body" if inbody else "declared-not-in-body", pos)
            kinds.setdefault(kind, []).append(path)
            print("%s\t%s\n  pick     %s\n  declared %s" % (kind, path, url, decl))
            for l in best[:1] + rendition[:2]:
                print("  " + l)
            for t in inbody[:2]:
                print("  body: " + t)
            rej = [l for l in err.splitlines() if " rejected " in l and stem(decl) in l.lower()]
            for l in rej[:2]:
                print("  " + l)
    print("\n%d pages declare an image; misses by kind:" % n)
    for k, v in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        print("%5d  %s" % (len(v), k))

main()
