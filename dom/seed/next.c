#include "dom/seed/next.h"

#include <stdlib.h>
#include <string.h>

#include "dom/seed/seedtext.h"
#include "dom/text/sentences.h"
#include "dom/base/strbuf.h"
#include "dom/text/tokens.h"

bool sb_next_measure_parse(const char *name, sb_next_measure *m)
{
    static const char *const names[] = {"cosine", "dice", "jaccard", "overlap"};
    for (int i = 0; name && i < 4; i++) {
        if (strcmp(name, names[i]) == 0) {
            *m = (sb_next_measure)i;
            return true;
        }
    }
    return false;
}

static double measure(sb_next_measure m, const sb_simtext *a, const sb_simtext *b)
{
    switch (m) {
    case SB_NEXT_COSINE:
        return sb_sim_cosine(a, b);
    case SB_NEXT_JACCARD:
        return sb_sim_jaccard(a, b);
    case SB_NEXT_OVERLAP:
        return sb_sim_overlap(a, b);
    case SB_NEXT_DICE:
    default:
        return sb_sim_dice(a, b);
    }
}

int sb_next_pick_block(const double *size, const double *sim, size_t n, double b)
{
    double max_size = 0, max_sim = 0;
    for (size_t i = 0; i < n; i++) {
        if (size[i] > max_size)
            max_size = size[i];
        if (sim[i] > max_sim)
            max_sim = sim[i];
    }
    int best = -1;
    double best_w = -1;
    for (size_t i = 0; i < n; i++) {
        double w = (max_size > 0 ? b * size[i] / max_size : 0) +
                   (max_sim > 0 ? (1 - b) * sim[i] / max_sim : 0);
        if (w > best_w) {
            best_w = w;
            best = (int)i;
        }
    }
    return best;
}

double sb_next_harmonic_mean(const double *x, size_t n)
{
    double inv = 0;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (x[i] > 0) {
            inv += 1.0 / x[i];
            k++;
        }
    }
    return k ? (double)k / inv : 0;
}

/* Element ids of the blocks, in document order: the leaf DIV/TABLE
 * elements, or with `all` every DIV/TABLE and the body (own-text blocks).
 * Document order is pre-order, so one backward pass tells every element
 * whether a DIV/TABLE lies below it. */
static int *leaf_blocks(const sb_doc *doc, bool all, size_t *count)
{
    size_t n = doc->n_elems;
    bool *below = sb_xcalloc(n ? n : 1, sizeof *below);
    for (size_t i = n; i-- > 0;) {
        const GumboNode *e = doc->elems[i];
        GumboTag t = sb_tag(e);
        bool block = t == GUMBO_TAG_DIV || t == GUMBO_TAG_TABLE;
        int p = sb_doc_id(doc, e->parent);
        if (p >= 0 && (block || below[i]))
            below[p] = true;
    }
    int *ids = sb_xmalloc((n ? n : 1) * sizeof *ids);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        GumboTag t = sb_tag(doc->elems[i]);
        bool candidate = t == GUMBO_TAG_DIV || t == GUMBO_TAG_TABLE ||
                         (all && t == GUMBO_TAG_BODY);
        if (!candidate || (below[i] && !all))
            continue;
        /* Blocks inside head, template, noscript... show no text. */
        bool hidden = false;
        for (const GumboNode *a = doc->elems[i]->parent; a && !hidden; a = a->parent)
            hidden = sb_is_element(a) && sb_is_nontext_tag(sb_tag(a));
        if (!hidden)
            ids[k++] = (int)i;
    }
    free(below);
    *count = k;
    return ids;
}

typedef struct {
    int elem;
    char *text;          /* paragraphs, link text removed */
    sb_simtext *prepared;
} block;

/* What sentence similarity is measured against: the news block. */
typedef struct {
    sb_textctx *ctx;
    sb_next_measure m;
    const sb_simtext *news;
} sent_ctx;

/* Splits a block's text into sentences and measures each against the news
 * block; returns the sentence count. */
static size_t split_block(sent_ctx *sc, const char *text, sb_spans *spans, double **sims)
{
    sb_spans_clear(spans);
    sb_split_sentences(text, strlen(text), spans);
    *sims = sb_xrealloc(*sims, (spans->n ? spans->n : 1) * sizeof **sims);
    for (size_t i = 0; i < spans->n; i++) {
        sb_simtext *s = sb_simtext_new_n(sc->ctx, text + spans->v[i].start, spans->v[i].len);
        (*sims)[i] = measure(sc->m, s, sc->news);
        sb_simtext_free(s);
    }
    return spans->n;
}

static bool has_break(const char *s, size_t n)
{
    for (size_t i = 0; i + 1 < n; i++)
        if (s[i] == '\n' && s[i + 1] == '\n')
            return true;
    return false;
}

/* Appends the sentences with sim >= t (news block) or > t (others),
 * grouping them by the paragraph they came from. */
static size_t emit(const char *text, const sb_spans *spans, const double *sims, double t,
                   bool strict, sb_buf *out)
{
    size_t kept = 0;
    bool open = false;
    size_t prev_end = 0;
    for (size_t i = 0; i < spans->n; i++) {
        bool keep = strict ? sims[i] > t : sims[i] >= t;
        /* A paragraph break lies between two sentences when the text
         * between them holds "\n\n". */
        bool new_para = i > 0 && has_break(text + prev_end, spans->v[i].start - prev_end);
        if (new_para)
            open = false;
        prev_end = spans->v[i].start + spans->v[i].len;
        if (!keep)
            continue;
        kept++;
        if (!open) {
            if (out->len)
                sb_buf_puts(out, "\n\n");
            open = true;
        } else {
            sb_buf_putc(out, ' ');
        }
        sb_buf_append(out, text + spans->v[i].start, spans->v[i].len);
    }
    return kept;
}

void sb_next_extract(const sb_doc *doc, sb_textctx *ctx, const char *title,
                     const sb_next_opts *opts, sb_next_result *out)
{
    memset(out, 0, sizeof *out);
    out->block = -1;
    sb_next_opts o = opts ? *opts : (sb_next_opts){SB_NEXT_DEFAULT_B, SB_NEXT_DICE, false};
    size_t n_ids;
    int *ids = leaf_blocks(doc, o.own_text_blocks, &n_ids);

    block *blocks = sb_xcalloc(n_ids ? n_ids : 1, sizeof *blocks);
    double *size = sb_xcalloc(n_ids ? n_ids : 1, sizeof *size);
    double *sim = sb_xcalloc(n_ids ? n_ids : 1, sizeof *sim);
    sb_simtext *title_prep = sb_simtext_new(ctx, title ? title : "");
    size_t nb = 0;
    for (size_t i = 0; i < n_ids; i++) {
        sb_buf b = SB_BUF_INIT;
        if (o.own_text_blocks)
            sb_seed_paragraphs_own(doc->elems[ids[i]], true, &b);
        else
            sb_seed_paragraphs(doc->elems[ids[i]], true, &b);
        if (!b.len) {
            sb_buf_free(&b);
            continue;
        }
        blocks[nb].elem = ids[i];
        blocks[nb].text = sb_buf_steal(&b);
        blocks[nb].prepared = sb_simtext_new(ctx, blocks[nb].text);
        size[nb] = (double)sb_count_words(blocks[nb].text, strlen(blocks[nb].text));
        sim[nb] = measure(o.measure, blocks[nb].prepared, title_prep);
        nb++;
    }
    out->n_blocks = nb;
    int news = sb_next_pick_block(size, sim, nb, o.b);

    sb_buf text = SB_BUF_INIT;
    if (news >= 0) {
        out->block = blocks[news].elem;
        sent_ctx sc = {ctx, o.measure, blocks[news].prepared};
        sb_spans spans = SB_SPANS_INIT;
        double *sims = NULL;
        size_t n = split_block(&sc, blocks[news].text, &spans, &sims);
        double t = sb_next_harmonic_mean(sims, n);
        out->threshold = t;
        /* Every block in document order: the news block's own sentences at
         * or above t, the others' strictly above it. */
        for (size_t i = 0; i < nb; i++) {
            if ((int)i == news) {
                split_block(&sc, blocks[i].text, &spans, &sims);
                out->kept = emit(blocks[i].text, &spans, sims, t, false, &text);
                out->dropped = spans.n - out->kept;
            } else {
                split_block(&sc, blocks[i].text, &spans, &sims);
                out->added += emit(blocks[i].text, &spans, sims, t, true, &text);
            }
        }
        free(sims);
        sb_spans_free(&spans);
    }
    out->text = sb_buf_steal(&text);

    sb_simtext_free(title_prep);
    for (size_t i = 0; i < nb; i++) {
        free(blocks[i].text);
        sb_simtext_free(blocks[i].prepared);
    }
    free(blocks);
    free(size);
    free(sim);
    free(ids);
}

void sb_next_result_free(sb_next_result *r)
{
    if (!r)
        return;
    free(r->text);
    r->text = NULL;
}
