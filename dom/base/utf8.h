/* utf8: decoding and encoding of UTF-8, the Unicode character classes the
 * text toolkit needs (word characters, scripts) and simple lower-casing.
 *
 * Everything here is table driven and locale independent: no <ctype.h>, no
 * <wctype.h>, no global state, so results are identical on every machine and
 * in every thread. */
#ifndef SB_UTF8_H
#define SB_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom/base/strbuf.h"

#define SB_UTF8_REPLACEMENT 0xFFFDu

/* Decodes one code point from s[0..len).  Returns the code point and sets
 * *consumed to its byte length.  Malformed input (bad lead byte, truncated or
 * overlong sequence, surrogate, > U+10FFFF) returns -1 with *consumed = 1 so
 * the caller can resynchronise; len == 0 returns -1 with *consumed = 0. */
int32_t sb_utf8_decode(const char *s, size_t len, size_t *consumed);

/* Encodes cp (invalid values become U+FFFD) into out; returns 1..4. */
size_t sb_utf8_encode(uint32_t cp, char out[4]);

/* Appends the encoding of cp to b. */
void sb_utf8_append(sb_buf *b, uint32_t cp);

/* True when s[0..len) is well-formed UTF-8. */
bool sb_utf8_valid(const char *s, size_t len);

/* Number of code points, counting each malformed byte as one. */
size_t sb_utf8_count(const char *s, size_t len);

/* Length in bytes of the longest prefix of s[0..len) that is at most max
 * bytes and does not end inside a UTF-8 sequence (for clipped previews). */
size_t sb_utf8_prefix(const char *s, size_t len, size_t max);

/* Copy of s[0..len) with malformed bytes replaced by U+FFFD (caller frees). */
char *sb_utf8_sanitize_copy(const char *s, size_t len);

/* Older name of sb_utf8_sanitize_copy, kept for existing callers.  It is an
 * inline wrapper, not a linker symbol, because dom/encoding.h exports a
 * different sb_utf8_sanitize (buffer-appending); a file must not include
 * both headers while both names exist. */
static inline char *sb_utf8_sanitize(const char *s, size_t len)
{
    return sb_utf8_sanitize_copy(s, len);
}

/* Word characters, the Unicode \w of text extraction: letters, marks,
 * numbers (decimal digits, letter numbers like Roman numerals, other numbers
 * like superscripts and fractions) and connector punctuation (underscore).
 * Every ideograph, kana and hangul syllable is a word character. */
bool sb_is_word_cp(uint32_t cp);

/* Exactly the \w of Python's re module (str.isalnum() or '_'): like
 * sb_is_word_cp but WITHOUT combining marks and other connectors, so
 * "e\u0301" or Hindi vowel signs split words there.  Offered so text
 * metrics can tokenise the way the reference tools measured by the corpus
 * README do. */
bool sb_is_pyword_cp(uint32_t cp);

/* Letter or mark (not digit, not underscore). */
bool sb_is_alpha_cp(uint32_t cp);

/* Combining mark (general category M*). */
bool sb_is_mark_cp(uint32_t cp);

/* Decimal digit (general category Nd) in any script. */
bool sb_is_digit_cp(uint32_t cp);

/* White space: ASCII space/controls, NBSP, the U+2000 spaces, ideographic
 * space, line/paragraph separators, BOM / zero-width no-break space. */
bool sb_is_space_cp(uint32_t cp);

/* Code points of scripts written without spaces between words (Han, kana,
 * Thai, Lao, Khmer, Myanmar...).  Tokenisers treat each as a word of its
 * own so that a CJK paragraph is not one giant "word". */
bool sb_is_unspaced_script_cp(uint32_t cp);

/* Simple one-to-one lower-casing of every cased script (Unicode simple
 * case mapping, as Python's str.lower() for single code points).  Turkish:
 * U+0130 (capital I with dot) lower-cases to plain 'i', and 'I' to 'i' as
 * everywhere else -- language-neutral, so dotless U+0131 stays distinct.
 * Code points without a mapping are returned unchanged. */
uint32_t sb_lower_cp(uint32_t cp);

/* Appends the lower-cased form of s[0..len) to out (malformed bytes become
 * U+FFFD). */
void sb_utf8_lower_append(sb_buf *out, const char *s, size_t len);

/* Newly allocated lower-cased copy (caller frees). */
char *sb_utf8_lower(const char *s, size_t len);

/* Coarse script of a code point, for language guessing. */
typedef enum sb_script {
    SB_SCRIPT_OTHER = 0, /* digits, punctuation, symbols, unknown */
    SB_SCRIPT_LATIN,
    SB_SCRIPT_GREEK,
    SB_SCRIPT_CYRILLIC,
    SB_SCRIPT_ARMENIAN,
    SB_SCRIPT_HEBREW,
    SB_SCRIPT_ARABIC,
    SB_SCRIPT_DEVANAGARI,
    SB_SCRIPT_BENGALI,
    SB_SCRIPT_TAMIL,
    SB_SCRIPT_THAI,
    SB_SCRIPT_GEORGIAN,
    SB_SCRIPT_HANGUL,
    SB_SCRIPT_HIRAGANA_KATAKANA,
    SB_SCRIPT_HAN,
    SB_SCRIPT_COUNT
} sb_script;

sb_script sb_script_of(uint32_t cp);

#endif
