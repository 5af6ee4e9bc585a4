#include "hybrid/page/page.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/doc/encoding.h"
#include "dom/doc/noscript.h"
#include "dom/doc/sniff.h"

/* The base URL decides how every relative image URL resolves, so prefer the
 * caller's (--url), then what the page says about itself.  Only absolute candidates
 * are taken from the page: a relative <base> without a known location
 * resolves nothing. */
static bool is_absolute_url(const char *s)
{
    if (!s)
        return false;
    const char *p = s;
    while (*p && *p != ':' && *p != '/' && *p != '?' && *p != '#')
        p++;
    return *p == ':' && p > s && p[1] == '/' && p[2] == '/';
}

typedef struct {
    const char *base_href, *canonical, *og_url;
} base_candidates;

static bool find_base(const GumboNode *n, int depth, void *ctx)
{
    (void)depth;
    base_candidates *c = ctx;
    if (!sb_is_element(n))
        return n->type == GUMBO_NODE_DOCUMENT;
    GumboTag t = sb_tag(n);
    if (t == GUMBO_TAG_BASE && !c->base_href) {
        c->base_href = sb_attr(n, "href");
    } else if (t == GUMBO_TAG_LINK && !c->canonical) {
        const char *rel = sb_attr(n, "rel");
        if (rel && strcasecmp(rel, "canonical") == 0)
            c->canonical = sb_attr(n, "href");
    } else if (t == GUMBO_TAG_META && !c->og_url) {
        const char *prop = sb_attr(n, "property");
        if (prop && strcmp(prop, "og:url") == 0)
            c->og_url = sb_attr(n, "content");
    }
    /* Only <head> and its children carry these. */
    return t == GUMBO_TAG_HTML || t == GUMBO_TAG_HEAD;
}

sb_page *sb_page_open(const void *bytes, size_t len, const sb_options *opt, char *err,
                      size_t errlen)
{
    if (len == 0) {
        snprintf(err, errlen, "empty page");
        return NULL;
    }
    if (len > SB_MAX_PAGE_BYTES) {
        snprintf(err, errlen, "page of %zu bytes is larger than the cap of %zu MB", len,
                 SB_MAX_PAGE_BYTES >> 20);
        return NULL;
    }
    if (sb_sniff_binary(bytes, len)) {
        snprintf(err, errlen, "not an HTML page (binary data in its first %d bytes)",
                 SB_SNIFF_BYTES);
        return NULL;
    }
    sb_page *p = sb_xcalloc(1, sizeof *p);
    p->opt = opt;
    p->html = sb_decode_html_transport(bytes, len, opt ? opt->transport_charset : NULL, &p->len,
                                       p->encoding, sizeof p->encoding);
    /* Nothing but white space is no page either, whatever its encoding. */
    if (sb_only_white_space(p->html, p->len)) {
        snprintf(err, errlen, "empty page");
        sb_page_free(p);
        return NULL;
    }
    p->doc = sb_doc_parse(p->html, p->len);
    if (!p->doc) {
        snprintf(err, errlen, "the HTML parser could not parse the page");
        sb_page_free(p);
        return NULL;
    }
    if (p->doc->cap_reason[0] && opt && opt->explain)
        fprintf(opt->explain, "%s\n", p->doc->cap_reason);
    sb_noscript_unwrap(p->doc);
    if (opt && opt->base_url && *opt->base_url) {
        p->base_url = sb_xstrdup(opt->base_url);
    } else {
        base_candidates c = {0};
        sb_walk(p->doc->out->document, find_base, &c);
        /* <base href>, then og:url, then the canonical link: og:url is
         * the address the page was shared under, the canonical link may
         * name another (an AMP page's, a syndicated copy's origin). */
        const char *pick = is_absolute_url(c.base_href)   ? c.base_href
                           : is_absolute_url(c.og_url)    ? c.og_url
                           : is_absolute_url(c.canonical) ? c.canonical
                                                          : NULL;
        if (pick)
            p->base_url = sb_text_trim(sb_xstrdup(pick));
    }
    sb_meta_extract(p->doc, p->base_url, &p->meta);
    return p;
}

const sb_boxtree *sb_page_render(sb_page *p)
{
    if (p->render_tried)
        return p->boxes;
    p->render_tried = true;
    sb_layout_opts lo = {0};
    if (p->opt) {
        lo.width = p->opt->width;
        lo.css_dir = p->opt->css_dir;
        lo.resource = p->opt->resource;
        lo.resource_ctx = p->opt->resource_ctx;
        lo.image_size = p->opt->image_size;
        lo.time_budget_ms = p->opt->time_budget_ms;
        /* the words' text costs a copy: only for a picture */
        lo.keep_text = p->opt->png_path != NULL;
    }
    lo.base_url = p->base_url;
    p->boxes = sb_boxtree_build(p->doc, &lo, p->render_error, sizeof p->render_error);
    if (!p->boxes && !p->render_error[0])
        snprintf(p->render_error, sizeof p->render_error, "rendering failed");
    return p->boxes;
}

void sb_page_free(sb_page *p)
{
    if (!p)
        return;
    sb_boxtree_free(p->boxes);
    sb_meta_free(&p->meta);
    sb_doc_free(p->doc);
    free(p->html);
    free(p->base_url);
    free(p);
}
