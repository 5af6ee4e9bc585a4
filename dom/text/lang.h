/* lang: language codes -- normalising lang attributes and guessing the
 * language of a text from its script and stopword hits. */
#ifndef SB_LANG_H
#define SB_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* Normalises a lang / content-language value to a lower-case ISO 639 code:
 * "en-US" -> "en", "EN_gb" -> "en", " de " -> "de", "zh-Hant-TW" -> "zh",
 * "en-US, fr" -> "en".  Writes into out (NUL-terminated) and returns true
 * when the primary subtag is 2-3 ASCII letters; else out = "" and false. */
bool sb_lang_normalize(const char *value, char out[4]);

/* Guesses the language of text[0..len).  Texts in a script with one main
 * language map to it (Cyrillic -> "ru" unless Ukrainian-only letters
 * dominate -> "uk", Greek "el", Hebrew "he", Arabic "ar", Hangul "ko",
 * kana "ja", Han alone "zh", Thai "th", Devanagari "hi", Georgian "ka",
 * Armenian "hy", Bengali "bn", Tamil "ta").  Latin text is decided by
 * stopword hits among en de fr es it pt nl tr.  Returns a string literal,
 * or NULL when there is too little evidence. */
const char *sb_lang_guess(const char *text, size_t len);

#endif
