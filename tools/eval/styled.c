#include "tools/eval/styled.h"

#include <ctype.h>
#include <string.h>

/* True when the n bytes at s equal the lower-case ASCII word w, ignoring
 * case. */
static bool word_at(const char *s, size_t n, const char *w)
{
    size_t wl = strlen(w);
    if (n < wl)
        return false;
    for (size_t i = 0; i < wl; i++)
        if (tolower((unsigned char)s[i]) != w[i])
            return false;
    return true;
}

/* Index of the first case-insensitive occurrence of the lower-case w at or
 * after `from`, or len when there is none. */
static size_t find_ci(const char *s, size_t len, size_t from, const char *w)
{
    size_t wl = strlen(w);
    for (size_t i = from; i + wl <= len; i++)
        if (tolower((unsigned char)s[i]) == w[0] && word_at(s + i, len - i, w))
            return i;
    return len;
}

static bool is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '-' || c == '_' || c == ':';
}

/* True when the space-separated list [v, v + n) holds the token
 * "stylesheet". */
static bool has_stylesheet_token(const char *v, size_t n)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && isspace((unsigned char)v[i]))
            i++;
        size_t s = i;
        while (i < n && !isspace((unsigned char)v[i]))
            i++;
        if (i - s == 10 && word_at(v + s, 10, "stylesheet"))
            return true;
    }
    return false;
}

/* Reads one start tag's attributes from `i` (just after its name) to its
 * '>'; adds style="" values to out and says whether a <link> is a
 * stylesheet with an address.  Returns the index after the '>'. */
static size_t scan_attributes(const char *s, size_t len, size_t i, bool is_link, sb_css_facts *out)
{
    bool rel_sheet = false, has_href = false;
    while (i < len && s[i] != '>') {
        if (!is_name_char(s[i])) {
            i++;
            continue;
        }
        size_t ns = i;
        while (i < len && is_name_char(s[i]))
            i++;
        size_t nl = i - ns;
        while (i < len && isspace((unsigned char)s[i]))
            i++;
        const char *v = NULL;
        size_t vl = 0;
        if (i < len && s[i] == '=') {
            i++;
            while (i < len && isspace((unsigned char)s[i]))
                i++;
            if (i < len && (s[i] == '"' || s[i] == '\'')) {
                char q = s[i++];
                v = s + i;
                while (i < len && s[i] != q)
                    i++;
                vl = (size_t)(s + i - v);
                if (i < len)
                    i++;
            } else {
                v = s + i;
                while (i < len && !isspace((unsigned char)s[i]) && s[i] != '>')
                    i++;
                vl = (size_t)(s + i - v);
            }
        }
        if (nl == 5 && word_at(s + ns, nl, "style"))
            out->inline_css += vl;
        else if (is_link && nl == 3 && word_at(s + ns, nl, "rel"))
            rel_sheet = v && has_stylesheet_token(v, vl);
        else if (is_link && nl == 4 && word_at(s + ns, nl, "href"))
            has_href = vl > 0;
    }
    if (is_link && rel_sheet && has_href)
        out->external_links++;
    return i < len ? i + 1 : len;
}

void sb_css_facts_scan(const char *s, size_t len, sb_css_facts *out)
{
    memset(out, 0, sizeof *out);
    if (!s)
        return;
    size_t i = 0;
    while (i < len) {
        const char *lt = memchr(s + i, '<', len - i);
        if (!lt)
            break;
        i = (size_t)(lt - s);
        if (word_at(s + i, len - i, "<!--")) {
            size_t e = find_ci(s, len, i + 4, "-->");
            i = e < len ? e + 3 : len;
            continue;
        }
        if (i + 1 >= len || !isalpha((unsigned char)s[i + 1])) {
            i++; /* end tags, doctypes, stray '<' */
            continue;
        }
        size_t ns = i + 1, ne = ns;
        while (ne < len && is_name_char(s[ne]))
            ne++;
        size_t nl = ne - ns;
        bool is_style = nl == 5 && word_at(s + ns, nl, "style");
        bool is_link = nl == 4 && word_at(s + ns, nl, "link");
        i = scan_attributes(s, len, ne, is_link, out);
        /* Raw-text elements: their contents are not markup. */
        const char *end_tag = is_style                                     ? "</style"
                              : nl == 6 && word_at(s + ns, nl, "script")   ? "</script"
                              : nl == 8 && word_at(s + ns, nl, "textarea") ? "</textarea"
                              : nl == 5 && word_at(s + ns, nl, "title")    ? "</title"
                                                                           : NULL;
        if (!end_tag)
            continue;
        size_t e = find_ci(s, len, i, end_tag);
        if (is_style)
            out->inline_css += e - i;
        i = e;
    }
}

bool sb_css_facts_styled(const sb_css_facts *f)
{
    return f->inline_css >= SB_STYLED_MIN_INLINE_CSS || f->external_links == 0;
}
