/* meta: the page's own statements about its story -- <title>, Open Graph
 * and Twitter cards, JSON-LD (schema.org Article and friends), microdata,
 * <meta> names, <link rel> and <time> -- gathered into one record.
 *
 * Only generic signals are read (attribute names and schema.org
 * vocabulary), never site-specific markup.  Every field is trimmed with
 * whitespace collapsed, NULL when the page says nothing usable; dates are
 * normalised by dom/date.h, URLs resolved by dom/url.h. */
#ifndef SB_META_H
#define SB_META_H

#include <stddef.h>

#include "dom/doc/doc.h"

typedef struct sb_meta {
    /* Title candidates, each as the page gives it, and the pick among them:
     * JSON-LD headline, then og:title, twitter:title, <title>. */
    char *title;
    char *doc_title;      /* first HTML <title> */
    char *og_title;
    char *twitter_title;
    char *ld_headline;    /* headline (else name) of the JSON-LD article */
    char *ld_type;        /* @type of that JSON-LD object, e.g. "NewsArticle" */

    char *byline;         /* author names joined with ", ", "By " stripped */
    char *published;      /* ISO 8601 */
    char *modified;       /* ISO 8601 */
    char *site_name;
    char *language;       /* primary subtag, lower case: "en", "de" */
    char *description;
    char *canonical_url;  /* link rel=canonical, else og:url; resolved */
    char *base_href;      /* <base href> resolved against base_url */

    /* Lead image evidence, resolved, duplicates removed, best first:
     * og:image, twitter:image, JSON-LD image, <meta itemprop=image>,
     * link rel=image_src. */
    char **images;
    size_t n_images;
} sb_meta;

/* Fills *out (which need not be initialised) from the document.
 * `base_url` (may be NULL) is where the page came from; a <base href> in
 * the page takes precedence for resolving relative URLs, as in browsers. */
void sb_meta_extract(const sb_doc *doc, const char *base_url, sb_meta *out);

/* Frees the fields and zeroes the record (NULL is fine). */
void sb_meta_free(sb_meta *m);

/* Author-line clean-up shared with DOM bylines: collapses whitespace and
 * strips a leading "By", "Von", "Par", "Por", "Di", "Door", "Author:" ...
 * and surrounding punctuation.  Returns a malloc'd string, NULL when
 * nothing remains. */
char *sb_meta_clean_byline(const char *s);

/* Normalises a language tag: "en-US" -> "en", "pt_BR" -> "pt", "EN" ->
 * "en".  NULL when the tag is not a plausible language tag. */
char *sb_meta_language(const char *tag);

#endif
