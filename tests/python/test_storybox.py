"""Tests of the Python module `storybox` (tools/python/storybox_module.c).

Run by ctest (test python_storybox) from the source root with the built
module on PYTHONPATH and STORYBOX_CLI naming the `storybox` tool of the same
build, whose JSON records the module's dicts must equal.  By hand:
    PYTHONPATH=build/python STORYBOX_CLI=build/storybox \
        python3 -m unittest -v tests/python/test_storybox.py
"""
import json
import os
import re
import subprocess
import threading
import unittest
from concurrent.futures import ThreadPoolExecutor

import storybox

SAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "samples")
FIELDS = ["source", "warc_record_id", "url", "title", "byline", "published", "modified",
          "site_name", "language", "description", "standfirst", "text", "lead_image", "images", "method",
          "region", "error"]
PAGES = ["news/one_column.html", "news/two_column.html", "news/german.html",
         "news/german_cp1252.html", "news/rtl_arabic.html", "news/lazy_image.html",
         "dom/story.html", "bad/windows-1252.html"]


def page_bytes(name):
    with open(os.path.join(SAMPLES, name), "rb") as f:
        return f.read()


def cli_record(name, *options):
    """The record `storybox extract` prints for a sample page, with the
    source the module leaves empty (it is given bytes, not a path)."""
    cli = os.environ.get("STORYBOX_CLI")
    if not cli:
        raise unittest.SkipTest("STORYBOX_CLI (the storybox tool) not set")
    out = subprocess.run([cli, "extract", "--format", "jsonl", *options,
                          os.path.join(SAMPLES, name)],
                         check=False, capture_output=True, text=True).stdout
    record = json.loads(out)
    record["source"] = None
    return record


class Extract(unittest.TestCase):
    def test_record_fields_and_values(self):
        r = storybox.extract(page_bytes("news/one_column.html"))
        self.assertEqual(list(r), FIELDS)
        self.assertEqual(r["title"], "Library extends opening hours after record winter visits")
        self.assertEqual(r["byline"], "Jane Doe")
        self.assertEqual(r["method"], "hybrid")
        self.assertIsNone(r["error"])
        self.assertIsNone(r["source"])
        self.assertEqual(len(r["text"]), 2562)
        self.assertTrue(r["text"].startswith("Northfield Central Library will stay open until 9pm "),
                        r["text"][:80])
        self.assertEqual(set(r["region"]), {"x", "y", "w", "h"})

    def test_same_as_the_command(self):
        for name in PAGES:
            with self.subTest(page=name):
                self.assertEqual(storybox.extract(page_bytes(name)), cli_record(name))

    def test_url_and_method(self):
        name = "news/one_column.html"
        r = storybox.extract(page_bytes(name), "https://example.com/a/b", method="dom")
        self.assertEqual(r["method"], "dom")
        self.assertEqual(r, cli_record(name, "--url", "https://example.com/a/b", "--method", "dom"))
        self.assertEqual(storybox.extract(html=page_bytes(name), url=None, method="dom"),
                         cli_record(name, "--method", "dom"))

    def test_str_and_bytes(self):
        # A str is decoded text: it must give the record the bytes give,
        # even when the page declares a legacy charset in its <meta>.
        for name, codec in [("news/german.html", "utf-8"),
                            ("news/german_cp1252.html", "cp1252"),
                            ("bad/windows-1252.html", "cp1252")]:
            with self.subTest(page=name):
                raw = page_bytes(name)
                self.assertEqual(storybox.extract(raw.decode(codec)), storybox.extract(raw))
        r = storybox.extract(page_bytes("news/german_cp1252.html").decode("cp1252"))
        self.assertEqual(r["title"], "Neue Straßenbahnlinie 4 fährt ab Montag bis Nordhöhe")
        self.assertEqual(storybox.extract(bytearray(page_bytes("dom/story.html")))["title"],
                         "Harbour bridge reopens after repairs")
        self.assertEqual(storybox.extract(memoryview(page_bytes("dom/story.html")))["title"],
                         "Harbour bridge reopens after repairs")

    def test_params(self):
        name = "news/hidden_noise.html"
        raw = page_bytes(name)
        sentences = storybox.extract(raw, similarity="sentences")
        self.assertEqual(sentences, cli_record(name, "--param", "similarity=sentences"))
        self.assertNotEqual(sentences["text"], storybox.extract(raw)["text"])
        self.assertEqual(storybox.extract(raw, method="next", sim="dice", b=0.6),
                         cli_record(name, "--method", "next", "--params", "sim=dice,b=0.6"))
        with self.assertRaisesRegex(ValueError, "may not contain"):
            storybox.extract(raw, similarity="off,b=1")
        with self.assertRaisesRegex(TypeError, "must be str, int, float or bool"):
            storybox.extract(raw, b=[1])

    def test_bad_arguments(self):
        with self.assertRaisesRegex(TypeError, "html must be str or bytes, not int"):
            storybox.extract(42)
        with self.assertRaisesRegex(TypeError, "url must be str or None"):
            storybox.extract(b"<p>x", url=3)
        with self.assertRaisesRegex(TypeError, "multiple values for 'url'"):
            storybox.extract(b"<p>x", "https://a.example/", url="https://b.example/")
        with self.assertRaisesRegex(TypeError, "missing required argument 'html'"):
            storybox.extract()

    def test_markdown_and_html_documents(self):
        url = "https://courier.example/news/bridge"
        raw = page_bytes("markup/structure.html")
        for fmt, ext in (("markdown", "md"), ("html", "html")):
            for links, name in ((False, "structure.expected"), (True, "structure.links.expected")):
                r = storybox.extract(raw, url, "dom", format=fmt, links=links)
                with open(os.path.join(SAMPLES, "markup", name + "." + ext),
                          encoding="utf-8") as f:
                    self.assertEqual(r[fmt], f.read())
                self.assertEqual(list(r), FIELDS + [fmt])
        self.assertEqual(list(storybox.extract(raw)), FIELDS)
        with self.assertRaisesRegex(ValueError, "format must be"):
            storybox.extract(raw, format="rtf")


class Errors(unittest.TestCase):
    def test_extraction_error_carries_the_record(self):
        self.assertTrue(issubclass(storybox.ExtractionError, Exception))
        with self.assertRaises(storybox.ExtractionError) as caught:
            storybox.extract(page_bytes("bad/empty.html"))
        self.assertEqual(str(caught.exception), "empty page")
        self.assertEqual(caught.exception.record["error"], "empty page")
        self.assertEqual(caught.exception.record["text"], "")
        self.assertEqual(caught.exception.record["method"], "hybrid")

    def test_unknown_method_and_bad_parameter(self):
        with self.assertRaisesRegex(storybox.ExtractionError, r"^unknown method 'nope'$"):
            storybox.extract(b"<p>x</p>", method="nope")
        with self.assertRaisesRegex(storybox.ExtractionError,
                                    r"^parameter similarity takes off, sentences or blocks$"):
            storybox.extract(b"<p>x</p>", similarity="most")

    def test_bad_pages_never_crash(self):
        for name in sorted(os.listdir(os.path.join(SAMPLES, "bad"))):
            with self.subTest(page=name):
                try:
                    r = storybox.extract(page_bytes("bad/" + name))
                    self.assertIsNone(r["error"])
                except storybox.ExtractionError as e:
                    self.assertEqual(str(e), e.record["error"])

    def test_extract_warc_missing_file(self):
        with self.assertRaisesRegex(OSError, "missing.warc.gz"):
            storybox.extract_warc("/nonexistent/missing.warc.gz")
        with self.assertRaises(ValueError):
            storybox.extract_warc(__file__, method="no-such-method")


def warc_record(kind, rid, uri, block):
    head = ("WARC/1.1\r\nWARC-Type: %s\r\nWARC-Record-ID: <%s>\r\nWARC-Target-URI: %s\r\n"
            "Content-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n"
            % (kind, rid, uri, len(block)))
    return head.encode() + block + b"\r\n\r\n"


class Warc(unittest.TestCase):
    def test_pages_in_file_order_with_their_errors(self):
        import gzip
        import tempfile
        pages = ["news/one_column.html", "news/german.html"]
        records = []
        for i, name in enumerate(pages):
            http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n" + page_bytes(name)
            records.append(warc_record("response", "urn:uuid:p%d" % i,
                                       "https://example.com/%d" % i, http))
        records.insert(1, warc_record("request", "urn:uuid:q", "https://example.com/0",
                                      b"GET / HTTP/1.1\r\n\r\n"))
        # A truncated last record: its error record comes last.
        records.append(warc_record("response", "urn:uuid:cut", "https://example.com/9",
                                   b"HTTP/1.1 200 OK\r\n\r\n<p>x</p>")[:-12])
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "crawl.warc.gz")
            with open(path, "wb") as f:
                for r in records:
                    f.write(gzip.compress(r))
            got = list(storybox.extract_warc(path, method="dom"))
        self.assertEqual([r["warc_record_id"] for r in got],
                         ["<urn:uuid:p0>", "<urn:uuid:p1>", "<urn:uuid:cut>"])
        self.assertTrue(all(r["source"].startswith(path + "#") for r in got))
        self.assertEqual(got[0]["title"], "Library extends opening hours after record winter visits")
        self.assertEqual(got[1]["method"], "dom")
        self.assertIsNone(got[0]["error"])
        self.assertIsNotNone(got[2]["error"])
        # The same records as extract() on the page bytes, but for the WARC fields.
        alone = storybox.extract(page_bytes(pages[1]), url="https://example.com/1", method="dom")
        for key in ("title", "text", "byline", "published"):
            self.assertEqual(got[1][key], alone[key])

    def test_stylesheets_of_the_same_warc_serve_its_pages(self):
        import tempfile
        site = "https://courier.example/static/site.css"
        page = page_bytes("saved/two_column.html").replace(b"two_column_files/site.css",
                                                           site.encode())

        def response(rid, uri, ctype, body):
            http = ("HTTP/1.1 200 OK\r\nContent-Type: %s\r\n\r\n" % ctype).encode() + body
            return warc_record("response", rid, uri, http)

        page_record = response("urn:uuid:p", "https://courier.example/news/ferry.html",
                               "text/html", page)
        # The stylesheets after the page, as a crawler fetches them.
        sheets = (response("urn:uuid:s", site, "text/css",
                           page_bytes("saved/two_column_files/site.css")) +
                  response("urn:uuid:c", "https://courier.example/static/columns.css",
                           "text/css", page_bytes("saved/two_column_files/columns.css")))
        with tempfile.TemporaryDirectory() as tmp:
            styled = os.path.join(tmp, "styled.warc")
            plain = os.path.join(tmp, "plain.warc")
            with open(styled, "wb") as f:
                f.write(page_record + sheets)
            with open(plain, "wb") as f:
                f.write(page_record)
            got = list(storybox.extract_warc(styled)) + list(storybox.extract_warc(plain))
        self.assertEqual(len(got), 2)
        # Styled, the story is the left column of a centred 1000 px page.
        self.assertEqual(got[0]["region"]["x"], 140)
        self.assertNotEqual(got[1]["region"]["x"], 140)
        self.assertEqual(got[0]["text"], got[1]["text"])
        self.assertTrue(got[0]["text"].startswith("The harbour ferry returned to service"))


    def test_images_of_the_same_warc_give_their_sizes(self):
        import tempfile
        png = (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\x02\x80\0\0\x01\xe0"
               b"\x08\x02\0\0\0")

        def response(rid, uri, ctype, body):
            http = ("HTTP/1.1 200 OK\r\nContent-Type: %s\r\n\r\n" % ctype).encode() + body
            return warc_record("response", rid, uri, http)

        page = response("urn:uuid:p", "http://example.com/news/ferry", "text/html",
                        page_bytes("saved/ferry_image.html"))
        picture = response("urn:uuid:i", "http://example.com/img/ferry.png", "image/png", png)
        with tempfile.TemporaryDirectory() as tmp:
            with_picture = os.path.join(tmp, "with.warc")
            without = os.path.join(tmp, "without.warc")
            with open(with_picture, "wb") as f:
                f.write(page + picture)
            with open(without, "wb") as f:
                f.write(page)
            got = list(storybox.extract_warc(with_picture)) + list(storybox.extract_warc(without))
        self.assertEqual(len(got), 2)
        # The <img> has no size of its own: its PNG header's, else 300 x 150.
        self.assertEqual((got[0]["lead_image"]["box"]["w"], got[0]["lead_image"]["box"]["h"]),
                         (640, 480))
        self.assertEqual((got[1]["lead_image"]["box"]["w"], got[1]["lead_image"]["box"]["h"]),
                         (300, 150))

class Threads(unittest.TestCase):
    def test_four_threads_give_the_sequential_records(self):
        pages = [page_bytes(name) for name in PAGES] * 3
        sequential = [storybox.extract(p) for p in pages]
        with ThreadPoolExecutor(max_workers=4) as pool:
            parallel = list(pool.map(storybox.extract, pages))
        self.assertEqual(parallel, sequential)

    def test_threads_raise_their_own_errors(self):
        errors = []

        def worker():
            try:
                storybox.extract(b"", method="dom")
            except storybox.ExtractionError as e:
                errors.append(str(e))

        threads = [threading.Thread(target=worker) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errors, ["empty page"] * 4)


class Version(unittest.TestCase):
    def test_version_is_the_library_and_tool_version(self):
        self.assertRegex(storybox.__version__, r"^\d+\.\d+\.\d+$")
        cli = os.environ.get("STORYBOX_CLI")
        if cli:
            out = subprocess.run([cli, "--version"], check=True, capture_output=True,
                                 text=True).stdout
            self.assertEqual(out, "storybox %s\n" % storybox.__version__)


if __name__ == "__main__":
    unittest.main()
