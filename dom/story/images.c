/* images: the story's lead image, the picture a reader sees at the top of
 * the story (LBNEST II.C.v, with today's markup).
 *
 * Candidates are what a reader sees, from the headline (and the elements
 * around it) down to the end of the story roots: <img> (lazy-loading
 * attributes beat a placeholder src: data-src, data-lazy-src,
 * data-original, data-hi-res-src, then the largest data-srcset/srcset
 * candidate, then a loader-named data-NAME-src or data-NAME-srcset when the
 * src is no picture), <picture> sources, <video poster>, inline-style CSS
 * background images, and a <noscript> image only where the noscript stands
 * in for a picture beside it (gumbo keeps noscript content as raw text, so
 * it is parsed on its own).  URLs that occur only in scripts, JSON or
 * <link rel=preload> are never candidates: only elements are read.
 *
 * Rejected, each with its reason in --explain: furniture (hidden, nav,
 * aside, footer, bylines), elements the layout did not render, pixels,
 * ad servers and ad slots, placeholders (also a blur-up CSS background
 * behind the <img> it holds), logos (also a picture labelled with the
 * site's name), icons, sprites, avatars and headshots, thumbnails in related/latest lists, sidebars, site
 * headers and footers, small images.
 *
 * The survivors are ranked (see score_candidate): rendered area, position
 * (between the headline and the first story paragraphs, or in the first
 * screen of the region), <figure>, caption or alt text similar to the
 * headline, and the page's declared image (og:image, twitter:image,
 * JSON-LD) as evidence: a rendition of it (same picture, another size or
 * CDN path) outranks the others.  With no survivor the declared image
 * stands alone, without a box.  Each image's caption is its <figcaption>,
 * else the nearest text searched downward only by neighbour levels, unless
 * that text is a heading or opens the next section (starts_next_section). */
#include "dom/story/story_parts.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/story/byline.h"
#include "dom/story/image_rules.h"
#include "dom/story/neighbours.h"
#include "dom/story/sizes_attr.h"
#include "dom/text/similarity.h"
#include "dom/base/geom.h"
#include "dom/base/url.h"

/* Longest text (bytes) that reads as a caption when it is only the nearest
 * text below an image rather than a <figcaption>. */
#define CAPTION_MAX 150u

/* ---- rejection thresholds -------------------------------------------------- */
#define PIXEL_MAX_PX 2          /* a side this small is a tracking pixel */
#define SMALL_MIN_W 100         /* narrower: an icon or a thumbnail */
#define SMALL_MIN_H 60          /* lower: the same */
#define URL_SMALL_PX 160        /* a rendition size in the URL below this */
#define URL_SIZE_MIN 11         /* a side of 10 or less: an aspect ratio (16x9, 21x10) */
#define AVATAR_MAX_PX 200       /* in a byline or author box, this small is a face */
#define CONTEXT_LEVELS 6        /* ancestors whose names are read */
#define CONTEXT_TEXT_MAX 1500u  /* an ancestor with more text is the story, not a box */
#define MAX_CANDIDATES 60       /* images judged per page */
#define RENDER_DEFAULT_W 300     /* the render's box for an image of unknown size */
#define RENDER_DEFAULT_H 150
#define ALT_LABEL_WORDS 2       /* an alt this short names the image's role */

/* ---- the ranking --------------------------------------------------------------
 * score = W_AREA * min(1, area / AREA_FULL)
 *       + W_POSITION   when it sits before the LEAD_ZONE_PARAS-th story
 *                      paragraph; without such paragraphs, when (with a
 *                      layout) its top lies within FIRST_SCREEN_PX of the
 *                      headline or region top, or (without) it is first
 *       + W_FIGURE     inside <figure>
 *       + W_CAPTION    caption or alt similar to the headline (Simon White
 *                      >= CAPTION_SIM_MIN)
 *       + W_DECLARED   a rendition of the page's declared image
 *       + W_FIRST_VIEW the first candidate the layout shows in the first
 *                      screen (its top within FIRST_SCREEN_PX below the
 *                      headline or region top, or above it), when it is
 *                      known to be of full size (AREA_FULL or more):
 *                      layout only, at most one per page
 *       - ORDER_STEP * (acceptable candidates before it)
 * Area is the rendered box, else width x height attributes (or
 * data-width x data-height: markup_size), else the width and height the
 * URL's query asks an image server for (url_states_size; these count as
 * a known size for W_FIRST_VIEW too), else the largest srcset width
 * (AREA_SRCSET_ASPECT of it as height), else AREA_UNKNOWN (a browser's default replaced-element size, 300 x 150).
 * The first-screen rule stands in for the lead zone only when the DOM
 * found no story paragraphs to end it: measured on both corpora, granting
 * it as well promoted a second in-story picture within 900 px over the
 * lead (hints-stripped check 0.544 for hybrid against 0.609 for dom).
 * W_FIRST_VIEW goes to one picture only, the first a reader sees: it
 * outweighs a caption and a figure (W_CAPTION + W_FIGURE) that a later
 * picture in the lead zone has, so a full-size picture right under the
 * headline is not passed over for the story's second one because the
 * second's caption repeats the headline's words (measured: 3 more
 * hints-stripped hits on trafilatura, none lost; hybrid only).  W_DECLARED
 * is 2.0 + W_FIRST_VIEW, so a declared rendition further down keeps its
 * margin over that first picture as it had over the others. */
#define AREA_FULL 100000.0      /* px^2: 400 x 250 and larger score in full */
#define AREA_UNKNOWN 45000.0
#define AREA_SRCSET_ASPECT 0.66
#define W_AREA 1.0
#define W_POSITION 1.0
#define W_FIGURE 0.2
#define W_CAPTION 0.3
#define W_DECLARED 2.6
#define W_FIRST_VIEW 0.6
#define ORDER_STEP 0.05
#define CAPTION_SIM_MIN 0.2
#define LEAD_ZONE_PARAS 2
#define STORY_PARA_MIN 80u      /* bytes: shorter lines are not story paragraphs */
#define FIRST_SCREEN_PX 900
#define STORY_PARA_LOOKUPS 400  /* paragraphs searched for the lead zone's end */
#define PRE_HEADLINE_ELEMS 300  /* elements above the headline searched for the declared image */
#define POST_STORY_ELEMS 60     /* elements after the last root searched for the declared image */

typedef struct candidate {
    char *url;             /* resolved */
    char *caption;
    char *alt;
    char *credit;
    const char *kind;      /* "img", "noscript img", "video poster", "background" */
    int width, height;     /* shown size: box, else attributes; 0 = unknown */
    int srcset_width;      /* largest srcset w descriptor, 0 = none */
    bool has_box;
    sb_rect box;
    int anchor;            /* element id where it sits in the page */
    bool in_figure;
    bool lazy;             /* a script loads it: the layout may hide it */
    int url_w, url_h;      /* the size the URL's query asks the image server for, 0 = none */
    double area, position, figure, caption_sim, declared, first_view, order, score;
} candidate;

/* Lazy loaders keep the real picture in one of these (first found wins);
 * data-fullsize also holds the picture a blur-up loader swaps in for a
 * tiny inline placeholder. */
static const char *const lazy_attrs[] = {"data-src", "data-lazy-src", "data-original",
                                         "data-hi-res-src", "data-retina-src", "data-url",
                                         "data-lazy", "data-fullsize", NULL};
static const char *const lazy_set_attrs[] = {"data-srcset", "data-lazy-srcset", NULL};

/* A URL template's field: "{" , letters, "}" ("...&w={width}&h={height}",
 * lazysizes' RIAS plugin, which a script fills from data-widths before
 * loading).  A browser never asks for such a URL: braces are no URL
 * characters. */
static bool template_field(const char *v)
{
    for (const char *p = strchr(v, '{'); p; p = strchr(p + 1, '{')) {
        size_t n = 1;
        while (isalpha((unsigned char)p[n]) || p[n] == '_')
            n++;
        if (n > 1 && p[n] == '}')
            return true;
    }
    return false;
}

/* A URL at all: lazy loaders also keep JSON configs in data attributes
 * ({"default":{"src":...}}) and URL templates (template_field), which are
 * not addresses. */
static bool usable_url(const char *v)
{
    if (!v)
        return false;
    while (*v == ' ')
        v++;
    return *v && *v != '{' && *v != '[' && !strchr(v, '"') && !template_field(v) &&
           !sb_image_placeholder(v);
}

/* Largest "NNNw" descriptor in a srcset, clamped to 100000. */
static int srcset_max_width(const char *set)
{
    long best = 0;
    for (const char *p = set; p && *p; p++) {
        if (!isdigit((unsigned char)*p) || (p > set && !isspace((unsigned char)p[-1])))
            continue;
        char *end;
        long w = strtol(p, &end, 10);
        if (*end == 'w' && (end[1] == '\0' || end[1] == ',' || isspace((unsigned char)end[1]))) {
            if (w > 100000)
                w = 100000;
            if (w > best)
                best = w;
        }
        p = end > p ? end - 1 : p;
    }
    return (int)best;
}

static bool url_says_small(const char *u);

/* Lazy loaders named after themselves keep the picture in
 * "data-NAME-src" or "data-NAME-srcset" (data-lazyload-src,
 * data-echo-src, data-td-src-...), or with a word after "src"
 * ("data-td-src-property"): an attribute of the img itself whose name has
 * a "src" or "srcset" word.  A word of the name may also say a
 * low-quality preview, which is no better than the placeholder. */
static bool preview_loader_name(const char *name, size_t n)
{
    static const char *const preview[] = {"thumb", "low", "lowres", "low-res", "blur",
                                          "placeholder", "small", "lqip", "preview", NULL};
    for (int i = 0; preview[i]; i++)
        if (strlen(preview[i]) == n && strncasecmp(name, preview[i], n) == 0)
            return true;
    return false;
}

/* The attribute name's words after "data-": whether one is "src" or
 * "srcset" (*is_set for the latter), and none names a preview.  The whole
 * prefix before the word is one name as well ("low-res"). */
static bool loader_attr_name(const char *name, bool *is_set)
{
    if (strncasecmp(name, "data-", 5) != 0)
        return false;
    const char *w = name + 5;
    bool src = false;
    *is_set = false;
    while (*w) {
        size_t n = strcspn(w, "-");
        if (n == 3 && strncasecmp(w, "src", 3) == 0) {
            /* data-src itself is a lazy_attrs' (read before this). */
            src = src || w > name + 5 || w[n] == '-';
            if (w > name + 5 && preview_loader_name(name + 5, (size_t)(w - 1 - (name + 5))))
                return false;
        } else if (n == 6 && strncasecmp(w, "srcset", 6) == 0) {
            src = src || w > name + 5 || w[n] == '-';
            *is_set = true;
            if (w > name + 5 && preview_loader_name(name + 5, (size_t)(w - 1 - (name + 5))))
                return false;
        } else if (preview_loader_name(w, n)) {
            return false;
        }
        w += n;
        if (*w == '-')
            w++;
    }
    return src;
}

/* The first loader-named attribute's URL (a srcset's largest candidate),
 * malloc'd, or NULL. */
static char *loader_named_url(const GumboNode *img, int *srcset_width)
{
    const GumboVector *attrs = &img->v.element.attributes;
    for (unsigned i = 0; i < attrs->length; i++) {
        const GumboAttribute *a = attrs->data[i];
        bool is_set;
        if (!loader_attr_name(a->name, &is_set))
            continue;
        char *url = is_set ? sb_srcset_best(a->value) : sb_text_trim(sb_xstrdup(a->value));
        if (url && usable_url(url) && !url_says_small(url)) {
            if (is_set)
                *srcset_width = srcset_max_width(a->value);
            return url;
        }
        free(url);
    }
    return NULL;
}

/* The URL names an SVG file: a drawing, which a lazy loader also uses as
 * the placeholder it shows until the picture loads. */
static bool svg_file(const char *url)
{
    size_t end = strcspn(url, "?#");
    return end >= 4 && strncasecmp(url + end - 4, ".svg", 4) == 0;
}

/* The URL an image shows once its lazy loader has run; *superseded is set
 * to its src when a lazy attribute replaced a non-empty one. */
/* <picture><source srcset=...><img></picture>: the first source's best
 * candidate (srcset, else data-srcset or another lazy set), or NULL. */
/* A <source>'s media query holds at the default viewport width: none,
 * "(min-width: Npx)" with N at most the width, "(max-width: Npx)" with N
 * at least it, or both joined by "and"; any other query is taken as not
 * holding. */
static bool media_applies(const char *media)
{
    if (!media)
        return true;
    const char *p = media;
    while (*p) {
        while (*p == ' ' || *p == '(' || *p == ')')
            p++;
        if (!*p)
            break;
        bool min = strncasecmp(p, "min-width:", 10) == 0;
        bool max = strncasecmp(p, "max-width:", 10) == 0;
        if (!min && !max) {
            if (strncasecmp(p, "and ", 4) == 0) {
                p += 4;
                continue;
            }
            return false;
        }
        p += 10;
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || strncasecmp(end, "px", 2) != 0)
            return false;
        if ((min && v > SB_DEFAULT_WIDTH) || (max && v < SB_DEFAULT_WIDTH))
            return false;
        p = end + 2;
    }
    return true;
}

/* The <picture> an <img> stands in, or NULL. */
static const GumboNode *picture_of(const GumboNode *img)
{
    const GumboNode *pic = img->parent;
    return pic && sb_is_element(pic) && strcmp(sb_tag_name(pic), "picture") == 0 ? pic : NULL;
}

/* A <source>'s set: its srcset, else a lazy loader's set, or NULL. */
static const char *source_set(const GumboNode *source)
{
    const char *v = sb_attr(source, "srcset");
    for (int j = 0; !v && lazy_set_attrs[j]; j++)
        v = sb_attr(source, lazy_set_attrs[j]);
    return v;
}

/* The first <source> of the img's <picture> whose media holds at the
 * default width, its set's best candidate (srcset, else a lazy set), or
 * NULL (also when the set offers a thumbnail-sized rendition). */
static char *applying_source_url(const GumboNode *img, int *srcset_width)
{
    const GumboNode *pic = picture_of(img);
    if (!pic)
        return NULL;
    const GumboVector *k = &pic->v.element.children;
    for (unsigned i = 0; i < k->length; i++) {
        const GumboNode *s = k->data[i];
        if (sb_tag(s) != GUMBO_TAG_SOURCE || !media_applies(sb_attr(s, "media")))
            continue;
        const char *v = source_set(s);
        /* A set that offers a thumbnail-sized rendition anywhere (its 1x
         * of "100x100 1x, 200x200 2x") is a thumbnail's set. */
        char *best = v && !url_says_small(v) ? sb_srcset_best(v) : NULL;
        if (best && usable_url(best)) {
            *srcset_width = srcset_max_width(v);
            return best;
        }
        free(best);
        return NULL;
    }
    return NULL;
}

static char *picture_source_url(const GumboNode *img, int *srcset_width)
{
    const GumboNode *pic = picture_of(img);
    if (!pic)
        return NULL;
    const GumboVector *k = &pic->v.element.children;
    for (unsigned i = 0; i < k->length; i++) {
        const GumboNode *s = k->data[i];
        if (sb_tag(s) != GUMBO_TAG_SOURCE)
            continue;
        const char *v = source_set(s);
        char *best = v ? sb_srcset_best(v) : NULL;
        if (best && usable_url(best)) {
            *srcset_width = srcset_max_width(v);
            return best;
        }
        free(best);
    }
    return NULL;
}

/* The pin URL holds the src's file name (its last path segment, without
 * query, PIN_FILE_MIN bytes or more): an image service's rendition of the
 * same upload ("/media/NAME~mv2.jpg/v1/fit/w_1000,.../file.jpg"). */
#define PIN_FILE_MIN 8
static bool pin_names_src_file(const char *pin, const char *src)
{
    size_t end = strcspn(src, "?#");
    size_t start = end;
    while (start > 0 && src[start - 1] != '/')
        start--;
    if (end - start < PIN_FILE_MIN)
        return false;
    size_t pin_end = strcspn(pin, "?#");
    for (size_t i = 0; i + (end - start) <= pin_end; i++)
        if (strncasecmp(pin + i, src + start, end - start) == 0)
            return true;
    return false;
}

/* The <img>'s lazy loader says it has loaded the picture: its state
 * attribute (vue-lazyload's lazy="loaded") or class token ("lazyloaded",
 * lazysizes').  A loader that loads a single URL writes the picture it
 * loaded into src, so a saved page's src is what the reader sees,
 * whatever a lazy attribute still names (the agency's original on another
 * host).  Not with a lazy set attribute (data-srcset): that loader writes
 * the set into srcset and leaves src as the small fallback (a 180 px
 * rendition), and the set's best is what the reader sees. */
static bool loader_loaded(const GumboNode *img)
{
    for (int i = 0; lazy_set_attrs[i]; i++)
        if (sb_attr(img, lazy_set_attrs[i]))
            return false;
    const char *state = sb_attr(img, "lazy");
    if (state && strcasecmp(state, "loaded") == 0)
        return true;
    const char *cls = sb_attr(img, "class");
    for (const char *p = cls; p && (p = strstr(p, "lazyloaded")) != NULL; p += 10)
        if ((p == cls || isspace((unsigned char)p[-1])) &&
            (!p[10] || isspace((unsigned char)p[10])))
            return true;
    return false;
}

static char *image_url(const GumboNode *img, const char **superseded, int *srcset_width)
{
    const char *src = sb_attr(img, "src");
    *superseded = NULL;
    if (usable_url(src) && !url_says_small(src) && !svg_file(src) && loader_loaded(img)) {
        const char *set = sb_attr(img, "srcset");
        if (set)
            *srcset_width = srcset_max_width(set);
        return sb_text_trim(sb_xstrdup(src));
    }
    for (int i = 0; lazy_attrs[i]; i++) {
        const char *v = sb_attr(img, lazy_attrs[i]);
        if (usable_url(v)) {
            *superseded = src && *src && strcmp(src, v) != 0 ? src : NULL;
            /* A lazy attribute asking for a thumbnail-sized rendition
             * (url_says_small) on the <img> of a <picture>: the img is the
             * fallback a browser shows only when no <source> applies; the
             * first source whose media holds at the default width is
             * what the loader fills and the reader sees. */
            if (url_says_small(v)) {
                char *from_source = applying_source_url(img, srcset_width);
                if (from_source)
                    return from_source;
            }
            return sb_text_trim(sb_xstrdup(v));
        }
    }
    for (int i = 0; lazy_set_attrs[i]; i++) {
        const char *v = sb_attr(img, lazy_set_attrs[i]);
        char *best = v && *v ? sb_srcset_best(v) : NULL;
        if (best && usable_url(best)) {
            *superseded = src && *src ? src : NULL;
            *srcset_width = srcset_max_width(v);
            return best;
        }
        free(best);
    }
    const char *set = sb_attr(img, "srcset");
    if (set)
        *srcset_width = srcset_max_width(set);
    /* A loader-named attribute beats a src that is no picture, a
     * thumbnail-sized one, or an SVG (a drawn placeholder): the loader
     * swaps it for the attribute's picture. */
    char *named = usable_url(src) && !url_says_small(src) && !svg_file(src)
                      ? NULL
                      : loader_named_url(img, srcset_width);
    if (named) {
        *superseded = src && *src ? src : NULL;
        return named;
    }
    /* A thumbnail-sized src in a <picture> whose sources offer the
     * picture is a blur-up placeholder ("?width=25", class "blur-up"):
     * the loader swaps in a source's rendition. */
    if (usable_url(src) && url_says_small(src)) {
        char *from_source = picture_source_url(img, srcset_width);
        if (from_source) {
            *superseded = src;
            return from_source;
        }
        /* A thumbnail-sized src whose data-pin-media (the picture the
         * page hands to Pinterest's "pin it" for this image) is a rendition
         * of the same picture (its URL holds the src's file name) and does not ask for a
         * thumbnail itself: the src is a blur-up stand-in ("blur_2",
         * "w_147,h_83") that a script swaps for the picture at its box's
         * size; the pin's rendition is that picture.  A pin URL naming
         * another picture (a portrait "pin this" graphic) is not taken. */
        const char *pin = sb_attr(img, "data-pin-media");
        if (usable_url(pin) && !url_says_small(pin) && pin_names_src_file(pin, src)) {
            *superseded = src;
            return sb_text_trim(sb_xstrdup(pin));
        }
    }
    if (usable_url(src))
        return sb_text_trim(sb_xstrdup(src));
    if (set && *set) {
        char *best = sb_srcset_best(set);
        if (best && usable_url(best)) {
            *superseded = src && *src ? src : NULL;
            return best;
        }
        free(best);
    }
    char *from_source = picture_source_url(img, srcset_width);
    if (from_source)
        *superseded = src && *src ? src : NULL;
    return from_source;
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

/* A length in px that the inline style gives the property `prop`
 * ("width" in `style="width: 96px; height: 48px"`), 0 when it gives none
 * or another unit (%, em, auto: the slot's size, not the picture's).  The
 * property's name stands alone: "max-width" and "min-height" are limits,
 * not sizes. */
static int style_px(const char *style, const char *prop)
{
    if (!style)
        return 0;
    char low[512];
    snprintf(low, sizeof low, "%s", style);
    for (char *q = low; *q; q++)
        *q = (char)tolower((unsigned char)*q);
    style = low;
    size_t n = strlen(prop);
    for (const char *p = style; (p = strstr(p, prop)) != NULL; p += n) {
        if (p > style && (isalnum((unsigned char)p[-1]) || p[-1] == '-'))
            continue;
        const char *v = p + n;
        while (*v == ' ')
            v++;
        if (*v != ':')
            continue;
        v++;
        while (*v == ' ')
            v++;
        if (!isdigit((unsigned char)*v))
            return 0;
        char *end;
        long x = strtol(v, &end, 10);
        if (*end == '.')
            while (isdigit((unsigned char)*++end))
                ;
        return strncasecmp(end, "px", 2) == 0 && x > 0 && x < 100000 ? (int)x : 0;
    }
    return 0;
}

/* The picture's size from its markup: width and height, else the
 * data-width and data-height with which lazy loaders and layout scripts
 * reserve its box (the renderer reads neither, and gives such an image
 * the default box), else the px width and height of its inline style
 * (which the renderer reads: this is for dom, which has no render). */
static void markup_size(const GumboNode *n, int *w, int *h)
{
    *w = int_attr(n, "width");
    *h = int_attr(n, "height");
    if (!*w && !*h) {
        *w = int_attr(n, "data-width");
        *h = int_attr(n, "data-height");
    }
    if (!*w && !*h) {
        const char *style = sb_attr(n, "style");
        *w = style_px(style, "width");
        *h = style_px(style, "height");
    }
}

/* A background on an element that holds nothing but blank text (spaces,
 * &nbsp;) and no element: a slide or a hero whose height the page sets by
 * script, or by a rule the render does not lay out (vh units, an aspect
 * box), so the render gives it the height of its one blank line.  Such a
 * box, at most LINE_BOX_MAX_PX tall (a line of body text), says nothing
 * of the picture's size: the size is unknown, as without a render. */
#define LINE_BOX_MAX_PX 24
static bool blank_holder(const GumboNode *n)
{
    if (!n || n->type != GUMBO_NODE_ELEMENT)
        return false;
    const GumboVector *kids = &n->v.element.children;
    for (unsigned i = 0; i < kids->length; i++) {
        const GumboNode *k = kids->data[i];
        if (k->type == GUMBO_NODE_WHITESPACE || k->type == GUMBO_NODE_COMMENT)
            continue;
        if (k->type != GUMBO_NODE_TEXT)
            return false;
        for (const unsigned char *t = (const unsigned char *)k->v.text.text; *t; t++) {
            if (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
                continue;
            if (t[0] == 0xc2 && t[1] == 0xa0) {
                t++;
                continue;
            }
            return false;
        }
    }
    return true;
}

/* A box is the element's border box: a frame of border and padding the
 * same all round adds the same px to its width and to its height.  An
 * <img> whose markup states both sizes and whose box exceeds them by one
 * amount d on both sides, 0 < d <= FRAME_MAX_PX (8 px a side), shows the
 * stated picture in a frame, and the picture is the stated size (a
 * 200x200 author photo with a 2 px border is a 204x204 box, and is still
 * an avatar's size).  A box larger by different amounts is the picture
 * scaled, and the box is its size. */
#define FRAME_MAX_PX 16
static bool framed_stated_size(sb_rect box, int stated_w, int stated_h)
{
    if (stated_w <= 0 || stated_h <= 0)
        return false;
    int d = box.w - stated_w;
    return d > 0 && d <= FRAME_MAX_PX && box.h - stated_h == d;
}

/* Image services put the rendition size in the URL ("200x200",
 * "thumbnail=45%2C45", "/max/60/", "w_80"); a small one is a thumbnail or
 * a blurred placeholder, whatever the markup says.  A "WxH" size stands
 * alone between separators: inside a run of letters and digits it is part
 * of a hash or of base64 ("...TA2x4F8..." in an imgproxy path).  A query
 * value that is a thumbnail's word ("?id=385013&size=thumbnail") asks the
 * image server for its thumbnail rendition by name.  Only a whole query
 * value: "thumb" in a path ("/thumbs/", "/thumbnail/1200x630/",
 * "image-thumb__29139__hero-slider") names a CDN's folder of renditions of
 * any size. */
static bool query_asks_thumbnail(const char *u)
{
    static const char *const words[] = {"thumbnail", "thumb", "thumbs", NULL};
    const char *q = strchr(u, '?');
    for (const char *p = q; p && *p && *p != '#'; p = p + 1 + strcspn(p + 1, "&#")) {
        const char *eq = strchr(p, '=');
        size_t field = strcspn(p + 1, "&#");
        if (!eq || eq > p + 1 + field)
            continue;
        size_t n = (size_t)(p + 1 + field - (eq + 1));
        for (int i = 0; words[i]; i++)
            if (strlen(words[i]) == n && strncasecmp(eq + 1, words[i], n) == 0)
                return true;
    }
    return false;
}

static bool url_says_small(const char *u)
{
    if (query_asks_thumbnail(u))
        return true;
    for (const char *p = u; *p; p++) {
        if (!isdigit((unsigned char)*p) || (p > u && isdigit((unsigned char)p[-1])))
            continue;
        char *end;
        long a = strtol(p, &end, 10);
        long b = -1;
        char *after = end;
        bool starts_alone = p == u || !isalpha((unsigned char)p[-1]);
        if ((*end == 'x' || *end == 'X') && isdigit((unsigned char)end[1]))
            b = strtol(end + 1, &after, 10);
        else if (strncmp(end, "%2C", 3) == 0 && isdigit((unsigned char)end[3]))
            b = strtol(end + 3, &after, 10);
        if (b >= 0 && a >= URL_SIZE_MIN && a < URL_SMALL_PX && b >= URL_SIZE_MIN &&
            b < URL_SMALL_PX && starts_alone &&
            !isalnum((unsigned char)*after))
            return true;
        /* A lone size after a width-like key. */
        bool keyed = (p >= u + 2 && (strncmp(p - 2, "w_", 2) == 0 || strncmp(p - 2, "w=", 2) == 0)) ||
                     (p >= u + 5 && strncmp(p - 5, "/max/", 5) == 0) ||
                     (p >= u + 6 && strncmp(p - 6, "width=", 6) == 0);
        /* The whole token ("w_1xYmyB" is a file name's hash, no width). */
        if (keyed && a > 0 && a < URL_SMALL_PX && !isalnum((unsigned char)*end))
            return true;
    }
    return false;
}

/* The size the URL's query asks an image server for: both a width key
 * ("w=", "width=") and a height key ("h=", "height=") with a number
 * each ("?w=1000&fit=crop&h=667").  An image server renders the file
 * at that size, so it stands for the picture's size where neither the
 * box nor the markup states one (score_candidate).  One key alone says
 * only a width (the srcset's role), and no aspect. */
static bool query_key_number(const char *q, const char *const *keys, int *out)
{
    for (const char *p = q; p && *p; p = strchr(p, '&'), p = p ? p + 1 : NULL) {
        /* "&amp;" left in an attribute value: skip the entity's name. */
        if (strncmp(p, "amp;", 4) == 0)
            p += 4;
        for (int i = 0; keys[i]; i++) {
            size_t n = strlen(keys[i]);
            if (strncmp(p, keys[i], n) == 0 && isdigit((unsigned char)p[n])) {
                char *end;
                long v = strtol(p + n, &end, 10);
                if ((*end == '\0' || *end == '&' || *end == '#') && v > 0 && v < 100000) {
                    *out = (int)v;
                    return true;
                }
            }
        }
    }
    return false;
}

static bool url_states_size(const char *url, int *w, int *h)
{
    static const char *const wk[] = {"w=", "width=", NULL};
    static const char *const hk[] = {"h=", "height=", NULL};
    const char *q = strchr(url, '?');
    if (!q)
        return false;
    return query_key_number(q + 1, wk, w) && query_key_number(q + 1, hk, h);
}

/* The size a <picture>'s source states for the rendition the URL was
 * taken from: lazysizes' aspect-ratio plugin writes the image style's
 * pixel size as data-aspectratio="W/H" ("960/540") on each <source>, for
 * the loader to reserve the box before the picture arrives.  Both sides
 * ASPECT_SIZE_MIN px or more: a pixel size, not a bare ratio ("16/9"),
 * which says no size.  The source is the first whose set names the URL's
 * file (picture_source_url takes the first source). */
#define ASPECT_SIZE_MIN 100
static bool source_states_size(const GumboNode *img, const char *url, int *w, int *h)
{
    const GumboNode *pic = picture_of(img);
    if (!pic)
        return false;
    size_t end = strcspn(url, "?#"), start = end;
    while (start > 0 && url[start - 1] != '/')
        start--;
    if (end - start < 5)
        return false;
    const GumboVector *k = &pic->v.element.children;
    for (unsigned i = 0; i < k->length; i++) {
        const GumboNode *src = k->data[i];
        if (sb_tag(src) != GUMBO_TAG_SOURCE)
            continue;
        const char *v = source_set(src);
        if (!v || !*v)
            continue;
        char *name = sb_xstrndup(url + start, end - start);
        bool names = strstr(v, name) != NULL;
        free(name);
        if (!names)
            return false;
        const char *ar = sb_attr(src, "data-aspectratio");
        char *slash;
        long a = ar ? strtol(ar, &slash, 10) : 0;
        if (!ar || *slash != '/')
            return false;
        char *rest;
        long b = strtol(slash + 1, &rest, 10);
        if (*rest != '\0' || a < ASPECT_SIZE_MIN || b < ASPECT_SIZE_MIN || a > 100000 ||
            b > 100000)
            return false;
        *w = (int)a;
        *h = (int)b;
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

/* The trimmed text of an element, NULL when it has none (caller frees). */
static char *element_text(const GumboNode *n)
{
    sb_buf b = SB_BUF_INIT;
    sb_node_text(n, &b, false);
    sb_text_trim(b.data);
    if (b.data && *b.data)
        return sb_buf_steal(&b);
    sb_buf_free(&b);
    return NULL;
}

static char *figcaption_text(const GumboNode *fig)
{
    const GumboVector *k = &fig->v.element.children;
    for (unsigned i = 0; i < k->length; i++) {
        const GumboNode *c = k->data[i];
        if (sb_tag(c) == GUMBO_TAG_FIGCAPTION) {
            char *text = element_text(c);
            if (text)
                return text;
        }
    }
    return NULL;
}

/* A <figcaption> standing right after its <figure> instead of inside it
 * (a template that closes the figure too early): the figure's caption. */
static char *sibling_figcaption_text(const GumboNode *fig)
{
    const GumboNode *par = fig->parent;
    if (!par || (par->type != GUMBO_NODE_ELEMENT && par->type != GUMBO_NODE_TEMPLATE))
        return NULL;
    const GumboVector *k = &par->v.element.children;
    for (unsigned i = fig->index_within_parent + 1; i < k->length; i++) {
        const GumboNode *n = k->data[i];
        if (n->type == GUMBO_NODE_WHITESPACE || n->type == GUMBO_NODE_COMMENT)
            continue;
        return sb_tag(n) == GUMBO_TAG_FIGCAPTION ? element_text(n) : NULL;
    }
    return NULL;
}

/* Pictures nest deeper than enclosing_figure looks (lazy-loading wrappers:
 * figure > div > div > div > div > img): a figure up to this many levels
 * up still gives the picture its <figcaption>, when it has one. */
#define CAPTIONED_FIGURE_UP 8

static char *deep_figcaption_text(const GumboNode *n)
{
    for (int up = 0; n && up <= CAPTIONED_FIGURE_UP; up++, n = n->parent)
        if (sb_tag(n) == GUMBO_TAG_FIGURE)
            return figcaption_text(n);
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
    /* A slideshow's counter ("2 / 12") sits between a slide's image and
     * its caption: it numbers the image, it does not describe it.  An ad
     * slot's label ("Advertisement:") below a picture labels the slot. */
    return pi >= 0 && b->c->paras[pi].len >= 3 && !sb_counter_line(&b->c->paras[pi]) &&
           !sb_ad_label_line(b->c->paras[pi].text, b->c->paras[pi].len);
}

static bool name_has(const char *low, const char *const *words);
static void element_names(const GumboNode *n, char *buf, size_t cap);

static void free_candidate(candidate *k)
{
    free(k->url);
    free(k->caption);
    free(k->alt);
    free(k->credit);
}

static char *dup_or_null(const char *s)
{
    return s ? sb_xstrdup(s) : NULL;
}

/* A picture credit inside the figure: an element whose class or id names
 * it (credit, copyright, photographer), or a line that reads as one
 * ("Photo: ...", "Foto: ..."). */
static char *figure_credit(const GumboNode *fig)
{
    static const char *const names[] = {"credit", "copyright", "photographer", "byline", NULL};
    char *found = NULL;
    const GumboVector *k = &fig->v.element.children;
    for (unsigned i = 0; i < k->length && !found; i++) {
        const GumboNode *n = k->data[i];
        if (!sb_is_element(n))
            continue;
        char low[256];
        element_names(n, low, sizeof low);
        sb_buf b = SB_BUF_INIT;
        sb_node_text(n, &b, false);
        sb_text_trim(b.data);
        if (b.data && *b.data && (name_has(low, names) || sb_credit_line(b.data, strlen(b.data))))
            found = sb_buf_steal(&b);
        else if (n->v.element.children.length && !found)
            found = figure_credit(n); /* figcaption > span.credit */
        sb_buf_free(&b);
    }
    return found;
}

/* What one scan of the page shares between candidates. */
typedef struct scan {
    sb_story_ctx *c;
    const sb_meta *meta;
    const char *base;
    const char *headline;
    const long *para_of;
    const int *roots;      /* the story roots */
    size_t n_roots;
    int zone_start;        /* the headline, or the first root */
    int zone_end;          /* first element after the lead zone */
    int headline_elem;     /* -1 = none found */
    bool zone_found;       /* story paragraphs end it (else it is the range) */
    int layout_top;        /* page y of the headline or region, -1 = no layout */
    bool first_view_given; /* the first candidate in the first screen was seen */
    int judged;
    int accepted;
    int size_lookups;      /* image_size provider calls (SIZE_LOOKUPS_MAX) */
    bool declared_hidden;  /* a rendition of the declared picture, hidden by the page's style */
    candidate best;
    char **seen;           /* accepted URLs, for duplicates */
    size_t n_seen;
    char **menu_files;     /* image files named by navigation links' attributes */
    size_t n_menu_files;
    sb_image *list;        /* every accepted image, in reading order */
    size_t n_list;
    char *page_h1;         /* text of the page's first <h1>, NULL = none */
    int page_h1_elem;      /* that <h1>, -1 = none */
    /* Per element, image_url's answer for an <img> once asked by
     * repeated_button (NULL = not asked yet, &no_image_url = no URL):
     * that rule compares a candidate with every other <img> of the page,
     * so without the memo a page of hundreds of images re-read every
     * image's URL for every candidate. */
    char **img_url_memo;
    char **meta_keys; /* sb_picture_key of each meta->images[m] */
} scan;

static char no_image_url;

/* image_url(c->doc->elems[e]) without its superseded URL and srcset
 * width, kept in s->img_url_memo; NULL when the image has no URL. */
static const char *memo_image_url(const scan *s, int e)
{
    char **slot = &s->img_url_memo[e];
    if (!*slot) {
        const char *superseded = NULL;
        int sw = 0;
        char *u = image_url(s->c->doc->elems[e], &superseded, &sw);
        *slot = u ? u : &no_image_url;
    }
    return *slot == &no_image_url ? NULL : *slot;
}

/* The image size provider is asked about at most this many images per
 * page (a folder lookup reads a file's first bytes): as many as the
 * render asks about (render.cpp: max_images). */
#define SIZE_LOOKUPS_MAX 2000

/* What the render knows of an element, or NULL when it was not rendered
 * (or there is no render: dom mode). */
static const sb_elem_render *box_of(const sb_story_ctx *c, int elem)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->elems || elem < 0 || (size_t)elem >= r->n_elems || !r->elems[elem].rendered)
        return NULL;
    return &r->elems[elem];
}

static bool name_has(const char *low, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (strstr(low, words[i]))
            return true;
    return false;
}

/* class and id of an element, lower-cased, into buf. */
static void element_names(const GumboNode *n, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s %s", sb_attr(n, "class") ? sb_attr(n, "class") : "",
             sb_attr(n, "id") ? sb_attr(n, "id") : "");
    for (char *p = buf; *p; p++)
        *p = (char)tolower((unsigned char)*p);
}

/* Names that sb_image_furniture_name reads as an ad slot. */
static bool names_ad_slot(const char *names)
{
    const char *why = sb_image_furniture_name(names);
    return why && strncmp(why, "ad slot", 7) == 0;
}

/* A picture titled with the headline: the alt or title of the image, or
 * the title of its <picture>, is (nearly) the headline's own wording
 * (Simon White >= HEADLINE_TITLE_SIM).  An ad or a house promotion does
 * not carry this story's headline as its title; a slideshow wrapper
 * named like an ad slot ("ad-wrapper-content", kept by the site to put an
 * ad between slides) around the story's picture does not make that
 * picture an ad.  Teasers of other stories carry their own headlines. */
#define HEADLINE_TITLE_SIM 0.8

static bool titled_with_headline(const GumboNode *node, const char *headline)
{
    if (!headline || !*headline)
        return false;
    const char *own[] = {sb_attr(node, "alt"), sb_attr(node, "title"),
                         picture_of(node) ? sb_attr(node->parent, "title") : NULL};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++)
        if (own[i] && *own[i] && sb_white_str(own[i], headline) >= HEADLINE_TITLE_SIM)
            return true;
    return false;
}

/* A box whose whole text is an ad slot's label ("Advertisement",
 * "Anzeige", "Sponsored": sb_ad_label_line) holds an ad: the slot prints
 * its label above or below what it loads, and the picture inside is the
 * ad's banner, whatever the slot's class names say ("td-a-rec").  Read
 * only for a box of AD_LABEL_BOX_MAX bytes of text or fewer. */
#define AD_LABEL_BOX_MAX 40u

static void gather_text(const GumboNode *n, char *buf, size_t cap, size_t *len)
{
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE) {
        const char *t = n->v.text.text;
        size_t k = strlen(t);
        if (*len + k + 1 < cap) {
            memcpy(buf + *len, t, k);
            *len += k;
            buf[*len] = '\0';
        }
        return;
    }
    if (n->type != GUMBO_NODE_ELEMENT || sb_tag(n) == GUMBO_TAG_SCRIPT ||
        sb_tag(n) == GUMBO_TAG_STYLE)
        return;
    const GumboVector *kids = &n->v.element.children;
    for (unsigned i = 0; i < kids->length; i++)
        gather_text(kids->data[i], buf, cap, len);
}

/* The text of element `a` into buf (cap bytes; 4 * max holds max
 * characters of UTF-8), when it has 1 to `max` bytes of text; false for an
 * empty or a larger box, whose text is not gathered. */
static bool small_box_text(const sb_story_ctx *c, int a, unsigned max, char *buf, size_t cap,
                           size_t *len)
{
    unsigned t = c->info[a].text;
    if (t == 0 || t > max)
        return false;
    *len = 0;
    buf[0] = '\0';
    gather_text(c->doc->elems[a], buf, cap, len);
    return true;
}

static bool ad_labelled_box(const sb_story_ctx *c, int a)
{
    char buf[4 * AD_LABEL_BOX_MAX];
    size_t len;
    return small_box_text(c, a, AD_LABEL_BOX_MAX, buf, sizeof buf, &len) &&
           sb_ad_label_line(buf, len);
}

/* A shop's product tile: the picture is inside a link (found within
 * CONTEXT_LEVELS above it) whose own text, SHOP_TILE_TEXT_MAX bytes or
 * fewer, holds a price (sb_text_has_price: "9,99 EUR", "$24.95").  A shop
 * widget or an affiliate box puts a product's picture, title and price in
 * one link to the shop; a story's picture does not link to a page with
 * its price tag as the link's text. */
#define SHOP_TILE_TEXT_MAX 300u

static bool shop_tile_link(const sb_story_ctx *c, int e)
{
    int level = 0;
    for (int a = c->info[e].parent; a >= 0 && level < CONTEXT_LEVELS;
         a = c->info[a].parent, level++) {
        if (a == c->body)
            break;
        if (sb_tag(c->doc->elems[a]) != GUMBO_TAG_A)
            continue;
        char buf[4 * SHOP_TILE_TEXT_MAX];
        size_t len;
        return small_box_text(c, a, SHOP_TILE_TEXT_MAX, buf, sizeof buf, &len) &&
               sb_text_has_price(buf);
    }
    return false;
}

/* Boxes around the image: related lists, byline and author boxes,
 * sidebars, ad slots (by name, or by an ad slot's label as their text).  Read up to CONTEXT_LEVELS ancestors, stopping at
 * one that holds story-sized text.  An <img> (`titled_node`, NULL for a
 * background) titled with the `headline` (titled_with_headline, asked
 * only when an ad slot's name is found) is not rejected by that name. */
static const char *context_reason(const sb_story_ctx *c, const candidate *k, bool seen_lead,
                                  const GumboNode *titled_node, const char *headline)
{
    static const char *const related[] = {"related", "trending", "latest", "popular",
                                          "recommend", "more-stories", "morestories",
                                          "read-more", "readmore", "also-read", "most-read",
                                          "mostread", "more-news", "outbrain", "taboola", NULL};
    static const char *const author[] = {"byline", "author", "avatar", "contributor", "writer",
                                         "profile", NULL};
    /* Not "widget": sidebars are named as such, while "widget-image"
     * boxes hold the story's own picture. */
    static const char *const side[] = {"sidebar", "site-header", "masthead", "site-footer",
                                       NULL};
    bool small = (!k->width || k->width <= AVATAR_MAX_PX) && (!k->height || k->height <= AVATAR_MAX_PX);
    /* An <img> whose own width and height attributes are both this small
     * is small too, whatever its box: a border or padding around a 200 px
     * face makes a 204 px box (an author box's photo). */
    if (!small && titled_node && sb_attr(titled_node, "width") && sb_attr(titled_node, "height")) {
        int aw = atoi(sb_attr(titled_node, "width")), ah = atoi(sb_attr(titled_node, "height"));
        small = aw > 0 && ah > 0 && aw <= AVATAR_MAX_PX && ah <= AVATAR_MAX_PX;
    }
    if (shop_tile_link(c, k->anchor))
        return "a shop's product tile: in a link whose text gives a price";
    int level = 0;
    for (int a = c->info[k->anchor].parent; a >= 0 && level < CONTEXT_LEVELS;
         a = c->info[a].parent, level++) {
        if (c->info[a].text > CONTEXT_TEXT_MAX || a == c->body)
            break;
        char names[512];
        element_names(c->doc->elems[a], names, sizeof names);
        if (name_has(names, related) || sb_teaser_list(c, a))
            return "thumbnail in a related, latest or trending list";
        if (small && name_has(names, author))
            return "avatar: small image in a byline or author box";
        if (name_has(names, side) && !seen_lead)
            return "in a sidebar, site header or footer";
        if (ad_labelled_box(c, a))
            return "in a box whose only text is an ad slot's label (\"Advertisement\")";
        if (names_ad_slot(names)) {
            if (!titled_node || !titled_with_headline(titled_node, headline))
                return "in an ad slot";
            if (c->explain)
                fprintf(c->explain, "image e%d titled with the headline: the ad slot's name of "
                                    "e%d around it is not its own\n",
                        k->anchor, a);
        }
    }
    return NULL;
}

/* An href to a site's front page: "/", "https://host", "https://host/",
 * "/index.html" (any host: a partner's logo links to its site too). */
static bool front_page_href(const char *href)
{
    while (*href && isspace((unsigned char)*href))
        href++;
    const char *rest = href;
    const char *scheme = strstr(href, "//");
    bool absolute = scheme && (scheme == href || (scheme[-1] == ':' &&
                                                  strcspn(href, ":/?#") == (size_t)(scheme - 1 - href)));
    if (absolute)
        rest = scheme + 2 + strcspn(scheme + 2, "/?#");
    else if (*href != '/')
        return false; /* relative to this page: not the front page */
    size_t n = strcspn(rest, "?#");
    if (rest[n] == '?')
        return false;
    static const char *const front[] = {"", "/", "/index.html", "/index.htm", "/index.php", NULL};
    for (int i = 0; front[i]; i++)
        if (strlen(front[i]) == n && strncasecmp(rest, front[i], n) == 0)
            return n > 0 || rest != href;
    return false;
}

/* The image (or a box around it, up to CONTEXT_LEVELS) is a link to a
 * site's front page, or rel="home": the site's header picture or a logo,
 * which every page of the site shows, not this story's picture. */
static bool links_front_page(const sb_story_ctx *c, int e)
{
    int level = 0;
    for (int a = e; a >= 0 && level <= CONTEXT_LEVELS; a = c->info[a].parent, level++) {
        if (c->info[a].text > CONTEXT_TEXT_MAX || a == c->body)
            break;
        const GumboNode *n = c->doc->elems[a];
        if (sb_tag(n) != GUMBO_TAG_A)
            continue;
        const char *rel = sb_attr(n, "rel");
        char low[128];
        snprintf(low, sizeof low, " %s ", rel ? rel : "");
        for (char *p = low; *p; p++)
            *p = isspace((unsigned char)*p) ? ' ' : (char)tolower((unsigned char)*p);
        const char *href = sb_attr(n, "href");
        return strstr(low, " home ") || (href && front_page_href(href));
    }
    return false;
}

/* A teaser card for another page: the picture is a link (within
 * CARD_LINK_LEVELS of it) to a page that a title beside it also links to,
 * a link of CARD_TITLE_MIN bytes or more of text inside the card (the
 * nearest ancestors, up to CONTEXT_LEVELS, holding at most
 * CARD_TEXT_MAX bytes of text), and that title is not this story's
 * headline (a post page links its own picture and title to itself).  A
 * link to an image file (the full-size picture), to the picture's own URL
 * (a full-size view without an image file name) or to the page's own
 * address makes no card. */
#define CARD_LINK_LEVELS 3
#define CARD_TITLE_MIN 20u
#define CARD_TEXT_MAX 1000u
#define CARD_HEADLINE_SIM 0.5

/* The URLs name one page: equal without scheme, fragment and a trailing
 * slash. */
static bool same_page(const char *a, const char *b)
{
    if (!a || !b)
        return false;
    const char *pa = strstr(a, "//"), *pb = strstr(b, "//");
    pa = pa ? pa + 2 : a;
    pb = pb ? pb + 2 : b;
    size_t na = strcspn(pa, "#"), nb = strcspn(pb, "#");
    if (na && pa[na - 1] == '/')
        na--;
    if (nb && pb[nb - 1] == '/')
        nb--;
    return na == nb && strncasecmp(pa, pb, na) == 0;
}

/* The picture's link leads to no other page: to the picture itself (a
 * full-size view: the same picture, whatever its file name says) or to the
 * page's own address (the page's URL, its canonical link). */
static bool links_to_self(const scan *s, const char *href, const char *img_url)
{
    char *abs = sb_url_resolve(s->base, href);
    if (!abs)
        return false;
    bool self = sb_same_picture(abs, img_url) || same_page(abs, s->c->in->base_url) ||
                (s->meta && same_page(abs, s->meta->canonical_url));
    free(abs);
    return self;
}

static bool teaser_card(const scan *s, int e, const char *img_url)
{
    const sb_story_ctx *c = s->c;
    const char *headline = s->headline;
    int link = -1;
    for (int a = e, up = 0; a >= 0 && up <= CARD_LINK_LEVELS && link < 0;
         a = c->info[a].parent, up++)
        if (sb_tag(c->doc->elems[a]) == GUMBO_TAG_A)
            link = a;
    const char *href = link >= 0 ? sb_attr(c->doc->elems[link], "href") : NULL;
    if (!href || !*href || *href == '#' || sb_image_file_url(href) ||
        links_to_self(s, href, img_url))
        return false;
    int level = 0;
    for (int a = c->info[link].parent; a >= 0 && a != c->body && level < CONTEXT_LEVELS;
         a = c->info[a].parent, level++) {
        if (c->info[a].text > CARD_TEXT_MAX)
            break;
        int depth = c->info[a].depth;
        for (size_t i = (size_t)a + 1; i < c->doc->n_elems && c->info[i].depth > depth; i++) {
            const GumboNode *n = c->doc->elems[i];
            if (sb_tag(n) != GUMBO_TAG_A || sb_elem_within(c, (int)i, link))
                continue;
            const char *other = sb_attr(n, "href");
            if (!other || strcmp(other, href) != 0)
                continue;
            /* The link's own text (info[].text counts it for its block). */
            sb_buf b = SB_BUF_INIT;
            sb_node_text(n, &b, false);
            const char *title = b.data ? sb_text_trim(b.data) : "";
            bool card = strlen(title) >= CARD_TITLE_MIN &&
                        !(headline && sb_white_str(title, headline) >= CARD_HEADLINE_SIM);
            sb_buf_free(&b);
            if (card)
                return true;
        }
    }
    return false;
}

/* Pages hide a lazy image until their script loads it (and show a
 * <noscript> copy instead, which our renderer does not lay out): neither
 * is hidden from a reader. */
static bool inside_noscript(const sb_story_ctx *c, int e)
{
    for (int a = e; a >= 0; a = c->info[a].parent)
        if (sb_tag(c->doc->elems[a]) == GUMBO_TAG_NOSCRIPT)
            return true;
    return false;
}

static bool has_lazy_attr(const GumboNode *n)
{
    for (int i = 0; lazy_attrs[i]; i++)
        if (sb_attr(n, lazy_attrs[i]))
            return true;
    for (int i = 0; lazy_set_attrs[i]; i++)
        if (sb_attr(n, lazy_set_attrs[i]))
            return true;
    return false;
}

/* A class list that hides or shows its element by screen width:
 * Bootstrap's "hidden-xs"/"visible-md"/"d-none d-md-block", Tailwind's
 * "hidden md:block"/"md:hidden", and the named pairs "mobile-hide" /
 * "desktop-hide".  The page shows such a picture at one width and a copy
 * of it at another (a desktop-hide <img> beside the CSS background the
 * desktop shows), so "hidden" there is not furniture. */
static bool responsive_visibility(const char *cls)
{
    if (!cls)
        return false;
    static const char *const tokens[] = {"hidden-xs", "hidden-sm", "hidden-md", "hidden-lg",
                                         "hidden-xl", "visible-xs", "visible-sm", "visible-md",
                                         "visible-lg", "sm:", "md:", "lg:", "xl:", "d-sm-",
                                         "d-md-", "d-lg-", "d-xl-", "hidden-phone",
                                         "hidden-tablet", "hidden-mobile", "mobile-hide",
                                         "hide-mobile", "desktop-hide", "hide-desktop",
                                         "hidden-desktop", NULL};
    char low[512];
    snprintf(low, sizeof low, "%s", cls);
    for (char *p = low; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    return name_has(low, tokens);
}

/* A box named for the picture it holds ("blog-item-banner-image",
 * "field-name-field-image", "entry-meta-pics"): boilerplate.c's verdict
 * on its names is about text, and the box holds no text but the picture.
 * Not when a name also says related, promotion, share, navigation,
 * sidebar, thumbnail or author, or names an ad slot. */
static bool names_other_box(const char *names)
{
    static const char *const other[] = {"related", "promo", "teaser", "social", "share",
                                        "nav", "sidebar", "thumb", "avatar", "author",
                                        "logo", "recirc", "pin", NULL};
    return name_has(names, other) || names_ad_slot(names);
}

/* Names that say the box is another story's, an ad or a dialog, whatever
 * the layout shows: related, promotion, teaser, recirculation, ad slot,
 * partners' and sponsors' boxes (their logos and ads), and a modal or
 * popup box (shown by a script, and laid out in the page's flow when its
 * stylesheet is missing). */
static bool names_other_story(const char *names)
{
    static const char *const other[] = {"related", "promo",   "teaser", "recirc", "partner",
                                        "sponsor", "modal",   "popup",  "dialog", NULL};
    return name_has(names, other) || names_ad_slot(names);
}

static bool names_picture_box(const GumboNode *n)
{
    static const char *const picture[] = {"image", "picture", "photo", "pics", "figure",
                                          "hero", "visual", "foto", "bild", NULL};
    char names[512];
    element_names(n, names, sizeof names);
    return name_has(names, picture) && !names_other_box(names);
}

/* How far above a hidden box its slider's name is read: the box a script
 * reveals ("slideshow_content") sits in the one named for the slider
 * ("slideshow_container"), or is it ("bxslider"). */
#define SLIDER_NAME_UP 2

/* The hidden box (an ancestor within CONTEXT_LEVELS, hidden by the hidden
 * attribute, aria-hidden or an inline display:none) that a slider's
 * script reveals with its first slide showing, when `e` is that first
 * slide's picture (no <img> before it in the box); else -1.  Slider
 * plugins ship their slides hidden until the script has measured them, so
 * the first slide is what the reader sees; later slides and hidden boxes
 * that are not sliders (lightbox galleries, pin-it copies) stay hidden. */
static int hidden_slider_of_first(const sb_story_ctx *c, int e)
{
    static const char *const slider[] = {"slider", "slideshow", "carousel", "swiper", "slick",
                                         NULL};
    int a = c->info[e].parent;
    for (int up = 0; a >= 0 && up < CONTEXT_LEVELS; up++, a = c->info[a].parent)
        if (c->info[a].own_noise == SB_NOISE_HIDDEN)
            break;
    if (a < 0 || c->info[a].own_noise != SB_NOISE_HIDDEN)
        return -1;
    bool named = false;
    for (int n = a, up = 0; n >= 0 && up <= SLIDER_NAME_UP && !named;
         up++, n = c->info[n].parent) {
        char names[512];
        element_names(c->doc->elems[n], names, sizeof names);
        named = name_has(names, slider);
    }
    if (!named)
        return -1;
    for (int i = a + 1; i < e; i++)
        if (sb_tag(c->doc->elems[i]) == GUMBO_TAG_IMG && sb_elem_within(c, i, a))
            return -1;
    return a;
}

/* An <aside> in the story's own header: its parent holds the headline
 * and no more than CONTEXT_TEXT_MAX bytes of text (the headline, the
 * byline and date line, the aside: an entry header, not a page holding
 * the story and a sidebar).  Themes put the post's featured picture there
 * (`<aside class="entry-thumbnail">` right under the <h1>); only a
 * picture the page names the post's own (names_post_picture) is spared
 * by it (furniture_noise). */
static bool entry_header_aside(const sb_story_ctx *c, int a, int headline_elem)
{
    if (sb_tag(c->doc->elems[a]) != GUMBO_TAG_ASIDE || headline_elem < 0)
        return false;
    int parent = c->info[a].parent;
    return parent >= 0 && parent != c->body && c->info[parent].text <= CONTEXT_TEXT_MAX &&
           sb_elem_within(c, headline_elem, parent);
}

/* The element's page-furniture verdict, as boilerplate.c marked it, except
 * that an ancestor marked for its names only, when they are responsive
 * visibility classes (and no id) or name a picture box, does not count.
 * Nor, for a picture in the lead position (`lead`), does an ancestor
 * judged by its names or as a link-heavy or thin container, unless its
 * names say promotion, related, share, navigation, author or ad slot
 * (names_other_box): boilerplate.c judges text, and the box between the
 * headline and the story's first paragraphs ("banner-headline",
 * "article-top") holds the picture the reader sees first.  The same for an
 * ancestor that holds the headline: it is the story's header.  Hidden
 * boxes and furniture tags (nav, aside, footer) still count, except a
 * furniture landmark that holds the headline itself (below). */
static sb_noise furniture_noise(const sb_story_ctx *c, int e, bool lead, bool seen_lead,
                                bool own_picture, bool share_photo, bool post_picture,
                                int headline_elem, int *marked)
{
    *marked = -1;
    if (!c->info[e].noise)
        return SB_NOISE_NONE;
    for (int a = e; a >= 0; a = c->info[a].parent) {
        sb_noise own = c->info[a].own_noise;
        if (!own)
            continue;
        if (own == SB_NOISE_HIDDEN && a != e && hidden_slider_of_first(c, e) == a)
            continue;
        /* A picture in the lead position that names itself a picture (its
         * own or its figure's class, id or alt): an ancestor's verdict on
         * names or text ("promo-header", a thin container) is about that
         * box, and the picture says what it is. */
        if (a != e && lead && own_picture &&
            (own == SB_NOISE_TOKENS || own == SB_NOISE_CONTAINER || own == SB_NOISE_BYLINE))
            continue;
        const GumboNode *n = c->doc->elems[a];
        const char *id = sb_attr(n, "id");
        /* The image's own names too: boilerplate.c reads the token "ads"
         * in "block-image-ads hero-image" on the <img> itself as it would
         * on a box; image_rules judges a picture's names (the compound
         * rule) in reject_reason. */
        if (own == SB_NOISE_TOKENS &&
            (((!id || !*id) && responsive_visibility(sb_attr(n, "class"))) ||
             names_picture_box(n)))
            continue;
        /* A photograph whose own class names it for sharing ("img-share":
         * the site's pin-it or share overlay offers that picture to social
         * networks) is the picture shared, not a share button: a button's
         * icon is a drawing, small, or named for its network or as an icon
         * (the file, size and name rules of reject_reason).  Only the
         * element's own names: a share box around a picture still rejects
         * it. */
        if (a == e && own == SB_NOISE_TOKENS && share_photo)
            continue;
        if (a != e && (own == SB_NOISE_TOKENS || own == SB_NOISE_CONTAINER) &&
            (lead || seen_lead || (headline_elem >= 0 && sb_elem_within(c, headline_elem, a)))) {
            char names[512];
            element_names(n, names, sizeof names);
            if (seen_lead ? !names_other_story(names) : !names_other_box(names))
                continue;
        }
        /* A landmark (role=banner, a furniture tag) that holds the story's
         * headline wraps the story, not only the site's furniture: a site
         * header left unclosed runs on over the whole page.  Its verdict
         * says nothing of a picture in the lead position under that
         * headline. */
        if (a != e && own == SB_NOISE_TAG && (lead || seen_lead) && headline_elem >= 0 &&
            sb_elem_within(c, headline_elem, a) && headline_elem < e)
            continue;
        /* The site's banner landmark (role=banner) around a picture the
         * page names the post's own (names_post_picture: WordPress's
         * "wp-post-image", itemprop image): themes that show each post's
         * featured picture as the header picture (Twenty Eleven) put it
         * in the banner and say so on the picture; the site's own header
         * picture is named for the header or not at all.  The other
         * rules (the page's header before the headline, sizes, names,
         * URL) still judge it. */
        if (a != e && own == SB_NOISE_TAG && post_picture) {
            const char *role = sb_attr(n, "role");
            if (role && strcmp(role, "banner") == 0)
                continue;
            if (entry_header_aside(c, a, headline_elem)) {
                if (c->explain)
                    fprintf(c->explain,
                            "image e%d is the post's own picture in an <aside> of the story's "
                            "header (e%d): the aside is no furniture\n",
                            e, a);
                continue;
            }
        }
        *marked = a;
        return own;
    }
    return SB_NOISE_NONE;
}

/* A row of ICON_ROW_MIN or more sibling links that each hold only an
 * image (language flags, share buttons): the image `e` is in one, as the
 * link's only element and without text beside it.  A link that also holds
 * a caption (the picture's text, a line break, a credit) is a captioned
 * picture linked to its full size, whatever icon links stand beside it
 * (a press release's photo right under the headline, in the same box as
 * the language flags). */
#define ICON_ROW_MIN 3

/* The link `a` holds one <img> and no other element; with `no_text`, no
 * text either. */
static bool icon_link(const GumboNode *a, bool no_text)
{
    const GumboVector *in = &a->v.element.children;
    int images = 0, others = 0;
    for (unsigned j = 0; j < in->length; j++) {
        const GumboNode *k = in->data[j];
        if (sb_tag(k) == GUMBO_TAG_IMG)
            images++;
        else if (sb_is_element(k))
            others++;
        else if (no_text && k->type == GUMBO_NODE_TEXT)
            others++;
    }
    return images == 1 && others == 0;
}

static bool in_icon_row(const sb_story_ctx *c, int e)
{
    int link = c->info[e].parent;
    if (link < 0 || sb_tag(c->doc->elems[link]) != GUMBO_TAG_A ||
        !icon_link(c->doc->elems[link], true))
        return false;
    const GumboNode *row = c->doc->elems[link]->parent;
    if (!row || !sb_is_element(row))
        return false;
    int linked_images = 0;
    const GumboVector *kids = &row->v.element.children;
    for (unsigned i = 0; i < kids->length; i++) {
        const GumboNode *a = kids->data[i];
        if (sb_tag(a) == GUMBO_TAG_A)
            linked_images += icon_link(a, false);
    }
    return linked_images >= ICON_ROW_MIN;
}

/* A row of repeated symbols: a box within SYMBOL_ROW_UP levels above the
 * image, with no text of its own, that holds SYMBOL_ROW_MIN or more images
 * drawn from SYMBOL_FILES_MAX picture files or fewer (rating stars: three
 * filled and two empty; bullets, dividers).  A picture set apart is shown
 * once; a gallery's row shows different pictures.  The images' URLs are
 * the ones the loader fills (image_url), so a row of lazy pictures sharing
 * one placeholder src is not taken for symbols, and a <noscript> copy is
 * not counted (a screenshot, its noscript twin and a counting pixel in one
 * paragraph are one picture shown).  Only for a drawing's file
 * (not a photograph's: JPEG, WebP, AVIF), so a photo's copies for desktop,
 * mobile and noscript in one box are never symbols. */
#define SYMBOL_ROW_UP 3
#define SYMBOL_ROW_MIN 3
#define SYMBOL_FILES_MAX 2
#define SYMBOL_ROW_SCAN 64 /* images read per box at most */

typedef struct {
    char *files[SYMBOL_FILES_MAX];
    int nfiles, images;
    bool many; /* more files than SYMBOL_FILES_MAX, or too many images */
} symbol_count;

static void count_symbols(const GumboNode *n, symbol_count *sc)
{
    if (sc->many || !sb_is_element(n))
        return;
    if (sb_tag(n) == GUMBO_TAG_IMG) {
        if (++sc->images > SYMBOL_ROW_SCAN) {
            sc->many = true;
            return;
        }
        const char *sup;
        int w = 0;
        char *u = image_url(n, &sup, &w);
        if (!u) {
            sc->many = true; /* an image without a URL: not a symbol row */
            return;
        }
        for (int i = 0; i < sc->nfiles; i++)
            if (strcmp(sc->files[i], u) == 0) {
                free(u);
                return;
            }
        if (sc->nfiles == SYMBOL_FILES_MAX) {
            free(u);
            sc->many = true;
            return;
        }
        sc->files[sc->nfiles++] = u;
        return;
    }
    /* A <noscript> copy is the same image for readers without scripts,
     * not another one shown. */
    if (sb_tag(n) == GUMBO_TAG_NOSCRIPT)
        return;
    const GumboVector *kids = &n->v.element.children;
    for (unsigned i = 0; i < kids->length && !sc->many; i++)
        count_symbols(kids->data[i], sc);
}

static bool photo_file(const char *url);

static bool in_symbol_row(const sb_story_ctx *c, int e, const char *url)
{
    if (photo_file(url))
        return false;
    int a = c->info[e].parent;
    for (int up = 0; a >= 0 && up < SYMBOL_ROW_UP; up++, a = c->info[a].parent) {
        if (c->info[a].text > 0)
            return false;
        symbol_count sc = {{NULL}, 0, 0, false};
        count_symbols(c->doc->elems[a], &sc);
        /* Two files that are one picture's renditions are that picture's
         * copies for different screens, not two symbols. */
        bool row = !sc.many && sc.images >= SYMBOL_ROW_MIN &&
                   !(sc.nfiles == 2 && sb_same_picture(sc.files[0], sc.files[1]));
        for (int i = 0; i < sc.nfiles; i++)
            free(sc.files[i]);
        if (row)
            return true;
    }
    return false;
}

/* An icon in a heading's line of text: the image stands inside a heading
 * (h1-h6, the image itself or a link or span around it within
 * HEADING_ICON_UP levels of it) that has HEADING_ICON_TEXT_MIN bytes or
 * more of text of its own beside it ("#1 Comment by [flag] Naru-chan", a
 * section title with a symbol).  A picture set apart stands in its own
 * block, not in the middle of a heading's words.  Only for an image whose
 * size the markup does not state (reject_reason: the render gives it the
 * default box, and that box alone made it a candidate), offered in no
 * other rendition (no srcset, no <picture>) and not a photograph's file:
 * a story's picture set inside a subheading's markup (measured: a
 * 627 px photograph with a srcset inside an <h2>) stays a picture. */
#define HEADING_ICON_UP 2
#define HEADING_ICON_TEXT_MIN 3u

static bool in_picture(const GumboNode *img);

static bool in_heading_line(const sb_story_ctx *c, int e, const char *url)
{
    const GumboNode *img = c->doc->elems[e];
    if (photo_file(url) || sb_attr(img, "srcset") || in_picture(img))
        return false;
    int a = c->info[e].parent;
    for (int up = 0; a >= 0 && up < HEADING_ICON_UP; up++, a = c->info[a].parent) {
        GumboTag t = sb_tag(c->doc->elems[a]);
        if (sb_heading_tag(t))
            return c->info[a].text >= HEADING_ICON_TEXT_MIN;
        if (t != GUMBO_TAG_A && t != GUMBO_TAG_SPAN)
            return false;
    }
    return false;
}

/* A picture shown at a tenth of the story's column wide or less, with a
 * line of text beside it in the same small box (its link or span, within
 * BESIDE_TEXT_UP levels): an emblem or a tile beside its label (a team's
 * crest beside the team's name, a person's face beside their name), not
 * a lead a reader sees over the story.  The column is the width the page
 * is laid out at (SB_DEFAULT_WIDTH, 1280 px: a tenth is 128 px), the same
 * for both methods (the headline's box is no measure of the column: a
 * headline set in a breadcrumb's item is a third of the page wide).  Only
 * a known width (box or markup); the label is BESIDE_TEXT_MIN bytes or
 * more of the box's own text (not blanks), and the box holds no other
 * picture (a list of such tiles is judged one by one). */
#define BESIDE_TEXT_UP 2
#define BESIDE_TEXT_MIN 3u
#define BESIDE_COLUMN_FRACTION 10

static bool small_beside_text(const sb_story_ctx *c, const candidate *k, int e)
{
    /* The width: the shown one, or the markup's when it states both sides
     * and a narrower one (the render, which fetches no image, can widen a
     * stated 105x105 to its default 2:1 aspect: 210x105). */
    const GumboNode *img = c->doc->elems[e];
    const char *wa = sb_attr(img, "width");
    if (wa && strchr(wa, '%'))
        return false; /* "100%": a share of its box, no width */
    int w = k->width, mw = 0, mh = 0;
    markup_size(img, &mw, &mh);
    if (mw > 0 && mh > 0 && (w <= 0 || mw < w))
        w = mw;
    if (w <= 0)
        return false;
    if (w * BESIDE_COLUMN_FRACTION > SB_DEFAULT_WIDTH)
        return false;
    int a = c->info[e].parent;
    for (int up = 0; a >= 0 && up < BESIDE_TEXT_UP; up++, a = c->info[a].parent) {
        GumboTag t = sb_tag(c->doc->elems[a]);
        if (t != GUMBO_TAG_A && t != GUMBO_TAG_SPAN)
            return false;
        if (c->info[a].n_img != 1)
            return false;
        /* The box's own words (info's text counts only what a block
         * owns; a link or span's words are read here). */
        char *t_own = element_text(c->doc->elems[a]);
        size_t words = 0;
        for (const char *q = t_own; q && *q; q++)
            words += !isspace((unsigned char)*q);
        free(t_own);
        if (words >= BESIDE_TEXT_MIN)
            return true;
    }
    return false;
}

/* A class the common CSS frameworks define as display:none whatever the
 * screen's width: Bootstrap 3's and Tailwind's "hidden" (Tailwind's
 * important form "!hidden"), Bootstrap 4's "d-none", Foundation's and
 * Bootstrap 2's "hide", Bulma's "is-hidden".  A box so classed is shown
 * only when a script takes the class off (a popup, an "update your
 * browser" banner, a menu's panel): on a page saved without its
 * stylesheet the render lays it out in the flow, but a reader does not
 * see it.  Whole class tokens only; a class list that also shows the box
 * at some width (responsive_visibility: "d-none d-md-block", "hidden
 * md:block") is not hidden. */
static bool hiding_class(const GumboNode *n)
{
    const char *cls = sb_attr(n, "class");
    if (!cls || responsive_visibility(cls))
        return false;
    static const char *const hide[] = {"hidden", "!hidden", "d-none", "hide", "is-hidden", NULL};
    const char *p = cls;
    while (*p) {
        while (*p && isspace((unsigned char)*p))
            p++;
        size_t len = 0;
        while (p[len] && !isspace((unsigned char)p[len]))
            len++;
        for (int i = 0; len && hide[i]; i++)
            if (strlen(hide[i]) == len && strncasecmp(p, hide[i], len) == 0)
                return true;
        p += len;
    }
    return false;
}

/* The nearest ancestor of image `e` that hides it by a framework's
 * hiding class (hiding_class), or -1.  The first slide of a slider its
 * script reveals is shown (hidden_slider_of_first). */
static int hidden_by_class(const sb_story_ctx *c, int e)
{
    for (int a = c->info[e].parent; a >= 0 && a != c->body; a = c->info[a].parent)
        if (hiding_class(c->doc->elems[a]))
            return hidden_slider_of_first(c, e) == a ? -1 : a;
    return -1;
}

static bool marked_article_image(const GumboNode *node);

/* The picture's own class or id names it the post's (a name token
 * "post", "entry", "article", "story", "featured" or "attachment":
 * WordPress's "wp-post-image" and "attachment-...-thumbnail", "entry-image",
 * "featured-image"), or the page marks it as the article's image
 * (marked_article_image): a theme that shows each post's own picture in
 * the site's header says so on the picture, while the site's header
 * picture is named for the header ("header-img") or not at all. */
static bool names_post_picture(const GumboNode *img)
{
    if (marked_article_image(img))
        return true;
    static const char *const post[] = {"post",     "entry",      "article", "story",
                                       "featured", "attachment", NULL};
    const char *attrs[] = {sb_attr(img, "class"), sb_attr(img, "id")};
    for (int a = 0; a < 2; a++) {
        for (const char *p = attrs[a]; p && *p;) {
            while (*p && !isalnum((unsigned char)*p))
                p++;
            size_t len = 0;
            while (isalnum((unsigned char)p[len]))
                len++;
            for (int i = 0; len && post[i]; i++)
                if (strlen(post[i]) == len && strncasecmp(p, post[i], len) == 0)
                    return true;
            p += len;
        }
    }
    return false;
}

/* The page's own header: a <header> element with no article, section,
 * aside, main or nav around it (HTML's banner landmark, as role=banner
 * says it), that stands before the story's headline and does not hold it.
 * The site shows it on every page (its logo, menu and the theme's header
 * picture), above the story: a picture inside it is no lead.  A header
 * that holds the headline is the story's own (or a site header left
 * unclosed over the page), and is not judged here; without a headline
 * nothing is told. */
static int page_header_of(const sb_story_ctx *c, int e, int headline)
{
    if (headline < 0 || names_post_picture(c->doc->elems[e]))
        return -1;
    for (int a = c->info[e].parent; a >= 0 && a != c->body; a = c->info[a].parent) {
        GumboTag t = sb_tag(c->doc->elems[a]);
        if (t == GUMBO_TAG_ARTICLE || t == GUMBO_TAG_SECTION || t == GUMBO_TAG_ASIDE ||
            t == GUMBO_TAG_MAIN || t == GUMBO_TAG_NAV)
            return -1;
        if (t != GUMBO_TAG_HEADER)
            continue;
        if (a > headline || sb_elem_within(c, headline, a))
            return -1;
        for (int u = c->info[a].parent; u >= 0 && u != c->body; u = c->info[u].parent) {
            GumboTag ut = sb_tag(c->doc->elems[u]);
            if (ut == GUMBO_TAG_ARTICLE || ut == GUMBO_TAG_SECTION || ut == GUMBO_TAG_ASIDE ||
                ut == GUMBO_TAG_MAIN || ut == GUMBO_TAG_NAV)
                return -1;
        }
        return a;
    }
    return -1;
}

/* A carousel or strip of promotions: the image is the only content of a
 * link, and that link
 * (or the list item or box that holds only it) stands among
 * PROMO_ROW_MIN or more siblings of its tag that each hold a text-free
 * picture link to another page (the image's own link may lead anywhere:
 * one slide of such a row links its flyer's file).  Slides that promote
 * other pages (campaigns, appeals, sections) a reader clicks through; a
 * gallery's thumbnails link to their picture files, and a story's own
 * picture is not one of a row of links.  The row must be named as a
 * slider (below). */
#define PROMO_ROW_MIN 3

/* The element's single <a> holding only an <img> (through one <picture>
 * at most) and no text, or -1. */
static int lone_picture_link(const sb_story_ctx *c, int unit)
{
    if (c->info[unit].text > 0 || c->info[unit].n_img != 1)
        return -1;
    int depth = c->info[unit].depth;
    int link = -1;
    for (size_t i = (size_t)unit; i < c->doc->n_elems && (i == (size_t)unit || c->info[i].depth > depth);
         i++) {
        if (sb_tag(c->doc->elems[i]) != GUMBO_TAG_A)
            continue;
        if (link >= 0)
            return -1;
        link = (int)i;
    }
    return link;
}

/* A link whose only content is one image and no text: the image's
 * parent <a>, or -1. */
static int lone_image_link(const sb_story_ctx *c, int img)
{
    int a = c->info[img].parent;
    if (a < 0 || sb_tag(c->doc->elems[a]) != GUMBO_TAG_A || c->info[a].text > 0 ||
        c->info[a].n_img != 1)
        return -1;
    const char *href = sb_attr(c->doc->elems[a], "href");
    return href && *href && *href != '#' && !sb_image_file_url(href) ? a : -1;
}

/* A button: the same picture (the same URL) is the only content of links
 * to two different pages (a "watch the video" marker beside each
 * exercise, a "download" arrow).  A story's picture is shown once, or
 * linked to its own file or to one page; a marker repeated as the link to
 * several pages is what a reader clicks, not what the story shows.  Links
 * to image files (full-size views) do not count. */
static bool repeated_button(const scan *s, int e, const char *url)
{
    const sb_story_ctx *c = s->c;
    int link = lone_image_link(c, e);
    if (link < 0)
        return false;
    const char *href = sb_attr(c->doc->elems[link], "href");
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        if ((int)i == e || sb_tag(c->doc->elems[i]) != GUMBO_TAG_IMG)
            continue;
        int other = lone_image_link(c, (int)i);
        if (other < 0 || strcmp(sb_attr(c->doc->elems[other], "href"), href) == 0)
            continue;
        const char *u = memo_image_url(s, (int)i);
        const char *file = u ? strrchr(u, '/') : NULL;
        /* Resolved only when its file name is the candidate's. */
        char *abs = u && strstr(url, file ? file : u) ? sb_url_resolve(s->base, u) : NULL;
        bool same = abs && strcmp(abs, url) == 0;
        free(abs);
        if (same)
            return true;
    }
    return false;
}

static bool in_promo_carousel(const scan *s, int e)
{
    const sb_story_ctx *c = s->c;
    int link = -1;
    for (int a = c->info[e].parent, up = 0; a >= 0 && up < 2 && link < 0; a = c->info[a].parent, up++)
        if (sb_tag(c->doc->elems[a]) == GUMBO_TAG_A)
            link = a;
    if (link < 0 || lone_picture_link(c, link) != link)
        return false;
    int unit = link;
    int up = c->info[link].parent;
    if (up >= 0 && up != c->body && lone_picture_link(c, up) == link)
        unit = up;
    const GumboNode *row = c->doc->elems[unit]->parent;
    if (!row || !sb_is_element(row))
        return false;
    /* The row is named as a slider (itself or a box around it, up to
     * SLIDER_NAME_UP): a post's own pictures, each linked to its
     * attachment page in a paragraph of its own, make a row as well. */
    static const char *const slider[] = {"slider", "slideshow", "carousel", "swiper", "slick",
                                         "slides", NULL};
    bool named = false;
    for (int n = sb_doc_id(c->doc, row), lvl = 0; n >= 0 && lvl <= SLIDER_NAME_UP && !named;
         lvl++, n = c->info[n].parent) {
        char names[512];
        element_names(c->doc->elems[n], names, sizeof names);
        named = name_has(names, slider);
    }
    if (!named)
        return false;
    GumboTag tag = sb_tag(c->doc->elems[unit]);
    int linked = 0;
    const GumboVector *kids = &row->v.element.children;
    for (unsigned i = 0; i < kids->length && linked < PROMO_ROW_MIN; i++) {
        const GumboNode *k = kids->data[i];
        if (sb_tag(k) != tag)
            continue;
        int id = sb_doc_id(c->doc, k);
        int l = id >= 0 ? lone_picture_link(c, id) : -1;
        const char *h = l >= 0 ? sb_attr(c->doc->elems[l], "href") : NULL;
        linked += h && *h && *h != '#' && !sb_image_file_url(h);
    }
    return linked >= PROMO_ROW_MIN;
}

static int word_count(const char *s)
{
    int n = 0;
    for (bool in_word = false; *s; s++) {
        bool space = isspace((unsigned char)*s) != 0;
        n += !space && !in_word;
        in_word = !space;
    }
    return n;
}

/* The alt as a label of the image's role, into out: ALT_LABEL_WORDS
 * words or fewer, shorter than ALT_LABEL_MAX bytes ("Logo", "Author
 * photo", "BD_Logo"); a longer alt describes the picture and may use any
 * word ("Getting LEAN with Digital Ad UX").  A credit after a copyright
 * sign is not part of the label: content systems write the upload's name
 * and its rights holder ("Logo_Sustainable_Award © Springer GmbH"). */
#define ALT_LABEL_MAX 40

static bool alt_label(const char *alt, char *out, size_t cap)
{
    const char *copy = strstr(alt, "\xc2\xa9"); /* U+00A9, the copyright sign */
    size_t n = copy ? (size_t)(copy - alt) : strlen(alt);
    while (n && isspace((unsigned char)alt[n - 1]))
        n--;
    if (!n || n >= cap)
        return false;
    memcpy(out, alt, n);
    out[n] = '\0';
    return word_count(out) <= ALT_LABEL_WORDS;
}

/* sb_image_signup_promo for a candidate: its file's name, and the alt
 * label of an <img> (`node`, NULL for a background). */
static const char *signup_promo(const candidate *k, const GumboNode *node)
{
    const char *alt = node ? sb_attr(node, "alt") : NULL;
    char label[ALT_LABEL_MAX];
    bool labelled = alt && alt_label(alt, label, sizeof label);
    return sb_image_signup_promo(k->url, labelled ? label : NULL);
}

/* How many levels above the image its article-image markup is read: the
 * image, its <picture>, and the figure or box around them. */
#define MARKED_IMAGE_UP 2

/* The page marks the picture as the article's own: schema.org microdata
 * itemprop="image" (the Article's image property) on the image, its
 * <picture> or the box around them, or a data-hero attribute on the
 * image.  A name an ancestor carries ("story-promo", "...__sharing") is
 * then about the box, not about this picture. */
static bool itemprop_image(const char *prop)
{
    /* itemprop holds space-separated property names ("image thumbnailUrl"). */
    for (const char *p = prop; p && *p;) {
        size_t skip = strspn(p, " \t\n\r\f");
        size_t len = strcspn(p + skip, " \t\n\r\f");
        p += skip;
        if (len == 5 && tolower((unsigned char)p[0]) == 'i' && strncmp(p + 1, "mage", 4) == 0)
            return true;
        p += len;
    }
    return false;
}

static bool marked_article_image(const GumboNode *node)
{
    if (sb_attr(node, "data-hero"))
        return true;
    for (int up = 0; node && sb_is_element(node) && up <= MARKED_IMAGE_UP;
         up++, node = node->parent) {
        if (itemprop_image(sb_attr(node, "itemprop")))
            return true;
    }
    return false;
}

/* The image's own names (class, id and alt of the image, class and id of
 * its <figure>) say it is a picture, or the page marks it as the
 * article's image (marked_article_image). */
static bool own_names_picture(const GumboNode *node)
{
    if (marked_article_image(node))
        return true;
    char names[512];
    element_names(node, names, sizeof names);
    const char *alt = sb_attr(node, "alt");
    size_t used = strlen(names);
    snprintf(names + used, sizeof names - used, " %s", alt ? alt : "");
    for (char *p = names; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    if (sb_image_picture_name(names))
        return true;
    const GumboNode *fig = enclosing_figure(node);
    if (!fig)
        return false;
    element_names(fig, names, sizeof names);
    return sb_image_picture_name(names);
}

/* The image `e` is the first image after the headline (from `from`) that
 * the page marks as the article's image.  Such a picture counts as in the
 * lead position for the names of the boxes around it even where no lead
 * zone was found (a paywalled story's few paragraphs) or it sits below it:
 * the page says which picture is the article's; later marked pictures
 * (related stories' teasers carry the same microdata) do not. */
static bool first_marked_image(const sb_story_ctx *c, int from, int e)
{
    if (from < 0 || from > e || !marked_article_image(c->doc->elems[e]))
        return false;
    for (int i = from; i < e; i++)
        if (sb_tag(c->doc->elems[i]) == GUMBO_TAG_IMG && marked_article_image(c->doc->elems[i]))
            return false;
    return true;
}

/* `url` is a rendition of one of the page's declared images
 * (sb_same_picture), with the declared images' picture keys made once per
 * scan (s->meta_keys) and url's once per call: the rule is asked many
 * times per candidate, and keying both URLs again for every pair was most
 * of its cost. */
static bool declared_rendition(const scan *s, const char *url)
{
    const sb_meta *meta = s->meta;
    if (!meta || !url || !meta->n_images)
        return false;
    char *key = sb_picture_key(url);
    bool same = false;
    for (size_t m = 0; m < meta->n_images && !same; m++)
        same = sb_same_picture_keyed(url, key, meta->images[m], s->meta_keys[m]);
    free(key);
    return same;
}

static const char *declared_picture(const sb_meta *meta);

/* `url` is a rendition of the page's declared picture (declared_picture:
 * the first declared image that is a picture). */
static bool is_declared_picture(const sb_meta *meta, const char *url)
{
    const char *pic = declared_picture(meta);
    return pic && url && sb_same_picture(url, pic);
}

/* The picture is labelled with the site's name (its alt or title equal to
 * og:site_name, ignoring case and outer blanks): the site's own header
 * picture or logo, shown on every page, not the story's.  A rendition of
 * the declared image is spared (the page names it as the story's). */
static bool labelled_site_name(const GumboNode *img, const sb_meta *meta)
{
    if (!meta || !meta->site_name || !*meta->site_name)
        return false;
    const char *labels[] = {sb_attr(img, "alt"), sb_attr(img, "title")};
    for (int i = 0; i < 2; i++) {
        if (!labels[i])
            continue;
        char *a = sb_text_trim(sb_xstrdup(labels[i]));
        char *b = sb_text_trim(sb_xstrdup(meta->site_name));
        bool same = *a && strcasecmp(a, b) == 0;
        free(a);
        free(b);
        if (same)
            return true;
    }
    return false;
}

/* The picture is labelled with the name of the page's host: its alt,
 * letters only and lower-cased, is the host's name ("topagrar" of
 * www.topagrar.com: the label before the top-level domain, and before a
 * second-level one of 3 letters or fewer as in .co.uk) followed by at most
 * HOST_LABEL_EXTRA more letters ("top agrar plus", "Spiegel Online"): the
 * site's logo, or the badge of its premium offer beside a kicker.  A
 * host's name of fewer than HOST_LABEL_MIN letters is not read (short
 * names are words of their own).  A story's picture of the company
 * describes the scene ("Spiegel building in Hamburg"), longer.  Only an
 * image the markup gives no size (no width or height attribute: sized by
 * the site's stylesheet, as its design's badges and logos are): a picture
 * an editor placed in a post carries the size the editor chose, and a
 * blog about its own podcast shows the podcast's cover named for the site
 * ("ohneQ_home", 265x265, the post's picture; measured: the one page the
 * rule lost without this condition). */
#define HOST_LABEL_MIN 5
#define HOST_LABEL_EXTRA 6

static bool host_label(const char *url, char *out, size_t cap)
{
    const char *h = url ? strstr(url, "://") : NULL;
    if (!h)
        return false;
    h += 3;
    size_t n = strcspn(h, "/:?#");
    const char *dots[8];
    int nd = 0;
    for (size_t i = 0; i < n; i++)
        if (h[i] == '.' && nd < 8)
            dots[nd++] = h + i;
    if (nd < 1)
        return false;
    /* The label before the last dot; before a short second level one
     * more to the left. */
    const char *end = dots[nd - 1];
    int k = nd - 1;
    const char *start = k > 0 ? dots[k - 1] + 1 : h;
    if (end - start <= 3 && k > 0) {
        end = dots[k - 1];
        start = k > 1 ? dots[k - 2] + 1 : h;
    }
    size_t w = 0;
    for (const char *p = start; p < end && w + 1 < cap; p++)
        if (isalnum((unsigned char)*p))
            out[w++] = (char)tolower((unsigned char)*p);
    out[w] = '\0';
    return w >= HOST_LABEL_MIN;
}

static bool alt_names_host(const GumboNode *img, const char *page_url)
{
    const char *alt = sb_attr(img, "alt");
    char host[64], letters[ALT_LABEL_MAX];
    if (!alt || strlen(alt) >= ALT_LABEL_MAX || sb_attr(img, "width") || sb_attr(img, "height") ||
        !host_label(page_url, host, sizeof host))
        return false;
    size_t w = 0;
    for (const char *p = alt; *p && w + 1 < sizeof letters; p++)
        if (isalnum((unsigned char)*p))
            letters[w++] = (char)tolower((unsigned char)*p);
    letters[w] = '\0';
    size_t hn = strlen(host);
    return w >= hn && w - hn <= HOST_LABEL_EXTRA && strncmp(letters, host, hn) == 0;
}

/* The layout shows the picture as the story's lead: its box stands right
 * under the headline's (its top at most LAYOUT_LEAD_BELOW_PX below the
 * headline's bottom: a byline or a standfirst may stand between) or right
 * above it (its bottom at most HEADER_GAP_PX above the headline's top),
 * across the headline's width (the two overlap across), and it is a
 * picture: its box is AREA_FULL or more, or the render could not size it
 * (no box of its own size: the default box, or a collapsed one) and the URL
 * names a photograph's file.  The names of the boxes around such a picture
 * ("...-sidebar" on a header media box, "social" on a box holding it) say
 * less than where a reader sees it; only names saying another story or an
 * ad (names_other_story) still reject it (reject_reason). */
#define LAYOUT_LEAD_BELOW_PX 300
#define HEADER_GAP_PX 200

static bool layout_lead(const scan *s, const candidate *k, int box_elem)
{
    const sb_story_ctx *c = s->c;
    if (!k->has_box || s->headline_elem < 0 || box_elem < 0)
        return false;
    const sb_elem_render *h = box_of(c, s->headline_elem);
    if (!h || h->rect.w <= 0 || h->rect.h <= 0)
        return false;
    const sb_rect *b = &k->box;
    bool across = b->x < h->rect.x + h->rect.w && h->rect.x < b->x + b->w;
    int h_bottom = h->rect.y + h->rect.h;
    bool below = b->y >= h_bottom && b->y - h_bottom <= LAYOUT_LEAD_BELOW_PX;
    bool above = b->y + b->h <= h->rect.y && h->rect.y - (b->y + b->h) <= HEADER_GAP_PX;
    if (!across || !(below || above))
        return false;
    /* A box around it named for another story, an ad, partners or a
     * dialog (up to CONTEXT_LEVELS, below story-sized text) is no lead,
     * whatever its place: a partners' logo strip beside the headline. */
    int level = 0;
    for (int a = c->info[k->anchor].parent; a >= 0 && a != c->body && level < CONTEXT_LEVELS &&
                                            c->info[a].text <= CONTEXT_TEXT_MAX;
         a = c->info[a].parent, level++) {
        char names[512];
        element_names(c->doc->elems[a], names, sizeof names);
        if (names_other_story(names))
            return false;
    }
    bool sized = k->width > 0 && k->height > 0 && (k->width != b->w || k->height != b->h ||
                                                  !(b->w == RENDER_DEFAULT_W && b->h == RENDER_DEFAULT_H));
    if (sized)
        return (double)k->width * k->height >= AREA_FULL;
    return photo_file(k->url);
}

static const char HIDDEN_BY_STYLE[] = "not rendered: hidden by the page's style";
static const char HIDDEN_DECLARED[] =
    "not rendered: hidden by the page's style (a rendition of the declared picture)";

/* The file name of `u` (after the last '/', before any query), as
 * [*name, *name + *len). */
static void file_name_of(const char *u, const char **name, size_t *len)
{
    size_t end = strcspn(u, "?#");
    size_t start = end;
    while (start > 0 && u[start - 1] != '/')
        start--;
    *name = u + start;
    *len = end - start;
}

/* A picture the site's navigation names for a section: its file name
 * (MENU_FILE_MIN bytes or more, without the query, any case) is the value
 * of an attribute other than href of a link inside a <nav> or a
 * role=navigation box (a mega menu's `img="Deer_1920.jpg"`, `data-image=`:
 * the picture the menu shows beside that section's name).  The same file
 * shown at the top of a story is that section's banner, shown over every
 * page of the section, not this story's picture.  A teaser's picture in a
 * menu is an <img>, not an attribute, and is not read. */
#define MENU_FILE_MIN 8
static bool in_navigation(const sb_story_ctx *c, int e)
{
    for (int a = c->info[e].parent; a >= 0; a = c->info[a].parent) {
        const GumboNode *n = c->doc->elems[a];
        const char *role = sb_attr(n, "role");
        if (sb_tag(n) == GUMBO_TAG_NAV || (role && strcmp(role, "navigation") == 0))
            return true;
    }
    return false;
}

static void collect_menu_files(scan *s)
{
    const sb_story_ctx *c = s->c;
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        const GumboNode *n = c->doc->elems[i];
        if (sb_tag(n) != GUMBO_TAG_A)
            continue;
        const GumboVector *attrs = &n->v.element.attributes;
        bool checked = false, in_nav = false;
        for (unsigned j = 0; j < attrs->length; j++) {
            const GumboAttribute *at = attrs->data[j];
            if (strcasecmp(at->name, "href") == 0 || !at->value || !sb_image_file_url(at->value))
                continue;
            if (!checked) {
                in_nav = in_navigation(c, (int)i);
                checked = true;
            }
            if (!in_nav)
                break;
            const char *name;
            size_t len;
            file_name_of(at->value, &name, &len);
            if (len < MENU_FILE_MIN)
                continue;
            s->menu_files =
                sb_xrealloc(s->menu_files, (s->n_menu_files + 1) * sizeof *s->menu_files);
            s->menu_files[s->n_menu_files++] = sb_xstrndup(name, len);
        }
    }
}

static bool menu_names_file(const scan *s, const char *url)
{
    const char *name;
    size_t len;
    file_name_of(url, &name, &len);
    for (size_t i = 0; i < s->n_menu_files; i++)
        if (strlen(s->menu_files[i]) == len && strncasecmp(s->menu_files[i], name, len) == 0)
            return true;
    return false;
}

/* A portrait of the person the headline names (an interview, a profile:
 * "Meet Cultural Cultivation Artist Alexandria Douziech" over a 759 x 500
 * "..._Headshot_.jpg" with alt "Alexandria Douziech"): an <img> whose file
 * name says "headshot" or "mugshot" and no other word of
 * sb_image_furniture_url's list, shown wider than an avatar (more than
 * AVATAR_MAX_PX), whose alt is a name of PORTRAIT_NAME_WORDS_MIN to
 * PORTRAIT_NAME_WORDS_MAX words that the headline holds, each as a whole
 * word (any case).  The file's word says "a person's portrait"; the
 * headline says the story is about that person.  The author's own
 * headshot beside a byline is small (the avatar rules) or names the
 * author, whom the headline of a story about someone else does not name. */
#define PORTRAIT_NAME_WORDS_MIN 2
#define PORTRAIT_NAME_WORDS_MAX 4

static bool word_byte(unsigned char ch)
{
    return isalnum(ch) || ch >= 0x80;
}

/* The word [w, w+n) stands in `text` as a whole word, any ASCII case. */
static bool has_whole_word(const char *text, const char *w, size_t n)
{
    size_t len = strlen(text);
    for (size_t i = 0; i + n <= len; i++) {
        if (i > 0 && word_byte((unsigned char)text[i - 1]))
            continue;
        if (i + n < len && word_byte((unsigned char)text[i + n]))
            continue;
        if (strncasecmp(text + i, w, n) == 0)
            return true;
    }
    return false;
}

static bool headline_subject_portrait(const scan *s, const candidate *k, const GumboNode *node)
{
    const char *alt = node ? sb_attr(node, "alt") : NULL;
    if (!alt || !s->headline || k->width <= AVATAR_MAX_PX ||
        !sb_image_furniture_url_portrait_only(k->url))
        return false;
    int words = 0;
    for (const char *p = alt; *p;) {
        while (*p && !word_byte((unsigned char)*p))
            p++;
        size_t n = 0;
        while (p[n] && word_byte((unsigned char)p[n]))
            n++;
        if (n == 0)
            break;
        if (n < 2 || !has_whole_word(s->headline, p, n) || ++words > PORTRAIT_NAME_WORDS_MAX)
            return false;
        p += n;
    }
    return words >= PORTRAIT_NAME_WORDS_MIN;
}

/* The page's first <h1> and its text (scan.page_h1), for
 * titled_with_page_h1. */
static void page_h1(scan *s)
{
    const sb_story_ctx *c = s->c;
    s->page_h1_elem = -1;
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        if (sb_tag(c->doc->elems[i]) != GUMBO_TAG_H1)
            continue;
        sb_buf b = SB_BUF_INIT;
        sb_node_text(c->doc->elems[i], &b, false);
        const char *t = b.data ? sb_text_trim(b.data) : NULL;
        if (t && *t) {
            s->page_h1 = sb_xstrdup(t);
            s->page_h1_elem = (int)i;
        }
        sb_buf_free(&b);
        return;
    }
}

/* A picture titled with the page's <h1> that stands after it: its alt or
 * title is (nearly) the h1's wording (titled_with_headline's
 * HEADLINE_TITLE_SIM).  The h1 names what the page is about (an album's
 * artist and title, a product, a person), also where the story's headline
 * was found in a heading further down; the picture that carries those
 * same words is that subject's picture (the album's cover under the h1),
 * and it counts as in the lead position for the names of the boxes
 * around it (furniture_noise): a box named for sharing or buying links
 * beside the cover says what the links are, not what the cover is.
 * Teasers and covers of other pages carry their own titles. */
static bool titled_with_page_h1(const scan *s, const candidate *k, const GumboNode *node)
{
    if (!s->page_h1 || !node || k->anchor <= s->page_h1_elem ||
        !titled_with_headline(node, s->page_h1))
        return false;
    if (s->c->explain)
        fprintf(s->c->explain, "image e%d titled with the page's h1 (\"%.60s\"): in the lead "
                               "position for the names of the boxes around it\n",
                k->anchor, s->page_h1);
    return true;
}

/* A post's own picture labelled an advertisement: the file name says
 * "Anzeige", "Werbung", "advertorial" (sb_image_ad_file), but the page
 * names the <img> the post's picture (names_post_picture: WordPress's
 * "wp-post-image", "attachment-...", "featured", itemprop image) and it
 * stands in the story's header before the headline (in_story_header).  A
 * theme fills that slot with the post's own featured picture only; on a
 * sponsored post, the picture is labelled as the post is.  An ad banner
 * elsewhere on the page is not the post's picture and stays rejected. */
static const char *in_story_header(const sb_story_ctx *c, int img, int headline, int srcset_width,
                                   const char *url, const char *base);

static bool post_picture_ad_label(const scan *s, const candidate *k, bool is_background,
                                  bool post_picture)
{
    const sb_story_ctx *c = s->c;
    if (is_background || !post_picture || s->headline_elem < 0 || k->anchor >= s->headline_elem)
        return false;
    if (in_story_header(c, k->anchor, s->headline_elem, k->srcset_width, k->url, s->base))
        return false;
    if (c->explain)
        fprintf(c->explain, "image e%d labelled an ad by its file name, but named the post's own "
                            "picture in the story's header: kept\n",
                k->anchor);
    return true;
}

/* Whether candidate `k`'s top lies in the first screen (hybrid: its box
 * within FIRST_SCREEN_PX below the headline or region top). */
static bool in_first_screen(const scan *s, const candidate *k)
{
    return k->has_box && s->layout_top >= 0 && k->box.y < s->layout_top + FIRST_SCREEN_PX;
}

/* Why the candidate may not lead, or NULL.  `node` carries its class, id
 * and alt; box_elem is the element whose box shows it (-1: none). */
static const char *reject_reason(const scan *s, const candidate *k, const GumboNode *node,
                                 int box_elem, bool is_background, char *buf, size_t cap)
{
    const sb_story_ctx *c = s->c;
    int marked;
    /* The lead position as score_candidate grants it, and for a picture
     * after the headline only. */
    bool lead = s->zone_found ? k->anchor >= s->zone_start && k->anchor < s->zone_end
                              : in_first_screen(s, k) && k->box.y >= s->layout_top;
    if (!lead && !is_background)
        lead = first_marked_image(c, s->headline_elem >= 0 ? s->headline_elem : s->zone_start,
                                  k->anchor);
    bool seen_lead = layout_lead(s, k, box_elem);
    if (seen_lead && c->explain)
        fprintf(c->explain, "image e%d shown right at the headline across its width: the names of "
                            "the boxes around it count only when they say another story, an ad "
                            "or a dialog\n",
                k->anchor);
    /* A photograph's file whose <img> names furniture only by a sharing
     * word (furniture_noise). */
    bool share_photo = !is_background && photo_file(k->url) && sb_names_share_only(node);
    bool post_picture = !is_background && names_post_picture(node);
    bool h1_titled = !is_background && !lead && titled_with_page_h1(s, k, node);
    sb_noise noise = furniture_noise(c, k->anchor, lead || h1_titled, seen_lead,
                                     own_names_picture(node), share_photo, post_picture,
                                     s->headline_elem, &marked);
    if (noise) {
        const GumboNode *m = c->doc->elems[marked];
        snprintf(buf, cap, "in page furniture (%s: e%d <%s class='%.40s' id='%.30s'>)",
                 sb_noise_name(noise), marked, sb_tag_name(m),
                 sb_attr(m, "class") ? sb_attr(m, "class") : "",
                 sb_attr(m, "id") ? sb_attr(m, "id") : "");
        return buf;
    }
    /* A picture in a box the page's style fixes over the page (position:
     * fixed, from the render): a popup, a cookie or app banner, a sticky
     * bar laid over whatever the reader scrolls to, not the story's
     * picture, which scrolls with the story. */
    const sb_elem_render *fb = box_elem >= 0 ? box_of(c, box_elem) : NULL;
    if (fb && fb->fixed && !declared_rendition(s, k->url))
        return "in a box the page's style fixes over the page (position: fixed): a popup, "
               "banner or sticky bar";
    int hider = hidden_by_class(c, k->anchor);
    if (hider >= 0) {
        snprintf(buf, cap, "hidden by a framework's hiding class (e%d <%s class='%.60s'>)", hider,
                 sb_tag_name(c->doc->elems[hider]), sb_attr(c->doc->elems[hider], "class"));
        return buf;
    }
    int header = page_header_of(c, k->anchor, s->headline_elem);
    if (header >= 0 && !declared_rendition(s, k->url)) {
        snprintf(buf, cap,
                 "in the page's own header (e%d <header>, outside any article or "
                 "section, before the headline): the site's banner",
                 header);
        return buf;
    }
    if (c->in->render && box_elem >= 0 && !box_of(c, box_elem) && !k->lazy &&
        !inside_noscript(c, box_elem) && hidden_slider_of_first(c, k->anchor) < 0)
        return declared_rendition(s, k->url) ? HIDDEN_DECLARED : HIDDEN_BY_STYLE;
    const char *why;
    if ((why = sb_image_placeholder(k->url)) || (why = sb_image_ad_url(k->url)))
        return why;
    if (menu_names_file(s, k->url) && !declared_rendition(s, k->url))
        return "a section's picture: the site's navigation names its file for a menu link";
    /* A photograph's file (JPEG, WebP, AVIF) the layout shows right at the
     * headline across its width is the story's picture even when its name
     * says "logo": a news picture of a brand or its logo (a site's logo is
     * a drawing, PNG, SVG or GIF, and stands in the masthead, not across
     * the story's top).  Every other word of the list still rejects. */
    if ((why = sb_image_furniture_url(k->url))) {
        bool portrait = !is_background && headline_subject_portrait(s, k, node);
        if (!portrait &&
            !(seen_lead && photo_file(k->url) && sb_image_furniture_url_logo_only(k->url)))
            return why;
        if (c->explain && portrait)
            fprintf(c->explain, "image e%d named a headshot but shown %d px wide, its alt a name "
                                "the headline holds: the story's subject, kept\n",
                    k->anchor, k->width);
        else if (c->explain)
            fprintf(c->explain, "image e%d named \"logo\" but a photograph at the headline "
                                "across its width: a picture of a logo, kept\n",
                    k->anchor);
    }
    if ((why = sb_image_ad_file(k->url)) && !declared_rendition(s, k->url) &&
        !post_picture_ad_label(s, k, is_background, post_picture))
        return why;
    if ((why = sb_image_control_file(k->url)) && !declared_rendition(s, k->url))
        return why;
    if ((why = sb_image_app_badge(k->url, is_background ? NULL : sb_attr(node, "alt"))))
        return why;
    if (!is_background && (why = sb_image_click_here_alt(sb_attr(node, "alt"))) &&
        !declared_rendition(s, k->url))
        return why;
    if ((why = signup_promo(k, is_background ? NULL : node)) &&
        !declared_rendition(s, k->url))
        return why;
    if (!is_background) {
        if ((why = sb_image_furniture_name(sb_attr(node, "class"))) ||
            (why = sb_image_furniture_name(sb_attr(node, "id"))))
            return why;
        /* A short alt is a label of the image's role (alt_label). */
        const char *alt = sb_attr(node, "alt");
        char label[ALT_LABEL_MAX];
        if (alt && alt_label(alt, label, sizeof label) && (why = sb_image_furniture_name(label)))
            return why;
        if (labelled_site_name(node, s->meta) && !declared_rendition(s, k->url))
            return "labelled with the site's name: the site's header picture or logo";
        if (alt_names_host(node, c->in->base_url) && !declared_rendition(s, k->url))
            return "its alt is the host's name: the site's logo or a badge of its offer";
    }
    if ((why = context_reason(c, k, seen_lead, is_background ? NULL : node, s->headline)))
        return why;
    /* A picture the page names the post's own (names_post_picture) is
     * not the site's logo or header picture for its link home: a theme
     * that shows the post's picture as the header picture links it home
     * as it would the header picture (Twenty Eleven). */
    if (links_front_page(c, k->anchor) && !post_picture)
        return "linked to a site's front page (site header or logo)";
    /* The page's declared picture in a card's shape (a section of the
     * page whose heading and picture link to a fuller page) is the
     * picture the publisher names for this page, not another story's
     * teaser: a related card showing the same picture would only repeat
     * it. */
    if (teaser_card(s, k->anchor, k->url)) {
        if (!is_declared_picture(s->meta, k->url))
            return "teaser card: the picture and a title beside it link to another page";
        if (c->explain)
            fprintf(c->explain, "image e%d in a teaser card's shape, kept: the page's declared "
                                "picture\n",
                    k->anchor);
    }
    if (!is_background && box_elem == k->anchor && repeated_button(s, k->anchor, k->url))
        return "a button: the same picture is the only content of links to different pages";
    if (!is_background && box_elem == k->anchor && in_promo_carousel(s, k->anchor))
        return "in a carousel of text-free picture links to other pages (promotions)";
    /* Without a known size, an image in a row of linked images is an
     * icon: a flag or a share button. */
    if (!is_background && !(k->width && k->height) && box_elem == k->anchor &&
        in_icon_row(c, k->anchor))
        return "icon in a row of linked images (flags, share buttons), size unknown";
    if (!is_background && box_elem == k->anchor && !declared_rendition(s, k->url) &&
        in_symbol_row(c, k->anchor, k->url))
        return "in a row of repeated symbols (3 or more images of at most 2 files, no text: "
               "rating stars, bullets)";
    if (!is_background && !(k->width && k->height) && box_elem == k->anchor &&
        in_heading_line(c, k->anchor, k->url))
        return "icon in a heading's line of text (a flag or symbol beside its words), size "
               "unknown";
    if (!is_background && box_elem == k->anchor && !declared_rendition(s, k->url) &&
        small_beside_text(c, k, k->anchor))
        return "a tenth of the column wide or less, beside a line of text in its own box (an "
               "emblem or tile beside its label)";
    int aw = int_attr(node, "width"), ah = int_attr(node, "height");
    bool pixel = (aw && aw <= PIXEL_MAX_PX) || (ah && ah <= PIXEL_MAX_PX) ||
                 (k->has_box && k->box.w > 0 && k->box.h > 0 &&
                  (k->box.w <= PIXEL_MAX_PX || k->box.h <= PIXEL_MAX_PX));
    if (pixel)
        return "tracking pixel (2 px or less)";
    if ((k->width && k->width < SMALL_MIN_W) || (k->height && k->height < SMALL_MIN_H))
        return "too small for a lead image (icon or thumbnail)";
    if (url_says_small(k->url))
        return "the URL asks for a thumbnail-sized rendition";
    return NULL;
}

static bool node_contains(const GumboNode *outer, const GumboNode *inner)
{
    for (const GumboNode *n = inner; n; n = n->parent)
        if (n == outer)
            return true;
    return false;
}

/* Why the nearest text below an image is not its caption but the start of
 * what follows: it is a heading (h1-h6, role=heading) or the first text of
 * a block that opens a section (<section>, <article>, <header>, <hgroup>)
 * the image is not in.  Only the elements between that text and the
 * image's common ancestor are read; a <figcaption> or a caption-named
 * element among them makes it a caption after all (the page says so).
 * NULL when the text may be the caption. */
static const char *starts_next_section(const sb_story_ctx *c, int elem, const GumboNode *img)
{
    const char *why = NULL;
    for (const GumboNode *n = c->doc->elems[elem]; n && n->type == GUMBO_NODE_ELEMENT;
         n = n->parent) {
        if (node_contains(n, img))
            break;
        GumboTag t = sb_tag(n);
        int id = sb_doc_id(c->doc, n);
        if (t == GUMBO_TAG_FIGCAPTION || (id >= 0 && sb_caption_named(c, id)))
            return NULL;
        const char *role = sb_attr(n, "role");
        if (why)
            continue;
        if ((t >= GUMBO_TAG_H1 && t <= GUMBO_TAG_H6) || (role && !strcasecmp(role, "heading")))
            why = "a heading";
        else if (t == GUMBO_TAG_SECTION || t == GUMBO_TAG_ARTICLE || t == GUMBO_TAG_HEADER ||
                 t == GUMBO_TAG_HGROUP)
            why = "the first line of the next section";
    }
    return why;
}

/* Levels above an image (a link, a <picture>) whose following siblings may
 * hold the caption the page names for it. */
#define NAMED_CAPTION_UP 2

/* A caption the page names beside a picture outside any <figure>:
 * <img><br><span class="caption">...</span> in one block.  The nearest
 * element after the image (after its link or <picture>, NAMED_CAPTION_UP
 * levels at most), line breaks skipped, when it is a <figcaption> or
 * caption-named (which bounds its length) and holds text.  The guess from
 * the text below (fill_caption) only sees the blocks after the image's
 * own, so it would pass this line over for the next one (a byline, say). */
static char *named_caption_beside(const sb_story_ctx *c, const GumboNode *img)
{
    const GumboNode *n = img;
    for (int up = 0; up <= NAMED_CAPTION_UP && n && n->parent; up++, n = n->parent) {
        const GumboNode *par = n->parent;
        if (par->type != GUMBO_NODE_ELEMENT)
            return NULL;
        const GumboVector *k = &par->v.element.children;
        for (unsigned i = n->index_within_parent + 1; i < k->length; i++) {
            const GumboNode *x = k->data[i];
            if (x->type == GUMBO_NODE_WHITESPACE || x->type == GUMBO_NODE_COMMENT)
                continue;
            if (x->type != GUMBO_NODE_ELEMENT)
                return NULL; /* running text after the picture: not a named caption */
            if (sb_tag(x) == GUMBO_TAG_BR)
                continue;
            int id = sb_doc_id(c->doc, x);
            bool named = sb_tag(x) == GUMBO_TAG_FIGCAPTION || (id >= 0 && sb_caption_named(c, id));
            return named ? element_text(x) : NULL;
        }
    }
    return NULL;
}

/* The guessed caption must share the picture's own box: the nearest
 * element holding both the picture and the line below it.  When that box
 * also holds FLOW_TEXT_MIN bytes or more of other text (a story
 * paragraph's worth, as much as CAPTION_MAX allows a caption), the picture
 * and the line stand in the story's running text side by side, and a short
 * story paragraph after a bare <img> or <video> is as likely as a caption:
 * the page marked up no caption there (no <figure>, no caption-named
 * element), so the line stays story text.  A box holding the picture, its
 * line and at most a credit or a counter is the picture's own (a
 * slideshow's slide, a theme's "photo" div) and its line is the caption.
 * With the render (visual_caption), a line set smaller than the body text
 * is a caption in the running text too, and so is a line labelled as a
 * picture's credit or caption (either method). */
#define FLOW_TEXT_MIN CAPTION_MAX

static bool in_running_text(const sb_story_ctx *c, int img, int line, const sb_para *lp)
{
    /* A line that opens with a picture's credit or caption label ("Foto:",
     * "Abbildung 4:", "Figure 6:", "photo:") or holds a copyright sign
     * (sb_credit_line) says it belongs to a picture wherever it stands. */
    if (sb_credit_line(lp->text, lp->len))
        return false;
    /* visual_caption: a line rendered in a smaller type than the body
     * text is set as a caption wherever it stands. */
    const sb_dom_render *r = c->in->render;
    if (r && r->caption_by_type && r->elems && c->body_font > 0 && (size_t)line < r->n_elems &&
        r->elems[line].rendered && r->elems[line].font_size > 0 &&
        r->elems[line].font_size < c->body_font)
        return false;
    int box = img;
    while (box >= 0 && !sb_elem_within(c, line, box))
        box = c->info[box].parent;
    if (box < 0)
        return false;
    size_t other = 0;
    for (size_t i = 0; i < c->n_paras && other < FLOW_TEXT_MIN; i++) {
        const sb_para *p = &c->paras[i];
        if (p->elem >= 0 && p->elem != line && sb_elem_within(c, p->elem, box))
            other += p->len;
    }
    return other >= FLOW_TEXT_MIN;
}

static bool in_story_roots(const scan *s, int e)
{
    for (size_t i = 0; i < s->n_roots; i++)
        if (sb_elem_within(s->c, e, s->roots[i]))
            return true;
    return false;
}

static void fill_caption(const scan *s, candidate *k, const GumboNode *node)
{
    const char *alt = sb_attr(node, "alt");
    if (alt && *alt)
        k->alt = sb_text_trim(sb_xstrdup(alt));
    const GumboNode *fig = enclosing_figure(node);
    if (fig) {
        k->in_figure = true;
        k->caption = figcaption_text(fig);
        if (!k->caption)
            k->caption = sibling_figcaption_text(fig);
        k->credit = figure_credit(fig);
    } else {
        k->caption = deep_figcaption_text(node);
        if (!k->caption)
            k->caption = named_caption_beside(s->c, node);
    }
    /* A <figure> says where its caption is; the text below a figure
     * without one is the story's. */
    if (!k->caption && !fig && k->anchor >= 0) {
        below_ctx bc = {s->c, s->para_of};
        sb_neighbour_query q = {k->anchor, 2, SB_NEIGHBOURS_DOWN, s->c->body, 200,
                                has_caption_text, &bc};
        int e = sb_neighbour_find(s->c->doc, &q, NULL);
        if (e >= 0) {
            const sb_para *p = &s->c->paras[s->para_of[e]];
            /* Only a short line reads as a caption; a paragraph is story,
             * whether the page marks it up as <p> or as <div>. */
            const char *why = p->len < CAPTION_MAX ? starts_next_section(s->c, e, node) : NULL;
            if (why) {
                if (s->c->explain)
                    fprintf(s->c->explain,
                            "image e%d caption guess refused: the line below is %s, not a "
                            "caption (\"%s\")\n",
                            k->anchor, why, p->text);
            } else if (p->len < CAPTION_MAX && in_story_roots(s, e) &&
                       !in_story_roots(s, k->anchor)) {
                /* A picture above the story's text (a header banner):
                 * the first short line of a story root below it opens the
                 * story, it does not caption the picture. */
                if (s->c->explain)
                    fprintf(s->c->explain,
                            "image e%d caption guess refused: the line below is in the story's "
                            "text, the picture outside it (\"%s\")\n",
                            k->anchor, p->text);
            } else if (p->len < CAPTION_MAX && in_running_text(s->c, k->anchor, e, p)) {
                if (s->c->explain)
                    fprintf(s->c->explain,
                            "image e%d caption guess refused: the picture and the line below "
                            "stand in the story's running text, no caption marked up (\"%s\")\n",
                            k->anchor, p->text);
            } else if (p->len < CAPTION_MAX) {
                k->caption = sb_xstrdup(p->text);
            }
        }
    }
    /* The caption or credit line the text left out as this picture's
     * (picture_credit) is its caption or credit here. */
    if (!k->caption && !fig) {
        char *cap = NULL, *cred = NULL;
        int id = sb_doc_id(s->c->doc, node);
        if (id >= 0 && sb_picture_credit_for(s->c, id, &cap, &cred)) {
            k->caption = cap;
            if (cred && !k->credit)
                k->credit = cred;
            else
                free(cred);
            if (s->c->explain)
                fprintf(s->c->explain, "image e%d %s from the line beside it: %s\n", id,
                        cap ? "caption" : "credit", cap ? cap : k->credit);
        }
    }
}

static void score_candidate(scan *s, candidate *k)
{
    double area;
    if (k->width > 0 && k->height > 0)
        area = (double)k->width * (double)k->height;
    else if (k->url_w > 0 && k->url_h > 0)
        area = (double)k->url_w * (double)k->url_h;
    else if (k->srcset_width > 0)
        area = (double)k->srcset_width * (double)k->srcset_width * AREA_SRCSET_ASPECT;
    else
        area = AREA_UNKNOWN;
    k->area = W_AREA * (area >= AREA_FULL ? 1.0 : area / AREA_FULL);
    bool in_zone;
    if (s->zone_found)
        in_zone = k->anchor < s->zone_end;
    else if (k->has_box && s->layout_top >= 0)
        in_zone = k->box.y < s->layout_top + FIRST_SCREEN_PX;
    else
        in_zone = s->accepted == 0; /* no layout either: the first one */
    k->position = in_zone ? W_POSITION : 0.0;
    k->figure = k->in_figure ? W_FIGURE : 0.0;
    const char *cap = k->caption ? k->caption : k->alt;
    k->caption_sim = cap && s->headline && sb_white_str(cap, s->headline) >= CAPTION_SIM_MIN
                         ? W_CAPTION
                         : 0.0;
    k->declared = declared_rendition(s, k->url) ? W_DECLARED : 0.0;
    k->first_view = 0.0;
    if (!s->first_view_given && in_first_screen(s, k)) {
        s->first_view_given = true;
        if (((k->width > 0 && k->height > 0) || (k->url_w > 0 && k->url_h > 0)) &&
            area >= AREA_FULL)
            k->first_view = W_FIRST_VIEW;
    }
    k->order = ORDER_STEP * s->accepted;
    k->score = k->area + k->position + k->figure + k->caption_sim + k->declared + k->first_view -
               k->order;
}

/* A box the render could only guess.  The render fetches no image, so an
 * <img> without width and height attributes is sized by the stylesheet
 * alone, and a percentage width inside a box that shrinks to fit its
 * content (a grid or flex item the render lays out as a float, with
 * nothing else in it) collapses to a sliver.  A browser knows the file's
 * size and gives the picture its slot.  The page states that slot in the
 * <img>'s `sizes` for each viewport (sizes_attr.h): when the slot at the
 * render's viewport is SIZES_SLOT_FACTOR times the box's width or more,
 * the box is no evidence of a small picture, and the slot's width (at
 * most the viewport's) at the box's aspect stands in for it.  A thumbnail
 * the stylesheet sizes states a slot of its own size in `sizes`
 * (WordPress's "(max-width: 150px) 100vw, 150px"), which changes
 * nothing. */
#define SIZES_SLOT_FACTOR 2.0

static bool stated_slot_size(const sb_story_ctx *c, const GumboNode *n, sb_rect box, int *w,
                             int *h)
{
    if (sb_tag(n) != GUMBO_TAG_IMG || box.w <= 0 || box.h <= 0 || int_attr(n, "width") ||
        int_attr(n, "height") || !sb_attr(n, "srcset"))
        return false;
    const sb_elem_render *root = box_of(c, 0);
    int viewport = root && root->rect.w > 0 ? root->rect.w : SB_DEFAULT_WIDTH;
    int slot = sb_sizes_slot_width(sb_attr(n, "sizes"), viewport);
    if (slot > viewport)
        slot = viewport;
    if (slot <= 0 || slot < SIZES_SLOT_FACTOR * box.w)
        return false;
    *w = slot;
    *h = (int)((double)slot * box.h / box.w + 0.5);
    return true;
}

/* A box the render scaled from its default.  The render fetches no image:
 * an <img> without width and height attributes gets the replaced
 * element's default box (RENDER_DEFAULT_W x RENDER_DEFAULT_H), and when
 * the page's style states only its width ("width:100%"), the height
 * follows the default's 2:1 aspect.  The width is the page's, the height
 * a guess: a full-width bar of a few pixels (a campaign strip above the
 * story) and a photograph get the same box, so the box says nothing of
 * the picture's area.  Taken as of unknown size, as the DOM sees it:
 * measured, a 100%-wide strip over the headline got the full area and the
 * first screen's weight, and took the lead from the story's photograph
 * that dom kept (and a story photograph, behind a blur-up copy of itself
 * whose guessed box was larger, lost to that copy).  When the caller knows
 * the picture's own size (a saved page's image), the render used it and
 * the box stands. */
static bool guessed_aspect_box(const sb_story_ctx *c, const candidate *k, const GumboNode *node,
                               const char *kind, bool size_attrs)
{
    if (size_attrs || sb_tag(node) != GUMBO_TAG_IMG || strstr(kind, "background") ||
        strncmp(k->url, "data:", 5) == 0 || k->box.w <= 0 || k->box.h <= 0)
        return false;
    /* A box no larger than an unknown size's keeps its measure: a stated
     * small side (an icon's 14 px height) makes the picture small whatever
     * the guessed one; a guess only never makes a picture larger than
     * unknown. */
    if ((double)k->box.w * k->box.h <= AREA_UNKNOWN)
        return false;
    long wide = (long)k->box.w * RENDER_DEFAULT_H, tall = (long)k->box.h * RENDER_DEFAULT_W;
    if (labs(wide - tall) > RENDER_DEFAULT_W) /* a pixel's rounding of the height */
        return false;
    int w = 0, h = 0;
    if (c->in->image_size && c->in->image_size(c->in->image_size_ctx, k->url, &w, &h) && w > 0 &&
        h > 0)
        return false;
    return true;
}

/* Among pictures far down the story, the first keeps the lead: when the
 * best so far is the story's first picture (no candidate before it), not
 * known small (its area at least AREA_UNKNOWN's), and neither it nor the
 * later candidate `k` has the lead position, the first screen or the
 * declared weight, `k` does not take the lead by a caption or a larger
 * box.  A reader who meets no picture at the top of a story takes the
 * first one met as its picture (Readability keeps the first picture
 * too); a caption repeating the headline's words further down is a
 * later figure's (a screenshot of the feature the story describes).  Only
 * on a page that declares no picture: where one is declared, a best
 * candidate far down yields to it anyway (see sb_lead_image), unless it
 * is the story's first picture, and keeping the first here would keep it
 * over the declared picture too. */
static bool first_far_keeps(const scan *s, const candidate *k)
{
    const candidate *b = &s->best;
    return !declared_picture(s->meta) && b->order == 0.0 && b->area >= W_AREA * AREA_UNKNOWN / AREA_FULL &&
           b->position == 0.0 && b->declared == 0.0 &&
           k->position == 0.0 && k->declared == 0.0 && k->first_view == 0.0 &&
           !in_first_screen(s, k);
}

/* Judges one candidate: rejects it with its reason, or scores it and keeps
 * the best.  Takes ownership of raw_url. */
static void judge(scan *s, char *raw_url, const char *kind, const GumboNode *node, int anchor,
                  int box_elem, int srcset_width, const char *superseded)
{
    sb_story_ctx *c = s->c;
    s->judged++;
    candidate k;
    memset(&k, 0, sizeof k);
    k.kind = kind;
    k.anchor = anchor;
    k.srcset_width = srcset_width;
    k.lazy = superseded != NULL || has_lazy_attr(node);
    k.url = sb_url_resolve(s->base, raw_url);
    if (!k.url)
        k.url = sb_xstrdup(raw_url);
    free(raw_url);
    /* A src that is a rendition of the declared picture is no
     * placeholder (a spinner, a blank, a blur): the page names it as its
     * picture, and the lazy attribute holds another copy (the agency's or
     * a CDN's) or another picture.  The src is kept when it is not
     * thumbnail-sized and the lazy URL is not the declared picture too. */
    if (superseded && !declared_rendition(s, k.url) &&
        !url_says_small(superseded) && !sb_image_placeholder(superseded)) {
        char *src = sb_url_resolve(s->base, superseded);
        if (src && is_declared_picture(s->meta, src)) {
            if (c->explain)
                fprintf(c->explain, "image e%d kept src %s over the lazy attribute's %s: a "
                                    "rendition of the declared picture is no placeholder\n",
                        anchor, src, k.url);
            free(k.url);
            k.url = src;
            superseded = NULL;
        } else {
            free(src);
        }
    }
    if (superseded && c->explain)
        fprintf(c->explain, "image e%d rejected %s (placeholder: src superseded by a lazy attribute)\n",
                anchor, superseded);
    bool size_attrs = int_attr(node, "width") || int_attr(node, "height");
    markup_size(node, &k.width, &k.height);
    const sb_elem_render *b = box_of(c, box_elem);
    if (b) {
        k.has_box = true;
        k.box = b->rect;
        /* The renderer fetches no image: an <img> without a width or
         * height of its own gets a replaced element's default box
         * (render/render.cpp), which says nothing of the picture. */
        bool default_box = k.box.w == RENDER_DEFAULT_W && k.box.h == RENDER_DEFAULT_H &&
                           !size_attrs && !strstr(kind, "background");
        if (!default_box && guessed_aspect_box(c, &k, node, kind, size_attrs)) {
            default_box = true;
            if (c->explain)
                fprintf(c->explain,
                        "image e%d box %dx%d guessed: the page states its width only, the "
                        "height is the render's default aspect (size taken as unknown)\n",
                        anchor, k.box.w, k.box.h);
        }
        if (!default_box && strstr(kind, "background") && k.box.h > 0 &&
            k.box.h <= LINE_BOX_MAX_PX && k.box.w >= SMALL_MIN_W && blank_holder(node)) {
            default_box = true;
            if (c->explain)
                fprintf(c->explain,
                        "image e%d box %dx%d is one line of blank text: the background's "
                        "element holds no content, its height is not the picture's (size "
                        "taken as unknown)\n",
                        anchor, k.box.w, k.box.h);
        }
        if (k.box.w > 0 && k.box.h > 0 && !default_box) {
            int stated_w = k.width, stated_h = k.height;
            k.width = k.box.w;
            k.height = k.box.h;
            if (framed_stated_size(k.box, stated_w, stated_h)) {
                k.width = stated_w;
                k.height = stated_h;
                if (c->explain)
                    fprintf(c->explain,
                            "image e%d box %dx%d is its stated %dx%d in a frame (border, "
                            "padding): the picture is the stated size\n",
                            anchor, k.box.w, k.box.h, stated_w, stated_h);
            }
            if (stated_slot_size(c, node, k.box, &k.width, &k.height) && c->explain)
                fprintf(c->explain, "image e%d box %dx%d guessed: its sizes states a %d px slot, "
                                    "taken as %dx%d\n",
                        anchor, k.box.w, k.box.h, k.width, k.width, k.height);
        }
    } else if (!c->in->render && c->in->image_size && !k.width && !k.height &&
               !strstr(kind, "background") && strncmp(k.url, "data:", 5) != 0 &&
               s->size_lookups < SIZE_LOOKUPS_MAX) {
        /* No render to measure it: the saved picture's own size, as the
         * render would have given it. */
        s->size_lookups++;
        int w = 0, h = 0;
        if (c->in->image_size(c->in->image_size_ctx, k.url, &w, &h) && w > 0 && h > 0) {
            k.width = w;
            k.height = h;
        }
    }
    char buf[256];
    /* "background" and "background above the headline" */
    bool background = strncmp(kind, "background", 10) == 0;
    const char *why = reject_reason(s, &k, node, box_elem, background, buf, sizeof buf);
    for (size_t i = 0; !why && i < s->n_seen; i++)
        if (strcmp(s->seen[i], k.url) == 0)
            why = "the same picture as an earlier candidate";
    if (why) {
        s->declared_hidden = s->declared_hidden || why == HIDDEN_DECLARED;
        if (c->explain)
            fprintf(c->explain, "image e%d rejected %s %s (%s)\n", anchor, kind, k.url, why);
        free_candidate(&k);
        return;
    }
    fill_caption(s, &k, node);
    if (!(k.width > 0 && k.height > 0) && url_states_size(k.url, &k.url_w, &k.url_h) &&
        c->explain)
        fprintf(c->explain, "image e%d size unknown: the URL asks the image server for %dx%d\n",
                anchor, k.url_w, k.url_h);
    else if (!(k.width > 0 && k.height > 0) && !background &&
             source_states_size(node, k.url, &k.url_w, &k.url_h) && c->explain)
        fprintf(c->explain,
                "image e%d size unknown: its picture's source states %dx%d (data-aspectratio)\n",
                anchor, k.url_w, k.url_h);
    score_candidate(s, &k);
    s->accepted++;
    s->seen = sb_xrealloc(s->seen, (s->n_seen + 1) * sizeof *s->seen);
    s->seen[s->n_seen++] = sb_xstrdup(k.url);
    s->list = sb_xrealloc(s->list, (s->n_list + 1) * sizeof *s->list);
    s->list[s->n_list++] = (sb_image){.url = sb_xstrdup(k.url),
                                      .caption = dup_or_null(k.caption),
                                      .alt = dup_or_null(k.alt),
                                      .credit = dup_or_null(k.credit),
                                      .width = k.width,
                                      .height = k.height,
                                      .has_box = k.has_box,
                                      .box = k.box};
    if (c->explain)
        fprintf(c->explain,
                "image e%d candidate %s %s score %.2f = area %.2f + position %.2f + figure %.2f "
                "+ caption %.2f + declared %.2f + first screen %.2f - order %.2f\n",
                anchor, kind, k.url, k.score, k.area, k.position, k.figure, k.caption_sim,
                k.declared, k.first_view, k.order);
    bool first_kept = s->best.url && k.score > s->best.score && first_far_keeps(s, &k);
    if (first_kept && c->explain)
        fprintf(c->explain,
                "image e%d does not take the lead from e%d, the story's first picture: both sit "
                "far down (no lead position, first screen or declared weight)\n",
                anchor, s->best.anchor);
    if (!s->best.url || (k.score > s->best.score && !first_kept)) {
        free_candidate(&s->best);
        s->best = k;
    } else {
        free_candidate(&k);
    }
}

/* A <noscript> stands in for a picture when the element before it is the
 * (placeholder) image or picture, or when it sits in a small box (figure,
 * picture, link) that also holds one.  Returns that image's element id for
 * its box, -2 when the noscript stands in for nothing. */
static int noscript_stands_in(const sb_story_ctx *c, int id)
{
    int parent = c->info[id].parent;
    if (parent < 0)
        return -2;
    int prev = id - 1;
    while (prev > parent && c->info[prev].parent != parent)
        prev--;
    if (prev > parent) {
        GumboTag t = sb_tag(c->doc->elems[prev]);
        if (t == GUMBO_TAG_IMG)
            return prev;
        if (strcmp(sb_tag_name(c->doc->elems[prev]), "picture") == 0)
            return prev;
    }
    GumboTag pt = sb_tag(c->doc->elems[parent]);
    bool small_box = c->info[parent].text < CONTEXT_TEXT_MAX;
    if ((c->info[parent].n_img > 0 && small_box) || pt == GUMBO_TAG_FIGURE ||
        strcmp(sb_tag_name(c->doc->elems[parent]), "picture") == 0)
        return -1;
    return -2;
}

static void judge_noscript(scan *s, int id)
{
    sb_story_ctx *c = s->c;
    const GumboNode *n = c->doc->elems[id];
    const GumboVector *kids = &n->v.element.children;
    if (kids->length != 1 || ((GumboNode *)kids->data[0])->type != GUMBO_NODE_TEXT)
        return;
    const char *raw = ((GumboNode *)kids->data[0])->v.text.text;
    if (!strstr(raw, "<img"))
        return;
    int shown_by = noscript_stands_in(c, id);
    if (shown_by == -2) {
        if (c->explain)
            fprintf(c->explain, "image e%d rejected noscript img (stands in for no picture shown "
                                "beside it: an ad or tracking noscript)\n", id);
        return;
    }
    sb_doc *sub = sb_doc_parse(raw, strlen(raw));
    const GumboNode *img = NULL;
    for (size_t j = 0; sub && j < sub->n_elems && !img; j++)
        if (sb_tag(sub->elems[j]) == GUMBO_TAG_IMG)
            img = sub->elems[j];
    if (img) {
        const char *superseded = NULL;
        int sw = 0;
        char *url = image_url(img, &superseded, &sw);
        if (url)
            judge(s, url, "noscript img", img, id, shown_by, sw, NULL);
    }
    sb_doc_free(sub);
}

/* A blur-up placeholder drawn as a box's CSS background: the box holds an
 * <img> of the same picture (sb_same_picture: another rendition, such as
 * ?class=blur against ?class=hero) which the renderer shows over it, so a
 * reader sees the <img>, and the background is the low-resolution stand-in
 * for it while it loads.  The <img> is judged on its own; with a layout it
 * must have a box of its own (a hidden <img> leaves the background as the
 * picture shown).  Returns the <img>'s element id, or -1. */
static int background_behind_img(const scan *s, int i, const char *bg_url)
{
    const sb_story_ctx *c = s->c;
    char *bg = sb_url_resolve(s->base, bg_url);
    int found = -1;
    for (size_t j = (size_t)i + 1;
         j < c->doc->n_elems && c->info[j].depth > c->info[i].depth && found < 0; j++) {
        if (sb_tag(c->doc->elems[j]) != GUMBO_TAG_IMG)
            continue;
        if (c->in->render && !box_of(c, (int)j))
            continue;
        const char *superseded = NULL;
        int sw = 0;
        char *url = image_url(c->doc->elems[j], &superseded, &sw);
        char *abs = url ? sb_url_resolve(s->base, url) : NULL;
        if ((abs ? abs : url) && sb_same_picture(bg ? bg : bg_url, abs ? abs : url))
            found = (int)j;
        free(abs);
        free(url);
    }
    free(bg);
    return found;
}

/* `thumb`'s file is `full`'s file with a thumbnail's mark before the
 * extension: a separator ('-', '_') and one or two letters ("-s", "_t",
 * "-sm": an image manager's size letter) or a thumbnail word ("_thumb",
 * "-small"), the extension the same ("IMG_2475-s.jpg" beside
 * "IMG_2475.jpg"). */
#define THUMB_LETTERS_MAX 2
static bool thumb_mark_of(const char *thumb, const char *full)
{
    static const char *const words[] = {"thumb", "thumbnail", "small", NULL};
    const char *tn, *fn;
    size_t tl, fl;
    file_name_of(thumb, &tn, &tl);
    file_name_of(full, &fn, &fl);
    const char *fdot = NULL, *tdot = NULL;
    for (size_t i = 0; i < fl; i++)
        fdot = fn[i] == '.' ? fn + i : fdot;
    for (size_t i = 0; i < tl; i++)
        tdot = tn[i] == '.' ? tn + i : tdot;
    if (!fdot || !tdot || fdot == fn)
        return false;
    size_t fstem = (size_t)(fdot - fn), tstem = (size_t)(tdot - tn);
    size_t ext = fl - fstem;
    if (tl - tstem != ext || strncasecmp(fdot, tdot, ext) != 0 || tstem < fstem + 2 ||
        strncasecmp(tn, fn, fstem) != 0 || (tn[fstem] != '-' && tn[fstem] != '_'))
        return false;
    const char *mark = tn + fstem + 1;
    size_t n = tstem - fstem - 1;
    bool letters = n <= THUMB_LETTERS_MAX;
    for (size_t i = 0; letters && i < n; i++)
        letters = isalpha((unsigned char)mark[i]) != 0;
    if (letters)
        return true;
    for (int i = 0; words[i]; i++)
        if (strlen(words[i]) == n && strncasecmp(mark, words[i], n) == 0)
            return true;
    return false;
}

/* A thumbnail linked to its full-size file: an <img> whose URL asks for a
 * thumbnail-sized rendition (url_says_small: "-150x150", "?w=150&h=150")
 * of the picture its link's href names (sb_same_picture), or whose file
 * is the href's file with a thumbnail's mark (thumb_mark_of: "-s",
 * "_thumb"), inside a link at most LINK_LEVELS above it whose href is an
 * image file and which holds no other image.  The page shows the picture
 * small and hands the reader its full size on a click (a gallery's or a
 * content system's "link to media file"); the picture is the linked file.
 * A related story's tile links to a page, not to an image file, and stays
 * as it is.  Returns the href (malloc'd) or NULL. */
#define LINK_LEVELS 2
static char *linked_full_file(const sb_story_ctx *c, int img, const char *url)
{
    int a = c->info[img].parent;
    for (int up = 1; a >= 0 && up < LINK_LEVELS && sb_tag(c->doc->elems[a]) != GUMBO_TAG_A; up++)
        a = c->info[a].parent;
    if (a < 0 || sb_tag(c->doc->elems[a]) != GUMBO_TAG_A || c->info[a].n_img != 1)
        return NULL;
    const char *href = sb_attr(c->doc->elems[a], "href");
    if (!usable_url(href) || !sb_image_file_url(href) || strcmp(href, url) == 0)
        return NULL;
    bool small = url_says_small(url) && sb_same_picture(url, href) && !url_says_small(href);
    if (!small && !thumb_mark_of(url, href))
        return NULL;
    return sb_text_trim(sb_xstrdup(href));
}

/* Element `i` as a candidate, whatever it shows. */
static void judge_element(scan *s, int i, bool background_only)
{
    sb_story_ctx *c = s->c;
    const GumboNode *n = c->doc->elems[i];
    GumboTag t = sb_tag(n);
    if (!background_only && t == GUMBO_TAG_IMG) {
        const char *superseded = NULL;
        int sw = 0;
        char *url = image_url(n, &superseded, &sw);
        char *full = url ? linked_full_file(c, i, url) : NULL;
        if (full) {
            if (c->explain)
                fprintf(c->explain,
                        "image e%d %s is a thumbnail linked to its full-size file: "
                        "taken as %s\n",
                        i, url, full);
            free(url);
            url = full;
        }
        if (url)
            judge(s, url, "img", n, i, i, sw, superseded);
        else if (c->explain)
            fprintf(c->explain, "image e%d rejected img %s (%s)\n", i,
                    sb_attr(n, "src") ? sb_attr(n, "src") : "-",
                    sb_image_placeholder(sb_attr(n, "src")) ? sb_image_placeholder(sb_attr(n, "src"))
                                                            : "no usable URL");
    } else if (!background_only && t == GUMBO_TAG_VIDEO) {
        const char *poster = sb_attr(n, "poster");
        if (poster && *poster)
            judge(s, sb_text_trim(sb_xstrdup(poster)), "video poster", n, i, i, 0, NULL);
    } else if (!background_only && t == GUMBO_TAG_NOSCRIPT) {
        judge_noscript(s, i);
    } else {
        char *url = sb_css_background_url(sb_attr(n, "style"));
        int over;
        if (url && c->info[i].text > CONTEXT_TEXT_MAX) {
            /* A box holding story-sized text is a page wrapper or the
             * story column: its background is the site's pattern, not a
             * hero picture. */
            if (c->explain)
                fprintf(c->explain, "image e%d rejected background %s (behind story-sized text: "
                                    "a page pattern)\n", i, url);
            free(url);
        } else if (url && (over = background_behind_img(s, i, url)) >= 0) {
            if (c->explain)
                fprintf(c->explain, "image e%d rejected background %s (a placeholder behind "
                                    "e%d, an <img> of the same picture)\n",
                        i, url, over);
            free(url);
        } else if (url) {
            judge(s, url, "background", n, i, i, 0, NULL);
        }
    }
}

/* A picture in the story's header, above the headline: it shares a box
 * with the headline at most HEADER_LEVELS above the headline's container
 * (below <body>: sharing only the page is no header), or, with a layout,
 * its box stands right above the headline's (right_above_headline),
 * at most HEADER_TEXT_MAX bytes of text stand between them (a kicker, a
 * date; not a teaser list), and it is picture-sized (HEADER_AREA_MIN px^2
 * or more, no longer than HEADER_ASPECT_MAX to one: not a banner).  Its
 * size: the rendered box, else the width and height attributes (or
 * data-width and data-height), else the largest srcset width
 * (AREA_SRCSET_ASPECT of it as height).  An unknown
 * size passes for a photograph's file (photo_file) or a <picture>'s image:
 * a header picture's size often comes from the stylesheet and the file
 * alone, and the candidate's names, URL and box are still judged
 * (reject_reason).  Measured on trafilatura's hints-stripped check: 11
 * pages showed their picture above the headline with no size in the
 * markup, and none was a candidate; passing every unknown size also took
 * decoration above the headline (a border PNG, a button, a print GIF, an
 * SVG mark). */
#define HEADER_LEVELS 6
#define HEADER_TEXT_MAX 400u
#define HEADER_AREA_MIN 40000.0
#define HEADER_ASPECT_MAX 4.0

/* In the layout, image `img` stands right above the headline: its box
 * ends at most HEADER_GAP_PX above the headline's top and the two overlap
 * across.  Page builders nest the header picture and the headline in
 * boxes of their own, many levels below the one they share, while the
 * page shows them one above the other. */
static bool right_above_headline(const sb_story_ctx *c, int img, int headline)
{
    const sb_elem_render *i = box_of(c, img), *h = box_of(c, headline);
    if (!i || !h || i->rect.w <= 0 || i->rect.h <= 0)
        return false;
    int bottom = i->rect.y + i->rect.h;
    return bottom <= h->rect.y && h->rect.y - bottom <= HEADER_GAP_PX &&
           i->rect.x < h->rect.x + h->rect.w && h->rect.x < i->rect.x + i->rect.w;
}

/* The URL names a photograph's file (JPEG, WebP, AVIF): drawings, icons
 * and page decoration come as SVG, GIF or PNG. */
static bool photo_file(const char *url)
{
    static const char *const exts[] = {".jpg", ".jpeg", ".webp", ".avif", NULL};
    size_t end = strcspn(url, "?#");
    for (int i = 0; exts[i]; i++) {
        size_t n = strlen(exts[i]);
        if (end >= n && strncasecmp(url + end - n, exts[i], n) == 0)
            return true;
    }
    return false;
}

/* The image is a <picture>'s: the page offers it in several renditions. */
static bool in_picture(const GumboNode *img)
{
    return picture_of(img) != NULL;
}

/* The last two labels of a host ("news.example.org" -> "example.org"):
 * enough to tell one site from another; a two-label public suffix
 * ("co.uk") makes unrelated sites look the same, which only keeps a
 * picture (other_site_link). */
static const char *site_of(const char *host)
{
    const char *last = strrchr(host, '.');
    if (!last)
        return host;
    const char *p = last;
    while (p > host && p[-1] != '.')
        p--;
    return p;
}

/* Image `img` is the only content of a link to another site than the
 * page's (`base`, the page's address): above the headline, that is an
 * advertiser's or a partner's banner (a sale, a travel agency, a training
 * offer), which takes the reader away from the story; the story's own
 * header picture is not linked, or links to its own file or to this site.
 * Without the page's address nothing is told. */
static bool other_site_link(const sb_story_ctx *c, int img, const char *base)
{
    int a = lone_image_link(c, img);
    if (a < 0 || !base)
        return false;
    char *page = sb_url_host(base);
    char *href = sb_url_host(sb_attr(c->doc->elems[a], "href"));
    bool other = page && href && strcmp(site_of(page), site_of(href)) != 0;
    free(page);
    free(href);
    return other;
}

/* The `about` attribute (RDFa) of `e`'s nearest element, itself or up,
 * that has one; NULL when none does. */
static const char *about_of(const sb_story_ctx *c, int e)
{
    for (; e >= 0 && e != c->body; e = c->info[e].parent) {
        const char *v = sb_attr(c->doc->elems[e], "about");
        if (v && *v)
            return v;
    }
    return NULL;
}

/* The page says image `img` and the headline describe the same thing:
 * the nearest `about` (RDFa: the resource an element and what it holds
 * describe) of each names the same resource.  A content system that
 * shows the story's header picture in a region of its own, away from the
 * story's body (Drupal's header block, <article about="/NODE"> in both),
 * marks the picture as the story's so; a teaser of another story names
 * that story.  Such a picture is the story's header picture wherever its
 * box stands: the box-sharing and first-screen tests are not asked (a
 * page saved without its stylesheet shows a menu between them).  The
 * text, link and size tests still are. */
static bool same_about(const sb_story_ctx *c, int img, int headline)
{
    const char *a = about_of(c, img), *b = about_of(c, headline);
    return a && b && strcmp(a, b) == 0;
}

/* NULL when image `img` (showing `url`) is a picture of the story's
 * header; else why not (for --explain).  `base`: the page's address. */
static const char *in_story_header(const sb_story_ctx *c, int img, int headline, int srcset_width,
                                   const char *url, const char *base)
{
    int a = c->info[headline].parent;
    bool shared = false;
    for (int up = 0; a >= 0 && a != c->body && up <= HEADER_LEVELS && !shared;
         up++, a = c->info[a].parent)
        shared = sb_elem_within(c, img, a);
    bool about = same_about(c, img, headline);
    if (!shared && !about && !right_above_headline(c, img, headline))
        return c->in->render ? "shares no box with the headline, and the layout shows it elsewhere"
                             : "shares no box with the headline";
    /* With a layout, the story's header ends within a first screen
     * (FIRST_SCREEN_PX) above the headline or the first root: a picture
     * further up is the site's banner or a promotion above the page's
     * columns, however few words stand between in the markup. */
    const sb_elem_render *ib = box_of(c, img), *hb = box_of(c, headline);
    if (!about && ib && hb && ib->rect.h > 0 &&
        hb->rect.y - (ib->rect.y + ib->rect.h) > FIRST_SCREEN_PX)
        return "the layout shows it more than a screen above the story";
    unsigned between = 0;
    for (size_t p = 0; p < c->n_paras && between <= HEADER_TEXT_MAX; p++)
        if (c->paras[p].elem > img && c->paras[p].elem < headline)
            between += c->paras[p].len;
    if (between > HEADER_TEXT_MAX)
        return "text stands between it and the headline";
    if (other_site_link(c, img, base))
        return "the only content of a link to another site: an advertiser's or partner's banner";
    const GumboNode *n = c->doc->elems[img];
    int mw, mh;
    markup_size(n, &mw, &mh);
    double w = int_attr(n, "width"), h = int_attr(n, "height");
    const sb_elem_render *b = box_of(c, img);
    if (b && b->rect.w > 0 && b->rect.h > 0 &&
        !(b->rect.w == RENDER_DEFAULT_W && b->rect.h == RENDER_DEFAULT_H && !w && !h)) {
        int sw, sh;
        bool stated = stated_slot_size(c, n, b->rect, &sw, &sh);
        w = stated ? sw : b->rect.w;
        h = stated ? sh : b->rect.h;
    } else {
        w = mw;
        h = mh;
    }
    if ((!w || !h) && srcset_width > 0) {
        w = srcset_width;
        h = srcset_width * AREA_SRCSET_ASPECT;
    }
    if (!w || !h)
        return photo_file(url) || in_picture(n) ? NULL : "size unknown, and no photograph's file";
    double aspect = w > h ? w / h : h / w;
    if (w * h < HEADER_AREA_MIN)
        return "smaller than a picture";
    return aspect <= HEADER_ASPECT_MAX ? NULL : "a banner";
}

/* A hero drawn as the CSS background of an empty layer in the story's
 * header: an element above the headline that holds no content
 * (blank_holder: the theme's picture layer, sized and laid under or over
 * the headline by the stylesheet), whose background is a photograph's
 * file (photo_file: JPEG, WebP, AVIF; decoration comes as SVG, GIF or
 * PNG), and which stands in the story's header as an <img> there must
 * (in_story_header: a box shared with the headline, little text between,
 * within a screen above it with a layout).  Before, only a rendition of
 * the declared picture was taken there; without the page's hints the
 * header's picture was not seen, and a picture further down led.  The
 * candidate's names, URL and size are judged as any other's
 * (reject_reason): a blur-up stand-in (a 50 px rendition) is too small. */
static bool header_background(const sb_story_ctx *c, int i, int headline, const char *url,
                              const char *base)
{
    const char *why;
    if (!photo_file(url) || !blank_holder(c->doc->elems[i]))
        return false;
    if ((why = in_story_header(c, i, headline, 0, url, base))) {
        if (c->explain)
            fprintf(c->explain, "image e%d not a candidate above the headline %s (%s)\n", i,
                    url, why);
        return false;
    }
    return true;
}

/* The lead zone ends at the LEAD_ZONE_PARAS-th story paragraph after
 * `start` (a paragraph of STORY_PARA_MIN bytes or more that the story
 * text kept). */
static int lead_zone_end(const sb_story_ctx *c, int start, int end, const char *story_text)
{
    int found = 0, looked = 0;
    for (size_t i = 0; i < c->n_paras && looked < STORY_PARA_LOOKUPS; i++) {
        const sb_para *p = &c->paras[i];
        if (p->elem < start || p->len < STORY_PARA_MIN)
            continue;
        if (p->elem >= end)
            break;
        looked++;
        if (story_text && strstr(story_text, p->text) && ++found == LEAD_ZONE_PARAS)
            return p->elem;
    }
    return end;
}

/* The first declared image that is a picture (not a declared logo, icon,
 * avatar, blank or ad: sb_image_declared_nonpicture), or NULL. */
static const char *declared_picture(const sb_meta *meta)
{
    for (size_t m = 0; meta && m < meta->n_images; m++)
        if (meta->images[m] && *meta->images[m] && !sb_image_declared_nonpicture(meta->images[m]))
            return meta->images[m];
    return NULL;
}

/* The lead image when no shown picture leads: the declared picture,
 * without a box; none when the page declares no picture.  `declared` is
 * the record's declared URL (the page's first). */
static sb_image *declared_only(sb_story_ctx *c, const sb_meta *meta, const char *declared)
{
    const char *pic = declared_picture(meta);
    if (!pic) {
        if (declared && c->explain)
            fprintf(c->explain, "lead image none (declared %s is no picture: %s)\n", declared,
                    sb_image_declared_nonpicture(declared));
        return NULL;
    }
    sb_image *im = sb_xcalloc(1, sizeof *im);
    im->url = sb_xstrdup(pic);
    im->declared = sb_xstrdup(declared);
    return im;
}

/* `href` leads to the page's own address (its URL, else its canonical
 * link or og:url).  When that address has no query, the link's query is
 * ignored: a query added to a page's own address is a tracking mark
 * ("?tid=pm_world_pop_b", "?utm_source=..."), the page is the same. */
static bool own_address_href(const scan *s, const char *href)
{
    char *abs = sb_url_resolve(s->base, href);
    if (!abs)
        return false;
    const char *own[2] = {s->c->in->base_url, s->meta ? s->meta->canonical_url : NULL};
    bool self = false;
    for (int i = 0; i < 2 && !self; i++) {
        if (!own[i] || !*own[i])
            continue;
        if (strchr(own[i], '?')) {
            self = same_page(abs, own[i]);
        } else {
            char *bare = sb_xstrdup(abs);
            bare[strcspn(bare, "?#")] = '\0';
            self = same_page(bare, own[i]);
            free(bare);
        }
    }
    free(abs);
    return self;
}

/* The page shows its declared picture as this story's own picture: an
 * <img> anywhere in the page (any list or box, the story range or not)
 * shows a rendition of the declared picture (is_declared_picture) and is
 * a link, within CARD_LINK_LEVELS of it, to the page's own address
 * (own_address_href): the site's own teaser of this story in a "most
 * read" list, or a post's featured picture linked to the post.  Returns
 * the <img>'s element id, or -1.  Such a picture names the story's
 * picture as firmly as the declaration does, though the box showing it
 * (a 138x92 thumbnail in a list, an <aside> of the theme) is no lead. */
static int own_teaser_of_declared(const scan *s)
{
    const sb_story_ctx *c = s->c;
    if (!declared_picture(s->meta))
        return -1;
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        const GumboNode *n = c->doc->elems[i];
        if (sb_tag(n) != GUMBO_TAG_IMG)
            continue;
        int link = -1;
        for (int a = (int)i, up = 0; a >= 0 && up <= CARD_LINK_LEVELS && link < 0;
             a = c->info[a].parent, up++)
            if (sb_tag(c->doc->elems[a]) == GUMBO_TAG_A)
                link = a;
        const char *href = link >= 0 ? sb_attr(c->doc->elems[link], "href") : NULL;
        if (!href || !*href || *href == '#' || !own_address_href(s, href))
            continue;
        const char *superseded = NULL;
        int sw = 0;
        char *url = image_url(n, &superseded, &sw);
        char *abs = url ? sb_url_resolve(s->base, url) : NULL;
        bool rendition = is_declared_picture(s->meta, abs);
        free(abs);
        free(url);
        if (rendition)
            return (int)i;
    }
    return -1;
}

/* Whether element `n` holds text of its own (a text child that is not
 * blank), as a heading, a label or a paragraph does. */
static bool own_text(const GumboNode *n)
{
    const GumboVector *ch = &n->v.element.children;
    for (unsigned j = 0; j < ch->length; j++) {
        const GumboNode *t = ch->data[j];
        if (t->type != GUMBO_NODE_TEXT && t->type != GUMBO_NODE_CDATA)
            continue;
        for (const char *q = t->v.text.text; *q; q++)
            if (!isspace((unsigned char)*q))
                return true;
    }
    return false;
}

/* A picture shown right after the story: a page builder puts the post's
 * featured-image widget in a section of its own after the text's, beside
 * the story's last root.  Searched only when nothing in the range leads:
 * from the end of the last root, inside the root's parent, up to
 * POST_STORY_ELEMS elements, stopping at the first text, heading or link
 * (what follows a story there is comments, related stories, cards).  The
 * first picture met is judged when it is a rendition of the declared
 * picture, or, the page declaring none, when it is of full size
 * (AREA_FULL, by its box or its width and height attributes): a smaller
 * one is a badge or a thumbnail, and a declared picture elsewhere says
 * this one is not the story's. */
static void judge_after_story(scan *s, int last, int end)
{
    sb_story_ctx *c = s->c;
    int parent = c->info[last].parent;
    if (parent < 0 || parent == c->body)
        return;
    int depth = c->info[parent].depth;
    for (int i = end; (size_t)i < c->doc->n_elems && i < end + POST_STORY_ELEMS &&
                      c->info[i].depth > depth;
         i++) {
        const GumboNode *n = c->doc->elems[i];
        GumboTag t = sb_tag(n);
        if (t == GUMBO_TAG_A || t == GUMBO_TAG_H1 || t == GUMBO_TAG_H2 || t == GUMBO_TAG_H3 ||
            t == GUMBO_TAG_H4 || t == GUMBO_TAG_H5 || t == GUMBO_TAG_H6 || own_text(n))
            return;
        if (t != GUMBO_TAG_IMG)
            continue;
        const char *superseded = NULL;
        int sw = 0;
        char *url = image_url(n, &superseded, &sw);
        char *abs = url ? sb_url_resolve(s->base, url) : NULL;
        bool rendition = declared_rendition(s, abs);
        free(abs);
        const sb_elem_render *b = box_of(c, i);
        double area = b ? (double)b->rect.w * b->rect.h
                        : (double)int_attr(n, "width") * int_attr(n, "height");
        const char *why_not = rendition                 ? NULL
                              : declared_picture(s->meta) ? "not the declared picture"
                              : area < AREA_FULL          ? "smaller than a full picture"
                                                          : NULL;
        if (url && !why_not) {
            judge(s, url, "img right after the story", n, i, i, sw, superseded);
        } else {
            if (url && c->explain)
                fprintf(c->explain, "image e%d not a candidate after the story %s (%s)\n", i, url,
                        why_not);
            free(url);
        }
        return;
    }
}

sb_image *sb_lead_image(sb_story_ctx *c, const sb_meta *meta, const int *roots, size_t n_roots,
                        int headline_elem, const char *headline, const char *story_text,
                        sb_image **images, size_t *n_images)
{
    const char *declared = meta && meta->n_images ? meta->images[0] : NULL;
    *images = NULL;
    *n_images = 0;
    if (!n_roots)
        return declared_only(c, meta, declared);
    /* From the headline (when it sits above the story) to the end of the
     * last root. */
    int start = roots[0];
    int last = roots[n_roots - 1];
    int end = last + 1;
    while ((size_t)end < c->doc->n_elems && c->info[end].depth > c->info[last].depth)
        end++;
    if (headline_elem >= 0 && headline_elem < start) {
        start = headline_elem;
    } else {
        for (size_t i = 0; i < c->doc->n_elems && (int)i < start && headline; i++) {
            if (sb_tag(c->doc->elems[i]) != GUMBO_TAG_H1)
                continue;
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

    scan s;
    memset(&s, 0, sizeof s);
    s.c = c;
    s.meta = meta;
    s.base = meta && meta->base_href ? meta->base_href : c->in->base_url;
    s.headline = headline;
    s.para_of = para_of;
    s.roots = roots;
    s.n_roots = n_roots;
    s.zone_start = start;
    s.zone_end = lead_zone_end(c, start, end, story_text);
    s.headline_elem = headline_elem >= 0                                 ? headline_elem
                      : sb_tag(c->doc->elems[start]) == GUMBO_TAG_H1 ? start
                                                                     : -1;
    s.zone_found = s.zone_end < end;
    s.img_url_memo = sb_xcalloc(c->doc->n_elems ? c->doc->n_elems : 1, sizeof *s.img_url_memo);
    size_t n_meta_images = meta ? meta->n_images : 0;
    s.meta_keys = sb_xcalloc(n_meta_images ? n_meta_images : 1, sizeof *s.meta_keys);
    for (size_t m = 0; m < n_meta_images; m++)
        s.meta_keys[m] = sb_picture_key(meta->images[m]);
    collect_menu_files(&s);
    page_h1(&s);
    const sb_elem_render *top = box_of(c, start);
    s.layout_top = top ? top->rect.y : -1;

    /* A hero picture is often the background of a box around the
     * headline: the ancestors of the start, outermost first, for their
     * background only. */
    int up[CONTEXT_LEVELS];
    int n_up = 0;
    for (int a = c->info[start].parent; a >= 0 && a != c->body && n_up < CONTEXT_LEVELS;
         a = c->info[a].parent) {
        /* A box holding story-sized text is a page wrapper (see
         * judge_element). */
        if (c->info[a].text > CONTEXT_TEXT_MAX)
            break;
        up[n_up++] = a;
    }
    while (n_up-- > 0)
        judge_element(&s, up[n_up], true);
    /* Featured images often sit above the headline, outside the range:
     * there, a rendition of the declared image is a candidate, and so is
     * a picture of the story's header (in_story_header).  Without a
     * headline element (the headline known from the page's title only),
     * the story's header is what stands right above the first root: the
     * same rule, with the root in the headline's place. */
    int header_anchor = s.headline_elem >= 0 ? s.headline_elem : start;
    for (int i = start > PRE_HEADLINE_ELEMS ? start - PRE_HEADLINE_ELEMS : 0;
         i < start && s.judged < MAX_CANDIDATES; i++) {
        const GumboNode *n = c->doc->elems[i];
        if (sb_tag(n) != GUMBO_TAG_IMG) {
            /* A hero drawn as a box's CSS background above the headline
             * (a header picture the headline is set over or under): a
             * candidate when it is a rendition of the declared picture,
             * as an <img> there is.  A blur-up stand-in of it (a tiny
             * rendition) is rejected by its size as any thumbnail. */
            char *bg = sb_css_background_url(sb_attr(n, "style"));
            char *bg_abs = bg ? sb_url_resolve(s.base, bg) : NULL;
            if (bg_abs && c->info[i].text <= CONTEXT_TEXT_MAX && declared_rendition(&s, bg_abs))
                judge(&s, bg, "background above the headline", n, i, i, 0, NULL);
            else if (bg_abs && header_background(c, i, header_anchor, bg_abs, s.base))
                judge(&s, bg, "background in the story header", n, i, i, 0, NULL);
            else
                free(bg);
            free(bg_abs);
            continue;
        }
        const char *superseded = NULL;
        int sw = 0;
        char *url = image_url(n, &superseded, &sw);
        char *abs = url ? sb_url_resolve(s.base, url) : NULL;
        bool rendition = declared_rendition(&s, abs);
        const char *why_not = NULL;
        free(abs);
        /* The story header is judged against the headline wherever it
         * sits: as the range's start, or inside the first root (an
         * <article> holding the <h1>, while the header picture stands in
         * a box of its own before the article). */
        if (rendition)
            judge(&s, url, "img above the headline", n, i, i, sw, superseded);
        else if (url && !(why_not = in_story_header(c, i, header_anchor, sw, url, s.base)))
            judge(&s, url, "img in the story header", n, i, i, sw, superseded);
        if (!rendition && (!url || why_not)) {
            if (url && why_not && c->explain)
                fprintf(c->explain, "image e%d not a candidate above the headline %s (%s)\n", i,
                        url, why_not);
            free(url);
        }
    }
    for (int i = start; i < end && s.judged < MAX_CANDIDATES; i++)
        judge_element(&s, i, false);
    if (!s.best.url)
        judge_after_story(&s, last, end);

    free(para_of);
    for (size_t i = 0; i < s.n_seen; i++)
        free(s.seen[i]);
    free(s.seen);
    for (size_t i = 0; i < s.n_menu_files; i++)
        free(s.menu_files[i]);
    free(s.menu_files);
    for (size_t i = 0; i < c->doc->n_elems; i++)
        if (s.img_url_memo[i] != &no_image_url)
            free(s.img_url_memo[i]);
    free(s.img_url_memo);
    for (size_t m = 0; m < n_meta_images; m++)
        free(s.meta_keys[m]);
    free(s.meta_keys);
    free(s.page_h1);
    *images = s.list;
    *n_images = s.n_list;
    if (!s.best.url)
        return declared_only(c, meta, declared);
    /* A declared image that no candidate renders, against a best candidate
     * outside the lead position: the reader sees no picture at the top of
     * the story, so the publisher's declared picture is the lead (without
     * a box).  Measured on both corpora: the picks this replaces were
     * graphics, maps and in-story photos further down the page. */
    /* The story's first picture keeps the lead wherever it sits (a first
     * picture a few paragraphs down is the one Readability keeps), unless
     * its size is known to be small: an area under AREA_UNKNOWN (the
     * size assumed for an image of unknown size), as a logo in a product
     * list (a 200x100 wordmark), a thumbnail or a badge has.  Such a
     * picture far down is no lead; the declared picture is. */
    bool best_first = s.best.order == 0.0 && s.best.area >= W_AREA * AREA_UNKNOWN / AREA_FULL;
    /* Nor when the page shows its declared picture as this story's own
     * (own_teaser_of_declared: its teaser in a list, or its featured
     * picture, linked to the page's own address): the exemption stands for
     * a page that says nothing of its picture, and this one says which it
     * is.  Measured on both corpora: a map far down the story against the
     * story's own teaser in a "most popular" list, a photo far down
     * against the featured picture shown at the headline in an <aside>. */
    int own_teaser = -1;
    if (best_first && s.best.declared == 0.0 && s.best.position == 0.0 &&
        !in_first_screen(&s, &s.best) && (own_teaser = own_teaser_of_declared(&s)) >= 0)
        best_first = false;
    bool best_in_view = best_first || /* the story's first picture */
                        in_first_screen(&s, &s.best);
    /* So is a declared picture whose own <img> in the page is hidden by the
     * page's style (a theme rule hiding the post's featured picture), when
     * no shown rendition of it leads: the page places it in the story, and
     * the DOM method, which sees no style, takes it; the best shown
     * candidate there was a figure further down (a chart, a screenshot). */
    const char *before_best = NULL, *after_best = NULL; /* why, around the best's URL */
    if (declared_picture(meta) && s.best.declared == 0.0 && s.declared_hidden) {
        before_best = "its rendition in the page is hidden by the page's style, and the best "
                      "candidate";
        after_best = "is not a rendition of it";
    } else if (own_teaser >= 0 && !best_in_view) {
        if (c->explain)
            fprintf(c->explain,
                    "image e%d shows the declared picture linked to the page's own address: the "
                    "page names it as this story's picture\n",
                    own_teaser);
        before_best = "the page shows it as this story's own picture, and the best candidate";
        after_best = "is the story's first picture, but is not a rendition of it and sits "
                     "outside the lead position and the first screen";
    } else if (declared_picture(meta) && s.best.declared == 0.0 && s.best.position == 0.0 &&
               !best_in_view) {
        before_best = "the best candidate";
        after_best = "is not a rendition of it and sits outside the lead position";
    }
    if (before_best) {
        if (c->explain)
            fprintf(c->explain, "lead image %s (declared, no box: %s %s %s)\n",
                    declared_picture(meta), before_best, s.best.url, after_best);
        free_candidate(&s.best);
        return declared_only(c, meta, declared);
    }
    sb_image *im = sb_xcalloc(1, sizeof *im);
    candidate *k = &s.best;
    im->url = k->url;
    im->caption = k->caption;
    im->alt = k->alt;
    im->credit = k->credit;
    im->width = k->width;
    im->height = k->height;
    im->has_box = k->has_box;
    im->box = k->box;
    im->declared = declared ? sb_xstrdup(declared) : NULL;
    if (c->explain)
        fprintf(c->explain, "lead image %s (declared %s)\n", im->url, declared ? declared : "none");
    return im;
}

static void image_fields_free(sb_image *im)
{
    free(im->url);
    free(im->declared);
    free(im->caption);
    free(im->alt);
    free(im->credit);
}

void sb_image_free(sb_image *im)
{
    if (!im)
        return;
    image_fields_free(im);
    free(im);
}

void sb_story_images_clear(sb_story *s)
{
    for (size_t i = 0; i < s->n_images; i++)
        image_fields_free(&s->images[i]);
    free(s->images);
    s->images = NULL;
    s->n_images = 0;
}
