/* next: N-EXT (seed paper 000, chapter 4), template-independent news
 * extraction by block weights.
 *
 *  1. Blocks are the leaf DIV/TABLE elements (no DIV/TABLE below them);
 *     their text is taken without link text (section 4.1.3).
 *  2. Each block weighs w = b * size / max(size) + (1 - b) * sim / max(sim),
 *     size in words, sim the similarity of the block to the news title over
 *     relative term frequencies, stopwords removed and stemmed (eq. 4.1).
 *     The heaviest block is the news block.
 *  3. Each sentence of the news block is compared with the block; those
 *     below the harmonic mean t of all these similarities are dropped.
 *  4. Sentences of the other blocks whose similarity to the news block is
 *     above t are added.
 * The paper takes the title from the RSS feed; callers pass whatever title
 * they have (hybrid/method_next.c: TitleFinder's headline). */
#ifndef SB_NEXT_H
#define SB_NEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/doc/doc.h"
#include "dom/text/similarity.h"

typedef enum sb_next_measure {
    SB_NEXT_COSINE,   /* eq. 4.2 */
    SB_NEXT_DICE,     /* eq. 4.3, the paper's choice */
    SB_NEXT_JACCARD,  /* eq. 4.4 */
    SB_NEXT_OVERLAP   /* eq. 4.5 */
} sb_next_measure;

#define SB_NEXT_DEFAULT_B 0.6

/* "cosine", "dice", "jaccard", "overlap"; false when unknown. */
bool sb_next_measure_parse(const char *name, sb_next_measure *m);

typedef struct sb_next_opts {
    double b;                /* block weight coefficient, 0..1 */
    sb_next_measure measure;
    /* false (the paper): leaf DIV/TABLE elements with all their text.
     * true (our variant): every DIV/TABLE and the body, each with the text
     * it owns outside nested DIV/TABLE elements, so a story container that
     * also holds a nested <div> (an ad slot, a figure) is still a block. */
    bool own_text_blocks;
} sb_next_opts;

typedef struct sb_next_result {
    char *text;          /* paragraphs separated by "\n\n"; never NULL */
    int block;           /* element id of the news block, or -1 */
    size_t n_blocks;     /* leaf blocks with text */
    double threshold;    /* harmonic mean t */
    size_t kept, dropped, added; /* sentences */
} sb_next_result;

/* Index of the heaviest of n blocks under eq. 4.1 (first on ties), or -1
 * when n is 0. */
int sb_next_pick_block(const double *size, const double *sim, size_t n, double b);

/* Harmonic mean of the positive values (n / sum(1/x)); 0 when none is
 * positive.  A sentence with no terms left after stopword removal has
 * similarity 0 and would force the mean of all to 0, so only positive
 * similarities enter t (such sentences are then below t and dropped). */
double sb_next_harmonic_mean(const double *x, size_t n);

void sb_next_extract(const sb_doc *doc, sb_textctx *ctx, const char *title,
                     const sb_next_opts *opts, sb_next_result *out);
void sb_next_result_free(sb_next_result *r);

#endif
