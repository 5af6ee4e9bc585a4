/* extract: sb_extract, the library's one entry point.  Prepares the page,
 * runs the chosen method from the registry, then fills the metadata every
 * method shares (byline, dates, site, language...) from the same DOM. */
#include <stdlib.h>
#include <string.h>

#include "dom/doc/meta.h"
#include "hybrid/registry.h"
#include "hybrid/page/params.h"
#include "layout/overlay/overlay.h"

static void set_error(sb_story *s, const char *msg)
{
    free(s->error);
    s->error = sb_xstrdup(msg);
}

/* A field the method left empty gets the metadata's value. */
static void fill(char **field, const char *value)
{
    if (!*field && value && *value)
        *field = sb_xstrdup(value);
}

static void fill_metadata(sb_page *page, sb_story *s)
{
    const sb_meta *m = &page->meta;
    fill(&s->title, m->title);
    fill(&s->byline, m->byline);
    fill(&s->published, m->published);
    fill(&s->modified, m->modified);
    fill(&s->site_name, m->site_name);
    fill(&s->language, m->language);
    fill(&s->description, m->description);
    fill(&s->url, m->canonical_url);
    if (!s->url && page->base_url)
        s->url = sb_xstrdup(page->base_url);
}

sb_story *sb_extract(const void *bytes, size_t len, const sb_options *opt)
{
    sb_options defaults;
    if (!opt) {
        sb_options_init(&defaults);
        opt = &defaults;
    }
    sb_story *s = sb_xcalloc(1, sizeof *s);
    /* "similarity=off|sentences|blocks" in the parameter string overrides
     * the option, so tools that only pass parameters (eval) can compare the
     * settings. */
    char simbuf[16];
    sb_options local = *opt;
    if (sb_param(opt->params, "similarity", simbuf, sizeof simbuf)) {
        if (strcmp(simbuf, "off") == 0)
            local.similarity = SB_SIM_OFF;
        else if (strcmp(simbuf, "sentences") == 0)
            local.similarity = SB_SIM_SENTENCES;
        else if (strcmp(simbuf, "blocks") == 0)
            local.similarity = SB_SIM_BLOCKS;
        else {
            s->error = sb_xstrdup("parameter similarity takes off, sentences or blocks");
            s->text = sb_xstrdup("");
            s->method = sb_xstrdup(opt->method ? opt->method : "hybrid");
            return s;
        }
        opt = &local;
    }
    if (opt->source)
        s->source = sb_xstrdup(opt->source);
    if (opt->warc_record_id)
        s->warc_record_id = sb_xstrdup(opt->warc_record_id);
    const sb_method *m = sb_method_lookup(opt->method);
    if (!m) {
        sb_buf b = SB_BUF_INIT;
        sb_buf_printf(&b, "unknown method '%s'", opt->method);
        s->error = sb_buf_steal(&b);
    } else {
        char err[256] = "";
        sb_page *page = sb_page_open(bytes, len, opt, err, sizeof err);
        if (!page) {
            set_error(s, err);
        } else {
            if (m->run(page, s) != 0 && !s->error)
                set_error(s, "extraction failed");
            if (!s->error)
                fill_metadata(page, s);
            if (!s->error && opt->png_path) {
                const sb_boxtree *t = sb_page_render(page);
                if (!t) {
                    set_error(s, page->render_error);
                } else {
                    sb_overlay_opts oo = {.region_only = opt->png_region_only};
                    const sb_rect *lead = s->lead_image && s->lead_image->has_box
                                              ? &s->lead_image->box
                                              : NULL;
                    if (sb_overlay_png_opts(t, s->has_region ? &s->region : NULL, lead, &oo,
                                            opt->png_path, err, sizeof err) != 0)
                        set_error(s, err);
                }
            }
            sb_page_free(page);
        }
        if (!s->method)
            s->method = sb_xstrdup(m->info.name);
    }
    if (!s->text)
        s->text = sb_xstrdup("");
    return s;
}
