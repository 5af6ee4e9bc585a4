#include "hybrid/page/params.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Narrows [*s, *e) by its leading and trailing spaces. */
static void trim_span(const char **s, const char **e)
{
    while (*s < *e && isspace((unsigned char)**s))
        (*s)++;
    while (*e > *s && isspace((unsigned char)(*e)[-1]))
        (*e)--;
}

const char *sb_param(const char *params, const char *key, char *buf, size_t n)
{
    if (!params || !key || !buf || n == 0)
        return NULL;
    size_t klen = strlen(key);
    const char *found = NULL, *found_end = NULL;
    const char *p = params;
    while (*p) {
        const char *item_end = strchr(p, ',');
        if (!item_end)
            item_end = p + strlen(p);
        const char *eq = memchr(p, '=', (size_t)(item_end - p));
        const char *ks = p, *ke = eq ? eq : item_end;
        trim_span(&ks, &ke);
        if ((size_t)(ke - ks) == klen && memcmp(ks, key, klen) == 0) {
            const char *vs = eq ? eq + 1 : item_end, *ve = item_end;
            trim_span(&vs, &ve);
            found = vs;
            found_end = ve;
        }
        p = *item_end ? item_end + 1 : item_end;
    }
    if (!found)
        return NULL;
    size_t vlen = (size_t)(found_end - found);
    if (vlen >= n)
        vlen = n - 1;
    memcpy(buf, found, vlen);
    buf[vlen] = '\0';
    return buf;
}

double sb_param_double(const char *params, const char *key, double fallback)
{
    char buf[64];
    if (!sb_param(params, key, buf, sizeof buf) || !buf[0])
        return fallback;
    char *end;
    double v = strtod(buf, &end);
    if (*end != '\0' || !isfinite(v))
        return fallback;
    return v;
}
