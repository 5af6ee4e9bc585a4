/* json: iterative JSON parser.  See json.h for the accepted dialect.
 *
 * The parser keeps an explicit stack of open containers.  A new container is
 * attached to its parent as soon as it opens, so the partial tree is always
 * well formed and an error anywhere frees it with one sb_json_free. */
#include "dom/base/json.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

/* Objects with at least this many members get a sorted key index. */
#define INDEX_MIN_MEMBERS 12

typedef struct member_ix {
    const char *key;
    size_t idx;
} member_ix;

struct sb_json {
    sb_jtype type;
    bool b;
    double num;
    char *str;
    size_t str_len;
    sb_json **items;   /* array elements, or object values */
    char **keys;       /* object keys, parallel to items */
    size_t n, cap;
    member_ix *index;  /* large objects: members sorted by (key, idx) */
};

typedef struct parser {
    const char *start, *p, *end;
    unsigned flags;
    char *err;
    size_t err_size;
    bool failed;
    sb_buf scratch;
} parser;

static void fail(parser *ps, const char *msg)
{
    if (ps->failed)
        return;
    ps->failed = true;
    if (!ps->err || ps->err_size == 0)
        return;
    size_t line = 1, col = 1;
    for (const char *q = ps->start; q < ps->p && q < ps->end; q++) {
        if (*q == '\n') {
            line++;
            col = 1;
        } else if (((unsigned char)*q & 0xC0) != 0x80) {
            col++;
        }
    }
    snprintf(ps->err, ps->err_size, "JSON line %zu column %zu: %s", line, col, msg);
}

static sb_json *new_node(sb_jtype type)
{
    sb_json *v = sb_xcalloc(1, sizeof *v);
    v->type = type;
    return v;
}

static void append_member(sb_json *parent, char *key, sb_json *child)
{
    if (parent->n == parent->cap) {
        parent->cap = parent->cap ? parent->cap * 2 : 4;
        parent->items = sb_xrealloc(parent->items, parent->cap * sizeof *parent->items);
        if (parent->type == SB_JSON_OBJECT)
            parent->keys = sb_xrealloc(parent->keys, parent->cap * sizeof *parent->keys);
    }
    if (parent->type == SB_JSON_OBJECT)
        parent->keys[parent->n] = key;
    parent->items[parent->n++] = child;
}

static int member_cmp(const void *a, const void *b)
{
    const member_ix *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    if (c)
        return c;
    return (x->idx > y->idx) - (x->idx < y->idx);
}

static void build_index(sb_json *obj)
{
    if (obj->type != SB_JSON_OBJECT || obj->n < INDEX_MIN_MEMBERS)
        return;
    obj->index = sb_xmalloc(obj->n * sizeof *obj->index);
    for (size_t i = 0; i < obj->n; i++) {
        obj->index[i].key = obj->keys[i];
        obj->index[i].idx = i;
    }
    qsort(obj->index, obj->n, sizeof *obj->index, member_cmp);
}

void sb_json_free(sb_json *v)
{
    if (!v)
        return;
    /* Iterative: a worklist of nodes whose children are not yet queued. */
    size_t n = 0, cap = 16;
    sb_json **work = sb_xmalloc(cap * sizeof *work);
    work[n++] = v;
    while (n) {
        sb_json *cur = work[--n];
        for (size_t i = 0; i < cur->n; i++) {
            if (n == cap) {
                cap *= 2;
                work = sb_xrealloc(work, cap * sizeof *work);
            }
            work[n++] = cur->items[i];
            if (cur->keys)
                free(cur->keys[i]);
        }
        free(cur->items);
        free(cur->keys);
        free(cur->index);
        free(cur->str);
        free(cur);
    }
    free(work);
}

/* Skips whitespace and comments. */
static void skip_ws(parser *ps)
{
    while (ps->p < ps->end) {
        char c = *ps->p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
            ps->p++;
        } else if (c == '/' && ps->p + 1 < ps->end && ps->p[1] == '/') {
            while (ps->p < ps->end && *ps->p != '\n')
                ps->p++;
        } else if (c == '/' && ps->p + 1 < ps->end && ps->p[1] == '*') {
            const char *q = ps->p + 2;
            while (q + 1 < ps->end && !(q[0] == '*' && q[1] == '/'))
                q++;
            ps->p = (q + 1 < ps->end) ? q + 2 : ps->end;
        } else if ((unsigned char)c == 0xC2 && ps->p + 1 < ps->end &&
                   (unsigned char)ps->p[1] == 0xA0) {
            ps->p += 2; /* NBSP pasted into JSON-LD */
        } else if (c == '<' || c == ']' || c == '-') {
            /* CDATA and HTML comment wrappers around script contents.  None
             * can start a JSON token here, so skipping them is safe. */
            static const char *const wrappers[] = {"<![CDATA[", "]]>", "<!--", "-->"};
            size_t k;
            for (k = 0; k < 4; k++) {
                size_t n = strlen(wrappers[k]);
                if ((size_t)(ps->end - ps->p) >= n && memcmp(ps->p, wrappers[k], n) == 0) {
                    ps->p += n;
                    break;
                }
            }
            if (k == 4)
                break;
        } else {
            break;
        }
    }
}

static int hex_val(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads 4 hex digits at q; -1 if they are not all there. */
static int32_t read_hex4(const char *q, const char *end)
{
    if (end - q < 4)
        return -1;
    int32_t v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_val(q[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

typedef struct named_entity {
    const char *name;
    uint32_t cp;
} named_entity;

/* The references seen in escaped JSON-LD; sorted by name for bsearch. */
static const named_entity entities[] = {
    {"amp", '&'},      {"apos", '\''},    {"bull", 0x2022},  {"copy", 0xA9},
    {"euro", 0x20AC},  {"gt", '>'},       {"hellip", 0x2026}, {"laquo", 0xAB},
    {"ldquo", 0x201C}, {"lsquo", 0x2018}, {"lt", '<'},       {"mdash", 0x2014},
    {"middot", 0xB7},  {"nbsp", 0xA0},    {"ndash", 0x2013}, {"quot", '"'},
    {"raquo", 0xBB},   {"rdquo", 0x201D}, {"reg", 0xAE},     {"rsquo", 0x2019},
    {"trade", 0x2122},
};

/* Decodes a character reference starting at q ('&').  Returns the code point
 * and sets *len to the bytes consumed, or -1 when it is not a reference. */
static int32_t decode_entity(const char *q, const char *end, size_t *len)
{
    const char *s = q + 1;
    if (s < end && *s == '#') {
        s++;
        int base = 10;
        if (s < end && (*s == 'x' || *s == 'X')) {
            base = 16;
            s++;
        }
        uint32_t v = 0;
        const char *digits = s;
        while (s < end && s - digits < 8) {
            int h = hex_val(*s);
            if (h < 0 || h >= base)
                break;
            v = v * (uint32_t)base + (uint32_t)h;
            s++;
        }
        if (s == digits || s >= end || *s != ';')
            return -1;
        *len = (size_t)(s + 1 - q);
        if (v == 0 || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
            return SB_UTF8_REPLACEMENT;
        return (int32_t)v;
    }
    char name[8];
    size_t n = 0;
    while (s < end && n < sizeof name - 1 && ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
        name[n++] = *s++;
    name[n] = '\0';
    if (n == 0 || s >= end || *s != ';')
        return -1;
    size_t lo = 0, hi = sizeof entities / sizeof entities[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(name, entities[mid].name);
        if (c == 0) {
            *len = (size_t)(s + 1 - q);
            return (int32_t)entities[mid].cp;
        }
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

/* Whether a quote followed by q..end can end a string: in valid JSON a
 * string is always followed by one of , : } ] (after white space), by the
 * end of the text, or, leniently, by a comment or a trailing semicolon. */
static bool closes_string(const char *q, const char *end)
{
    while (q < end && (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r' || *q == '\f'))
        q++;
    return q >= end || *q == ',' || *q == ':' || *q == '}' || *q == ']' || *q == '/' ||
           *q == ';' || *q == '\0';
}

/* Parses a string starting at the opening quote (" or ').  Returns a
 * malloc'd NUL-terminated copy, or NULL after fail(). */
static char *parse_string(parser *ps, size_t *out_len)
{
    char quote = *ps->p++;
    sb_buf *b = &ps->scratch;
    sb_buf_clear(b);
    sb_buf_reserve(b, 16);
    for (;;) {
        if (ps->p >= ps->end) {
            fail(ps, "unterminated string");
            return NULL;
        }
        unsigned char c = (unsigned char)*ps->p;
        if (c == (unsigned char)quote) {
            if (closes_string(ps->p + 1, ps->end)) {
                ps->p++;
                break;
            }
            /* An unescaped quote inside the string ("a "quoted" word"):
             * valid JSON never gets here, sloppy JSON-LD often does. */
            sb_buf_putc(b, (char)c);
            ps->p++;
            continue;
        }
        if (c == '\\') {
            if (ps->p + 1 >= ps->end) {
                fail(ps, "unterminated string");
                return NULL;
            }
            char e = ps->p[1];
            ps->p += 2;
            switch (e) {
            case 'b': sb_buf_putc(b, '\b'); break;
            case 'f': sb_buf_putc(b, '\f'); break;
            case 'n': sb_buf_putc(b, '\n'); break;
            case 'r': sb_buf_putc(b, '\r'); break;
            case 't': sb_buf_putc(b, '\t'); break;
            case 'u': {
                int32_t cp = read_hex4(ps->p, ps->end);
                if (cp < 0) {
                    fail(ps, "bad \\u escape");
                    return NULL;
                }
                ps->p += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    int32_t lo = -1;
                    if (ps->end - ps->p >= 6 && ps->p[0] == '\\' && ps->p[1] == 'u')
                        lo = read_hex4(ps->p + 2, ps->end);
                    if (lo >= 0xDC00 && lo <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        ps->p += 6;
                    } else {
                        cp = SB_UTF8_REPLACEMENT;
                    }
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    cp = SB_UTF8_REPLACEMENT;
                }
                sb_utf8_append(b, (uint32_t)cp);
                break;
            }
            default:
                /* \" \\ \/ and, leniently, any other escaped character. */
                ps->p--;
                if ((unsigned char)e < 0x80) {
                    sb_buf_putc(b, e);
                    ps->p++;
                }
                break;
            }
            continue;
        }
        if (c == '&' && (ps->flags & SB_JSON_DECODE_ENTITIES)) {
            size_t n;
            int32_t cp = decode_entity(ps->p, ps->end, &n);
            if (cp >= 0) {
                sb_utf8_append(b, (uint32_t)cp);
                ps->p += n;
                continue;
            }
        }
        if (c < 0x80) {
            sb_buf_putc(b, (char)c);
            ps->p++;
            continue;
        }
        size_t n;
        int32_t cp = sb_utf8_decode(ps->p, (size_t)(ps->end - ps->p), &n);
        if (cp < 0)
            sb_utf8_append(b, SB_UTF8_REPLACEMENT);
        else
            sb_buf_append(b, ps->p, n);
        ps->p += n;
    }
    *out_len = b->len;
    return sb_xstrndup(b->data, b->len);
}

/* Exact powers of ten representable in a double. */
static const double exact_pow10[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/* Locale-independent number conversion (strtod would honour LC_NUMERIC). */
static bool parse_number(parser *ps, double *out)
{
    const char *q = ps->p;
    bool neg = false;
    if (q < ps->end && *q == '-') {
        neg = true;
        q++;
    }
    if (q >= ps->end || *q < '0' || *q > '9') {
        fail(ps, "bad number");
        return false;
    }
    uint64_t mant = 0;
    int digits = 0;  /* significant digits kept in mant */
    int exp10 = 0;
    bool leading_zero = (*q == '0');
    while (q < ps->end && *q >= '0' && *q <= '9') {
        if (digits < 19) {
            mant = mant * 10 + (uint64_t)(*q - '0');
            if (mant)
                digits++;
        } else {
            exp10++;
        }
        q++;
        if (leading_zero)
            break; /* "0" may not be followed by digits; checked below */
    }
    if (leading_zero && q < ps->end && *q >= '0' && *q <= '9') {
        fail(ps, "number with leading zero");
        return false;
    }
    if (q < ps->end && *q == '.') {
        q++;
        if (q >= ps->end || *q < '0' || *q > '9') {
            fail(ps, "bad fraction");
            return false;
        }
        while (q < ps->end && *q >= '0' && *q <= '9') {
            if (digits < 19) {
                mant = mant * 10 + (uint64_t)(*q - '0');
                if (mant)
                    digits++;
                exp10--;
            }
            q++;
        }
    }
    if (q < ps->end && (*q == 'e' || *q == 'E')) {
        q++;
        bool eneg = false;
        if (q < ps->end && (*q == '+' || *q == '-'))
            eneg = (*q++ == '-');
        if (q >= ps->end || *q < '0' || *q > '9') {
            fail(ps, "bad exponent");
            return false;
        }
        int e = 0;
        while (q < ps->end && *q >= '0' && *q <= '9') {
            if (e < 100000)
                e = e * 10 + (*q - '0');
            q++;
        }
        exp10 += eneg ? -e : e;
    }
    double v = (double)mant;
    if (mant == 0) {
        v = 0.0;
    } else if (exp10 >= 0 && exp10 <= 22 && mant < (1ull << 53)) {
        v *= exact_pow10[exp10];
    } else if (exp10 < 0 && exp10 >= -22 && mant < (1ull << 53)) {
        v /= exact_pow10[-exp10];
    } else if (exp10 > 400) {
        v = HUGE_VAL;
    } else if (exp10 < -400) {
        v = 0.0;
    } else {
        /* Extended precision keeps the result within an ulp of strtod's. */
        long double p10 = powl(10.0L, (long double)(exp10 < 0 ? -exp10 : exp10));
        v = (double)(exp10 < 0 ? (long double)mant / p10 : (long double)mant * p10);
    }
    *out = neg ? -v : v;
    ps->p = q;
    return true;
}

static bool match_word(parser *ps, const char *w)
{
    size_t n = strlen(w);
    if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, w, n) != 0)
        return false;
    ps->p += n;
    return true;
}

enum state { ST_VALUE, ST_VALUE_OR_CLOSE, ST_KEY_OR_CLOSE, ST_AFTER };

sb_json *sb_json_parse(const char *text, size_t len, unsigned flags, char *err,
                       size_t err_size)
{
    if (err && err_size)
        err[0] = '\0';
    if (!text) {
        parser none = {"", "", "", flags, err, err_size, false, SB_BUF_INIT};
        fail(&none, "no input");
        return NULL;
    }
    parser ps = {text, text, text + len, flags, err, err_size, false, SB_BUF_INIT};
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        ps.p += 3;

    sb_json *root = NULL;
    sb_json **stack = NULL;   /* open containers */
    size_t depth = 0, stack_cap = 0;
    char *pending_key = NULL; /* key read, value not yet attached */
    enum state st = ST_VALUE;

    while (!ps.failed) {
        skip_ws(&ps);
        if (st == ST_AFTER && depth == 0)
            break;
        if (ps.p >= ps.end) {
            fail(&ps, "unexpected end of input");
            break;
        }
        char c = *ps.p;
        sb_json *top = depth ? stack[depth - 1] : NULL;

        if (st == ST_AFTER) {
            if (c == ',') {
                ps.p++;
                st = top->type == SB_JSON_ARRAY ? ST_VALUE_OR_CLOSE : ST_KEY_OR_CLOSE;
            } else if ((c == ']' && top->type == SB_JSON_ARRAY) ||
                       (c == '}' && top->type == SB_JSON_OBJECT)) {
                ps.p++;
                build_index(top);
                depth--;
            } else {
                fail(&ps, top->type == SB_JSON_ARRAY ? "expected ',' or ']'"
                                                     : "expected ',' or '}'");
            }
            continue;
        }
        if (st == ST_KEY_OR_CLOSE) {
            if (c == '}') {
                ps.p++;
                build_index(top);
                depth--;
                st = ST_AFTER;
                continue;
            }
            if (c != '"' && c != '\'') {
                fail(&ps, "expected string key");
                continue;
            }
            size_t klen;
            pending_key = parse_string(&ps, &klen);
            if (!pending_key)
                continue;
            skip_ws(&ps);
            if (ps.p >= ps.end || *ps.p != ':') {
                fail(&ps, "expected ':'");
                continue;
            }
            ps.p++;
            st = ST_VALUE;
            continue;
        }
        if (st == ST_VALUE_OR_CLOSE && c == ']') {
            ps.p++;
            build_index(top);
            depth--;
            st = ST_AFTER;
            continue;
        }

        /* A value. */
        sb_json *v = NULL;
        bool opens = false;
        if (c == '{' || c == '[') {
            if (depth >= SB_JSON_MAX_DEPTH) {
                fail(&ps, "nesting too deep");
                continue;
            }
            v = new_node(c == '{' ? SB_JSON_OBJECT : SB_JSON_ARRAY);
            ps.p++;
            opens = true;
        } else if (c == '"' || c == '\'') {
            size_t slen;
            char *s = parse_string(&ps, &slen);
            if (!s)
                continue;
            v = new_node(SB_JSON_STRING);
            v->str = s;
            v->str_len = slen;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            double d;
            if (!parse_number(&ps, &d))
                continue;
            v = new_node(SB_JSON_NUMBER);
            v->num = d;
        } else if (match_word(&ps, "true")) {
            v = new_node(SB_JSON_BOOL);
            v->b = true;
        } else if (match_word(&ps, "false")) {
            v = new_node(SB_JSON_BOOL);
        } else if (match_word(&ps, "null")) {
            v = new_node(SB_JSON_NULL);
        } else {
            fail(&ps, "unexpected character");
            continue;
        }

        if (!top) {
            root = v;
        } else {
            append_member(top, pending_key, v);
            pending_key = NULL;
        }
        if (opens) {
            if (depth == stack_cap) {
                stack_cap = stack_cap ? stack_cap * 2 : 16;
                stack = sb_xrealloc(stack, stack_cap * sizeof *stack);
            }
            stack[depth++] = v;
            st = v->type == SB_JSON_ARRAY ? ST_VALUE_OR_CLOSE : ST_KEY_OR_CLOSE;
        } else {
            st = ST_AFTER;
        }
    }

    if (!ps.failed) {
        /* Trailing semicolons, whitespace and NULs are harmless. */
        while (ps.p < ps.end) {
            skip_ws(&ps);
            if (ps.p < ps.end && (*ps.p == ';' || *ps.p == '\0'))
                ps.p++;
            else
                break;
        }
        if (ps.p < ps.end)
            fail(&ps, "trailing characters after JSON value");
    }
    free(stack);
    free(pending_key);
    sb_buf_free(&ps.scratch);
    if (ps.failed) {
        sb_json_free(root);
        return NULL;
    }
    return root;
}

sb_json *sb_json_parse_file(const char *path, unsigned flags, char *err, size_t err_size)
{
    sb_buf b = SB_BUF_INIT;
    sb_read_status st = sb_read_file(path, 0, &b);
    if (st != SB_READ_OK) {
        if (err && err_size)
            snprintf(err, err_size, "cannot %s %s", st == SB_READ_CANNOT_OPEN ? "open" : "read",
                     path);
        sb_buf_free(&b);
        return NULL;
    }
    sb_json *v = sb_json_parse(b.data ? b.data : "", b.len, flags, err, err_size);
    sb_buf_free(&b);
    return v;
}

sb_jtype sb_json_type(const sb_json *v)
{
    return v ? v->type : SB_JSON_NULL;
}

size_t sb_json_len(const sb_json *v)
{
    if (!v || (v->type != SB_JSON_ARRAY && v->type != SB_JSON_OBJECT))
        return 0;
    return v->n;
}

const sb_json *sb_json_at(const sb_json *v, size_t i)
{
    if (!v || v->type != SB_JSON_ARRAY || i >= v->n)
        return NULL;
    return v->items[i];
}

const sb_json *sb_json_get(const sb_json *v, const char *key)
{
    if (!v || v->type != SB_JSON_OBJECT || !key)
        return NULL;
    if (!v->index) {
        for (size_t i = v->n; i-- > 0;)
            if (strcmp(v->keys[i], key) == 0)
                return v->items[i];
        return NULL;
    }
    /* Upper bound of key in (key, idx) order: the last duplicate precedes it. */
    size_t lo = 0, hi = v->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (strcmp(v->index[mid].key, key) <= 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo > 0 && strcmp(v->index[lo - 1].key, key) == 0)
        return v->items[v->index[lo - 1].idx];
    return NULL;
}

const char *sb_json_key_at(const sb_json *v, size_t i)
{
    if (!v || v->type != SB_JSON_OBJECT || i >= v->n)
        return NULL;
    return v->keys[i];
}

const sb_json *sb_json_value_at(const sb_json *v, size_t i)
{
    if (!v || v->type != SB_JSON_OBJECT || i >= v->n)
        return NULL;
    return v->items[i];
}

const char *sb_json_str(const sb_json *v)
{
    return (v && v->type == SB_JSON_STRING) ? v->str : NULL;
}

size_t sb_json_str_len(const sb_json *v)
{
    return (v && v->type == SB_JSON_STRING) ? v->str_len : 0;
}

double sb_json_num(const sb_json *v)
{
    return (v && v->type == SB_JSON_NUMBER) ? v->num : 0.0;
}

bool sb_json_bool(const sb_json *v)
{
    return v && v->type == SB_JSON_BOOL && v->b;
}

const char *sb_json_get_str(const sb_json *obj, const char *key)
{
    return sb_json_str(sb_json_get(obj, key));
}
