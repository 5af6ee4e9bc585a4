#include "hybrid/input/warc_css.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/image_size.h"
#include "dom/base/strbuf.h"
#include "hybrid/input/warc.h"

typedef struct sheet {
    char *url;
    unsigned char *data;
    size_t len;
    size_t order; /* position in the file, for "the first of a URL wins" */
} sheet;

/* An image response's size, read from its header when loaded: the bytes
 * themselves are not kept. */
typedef struct image {
    char *url;
    size_t order;
    int width, height;
} image;

struct sb_warc_css {
    sheet *sheets; /* sorted by url, unique */
    size_t n;
    image *images; /* sorted by url, unique */
    size_t n_images;
    atomic_int refs;
};

static int cmp_sheet(const void *a, const void *b)
{
    const sheet *x = a, *y = b;
    int c = strcmp(x->url, y->url);
    /* equal URLs in file order (the earlier first), so the first wins */
    if (c == 0)
        c = x->order < y->order ? -1 : x->order > y->order;
    return c;
}

static int cmp_image(const void *a, const void *b)
{
    const image *x = a, *y = b;
    int c = strcmp(x->url, y->url);
    if (c == 0)
        c = x->order < y->order ? -1 : x->order > y->order;
    return c;
}

/* Sorted, the first of each URL kept; returns how many are left. */
static size_t unique_images(image *im, size_t n)
{
    qsort(im, n, sizeof *im, cmp_image);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (kept && strcmp(im[kept - 1].url, im[i].url) == 0) {
            free(im[i].url);
            continue;
        }
        im[kept++] = im[i];
    }
    return kept;
}

/* An image record: its size, when its header gives one. */
static void add_image(image **im, size_t *n, size_t *cap, const sb_warc_record *rec)
{
    int w = 0, h = 0;
    if (!rec->target_uri || *n == SB_WARC_CSS_MAX_IMAGES ||
        !sb_image_header_size(rec->body, rec->body_len, &w, &h))
        return;
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        *im = sb_xrealloc(*im, *cap * sizeof **im);
    }
    (*im)[*n].url = sb_xstrndup(rec->target_uri, strcspn(rec->target_uri, "#"));
    (*im)[*n].order = *n;
    (*im)[*n].width = w;
    (*im)[*n].height = h;
    (*n)++;
}

sb_warc_css *sb_warc_css_load(const char *path)
{
    char err[256];
    sb_warc_reader *r = sb_warc_open(path, SB_WARC_CSS_MAX_SHEET, err, sizeof err);
    if (!r)
        return NULL;
    sb_warc_stylesheets_only(r);
    sheet *sheets = NULL;
    size_t n = 0, cap = 0, total = 0;
    image *images = NULL;
    size_t n_images = 0, images_cap = 0;
    sb_warc_record rec = {0};
    sb_warc_kind k;
    while ((k = sb_warc_next(r, &rec)) != SB_WARC_END) {
        if (k == SB_WARC_IMAGE) {
            add_image(&images, &n_images, &images_cap, &rec);
            continue;
        }
        if (k != SB_WARC_STYLESHEET || !rec.target_uri || n == SB_WARC_CSS_MAX_SHEETS ||
            rec.body_len > SB_WARC_CSS_MAX_TOTAL - total)
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            sheets = sb_xrealloc(sheets, cap * sizeof *sheets);
        }
        size_t ulen = strcspn(rec.target_uri, "#");
        sheets[n].url = sb_xstrndup(rec.target_uri, ulen);
        sheets[n].data = rec.body;
        sheets[n].len = rec.body_len;
        sheets[n].order = n;
        rec.body = NULL;
        total += sheets[n].len;
        n++;
    }
    sb_warc_record_clear(&rec);
    sb_warc_close(r);
    if (n == 0 && n_images == 0) {
        free(sheets);
        free(images);
        return NULL;
    }
    if (n)
        qsort(sheets, n, sizeof *sheets, cmp_sheet);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (kept && strcmp(sheets[kept - 1].url, sheets[i].url) == 0) {
            free(sheets[i].url);
            free(sheets[i].data);
            continue;
        }
        sheets[kept++] = sheets[i];
    }
    sb_warc_css *c = sb_xcalloc(1, sizeof *c);
    c->sheets = sheets;
    c->n = kept;
    c->images = images;
    c->n_images = n_images ? unique_images(images, n_images) : 0;
    atomic_init(&c->refs, 1);
    return c;
}

size_t sb_warc_css_count(const sb_warc_css *c)
{
    return c ? c->n : 0;
}

size_t sb_warc_css_image_count(const sb_warc_css *c)
{
    return c ? c->n_images : 0;
}

sb_warc_css *sb_warc_css_retain(sb_warc_css *c)
{
    if (c)
        atomic_fetch_add(&c->refs, 1);
    return c;
}

void sb_warc_css_release(sb_warc_css *c)
{
    if (!c || atomic_fetch_sub(&c->refs, 1) != 1)
        return;
    for (size_t i = 0; i < c->n; i++) {
        free(c->sheets[i].url);
        free(c->sheets[i].data);
    }
    free(c->sheets);
    for (size_t i = 0; i < c->n_images; i++)
        free(c->images[i].url);
    free(c->images);
    free(c);
}

/* The key of a lookup: a URL without its fragment. */
typedef struct url_key {
    const char *url;
    size_t len;
} url_key;

/* bsearch order of a key against an entry whose first member is its URL
 * (sheet and image alike; both arrays are sorted by it). */
static int cmp_key_entry(const void *key, const void *entry)
{
    const url_key *k = key;
    const char *u = *(char *const *)entry;
    int cmp = strncmp(k->url, u, k->len);
    if (cmp == 0 && u[k->len] != '\0')
        return -1; /* the entry's URL is longer: the key sorts first */
    return cmp;
}

/* The entry of base[n] (each `size` bytes, URL first) whose URL is url
 * without its fragment, or NULL. */
static const void *find_by_url(const void *base, size_t n, size_t size, const char *url)
{
    if (!base || !url)
        return NULL;
    url_key k = {url, strcspn(url, "#")};
    return bsearch(&k, base, n, size, cmp_key_entry);
}

void *sb_warc_css_resource(void *ctx, const char *url, size_t max_len, size_t *len)
{
    const sb_warc_css *c = ctx;
    const sheet *s = c ? find_by_url(c->sheets, c->n, sizeof *c->sheets, url) : NULL;
    if (!s || s->len > max_len)
        return NULL;
    char *copy = sb_xmalloc(s->len + 1);
    memcpy(copy, s->data, s->len);
    copy[s->len] = '\0';
    *len = s->len;
    return copy;
}

bool sb_warc_css_image_size(void *ctx, const char *url, int *width, int *height)
{
    const sb_warc_css *c = ctx;
    const image *im = c ? find_by_url(c->images, c->n_images, sizeof *c->images, url) : NULL;
    if (!im)
        return false;
    *width = im->width;
    *height = im->height;
    return true;
}
