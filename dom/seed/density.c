#include "dom/seed/density.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/doc/doc.h"
#include "dom/seed/seedtext.h"
#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

/* ---- UTF-8 ------------------------------------------------------------ */

/* Decodes one code point at s[*i] and advances *i; malformed bytes decode
 * as U+FFFD one byte at a time, so any input makes progress. */
static uint32_t next_cp(const char *s, size_t len, size_t *i)
{
    size_t used;
    int32_t cp = sb_utf8_decode(s + *i, len - *i, &used);
    *i += used ? used : 1;
    return cp < 0 ? SB_UTF8_REPLACEMENT : (uint32_t)cp;
}

bool sb_density_is_r2l(uint32_t cp)
{
    return (cp >= 0x0590 && cp <= 0x08FF) ||   /* Hebrew .. Arabic Extended-A */
           (cp >= 0xFB1D && cp <= 0xFDFF) ||   /* Hebrew/Arabic presentation A */
           (cp >= 0xFE70 && cp <= 0xFEFF) ||   /* Arabic presentation forms B */
           (cp >= 0x10800 && cp <= 0x10FFF) || /* historic R2L scripts */
           (cp >= 0x1E800 && cp <= 0x1EFFF);   /* Mende Kikakui .. Arabic math */
}

/* ---- tags in raw source -------------------------------------------------- */

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* A '<' opens markup only when a tag name, end tag, comment, doctype or
 * processing instruction follows, as in the HTML tokenizer; otherwise it is
 * text ("a < b"). */
static bool is_tag_start(const char *s, size_t len, size_t i)
{
    if (s[i] != '<' || i + 1 >= len)
        return false;
    char c = s[i + 1];
    return isalpha((unsigned char)c) || c == '/' || c == '!' || c == '?';
}

/* Index just past the '>' closing the tag that starts at i (or len).  A
 * quote opens a quoted value only right after '=' (spaces allowed), so a
 * stray apostrophe in an unquoted value cannot swallow the page. */
static size_t tag_end(const char *s, size_t len, size_t i)
{
    char quote = 0, prev = 0;
    for (size_t k = i + 1; k < len; k++) {
        char c = s[k];
        if (quote) {
            if (c == quote)
                quote = 0;
        } else if (c == '>') {
            return k + 1;
        } else if ((c == '"' || c == '\'') && prev == '=') {
            quote = c;
        }
        if (!is_space(c))
            prev = c;
    }
    return len;
}

/* Case-insensitive: does the tag at s[i] ('<' already checked) have this
 * name?  `end` selects "</name". */
static bool tag_is(const char *s, size_t len, size_t i, const char *name, bool end)
{
    size_t k = i + 1;
    if (end) {
        if (k >= len || s[k] != '/')
            return false;
        k++;
    }
    size_t n = strlen(name);
    if (k + n > len || strncasecmp(s + k, name, n) != 0)
        return false;
    if (k + n == len)
        return true;
    char c = s[k + n];
    return is_space(c) || c == '>' || c == '/';
}

static size_t find_str(const char *s, size_t len, size_t from, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t k = from; k + n <= len; k++)
        if (memcmp(s + k, needle, n) == 0)
            return k;
    return len;
}

/* Position of the next end tag </name> at or after `from`, or len. */
static size_t find_end_tag(const char *s, size_t len, size_t from, const char *name)
{
    for (size_t k = from; k < len; k++)
        if (s[k] == '<' && tag_is(s, len, k, name, true))
            return k;
    return len;
}

/* ---- preprocessing ---------------------------------------------------------- */

char *sb_density_clean(const char *html, size_t len, size_t *out_len)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_reserve(&b, len);
    size_t i = 0;
    while (i < len) {
        char c = html[i];
        if (c == '<' && len - i >= 4 && memcmp(html + i, "<!--", 4) == 0) {
            size_t e = find_str(html, len, i + 4, "-->");
            i = e < len ? e + 3 : len;
            continue;
        }
        if (is_tag_start(html, len, i)) {
            size_t e = tag_end(html, len, i);
            const char *raw = NULL;
            if (tag_is(html, len, i, "script", false))
                raw = "script";
            else if (tag_is(html, len, i, "style", false))
                raw = "style";
            if (raw) {
                /* Raw-text element: its content is code the page author
                 * placed anywhere, so it goes with its tags. */
                size_t close = find_end_tag(html, len, e, raw);
                i = close < len ? tag_end(html, len, close) : len;
                continue;
            }
            for (size_t k = i; k < e; k++) {
                if (is_space(html[k])) {
                    if (b.len && b.data[b.len - 1] != ' ')
                        sb_buf_putc(&b, ' ');
                } else {
                    sb_buf_putc(&b, html[k]);
                }
            }
            i = e;
            continue;
        }
        if (is_space(c)) {
            if (b.len && b.data[b.len - 1] != ' ')
                sb_buf_putc(&b, ' ');
        } else {
            sb_buf_putc(&b, c);
        }
        i++;
    }
    if (out_len)
        *out_len = b.len;
    return sb_buf_steal(&b);
}

/* Characters of the link text between `from` and the link's end, outside
 * tags, without leading or trailing spaces. */
static size_t anchor_text_length(const char *s, size_t from, size_t to)
{
    size_t chars = 0, pending_spaces = 0;
    size_t i = from;
    while (i < to) {
        if (is_tag_start(s, to, i)) {
            i = tag_end(s, to, i);
            continue;
        }
        uint32_t cp = next_cp(s, to, &i);
        if (cp == ' ' || cp == '\t' || cp == '\n' || cp == '\r') {
            if (chars)
                pending_spaces++;
        } else {
            chars += pending_spaces + 1;
            pending_spaces = 0;
        }
    }
    return chars;
}

char *sb_density_filter3(const char *html, size_t len, size_t *out_len)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_reserve(&b, len);
    size_t i = 0, copied = 0;
    while (i < len) {
        if (!is_tag_start(html, len, i)) {
            i++;
            continue;
        }
        size_t e = tag_end(html, len, i);
        if (!tag_is(html, len, i, "a", false)) {
            i = e;
            continue;
        }
        /* The link's text runs to its end tag, or to the next link when the
         * author forgot to close it (the parser would close it there). */
        size_t close = e;
        while (close < len && !(html[close] == '<' && (tag_is(html, len, close, "a", true) ||
                                                       tag_is(html, len, close, "a", false))))
            close++;
        size_t lt = anchor_text_length(html, e, close);
        sb_buf_append(&b, html + copied, i - copied);
        sb_buf_puts(&b, "<a");
        if (lt > 7) {
            sb_buf_putc(&b, ' ');
            for (size_t k = 0; k < lt - 7; k++)
                sb_buf_putc(&b, '_');
        }
        sb_buf_putc(&b, '>');
        copied = i = e;
    }
    sb_buf_append(&b, html + copied, len - copied);
    if (out_len)
        *out_len = b.len;
    return sb_buf_steal(&b);
}

/* ---- phases 1 and 2: lines, counts, smoothing --------------------------------- */

/* Tags that start or end a block of the rendered page: our line
 * normalisation starts a new line at each of them, as a hand-formatted page
 * would, so a paragraph's first words never share a line with the markup of
 * the menu before it. */
static bool breaks_line(const char *s, size_t len, size_t i)
{
    static const char *const names[] = {
        "address", "article", "aside", "blockquote", "body", "br", "caption", "dd", "div",
        "dl", "dt", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
        "h5", "h6", "head", "header", "hr", "html", "li", "main", "nav", "ol", "p",
        "pre", "section", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr",
        "ul",
    };
    bool end = i + 1 < len && s[i + 1] == '/';
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        if (tag_is(s, len, i, names[k], end))
            return true;
    return false;
}

static void push_line(sb_density_line **lines, size_t *n, size_t *cap, size_t start, size_t end,
                      long content, long code)
{
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        *lines = sb_xrealloc(*lines, *cap * sizeof **lines);
    }
    (*lines)[(*n)++] = (sb_density_line){start, end - start, content, code, 0};
}

size_t sb_density_lines(const char *src, size_t len, sb_density_algo algo, int width,
                        sb_density_line **out)
{
    if (width <= 0)
        width = SB_DENSITY_LINE_WIDTH;
    bool by_script = algo == SB_DENSITY_R2L || algo == SB_DENSITY_DANA;
    sb_density_line *lines = NULL;
    size_t n = 0, cap = 0;
    size_t start = 0, i = 0, tag_stop = 0;
    long count = 0, content = 0, code = 0;
    int entity = 0; /* characters since an unfinished '&' entity began */
    while (i < len) {
        bool in_tag = i < tag_stop;
        if (!in_tag && i > start && is_tag_start(src, len, i) && breaks_line(src, len, i)) {
            push_line(&lines, &n, &cap, start, i, content, code);
            start = i;
            count = content = code = 0;
        } else if (!in_tag && i > start && count >= width) {
            /* Prefer breaking at a space or a tag; text without spaces
             * (Chinese, Japanese...) may break anywhere outside an entity
             * once the line is twice as long. */
            bool boundary = src[i] == ' ' || is_tag_start(src, len, i);
            if (boundary || (count >= 2L * width && !entity)) {
                push_line(&lines, &n, &cap, start, i, content, code);
                start = i;
                count = content = code = 0;
            }
        }
        if (!in_tag && is_tag_start(src, len, i)) {
            tag_stop = tag_end(src, len, i);
            in_tag = true;
            entity = 0;
        }
        char c = src[i];
        uint32_t cp = next_cp(src, len, &i);
        if (!in_tag) {
            if (c == '&')
                entity = 1;
            else if (entity && (c == ';' || c == ' ' || ++entity > 12))
                entity = 0;
        }
        if (cp == ' ')
            continue;
        count++;
        if (by_script) {
            if (cp < 128)
                code++;
            else if (sb_density_is_r2l(cp))
                content++;
        } else if (in_tag) {
            code++;
        } else {
            content++;
        }
    }
    if (i > start)
        push_line(&lines, &n, &cap, start, i, content, code);
    for (size_t k = 0; k < n; k++) {
        long d = lines[k].content - lines[k].code;
        if (k > 0)
            d += lines[k - 1].content - lines[k - 1].code;
        if (k + 1 < n)
            d += lines[k + 1].content - lines[k + 1].code;
        lines[k].diff = d;
    }
    *out = lines;
    return n;
}

/* ---- phase 3: regions and Algorithm 1 ------------------------------------- */

size_t sb_density_regions(const sb_density_line *lines, size_t n, sb_density_region **out)
{
    sb_density_region *r = NULL;
    size_t nr = 0, cap = 0;
    for (size_t k = 0; k < n;) {
        if (lines[k].diff <= 0) {
            k++;
            continue;
        }
        size_t first = k;
        long chars = 0;
        while (k < n && lines[k].diff > 0)
            chars += lines[k++].content;
        if (nr == cap) {
            cap = cap ? cap * 2 : 32;
            r = sb_xrealloc(r, cap * sizeof *r);
        }
        r[nr++] = (sb_density_region){first, k - 1, chars};
    }
    *out = r;
    return nr;
}

/* Formula 4.4, as printed: d(r_i, r_j) = x_j - y_i + 1 for r_i before r_j. */
static long region_distance(const sb_density_region *a, const sb_density_region *b)
{
    return (long)b->first - (long)a->last + 1;
}

size_t sb_density_merge(const sb_density_region *r, size_t n, int gap, size_t *lo, size_t *hi)
{
    size_t m = 0;
    for (size_t k = 1; k < n; k++)
        if (r[k].chars > r[m].chars)
            m = k;
    size_t a = m, b = m;
    while (a > 0 && region_distance(&r[a - 1], &r[a]) <= gap)
        a--;
    while (b + 1 < n && region_distance(&r[b], &r[b + 1]) <= gap)
        b++;
    *lo = a;
    *hi = b;
    return m;
}

/* ---- phase 4: text of the chosen lines ------------------------------------ */

/* R2L's phase 4 keeps only the right-to-left letters of the chosen lines,
 * with a space where other characters were so words stay apart.  The
 * paragraphs come from the parser only to give every method the same
 * output shape. */
static char *keep_r2l_letters(const char *text)
{
    sb_buf out = SB_BUF_INIT, para = SB_BUF_INIT;
    size_t len = strlen(text), i = 0;
    while (i <= len) {
        if (i == len || (text[i] == '\n' && i + 1 < len && text[i + 1] == '\n')) {
            if (para.data && sb_text_trim(para.data)[0]) {
                if (out.len)
                    sb_buf_puts(&out, "\n\n");
                sb_buf_puts(&out, para.data);
            }
            sb_buf_clear(&para);
            i += i == len ? 1 : 2;
            continue;
        }
        size_t at = i;
        uint32_t cp = next_cp(text, len, &i);
        if (sb_density_is_r2l(cp))
            sb_buf_append(&para, text + at, i - at);
        else if (para.len && para.data[para.len - 1] != ' ')
            sb_buf_putc(&para, ' ');
    }
    sb_buf_free(&para);
    return sb_buf_steal(&out);
}

void sb_density_extract(const char *html, size_t len, const sb_density_opts *opts,
                        sb_density_result *out)
{
    memset(out, 0, sizeof *out);
    sb_density_opts o = opts ? *opts : (sb_density_opts){SB_DENSITY_DANAG, 0, 0};
    if (o.gap <= 0)
        o.gap = o.algo == SB_DENSITY_R2L ? SB_DENSITY_GAP_R2L : SB_DENSITY_GAP_DEFAULT;

    size_t src_len;
    char *src = sb_density_clean(html ? html : "", html ? len : 0, &src_len);
    if (o.algo == SB_DENSITY_ADDANAG) {
        size_t f_len;
        char *f = sb_density_filter3(src, src_len, &f_len);
        free(src);
        src = f;
        src_len = f_len;
    }
    sb_density_line *lines;
    size_t n = sb_density_lines(src, src_len, o.algo, o.line_width, &lines);
    sb_density_region *regions;
    size_t nr = sb_density_regions(lines, n, &regions);
    out->n_lines = n;
    out->n_regions = nr;

    sb_buf text = SB_BUF_INIT;
    if (nr) {
        size_t lo, hi;
        sb_density_merge(regions, nr, o.gap, &lo, &hi);
        out->first_region = lo;
        out->last_region = hi;
        out->first_line = regions[lo].first;
        out->last_line = regions[hi].last;
        /* Only the regions' own lines: the gaps between them are the lines
         * the algorithm judged to be code. */
        sb_buf frag = SB_BUF_INIT;
        for (size_t r = lo; r <= hi; r++) {
            size_t a = lines[regions[r].first].start;
            size_t e = lines[regions[r].last].start + lines[regions[r].last].len;
            if (frag.len)
                sb_buf_putc(&frag, '\n');
            sb_buf_append(&frag, src + a, e - a);
        }
        sb_doc *doc = sb_doc_parse(frag.data ? frag.data : "", frag.len);
        if (doc && sb_doc_root(doc))
            sb_seed_paragraphs(sb_doc_root(doc), false, &text);
        if (o.algo == SB_DENSITY_R2L && text.len) {
            char *kept = keep_r2l_letters(text.data);
            sb_buf_free(&text);
            sb_buf_puts(&text, kept);
            free(kept);
        }
        sb_doc_free(doc);
        sb_buf_free(&frag);
    }
    out->text = sb_buf_steal(&text);
    free(regions);
    free(lines);
    free(src);
}

void sb_density_result_free(sb_density_result *r)
{
    if (!r)
        return;
    free(r->text);
    r->text = NULL;
}
