#!/usr/bin/python3
"""Extracts the stories of WARC files on a Dask cluster, into JSONL shards.

    tools/dask_extract.py SCHEDULER|local WARC... -o OUTDIR [options]

SCHEDULER is a Dask scheduler address (tcp://host:8786); `local` starts a
cluster of --workers processes on this machine.  Every WARC file is one task,
or, when larger than --split-bytes, several tasks over ranges of whole
records (gzip members of a .warc.gz, records of a plain .warc).  A task
writes the records of its range, in file order, to one shard in OUTDIR whose
name depends only on the input file and the range's start offset:
    <file stem>-<8 hex of the file's absolute path>-<start offset>.jsonl
written under a temporary name and renamed when complete, so a task Dask
retries (its worker died) replaces its shard instead of adding a second one,
and a reader never sees half a shard.  Inputs and OUTDIR must be at the same
path on every worker (shared storage).  The summary (pages, errors, pages/s,
peak RSS per worker) goes to stderr; with --summary-json it is also printed
to stdout as one JSON object.

Needs Dask distributed (Debian: python3-distributed) and the storybox module
(built into build/python: PYTHONPATH=build/python) on the client and every
worker, for the same python3 (Debian's /usr/bin/python3).
Exit status: 0 done, 1 a task failed after its retries, 2 usage or setup.
"""
import argparse
import hashlib
import json
import os
import sys
import time
import zlib


def fail_setup(message):
    print("dask_extract: " + message, file=sys.stderr)
    sys.exit(2)


# ---- planning: which record ranges of which files -------------------------

def gzip_member_offsets(path):
    """Start offsets of the gzip members of a .warc.gz, in order (one member
    per record in a well-formed file).  Reads the file once; stops at the
    first byte that is not a gzip member (the reader reports it later)."""
    offsets = []
    with open(path, "rb") as f:
        buf = b""
        pos = 0  # file offset of buf[0]
        while True:
            if len(buf) < 2:
                buf += f.read(1 << 20)
            if buf[:2] != b"\x1f\x8b":
                return offsets
            offsets.append(pos)
            d = zlib.decompressobj(wbits=31)
            while not d.eof:
                if not buf:
                    buf = f.read(1 << 20)
                    if not buf:
                        return offsets  # truncated member: the last range keeps it
                # The output is only counted, never kept: bounded by max_length.
                d.decompress(buf, 1 << 16)
                rest = d.unused_data if d.eof else d.unconsumed_tail
                pos += len(buf) - len(rest)
                buf = rest


def plain_record_offsets(path):
    """Start offsets of the records of a plain .warc, read from their
    Content-Length; stops at the first record it cannot parse."""
    offsets = []
    size = os.path.getsize(path)
    with open(path, "rb") as f:
        pos = 0
        while pos < size:
            f.seek(pos)
            line = f.readline(64)
            if not line.startswith(b"WARC/"):
                return offsets
            offsets.append(pos)
            length = None
            while True:
                line = f.readline(1 << 16)
                if not line or line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    try:
                        length = int(value.strip())
                    except ValueError:
                        return offsets
            if length is None or length < 0 or not line:
                return offsets
            pos = f.tell() + length
            # The record's closing blank lines (CRLF CRLF).
            f.seek(pos)
            while f.read(1) in (b"\r", b"\n"):
                pos += 1
    return offsets


def plan_ranges(path, split_bytes):
    """[(start, end)] byte ranges of whole records covering the file; end
    None is the end of the file.  One range unless the file is larger than
    split_bytes and its record boundaries can be found."""
    size = os.path.getsize(path)
    if split_bytes <= 0 or size <= split_bytes:
        return [(0, None)]
    if path.endswith(".gz"):
        offsets = gzip_member_offsets(path)
    else:
        offsets = plain_record_offsets(path)
    if len(offsets) < 2 or offsets[0] != 0:
        return [(0, None)]  # one gzip stream, or not a WARC: the reader decides
    starts = [0]
    for off in offsets[1:]:
        if off - starts[-1] >= split_bytes:
            starts.append(off)
    return [(s, e) for s, e in zip(starts, starts[1:] + [None])]


def shard_name(path, start):
    """The shard of one range: a function of the file and the range only."""
    stem = os.path.basename(path)
    for ext in (".gz", ".warc"):
        if stem.endswith(ext):
            stem = stem[: -len(ext)]
    tag = hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:8]
    return "%s-%s-%012d.jsonl" % (stem, tag, start)


# ---- the task, run on a worker ---------------------------------------------

def extract_range(path, start, end, outdir, method, params):
    """Extracts the records of path[start:end) into their shard; returns the
    counts.  A range that does not start at 0 is copied to a local temporary
    file first (the module reads whole files); sources still name the
    original file and offset."""
    import resource
    import shutil
    import tempfile
    import storybox

    import glob

    shard = os.path.join(outdir, shard_name(path, start))
    # A worker that died in this task left its temporary shard: Dask runs
    # one attempt of a task at a time, so those are dead attempts' leftovers.
    for stale in glob.glob(glob.escape(shard) + ".tmp-*"):
        try:
            os.unlink(stale)
        except FileNotFoundError:
            pass
    tmp_shard = "%s.tmp-%d-%s" % (shard, os.getpid(), os.urandom(4).hex())
    # For the test of a worker's death: the first task to write a record
    # kills its worker, once (the marker file says it happened).
    crash_marker = os.environ.get("STORYBOX_DASK_TEST_CRASH_ONCE")
    pages = errors = 0
    t0 = time.monotonic()
    src = path
    tmpdir = None
    try:
        if start != 0 or end is not None:
            tmpdir = tempfile.mkdtemp(prefix="storybox-range-")
            src = os.path.join(tmpdir, os.path.basename(path))
            with open(path, "rb") as fin, open(src, "wb") as fout:
                fin.seek(start)
                left = None if end is None else end - start
                while left is None or left > 0:
                    chunk = fin.read(1 << 20 if left is None else min(left, 1 << 20))
                    if not chunk:
                        break
                    fout.write(chunk)
                    if left is not None:
                        left -= len(chunk)
        with open(tmp_shard, "w", encoding="utf-8") as out:
            for rec in storybox.extract_warc(src, method=method, **params):
                if src != path:
                    # "TMPFILE#OFFSET" -> "FILE#START+OFFSET"
                    off = int(rec["source"].rpartition("#")[2])
                    rec["source"] = "%s#%d" % (path, start + off)
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")
                pages += 1
                if crash_marker:
                    try:
                        os.close(os.open(crash_marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
                        out.flush()
                        os._exit(3)  # the worker dies mid-shard
                    except FileExistsError:
                        crash_marker = None
                if rec.get("error"):
                    errors += 1
        os.replace(tmp_shard, shard)
    finally:
        if os.path.exists(tmp_shard):
            os.unlink(tmp_shard)
        if tmpdir:
            shutil.rmtree(tmpdir, ignore_errors=True)
    return {
        "shard": shard,
        "pages": pages,
        "errors": errors,
        "seconds": time.monotonic() - t0,
        "worker_pid": os.getpid(),
        "host": os.uname().nodename,
        # ru_maxrss is in KiB on Linux: the worker process's peak so far.
        "peak_rss_kib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }


# ---- the client ------------------------------------------------------------

def parse_params(items):
    params = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            fail_setup("--param wants KEY=VALUE, got '%s'" % item)
        params[key] = value
    return params


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Extract stories from WARC files on a Dask cluster into JSONL shards.")
    ap.add_argument("scheduler", help="scheduler address (tcp://host:8786) or 'local'")
    ap.add_argument("warcs", nargs="+", metavar="WARC")
    ap.add_argument("-o", "--outdir", required=True, help="directory of the shards (created)")
    ap.add_argument("--workers", type=int, default=2, help="local: worker processes (2)")
    ap.add_argument("--threads-per-worker", type=int, default=1,
                    help="local: threads per worker (1)")
    ap.add_argument("--split-bytes", type=int, default=256 << 20,
                    help="files larger than this are split into record ranges of about "
                         "this size (256 MiB; 0: never)")
    ap.add_argument("--retries", type=int, default=3,
                    help="times Dask retries a failed task (3)")
    ap.add_argument("--method", default="hybrid")
    ap.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                    help="a method parameter (repeatable)")
    ap.add_argument("--summary-json", action="store_true",
                    help="also print the summary as one JSON object on stdout")
    args = ap.parse_args(argv)
    params = parse_params(args.param)

    try:
        import storybox
    except ImportError:
        fail_setup("the storybox Python module is not importable by %s "
                   "(build it, then PYTHONPATH=build/python)" % sys.executable)
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        fail_setup("Dask distributed is not importable by %s "
                   "(Debian: apt-get install python3-distributed)" % sys.executable)
    # The module checks the method before it opens the file: an unknown one
    # is a usage error here, not a task failing on every worker.
    try:
        storybox.extract_warc(os.devnull, method=args.method, **params)
    except (ValueError, TypeError) as exc:
        fail_setup(str(exc))
    except OSError:
        pass
    for path in args.warcs:
        if not os.path.isfile(path):
            fail_setup("cannot read '%s': not a file" % path)
    if args.workers < 1 or args.threads_per_worker < 1:
        fail_setup("--workers and --threads-per-worker must be at least 1")

    os.makedirs(args.outdir, exist_ok=True)
    outdir = os.path.abspath(args.outdir)
    tasks = []
    # A file named twice is extracted once (its tasks would share keys).
    for path in dict.fromkeys(os.path.abspath(p) for p in args.warcs):
        for start, end in plan_ranges(path, args.split_bytes):
            tasks.append((path, start, end))

    t_start = time.monotonic()
    cluster = None
    if args.scheduler == "local":
        # Worker processes inherit the environment (PYTHONPATH) and python.
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=args.threads_per_worker,
                               processes=True, dashboard_address=None)
        client = Client(cluster)
    else:
        client = Client(args.scheduler)
    # pages/s counts from here: the cluster is up (its start-up is reported
    # apart, it does not grow with the batch).
    t0 = time.monotonic()
    startup = t0 - t_start
    failed = 0
    results = []
    try:
        # Keys name the range, so a resubmitted range is the same task.
        futures = [client.submit(extract_range, path, start, end, outdir, args.method, params,
                                 key="storybox-%s" % shard_name(path, start),
                                 retries=args.retries, pure=False)
                   for path, start, end in tasks]
        for fut in as_completed(futures):
            try:
                results.append(fut.result())
            except Exception as exc:  # the task failed after its retries
                failed += 1
                print("dask_extract: task %s failed: %s" % (fut.key, str(exc).splitlines()[0]
                                                          if str(exc) else type(exc).__name__),
                      file=sys.stderr)
        seconds = time.monotonic() - t0  # not counting the cluster's shutdown
    finally:
        client.close()
        if cluster:
            cluster.close()

    pages = sum(r["pages"] for r in results)
    errors = sum(r["errors"] for r in results)
    peak = {}
    for r in results:
        worker = "%s:%d" % (r["host"], r["worker_pid"])
        peak[worker] = max(peak.get(worker, 0), r["peak_rss_kib"])
    summary = {
        "pages": pages,
        "errors": errors,
        "tasks": len(tasks),
        "failed_tasks": failed,
        "seconds": round(seconds, 3),
        "startup_seconds": round(startup, 3),
        "pages_per_s": round(pages / seconds, 2) if seconds > 0 else 0.0,
        "workers": len(peak),
        "peak_rss_mib_per_worker": sorted(round(v / 1024, 1) for v in peak.values()),
        "outdir": outdir,
    }
    print("dask_extract: %d pages (%d errors) from %d tasks in %.1f s (+%.1f s start-up), "
          "%.1f pages/s; %d failed tasks; peak RSS per worker %s MiB; shards in %s"
          % (pages, errors, len(tasks), seconds, startup, summary["pages_per_s"], failed,
             summary["peak_rss_mib_per_worker"], outdir), file=sys.stderr)
    if args.summary_json:
        print(json.dumps(summary))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
