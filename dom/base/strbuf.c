#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void die_oom(void)
{
    fputs("storybox: out of memory\n", stderr);
    abort();
}

void *sb_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die_oom();
    return p;
}

void *sb_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        die_oom();
    return p;
}

void *sb_xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p)
        die_oom();
    return p;
}

char *sb_xstrdup(const char *s)
{
    return sb_xstrndup(s, strlen(s));
}

char *sb_xstrndup(const char *s, size_t n)
{
    char *p = sb_xmalloc(n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

void sb_buf_reserve(sb_buf *b, size_t extra)
{
    size_t need = b->len + extra + 1;
    if (need <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < need)
        cap *= 2;
    b->data = sb_xrealloc(b->data, cap);
    b->cap = cap;
    /* data is a C string from its first allocation on, even when the
     * caller reserves and then appends nothing (an empty input). */
    b->data[b->len] = '\0';
}

void sb_buf_append(sb_buf *b, const char *s, size_t n)
{
    sb_buf_reserve(b, n);
    if (n)
        memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void sb_buf_puts(sb_buf *b, const char *s)
{
    sb_buf_append(b, s, strlen(s));
}

void sb_buf_putc(sb_buf *b, char c)
{
    sb_buf_append(b, &c, 1);
}

void sb_buf_vprintf(sb_buf *b, const char *fmt, va_list ap)
{
    va_list ap2;
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap2);
    va_end(ap2);
    if (n < 0)
        return;
    sb_buf_reserve(b, (size_t)n);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    b->len += (size_t)n;
}

void sb_buf_printf(sb_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

/* Every string the library returns should be valid UTF-8 already (pages
 * are decoded and sanitised on the way in); the writer checks again so a
 * record is valid JSON whatever slipped through (a stray byte becomes
 * U+FFFD, as a browser shows it). */
void sb_buf_json_string(sb_buf *b, const char *s)
{
    sb_buf_putc(b, '"');
    const unsigned char *end = (const unsigned char *)s + strlen(s);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p >= 0x80) {
            size_t n;
            if (sb_utf8_decode((const char *)p, (size_t)(end - p), &n) < 0) {
                sb_buf_append(b, "\\ufffd", 6);
            } else {
                sb_buf_append(b, (const char *)p, n);
                p += n - 1;
            }
            continue;
        }
        switch (*p) {
        case '"': sb_buf_append(b, "\\\"", 2); break;
        case '\\': sb_buf_append(b, "\\\\", 2); break;
        case '\n': sb_buf_append(b, "\\n", 2); break;
        case '\r': sb_buf_append(b, "\\r", 2); break;
        case '\t': sb_buf_append(b, "\\t", 2); break;
        default:
            if (*p < 0x20)
                sb_buf_printf(b, "\\u%04x", *p);
            else
                sb_buf_putc(b, (char)*p);
        }
    }
    sb_buf_putc(b, '"');
}

void sb_buf_clear(sb_buf *b)
{
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
}

char *sb_buf_steal(sb_buf *b)
{
    char *s = b->data ? b->data : sb_xstrdup("");
    b->data = NULL;
    b->len = b->cap = 0;
    return s;
}

void sb_buf_free(sb_buf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
