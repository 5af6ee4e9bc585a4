/* reconcile: where the layout's story region and the DOM's own choice of
 * story container meet.  Every rule that weighs one against the other is
 * here; the layout reaches it only as per-element facts (extract.h's
 * sb_dom_render), so dom/ stays below the layout.
 *
 * The region is a column of the page; it may also hold comments or related
 * links, or be a teaser box that happened to be the largest block.  The
 * DOM's pick is taken
 *   1. when it lies inside the region (the two agree, the DOM's is
 *      narrower);
 *   2. when the region lies inside it (the region was a part of the story);
 *   3. when it shows more rendered text outside links than the region;
 *   4. when the DOM's own signals call the whole region furniture.
 * Otherwise the layout is trusted.  And when the region, once judged, gives
 * less than the caller's minimum of story, the whole page is judged
 * instead. */
#include "dom/story/story_parts.h"

#include <stdlib.h>
#include <string.h>

/* True when every element of `inner` lies in one of `outer`. */
static bool all_within(const sb_story_ctx *c, const int *inner, size_t n_inner, const int *outer,
                       size_t n_outer)
{
    for (size_t i = 0; i < n_inner; i++) {
        bool any = false;
        for (size_t r = 0; r < n_outer && !any; r++)
            any = sb_elem_within(c, inner[i], outer[r]);
        if (!any)
            return false;
    }
    return true;
}

/* True when the DOM's own signals call every element boilerplate. */
static bool all_noise(const sb_story_ctx *c, const int *elems, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!c->info[elems[i]].noise)
            return false;
    return n > 0;
}

/* Rendered characters outside links under the given elements. */
static unsigned long rendered_prose(const sb_dom_render *r, const int *elems, size_t n)
{
    unsigned long sum = 0;
    for (size_t i = 0; i < n; i++)
        if (r->elems && elems[i] >= 0 && (size_t)elems[i] < r->n_elems)
            sum += r->elems[elems[i]].prose_chars;
    return sum;
}

void sb_reconcile_roots(sb_story_ctx *c, int **roots, size_t *n_roots)
{
    const sb_dom_render *render = c->in->render;
    int *dom_roots = NULL;
    size_t n_dom = sb_choose_roots(c, &dom_roots);
    const char *why = NULL;
    if (n_dom && all_within(c, dom_roots, n_dom, *roots, *n_roots))
        why = "region narrowed to the DOM's story container";
    else if (n_dom && all_within(c, *roots, *n_roots, dom_roots, n_dom))
        why = "region is part of the DOM's story container: widened to it";
    else if (n_dom && render &&
             rendered_prose(render, dom_roots, n_dom) > rendered_prose(render, *roots, *n_roots))
        why = "the DOM's story container shows more text than the region: taken instead";
    else if (n_dom && all_noise(c, *roots, *n_roots))
        why = "the region is page furniture by its markup (sidebar, comments...): DOM container taken";
    if (!why) {
        free(dom_roots);
        return;
    }
    if (c->explain)
        fprintf(c->explain, "%s\n", why);
    free(*roots);
    *roots = dom_roots;
    *n_roots = n_dom;
}

int sb_dom_extract(const sb_dom_input *in, sb_story *out)
{
    return sb_dom_extract_page(in, NULL, 0, out);
}

int sb_dom_extract_page(const sb_dom_input *in, const sb_meta *meta, size_t region_min_text,
                        sb_story *out)
{
    int rc = sb_story_extract(in, meta, out);
    if (rc != 0 || !in->n_roots || !region_min_text || !out->text ||
        strlen(out->text) >= region_min_text)
        return rc;
    if (in->explain)
        fprintf(in->explain, "region gave only %zu bytes of text: whole page goes to the DOM step\n",
                strlen(out->text));
    /* What the region's pass found is dropped; what it filled in from
     * visible bylines and dates stays unless the whole page says better. */
    free(out->title);
    free(out->text);
    out->title = out->text = NULL;
    sb_image_free(out->lead_image);
    out->lead_image = NULL;
    sb_dom_input whole = *in;
    whole.roots = NULL;
    whole.n_roots = 0;
    rc = sb_story_extract(&whole, meta, out);
    return rc == 0 ? SB_DOM_REGION_DROPPED : rc;
}
