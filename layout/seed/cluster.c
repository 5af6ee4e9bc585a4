#include "layout/seed/cluster.h"

#include <math.h>
#include <stdlib.h>

#include "dom/base/strbuf.h"

double sb_cluster_pair_score(const sb_cluster_node *a, const sb_cluster_node *b)
{
    double cost = 0;
    /* The paper starts at 1.7 and deducts 0.07 once per pixel of height
     * difference; the closed form avoids a loop as long as the page. */
    double dh = fabs((double)a->rect.h - (double)b->rect.h);
    cost += 1.7 - 0.07 * dh;
    if (a->rect.w == b->rect.w)
        cost += 5.0;
    for (int i = 0; i < a->n_styles; i++) {
        for (int j = 0; j < b->n_styles; j++) {
            if (a->styles[i].prop != b->styles[j].prop)
                continue;
            cost += a->styles[i].value == b->styles[j].value ? 0.2 : -9.0;
        }
    }
    double sa = (double)a->rect.h + a->rect.w, sbz = (double)b->rect.h + b->rect.w;
    double x = (sa > 0 && sbz > 0) ? sqrt(sqrt(sqrt(sa) * sqrt(sbz))) : 1.0;
    if (x < 1.0)
        x = 1.0;
    return cost / x;
}

double sb_cluster_weight(const sb_cluster_node *a, const sb_cluster_node *b)
{
    double s = sb_cluster_pair_score(a, b);
    return s < 0 ? 0 : s > 1 ? 1 : s;
}

double sb_cluster_cost(const float *V, size_t n, const int *label)
{
    double cost = 0;
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            double v = V[i * n + j];
            cost += label[i] == label[j] ? 1.0 - v : v;
        }
    return cost;
}

/* xorshift64*: small, fast and reproducible across platforms. */
static uint64_t next_random(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Children lists of the forest, as index ranges into one array. */
typedef struct {
    size_t *first; /* n + 1 offsets */
    size_t *kids;
} forest;

static void forest_build(forest *f, const int *parent, size_t n)
{
    f->first = sb_xcalloc(n + 1, sizeof *f->first);
    f->kids = sb_xmalloc((n ? n : 1) * sizeof *f->kids);
    if (!parent)
        return;
    for (size_t i = 0; i < n; i++)
        if (parent[i] >= 0 && (size_t)parent[i] < n)
            f->first[parent[i] + 1]++;
    for (size_t i = 0; i < n; i++)
        f->first[i + 1] += f->first[i];
    size_t *fill = sb_xmalloc((n ? n : 1) * sizeof *fill);
    for (size_t i = 0; i < n; i++)
        fill[i] = f->first[i];
    for (size_t i = 0; i < n; i++)
        if (parent[i] >= 0 && (size_t)parent[i] < n)
            f->kids[fill[parent[i]]++] = i;
    free(fill);
}

static void forest_free(forest *f)
{
    free(f->first);
    free(f->kids);
}

/* Puts node i and every unclustered node below it into cluster c. */
static void take_subtree(const forest *f, size_t i, int c, int *label, size_t *stack)
{
    size_t top = 0;
    stack[top++] = i;
    while (top) {
        size_t k = stack[--top];
        if (label[k] >= 0)
            continue;
        label[k] = c;
        for (size_t e = f->first[k]; e < f->first[k + 1]; e++)
            stack[top++] = f->kids[e];
    }
}

/* Eligible: unclustered, and its parent (if any) already clustered. */
static bool eligible(const int *parent, const int *label, size_t n, size_t i)
{
    if (label[i] >= 0)
        return false;
    if (!parent || parent[i] < 0 || (size_t)parent[i] >= n)
        return true;
    return label[parent[i]] >= 0;
}

static size_t pivot_with(const float *V, size_t n, const int *parent, const forest *f,
                         uint64_t *rng, int *label, size_t *cand, size_t *stack)
{
    for (size_t i = 0; i < n; i++)
        label[i] = -1;
    int clusters = 0;
    for (;;) {
        size_t nc = 0;
        for (size_t i = 0; i < n; i++)
            if (eligible(parent, label, n, i))
                cand[nc++] = i;
        if (!nc)
            break;
        size_t p = cand[next_random(rng) % nc];
        int c = clusters++;
        take_subtree(f, p, c, label, stack);
        for (size_t k = 0; k < nc; k++) {
            size_t q = cand[k];
            if (label[q] < 0 && V[p * n + q] >= 0.5f)
                take_subtree(f, q, c, label, stack);
        }
    }
    return (size_t)clusters;
}

size_t sb_cluster_pivot(const float *V, size_t n, const int *parent, uint64_t *rng, int *label)
{
    forest f;
    forest_build(&f, parent, n);
    size_t *cand = sb_xmalloc((n ? n : 1) * sizeof *cand);
    size_t *stack = sb_xmalloc((n ? n : 1) * sizeof *stack);
    size_t k = pivot_with(V, n, parent, &f, rng, label, cand, stack);
    free(cand);
    free(stack);
    forest_free(&f);
    return k;
}

size_t sb_cluster_run(const sb_cluster_node *nodes, size_t n, int trials, uint64_t seed,
                      int *label, double *cost)
{
    if (trials <= 0)
        trials = SB_CLUSTER_DEFAULT_TRIALS;
    uint64_t rng = seed ? seed : SB_CLUSTER_DEFAULT_SEED;
    float *V = sb_xmalloc((n ? n * n : 1) * sizeof *V);
    for (size_t i = 0; i < n; i++) {
        V[i * n + i] = 1.0f;
        for (size_t j = i + 1; j < n; j++)
            V[i * n + j] = V[j * n + i] = (float)sb_cluster_weight(&nodes[i], &nodes[j]);
    }
    int *parent = sb_xmalloc((n ? n : 1) * sizeof *parent);
    for (size_t i = 0; i < n; i++)
        parent[i] = nodes[i].parent;
    forest f;
    forest_build(&f, parent, n);
    size_t *cand = sb_xmalloc((n ? n : 1) * sizeof *cand);
    size_t *stack = sb_xmalloc((n ? n : 1) * sizeof *stack);
    int *trial = sb_xmalloc((n ? n : 1) * sizeof *trial);

    double best = INFINITY;
    size_t best_k = 0;
    for (int t = 0; t < trials; t++) {
        size_t k = pivot_with(V, n, parent, &f, &rng, trial, cand, stack);
        double c = sb_cluster_cost(V, n, trial);
        if (c < best) {
            best = c;
            best_k = k;
            for (size_t i = 0; i < n; i++)
                label[i] = trial[i];
        }
    }
    if (cost)
        *cost = n ? best : 0;
    free(trial);
    free(stack);
    free(cand);
    forest_free(&f);
    free(parent);
    free(V);
    return best_k;
}
