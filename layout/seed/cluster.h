/* cluster: LBNEST's correlation-clustering page segmentation (paper 003,
 * section II.B), the approach its authors measured at about 65% and
 * rejected; kept as a baseline.
 *
 * Nodes are rendered boxes.  The weight V_pq in [0, 1] of a pair is the cost
 * of putting p and q in different clusters, 1 - V_pq the cost of putting
 * them together; a clustering costs the sum over all pairs.  The paper's
 * pair score (sb_cluster_pair_score) comes from the boxes' heights, widths
 * and shared style rules.  Clustering is the randomised pivot algorithm:
 * pick a node at random, put every remaining q with V_pq >= 1/2 in its
 * cluster, repeat on the rest; run several trials and keep the cheapest.
 *
 * The rendering constraint (a subtree belongs to its root's cluster) is
 * enforced for whatever forest the caller passes through `parent`: a node
 * becomes eligible only once its parent is clustered, and takes its
 * unclustered subtree with it.  Taken literally for a whole page the
 * constraint would put everything in the root's cluster, so callers pass an
 * antichain of leaf-level boxes (see hybrid/method_lbnest.c), for which it
 * holds by construction. */
#ifndef SB_CLUSTER_H
#define SB_CLUSTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom/base/geom.h"

#define SB_CLUSTER_MAX_STYLES 8
#define SB_CLUSTER_DEFAULT_TRIALS 10
#define SB_CLUSTER_DEFAULT_SEED 1u

/* One computed style rule: a property id and its value (both opaque
 * integers chosen by the caller, e.g. property 1 = font-size in px). */
typedef struct sb_cluster_style {
    int prop;
    int value;
} sb_cluster_style;

typedef struct sb_cluster_node {
    sb_rect rect;
    int parent;            /* index of the parent node in the set, or -1 */
    int n_styles;
    sb_cluster_style styles[SB_CLUSTER_MAX_STYLES];
} sb_cluster_node;

/* The paper's similarity of B with respect to A, before normalisation:
 *   1.7 - 0.07 * |height difference|
 *   + 5.0 if the widths are equal
 *   + 0.2 for each of A's style rules B has with the same value
 *   - 9.0 for each of A's style rules B has with a different value
 * all divided by ((hA + wA) * (hB + wB))^(1/8) (the paper's three nested
 * square roots; 1 when that is below 1). */
double sb_cluster_pair_score(const sb_cluster_node *a, const sb_cluster_node *b);

/* V_ab: the score clamped to [0, 1] (the paper asks for weights in that
 * range without saying how; clamping keeps V independent of the other
 * boxes on the page).  Symmetric when each node lists a property once. */
double sb_cluster_weight(const sb_cluster_node *a, const sb_cluster_node *b);

/* The objective: sum over pairs i < j of V_ij when label[i] != label[j],
 * of 1 - V_ij otherwise.  V is n x n, row-major. */
double sb_cluster_cost(const float *V, size_t n, const int *label);

/* One pivot trial over the weight matrix, respecting `parent` (may be NULL:
 * no constraint).  Writes cluster labels 0, 1, ... and returns the number
 * of clusters.  *rng is the generator state (never 0). */
size_t sb_cluster_pivot(const float *V, size_t n, const int *parent, uint64_t *rng, int *label);

/* Builds V from the nodes and keeps the cheapest of `trials` pivot runs
 * (<= 0: SB_CLUSTER_DEFAULT_TRIALS) started from `seed` (0: the default),
 * so the result is reproducible.  Returns the number of clusters and the
 * cost through *cost (may be NULL). */
size_t sb_cluster_run(const sb_cluster_node *nodes, size_t n, int trials, uint64_t seed,
                      int *label, double *cost);

#endif
