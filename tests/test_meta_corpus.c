/* Corpus-level check of dom/meta against the metadata Readability.js
 * records for its 130 test pages (../shared/corpus/readability).  Skipped
 * (exit 77) when the corpus is absent.
 *
 * Readability's choices are not ours in every case (it keeps "By " in
 * bylines, trims site names off <title>, takes the last of repeated
 * <meta> tags), so the check asserts floors measured when the module was
 * written, not exact agreement: a change that loses pages fails here. */
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dom/base/date.h"
#include "dom/base/fileio.h"
#include "dom/doc/doc.h"
#include "dom/base/json.h"
#include "dom/doc/meta.h"
#include "dom/base/utf8.h"

/* The whole file at PATH, NUL-terminated; NULL when it cannot be read. */
static char *slurp(const char *path, size_t *len)
{
    sb_buf b = SB_BUF_INIT;
    if (sb_read_file(path, 0, &b) != SB_READ_OK) {
        sb_buf_free(&b);
        return NULL;
    }
    *len = b.len;
    return sb_buf_steal(&b);
}

/* Unicode spaces to ' ', collapsed and trimmed: the comparison should not
 * hinge on NBSP versus space. */
static char *norm(const char *s)
{
    if (!s)
        return NULL;
    sb_buf b = SB_BUF_INIT;
    sb_buf_append(&b, "", 0);
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        size_t n;
        int32_t cp = sb_utf8_decode(s + i, len - i, &n);
        if (cp >= 0 && sb_is_space_cp((uint32_t)cp))
            sb_buf_putc(&b, ' ');
        else
            sb_buf_append(&b, s + i, n);
        i += n;
    }
    char *out = sb_text_trim(sb_buf_steal(&b));
    if (!*out) {
        free(out);
        return NULL;
    }
    return out;
}

static bool same(const char *a, const char *b)
{
    return a && b && !strcmp(a, b);
}

typedef struct {
    int pages;
    int title_gold, title_ok;
    int byline_gold, byline_ok, byline_wrong;
    int site_gold, site_ok;
    int date_gold, date_ok;
    int lang_gold, lang_ok;
} tally;

static void check_page(const char *dir, tally *t)
{
    char path[8400];
    size_t len = 0, jlen = 0;
    snprintf(path, sizeof path, "%s/source.html", dir);
    char *html = slurp(path, &len);
    snprintf(path, sizeof path, "%s/expected-metadata.json", dir);
    char *js = slurp(path, &jlen);
    sb_json *gold = js ? sb_json_parse(js, jlen, 0, NULL, 0) : NULL;
    if (!html || !gold) {
        free(html);
        free(js);
        sb_json_free(gold);
        return;
    }
    sb_doc *doc = sb_doc_parse(html, len);
    sb_meta m;
    sb_meta_extract(doc, "http://fakehost/test/page.html", &m);
    t->pages++;

    char *title = norm(sb_json_get_str(gold, "title"));
    char *got_title = norm(m.title);
    if (title) {
        t->title_gold++;
        t->title_ok += same(title, got_title);
    }
    char *byline = sb_meta_clean_byline(sb_json_get_str(gold, "byline"));
    char *got_byline = norm(m.byline);
    if (byline) {
        t->byline_gold++;
        t->byline_ok += same(byline, got_byline);
    }
    t->byline_wrong += byline && got_byline && !same(byline, got_byline);
    char *site = norm(sb_json_get_str(gold, "siteName"));
    if (site) {
        t->site_gold++;
        t->site_ok += same(site, m.site_name);
    }
    char *date = sb_date_parse(sb_json_get_str(gold, "publishedTime"));
    if (date) {
        t->date_gold++;
        t->date_ok += m.published && !strncmp(date, m.published, 10);
    }
    char *lang = sb_meta_language(sb_json_get_str(gold, "lang"));
    if (lang) {
        t->lang_gold++;
        t->lang_ok += same(lang, m.language);
    }
    free(title);
    free(got_title);
    free(byline);
    free(got_byline);
    free(site);
    free(date);
    free(lang);
    sb_meta_free(&m);
    sb_doc_free(doc);
    sb_json_free(gold);
    free(js);
    free(html);
}

static int floor_check(const char *what, int got, int of, int floor)
{
    printf("%-10s %3d / %3d (floor %d)\n", what, got, of, floor);
    return got >= floor ? 0 : 1;
}

int main(void)
{
    char root[4096];
    snprintf(root, sizeof root, "%s/../shared/corpus/readability", SB_SOURCE_DIR);
    DIR *d = opendir(root);
    if (!d) {
        printf("skipped: corpus not found at %s\n", root);
        return 77;
    }
    /* Sorted order keeps the run reproducible. */
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        names = sb_xrealloc(names, (n + 1) * sizeof *names);
        names[n++] = sb_xstrdup(e->d_name);
    }
    closedir(d);
    tally t = {0};
    for (size_t i = 0; i < n; i++) {
        char dir[8192];
        snprintf(dir, sizeof dir, "%s/%s", root, names[i]);
        check_page(dir, &t);
        free(names[i]);
    }
    free(names);
    if (t.pages < 100) {
        printf("skipped: only %d pages readable under %s\n", t.pages, root);
        return 77;
    }
    /* Floors: measured figures (title 121, byline 60 with 20 different,
     * site 58, date 33/33, lang 73/73 on 130 pages) less a small margin. */
    int fails = 0;
    printf("pages %d\n", t.pages);
    fails += floor_check("title", t.title_ok, t.title_gold, 118);
    fails += floor_check("byline", t.byline_ok, t.byline_gold, 57);
    fails += floor_check("site", t.site_ok, t.site_gold, 55);
    fails += floor_check("published", t.date_ok, t.date_gold, t.date_gold - 1);
    fails += floor_check("language", t.lang_ok, t.lang_gold, t.lang_gold);
    printf("bylines that disagree with the gold: %d\n", t.byline_wrong);
    return fails ? 1 : 0;
}
