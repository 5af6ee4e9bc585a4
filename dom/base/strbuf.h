/* strbuf: a growable byte buffer, the one string builder every module uses.
 *
 * The buffer is always NUL-terminated after any append, so `data` can be
 * handed to C string functions directly.  Allocation failure aborts: storybox
 * treats out-of-memory as fatal rather than threading errors through every
 * append. */
#ifndef SB_STRBUF_H
#define SB_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct sb_buf {
    char *data;   /* NUL-terminated; NULL until the first append */
    size_t len;
    size_t cap;
} sb_buf;

#define SB_BUF_INIT {NULL, 0, 0}

void sb_buf_reserve(sb_buf *b, size_t extra);
void sb_buf_append(sb_buf *b, const char *s, size_t n);
void sb_buf_puts(sb_buf *b, const char *s);
void sb_buf_putc(sb_buf *b, char c);
void sb_buf_printf(sb_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sb_buf_vprintf(sb_buf *b, const char *fmt, va_list ap);
/* JSON string literal, quotes included; invalid UTF-8 is passed through. */
void sb_buf_json_string(sb_buf *b, const char *s);
void sb_buf_clear(sb_buf *b);
/* Hands the string to the caller (never NULL) and resets the buffer. */
char *sb_buf_steal(sb_buf *b);
void sb_buf_free(sb_buf *b);

/* Checked allocation helpers: abort on failure. */
void *sb_xmalloc(size_t n);
void *sb_xcalloc(size_t n, size_t size);
void *sb_xrealloc(void *p, size_t n);
char *sb_xstrdup(const char *s);
char *sb_xstrndup(const char *s, size_t n);

#endif
