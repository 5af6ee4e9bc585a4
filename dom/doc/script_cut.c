#include "dom/doc/script_cut.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/base/strbuf.h"

/* The tokenizer's white space ("\r" counts: gumbo's input stream turns it
 * into "\n" before any state sees it). */
static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* What may follow a tag name in the tokenizer's tag name states. */
static bool ends_name(char c)
{
    return is_ws(c) || c == '/' || c == '>';
}

/* Where "</script" (case-insensitive) first starts in s[from..len); len
 * when nowhere whole. */
static size_t find_end_tag(const char *s, size_t from, size_t len)
{
    while (from + 8 <= len) {
        const char *lt = memchr(s + from, '<', len - from);
        if (!lt)
            return len;
        from = (size_t)(lt - s);
        if (from + 8 <= len && s[from + 1] == '/' && strncasecmp(s + from + 2, "script", 6) == 0)
            return from;
        from++;
    }
    return len;
}

/* Whether s[from..to) holds `word` exactly. */
static bool holds(const char *s, size_t from, size_t to, const char *word)
{
    size_t k = strlen(word);
    while (from + k <= to) {
        const char *c = memchr(s + from, word[0], to - from);
        if (!c)
            return false;
        from = (size_t)(c - s);
        if (from + k <= to && memcmp(s + from, word, k) == 0)
            return true;
        from++;
    }
    return false;
}

/* Whether s[from..to) holds "json", ASCII case-insensitively. */
static bool holds_json(const char *s, size_t from, size_t to)
{
    for (size_t i = from; i + 4 <= to; i++)
        if ((s[i] | 0x20) == 'j' && strncasecmp(s + i, "json", 4) == 0)
            return true;
    return false;
}

static bool blank(const char *s, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (!is_ws(s[i]))
            return false;
    return true;
}

size_t sb_script_cut_propose(const char *s, size_t len, sb_script_cut **cuts)
{
    *cuts = NULL;
    size_t n = 0, cap = 0, i = 0;
    while (s && i < len) {
        const char *lt = memchr(s + i, '<', len - i);
        if (!lt)
            break;
        i = (size_t)(lt - s);
        if (i + 4 <= len && memcmp(s + i, "<!--", 4) == 0) {
            /* A comment (or what looks like one): skipped to the first
             * "-->" after "<!" ("<!-->" ends at once).  Where the
             * tokenizer ends it earlier ("--!>") this only skips scripts
             * that would have been cut; where "<!--" is no comment at all
             * (inside a raw-text element) likewise. */
            size_t end = i + 2;
            while (end + 3 <= len && !(s[end] == '-' && s[end + 1] == '-' && s[end + 2] == '>')) {
                const char *d = memchr(s + end + 1, '-', len - end - 1);
                end = d ? (size_t)(d - s) : len;
            }
            if (end + 3 > len)
                break;
            i = end + 3;
            continue;
        }
        if (!(i + 8 <= len && strncasecmp(s + i + 1, "script", 6) == 0 && ends_name(s[i + 7]))) {
            i++;
            continue;
        }
        size_t tag = i, j = i + 7;
        /* The tag's end: the first '>' not inside a quoted value (a quote
         * right after "=" and white space opens one).  A tag the scan gets
         * wrong fails verification. */
        char last = ' ';
        while (j < len && s[j] != '>') {
            if ((s[j] == '"' || s[j] == '\'') && last == '=') {
                const char *q = memchr(s + j + 1, s[j], len - j - 1);
                if (!q) {
                    j = len;
                    break;
                }
                j = (size_t)(q - s);
            }
            if (!is_ws(s[j]))
                last = s[j];
            j++;
        }
        if (j >= len)
            break;
        size_t body = j + 1, end = find_end_tag(s, body, len);
        if (end + 8 >= len)
            break; /* no end tag before the page ends: the rest is code */
        if (!ends_name(s[end + 8])) {
            /* "</scripty": no end tag; the script goes on to a later one,
             * and the scan resumes after the next one that can end it. */
            size_t k = end + 8;
            for (;;) {
                k = find_end_tag(s, k, len);
                if (k + 8 >= len)
                    goto done;
                if (ends_name(s[k + 8]))
                    break;
                k += 8;
            }
            i = k + 8;
            continue;
        }
        if (end > body && !blank(s, body, end) && !holds(s, body, end, "<!--") &&
            !holds_json(s, tag, body) && !memchr(s + tag, '&', body - tag)) {
            if (n == cap) {
                cap = cap ? cap * 2 : 16;
                *cuts = sb_xrealloc(*cuts, cap * sizeof **cuts);
            }
            (*cuts)[n++] = (sb_script_cut){tag, body - tag, end - body};
        }
        i = end + 8;
    }
done:
    return n;
}

/* Whether every cut (positions in the cut buffer: tag at at[k], its end
 * tag at end[k]) is a verified script of the tree. */
static bool verify(const GumboOutput *out, const char *buf, const sb_script_cut *cuts,
                   const size_t *at, size_t n)
{
    bool *seen = sb_xcalloc(n, sizeof *seen);
    size_t found = 0, cap = 64, top = 0;
    const GumboNode **stack = sb_xmalloc(cap * sizeof *stack);
    stack[top++] = out->document;
    while (top) {
        const GumboNode *node = stack[--top];
        const GumboVector *kids = NULL;
        if (node->type == GUMBO_NODE_DOCUMENT) {
            kids = &node->v.document.children;
        } else if (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) {
            const GumboElement *e = &node->v.element;
            kids = &e->children;
            if (e->tag == GUMBO_TAG_SCRIPT && e->tag_namespace == GUMBO_NAMESPACE_HTML &&
                !(node->parse_flags & GUMBO_INSERTION_BY_PARSER) && e->original_tag.data) {
                /* the cut whose start tag is here, by bisection */
                size_t pos = (size_t)(e->original_tag.data - buf), lo = 0, hi = n;
                while (lo < hi) {
                    size_t mid = lo + (hi - lo) / 2;
                    if (at[mid] < pos)
                        lo = mid + 1;
                    else
                        hi = mid;
                }
                size_t body = lo < n ? at[lo] + cuts[lo].tag_len : 0;
                if (lo < n && at[lo] == pos && !seen[lo] &&
                    e->original_tag.length == cuts[lo].tag_len &&
                    e->original_end_tag.data == buf + body + 1) {
                    seen[lo] = true;
                    found++;
                }
            }
        }
        for (unsigned k = 0; kids && k < kids->length; k++) {
            if (top == cap) {
                cap *= 2;
                stack = sb_xrealloc(stack, cap * sizeof *stack);
            }
            stack[top++] = kids->data[k];
        }
    }
    free(stack);
    free(seen);
    return found == n;
}

GumboOutput *sb_script_cut_parse(const GumboOptions *opts, const char *html, size_t len,
                                 char **parsed_owned, sb_script_cut_stats *st)
{
    sb_script_cut_stats local;
    if (!st)
        st = &local;
    memset(st, 0, sizeof *st);
    *parsed_owned = NULL;
    sb_script_cut *cuts = NULL;
    size_t n = sb_script_cut_propose(html, len, &cuts);
    st->proposed = n;
    if (n == 0)
        return gumbo_parse_with_options(opts, html, len);
    /* The cut page: the bytes between cuts copied, each content one ";". */
    size_t spared = 0;
    for (size_t k = 0; k < n; k++)
        spared += cuts[k].body_len - 1;
    char *buf = sb_xmalloc(len - spared + 1);
    size_t *at = sb_xmalloc(n * sizeof *at);
    size_t w = 0, r = 0;
    for (size_t k = 0; k < n; k++) {
        size_t body = cuts[k].tag + cuts[k].tag_len;
        memcpy(buf + w, html + r, body - r);
        at[k] = w + (cuts[k].tag - r);
        w += body - r;
        buf[w++] = ';';
        r = body + cuts[k].body_len;
    }
    memcpy(buf + w, html + r, len - r);
    w += len - r;
    buf[w] = '\0';
    GumboOutput *out = gumbo_parse_with_options(opts, buf, w);
    bool ok = out && verify(out, buf, cuts, at, n);
    free(at);
    free(cuts);
    if (ok) {
        st->cut_bytes = spared;
        *parsed_owned = buf;
        return out;
    }
    if (out)
        gumbo_destroy_output(opts, out);
    free(buf);
    st->fell_back = true;
    return gumbo_parse_with_options(opts, html, len);
}
