/* similarity: text similarity measures over "prepared" texts.
 *
 * A text is prepared once (sb_simtext_new): tokenised into words, lower-
 * cased, stopwords of the context language dropped, words stemmed.  Runs
 * of unspaced script (CJK, Thai) become overlapping character bigrams, the
 * usual stand-in for words there.  The prepared form holds
 *   - the sorted multiset of adjacent code-point pairs inside each word, for
 *     Simon White's similarity (LBNEST section III):
 *         2 * |pairs(a) intersect pairs(b)| / (|pairs(a)| + |pairs(b)|)
 *     with multiset intersection; pairs never span words.  Comparing two
 *     prepared texts is a linear merge.
 *   - term counts, for the vector measures of N-EXT (cosine, Dice, Jaccard,
 *     overlap over relative term frequencies, thesis eqs. 4.2-4.5) and of
 *     TitleFinder (tf cosine, tf-idf cosine, OSM).
 *
 * sb_textctx bundles language, stopword list, stemmer and scratch space.  It
 * is not thread-safe: use one per thread.  Prepared texts are immutable and
 * may be shared. */
#ifndef SB_SIMILARITY_H
#define SB_SIMILARITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sb_textctx sb_textctx;
typedef struct sb_simtext sb_simtext;
typedef struct sb_dftable sb_dftable;

/* Context for lang (ISO code, "en-US" accepted).  NULL or a language we have
 * no stopwords/stemmer for gives a language-neutral context (lower-casing
 * only, plus whichever of stopwords/stemming exists). */
sb_textctx *sb_textctx_new(const char *lang);
void sb_textctx_free(sb_textctx *ctx);

/* Switches language (re-creates the stemmer only when it changes). */
void sb_textctx_set_lang(sb_textctx *ctx, const char *lang);
/* Normalised code of the context language ("" when neutral). */
const char *sb_textctx_lang(const sb_textctx *ctx);

/* Both on by default. */
void sb_textctx_set_stopwords(sb_textctx *ctx, bool drop_stopwords);
void sb_textctx_set_stemming(sb_textctx *ctx, bool stem);

/* Prepares text (NUL-terminated, or len bytes).  NULL text = empty text.
 * Never returns NULL. */
sb_simtext *sb_simtext_new(sb_textctx *ctx, const char *utf8);
sb_simtext *sb_simtext_new_n(sb_textctx *ctx, const char *utf8, size_t len);
void sb_simtext_free(sb_simtext *t);

/* Prepared words in text order (after stopword removal and stemming). */
size_t sb_simtext_nwords(const sb_simtext *t);
const char *sb_simtext_word(const sb_simtext *t, size_t i);
/* Number of character pairs (multiset size). */
size_t sb_simtext_npairs(const sb_simtext *t);
/* Number of distinct terms. */
size_t sb_simtext_nterms(const sb_simtext *t);

/* Simon White similarity in [0,1]; 0 when either side has no pairs. */
double sb_sim_white(const sb_simtext *a, const sb_simtext *b);

/* Simon White on raw strings: case-insensitive, words = \w runs, no
 * stopword removal or stemming.  sb_white_str("France","French") == 0.4. */
double sb_white_str(const char *a, const char *b);

/* Vector measures on relative term frequencies (count / total words); all
 * in [0,1], 0 when either side is empty. */
double sb_sim_cosine(const sb_simtext *a, const sb_simtext *b);
double sb_sim_dice(const sb_simtext *a, const sb_simtext *b);
double sb_sim_jaccard(const sb_simtext *a, const sb_simtext *b);
double sb_sim_overlap(const sb_simtext *a, const sb_simtext *b);

/* Document frequencies for tf-idf: add each document (a text's distinct
 * terms count once).  idf(t) = log(N / df(t)), with df(t) < 1 taken as 1. */
sb_dftable *sb_df_new(void);
void sb_df_free(sb_dftable *df);
void sb_df_add(sb_dftable *df, const sb_simtext *doc);
size_t sb_df_docs(const sb_dftable *df);
/* df of a prepared word (as returned by sb_simtext_word). */
size_t sb_df_get(const sb_dftable *df, const char *term);
double sb_df_idf(const sb_dftable *df, const char *term);

/* Cosine of tf-idf vectors, tf = count / max count (TitleFinder eq. 2.7). */
double sb_sim_tfidf_cosine(const sb_simtext *a, const sb_simtext *b, const sb_dftable *df);

/* TitleFinder's overlap scoring measure: sum over query terms of
 * tf-idf(query) * tf(sentence) with the sentence vector Euclidean-
 * normalised.  Not symmetric and not bounded by 1. */
double sb_sim_osm(const sb_simtext *query, const sb_simtext *sentence, const sb_dftable *df);

/* LBNEST III.B: a sentence is related to the headline when Simon White's
 * ranking exceeds this. */
#define SB_LBNEST_THRESHOLD 0.20

/* LBNEST III.B neighbour rescue over a sequence of sentences: keep[i]
 * when related[i], or when the sentence has a neighbour and every neighbour
 * it has (i - 1, i + 1) is related.  Returns how many were rescued.  Here,
 * not in dom/seed/lbnest, because the main path's sentence filter uses the
 * same rule. */
size_t sb_lbnest_rescue(const bool *related, size_t n, bool *keep);

#endif
