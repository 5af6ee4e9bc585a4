/* dom/doc/markup_cap: where an oversized page is cut before the HTML
 * parser (tags and attributes counted, quoted values skipped, the byte cap
 * on a character boundary), and sb_doc_parse applying it with its reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/doc/doc.h"
#include "dom/doc/markup_cap.h"

static void test_within_caps_keeps_everything(void **state)
{
    (void)state;
    const char *html = "<html><body><p class=a id='b'>Text</p></body></html>";
    char why[160] = "";
    /* html, body, p, class, id: 5 items */
    assert_int_equal(sb_markup_cap(html, strlen(html), 5, 1000, why, sizeof why), strlen(html));
    assert_string_equal(why, "");
}

static void test_cut_before_the_tag_past_the_item_cap(void **state)
{
    (void)state;
    const char *html = "<p a=1 b>x</p><p>y</p>";
    char why[160] = "";
    assert_int_equal(sb_markup_cap(html, strlen(html), 3, 1000, why, sizeof why), 14);
    assert_string_equal(why,
                        "DOM cap: more than 3 tags and attributes: only the first 14 of 22 bytes are parsed");
    /* a tag whose attributes pass the cap goes whole */
    assert_int_equal(sb_markup_cap(html, strlen(html), 2, 1000, NULL, 0), 0);
}

static void test_quoted_values_and_end_tags(void **state)
{
    (void)state;
    /* '>' and spaces inside quotes start nothing; end tags, comments and a
     * lone '<' in text are not start tags */
    const char *html = "<a title=\"x > y z\" href=u>t</a><!-- <b> --> 1 < 2";
    /* a, title, href, and the <b> inside the comment: 4 */
    assert_int_equal(sb_markup_cap(html, strlen(html), 4, 1000, NULL, 0), strlen(html));
    char why[160] = "";
    size_t keep = sb_markup_cap(html, strlen(html), 3, 1000, why, sizeof why);
    assert_int_equal(keep, strlen("<a title=\"x > y z\" href=u>t</a><!-- "));
}

static void test_byte_cap_on_a_character_boundary(void **state)
{
    (void)state;
    const char *html = "abc\xc3\xa9" "def";
    char why[160] = "";
    assert_int_equal(sb_markup_cap(html, strlen(html), 10, 4, why, sizeof why), 3);
    assert_string_equal(why, "DOM cap: more than 4 bytes of HTML: only the first 3 of 8 bytes are parsed");
    /* a tag that runs past the byte cap is cut before its '<' */
    const char *tag = "ab<p title='long value'>x";
    assert_int_equal(sb_markup_cap(tag, strlen(tag), 10, 8, NULL, 0), 2);
}

static void test_doc_parse_applies_the_cap(void **state)
{
    (void)state;
    size_t n = SB_MAX_MARKUP_ITEMS + 10;
    char *html = malloc(n * 8 + 1);
    assert_non_null(html);
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(html + len, "<p>w</p>");
    sb_doc *d = sb_doc_parse(html, len);
    assert_non_null(d);
    /* html, head and body are implied: the parsed <p>s stop at the cap */
    assert_int_equal(d->n_elems, SB_MAX_MARKUP_ITEMS + 3);
    char want[160];
    snprintf(want, sizeof want,
             "DOM cap: more than %d tags and attributes: only the first %zu of %zu bytes are parsed",
             SB_MAX_MARKUP_ITEMS, (size_t)SB_MAX_MARKUP_ITEMS * 8, len);
    assert_string_equal(d->cap_reason, want);
    sb_doc_free(d);
    d = sb_doc_parse("<p>short</p>", 12);
    assert_string_equal(d->cap_reason, "");
    sb_doc_free(d);
    free(html);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_within_caps_keeps_everything),
        cmocka_unit_test(test_cut_before_the_tag_past_the_item_cap),
        cmocka_unit_test(test_quoted_values_and_end_tags),
        cmocka_unit_test(test_byte_cap_on_a_character_boundary),
        cmocka_unit_test(test_doc_parse_applies_the_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
