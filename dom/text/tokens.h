/* tokens: splitting UTF-8 text into word tokens.
 *
 * A word is a maximal run of word code points (sb_is_word_cp, roughly the
 * regex \w: letters, marks, digits, underscore of every script), so
 * punctuation, hyphens and apostrophes separate words ("don't" is "don" +
 * "t").  Scripts written without spaces (Han, kana, Thai, ...) never join a
 * word of another script; by default a run of them is one token, and with
 * SB_TOK_SPLIT_UNSPACED each of their code points (with its combining marks)
 * is a token of its own.  Tokens are byte ranges into the caller's text.
 *
 * (Names are sb_wordtok*, not sb_token*: tools/eval/metrics.h has its own
 * hashed sb_tokens/sb_tokenize for scoring.) */
#ifndef SB_TOKENS_H
#define SB_TOKENS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sb_wordtok {
    size_t start;   /* byte offset into the text */
    size_t len;     /* byte length */
    bool unspaced;  /* made of unspaced-script code points (CJK, Thai...) */
} sb_wordtok;

typedef struct sb_wordtoks {
    sb_wordtok *v;
    size_t n, cap;
} sb_wordtoks;

#define SB_WORDTOKS_INIT {NULL, 0, 0}

/* Flags for sb_wordtok_split. */
#define SB_TOK_SPLIT_UNSPACED 1u
/* Tokens are exactly the matches of Python's re \w+ (sb_is_pyword_cp):
 * no script boundaries, no unspaced splitting, marks separate words.  For
 * scoring compatible with the reference tools; overrides the flag above. */
#define SB_TOK_PYTHON_W 2u

/* Appends the tokens of text[0..len) to out; returns how many were added.
 * Malformed UTF-8 bytes are separators. */
size_t sb_wordtok_split(const char *text, size_t len, unsigned flags, sb_wordtoks *out);

void sb_wordtoks_clear(sb_wordtoks *t);
void sb_wordtoks_free(sb_wordtoks *t);

/* Lower-cased copy of one token (caller frees). */
char *sb_wordtok_lower(const char *text, const sb_wordtok *tok);

/* Number of words in text: spaced-script tokens count one each, and every
 * unspaced-script code point counts as one word (the usual convention for
 * Chinese and Japanese word counts). */
size_t sb_count_words(const char *text, size_t len);

/* Number of runs of bytes between spaces, tabs and line breaks: a line's
 * words as printed, punctuation counted with its word ("Kontakt:", "|").
 * Cheaper and coarser than sb_count_words, for the shape of short lines. */
size_t sb_count_spaced_words(const char *text, size_t len);

#endif
