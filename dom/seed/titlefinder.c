#include "dom/seed/titlefinder.h"

#include <stdlib.h>
#include <string.h>

#include "dom/seed/seedtext.h"
#include "dom/base/strbuf.h"

bool sb_tf_measure_parse(const char *name, sb_tf_measure *m)
{
    static const struct {
        const char *name;
        sb_tf_measure m;
    } names[] = {
        {"tf", SB_TF_TF},   {"tfidf", SB_TF_TFIDF}, {"tf-idf", SB_TF_TFIDF},
        {"osm", SB_TF_OSM}, {"sum", SB_TF_SUM},     {"aggregate", SB_TF_SUM},
    };
    for (size_t i = 0; name && i < sizeof names / sizeof *names; i++) {
        if (strcmp(name, names[i].name) == 0) {
            *m = names[i].m;
            return true;
        }
    }
    return false;
}

typedef struct {
    const GumboNode **nodes;
    size_t n, cap;
} candidates;

static bool collect_text(const GumboNode *n, int depth, void *vctx)
{
    (void)depth;
    candidates *c = vctx;
    if (n->type == GUMBO_NODE_ELEMENT)
        return !sb_is_nontext_tag(n->v.element.tag);
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_CDATA) {
        if (c->n == c->cap) {
            c->cap = c->cap ? c->cap * 2 : 128;
            c->nodes = sb_xrealloc(c->nodes, c->cap * sizeof *c->nodes);
        }
        c->nodes[c->n++] = n;
    }
    return n->type == GUMBO_NODE_DOCUMENT;
}

/* Section 5.3.1: quotes, commas and colons are deleted from the content
 * before tokenising (they separate words anyway; a space keeps them apart). */
static char *strip_punctuation(const char *s)
{
    char *t = sb_xstrdup(s);
    for (char *p = t; *p; p++)
        if (*p == '\'' || *p == '"' || *p == ',' || *p == ':')
            *p = ' ';
    return sb_text_trim(t);
}

static double score(sb_tf_measure m, const sb_simtext *q, const sb_simtext *s,
                    const sb_dftable *df)
{
    switch (m) {
    case SB_TF_TF:
        return sb_sim_cosine(q, s);
    case SB_TF_TFIDF:
        return sb_sim_tfidf_cosine(q, s, df);
    case SB_TF_OSM:
        return sb_sim_osm(q, s, df);
    case SB_TF_SUM:
    default:
        return sb_sim_cosine(q, s) + sb_sim_tfidf_cosine(q, s, df) + sb_sim_osm(q, s, df);
    }
}

void sb_titlefinder(const sb_doc *doc, sb_textctx *ctx, sb_tf_measure m, const char *title,
                    sb_titlefinder_result *out)
{
    memset(out, 0, sizeof *out);
    out->elem = -1;
    char *own_title = title ? NULL : sb_seed_title(doc);
    char *query_text = strip_punctuation(title ? title : own_title);
    free(own_title);
    const GumboNode *body = sb_doc_body(doc);
    if (!query_text[0] || !body) {
        free(query_text);
        return;
    }

    candidates c = {NULL, 0, 0};
    sb_walk(body, collect_text, &c);
    sb_simtext **prepared = sb_xcalloc(c.n ? c.n : 1, sizeof *prepared);
    sb_dftable *df = sb_df_new();
    for (size_t i = 0; i < c.n; i++) {
        char *t = strip_punctuation(c.nodes[i]->v.text.text);
        prepared[i] = sb_simtext_new(ctx, t);
        free(t);
        if (sb_simtext_nterms(prepared[i]))
            sb_df_add(df, prepared[i]);
    }
    sb_simtext *q = sb_simtext_new(ctx, query_text);
    size_t best = c.n;
    double best_score = 0;
    for (size_t i = 0; i < c.n; i++) {
        if (!sb_simtext_nterms(prepared[i]))
            continue;
        out->n_candidates++;
        double s = score(m, q, prepared[i], df);
        if (s > best_score) {
            best_score = s;
            best = i;
        }
    }
    if (best < c.n) {
        out->headline = sb_text_trim(sb_xstrdup(c.nodes[best]->v.text.text));
        out->elem = sb_doc_id(doc, c.nodes[best]->parent);
        out->score = best_score;
    }
    sb_simtext_free(q);
    for (size_t i = 0; i < c.n; i++)
        sb_simtext_free(prepared[i]);
    free(prepared);
    sb_df_free(df);
    free(c.nodes);
    free(query_text);
}

void sb_titlefinder_result_free(sb_titlefinder_result *r)
{
    if (!r)
        return;
    free(r->headline);
    r->headline = NULL;
}
