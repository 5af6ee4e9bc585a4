/* method_density: the line-density baselines of paper 001 (R2L, DANA,
 * DANAg, AdDANAg) as registered methods.  They read the page source only:
 * no title, no image.  Parameters: gap=N (region merge distance; default 8
 * for r2l, 20 for the others), width=N (normalised line length, default
 * 120). */
#include <stdio.h>
#include <stdlib.h>

#include "dom/seed/density.h"
#include "hybrid/seed/seed_methods.h"
#include "hybrid/page/params.h"

static const char *const algo_names[] = {"r2l", "dana", "danag", "addanag"};

/* A non-negative integer parameter, 0 (the default) when absent or out of
 * range, so no value can overflow the conversion. */
static int int_param(const char *params, const char *key)
{
    double v = sb_param_double(params, key, 0);
    return v >= 0 && v <= 1000000 ? (int)v : 0;
}

static int run_density(sb_page *page, sb_story *story, sb_density_algo algo)
{
    const char *params = page->opt ? page->opt->params : NULL;
    sb_density_opts o = {
        .algo = algo,
        .gap = int_param(params, "gap"),
        .line_width = int_param(params, "width"),
    };
    sb_density_result r;
    sb_density_extract(page->html, page->len, &o, &r);
    FILE *ex = page->opt ? page->opt->explain : NULL;
    if (ex) {
        fprintf(ex, "%s: %zu normalised lines, %zu positive regions", algo_names[algo],
                r.n_lines, r.n_regions);
        if (r.n_regions)
            fprintf(ex, "; kept regions %zu..%zu (lines %zu..%zu)", r.first_region,
                    r.last_region, r.first_line, r.last_line);
        fputc('\n', ex);
    }
    free(story->text);
    story->text = r.text;
    free(story->method);
    story->method = sb_xstrdup(algo_names[algo]);
    return 0;
}

int sb_method_r2l(sb_page *page, sb_story *story)
{
    return run_density(page, story, SB_DENSITY_R2L);
}

int sb_method_dana(sb_page *page, sb_story *story)
{
    return run_density(page, story, SB_DENSITY_DANA);
}

int sb_method_danag(sb_page *page, sb_story *story)
{
    return run_density(page, story, SB_DENSITY_DANAG);
}

int sb_method_addanag(sb_page *page, sb_story *story)
{
    return run_density(page, story, SB_DENSITY_ADDANAG);
}
