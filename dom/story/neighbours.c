/* neighbours: level-by-level nearest element search (see neighbours.h). */
#include "dom/story/neighbours.h"

#include <stdlib.h>

typedef struct search {
    const sb_doc *doc;
    const sb_neighbour_query *q;
    unsigned budget;
    int found;
    int *ids;              /* scratch for reverse order */
    size_t n_ids, cap_ids;
    const GumboNode **stack;
    size_t cap_stack;
} search;

static void push_id(search *s, int id)
{
    if (s->n_ids == s->cap_ids) {
        s->cap_ids = s->cap_ids ? s->cap_ids * 2 : 64;
        s->ids = sb_xrealloc(s->ids, s->cap_ids * sizeof *s->ids);
    }
    s->ids[s->n_ids++] = id;
}

/* Pre-order element ids of the subtree at root into s->ids (bounded by the
 * remaining budget: an unbounded subtree copy would defeat the budget). */
static void subtree_ids(search *s, const GumboNode *root)
{
    s->n_ids = 0;
    size_t sp = 0;
    if (!s->cap_stack) {
        s->cap_stack = 64;
        s->stack = sb_xmalloc(s->cap_stack * sizeof *s->stack);
    }
    s->stack[sp++] = root;
    while (sp && s->n_ids < s->budget) {
        const GumboNode *n = s->stack[--sp];
        int id = sb_doc_id(s->doc, n);
        if (id >= 0)
            push_id(s, id);
        const GumboVector *k = &n->v.element.children;
        /* Push children last-first so the first child pops first. */
        for (unsigned i = k->length; i-- > 0;) {
            const GumboNode *c = k->data[i];
            if (!sb_is_element(c))
                continue;
            if (sp == s->cap_stack) {
                s->cap_stack *= 2;
                s->stack = sb_xrealloc(s->stack, s->cap_stack * sizeof *s->stack);
            }
            s->stack[sp++] = c;
        }
    }
}

/* Tests the subtree's elements nearest-first; true when one was accepted. */
static bool examine(search *s, const GumboNode *root, bool reverse)
{
    if (!sb_is_element(root) || !s->budget)
        return false;
    subtree_ids(s, root);
    for (size_t i = 0; i < s->n_ids && s->budget; i++) {
        int id = s->ids[reverse ? s->n_ids - 1 - i : i];
        s->budget--;
        if (s->q->pred(s->doc, id, s->q->ctx)) {
            s->found = id;
            return true;
        }
    }
    return false;
}

int sb_neighbour_find(const sb_doc *doc, const sb_neighbour_query *q, int *level)
{
    if (level)
        *level = 0;
    if (!doc || !q || !q->pred || q->elem < 0 || (size_t)q->elem >= doc->n_elems)
        return -1;
    search s = {doc, q, q->budget ? q->budget : 20000, -1, NULL, 0, 0, NULL, 0};
    const GumboNode *cur = doc->elems[q->elem];
    for (int lv = 1; lv <= q->max_level && s.found < 0 && s.budget; lv++) {
        if (q->stop_at >= 0 && sb_doc_id(doc, cur) == q->stop_at)
            break;
        const GumboNode *parent = cur->parent;
        if (!parent || !sb_is_element(parent))
            break;
        const GumboVector *kids = &parent->v.element.children;
        size_t idx = cur->index_within_parent;
        for (size_t d = 1; s.found < 0 && s.budget; d++) {
            bool any = false;
            if (q->dir == SB_NEIGHBOURS_BOTH && idx >= d) {
                any = true;
                if (examine(&s, kids->data[idx - d], true))
                    break;
            }
            if (idx + d < kids->length) {
                any = true;
                if (examine(&s, kids->data[idx + d], false))
                    break;
            }
            if (!any)
                break;
        }
        if (s.found >= 0 && level)
            *level = lv;
        cur = parent;
    }
    free(s.ids);
    free(s.stack);
    return s.found;
}
