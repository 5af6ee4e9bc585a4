/* TitleFinder (paper 001, ch. 5): the headline is the text node most
 * similar to <title>, not the site name that <title> also carries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/doc/doc.h"
#include "dom/text/similarity.h"
#include "dom/seed/titlefinder.h"

static const char *page =
    "<html><head><title>Storm floods valley towns | The Daily Courier</title></head><body>"
    "<div class=\"masthead\">The Daily Courier</div>"
    "<ul><li><a href=\"/\">Home</a></li><li><a href=\"/weather\">Weather</a></li></ul>"
    "<h1 id=\"head\">Storm floods valley towns</h1>"
    "<p>Heavy rain overnight flooded three towns in the valley, and the river rose to a "
    "record level.</p>"
    "<p>Residents were moved to the school gym.</p>"
    "<footer>The Daily Courier, all rights reserved</footer>"
    "</body></html>";

static void test_headline_beats_site_name(void **state)
{
    (void)state;
    sb_doc *doc = sb_doc_parse(page, strlen(page));
    sb_textctx *ctx = sb_textctx_new("en");
    const sb_tf_measure measures[] = {SB_TF_TF, SB_TF_TFIDF, SB_TF_OSM, SB_TF_SUM};
    for (size_t i = 0; i < 4; i++) {
        sb_titlefinder_result r;
        sb_titlefinder(doc, ctx, measures[i], NULL, &r);
        assert_non_null(r.headline);
        assert_string_equal(r.headline, "Storm floods valley towns");
        assert_int_equal(r.elem, sb_doc_find_id(doc, "head"));
        assert_true(r.score > 0);
        assert_int_equal(r.n_candidates, 7);
        sb_titlefinder_result_free(&r);
    }
    /* The same query given explicitly. */
    sb_titlefinder_result r;
    sb_titlefinder(doc, ctx, SB_TF_TF, "Storm floods valley towns | The Daily Courier", &r);
    assert_string_equal(r.headline, "Storm floods valley towns");
    sb_titlefinder_result_free(&r);
    /* A query sharing no word with the page finds nothing. */
    sb_titlefinder(doc, ctx, SB_TF_TF, "Quantum chromodynamics", &r);
    assert_null(r.headline);
    assert_int_equal(r.elem, -1);
    sb_titlefinder_result_free(&r);
    sb_textctx_free(ctx);
    sb_doc_free(doc);
}

static void test_no_title_no_headline(void **state)
{
    (void)state;
    const char *html = "<html><body><h1>Something</h1></body></html>";
    sb_doc *doc = sb_doc_parse(html, strlen(html));
    sb_textctx *ctx = sb_textctx_new("en");
    sb_titlefinder_result r;
    sb_titlefinder(doc, ctx, SB_TF_SUM, NULL, &r);
    assert_null(r.headline);
    sb_titlefinder_result_free(&r);
    sb_textctx_free(ctx);
    sb_doc_free(doc);
}

static void test_measure_names(void **state)
{
    (void)state;
    sb_tf_measure m = SB_TF_TF;
    assert_true(sb_tf_measure_parse("tfidf", &m));
    assert_int_equal(m, SB_TF_TFIDF);
    assert_true(sb_tf_measure_parse("osm", &m));
    assert_int_equal(m, SB_TF_OSM);
    assert_true(sb_tf_measure_parse("sum", &m));
    assert_int_equal(m, SB_TF_SUM);
    assert_false(sb_tf_measure_parse("bm25", &m));
    assert_int_equal(m, SB_TF_SUM);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_headline_beats_site_name),
        cmocka_unit_test(test_no_title_no_headline),
        cmocka_unit_test(test_measure_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
