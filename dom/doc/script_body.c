#include "dom/doc/script_body.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

/* The tokenizer's white space (CR counts: the input stream turns it into
 * LF before any state sees it). */
static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static bool ends_tag_name(char c)
{
    return is_ws(c) || c == '/' || c == '>';
}

static bool name_is(const char *name, size_t n, const char *word)
{
    return n && tolower((unsigned char)name[0]) == word[0] && strlen(word) == n &&
           strncasecmp(name, word, n) == 0;
}

/* Where "<" + word (case-insensitive, lower-case word) followed by white
 * space, "/" or ">" (a tag the tokenizer would see whole: an appropriate
 * end tag when word is "/script") first starts in s[from..to); to when
 * nowhere.  A tag at the very end (no byte after it) does not count. */
static size_t find_tag(const char *s, size_t from, size_t to, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = from; i < to;) {
        const char *lt = memchr(s + i, '<', to - i);
        if (!lt)
            return to;
        i = (size_t)(lt - s);
        if (i + 1 + k < to && strncasecmp(s + i + 1, word, k) == 0 && ends_tag_name(s[i + 1 + k]))
            return i;
        i++;
    }
    return to;
}

/* Whether s[from..to) holds `word` (lower case) case-insensitively: an
 * attribute value, short. */
static bool value_holds(const char *s, size_t from, size_t to, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = from; i + k <= to; i++)
        if (tolower((unsigned char)s[i]) == word[0] && strncasecmp(s + i, word, k) == 0)
            return true;
    return false;
}

/* Whether s[from..to) holds `word` (lower case, starting with '<')
 * case-insensitively. */
static bool contains_ci(const char *s, size_t from, size_t to, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = from; i + k <= to; i++) {
        const char *lt = memchr(s + i, '<', to - i);
        if (!lt)
            return false;
        i = (size_t)(lt - s);
        if (i + k <= to && strncasecmp(s + i, word, k) == 0)
            return true;
    }
    return false;
}

/* A stretch the scan skips (a comment, a raw-text element's content) may
 * be one the tokenizer reads as markup when the two disagree on where it
 * ends or whether it is raw at all: if it holds the start of foreign
 * content, the scan can no longer tell HTML scripts from SVG ones. */
static bool hides_foreign(const char *s, size_t from, size_t to)
{
    return contains_ci(s, from, to, "<svg") || contains_ci(s, from, to, "<math");
}

/* Whether s[from..to) holds `word` exactly. */
static bool holds(const char *s, size_t from, size_t to, const char *word)
{
    size_t k = strlen(word);
    for (size_t i = from; i + k <= to; i++) {
        const char *c = memchr(s + i, word[0], to - i);
        if (!c)
            return false;
        i = (size_t)(c - s);
        if (i + k <= to && memcmp(s + i, word, k) == 0)
            return true;
    }
    return false;
}

/* Replaces s[from..to) by `repl` (no longer than it): the kept bytes
 * before `from` move down to s[*w..), and the scan goes on reading at
 * `to` or later, above every byte written. */
static void cut(char *s, size_t *w, size_t *copied, size_t from, size_t to, const char *repl)
{
    size_t r = strlen(repl);
    if (*w != *copied)
        memmove(s + *w, s + *copied, from - *copied);
    *w += from - *copied;
    memcpy(s + *w, repl, r);
    *w += r;
    *copied = to;
}

/* Raw-text and RCDATA elements: content up to their end tag is text.
 * <noscript> too: gumbo reads it as raw text in <body>; where it does not,
 * skipping its markup only cuts fewer scripts. */
static const char *const raw_names[] = {"style",   "textarea", "title",    "xmp",     "noscript",
                                        "iframe", "noembed",  "noframes", NULL};

/* SVG's and MathML's elements whose content is HTML. */
static const char *const integration_names[] = {"foreignobject", "desc", "annotation-xml", NULL};

size_t sb_script_body_cut(char *s, size_t len)
{
    if (!s)
        return 0;
    size_t i = 0, w = 0, copied = 0;
    int foreign = 0;        /* <svg>/<math> open, as far as the scan sees */
    bool frameset = false;  /* a <frameset> came: its modes ignore <script> */
    while (i < len) {
        const char *lt = memchr(s + i, '<', len - i);
        if (!lt)
            break;
        i = (size_t)(lt - s) + 1;
        if (i + 3 <= len && memcmp(s + i, "!--", 3) == 0) {
            size_t body = i + 3, end = len;
            for (size_t j = body; j + 3 <= len;) {
                const char *dash = memchr(s + j, '-', len - j);
                if (!dash)
                    break;
                j = (size_t)(dash - s);
                if (j + 3 <= len && memcmp(s + j, "-->", 3) == 0) {
                    end = j;
                    break;
                }
                j++;
            }
            if (end >= len || hides_foreign(s, i, end))
                break;
            /* A comment's text: cut when its end is the first "-->"
             * (not "<!-->" or "<!--->", which end at once, nor a "--!>"
             * before it), in HTML content (in SVG a CDATA section may
             * hold what looks like a comment). */
            bool abrupt = s[body] == '>' || (s[body] == '-' && s[body + 1] == '>');
            if (foreign == 0 && !frameset && end > body && !abrupt &&
                !holds(s, body, end, "--!>"))
                cut(s, &w, &copied, body, end, "");
            i = end + 3;
            continue;
        }
        if (foreign > 0 && i + 8 <= len && memcmp(s + i, "![CDATA[", 8) == 0) {
            /* In foreign content a CDATA section runs to "]]>", not to
             * the first '>' (a "</svg>" inside it closes nothing). */
            size_t end = i + 8;
            while (end + 3 <= len && memcmp(s + end, "]]>", 3) != 0) {
                const char *b = memchr(s + end + 1, ']', len - end - 1);
                end = b ? (size_t)(b - s) : len;
            }
            if (end + 3 > len || hides_foreign(s, i, end))
                break;
            i = end + 3;
            continue;
        }
        bool end_tag = false;
        if (i < len && s[i] == '/') {
            end_tag = true;
            i++;
        }
        if (i < len && (s[i] == '!' || s[i] == '?' || (end_tag && !isalpha((unsigned char)s[i])))) {
            /* a bogus comment or a doctype: up to the next '>' */
            const char *gt = memchr(s + i, '>', len - i);
            if (!gt || hides_foreign(s, i, (size_t)(gt - s)))
                break;
            i = (size_t)(gt - s) + 1;
            continue;
        }
        if (i >= len || !isalpha((unsigned char)s[i]))
            continue; /* a '<' that starts no tag is text */
        size_t name = i;
        while (i < len && !ends_tag_name(s[i]))
            i++;
        size_t name_len = i - name;
        bool is_script = !end_tag && name_is(s + name, name_len, "script");
        bool keep = false, self_closing = false, whole = false;
        /* Attributes, as the HTML tokenizer splits them (end tags have
         * them too: a quoted '>' does not end one). */
        for (;;) {
            while (i < len && is_ws(s[i]))
                i++;
            if (i < len && s[i] == '/') {
                i++;
                if (i < len && s[i] == '>') {
                    self_closing = true;
                    i++;
                    whole = true;
                    break;
                }
                continue;
            }
            if (i >= len)
                break;
            if (s[i] == '>') {
                i++;
                whole = true;
                break;
            }
            size_t an = i++; /* a first '=' belongs to the name */
            while (i < len && !is_ws(s[i]) && s[i] != '/' && s[i] != '>' && s[i] != '=')
                i++;
            size_t an_len = i - an;
            while (i < len && is_ws(s[i]))
                i++;
            if (i >= len || s[i] != '=')
                continue;
            i++;
            while (i < len && is_ws(s[i]))
                i++;
            size_t vs, ve;
            if (i < len && (s[i] == '"' || s[i] == '\'')) {
                const char *close = memchr(s + i + 1, s[i], len - i - 1);
                if (!close)
                    break; /* the page ends inside this value */
                vs = i + 1;
                ve = (size_t)(close - s);
                i = ve + 1;
            } else {
                vs = i;
                while (i < len && !is_ws(s[i]) && s[i] != '>')
                    i++;
                ve = i;
            }
            /* A type that says JSON is read (meta.c's ld+json); one with
             * a character reference may decode to such a type. */
            if (is_script && name_is(s + an, an_len, "type") &&
                (value_holds(s, vs, ve, "json") || memchr(s + vs, '&', ve - vs)))
                keep = true;
        }
        if (!whole)
            break; /* the page ends inside the tag */
        if (end_tag) {
            if (foreign > 0 &&
                (name_is(s + name, name_len, "svg") || name_is(s + name, name_len, "math")))
                foreign--;
            continue;
        }
        if (name_is(s + name, name_len, "svg") || name_is(s + name, name_len, "math")) {
            if (!self_closing)
                foreign++;
            continue;
        }
        if (name_is(s + name, name_len, "frameset"))
            frameset = true;
        if (name_is(s + name, name_len, "plaintext"))
            break;
        if (is_script) {
            size_t body = i, end = find_tag(s, body, len, "/script");
            if (end >= len)
                break; /* no end tag: the script runs to the page's end */
            /* "<!--" then "<script" enters the double-escaped state, where
             * the first "</script>" need not end the element. */
            if (find_tag(s, body, end, "script") < end && contains_ci(s, body, end, "<!--"))
                break;
            bool blank = true;
            for (size_t k = body; k < end && blank; k++)
                blank = is_ws(s[k]);
            if (foreign == 0 && !frameset && !keep && !blank && end - body > 1)
                cut(s, &w, &copied, body, end, ";");
            i = end;
            continue;
        }
        for (int k = 0; raw_names[k]; k++)
            if (name_is(s + name, name_len, raw_names[k])) {
                char close[16] = "/";
                strcat(close, raw_names[k]);
                size_t end = find_tag(s, i, len, close);
                if (end >= len || hides_foreign(s, i, end))
                    goto done; /* its text runs to the page's end */
                /* In SVG a <title> or <style> is no raw text: markup in
                 * it is read as such, and the scan does not follow it. */
                if (foreign > 0 && memchr(s + i, '<', end - i))
                    goto done;
                i = end;
                break;
            }
        /* SVG's and MathML's HTML integration points: HTML inside them can
         * make the parser ignore a later "</svg>", which the scan would
         * count.  Plain text in them is followed; markup ends the scan. */
        for (int k = 0; foreign > 0 && !self_closing && integration_names[k]; k++)
            if (name_is(s + name, name_len, integration_names[k])) {
                char close[24] = "/";
                strcat(close, integration_names[k]);
                size_t end = find_tag(s, i, len, close);
                if (end >= len || memchr(s + i, '<', end - i))
                    goto done;
                i = end;
                break;
            }
    }
done:
    if (copied == 0)
        return len;
    memmove(s + w, s + copied, len - copied);
    return w + (len - copied);
}
