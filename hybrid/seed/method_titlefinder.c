/* method_titlefinder: TitleFinder (paper 001, ch. 5) as a method.  It finds
 * a headline only: story->title is set, story->text stays empty.
 * Parameter: sim=tf|tfidf|osm|sum (default tf, the paper's best). */
#include <stdio.h>
#include <stdlib.h>

#include "dom/seed/seedtext.h"
#include "dom/seed/titlefinder.h"
#include "hybrid/seed/seed_methods.h"
#include "hybrid/page/params.h"

int sb_method_titlefinder(sb_page *page, sb_story *story)
{
    const char *params = page->opt ? page->opt->params : NULL;
    char name[16];
    sb_tf_measure m = SB_TF_TF;
    if (sb_param(params, "sim", name, sizeof name) && !sb_tf_measure_parse(name, &m)) {
        free(story->error);
        story->error = sb_xstrdup("titlefinder: sim must be tf, tfidf, osm or sum");
        return -1;
    }
    char lang[4];
    sb_textctx *ctx = sb_textctx_new(sb_seed_lang(page->doc, lang));
    sb_titlefinder_result r;
    sb_titlefinder(page->doc, ctx, m, NULL, &r);
    FILE *ex = page->opt ? page->opt->explain : NULL;
    if (ex)
        fprintf(ex, "titlefinder: %zu candidate text nodes; best score %.4f at element %d\n",
                r.n_candidates, r.score, r.elem);
    if (r.headline) {
        free(story->title);
        story->title = r.headline;
        r.headline = NULL;
    }
    sb_titlefinder_result_free(&r);
    sb_textctx_free(ctx);
    free(story->text);
    story->text = sb_xstrdup("");
    free(story->method);
    story->method = sb_xstrdup("titlefinder");
    return 0;
}
