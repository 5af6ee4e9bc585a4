/* The styled subset of `storybox eval` (tools/eval/styled.h): the CSS
 * facts of hand-made markup (what counts as inline CSS and as an external
 * stylesheet, and what does not), the 20 KB boundary, and the exact count
 * of styled pages among samples/news. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <dirent.h>

#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"
#include "tools/eval/styled.h"

static sb_css_facts scan(const char *html)
{
    sb_css_facts f;
    sb_css_facts_scan(html, strlen(html), &f);
    return f;
}

static void counts_style_elements_and_attributes(void **state)
{
    (void)state;
    /* 10 bytes in <style>, 9 + 6 in style attributes (quoted and not). */
    sb_css_facts f = scan("<html><head><STYLE type=\"text/css\">p{color:0}</style></head>"
                          "<body><p style=\"margin:0\">a</p><b style=top:0>b</b></body></html>");
    assert_int_equal(f.inline_css, 10 + 8 + 5);
    assert_int_equal(f.external_links, 0);
    assert_true(sb_css_facts_styled(&f)); /* no external stylesheet */
}

static void counts_only_real_stylesheet_links(void **state)
{
    (void)state;
    sb_css_facts f = scan("<link rel=\"stylesheet\" href=\"a.css\">"
                          "<link REL='alternate Stylesheet' href=b.css>"
                          "<link rel=\"stylesheet\">"             /* no address */
                          "<link rel=\"preload\" href=\"c.css\">" /* not a sheet */
                          "<!-- <link rel=\"stylesheet\" href=\"d.css\"> -->"
                          "<script>var s = '<link rel=\"stylesheet\" href=\"e.css\">"
                          "<p style=\"color:red\">';</script>"
                          "<textarea><style>x{}</style></textarea>");
    assert_int_equal(f.external_links, 2);
    assert_int_equal(f.inline_css, 0);
    assert_false(sb_css_facts_styled(&f));
}

/* A page linking a stylesheet is styled from 20480 bytes of inline CSS. */
static void threshold_is_20_kb(void **state)
{
    (void)state;
    for (size_t css = SB_STYLED_MIN_INLINE_CSS - 1; css <= SB_STYLED_MIN_INLINE_CSS; css++) {
        sb_buf b = SB_BUF_INIT;
        sb_buf_puts(&b, "<link rel=stylesheet href=/s.css><style>");
        for (size_t i = 0; i < css; i++)
            sb_buf_putc(&b, 'a');
        sb_buf_puts(&b, "</style>");
        sb_css_facts f;
        sb_css_facts_scan(b.data, b.len, &f);
        assert_int_equal(f.inline_css, css);
        assert_int_equal(f.external_links, 1);
        assert_int_equal(sb_css_facts_styled(&f), css == SB_STYLED_MIN_INLINE_CSS);
        sb_buf_free(&b);
    }
}

static void truncated_markup_is_safe(void **state)
{
    (void)state;
    const char *cuts[] = {"<style>p{", "<p style='x", "<!--", "<", "<script>", "<link rel="};
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        sb_css_facts f = scan(cuts[i]);
        assert_int_equal(f.external_links, 0);
    }
    /* A link cut inside its address still names one. */
    assert_int_equal(scan("<link rel=\"stylesheet\" href=\"a").external_links, 1);
    assert_int_equal(scan("<style>p{").inline_css, 2);
    assert_int_equal(scan("<p style='x").inline_css, 1);
}

/* samples/news: every page but lazy_image.html and srcset_only.html (each
 * links one stylesheet and carries under 1 KB of CSS) is styled. */
static void news_samples(void **state)
{
    (void)state;
    const char *dir = SB_SOURCE_DIR "/samples/news";
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t pages = 0, styled = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n < 5 || strcmp(de->d_name + n - 5, ".html") != 0)
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        sb_buf bytes = SB_BUF_INIT;
        assert_int_equal(sb_read_file(path, 0, &bytes), SB_READ_OK);
        sb_css_facts f;
        sb_css_facts_scan(bytes.data, bytes.len, &f);
        bool expect_unstyled = strcmp(de->d_name, "lazy_image.html") == 0 ||
                               strcmp(de->d_name, "srcset_only.html") == 0;
        assert_int_equal(sb_css_facts_styled(&f), !expect_unstyled);
        pages++;
        styled += sb_css_facts_styled(&f);
        sb_buf_free(&bytes);
    }
    closedir(d);
    assert_int_equal(pages, 49);
    assert_int_equal(styled, 47);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_style_elements_and_attributes),
        cmocka_unit_test(counts_only_real_stylesheet_links),
        cmocka_unit_test(threshold_is_20_kb),
        cmocka_unit_test(truncated_markup_is_safe),
        cmocka_unit_test(news_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
