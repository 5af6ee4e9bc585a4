#include "dom/doc/doc.h"
#include "dom/doc/data_uri.h"
#include "dom/doc/depth_limit.h"
#include "dom/doc/markup_cap.h"
#include "dom/doc/script_cut.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The pointer map keeps sb_doc_id O(1): the box tree and every method ask it
 * for each element they touch. */
static size_t hash_ptr(const void *p, size_t cap)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= 0xed5ad4bbU;
    x ^= x >> 11;
    return (size_t)x & (cap - 1);
}

static void map_put(sb_doc *d, const GumboNode *key, int val)
{
    size_t i = hash_ptr(key, d->map_cap);
    while (d->map_keys[i])
        i = (i + 1) & (d->map_cap - 1);
    d->map_keys[i] = key;
    d->map_vals[i] = val;
}

int sb_doc_id(const sb_doc *d, const GumboNode *node)
{
    if (!d || !node || !d->map_cap)
        return -1;
    size_t i = hash_ptr(node, d->map_cap);
    while (d->map_keys[i]) {
        if (d->map_keys[i] == node)
            return d->map_vals[i];
        i = (i + 1) & (d->map_cap - 1);
    }
    return -1;
}

bool sb_is_element(const GumboNode *n)
{
    return n && (n->type == GUMBO_NODE_ELEMENT || n->type == GUMBO_NODE_TEMPLATE);
}

static const GumboVector *children_of(const GumboNode *n)
{
    if (n->type == GUMBO_NODE_DOCUMENT)
        return &n->v.document.children;
    if (sb_is_element(n))
        return &n->v.element.children;
    return NULL;
}

/* Pre-order walk with an explicit stack of (node, next child index). */
typedef struct {
    const GumboNode *node;
    unsigned next;
} frame;

void sb_walk(const GumboNode *root, sb_visit_fn fn, void *ctx)
{
    if (!root)
        return;
    size_t cap = 64, top = 0;
    frame *st = sb_xmalloc(cap * sizeof *st);
    if (!fn(root, 0, ctx) || !children_of(root)) {
        free(st);
        return;
    }
    st[top++] = (frame){root, 0};
    while (top) {
        frame *f = &st[top - 1];
        const GumboVector *kids = children_of(f->node);
        if (f->next >= kids->length) {
            top--;
            continue;
        }
        const GumboNode *c = kids->data[f->next++];
        if (fn(c, (int)top, ctx) && children_of(c) && children_of(c)->length) {
            if (top == cap) {
                cap *= 2;
                st = sb_xrealloc(st, cap * sizeof *st);
            }
            st[top++] = (frame){c, 0};
        }
    }
    free(st);
}

static bool collect_elem(const GumboNode *n, int depth, void *ctx)
{
    (void)depth;
    sb_doc *d = ctx;
    if (sb_is_element(n)) {
        if (d->n_elems % 1024 == 0)
            d->elems = sb_xrealloc(d->elems, (d->n_elems + 1024) * sizeof *d->elems);
        d->elems[d->n_elems++] = (GumboNode *)n;
    }
    return true;
}

/* True when the len bytes at s equal the lower-case ASCII word w, any case. */
static bool starts_with_ci(const char *s, size_t len, const char *w)
{
    size_t n = strlen(w);
    if (len < n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)s[i]) != w[i])
            return false;
    return true;
}

/* Debian's gumbo (0.10.1) leaks the name and identifiers of a DOCTYPE token
 * met in the "in head noscript" insertion mode: it reports the parse error
 * and drops the token without freeing it (found by fuzz_extract_hybrid;
 * pages that paste a whole document into a <noscript> have it).  A DOCTYPE
 * after the first <noscript> can never be the document's own, and the parser
 * ignores it wherever it stands; "<?DOCTYPE" is a bogus comment that ends at
 * the same '>' (or at the end of the input) as the DOCTYPE would, so
 * rewriting the '!' changes nothing but the leak: the tree gains a comment
 * node that nothing reads.  Same length, so offsets into the page hold.
 * The buffer may hold NUL bytes: the scan goes by length. */
static void neutralise_late_doctypes(char *html, size_t len)
{
    bool after_noscript = false;
    for (size_t i = 0; i < len; i++) {
        const char *lt = memchr(html + i, '<', len - i);
        if (!lt)
            break;
        i = (size_t)(lt - html);
        if (!after_noscript)
            after_noscript = starts_with_ci(html + i, len - i, "<noscript");
        else if (starts_with_ci(html + i, len - i, "<!doctype"))
            html[i + 1] = '?';
    }
}

/* Debian's gumbo (0.10.1) reads a numeric character reference into an int
 * without a bound, so a long one ("&#XBBBBBBBB;", found by fuzz_meta)
 * overflows, passes the "> U+10FFFF" check as a negative number and comes
 * out as a stray byte: invalid UTF-8 in attribute values and text, and so
 * in our records.  Browsers give U+FFFD for any reference above U+10FFFF,
 * as gumbo does when its int does not overflow.  So a reference whose value
 * is above U+10FFFF gets its digits rewritten, in place and at the same
 * length, to that many digits of 0x110000 (or 1114112) with leading zeros:
 * gumbo then sees the smallest value above the limit and emits U+FFFD.
 * Overflow needs 8 hex or 10 decimal digits, so the rewrite always fits
 * (shorter references are left alone: gumbo handles them). */
static int digit_value(char c, bool hex)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (hex && c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (hex && c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static void neutralise_huge_char_refs(char *html, size_t len)
{
    for (size_t i = 0; i + 2 < len; i++) {
        /* the next '&' that has two bytes after it */
        const char *amp = memchr(html + i, '&', len - 2 - i);
        if (!amp)
            break;
        i = (size_t)(amp - html);
        if (html[i + 1] != '#')
            continue;
        size_t start = i + 2;
        bool hex = html[start] == 'x' || html[start] == 'X';
        if (hex)
            start++;
        uint32_t value = 0;
        size_t end = start;
        for (; end < len; end++) {
            int d = digit_value(html[end], hex);
            if (d < 0)
                break;
            if (value <= 0x10FFFF) /* saturates: past the limit is enough */
                value = value * (hex ? 16u : 10u) + (uint32_t)d;
        }
        const char *limit = hex ? "110000" : "1114112";
        size_t digits = end - start, limit_len = strlen(limit);
        if (value > 0x10FFFF && digits >= limit_len) {
            memset(html + start, '0', digits - limit_len);
            memcpy(html + end - limit_len, limit, limit_len);
        }
        i = end - 1;
    }
}

sb_doc *sb_doc_parse(const char *utf8, size_t len)
{
    if (!utf8)
        utf8 = "", len = 0;
    char *copy = sb_xmalloc(len + 1);
    memcpy(copy, utf8, len);
    copy[len] = '\0';
    return sb_doc_parse_owned(copy, len);
}

sb_doc *sb_doc_parse_owned(char *html, size_t len)
{
    sb_doc *d = sb_xcalloc(1, sizeof *d);
    if (!html)
        html = sb_xstrndup("", 0), len = 0;
    /* Long data: URIs first, in place: a single-file page's pictures are
     * then neither copied by the passes below nor counted by the caps. */
    len = sb_data_uri_cut_html(html, len, SB_DATA_URI_MAX);
    html[len] = '\0';
    /* Depth next: the tags it removes are not counted by the caps (100,000
     * nested divs keep their text). */
    size_t limited_len = 0;
    char *limited = sb_limit_markup_depth(html, len, SB_MAX_MARKUP_DEPTH, &limited_len);
    if (limited) {
        free(html);
        html = limited;
        len = limited_len;
    }
    size_t keep = sb_markup_cap(html, len, SB_MAX_MARKUP_ITEMS, SB_MAX_MARKUP_BYTES,
                                d->cap_reason, sizeof d->cap_reason);
    html[keep] = '\0';
    /* A page cut by the caps gives back what it does not parse. */
    if (keep < len / 2)
        html = sb_xrealloc(html, keep + 1);
    d->html = html;
    d->html_len = keep;
    neutralise_late_doctypes(d->html, d->html_len);
    neutralise_huge_char_refs(d->html, d->html_len);
    GumboOptions opts = kGumboDefaultOptions;
    opts.max_errors = 0; /* we never read parse errors; don't store them */
    /* Last, after the caps (which count the page as it came): the code of
     * the scripts nothing reads is left out of the parse, which would
     * tokenise it a character at a time; each cut verified on the tree, or
     * the page parsed whole (dom/doc/script_cut.h). */
    sb_script_cut_stats cut;
    d->out = sb_script_cut_parse(&opts, d->html, d->html_len, &d->parsed, &cut);
    d->parsed_len = d->parsed ? d->html_len - cut.cut_bytes : 0;
    d->script_cut_fell_back = cut.fell_back;
    if (!d->out) {
        free(d->parsed);
        free(d->html);
        free(d);
        return NULL;
    }
    sb_walk(d->out->document, collect_elem, d);
    d->map_cap = 16;
    while (d->map_cap < d->n_elems * 2 + 2)
        d->map_cap *= 2;
    d->map_keys = sb_xcalloc(d->map_cap, sizeof *d->map_keys);
    d->map_vals = sb_xcalloc(d->map_cap, sizeof *d->map_vals);
    for (size_t i = 0; i < d->n_elems; i++)
        map_put(d, d->elems[i], (int)i);
    return d;
}

void sb_doc_free(sb_doc *d)
{
    if (!d)
        return;
    if (d->out)
        gumbo_destroy_output(&kGumboDefaultOptions, d->out);
    free(d->elems);
    free(d->map_keys);
    free(d->map_vals);
    free(d->parsed);
    free(d->html);
    free(d);
}

GumboNode *sb_doc_root(const sb_doc *d)
{
    return d && d->out ? d->out->root : NULL;
}

static GumboNode *child_with_tag(GumboNode *n, GumboTag tag)
{
    if (!n || !sb_is_element(n))
        return NULL;
    const GumboVector *k = &n->v.element.children;
    for (unsigned i = 0; i < k->length; i++) {
        GumboNode *c = k->data[i];
        if (c->type == GUMBO_NODE_ELEMENT && c->v.element.tag == tag)
            return c;
    }
    return NULL;
}

GumboNode *sb_doc_head(const sb_doc *d)
{
    return child_with_tag(sb_doc_root(d), GUMBO_TAG_HEAD);
}

GumboNode *sb_doc_body(const sb_doc *d)
{
    return child_with_tag(sb_doc_root(d), GUMBO_TAG_BODY);
}

GumboTag sb_tag(const GumboNode *n)
{
    return sb_is_element(n) ? n->v.element.tag : GUMBO_TAG_UNKNOWN;
}

/* Unknown tags have no static name; gumbo keeps the source text
 * ("<my-widget attr>") in original_tag.  We lower-case the name into a small
 * per-thread-free cache: an interned table would be overkill, so unknown
 * names are normalised once into a static ring of buffers... which would not
 * be reentrant.  Instead normalise in place: the source text belongs to our
 * own copy of the page (d->html), so writing lower-case letters there is
 * safe and keeps the pointer valid as long as the document (the copy
 * gumbo parsed: d->parsed when scripts were cut, else d->html). */
const char *sb_tag_name(const GumboNode *n)
{
    if (!sb_is_element(n))
        return "";
    GumboTag t = n->v.element.tag;
    if (t != GUMBO_TAG_UNKNOWN)
        return gumbo_normalized_tagname(t);
    GumboStringPiece p = n->v.element.original_tag;
    if (!p.data || p.length < 2 || p.data[0] != '<')
        return "";
    char *s = (char *)p.data + 1;
    size_t i = 0;
    while (i + 1 < p.length && s[i] && !isspace((unsigned char)s[i]) && s[i] != '>' &&
           s[i] != '/')
        i++;
    /* Terminate the name by overwriting the delimiter that follows it; the
     * delimiter is recorded nowhere else gumbo reads after parsing. */
    if (s[i] == '\0')
        return s;
    for (size_t j = 0; j < i; j++)
        s[j] = (char)tolower((unsigned char)s[j]);
    s[i] = '\0';
    return s;
}

int sb_doc_find_id(const sb_doc *doc, const char *id)
{
    if (!doc || !id)
        return -1;
    for (size_t i = 0; i < doc->n_elems; i++) {
        const char *v = sb_attr(doc->elems[i], "id");
        if (v && strcmp(v, id) == 0)
            return (int)i;
    }
    return -1;
}

/* A byte folded to lower case by ASCII only. */
static inline unsigned char ascii_lower(unsigned char c)
{
    return c >= 'A' && c <= 'Z' ? (unsigned char)(c + ('a' - 'A')) : c;
}

/* The value of the first attribute whose name equals name ignoring ASCII
 * case.  gumbo_get_attribute answers the same by strcasecmp, which folds
 * by the locale: the same in the C locale the tool runs in, and HTML's
 * attribute names are ASCII case-insensitive in any locale.  The compare
 * is written out because the DOM step and the metadata ask each element
 * for its class, id, src, href...: a strcasecmp call per attribute of every
 * element asked was about 1.5% of a page's instructions in both methods;
 * most attributes differ at their first byte. */
const char *sb_attr(const GumboNode *n, const char *name)
{
    if (!sb_is_element(n) || !name)
        return NULL;
    const GumboVector *attrs = &n->v.element.attributes;
    unsigned char first = ascii_lower((unsigned char)name[0]);
    for (unsigned i = 0; i < attrs->length; i++) {
        const GumboAttribute *a = attrs->data[i];
        const unsigned char *x = (const unsigned char *)a->name;
        if (ascii_lower(x[0]) != first)
            continue;
        const unsigned char *y = (const unsigned char *)name;
        size_t k = 0;
        while (x[k] && ascii_lower(x[k]) == ascii_lower(y[k]))
            k++;
        if (!x[k] && !y[k])
            return a->value;
    }
    return NULL;
}

bool sb_is_nontext_tag(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_SCRIPT:
    case GUMBO_TAG_STYLE:
    case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_NOSCRIPT:
    case GUMBO_TAG_HEAD:
    case GUMBO_TAG_TITLE:
    case GUMBO_TAG_META:
    case GUMBO_TAG_LINK:
    case GUMBO_TAG_IFRAME:
    case GUMBO_TAG_OBJECT:
    case GUMBO_TAG_EMBED:
    case GUMBO_TAG_SVG:
    case GUMBO_TAG_MATH:
    case GUMBO_TAG_SELECT:
    case GUMBO_TAG_TEXTAREA:
    case GUMBO_TAG_BUTTON:
    case GUMBO_TAG_RT:
    case GUMBO_TAG_RP:
    case GUMBO_TAG_RTC:
        return true;
    default:
        return false;
    }
}

typedef struct {
    sb_buf *out;
    bool skip_links;
} text_ctx;

static void append_collapsed(sb_buf *out, const char *s)
{
    bool space = out->len > 0 && out->data[out->len - 1] == ' ';
    for (; *s; s++) {
        if (isspace((unsigned char)*s)) {
            if (!space) {
                sb_buf_putc(out, ' ');
                space = true;
            }
        } else {
            sb_buf_putc(out, *s);
            space = false;
        }
    }
}

/* Elements after which text from the next sibling must not run on. */
static bool breaks_text(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_BR: case GUMBO_TAG_P: case GUMBO_TAG_DIV: case GUMBO_TAG_LI:
    case GUMBO_TAG_TD: case GUMBO_TAG_TH: case GUMBO_TAG_TR: case GUMBO_TAG_H1:
    case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
    case GUMBO_TAG_H6: case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_SECTION:
    case GUMBO_TAG_ARTICLE: case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_DT:
    case GUMBO_TAG_DD: case GUMBO_TAG_PRE: case GUMBO_TAG_UL: case GUMBO_TAG_OL:
        return true;
    default:
        return false;
    }
}

static bool text_visit(const GumboNode *n, int depth, void *vctx)
{
    (void)depth;
    text_ctx *c = vctx;
    switch (n->type) {
    case GUMBO_NODE_TEXT:
    case GUMBO_NODE_WHITESPACE:
    case GUMBO_NODE_CDATA:
        append_collapsed(c->out, n->v.text.text);
        return false;
    case GUMBO_NODE_ELEMENT: {
        GumboTag t = n->v.element.tag;
        if (sb_is_nontext_tag(t))
            return false;
        if (c->skip_links && t == GUMBO_TAG_A)
            return false;
        if (breaks_text(t))
            append_collapsed(c->out, " ");
        return true;
    }
    case GUMBO_NODE_DOCUMENT:
        return true;
    default:
        return false;
    }
}

void sb_node_text(const GumboNode *n, sb_buf *out, bool skip_links)
{
    text_ctx c = {out, skip_links};
    if (out->data == NULL)
        sb_buf_reserve(out, 0), out->data[0] = '\0';
    sb_walk(n, text_visit, &c);
}

char *sb_text_trim(char *s)
{
    char *w = s;
    bool space = true; /* drops leading whitespace */
    for (char *r = s; *r; r++) {
        if (isspace((unsigned char)*r)) {
            if (!space)
                *w++ = ' ';
            space = true;
        } else {
            *w++ = *r;
            space = false;
        }
    }
    if (w > s && w[-1] == ' ')
        w--;
    *w = '\0';
    return s;
}
