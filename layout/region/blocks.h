/* blocks: the proximity step of LBNEST (section IV).  Groups the rendered
 * text of a page into visual blocks and chooses the story region.
 *
 * Text runs (layout/boxtree.h) are first joined into lines, then lines into
 * blocks.  A line joins the block above it when it is close (vertical gap at
 * most SB_BLOCK_GAP_EM of its font size), overlaps it horizontally, has a
 * similar font size (headlines and small print form their own blocks), and
 * is of the same kind (link lines - menus, related lists - never merge with
 * running text).  Those last two rules matter on unstyled pages, where
 * everything sits in one column with the same small gaps.
 *
 * Region rule: the story region is the block with the largest area of
 * non-link text whose top-left corner lies at least SB_REGION_MIN_OFFSET of
 * the viewport width (64 px at 1280) away from the page origin (Euclidean
 * distance): the paper only asks that the story not start at (0,0), and a
 * block that starts within a body margin of it is the whole page.  When
 * no block qualifies, there is no region and the caller falls back to the
 * whole page. */
#ifndef SB_BLOCKS_H
#define SB_BLOCKS_H

#include <stdio.h>

#include "layout/boxtree/boxtree.h"

#define SB_BLOCK_GAP_EM 1.8
#define SB_REGION_MIN_OFFSET 0.05
#define SB_REGION_COLUMN_SLACK 1.15
#define SB_REGION_MAX_LINK_SHARE 0.35
#define SB_REGION_SIBLING_GAP_EM 4.0
#define SB_REGION_MIN_BLOCK_PROSE 80
#define SB_REGION_COLUMN_MIN_SHARE 0.5

typedef struct sb_vblock {
    sb_rect rect;          /* bounding box of its text */
    double text_area;      /* area covered by non-link text, px^2 */
    double link_area;      /* area covered by link text */
    unsigned chars, link_chars;
    int font_size;         /* of its first line */
    int container;         /* smallest box holding all its text, -1 none */
    size_t n_lines;
} sb_vblock;

typedef struct sb_vblocks {
    sb_vblock *blocks;     /* in document order of their first text */
    size_t n;
    int *block_of_run;     /* per text run: its block */
} sb_vblocks;

/* NULL when the page's time budget (t->deadline_ms) runs out first. */
sb_vblocks *sb_vblocks_build(const sb_boxtree *t);
void sb_vblocks_free(sb_vblocks *b);

typedef struct sb_region {
    int block;             /* index into blocks, -1 when none qualified */
    sb_rect rect;          /* the block grown to cover its roots: where the
                              DOM step looks */
    sb_rect column;        /* the chosen block's own text box: the story's
                              column, what a sidebar sits beside */
    int *roots;            /* DOM element ids whose subtrees hold the story */
    size_t n_roots;
} sb_region;

/* The region's switchable signals (hybrid's method parameters). */
typedef struct sb_region_signals {
    /* Rank the qualifying blocks by the text outside links of the story
     * column each would bring along (its story container and column
     * siblings, as the DOM step will receive them), the block's own text
     * area breaking ties, instead of by the block's text area alone: on an
     * unstyled page the story is cut into many blocks by in-body links,
     * promotions and figures, and one unbroken teaser list can outweigh
     * each of them.  Only blocks of running text (at least
     * SB_REGION_MIN_BLOCK_PROSE characters outside links, at most half in
     * links) with at least SB_REGION_COLUMN_MIN_SHARE of the largest
     * block's text area are scored by their column (a rival to the
     * largest block, not a small teaser in a long column of them); the
     * others score 0. */
    bool column_score;
    /* The story starts in the first screen: when a block of running text
     * (as above) has its top within SB_FIRST_SCREEN_PX of the page's top,
     * the blocks starting further down do not compete.  Off by default:
     * it measured worse (unstyled pages print their menus and link lists
     * first, and a teaser there beats the story below). */
    bool first_screen;
} sb_region_signals;

/* The defaults: each signal on where it measured better on the corpora
 * (the hybrid method's parameters override them). */
#define SB_REGION_COLUMN_DEFAULT true
#define SB_REGION_FIRST_SCREEN_DEFAULT false
#define SB_REGION_SIGNALS_DEFAULT                                                                  \
    {.column_score = SB_REGION_COLUMN_DEFAULT, .first_screen = SB_REGION_FIRST_SCREEN_DEFAULT}

/* Chooses the region; writes the candidates and the decision to `explain`
 * when non-NULL.  `sig` NULL means the defaults.  Returns true when a block
 * qualified. */
bool sb_region_find(const sb_boxtree *t, const sb_vblocks *b, int viewport_width,
                    const sb_region_signals *sig, sb_region *out, FILE *explain);
void sb_region_free(sb_region *r);

#endif
