/* hybrid: LBNEST's hybrid approach (section IV).  Render, find the story
 * region by proximity, run the DOM extraction only inside it.  When the page
 * cannot be laid out or no block qualifies, the whole page goes to the DOM
 * step ("hybrid-fallback"), so nothing is lost. */
#include <stdlib.h>
#include <string.h>

#include "dom/extract.h"
#include "layout/blocks.h"
#include "methods.h"

/* Below this much text the region was a wrong guess (a caption, a teaser
 * box): the whole page is a better bet than an almost empty story. */
#define MIN_REGION_TEXT 200

static int run_dom(sb_page *page, sb_story *story, const sb_region *region,
                   const sb_boxtree *boxes)
{
    const sb_options *opt = page->opt;
    sb_dom_input in = {
        .doc = page->doc,
        .roots = region ? region->roots : NULL,
        .n_roots = region ? region->n_roots : 0,
        .base_url = page->base_url,
        .similarity = opt ? opt->similarity : SB_SIM_OFF,
        .boxes = boxes,
        .explain = opt ? opt->explain : NULL,
    };
    return sb_dom_extract(&in, story);
}

static void set_method(sb_story *story, const char *name)
{
    free(story->method);
    story->method = sb_xstrdup(name);
}

static void clear_result(sb_story *story)
{
    free(story->title);
    free(story->text);
    story->title = story->text = NULL;
    if (story->lead_image) {
        sb_image_free(story->lead_image);
        story->lead_image = NULL;
    }
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
    int width = page->opt && page->opt->width > 0 ? page->opt->width : 1280;
    sb_vblocks *vb = sb_vblocks_build(boxes);
    sb_region region;
    bool found = sb_region_find(boxes, vb, width, &region, explain);
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
    if (rc == 0 && story->text && strlen(story->text) < MIN_REGION_TEXT) {
        if (explain)
            fprintf(explain, "region gave only %zu bytes of text: whole page goes to the DOM step\n",
                    strlen(story->text));
        clear_result(story);
        sb_region_free(&region);
        set_method(story, "hybrid-fallback");
        return run_dom(page, story, NULL, boxes);
    }
    story->has_region = true;
    story->region = region.rect;
    sb_region_free(&region);
    set_method(story, "hybrid");
    return rc;
}
