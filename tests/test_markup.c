/* The story as Markdown and HTML (hybrid/markup.c over dom/story/structure.c):
 * the exact documents for samples/markup/structure.html (subheadings, an
 * ordered and a nested list, a quote, a table, links, a captioned image,
 * preformatted text), with and without links; the structure leaves `text`
 * as it was; hostile strings in a record (markup in the text, javascript:
 * and data: URLs, quotes in URLs) escaped or refused; a record without
 * structure read as paragraphs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "dom/story/structure.h"
#include "storybox.h"
#include "tests/support/samples.h"

#define SAMPLE_URL "https://courier.example/news/bridge"

static char *slurp(const char *name, size_t *len)
{
    return read_sample("markup", name, len);
}

static sb_story *extract_sample(const char *method)
{
    size_t len;
    char *html = slurp("structure.html", &len);
    sb_options opt;
    sb_options_init(&opt);
    opt.method = method;
    opt.base_url = SAMPLE_URL;
    sb_story *s = sb_extract(html, len, &opt);
    free(html);
    assert_null(s->error);
    return s;
}

/* The library's document is the expected file, as `storybox extract`
 * prints it. */
static void assert_document(char *doc, const char *expected_file)
{
    size_t len;
    char *want = slurp(expected_file, &len);
    assert_string_equal(doc, want);
    free(want);
    free(doc);
}

static void test_markdown_exact(void **state)
{
    (void)state;
    sb_story *s = extract_sample("dom");
    assert_document(sb_story_to_markdown(s, false), "structure.expected.md");
    assert_document(sb_story_to_markdown(s, true), "structure.links.expected.md");
    sb_story_free(s);
}

static void test_html_exact(void **state)
{
    (void)state;
    sb_story *s = extract_sample("dom");
    assert_document(sb_story_to_html(s, false), "structure.expected.html");
    assert_document(sb_story_to_html(s, true), "structure.links.expected.html");
    sb_story_free(s);
}

/* The layout method finds the same story, and so the same document. */
static void test_hybrid_same_markdown(void **state)
{
    (void)state;
    sb_story *s = extract_sample("hybrid");
    assert_document(sb_story_to_markdown(s, true), "structure.links.expected.md");
    sb_story_free(s);
}

/* The structure is recorded beside `text`, which stays paragraphs joined
 * by blank lines: the table's cells and the list items are paragraphs of
 * their own there. */
static void test_text_unchanged(void **state)
{
    (void)state;
    sb_story *s = extract_sample("dom");
    assert_non_null(
        strstr(s->text, "decision of Tuesday evening.\n\nPayer\n\nShare\n\nTown\n\n20%"));
    assert_non_null(strstr(s->text, "\n\ntotal = 20 + 30 print(total)"));
    assert_null(strstr(s->text, "The chosen design")); /* the caption is the image's */
    sb_story_free(s);
}

/* A hand-made record full of hostile strings. */
static sb_structure *hostile_structure(void)
{
    sb_structure *st = calloc(1, sizeof *st);
    st->n_blocks = 2;
    st->blocks = calloc(2, sizeof *st->blocks);
    sb_block *p = &st->blocks[0];
    p->kind = SB_BLOCK_PARAGRAPH;
    p->quote = p->list = -1;
    p->text = strdup("Click here or there <img src=x onerror=alert(1)>");
    p->n_links = 2;
    p->links = calloc(2, sizeof *p->links);
    p->links[0] = (sb_link){6, 10, strdup("javascript:alert(1)")};
    p->links[1] = (sb_link){14, 19, strdup("https://ok.example/a b\")(x")};
    sb_block *h = &st->blocks[1];
    h->kind = SB_BLOCK_HEADING;
    h->level = 2;
    h->quote = h->list = -1;
    h->text = strdup("# 1. not a heading");
    return st;
}

static void test_hostile_record(void **state)
{
    (void)state;
    sb_story s;
    memset(&s, 0, sizeof s);
    s.title = strdup("<script>alert(\"x\")</script> *bold* & [link](javascript:x)");
    s.text = strdup("");
    s.lead_image = calloc(1, sizeof *s.lead_image);
    s.lead_image->url = strdup("javascript:alert(1)");
    s.n_images = 1;
    s.images = calloc(1, sizeof *s.images);
    s.images[0].url = strdup("data:image/png;base64,AAAA");
    s.structure = hostile_structure();
    s.structure->n_images = 1;
    s.structure->image_before = calloc(1, sizeof *s.structure->image_before);
    s.structure->image_before[0] = 0;

    char *md = sb_story_to_markdown(&s, true);
    assert_string_equal(md, "# \\<script\\>alert(\"x\")\\</script\\> \\*bold\\* & "
                            "\\[link\\](javascript:x)\n\n"
                            "Click here or [there](https://ok.example/a%20b%22%29%28x) "
                            "\\<img src=x onerror=alert(1)\\>\n\n"
                            "## \\# 1. not a heading\n");
    free(md);
    char *html = sb_story_to_html(&s, true);
    assert_string_equal(html, "<article>\n"
                              "<h1>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; *bold* &amp; "
                              "[link](javascript:x)</h1>\n"
                              "<p>Click here or <a href=\"https://ok.example/a%20b%22%29%28x\">"
                              "there</a> &lt;img src=x onerror=alert(1)&gt;</p>\n"
                              "<h2># 1. not a heading</h2>\n"
                              "</article>\n");
    free(html);
    sb_story_clear(&s);
}

static void test_link_urls_allowed(void **state)
{
    (void)state;
    assert_true(sb_link_url_allowed("https://a.example/x"));
    assert_true(sb_link_url_allowed("HTTP://a.example/x"));
    assert_true(sb_link_url_allowed("/relative/path?q=1:2"));
    assert_true(sb_link_url_allowed("//a.example/x"));
    assert_false(sb_link_url_allowed("javascript:alert(1)"));
    assert_false(sb_link_url_allowed("JavaScript:alert(1)"));
    assert_false(sb_link_url_allowed("data:text/html,<script>"));
    assert_false(sb_link_url_allowed("mailto:a@b.example"));
    assert_false(sb_link_url_allowed("java\tscript:alert(1)"));
    assert_false(sb_link_url_allowed(""));
    assert_false(sb_link_url_allowed(NULL));
}

/* A record without structure (a seed method): plain paragraphs; an error
 * record gives an empty document. */
static void test_plain_record(void **state)
{
    (void)state;
    sb_story s;
    memset(&s, 0, sizeof s);
    s.title = strdup("Title");
    s.standfirst = strdup("The dek.");
    s.byline = strdup("Ann Smith");
    s.text = strdup("- one\n\n2024. two_three");
    char *md = sb_story_to_markdown(&s, false);
    assert_string_equal(md,
                        "# Title\n\n*The dek.*\n\nAnn Smith\n\n\\- one\n\n2024\\. two\\_three\n");
    free(md);
    char *html = sb_story_to_html(&s, false);
    assert_string_equal(html, "<article>\n<h1>Title</h1>\n"
                              "<p class=\"standfirst\"><em>The dek.</em></p>\n"
                              "<p class=\"byline\">Ann Smith</p>\n"
                              "<p>- one</p>\n<p>2024. two_three</p>\n</article>\n");
    free(html);
    s.error = strdup("not a page");
    md = sb_story_to_markdown(&s, false);
    assert_string_equal(md, "");
    free(md);
    sb_story_clear(&s);
}

/* An image whose place among the paragraphs is unknown: the lead image
 * comes after the standfirst and byline; other unplaced images are left to
 * images[].  Two paragraphs of one quote stay one quote. */
static void test_unplaced_lead_image_and_quote(void **state)
{
    (void)state;
    sb_story s;
    memset(&s, 0, sizeof s);
    s.title = strdup("T");
    s.standfirst = strdup("Dek");
    s.text = strdup("One\n\nTwo");
    s.lead_image = calloc(1, sizeof *s.lead_image);
    s.lead_image->url = strdup("https://a.example/lead.jpg");
    s.lead_image->alt = strdup("A [lead]");
    s.lead_image->caption = strdup("Caption_1");
    s.lead_image->credit = strdup("Photo: X");
    s.n_images = 2;
    s.images = calloc(2, sizeof *s.images);
    s.images[0].url = strdup("https://a.example/lead.jpg");
    s.images[1].url = strdup("https://a.example/other.jpg");
    sb_structure *st = calloc(1, sizeof *st);
    st->n_blocks = 2;
    st->blocks = calloc(2, sizeof *st->blocks);
    for (int i = 0; i < 2; i++) {
        st->blocks[i].kind = SB_BLOCK_PARAGRAPH;
        st->blocks[i].list = -1;
        st->blocks[i].quote = 7;
        st->blocks[i].text = strdup(i ? "Two" : "One");
    }
    st->n_images = 2;
    st->image_before = calloc(2, sizeof *st->image_before);
    st->image_before[0] = st->image_before[1] = -1;
    s.structure = st;
    char *md = sb_story_to_markdown(&s, false);
    assert_string_equal(md, "# T\n\n*Dek*\n\n![A \\[lead\\]](https://a.example/lead.jpg)\n\n"
                            "*Caption\\_1 (Photo: X)*\n\n> One\n>\n> Two\n");
    free(md);
    char *html = sb_story_to_html(&s, false);
    assert_string_equal(html, "<article>\n<h1>T</h1>\n"
                              "<p class=\"standfirst\"><em>Dek</em></p>\n"
                              "<figure><img src=\"https://a.example/lead.jpg\" alt=\"A [lead]\">"
                              "<figcaption>Caption_1 (Photo: X)</figcaption></figure>\n"
                              "<blockquote>\n<p>One</p>\n<p>Two</p>\n</blockquote>\n</article>\n");
    free(html);
    sb_story_clear(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_markdown_exact),
        cmocka_unit_test(test_html_exact),
        cmocka_unit_test(test_hybrid_same_markdown),
        cmocka_unit_test(test_text_unchanged),
        cmocka_unit_test(test_hostile_record),
        cmocka_unit_test(test_link_urls_allowed),
        cmocka_unit_test(test_plain_record),
        cmocka_unit_test(test_unplaced_lead_image_and_quote),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
