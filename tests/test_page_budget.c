/* The page's budgets (hybrid/page).  Time: one wall-clock budget counted
 * from sb_page_open, before decoding, so that the render gets only what
 * decoding and parsing left of it; a page whose budget is gone before the
 * render is not rendered and goes to the DOM step (hybrid-fallback), with
 * the reason.  No timing is asserted: the page's clock is moved back by
 * hand.  Memory: only as much of a large page is decoded as the markup cap
 * can parse, and the page keeps no decoded copy beside the document's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "hybrid/methods/methods.h"
#include "hybrid/page/page.h"
#include "tests/support/samples.h"

static sb_page *open_sample(const sb_options *opt)
{
    size_t len;
    char *html = read_sample("news", "one_column.html", &len);
    char err[256] = "";
    sb_page *p = sb_page_open(html, len, opt, err, sizeof err);
    free(html);
    assert_non_null(p);
    assert_string_equal(err, "");
    return p;
}

/* The clock starts when the page is opened: a page opened now has its
 * start between the two readings around sb_page_open. */
static void test_clock_starts_at_open(void **state)
{
    (void)state;
    double before = sb_clock_ms();
    sb_page *p = open_sample(NULL);
    assert_true(p->opened_ms >= before);
    assert_true(p->opened_ms <= sb_clock_ms());
    /* and with most of the budget left, the page renders */
    assert_non_null(sb_page_render(p));
    assert_string_equal(p->render_error, "");
    sb_page_free(p);
}

/* Decoding and parsing that used the whole budget (the default 10 s, or
 * the caller's) leave nothing for the render: no render, the reason. */
static void test_budget_spent_before_render(void **state)
{
    (void)state;
    sb_page *p = open_sample(NULL);
    p->opened_ms -= 20000;
    assert_null(sb_page_render(p));
    assert_non_null(
        strstr(p->render_error, "page: time budget of 10000 ms spent before the render ("));
    /* the result is kept: a second call does not try again */
    assert_null(sb_page_render(p));
    sb_page_free(p);

    sb_options opt = {0};
    opt.time_budget_ms = 3000;
    p = open_sample(&opt);
    p->opened_ms -= 3000;
    assert_null(sb_page_render(p));
    assert_non_null(
        strstr(p->render_error, "page: time budget of 3000 ms spent before the render ("));
    sb_page_free(p);
}

/* The hybrid method then extracts the story from the DOM alone. */
static void test_hybrid_falls_back(void **state)
{
    (void)state;
    sb_page *p = open_sample(NULL);
    p->opened_ms -= 20000;
    sb_story story;
    memset(&story, 0, sizeof story);
    assert_int_equal(sb_method_hybrid(p, &story), 0);
    assert_string_equal(story.method, "hybrid-fallback");
    assert_false(story.has_region);
    assert_non_null(strstr(story.text, "Northfield Central Library will stay open until 9pm"));
    /* exactly the DOM step's story over the whole page */
    sb_page *q = open_sample(NULL);
    sb_story dom;
    memset(&dom, 0, sizeof dom);
    assert_int_equal(sb_method_dom(q, &dom), 0);
    assert_string_equal(story.text, dom.text);
    sb_story_clear(&dom);
    sb_page_free(q);
    sb_story_clear(&story);
    sb_page_free(p);
}

/* A page as parsed is the document's copy: for a page within the caps,
 * the bytes as they came. */
static void test_page_html_is_the_documents(void **state)
{
    (void)state;
    size_t len;
    char *html = read_sample("news", "one_column.html", &len);
    sb_page *p = open_sample(NULL);
    assert_ptr_equal(p->html, p->doc->html);
    assert_int_equal(p->len, len);
    assert_memory_equal(p->html, html, len);
    free(html);
    sb_page_free(p);
}

/* 40 MB of words: the first 32 MB and 64 KB are decoded, of which the
 * markup cap parses 16 MB; --explain says both. */
static void test_large_page_decoded_in_part(void **state)
{
    (void)state;
    size_t len = (size_t)40 << 20;
    char *html = malloc(len);
    assert_non_null(html);
    memcpy(html, "<html><body><p>", 15);
    for (size_t i = 15; i < len; i++)
        html[i] = i % 5 == 4 ? ' ' : 'w';
    char *said = NULL;
    size_t said_len = 0;
    FILE *explain = open_memstream(&said, &said_len);
    assert_non_null(explain);
    sb_options opt = {0};
    opt.explain = explain;
    char err[256] = "";
    sb_page *p = sb_page_open(html, len, &opt, err, sizeof err);
    fclose(explain);
    free(html);
    assert_non_null(p);
    assert_ptr_equal(p->html, p->doc->html);
    assert_int_equal(p->len, SB_MAX_MARKUP_BYTES);
    assert_string_equal(said, "page: only the first 33619968 of 41943040 bytes decoded\n"
                              "DOM cap: more than 16777216 bytes of HTML: only the first "
                              "16777216 of 33619968 bytes are parsed\n");
    free(said);
    sb_page_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_page_html_is_the_documents),
        cmocka_unit_test(test_large_page_decoded_in_part),
        cmocka_unit_test(test_clock_starts_at_open),
        cmocka_unit_test(test_budget_spent_before_render),
        cmocka_unit_test(test_hybrid_falls_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
