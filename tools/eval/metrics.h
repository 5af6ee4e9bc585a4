/* metrics: how close an extracted story is to its gold standard.
 *
 * Pure functions over strings: word tokenisation (Unicode \w+), 4-word
 * shingle overlap, token LCS, bag of words, snippet containment, and the
 * field matchers for title, byline, date and lead image.  Nothing here knows
 * about corpora, methods or files; tools/eval/METRICS.md gives every formula.
 *
 * Per page a measure yields an overlap (tp, fp, fn); an accumulator turns
 * the pages into the field's macro averages: precision is the mean over
 * pages that predicted something, recall the mean over pages with gold, F1
 * the harmonic mean of the two means, and a page where both sides are empty
 * counts as 1 for both. */
#ifndef SB_EVAL_METRICS_H
#define SB_EVAL_METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Word tokens of a text, each as a 64-bit hash of its bytes plus its byte
 * span (so reports can show and mark the words). */
typedef struct sb_tokens {
    uint64_t *hash;
    size_t *start;
    size_t *len;
    size_t n;
} sb_tokens;

/* Splits text into maximal runs of word characters (letters, marks, digits,
 * underscore in any script).  Malformed UTF-8 bytes separate words.
 * `fold_case` lower-cases each token before hashing. */
void sb_tokenize(const char *text, bool fold_case, sb_tokens *out);
void sb_tokens_free(sb_tokens *t);

/* One page's comparison: tp shared units, fp extra predicted, fn missed. */
typedef struct sb_overlap {
    size_t tp, fp, fn;
} sb_overlap;

/* Per-page figures; both sides empty gives 1. */
double sb_overlap_precision(sb_overlap o);
double sb_overlap_recall(sb_overlap o);
double sb_overlap_f1(sb_overlap o);

#define SB_SHINGLE_WORDS 4

/* Shingles: every run of k consecutive tokens, counted as a multiset.  A
 * text of 1..k-1 tokens forms one shorter shingle of all its tokens. */
size_t sb_shingle_hashes(const sb_tokens *t, int k, uint64_t **out);
sb_overlap sb_shingle_overlap(const sb_tokens *pred, const sb_tokens *gold, int k);

/* Marks which tokens are not covered by any matched shingle: miss[i] is set
 * when every shingle containing token i is unmatched on the other side
 * (surplus occurrences of a shingle count as unmatched, the later ones
 * first).  Used to show extra and missing text. */
void sb_shingle_unmatched(const sb_tokens *self, const sb_tokens *other, int k, bool *miss);

/* Length of the longest common subsequence of two hash sequences.  Exact:
 * common prefix and suffix are stripped, tokens absent from the other side
 * removed, and the rest runs through the bit-parallel LCS recurrence
 * (O(n*m/64) time, O(n+m) memory).  Sequences beyond SB_LCS_MAX_TOKENS
 * (after the reductions) are truncated to that length. */
#define SB_LCS_MAX_TOKENS 250000
size_t sb_lcs_length(const uint64_t *a, size_t n, const uint64_t *b, size_t m);
/* tp = LCS, fp = |pred| - LCS, fn = |gold| - LCS. */
sb_overlap sb_lcs_overlap(const sb_tokens *pred, const sb_tokens *gold);

/* Bag of words: tp = multiset intersection of the tokens. */
sb_overlap sb_bow_overlap(const sb_tokens *pred, const sb_tokens *gold);

/* Macro averages over pages. */
typedef struct sb_prf_acc {
    double p_sum, r_sum, f_sum;
    size_t p_pages, r_pages; /* pages counted in each mean */
    size_t pages;            /* pages added */
    size_t exact;            /* pages with per-page F1 == 1 */
} sb_prf_acc;

typedef struct sb_prf {
    double p, r, f1;
    double exact_share; /* exact / pages */
    double mean_page_f1;
    size_t pages;
} sb_prf;

void sb_prf_add(sb_prf_acc *acc, sb_overlap o);
sb_prf sb_prf_result(const sb_prf_acc *acc);

/* Snippet containment (trafilatura's with/without test). */
typedef struct sb_snippet_counts {
    size_t tp, fp, fn, tn;
} sb_snippet_counts;

/* Newly allocated copy with every run of white space (Unicode spaces
 * included) turned into one ASCII space, and the ends trimmed. */
char *sb_collapse_space(const char *s);

/* Adds one page: `with` snippets found are tp, missed fn; `without`
 * snippets found are fp, absent tn.  Both sides are whitespace-collapsed;
 * the comparison is otherwise exact (case-sensitive).  Empty snippets are
 * ignored. */
void sb_snippet_count(const char *text, const char *const *with, size_t n_with,
                      const char *const *without, size_t n_without,
                      sb_snippet_counts *acc);

/* Micro averages over all snippets of a corpus: P = tp/(tp+fp),
 * R = tp/(tp+fn), F1, accuracy = (tp+tn)/all.  0 when undefined. */
typedef struct sb_snippet_result {
    double p, r, f1, accuracy;
} sb_snippet_result;
sb_snippet_result sb_snippet_result_of(const sb_snippet_counts *c);

/* Field matchers.  Each returns false when pred is NULL or empty. */

/* Equal after lower-casing and collapsing white space. */
bool sb_title_exact(const char *pred, const char *gold);
/* Token F1 of the lower-cased word bags >= 0.8. */
bool sb_title_similar(const char *pred, const char *gold);
/* Same rule as sb_title_similar (so "By Jane Doe" matches "Jane Doe"). */
bool sb_byline_match(const char *pred, const char *gold);
/* Both start with the same YYYY-MM-DD. */
bool sb_date_match(const char *pred, const char *gold);
/* True when s starts with a YYYY-MM-DD date. */
bool sb_has_date(const char *s);
/* Same URL (ignoring scheme and fragment), or same file-name stem: the last
 * path segment without query and extension, case-insensitive. */
bool sb_image_match(const char *pred, const char *gold);

#endif
