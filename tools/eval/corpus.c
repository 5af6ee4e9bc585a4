#include "corpus.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "dom/base/json.h"
#include "dom/base/strbuf.h"
#include "dom/base/url.h"
#include "gold_text.h"
#include "hybrid/input/input.h"
#include "metrics.h"

const char *sb_corpus_format_name(sb_corpus_format f)
{
    switch (f) {
    case SB_CORPUS_READABILITY: return "readability";
    case SB_CORPUS_TRAFILATURA: return "trafilatura";
    case SB_CORPUS_AEB: return "aeb";
    default: return "auto";
    }
}

bool sb_corpus_format_parse(const char *name, sb_corpus_format *out)
{
    static const sb_corpus_format all[] = {SB_CORPUS_AUTO, SB_CORPUS_READABILITY,
                                           SB_CORPUS_TRAFILATURA, SB_CORPUS_AEB};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        if (name && strcmp(name, sb_corpus_format_name(all[i])) == 0) {
            *out = all[i];
            return true;
        }
    }
    return false;
}

static char *path_join(const char *a, const char *b)
{
    sb_buf p = SB_BUF_INIT;
    sb_buf_puts(&p, a);
    if (p.len && p.data[p.len - 1] != '/')
        sb_buf_putc(&p, '/');
    sb_buf_puts(&p, b);
    return sb_buf_steal(&p);
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool has_file(const char *dir, const char *name)
{
    char *p = path_join(dir, name);
    bool ok = is_file(p);
    free(p);
    return ok;
}

/* Sorted names of the entries of dir (no dot entries); NULL on error. */
static char **list_dir(const char *dir, size_t *n)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **names = NULL;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 64;
            names = sb_xrealloc(names, cap * sizeof *names);
        }
        names[(*n)++] = sb_xstrdup(e->d_name);
    }
    closedir(d);
    return names;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

sb_corpus_format sb_corpus_detect(const char *dir)
{
    if (has_file(dir, "evaldata.json"))
        return SB_CORPUS_TRAFILATURA;
    if (has_file(dir, "ground-truth.json"))
        return SB_CORPUS_AEB;
    size_t n;
    char **names = list_dir(dir, &n);
    sb_corpus_format f = SB_CORPUS_AUTO;
    for (size_t i = 0; i < n && f == SB_CORPUS_AUTO; i++) {
        char *sub = path_join(dir, names[i]);
        if (has_file(sub, "source.html"))
            f = SB_CORPUS_READABILITY;
        free(sub);
    }
    free_names(names, n);
    return f;
}

/* ---- reading files ------------------------------------------------------- */

int sb_gold_page_read(const sb_gold_page *p, char **bytes, size_t *len, char *err,
                      size_t errlen)
{
    unsigned char *data = NULL;
    int rc = sb_read_input(p->html_path, &data, len, err, errlen);
    *bytes = (char *)data;
    return rc;
}

static char *read_small_file(const char *path, size_t *len)
{
    sb_gold_page p = {0};
    p.html_path = (char *)path;
    char *bytes;
    char err[256];
    if (sb_gold_page_read(&p, &bytes, len, err, sizeof err) != 0)
        return NULL;
    return bytes;
}

/* ---- building pages ------------------------------------------------------ */

static void push_page(sb_corpus *c, size_t *cap, const sb_gold_page *p)
{
    if (c->n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        c->pages = sb_xrealloc(c->pages, *cap * sizeof *c->pages);
    }
    c->pages[c->n++] = *p;
}

/* A non-empty string member, copied; NULL otherwise. */
static char *str_member(const sb_json *obj, const char *key)
{
    const char *s = sb_json_get_str(obj, key);
    if (!s)
        return NULL;
    char *t = sb_collapse_space(s);
    if (!t[0]) {
        free(t);
        return NULL;
    }
    return t;
}

static char **str_array(const sb_json *arr, size_t *n)
{
    *n = 0;
    size_t len = sb_json_len(arr);
    if (sb_json_type(arr) != SB_JSON_ARRAY || len == 0)
        return NULL;
    char **out = sb_xcalloc(len, sizeof *out);
    for (size_t i = 0; i < len; i++) {
        const char *s = sb_json_str(sb_json_at(arr, i));
        if (s)
            out[(*n)++] = sb_xstrdup(s);
    }
    return out;
}

static char *stem_of(const char *file)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    size_t n = strlen(base);
    if (n > 3 && strcmp(base + n - 3, ".gz") == 0)
        n -= 3;
    if (n > 5 && strncmp(base + n - 5, ".html", 5) == 0)
        n -= 5;
    else if (n > 4 && strncmp(base + n - 4, ".htm", 4) == 0)
        n -= 4;
    return sb_xstrndup(base, n);
}

static int load_readability(sb_corpus *c, char *err, size_t errlen)
{
    /* expected.html is what Readability kept: the standfirst and the
     * captions of the figures it keeps are in it (issue 13's convention:
     * scored on standfirst + text + captions, each caption where its image
     * stands).  Not a tuning: the gold's own content (METRICS.md). */
    c->gold_has_standfirst = true;
    c->gold_has_captions = true;
    size_t n, cap = 0;
    char **names = list_dir(c->dir, &n);
    if (!names && n == 0) {
        snprintf(err, errlen, "%s: cannot list the directory", c->dir);
        return -1;
    }
    if (n > 1)
        qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        char *sub = path_join(c->dir, names[i]);
        char *source = path_join(sub, "source.html");
        char *expected = path_join(sub, "expected.html");
        char *meta_path = path_join(sub, "expected-metadata.json");
        size_t elen;
        char *ehtml = is_dir(sub) && is_file(source) ? read_small_file(expected, &elen) : NULL;
        if (!ehtml) {
            if (is_file(source))
                c->skipped++;
            free(source);
        } else {
            sb_gold_page p = {0};
            p.id = sb_xstrdup(names[i]);
            p.html_path = source;
            p.url = sb_xstrdup(SB_READABILITY_PAGE_URL);
            char *img = NULL;
            p.text = sb_gold_html_text(ehtml, elen, &img);
            if (img) {
                p.image = sb_url_resolve(p.url, img);
                free(img);
            }
            sb_json *meta = sb_json_parse_file(meta_path, 0, NULL, 0);
            if (meta) {
                p.title = str_member(meta, "title");
                p.byline = str_member(meta, "byline");
                char *date = str_member(meta, "publishedTime");
                if (date && sb_has_date(date))
                    p.date = date;
                else
                    free(date);
                sb_json_free(meta);
            }
            push_page(c, &cap, &p);
            free(ehtml);
        }
        free(expected);
        free(meta_path);
        free(sub);
    }
    free_names(names, n);
    return 0;
}

static int load_trafilatura(sb_corpus *c, char *err, size_t errlen)
{
    /* The "with" snippets were picked from the page's main text as
     * Trafilatura reads it, the dek under the headline included (e.g.
     * spiegel.de.albtraum, dbjr.de.bundespraesident). */
    c->gold_has_standfirst = true;
    char *path = path_join(c->dir, "evaldata.json");
    char jerr[200];
    sb_json *root = sb_json_parse_file(path, 0, jerr, sizeof jerr);
    if (!root || sb_json_type(root) != SB_JSON_OBJECT) {
        snprintf(err, errlen, "%s: %s", path, root ? "not a JSON object" : jerr);
        free(path);
        sb_json_free(root);
        return -1;
    }
    free(path);
    size_t cap = 0;
    for (size_t i = 0; i < sb_json_len(root); i++) {
        const sb_json *entry = sb_json_value_at(root, i);
        const char *file = sb_json_get_str(entry, "file");
        if (!file || !file[0] || file[0] == '/' || strstr(file, "..")) {
            c->skipped++;
            continue;
        }
        sb_gold_page p = {0};
        p.html_path = path_join(c->dir, file);
        if (!is_file(p.html_path)) {
            free(p.html_path);
            c->skipped++;
            continue;
        }
        p.id = stem_of(file);
        const char *url = sb_json_key_at(root, i);
        p.url = url && url[0] ? sb_xstrdup(url) : NULL;
        p.with = str_array(sb_json_get(entry, "with"), &p.n_with);
        p.without = str_array(sb_json_get(entry, "without"), &p.n_without);
        push_page(c, &cap, &p);
    }
    sb_json_free(root);
    return 0;
}

static int load_aeb(sb_corpus *c, char *err, size_t errlen)
{
    char *path = path_join(c->dir, "ground-truth.json");
    char jerr[200];
    sb_json *root = sb_json_parse_file(path, 0, jerr, sizeof jerr);
    if (!root || sb_json_type(root) != SB_JSON_OBJECT) {
        snprintf(err, errlen, "%s: %s", path, root ? "not a JSON object" : jerr);
        free(path);
        sb_json_free(root);
        return -1;
    }
    free(path);
    size_t n = sb_json_len(root), cap = 0;
    /* Sorted ids make reports and per-page baselines stable. */
    size_t *order = sb_xmalloc((n ? n : 1) * sizeof *order);
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    for (size_t i = 1; i < n; i++) { /* insertion sort: a few hundred ids */
        size_t v = order[i], j = i;
        while (j > 0 && strcmp(sb_json_key_at(root, order[j - 1]), sb_json_key_at(root, v)) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = v;
    }
    for (size_t k = 0; k < n; k++) {
        const char *id = sb_json_key_at(root, order[k]);
        const sb_json *entry = sb_json_value_at(root, order[k]);
        if (!id || !id[0] || strchr(id, '/') || strstr(id, "..")) {
            c->skipped++;
            continue;
        }
        sb_buf name = SB_BUF_INIT;
        sb_buf_printf(&name, "html/%s.html", id);
        char *html = path_join(c->dir, name.data);
        if (!is_file(html)) {
            sb_buf_puts(&name, ".gz");
            free(html);
            html = path_join(c->dir, name.data);
        }
        sb_buf_free(&name);
        if (!is_file(html)) {
            free(html);
            c->skipped++;
            continue;
        }
        sb_gold_page p = {0};
        p.id = sb_xstrdup(id);
        p.html_path = html;
        p.url = str_member(entry, "url");
        const char *body = sb_json_get_str(entry, "articleBody");
        p.text = sb_xstrdup(body ? body : "");
        push_page(c, &cap, &p);
    }
    free(order);
    sb_json_free(root);
    return 0;
}

sb_corpus *sb_corpus_load(const char *dir, sb_corpus_format format, char *err,
                          size_t errlen)
{
    if (!dir || !is_dir(dir)) {
        snprintf(err, errlen, "%s: not a directory", dir ? dir : "(null)");
        return NULL;
    }
    if (format == SB_CORPUS_AUTO)
        format = sb_corpus_detect(dir);
    if (format == SB_CORPUS_AUTO) {
        snprintf(err, errlen,
                 "%s: unknown corpus layout (no evaldata.json, ground-truth.json or "
                 "NAME/source.html); use --corpus-format",
                 dir);
        return NULL;
    }
    sb_corpus *c = sb_xcalloc(1, sizeof *c);
    c->format = format;
    c->dir = sb_xstrdup(dir);
    size_t end = strlen(dir);
    while (end > 1 && dir[end - 1] == '/')
        end--;
    size_t start = end;
    while (start > 0 && dir[start - 1] != '/')
        start--;
    c->name = sb_xstrndup(dir + start, end - start);
    int rc = format == SB_CORPUS_READABILITY ? load_readability(c, err, errlen)
             : format == SB_CORPUS_TRAFILATURA ? load_trafilatura(c, err, errlen)
                                               : load_aeb(c, err, errlen);
    if (rc == 0 && c->n == 0) {
        snprintf(err, errlen, "%s: no usable pages in the %s layout", dir,
                 sb_corpus_format_name(format));
        rc = -1;
    }
    if (rc != 0) {
        sb_corpus_free(c);
        return NULL;
    }
    return c;
}

static void free_strs(char **s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(s[i]);
    free(s);
}

static void page_free(sb_gold_page *p)
{
    free(p->id);
    free(p->html_path);
    free(p->url);
    free(p->text);
    free_strs(p->with, p->n_with);
    free_strs(p->without, p->n_without);
    free(p->title);
    free(p->byline);
    free(p->date);
    free(p->image);
}

void sb_corpus_free(sb_corpus *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->n; i++)
        page_free(&c->pages[i]);
    free(c->pages);
    free(c->dir);
    free(c->name);
    free(c);
}

void sb_corpus_truncate(sb_corpus *c, size_t n)
{
    while (c->n > n)
        page_free(&c->pages[--c->n]);
}

long sb_corpus_find(const sb_corpus *c, const char *id)
{
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->pages[i].id, id) == 0)
            return (long)i;
    return -1;
}
