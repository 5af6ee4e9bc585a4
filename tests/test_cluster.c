/* LBNEST correlation clustering (paper 003, II.B): the pair score, the
 * clustering objective on a hand-built graph, the pivot algorithm and the
 * rendering constraint. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>

#include <cmocka.h>

#include "hybrid/seed/seed_methods.h"
#include "layout/seed/cluster.h"
#include <string.h>

static sb_cluster_node node(int w, int h, int font, int weight)
{
    sb_cluster_node n = {{0, 0, w, h}, -1, 2, {{1, font}, {2, weight}}};
    return n;
}

static void test_pair_score_matches_hand_computation(void **state)
{
    (void)state;
    sb_cluster_node a = node(600, 20, 16, 400), b = node(600, 30, 16, 700);
    /* 1.7 - 10 * 0.07 + 5 (same width) + 0.2 (font-size) - 9 (weight) */
    double x = sqrt(sqrt(sqrt(620.0) * sqrt(630.0)));
    assert_float_equal(sb_cluster_pair_score(&a, &b), -2.8 / x, 1e-9);
    assert_float_equal(sb_cluster_weight(&a, &b), 0.0, 1e-12);

    sb_cluster_node c = node(600, 20, 16, 400);
    x = sqrt(sqrt(sqrt(620.0) * sqrt(620.0)));
    assert_float_equal(sb_cluster_pair_score(&a, &c), (1.7 + 5.0 + 0.4) / x, 1e-9);
    assert_float_equal(sb_cluster_weight(&a, &c), 1.0, 1e-12);

    /* Different widths, same height and style: (1.7 + 0.4) / x. */
    sb_cluster_node d = node(300, 20, 16, 400);
    x = sqrt(sqrt(sqrt(620.0) * sqrt(320.0)));
    assert_float_equal(sb_cluster_weight(&a, &d), 2.1 / x, 1e-9);
}

static void test_cost_of_hand_built_graph(void **state)
{
    (void)state;
    /* V01 .9, V02 .2, V03 .1, V12 .3, V13 0, V23 .6 */
    const float V[16] = {
        1.0f, 0.9f, 0.2f, 0.1f,
        0.9f, 1.0f, 0.3f, 0.0f,
        0.2f, 0.3f, 1.0f, 0.6f,
        0.1f, 0.0f, 0.6f, 1.0f,
    };
    /* {0,1} {2,3}: (1 - .9) + .2 + .1 + .3 + 0 + (1 - .6) = 1.1 */
    const int two[4] = {0, 0, 1, 1};
    assert_float_equal(sb_cluster_cost(V, 4, two), 1.1, 1e-6);
    /* all apart: .9 + .2 + .1 + .3 + 0 + .6 = 2.1 */
    const int apart[4] = {0, 1, 2, 3};
    assert_float_equal(sb_cluster_cost(V, 4, apart), 2.1, 1e-6);
    /* all together: .1 + .8 + .9 + .7 + 1 + .4 = 3.9 */
    const int one[4] = {0, 0, 0, 0};
    assert_float_equal(sb_cluster_cost(V, 4, one), 3.9, 1e-6);

    /* Every pivot order on this graph finds {0,1} {2,3}. */
    for (uint64_t seed = 1; seed < 20; seed++) {
        uint64_t rng = seed;
        int label[4];
        assert_int_equal(sb_cluster_pivot(V, 4, NULL, &rng, label), 2);
        assert_int_equal(label[0], label[1]);
        assert_int_equal(label[2], label[3]);
        assert_int_not_equal(label[0], label[2]);
    }
}

static void test_rendering_constraint_keeps_subtrees_together(void **state)
{
    (void)state;
    /* Node 2 is a child of node 0 but similar only to node 1; node 1 is
     * dissimilar to node 0.  The constraint must still put 2 with 0. */
    const float V[9] = {
        1.0f, 0.0f, 0.0f,
        0.0f, 1.0f, 0.9f,
        0.0f, 0.9f, 1.0f,
    };
    const int parent[3] = {-1, -1, 0};
    for (uint64_t seed = 1; seed < 20; seed++) {
        uint64_t rng = seed;
        int label[3];
        assert_int_equal(sb_cluster_pivot(V, 3, parent, &rng, label), 2);
        assert_int_equal(label[2], label[0]);
        assert_int_not_equal(label[1], label[0]);
    }
}

static void test_run_groups_a_column_and_is_reproducible(void **state)
{
    (void)state;
    /* Four story paragraphs in one 600 px column, three 180 px menu items
     * in bold 14 px: two clusters. */
    sb_cluster_node nodes[7] = {
        node(600, 80, 16, 400), node(600, 80, 16, 400), node(600, 60, 16, 400),
        node(600, 80, 16, 400), node(180, 20, 14, 700), node(180, 20, 14, 700),
        node(180, 20, 14, 700),
    };
    int label[7], again[7];
    double cost, cost2;
    size_t k = sb_cluster_run(nodes, 7, 0, 0, label, &cost);
    assert_int_equal(k, 2);
    for (int i = 1; i < 4; i++)
        assert_int_equal(label[i], label[0]);
    for (int i = 5; i < 7; i++)
        assert_int_equal(label[i], label[4]);
    assert_int_not_equal(label[0], label[4]);
    /* Inside the column and inside the menu every V is 1, across the two
     * every V is 0: the partition costs nothing. */
    assert_float_equal(cost, 0.0, 1e-6);

    size_t k2 = sb_cluster_run(nodes, 7, 0, 0, again, &cost2);
    assert_int_equal(k2, k);
    assert_memory_equal(label, again, sizeof label);
    assert_float_equal(cost2, cost, 1e-12);

    /* No nodes: no clusters, no cost. */
    assert_int_equal(sb_cluster_run(nodes, 0, 3, 7, label, &cost), 0);
    assert_float_equal(cost, 0.0, 1e-12);
}

/* The method end to end: a 600 px story column of paragraphs and a 200 px
 * menu of bold links.  Paragraphs pair with paragraphs (same width and
 * style), menu items with menu items, never across; the story cluster is
 * the one with the most text outside links. */
static void test_method_takes_the_story_column(void **state)
{
    (void)state;
    const char *html =
        "<html><head><style>"
        "body{margin:0;width:1000px} #side{width:200px} #story{width:600px}"
        "p{font-size:16px;margin:0 0 10px 0} li{font-size:13px;font-weight:bold}"
        "</style></head><body>"
        "<div id=\"side\"><ul><li><a href=\"/a\">Alpha section</a></li>"
        "<li><a href=\"/b\">Beta section</a></li><li><a href=\"/c\">Gamma section</a></li>"
        "</ul></div>"
        "<div id=\"story\"><p>The council approved the new harbour plan on Monday after a long "
        "debate about costs, jobs and the future of the old fishing quarter.</p>"
        "<p>Work on the first pier starts next spring.</p>"
        "<p>Opponents said they would keep campaigning against the plan, which they call "
        "too expensive for a town of this size.</p></div>"
        "</body></html>";
    sb_options opt;
    sb_options_init(&opt);
    char err[256];
    sb_page *page = sb_page_open(html, strlen(html), &opt, err, sizeof err);
    assert_non_null(page);
    if (!sb_page_render(page)) {
        sb_page_free(page);
        skip(); /* no layout in this environment (fonts missing) */
    }
    sb_story story;
    memset(&story, 0, sizeof story);
    assert_int_equal(sb_method_lbnest_cluster(page, &story), 0);
    assert_string_equal(story.method, "lbnest-cluster");
    assert_string_equal(story.text,
                        "The council approved the new harbour plan on Monday after a long "
                        "debate about costs, jobs and the future of the old fishing quarter.\n\n"
                        "Work on the first pier starts next spring.\n\n"
                        "Opponents said they would keep campaigning against the plan, which "
                        "they call too expensive for a town of this size.");
    assert_true(story.has_region);
    assert_int_equal(story.region.w, 600);
    free(story.text);
    free(story.method);
    free(story.error);
    sb_page_free(page);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pair_score_matches_hand_computation),
        cmocka_unit_test(test_cost_of_hand_built_graph),
        cmocka_unit_test(test_rendering_constraint_keeps_subtrees_together),
        cmocka_unit_test(test_run_groups_a_column_and_is_reproducible),
        cmocka_unit_test(test_method_takes_the_story_column),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
