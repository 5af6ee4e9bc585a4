/* Prose inside <noscript> is what a reader without JavaScript sees: it
 * becomes a <div>; short fallbacks and anything in <head> stay noscript. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "dom/doc/doc.h"
#include "dom/doc/noscript.h"

static void test_prose_noscript_becomes_div(void **state)
{
    (void)state;
    const char *html =
        "<html><head><noscript id=\"h\"><p>Head fallback text that is long enough to count as "
        "prose if it were in the body of the page, which it is not, so it stays as it is "
        "whatever its length and whatever paragraphs it holds inside.</p></noscript></head>"
        "<body><script type=\"text/template\"><p>Templated</p></script>"
        "<noscript id=\"post\"><p>Over the past few years threats on the web have become "
        "more sophisticated. Phishing sites rotate domains quickly, and malware campaigns "
        "target people at risk.</p><p>That is why a new protection mode is available "
        "today.</p></div>"
        "<noscript id=\"js\"><p>Please enable JavaScript.</p></noscript>"
        "<noscript id=\"img\"><img src=\"/a.jpg\" alt=\"A long alternative text that is not a "
        "paragraph of the story at all, only a description of a picture.\"></noscript>"
        "</body></html>";
    sb_doc *d = sb_doc_parse(html, strlen(html));
    assert_non_null(d);
    assert_int_equal(sb_noscript_unwrap(d), 1);
    assert_int_equal(sb_tag(d->elems[sb_doc_find_id(d, "post")]), GUMBO_TAG_DIV);
    assert_int_equal(sb_tag(d->elems[sb_doc_find_id(d, "js")]), GUMBO_TAG_NOSCRIPT);
    assert_int_equal(sb_tag(d->elems[sb_doc_find_id(d, "img")]), GUMBO_TAG_NOSCRIPT);
    assert_int_equal(sb_tag(d->elems[sb_doc_find_id(d, "h")]), GUMBO_TAG_NOSCRIPT);
    /* The story text is now text of the page. */
    sb_buf text = SB_BUF_INIT;
    sb_node_text(sb_doc_body(d), &text, false);
    assert_non_null(strstr(text.data, "That is why a new protection mode is available today."));
    assert_null(strstr(text.data, "Please enable JavaScript"));
    sb_buf_free(&text);
    sb_doc_free(d);
    assert_int_equal(sb_noscript_unwrap(NULL), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_prose_noscript_becomes_div),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
