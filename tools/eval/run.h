/* run: extracts every page of a corpus with each requested method (from the
 * method registry only) and scores the results against the gold data.
 *
 * Pages are handed to worker threads one at a time; each worker reads a
 * page once and runs all methods on it, so the methods see the same load
 * and their timings are comparable.  Results land in per-page slots, so the
 * workers share nothing but a page counter. */
#ifndef SB_EVAL_RUN_H
#define SB_EVAL_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "corpus.h"
#include "storybox.h"
#include "metrics.h"

/* A field score: no gold to compare with, or miss/hit. */
enum { SB_FIELD_NO_GOLD = -1, SB_FIELD_MISS = 0, SB_FIELD_HIT = 1 };

typedef struct sb_page_result {
    double ms;          /* wall time of sb_extract */
    char *error;        /* read or extraction error; NULL when fine */
    sb_overlap shingle; /* text measures: only when the page has gold text */
    sb_overlap lcs;
    sb_overlap bow;
    sb_snippet_counts snippets;
    signed char title_exact, title_similar, byline, date, image;
    /* Lead image against the page's own declared image (METRICS.md):
     * as-is, as-is where the body shows the declared file, and with the
     * image hints stripped from the page. */
    signed char image_asis, image_asis_shown, image_stripped;
    char *text;         /* the predicted text, when the run keeps texts */
    char *title;        /* predicted title, kept with the text */
} sb_page_result;

typedef struct sb_field_rate {
    size_t gold; /* pages with a gold value */
    size_t hit;
} sb_field_rate;

typedef struct sb_method_summary {
    bool has_text;      /* the corpus has gold texts */
    sb_prf shingle, lcs, bow;
    bool has_snippets;  /* the corpus has with/without snippets */
    sb_snippet_counts snippet_counts;
    sb_snippet_result snippets;
    sb_field_rate title_exact, title_similar, byline, date, image;
    sb_field_rate image_asis, image_asis_shown, image_stripped;
    size_t errors;
    double total_s;     /* sum of the per-page extraction times */
    double pages_per_s; /* pages / total_s: one thread's throughput */
    double median_ms;
} sb_method_summary;

typedef struct sb_method_eval {
    char *name;
    sb_page_result *pages; /* one per corpus page, in corpus order */
    sb_method_summary sum;
    sb_method_summary styled_sum; /* over the styled subset (styled.h) */
} sb_method_eval;

typedef struct sb_eval {
    const sb_corpus *corpus;
    sb_method_eval *methods;
    size_t n_methods;
    int jobs;
    double wall_s;      /* the whole run, all threads */
    bool *styled;       /* per corpus page: in the styled subset (styled.h) */
    size_t n_styled;    /* pages in the styled subset */
} sb_eval;

typedef struct sb_eval_config {
    const char *const *methods; /* registered names */
    size_t n_methods;
    int jobs;           /* worker threads; < 1 means 1 */
    bool progress;      /* progress line on stderr */
    bool keep_text;     /* keep predicted texts (for page views) */
    const char *params; /* passed to every method as sb_options.params */
} sb_eval_config;

/* Checks the method names against the registry (err names the unknown one
 * and lists the known ones), then runs.  NULL on error. */
sb_eval *sb_eval_run(const sb_corpus *c, const sb_eval_config *cfg, char *err,
                     size_t errlen);
void sb_eval_free(sb_eval *e);

/* Scores one page's predicted story fields against its gold data (exposed
 * for tests and for methods evaluated outside the registry). */
void sb_eval_score_page(const sb_gold_page *gold, const char *text, const char *title,
                        const char *byline, const char *published, const char *image,
                        sb_page_result *out);

/* The text a record is scored on under the corpus's convention: the
 * standfirst first when the gold keeps it (gold_has_standfirst), then
 * `text` with each distinct caption of images[] placed where its image
 * stands in the story when the gold keeps captions (gold_has_captions),
 * blocks joined by blank lines.  Malloc'd. */
char *sb_eval_scored_text(const sb_corpus *c, const sb_story *s);

/* Recomputes a method's summary from its page results. */
void sb_eval_summarise(const sb_corpus *c, sb_method_eval *m);

/* Summarises the pages whose `keep` entry is true (all when keep is NULL)
 * into *out. */
void sb_eval_summarise_subset(const sb_corpus *c, const sb_method_eval *m, const bool *keep,
                              sb_method_summary *out);

/* The figure pages are ranked by: shingle F1 with gold text, else the share
 * of snippets classified right ((tp+tn)/all), else 1. */
double sb_page_score(const sb_gold_page *gold, const sb_page_result *r);

#endif
