/* seedtext: small text helpers shared by the seed-paper baselines (density,
 * N-EXT, TitleFinder, LBNEST): the text of a subtree as paragraphs, the
 * <title> text, and the page language for stopwords and stemming. */
#ifndef SB_SEEDTEXT_H
#define SB_SEEDTEXT_H

#include <stdbool.h>

#include "dom/doc/doc.h"
#include "dom/base/strbuf.h"

/* Appends the visible text under root as paragraphs separated by "\n\n":
 * block elements (p, div, li, td, h1..h6, br...) start and end paragraphs;
 * whitespace is collapsed and each paragraph trimmed; empty ones are
 * skipped.  `skip_links` leaves out the text inside <a> elements. */
void sb_seed_paragraphs(const GumboNode *root, bool skip_links, sb_buf *out);

/* Same, also leaving out the subtrees of DIV and TABLE elements below root
 * (the text a block owns directly, for N-EXT's own-text blocks). */
void sb_seed_paragraphs_own(const GumboNode *root, bool skip_links, sb_buf *out);

/* Text of the document's <title>, whitespace collapsed; "" when absent
 * (caller frees). */
char *sb_seed_title(const sb_doc *doc);

/* ISO 639-1 code of the page language: <html lang> when valid, else a guess
 * from the body text; NULL when neither says (neutral text processing).
 * Writes into out. */
const char *sb_seed_lang(const sb_doc *doc, char out[4]);

#endif
