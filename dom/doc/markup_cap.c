/* markup_cap.c: one pass over the bytes, counting start tags and their
 * attributes with a tokeniser far cheaper than the parser's (the count may
 * be a little high, inside scripts and comments, never much too low). */
#include "dom/doc/markup_cap.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool is_ascii_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* Back from `at` to the start of a UTF-8 character. */
static size_t char_boundary(const char *s, size_t at)
{
    while (at > 0 && ((unsigned char)s[at] & 0xC0) == 0x80)
        at--;
    return at;
}

/* The end of the start tag at html[i] ('<' and a letter): the offset just
 * past its '>' (or len), counting its attributes into *attrs. */
static size_t scan_tag(const char *html, size_t len, size_t i, size_t *attrs)
{
    i += 2;
    while (i < len && !is_space(html[i]) && html[i] != '>' && html[i] != '/')
        i++;
    char quote = 0;
    bool in_attr = false;
    for (; i < len; i++) {
        char c = html[i];
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '>') {
            return i + 1;
        } else if (c == '"' || c == '\'') {
            quote = c;
        } else if (is_space(c) || c == '/') {
            in_attr = false;
        } else if (c == '=') {
            in_attr = true; /* an unquoted value starts no attribute */
        } else if (!in_attr) {
            in_attr = true;
            (*attrs)++;
        }
    }
    return len;
}

size_t sb_markup_cap(const char *html, size_t len, size_t max_items, size_t max_bytes,
                     char *why, size_t whylen)
{
    /* Every item counted takes two bytes or more ("<a", or a separator and
     * a name), so a page of at most 2 * max_items bytes cannot pass the
     * count: most pages need no scan at all. */
    if (len <= max_bytes && len / 2 <= max_items)
        return len;
    size_t items = 0, i = 0;
    enum { NO_CUT, TOO_MANY, TOO_LONG } cut = NO_CUT;
    /* The bytes before max_bytes are looked at; past it the page is cut. */
    size_t limit = len < max_bytes ? len : max_bytes;
    while (i < len) {
        if (i >= max_bytes) {
            cut = TOO_LONG;
            break;
        }
        /* Straight to the next '<' (memchr, not a byte at a time: this
         * pass runs only on the largest pages); none before the limit
         * leaves i at the limit, which either ends the page or is cut
         * there, as the byte-at-a-time loop did. */
        if (html[i] != '<') {
            const char *lt = memchr(html + i, '<', limit - i);
            i = lt ? (size_t)(lt - html) : limit;
            continue;
        }
        if (i + 1 >= len || !is_ascii_alpha(html[i + 1])) {
            i++;
            continue;
        }
        size_t attrs = 0;
        size_t end = scan_tag(html, len, i, &attrs);
        if (items + 1 + attrs > max_items) {
            cut = TOO_MANY;
            break;
        }
        if (end > max_bytes) {
            cut = TOO_LONG;
            break;
        }
        items += 1 + attrs;
        i = end;
    }
    if (cut == NO_CUT)
        return len;
    size_t keep = html[i] == '<' ? i : char_boundary(html, i);
    if (why && whylen) {
        if (cut == TOO_MANY)
            snprintf(why, whylen,
                     "DOM cap: more than %zu tags and attributes: only the first %zu of %zu "
                     "bytes are parsed",
                     max_items, keep, len);
        else
            snprintf(why, whylen,
                     "DOM cap: more than %zu bytes of HTML: only the first %zu of %zu bytes are "
                     "parsed",
                     max_bytes, keep, len);
    }
    return keep;
}
