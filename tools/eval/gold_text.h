/* gold_text: the reading text of a gold-standard HTML fragment (Readability's
 * expected.html): visible text with one blank line between blocks, and the
 * first image, which serves as the gold lead image. */
#ifndef SB_EVAL_GOLD_TEXT_H
#define SB_EVAL_GOLD_TEXT_H

#include <stddef.h>

/* Returns the text (never NULL; caller frees): white space collapsed inside
 * a block, "\n\n" between blocks, "\n" for <br>.  When first_img is not
 * NULL it receives a copy of the first <img src> (unresolved) or NULL. */
char *sb_gold_html_text(const char *html, size_t len, char **first_img);

#endif
