/* Headline choice: <title> split at site-name separators, the on-page
 * heading preferred when it matches the titles, metadata when no heading
 * does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dom/doc/doc.h"
#include "dom/story/extract.h"
#include "dom/story/story_parts.h"

static void check_strip(const char *title, const char *site, const char *want)
{
    char *got = sb_title_strip_site(title, site);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_strip_site(void **state)
{
    (void)state;
    check_strip("Harbour bridge reopens after repairs | The Daily Example", "The Daily Example",
                "Harbour bridge reopens after repairs");
    check_strip("The Daily Example - Harbour bridge reopens after repairs", "The Daily Example",
                "Harbour bridge reopens after repairs");
    /* Without a site name the part with the most words wins. */
    check_strip("Museum opens new dinosaur wing - Local News - Town Gazette", NULL,
                "Museum opens new dinosaur wing");
    check_strip("Bridge reopens \xE2\x80\x93 Gazette", NULL, "Bridge reopens");
    check_strip("Storm hits the coast :: Weather :: Site", NULL, "Storm hits the coast");
    check_strip("Storm :: Weather :: Site", NULL, "Storm :: Weather :: Site");
    /* No separator, or nothing sensible left: the title as it is. */
    check_strip("  Plain   title  ", NULL, "Plain title");
    check_strip("A - B", NULL, "A - B");
    assert_null(sb_title_strip_site(NULL, NULL));
}

static char *headline_of(const char *html)
{
    sb_doc *d = sb_doc_parse(html, strlen(html));
    assert_non_null(d);
    sb_dom_input in = {d, NULL, 0, NULL, SB_SIM_OFF, NULL, NULL, NULL, NULL};
    sb_story s;
    memset(&s, 0, sizeof s);
    assert_int_equal(sb_dom_extract(&in, &s), 0);
    char *title = s.title;
    s.title = NULL;
    sb_story_clear(&s);
    sb_doc_free(d);
    return title;
}

static void test_choice(void **state)
{
    (void)state;
    /* The heading that matches the title, not the site-name h1 in the
     * header, and not the title with its site name. */
    char *h = headline_of(
        "<title>Rain floods town centre | Gazette</title>"
        "<body><header><h1>Gazette</h1></header>"
        "<article><h1>Heavy rain floods the town centre</h1>"
        "<p>Shops closed early, as water rose in the market square, and the fire service pumped "
        "out cellars all night.</p></article></body>");
    assert_string_equal(h, "Heavy rain floods the town centre");
    free(h);

    /* No heading like the titles: og:title, site name cut off. */
    h = headline_of(
        "<head><title>Gazette</title><meta property=og:site_name content=Gazette>"
        "<meta property=og:title content='Council votes for new library | Gazette'></head>"
        "<body><h2>Latest</h2><p>The council voted on Tuesday, by a large majority, to build a "
        "new library next to the station.</p></body>");
    assert_string_equal(h, "Council votes for new library");
    free(h);

    /* No titles at all: the first visible h1. */
    h = headline_of("<body><h1 hidden>Menu</h1><h1>Only heading</h1><p>Text, text.</p></body>");
    assert_string_equal(h, "Only heading");
    free(h);

    /* Nothing to go on. */
    h = headline_of("<body><p>Just a paragraph.</p></body>");
    assert_null(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_strip_site),
        cmocka_unit_test(test_choice),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
