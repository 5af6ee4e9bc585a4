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

static void put_escaped(sb_buf *out, const char *s, bool attr)
{
    const char *from = s;
    for (; *s; s++) {
        if (!attr && strncmp(s, SB_PREP_WORD_JOIN, SB_PREP_WORD_JOIN_LEN) == 0) {
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

static size_t count_words(const char *s)
{
    size_t words = 0;
    bool in_word = false;
    for (; *s; s++) {
        if (is_ws(*s))
            in_word = false;
        else if (!in_word) {
            in_word = true;
            words++;
        }
    }
    return words;
}

/* In text of SB_PREP_JOIN_MIN_WORDS words or more, the space after each
 * word but every SB_PREP_JOIN_WORDS-th becomes the joiner (prep.h). */
static void put_text_collapsed(sb_buf *out, const char *s)
{
    bool join = count_words(s) >= SB_PREP_JOIN_MIN_WORDS;
    size_t words = 0;
    while (*s) {
        const char *b = s;
        while (*s && !is_ws(*s))
            s++;
        if (s > b) {
            char *part = sb_xstrndup(b, (size_t)(s - b));
            put_escaped(out, part, false);
            free(part);
            words++;
        }
        if (!*s)
            break;
        bool newline = false;
        size_t run = 0;
        for (; is_ws(*s); s++, run++)
            newline |= *s == '\n' || *s == '\r';
        if (join && *s && words % SB_PREP_JOIN_WORDS != 0) {
            sb_buf_puts(out, SB_PREP_WORD_JOIN);
            continue;
        }
        if (run == 1 && s[-1] != '\r')
            sb_buf_putc(out, s[-1]);
        else
            sb_buf_putc(out, newline ? '\n' : ' ');
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

/* The width/height attributes of embedded content are presentational hints
 * (HTML 15.4.4); litehtml maps them for <img> only. */
static void dimension_hints(const GumboNode *n, const char *tag, sb_buf *hint)
{
    if (strcmp(tag, "svg") && strcmp(tag, "iframe") && strcmp(tag, "video") &&
        strcmp(tag, "canvas") && strcmp(tag, "embed") && strcmp(tag, "object"))
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
 * litehtml's parse.  Returns false, writing nothing, for other values. */
static bool put_data_uri_prefix(sb_buf *out, const char *v)
{
    const char *s = v;
    while (is_ws(*s))
        s++;
    if (strncasecmp(s, "data:", 5) != 0)
        return false;
    size_t n = strnlen(s, SB_PREP_DATA_URI_KEEP + 1);
    if (n <= SB_PREP_DATA_URI_KEEP)
        return false;
    char *part = sb_xstrndup(s, SB_PREP_DATA_URI_KEEP);
    put_escaped(out, part, true);
    free(part);
    return true;
}

/* ` data-sbid="ID"`, written once per element of the page: digits by hand
 * rather than through the printf machinery (vsnprintf twice per call in
 * sb_buf_printf), which cost more than the rest of the start tag. */
static void put_sbid(sb_buf *out, int id)
{
    static const char head[] = " data-sbid=\"";
    char tmp[sizeof head + 16];
    memcpy(tmp, head, sizeof head - 1);
    size_t n = sizeof head - 1;
    unsigned v = id < 0 ? 0u - (unsigned)id : (unsigned)id;
    if (id < 0)
        tmp[n++] = '-';
    char digits[12];
    size_t k = 0;
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (k)
        tmp[n++] = digits[--k];
    tmp[n++] = '"';
    sb_buf_append(out, tmp, n);
}

static void put_start_tag(sb_buf *out, const GumboNode *n, int id, bool flatten,
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
    sb_buf_putc(out, '<');
    sb_buf_puts(out, tag);
    put_sbid(out, id);
    const GumboVector *attrs = &n->v.element.attributes;
    for (unsigned i = 0; i < attrs->length; i++) {
        const GumboAttribute *a = attrs->data[i];
        if (!valid_attr_name(a->name) || strcmp(a->name, "data-sbid") == 0)
            continue;
        sb_buf_putc(out, ' ');
        switch (a->attr_namespace) {
        case GUMBO_ATTR_NAMESPACE_XLINK: sb_buf_puts(out, "xlink:"); break;
        case GUMBO_ATTR_NAMESPACE_XML: sb_buf_puts(out, "xml:"); break;
        case GUMBO_ATTR_NAMESPACE_XMLNS:
            if (strcmp(a->name, "xmlns") != 0)
                sb_buf_puts(out, "xmlns:");
            break;
        default: break;
        }
        sb_buf_puts(out, a->name);
        sb_buf_puts(out, "=\"");
        long span_limit = strcmp(a->name, "colspan") == 0   ? 1000
                          : strcmp(a->name, "rowspan") == 0 ? 65534
                                                            : 0;
        if (span_limit && strtol(a->value, NULL, 10) > span_limit) {
            /* The HTML standard's clamps; litehtml would build a table grid
             * of whatever size the page asks for. */
            sb_buf_printf(out, "%ld\"", span_limit);
            continue;
        }
        if (strcmp(a->name, "style") == 0) {
            sb_css_layout layout;
            char *css = id >= 0 && al->kept && al->kept[id]
                            ? sb_css_prepare_attr(a->value, strlen(a->value), &layout)
                            : sb_css_prepare_decls(a->value, strlen(a->value));
            if (hint.len) {
                put_escaped(out, hint.data, true);
                sb_buf_clear(&hint);
            }
            put_escaped(out, css, true);
            free(css);
        } else if (!put_data_uri_prefix(out, a->value)) {
            put_escaped(out, a->value, true);
        }
        sb_buf_putc(out, '"');
    }
    if (hint.len) { /* no style attribute to carry the hints */
        sb_buf_puts(out, " style=\"");
        put_escaped(out, hint.data, true);
        sb_buf_putc(out, '"');
    }
    sb_buf_free(&hint);
    sb_buf_putc(out, '>');
    /* The parser drops one newline right after these start tags; give it
     * one to drop so a leading newline of the content survives. */
    if (n->v.element.tag_namespace == GUMBO_NAMESPACE_HTML &&
        (n->v.element.tag == GUMBO_TAG_PRE || n->v.element.tag == GUMBO_TAG_TEXTAREA ||
         n->v.element.tag == GUMBO_TAG_LISTING))
        sb_buf_putc(out, '\n');
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
static void put_sheet_import(sb_buf *out, sb_prep_sheets *sheets, char *css)
{
    if (!*css) { /* nothing left after pruning */
        free(css);
        return;
    }
    if (sheets->n == sheets->cap) {
        sheets->cap = sheets->cap ? sheets->cap * 2 : 8;
        sheets->css = sb_xrealloc(sheets->css, sheets->cap * sizeof *sheets->css);
    }
    sb_buf_printf(out, "@import url(" SB_PREP_SHEET_SCHEME "%zu);", sheets->n);
    sheets->css[sheets->n++] = css;
}

char *sb_render_serialize(const sb_doc *doc, const sb_css_names *names, int max_depth,
                          sb_prep_stats *st, size_t *out_len)
{
    return sb_render_serialize_sheets(doc, names, max_depth, st, NULL, out_len);
}

char *sb_render_serialize_sheets(const sb_doc *doc, const sb_css_names *names, int max_depth,
                                 sb_prep_stats *st, sb_prep_sheets *sheets, size_t *out_len)
{
    sb_buf out = SB_BUF_INIT;
    sb_buf_reserve(&out, doc ? doc->html_len + doc->n_elems * 16 + 64 : 64);
    if (max_depth <= 0)
        max_depth = SB_RENDER_MAX_DEPTH;
    if (!doc || !doc->out || !doc->out->document) {
        sb_buf_puts(&out, "<html><head></head><body></body></html>");
        if (out_len)
            *out_len = out.len;
        return sb_buf_steal(&out);
    }
    const GumboNode *root = doc->out->document;
    put_doctype(&out, &root->v.document);
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
            if (f->emitted && !is_void_tag(sb_tag(f->node))) {
                sb_buf_puts(&out, "</");
                sb_buf_puts(&out, sb_tag_name(f->node));
                sb_buf_putc(&out, '>');
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
                if (wrap) /* sb_css_media_on_screen refused braces and quotes */
                    sb_buf_printf(&out, "@media %s{", media);
                if (sheets) {
                    put_sheet_import(&out, sheets, css);
                } else {
                    sb_buf_puts(&out, css);
                    free(css);
                }
                if (wrap)
                    sb_buf_putc(&out, '}');
            } else if (parent->type == GUMBO_NODE_ELEMENT &&
                       parent->v.element.tag_namespace == GUMBO_NAMESPACE_HTML &&
                       is_rawtext_tag(parent->v.element.tag)) {
                sb_buf_puts(&out, text);
            } else if (in_pre) {
                put_escaped(&out, text, false);
            } else {
                put_text_collapsed(&out, text);
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
                put_start_tag(&out, c, id, flatten, &al, st);
                if (al.rules.len && is_html_elem(c, GUMBO_TAG_HEAD)) {
                    /* first in <head>: first in the cascade */
                    sb_buf_puts(&out, "<style>");
                    if (sheets) {
                        put_sheet_import(&out, sheets, sb_buf_steal(&al.rules));
                    } else {
                        sb_buf_append(&out, al.rules.data, al.rules.len);
                        sb_buf_free(&al.rules);
                    }
                    sb_buf_puts(&out, "</style>");
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
    if (out_len)
        *out_len = out.len;
    return sb_buf_steal(&out);
}
