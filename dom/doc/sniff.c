/* sniff.c: binary content and blank pages (see sniff.h). */
#include "dom/doc/sniff.h"

#include <gumbo.h>
#include <string.h>
#include <strings.h>

/* Random bytes (compressed images, encrypted data) hold about one binary
 * byte in nine, and by chance something like "<b " about once in two hundred
 * 512-byte starts; a page, even one with a stray control byte, has no more
 * than a few.  This many binary bytes other than NUL (UTF-16 text without a
 * byte order mark is half NULs) mean binary, markup or not. */
#define SB_SNIFF_MANY_BINARY 16

static bool is_binary_byte(unsigned char c)
{
    return c <= 0x08 || c == 0x0B || (c >= 0x0E && c <= 0x1A) || (c >= 0x1C && c <= 0x1F);
}

/* A byte that may end a tag name: white space, '>' or '/'. */
static bool ends_tag_name(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '>' || c == '/';
}

static bool is_ascii_letter(unsigned char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Whether text (NUL bytes already dropped) right after a '<' starts
 * markup: "!--", "!doctype", "?xml", or the name of a known HTML element
 * (optionally after '/') followed by the end of a tag name. */
static bool starts_markup(const unsigned char *s, size_t n)
{
    if (n >= 3 && memcmp(s, "!--", 3) == 0)
        return true;
    if (n >= 8 && strncasecmp((const char *)s, "!doctype", 8) == 0)
        return true;
    if (n >= 4 && strncasecmp((const char *)s, "?xml", 4) == 0)
        return true;
    size_t i = 0;
    if (n > 0 && s[0] == '/')
        i = 1;
    char name[16];
    size_t len = 0;
    while (i < n && len + 1 < sizeof name && (is_ascii_letter(s[i]) || (len > 0 && s[i] >= '1' && s[i] <= '6')))
        name[len++] = (char)s[i++];
    if (len == 0 || i >= n || !ends_tag_name(s[i]))
        return false;
    name[len] = '\0';
    return gumbo_tag_enum(name) != GUMBO_TAG_UNKNOWN;
}

bool sb_sniff_binary(const unsigned char *bytes, size_t len)
{
    if (!bytes || len == 0)
        return false;
    /* UTF-16 (FE FF, FF FE) and UTF-32 (FF FE 00 00, 00 00 FE FF) marks. */
    if (len >= 2 && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)))
        return false;
    if (len >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0xFE && bytes[3] == 0xFF)
        return false;

    size_t n = len < SB_SNIFF_BYTES ? len : SB_SNIFF_BYTES;
    size_t binary = 0, binary_not_nul = 0;
    for (size_t i = 0; i < n; i++) {
        if (is_binary_byte(bytes[i])) {
            binary++;
            binary_not_nul += bytes[i] != 0;
        }
    }
    if (binary == 0)
        return false;
    if (binary_not_nul >= SB_SNIFF_MANY_BINARY)
        return true;

    /* The leading bytes without their NULs, so that UTF-16 tags read as
     * ASCII. */
    unsigned char text[SB_SNIFF_BYTES];
    size_t t = 0;
    for (size_t i = 0; i < n; i++)
        if (bytes[i] != 0)
            text[t++] = bytes[i];
    for (size_t i = 0; i < t; i++)
        if (text[i] == '<' && starts_markup(text + i + 1, t - i - 1))
            return false;
    return true;
}

bool sb_only_white_space(const char *html, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)html[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')
            continue;
        /* a byte order mark left by the decoder, U+FEFF */
        if (c == 0xEF && i + 2 < len && (unsigned char)html[i + 1] == 0xBB &&
            (unsigned char)html[i + 2] == 0xBF) {
            i += 2;
            continue;
        }
        return false;
    }
    return true;
}
