/* LBNEST DOM approach (paper 003, II.C and III): <p> text, sentences kept
 * when Simon White similarity to the headline is > 0.20 or both neighbours
 * are related, and the image whose nearest text below is part of the
 * story. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/doc/doc.h"
#include "dom/seed/lbnest.h"
#include "dom/text/similarity.h"

static void test_neighbour_rescue(void **state)
{
    (void)state;
    const bool related[7] = {true, false, true, false, false, true, false};
    bool keep[7];
    /* 1: both neighbours related; 3, 4: one unrelated neighbour; 6: the
     * last sentence, its only neighbour related. */
    assert_int_equal(sb_lbnest_rescue(related, 7, keep), 2);
    const bool want[7] = {true, true, true, false, false, true, true};
    assert_memory_equal(keep, want, sizeof want);

    const bool alone[1] = {false};
    assert_int_equal(sb_lbnest_rescue(alone, 1, keep), 0);
    assert_false(keep[0]);
}

static const char *page =
    "<html><head><title>x</title></head><body>"
    "<div class=\"logo\"><img src=\"/logo.png\"> Menu</div>"
    "<h1>Harbour plan approved by council</h1>"
    "<figure><img src=\"/img/pier.jpg\" alt=\"The pier\">"
    "<figcaption>The new harbour pier, as planned by the council</figcaption></figure>"
    "<p>The council approved the harbour plan on Monday. Residents cheered. "
    "Work on the harbour starts in spring.</p>"
    "<p>Subscribe for weekend offers. Sports news follows.</p>"
    "</body></html>";

static void test_story_sentences_and_image(void **state)
{
    (void)state;
    sb_doc *doc = sb_doc_parse(page, strlen(page));
    sb_textctx *ctx = sb_textctx_new("en");
    sb_lbnest_result r;
    sb_lbnest_extract(doc, ctx, "Harbour plan approved by council", "https://example.com/news/1",
                      SB_LBNEST_THRESHOLD, &r);
    assert_string_equal(r.text, "The council approved the harbour plan on Monday. "
                                "Residents cheered. Work on the harbour starts in spring.");
    assert_int_equal(r.n_sentences, 5);
    assert_int_equal(r.related, 2);
    assert_int_equal(r.rescued, 1);
    /* The logo's nearest text ("Menu") is not story text: skipped. */
    assert_non_null(r.image_url);
    assert_string_equal(r.image_url, "https://example.com/img/pier.jpg");
    assert_string_equal(r.image_alt, "The pier");
    assert_string_equal(r.image_caption, "The new harbour pier, as planned by the council");
    sb_lbnest_result_free(&r);

    /* A higher bar: only the first sentence is related, and the second is
     * no longer between two related ones. */
    sb_lbnest_extract(doc, ctx, "Harbour plan approved by council", NULL, 0.5, &r);
    assert_string_equal(r.text, "The council approved the harbour plan on Monday.");
    assert_string_equal(r.image_url, "/img/pier.jpg");
    sb_lbnest_result_free(&r);
    sb_textctx_free(ctx);
    sb_doc_free(doc);
}

static void test_empty_page(void **state)
{
    (void)state;
    sb_doc *doc = sb_doc_parse("", 0);
    sb_textctx *ctx = sb_textctx_new(NULL);
    sb_lbnest_result r;
    sb_lbnest_extract(doc, ctx, NULL, NULL, SB_LBNEST_THRESHOLD, &r);
    assert_string_equal(r.text, "");
    assert_null(r.image_url);
    assert_int_equal(r.image_elem, -1);
    sb_lbnest_result_free(&r);
    sb_textctx_free(ctx);
    sb_doc_free(doc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_neighbour_rescue),
        cmocka_unit_test(test_story_sentences_and_image),
        cmocka_unit_test(test_empty_page),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
