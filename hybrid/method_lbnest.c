/* method_lbnest: the two LBNEST (paper 003) approaches other than our own
 * hybrid, as baselines.
 *
 * lbnest-dom: the DOM approach alone over the whole page (dom/lbnest.h),
 * with TitleFinder's headline standing in for the anchor text or teaser the
 * paper compares against.  Parameter: t=0..1 (similarity bar, 0.20).
 *
 * lbnest-cluster: correlation clustering (layout/cluster.h) of the rendered
 * boxes; the cluster with the most non-link text is the story.  Nodes are
 * the text-bearing leaf-level boxes: block boxes with text none of whose
 * block children has text (paragraphs, list items, cells, headings...).
 * They form an antichain, so the rendering constraint holds by
 * construction, and their number is capped (the pair weights cost O(n^2)
 * memory and time): above max=N (default 800) only the N boxes with the
 * most text are clustered.  Style rules compared: font size, font weight
 * and fixed positioning, the computed styles the box tree keeps.
 * Parameters: trials=N (10, at most 100), seed=N (1), max=N (800, at most
 * 2000). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/lbnest.h"
#include "dom/seedtext.h"
#include "dom/titlefinder.h"
#include "layout/cluster.h"
#include "methods.h"
#include "params.h"

int sb_method_lbnest_dom(sb_page *page, sb_story *story)
{
    const char *params = page->opt ? page->opt->params : NULL;
    double t = sb_param_double(params, "t", SB_LBNEST_THRESHOLD);
    char lang[4];
    sb_textctx *ctx = sb_textctx_new(sb_seed_lang(page->doc, lang));
    sb_titlefinder_result tf;
    sb_titlefinder(page->doc, ctx, SB_TF_TF, NULL, &tf);
    char *headline = tf.headline ? sb_xstrdup(tf.headline) : sb_seed_title(page->doc);
    sb_titlefinder_result_free(&tf);

    sb_lbnest_result r;
    sb_lbnest_extract(page->doc, ctx, headline, page->base_url, t, &r);
    FILE *ex = page->opt ? page->opt->explain : NULL;
    if (ex)
        fprintf(ex,
                "lbnest-dom: headline \"%s\"; %zu sentences in <p>, %zu related (> %.2f), "
                "%zu rescued by neighbours; image element %d\n",
                headline, r.n_sentences, r.related, t, r.rescued, r.image_elem);
    free(story->text);
    story->text = r.text;
    r.text = NULL;
    if (r.image_url) {
        sb_image *img = sb_xcalloc(1, sizeof *img);
        img->url = r.image_url;
        img->alt = r.image_alt;
        img->caption = r.image_caption;
        r.image_url = r.image_alt = r.image_caption = NULL;
        const GumboNode *n = page->doc->elems[r.image_elem];
        const char *w = sb_attr(n, "width"), *h = sb_attr(n, "height");
        img->width = w ? atoi(w) : 0;
        img->height = h ? atoi(h) : 0;
        if (story->lead_image) {
            sb_image_free(story->lead_image);
        }
        story->lead_image = img;
    }
    sb_lbnest_result_free(&r);
    /* The headline is an input here, not a finding: the story title is
     * left to the page metadata like for every other method. */
    free(headline);
    sb_textctx_free(ctx);
    free(story->method);
    story->method = sb_xstrdup("lbnest-dom");
    return 0;
}

#define LBNEST_MAX_NODES 800
/* max= is clamped here: the weight matrix is n^2 floats (16 MB at 2000). */
#define LBNEST_MAX_NODES_LIMIT 2000

enum { STYLE_FONT_SIZE = 1, STYLE_FONT_WEIGHT, STYLE_FIXED };

static bool has_text_block_child(const sb_boxtree *t, int b)
{
    for (int c = t->boxes[b].first_child; c >= 0; c = t->boxes[c].next_sibling)
        if (!t->boxes[c].is_inline && t->boxes[c].text_chars > 0)
            return true;
    return false;
}


typedef struct {
    int box;
    unsigned chars;
} ranked;

static int cmp_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->chars != y->chars)
        return x->chars > y->chars ? -1 : 1;
    return x->box - y->box;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int sb_method_lbnest_cluster(sb_page *page, sb_story *story)
{
    free(story->method);
    story->method = sb_xstrdup("lbnest-cluster");
    const sb_boxtree *t = sb_page_render(page);
    if (!t) {
        sb_buf e = SB_BUF_INIT;
        sb_buf_printf(&e, "lbnest-cluster: layout failed: %s",
                      page->render_error[0] ? page->render_error : "no box tree");
        free(story->error);
        story->error = sb_buf_steal(&e);
        return -1;
    }
    const char *params = page->opt ? page->opt->params : NULL;
    double trials_p = sb_param_double(params, "trials", SB_CLUSTER_DEFAULT_TRIALS);
    /* Each trial is O(n^2): keep a typo from hanging the run. */
    int trials = trials_p >= 1 && trials_p <= 100 ? (int)trials_p : SB_CLUSTER_DEFAULT_TRIALS;
    double seed = sb_param_double(params, "seed", SB_CLUSTER_DEFAULT_SEED);
    if (!(seed >= 1 && seed <= 1e15))
        seed = SB_CLUSTER_DEFAULT_SEED;
    double cap_p = sb_param_double(params, "max", LBNEST_MAX_NODES);
    int cap = cap_p >= 1 && cap_p <= LBNEST_MAX_NODES_LIMIT ? (int)cap_p : LBNEST_MAX_NODES;

    /* Text-bearing leaf-level boxes tied to an element. */
    size_t n = 0;
    int *boxes = sb_xmalloc((t->n_boxes ? t->n_boxes : 1) * sizeof *boxes);
    for (size_t b = 0; b < t->n_boxes; b++) {
        const sb_box *x = &t->boxes[b];
        if (x->elem < 0 || x->is_inline || x->is_image || x->text_chars == 0)
            continue;
        if (has_text_block_child(t, (int)b))
            continue;
        boxes[n++] = (int)b;
    }
    size_t found = n;
    if (n > (size_t)cap) {
        ranked *r = sb_xmalloc(n * sizeof *r);
        for (size_t i = 0; i < n; i++)
            r[i] = (ranked){boxes[i], t->boxes[boxes[i]].text_chars};
        qsort(r, n, sizeof *r, cmp_ranked);
        n = (size_t)cap;
        for (size_t i = 0; i < n; i++)
            boxes[i] = r[i].box;
        free(r);
        qsort(boxes, n, sizeof *boxes, cmp_int);
    }

    sb_cluster_node *nodes = sb_xcalloc(n ? n : 1, sizeof *nodes);
    for (size_t i = 0; i < n; i++) {
        const sb_box *x = &t->boxes[boxes[i]];
        nodes[i].rect = x->rect;
        nodes[i].parent = -1;
        nodes[i].n_styles = 3;
        nodes[i].styles[0] = (sb_cluster_style){STYLE_FONT_SIZE, x->font_size};
        nodes[i].styles[1] = (sb_cluster_style){STYLE_FONT_WEIGHT, x->font_weight};
        nodes[i].styles[2] = (sb_cluster_style){STYLE_FIXED, x->is_fixed};
    }
    int *label = sb_xmalloc((n ? n : 1) * sizeof *label);
    double cost = 0;
    size_t k = sb_cluster_run(nodes, n, trials, (uint64_t)seed, label, &cost);

    /* The story: the cluster with the most text outside links. */
    double *mass = sb_xcalloc(k ? k : 1, sizeof *mass);
    for (size_t i = 0; i < n; i++) {
        const sb_box *x = &t->boxes[boxes[i]];
        mass[label[i]] += (double)x->text_chars - (double)x->link_chars;
    }
    int best = -1;
    for (size_t c = 0; c < k; c++)
        if (best < 0 || mass[c] > mass[best])
            best = (int)c;

    sb_buf text = SB_BUF_INIT;
    size_t members = 0;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    for (size_t i = 0; i < n; i++) {
        if (label[i] != best)
            continue;
        const sb_box *x = &t->boxes[boxes[i]];
        if ((size_t)x->elem < page->doc->n_elems)
            sb_seed_paragraphs(page->doc->elems[x->elem], false, &text);
        if (!members++) {
            x0 = x->rect.x, y0 = x->rect.y;
            x1 = x->rect.x + x->rect.w, y1 = x->rect.y + x->rect.h;
        } else {
            if (x->rect.x < x0) x0 = x->rect.x;
            if (x->rect.y < y0) y0 = x->rect.y;
            if (x->rect.x + x->rect.w > x1) x1 = x->rect.x + x->rect.w;
            if (x->rect.y + x->rect.h > y1) y1 = x->rect.y + x->rect.h;
        }
    }
    if (members) {
        story->has_region = true;
        story->region = (sb_rect){x0, y0, x1 - x0, y1 - y0};
    }
    FILE *ex = page->opt ? page->opt->explain : NULL;
    if (ex)
        fprintf(ex,
                "lbnest-cluster: %zu leaf text boxes (%zu clustered), %zu clusters, cost %.3f; "
                "story cluster of %zu boxes\n",
                found, n, k, cost, members);
    free(story->text);
    story->text = sb_buf_steal(&text);
    free(mass);
    free(label);
    free(nodes);
    free(boxes);
    return 0;
}
