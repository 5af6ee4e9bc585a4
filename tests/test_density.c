/* Line-density extractors (paper 001, ch. 4): preprocessing, Filter 3,
 * counts and smoothing, Algorithm 1's region merge, and whole extractions
 * on small synthetic pages. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/seed/density.h"
#include "dom/base/strbuf.h"

static void test_clean_drops_code_and_collapses_space(void **state)
{
    (void)state;
    const char *in = "<p>a  <!-- x -->b</p>\n<script>var s = '<p>';</script>"
                     "<STYLE>p{}</style>\t<b>c</b>";
    size_t n;
    char *out = sb_density_clean(in, strlen(in), &n);
    assert_string_equal(out, "<p>a b</p> <b>c</b>");
    assert_int_equal(n, strlen(out));
    free(out);
}

static void test_filter3_pads_attributes_to_text_length(void **state)
{
    (void)state;
    /* The paper's example: LT = 12, so 12 - 7 = 5 underscores. */
    const char *in = "x <a href=\"http://www.BBC.com/\">BBC Web Site</a> y";
    char *out = sb_density_filter3(in, strlen(in), NULL);
    assert_string_equal(out, "x <a _____>BBC Web Site</a> y");
    free(out);

    /* Shorter than 7 characters: no room for padding at all. */
    const char *in2 = "<A HREF='/'>Home</A><a class=\"n\"><b>Twelve chars</b></a>";
    out = sb_density_filter3(in2, strlen(in2), NULL);
    assert_string_equal(out, "<a>Home</A><a _____><b>Twelve chars</b></a>");
    free(out);

    /* Not links: <abbr>, <area> keep their attributes. */
    const char *in3 = "<abbr title=\"t\">x</abbr><area href=\"u\">";
    out = sb_density_filter3(in3, strlen(in3), NULL);
    assert_string_equal(out, in3);
    free(out);
}

static void test_lines_count_content_and_code(void **state)
{
    (void)state;
    const char *src = "<p>Hello world</p>";
    sb_density_line *lines;
    size_t n = sb_density_lines(src, strlen(src), SB_DENSITY_DANAG, 80, &lines);
    assert_int_equal(n, 2); /* "</p>" ends a block: a line of its own */
    assert_int_equal(lines[0].content, 10); /* "Helloworld": spaces are not counted */
    assert_int_equal(lines[0].code, 3);     /* "<p>" */
    assert_int_equal(lines[1].content, 0);
    assert_int_equal(lines[1].code, 4);     /* "</p>" */
    assert_int_equal(lines[0].diff, 3);
    assert_int_equal(lines[1].diff, 3);
    free(lines);

    /* Width 10: a line ends at a space or tag once it holds 10 characters,
     * and block tags (<p>, </p>) always start a new line. */
    const char *src2 = "<b>aaaa bbbb cccc dddd</b><p>x</p>";
    n = sb_density_lines(src2, strlen(src2), SB_DENSITY_DANAG, 10, &lines);
    assert_int_equal(n, 4);
    assert_int_equal(lines[0].len, strlen("<b>aaaa bbbb"));
    assert_int_equal(lines[1].len, strlen(" cccc dddd</b>"));
    assert_int_equal(lines[2].len, strlen("<p>x"));
    assert_int_equal(lines[3].len, strlen("</p>"));
    assert_int_equal(lines[0].content, 8);
    assert_int_equal(lines[0].code, 3);
    assert_int_equal(lines[1].content, 8);
    assert_int_equal(lines[1].code, 4);
    /* Smoothing: T1 - T2 per line is 5, 4, -2, -4. */
    assert_int_equal(lines[0].diff, 9);
    assert_int_equal(lines[1].diff, 7);
    assert_int_equal(lines[2].diff, -2);
    assert_int_equal(lines[3].diff, -6);
    free(lines);
}

static void test_r2l_counts_by_code_point(void **state)
{
    (void)state;
    /* Five Arabic letters (2 bytes each) against "<b>" "</b>" = 7 ASCII. */
    const char *src = "<b>\xd8\xb3\xd9\x84\xd8\xa7\xd9\x85\xd8\xb9</b>";
    sb_density_line *lines;
    size_t n = sb_density_lines(src, strlen(src), SB_DENSITY_R2L, 80, &lines);
    assert_int_equal(n, 1);
    assert_int_equal(lines[0].content, 5);
    assert_int_equal(lines[0].code, 7);
    free(lines);
    assert_true(sb_density_is_r2l(0x05D0)); /* Hebrew alef */
    assert_true(sb_density_is_r2l(0xFEFC));
    assert_false(sb_density_is_r2l('a'));
    assert_false(sb_density_is_r2l(0x00E9));
}

static void test_merge_stops_at_first_gap_above_limit(void **state)
{
    (void)state;
    /* Distances (x_j - y_i + 1): r0-r1 4, r1-r2 5, r2-r3 29, r3-r4 3. */
    const sb_density_region r[] = {
        {0, 2, 5}, {5, 6, 100}, {10, 12, 3}, {40, 41, 50}, {43, 44, 9},
    };
    size_t lo, hi;
    size_t m = sb_density_merge(r, 5, 20, &lo, &hi);
    assert_int_equal(m, 1);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 2); /* r4 is close to r3, but r3 is already cut off */

    /* A gap exactly at the limit still joins: d(r2, r3) = 29. */
    m = sb_density_merge(r, 5, 29, &lo, &hi);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 4);

    /* R2L's gap of 8 on the same regions. */
    m = sb_density_merge(r, 5, 4, &lo, &hi);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 1);
}

/* A page: a link menu, a story of three paragraphs, then a footer far
 * below (more than 20 lines of link markup away). */
static char *synthetic_page(void)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<html><head><title>T</title><script>var x=1;</script></head><body>\n");
    for (int i = 0; i < 30; i++)
        sb_buf_printf(&b, "<li class=\"menu-item\"><a href=\"/section/%d/index.html\">Sec %d</a></li>\n",
                      i, i);
    sb_buf_puts(&b, "<div class=\"story\">\n"
                    "<p>The council approved the new harbour plan on Monday after a long debate "
                    "about costs, jobs and the future of the old fishing quarter.</p>\n"
                    "<p>Work on the first pier is expected to start next spring and to last "
                    "about two years, the mayor told reporters outside the town hall.</p>\n"
                    "<p>Opponents said they would keep campaigning against the plan.</p>\n"
                    "</div>\n");
    for (int i = 0; i < 40; i++)
        sb_buf_printf(&b, "<li class=\"footer-link\"><a href=\"/about/page-%d.html\">About %d</a></li>\n",
                      i, i);
    sb_buf_puts(&b, "<p>Copyright notice of the site with some words in it here.</p></body></html>");
    return sb_buf_steal(&b);
}

static const char *story_text =
    "The council approved the new harbour plan on Monday after a long debate about costs, "
    "jobs and the future of the old fishing quarter.\n\n"
    "Work on the first pier is expected to start next spring and to last about two years, "
    "the mayor told reporters outside the town hall.\n\n"
    "Opponents said they would keep campaigning against the plan.";

static void test_danag_extracts_story_paragraphs(void **state)
{
    (void)state;
    char *page = synthetic_page();
    sb_density_opts o = {SB_DENSITY_DANAG, 0, 0};
    sb_density_result r;
    sb_density_extract(page, strlen(page), &o, &r);
    assert_string_equal(r.text, story_text);
    assert_true(r.n_regions >= 2); /* the copyright line is a region of its own */
    sb_density_result_free(&r);

    o.algo = SB_DENSITY_ADDANAG;
    sb_density_extract(page, strlen(page), &o, &r);
    assert_string_equal(r.text, story_text);
    sb_density_result_free(&r);
    free(page);
}

static void test_r2l_and_dana_on_arabic_page(void **state)
{
    (void)state;
    /* "salam" five times as the story, with one Latin word inside it. */
    const char *word = "\xd8\xb3\xd9\x84\xd8\xa7\xd9\x85";
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<html><body>");
    for (int i = 0; i < 10; i++)
        sb_buf_printf(&b, "<a href=\"/link/number/%d\">x</a>\n", i);
    sb_buf_puts(&b, "<p>");
    for (int i = 0; i < 20; i++)
        sb_buf_printf(&b, "%s ", word);
    sb_buf_puts(&b, "BBC</p></body></html>");
    char *page = sb_buf_steal(&b);

    sb_buf want = SB_BUF_INIT;
    for (int i = 0; i < 20; i++)
        sb_buf_printf(&want, i ? " %s" : "%s", word);
    sb_density_opts o = {SB_DENSITY_R2L, 0, 0};
    sb_density_result r;
    sb_density_extract(page, strlen(page), &o, &r);
    assert_string_equal(r.text, want.data); /* R2L drops the Latin word */
    sb_density_result_free(&r);

    o.algo = SB_DENSITY_DANA;
    sb_density_extract(page, strlen(page), &o, &r);
    sb_buf_puts(&want, " BBC"); /* DANA's parser keeps it */
    assert_string_equal(r.text, want.data);
    sb_density_result_free(&r);
    sb_buf_free(&want);
    free(page);
}

static void test_empty_and_hostile_input(void **state)
{
    (void)state;
    const char *inputs[] = {"", "<", "<a href=\"", "<!--", "<script>", "&&&&", "\xff\xfe<p>\xc3"};
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        for (int a = SB_DENSITY_R2L; a <= SB_DENSITY_ADDANAG; a++) {
            sb_density_opts o = {(sb_density_algo)a, 0, 0};
            sb_density_result r;
            sb_density_extract(inputs[i], strlen(inputs[i]), &o, &r);
            assert_non_null(r.text);
            sb_density_result_free(&r);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_drops_code_and_collapses_space),
        cmocka_unit_test(test_filter3_pads_attributes_to_text_length),
        cmocka_unit_test(test_lines_count_content_and_code),
        cmocka_unit_test(test_r2l_counts_by_code_point),
        cmocka_unit_test(test_merge_stops_at_first_gap_above_limit),
        cmocka_unit_test(test_danag_extracts_story_paragraphs),
        cmocka_unit_test(test_r2l_and_dana_on_arabic_page),
        cmocka_unit_test(test_empty_and_hostile_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
