/* sentences: splitting running text into sentences, as byte ranges.
 *
 * A sentence ends at '.', '!', '?', U+2026 (ellipsis), "...", or the CJK
 * terminators U+3002 U+FF01 U+FF1F U+FF0E, followed by space or end of text
 * (CJK terminators need no space).  Closing quotes and brackets after the
 * terminator stay with the sentence.  A period does not end a sentence after
 * a known abbreviation (Mr. Dr. e.g. etc. Jan. ...), an initial ("J. R. R.
 * Tolkien"), inside a number ("3.5", "1.000"), or when the next word starts
 * in lower case (so "... the U.S. economy" and "ca. 5 km" stay whole).
 * Paragraph breaks (a newline followed by optional spaces and another
 * newline) always end a sentence. */
#ifndef SB_SENTENCES_H
#define SB_SENTENCES_H

#include <stddef.h>

typedef struct sb_span {
    size_t start;  /* byte offset */
    size_t len;    /* byte length; leading/trailing white space excluded */
} sb_span;

typedef struct sb_spans {
    sb_span *v;
    size_t n, cap;
} sb_spans;

#define SB_SPANS_INIT {NULL, 0, 0}

/* Appends the sentences of text[0..len) to out (white-space-only stretches
 * produce nothing); returns how many were added.  A number opening a
 * sentence ("1. Take...") and a day before a month name ("19. Oktober")
 * keep their period. */
size_t sb_split_sentences(const char *text, size_t len, sb_spans *out);

/* Same, knowing the text's language (ISO code, "de-AT" accepted; NULL =
 * unknown): in languages that write ordinals with a period (de, da, no, fi,
 * cs, pl, hu, tr, ...) a 1-3 digit number's period never ends a sentence
 * before a word ("im 19. Jahrhundert"). */
size_t sb_split_sentences_lang(const char *text, size_t len, const char *lang, sb_spans *out);

void sb_spans_clear(sb_spans *s);
void sb_spans_free(sb_spans *s);

#endif
