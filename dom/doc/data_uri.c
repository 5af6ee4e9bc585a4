#include "dom/doc/data_uri.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "dom/base/image_size.h"
#include "dom/base/strbuf.h"

static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static bool starts_ci(const char *s, size_t n, const char *word)
{
    size_t k = strlen(word);
    return n >= k && strncasecmp(s, word, k) == 0;
}

size_t sb_data_uri_keep(const char *uri, size_t len)
{
    /* The media type is short ("image/svg+xml;charset=utf-8;base64"); a
     * comma further on is in a payload of a malformed URI. */
    const char *comma = memchr(uri, ',', len < 256 ? len : 256);
    if (!comma)
        return len;
    size_t head = (size_t)(comma - uri) + 1;
    const char *m = comma;
    while (m > uri && is_ws(m[-1]))
        m--;
    if (m - uri < 12 || strncasecmp(m - 7, ";base64", 7) != 0)
        return head;
    unsigned char bytes[SB_IMAGE_BASE64_HEADER_BYTES];
    size_t n = sb_image_base64_decode(comma + 1, len - head, bytes, sizeof bytes);
    size_t need = sb_image_header_bytes(bytes, n);
    if (need == 0)
        return head;
    /* Whole groups of four characters: the prefix decodes on its own. */
    size_t chars = (need + 2) / 3 * 4, seen = 0, i = head;
    for (; i < len && seen < chars; i++)
        if (!is_ws(uri[i]))
            seen++;
    return i;
}

/* A scan over src; cuts move the bytes after them down in buf (NULL: the
 * scan only counts).  Bytes before `copied` are dealt with, and the kept
 * ones among them sit at buf[0..w); reads only go past `copied`, so
 * moving bytes down never overwrites what is still to be read. */
typedef struct {
    const char *src;
    char *buf; /* src itself (in place), another buffer, or NULL */
    size_t len, max, w, copied, cuts, removed;
} cutter;

/* Moves the kept bytes src[copied..copied+n) to buf[w..). */
static void keep_bytes(cutter *c, size_t n)
{
    if (c->buf + c->w != c->src + c->copied)
        memmove(c->buf + c->w, c->src + c->copied, n);
    c->w += n;
}

/* Cuts the data: URI src[from..to) down to the prefix sb_data_uri_keep
 * allows.  In a quoted CSS string (css_escapes) a backslash escapes the
 * byte after it, so the cut never falls between the two: a kept trailing
 * backslash would escape the closing quote, and the string would end
 * elsewhere on the next read. */
static void uri(cutter *c, size_t from, size_t to, bool css_escapes)
{
    if (to - from <= c->max)
        return;
    size_t keep = sb_data_uri_keep(c->src + from, to - from);
    if (css_escapes) {
        size_t i = from;
        while (i < from + keep)
            i += c->src[i] == '\\' ? 2 : 1;
        if (i > from + keep)
            keep--; /* the escape's backslash goes with the cut */
    }
    if (from + keep >= to)
        return;
    c->cuts++;
    c->removed += to - (from + keep);
    if (!c->buf)
        return;
    keep_bytes(c, from + keep - c->copied);
    c->copied = to;
}

static size_t finish(cutter *c)
{
    if (!c->buf)
        return c->len;
    keep_bytes(c, c->len - c->copied);
    return c->w;
}

/* The entity spellings of a quote a style="" attribute may use inside
 * url(): the value's own quote cannot appear there raw. */
static size_t entity_quote(const char *s, size_t n)
{
    static const char *const ents[] = {"&quot;", "&#34;",  "&#x22;", "&apos;",
                                       "&#39;",  "&#x27;", NULL};
    for (int i = 0; ents[i]; i++)
        if (starts_ci(s, n, ents[i]))
            return strlen(ents[i]);
    return 0;
}

/* Finds `needle` (k bytes, exact) in s[from..to); to when absent. */
static size_t find(const char *s, size_t from, size_t to, const char *needle, size_t k)
{
    for (size_t i = from; i + k <= to; i++)
        if (s[i] == needle[0] && memcmp(s + i, needle, k) == 0)
            return i;
    return to;
}

/* Every url(...) in CSS text s[from..to) whose value is a data: URI. */
static void css_range(cutter *c, size_t from, size_t to, bool in_attr)
{
    const char *s = c->src;
    for (size_t p = from; p + 4 <= to; p++) {
        if ((s[p] | 0x20) != 'u' || !starts_ci(s + p, to - p, "url("))
            continue;
        size_t q = p + 4;
        while (q < to && is_ws(s[q]))
            q++;
        if (q >= to)
            return;
        size_t us, ue, ent;
        if (s[q] == '"' || s[q] == '\'') {
            us = q + 1;
            ue = us;
            while (ue < to && s[ue] != s[q])
                ue += s[ue] == '\\' ? 2 : 1;
            if (ue >= to)
                return; /* no closing quote: its end is not certain */
        } else if (in_attr && (ent = entity_quote(s + q, to - q)) > 0) {
            us = q + ent;
            ue = find(s, us, to, s + q, ent);
            if (ue >= to)
                return;
        } else {
            us = q;
            const char *close = memchr(s + us, ')', to - us);
            if (!close)
                return;
            ue = (size_t)(close - s);
            while (ue > us && is_ws(s[ue - 1]))
                ue--;
        }
        if (starts_ci(s + us, ue - us, "data:"))
            uri(c, us, ue, s[q] == '"' || s[q] == '\'');
        p = ue;
    }
}

/* A srcset's candidates: a base64 data: URI ends at white space or a
 * comma (neither is in its alphabet); other payloads are left alone. */
static void srcset_range(cutter *c, size_t from, size_t to)
{
    const char *s = c->src;
    size_t p = from;
    while (p < to) {
        while (p < to && (is_ws(s[p]) || s[p] == ','))
            p++;
        size_t start = p;
        if (starts_ci(s + p, to - p, "data:")) {
            const char *comma = memchr(s + p, ',', to - p < 256 ? to - p : 256);
            if (comma && comma - (s + p) >= 12 && strncasecmp(comma - 7, ";base64", 7) == 0) {
                p = (size_t)(comma - s) + 1;
                while (p < to && !is_ws(s[p]) && s[p] != ',')
                    p++;
                uri(c, start, p, false);
            }
        }
        /* on to the next candidate: past its descriptors */
        while (p < to && s[p] != ',')
            p++;
    }
}

static void attr_value(cutter *c, const char *name, size_t name_len, size_t from, size_t to)
{
    const char *s = c->src;
    size_t p = from;
    while (p < to && is_ws(s[p]))
        p++;
    if (name_len == 6 && strncasecmp(name, "srcset", 6) == 0)
        srcset_range(c, p, to);
    else if (starts_ci(s + p, to - p, "data:"))
        uri(c, p, to, false);
    else if (name_len == 5 && strncasecmp(name, "style", 5) == 0)
        css_range(c, from, to, true);
}

/* The end of a raw-text element's content: the next "</name", or len. */
static size_t raw_text_end(const char *s, size_t i, size_t len, const char *name, size_t n)
{
    while (i < len) {
        const char *lt = memchr(s + i, '<', len - i);
        if (!lt)
            return len;
        i = (size_t)(lt - s);
        if (i + 2 + n <= len && s[i + 1] == '/' && strncasecmp(s + i + 2, name, n) == 0)
            return i;
        i++;
    }
    return len;
}

/* word is in lower case; its first letter is compared first (most tags
 * are none of the words asked about). */
static bool name_is(const char *name, size_t n, const char *word)
{
    return n && tolower((unsigned char)name[0]) == word[0] && strlen(word) == n &&
           strncasecmp(name, word, n) == 0;
}

static void scan_html(cutter *c)
{
    const char *s = c->src;
    size_t len = c->len, i = 0;
    static const char *const raw[] = {"script", "textarea", "title",    "xmp",
                                      "iframe", "noembed",  "noframes", NULL};
    while (i < len) {
        const char *lt = memchr(s + i, '<', len - i);
        if (!lt)
            return;
        i = (size_t)(lt - s) + 1;
        if (i < len && s[i] == '!' && starts_ci(s + i, len - i, "!--")) {
            i = find(s, i + 3, len, "-->", 3) + 3;
            continue;
        }
        if (i < len && (s[i] == '!' || s[i] == '/' || s[i] == '?')) {
            const char *gt = memchr(s + i, '>', len - i);
            i = gt ? (size_t)(gt - s) + 1 : len;
            continue;
        }
        if (i >= len || !isalpha((unsigned char)s[i]))
            continue;
        size_t name = i;
        while (i < len && !is_ws(s[i]) && s[i] != '/' && s[i] != '>')
            i++;
        size_t name_len = i - name;
        /* What the element is, decided before its attributes: cutting one
         * of them in place moves bytes down over the name. */
        bool is_style = name_is(s + name, name_len, "style");
        bool is_plaintext = name_is(s + name, name_len, "plaintext");
        const char *raw_name = NULL;
        for (int k = 0; raw[k] && !is_style && !is_plaintext; k++)
            if (name_is(s + name, name_len, raw[k])) {
                raw_name = raw[k];
                break;
            }
        /* Attributes, as the HTML tokenizer splits them. */
        for (;;) {
            while (i < len && (is_ws(s[i]) || s[i] == '/'))
                i++;
            if (i >= len)
                return;
            if (s[i] == '>') {
                i++;
                break;
            }
            size_t an = i++; /* a first '=' belongs to the name */
            while (i < len && !is_ws(s[i]) && s[i] != '/' && s[i] != '>' && s[i] != '=')
                i++;
            size_t an_len = i - an;
            while (i < len && is_ws(s[i]))
                i++;
            if (i >= len || s[i] != '=')
                continue;
            i++;
            while (i < len && is_ws(s[i]))
                i++;
            if (i < len && (s[i] == '"' || s[i] == '\'')) {
                const char *close = memchr(s + i + 1, s[i], len - i - 1);
                if (!close)
                    return; /* the page ends inside this value */
                size_t ve = (size_t)(close - s);
                attr_value(c, s + an, an_len, i + 1, ve);
                i = ve + 1;
            } else {
                size_t vs = i;
                while (i < len && !is_ws(s[i]) && s[i] != '>')
                    i++;
                attr_value(c, s + an, an_len, vs, i);
            }
        }
        if (is_style) {
            size_t end = raw_text_end(s, i, len, "style", 5);
            css_range(c, i, end, false);
            i = end;
        } else if (is_plaintext) {
            return;
        } else if (raw_name) {
            i = raw_text_end(s, i, len, raw_name, name_len);
        }
    }
}

size_t sb_data_uri_cut_html(char *html, size_t len, size_t max_uri)
{
    if (!html)
        return 0;
    cutter c = {html, html, len, max_uri, 0, 0, 0, 0};
    scan_html(&c);
    return finish(&c);
}

char *sb_data_uri_cut_html_copy(const char *html, size_t len, size_t max_uri, size_t *out_len)
{
    if (!html)
        return NULL;
    cutter dry = {html, NULL, len, max_uri, 0, 0, 0, 0};
    scan_html(&dry);
    if (!dry.cuts)
        return NULL;
    size_t n = len - dry.removed;
    char *copy = sb_xmalloc(n + 1);
    cutter c = {html, copy, len, max_uri, 0, 0, 0, 0};
    scan_html(&c);
    *out_len = finish(&c);
    copy[*out_len] = '\0';
    return copy;
}

size_t sb_data_uri_cut_css(char *css, size_t len, size_t max_uri)
{
    if (!css)
        return 0;
    cutter c = {css, css, len, max_uri, 0, 0, 0, 0};
    css_range(&c, 0, len, false);
    return finish(&c);
}

bool sb_data_uri_css_has_long(const char *css, size_t len, size_t max_uri)
{
    if (!css || len <= max_uri)
        return false;
    cutter c = {css, NULL, len, max_uri, 0, 0, 0, 0};
    css_range(&c, 0, len, false);
    return c.cuts > 0;
}
