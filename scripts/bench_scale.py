#!/usr/bin/python3
"""Throughput figures (not a test): pages/s of `storybox extract --jobs 1`
and `--jobs 2`, and of tools/dask_extract.py on a local cluster of 1 and 2
workers, over the dev corpora packed into .warc.gz files, with the scaling
efficiency from 1 to 2 and the peak RSS per process.

    PYTHONPATH=build/python scripts/bench_scale.py [--storybox build/storybox]
        [--corpus /work/shared/corpus] [--per-file 100] [--limit N] [--method hybrid]

The WARC files are written to a temporary directory and removed at the end.
The per-page cost against batch size: `--jobs 1` also runs on each half of
the files apart, and the CPU ms/page of the whole batch and of the halves
are printed (equal when the cost does not grow with the batch).  Dask's pages/s are
counted from the moment the cluster is up (its start-up is printed apart).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
# The tools are imported from the source tree: no __pycache__ left there.
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(ROOT, "tools"))
import pack_warc  # noqa: E402


def run_measured(cmd, env=None, cpu=None):
    """Runs cmd; returns (seconds, peak RSS of the process in MiB, stdout);
    appends its CPU seconds (user + system) to the list `cpu` if given."""
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - t0
    if cpu is not None:
        cpu.append(usage.ru_utime + usage.ru_stime)
    if proc.returncode not in (0, 1):  # 1: some page failed, still a run
        sys.exit("bench_scale: %s failed (%d): %s" % (cmd[0], proc.returncode,
                                                    err.decode(errors="replace")[-500:]))
    return seconds, usage.ru_maxrss / 1024, out


def count_lines(path):
    with open(path, "rb") as f:
        return sum(1 for _ in f)


def main():
    ap = argparse.ArgumentParser(description="storybox throughput: threads and Dask workers")
    ap.add_argument("--storybox", default=os.path.join(ROOT, "build", "storybox"))
    ap.add_argument("--corpus", default="/work/shared/corpus")
    ap.add_argument("--per-file", type=int, default=100, help="pages per WARC file (100)")
    ap.add_argument("--limit", type=int, default=0, help="at most this many pages (0: all)")
    ap.add_argument("--method", default="hybrid")
    args = ap.parse_args()

    pages = sorted(glob.glob(os.path.join(args.corpus, "trafilatura", "html", "*.html")))
    pages += sorted(glob.glob(os.path.join(args.corpus, "readability", "*", "source.html")))
    if not pages:
        sys.exit("bench_scale: no pages under %s (trafilatura/html/*.html, "
                 "readability/*/source.html)" % args.corpus)
    if args.limit > 0:
        pages = pages[: args.limit]

    with tempfile.TemporaryDirectory(prefix="storybox-bench-") as d:
        warcs = []
        for i in range(0, len(pages), args.per_file):
            path = os.path.join(d, "corpus-%03d.warc.gz" % (i // args.per_file))
            pack_warc.write_warc(path, pack_warc.read_pages(pages[i:i + args.per_file]))
            warcs.append(path)
        size = sum(os.path.getsize(w) for w in warcs)
        print("corpus: %d pages in %d .warc.gz files (%.1f MiB), method %s, %d cores"
              % (len(pages), len(warcs), size / 2**20, args.method, os.cpu_count()))

        rows = []
        whole_cpu = []
        for jobs in (1, 2):
            out = os.path.join(d, "cli-%d.jsonl" % jobs)
            secs, rss, _ = run_measured([args.storybox, "extract", "--quiet", "--jobs", str(jobs),
                                         "--method", args.method, "-o", out, *warcs],
                                        cpu=whole_cpu if jobs == 1 else None)
            n = count_lines(out)
            rows.append(("storybox extract --jobs %d" % jobs, jobs, n, secs, [rss], 0.0))
        # Per-page cost against batch size: the two halves run apart must
        # cost, in CPU time (which other load on the machine does not
        # inflate as it does wall time), what the whole batch costs.
        half_cpu = []
        mid = max(1, len(warcs) // 2)
        for part in (warcs[:mid], warcs[mid:]):
            if part:
                run_measured([args.storybox, "extract", "--quiet", "--jobs", "1",
                              "--method", args.method, "-o", os.path.join(d, "half.jsonl"),
                              *part], cpu=half_cpu)

        for workers in (1, 2):
            outdir = os.path.join(d, "dask-%d" % workers)
            _, _, stdout = run_measured(
                [sys.executable, os.path.join(ROOT, "tools", "dask_extract.py"), "local", *warcs,
                 "-o", outdir, "--workers", str(workers), "--split-bytes", "0",
                 "--method", args.method, "--summary-json"])
            s = json.loads(stdout)
            rows.append(("dask_extract.py, %d local worker%s" % (workers, "s" if workers > 1 else ""),
                         workers, s["pages"], s["seconds"], s["peak_rss_mib_per_worker"],
                         s["startup_seconds"]))

    print()
    print("| run | pages | seconds | pages/s | scaling efficiency | peak RSS per process (MiB) |")
    print("|---|---:|---:|---:|---:|---|")
    base = {}
    for name, n_par, n, secs, rss, startup in rows:
        pps = n / secs
        kind = name.split(",")[0].split(" --")[0]
        if n_par == 1:
            base[kind] = pps
        eff = pps / (n_par * base[kind]) if kind in base else float("nan")
        extra = " (+%.1f s cluster start-up)" % startup if startup else ""
        print("| %s | %d | %.1f%s | %.1f | %.0f%% | %s |"
              % (name, n, secs, extra, pps, 100 * eff, ", ".join("%.0f" % r for r in rss)))
    print()
    n_all = rows[0][2]
    print("per-page CPU cost, storybox extract --jobs 1: whole batch %.1f ms/page, "
          "its two halves run apart %.1f ms/page (ratio %.2f)"
          % (1000 * whole_cpu[0] / n_all, 1000 * sum(half_cpu) / n_all,
             whole_cpu[0] / sum(half_cpu)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
