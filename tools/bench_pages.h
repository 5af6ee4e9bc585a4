/* bench_pages: the page files a benchmark reads.  Every .html/.htm file
 * under the arguments (directories walked breadth-first, dot files
 * skipped), sorted by path, so each bench_* program measures the same
 * pages in the same order. */
#ifndef SB_BENCH_PAGES_H
#define SB_BENCH_PAGES_H

#include <stddef.h>

typedef struct bench_pages {
    char **v;
    size_t n, cap;
} bench_pages;

/* Adds root (a page file) or the page files under it (a directory); a path
 * that cannot be read is named on stderr after `prog`. */
void bench_pages_collect(bench_pages *pages, const char *root, const char *prog);
/* Sorts the paths collected so far. */
void bench_pages_sort(bench_pages *pages);
void bench_pages_free(bench_pages *pages);

#endif
