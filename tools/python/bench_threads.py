#!/usr/bin/env python3
"""bench_threads: pages/s of storybox.extract on 1, 2 and 4 Python threads.

The module releases the GIL while a page is extracted, so threads should
scale with the cores.  Prints one line per thread count: pages, seconds,
pages/s and the speed-up over one thread (scaling efficiency = speed-up /
threads).  A benchmark, not a test: it prints figures and asserts only that
every thread count gave the same records.

    PYTHONPATH=build/python python3 tools/python/bench_threads.py \
        [--method hybrid] [--threads 1,2,4] PAGE_OR_DIR...

A directory gives every *.html below it (a corpus such as
../shared/corpus/readability, whose pages are DIR/source.html).
"""
import argparse
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import storybox


def pages_of(paths):
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                found += [os.path.join(root, f) for f in files if f.endswith(".html")
                          and not f.startswith("expected")]
        else:
            found.append(p)
    return sorted(found)


def extract_or_error(page, method):
    try:
        return storybox.extract(page, method=method)
    except storybox.ExtractionError as e:
        return e.record


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--method", default="hybrid")
    ap.add_argument("--threads", default="1,2,4")
    args = ap.parse_args()
    names = pages_of(args.paths)
    if not names:
        sys.exit("bench_threads: no pages in %s" % " ".join(args.paths))
    pages = []
    for n in names:
        with open(n, "rb") as f:
            pages.append(f.read())
    extract_or_error(pages[0], args.method)  # fonts loaded before timing
    print("storybox %s, method %s, %d pages, %d cores" %
          (storybox.__version__, args.method, len(pages), os.cpu_count() or 0))
    reference = None
    base_rate = None
    for threads in [int(t) for t in args.threads.split(",")]:
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=threads) as pool:
            records = list(pool.map(lambda p: extract_or_error(p, args.method), pages))
        seconds = time.perf_counter() - start
        if reference is None:
            reference = records
        elif records != reference:
            sys.exit("bench_threads: %d threads gave other records than 1" % threads)
        rate = len(pages) / seconds
        base_rate = base_rate or rate
        speedup = rate / base_rate
        print("threads %d: %6.2f s  %7.1f pages/s  speed-up %.2f  efficiency %.2f" %
              (threads, seconds, rate, speedup, speedup / threads))


if __name__ == "__main__":
    main()
