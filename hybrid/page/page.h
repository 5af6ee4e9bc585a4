/* page: what every extraction method starts from.  The input bytes decoded
 * to UTF-8, parsed once with gumbo, the page's metadata read once (the DOM
 * step and the record both use it), and rendered to a box tree on demand
 * (the render is expensive, so only methods that need layout pay for it). */
#ifndef SB_PAGE_H
#define SB_PAGE_H

#include "storybox.h"
#include "dom/doc/doc.h"
#include "dom/doc/markup_cap.h"
#include "dom/doc/meta.h"
#include "layout/boxtree/boxtree.h"

typedef struct sb_page {
    /* The page as parsed: decoded UTF-8 after the markup caps, the
     * document's copy (doc->html), NUL-terminated. */
    const char *html;
    size_t len;
    char encoding[32];    /* what the bytes were decoded from */
    sb_doc *doc;
    sb_meta meta;         /* the page's metadata, read once (dom/doc/meta.h) */
    char *base_url;       /* option, else <base href>, else canonical/og:url */
    const sb_options *opt;
    /* sb_clock_ms() when sb_page_open began: the page's time budget
     * (opt->time_budget_ms, README "Per-page budgets") counts from here,
     * so decoding and parsing use up the render's share of it. */
    double opened_ms;
    sb_boxtree *boxes;    /* NULL until sb_page_render succeeds */
    char render_error[256];
    bool render_tried;
} sb_page;

/* Input bytes decoded at most: twice the markup byte cap (see page.c). */
#define SB_PAGE_DECODE_BYTES (2 * SB_MAX_MARKUP_BYTES + 65536)

/* Decodes and parses.  Returns NULL with a one-line reason in err. */
sb_page *sb_page_open(const void *bytes, size_t len, const sb_options *opt,
                      char *err, size_t errlen);
/* Lays the page out once; later calls return the cached tree or NULL.
 * The render and the layout steps after it get what is left of the page's
 * time budget; when nothing is left the page is not rendered (NULL, the
 * reason in render_error) and goes to the DOM step. */
const sb_boxtree *sb_page_render(sb_page *page);
void sb_page_free(sb_page *page);

/* An extraction method fills the story's text, title, lead image... and its
 * `method` field.  Metadata (byline, dates, site...) is filled by the caller
 * afterwards for every method from the same DOM, unless the method set it.
 * Returns 0, or -1 with story->error set. */
typedef int (*sb_method_fn)(sb_page *page, sb_story *story);

#endif
