/* sizes_attr: the slot width an <img>'s `sizes` attribute states (see
 * sizes_attr.h). */
#include "dom/story/sizes_attr.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The root font size for em and rem in media queries and sizes. */
#define SIZES_EM_PX 16.0
/* Longer values are not read (a real one is a few dozen bytes). */
#define SIZES_MAX_LEN 2048u

static const char *skip_space(const char *p, const char *end)
{
    while (p < end && isspace((unsigned char)*p))
        p++;
    return p;
}

/* A length "740px", "50vw", "2.5em" at [p, end) as px; false when it is
 * not one (calc(), auto, a bare number other than 0). */
static bool parse_length(const char *p, const char *end, int viewport, double *px)
{
    p = skip_space(p, end);
    while (end > p && isspace((unsigned char)end[-1]))
        end--;
    if (p >= end || !(isdigit((unsigned char)*p) || *p == '.'))
        return false;
    char num[32];
    size_t n = 0;
    while (p < end && (isdigit((unsigned char)*p) || *p == '.') && n + 1 < sizeof num)
        num[n++] = *p++;
    num[n] = '\0';
    double v = strtod(num, NULL);
    size_t un = (size_t)(end - p);
    if (un == 2 && strncasecmp(p, "px", 2) == 0)
        *px = v;
    else if (un == 2 && strncasecmp(p, "vw", 2) == 0)
        *px = v * viewport / 100.0;
    else if ((un == 2 && strncasecmp(p, "em", 2) == 0) ||
             (un == 3 && strncasecmp(p, "rem", 3) == 0))
        *px = v * SIZES_EM_PX;
    else if (un == 0 && v == 0.0)
        *px = 0.0;
    else
        return false;
    return true;
}

/* One "(min-width: 900px)" feature at [p, end), the parentheses
 * included. */
static bool feature_holds(const char *p, const char *end, int viewport)
{
    if (end - p < 2 || *p != '(' || end[-1] != ')')
        return false;
    p++;
    end--;
    const char *colon = memchr(p, ':', (size_t)(end - p));
    if (!colon)
        return false;
    const char *name = skip_space(p, colon);
    const char *name_end = colon;
    while (name_end > name && isspace((unsigned char)name_end[-1]))
        name_end--;
    double px;
    if (!parse_length(colon + 1, end, viewport, &px))
        return false;
    size_t nn = (size_t)(name_end - name);
    if (nn == 9 && strncasecmp(name, "min-width", 9) == 0)
        return viewport >= px;
    if (nn == 9 && strncasecmp(name, "max-width", 9) == 0)
        return viewport <= px;
    return false;
}

/* A media condition: features joined by "and" (a leading "screen and"
 * too); anything else does not hold. */
static bool condition_holds(const char *p, const char *end, int viewport)
{
    bool any = false;
    p = skip_space(p, end);
    bool media_type = false;
    if (end - p > 6 && strncasecmp(p, "screen", 6) == 0) {
        p = skip_space(p + 6, end);
        media_type = true;
    } else if (end - p > 3 && strncasecmp(p, "all", 3) == 0) {
        p = skip_space(p + 3, end);
        media_type = true;
    }
    if (media_type && end - p > 3 && strncasecmp(p, "and", 3) == 0)
        p = skip_space(p + 3, end);
    while (p < end) {
        if (*p != '(')
            return false;
        const char *close = memchr(p, ')', (size_t)(end - p));
        if (!close || !feature_holds(p, close + 1, viewport))
            return false;
        any = true;
        p = skip_space(close + 1, end);
        if (p < end) {
            if (end - p < 3 || strncasecmp(p, "and", 3) != 0)
                return false;
            p = skip_space(p + 3, end);
        }
    }
    return any;
}

int sb_sizes_slot_width(const char *sizes, int viewport_px)
{
    if (!sizes || viewport_px <= 0 || strlen(sizes) > SIZES_MAX_LEN)
        return 0;
    const char *p = sizes;
    while (*p) {
        const char *e = p;
        int depth = 0;
        while (*e && !(*e == ',' && depth == 0)) {
            depth += *e == '(';
            depth -= *e == ')' && depth > 0;
            e++;
        }
        const char *s = skip_space(p, e);
        const char *t = e;
        while (t > s && isspace((unsigned char)t[-1]))
            t--;
        /* The length is the entry's last token; what stands before it is
         * the media condition. */
        const char *len = t;
        while (len > s && !isspace((unsigned char)len[-1]) && len[-1] != ')')
            len--;
        double px;
        bool holds = len == s || condition_holds(s, len, viewport_px);
        if (holds && len < t)
            return parse_length(len, t, viewport_px, &px) && px >= 1.0 && px <= 100000.0
                       ? (int)(px + 0.5)
                       : 0;
        p = *e ? e + 1 : e;
    }
    return 0;
}
