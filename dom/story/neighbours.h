/* neighbours: LBNEST's search for the nearest text element by neighbour
 * levels (seed 003, section II.C.ii and Fig. 6).
 *
 * Level k holds the elements reached by climbing k steps from the element
 * of interest and stepping down again: level 1 are its siblings (and their
 * subtrees), level 2 its parent's siblings and their subtrees, and so on.
 * Within a level the siblings nearest to the path come first (a preceding
 * sibling before the following one at the same distance), and inside a
 * sibling's subtree the element nearest to the element of interest in
 * document order comes first.  Direction DOWN visits only what follows in
 * document order: the image search of section II.C.v, which must not pick
 * up story text above a footer thumbnail.
 *
 * The walk is iterative and bounded by `budget` visited elements, so a
 * search on a huge page stays linear. */
#ifndef SB_NEIGHBOURS_H
#define SB_NEIGHBOURS_H

#include <stdbool.h>

#include "dom/doc/doc.h"

typedef enum sb_neighbour_dir {
    SB_NEIGHBOURS_BOTH = 0,
    SB_NEIGHBOURS_DOWN = 1
} sb_neighbour_dir;

/* Accepts or rejects one candidate element (by element id). */
typedef bool (*sb_neighbour_pred)(const sb_doc *doc, int elem, void *ctx);

typedef struct sb_neighbour_query {
    int elem;              /* element of interest */
    int max_level;         /* highest level searched (>= 1) */
    sb_neighbour_dir dir;
    int stop_at;           /* element id the climb never passes (its
                              siblings are not searched); -1 = none */
    unsigned budget;       /* most candidates tested; 0 = 20000 */
    sb_neighbour_pred pred;
    void *ctx;
} sb_neighbour_query;

/* Returns the element id of the first candidate the predicate accepts,
 * or -1; *level (may be NULL) receives the level it was found at. */
int sb_neighbour_find(const sb_doc *doc, const sb_neighbour_query *q, int *level);

#endif
