#include "hybrid/input/mhtml.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/base/strbuf.h"

/* A part's header block beyond this is not a MIME header. */
#define MAX_HEADER_BYTES ((size_t)64 * 1024)

/* The headers of one entity that matter here, unfolded. */
typedef struct headers {
    char *content_type; /* the whole value */
    char *encoding;     /* Content-Transfer-Encoding */
    char *location;
    char *content_id;
} headers;

static void headers_clear(headers *h)
{
    free(h->content_type);
    free(h->encoding);
    free(h->location);
    free(h->content_id);
    *h = (headers){0};
}

bool sb_is_mhtml_path(const char *path)
{
    if (!path)
        return false;
    size_t n = strlen(path);
    if (n > 3 && strcasecmp(path + n - 3, ".gz") == 0)
        n -= 3;
    return (n > 6 && strncasecmp(path + n - 6, ".mhtml", 6) == 0) ||
           (n > 4 && strncasecmp(path + n - 4, ".mht", 4) == 0);
}

/* Where the line starting at `pos` ends (at its '\n', or len). */
static size_t line_end(const char *s, size_t len, size_t pos)
{
    const char *nl = memchr(s + pos, '\n', len - pos);
    return nl ? (size_t)(nl - s) : len;
}

/* True when the line s[a..b) is empty (only a '\r'). */
static bool blank_line(const char *s, size_t a, size_t b)
{
    return b == a || (b == a + 1 && s[a] == '\r');
}

static bool starts_with_ci(const char *s, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && strncasecmp(s, prefix, k) == 0;
}

bool sb_mhtml_sniff(const void *bytes, size_t len)
{
    const char *s = bytes;
    size_t limit = len < 8192 ? len : 8192;
    size_t pos = 0;
    while (pos < limit && (s[pos] == '\r' || s[pos] == '\n' || s[pos] == ' ' || s[pos] == '\t'))
        pos++;
    while (pos < limit) {
        size_t e = line_end(s, limit, pos);
        if (blank_line(s, pos, e))
            return false;
        if (starts_with_ci(s + pos, e - pos, "MIME-Version:"))
            return true;
        if (starts_with_ci(s + pos, e - pos, "Content-Type:")) {
            size_t v = pos + 13;
            while (v < e && (s[v] == ' ' || s[v] == '\t'))
                v++;
            if (starts_with_ci(s + v, e - v, "multipart/"))
                return true;
        }
        /* a header line is "Name: value" or a folded continuation */
        if (s[pos] != ' ' && s[pos] != '\t') {
            const char *colon = memchr(s + pos, ':', e - pos);
            if (!colon)
                return false;
            for (const char *c = s + pos; c < colon; c++)
                if (*c <= ' ' || *c >= 0x7f)
                    return false;
        }
        pos = e + 1;
    }
    return false;
}

/* A header value with its folds joined and outer white space trimmed. */
static char *trimmed(const char *s, size_t n)
{
    while (n && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r'))
        n--;
    char *out = sb_xstrndup(s, n);
    /* control characters (the folds' line breaks) become spaces */
    for (char *c = out; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = ' ';
    return out;
}

/* Reads the header block at s[pos..len) into *h; *body is where the body
 * starts.  Returns false when the block has no end (a cut-off part) or is
 * too long. */
static bool read_headers(const char *s, size_t len, size_t pos, headers *h, size_t *body)
{
    size_t start = pos;
    char **slot = NULL;
    sb_buf value = SB_BUF_INIT;
    bool ok = false;
    for (;;) {
        if (pos >= len || pos - start > MAX_HEADER_BYTES)
            break;
        size_t e = line_end(s, len, pos);
        bool folded = s[pos] == ' ' || s[pos] == '\t';
        if (!folded || blank_line(s, pos, e)) {
            if (slot && !*slot)
                *slot = trimmed(value.data ? value.data : "", value.len);
            slot = NULL;
            sb_buf_clear(&value);
        }
        if (blank_line(s, pos, e)) {
            *body = e < len ? e + 1 : len;
            ok = true;
            break;
        }
        if (folded) {
            if (slot)
                sb_buf_append(&value, s + pos, e - pos);
        } else {
            const char *colon = memchr(s + pos, ':', e - pos);
            if (colon) {
                size_t name_len = (size_t)(colon - (s + pos));
                static const struct {
                    const char *name;
                    size_t off;
                } known[] = {{"content-type", offsetof(headers, content_type)},
                             {"content-transfer-encoding", offsetof(headers, encoding)},
                             {"content-location", offsetof(headers, location)},
                             {"content-id", offsetof(headers, content_id)}};
                for (size_t i = 0; i < sizeof known / sizeof *known; i++)
                    if (name_len == strlen(known[i].name) &&
                        strncasecmp(s + pos, known[i].name, name_len) == 0)
                        slot = (char **)((char *)h + known[i].off);
                if (slot)
                    sb_buf_append(&value, colon + 1, (size_t)(s + e - colon - 1));
            }
        }
        if (e >= len)
            break;
        pos = e + 1;
    }
    sb_buf_free(&value);
    return ok;
}

/* The media type of a Content-Type value, lower case ("" when none). */
static char *media_type(const char *ct)
{
    if (!ct)
        return sb_xstrdup("");
    size_t n = strcspn(ct, "; \t");
    char *t = sb_xstrndup(ct, n);
    for (char *c = t; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return t;
}

/* A parameter of a Content-Type value ("boundary", "charset"), unquoted,
 * or NULL. */
static char *param(const char *ct, const char *name)
{
    if (!ct)
        return NULL;
    size_t k = strlen(name);
    const char *p = strchr(ct, ';');
    while (p) {
        p++;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncasecmp(p, name, k) == 0) {
            const char *v = p + k;
            while (*v == ' ' || *v == '\t')
                v++;
            if (*v == '=') {
                v++;
                while (*v == ' ' || *v == '\t')
                    v++;
                size_t n;
                if (*v == '"') {
                    v++;
                    const char *q = strchr(v, '"');
                    n = q ? (size_t)(q - v) : strlen(v);
                } else {
                    n = strcspn(v, "; \t");
                }
                return n ? sb_xstrndup(v, n) : NULL;
            }
        }
        /* skip a quoted value that may hold ';' */
        bool quoted = false;
        while (*p && (quoted || *p != ';')) {
            if (*p == '"')
                quoted = !quoted;
            p++;
        }
        p = *p ? p : NULL;
    }
    return NULL;
}

static int hex_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (unsigned char)tolower(c);
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

/* Quoted-printable into out (at most n bytes written). */
static size_t decode_qp(const unsigned char *s, size_t n, unsigned char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '=') {
            out[o++] = s[i];
            continue;
        }
        if (i + 1 < n && s[i + 1] == '\n') { /* soft line break */
            i += 1;
        } else if (i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n') {
            i += 2;
        } else if (i + 2 < n && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
            out[o++] = (unsigned char)(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
            i += 2;
        } else {
            out[o++] = '='; /* not an escape: kept as written */
        }
    }
    return o;
}

/* Base64 into out, white space and stray characters skipped; stops at the
 * first '='. */
static size_t decode_base64(const unsigned char *s, size_t n, unsigned char *out)
{
    size_t o = 0;
    unsigned acc = 0;
    int bits = 0;
    for (size_t i = 0; i < n && s[i] != '='; i++) {
        unsigned char c = s[i];
        int v;
        if (c >= 'A' && c <= 'Z')
            v = c - 'A';
        else if (c >= 'a' && c <= 'z')
            v = c - 'a' + 26;
        else if (c >= '0' && c <= '9')
            v = c - '0' + 52;
        else if (c == '+' || c == '-')
            v = 62;
        else if (c == '/' || c == '_')
            v = 63;
        else
            continue;
        acc = (acc << 6) | (unsigned)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[o++] = (unsigned char)(acc >> bits);
            acc &= (1u << bits) - 1;
        }
    }
    return o;
}

typedef struct parser {
    sb_mhtml *m;
    size_t cap;
    char *err;
    size_t errlen;
} parser;

static int fail(parser *p, const char *msg)
{
    if (p->err && p->errlen)
        snprintf(p->err, p->errlen, "%s", msg);
    return -1;
}

static int add_part(parser *p, const headers *h, const char *body, size_t len)
{
    if (p->m->n_parts >= SB_MHTML_MAX_PARTS)
        return fail(p, "MHTML: too many parts (more than 10000)");
    if (p->m->n_parts == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 16;
        p->m->parts = sb_xrealloc(p->m->parts, p->cap * sizeof *p->m->parts);
    }
    sb_mhtml_part *part = &p->m->parts[p->m->n_parts++];
    *part = (sb_mhtml_part){0};
    part->type = media_type(h->content_type);
    part->charset = param(h->content_type, "charset");
    part->location = h->location && *h->location ? sb_xstrdup(h->location) : NULL;
    if (h->content_id && *h->content_id) {
        const char *id = h->content_id;
        size_t n = strlen(id);
        if (n >= 2 && id[0] == '<' && id[n - 1] == '>')
            part->content_id = sb_xstrndup(id + 1, n - 2);
        else
            part->content_id = sb_xstrdup(id);
    }
    part->data = sb_xmalloc(len + 1);
    const unsigned char *in = (const unsigned char *)body;
    if (h->encoding && strncasecmp(h->encoding, "quoted-printable", 16) == 0)
        part->len = decode_qp(in, len, part->data);
    else if (h->encoding && strncasecmp(h->encoding, "base64", 6) == 0)
        part->len = decode_base64(in, len, part->data);
    else {
        memcpy(part->data, body, len);
        part->len = len;
    }
    part->data[part->len] = '\0';
    return 0;
}

/* The next delimiter line "--boundary" at a line start in s[from..len), or
 * len. */
static size_t find_delimiter(const char *s, size_t len, size_t from, const char *boundary,
                             size_t blen)
{
    size_t pos = from;
    while (pos + 2 + blen <= len) {
        const char *hit = memchr(s + pos, '-', len - pos);
        if (!hit)
            return len;
        size_t at = (size_t)(hit - s);
        if (at + 2 + blen <= len && (at == 0 || s[at - 1] == '\n') && s[at + 1] == '-' &&
            memcmp(s + at + 2, boundary, blen) == 0)
            return at;
        pos = at + 1;
    }
    return len;
}

static int parse_entity(parser *p, const char *s, size_t len, int depth);

/* The parts of a multipart body s[0..len) with this boundary. */
static int parse_multipart(parser *p, const char *s, size_t len, const char *boundary, int depth)
{
    size_t blen = strlen(boundary);
    size_t at = find_delimiter(s, len, 0, boundary, blen);
    if (at >= len)
        return depth == 0 ? fail(p, "MHTML: no part starts with the message's boundary") : 0;
    for (;;) {
        size_t after = at + 2 + blen;
        if (after + 2 <= len && s[after] == '-' && s[after + 1] == '-')
            return 0; /* the closing delimiter */
        size_t start = line_end(s, len, after);
        if (start >= len)
            return 0; /* cut off after a delimiter */
        start++;
        size_t next = find_delimiter(s, len, start, boundary, blen);
        /* the line break before a delimiter belongs to it */
        size_t end = next;
        if (next < len) {
            if (end > start && s[end - 1] == '\n')
                end--;
            if (end > start && s[end - 1] == '\r')
                end--;
        }
        if (parse_entity(p, s + start, end - start, depth + 1) != 0)
            return -1;
        if (next >= len)
            return 0; /* no closing delimiter: the last part ends the file */
        at = next;
    }
}

/* One entity: headers, then a body or nested parts. */
static int parse_entity(parser *p, const char *s, size_t len, int depth)
{
    headers h = {0};
    size_t body = 0;
    int rc = 0;
    if (!read_headers(s, len, 0, &h, &body)) {
        headers_clear(&h);
        if (depth == 0)
            return fail(p, "MHTML: the message's header block has no end");
        return 0; /* a cut-off part: nothing to keep */
    }
    char *type = media_type(h.content_type);
    if (strncmp(type, "multipart/", 10) == 0) {
        char *boundary = param(h.content_type, "boundary");
        if (!boundary) {
            if (depth == 0)
                rc = fail(p, "MHTML: no boundary in the message's Content-Type");
        } else if (strlen(boundary) > 200) {
            if (depth == 0)
                rc = fail(p, "MHTML: boundary longer than 200 characters");
        } else if (depth < SB_MHTML_MAX_DEPTH) {
            rc = parse_multipart(p, s + body, len - body, boundary, depth);
        }
        free(boundary);
    } else if (depth == 0) {
        rc = fail(p, "not MHTML: the message's Content-Type is not multipart");
    } else {
        rc = add_part(p, &h, s + body, len - body);
    }
    free(type);
    headers_clear(&h);
    return rc;
}

int sb_mhtml_parse(const void *bytes, size_t len, sb_mhtml *m, char *err, size_t errlen)
{
    *m = (sb_mhtml){0};
    parser p = {m, 0, err, errlen};
    const char *s = bytes ? bytes : "";
    /* leading blank lines before the headers are tolerated */
    size_t skip = 0;
    while (skip < len && (s[skip] == '\r' || s[skip] == '\n'))
        skip++;
    if (parse_entity(&p, s + skip, len - skip, 0) != 0) {
        sb_mhtml_free(m);
        return -1;
    }
    for (size_t i = 0; i < m->n_parts; i++)
        if (strcmp(m->parts[i].type, "text/html") == 0 ||
            strcmp(m->parts[i].type, "application/xhtml+xml") == 0) {
            m->page = i;
            return 0;
        }
    sb_mhtml_free(m);
    fail(&p, "MHTML: no HTML part");
    return -1;
}

void sb_mhtml_free(sb_mhtml *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->n_parts; i++) {
        sb_mhtml_part *part = &m->parts[i];
        free(part->type);
        free(part->charset);
        free(part->location);
        free(part->content_id);
        free(part->data);
    }
    free(m->parts);
    *m = (sb_mhtml){0};
}

const sb_mhtml_part *sb_mhtml_find(const sb_mhtml *m, const char *url)
{
    if (!m || !url)
        return NULL;
    size_t n = strcspn(url, "#");
    /* "cid:ID" names a part by its Content-ID; any URL, that one too, may
     * also be a part's Content-Location */
    if (strncasecmp(url, "cid:", 4) == 0)
        for (size_t i = 0; i < m->n_parts; i++) {
            const sb_mhtml_part *part = &m->parts[i];
            if (part->content_id && strlen(part->content_id) == n - 4 &&
                strncmp(part->content_id, url + 4, n - 4) == 0)
                return part;
        }
    for (size_t i = 0; i < m->n_parts; i++) {
        const sb_mhtml_part *part = &m->parts[i];
        if (part->location && strlen(part->location) == n && strncmp(part->location, url, n) == 0)
            return part;
    }
    return NULL;
}

void *sb_mhtml_resource(void *ctx, const char *url, size_t max_len, size_t *len)
{
    const sb_mhtml_part *part = sb_mhtml_find(ctx, url);
    if (!part || part->len > max_len)
        return NULL;
    void *copy = sb_xmalloc(part->len + 1);
    memcpy(copy, part->data, part->len + 1);
    *len = part->len;
    return copy;
}
