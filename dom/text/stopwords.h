/* stopwords: our own lists of the most common function words of English,
 * German, French, Spanish, Italian, Portuguese, Dutch, Russian and Turkish.
 *
 * Lists are compiled-in sorted arrays (by byte order of the lower-cased
 * UTF-8 word) searched with a binary search; nothing is built at run time,
 * so lookups are reentrant. */
#ifndef SB_STOPWORDS_H
#define SB_STOPWORDS_H

#include <stdbool.h>
#include <stddef.h>

/* Number of languages with a list; their codes are sb_stopword_lang(i). */
#define SB_STOPWORD_LANGS 9

/* ISO 639-1 code of list i (0 <= i < SB_STOPWORD_LANGS), else NULL. */
const char *sb_stopword_lang(int i);

/* Index of the list for a language code ("en", also "en-US", "EN"), or -1. */
int sb_stopword_lang_index(const char *lang);

/* True when the lower-cased UTF-8 word is a stopword of lang.  Unknown or
 * NULL lang: false. */
bool sb_is_stopword(const char *lang, const char *word);
bool sb_is_stopword_n(const char *lang, const char *word, size_t len);

/* Same, by list index (fast path for callers that resolved the language). */
bool sb_is_stopword_ix(int lang_index, const char *word, size_t len);

/* The sorted list itself (for tests and tools); NULL and *n = 0 if unknown. */
const char *const *sb_stopword_list(const char *lang, size_t *n);

#endif
