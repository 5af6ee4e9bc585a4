/* bench_render: how long the layout path takes on real pages.
 *
 *   bench_render [--width N] [--budget MS] DIR_OR_FILE...
 *
 * Renders every .html/.htm file under the arguments (recursively) and prints
 * median, p90 and max milliseconds of the gumbo parse (sb_doc_parse), the
 * litehtml document creation (parse + style), the layout, and the whole
 * render; then the ten slowest pages, the failures, and the peak RSS.  One
 * font context serves every page, as a long-running process would do. */
#include "dom/base/fileio.h"
#include "dom/doc/doc.h"
#include "fonts/fonts.h"
#include "render/render.h"
#include "tools/bench_pages.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct page_time {
    char *path;
    double gumbo, parse, layout, total;
    size_t bytes;
    int failed;
} page_time;

static char *read_file(const char *path, size_t *len)
{
    sb_buf b = SB_BUF_INIT;
    if (sb_read_file(path, 0, &b) != SB_READ_OK) {
        sb_buf_free(&b);
        return NULL;
    }
    *len = b.len;
    return sb_buf_steal(&b);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void print_stat(const char *name, page_time *t, size_t n, size_t off)
{
    double *v = sb_xmalloc((n + 1) * sizeof *v);
    for (size_t i = 0; i < n; i++)
        v[i] = *(const double *)((const char *)&t[i] + off);
    qsort(v, n, sizeof *v, cmp_double);
    printf("%-16s median %8.1f   p90 %8.1f   max %8.1f ms\n", name, n ? v[n / 2] : 0.0,
           n ? v[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1] : 0.0, n ? v[n - 1] : 0.0);
    free(v);
}

static int cmp_total_desc(const void *a, const void *b)
{
    const page_time *x = a, *y = b;
    return x->total < y->total ? 1 : x->total > y->total ? -1 : 0;
}

int main(int argc, char **argv)
{
    sb_render_opts opts = {0, 0, NULL, NULL, 0, 0, false, NULL, NULL, NULL};
    bench_pages files = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--width") == 0 && i + 1 < argc)
            opts.width = atoi(argv[++i]);
        else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            opts.time_budget_ms = atoi(argv[++i]);
        else
            bench_pages_collect(&files, argv[i], "bench_render");
    }
    if (!files.n) {
        fprintf(stderr, "usage: bench_render [--width N] [--budget MS] DIR_OR_FILE...\n");
        return 2;
    }
    bench_pages_sort(&files);
    sb_fonts *fonts = sb_fonts_new();
    page_time *t = sb_xcalloc(files.n, sizeof *t);
    size_t failed = 0;
    for (size_t i = 0; i < files.n; i++) {
        page_time *p = &t[i];
        p->path = files.v[i];
        size_t len = 0;
        char *html = read_file(p->path, &len);
        p->bytes = len;
        double t0 = sb_clock_ms();
        sb_doc *doc = sb_doc_parse(html ? html : "", len);
        double t1 = sb_clock_ms();
        p->gumbo = t1 - t0;
        char err[256];
        sb_render *r = doc ? sb_render_page(doc, &opts, fonts, err, sizeof err) : NULL;
        double t2 = sb_clock_ms();
        if (r) {
            p->parse = r->parse_ms + r->prep_ms;
            p->layout = r->layout_ms;
        } else {
            p->failed = 1;
            failed++;
            printf("FAILED %s: %s\n", p->path, doc ? err : "gumbo gave no tree");
        }
        p->total = (t2 - t1) + p->gumbo;
        sb_render_free(r);
        sb_doc_free(doc);
        free(html);
    }
    size_t hits, misses;
    sb_fonts_stats(fonts, &hits, &misses);
    printf("pages %zu, failed %zu\n", files.n, failed);
    print_stat("gumbo parse", t, files.n, offsetof(page_time, gumbo));
    print_stat("litehtml parse", t, files.n, offsetof(page_time, parse));
    print_stat("layout", t, files.n, offsetof(page_time, layout));
    print_stat("total", t, files.n, offsetof(page_time, total));
    printf("text width cache: %zu hits, %zu misses\n", hits, misses);
    qsort(t, files.n, sizeof *t, cmp_total_desc);
    printf("slowest pages (total ms = gumbo + litehtml parse + layout):\n");
    for (size_t i = 0; i < files.n && i < 10; i++)
        printf("  %8.1f = %6.1f + %7.1f + %7.1f  %7zu KB  %s%s\n", t[i].total, t[i].gumbo,
               t[i].parse, t[i].layout, t[i].bytes / 1024, t[i].path,
               t[i].failed ? " (failed)" : "");
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak RSS %.1f MB\n", ru.ru_maxrss / 1024.0);
    free(t); /* its paths belong to files */
    bench_pages_free(&files);
    sb_fonts_free(fonts);
    return 0;
}
