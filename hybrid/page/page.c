#include "hybrid/page/page.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/base/fileio.h"
#include "dom/doc/data_uri.h"
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
    /* The clock starts before anything is done with the bytes. */
    double opened_ms = sb_clock_ms();
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
    p->opened_ms = opened_ms;
    p->opt = opt;
    /* Only the first SB_MAX_MARKUP_BYTES of the decoded page are ever
     * parsed (dom/doc/markup_cap.h), and every encoding gives at least one
     * UTF-8 byte for two input bytes (but for ISO-2022-JP's escapes, which
     * then only shorten what is parsed), so decoding stops past twice
     * that: a 64 MB page does not hold a 64 MB decoded copy beside the
     * input (README "Per-page budgets": 256 MB). */
    /* Long data: URIs are cut first (dom/doc/data_uri.h; they are ASCII
     * in every encoding a page uses but UTF-16, where none is found): a
     * single-file page's pictures are neither decoded into a second copy
     * of the page nor counted by the decoding cap. */
    size_t cut_len = 0;
    char *cut = sb_data_uri_cut_html_copy(bytes, len, SB_DATA_URI_MAX, &cut_len);
    const void *src = cut ? (const void *)cut : bytes;
    size_t src_len = cut ? cut_len : len;
    size_t decode_len = src_len < SB_PAGE_DECODE_BYTES ? src_len : SB_PAGE_DECODE_BYTES;
    size_t decoded_len = 0;
    char *decoded = sb_decode_html_transport(src, decode_len, opt ? opt->transport_charset : NULL,
                                             &decoded_len, p->encoding, sizeof p->encoding);
    free(cut);
    /* Nothing but white space is no page either, whatever its encoding. */
    if (sb_only_white_space(decoded, decoded_len)) {
        snprintf(err, errlen, "empty page");
        free(decoded);
        sb_page_free(p);
        return NULL;
    }
    /* The document takes the decoded bytes: no copy of the page. */
    p->doc = sb_doc_parse_owned(decoded, decoded_len);
    if (!p->doc) {
        snprintf(err, errlen, "the HTML parser could not parse the page");
        sb_page_free(p);
        return NULL;
    }
    /* The page as parsed: the document's own copy, after the caps. */
    p->html = p->doc->html;
    p->len = p->doc->html_len;
    if (decode_len < src_len && opt && opt->explain)
        fprintf(opt->explain, "page: only the first %zu of %zu bytes decoded%s\n", decode_len,
                src_len, cut ? " (after long data: URIs were cut)" : "");
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
    /* One wall-clock budget for the whole page: what decoding and parsing
     * (and, for a picture after the dom method, the DOM step) took is not
     * the render's to spend again. */
    int budget_ms =
        p->opt && p->opt->time_budget_ms > 0 ? p->opt->time_budget_ms : SB_LAYOUT_BUDGET_MS;
    double spent_ms = sb_clock_ms() - p->opened_ms;
    if (spent_ms >= budget_ms - 1) {
        snprintf(p->render_error, sizeof p->render_error,
                 "page: time budget of %d ms spent before the render (%.0f ms since the page "
                 "was opened)",
                 budget_ms, spent_ms);
        return NULL;
    }
    sb_layout_opts lo = {0};
    if (p->opt) {
        lo.width = p->opt->width;
        lo.css_dir = p->opt->css_dir;
        lo.resource = p->opt->resource;
        lo.resource_ctx = p->opt->resource_ctx;
        lo.image_size = p->opt->image_size;
        /* the words' text costs a copy: only for a picture */
        lo.keep_text = p->opt->png_path != NULL;
    }
    lo.time_budget_ms = budget_ms - (int)spent_ms;
    lo.base_url = p->base_url;
    p->boxes = sb_boxtree_build(p->doc, &lo, p->render_error, sizeof p->render_error);
    if (!p->boxes && !p->render_error[0])
        snprintf(p->render_error, sizeof p->render_error, "rendering failed");
    /* A budget message names the render's share; say whose it was. */
    if (!p->boxes && strstr(p->render_error, "time budget") && lo.time_budget_ms < budget_ms) {
        size_t used = strlen(p->render_error);
        snprintf(p->render_error + used, sizeof p->render_error - used,
                 " (the page's %d ms less %d ms spent before the render)", budget_ms,
                 (int)spent_ms);
    }
    return p->boxes;
}

void sb_page_free(sb_page *p)
{
    if (!p)
        return;
    sb_boxtree_free(p->boxes);
    sb_meta_free(&p->meta);
    sb_doc_free(p->doc); /* p->html is the document's */
    free(p->base_url);
    free(p);
}
