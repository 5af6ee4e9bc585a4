/* fuzz_check.h: what every libFuzzer harness in tests/fuzz/ shares.
 *
 * A harness turns the fuzzer's bytes into one call of a storybox function
 * and then checks what the function promises (valid UTF-8, one-line
 * errors, lengths within bounds).  A broken promise aborts, so libFuzzer
 * saves the input as a crash like any sanitizer report.  Built only with
 * -DSTORYBOX_FUZZ=ON (scripts/fuzz.sh). */
#ifndef SB_FUZZ_CHECK_H
#define SB_FUZZ_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Aborts with a message naming the broken promise. */
#define FUZZ_REQUIRE(cond)                                                                      \
    do {                                                                                        \
        if (!(cond)) {                                                                          \
            fprintf(stderr, "%s:%d: promise broken: %s\n", __FILE__, __LINE__, #cond);          \
            abort();                                                                            \
        }                                                                                       \
    } while (0)

/* A NUL-terminated heap copy of the input (the C-string APIs need one). */
static inline char *fuzz_cstring(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    FUZZ_REQUIRE(s != NULL);
    if (size)
        memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* Strict UTF-8 (no overlong forms, surrogates or code points past
 * U+10FFFF), written here rather than taken from dom/utf8.h so that the
 * check does not share a bug with the code it checks. */
static inline bool fuzz_utf8_valid(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        unsigned c = s[i];
        size_t n;
        uint32_t cp, min;
        if (c < 0x80) {
            i++;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 2, cp = c & 0x1F, min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            n = 3, cp = c & 0x0F, min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            n = 4, cp = c & 0x07, min = 0x10000;
        } else {
            return false;
        }
        if (len - i < n)
            return false;
        for (size_t k = 1; k < n; k++) {
            if ((s[i + k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        i += n;
    }
    return true;
}

/* A string the library returns: NULL, or valid UTF-8 of bounded length. */
static inline void fuzz_check_utf8(const char *s)
{
    if (s)
        FUZZ_REQUIRE(fuzz_utf8_valid(s, strlen(s)));
}

#endif
