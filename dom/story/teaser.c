/* teaser: the standfirst, found the LBNEST way -- the nearest text element
 * to the story region, searched level by level through its neighbours
 * (neighbours.h).  A candidate must read like a standfirst: a sentence or
 * two of prose, few links, not a heading, not furniture, and about the
 * same thing as the headline, and come before the region in the page.
 * With no such neighbour the region's own first paragraph is the teaser. */
#include "dom/story/story_parts.h"

#include <stdlib.h>

#include "dom/story/neighbours.h"
#include "dom/text/similarity.h"

/* Sites set standfirsts in h2/h3 too; a heading this long is one. */
#define TEASER_HEADING_MIN 80
/* Raw Simon White similarity to the headline above which a neighbour
 * speaks of the same subject (LBNEST's relatedness threshold). */
#define TEASER_SIM 0.2
/* At or above this similarity a candidate is the headline itself. */
#define TEASER_IS_HEADLINE 0.75


typedef struct teaser_ctx {
    sb_story_ctx *c;
    int root;
    const long *para_of;   /* element id -> first paragraph index, -1 */
    const char *headline;
} teaser_ctx;

bool sb_standfirst_like(const sb_story_ctx *c, const sb_para *p)
{
    if (p->len < 40 || p->len > 800 || c->info[p->elem].noise)
        return false;
    if (p->tag >= GUMBO_TAG_H1 && p->tag <= GUMBO_TAG_H3 && p->len < TEASER_HEADING_MIN)
        return false;
    if (p->tag == GUMBO_TAG_LI || p->tag == GUMBO_TAG_FIGCAPTION || p->tag == GUMBO_TAG_TD)
        return false;
    return p->link_len * 10 < p->len * 3;
}

static bool accept(const sb_doc *doc, int elem, void *vctx)
{
    (void)doc;
    teaser_ctx *t = vctx;
    /* A standfirst is printed above the story; what follows the region is
     * the next thing on the page. */
    if (elem >= t->root)
        return false;
    long pi = t->para_of[elem];
    if (pi < 0)
        return false;
    const sb_para *p = &t->c->paras[pi];
    /* A notice in a dialog over the page addresses the reader, whatever
     * words it shares with the headline. */
    if (!sb_standfirst_like(t->c, p) || sb_in_foreign_dialog(t->c, elem))
        return false;
    /* A neighbour is a standfirst only when it speaks of the headline's
     * subject; otherwise it is the next teaser of a list or a sidebar.
     * One that repeats the headline is the headline. */
    if (!t->headline)
        return false;
    double sim = sb_white_str(p->text, t->headline);
    return sim > TEASER_SIM && sim < TEASER_IS_HEADLINE;
}

long sb_teaser_find(sb_story_ctx *c, int root, const char *headline)
{
    if (root < 0 || !c->n_paras)
        return -1;
    long *para_of = sb_xmalloc(c->doc->n_elems * sizeof *para_of);
    for (size_t i = 0; i < c->doc->n_elems; i++)
        para_of[i] = -1;
    for (size_t i = c->n_paras; i-- > 0;)
        para_of[c->paras[i].elem] = (long)i;
    teaser_ctx t = {c, root, para_of, headline};
    sb_neighbour_query q = {root, 3, SB_NEIGHBOURS_BOTH, c->body, 4000, accept, &t};
    int lv = 0;
    int e = sb_neighbour_find(c->doc, &q, &lv);
    long found = e >= 0 ? para_of[e] : -1;
    if (found < 0) {
        /* The region's own first paragraph of prose. */
        int d = c->info[root].depth;
        for (size_t i = (size_t)root; i < c->doc->n_elems && (i == (size_t)root || c->info[i].depth > d); i++) {
            long pi = para_of[i];
            if (pi >= 0 && sb_standfirst_like(c, &c->paras[pi])) {
                found = pi;
                break;
            }
        }
    } else if (c->explain) {
        fprintf(c->explain, "teaser found at neighbour level %d\n", lv);
    }
    free(para_of);
    return found;
}
