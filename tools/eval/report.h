/* report: presenting an evaluation run: the side-by-side table, the worst
 * pages, one page's gold and predicted text with differences marked, the
 * JSON report, flat TSV figures for scripts (the quality gate), and the PNG
 * chart. */
#ifndef SB_EVAL_REPORT_H
#define SB_EVAL_REPORT_H

#include <stdio.h>

#include "run.h"

/* One row per method: shingle P/R/F1 and exact share, LCS F1, BoW F1,
 * snippet F1 and accuracy, title exact/similar, byline, date, image,
 * errors, pages per second, median ms.  "-" where the corpus has no gold. */
void sb_report_table(FILE *out, const sb_eval *e);

/* The n lowest-scoring pages of each method with their P and R. */
void sb_report_worst(FILE *out, const sb_eval *e, size_t n);

/* Gold and predicted text of page `index` side by side (total `width`
 * columns), words of unmatched shingles marked: [-missing-] in the gold
 * column, {+extra+} in the predicted one.  Needs a run that kept texts.
 * Corpora without gold text list the snippets found and missed instead. */
void sb_report_page(FILE *out, const sb_eval *e, size_t index, int width);

/* The whole run as JSON: per method the summary and every page's figures.
 * Returns 0, or -1 when the file cannot be written. */
int sb_report_json(const sb_eval *e, const char *path);

/* "corpus<TAB>method<TAB>metric<TAB>value" lines, one per figure, metric
 * names as in tests/quality_floors.txt (p r f1 exact lcs_f1 bow_f1
 * snippet_p snippet_r snippet_f1 snippet_acc title_exact title_similar
 * byline date image).  Figures without gold are left out. */
void sb_report_figures_tsv(FILE *out, const sb_eval *e);

/* "method<TAB>page id<TAB>score" lines (score as in sb_page_score). */
void sb_report_pages_tsv(FILE *out, const sb_eval *e);

/* Bar chart of P/R/F1 per method (snippet figures on corpora without gold
 * text) beside a scatter of per-page scores of the first two methods.
 * Returns 0, or -1 with a reason in err. */
int sb_report_png(const sb_eval *e, const char *path, char *err, size_t errlen);

#endif
