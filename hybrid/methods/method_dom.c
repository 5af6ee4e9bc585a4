/* dom: the DOM extraction over the whole page, without rendering.  The
 * comparison point for hybrid, and the fallback when layout fails. */
#include <stdlib.h>

#include "dom/story/extract.h"
#include "hybrid/methods/methods.h"

int sb_method_dom(sb_page *page, sb_story *story)
{
    sb_dom_input in = {
        .doc = page->doc,
        .base_url = page->base_url,
        .similarity = page->opt ? page->opt->similarity : SB_SIM_OFF,
        .explain = page->opt ? page->opt->explain : NULL,
        .image_size = page->opt ? page->opt->image_size : NULL,
        .image_size_ctx = page->opt ? page->opt->resource_ctx : NULL,
    };
    free(story->method);
    story->method = sb_xstrdup("dom");
    return sb_dom_extract_page(&in, &page->meta, 0, story);
}
