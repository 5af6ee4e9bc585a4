/* images: the story's lead image (LBNEST II.C.v, with today's markup).
 *
 * Candidates are the images from the headline down to the end of the story
 * roots: <img> (src, srcset, and the lazy-loading attributes pages use
 * instead: data-src, data-srcset, data-lazy-src, data-original), <picture>
 * sources, and <noscript> fallbacks (gumbo keeps their content as raw
 * text, so it is parsed on its own).  Each image's caption is its
 * <figcaption>, else the nearest text searched downward only by neighbour
 * levels -- text above an image belongs to something else, which is what
 * keeps footer thumbnails from borrowing story text.
 *
 * Rejected: images inside furniture, tiny ones (tracking pixels, icons),
 * and those whose names say logo, icon, avatar, sprite, pixel, ad...  The
 * first survivor leads, preferring one that the page's og:image/JSON-LD
 * also names, or one whose caption speaks of the story.  With no survivor
 * the metadata image stands alone. */
#include "story_parts.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "neighbours.h"
#include "similarity.h"
#include "url.h"

/* Longest text (bytes) that reads as a caption when it is only the nearest
 * text below an image rather than a <figcaption>. */
#define CAPTION_MAX 150u

typedef struct candidate {
    char *url;             /* unresolved */
    char *caption;
    char *alt;
    int width, height;
    bool has_box;
    sb_rect box;
    int elem;
    double score;
} candidate;

static bool placeholder_src(const char *s)
{
    if (!s || !*s)
        return true;
    if (strncmp(s, "data:", 5) == 0)
        return true;
    const char *const marks[] = {"placeholder", "blank.", "spacer", "lazy", "loading", "1x1",
                                 "transparent", "grey.gif", "pixel.gif", NULL};
    for (int i = 0; marks[i]; i++)
        if (strstr(s, marks[i]))
            return true;
    return false;
}

/* The URL an image shows once its lazy loader has run. */
static char *image_url(const GumboNode *img)
{
    const char *lazy[] = {"data-src", "data-lazy-src", "data-original", "data-url",
                          "data-hi-res-src", "data-lazy", NULL};
    const char *src = sb_attr(img, "src");
    if (!placeholder_src(src))
        return sb_xstrdup(src);
    for (int i = 0; lazy[i]; i++) {
        const char *v = sb_attr(img, lazy[i]);
        if (v && *v && strncmp(v, "data:", 5) != 0)
            return sb_xstrdup(v);
    }
    const char *sets[] = {"data-srcset", "data-lazy-srcset", "srcset", NULL};
    for (int i = 0; sets[i]; i++) {
        const char *v = sb_attr(img, sets[i]);
        if (v && *v) {
            char *best = sb_srcset_best(v);
            if (best && strncmp(best, "data:", 5) != 0)
                return best;
            free(best);
        }
    }
    /* <picture><source srcset=...><img></picture> */
    const GumboNode *pic = img->parent;
    if (pic && sb_is_element(pic) && strcmp(sb_tag_name(pic), "picture") == 0) {
        const GumboVector *k = &pic->v.element.children;
        for (unsigned i = 0; i < k->length; i++) {
            const GumboNode *s = k->data[i];
            if (sb_tag(s) != GUMBO_TAG_SOURCE)
                continue;
            const char *v = sb_attr(s, "srcset");
            if (!v)
                v = sb_attr(s, "data-srcset");
            char *best = v ? sb_srcset_best(v) : NULL;
            if (best)
                return best;
        }
    }
    return NULL;
}

static int int_attr(const GumboNode *n, const char *name)
{
    const char *v = sb_attr(n, name);
    if (!v)
        return 0;
    while (*v == ' ')
        v++;
    if (!isdigit((unsigned char)*v))
        return 0;
    long x = strtol(v, NULL, 10);
    return x > 0 && x < 100000 ? (int)x : 0;
}

static bool names_furniture(const char *s)
{
    if (!s)
        return false;
    char low[512];
    size_t n = 0;
    for (; *s && n + 1 < sizeof low; s++)
        low[n++] = (char)tolower((unsigned char)*s);
    low[n] = '\0';
    const char *const subs[] = {"logo", "icon", "avatar", "sprite", "pixel", "badge", "emoji",
                                "spinner", "tracking", "gravatar", "banner", "button",
                                "advert", "sponsor", "doubleclick", "1x1", "spacer", NULL};
    for (int i = 0; subs[i]; i++)
        if (strstr(low, subs[i]))
            return true;
    /* "ad" / "ads" as a whole token: /ads/x.jpg, class="ad-slot". */
    for (char *p = low; *p; p++) {
        if (p != low && isalnum((unsigned char)p[-1]))
            continue;
        if (p[0] == 'a' && p[1] == 'd' && (!isalnum((unsigned char)p[2]) ||
                                           (p[2] == 's' && !isalnum((unsigned char)p[3]))))
            return true;
    }
    return false;
}

/* Image services put the rendition size in the URL ("200x200",
 * "thumbnail=45%2C45", "/max/60/", "w_80"); a small one is a thumbnail or
 * a blurred placeholder, whatever the markup says. */
static bool url_says_small(const char *u)
{
    for (const char *p = u; *p; p++) {
        if (!isdigit((unsigned char)*p) || (p > u && isdigit((unsigned char)p[-1])))
            continue;
        char *end;
        long a = strtol(p, &end, 10);
        long b = -1;
        if (*end == 'x' && isdigit((unsigned char)end[1]))
            b = strtol(end + 1, NULL, 10);
        else if (strncmp(end, "%2C", 3) == 0 && isdigit((unsigned char)end[3]))
            b = strtol(end + 3, NULL, 10);
        if (b >= 0 && a > 0 && a < 160 && b > 0 && b < 160)
            return true;
        /* A lone size after a width-like key. */
        bool keyed = (p >= u + 2 && (strncmp(p - 2, "w_", 2) == 0 || strncmp(p - 2, "w=", 2) == 0)) ||
                     (p >= u + 5 && strncmp(p - 5, "/max/", 5) == 0) ||
                     (p >= u + 6 && strncmp(p - 6, "width=", 6) == 0);
        if (keyed && a > 0 && a < 160)
            return true;
    }
    return false;
}

static const GumboNode *enclosing_figure(const GumboNode *n)
{
    for (int up = 0; n && up < 4; up++, n = n->parent)
        if (sb_tag(n) == GUMBO_TAG_FIGURE)
            return n;
    return NULL;
}

static char *figcaption_text(const GumboNode *fig)
{
    const GumboVector *k = &fig->v.element.children;
    for (unsigned i = 0; i < k->length; i++) {
        const GumboNode *c = k->data[i];
        if (sb_tag(c) == GUMBO_TAG_FIGCAPTION) {
            sb_buf b = SB_BUF_INIT;
            sb_node_text(c, &b, false);
            sb_text_trim(b.data);
            if (*b.data)
                return sb_buf_steal(&b);
            sb_buf_free(&b);
        }
    }
    return NULL;
}

typedef struct below_ctx {
    const sb_story_ctx *c;
    const long *para_of;
} below_ctx;

static bool has_caption_text(const sb_doc *doc, int elem, void *vctx)
{
    (void)doc;
    below_ctx *b = vctx;
    long pi = b->para_of[elem];
    return pi >= 0 && b->c->paras[pi].len >= 3;
}

static void free_candidate(candidate *k)
{
    free(k->url);
    free(k->caption);
    free(k->alt);
}

/* Judges one <img>; fills k and returns true when it may lead. */
/* elem is the image's id in the page (-1 for a <noscript> copy); anchor is
 * where it sits in the page, for the furniture check and the caption. */
static bool consider(sb_story_ctx *c, const GumboNode *img, int elem, int anchor,
                     const long *para_of, candidate *k, const char **why)
{
    memset(k, 0, sizeof *k);
    k->elem = elem;
    if (anchor >= 0 && c->info[anchor].noise) {
        *why = sb_noise_name(c->info[anchor].noise);
        return false;
    }
    k->url = image_url(img);
    if (!k->url) {
        *why = "no usable URL";
        return false;
    }
    const char *alt = sb_attr(img, "alt");
    if (names_furniture(k->url) || names_furniture(sb_attr(img, "class")) ||
        names_furniture(sb_attr(img, "id")) || names_furniture(alt)) {
        *why = "named like a logo, icon or ad";
        return false;
    }
    k->width = int_attr(img, "width");
    k->height = int_attr(img, "height");
    const sb_boxtree *bt = c->in->boxes;
    if (bt && elem >= 0 && (size_t)elem < bt->n_elems && bt->box_of_elem) {
        int b = bt->box_of_elem[elem];
        if (b >= 0 && (size_t)b < bt->n_boxes) {
            k->has_box = true;
            k->box = bt->boxes[b].rect;
            if (k->box.w > 0 && k->box.h > 0) {
                k->width = k->box.w;
                k->height = k->box.h;
            }
        }
    }
    if ((k->width && k->width < 100) || (k->height && k->height < 60) || url_says_small(k->url)) {
        *why = "too small";
        return false;
    }
    if (alt && *alt)
        k->alt = sb_text_trim(sb_xstrdup(alt));
    const GumboNode *fig = enclosing_figure(img);
    if (fig)
        k->caption = figcaption_text(fig);
    if (!k->caption && anchor >= 0) {
        below_ctx bc = {c, para_of};
        sb_neighbour_query q = {anchor, 2, SB_NEIGHBOURS_DOWN, c->body, 200, has_caption_text, &bc};
        int e = sb_neighbour_find(c->doc, &q, NULL);
        if (e >= 0) {
            const sb_para *p = &c->paras[para_of[e]];
            /* Only a short line reads as a caption; a paragraph is story,
             * whether the page marks it up as <p> or as <div>. */
            if (p->len < CAPTION_MAX)
                k->caption = sb_xstrdup(p->text);
        }
    }
    return true;
}

static sb_image *to_image(candidate *k, const char *base)
{
    sb_image *im = sb_xcalloc(1, sizeof *im);
    im->url = sb_url_resolve(base, k->url);
    if (!im->url)
        im->url = sb_xstrdup(k->url);
    im->caption = k->caption;
    im->alt = k->alt;
    im->width = k->width;
    im->height = k->height;
    im->has_box = k->has_box;
    im->box = k->box;
    k->caption = k->alt = NULL;
    return im;
}

/* Compares the image's file name with the metadata images' (sizes and
 * query strings differ between og:image and the inline copy). */
static bool same_image(const char *a, const char *b)
{
    const char *fa = strrchr(a, '/'), *fb = strrchr(b, '/');
    fa = fa ? fa + 1 : a;
    fb = fb ? fb + 1 : b;
    size_t la = strcspn(fa, "?#"), lb = strcspn(fb, "?#");
    return la > 4 && la == lb && strncmp(fa, fb, la) == 0;
}

sb_image *sb_lead_image(sb_story_ctx *c, const sb_meta *meta, const int *roots, size_t n_roots,
                        const char *headline, const char *story_text)
{
    const char *base = meta && meta->base_href ? meta->base_href : c->in->base_url;
    if (!n_roots)
        return NULL;
    /* From the headline (when it sits above the story) to the end of the
     * last root. */
    int start = roots[0];
    int last = roots[n_roots - 1];
    int end = last + 1;
    while ((size_t)end < c->doc->n_elems && c->info[end].depth > c->info[last].depth)
        end++;
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        GumboTag t = sb_tag(c->doc->elems[i]);
        if (t == GUMBO_TAG_H1 && (int)i < start && headline) {
            sb_buf b = SB_BUF_INIT;
            sb_node_text(c->doc->elems[i], &b, false);
            bool match = strcmp(sb_text_trim(b.data), headline) == 0;
            sb_buf_free(&b);
            if (match) {
                start = (int)i;
                break;
            }
        }
    }
    long *para_of = sb_xmalloc(c->doc->n_elems * sizeof *para_of);
    for (size_t i = 0; i < c->doc->n_elems; i++)
        para_of[i] = -1;
    for (size_t i = c->n_paras; i-- > 0;)
        para_of[c->paras[i].elem] = (long)i;

    candidate best;
    memset(&best, 0, sizeof best);
    best.score = -1;
    int seen = 0;
    for (int i = start; i < end && seen < 60; i++) {
        const GumboNode *n = c->doc->elems[i];
        GumboTag t = sb_tag(n);
        candidate k;
        const char *why = NULL;
        bool ok = false;
        if (t == GUMBO_TAG_IMG) {
            ok = consider(c, n, i, i, para_of, &k, &why);
        } else if (t == GUMBO_TAG_NOSCRIPT) {
            /* Lazy loaders put the real <img> in <noscript>. */
            const GumboVector *kids = &n->v.element.children;
            if (kids->length != 1 || ((GumboNode *)kids->data[0])->type != GUMBO_NODE_TEXT)
                continue;
            const char *raw = ((GumboNode *)kids->data[0])->v.text.text;
            if (!strstr(raw, "<img"))
                continue;
            sb_doc *sub = sb_doc_parse(raw, strlen(raw));
            const GumboNode *img = NULL;
            for (size_t j = 0; sub && j < sub->n_elems && !img; j++)
                if (sb_tag(sub->elems[j]) == GUMBO_TAG_IMG)
                    img = sub->elems[j];
            if (img) {
                ok = consider(c, img, -1, i, para_of, &k, &why);
            }
            sb_doc_free(sub);
            if (!img)
                continue;
        } else {
            continue;
        }
        seen++;
        if (ok) {
            /* First in order leads; evidence from metadata or a caption
             * about the story can promote a later one. */
            k.score = 1.0 - seen * 0.05;
            for (size_t m = 0; meta && m < meta->n_images; m++)
                if (same_image(k.url, meta->images[m]))
                    k.score += 1.0;
            const char *cap = k.caption ? k.caption : k.alt;
            if (cap && story_text && *story_text) {
                double s = sb_white_str(cap, headline ? headline : story_text);
                if (s > 0.2)
                    k.score += 0.3;
            }
            /* 64-bit: sizes up to 99999 px each overflow an int area. */
            if (k.width && k.height && (long long)k.width * k.height >= 300 * 200)
                k.score += 0.2;
        }
        if (c->explain)
            fprintf(c->explain, "image e%d %s %s (%s)\n", i, ok ? "candidate" : "rejected",
                    k.url ? k.url : "-", ok ? "ok" : why);
        if (ok && k.score > best.score) {
            free_candidate(&best);
            best = k;
        } else {
            free_candidate(&k);
        }
    }
    free(para_of);
    if (best.url) {
        sb_image *im = to_image(&best, base);
        free_candidate(&best);
        return im;
    }
    if (meta && meta->n_images) {
        sb_image *im = sb_xcalloc(1, sizeof *im);
        im->url = sb_xstrdup(meta->images[0]);
        return im;
    }
    return NULL;
}
