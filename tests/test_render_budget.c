/* The renderer's size caps (render.cpp): a page whose words, spaces and
 * elements, or elements times CSS selectors, would cost litehtml more than
 * the per-page budget is refused before litehtml parses it, with the
 * counts in the error, and a page under the caps is laid out.  The pages
 * are built here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "render/render.h"

/* <p> holding `words` copies of WORD followed by SEP. */
static sb_doc *page_of(const char *word, const char *sep, size_t words)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<html><head></head><body><p>");
    for (size_t i = 0; i < words; i++) {
        sb_buf_puts(&b, word);
        sb_buf_puts(&b, sep);
    }
    sb_buf_puts(&b, "</p></body></html>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    return d;
}

static void expect_refused(sb_doc *d, const char *want)
{
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_null(r);
    assert_string_equal(err, want);
    sb_doc_free(d);
}

static void test_short_words_refused(void **state)
{
    (void)state;
    /* 500,000 words of prose reach litehtml in groups of 3 (prep.h):
     * 166,667 groups and as many spaces; html, head, body, p. */
    expect_refused(page_of("ab", " ", 500000),
                   "render: page too large for layout (333334 words and spaces + 5 x 4 "
                   "elements > 330000)");
}

static void test_preserved_white_space_counts(void **state)
{
    (void)state;
    /* Tabs in <pre> are kept one by one: each is an element for litehtml,
     * and the count is made on the prepared tree litehtml gets (no
     * newline after <pre> for a parser to drop, as the serialised text
     * has). */
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<pre>");
    for (int i = 0; i < 340000; i++)
        sb_buf_putc(&b, '\t');
    sb_buf_puts(&b, "</pre>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    expect_refused(d, "render: page too large for layout (340000 words and spaces + 5 x 4 "
                      "elements > 330000)");
}

static void test_cjk_counts_per_character(void **state)
{
    (void)state;
    /* U+4E00: one element per ideograph, no spaces needed. */
    expect_refused(page_of("\xe4\xb8\x80\xe4\xb8\x80", "", 170000),
                   "render: page too large for layout (340000 words and spaces + 5 x 4 "
                   "elements > 330000)");
}

static void test_elements_weigh_more(void **state)
{
    (void)state;
    /* 70,000 empty spans: 350,000 with the weight of an element. */
    expect_refused(page_of("<span></span>", "", 70000),
                   "render: page too large for layout (0 words and spaces + 5 x 70004 "
                   "elements > 330000)");
}

static void test_selectors_times_elements(void **state)
{
    (void)state;
    /* litehtml tests every selector on every element: 2,004 elements (html,
     * head, style, body, the paragraphs) under 2,500 live selectors are
     * more tests than the cap allows. */
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<html><head><style>");
    for (int i = 1; i <= 2500; i++)
        sb_buf_printf(&b, "p:nth-child(%d) { margin: 1px }\n", i);
    sb_buf_puts(&b, "</style></head><body>");
    for (int i = 0; i < 2000; i++)
        sb_buf_puts(&b, "<p>w</p>");
    sb_buf_puts(&b, "</body></html>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    expect_refused(d, "render: too much CSS for layout (2004 elements x 2500 selectors > "
                      "5000000)");
}

static void test_under_the_cap_is_laid_out(void **state)
{
    (void)state;
    /* Tags and attribute values do not count: 1,000 words, 2,000 runs. */
    sb_doc *d = page_of("<a title=\"x > y z\">word</a>", " ", 1000);
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    assert_string_equal(err, "");
    size_t words = 0;
    for (size_t i = 0; i < r->n_nodes; i++)
        words += r->nodes[i].is_text;
    assert_int_equal(words, 1000);
    sb_render_free(r);
    sb_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_words_refused),
        cmocka_unit_test(test_preserved_white_space_counts),
        cmocka_unit_test(test_cjk_counts_per_character),
        cmocka_unit_test(test_elements_weigh_more),
        cmocka_unit_test(test_selectors_times_elements),
        cmocka_unit_test(test_under_the_cap_is_laid_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
