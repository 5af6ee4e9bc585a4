/* titlefinder: TitleFinder (seed paper 001, chapter 5), the headline as the
 * text fragment of the page most similar to its <title>.
 *
 * The <title> text, with quotes, commas and colons removed (section 5.3.1),
 * is the query; every non-empty text node of the body is a candidate
 * "sentence" (the paper's own simplification: one text node, one
 * sentence).  Both are prepared by the shared text context (stopwords
 * removed, stemmed).  The candidate scoring highest under the chosen
 * measure is the headline; ties go to the first in document order, and a
 * best score of 0 means no headline. */
#ifndef SB_TITLEFINDER_H
#define SB_TITLEFINDER_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/doc/doc.h"
#include "dom/text/similarity.h"

typedef enum sb_tf_measure {
    SB_TF_TF,     /* cosine of term-frequency vectors (paper's best, 0.989) */
    SB_TF_TFIDF,  /* cosine of tf-idf vectors, idf over the candidates */
    SB_TF_OSM,    /* overlap scoring measure, eq. 5.2 */
    SB_TF_SUM     /* TF + TF-IDF + OSM, eq. 5.3 */
} sb_tf_measure;

/* "tf", "tfidf", "osm", "sum" (also "tf-idf", "aggregate").  False when
 * the name is unknown (m untouched). */
bool sb_tf_measure_parse(const char *name, sb_tf_measure *m);

typedef struct sb_titlefinder_result {
    char *headline;       /* the winning text node, collapsed; NULL if none */
    int elem;             /* element id of its parent element, or -1 */
    double score;
    size_t n_candidates;
} sb_titlefinder_result;

/* Runs TitleFinder with `title` as the query (NULL: the page's <title>). */
void sb_titlefinder(const sb_doc *doc, sb_textctx *ctx, sb_tf_measure m, const char *title,
                    sb_titlefinder_result *out);
void sb_titlefinder_result_free(sb_titlefinder_result *r);

#endif
