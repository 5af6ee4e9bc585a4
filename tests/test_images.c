/* Lead image: lazy-loading attributes, srcset and <picture> sources,
 * rejection of small, furniture-named and hidden images, the metadata
 * image as the last resort. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dom/doc/doc.h"
#include "dom/story/extract.h"

static const char *const story_p =
    "<p>The festival opened on Friday, with music, food and dancing, in the old town square, "
    "and will run until Sunday night.</p>";

/* Extracts the page "<body><article>" + body + story + "</article>" and
 * returns the lead image URL (malloc'd) or NULL. */
static char *lead_url(const char *head, const char *body)
{
    size_t n = strlen(head) + strlen(body) + strlen(story_p) + 64;
    char *html = malloc(n);
    assert_non_null(html);
    snprintf(html, n, "<head>%s</head><body><article>%s%s</article></body>", head, body, story_p);
    sb_doc *d = sb_doc_parse(html, strlen(html));
    assert_non_null(d);
    sb_dom_input in = {d, NULL, 0, "https://news.example.org/2024/05/festival.html",
                       SB_SIM_OFF, NULL, NULL, NULL, NULL};
    sb_story s;
    memset(&s, 0, sizeof s);
    assert_int_equal(sb_dom_extract(&in, &s), 0);
    char *url = NULL;
    if (s.lead_image) {
        url = s.lead_image->url;
        s.lead_image->url = NULL;
    }
    sb_story_clear(&s);
    sb_doc_free(d);
    free(html);
    return url;
}

static void expect(const char *head, const char *body, const char *want)
{
    char *got = lead_url(head, body);
    if (!want) {
        assert_null(got);
        return;
    }
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
}

static void test_sources(void **state)
{
    (void)state;
    expect("", "<img src='/img/a.jpg' width=640 height=400>", "https://news.example.org/img/a.jpg");
    expect("", "<img src='data:image/gif;base64,AAAA' data-lazy-src='b.jpg'>",
           "https://news.example.org/2024/05/b.jpg");
    expect("", "<img src='/img/placeholder.png' data-original='//cdn.example.org/c.jpg'>",
           "https://cdn.example.org/c.jpg");
    expect("", "<img data-srcset='/d-400.jpg 400w, /d-1200.jpg 1200w, /d-800.jpg 800w'>",
           "https://news.example.org/d-1200.jpg");
    expect("", "<picture><source srcset='/e.webp 1x, /e@2x.webp 2x'><img></picture>",
           "https://news.example.org/e@2x.webp");
}

static void test_rejections(void **state)
{
    (void)state;
    /* Logo, avatar, tiny icon, pixel, hidden: nothing qualifies. */
    expect("",
           "<img src='/brand/logo.png' width=400 height=100>"
           "<img class='author-avatar' src='/u/1.jpg'>"
           "<img src='/i/x.png' width=16 height=16>"
           "<img src='/p.gif' width=1 height=1>"
           "<div hidden><img src='/hidden.jpg' width=800 height=600></div>"
           "<img src='/ads/banner-728.jpg'>",
           NULL);
    /* Sizes written in the URL: thumbnails and blurred placeholders. */
    expect("",
           "<img src='/media/photo-150x150.jpg'><img src='https://cdn.example.org/max/60/p.png'>"
           "<img src='/media/photo-1024x683.jpg'>",
           "https://news.example.org/media/photo-1024x683.jpg");
    /* ...then the page's og:image stands alone. */
    expect("<meta property='og:image' content='https://news.example.org/og.jpg'>",
           "<img src='/brand/logo.png'>", "https://news.example.org/og.jpg");
    /* An inline image that og:image also names wins over an earlier one. */
    expect("<meta property='og:image' content='https://news.example.org/media/main.jpg?w=1200'>",
           "<img src='/media/first.jpg'><img src='/media/main.jpg'>",
           "https://news.example.org/media/main.jpg");
}

/* A saved page's pictures, as an image size provider knows them: a
 * 40 x 40 square and a 1200 x 800 photo; every other URL unknown. */
static bool saved_sizes(void *ctx, const char *url, int *width, int *height)
{
    int *calls = ctx;
    (*calls)++;
    if (strcmp(url, "https://news.example.org/media/square.png") == 0) {
        *width = *height = 40;
        return true;
    }
    if (strcmp(url, "https://news.example.org/media/crowd.jpg") == 0) {
        *width = 1200;
        *height = 800;
        return true;
    }
    return false;
}

/* Without a render, the dom method asks the saved page for the sizes of
 * images that state none: the square is then too small to lead, and the
 * photo's size reaches the record. */
static void test_saved_page_sizes(void **state)
{
    (void)state;
    const char *html =
        "<body><article><img src='/media/square.png'>"
        "<img src='/media/crowd.jpg' alt='The crowd in the square'>"
        "<img src='/media/crowd.jpg' width='300' height='200'><p>The festival opened on Friday, "
        "with music, food and dancing, in the old town square, and will run until Sunday night."
        "</p></article></body>";
    for (int with = 0; with < 2; with++) {
        sb_doc *d = sb_doc_parse(html, strlen(html));
        assert_non_null(d);
        int calls = 0;
        sb_dom_input in = {d,       NULL, 0, "https://news.example.org/2024/05/festival.html",
                           SB_SIM_OFF, NULL, NULL, with ? saved_sizes : NULL, &calls};
        sb_story s;
        memset(&s, 0, sizeof s);
        assert_int_equal(sb_dom_extract(&in, &s), 0);
        assert_non_null(s.lead_image);
        if (with) {
            assert_string_equal(s.lead_image->url, "https://news.example.org/media/crowd.jpg");
            assert_int_equal(s.lead_image->width, 1200);
            assert_int_equal(s.lead_image->height, 800);
            assert_int_equal(calls, 2); /* not for the image with a size */
        } else {
            /* no size known: the first acceptable image */
            assert_string_equal(s.lead_image->url, "https://news.example.org/media/square.png");
            assert_int_equal(s.lead_image->width, 0);
        }
        sb_story_clear(&s);
        sb_doc_free(d);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sources),
        cmocka_unit_test(test_rejections),
        cmocka_unit_test(test_saved_page_sizes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
