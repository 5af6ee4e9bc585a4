#include "dom/seed/lbnest.h"

#include <stdlib.h>
#include <string.h>

#include "dom/seed/seedtext.h"
#include "dom/text/sentences.h"
#include "dom/base/strbuf.h"
#include "dom/base/url.h"

/* One pass over the body: <p> elements in document order, and for every
 * <img> the first non-empty text that follows it in document order (the
 * downward-only search of II.C.v). */
typedef struct {
    const GumboNode **paras;
    size_t n_paras, cap_paras;
    const GumboNode **imgs;
    const GumboNode **below;   /* text node after each image, or NULL */
    size_t n_imgs, cap_imgs;
    size_t pending;            /* images [pending, n_imgs) wait for text */
} page_scan;

static bool scan_visit(const GumboNode *n, int depth, void *vctx)
{
    (void)depth;
    page_scan *s = vctx;
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_CDATA) {
        for (; s->pending < s->n_imgs; s->pending++)
            s->below[s->pending] = n;
        return false;
    }
    if (n->type != GUMBO_NODE_ELEMENT)
        return n->type == GUMBO_NODE_DOCUMENT;
    GumboTag t = n->v.element.tag;
    if (sb_is_nontext_tag(t))
        return false;
    if (t == GUMBO_TAG_P) {
        if (s->n_paras == s->cap_paras) {
            s->cap_paras = s->cap_paras ? s->cap_paras * 2 : 64;
            s->paras = sb_xrealloc(s->paras, s->cap_paras * sizeof *s->paras);
        }
        s->paras[s->n_paras++] = n;
    } else if (t == GUMBO_TAG_IMG) {
        if (s->n_imgs == s->cap_imgs) {
            s->cap_imgs = s->cap_imgs ? s->cap_imgs * 2 : 16;
            s->imgs = sb_xrealloc(s->imgs, s->cap_imgs * sizeof *s->imgs);
            s->below = sb_xrealloc(s->below, s->cap_imgs * sizeof *s->below);
        }
        s->below[s->n_imgs] = NULL;
        s->imgs[s->n_imgs++] = n;
    }
    return true;
}

typedef struct {
    size_t start, len;  /* into the paragraphs buffer */
    size_t para;        /* index of its paragraph */
} sentence;

void sb_lbnest_extract(const sb_doc *doc, sb_textctx *ctx, const char *headline,
                       const char *base_url, double threshold, sb_lbnest_result *out)
{
    memset(out, 0, sizeof *out);
    out->image_elem = -1;
    page_scan s = {0};
    const GumboNode *body = sb_doc_body(doc);
    if (body)
        sb_walk(body, scan_visit, &s);

    /* All <p> text as paragraphs ("\n\n" between them: a <br> inside a <p>
     * also starts one), then sentences over the whole sequence so that the
     * neighbour rule sees across paragraph ends. */
    sb_buf paras = SB_BUF_INIT;
    for (size_t i = 0; i < s.n_paras; i++) {
        /* A <p> nested in another's subtree cannot happen in parsed HTML,
         * so every paragraph is taken once. */
        sb_seed_paragraphs(s.paras[i], false, &paras);
    }
    const char *ptext = paras.data ? paras.data : "";
    sb_spans spans = SB_SPANS_INIT;
    sb_split_sentences(ptext, paras.len, &spans);
    size_t n = spans.n;
    bool *related = sb_xcalloc(n ? n : 1, sizeof *related);
    bool *keep = sb_xcalloc(n ? n : 1, sizeof *keep);
    sb_simtext *head = sb_simtext_new(ctx, headline ? headline : "");
    for (size_t i = 0; i < n; i++) {
        sb_simtext *t = sb_simtext_new_n(ctx, ptext + spans.v[i].start, spans.v[i].len);
        related[i] = sb_sim_white(t, head) > threshold;
        out->related += related[i];
        sb_simtext_free(t);
    }
    out->n_sentences = n;
    out->rescued = sb_lbnest_rescue(related, n, keep);

    sb_buf text = SB_BUF_INIT;
    size_t prev_end = 0;
    bool open = false;
    for (size_t i = 0; i < n; i++) {
        for (size_t k = prev_end; i > 0 && k + 1 < spans.v[i].start; k++)
            if (ptext[k] == '\n' && ptext[k + 1] == '\n')
                open = false;
        prev_end = spans.v[i].start + spans.v[i].len;
        if (!keep[i])
            continue;
        if (!open) {
            if (text.len)
                sb_buf_puts(&text, "\n\n");
            open = true;
        } else {
            sb_buf_putc(&text, ' ');
        }
        sb_buf_append(&text, ptext + spans.v[i].start, spans.v[i].len);
    }
    out->text = sb_buf_steal(&text);

    /* The image: its nearest text below must be part of the story, i.e.
     * inside the kept text, or itself related to the headline. */
    /* Bounded: each check scans the story text, and pages with thousands
     * of thumbnails must not cost thousands of scans. */
    size_t max_imgs = s.n_imgs < SB_LBNEST_MAX_IMAGES ? s.n_imgs : SB_LBNEST_MAX_IMAGES;
    for (size_t i = 0; i < max_imgs; i++) {
        const char *src = sb_attr(s.imgs[i], "src");
        if (!src || !*src || !s.below[i])
            continue;
        char *near = sb_text_trim(sb_xstrdup(s.below[i]->v.text.text));
        bool in_story = *near && strstr(out->text, near) != NULL;
        bool ok = in_story;
        if (!ok && *near) {
            sb_simtext *t = sb_simtext_new(ctx, near);
            ok = sb_sim_white(t, head) > threshold;
            sb_simtext_free(t);
        }
        if (ok) {
            out->image_elem = sb_doc_id(doc, s.imgs[i]);
            out->image_url = base_url ? sb_url_resolve(base_url, src) : NULL;
            if (!out->image_url)
                out->image_url = sb_xstrdup(src);
            const char *alt = sb_attr(s.imgs[i], "alt");
            out->image_alt = alt ? sb_text_trim(sb_xstrdup(alt)) : NULL;
            out->image_caption = in_story ? NULL : near;
            if (in_story)
                free(near);
            break;
        }
        free(near);
    }

    sb_simtext_free(head);
    free(related);
    free(keep);
    sb_spans_free(&spans);
    sb_buf_free(&paras);
    free(s.paras);
    free(s.imgs);
    free(s.below);
}

void sb_lbnest_result_free(sb_lbnest_result *r)
{
    if (!r)
        return;
    free(r->text);
    free(r->image_url);
    free(r->image_alt);
    free(r->image_caption);
    memset(r, 0, sizeof *r);
    r->image_elem = -1;
}
