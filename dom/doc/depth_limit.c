#include "dom/doc/depth_limit.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

#include "dom/base/strbuf.h"

/* True when name (n bytes, any case, starting with a letter) is one of
 * names (lower case).  The first letter is compared before the length
 * and the rest: a strlen per listed name and tag was a third of this
 * pass. */
static bool name_in(const char *const *names, const char *name, size_t n)
{
    if (n == 0)
        return false;
    int first = tolower((unsigned char)name[0]);
    for (int i = 0; names[i]; i++)
        if (names[i][0] == first && strnlen(names[i], n + 1) == n &&
            strncasecmp(names[i], name, n) == 0)
            return true;
    return false;
}

/* Elements that never hold children, or that the parser closes implicitly
 * when a sibling opens: counting them would make flat pages look deep. */
static bool never_nests(const char *name, size_t n)
{
    static const char *const names[] = {
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link",
        "meta", "param", "source", "track", "wbr", "p", "li", "dt", "dd",
        "option", "optgroup", "tr", "td", "th", "tbody", "thead", "tfoot",
        "rb", "rt", "rp", "keygen", "frame", "basefont", "bgsound", "image",
        "html", "head", "body", NULL};
    return name_in(names, name, n);
}

static bool is_raw_text(const char *name, size_t n)
{
    static const char *const names[] = {"script", "style", "textarea", "title",
                                        "xmp", "iframe", "noembed", "noframes",
                                        "plaintext", NULL};
    return name_in(names, name, n);
}

/* Finds the end of a raw-text element's content: the next "</name". */
static const char *skip_raw_text(const char *p, const char *end, const char *name, size_t n)
{
    while (p + 2 + n <= end) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (!lt || lt + 2 + n > end)
            break;
        if (lt[1] == '/' && strncasecmp(lt + 2, name, n) == 0)
            return lt;
        p = lt + 1;
    }
    return end;
}

/* Suppressed start tags per name, so their end tags can be dropped too.  A
 * small linear table: pathological pages nest one or two tag names. */
typedef struct {
    char name[16];
    size_t count;
} suppressed;

char *sb_limit_markup_depth(const char *html, size_t len, size_t max_depth, size_t *out_len)
{
    /* Cheap exit: fewer tags than the limit cannot nest past it. */
    size_t tags = 0;
    for (size_t i = 0; i < len && tags <= max_depth; i++)
        tags += html[i] == '<';
    if (tags <= max_depth)
        return NULL;

    const char *p = html, *end = html + len, *copied = html;
    size_t depth = 0;
    suppressed sup[8];
    size_t n_sup = 0;
    sb_buf out = SB_BUF_INIT;
    bool changed = false;

    while (p < end) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (!lt)
            break;
        p = lt + 1;
        if (p < end && *p == '!') { /* comment, doctype, CDATA */
            const char *close = NULL;
            if (end - p >= 3 && p[1] == '-' && p[2] == '-') {
                for (const char *q = p + 3; q + 2 < end; q++)
                    if (q[0] == '-' && q[1] == '-' && q[2] == '>') {
                        close = q + 3;
                        break;
                    }
            } else {
                close = memchr(p, '>', (size_t)(end - p));
                if (close)
                    close++;
            }
            p = close ? close : end;
            continue;
        }
        bool closing = p < end && *p == '/';
        const char *name = p + closing;
        const char *q = name;
        while (q < end && (isalnum((unsigned char)*q) || *q == '-' || *q == ':' || *q == '_'))
            q++;
        size_t n = (size_t)(q - name);
        if (n == 0 || !isalpha((unsigned char)name[0]))
            continue;
        const char *gt = memchr(q, '>', (size_t)(end - q));
        const char *tag_end = gt ? gt + 1 : end;
        bool self_closing = gt && gt > q && gt[-1] == '/';

        if (closing) {
            bool dropped = false;
            for (size_t i = 0; i < n_sup; i++)
                if (sup[i].count && strlen(sup[i].name) == n &&
                    strncasecmp(sup[i].name, name, n) == 0) {
                    sup[i].count--;
                    dropped = true;
                    break;
                }
            if (dropped) {
                sb_buf_append(&out, copied, (size_t)(lt - copied));
                copied = tag_end;
                changed = true;
            } else if (!never_nests(name, n) && depth > 0) {
                depth--;
            }
        } else if (is_raw_text(name, n)) {
            tag_end = skip_raw_text(tag_end, end, name, n);
        } else if (!self_closing && !never_nests(name, n)) {
            if (depth >= max_depth && n < sizeof sup[0].name) {
                size_t i = 0;
                while (i < n_sup && !(strlen(sup[i].name) == n &&
                                      strncasecmp(sup[i].name, name, n) == 0))
                    i++;
                if (i == n_sup && n_sup < sizeof sup / sizeof sup[0]) {
                    memcpy(sup[i].name, name, n);
                    sup[i].name[n] = '\0';
                    sup[i].count = 0;
                    n_sup++;
                }
                if (i < n_sup) {
                    sup[i].count++;
                    sb_buf_append(&out, copied, (size_t)(lt - copied));
                    copied = tag_end;
                    changed = true;
                }
            } else {
                depth++;
            }
        }
        p = tag_end;
    }
    if (!changed) {
        sb_buf_free(&out);
        return NULL;
    }
    sb_buf_append(&out, copied, (size_t)(end - copied));
    *out_len = out.len;
    return sb_buf_steal(&out);
}
