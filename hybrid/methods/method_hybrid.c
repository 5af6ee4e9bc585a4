/* hybrid: LBNEST's hybrid approach (section IV).  Render, find the story
 * region by proximity, run the DOM extraction only inside it.  When the page
 * cannot be laid out or no block qualifies, the whole page goes to the DOM
 * step ("hybrid-fallback"), so nothing is lost.  How the region and the
 * DOM's own story container are weighed against each other is
 * dom/story/reconcile.c's business; this file only hands the render's facts
 * over. */
#include <stdlib.h>
#include <string.h>

#include "dom/story/extract.h"
#include "hybrid/methods/methods.h"
#include "hybrid/methods/visual_boxes.h"
#include "hybrid/page/params.h"
#include "layout/region/blocks.h"

/* Below this much text the region was a wrong guess (a caption, a teaser
 * box): the whole page is a better bet than an almost empty story. */
#define MIN_REGION_TEXT 200

/* The DOM step's visual signals (extract.h's sb_dom_render), each on by
 * default only where it measured better on the corpora (README's "Method
 * parameters"). */
#define SB_VISUAL_HIDDEN_DEFAULT 1
#define SB_VISUAL_SIDEBAR_DEFAULT 1
#define SB_VISUAL_HEADLINE_DEFAULT 1
#define SB_VISUAL_STANDFIRST_DEFAULT 1
#define SB_VISUAL_BELOW_DEFAULT 1
#define SB_VISUAL_CAPTION_DEFAULT 1
#define SB_VISUAL_NEXT_STORY_DEFAULT 1
#define SB_VISUAL_SUBHEAD_DEFAULT 1
/* Off: it changed no page of either corpus (their saved pages hide
 * little by clipping that their class names do not already tell). */
#define SB_VISUAL_CLIP_DEFAULT 0
/* Story prose above the root, placed by the layout (dom/story/
 * layout_intro.c). */
#define SB_VISUAL_INTRO_DEFAULT 1
/* The signals of boxes painted apart (visual_boxes.h). */
#define SB_VISUAL_CTA_DEFAULT 1

/* The box tree's facts about each element, as the DOM step reads them. */
static sb_elem_render *render_facts(const sb_boxtree *t)
{
    sb_elem_render *f = sb_xcalloc(t->n_elems ? t->n_elems : 1, sizeof *f);
    for (size_t e = 0; e < t->n_elems && t->box_of_elem; e++) {
        int b = t->box_of_elem[e];
        if (b < 0 || (size_t)b >= t->n_boxes)
            continue;
        const sb_box *box = &t->boxes[b];
        f[e].rendered = true;
        f[e].font_size = box->font_size;
        f[e].font_weight = box->font_weight;
        f[e].prose_chars =
            box->text_chars - (box->link_chars < box->text_chars ? box->link_chars : box->text_chars);
        f[e].rect = box->rect;
        f[e].fixed = box->is_fixed;
        f[e].unseen = box->clipped || (box->text_chars && box->unseen_chars >= box->text_chars);
    }
    return f;
}

static int run_dom(sb_page *page, sb_story *story, const sb_region *region,
                   const sb_boxtree *boxes)
{
    const sb_options *opt = page->opt;
    sb_elem_render *facts = boxes ? render_facts(boxes) : NULL;
    const char *params = opt ? opt->params : NULL;
    if (facts) {
        sb_visual_boxes on = {
            .call_to_action = sb_param_double(params, "visual_cta", SB_VISUAL_CTA_DEFAULT) != 0,
        };
        sb_visual_boxes_mark(boxes, &on, facts, opt ? opt->explain : NULL);
    }
    sb_dom_render render = {
        .elems = facts,
        .n_elems = boxes ? boxes->n_elems : 0,
        .drop_hidden = sb_param_double(params, "visual_hidden", SB_VISUAL_HIDDEN_DEFAULT) != 0,
        .drop_unseen = sb_param_double(params, "visual_clip", SB_VISUAL_CLIP_DEFAULT) != 0,
        .column = region ? region->column : (sb_rect){0, 0, 0, 0},
        .drop_beside = sb_param_double(params, "visual_sidebar", SB_VISUAL_SIDEBAR_DEFAULT) != 0,
        .region_top = region ? region->rect.y : 0,
        .headline_first_screen =
            sb_param_double(params, "visual_headline", SB_VISUAL_HEADLINE_DEFAULT) != 0,
        .standfirst_by_position =
            sb_param_double(params, "visual_standfirst", SB_VISUAL_STANDFIRST_DEFAULT) != 0,
        .end_far_below = sb_param_double(params, "visual_below", SB_VISUAL_BELOW_DEFAULT) != 0,
        .caption_by_type =
            sb_param_double(params, "visual_caption", SB_VISUAL_CAPTION_DEFAULT) != 0,
        .end_at_next_headline =
            sb_param_double(params, "visual_next_story", SB_VISUAL_NEXT_STORY_DEFAULT) != 0,
        .subhead_by_type =
            sb_param_double(params, "visual_subhead", SB_VISUAL_SUBHEAD_DEFAULT) != 0,
        .intro_by_layout =
            sb_param_double(params, "visual_intro", SB_VISUAL_INTRO_DEFAULT) != 0,
    };
    sb_dom_input in = {
        .doc = page->doc,
        .roots = region ? region->roots : NULL,
        .n_roots = region ? region->n_roots : 0,
        .base_url = page->base_url,
        .similarity = opt ? opt->similarity : SB_SIM_OFF,
        .render = boxes ? &render : NULL,
        .explain = opt ? opt->explain : NULL,
        /* asked only when there is no render (dom/story/extract.h) */
        .image_size = opt ? opt->image_size : NULL,
        .image_size_ctx = opt ? opt->resource_ctx : NULL,
    };
    int rc = sb_dom_extract_page(&in, &page->meta, region ? MIN_REGION_TEXT : 0, story);
    free(facts);
    return rc;
}

/* The region's signals from the method parameters (README's "Method
 * parameters"): region_column=0|1, visual_first_screen=0|1. */
static sb_region_signals region_signals(const char *params)
{
    sb_region_signals s = {
        .column_score = sb_param_double(params, "region_column", SB_REGION_COLUMN_DEFAULT) != 0,
        .first_screen =
            sb_param_double(params, "visual_first_screen", SB_REGION_FIRST_SCREEN_DEFAULT) != 0,
    };
    return s;
}

static void set_method(sb_story *story, const char *name)
{
    free(story->method);
    story->method = sb_xstrdup(name);
}

int sb_method_hybrid(sb_page *page, sb_story *story)
{
    FILE *explain = page->opt ? page->opt->explain : NULL;
    const sb_boxtree *boxes = sb_page_render(page);
    if (!boxes) {
        if (explain)
            fprintf(explain, "layout failed (%s): whole page goes to the DOM step\n",
                    page->render_error);
        set_method(story, "hybrid-fallback");
        return run_dom(page, story, NULL, NULL);
    }
    int width = page->opt && page->opt->width > 0 ? page->opt->width : SB_DEFAULT_WIDTH;
    sb_vblocks *vb = sb_vblocks_build(boxes);
    if (!vb) {
        if (explain)
            fprintf(explain,
                    "layout failed (layout: time budget of %d ms exceeded in the blocks): whole "
                    "page goes to the DOM step\n",
                    boxes->time_budget_ms);
        set_method(story, "hybrid-fallback");
        return run_dom(page, story, NULL, NULL);
    }
    sb_region region;
    sb_region_signals signals = region_signals(page->opt ? page->opt->params : NULL);
    bool found = sb_region_find(boxes, vb, width, &signals, &region, explain);
    sb_vblocks_free(vb);
    if (!found || region.n_roots == 0) {
        if (explain)
            fprintf(explain, "no block qualified: whole page goes to the DOM step\n");
        sb_region_free(&region);
        set_method(story, "hybrid-fallback");
        /* A layout without any text says nothing about visibility: the DOM
         * step must not read it as "nothing was rendered". */
        return run_dom(page, story, NULL, boxes->n_runs ? boxes : NULL);
    }
    int rc = run_dom(page, story, &region, boxes);
    if (rc == SB_DOM_REGION_DROPPED) {
        sb_region_free(&region);
        set_method(story, "hybrid-fallback");
        return 0;
    }
    story->has_region = true;
    story->region = region.rect;
    sb_region_free(&region);
    set_method(story, "hybrid");
    return rc;
}
