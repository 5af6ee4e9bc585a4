#include "image_hints.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"

/* Case-insensitive search of needle in [h, h+n). */
static const char *find_ci(const char *h, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; k <= n && i <= n - k; i++) {
        size_t j = 0;
        while (j < k && tolower((unsigned char)h[i + j]) == tolower((unsigned char)needle[j]))
            j++;
        if (j == k)
            return h + i;
    }
    return NULL;
}

/* The tag starting at p ("<meta ...>") ends at the returned '>' (or end). */
static const char *tag_end(const char *p, const char *end)
{
    const char *q = memchr(p, '>', (size_t)(end - p));
    return q ? q + 1 : end;
}

static bool tag_is(const char *p, const char *end, const char *name)
{
    size_t k = strlen(name);
    if ((size_t)(end - p) < k + 2 || p[0] != '<')
        return false;
    for (size_t i = 0; i < k; i++)
        if (tolower((unsigned char)p[1 + i]) != name[i])
            return false;
    unsigned char after = (unsigned char)p[1 + k];
    return isspace(after) || after == '>' || after == '/';
}

char *sb_strip_image_hints(const char *bytes, size_t len, size_t *out_len)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_reserve(&b, len + 1);
    const char *p = bytes, *end = bytes + len;
    while (p < end) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (!lt) {
            sb_buf_append(&b, p, (size_t)(end - p));
            break;
        }
        sb_buf_append(&b, p, (size_t)(lt - p));
        const char *te = tag_end(lt, end);
        size_t tn = (size_t)(te - lt);
        bool drop = false;
        if (tag_is(lt, end, "meta"))
            drop = find_ci(lt, tn, "og:image") || find_ci(lt, tn, "twitter:image");
        else if (tag_is(lt, end, "link"))
            drop = find_ci(lt, tn, "image_src") != NULL;
        else if (tag_is(lt, end, "script") && find_ci(lt, tn, "ld+json")) {
            const char *close = find_ci(te, (size_t)(end - te), "</script");
            te = close ? tag_end(close, end) : end;
            drop = true;
        }
        if (!drop)
            sb_buf_append(&b, lt, (size_t)(te - lt));
        p = te;
    }
    *out_len = b.len;
    return sb_buf_steal(&b);
}

bool sb_body_shows_file(const char *bytes, size_t len, const char *url)
{
    if (!url)
        return false;
    size_t ulen = strcspn(url, "?#");
    const char *name = url + ulen;
    while (name > url && name[-1] != '/')
        name--;
    size_t nlen = (size_t)(url + ulen - name);
    if (nlen < SB_HINT_FILE_MIN)
        return false;
    char *file = sb_xstrndup(name, nlen);
    const char *end = bytes + len;
    const char *p = find_ci(bytes, len, "<body");
    bool found = false;
    while (p && p < end && !found) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (!lt)
            break;
        const char *te = tag_end(lt, end);
        if (tag_is(lt, end, "img") || tag_is(lt, end, "source"))
            found = find_ci(lt, (size_t)(te - lt), file) != NULL;
        p = te;
    }
    free(file);
    return found;
}
