#include "dom/base/url.h"
#include "dom/base/strbuf.h"

#include <stdlib.h>
#include <string.h>

/* One component of a split URL.  `has` distinguishes an empty component
 * from an absent one ("http://a/?" has an empty query, "http://a/" none),
 * which RFC 3986 recomposition must preserve. */
typedef struct {
    const char *s;
    size_t n;
    bool has;
} part;

typedef struct {
    part scheme, authority, path, query, fragment;
} url_parts;

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
}

/* Length of a valid scheme at s (before its ':'), 0 when there is none. */
static size_t scheme_len(const char *s)
{
    if (!s || !is_alpha(s[0]))
        return 0;
    size_t i = 1;
    while (is_alpha(s[i]) || is_digit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')
        i++;
    return s[i] == ':' ? i : 0;
}

bool sb_url_is_absolute(const char *s)
{
    return scheme_len(s) > 0;
}

/* The browser's clean-up of an attribute URL: strip leading and trailing
 * C0 controls and spaces, drop tabs and newlines anywhere. */
static char *clean_url(const char *s)
{
    size_t n = strlen(s);
    while (n && (unsigned char)s[0] <= ' ')
        s++, n--;
    while (n && (unsigned char)s[n - 1] <= ' ')
        n--;
    char *out = sb_xmalloc(n + 1), *w = out;
    for (size_t i = 0; i < n; i++)
        if (s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
            *w++ = s[i];
    *w = '\0';
    return out;
}

/* Splits by the RFC 3986 appendix B grammar; never fails. */
static void split_url(const char *s, url_parts *u)
{
    memset(u, 0, sizeof *u);
    size_t sl = scheme_len(s);
    if (sl) {
        u->scheme = (part){s, sl, true};
        s += sl + 1;
    }
    if (s[0] == '/' && s[1] == '/') {
        s += 2;
        size_t n = strcspn(s, "/?#");
        u->authority = (part){s, n, true};
        s += n;
    }
    size_t n = strcspn(s, "?#");
    u->path = (part){s, n, true};
    s += n;
    if (*s == '?') {
        s++;
        n = strcspn(s, "#");
        u->query = (part){s, n, true};
        s += n;
    }
    if (*s == '#') {
        s++;
        u->fragment = (part){s, strlen(s), true};
    }
}

/* Drops the last segment of `out` and its preceding '/'. */
static void pop_segment(sb_buf *out)
{
    while (out->len && out->data[out->len - 1] != '/')
        out->len--;
    if (out->len)
        out->len--;
    if (out->data)
        out->data[out->len] = '\0';
}

/* RFC 3986 5.2.4, appending the result to `out`. */
static void remove_dot_segments(const char *in, size_t n, sb_buf *out)
{
    sb_buf res = SB_BUF_INIT;
    sb_buf_append(&res, "", 0);
    const char *end = in + n;
    while (in < end) {
        size_t left = (size_t)(end - in);
        if (left >= 3 && !memcmp(in, "../", 3)) {
            in += 3;
        } else if (left >= 2 && !memcmp(in, "./", 2)) {
            in += 2;
        } else if (left >= 3 && !memcmp(in, "/./", 3)) {
            in += 2;
        } else if (left == 2 && !memcmp(in, "/.", 2)) {
            sb_buf_putc(&res, '/');
            break;
        } else if (left >= 4 && !memcmp(in, "/../", 4)) {
            pop_segment(&res);
            in += 3;
        } else if (left == 3 && !memcmp(in, "/..", 3)) {
            pop_segment(&res);
            sb_buf_putc(&res, '/');
            break;
        } else if ((left == 1 && in[0] == '.') || (left == 2 && !memcmp(in, "..", 2))) {
            break;
        } else {
            const char *seg = in + (in[0] == '/' ? 1 : 0);
            while (seg < end && *seg != '/')
                seg++;
            sb_buf_append(&res, in, (size_t)(seg - in));
            in = seg;
        }
    }
    sb_buf_append(out, res.data, res.len);
    sb_buf_free(&res);
}

static void put_part(sb_buf *b, const char *prefix, part p)
{
    if (!p.has)
        return;
    sb_buf_puts(b, prefix);
    sb_buf_append(b, p.s, p.n);
}

static bool scheme_is(part scheme, const char *name)
{
    size_t n = strlen(name);
    if (!scheme.has || scheme.n != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (lower(scheme.s[i]) != name[i])
            return false;
    return true;
}

/* Recomposes with a lower-case scheme (schemes are case-insensitive and
 * lower case is their canonical form). */
static void put_scheme(sb_buf *b, part scheme)
{
    if (!scheme.has)
        return;
    for (size_t i = 0; i < scheme.n; i++)
        sb_buf_putc(b, lower(scheme.s[i]));
    sb_buf_putc(b, ':');
}

char *sb_url_resolve(const char *base_in, const char *ref_in)
{
    if (!ref_in)
        return NULL;
    char *ref = clean_url(ref_in);
    url_parts r;
    split_url(ref, &r);
    if (scheme_is(r.scheme, "javascript")) {
        free(ref);
        return NULL;
    }
    if (scheme_is(r.scheme, "data"))
        return ref;

    char *base = clean_url(base_in ? base_in : "");
    url_parts b;
    split_url(base, &b);
    sb_buf out = SB_BUF_INIT;

    if (r.scheme.has) {
        put_scheme(&out, r.scheme);
        put_part(&out, "//", r.authority);
        remove_dot_segments(r.path.s, r.path.n, &out);
        put_part(&out, "?", r.query);
    } else if (!b.scheme.has && !b.authority.has) {
        /* Nothing to resolve against: the reference is all we know. */
        free(base);
        return ref;
    } else {
        put_scheme(&out, b.scheme);
        if (r.authority.has) {
            put_part(&out, "//", r.authority);
            remove_dot_segments(r.path.s, r.path.n, &out);
            put_part(&out, "?", r.query);
        } else {
            put_part(&out, "//", b.authority);
            if (r.path.n == 0) {
                sb_buf_append(&out, b.path.s, b.path.n);
                put_part(&out, "?", r.query.has ? r.query : b.query);
            } else {
                if (r.path.s[0] == '/') {
                    remove_dot_segments(r.path.s, r.path.n, &out);
                } else {
                    /* 5.2.3 merge: base path up to its last '/', or "/"
                     * when the base has an authority and no path. */
                    sb_buf merged = SB_BUF_INIT;
                    if (b.authority.has && b.path.n == 0) {
                        sb_buf_putc(&merged, '/');
                    } else {
                        size_t keep = b.path.n;
                        while (keep && b.path.s[keep - 1] != '/')
                            keep--;
                        sb_buf_append(&merged, b.path.s, keep);
                    }
                    sb_buf_append(&merged, r.path.s, r.path.n);
                    remove_dot_segments(merged.data, merged.len, &out);
                    sb_buf_free(&merged);
                }
                put_part(&out, "?", r.query);
            }
        }
    }
    put_part(&out, "#", r.fragment);
    free(base);
    free(ref);
    return sb_buf_steal(&out);
}

char *sb_url_host(const char *url_in)
{
    if (!url_in)
        return NULL;
    char *url = clean_url(url_in);
    url_parts u;
    split_url(url, &u);
    if (!u.authority.has) {
        free(url);
        return NULL;
    }
    const char *s = u.authority.s, *end = s + u.authority.n;
    for (const char *p = end; p > s; p--)
        if (p[-1] == '@') {
            s = p;
            break;
        }
    /* The port follows the last ':' unless that colon is inside an IPv6
     * literal ("[::1]:8080"). */
    const char *colon = NULL;
    for (const char *p = s; p < end; p++) {
        if (*p == ':')
            colon = p;
        else if (*p == ']')
            colon = NULL;
    }
    if (colon)
        end = colon;
    if (end > s && end[-1] == '.')
        end--;
    char *host = NULL;
    if (end > s) {
        host = sb_xstrndup(s, (size_t)(end - s));
        for (char *p = host; *p; p++)
            *p = lower(*p);
    }
    free(url);
    return host;
}

/* Parses a non-negative decimal number ("2", "1.5", ".5") filling exactly
 * [s, end); false when the text is anything else.  Locale-independent on
 * purpose: strtod would read "1,5" under some locales. */
static bool parse_decimal(const char *s, const char *end, double *out)
{
    double v = 0, scale = 1;
    bool digits = false, dot = false;
    for (; s < end; s++) {
        if (is_digit(*s)) {
            digits = true;
            if (dot) {
                scale /= 10;
                v += (*s - '0') * scale;
            } else {
                v = v * 10 + (*s - '0');
                if (v > 1e9) /* nonsense, but keep it finite */
                    v = 1e9;
            }
        } else if (*s == '.' && !dot) {
            dot = true;
        } else {
            return false;
        }
    }
    *out = v;
    return digits;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* The HTML "parse a srcset attribute" algorithm, simplified: a candidate
 * is a run of non-space characters (its URL; trailing commas end the
 * candidate) followed by descriptors up to a comma outside parentheses. */
char *sb_srcset_best(const char *srcset)
{
    if (!srcset)
        return NULL;
    const char *p = srcset;
    const char *best_w = NULL, *best_x = NULL;
    size_t best_w_len = 0, best_x_len = 0;
    double max_w = -1, max_x = -1;
    while (*p) {
        while (is_space(*p) || *p == ',')
            p++;
        if (!*p)
            break;
        const char *url = p;
        while (*p && !is_space(*p))
            p++;
        size_t url_len = (size_t)(p - url);
        bool no_descriptors = false;
        while (url_len && url[url_len - 1] == ',') {
            url_len--;
            no_descriptors = true;
        }
        double width = -1, density = 1;
        if (!no_descriptors) {
            int paren = 0;
            while (*p) {
                while (is_space(*p))
                    p++;
                if (!*p || *p == ',')
                    break;
                const char *d = p;
                while (*p && !is_space(*p) && !(*p == ',' && paren == 0)) {
                    if (*p == '(')
                        paren++;
                    else if (*p == ')' && paren > 0)
                        paren--;
                    p++;
                }
                if (p - d >= 2) {
                    double v;
                    char unit = lower(p[-1]);
                    if (unit == 'w' && parse_decimal(d, p - 1, &v))
                        width = v;
                    else if (unit == 'x' && parse_decimal(d, p - 1, &v))
                        density = v;
                }
            }
        }
        if (url_len == 0)
            continue;
        if (width >= 0) {
            if (width > max_w) {
                max_w = width;
                best_w = url;
                best_w_len = url_len;
            }
        } else if (density > max_x) {
            max_x = density;
            best_x = url;
            best_x_len = url_len;
        }
    }
    if (best_w)
        return sb_xstrndup(best_w, best_w_len);
    if (best_x)
        return sb_xstrndup(best_x, best_x_len);
    return NULL;
}
