/* depth_limit: keeps absurdly deep markup from reaching the HTML parser.
 *
 * gumbo's tree construction scans the stack of open elements for every tag,
 * so a page of 100,000 nested <div>s costs O(n * depth) (about 50 s).  Real
 * pages nest a few dozen levels; this pre-pass tokenises the bytes cheaply,
 * counts open container elements, and removes start tags (and their matching
 * end tags) that would nest deeper than the limit.  Their content stays, one
 * level up, so no text is lost. */
#ifndef SB_DEPTH_LIMIT_H
#define SB_DEPTH_LIMIT_H

#include <stddef.h>

#define SB_MAX_MARKUP_DEPTH 128

/* Returns a malloc'd copy with over-deep tags removed, or NULL when the
 * input needs no change (the common case: nothing is copied). */
char *sb_limit_markup_depth(const char *html, size_t len, size_t max_depth, size_t *out_len);

#endif
