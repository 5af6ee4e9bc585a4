/* N-EXT (paper 000, ch. 4): block weights trade size against similarity to
 * the title; the harmonic-mean threshold drops unrelated sentences of the
 * news block and adds related ones from other blocks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/doc/doc.h"
#include "dom/seed/next.h"
#include "dom/text/similarity.h"

static void test_pick_block_formula(void **state)
{
    (void)state;
    /* Block 0: 30 words, sim 0.5; block 1: 45 words, sim 0.05.
     * b = 0.6: w0 = 0.6 * 30/45 + 0.4 * 1 = 0.8, w1 = 0.6 + 0.4 * 0.1 = 0.64.
     * b = 1: size alone. b = 0: similarity alone. */
    const double size[2] = {30, 45}, sim[2] = {0.5, 0.05};
    assert_int_equal(sb_next_pick_block(size, sim, 2, 0.6), 0);
    assert_int_equal(sb_next_pick_block(size, sim, 2, 1.0), 1);
    assert_int_equal(sb_next_pick_block(size, sim, 2, 0.0), 0);
    /* b = 0.9: w0 = 0.6 + 0.1 = 0.7, w1 = 0.9 + 0.01 = 0.91. */
    assert_int_equal(sb_next_pick_block(size, sim, 2, 0.9), 1);
    assert_int_equal(sb_next_pick_block(size, sim, 0, 0.6), -1);
    /* No similarity anywhere: size decides even at b = 0.6. */
    const double none[2] = {0, 0};
    assert_int_equal(sb_next_pick_block(size, none, 2, 0.6), 1);
}

static void test_harmonic_mean(void **state)
{
    (void)state;
    const double x[4] = {0.5, 0.25, 0.0, 1.0};
    /* 3 / (2 + 4 + 1) over the positive values */
    assert_float_equal(sb_next_harmonic_mean(x, 4), 3.0 / 7.0, 1e-12);
    assert_float_equal(sb_next_harmonic_mean(x + 2, 1), 0.0, 1e-12);
}

static const char *page =
    "<html><head><title>Harbour plan approved by council</title></head><body>"
    "<div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/news\">News</a></div>"
    "<div id=\"story\">"
    "<p>The council approved the harbour plan on Monday.</p>"
    "<p>The harbour plan adds new piers to the harbour. "
    "Subscribe today for weekend offers.</p>"
    "</div>"
    "<div id=\"teaser\">Harbour plan: the council approved it.</div>"
    "<div id=\"sport\"><p>Football results from the weekend league surprised many fans. "
    "The striker scored three goals in the second half. "
    "Fans celebrated in the streets until late at night.</p></div>"
    "</body></html>";

static void test_weight_prefers_title_block_at_0_6_and_size_at_1(void **state)
{
    (void)state;
    sb_doc *doc = sb_doc_parse(page, strlen(page));
    sb_textctx *ctx = sb_textctx_new("en");
    const char *title = "Harbour plan approved by council";

    sb_next_opts o = {0.6, SB_NEXT_DICE, false};
    sb_next_result r;
    sb_next_extract(doc, ctx, title, &o, &r);
    assert_int_equal(r.block, sb_doc_find_id(doc, "story"));
    assert_int_equal(r.n_blocks, 3); /* nav has only link text */
    /* The subscription line is dropped; the teaser, related to the story,
     * is added from its own block. */
    assert_string_equal(r.text, "The council approved the harbour plan on Monday.\n\n"
                                "The harbour plan adds new piers to the harbour.\n\n"
                                "Harbour plan: the council approved it.");
    assert_int_equal(r.kept, 2);
    assert_int_equal(r.dropped, 1);
    assert_int_equal(r.added, 1);
    assert_true(r.threshold > 0);
    sb_next_result_free(&r);

    o.b = 1.0;
    sb_next_extract(doc, ctx, title, &o, &r);
    assert_int_equal(r.block, sb_doc_find_id(doc, "sport"));
    sb_next_result_free(&r);

    sb_textctx_free(ctx);
    sb_doc_free(doc);
}

static void test_own_text_blocks(void **state)
{
    (void)state;
    /* The story container holds an ad <div>, so it is not a leaf block. */
    const char *html =
        "<html><head><title>Harbour plan approved by council</title></head><body>"
        "<div id=\"story\"><p>The council approved the harbour plan on Monday.</p>"
        "<div id=\"ad\">Buy now</div>"
        "<p>The harbour plan adds new piers to the harbour.</p></div>"
        "<div id=\"side\">Weather today sunny.</div>"
        "</body></html>";
    sb_doc *doc = sb_doc_parse(html, strlen(html));
    sb_textctx *ctx = sb_textctx_new("en");
    const char *title = "Harbour plan approved by council";
    sb_next_opts o = {0.6, SB_NEXT_DICE, false};
    sb_next_result r;
    sb_next_extract(doc, ctx, title, &o, &r);
    assert_int_equal(r.n_blocks, 2); /* ad and side */
    assert_int_not_equal(r.block, sb_doc_find_id(doc, "story"));
    sb_next_result_free(&r);

    o.own_text_blocks = true;
    sb_next_extract(doc, ctx, title, &o, &r);
    assert_int_equal(r.n_blocks, 3); /* story (its own text), ad, side */
    assert_int_equal(r.block, sb_doc_find_id(doc, "story"));
    /* Two sentences: Dice to the block 0.815 and 0.879, harmonic mean
     * 0.846, so the first falls below it. */
    assert_string_equal(r.text, "The harbour plan adds new piers to the harbour.");
    assert_int_equal(r.dropped, 1);
    sb_next_result_free(&r);
    sb_textctx_free(ctx);
    sb_doc_free(doc);
}

static void test_no_blocks(void **state)
{
    (void)state;
    const char *html = "<p>No div or table here.</p>";
    sb_doc *doc = sb_doc_parse(html, strlen(html));
    sb_textctx *ctx = sb_textctx_new("en");
    sb_next_result r;
    sb_next_extract(doc, ctx, "anything", NULL, &r);
    assert_int_equal(r.block, -1);
    assert_string_equal(r.text, "");
    sb_next_result_free(&r);
    sb_textctx_free(ctx);
    sb_doc_free(doc);
}

static void test_measure_names(void **state)
{
    (void)state;
    sb_next_measure m = SB_NEXT_DICE;
    assert_true(sb_next_measure_parse("jaccard", &m));
    assert_int_equal(m, SB_NEXT_JACCARD);
    assert_true(sb_next_measure_parse("overlap", &m));
    assert_int_equal(m, SB_NEXT_OVERLAP);
    assert_true(sb_next_measure_parse("cosine", &m));
    assert_int_equal(m, SB_NEXT_COSINE);
    assert_false(sb_next_measure_parse("euclid", &m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pick_block_formula),
        cmocka_unit_test(test_harmonic_mean),
        cmocka_unit_test(test_weight_prefers_title_block_at_0_6_and_size_at_1),
        cmocka_unit_test(test_own_text_blocks),
        cmocka_unit_test(test_no_blocks),
        cmocka_unit_test(test_measure_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
