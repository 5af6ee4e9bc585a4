#include "dom/seed/seedtext.h"

#include <stdlib.h>
#include <string.h>


static bool is_block(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_ADDRESS: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_ASIDE:
    case GUMBO_TAG_BLOCKQUOTE: case GUMBO_TAG_BR: case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_DD: case GUMBO_TAG_DIV: case GUMBO_TAG_DL: case GUMBO_TAG_DT:
    case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_FIGURE: case GUMBO_TAG_FOOTER:
    case GUMBO_TAG_FORM: case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3:
    case GUMBO_TAG_H4: case GUMBO_TAG_H5: case GUMBO_TAG_H6: case GUMBO_TAG_HEADER:
    case GUMBO_TAG_HR: case GUMBO_TAG_LI: case GUMBO_TAG_MAIN: case GUMBO_TAG_NAV:
    case GUMBO_TAG_OL: case GUMBO_TAG_P: case GUMBO_TAG_PRE: case GUMBO_TAG_SECTION:
    case GUMBO_TAG_TABLE: case GUMBO_TAG_TD: case GUMBO_TAG_TH: case GUMBO_TAG_TR:
    case GUMBO_TAG_UL: case GUMBO_TAG_BODY:
        return true;
    default:
        return false;
    }
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static void flush(sb_buf *para, sb_buf *out)
{
    if (!para->len)
        return;
    sb_text_trim(para->data);
    size_t n = strlen(para->data);
    if (n) {
        if (out->len)
            sb_buf_puts(out, "\n\n");
        sb_buf_append(out, para->data, n);
    }
    sb_buf_clear(para);
}

static void append_text(sb_buf *para, const char *s)
{
    for (; *s; s++) {
        if (is_space(*s)) {
            if (para->len && para->data[para->len - 1] != ' ')
                sb_buf_putc(para, ' ');
        } else {
            sb_buf_putc(para, *s);
        }
    }
}

typedef struct {
    const GumboNode *node;
    unsigned next;
} frame;

/* Paragraphs need leave events (text after a block's end belongs to a new
 * paragraph), so this keeps its own explicit stack rather than sb_walk. */
static void paragraphs(const GumboNode *root, bool skip_links, bool skip_blocks, sb_buf *out)
{
    if (!root)
        return;
    if (root->type == GUMBO_NODE_TEXT || root->type == GUMBO_NODE_WHITESPACE ||
        root->type == GUMBO_NODE_CDATA) {
        sb_buf para = SB_BUF_INIT;
        append_text(&para, root->v.text.text);
        flush(&para, out);
        sb_buf_free(&para);
        return;
    }
    if (root->type != GUMBO_NODE_ELEMENT || sb_is_nontext_tag(root->v.element.tag))
        return;
    sb_buf para = SB_BUF_INIT;
    size_t cap = 64, top = 0;
    frame *st = sb_xmalloc(cap * sizeof *st);
    st[top++] = (frame){root, 0};
    while (top) {
        frame *f = &st[top - 1];
        const GumboVector *kids = &f->node->v.element.children;
        if (f->next >= kids->length) {
            if (is_block(f->node->v.element.tag))
                flush(&para, out);
            top--;
            continue;
        }
        const GumboNode *k = kids->data[f->next++];
        if (k->type == GUMBO_NODE_TEXT || k->type == GUMBO_NODE_WHITESPACE ||
            k->type == GUMBO_NODE_CDATA) {
            append_text(&para, k->v.text.text);
        } else if (k->type == GUMBO_NODE_ELEMENT) {
            GumboTag t = k->v.element.tag;
            if (sb_is_nontext_tag(t) || (skip_links && t == GUMBO_TAG_A))
                continue;
            if (skip_blocks && (t == GUMBO_TAG_DIV || t == GUMBO_TAG_TABLE)) {
                flush(&para, out);
                continue;
            }
            if (is_block(t))
                flush(&para, out);
            if (top == cap) {
                cap *= 2;
                st = sb_xrealloc(st, cap * sizeof *st);
            }
            st[top++] = (frame){k, 0};
        }
    }
    flush(&para, out);
    sb_buf_free(&para);
    free(st);
}

void sb_seed_paragraphs(const GumboNode *root, bool skip_links, sb_buf *out)
{
    paragraphs(root, skip_links, false, out);
}

void sb_seed_paragraphs_own(const GumboNode *root, bool skip_links, sb_buf *out)
{
    paragraphs(root, skip_links, true, out);
}

char *sb_seed_title(const sb_doc *doc)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "");
    for (size_t i = 0; doc && i < doc->n_elems; i++) {
        const GumboNode *n = doc->elems[i];
        if (n->type != GUMBO_NODE_ELEMENT || n->v.element.tag != GUMBO_TAG_TITLE)
            continue;
        /* sb_node_text skips <title> as non-visible; read its children. */
        const GumboVector *k = &n->v.element.children;
        for (unsigned j = 0; j < k->length; j++) {
            const GumboNode *c = k->data[j];
            if (c->type == GUMBO_NODE_TEXT || c->type == GUMBO_NODE_WHITESPACE)
                sb_buf_puts(&b, c->v.text.text);
        }
        break;
    }
    return sb_text_trim(sb_buf_steal(&b));
}
