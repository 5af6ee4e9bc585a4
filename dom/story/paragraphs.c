/* paragraphs: the page as a sequence of paragraph runs.
 *
 * A run is the inline content of one block element between two of its block
 * children: "<div>Intro <b>x</b><p>One</p>tail</div>" gives "Intro x" and
 * "tail" (owned by the div) and "One" (owned by the p).  A blank line made
 * of two <br> also ends a run; a single <br> stays in the text as "\n".
 * This is the unit the extractor keeps or drops, and the unit the content
 * score is built from.
 * The walk is iterative with explicit enter/leave so that block ends can
 * close runs. */
#include <ctype.h>

#include "dom/story/story_parts.h"

#include <stdlib.h>
#include <string.h>

#include "dom/base/utf8.h"

bool sb_is_block_tag(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_HTML: case GUMBO_TAG_BODY: case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_SECTION: case GUMBO_TAG_NAV: case GUMBO_TAG_ASIDE:
    case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4:
    case GUMBO_TAG_H5: case GUMBO_TAG_H6: case GUMBO_TAG_HGROUP:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_FOOTER: case GUMBO_TAG_ADDRESS:
    case GUMBO_TAG_P: case GUMBO_TAG_HR: case GUMBO_TAG_PRE:
    case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_OL: case GUMBO_TAG_UL:
    case GUMBO_TAG_LI: case GUMBO_TAG_DL: case GUMBO_TAG_DT: case GUMBO_TAG_DD:
    case GUMBO_TAG_FIGURE: case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_MAIN:
    case GUMBO_TAG_DIV: case GUMBO_TAG_TABLE: case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_TBODY: case GUMBO_TAG_THEAD: case GUMBO_TAG_TFOOT:
    case GUMBO_TAG_TR: case GUMBO_TAG_TD: case GUMBO_TAG_TH:
    case GUMBO_TAG_FORM: case GUMBO_TAG_FIELDSET: case GUMBO_TAG_LEGEND:
    case GUMBO_TAG_DETAILS: case GUMBO_TAG_SUMMARY: case GUMBO_TAG_MENU:
    case GUMBO_TAG_CENTER: case GUMBO_TAG_LISTING: case GUMBO_TAG_XMP:
    case GUMBO_TAG_DIR: case GUMBO_TAG_FRAMESET: case GUMBO_TAG_NOFRAMES:
        return true;
    default:
        return false;
    }
}

/* The run being collected: text with whitespace collapsed as it arrives, so
 * trimming at the end is cheap. */
typedef struct run {
    sb_buf text;
    unsigned link_len;
    bool space;            /* last byte emitted was a space or a newline */
} run;

/* A link to a place on the same page ("#section-2": a table of contents,
 * a heading's permalink "¶", a footnote mark) leaves the page for nothing:
 * its text counts 3/10 as link text, as Readability weighs such links.  A
 * bare "#" (a script's button) stays a link. */
#define IN_PAGE_LINK_WEIGHT_TENTHS 3

static bool in_page_link(const GumboNode *a)
{
    const char *href = sb_attr(a, "href");
    return href && href[0] == '#' && href[1];
}

static void run_text(run *r, const char *s, int in_link)
{
    size_t before = r->text.len;
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        /* ASCII whitespace, and the two bytes of U+00A0 (no-break space)
         * which pages use as ordinary spacing. */
        bool ws = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f';
        if (ch == 0xC2 && (unsigned char)s[1] == 0xA0) {
            ws = true;
            s++;
        }
        if (ws) {
            if (!r->space && r->text.len)
                sb_buf_putc(&r->text, ' ');
            r->space = true;
        } else {
            sb_buf_putc(&r->text, (char)ch);
            r->space = false;
        }
    }
    /* in_link: 2 inside a link, 1 inside an in-page link only, 0 outside */
    if (in_link == 2)
        r->link_len += (unsigned)(r->text.len - before);
    else if (in_link == 1)
        r->link_len += (unsigned)(r->text.len - before) * IN_PAGE_LINK_WEIGHT_TENTHS / 10;
}

static void run_break(run *r)
{
    if (!r->text.len)
        return;
    if (r->text.data[r->text.len - 1] == ' ')
        r->text.data[--r->text.len] = '\0';
    if (r->text.len && r->text.data[r->text.len - 1] != '\n')
        sb_buf_putc(&r->text, '\n');
    r->space = true;
}

static unsigned count_commas(const char *s)
{
    unsigned n = 0;
    for (; *s; s++) {
        if (*s == ',')
            n++;
        /* U+FF0C fullwidth comma, U+3001 ideographic comma, U+060C Arabic. */
        else if ((unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBC &&
                 (unsigned char)s[2] == 0x8C)
            n++;
        else if ((unsigned char)s[0] == 0xE3 && (unsigned char)s[1] == 0x80 &&
                 (unsigned char)s[2] == 0x81)
            n++;
        else if ((unsigned char)s[0] == 0xD8 && (unsigned char)s[1] == 0x8C)
            n++;
    }
    return n;
}

static void run_flush(sb_story_ctx *c, run *r, int owner, size_t *cap)
{
    if (!r->text.len || owner < 0) {
        sb_buf_clear(&r->text);
        r->link_len = 0;
        r->space = true;
        return;
    }
    /* Trim spaces and newlines at both ends and around inner newlines. */
    char *s = r->text.data;
    size_t w = 0;
    for (size_t i = 0; s[i]; i++) {
        char ch = s[i];
        if (ch == ' ' && (w == 0 || s[w - 1] == '\n' || s[i + 1] == '\n' || s[i + 1] == '\0'))
            continue;
        if (ch == '\n' && (w == 0 || s[w - 1] == '\n'))
            continue;
        s[w++] = ch;
    }
    while (w && (s[w - 1] == '\n' || s[w - 1] == ' '))
        w--;
    s[w] = '\0';
    if (w) {
        if (c->n_paras == *cap) {
            *cap = *cap ? *cap * 2 : 64;
            c->paras = sb_xrealloc(c->paras, *cap * sizeof *c->paras);
        }
        sb_para *p = &c->paras[c->n_paras++];
        memset(p, 0, sizeof *p);
        p->elem = owner;
        p->text = sb_xstrndup(s, w);
        p->len = (unsigned)w;
        p->link_len = r->link_len < w ? r->link_len : (unsigned)w;
        p->commas = count_commas(p->text);
        p->tag = sb_tag(c->doc->elems[owner]);
        p->sim = -1;
    }
    sb_buf_clear(&r->text);
    r->link_len = 0;
    r->space = true;
}

typedef struct frame {
    const GumboNode *node;
    unsigned next;
    int owner_before;      /* block owner to restore on leave */
} frame;

static void collect_runs(sb_story_ctx *c, const GumboNode *top)
{
    size_t cap = 0, scap = 64, sp = 0;
    frame *st = sb_xmalloc(scap * sizeof *st);
    run r = {SB_BUF_INIT, 0, true};
    int owner = sb_doc_id(c->doc, top);
    int link_depth = 0, page_link_depth = 0;
    st[sp++] = (frame){top, 0, owner};
    while (sp) {
        frame *f = &st[sp - 1];
        const GumboNode *n = f->node;
        const GumboVector *kids = &n->v.element.children;
        if (f->next >= kids->length) {
            /* leave n */
            GumboTag t = n->v.element.tag;
            if (t == GUMBO_TAG_A && in_page_link(n))
                page_link_depth--;
            else if (t == GUMBO_TAG_A)
                link_depth--;
            if (sb_is_block_tag(t) || n == top) {
                run_flush(c, &r, owner, &cap);
                owner = f->owner_before;
            }
            sp--;
            continue;
        }
        const GumboNode *k = kids->data[f->next++];
        if (k->type == GUMBO_NODE_TEXT || k->type == GUMBO_NODE_WHITESPACE ||
            k->type == GUMBO_NODE_CDATA) {
            run_text(&r, k->v.text.text, link_depth > 0 ? 2 : page_link_depth > 0);
            continue;
        }
        if (k->type != GUMBO_NODE_ELEMENT)
            continue;
        GumboTag t = k->v.element.tag;
        /* What <audio> and <video> hold is fallback content ("Your browser
         * does not support the audio element"): a browser that plays them
         * never shows it, so it is no text of the page's. */
        if (sb_is_nontext_tag(t) || t == GUMBO_TAG_AUDIO || t == GUMBO_TAG_VIDEO)
            continue;
        if (t == GUMBO_TAG_BR) {
            /* A second <br> with nothing but white space since the first
             * leaves a blank line: the reader sees a paragraph end. */
            if (r.text.len && r.text.data[r.text.len - 1] == '\n')
                run_flush(c, &r, owner, &cap);
            else
                run_break(&r);
            continue;
        }
        if (t == GUMBO_TAG_IMG || t == GUMBO_TAG_INPUT || t == GUMBO_TAG_HR ||
            t == GUMBO_TAG_WBR)
            continue;
        int prev_owner = owner;
        if (sb_is_block_tag(t)) {
            run_flush(c, &r, owner, &cap);
            owner = sb_doc_id(c->doc, k);
        }
        if (t == GUMBO_TAG_A && in_page_link(k))
            page_link_depth++;
        else if (t == GUMBO_TAG_A)
            link_depth++;
        if (sp == scap) {
            scap *= 2;
            st = sb_xrealloc(st, scap * sizeof *st);
        }
        st[sp++] = (frame){k, 0, prev_owner};
    }
    run_flush(c, &r, owner, &cap);
    sb_buf_free(&r.text);
    free(st);
}

void sb_paras_build(sb_story_ctx *c)
{
    const sb_doc *d = c->doc;
    size_t n = d->n_elems;
    c->info = sb_xcalloc(n ? n : 1, sizeof *c->info);
    for (size_t i = 0; i < n; i++) {
        const GumboNode *node = d->elems[i];
        sb_elem_info *e = &c->info[i];
        e->parent = node->parent ? sb_doc_id(d, node->parent) : -1;
        e->depth = e->parent >= 0 ? c->info[e->parent].depth + 1 : 0;
        switch (sb_tag(node)) {
        case GUMBO_TAG_P: e->n_p = 1; break;
        case GUMBO_TAG_LI: e->n_li = 1; break;
        case GUMBO_TAG_IMG: e->n_img = 1; break;
        case GUMBO_TAG_INPUT: case GUMBO_TAG_SELECT: case GUMBO_TAG_TEXTAREA:
        case GUMBO_TAG_BUTTON:
            e->n_input = 1; break;
        case GUMBO_TAG_EMBED: case GUMBO_TAG_OBJECT: case GUMBO_TAG_IFRAME:
        case GUMBO_TAG_VIDEO: case GUMBO_TAG_AUDIO:
            e->n_embed = 1; break;
        case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4:
        case GUMBO_TAG_H5: case GUMBO_TAG_H6:
            e->n_heading = 1; break;
        default: break;
        }
    }
    GumboNode *body = sb_doc_body(d);
    c->body = sb_doc_id(d, body);
    const GumboNode *top = body ? body : sb_doc_root(d);
    if (top && sb_is_element(top))
        collect_runs(c, top);
    for (size_t i = 0; i < c->n_paras; i++) {
        sb_elem_info *e = &c->info[c->paras[i].elem];
        e->text += c->paras[i].len;
        e->link_text += c->paras[i].link_len;
        e->commas += c->paras[i].commas;
        e->n_para++;
    }
    /* Children come after their parent in document order, so one backward
     * pass sums every subtree. */
    for (size_t i = n; i-- > 0;) {
        sb_elem_info *e = &c->info[i];
        if (e->n_heading && e->text && e->link_text * 2 > e->text &&
            sb_tag(d->elems[i]) >= GUMBO_TAG_H1 && sb_tag(d->elems[i]) <= GUMBO_TAG_H6)
            e->n_link_heading++;
        if (e->parent < 0)
            continue;
        sb_elem_info *p = &c->info[e->parent];
        p->n_link_heading += e->n_link_heading;
        p->text += e->text;
        p->link_text += e->link_text;
        p->commas += e->commas;
        p->n_para += e->n_para;
        p->n_p += e->n_p;
        p->n_li += e->n_li;
        p->n_img += e->n_img;
        p->n_input += e->n_input;
        p->n_embed += e->n_embed;
        p->n_heading += e->n_heading;
    }
}

void sb_paras_free(sb_story_ctx *c)
{
    for (size_t i = 0; i < c->n_paras; i++)
        free(c->paras[i].text);
    free(c->paras);
    free(c->info);
    c->paras = NULL;
    c->info = NULL;
    c->n_paras = 0;
}

bool sb_elem_within(const sb_story_ctx *c, int e, int root)
{
    if (root < 0)
        return false;
    int rd = c->info[root].depth;
    while (e >= 0 && c->info[e].depth > rd)
        e = c->info[e].parent;
    return e == root;
}

int sb_subtree_end(const sb_story_ctx *c, int e)
{
    int d = c->info[e].depth;
    size_t i = (size_t)e + 1;
    while (i < c->doc->n_elems && c->info[i].depth > d)
        i++;
    return (int)i;
}

size_t sb_starts_with_words(const char *text, const char *prefix)
{
    size_t matched = 0;
    const char *t = text, *q = prefix;
    while (*q && isspace((unsigned char)*q))
        q++;
    while (*q) {
        if (isspace((unsigned char)*q)) {
            if (!isspace((unsigned char)*t))
                return 0;
            while (isspace((unsigned char)*q))
                q++;
            while (isspace((unsigned char)*t))
                t++;
            continue;
        }
        if (*t != *q)
            return 0;
        t++, q++, matched++;
    }
    return matched;
}
