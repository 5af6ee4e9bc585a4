/* markup_cap: keeps oversized markup from reaching the HTML parser.
 *
 * gumbo cannot be interrupted and holds every node, attribute and text
 * byte: a 12 MB page of 200,000 paragraphs takes 280 MB, a 64 MB one of
 * tags several GB, far past the per-page budget (README: 256 MB, 10 s up
 * to 64 MB of input).  Real pages stay far below both caps here (the
 * corpora's largest: 10,000 tags, 25,000 tags and attributes, 1.6 MB), so
 * a page over them is parsed only up to the tag where the first cap is
 * reached: its beginning, where a story starts, and the reason goes to
 * --explain. */
#ifndef SB_MARKUP_CAP_H
#define SB_MARKUP_CAP_H

#include <stddef.h>

/* Start tags plus attributes parsed at most (4 x the corpora's largest). */
#define SB_MAX_MARKUP_ITEMS 100000
/* Bytes of HTML parsed at most (10 x the corpora's largest). */
#define SB_MAX_MARKUP_BYTES ((size_t)16 * 1024 * 1024)

/* How many leading bytes of html to parse: len when it is within the caps,
 * else the offset of the '<' of the first tag past a cap (or, in text
 * without tags, the byte cap, moved back to a UTF-8 character boundary).
 * When it cuts, writes the reason as one line into why. */
size_t sb_markup_cap(const char *html, size_t len, size_t max_items, size_t max_bytes,
                     char *why, size_t whylen);

#endif
