#!/usr/bin/python3
"""Packs saved HTML pages into a .warc.gz (WARC/1.1, one gzip member per
record), so batch tools can be measured and tested on WARC input.

    tools/pack_warc.py OUT.warc.gz PAGE.html...
    tools/pack_warc.py --per-file 200 OUTPREFIX PAGE.html...   (OUTPREFIX-000.warc.gz, ...)

Each page becomes one `response` record with an HTTP/1.1 200 header
(Content-Type text/html, no charset: the page's own declaration counts) and a
made-up target URI built from the page's path, so every record can be told
apart.  Also usable as a module: `write_warc(path, pages)` returns the
records written (offset, record id, uri) in order.
"""
import argparse
import gzip
import hashlib
import os
import sys
import uuid


def page_uri(path):
    """A stable made-up URL for a saved page: the path below its corpus."""
    parts = os.path.abspath(path).split(os.sep)
    return "http://pages.example/" + "/".join(parts[-3:])


def response_record(uri, body):
    """The bytes of one WARC response record carrying `body` as HTML, and
    its record id (derived from the URI and body, so packing is repeatable)."""
    http = (b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n") + body
    digest = hashlib.sha1(uri.encode() + b"\0" + body).digest()
    record_id = "<urn:uuid:%s>" % uuid.UUID(bytes=digest[:16])
    head = ("WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: %s\r\n"
            "WARC-Date: 2024-01-01T00:00:00Z\r\nWARC-Target-URI: %s\r\n"
            "Content-Type: application/http; msgtype=response\r\n"
            "Content-Length: %d\r\n\r\n" % (record_id, uri, len(http))).encode()
    return head + http + b"\r\n\r\n", record_id


def write_warc(out_path, pages):
    """Writes `pages` (an iterable of (uri, body bytes)) to out_path as a
    .warc.gz, one gzip member per record; returns [(offset, record_id, uri)]."""
    written = []
    tmp = out_path + ".tmp"
    with open(tmp, "wb") as out:
        for uri, body in pages:
            record, record_id = response_record(uri, body)
            written.append((out.tell(), record_id, uri))
            # mtime=0: the same pages give the same bytes.
            out.write(gzip.compress(record, compresslevel=6, mtime=0))
    os.replace(tmp, out_path)
    return written


def read_pages(paths):
    for path in paths:
        with open(path, "rb") as f:
            yield page_uri(path), f.read()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--per-file", type=int, default=0,
                    help="pages per WARC file; OUT is then a prefix")
    ap.add_argument("out")
    ap.add_argument("pages", nargs="+")
    args = ap.parse_args()
    if args.per_file <= 0:
        n = len(write_warc(args.out, read_pages(args.pages)))
        print("pack_warc: %d pages in %s" % (n, args.out), file=sys.stderr)
        return 0
    for i in range(0, len(args.pages), args.per_file):
        out = "%s-%03d.warc.gz" % (args.out, i // args.per_file)
        n = len(write_warc(out, read_pages(args.pages[i:i + args.per_file])))
        print("pack_warc: %d pages in %s" % (n, out), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
