/* dom/doc/depth_limit: over-deep start tags and their end tags removed,
 * their content kept one level up; SB_MAX_MARKUP_DEPTH through the
 * parser. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "dom/doc/depth_limit.h"
#include "dom/doc/doc.h"

static void test_exact(void **state)
{
    (void)state;
    const char *html = "<div><section><p>a<div><b>deep</b></div></section></div><div>x</div>";
    size_t n = 0;
    /* <p> is never counted (the parser closes it); the inner <div> and <b>
     * would open past depth 2: their tags go, "deep" stays */
    char *got = sb_limit_markup_depth(html, strlen(html), 2, &n);
    assert_non_null(got);
    assert_string_equal(got, "<div><section><p>adeep</section></div><div>x</div>");
    assert_int_equal(n, strlen(got));
    free(got);
    /* deep enough already: nothing copied */
    assert_null(sb_limit_markup_depth(html, strlen(html), 4, &n));
}

/* 1,000 nested <div>s: the parsed tree holds SB_MAX_MARKUP_DEPTH of them
 * on the path to the text, and the text. */
static void test_parsed_depth(void **state)
{
    (void)state;
    sb_buf b = SB_BUF_INIT;
    for (int i = 0; i < 1000; i++)
        sb_buf_puts(&b, "<div>");
    sb_buf_puts(&b, "deep");
    for (int i = 0; i < 1000; i++)
        sb_buf_puts(&b, "</div>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    assert_non_null(d);
    const GumboNode *n = sb_doc_body(d);
    int divs = 0;
    while (n && n->type == GUMBO_NODE_ELEMENT && n->v.element.children.length == 1) {
        n = n->v.element.children.data[0];
        if (n->type == GUMBO_NODE_ELEMENT && sb_tag(n) == GUMBO_TAG_DIV)
            divs++;
    }
    assert_int_equal(divs, SB_MAX_MARKUP_DEPTH);
    assert_int_equal(SB_MAX_MARKUP_DEPTH, 128);
    assert_non_null(n);
    assert_int_equal(n->type, GUMBO_NODE_TEXT);
    assert_string_equal(n->v.text.text, "deep");
    sb_doc_free(d);
    sb_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact),
        cmocka_unit_test(test_parsed_depth),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
