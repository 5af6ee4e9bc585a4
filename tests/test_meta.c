/* Unit tests for dom/meta on the pages in samples/meta/ and on inline
 * snippets: JSON-LD @graph references, author arrays, Open Graph and
 * Twitter fallbacks, microdata, <time>, <base href> and relative canonical
 * URLs, byline clean-up and language tags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/base/strbuf.h"
#include "dom/doc/doc.h"
#include "dom/doc/meta.h"

static char *read_sample(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples/meta/%s", SB_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static void extract_html(const char *html, size_t len, const char *base, sb_meta *m)
{
    sb_doc *doc = sb_doc_parse(html, len);
    assert_non_null(doc);
    sb_meta_extract(doc, base, m);
    sb_doc_free(doc);
}

static void extract_sample(const char *name, const char *base, sb_meta *m)
{
    size_t len;
    char *html = read_sample(name, &len);
    extract_html(html, len, base, m);
    free(html);
}

#define assert_field(got, want)                                                              \
    do {                                                                                     \
        const char *g_ = (got), *w_ = (want);                                                \
        if (w_ == NULL) {                                                                    \
            if (g_)                                                                          \
                fail_msg("%s = \"%s\", want NULL", #got, g_);                                \
        } else if (!g_ || strcmp(g_, w_)) {                                                  \
            fail_msg("%s = %s%s%s, want \"%s\"", #got, g_ ? "\"" : "", g_ ? g_ : "NULL",     \
                     g_ ? "\"" : "", w_);                                                    \
        }                                                                                    \
    } while (0)

static void test_graph(void **state)
{
    (void)state;
    sb_meta m;
    extract_sample("graph.html", "https://stadtblatt.example/lokales/artikel/neue-bruecke.html",
                   &m);
    assert_field(m.doc_title, "Neue Brücke eröffnet | Stadtblatt");
    assert_field(m.og_title, "Neue Brücke eröffnet");
    assert_field(m.twitter_title, NULL);
    assert_field(m.ld_headline, "Neue Brücke nach drei Jahren eröffnet");
    assert_field(m.ld_type, "Article");
    assert_field(m.title, "Neue Brücke nach drei Jahren eröffnet");
    /* the @id reference wins over the DOM "author" class */
    assert_field(m.byline, "Erika Mustermann");
    /* the article's date, not the WebPage's nor the <time> */
    assert_field(m.published, "2024-03-05T10:20:30+01:00");
    /* the article has none: the WebPage's */
    assert_field(m.modified, "2024-03-06T09:00:00+01:00");
    assert_field(m.site_name, "Stadtblatt");
    assert_field(m.language, "de");
    assert_field(m.description, "Nach drei Jahren Bauzeit ist die Brücke fertig.");
    assert_field(m.canonical_url, "https://stadtblatt.example/lokales/neue-bruecke");
    assert_field(m.base_href, NULL);
    assert_int_equal(m.n_images, 2);
    assert_field(m.images[0], "https://stadtblatt.example/bilder/bruecke.jpg");
    assert_field(m.images[1], "https://stadtblatt.example/bilder/bruecke-gross.jpg");
    sb_meta_free(&m);
    assert_null(m.title);
    assert_int_equal(m.n_images, 0);
}

static void test_author_array(void **state)
{
    (void)state;
    sb_meta m;
    extract_sample("authors.html", "https://daily.example.com/2023/11/two-reporters", &m);
    /* the NewsArticle inside the breadcrumb list is not the story */
    assert_field(m.ld_headline, "Two reporters, one story");
    assert_field(m.ld_type, "NewsArticle");
    assert_field(m.title, "Two reporters, one story");
    assert_field(m.og_title, NULL);
    assert_field(m.twitter_title, "Twitter title");
    assert_field(m.doc_title, "Two reporters - The Daily Example");
    /* "By" stripped, duplicate and URL dropped */
    assert_field(m.byline, "Jane Doe, John Roe");
    assert_field(m.published, "2023-11-02T07:00:00Z");
    assert_field(m.modified, "2023-11-02T09:30:00Z");
    assert_field(m.site_name, "Daily Example Media");
    assert_field(m.language, "en");
    assert_field(m.description, "Short & sweet.");
    assert_field(m.canonical_url, NULL);
    assert_int_equal(m.n_images, 3);
    assert_field(m.images[0], "https://cdn.example.com/t.jpg");
    assert_field(m.images[1], "https://daily.example.com/2023/11/img/one.jpg");
    assert_field(m.images[2], "https://cdn.example.com/two.jpg");
    sb_meta_free(&m);
}

static void test_fallbacks(void **state)
{
    (void)state;
    sb_meta m;
    extract_sample("fallback.html", "https://news.example.org/section/page.html", &m);
    assert_field(m.doc_title, "Plain title");
    assert_field(m.title, "Plain title");
    assert_field(m.ld_headline, NULL);
    assert_field(m.ld_type, NULL);
    /* article:author is a URL: the byline class is used, "By" stripped */
    assert_field(m.byline, "Jane Doe");
    assert_field(m.published, "2022-07-14T18:05:00-04:00");
    assert_field(m.modified, NULL);
    assert_field(m.site_name, NULL);
    assert_field(m.language, "en");
    assert_field(m.description, "The og description.");
    assert_field(m.canonical_url, "https://news.example.org/news/plain-story?ref=og");
    assert_int_equal(m.n_images, 1);
    assert_field(m.images[0], "https://img.example.org/lead.jpg");
    sb_meta_free(&m);
}

static void test_base_href_and_microdata(void **state)
{
    (void)state;
    static const char html[] =
        "<html><head><base href='/sub/'><link rel='Canonical' href='story'>"
        "<meta property='og:image' content='a.jpg'><link rel='image_src' href='c.jpg'>"
        "<meta itemprop='image' content='b.jpg'></head><body>"
        "<div itemscope itemtype='https://schema.org/Article'>"
        "<div itemprop='author' itemscope><span itemprop='name'> Ann\n Lee </span>"
        "<span itemprop='jobTitle'>Editor</span></div>"
        "<span itemprop='datePublished' content='2021-05-06'>May 6</span>"
        "<span itemprop='dateModified'>7. Mai 2021</span>"
        "</div></body></html>";
    sb_meta m;
    extract_html(html, sizeof html - 1, "https://a.example/x/y.html", &m);
    assert_field(m.base_href, "https://a.example/sub/");
    assert_field(m.canonical_url, "https://a.example/sub/story");
    assert_int_equal(m.n_images, 3);
    assert_field(m.images[0], "https://a.example/sub/a.jpg");
    assert_field(m.images[1], "https://a.example/sub/b.jpg");
    assert_field(m.images[2], "https://a.example/sub/c.jpg");
    assert_field(m.byline, "Ann Lee");
    assert_field(m.published, "2021-05-06");
    assert_field(m.modified, "2021-05-07");
    assert_field(m.language, NULL);
    assert_field(m.title, NULL);
    sb_meta_free(&m);
}

static void test_ld_variants(void **state)
{
    (void)state;
    /* comment-wrapped JSON-LD, a string author, mainEntity nesting,
     * meta author as fallback when JSON-LD names nobody */
    static const char html[] =
        "<html lang='pt_BR'><head>"
        "<meta name='author' content='Meta Author'>"
        "<script type='application/ld+json'><!--\n"
        "{\"@type\":\"WebPage\",\"mainEntity\":{\"@type\":\"BlogPosting\","
        "\"headline\":\"  Post\\n title \",\"author\":\"Max Power\","
        "\"datePublished\":\"5 de março de 2024\",\"inLanguage\":\"fr\"}}\n"
        "--></script>"
        "<script type='application/ld+json'>{broken json</script>"
        "</head><body></body></html>";
    sb_meta m;
    extract_html(html, sizeof html - 1, NULL, &m);
    assert_field(m.ld_type, "BlogPosting");
    assert_field(m.title, "Post title");
    assert_field(m.byline, "Max Power");
    assert_field(m.published, "2024-03-05");
    assert_field(m.language, "pt");
    sb_meta_free(&m);

    static const char html2[] =
        "<html><head><meta name='author' content='  Meta   Author '>"
        "<script type='application/ld+json'>{\"@type\":\"ReportageNews\",\"headline\":\"R\"}"
        "</script></head><body><span class='byline'>Someone</span></body></html>";
    extract_html(html2, sizeof html2 - 1, NULL, &m);
    assert_field(m.ld_type, "ReportageNews");
    assert_field(m.byline, "Meta Author");
    sb_meta_free(&m);
}

static void test_meta_spellings(void **state)
{
    (void)state;
    sb_meta m;
    /* RDFa token lists, Dublin Core with a colon, CDATA-wrapped JSON-LD
     * whose headline is a category while <title> shows the name */
    static const char html[] =
        "<html><head><title>Real Story Name - Site</title>"
        "<meta property='dc:creator og:description' content='Creator Name'>"
        "<meta name='author' content='Other'>"
        "<meta name='DC.title' content='Dublin title'>"
        "<script type='application/ld+json'>\n<![CDATA[\n"
        "{\"@type\":\"Article\",\"headline\":\"Category page\","
        "\"name\":\"Real Story Name\"}\n]]>\n</script></head><body></body></html>";
    extract_html(html, sizeof html - 1, NULL, &m);
    assert_field(m.byline, "Creator Name");
    assert_field(m.description, "Creator Name");
    assert_field(m.ld_headline, "Real Story Name");
    assert_field(m.title, "Real Story Name");
    sb_meta_free(&m);

    /* several author metas; a dc title that is the site name is skipped */
    static const char html2[] =
        "<html><head><meta name='author' content='Ann One'>"
        "<meta name='author' content='Bob Two'>"
        "<meta name='dcterms.title' content='Example News'>"
        "<meta property='og:site_name' content='Example News'>"
        "<meta property='og:title' content='Story'></head></html>";
    extract_html(html2, sizeof html2 - 1, NULL, &m);
    assert_field(m.byline, "Ann One, Bob Two");
    assert_field(m.title, "Story");
    sb_meta_free(&m);
}

static void test_dom_byline_shapes(void **state)
{
    (void)state;
    sb_meta m;
    /* "authority" is not "author"; the date is cut off the byline */
    static const char html[] =
        "<html><body><div class='authority-links'>Authority control</div>"
        "<p class='post-byline'>By Joshua Sokol, Monday, May 20, 2019 at 9:00 AM</p>"
        "</body></html>";
    extract_html(html, sizeof html - 1, NULL, &m);
    assert_field(m.byline, "Joshua Sokol");
    sb_meta_free(&m);

    /* a date labelled "Updated:" is no name; the next candidate is used */
    static const char html2[] =
        "<html><body><span class='byline-date'>Last updated: 7 January 2025</span>"
        "<span id='authorName'>Mia Wong</span></body></html>";
    extract_html(html2, sizeof html2 - 1, NULL, &m);
    assert_field(m.byline, "Mia Wong");
    sb_meta_free(&m);

    /* author links inside a byline block: names without job titles */
    static const char html5[] =
        "<html><body><div class='author'>By <a class='author-link' href='/a/1'>Ann Lee</a>"
        "<div class='author-title'>Games Editor</div> and "
        "<a href='/a/2'>Bo Chan</a></div></body></html>";
    extract_html(html5, sizeof html5 - 1, NULL, &m);
    assert_field(m.byline, "Ann Lee");
    sb_meta_free(&m);
    static const char html6[] =
        "<html><body><p class='article-byline'>By <a class='author-name' href='/a/1'>Ann Lee</a>"
        " and <a class='author-name' href='/a/2'>Bo Chan</a>, Staff</p></body></html>";
    extract_html(html6, sizeof html6 - 1, NULL, &m);
    assert_field(m.byline, "Ann Lee, Bo Chan");
    sb_meta_free(&m);

    /* commenters are not the author */
    static const char html4[] =
        "<html><body><ol class='commentlist'><li><span class='fn author'>Reader</span></li></ol>"
        "<div id='respond'><label class='author-label'>Name (required)</label></div>"
        "<span class='comment-author'>Another Reader</span>"
        "<span class='entry-author'>Staff Writer</span></body></html>";
    extract_html(html4, sizeof html4 - 1, NULL, &m);
    assert_field(m.byline, "Staff Writer");
    sb_meta_free(&m);

    /* a date first, the name after it */
    static const char html3[] =
        "<html><body><div class='author'>1 mars 2019 à 15:20 par Jean Dupont</div>"
        "</body></html>";
    extract_html(html3, sizeof html3 - 1, NULL, &m);
    assert_field(m.byline, "Jean Dupont");
    sb_meta_free(&m);
}

static void test_empty_and_hostile(void **state)
{
    (void)state;
    sb_meta m;
    extract_html("", 0, NULL, &m);
    assert_null(m.title);
    assert_null(m.byline);
    assert_null(m.published);
    assert_int_equal(m.n_images, 0);
    sb_meta_free(&m);
    sb_meta_extract(NULL, NULL, &m);
    assert_null(m.title);
    sb_meta_free(NULL);

    /* deeply nested JSON-LD and a long byline-classed element */
    size_t depth = 1500;
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<html><head><script type='application/ld+json'>");
    for (size_t i = 0; i < depth; i++)
        sb_buf_puts(&b, "{\"@type\":\"Thing\",\"x\":[");
    for (size_t i = 0; i < depth; i++)
        sb_buf_puts(&b, "]}");
    sb_buf_puts(&b, "</script></head><body><div class='author'>");
    for (size_t i = 0; i < 500; i++)
        sb_buf_puts(&b, "word ");
    sb_buf_puts(&b, "</div><span class='author'>By Short Name</span></body></html>");
    extract_html(b.data, b.len, NULL, &m);
    assert_field(m.byline, "Short Name");
    assert_null(m.ld_type);
    sb_meta_free(&m);
    sb_buf_free(&b);
}

static void check_byline(const char *in, const char *want)
{
    char *got = sb_meta_clean_byline(in);
    assert_field(got, want);
    free(got);
}

static void test_clean_byline(void **state)
{
    (void)state;
    check_byline("By Jane Doe", "Jane Doe");
    check_byline("  BY:  Jane   Doe |", "Jane Doe");
    check_byline("— By Jane Doe", "Jane Doe");
    check_byline("Written by Jane Doe, Staff", "Jane Doe, Staff");
    check_byline("Von Max Mustermann", "Max Mustermann");
    check_byline("Par Jean Dupont", "Jean Dupont");
    check_byline("Por María López", "María López");
    check_byline("di Mario Rossi", "Mario Rossi");
    check_byline("Di Maria", "Di Maria");
    check_byline("Door Jan Jansen", "Jan Jansen");
    check_byline("Author: Jane Doe", "Jane Doe");
    check_byline("Text: Von Anna Schmidt", "Anna Schmidt");
    check_byline("Byron Smith", "Byron Smith");
    check_byline("\xc2\xa0von\xc2\xa0Lupa", "Lupa");
    check_byline("Frank Example - https://frank.example", "Frank Example");
    check_byline("By", NULL);
    check_byline(" | ", NULL);
    check_byline("", NULL);
    check_byline(NULL, NULL);
}

static void check_lang(const char *in, const char *want)
{
    char *got = sb_meta_language(in);
    assert_field(got, want);
    free(got);
}

static void test_language(void **state)
{
    (void)state;
    check_lang("en-US", "en");
    check_lang("EN", "en");
    check_lang(" pt_BR ", "pt");
    check_lang("zh-Hans-CN", "zh");
    check_lang("ast", "ast");
    check_lang("english", NULL);
    check_lang("e", NULL);
    check_lang("12", NULL);
    check_lang("", NULL);
    check_lang(NULL, NULL);
}

/* JSON-LD text is read up to 1 MB a page (a parsed tree takes up to 50
 * times its text): a block that would pass the cap is skipped, a small one
 * after it still counts. */
static void test_ld_byte_cap(void **state)
{
    (void)state;
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<html><head><script type=\"application/ld+json\">"
                    "{\"@type\":\"NewsArticle\",\"headline\":\"Too big\",\"x\":[");
    for (int i = 0; i < 600000; i++) /* 1.2 MB */
        sb_buf_puts(&b, "0,");
    sb_buf_puts(&b, "0]}</script><script type=\"application/ld+json\">"
                    "{\"@type\":\"NewsArticle\",\"headline\":\"Read\"}</script>"
                    "</head><body><p>x</p></body></html>");
    sb_meta m;
    extract_html(b.data, b.len, NULL, &m);
    assert_field(m.ld_headline, "Read");
    sb_meta_free(&m);

    /* Under the cap the first article wins, as before. */
    sb_buf_free(&b);
    sb_buf_puts(&b, "<html><head><script type=\"application/ld+json\">"
                    "{\"@type\":\"NewsArticle\",\"headline\":\"First\",\"x\":[");
    for (int i = 0; i < 400000; i++) /* 0.8 MB */
        sb_buf_puts(&b, "0,");
    sb_buf_puts(&b, "0]}</script><script type=\"application/ld+json\">"
                    "{\"@type\":\"NewsArticle\",\"headline\":\"Second\"}</script>"
                    "</head><body><p>x</p></body></html>");
    extract_html(b.data, b.len, NULL, &m);
    assert_field(m.ld_headline, "First");
    sb_meta_free(&m);
    sb_buf_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_graph),
        cmocka_unit_test(test_author_array),
        cmocka_unit_test(test_fallbacks),
        cmocka_unit_test(test_base_href_and_microdata),
        cmocka_unit_test(test_ld_variants),
        cmocka_unit_test(test_meta_spellings),
        cmocka_unit_test(test_dom_byline_shapes),
        cmocka_unit_test(test_empty_and_hostile),
        cmocka_unit_test(test_clean_byline),
        cmocka_unit_test(test_language),
        cmocka_unit_test(test_ld_byte_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
