"""Test of tools/dask_extract.py on a local Dask cluster of 2 workers.

Run by ctest (test python_dask_extract) with the python the module was built
for and the module on PYTHONPATH.  Exits 77 (skipped) with a one-line reason
when Dask distributed or the storybox module cannot be imported.  By hand:
    PYTHONPATH=build/python /usr/bin/python3 tests/python/test_dask_extract.py
"""
import glob
import gzip
import json
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
SAMPLES = os.path.join(ROOT, "samples")
TOOL = os.path.join(ROOT, "tools", "dask_extract.py")
# The tools are imported from the source tree: no __pycache__ left there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "tools"))

PAGES = ["news/one_column.html", "news/two_column.html", "news/german.html",
         "news/german_cp1252.html", "news/rtl_arabic.html", "news/lazy_image.html",
         "dom/story.html", "bad/windows-1252.html"]


def pages(names, tag):
    for name in names:
        with open(os.path.join(SAMPLES, name), "rb") as f:
            yield "http://test.example/%s/%s" % (tag, name), f.read()


class DaskExtractTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        import pack_warc
        cls.tmp = tempfile.TemporaryDirectory(prefix="storybox-dask-")
        d = cls.tmp.name
        cls.expected = {}  # record id -> "FILE#OFFSET"
        # A small file (one task), a large one split into ranges, and the
        # same large one uncompressed (a plain .warc, split too).
        small = os.path.join(d, "small.warc.gz")
        big = os.path.join(d, "big.warc.gz")
        plain = os.path.join(d, "plain.warc")
        for rid_off in [(small, pack_warc.write_warc(small, pages(PAGES[:3], "small"))),
                        (big, pack_warc.write_warc(big, pages(PAGES, "big")))]:
            path, written = rid_off
            for offset, record_id, _ in written:
                cls.expected[record_id] = "%s#%d" % (path, offset)
        # The plain file holds the same records as big: give them other ids
        # by packing other URIs, then decompress.
        tmp_gz = os.path.join(d, "plain.tmp.gz")
        pack_warc.write_warc(tmp_gz, pages(PAGES, "plain"))
        with gzip.open(tmp_gz, "rb") as f, open(plain, "wb") as out:
            raw = f.read()
            out.write(raw)
        os.unlink(tmp_gz)
        pos = 0
        while pos < len(raw):  # the plain records' offsets: "WARC/1.1" lines
            end = raw.index(b"\r\n\r\n", pos)
            head = raw[pos:end].decode()
            rid = [h.split(": ", 1)[1] for h in head.split("\r\n")
                   if h.startswith("WARC-Record-ID")][0]
            length = int([h.split(": ", 1)[1] for h in head.split("\r\n")
                          if h.startswith("Content-Length")][0])
            cls.expected[rid] = "%s#%d" % (plain, pos)
            pos = end + 4 + length + 4
        cls.inputs = [small, big, plain]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_tool(self, outdir, *extra):
        proc = subprocess.run([sys.executable, TOOL, "local", *self.inputs, "-o", outdir,
                               "--workers", "2", "--split-bytes", "6000", "--summary-json",
                               *extra], capture_output=True, text=True, timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return json.loads(proc.stdout)

    def shard_records(self, outdir):
        self.assertEqual(glob.glob(os.path.join(outdir, "*.tmp-*")), [])
        records = []
        for shard in sorted(glob.glob(os.path.join(outdir, "*.jsonl"))):
            with open(shard, encoding="utf-8") as f:
                records.extend(json.loads(line) for line in f)
        return records

    def test_ranges_start_at_records(self):
        import dask_extract
        big = self.inputs[1]
        starts = sorted(int(s.rpartition("#")[2]) for s in self.expected.values()
                        if s.startswith(big + "#"))
        for path in (big, self.inputs[2]):
            ranges = dask_extract.plan_ranges(path, 6000)
            self.assertGreater(len(ranges), 2, path)
            recs = sorted(int(s.rpartition("#")[2]) for s in self.expected.values()
                          if s.startswith(path + "#"))
            self.assertEqual([s for s, _ in ranges][0], 0)
            for s, e in ranges:
                self.assertIn(s, recs)
                if e is not None:
                    self.assertIn(e, recs)
        self.assertEqual(dask_extract.plan_ranges(big, 0), [(0, None)])
        self.assertEqual(len(starts), len(PAGES))

    def test_every_record_exactly_once_and_rerun_idempotent(self):
        outdir = os.path.join(self.tmp.name, "out")
        summary = self.run_tool(outdir)
        records = self.shard_records(outdir)
        ids = [r["warc_record_id"] for r in records]
        self.assertEqual(sorted(ids), sorted(self.expected))
        self.assertEqual(len(ids), len(set(ids)))
        for r in records:
            self.assertEqual(r["source"], self.expected[r["warc_record_id"]])
        self.assertEqual(summary["pages"], len(self.expected))
        self.assertEqual(summary["errors"], sum(1 for r in records if r.get("error")))
        self.assertEqual(summary["failed_tasks"], 0)
        self.assertEqual(summary["workers"], 2)
        self.assertGreater(summary["tasks"], 3)  # the large files were split
        shards = sorted(os.listdir(outdir))
        self.assertEqual(len(shards), summary["tasks"])
        # A second run (every task retried) replaces the shards: same names,
        # every record still once.
        self.run_tool(outdir)
        self.assertEqual(sorted(os.listdir(outdir)), shards)
        again = self.shard_records(outdir)
        self.assertEqual(sorted(r["warc_record_id"] for r in again), sorted(self.expected))

    def test_worker_dying_mid_task(self):
        # The first task to write a record kills its worker process; Dask
        # reruns the task on a worker the nanny restarts, and its shard
        # replaces the dead attempt's partial temporary one.
        outdir = os.path.join(self.tmp.name, "out_crash")
        marker = os.path.join(self.tmp.name, "crashed")
        env = dict(os.environ, STORYBOX_DASK_TEST_CRASH_ONCE=marker)
        proc = subprocess.run([sys.executable, TOOL, "local", *self.inputs, "-o", outdir,
                               "--workers", "2", "--split-bytes", "6000", "--summary-json"],
                              capture_output=True, text=True, timeout=300, env=env)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(os.path.exists(marker))
        summary = json.loads(proc.stdout)
        records = self.shard_records(outdir)
        self.assertEqual(sorted(r["warc_record_id"] for r in records), sorted(self.expected))
        self.assertEqual(summary["pages"], len(self.expected))
        self.assertEqual(summary["failed_tasks"], 0)

    def test_usage_errors_are_one_line_exit_2(self):
        outdir = os.path.join(self.tmp.name, "never")
        for extra, message in [(["--method", "nope"], "dask_extract: storybox.extract_warc: "
                                 "unknown method 'nope'\n"),
                               (["/no/such.warc.gz"], "dask_extract: cannot read "
                                "'/no/such.warc.gz': not a file\n")]:
            proc = subprocess.run([sys.executable, TOOL, "local", self.inputs[0], *extra,
                                   "-o", outdir], capture_output=True, text=True, timeout=60)
            self.assertEqual((proc.returncode, proc.stderr, proc.stdout), (2, message, ""))
        self.assertFalse(os.path.exists(outdir))

    def test_records_equal_the_modules(self):
        import storybox
        outdir = os.path.join(self.tmp.name, "out_nosplit")
        self.run_tool(outdir, "--split-bytes", "0")
        got = {r["warc_record_id"]: r for r in self.shard_records(outdir)}
        for path in self.inputs:
            for rec in storybox.extract_warc(path):
                self.assertEqual(got[rec["warc_record_id"]], rec)


def main():
    try:
        import distributed  # noqa: F401
    except ImportError:
        print("skipped: Dask distributed not importable by %s "
              "(Debian: apt-get install python3-distributed)" % sys.executable)
        return 77
    try:
        import storybox  # noqa: F401
    except ImportError:
        print("skipped: the storybox module not importable by %s (PYTHONPATH=build/python)"
              % sys.executable)
        return 77
    result = unittest.main(argv=[sys.argv[0], "-v"], exit=False).result
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
