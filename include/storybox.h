/* storybox.h: the public API.
 *
 * One call turns the bytes of a saved web page into a story record:
 *
 *     sb_options opt;
 *     sb_options_init(&opt);
 *     opt.base_url = "https://example.com/news/1";
 *     sb_story *s = sb_extract(bytes, len, &opt);
 *     if (s->error) ... else puts(s->text);
 *     sb_story_free(s);
 *
 * The library is reentrant: it keeps no global mutable state, so threads
 * may extract different pages at the same time, each with its own options.
 * Every page is untrusted input; sb_extract never returns NULL and reports
 * a page it could not process through `error`. */
#ifndef STORYBOX_H
#define STORYBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "storybox_version.h"

/* SB_API marks the functions the shared library libstorybox exports: the
 * library is compiled with hidden visibility, so nothing else of it is
 * visible to programs that link it. */
#if defined(__GNUC__)
#define SB_API __attribute__((visibility("default")))
#else
#define SB_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, "MAJOR.MINOR.PATCH": the same string as
 * STORYBOX_VERSION of the header it was built with. */
SB_API const char *sb_version(void);

/* An axis-aligned rectangle in absolute page pixels (origin top-left).
 * dom/base/geom.h defines the same type under the same guard for the layers
 * below this API. */
#ifndef SB_RECT_DEFINED
#define SB_RECT_DEFINED
typedef struct sb_rect {
    int x, y, w, h;
} sb_rect;
#endif

/* Which sentences the similarity analysis may drop or add (LBNEST III). */
typedef enum sb_similarity {
    SB_SIM_OFF = 0,       /* keep every paragraph of the region */
    SB_SIM_SENTENCES = 1, /* drop unrelated sentences inside the region */
    SB_SIM_BLOCKS = 2     /* also add related blocks outside the region */
} sb_similarity;

/* The layout viewport widths every command accepts (--width), px: narrower
 * than a phone is not a layout pages are made for, and the renderer caps
 * wider viewports at 10000. */
#define SB_WIDTH_MIN 200
#define SB_WIDTH_MAX 10000

/* The largest page sb_extract takes, in bytes (after gzip and transfer
 * codings are undone): the per-page budgets (README: 256 MB peak RSS, 10 s
 * on one thread) are promised up to this size.  A larger page gets an
 * error record; the file and WARC readers stop reading at this size. */
#define SB_MAX_PAGE_BYTES ((size_t)64 * 1024 * 1024)

/* A resource provider: the bytes of the resource at `url` (a stylesheet a
 * page links or @imports), or NULL when it has none.  `url` is absolute
 * when the page has a base URL, else the path as resolved against "/".
 * The result is malloc'd (the library frees it with free()), at most
 * max_len bytes long (a longer one is refused), its length in *len.  It is
 * called from the extracting thread; nothing is ever fetched from the
 * network by the library itself. */
typedef void *(*sb_resource_fn)(void *ctx, const char *url, size_t max_len, size_t *len);

/* An image size provider: the intrinsic width and height of the image at
 * `url` (absolute as for sb_resource_fn), for an <img> the page gives no
 * size (the layout would otherwise give it a 300 x 150 box).  Returns true
 * with both set, false when the image is unknown.  ctx is the options'
 * resource_ctx. */
typedef bool (*sb_image_size_fn)(void *ctx, const char *url, int *width, int *height);

typedef struct sb_options {
    const char *method;   /* registered method name; NULL = "hybrid" */
    const char *base_url; /* resolves relative URLs; NULL = from the page */
    const char *source;   /* copied into the record's `source` (a path...) */
    int width;            /* layout viewport width in px, SB_WIDTH_MIN..
                             SB_WIDTH_MAX; 0 = 1280 */
    const char *css_dir;  /* local stylesheets for <link rel=stylesheet> */
    sb_resource_fn resource; /* NULL: none; asked before css_dir */
    void *resource_ctx;      /* passed to resource */
    int time_budget_ms;   /* per page, wall clock from decoding to layout; 0 = 10 s */
    sb_similarity similarity;
    FILE *explain;        /* non-NULL: human-readable decisions go here */
    const char *png_path; /* non-NULL: box overlay PNG of the page */
    bool png_region_only; /* the overlay shows the story region and a
                             margin around it, not the whole page */
    const char *params;   /* method parameters "key=value,key=value"; the
                             method documents its keys (e.g. next: sim, b) */
    const char *transport_charset; /* the charset label the HTTP header gave
                             (e.g. from a WARC record); NULL = none.  Ranks
                             below a byte order mark, above the page's <meta> */
    const char *warc_record_id; /* copied into the record's `warc_record_id` */
    sb_image_size_fn image_size; /* NULL: none; called with resource_ctx */
} sb_options;

SB_API void sb_options_init(sb_options *opt);

typedef struct sb_image {
    char *url;     /* what the reader sees, resolved against the base URL */
    char *declared; /* the page's declared image (og:image, twitter:image,
                       JSON-LD), resolved; NULL when it declares none.
                       When nothing acceptable is shown, url is a copy of
                       it and has_box is false. */
    char *caption; /* figcaption or nearest text below; may be NULL */
    char *alt;     /* may be NULL */
    char *credit;  /* picture credit named as such in its figure; may be NULL */
    int width, height; /* from attributes or layout; 0 when unknown */
    bool has_box;
    sb_rect box;
} sb_image;

/* What the extraction kept of the story's structure (dom/story/structure.h). */
typedef struct sb_structure sb_structure;

typedef struct sb_story {
    char *source;       /* the input: a path, or "FILE#OFFSET" for a WARC record */
    char *warc_record_id; /* WARC-Record-ID of the record; NULL for other input */
    char *url;          /* canonical URL or base URL; may be NULL */
    char *title;
    char *byline;
    char *published;    /* ISO 8601 */
    char *modified;
    char *site_name;
    char *language;
    char *description;
    char *standfirst;   /* the dek printed between headline and story; NULL when none */
    char *text;         /* paragraphs separated by "\n\n"; never NULL */
    /* The kinds of the text's blocks (subheadings, lists, quotes, tables)
     * and their links, for sb_story_to_markdown / sb_story_to_html; NULL
     * when the method does not keep them (the text is then read as plain
     * paragraphs).  Opaque. */
    sb_structure *structure;
    sb_image *lead_image;
    /* Every image of the story in reading order (lead image included),
     * with captions and credits that the text leaves out; NULL / 0 when
     * none or when the method does not list them. */
    sb_image *images;
    size_t n_images;
    char *method;       /* "hybrid", "hybrid-fallback", "dom", or a baseline */
    bool has_region;
    sb_rect region;
    char *error;        /* NULL on success: one line, no trailing newline */
} sb_story;

/* Extracts one page.  Never returns NULL. */
SB_API sb_story *sb_extract(const void *bytes, size_t len, const sb_options *opt);
SB_API void sb_story_free(sb_story *s);
/* Frees what a record holds and zeroes it, for records the caller owns
 * (on the stack, or filled by sb_dom_extract). */
SB_API void sb_story_clear(sb_story *s);
/* Frees an image record and what it holds (NULL is fine). */
SB_API void sb_image_free(sb_image *im);
/* Frees the record's images array and empties it. */
SB_API void sb_story_images_clear(sb_story *s);

/* Serialises the record as one JSON object (no trailing newline). */
SB_API char *sb_story_to_json(const sb_story *s, bool pretty);

/* The story as a Markdown document (GitHub-flavoured: pipe tables): the
 * headline as "# ", the standfirst in italics, the byline and date, the
 * body's subheadings, lists, quotes, tables and preformatted blocks, and
 * the images as ![alt](url) with their captions.  Markdown specials in the
 * page's text are escaped.  With `links`, hyperlinks are kept as
 * [text](url) (http, https and relative URLs only).  malloc'd, ending in
 * one newline; a record with `error` gives an empty document. */
SB_API char *sb_story_to_markdown(const sb_story *s, bool links);
/* The same structure as an HTML fragment: one <article> with h1, p, h2..h6,
 * ul/ol/li, blockquote, table, pre and figure/img/figcaption; every string
 * escaped, links (with `links`) only to http, https and relative URLs. */
SB_API char *sb_story_to_html(const sb_story *s, bool links);

/* The registered extraction methods (hybrid, dom and the seed baselines). */
typedef struct sb_method_info {
    const char *name;
    const char *summary;
    bool renders; /* lays the page out (slower) */
} sb_method_info;
SB_API size_t sb_method_count(void);
SB_API const sb_method_info *sb_method_at(size_t i);
SB_API const sb_method_info *sb_method_find(const char *name);

#ifdef __cplusplus
}
#endif
#endif
