#include "gold_text.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dom/doc/doc.h"

/* Elements that start and end a paragraph of reading text. */
static bool is_block(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_P: case GUMBO_TAG_DIV: case GUMBO_TAG_LI: case GUMBO_TAG_UL:
    case GUMBO_TAG_OL: case GUMBO_TAG_DL: case GUMBO_TAG_DT: case GUMBO_TAG_DD:
    case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4:
    case GUMBO_TAG_H5: case GUMBO_TAG_H6: case GUMBO_TAG_BLOCKQUOTE:
    case GUMBO_TAG_PRE: case GUMBO_TAG_SECTION: case GUMBO_TAG_ARTICLE:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_FOOTER: case GUMBO_TAG_ASIDE:
    case GUMBO_TAG_NAV: case GUMBO_TAG_MAIN: case GUMBO_TAG_FIGURE:
    case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_TABLE: case GUMBO_TAG_TR:
    case GUMBO_TAG_TD: case GUMBO_TAG_TH: case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_HR: case GUMBO_TAG_ADDRESS: case GUMBO_TAG_DETAILS:
    case GUMBO_TAG_SUMMARY: case GUMBO_TAG_FORM: case GUMBO_TAG_FIELDSET:
        return true;
    default:
        return false;
    }
}

/* Pending separator before the next visible character: none, a line break
 * or a paragraph break; the stronger one wins. */
enum { SEP_NONE, SEP_SPACE, SEP_LINE, SEP_PARA };

typedef struct {
    sb_buf out;
    int sep;
    char *img;
} text_state;

static void want_sep(text_state *st, int sep)
{
    if (sep > st->sep)
        st->sep = sep;
}

static bool ws(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

static void put_text(text_state *st, const char *s)
{
    for (; *s; s++) {
        if (ws(*s)) {
            want_sep(st, SEP_SPACE);
            continue;
        }
        if (st->out.len > 0) {
            if (st->sep == SEP_PARA)
                sb_buf_puts(&st->out, "\n\n");
            else if (st->sep == SEP_LINE)
                sb_buf_putc(&st->out, '\n');
            else if (st->sep == SEP_SPACE)
                sb_buf_putc(&st->out, ' ');
        }
        st->sep = SEP_NONE;
        sb_buf_putc(&st->out, *s);
    }
}

typedef struct {
    const GumboNode *node;
    unsigned next;
} frame;

static const GumboVector *kids(const GumboNode *n)
{
    if (n->type == GUMBO_NODE_DOCUMENT)
        return &n->v.document.children;
    if (n->type == GUMBO_NODE_ELEMENT)
        return &n->v.element.children;
    return NULL; /* template contents are never shown */
}

/* Entering a node: emit its text or separator; returns true to descend. */
static bool enter(text_state *st, const GumboNode *n)
{
    switch (n->type) {
    case GUMBO_NODE_TEXT:
    case GUMBO_NODE_WHITESPACE:
    case GUMBO_NODE_CDATA:
        put_text(st, n->v.text.text);
        return false;
    case GUMBO_NODE_DOCUMENT:
        return true;
    case GUMBO_NODE_ELEMENT:
        break;
    default:
        return false;
    }
    GumboTag t = n->v.element.tag;
    if (t == GUMBO_TAG_IMG && !st->img) {
        const char *src = sb_attr(n, "src");
        if (src && src[0])
            st->img = sb_xstrdup(src);
    }
    if (sb_is_nontext_tag(t))
        return false;
    if (t == GUMBO_TAG_BR)
        want_sep(st, SEP_LINE);
    else if (is_block(t))
        want_sep(st, SEP_PARA);
    return true;
}

static void leave(text_state *st, const GumboNode *n)
{
    if (n->type == GUMBO_NODE_ELEMENT && is_block(n->v.element.tag))
        want_sep(st, SEP_PARA);
}

char *sb_gold_html_text(const char *html, size_t len, char **first_img)
{
    text_state st = {SB_BUF_INIT, SEP_NONE, NULL};
    sb_buf_reserve(&st.out, 0);
    st.out.data[0] = '\0';
    sb_doc *doc = sb_doc_parse(html, len);
    const GumboNode *root = doc ? (const GumboNode *)doc->out->document : NULL;
    if (root && enter(&st, root)) {
        size_t cap = 64, top = 0;
        frame *stack = sb_xmalloc(cap * sizeof *stack);
        stack[top++] = (frame){root, 0};
        while (top) {
            frame *f = &stack[top - 1];
            const GumboVector *k = kids(f->node);
            if (!k || f->next >= k->length) {
                leave(&st, f->node);
                top--;
                continue;
            }
            const GumboNode *c = k->data[f->next++];
            if (enter(&st, c)) {
                if (top == cap) {
                    cap *= 2;
                    stack = sb_xrealloc(stack, cap * sizeof *stack);
                }
                stack[top++] = (frame){c, 0};
            }
        }
        free(stack);
    }
    sb_doc_free(doc);
    if (first_img)
        *first_img = st.img;
    else
        free(st.img);
    return sb_buf_steal(&st.out);
}
