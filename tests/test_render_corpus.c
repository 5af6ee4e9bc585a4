/* Corpus-level check of the DOM <-> litehtml id mapping: on every page of
 * ../shared/corpus, every element litehtml builds from our serialisation
 * carries the id of an sb_doc element with the same tag and attributes, and
 * no id appears twice.  Every tenth page is also rendered in full, which
 * must succeed.  Exits 77 when the corpus is absent.  Parsing is the cost
 * (about two minutes in a Debug build); the check stops after
 * TIME_LIMIT_S and says how far it got, so a slow sanitizer build passes on
 * the pages it had time for rather than timing out. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dom/doc/doc.h"
#include "render/render.h"

#define TIME_LIMIT_S 400.0

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    sb_buf b = SB_BUF_INIT;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sb_buf_append(&b, chunk, n);
    fclose(f);
    *len = b.len;
    return sb_buf_steal(&b);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Pages: readability/NAME/source.html and trafilatura/html/NAME.html. */
static size_t list_pages(const char *corpus, char ***out)
{
    char **v = NULL;
    size_t n = 0;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/readability", corpus);
    DIR *d = opendir(dir);
    struct dirent *e;
    while (d && (e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        v = sb_xrealloc(v, (n + 1) * sizeof *v);
        sb_buf p = SB_BUF_INIT;
        sb_buf_printf(&p, "%s/%s/source.html", dir, e->d_name);
        v[n++] = sb_buf_steal(&p);
    }
    if (d)
        closedir(d);
    snprintf(dir, sizeof dir, "%s/trafilatura/html", corpus);
    d = opendir(dir);
    while (d && (e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".html") != 0)
            continue;
        v = sb_xrealloc(v, (n + 1) * sizeof *v);
        sb_buf p = SB_BUF_INIT;
        sb_buf_printf(&p, "%s/%s", dir, e->d_name);
        v[n++] = sb_buf_steal(&p);
    }
    if (d)
        closedir(d);
    if (n)
        qsort(v, n, sizeof *v, cmp_str);
    *out = v;
    return n;
}

int main(void)
{
    const char *corpus = SB_SOURCE_DIR "/../shared/corpus";
    char **pages = NULL;
    size_t n = list_pages(corpus, &pages);
    if (!n) {
        fprintf(stderr, "test_render_corpus: no corpus at %s; skipped\n", corpus);
        return 77;
    }
    double t0 = now_s();
    size_t done = 0, elems = 0, rendered = 0;
    long mismatches = 0;
    int failed_renders = 0;
    sb_fonts *fonts = sb_fonts_new();
    for (size_t i = 0; i < n; i++) {
        if (now_s() - t0 > TIME_LIMIT_S) {
            printf("time limit: stopped after %zu of %zu pages\n", done, n);
            break;
        }
        size_t len = 0;
        char *html = slurp(pages[i], &len);
        if (!html)
            continue;
        sb_doc *doc = sb_doc_parse(html, len);
        free(html);
        if (!doc)
            continue;
        size_t checked = 0;
        char err[256];
        long bad = sb_render_check_mapping(doc, &checked, err, sizeof err);
        if (bad) {
            printf("MISMATCH %s: %ld (%s)\n", pages[i], bad, err);
            mismatches += bad;
        }
        elems += checked;
        if (i % 10 == 0) {
            sb_render *r = sb_render_page(doc, NULL, fonts, err, sizeof err);
            if (!r || r->n_nodes == 0) {
                printf("RENDER FAILED %s: %s\n", pages[i], r ? "no nodes" : err);
                failed_renders++;
            }
            rendered++;
            sb_render_free(r);
        }
        sb_doc_free(doc);
        done++;
    }
    sb_fonts_free(fonts);
    printf("%zu pages, %zu elements checked, %ld mismatches; %zu rendered, %d failed; %.0f s\n",
           done, elems, mismatches, rendered, failed_renders, now_s() - t0);
    for (size_t i = 0; i < n; i++)
        free(pages[i]);
    free(pages);
    return mismatches || failed_renders ? 1 : 0;
}
