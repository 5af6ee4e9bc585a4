/* stem: a per-context word stemmer over libstemmer (Snowball).
 *
 * libstemmer stemmers keep internal buffers and are not thread-safe, so
 * each sb_stem owns its own; create one per thread (sb_textctx does).
 * Languages are given as ISO 639-1 codes; a language without a Snowball
 * algorithm gives an identity stemmer, never NULL. */
#ifndef SB_STEM_H
#define SB_STEM_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sb_stem sb_stem;

/* Snowball algorithm name for an ISO code ("en" -> "english", "en-GB" too),
 * or NULL when there is none. */
const char *sb_stem_algorithm(const char *lang);

/* New stemmer for lang (NULL or unknown: identity). */
sb_stem *sb_stem_new(const char *lang);
void sb_stem_free(sb_stem *st);

/* True when the stemmer actually stems (not identity). */
bool sb_stem_active(const sb_stem *st);

/* Stems one lower-cased UTF-8 word.  The result is valid until the next call
 * on this stemmer; *out_len receives its length (may be NULL).  Identity
 * stemmers return the input pointer itself. */
const char *sb_stem_word(sb_stem *st, const char *word, size_t len, size_t *out_len);

#endif
