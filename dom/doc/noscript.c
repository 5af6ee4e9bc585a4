#include "dom/doc/noscript.h"

static bool in_body(const GumboNode *n)
{
    for (const GumboNode *p = n->parent; p; p = p->parent)
        if (p->type == GUMBO_NODE_ELEMENT && p->v.element.tag == GUMBO_TAG_HEAD)
            return false;
    return true;
}

static bool find_paragraph(const GumboNode *n, int depth, void *vctx)
{
    (void)depth;
    bool *found = vctx;
    if (n->type != GUMBO_NODE_ELEMENT || *found)
        return false;
    if (n->v.element.tag == GUMBO_TAG_P)
        *found = true;
    return !*found;
}

/* The parser reads <noscript> content as markup (scripting off), so its
 * paragraphs are elements under it; the text steps skip them all the
 * same, as they skip every <noscript>. */
static bool prose_noscript(const GumboNode *n)
{
    const GumboVector *kids = &n->v.element.children;
    bool has_p = false;
    sb_buf text = SB_BUF_INIT;
    for (unsigned i = 0; i < kids->length; i++) {
        const GumboNode *k = kids->data[i];
        sb_walk(k, find_paragraph, &has_p);
        sb_node_text(k, &text, false);
    }
    bool prose = has_p && text.len >= SB_NOSCRIPT_MIN_TEXT;
    sb_buf_free(&text);
    return prose;
}

size_t sb_noscript_unwrap(sb_doc *doc)
{
    if (!doc)
        return 0;
    size_t n = 0;
    for (size_t i = 0; i < doc->n_elems; i++) {
        GumboNode *e = doc->elems[i];
        if (e->type != GUMBO_NODE_ELEMENT || e->v.element.tag != GUMBO_TAG_NOSCRIPT)
            continue;
        if (!in_body(e) || !prose_noscript(e))
            continue;
        /* The tree is ours: from here on every step reads a <div>. */
        e->v.element.tag = GUMBO_TAG_DIV;
        n++;
    }
    return n;
}
