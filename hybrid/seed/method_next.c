/* method_next: N-EXT (paper 000) as a method.  The paper weighs blocks
 * against the news title from the RSS feed; a saved page has no feed, so
 * the title is TitleFinder's headline (tf measure), which like an RSS title
 * is the bare headline without the site name, or the <title> text when
 * TitleFinder finds nothing.  Parameters: sim=cosine|dice|jaccard|overlap
 * (default dice), b=0..1 (default 0.6), blocks=leaf|own (default leaf, the
 * paper's leaf DIV/TABLE blocks; own: every DIV/TABLE with the text it owns,
 * see dom/next.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/seed/next.h"
#include "dom/seed/seedtext.h"
#include "dom/seed/titlefinder.h"
#include "hybrid/seed/seed_methods.h"
#include "hybrid/page/params.h"

int sb_method_next(sb_page *page, sb_story *story)
{
    const char *params = page->opt ? page->opt->params : NULL;
    sb_next_opts o = {SB_NEXT_DEFAULT_B, SB_NEXT_DICE, false};
    char name[16];
    if (sb_param(params, "sim", name, sizeof name) && !sb_next_measure_parse(name, &o.measure)) {
        free(story->error);
        story->error = sb_xstrdup("next: sim must be cosine, dice, jaccard or overlap");
        return -1;
    }
    if (sb_param(params, "blocks", name, sizeof name)) {
        if (strcmp(name, "own") != 0 && strcmp(name, "leaf") != 0) {
            free(story->error);
            story->error = sb_xstrdup("next: blocks must be leaf or own");
            return -1;
        }
        o.own_text_blocks = strcmp(name, "own") == 0;
    }
    o.b = sb_param_double(params, "b", SB_NEXT_DEFAULT_B);
    if (o.b < 0 || o.b > 1) {
        free(story->error);
        story->error = sb_xstrdup("next: b must be between 0 and 1");
        return -1;
    }
    char lang[4];
    sb_textctx *ctx = sb_textctx_new(sb_seed_lang(page->doc, lang));
    sb_titlefinder_result tf;
    sb_titlefinder(page->doc, ctx, SB_TF_TF, NULL, &tf);
    char *title = tf.headline ? sb_xstrdup(tf.headline) : sb_seed_title(page->doc);
    sb_titlefinder_result_free(&tf);

    sb_next_result r;
    sb_next_extract(page->doc, ctx, title, &o, &r);
    FILE *ex = page->opt ? page->opt->explain : NULL;
    if (ex)
        fprintf(ex,
                "next: title \"%s\"; %zu leaf blocks; news block element %d; threshold %.4f; "
                "sentences kept %zu, dropped %zu, added %zu\n",
                title, r.n_blocks, r.block, r.threshold, r.kept, r.dropped, r.added);
    free(story->text);
    story->text = r.text;
    r.text = NULL;
    /* The headline is an input here, not a finding: the story title is
     * left to the page metadata like for every other method. */
    free(title);
    sb_textctx_free(ctx);
    free(story->method);
    story->method = sb_xstrdup("next");
    return 0;
}
