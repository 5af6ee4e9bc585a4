#include "render/prep.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_void_tag(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_AREA: case GUMBO_TAG_BASE: case GUMBO_TAG_BASEFONT:
    case GUMBO_TAG_BGSOUND: case GUMBO_TAG_BR: case GUMBO_TAG_COL:
    case GUMBO_TAG_EMBED: case GUMBO_TAG_FRAME: case GUMBO_TAG_HR:
    case GUMBO_TAG_IMAGE: case GUMBO_TAG_IMG: case GUMBO_TAG_INPUT:
    case GUMBO_TAG_KEYGEN: case GUMBO_TAG_LINK: case GUMBO_TAG_META:
    case GUMBO_TAG_PARAM: case GUMBO_TAG_SOURCE: case GUMBO_TAG_TRACK:
    case GUMBO_TAG_WBR:
        return true;
    default:
        return false;
    }
}

/* Elements whose text the tokenizer reads raw: it must be written back
 * unescaped or the re-parse would show entities literally. */
static bool is_rawtext_tag(GumboTag t)
{
    return t == GUMBO_TAG_STYLE || t == GUMBO_TAG_XMP || t == GUMBO_TAG_IFRAME ||
           t == GUMBO_TAG_NOEMBED || t == GUMBO_TAG_NOFRAMES || t == GUMBO_TAG_PLAINTEXT;
}

static bool is_html_elem(const GumboNode *n, GumboTag t)
{
    return n->type == GUMBO_NODE_ELEMENT && n->v.element.tag == t &&
           n->v.element.tag_namespace == GUMBO_NAMESPACE_HTML;
}

static void put_escaped_n(sb_buf *out, const char *s, size_t len, bool attr)
{
    const char *from = s, *end = s + len;
    for (; s < end; s++) {
        if (!attr && (unsigned char)*s == 0xF4 && (size_t)(end - s) >= SB_PREP_WORD_JOIN_LEN &&
            memcmp(s, SB_PREP_WORD_JOIN, SB_PREP_WORD_JOIN_LEN) == 0) {
            sb_buf_append(out, from, (size_t)(s - from)); /* the joiner is ours alone */
            s += SB_PREP_WORD_JOIN_LEN - 1;
            from = s + 1;
            continue;
        }
        const char *rep = NULL;
        switch (*s) {
        case '&': rep = "&amp;"; break;
        case '<': rep = attr ? NULL : "&lt;"; break;
        case '>': rep = attr ? NULL : "&gt;"; break;
        case '"': rep = attr ? "&quot;" : NULL; break;
        case '\r': rep = "&#13;"; break; /* a raw CR would come back as LF */
        default: break;
        }
        if (rep) {
            sb_buf_append(out, from, (size_t)(s - from));
            sb_buf_puts(out, rep);
            from = s + 1;
        }
    }
    sb_buf_append(out, from, (size_t)(s - from));
}

/* Where the walk below writes: HTML text (sb_render_serialize) or a tree
 * litehtml builds its elements from without parsing (prep_tree.h).  Both
 * get the same page: the tree holds what the parser would give back of
 * the HTML, unescaped. */
typedef struct prep_out {
    sb_buf *html;   /* HTML mode */
    sb_ptree *tree; /* tree mode */
    sb_buf val;     /* tree mode: scratch for attribute values */
} prep_out;

/* Page text: escaped in HTML, and in both the page's own joiner characters
 * left out (prep.h). */
static void out_text(prep_out *o, const char *s, size_t n)
{
    if (o->html) {
        put_escaped_n(o->html, s, n, false);
        return;
    }
    const char *from = s, *end = s + n;
    for (; s + SB_PREP_WORD_JOIN_LEN <= end; s++)
        if ((unsigned char)*s == 0xF4 && memcmp(s, SB_PREP_WORD_JOIN, SB_PREP_WORD_JOIN_LEN) == 0) {
            sb_ptree_text(o->tree, from, (size_t)(s - from));
            s += SB_PREP_WORD_JOIN_LEN - 1;
            from = s + 1;
        }
    sb_ptree_text(o->tree, from, (size_t)(end - from));
}

/* Text written as it is (raw text elements, the joiner, CSS). */
static void out_raw(prep_out *o, const char *s, size_t n)
{
    if (o->html)
        sb_buf_append(o->html, s, n);
    else
        sb_ptree_text(o->tree, s, n);
}

static void out_raws(prep_out *o, const char *s)
{
    out_raw(o, s, strlen(s));
}

/* Text outside preformatted elements, escaped, with each run of
 * whitespace cut to one character (a newline if the run had one).
 * litehtml makes an element of every whitespace character, and pages with
 * tens of kilobytes of indentation would otherwise cost seconds; with
 * white-space: normal the layout is the same.  (Only CSS white-space: pre
 * on ordinary elements loses its indentation.) */
static bool is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

/* Whether s holds at least `min` words: the count stops there (a
 * paragraph's text is read once, by put_text_collapsed, not twice). */
static bool has_words(const char *s, size_t min)
{
    size_t words = 0;
    bool in_word = false;
    for (; *s; s++) {
        if (is_ws(*s))
            in_word = false;
        else if (!in_word) {
            in_word = true;
            if (++words >= min)
                return true;
        }
    }
    return words >= min;
}

/* In text of SB_PREP_JOIN_MIN_WORDS words or more, the space after each
 * word but every SB_PREP_JOIN_WORDS-th becomes the joiner (prep.h). */
/* Each byte's class for put_text_collapsed's scans: is_ws's five bytes
 * (WS_NEWLINE also for '\n' and '\r'), and the end of the text. */
enum { WS_SPACE = 1, WS_NEWLINE = 2, WS_END = 4 };
static const unsigned char ws_class[256] = {
    [' '] = WS_SPACE, ['\t'] = WS_SPACE, ['\f'] = WS_SPACE,
    ['\n'] = WS_SPACE | WS_NEWLINE, ['\r'] = WS_SPACE | WS_NEWLINE, ['\0'] = WS_END};

/* Whether the text has SB_PREP_JOIN_MIN_WORDS words is asked only when a
 * joiner could be written (a space run between two words, the first not
 * a multiple of SB_PREP_JOIN_WORDS): most text nodes are indentation or a
 * word or two and never ask.  The answer is has_words of the whole text,
 * as before, found once. */
static void put_text_collapsed(prep_out *o, const char *s)
{
    const char *text = s;
    int join = -1; /* not asked yet */
    size_t words = 0;
    while (*s) {
        const char *b = s;
        while (!(ws_class[(unsigned char)*s] & (WS_SPACE | WS_END)))
            s++;
        if (s > b) {
            out_text(o, b, (size_t)(s - b));
            words++;
        }
        if (!*s)
            break;
        unsigned seen = 0;
        const char *r = s;
        for (unsigned k; (k = ws_class[(unsigned char)*s]) & WS_SPACE; s++)
            seen |= k;
        size_t run = (size_t)(s - r);
        bool newline = (seen & WS_NEWLINE) != 0;
        if (*s && words % SB_PREP_JOIN_WORDS != 0) {
            if (join < 0)
                join = has_words(text, SB_PREP_JOIN_MIN_WORDS);
            if (join) {
                out_raw(o, SB_PREP_WORD_JOIN, SB_PREP_WORD_JOIN_LEN);
                continue;
            }
        }
        char c = run == 1 && s[-1] != '\r' ? s[-1] : newline ? '\n' : ' ';
        out_raw(o, &c, 1);
    }
}

/* A name the tokenizer reads back as the same single attribute. */
static bool valid_attr_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c <= ' ' || c == '"' || c == '\'' || c == '>' || c == '/' || c == '=' || c == '<' ||
            c == 0x7f)
            return false;
    }
    return true;
}

/* Appends "width:Npx;" for a numeric dimension attribute ("120", "120px",
 * "50%"); anything else is ignored, as browsers do. */
static void put_dimension(sb_buf *out, const char *prop, const char *v)
{
    if (!v)
        return;
    while (*v == ' ')
        v++;
    const char *b = v;
    while (*v >= '0' && *v <= '9')
        v++;
    if (v == b || v - b > 6)
        return;
    const char *unit = *v == '%' ? "%" : "px";
    sb_buf_printf(out, "%s:%.*s%s;", prop, (int)(v - b), b, unit);
}

/* strcmp(a, lit) == 0, the first bytes compared before the call (most
 * tag and attribute names differ from the ones asked at once). */
static bool name_is(const char *a, const char *lit)
{
    return a[0] == lit[0] && strcmp(a, lit) == 0;
}

/* The width/height attributes of embedded content are presentational hints
 * (HTML 15.4.4); litehtml maps them for <img> only. */
static void dimension_hints(const GumboNode *n, const char *tag, sb_buf *hint)
{
    if (!name_is(tag, "svg") && !name_is(tag, "iframe") && !name_is(tag, "video") &&
        !name_is(tag, "canvas") && !name_is(tag, "embed") && !name_is(tag, "object"))
        return;
    put_dimension(hint, "width", sb_attr(n, "width"));
    put_dimension(hint, "height", sb_attr(n, "height"));
}

static bool is_block_tag(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_DIV: case GUMBO_TAG_P: case GUMBO_TAG_TABLE: case GUMBO_TAG_UL:
    case GUMBO_TAG_OL: case GUMBO_TAG_DL: case GUMBO_TAG_H1: case GUMBO_TAG_H2:
    case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6:
    case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_SECTION: case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_FOOTER: case GUMBO_TAG_FIGURE: case GUMBO_TAG_FORM:
    case GUMBO_TAG_HR: case GUMBO_TAG_PRE: case GUMBO_TAG_NAV: case GUMBO_TAG_ASIDE:
    case GUMBO_TAG_MAIN: case GUMBO_TAG_CENTER: case GUMBO_TAG_ADDRESS:
        return true;
    default:
        return false;
    }
}

/* In a browser a <br> that starts a line (after another <br>, after a
 * block, or first in its parent) leaves an empty line; litehtml's block
 * <br> has no height, so "a<br><br>b" would lose its blank line. */
static bool br_starts_line(const GumboNode *n)
{
    const GumboNode *p = n->parent;
    if (!p || p->type != GUMBO_NODE_ELEMENT)
        return false;
    const GumboVector *k = &p->v.element.children;
    for (size_t i = n->index_within_parent; i-- > 0;) {
        const GumboNode *s = k->data[i];
        if (s->type == GUMBO_NODE_WHITESPACE || s->type == GUMBO_NODE_COMMENT)
            continue;
        if (s->type != GUMBO_NODE_ELEMENT)
            return false; /* text on the line */
        GumboTag t = s->v.element.tag;
        if (t == GUMBO_TAG_SCRIPT || t == GUMBO_TAG_STYLE)
            continue;
        return t == GUMBO_TAG_BR || is_block_tag(t);
    }
    return true;
}

/* ---- flex and grid containers in style="" attributes ---------------------
 * A stylesheet's container rule gets companion rules for its items under
 * its own selector (css_flex.h); a container made by its style attribute
 * has no selector, so its items' rules name it by the id the serialisation
 * gives it: [data-sbid=N] > *.  They are collected before the page is
 * written and put first in the cascade, in a <style> at the start of
 * <head>, so that a page rule about the items (one that hides them) wins
 * as it does over a stylesheet's companions. */

/* A cheap test before parsing the declarations. */
static bool may_be_container(const char *style)
{
    return strstr(style, "flex") || strstr(style, "grid") || strstr(style, "FLEX") ||
           strstr(style, "GRID");
}

typedef struct attr_layouts {
    unsigned char *kept; /* by element id: 1 = its container layout is kept */
    sb_buf rules;        /* the items' rules */
} attr_layouts;

static void attr_layouts_collect(const sb_doc *doc, attr_layouts *al)
{
    al->kept = NULL;
    al->rules = (sb_buf)SB_BUF_INIT;
    for (size_t e = 0; e < doc->n_elems; e++) {
        const GumboNode *n = doc->elems[e];
        if (n->type != GUMBO_NODE_ELEMENT)
            continue;
        const char *style = sb_attr(n, "style");
        if (!style || !may_be_container(style))
            continue;
        sb_css_layout layout;
        char *css = sb_css_prepare_attr(style, strlen(style), &layout);
        free(css);
        if (layout.kind != SB_LAYOUT_CELLS && layout.kind != SB_LAYOUT_FLOATS)
            continue;
        /* Tables in tables cost exponential time: a container inside
         * SB_CSS_MAX_CELL_NESTING others of its kind keeps block flow. */
        int outer = 0;
        for (const GumboNode *p = n->parent; p && outer <= SB_CSS_MAX_CELL_NESTING; p = p->parent) {
            int pid = sb_doc_id(doc, p);
            if (pid >= 0 && al->kept && al->kept[pid])
                outer++;
        }
        if (outer >= SB_CSS_MAX_CELL_NESTING)
            continue;
        if (!al->kept)
            al->kept = sb_xcalloc(doc->n_elems + 1, 1);
        al->kept[e] = 1;
        char sel[48];
        int sel_n = snprintf(sel, sizeof sel, "[data-sbid=%zu]", e);
        sb_css_layout_companions(&al->rules, sel, (size_t)sel_n, &layout);
    }
}

/* A data: URI is kept only as far as the render can use it: its media
 * type and the first SB_PREP_DATA_URI_KEEP bytes of its payload, where an
 * image's header says its size (render.cpp reads it).  Single-file pages
 * (SingleFile, monolith) carry every picture this way, megabytes that
 * would otherwise be copied into the serialised page and again into
 * litehtml's elements.  Returns where the kept part starts (its length is
 * SB_PREP_DATA_URI_KEEP), or NULL for other values. */
static const char *data_uri_prefix(const char *v)
{
    const char *s = v;
    while (is_ws(*s))
        s++;
    /* the first byte first: most values do not start with d or D */
    if ((*s != 'd' && *s != 'D') || strncasecmp(s, "data:", 5) != 0)
        return NULL;
    size_t n = strnlen(s, SB_PREP_DATA_URI_KEEP + 1);
    return n > SB_PREP_DATA_URI_KEEP ? s : NULL;
}

/* An element's id as digits, written once per element of the page: by
 * hand rather than through the printf machinery, which cost more than the
 * rest of the start tag.  Returns the length. */
static size_t put_id(char *buf, int id)
{
    size_t n = 0;
    unsigned v = id < 0 ? 0u - (unsigned)id : (unsigned)id;
    if (id < 0)
        buf[n++] = '-';
    char digits[12];
    size_t k = 0;
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (k)
        buf[n++] = digits[--k];
    return n;
}

/* One attribute as the page gets it back: its value's bytes in a buffer
 * shared by the element's attributes. */
typedef struct out_attr {
    const char *prefix; /* HTML mode: the namespace prefix it is written with */
    const char *name;
    size_t off, len;    /* of the value, in the buffer */
} out_attr;

static void put_start_tag(prep_out *o, const GumboNode *n, int id, bool flatten,
                          const attr_layouts *al, sb_prep_stats *st)
{
    const char *tag = sb_tag_name(n);
    sb_buf hint = SB_BUF_INIT;
    dimension_hints(n, tag, &hint);
    /* litehtml 0.6 dereferences the parent of a root element that page CSS
     * makes a table part (`* { display: table-cell }`) and crashes; the
     * root stays a block whatever the page says. */
    if (n->parent && n->parent->type == GUMBO_NODE_DOCUMENT)
        sb_buf_puts(&hint, "display:block !important;");
    if (flatten)
        sb_buf_puts(&hint, "display:block !important;");
    if (is_html_elem(n, GUMBO_TAG_BR) && br_starts_line(n))
        sb_buf_puts(&hint, "height:1.2em;");

    const GumboVector *attrs = &n->v.element.attributes;
    out_attr small[16];
    out_attr *list = attrs->length + 2 <= 16 ? small
                                             : sb_xmalloc((attrs->length + 2) * sizeof *list);
    size_t n_list = 0;
    sb_buf *vals = &o->val;
    sb_buf_clear(vals);
    {
        char digits[16];
        size_t k = put_id(digits, id);
        list[n_list++] = (out_attr){"", "data-sbid", vals->len, k};
        sb_buf_append(vals, digits, k);
    }
    for (unsigned i = 0; i < attrs->length; i++) {
        const GumboAttribute *a = attrs->data[i];
        if (!valid_attr_name(a->name) || name_is(a->name, "data-sbid"))
            continue;
        const char *prefix = "";
        switch (a->attr_namespace) {
        case GUMBO_ATTR_NAMESPACE_XLINK: prefix = "xlink:"; break;
        case GUMBO_ATTR_NAMESPACE_XML: prefix = "xml:"; break;
        case GUMBO_ATTR_NAMESPACE_XMLNS:
            if (!name_is(a->name, "xmlns"))
                prefix = "xmlns:";
            break;
        default: break;
        }
        size_t off = vals->len;
        long span_limit = name_is(a->name, "colspan")   ? 1000
                          : name_is(a->name, "rowspan") ? 65534
                                                        : 0;
        const char *cut;
        if (span_limit && strtol(a->value, NULL, 10) > span_limit) {
            /* The HTML standard's clamps; litehtml would build a table grid
             * of whatever size the page asks for. */
            sb_buf_printf(vals, "%ld", span_limit);
        } else if (name_is(a->name, "style")) {
            sb_css_layout layout;
            char *css = id >= 0 && al->kept && al->kept[id]
                            ? sb_css_prepare_attr(a->value, strlen(a->value), &layout)
                            : sb_css_prepare_decls(a->value, strlen(a->value));
            sb_buf_append(vals, hint.data ? hint.data : "", hint.len);
            sb_buf_clear(&hint);
            sb_buf_puts(vals, css);
            free(css);
        } else if ((cut = data_uri_prefix(a->value)) != NULL) {
            sb_buf_append(vals, cut, SB_PREP_DATA_URI_KEEP);
        } else {
            sb_buf_puts(vals, a->value);
        }
        list[n_list++] = (out_attr){prefix, a->name, off, vals->len - off};
    }
    if (hint.len) { /* no style attribute to carry the hints */
        list[n_list++] = (out_attr){"", "style", vals->len, hint.len};
        sb_buf_append(vals, hint.data, hint.len);
    }
    sb_buf_free(&hint);

    if (o->html) {
        sb_buf *out = o->html;
        sb_buf_putc(out, '<');
        sb_buf_puts(out, tag);
        for (size_t i = 0; i < n_list; i++) {
            sb_buf_putc(out, ' ');
            sb_buf_puts(out, list[i].prefix);
            sb_buf_puts(out, list[i].name);
            sb_buf_puts(out, "=\"");
            put_escaped_n(out, vals->data + list[i].off, list[i].len, true);
            sb_buf_putc(out, '"');
        }
        sb_buf_putc(out, '>');
        /* The parser drops one newline right after these start tags; give
         * it one to drop so a leading newline of the content survives. */
        if (n->v.element.tag_namespace == GUMBO_NAMESPACE_HTML &&
            (n->v.element.tag == GUMBO_TAG_PRE || n->v.element.tag == GUMBO_TAG_TEXTAREA ||
             n->v.element.tag == GUMBO_TAG_LISTING))
            sb_buf_putc(out, '\n');
    } else {
        sb_ptree_attr tl_small[16];
        sb_ptree_attr *tl = n_list <= 16 ? tl_small : sb_xmalloc(n_list * sizeof *tl);
        for (size_t i = 0; i < n_list; i++)
            tl[i] = (sb_ptree_attr){list[i].name, vals->data + list[i].off, list[i].len};
        sb_ptree_start(o->tree, n->v.element.tag, n->v.element.tag_namespace, tag, tl, n_list);
        if (tl != tl_small)
            free(tl);
    }
    if (list != small)
        free(list);
    if (st)
        st->elems_emitted++;
}

static void put_doctype(sb_buf *out, const GumboDocument *d)
{
    if (!d->has_doctype)
        return; /* no doctype: the re-parse is in quirks mode, like the page */
    sb_buf_puts(out, "<!DOCTYPE ");
    sb_buf_puts(out, d->name && *d->name ? d->name : "html");
    const char *pub = d->public_identifier ? d->public_identifier : "";
    const char *sys = d->system_identifier ? d->system_identifier : "";
    /* Identifiers with a quote cannot be written back; they are rare and
     * only affect quirks detection. */
    if (*pub && !strchr(pub, '"')) {
        sb_buf_printf(out, " PUBLIC \"%s\"", pub);
        if (*sys && !strchr(sys, '"'))
            sb_buf_printf(out, " \"%s\"", sys);
    } else if (*sys && !strchr(sys, '"')) {
        sb_buf_printf(out, " SYSTEM \"%s\"", sys);
    }
    sb_buf_puts(out, ">\n");
}

/* Elements that cannot render, left out with their whole subtree: the user-
 * agent stylesheet hides them (render/ua_css.c) and no page restyles them
 * into view in practice, but litehtml would still create, match and style
 * each one (on news pages about one element in seven: scripts, meta and
 * link tags, SVG internals).  Kept: <style> and <link rel=stylesheet>
 * (litehtml reads their CSS), <base> (it resolves their URLs), and
 * [hidden] (author CSS does show such elements: `.x { display: flex }`
 * beats the attribute).  The render has no box for a left-out element,
 * as for any element that is not displayed. */
/* rel="stylesheet" in any case or company ("alternate stylesheet"): more
 * than litehtml itself reads, so no stylesheet it would load is lost. */
static bool mentions_stylesheet(const char *rel)
{
    static const char word[] = "stylesheet";
    for (; *rel; rel++)
        if (strncasecmp(rel, word, sizeof word - 1) == 0)
            return true;
    return false;
}

static bool never_rendered(const GumboNode *n)
{
    if (n->type == GUMBO_NODE_TEMPLATE)
        return true;
    if (n->type != GUMBO_NODE_ELEMENT)
        return false;
    if (n->v.element.tag_namespace == GUMBO_NAMESPACE_SVG) {
        /* An <svg> is one replaced box of the size prep gives it; what is
         * inside is a picture, not page text. */
        const GumboNode *p = n->parent;
        return p && p->type == GUMBO_NODE_ELEMENT &&
               p->v.element.tag_namespace == GUMBO_NAMESPACE_SVG;
    }
    if (n->v.element.tag_namespace != GUMBO_NAMESPACE_HTML)
        return false;
    switch (n->v.element.tag) {
    case GUMBO_TAG_SCRIPT: case GUMBO_TAG_NOSCRIPT: case GUMBO_TAG_TEMPLATE:
    case GUMBO_TAG_META: case GUMBO_TAG_TITLE: case GUMBO_TAG_PARAM:
    case GUMBO_TAG_SOURCE: case GUMBO_TAG_TRACK: case GUMBO_TAG_DATALIST:
    case GUMBO_TAG_AREA: case GUMBO_TAG_NOEMBED: case GUMBO_TAG_NOFRAMES:
        return true;
    case GUMBO_TAG_LINK: {
        const char *rel = sb_attr(n, "rel");
        return !rel || !mentions_stylesheet(rel);
    }
    case GUMBO_TAG_INPUT: {
        const char *type = sb_attr(n, "type");
        return type && strcasecmp(type, "hidden") == 0;
    }
    default:
        return false;
    }
}

/* White space that no layout shows: between the children of <html>, <head>
 * and the parts of a table (CSS 2.1 17.2.1 drops it there).  litehtml
 * would make an element of it and style it. */
static bool drops_white_space(const GumboNode *parent)
{
    if (parent->type != GUMBO_NODE_ELEMENT ||
        parent->v.element.tag_namespace != GUMBO_NAMESPACE_HTML)
        return false;
    switch (parent->v.element.tag) {
    case GUMBO_TAG_HTML: case GUMBO_TAG_HEAD: case GUMBO_TAG_TABLE: case GUMBO_TAG_TBODY:
    case GUMBO_TAG_THEAD: case GUMBO_TAG_TFOOT: case GUMBO_TAG_TR: case GUMBO_TAG_COLGROUP:
        return true;
    default:
        return false;
    }
}

typedef struct frame {
    const GumboNode *node;
    unsigned next;      /* next child to visit */
    int depth;          /* element depth, <html> = 1 */
    bool emitted;       /* start tag written: write the end tag on exit */
    bool pre;           /* inside <pre>, <textarea>...: whitespace matters */
    int tables;         /* <table> elements open here, this one included */
} frame;

static bool is_table_part(GumboTag t)
{
    return t == GUMBO_TAG_TABLE || t == GUMBO_TAG_TBODY || t == GUMBO_TAG_THEAD ||
           t == GUMBO_TAG_TFOOT || t == GUMBO_TAG_TR || t == GUMBO_TAG_TD || t == GUMBO_TAG_TH ||
           t == GUMBO_TAG_CAPTION;
}

static bool is_pre_tag(const GumboNode *n)
{
    return is_html_elem(n, GUMBO_TAG_PRE) || is_html_elem(n, GUMBO_TAG_TEXTAREA) ||
           is_html_elem(n, GUMBO_TAG_LISTING) || is_html_elem(n, GUMBO_TAG_PLAINTEXT) ||
           is_html_elem(n, GUMBO_TAG_XMP);
}

static const GumboVector *kids_of(const GumboNode *n)
{
    if (n->type == GUMBO_NODE_DOCUMENT)
        return &n->v.document.children;
    if (n->type == GUMBO_NODE_ELEMENT)
        return &n->v.element.children;
    return NULL; /* text, comments, and template contents (never emitted) */
}

/* Marks <a> and <nobr> elements that contain another element of the same
 * tag.  Re-parsed, the inner start tag would run the adoption agency and
 * clone the outer element (with its data-sbid) around the following
 * content, so the outer one is left out and its children hoisted. */
static unsigned char *nested_formatting(const sb_doc *doc)
{
    unsigned char *drop = sb_xcalloc(doc->n_elems + 1, 1);
    for (size_t e = 0; e < doc->n_elems; e++) {
        const GumboNode *n = doc->elems[e];
        GumboTag t = sb_tag(n);
        if ((t != GUMBO_TAG_A && t != GUMBO_TAG_NOBR) || !is_html_elem(n, t))
            continue;
        for (const GumboNode *p = n->parent; p; p = p->parent)
            if (is_html_elem(p, t)) {
                int id = sb_doc_id(doc, p);
                if (id >= 0)
                    drop[id] = 1;
            }
    }
    return drop;
}

void sb_prep_sheets_free(sb_prep_sheets *sheets)
{
    if (!sheets)
        return;
    for (size_t i = 0; i < sheets->n; i++)
        free(sheets->css[i]);
    free(sheets->css);
    *sheets = (sb_prep_sheets){NULL, 0, 0};
}

const char *sb_prep_sheet_of_url(const sb_prep_sheets *sheets, const char *url)
{
    size_t scheme = strlen(SB_PREP_SHEET_SCHEME);
    if (!sheets || !url || strncmp(url, SB_PREP_SHEET_SCHEME, scheme) != 0)
        return NULL;
    const char *digits = url + scheme;
    if (*digits < '0' || *digits > '9')
        return NULL;
    char *end;
    unsigned long k = strtoul(digits, &end, 10);
    if (*end || k >= sheets->n)
        return NULL;
    return sheets->css[k];
}

/* Keeps a prepared stylesheet and writes the @import that stands for it. */
static void put_sheet_import(prep_out *o, sb_prep_sheets *sheets, char *css)
{
    if (!*css) { /* nothing left after pruning */
        free(css);
        return;
    }
    if (sheets->n == sheets->cap) {
        sheets->cap = sheets->cap ? sheets->cap * 2 : 8;
        sheets->css = sb_xrealloc(sheets->css, sheets->cap * sizeof *sheets->css);
    }
    char import[64];
    int n = snprintf(import, sizeof import, "@import url(" SB_PREP_SHEET_SCHEME "%zu);", sheets->n);
    out_raw(o, import, (size_t)n);
    sheets->css[sheets->n++] = css;
}

char *sb_render_serialize(const sb_doc *doc, const sb_css_names *names, int max_depth,
                          sb_prep_stats *st, size_t *out_len)
{
    return sb_render_serialize_sheets(doc, names, max_depth, st, NULL, out_len);
}

/* The walk both serialisations share; doc has a tree. */
static void prepare(const sb_doc *doc, const sb_css_names *names, int max_depth,
                    sb_prep_stats *st, sb_prep_sheets *sheets, prep_out *o)
{
    if (max_depth <= 0)
        max_depth = SB_RENDER_MAX_DEPTH;
    const GumboNode *root = doc->out->document;
    if (o->html)
        put_doctype(o->html, &root->v.document);
    unsigned char *drop = nested_formatting(doc);
    attr_layouts al;
    attr_layouts_collect(doc, &al);

    size_t cap = 64, top = 0;
    frame *stack = sb_xmalloc(cap * sizeof *stack);
    stack[top++] = (frame){root, 0, 0, false, false, 0};
    while (top) {
        frame *f = &stack[top - 1];
        const GumboVector *kids = kids_of(f->node);
        if (!kids || f->next >= kids->length) {
            if (f->emitted && !o->html) {
                sb_ptree_end(o->tree);
            } else if (f->emitted && !is_void_tag(sb_tag(f->node))) {
                sb_buf_puts(o->html, "</");
                sb_buf_puts(o->html, sb_tag_name(f->node));
                sb_buf_putc(o->html, '>');
            }
            top--;
            continue;
        }
        const GumboNode *c = kids->data[f->next++];
        const GumboNode *parent = f->node;
        int depth = f->depth;
        bool in_pre = f->pre; /* f dies if the stack grows below */
        int tables = f->tables + (is_html_elem(c, GUMBO_TAG_TABLE) ? 1 : 0);
        switch (c->type) {
        case GUMBO_NODE_TEXT:
        case GUMBO_NODE_WHITESPACE:
        case GUMBO_NODE_CDATA: {
            const char *text = c->v.text.text;
            if (is_html_elem(parent, GUMBO_TAG_SCRIPT))
                break;
            if (c->type == GUMBO_NODE_WHITESPACE && !in_pre && drops_white_space(parent))
                break;
            if (is_html_elem(parent, GUMBO_TAG_STYLE)) {
                size_t n = strlen(text);
                /* litehtml 0.6 applies a <style> whatever its media
                 * attribute says: a print sheet is left out here, and one
                 * whose media has features is wrapped in @media, which
                 * litehtml does evaluate. */
                const char *media = sb_attr(parent, "media");
                sb_css_media on_screen =
                    media ? sb_css_media_on_screen(media, strlen(media)) : SB_MEDIA_ALWAYS;
                if (st)
                    st->css_bytes_in += n;
                if (on_screen == SB_MEDIA_NEVER)
                    break;
                char *css = sb_css_prepare(text, n, names, st ? &st->css : NULL);
                if (st)
                    st->css_bytes_out += strlen(css);
                bool wrap = on_screen == SB_MEDIA_DEPENDS && *css;
                if (wrap) { /* sb_css_media_on_screen refused braces and quotes */
                    out_raws(o, "@media ");
                    out_raws(o, media);
                    out_raws(o, "{");
                }
                if (sheets) {
                    put_sheet_import(o, sheets, css);
                } else {
                    out_raws(o, css);
                    free(css);
                }
                if (wrap)
                    out_raws(o, "}");
            } else if (parent->type == GUMBO_NODE_ELEMENT &&
                       parent->v.element.tag_namespace == GUMBO_NAMESPACE_HTML &&
                       is_rawtext_tag(parent->v.element.tag)) {
                out_raws(o, text);
            } else if (in_pre) {
                out_text(o, text, strlen(text));
            } else {
                put_text_collapsed(o, text);
            }
            break;
        }
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE: {
            int id = sb_doc_id(doc, c);
            if (id >= 0 && drop[id]) {
                if (st)
                    st->elems_hoisted++;
                if (top == cap) {
                    cap *= 2;
                    stack = sb_xrealloc(stack, cap * sizeof *stack);
                }
                stack[top++] = (frame){c, 0, depth, false, in_pre, tables};
                break;
            }
            bool deep = depth + 1 > max_depth;
            if (deep) {
                if (st)
                    st->elems_hoisted++;
                /* Raw text hoisted out of its element would become visible
                 * page text; such elements go with their content. */
                GumboTag t = sb_tag(c);
                if (c->type == GUMBO_NODE_TEMPLATE || t == GUMBO_TAG_SCRIPT ||
                    t == GUMBO_TAG_STYLE || is_rawtext_tag(t) || t == GUMBO_TAG_TEXTAREA ||
                    t == GUMBO_TAG_TITLE)
                    break;
            } else if (never_rendered(c)) {
                if (st)
                    st->elems_left_out++;
                break;
            } else {
                GumboTag t = sb_tag(c);
                bool flatten = tables > SB_RENDER_MAX_TABLE_NESTING &&
                               c->type == GUMBO_NODE_ELEMENT &&
                               c->v.element.tag_namespace == GUMBO_NAMESPACE_HTML &&
                               is_table_part(t);
                if (flatten && st)
                    st->table_parts_flattened++;
                put_start_tag(o, c, id, flatten, &al, st);
                if (al.rules.len && is_html_elem(c, GUMBO_TAG_HEAD)) {
                    /* first in <head>: first in the cascade */
                    if (o->html)
                        sb_buf_puts(o->html, "<style>");
                    else
                        sb_ptree_start(o->tree, GUMBO_TAG_STYLE, GUMBO_NAMESPACE_HTML, "style",
                                       NULL, 0);
                    if (sheets) {
                        put_sheet_import(o, sheets, sb_buf_steal(&al.rules));
                    } else {
                        out_raw(o, al.rules.data, al.rules.len);
                        sb_buf_free(&al.rules);
                    }
                    if (o->html)
                        sb_buf_puts(o->html, "</style>");
                    else
                        sb_ptree_end(o->tree);
                }
            }
            if (top == cap) {
                cap *= 2;
                stack = sb_xrealloc(stack, cap * sizeof *stack);
            }
            stack[top++] = (frame){c, 0, deep ? depth : depth + 1, !deep,
                                   in_pre || is_pre_tag(c), tables};
            break;
        }
        default: /* comments, stray documents */
            break;
        }
    }
    free(stack);
    free(drop);
    free(al.kept);
    sb_buf_free(&al.rules);
}

char *sb_render_serialize_sheets(const sb_doc *doc, const sb_css_names *names, int max_depth,
                                 sb_prep_stats *st, sb_prep_sheets *sheets, size_t *out_len)
{
    sb_buf out = SB_BUF_INIT;
    sb_buf_reserve(&out, doc ? doc->html_len + doc->n_elems * 16 + 64 : 64);
    if (!doc || !doc->out || !doc->out->document) {
        sb_buf_puts(&out, "<html><head></head><body></body></html>");
    } else {
        prep_out o = {&out, NULL, SB_BUF_INIT};
        prepare(doc, names, max_depth, st, sheets, &o);
        sb_buf_free(&o.val);
    }
    if (out_len)
        *out_len = out.len;
    return sb_buf_steal(&out);
}

sb_ptree *sb_render_prepare_tree(const sb_doc *doc, const sb_css_names *names, int max_depth,
                                 sb_prep_stats *st, sb_prep_sheets *sheets)
{
    sb_ptree *t = sb_ptree_new();
    if (!doc || !doc->out || !doc->out->document) {
        sb_ptree_start(t, GUMBO_TAG_HTML, GUMBO_NAMESPACE_HTML, "html", NULL, 0);
        sb_ptree_start(t, GUMBO_TAG_HEAD, GUMBO_NAMESPACE_HTML, "head", NULL, 0);
        sb_ptree_end(t);
        sb_ptree_start(t, GUMBO_TAG_BODY, GUMBO_NAMESPACE_HTML, "body", NULL, 0);
        sb_ptree_end(t);
        sb_ptree_end(t);
        return t;
    }
    prep_out o = {NULL, t, SB_BUF_INIT};
    prepare(doc, names, max_depth, st, sheets, &o);
    sb_buf_free(&o.val);
    return t;
}

/* ---- the tree against the parse of the text ---------------------------- */

typedef struct tree_cmp {
    long bad;
    char *err;
    size_t errlen;
} tree_cmp;

static void tree_diff(tree_cmp *c, const char *what, const char *a, const char *b)
{
    if (c->bad++ == 0 && c->err && c->errlen)
        snprintf(c->err, c->errlen, "%s: parse \"%.60s\", tree \"%.60s\"", what, a ? a : "",
                 b ? b : "");
}

static bool is_text_node(const GumboNode *n)
{
    return n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE ||
           n->type == GUMBO_NODE_CDATA;
}

/* An element's name as litehtml takes it (document::create_node). */
static void litehtml_name(const GumboNode *n, sb_buf *out)
{
    sb_buf_clear(out);
    const char *known = gumbo_normalized_tagname(n->v.element.tag);
    if (known[0]) {
        sb_buf_puts(out, known);
        return;
    }
    GumboStringPiece p = n->v.element.original_tag;
    if (p.data && p.length)
        gumbo_tag_from_original_text(&p);
    sb_buf_append(out, p.data ? p.data : "", p.data ? p.length : 0);
}

/* The children as litehtml reads them: runs of text joined, comments
 * skipped (the tree has none). */
typedef struct kid_seq {
    const GumboVector *v;
    unsigned i;
} kid_seq;

static const GumboNode *next_kid(kid_seq *s, sb_buf *text)
{
    sb_buf_clear(text);
    while (s->i < s->v->length) {
        const GumboNode *k = s->v->data[s->i];
        if (k->type == GUMBO_NODE_COMMENT) {
            s->i++;
            continue;
        }
        if (!is_text_node(k))
            break;
        sb_buf_puts(text, k->v.text.text);
        s->i++;
    }
    if (text->len)
        return NULL; /* a text run, in text */
    return s->i < s->v->length ? s->v->data[s->i++] : NULL;
}

static void tree_compare(tree_cmp *c, const GumboNode *a, const GumboNode *b)
{
    sb_buf na = SB_BUF_INIT, nb = SB_BUF_INIT;
    litehtml_name(a, &na);
    litehtml_name(b, &nb);
    if (strcmp(na.data ? na.data : "", nb.data ? nb.data : "") != 0)
        tree_diff(c, "tag", na.data, nb.data);
    const GumboVector *aa = &a->v.element.attributes, *ba = &b->v.element.attributes;
    if (aa->length != ba->length)
        tree_diff(c, "attribute count", na.data, nb.data);
    for (unsigned i = 0; i < aa->length; i++) {
        const GumboAttribute *x = aa->data[i];
        const GumboAttribute *y = NULL;
        for (unsigned j = 0; j < ba->length && !y; j++)
            if (strcmp(((const GumboAttribute *)ba->data[j])->name, x->name) == 0)
                y = ba->data[j];
        if (!y)
            tree_diff(c, "attribute missing", x->name, na.data);
        else if (strcmp(x->value, y->value) != 0)
            tree_diff(c, "attribute value", x->value, y->value);
    }
    sb_buf_free(&na);
    sb_buf_free(&nb);
    kid_seq sa = {&a->v.element.children, 0}, sbq = {&b->v.element.children, 0};
    sb_buf ta = SB_BUF_INIT, tb = SB_BUF_INIT;
    for (;;) {
        const GumboNode *x = next_kid(&sa, &ta), *y = next_kid(&sbq, &tb);
        if (ta.len || tb.len) {
            if (!ta.len || !tb.len || strcmp(ta.data, tb.data) != 0)
                tree_diff(c, "text", ta.data, tb.data);
            if (!ta.len && x)
                sa.i--; /* compare it with the next one of b */
            if (!tb.len && y)
                sbq.i--;
            if (!ta.len || !tb.len)
                break;
            continue;
        }
        if (!x || !y) {
            if (x || y)
                tree_diff(c, "children", x ? "more" : "", y ? "more" : "");
            break;
        }
        if (x->type != GUMBO_NODE_ELEMENT || y->type != GUMBO_NODE_ELEMENT) {
            tree_diff(c, "node type", "", "");
            break;
        }
        tree_compare(c, x, y);
    }
    sb_buf_free(&ta);
    sb_buf_free(&tb);
}

long sb_prep_check_tree(const sb_doc *doc, char *err, size_t errlen)
{
    if (err && errlen)
        err[0] = '\0';
    sb_prep_sheets s1 = {0}, s2 = {0};
    char *html = sb_render_serialize_sheets(doc, NULL, 0, NULL, &s1, NULL);
    sb_ptree *t = sb_render_prepare_tree(doc, NULL, 0, NULL, &s2);
    GumboOutput *out = gumbo_parse(html);
    tree_cmp c = {0, err, errlen};
    if (!sb_ptree_root(t))
        tree_diff(&c, "no root", "", "");
    else
        tree_compare(&c, out->root, sb_ptree_root(t));
    if (s1.n != s2.n)
        tree_diff(&c, "sheets", "", "");
    for (size_t i = 0; i < s1.n && i < s2.n; i++)
        if (strcmp(s1.css[i], s2.css[i]) != 0)
            tree_diff(&c, "sheet", s1.css[i], s2.css[i]);
    gumbo_destroy_output(&kGumboDefaultOptions, out);
    sb_ptree_free(t);
    sb_prep_sheets_free(&s1);
    sb_prep_sheets_free(&s2);
    free(html);
    return c.bad;
}
