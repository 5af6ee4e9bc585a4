/* lbnest: the DOM approach of LBNEST (seed paper 003, sections II.C and
 * III) on one story page.
 *
 *  - text: the content of the page's <p> elements (II.C.iii);
 *  - similarity: each sentence is compared with the headline by Simon
 *    White's ranking after stopword removal and stemming; a sentence is
 *    related when the ranking is > 0.20, and an unrelated sentence is kept
 *    when its neighbours are related (III.B);
 *  - image: the first <img> whose nearest text below it (the DOM searched
 *    downward only) belongs to the story (II.C.v).
 * The paper compares against the anchor text or teaser that led to the page;
 * a single saved page has none, so callers pass a headline
 * (hybrid/method_lbnest.c: TitleFinder's). */
#ifndef SB_LBNEST_H
#define SB_LBNEST_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/doc/doc.h"
#include "dom/text/similarity.h"

#define SB_LBNEST_MAX_IMAGES 200 /* images examined, in document order */

typedef struct sb_lbnest_result {
    char *text;            /* kept sentences, one paragraph per <p> run */
    size_t n_sentences, related, rescued;
    int image_elem;        /* element id of the chosen <img>, or -1 */
    char *image_url;       /* resolved against base_url; NULL if no image */
    char *image_alt;
    char *image_caption;   /* the nearest text below, unless it is itself
                              a story paragraph; may be NULL */
} sb_lbnest_result;

void sb_lbnest_extract(const sb_doc *doc, sb_textctx *ctx, const char *headline,
                       const char *base_url, double threshold, sb_lbnest_result *out);
void sb_lbnest_result_free(sb_lbnest_result *r);

#endif
