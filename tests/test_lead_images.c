/* Lead image on samples/images/: one page per case of issue 10, each
 * asserting the exact URL chosen and the declared image, for hybrid and
 * dom.  The two methods agree on every page but first_screen.html: the
 * lead zone (before the second story paragraph) decides position in both;
 * the layout adds boxes and its first-screen rules.  Also
 * the rendition rule (dom/image_rules.h) and the record's JSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/story/image_rules.h"
#include "dom/story/sizes_attr.h"
#include "storybox.h"

#define SAMPLES_DIR SB_SOURCE_DIR "/samples"

/* Where the pages that do not tell their own address are said to be. */
#define PAGE_URL "https://news.example.org/2024/05/storm.html"

static char *read_sample(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/images/%s", SAMPLES_DIR, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static sb_story *extract(const char *name, const char *method, const char *url)
{
    size_t len;
    char *html = read_sample(name, &len);
    sb_options opt;
    sb_options_init(&opt);
    opt.method = method;
    opt.base_url = url;
    sb_story *s = sb_extract(html, len, &opt);
    free(html);
    assert_null(s->error);
    return s;
}

/* Both methods pick `want` (declared: `declared` or NULL); hybrid has the
 * picture's box, dom none. */
static void expect(const char *name, const char *url, const char *want, const char *declared)
{
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract(name, methods[m], url);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url, want);
        if (declared)
            assert_string_equal(s->lead_image->declared, declared);
        else
            assert_null(s->lead_image->declared);
        assert_int_equal(s->lead_image->has_box, m == 0);
        sb_story_free(s);
    }
}

static void test_noscript_ad(void **state)
{
    (void)state;
    /* The ad server's noscript banner and the tracking pixel lose to the
     * figure; the page's canonical link gives the address. */
    expect("noscript_ad.html", NULL, "https://news.example.org/media/2024/05/storm-quay.jpg", NULL);
}

static void test_lazy_placeholder(void **state)
{
    (void)state;
    /* data-src beats the preloader src; og:url gives the address. */
    expect("lazy_placeholder.html", NULL, "https://news.example.org/media/2024/05/storm-boats.jpg",
           NULL);
}

static void test_byline_avatar(void **state)
{
    (void)state;
    expect("byline_avatar.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-lifeboat.jpg", NULL);
}

static void test_related_above(void **state)
{
    (void)state;
    expect("related_above.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-flooded-street.jpg", NULL);
}

static void test_gallery_below(void **state)
{
    (void)state;
    /* Larger gallery pictures after the story lose to the one under the
     * headline. */
    expect("gallery_below.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-harbour-night.jpg", NULL);
}

static void test_story_images(void **state)
{
    (void)state;
    /* Every story image in reading order, with caption and credit. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("gallery_below.html", methods[m], PAGE_URL);
        assert_int_equal(s->n_images, 3);
        assert_string_equal(s->images[0].url,
                            "https://news.example.org/media/2024/05/storm-harbour-night.jpg");
        assert_null(s->images[0].caption);
        assert_string_equal(s->images[0].alt, "The harbour at night");
        assert_string_equal(s->images[1].url, "https://news.example.org/media/2024/05/gallery-1.jpg");
        assert_string_equal(s->images[1].caption, "Sandbags at the fish market. Photo: Jan Berg");
        assert_string_equal(s->images[1].credit, "Photo: Jan Berg");
        assert_int_equal(s->images[1].width, 1200);
        assert_int_equal(s->images[1].height, 800);
        assert_int_equal(s->images[1].has_box, m == 0);
        assert_string_equal(s->images[2].caption, "Broken pontoons.");
        assert_null(s->images[2].credit);
        /* The story text keeps its first paragraph (no caption stolen). */
        assert_non_null(strstr(s->text, "The storm reached the harbour shortly after midnight"));
        sb_story_free(s);
    }
}

static void test_og_rendition(void **state)
{
    (void)state;
    /* The proxied 1040x572 copy of og:image beats the chart above it; the
     * record keeps what the reader sees and the declared URL. */
    expect("og_rendition.html", PAGE_URL,
           "https://images.example.org/proxy/w_800/"
           "https%3A%2F%2Fcdn.example.org%2Fuploads%2F2024%2F05%2Fstorm-seawall-1040x572.jpg",
           "https://cdn.example.org/uploads/2024/05/storm-seawall-1200x630.jpg");
}

static void test_no_declared(void **state)
{
    (void)state;
    /* The logo is rejected; <base href> resolves the picture, over the
     * caller's URL as in a browser. */
    expect("no_declared.html", PAGE_URL, "https://static.example.org/news/media/storm-fish-market.jpg",
           NULL);
    expect("no_declared.html", NULL, "https://static.example.org/news/media/storm-fish-market.jpg",
           NULL);
}

static void test_css_background(void **state)
{
    (void)state;
    expect("css_background.html", PAGE_URL, "https://news.example.org/media/2024/05/storm-hero.jpg",
           NULL);
}

static void test_declared_alone(void **state)
{
    (void)state;
    /* Nothing acceptable shown: the declared image, without a box, in the
     * JSON record. */
    const char *html = "<html><head><title>Quiet day</title>"
                       "<meta property='og:image' content='https://cdn.example.org/quiet.jpg'>"
                       "</head><body><article><h1>Quiet day</h1>"
                       "<img src='/brand/logo.png' width=300 height=80>"
                       "<p>Nothing much happened in the town today, the council reported, and the "
                       "harbour stayed calm all afternoon and well into the evening.</p>"
                       "</article></body></html>";
    sb_options opt;
    sb_options_init(&opt);
    opt.method = "dom";
    opt.base_url = PAGE_URL;
    sb_story *s = sb_extract(html, strlen(html), &opt);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url, "https://cdn.example.org/quiet.jpg");
    assert_string_equal(s->lead_image->declared, "https://cdn.example.org/quiet.jpg");
    assert_false(s->lead_image->has_box);
    char *json = sb_story_to_json(s, false);
    assert_non_null(strstr(json, "\"lead_image\":{\"url\":\"https://cdn.example.org/quiet.jpg\","
                                 "\"caption\":null,\"alt\":null,"
                                 "\"declared\":\"https://cdn.example.org/quiet.jpg\","
                                 "\"width\":0,\"height\":0,\"box\":null}"));
    free(json);
    sb_story_free(s);
}

/* The lead image of an inline page, by `method`; the caller frees. */
static sb_story *extract_inline(const char *html, const char *method)
{
    sb_options opt;
    sb_options_init(&opt);
    opt.method = method;
    opt.base_url = PAGE_URL;
    sb_story *s = sb_extract(html, strlen(html), &opt);
    assert_non_null(s->lead_image);
    return s;
}

#define STORY_PARA "<p>The storm reached the harbour shortly after midnight, tearing boats from " \
                   "their moorings and flooding the quayside shops along the old fish market.</p>"

/* A caption the page names beside a picture outside any <figure>
 * (<img><br><span class="caption">), in the picture's own block, is its
 * caption, not the byline in the block below; with both methods, and the
 * caption stays out of `text`. */
static void test_named_caption_beside(void **state)
{
    (void)state;
    const char *html =
        "<html><body><article><h1>Storm floods the harbour</h1>"
        "<div class='media'><a href='/img/quay-large.jpg'><img src='/img/quay.jpg' width=800 "
        "height=450></a><br> <span class='pb-caption'>Boats torn from their moorings lie on the "
        "quay on Tuesday morning after the storm passed. (Jan Berg/Harbour Images)</span></div>"
        "<div class='sig'>By Ana Ruiz March 18 at 12:22 PM</div>" STORY_PARA
        "</article></body></html>";
    const char *methods[] = {"dom", "hybrid"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract_inline(html, methods[m]);
        assert_string_equal(s->lead_image->url, "https://news.example.org/img/quay.jpg");
        assert_string_equal(s->lead_image->caption,
                            "Boats torn from their moorings lie on the quay on Tuesday morning "
                            "after the storm passed. (Jan Berg/Harbour Images)");
        assert_null(strstr(s->text, "Boats torn"));
        sb_story_free(s);
    }
}

static void test_declared_beats_far_picture(void **state)
{
    (void)state;
    /* The declared picture is not shown; the best candidate is a chart far
     * down the story, after a first small picture: the reader sees no
     * picture at the top, so the declared one leads, without a box. */
    const char *html =
        "<html><head><title>Storm floods harbour town</title>"
        "<meta property='og:image' content='https://cdn.example.org/social/storm-card.jpg'>"
        "</head><body><article><h1>Storm floods harbour town</h1>" STORY_PARA STORY_PARA
        "<img src='/media/ferry-timetable.png' width=200 height=120>" STORY_PARA STORY_PARA
        STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA
        STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA STORY_PARA
        "<img src='/media/rainfall-chart.png' width=800 height=500>" STORY_PARA
        "</article></body></html>";
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract_inline(html, methods[m]);
        assert_string_equal(s->lead_image->url, "https://cdn.example.org/social/storm-card.jpg");
        assert_false(s->lead_image->has_box);
        assert_int_equal(s->n_images, 2);
        sb_story_free(s);
    }
}

static void test_featured_above_headline(void **state)
{
    (void)state;
    /* The featured picture above the headline is a rendition of the
     * declared image and leads; a logo above it is not considered. */
    const char *html =
        "<html><head><title>Storm floods harbour town</title>"
        "<meta property='og:image' content='https://news.example.org/up/storm-quay.jpg'>"
        "</head><body><div class='post'><img src='/up/site-banner.jpg' width=900 height=200>"
        "<img src='/up/storm-quay-500x300.jpg' width=500 height=300>"
        "<article><h1>Storm floods harbour town</h1>"
        "<img src='/up/ferry-office.jpg' width=600 height=400>" STORY_PARA STORY_PARA STORY_PARA
        "</article></div></body></html>";
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract_inline(html, methods[m]);
        assert_string_equal(s->lead_image->url, "https://news.example.org/up/storm-quay-500x300.jpg");
        sb_story_free(s);
    }
}

static void test_retina_and_source_lazy_srcset(void **state)
{
    (void)state;
    /* data-retina-src replaces an empty-gif src; a <picture> whose sources
     * carry only data-lazy-srcset shows their picture. */
    const char *retina = "<html><body><article><h1>Storm floods harbour town</h1>"
                         "<img src='/img/leer.gif' width=960 height=540 "
                         "data-retina-src='/media/storm-quay.jpg'>" STORY_PARA STORY_PARA
                         "</article></body></html>";
    const char *picture = "<html><body><article><h1>Storm floods harbour town</h1>"
                          "<picture><source data-lazy-srcset='/media/storm-boats-900x600.webp 900w'>"
                          "<img width=900 height=600></picture>" STORY_PARA STORY_PARA
                          "</article></body></html>";
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract_inline(retina, methods[m]);
        assert_string_equal(s->lead_image->url, "https://news.example.org/media/storm-quay.jpg");
        sb_story_free(s);
        s = extract_inline(picture, methods[m]);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/media/storm-boats-900x600.webp");
        sb_story_free(s);
    }
}

static void test_same_picture(void **state)
{
    (void)state;
    /* Renditions: size tokens, CDN paths, proxies carrying the original. */
    assert_true(sb_same_picture("https://a.example/u/2024/storm-1040x572.jpg",
                                "https://cdn.example/u/storm-1200x630.jpg?v=3"));
    assert_true(sb_same_picture("https://a.example/storm_w1200.webp", "http://b.example/storm.jpg"));
    assert_true(sb_same_picture("https://a.example/p/storm-1200-80.jpg", "https://a.example/storm.jpg"));
    assert_true(sb_same_picture("https://a.example/storm@2x.jpg", "https://a.example/storm-scaled.jpg"));
    assert_true(sb_same_picture("https://img.example/fit/800/https%3A%2F%2Fo.example%2Fstorm.jpg",
                                "https://o.example/storm-1600x900.jpg"));
    assert_true(sb_same_picture("http://a.example/x/1.jpg#top", "https://a.example/x/1.jpg"));
    /* A query glued on with '&', zero padding of a picture number. */
    assert_true(sb_same_picture("https://a.example/img/311039909.jpg&ExactW=350",
                                "https://a.example/img/311039909.jpg"));
    assert_false(sb_same_picture("https://a.example/img/tom&jerry.jpg", "https://a.example/img/tom.jpg"));
    assert_true(sb_same_picture("https://a.example/p/0988015.jpg", "https://a.example/p/988015-800x600.jpg"));
    /* A generic file name after a segment naming an image file is a
     * rendition of that file; two generic names after different files
     * are different pictures. */
    assert_true(sb_same_picture("https://m.example/media/ab12_cd34~mv2.jpg/v1/fit/w_1000%2Ch_1000/file.jpg",
                                "https://m.example/media/ab12_cd34~mv2.jpg/v1/fill/w_147,h_83,blur_2/"
                                "ab12_cd34~mv2.jpg"));
    assert_false(sb_same_picture("https://m.example/media/ab12_cd34~mv2.jpg/v1/fit/w_1000/file.jpg",
                                 "https://m.example/media/ef56_gh78~mv2.jpg/v1/fit/w_1000/file.jpg"));
    /* A proxy's original whose path names no file is named by its query's
     * first parameter. */
    assert_true(sb_same_picture(
        "https://i.example/Ab=/1200x630/https%3A%2F%2Fm.example%2Fvah%2F%3Ftitle%3D17247%26size%3D",
        "https://i.example/Cd=/790x527/https%3A%2F%2Fm.example%2Fvah%2F%3Ftitle%3D17247%26size%3D"));
    assert_false(sb_same_picture(
        "https://i.example/Ab=/1200x630/https%3A%2F%2Fm.example%2Fvah%2F%3Ftitle%3D17247",
        "https://i.example/Cd=/1200x630/https%3A%2F%2Fm.example%2Fvah%2F%3Ftitle%3D62298"));
    assert_false(sb_same_picture("https://a.example/p/0988015.jpg", "https://a.example/p/988016.jpg"));
    assert_false(sb_same_picture("https://a.example/g/2/09.jpg", "https://a.example/g/2/9.jpg"));
    /* A name taken again in its folder ("-2" after a title's slug of four
     * words or more); not after a short name, nor two numbered files. */
    assert_true(sb_same_picture("https://a.example/u/2015/10/council-votes-leaner-budget-2-1000x305.jpg",
                                "https://a.example/u/2015/10/council-votes-leaner-budget-300x250.jpg"));
    assert_false(sb_same_picture("https://a.example/u/tour-2.jpg", "https://a.example/u/tour.jpg"));
    assert_false(sb_same_picture("https://a.example/u/trip-to-the-coast-1.jpg",
                                 "https://a.example/u/trip-to-the-coast-2.jpg"));
    assert_false(sb_same_picture("https://a.example/u/trip-to-the-coast-12.jpg",
                                 "https://a.example/u/trip-to-the-coast.jpg"));
    /* MediaWiki's thumbnail widths ("220px-NAME"), a width alone before
     * an 'x' ("header-1280x"), a derivative numbered from zero
     * ("NAME.0.jpg"); a series' "-1" and "-2" stay apart. */
    assert_true(sb_same_picture("https://u.example/w/thumb/f/fe/Kernel_Machine.svg/1200px-Kernel_Machine.svg.png",
                                "https://u.example/w/thumb/f/fe/Kernel_Machine.svg/220px-Kernel_Machine.svg.png"));
    assert_false(sb_same_picture("https://u.example/w/thumb/f/fe/Kernel_Machine.svg/220px-Kernel_Machine.svg.png",
                                 "https://u.example/w/thumb/3/3e/Flag_of_Tonga.svg/220px-Flag_of_Tonga.svg.png"));
    assert_true(sb_same_picture("https://f.example/articles/2020-02-04-harbour/header-1280x.jpg",
                                "https://f.example/articles/2020-02-04-harbour/header-2560x.jpg"));
    assert_false(sb_same_picture("https://f.example/articles/2020-02-04-harbour/header-1280x.jpg",
                                 "https://f.example/articles/2020-02-11-market/header-1280x.jpg"));
    assert_true(sb_same_picture("https://c.example/t/AbC=/1200x800/c.example/uploads/image/57988089/DSCF2931.0.jpg",
                                "https://c.example/t/XyZ=/fit-in/1200x630/c.example/uploads/file/13721811/DSCF2931.jpg"));
    assert_false(sb_same_picture("https://c.example/u/harbour-storm.1.jpg", "https://c.example/u/harbour-storm.2.jpg"));
    /* The rendition after the file name. */
    assert_true(sb_same_picture("https://img.example/x/harbour-storm.jpg/384x192Crop/",
                                "https://a.example/u/harbour-storm-1200x630.jpg"));
    assert_false(sb_same_picture("https://img.example/x/harbour-storm.jpg/384x192Crop/",
                                 "https://img.example/x/harbour-calm.jpg/384x192Crop/"));
    assert_true(sb_same_picture("https://a.example/_processed_/4/7/csm_Harbour_Storm_d323a37b2a.jpg",
                                "https://a.example/user_upload/Harbour_Storm.jpg"));
    /* A gallery plugin's thumbnail of NAME: thumbs/thumbs_NAME. */
    assert_true(sb_same_picture("https://a.example/gallery/swap/thumbs/thumbs_55500009.jpg",
                                "https://a.example/uploads/featured/55500009.jpg"));
    assert_false(sb_same_picture("https://a.example/gallery/swap/thumbs/thumbs_55500002.jpg",
                                 "https://a.example/uploads/featured/55500009.jpg"));
    assert_false(sb_same_picture("https://a.example/gallery/thumbs_storm-quay.jpg",
                                 "https://a.example/gallery/storm-quay.jpg"));
    assert_true(sb_same_picture("https://a.example/u/storm-300x150.jpg",
                                "https://a.example/u/storm-e1643880498459-300x150.jpg"));
    /* A generic file name is named by its folder. */
    assert_true(sb_same_picture("https://a.example/8812/large/image.jpg",
                                "https://b.example/8812/image.jpg"));
    assert_false(sb_same_picture("https://a.example/8812/image.jpg", "https://a.example/9001/image.jpg"));
    assert_false(sb_same_picture("https://a.example/storm.jpg", "https://a.example/calm.jpg"));
    assert_true(sb_same_picture("https://a.example/13SUDAN-1/13SUDAN-1-master768.jpg",
                                "https://a.example/13SUDAN-1/13SUDAN-1-facebookJumbo.jpg"));
    assert_false(sb_same_picture("https://a.example/harbour-at-night.jpg",
                                 "https://a.example/harbour-at-dawn.jpg"));
    assert_false(sb_same_picture("https://a.example/harbour-gallery-1.jpg",
                                 "https://a.example/harbour-gallery-2.jpg"));
    /* A long identifier leads the name and the service appends the crop. */
    assert_true(sb_same_picture(
        "http://cdn.example/resize/9b6b601b440031309c748f864087a138_extract=67,0,1867,1050_"
        "resize=680,383_.jpg?hash=a5",
        "https://cdn.example/original/9b6b601b440031309c748f864087a138.jpg"));
    assert_true(sb_same_picture("http://a.example/n/PICT000146889449_trans_NvBQ.jpeg?imwidth=450",
                                "http://a.example/n/PICT000146889449-xlarge_trans_NvBQ.jpeg"));
    assert_false(sb_same_picture("http://a.example/n/PICT000146889449_trans.jpeg",
                                 "http://a.example/n/PICT000146889450_trans.jpeg"));
    assert_false(sb_same_picture("https://a.example/harbour-gallery-photo-1.jpg",
                                 "https://a.example/harbour-gallery-photo-2.jpg"));
    assert_false(sb_same_picture("data:image/gif;base64,AAAA", "data:image/gif;base64,BBBB"));
    /* A lone two-digit number numbers a series; after a width it is a
     * quality. */
    assert_false(sb_same_picture("https://a.example/tour_10.jpg", "https://a.example/tour_13.jpg"));
    assert_true(sb_same_picture("https://a.example/p/storm-970-80.jpg",
                                "https://a.example/p/storm-1200-80.jpg"));
    /* A figure named after the post's header picture plus words is
     * another picture. */
    assert_false(sb_same_picture("https://a.example/images/00-harbour-storm-tide-chart.png",
                                 "https://a.example/images/00-harbour-storm.png"));
    /* Two crops of one photograph named by their use. */
    assert_true(sb_same_picture("https://a.example/u/101320_beauty_boss_social.jpg",
                                "https://a.example/u/101320_beauty_boss_lead-2000.jpg"));
    assert_false(sb_same_picture("https://a.example/u/harbour-at-night-lead.jpg",
                                 "https://a.example/u/harbour-at-dawn-social.jpg"));
    assert_false(sb_same_picture("https://a.example/u/harbour-storm-night.jpg",
                                 "https://a.example/u/harbour-storm-social.jpg"));
    /* A size token with a letter before it (a rendition's fit mode). */
    assert_true(sb_same_picture("https://a.example/r/aadec868-8723-4c15-9bcc-3fbd53af6b06",
                                "https://a.example/r/aadec868-8723-4c15-9bcc-3fbd53af6b06_f1400x900"));
    assert_true(sb_same_picture("https://a.example/p/storm-quay_c800x600.jpg",
                                "https://a.example/p/storm-quay.jpg"));
    assert_false(sb_same_picture("https://a.example/p/storm-quay_f1400x900.jpg",
                                 "https://a.example/p/storm-pier_f1400x900.jpg"));
    /* An upload id of 12+ characters with the rendition after a dot. */
    assert_true(sb_same_picture("https://a.example/u/2022/05/03/6271725032eaa.jpeg",
                                "https://b.example/f/6271725032eaa.r_1651642069735.0-359-1600-1158.jpeg"));
    assert_false(sb_same_picture("https://a.example/u/6271725032eaa.jpeg",
                                 "https://a.example/u/6271725032eab.jpeg"));
    assert_false(sb_same_picture("https://a.example/u/6271725032eaa_1.jpeg",
                                 "https://a.example/u/6271725032eaa_2.jpeg"));
    assert_false(sb_same_picture("https://a.example/u/storm.harbour.quay.jpg",
                                 "https://a.example/u/storm.harbour.pier.jpg"));
    /* A long id numbering a series' photographs: _1 and _2 differ. */
    assert_false(sb_same_picture("https://a.example/g/9b6b601b440031309c748f864087a138_1.jpg",
                                 "https://a.example/g/9b6b601b440031309c748f864087a138_2.jpg"));
    /* A width as the file name under a crop box and a "master" folder:
     * crops of one upload (its hash folder) match, two uploads do not,
     * though both are 4800.jpg. */
    assert_true(sb_same_picture(
        "https://i.example/img/media/df84b519a877d652e950ecd4248320eec985934e/0_320_4800_2880/master/"
        "4800.jpg?width=1200",
        "https://i.example/img/media/df84b519a877d652e950ecd4248320eec985934e/0_507_4039_2693/master/"
        "4039.jpg?width=300"));
    assert_true(sb_same_picture(
        "https://i.example/img/media/df84b519a877d652e950ecd4248320eec985934e/0_0_4800_3200/500.jpg",
        "https://i.example/img/media/df84b519a877d652e950ecd4248320eec985934e/0_0_4800_3200/master/"
        "4800.jpg"));
    assert_false(sb_same_picture(
        "https://i.example/img/media/df84b519a877d652e950ecd4248320eec985934e/0_0_4800_3200/master/"
        "4800.jpg",
        "https://i.example/img/media/05cb692c634cd90e5411aab92ca3e649474ff786/0_0_4800_3200/master/"
        "4800.jpg"));
    /* A number as the name in a folder that is no rendition stays a
     * picture of its own: two logos' sizes are not a photograph. */
    assert_false(sb_same_picture("https://a.example/brand/logo/1200.png",
                                 "https://a.example/photos/2024/1200.jpg"));
    assert_false(sb_same_picture("https://a.example/brand/site-logo-1200x630.png",
                                 "https://a.example/u/storm-quay-1200x630.jpg"));
    assert_string_equal(sb_image_declared_nonpicture("https://a.example/brand/site-logo.png"),
                        "declared image is a logo, icon, avatar or blank");
    assert_string_equal(sb_image_declared_nonpicture("https://s0.example/i/blank.jpg"),
                        "declared image is a logo, icon, avatar or blank");
    assert_null(sb_image_declared_nonpicture("https://a.example/u/storm-quay_social.jpg"));
    assert_null(sb_image_declared_nonpicture("https://a.example/storm.jpg?lazyload=true"));
    char *k = sb_picture_key("https://cdn.example/Uploads/Storm-Seawall-1040x572.JPG?w=5");
    assert_string_equal(k, "storm-seawall");
    free(k);
    assert_null(sb_picture_key("https://a.example/a.jpg"));
    /* A short name is keyed with its folder. */
    assert_true(sb_same_picture("https://a.example/uploads/2020/02/3-800x445.jpg",
                                "https://a.example/uploads/2020/02/3.jpg"));
    assert_false(sb_same_picture("https://a.example/uploads/2020/02/3.jpg",
                                 "https://a.example/uploads/2020/03/3.jpg"));
    assert_true(sb_same_picture("https://a.example/i/23578/dsc-0741.JPG?crop=1,2&width=688",
                                "https://a.example/i/23578/dsc-0741.JPG?crop=1,2"));
    k = sb_picture_key("https://a.example/g/weremember/09.jpg?__blob=normal");
    assert_string_equal(k, "weremember/09");
    free(k);
    /* A variant after a tilde is a rendition; a name encoded twice on its
     * way through a template is the same name. */
    assert_true(sb_same_picture("https://a.example/m/harbour-157~_v-videowebm.jpg",
                                "https://a.example/m/harbour-157~_v-modPremiumHalb.jpg"));
    assert_false(sb_same_picture("https://a.example/m/harbour-night~_v-videowebm.jpg",
                                 "https://a.example/m/harbour-dawn~_v-videowebm.jpg"));
    assert_true(sb_same_picture("https://a.example/p/w_2560/DSC_5245_Storm%2520Quay_b.jpg",
                                "https://a.example/p/w_1280/DSC_5245_Storm%20Quay_b.jpg"));
    /* A crop box in brackets is the rendition's. */
    assert_true(sb_same_picture("https://a.example/cache/t320/398808[0-28-2048-1260]-Storm-Quay.jpg",
                                "https://a.example/media/398808-Storm-Quay.jpg"));
}

static void test_url_rules(void **state)
{
    (void)state;
    assert_non_null(sb_image_ad_url("https://ads.example.net/adserver/www/delivery/avw.php?zoneid=5"));
    /* An ad network's banner endpoint: the picture is whatever ad it serves. */
    assert_non_null(sb_image_ad_url("https://adfarm1.adition.com/banner?sid=1&kid=2&bid=3&wpt=C"));
    assert_non_null(sb_image_ad_url("https://ads.example.net/banner?zone=top"));
    assert_null(sb_image_ad_url("https://cdn.example.com/images/banner-photo.jpg"));
    /* An "ad" folder of a hash split into hex-byte folders. */
    assert_null(sb_image_ad_url("https://images.example.com/ad/93/9f099ec74374a67121155d25f38a/harbour.jpg"));
    assert_null(sb_image_ad_url("https://images.example.com/93/ad/9f099ec74374a67121155d25f38a/harbour.jpg"));
    assert_non_null(sb_image_ad_url("https://www.example.com/ad/top/leaderboard.jpg"));
    assert_non_null(sb_image_placeholder("/static/img/spinner.gif"));
    assert_non_null(sb_image_placeholder("data:image/svg+xml;base64,AAA"));
    assert_null(sb_image_placeholder("/media/storm.jpg"));
    assert_non_null(sb_image_ad_url("https://banners.example.com/show.aspx?BID=1&AdID=12765"));
    assert_non_null(sb_image_ad_url("https://ads.example.net/www/images/ck.php?bannerid=7"));
    assert_null(sb_image_ad_url("https://cdn.example.org/img.php?headid=3"));
    assert_non_null(sb_image_furniture_url("/wp-includes/images/smilies/wink.gif"));
    /* A theme's design file; an upload named like a theme is not one. */
    assert_non_null(sb_image_furniture_url(
        "https://example.org/wp-content/themes/news/images/right-col-border.png"));
    assert_null(sb_image_furniture_url("https://example.org/uploads/2020/08/themes-of-the-year.jpg"));
    /* An image CDN named "...pixel" is no tracking pixel; a proxy's own
     * path ("almatalent.fi" inside it) is not the picture's file name. */
    assert_null(sb_image_ad_url("https://cdn.shortpixel.ai/client/w_760/https://ex.org/storm.jpg"));
    assert_non_null(sb_image_ad_url("https://pixel.example.net/p.gif?id=4"));
    assert_null(sb_image_furniture_url(
        "https://images.almatalent.fi/570x/https://assets.almatalent.fi/image/d4046ab9"));
    assert_non_null(sb_image_furniture_name("author-avatar round"));
    assert_non_null(sb_image_furniture_name("top ad"));
    assert_null(sb_image_furniture_name("header-image"));
    char *u = sb_css_background_url("height: 4px; background: #000 url( \"/m/Hero.jpg\" ) no-repeat");
    assert_string_equal(u, "/m/Hero.jpg");
    free(u);
    assert_null(sb_css_background_url("background-color: red"));
}

static void test_huge_sizes(void **state)
{
    (void)state;
    /* width=50000 and a 50000w srcset must not overflow the area. */
    const char *html = "<html><head><title>Wide</title></head><body><article><h1>Wide</h1>"
                       "<img src='/big.jpg' width=50000 height=50000>"
                       "<img srcset='/wide.jpg 50000w, /small.jpg 100w'>"
                       "<p>A very wide picture was shown at the museum today, the largest the "
                       "curators had ever printed on a single roll of paper.</p>"
                       "</article></body></html>";
    sb_options opt;
    sb_options_init(&opt);
    opt.method = "dom";
    opt.base_url = PAGE_URL;
    sb_story *s = sb_extract(html, strlen(html), &opt);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url, "https://news.example.org/big.jpg");
    sb_story_free(s);
}

static void test_responsive_hidden(void **state)
{
    (void)state;
    /* Copies shown by screen width in an image widget are not furniture:
     * the first copy leads. */
    expect("responsive_hidden.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quay-phone.jpg", NULL);
}

static void test_descriptive_alt(void **state)
{
    (void)state;
    /* A long alt that says "ad", an aspect ratio and a hash with "2x4" in
     * the URL: none of it rejects the picture. */
    expect("descriptive_alt.html", PAGE_URL,
           "https://img.example.net/881jwZOCkAq-pKUm4TA2x4F8lGnFs7/rs:fill:1200/"
           "aHR0cHM6Ly9zdG9ybQ/storm-ad-campaign_3x2_md.jpg",
           NULL);
}

static void test_wrapper_background(void **state)
{
    (void)state;
    /* A page wrapper's background pattern is not a hero picture. */
    expect("wrapper_background.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-pier.jpg", NULL);
}

static void test_affiliate_ad(void **state)
{
    (void)state;
    /* An affiliate banner (AdID= in its query) and a smiley are rejected. */
    expect("affiliate_ad.html", PAGE_URL, "https://news.example.org/media/2024/05/storm-ferry.jpg",
           NULL);
}

static void test_picture_box(void **state)
{
    (void)state;
    /* "blog-item-banner-image" holds the story's picture; "promo-banner"
     * stays furniture. */
    expect("picture_box.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-harbour-wall.jpg", NULL);
}

static void test_icon_row(void **state)
{
    (void)state;
    /* Flags in a row of linked images of unknown size and a plugin's share
     * button are icons; the story's picture (no size either) leads. */
    expect("icon_row.html", PAGE_URL, "https://news.example.org/media/2024/05/storm-drone.jpg",
           NULL);
}

static void test_control_drawings(void **state)
{
    (void)state;
    /* Unsized drawings named print, comment and stars-rating in a tool bar
     * are page controls; the photograph below, named "royal-mail-...", is
     * the story's picture. */
    expect("control_drawings.html", PAGE_URL,
           "https://news.example.org/media/2024/05/royal-mail-sorting-office.jpg", NULL);
    /* Print, comment and mail drawings only: no lead image. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("control_drawings_only.html", methods[m], PAGE_URL);
        assert_null(s->lead_image);
        sb_story_free(s);
    }
}

static void test_tracking_host(void **state)
{
    (void)state;
    /* An image sent to a host named for tracking and a file named
     * "...Pixel.png" are tracking; the photograph below leads. */
    expect("tracking_host.html", PAGE_URL,
           "https://news.example.org/media/2024/05/river-bank-sandbags.jpg", NULL);
}

static void test_share_class_photo(void **state)
{
    (void)state;
    /* A photograph whose own class offers it for sharing ("img-share") is
     * the story's picture, not a share button; the share bar's button
     * above it stays rejected, and the PNG further down does not lead. */
    expect("share_class_photo.html", PAGE_URL,
           "https://news.example.org/media/2024/05/chefs-at-westminster.jpg", NULL);
}

static void test_app_store_badge(void **state)
{
    (void)state;
    /* App store download badges under the headline, one named by its
     * file ("app%20store%20banner.png"), one by its alt ("Get it on Google
     * Play"), are rejected; the story's picture, whose file names the
     * store as its subject, leads. */
    expect("app_store_badge.html", PAGE_URL,
           "https://news.example.org/media/2024/05/google-play-pass-library.jpg", NULL);
    assert_non_null(
        sb_image_app_badge("https://x.example/u/Download_on_the_App_Store_Badge.svg", NULL));
    assert_non_null(sb_image_app_badge("https://x.example/u/b.png", "Download on the App Store"));
    assert_null(
        sb_image_app_badge("https://x.example/u/google-play-pass-400x240.png", "google play pass"));
}

static void test_thumbnail_query(void **state)
{
    (void)state;
    /* The only picture asks the image server for its thumbnail by name
     * ("&size=thumbnail"): no lead image. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("thumbnail_query.html", methods[m], PAGE_URL);
        assert_null(s->lead_image);
        sb_story_free(s);
    }
}

/* Every method finds no lead image on the sample. */
static void expect_none(const char *name)
{
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract(name, methods[m], PAGE_URL);
        assert_null(s->lead_image);
        sb_story_free(s);
    }
}

static void test_heading_icon(void **state)
{
    (void)state;
    /* A flag of no stated size in a comment's heading, beside the
     * commenter's name, is an icon: no lead image.  A picture offered in
     * renditions (srcset) inside a subheading stays the story's picture. */
    expect_none("heading_icon.html");
    expect("heading_picture.html", PAGE_URL,
           "https://img.example.net/e80dae8a/scale-to-width-down/627", NULL);
}

static void test_hidden_class_popup(void **state)
{
    (void)state;
    /* Browser logos in an "update your browser" popup hidden by the
     * framework class "!hidden" (laid out in the flow without the page's
     * stylesheet): the story's photo further down leads. */
    expect("hidden_class_popup.html", PAGE_URL,
           "https://img.example.net/photos/round-tablecloth-steps.jpg", NULL);
}

static void test_crest_beside_name(void **state)
{
    (void)state;
    /* Two 105 px team crests, each in a link beside the team's name, right
     * under the headline: emblems beside their labels; the race photo in
     * the report leads. */
    expect("crest_beside_name.html", PAGE_URL,
           "https://img.example.net/photos/harbour-town-heat-12.jpg", NULL);
}

static void test_site_header_banner(void **state)
{
    (void)state;
    /* The theme's header picture in the page's own <header>, closed before
     * the headline: the site's banner, no lead (the post shows no other
     * picture).  A header picture the page declares is the post's own and
     * stays. */
    expect_none("site_header_banner.html");
    expect("site_header_declared.html", PAGE_URL,
           "https://garden.example.org/uploads/2021/04/opening-day.jpg",
           "https://garden.example.org/uploads/2021/04/opening-day.jpg");
    /* A header picture whose class names it the post's (wp-post-image)
     * stays for hybrid, which sees it right above the headline; dom, which
     * sees no box, takes no picture above the headline outside its box. */
    sb_story *s = extract("site_header_post_image.html", "hybrid", PAGE_URL);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url,
                        "https://writer.example.org/uploads/clock-tower-1260x350.jpg");
    sb_story_free(s);
    s = extract("site_header_post_image.html", "dom", PAGE_URL);
    assert_null(s->lead_image);
    sb_story_free(s);
}

static void test_fixed_popup(void **state)
{
    (void)state;
    /* An app banner in a box the page's <style> fixes over the page: the
     * render knows it is position: fixed, so hybrid takes the story's
     * photo; dom, without a render, reads no style and still takes the
     * banner (its limit, asserted so a change shows). */
    sb_story *s = extract("fixed_popup.html", "hybrid", PAGE_URL);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url, "https://img.example.net/photos/allotment-harvest.jpg");
    sb_story_free(s);
    s = extract("fixed_popup.html", "dom", PAGE_URL);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url, "https://img.example.net/app/get-our-app-600x300.png");
    sb_story_free(s);
}

static void test_inline_style_size(void **state)
{
    (void)state;
    /* A captcha sized 96x48 by its inline style only: too small for dom
     * too (hybrid has its box). */
    expect_none("inline_style_size.html");
}

static void test_series_numbers(void **state)
{
    (void)state;
    /* The declared picture is number 13 of a series and not shown; number
     * 10, further down, is another photograph ("_10" is no size token), so
     * the picture under the headline leads. */
    expect("series_numbers.html", PAGE_URL, "https://news.example.org/media/2024/05/harbour-walk_2.jpg",
           "https://news.example.org/media/2024/05/harbour-walk_13.jpg");
}

static void test_header_banner(void **state)
{
    (void)state;
    /* The header holding the headline is named "banner-headline"
     * (furniture, for text); its picture, without a size, leads over the
     * larger one further down. */
    expect("header_banner.html", PAGE_URL, "https://news.example.org/media/2024/05/storm-seawall.jpg",
           NULL);
}

static void test_compound_ad_name(void **state)
{
    (void)state;
    /* "block-image-ads hero-image" names a picture box; "ad-slot" alone
     * is an ad slot. */
    expect("compound_ad_name.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-lifeboat.jpg", NULL);
    assert_null(sb_image_furniture_name("block-image-ads hero-image"));
    assert_non_null(sb_image_furniture_name("ad-slot"));
    assert_non_null(sb_image_furniture_name("ads leaderboard"));
    assert_non_null(sb_image_furniture_name("tracking-pixel image"));
}

static void test_own_compound_name(void **state)
{
    (void)state;
    /* The same compound name on the <img> itself (no box around it says
     * "hero"): the picture under the headline, not the later figure. */
    expect("own_compound_name.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-harbour-wall.jpg", NULL);
}

static void test_front_page_link(void **state)
{
    (void)state;
    /* The theme's header picture links to the site's front page: the
     * story's own figure further down leads.  The rule reads the link, any
     * host, and rel="home". */
    expect("front_page_link.html", NULL,
           "https://news.example.org/media/2024/05/storm-pontoon-repairs.jpg", NULL);
}

static void test_lazy_switch_query(void **state)
{
    (void)state;
    /* "lazyload=true" in an image service's query is a switch, not a
     * placeholder's name: the picture under the headline leads. */
    expect("lazy_switch_query.html", NULL,
           "https://news.example.org/media/2024/05/"
           "storm-harbour-wall.jpg?width=1200&lazyload=true&lazyloadPixelated=false",
           NULL);
}

static void test_aspect_ratio_crop(void **state)
{
    (void)state;
    /* "trafo=21x10" names the crop's aspect ratio, not a thumbnail's size:
     * the picture under the headline leads. */
    expect("aspect_ratio_crop.html", NULL,
           "https://news.example.org/media/2024/05/storm-harbour-wall.jpg?trafo=21x10&width=1200",
           NULL);
}

static void test_hidden_slider(void **state)
{
    (void)state;
    /* A slider shipped hidden (inline display:none) shows its first slide
     * once its script runs: that picture leads, with no box in hybrid (the
     * render hides it); the second slide and a hidden pin-it copy stay
     * rejected. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("hidden_slider.html", methods[m], NULL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/media/2024/05/storm-harbour-wall.jpg");
        assert_false(s->lead_image->has_box);
        sb_story_free(s);
    }
}

static void test_article_image_marked(void **state)
{
    (void)state;
    /* The picture under the headline is marked as the article's image
     * (itemprop="image"): the names of the boxes around it ("story-promo",
     * "article__sharing") do not reject it.  An unmarked promotion further
     * down stays rejected. */
    expect("article_image_marked.html", NULL,
           "https://news.example.org/media/2024/05/storm-harbour-wall.jpg", NULL);
}

static void test_marked_image_paywall(void **state)
{
    (void)state;
    /* A paywalled story's few paragraphs make no lead zone; the first
     * picture after the headline that the page marks as the article's image
     * (itemprop="image" on its <picture>) is not rejected by its box's
     * names ("article__sharing"), without a layout too.  A related story's
     * picture marked the same way further down is not the article's. */
    expect("marked_image_paywall.html", NULL,
           "https://news.example.org/media/2024/05/snow-on-panels.jpg", NULL);
}

static void test_teaser_card(void **state)
{
    (void)state;
    /* A card for another story under the first paragraph (its picture and
     * title link to the same page) loses to the story's own figure, whose
     * link to its full-size file makes no card. */
    expect("teaser_card.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-pontoon-repairs.jpg", NULL);
}

static void test_ad_file_name(void **state)
{
    (void)state;
    /* The publisher's own ad in the story header, named for what it is
     * ("online-anzeige"), would outscore the figure below the lead zone;
     * the word that labels an ad, a whole token of the file name, rejects
     * it.  Inside another word it does not. */
    expect("ad_file_name.html", PAGE_URL, "https://news.example.org/media/2024/05/storm-pontoons.jpg",
           NULL);
    assert_non_null(sb_image_ad_file("https://a.example/uploads/online-anzeige-scaled.jpg"));
    assert_non_null(sb_image_ad_file("https://a.example/img/Werbung_Banner.png?x=1"));
    assert_null(sb_image_ad_file("https://a.example/img/anzeigenblatt-redaktion.jpg"));
    assert_null(sb_image_ad_file("https://a.example/werbung/storm-quay.jpg"));
}

static void test_first_screen(void **state)
{
    (void)state;
    /* A full-size picture right under the headline, the first a reader
     * sees, leads over the story's second picture in the lead zone, whose
     * figure and caption (repeating the headline's words) outweigh it
     * without the layout: hybrid takes the first, dom the second. */
    const char *want[] = {"https://news.example.org/media/2024/05/storm-quayside-night.jpg",
                          "https://news.example.org/media/2024/05/storm-harbour-boats.jpg"};
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("first_screen.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url, want[m]);
        assert_null(s->lead_image->declared);
        sb_story_free(s);
    }
}

static void test_header_no_headline(void **state)
{
    (void)state;
    /* The page shows no headline element (the headline comes from the
     * title): the picture in the box right above the first story root is
     * the story header's, and leads over the chart further down. */
    expect("header_no_headline.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quayside.jpg", NULL);
}

static void test_same_about(void **state)
{
    (void)state;
    /* The story's header picture shown in a header region of its own,
     * before the breadcrumb and an ad slot, in an <article about=NODE>
     * naming the node the headline's <article> names: the story's header
     * picture, over the chart further down, for both methods. */
    expect("same_about_header.html", PAGE_URL,
           "https://news.example.org/files/styles/header/public/2024-05/storm-quayside.jpg", NULL);
    /* The same page with the header picture about another node: not the
     * story's, the chart leads. */
    expect("same_about_other.html", PAGE_URL,
           "https://news.example.org/files/2024-05/storm-rain-chart.png", NULL);
}

static void test_banner_post_picture(void **state)
{
    (void)state;
    /* The post's own picture (class wp-post-image) shown as the header
     * picture in the site's banner (role=banner) and linked to the front
     * page: the post's picture, over the chart in the post. */
    expect("banner_post_picture.html", PAGE_URL,
           "https://news.example.org/files/2024/05/storm-quayside.jpg?w=1000&h=288&crop=1", NULL);
    /* The theme's header picture there, named for the header: furniture,
     * the chart leads. */
    expect("banner_header_picture.html", PAGE_URL,
           "https://news.example.org/files/2024/05/storm-rain-chart.png", NULL);
}

static void test_card_links_self(void **state)
{
    (void)state;
    /* A post's header picture linked to the post's own address (its URL
     * and canonical link), as is the line of post details beside it, is no
     * card for another page; nor is an opening picture linked, with its
     * caption, to its own URL (a full-size view named without an image
     * file extension).  Both lead over the chart further down. */
    expect("card_links_self.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quay-header.jpg", NULL);
    expect("card_links_picture.html", PAGE_URL,
           "https://news.example.org/res/2024/05/a1b2c3d4-storm-pier_f1400x900", NULL);
}

static void test_rendition_forms(void **state)
{
    (void)state;
    /* The declared picture shown as a rendition the same-picture rule
     * reads: a lettered size token, a crop named by its use, a rendition
     * after an upload id and a dot, another crop and width of the upload a
     * hash folder names.  Each
     * leads over another picture (the chart before it; a captioned picture
     * of the same width, another upload, further down). */
    expect("lettered_size.html", PAGE_URL,
           "https://static.example.org/res/path/aa/de/aadec868-8723-4c15-9bcc-3fbd53af6b06_f1400x900",
           "https://static.example.org/res/path/aa/de/aadec868-8723-4c15-9bcc-3fbd53af6b06");
    expect("dot_rendition.html", PAGE_URL,
           "https://news.example.org/files/6271725032eaa.r_1651642069735.0-359-1600-1158.jpeg",
           "https://www.example.org/files/og_paste_img/uploads/2024/05/03/6271725032eaa.jpeg");
    expect("crop_roles.html", PAGE_URL,
           "https://static.example.org/uploads/2024/05/13/051324_storm_quay_lead-2000.jpg",
           "https://static.example.org/uploads/2024/05/13/051324_storm_quay_social.jpg");
    /* The declared picture's file uploaded again for a wide header crop
     * ("NAME-2"): the header banner under the headline leads over the
     * declared size's copy further down the text. */
    expect("duplicate_upload.html", PAGE_URL,
           "https://news.example.org/uploads/2024/05/council-votes-leaner-budget-2-1000x305.jpg",
           "https://news.example.org/uploads/2024/05/council-votes-leaner-budget-300x250.jpg");
    expect("crop_folders.html", PAGE_URL,
           "https://img.example.org/img/media/df84b519a877d652e950ecd4248320eec985934e/"
           "0_507_4039_2693/master/4039.jpg?width=620",
           "https://img.example.org/img/media/df84b519a877d652e950ecd4248320eec985934e/"
           "0_320_4800_2880/master/4800.jpg?width=1200&height=630");
}

/* Both methods return the declared picture alone (`want`), without a box. */
static void expect_declared_alone(const char *name, const char *want)
{
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract(name, methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url, want);
        assert_string_equal(s->lead_image->declared, want);
        assert_false(s->lead_image->has_box);
        sb_story_free(s);
    }
}

static void test_declared_hex_folder(void **state)
{
    (void)state;
    /* An "ad" folder of a hash split into hex-byte folders is no ad
     * server: the declared picture stands alone. */
    expect_declared_alone("declared_hex_folder.html",
                          "https://images.example.org/ad/93/9f099ec74374a67121155d25f38a/harbour-reopens.jpg");
}

static void test_author_box_bordered(void **state)
{
    (void)state;
    /* The author's 200x200 photo, its box grown by a border, is still an
     * avatar: the declared picture stands alone. */
    expect_declared_alone("author_box_bordered.html",
                          "https://news.example.org/uploads/2024/12/new-year-at-work.jpg");
}

static void test_click_here_promo(void **state)
{
    (void)state;
    /* A promotion whose alt asks for a click ("Now Streaming 24/7 Click
     * Here") is a button: the declared picture stands alone. */
    expect_declared_alone("click_here_promo.html",
                          "https://news.example.org/images/2023/11/lake-resort-plan.jpg");
    /* "Click here to enlarge" on the story's photo asks to see the
     * picture itself: it stays the lead. */
    expect("click_here_enlarge.html", PAGE_URL,
           "https://news.example.org/images/2023/11/lake-shore.jpg",
           "https://news.example.org/images/2023/11/lake-resort-plan.jpg");
}

static void test_small_first_far(void **state)
{
    (void)state;
    /* The story's first picture far down, known to be small (a 200x100
     * logo in a product list), yields to the declared picture. */
    expect_declared_alone("small_first_far.html",
                          "https://news.example.org/images/2022/03/trading-services.jpg");
    /* Of unknown size there, it keeps the lead. */
    expect("first_far_unknown_size.html", PAGE_URL,
           "https://news.example.org/images/2022/03/simple-service-screen.jpg",
           "https://news.example.org/images/2022/03/trading-services.jpg");
}

static void test_own_teaser_far_first(void **state)
{
    (void)state;
    /* The story's first picture far down, of unknown size, yields to the
     * declared picture when the page shows that picture as this story's
     * own: a thumbnail in a "Most read" list linked to the page's own
     * address (canonical, a tracking query added). */
    expect_declared_alone("own_teaser_far_first.html",
                          "https://news.example.org/images/2022/03/trading-services.jpg");
    /* The same thumbnail linked to another page names no picture of this
     * story: the first picture keeps the lead. */
    expect("own_teaser_other_page.html", PAGE_URL,
           "https://news.example.org/images/2022/03/simple-service-screen.jpg",
           "https://news.example.org/images/2022/03/trading-services.jpg");
}

static void test_first_far_no_declared(void **state)
{
    (void)state;
    /* No declared picture, every screenshot far down the story: the first
     * keeps the lead over a later one whose caption repeats the
     * headline's words. */
    expect("first_far_no_declared.html", PAGE_URL,
           "https://news.example.org/images/2015/03/mapper-main-window.png", NULL);
}

static void test_entry_header_aside(void **state)
{
    (void)state;
    /* The post's featured picture (wp-post-image) in an <aside> of the
     * story's own header leads over a captioned figure further down. */
    expect("entry_header_aside.html", PAGE_URL,
           "https://news.example.org/images/2022/01/warden-boat-732x380.jpg", NULL);
}

static void test_bio_img_name(void **state)
{
    (void)state;
    /* A file named as a biography picture ("...-BIO-IMG.png") is an
     * author photo: the declared picture stands alone. */
    expect_declared_alone("bio_img_name.html",
                          "https://news.example.org/images/2023/11/salon-camera.jpg");
}

static void test_call_to_try_alt(void **state)
{
    (void)state;
    /* A banner whose alt offers a free trial ("kostenlos testen") is a
     * promotion: the story's own picture further down leads. */
    expect("call_to_try_alt.html", PAGE_URL, "https://news.example.org/bilder/2023/gericht-akten.jpg",
           "https://news.example.org/bilder/2023/wohngeld-urteil-400x400.jpg");
}

static void test_declared_share_card_hd(void **state)
{
    (void)state;
    /* A declared "preview-fb-hd.png" is the site's default card ("hd" a
     * size word): the small cover the review shows stays the lead, also
     * where the DOM finds it outside the lead position. */
    expect("declared_share_card_hd.html", PAGE_URL,
           "https://news.example.org/uploads/media/handbook-internet-law.thumb.jpg",
           "https://news.example.org/img/preview-fb-hd.png");
}

static void test_rendition_names(void **state)
{
    (void)state;
    /* A wiki's thumbnail width before the name ("220px-NAME") and a
     * content system's crop "NAME.0.jpg" are renditions of the declared
     * picture, which leads over the picture shown before it. */
    expect("thumb_width_prefix.html", PAGE_URL,
           "https://upload.example.org/commons/thumb/4/4e/Storm_surge_1953.jpg/220px-Storm_surge_1953.jpg",
           "https://upload.example.org/commons/thumb/4/4e/Storm_surge_1953.jpg/1200px-Storm_surge_1953.jpg");
    /* Renditions named by one camel-cased word: a crop's use glued to a
     * qualifier ("facebookJumbo"), a rendition word last ("articleLarge"). */
    expect("compound_rendition_word.html", PAGE_URL,
           "https://static.example.org/images/2020/08/16/business/16utility1/16utility1-articleLarge.jpg",
           "https://static.example.org/images/2020/08/16/business/16utility1/16utility1-facebookJumbo.jpg");
    assert_true(sb_same_picture("https://a.example/u/lwf_harbour_storm_hero_fa8bf65377.jpg",
                                "https://a.example/u/lwf_harbour_storm_teaserII_381d901c85.jpg"));
    assert_false(sb_same_picture("https://a.example/u/harbour-storm-bigger.jpg",
                                 "https://a.example/u/harbour-storm-daylight.jpg"));
    assert_false(sb_same_picture("https://a.example/u/harbour-storm-ogre.jpg",
                                 "https://a.example/u/harbour-storm-fbpage.jpg"));
    assert_false(sb_same_picture("https://a.example/u/harbour-storm-sunset.jpg",
                                 "https://a.example/u/harbour-storm-articlelarge.jpg"));
    /* A name of an index and a format ("3-format530") is keyed by its
     * folder: the header's format of the declared picture leads, and the
     * promo's "3-formatOriginal" in another folder is no rendition of the
     * JSON-LD's "3-formatOriginal". */
    expect("format_names.html", PAGE_URL, "https://news.example.org/images/border-town/24001/3-format530.jpg",
           "https://news.example.org/images/border-town/24001/3-format2003.jpg");
    assert_false(sb_same_picture("https://a.example/images/briefing/23001/3-formatOriginal.png",
                                 "https://a.example/images/border-town/24001/3-formatOriginal.jpg"));
    char *fk = sb_picture_key("https://a.example/images/border-town/24001/3-format2003.jpg");
    assert_string_equal(fk, "24001/");
    free(fk);
    expect("zero_derivative.html", PAGE_URL,
           "https://cdn.example.org/thumbor/QrS=/0x0:2300x1499/1200x800/cdn.example.org/uploads/image/"
           "57988089/Films_of_the_year.0.jpg",
           "https://cdn.example.org/thumbor/AbC=/0x148:2300x1352/fit-in/1200x630/cdn.example.org/uploads/"
           "asset/file/9871033/Films_of_the_year.jpg");
}

static void test_hidden_declared(void **state)
{
    (void)state;
    /* The declared picture's img is hidden by the page's style (a theme
     * hiding the featured picture): it stays hybrid's candidate, without a
     * box, and leads over the wide strip of a chart further down, as in
     * dom, which sees no style. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("hidden_declared.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/uploads/2024/05/storm-seawall-945x630.jpg");
        assert_string_equal(s->lead_image->declared,
                            "https://news.example.org/uploads/2024/05/storm-seawall-945x630.jpg");
        assert_false(s->lead_image->has_box);
        sb_story_free(s);
    }
}

static void test_declared_card(void **state)
{
    (void)state;
    /* The declared picture in a section shaped like a teaser card (its
     * heading and the picture link to a fuller page) is the page's own
     * picture: it leads over a smaller one further down. */
    expect("declared_card.html", PAGE_URL,
           "https://news.example.org/uploads/2024/05/harbour-network-map.png",
           "https://news.example.org/uploads/2024/05/harbour-network-map.png");
}

static void test_declared_src_lazy(void **state)
{
    (void)state;
    /* A src that is the declared picture is no placeholder: it is kept
     * over the lazy attribute's copy on another server. */
    expect("declared_src_lazy.html", PAGE_URL,
           "https://news.example.org/uploads/2024/05/storm-quay.jpg",
           "https://news.example.org/uploads/2024/05/storm-quay.jpg");
}

static void test_repeated_button(void **state)
{
    (void)state;
    /* A small marker picture, the only content of links to two exercise
     * pages, is a button: the worked example's picture leads. */
    expect("repeated_button.html", PAGE_URL,
           "https://news.example.org/uploads/2024/05/glass-prism-example.jpg", NULL);
    /* A declared transparent spacer is no picture either: with the
     * button rejected, no lead image. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("declared_spacer.html", methods[m], PAGE_URL);
        assert_null(s->lead_image);
        sb_story_free(s);
    }
}

static void test_gallery_thumbs_declared(void **state)
{
    (void)state;
    /* A grid of gallery thumbnails (thumbs/thumbs_NAME): the declared
     * picture's thumbnail is its rendition and leads over the grid's
     * first. */
    expect("gallery_thumbs_declared.html", PAGE_URL,
           "https://news.example.org/gallery/swap-2018/thumbs/thumbs_55500009.jpg",
           "https://news.example.org/uploads/gallery_featured/55500009.jpg");
}

static void test_blur_up_source(void **state)
{
    (void)state;
    /* A <picture> whose <img> asks for a 25 px wide rendition (a blur-up
     * placeholder) shows its source's picture (data-srcset, the 2x
     * candidate): not rejected as a thumbnail, it leads over the chart. */
    expect("blur_up_source.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quay-wide.jpg?width=3200", NULL);
}

static void test_blur_up_background(void **state)
{
    (void)state;
    /* A box's CSS background (?class=blur) holding an <img> of the same
     * picture (?class=hero) that covers it is the blur-up placeholder: the
     * <img> leads, not the background judged before it. */
    expect("blur_up_background.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quay-wide.jpg?class=hero", NULL);
}

static void test_hero_background(void **state)
{
    (void)state;
    /* The declared picture drawn only as a box's CSS background above the
     * headline (no <img> of it) leads over a smaller photo in the text; the
     * blur-up stand-in before it, a 50 px rendition, is rejected by its
     * size. */
    expect("hero_background.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quay-1300x926.jpg",
           "https://news.example.org/media/2024/05/storm-quay.jpg");
}

static void test_header_site_name(void **state)
{
    (void)state;
    /* The full-width picture above the headline whose alt is the site's
     * name (og:site_name) is the site's header picture, shown on every
     * page: the story's figure leads. */
    expect("header_site_name.html", PAGE_URL, "https://news.example.org/media/2024/05/storm-boats.jpg",
           NULL);
}

static void test_declared_share_card(void **state)
{
    (void)state;
    /* A declared file named for the sharing alone is the site's default
     * card: no lead image when nothing is shown.  A story's own card names
     * the story as well. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("declared_share_card.html", methods[m], PAGE_URL);
        assert_null(s->lead_image);
        sb_story_free(s);
    }
    assert_non_null(sb_image_declared_nonpicture("http://a.example/images/facebook.png"));
    assert_non_null(sb_image_declared_nonpicture("https://a.example/og-share-1200x630.jpg"));
    assert_non_null(sb_image_declared_nonpicture("https://a.example/img/preview-fb-hd.png"));
    assert_null(sb_image_declared_nonpicture("https://a.example/og.jpg"));
    assert_null(sb_image_declared_nonpicture("https://a.example/u/storm-quay_social.jpg"));
    assert_null(sb_image_declared_nonpicture("https://a.example/13sudan-1-facebookjumbo.jpg"));
    assert_null(sb_image_declared_nonpicture("https://a.example/2024/05/1200x630.jpg"));
}

static void test_lead_own_names(void **state)
{
    (void)state;
    /* The picture under the headline names itself ("hero-image") inside a
     * box named for promotion and sharing: its own names win; the same
     * box further down keeps its verdict. */
    expect("lead_own_names.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-pontoons.jpg", NULL);
}

static void test_loader_named_lazy(void **state)
{
    (void)state;
    /* data-NAME-src beats an empty-gif src (not a blurred preview's
     * data-blur-src); a real src stays whatever a loader attribute says. */
    expect("loader_named_lazy.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-crane.jpg", NULL);
    const char *real = "<html><body><article><h1>Storm floods harbour town</h1>"
                       "<img src='/media/storm-quay.jpg' width=960 height=540 "
                       "data-zoom-src='/media/storm-quay-detail.jpg'>" STORY_PARA STORY_PARA
                       "</article></body></html>";
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract_inline(real, methods[m]);
        assert_string_equal(s->lead_image->url, "https://news.example.org/media/storm-quay.jpg");
        sb_story_free(s);
    }
}

static void test_square_crop_path(void **state)
{
    (void)state;
    /* "1x1" is a pixel in a file name only: a square crop's folder is not. */
    expect("square_crop_path.html", PAGE_URL,
           "https://img.example.org/crop/1x1/w800/storm-harbour-wall.jpg", NULL);
    assert_null(sb_image_placeholder("https://img.example.org/crop/1x1/w800/storm.jpg"));
    assert_null(sb_image_placeholder("https://img.example.org/storm.jpg?crop=1x1"));
    assert_non_null(sb_image_placeholder("https://stats.example.org/img/spacer_1x1.gif"));
    assert_non_null(sb_image_placeholder("/1x1.gif?r=5"));
    assert_null(sb_image_placeholder("https://a.example.org/poster-11x14.jpg"));
    assert_null(sb_image_declared_nonpicture("https://img.example.org/crop/1x1/storm.jpg"));
    assert_non_null(sb_image_declared_nonpicture("https://a.example.org/i/1x1.png"));
}

static void test_header_above_headline(void **state)
{
    (void)state;
    /* The picture of the story's header, above the headline, leads; the
     * masthead strip and the chart further down do not. */
    expect("header_above_headline.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quayside.jpg", NULL);
}

static void test_header_unsized(void **state)
{
    (void)state;
    /* The story header's picture has no size in the markup: unknown is
     * no reason to pass it over; it leads over the captioned chart further
     * down. */
    expect("header_unsized.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quayside-wide.jpg", NULL);
}

static void test_header_nested(void **state)
{
    (void)state;
    /* A page builder nests the header picture and the headline eight boxes
     * below the box they share: the layout shows the picture right above
     * the headline, and hybrid takes it; dom, without boxes, cannot tell
     * and takes the chart further down. */
    sb_story *s = extract("header_nested.html", "hybrid", PAGE_URL);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url,
                        "https://news.example.org/media/2024/05/storm-quayside-deep.jpg");
    assert_true(s->lead_image->has_box);
    sb_story_free(s);
    s = extract("header_nested.html", "dom", PAGE_URL);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url,
                        "https://news.example.org/media/2024/05/storm-rain-chart.png");
    sb_story_free(s);
}

static void test_header_before_article(void **state)
{
    (void)state;
    /* The header picture stands in a section before the story's root,
     * which holds the headline: it is judged against the headline all the
     * same.  The layout shows it right above the headline and hybrid takes
     * it; dom, without boxes, sees no shared box and takes the chart. */
    sb_story *s = extract("header_before_article.html", "hybrid", PAGE_URL);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url,
                        "https://news.example.org/media/2024/05/storm-quayside-wide.jpg");
    assert_true(s->lead_image->has_box);
    sb_story_free(s);
    s = extract("header_before_article.html", "dom", PAGE_URL);
    assert_non_null(s->lead_image);
    assert_string_equal(s->lead_image->url,
                        "https://news.example.org/media/2024/05/storm-rain-chart.png");
    sb_story_free(s);
}

static void test_loader_attr_svg(void **state)
{
    (void)state;
    /* The src is an SVG frame; the loader's data-td-src-property holds
     * the picture, which leads (the SVG is superseded). */
    expect("loader_attr_svg.html", PAGE_URL,
           "https://news.example.org/media/2024/05/storm-quayside-night.jpg", NULL);
}

static void test_variant_keys(void **state)
{
    (void)state;
    /* The declared picture is shown as another rendition named after a
     * tilde: it outranks the chart before it. */
    expect("variant_keys.html", PAGE_URL,
           "https://news.example.org/multimedia/pictures/harbour-157~_v-modPremiumHalb.jpg",
           "https://www.example.org/multimedia/pictures/harbour-157~_v-videowebm.jpg");
}

static void test_data_size_header(void **state)
{
    (void)state;
    /* The header picture's size is given only by data-width and
     * data-height: it is picture-sized, a candidate of the story header,
     * and leads over the chart further down. */
    expect("data_size_header.html", PAGE_URL,
           "https://news.example.org/max/2000/storm-seawall-drawing.png", NULL);
}

static void test_declared_logo(void **state)
{
    (void)state;
    /* A declared logo is never the lead image: the page's next declared
     * picture stands alone, and with none there is no lead image. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("declared_logo.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/media/2024/05/quiet-harbour.jpg");
        assert_string_equal(s->lead_image->declared,
                            "https://news.example.org/static/brand/site-logo.png");
        assert_false(s->lead_image->has_box);
        sb_story_free(s);
        s = extract("declared_logo_only.html", methods[m], PAGE_URL);
        assert_null(s->lead_image);
        sb_story_free(s);
    }
}

static void test_size_named_files(void **state)
{
    (void)state;
    /* A file named by its size only is keyed by its folder: the declared
     * picture's other size matches, another folder's same size does not. */
    expect("size_named_files.html", PAGE_URL, "https://img.example.org/photos/88121/800x450.jpg",
           "https://img.example.org/photos/88121/1200x630.jpg");
    assert_true(sb_same_picture("https://img.example.org/photos/88121/800x450.jpg",
                                "https://img.example.org/photos/88121/1200x630.jpg"));
    assert_false(sb_same_picture("https://img.example.org/photos/88120/1200x630.jpg",
                                 "https://img.example.org/photos/88121/1200x630.jpg"));
    char *k = sb_picture_key("https://img.example.org/photos/88121/1200x630.jpg");
    assert_string_equal(k, "88121/");
    free(k);
}

static void test_short_file_names(void **state)
{
    (void)state;
    /* "3.jpg" is keyed with its folder: the declared picture's rendition
     * leads, another month's "3-800x450.jpg" does not match. */
    expect("short_file_names.html", PAGE_URL,
           "https://news.example.org/uploads/2024/05/3-800x450.jpg",
           "https://news.example.org/uploads/2024/05/3.jpg");
}

static void test_keyed_size_whole_token(void **state)
{
    (void)state;
    /* "w_1" inside a file name's hash ("911w_1xYmyB") asks for no
     * thumbnail; "w_120" as a whole token does. */
    const char *html =
        "<html><head><title>Storm floods harbour town</title></head><body><article>"
        "<h1>Storm floods harbour town</h1>"
        "<img src='/media/w_120/storm-thumb-card.jpg'>"
        "<img src='/media/9537097_artdetail-911w_1xYmyB_m3EXNA.jpg' width=758 height=426>"
        STORY_PARA STORY_PARA STORY_PARA "</article></body></html>";
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract_inline(html, methods[m]);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/media/9537097_artdetail-911w_1xYmyB_m3EXNA.jpg");
        assert_int_equal(s->n_images, 1);
        sb_story_free(s);
    }
}

static void test_sizes_slot_header(void **state)
{
    (void)state;
    /* The header picture's box collapses to the width of the caption
     * beside it (a flex item that shrinks to fit a picture of unknown
     * size); its sizes attribute states a 740 px slot at the render's
     * width, so the box is no evidence of a small picture and it leads
     * (without the rule hybrid rejected it as too small and chose none). */
    expect("sizes_slot_header.html", "https://news.example.org/2024/03/bridge.html",
           "https://news.example.org/uploads/2024/03/river-crossing-model.jpg?w=1920&h=1080&crop=1",
           NULL);
    /* The slot the attribute states, by viewport width. */
    const char *sizes = "(max-width: 899px) 50vw, 740px";
    assert_int_equal(sb_sizes_slot_width(sizes, 1280), 740);
    assert_int_equal(sb_sizes_slot_width(sizes, 800), 400);
    assert_int_equal(sb_sizes_slot_width("(min-width: 64em) and (max-width: 90em) 60vw, 100vw", 1280), 768);
    assert_int_equal(sb_sizes_slot_width("screen and (min-width: 900px) 30rem, 90vw", 1000), 480);
    assert_int_equal(sb_sizes_slot_width("(orientation: portrait) 300px, 100vw", 1280), 1280);
    assert_int_equal(sb_sizes_slot_width("auto", 1280), 0);
    assert_int_equal(sb_sizes_slot_width("calc(100vw - 2rem)", 1280), 0);
    assert_int_equal(sb_sizes_slot_width(NULL, 1280), 0);
}

static void test_layout_lead_names(void **state)
{
    (void)state;
    /* The story's picture right under the headline, across its width, in
     * a media box whose names say "sidebar": with the layout, where the
     * reader sees it beats the name and it leads; without (dom), the name
     * rejects it and the chart further down is the pick. */
    const char *want[] = {"https://news.example.org/photos/2024/06/depot-gates-picket.jpg",
                          "https://news.example.org/photos/2024/06/freight-volumes-chart.png"};
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("layout_lead_names.html", methods[m],
                              "https://news.example.org/2024/06/strike.html");
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url, want[m]);
        assert_null(s->lead_image->declared);
        sb_story_free(s);
    }
}

static void test_logo_photo_lead(void **state)
{
    (void)state;
    /* A photograph (JPEG) of a carmaker's new emblem, size not stated,
     * right under the headline across the story: its file name says
     * "logo", but with the layout where a reader sees it says it is the
     * story's picture; without (dom), the name rejects it and the chart
     * further down is the pick.  The site's PNG logo stays out. */
    const char *want[] = {"https://motor.example.org/uploads/2024/03/carmaker-new-logo-grille.jpg",
                          "https://motor.example.org/uploads/2024/03/emblem-history-chart.png"};
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("logo_photo_lead.html", methods[m],
                              "https://motor.example.org/2024/03/emblem.html");
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url, want[m]);
        assert_null(s->lead_image->declared);
        sb_story_free(s);
    }
    assert_true(sb_image_furniture_url_logo_only("/uploads/2024/03/carmaker-new-logo-grille.jpg"));
    assert_false(sb_image_furniture_url_logo_only("/uploads/2024/03/logo-icon.jpg"));
    assert_false(sb_image_furniture_url_logo_only("/wp-content/themes/x/logo.jpg"));
    assert_false(sb_image_furniture_url_logo_only("/uploads/2024/03/skyline.jpg"));
}

static void test_header_first_line(void **state)
{
    (void)state;
    /* The header picture stands outside the story's text, without a
     * caption; the short first line of the story's text below it opens the
     * story: no caption, and it stays in the text. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("header_first_line.html", methods[m],
                              "https://news.example.org/2025/01/ferry.html");
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/uploads/2025/01/ferry-harbour-winter.jpg");
        assert_null(s->lead_image->caption);
        assert_non_null(s->text);
        assert_true(strncmp(s->text, "The island's only ferry will not sail until March.\n\n",
                            52) == 0);
        sb_story_free(s);
    }
}

static void test_desktop_hide_twin(void **state)
{
    (void)state;
    /* The phone layout's copy of the header picture, class "desktop-hide"
     * (the desktop shows it from a stylesheet that did not travel): a
     * responsive class, not furniture; it leads over the "more from us"
     * picture below the story. */
    expect("desktop_hide_twin.html", "https://news.example.org/2021/04/leave.html",
           "https://news.example.org/uploads/2021/04/parents-leave-hospital.jpg", NULL);
}

static void test_promo_carousel(void **state)
{
    (void)state;
    /* A slider of text-free pictures linked to other pages (appeals, a
     * report) above the story is a carousel of promotions, and the site's
     * banner above it ends more than a screen above the story (hybrid):
     * the story's own picture leads. */
    expect("promo_carousel.html", "https://news.example.org/2024/04/centre.html",
           "https://news.example.org/media/2024/04/centre-reopening-hall.jpg", NULL);
}

static void test_fullsize_attr(void **state)
{
    (void)state;
    /* A blur-up loader keeps the picture in data-fullsize behind a tiny
     * inline placeholder: that picture leads over the chart below. */
    expect("fullsize_attr.html", "https://news.example.org/2019/08/apps.html",
           "https://news.example.org/2019/03/phone-battery-settings.jpg", NULL);
}

static void test_icon_row_caption(void **state)
{
    (void)state;
    /* A press photo linked to its full size with its caption inside the
     * link, in the same box as links holding only an image (the release's
     * other photos, language flags): the captioned link is no icon, and
     * its picture leads, as the linked full-size file (the shown file is
     * its "-s" rendition: linked_full_file). */
    expect("icon_row_caption.html", PAGE_URL, "https://news.example.org/files/rig-team.jpg",
           NULL);
}

static void test_banner_holds_story(void **state)
{
    (void)state;
    /* A site header landmark (role=banner) left unclosed holds the whole
     * story: the picture under the headline leads, the logo stays out. */
    expect("banner_holds_story.html", PAGE_URL,
           "https://news.example.org/files/2022-04/accordion-player.jpg", NULL);
}

static void test_guessed_height_strip(void **state)
{
    (void)state;
    /* A strip sized by its width only gets the render's default 2:1
     * aspect, a photograph's box: taken as of unknown size, it no longer
     * outweighs the captioned photograph under it (as dom sees it). */
    expect("guessed_height_strip.html", PAGE_URL,
           "https://news.example.org/media/2022/05/congress_session_floor.jpg", NULL);
}

static void test_theme_header(void **state)
{
    (void)state;
    /* The theme's header picture above every post, a file in the theme's
     * folder, is the site's design: the post's own picture leads. */
    expect("theme_header.html", PAGE_URL,
           "https://news.example.org/files/2016/01/new-year-lanterns.jpg?w=820", NULL);
}

static void test_ad_wrapper_titled(void **state)
{
    (void)state;
    /* A slideshow wrapper named like an ad slot around the recipe's
     * picture, titled with the headline: the picture leads; the picture
     * in the same kind of box titled for an advertiser stays an ad. */
    expect("ad_wrapper_titled.html", "https://news.example.org/recipes/oat-porridge/",
           "https://news.example.org/files/styles/576x432/public/oat-porridge-linseed-apple.jpg",
           NULL);
}

static void test_query_size(void **state)
{
    (void)state;
    /* The header picture states no size in the markup, but its URL asks
     * the image server for 1000 x 667: a full-size picture, it leads over
     * the sized figure below the first paragraph. */
    expect("query_size.html", "https://news.example.org/2020/06/retreat.html",
           "https://images.example.net/5f0c9a2e41d7.jpeg?w=1000&q=65&fit=crop&h=667", NULL);
}

static void test_pin_media_blur(void **state)
{
    (void)state;
    /* The header picture's src is a blurred 147 x 83 stand-in; its
     * data-pin-media is a rendition of the same file: that rendition
     * leads (without the rule the stand-in is rejected as a thumbnail and
     * the photo below the first paragraph leads).  A stand-in whose pin
     * URL names another file stays rejected. */
    expect("pin_media_blur.html", "https://www.example-mag.de/post/dating",
           "https://static.example-media.com/media/a1b2c3_5e6f7a8b9c0d~mv2.jpg/v1/fit/"
           "w_1000%2Ch_1000%2Cal_c%2Cq_80/file.jpg",
           NULL);
}

static void test_source_aspect_size(void **state)
{
    (void)state;
    /* The header picture's lazy sources state the image style's size as
     * data-aspectratio="960/540": a 960 x 540 picture, it leads over the
     * picture below the first paragraph whose srcset states only its
     * file's width (without the rule the header's size is unknown and
     * the later picture wins by its stated width). */
    expect("source_aspect_size.html", "https://radio.example.cz/minister-8698000",
           "https://radio.example.cz/files/styles/16x9_tablet/public/images/413e7a1e8540.jpg?itok=qPPY",
           NULL);
}

static void test_picture_lazy_thumb(void **state)
{
    (void)state;
    /* The header <img>'s lazy attributes ask for a 73 x 49 thumbnail, its
     * <picture>'s sources (media holding at 1280 px) offer large
     * renditions: the first applying source's best leads (without the
     * rule the thumbnail is rejected and the picture further down
     * leads).  A person's thumbnail whose sources offer 100 x 100 stays
     * rejected. */
    expect("picture_lazy_thumb.html", "https://www.example-handwerk.de/friseur",
           "https://images.example-handwerk.de/FpGZ=/1580x1054/"
           "https%3A%2F%2Fmedia.example.de%2Fvah%2F%3Ftitle%3D17247%26size%3D",
           NULL);
}

static void test_header_other_site(void **state)
{
    (void)state;
    /* Banners over the story, each the only content of a link to another
     * site (an advertiser's), are no header picture: the story's photo
     * under the headline leads. */
    expect("header_other_site.html", "https://news.example-news.de/2023/11/defence-orders/",
           "https://cdn.example-news.de/media/2023/11/airfield-hangar.jpg?resize=300%2C200", NULL);
}

static void test_ad_unit_size(void **state)
{
    (void)state;
    /* A sponsor's creative whose file name carries a standard ad unit's
     * size (728x90), in no box named as an ad: the story's photo leads. */
    expect("ad_unit_size.html", "https://news.example.org/2022/clean-sport.html",
           "https://news.example.org/media/2022/news/junior-champion-serving.jpg", NULL);
}

static void test_after_story_widget(void **state)
{
    (void)state;
    /* A page builder's featured-image widget in a section of its own
     * right after the story's, before any text: it leads; the linked
     * picture under the next heading is another story's. */
    expect("after_story_widget.html", "https://news.example.org/2019/10/bookplates/",
           "https://news.example.org/uploads/2019/10/printmaker-list-plate.jpg", NULL);
}

static void test_layout_lead_partners(void **state)
{
    (void)state;
    /* A partners' picture right above the headline: the layout says lead,
     * but a box around it is named for partners, so it is no lead (the
     * layout rule yields to names saying another story, an ad, partners
     * or a dialog); the story's picture leads. */
    expect("layout_lead_partners.html", "https://news.example.org/2021/01/owl.html",
           "https://news.example.org/image/2021/01/little-owl-orchard.jpg", NULL);
}

static void test_linked_thumb(void **state)
{
    (void)state;
    /* The story's one picture is a 150 x 150 thumbnail ("?w=150&h=150")
     * linked to its full-size file: the linked file leads (without the
     * rule the thumbnail is rejected and the page has no lead image).
     * Related posts' 150 x 150 tiles link to pages and stay thumbnails. */
    expect("linked_thumb.html", "https://www.example-school.org/mass-of-a-cuboid/",
           "https://media.example-school.org/2015/12/cuboid-plate.png", NULL);
}

static void test_linked_thumb_mark(void **state)
{
    (void)state;
    /* The press photo's small rendition ("IMG_2475-s.jpg", the size
     * letter before the extension) linked to its full-size file
     * ("IMG_2475.jpg"): the linked file is the picture's URL (without the
     * rule the small file is). */
    expect("linked_thumb_mark.html", "https://www.example-press.de/2022/10/test-bench.html",
           "https://www.example-press.de/2022/10/press_files/efa98_IMG_2475.jpg", NULL);
}

static void test_menu_section_picture(void **state)
{
    (void)state;
    /* The picture above the headline is the section's: the site's menu
     * names its file in an attribute of two section links (a mega menu's
     * picture beside the section's name).  The story's own figure under
     * the standfirst leads (without the rule the section picture leads by
     * order). */
    expect("menu_section_picture.html", "https://www.example-hunters.de/we-are-deeply-shaken",
           "https://www.example-hunters.de/files/styles/articleimage/public/2022-01/"
           "press-photo-blue-light.jpg?itok=pfdcUPpw",
           NULL);
}

static void test_lazy_loaded_state(void **state)
{
    (void)state;
    /* The lazy loader's state attribute says lazy="loaded": the loader
     * wrote the picture it loaded into src (the site's own copy), which
     * leads; the data-src naming the agency's original on another host is
     * not what the reader sees (without the rule the data-src supersedes
     * the src). */
    expect("lazy_loaded_state.html",
           "https://www.halfmonthly.example.org/2020-01/03/c_1125418.htm",
           "http://img3.halfmonthly.example.org/group1/M00/01/1B/"
           "Cn4APl4Ns6-AItA1AAIvaTha0jo842.jpg",
           NULL);
}

static void test_lazy_loaded_set(void **state)
{
    (void)state;
    /* lazysizes has loaded the picture (class "lazyloaded") from its
     * data-srcset: the loader wrote the set into srcset and left src as a
     * 180 px fallback, so the set's best leads, not the src (the
     * loaded-state rule of lazy_loaded_state.html does not apply with a
     * lazy set attribute). */
    expect("lazy_loaded_set.html", "https://www.example-news.ch/bridge-vote-ld.1234",
           "https://img.example-news.ch/S=W1120/O=75/https://assets.example-news.ch/2019/10/19/"
           "cc6bbec6-b5eb-47fa-b758.jpeg",
           NULL);
}

static void test_api_path_key(void **state)
{
    (void)state;
    /* An image API's ".../content/ID/data/v3": the id above the nameless
     * "data/v3" tells two pictures apart, so only the declared one gets
     * the declared weight and it leads over the other picture shown first. */
    expect("api_path_key.html", PAGE_URL, "https://cms.example.org/rest/v1/content/5550001/data/v3",
           "https://cms.example.org/rest/v1/content/5550001/data/v3");
    assert_false(sb_same_picture("https://cms.example.org/rest/v1/content/19003704/data/v3",
                                 "https://cms.example.org/rest/v1/content/19700232/data/v3"));
    assert_true(sb_same_picture("https://cms.example.org/rest/v1/content/19003704/data/v3",
                                "https://cdn.example.org/content/19003704/data/v3?w=800"));
    /* A folder with a digit or of 6 letters or more keys as before. */
    assert_true(sb_same_picture("https://a.example/2020/02/3.jpg",
                                "https://a.example/2020/02/3-800x445.jpg"));
}

static void test_alt_credit_logo(void **state)
{
    (void)state;
    /* An alt that is the upload's name and a credit after a copyright
     * sign: the label before the sign names a logo; the story's photo
     * leads. */
    expect("alt_credit_logo.html", PAGE_URL,
           "https://news.example.org/media/2024/05/lifeboat-crew.jpg", NULL);
}

static void test_story_line_after_media(void **state)
{
    (void)state;
    /* A bare <video> and a bare <img> in the story's running text, no
     * figure and no caption marked up: the short paragraph after each is
     * story text, not the picture's caption (it stays in `text`).  A
     * picture in its own box keeps the line in that box as its caption;
     * a line set smaller than the body text is a caption for the render
     * (hybrid, visual_caption) and story text for dom; a line labelled
     * as a picture's caption ("Figure 2:") is its caption with both. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("story_line_after_media.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/media/2025/05/bridge-opening-1200x675.jpg");
        assert_null(s->lead_image->caption);
        assert_non_null(s->text);
        assert_non_null(strstr(s->text, "\n\nHundreds of people walked across before the first "
                                        "cars.\n\n"));
        assert_non_null(strstr(s->text, "\n\nSome lanes will stay closed at night until "
                                        "August.\n\n"));
        assert_int_equal(s->n_images, 5);
        assert_null(s->images[0].caption);
        assert_null(s->images[1].caption);
        assert_string_equal(s->images[2].caption, "The bridge lit up on the eve of the opening.");
        if (m == 0)
            assert_string_equal(s->images[3].caption, "The old ferry at its landing stage.");
        else
            assert_null(s->images[3].caption);
        assert_string_equal(s->images[4].caption,
                            "Figure 2: the bridge as drawn in the first plan of 2019.");
        sb_story_free(s);
    }
}

static void test_caption_moved_explained(void **state)
{
    (void)state;
    /* A line in the picture's own box is its caption and leaves `text`;
     * --explain, which listed the paragraph KEEP, says where it went. */
    const char *html =
        "<html><head><title>Storm floods the old harbour</title></head><body><article>"
        "<h1>Storm floods the old harbour</h1>"
        "<div class=\"photo\"><img src=\"/media/2024/05/storm-quay-1200x800.jpg\" "
        "width=\"1200\" height=\"800\" alt=\"\"><div>The quay at dawn.</div></div>" STORY_PARA
        STORY_PARA "</article></body></html>";
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        char *said = NULL;
        size_t said_len = 0;
        FILE *explain = open_memstream(&said, &said_len);
        assert_non_null(explain);
        sb_options opt;
        sb_options_init(&opt);
        opt.method = methods[m];
        opt.base_url = PAGE_URL;
        opt.explain = explain;
        sb_story *s = sb_extract(html, strlen(html), &opt);
        fclose(explain);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->caption, "The quay at dawn.");
        assert_null(strstr(s->text, "The quay at dawn."));
        assert_non_null(strstr(said, "para MOVED "));
        assert_non_null(strstr(said, "out of text, the lead image's caption : The quay at dawn.\n"));
        free(said);
        sb_story_free(s);
    }
}

static void test_lazy_url_template(void **state)
{
    (void)state;
    /* A data-src holding "{width}" and "{height}" is a template a script
     * fills, no address: the src is the picture. */
    expect("lazy_url_template.html", PAGE_URL,
           "https://news.example.org/downloads/80745/storm-boats.jpg?cb=2d99", NULL);
}

static void test_rating_stars(void **state)
{
    (void)state;
    /* Five star drawings of two files in a text-free link above the
     * headline are symbols: the story's photo leads.  The row of three
     * different drawings below stays among the story's images.  (The
     * photo is a "_thumb" linked to its full-size file, so the linked
     * file is the URL: linked_full_file.) */
    const char *url = "https://news.example.org/2019/06/talk.html";
    expect("rating_stars.html", url,
           "https://news.example.org/media/2019/06/difficult-talk.jpg", NULL);
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("rating_stars.html", methods[m], url);
        assert_int_equal(s->n_images, 4);
        assert_string_equal(s->images[3].url,
                            "https://news.example.org/media/2019/06/step-agree.png");
        sb_story_free(s);
    }
}

static void test_ad_label_box(void **state)
{
    (void)state;
    /* A banner in a box whose only text is "Advertisement" is an ad,
     * whatever the box's class names: no lead, and not among the story's
     * images. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("ad_label_box.html", methods[m], PAGE_URL);
        assert_null(s->lead_image);
        assert_int_equal(s->n_images, 0);
        sb_story_free(s);
    }
}

static void test_signup_promo(void **state)
{
    (void)state;
    /* A newsletter's promotion drawing (newsletterPromo.svg, alt
     * "Newsletter bestellen") above the headline of a paywalled teaser:
     * not the lead (dom took it at the base) and not among the story's
     * images; the story's photo leads. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("signup_promo.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/imgs/2022/12/snow-covered-solar-roof.jpg");
        assert_int_equal(s->n_images, 1);
        sb_story_free(s);
    }
    /* The file name alone (a drawing's), the alt label alone. */
    assert_non_null(sb_image_signup_promo("https://a.example/img/newsletterPromo.svg", NULL));
    assert_non_null(sb_image_signup_promo("https://a.example/img/x.png", "Subscribe"));
    assert_non_null(sb_image_signup_promo("https://a.example/img/x.jpg", "Newsletter bestellen"));
    /* A photograph's file named for a newsletter, a longer alt, no alt. */
    assert_null(sb_image_signup_promo("https://a.example/up/newsletter-team.jpg", NULL));
    assert_null(sb_image_signup_promo("https://a.example/up/x.jpg", NULL));
    assert_null(sb_image_signup_promo("https://a.example/img/chart.svg", "Chart"));
}

static void test_shop_tile(void **state)
{
    (void)state;
    /* Two product tiles (picture, title and price in one link to a shop)
     * after the first paragraph: neither leads (both methods took the
     * first at the base) nor is among the story's images. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("shop_tile.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/files/2021-12/jerusalem-artichoke-harvest.jpg");
        assert_int_equal(s->n_images, 1);
        sb_story_free(s);
    }
    assert_true(sb_text_has_price("Topinambur, 3 tubers 9,99 \xe2\x82\xac plus shipping"));
    assert_true(sb_text_has_price("Fork $24.95 Buy now"));
    assert_true(sb_text_has_price("EUR 1.299,00"));
    assert_true(sb_text_has_price("12,50\xc2\xa0\xe2\x82\xac"));
    assert_false(sb_text_has_price("Company raises $24 million"));
    assert_false(sb_text_has_price("Version 2.10 released"));
    assert_false(sb_text_has_price("Europe 12,50 tonnes"));
    assert_false(sb_text_has_price("12 \xe2\x82\xac more"));
}

static void test_host_named_badge(void **state)
{
    (void)state;
    /* A drawing whose alt is the host's name and one short word
     * ("example plus" on news.example.org) in the kicker above the
     * headline: a badge, not the lead (dom took it at the base) and not
     * among the story's images. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("host_named_badge.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://news.example.org/imgs/2022/12/snow-covered-solar-roof.jpg");
        assert_int_equal(s->n_images, 1);
        sb_story_free(s);
    }
}

static void test_framed_avatar(void **state)
{
    (void)state;
    /* A 200x200 author photo drawn with a 2 px border: the render's box
     * is 204x204, the picture inside it the stated 200x200, an avatar's
     * size in a box named "avatar".  It does not lead and is not among
     * the story's images; the declared picture leads. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("framed_avatar.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://www.example.com/uploads/2022/12/new-year-desk.jpg");
        assert_int_equal(s->n_images, 0);
        sb_story_free(s);
    }
}

static void test_blank_slide_background(void **state)
{
    (void)state;
    /* Slides whose only content is &nbsp;, their pictures as
     * backgrounds: the render gives each one blank line's height (19 px),
     * which is not the picture's.  The size is unknown, as without a
     * render, and the first slide under the headline leads in both
     * methods (hybrid rejected it as too small). */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("blank_slide_background.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://www.example.com/uploads/2017/02/funnel_cloud_16_9.jpg");
        assert_int_equal(s->n_images, 2);
        sb_story_free(s);
    }
}

static void test_subject_headshot(void **state)
{
    (void)state;
    /* A profile whose picture above the headline is the subject's
     * portrait: the file is named a headshot, but it is shown 759 px wide
     * and its alt is a name the headline holds.  It leads in both methods
     * (before, the file's word rejected it and a picture further down
     * led); the author's own headshot after the story, alt a name the
     * headline does not hold, stays out of the story's images. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("subject_headshot.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(
            s->lead_image->url,
            "https://www.example.com/uploads/2023/11/Maria-Lindqvist_Headshot_-759x500.jpg");
        assert_int_equal(s->n_images, 2);
        for (size_t i = 0; i < s->n_images; i++)
            assert_null(strstr(s->images[i].url, "Tom-Baker"));
        sb_story_free(s);
    }
}

static void test_header_background_layer(void **state)
{
    (void)state;
    /* The story's header draws its picture as the background of an empty
     * layer before the headline, and no picture is declared: that
     * photograph leads in both methods (before, only a declared
     * rendition was taken from a background above the headline, and the
     * map in the text led).  The PNG pattern of a second empty layer is
     * decoration and is not among the story's images. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("header_background_layer.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url,
                            "https://www.example.com/uploads/2024/03/flooded-valley-1600x900.jpg");
        assert_int_equal(s->n_images, 2);
        assert_string_equal(s->images[1].url,
                            "https://www.example.com/uploads/2024/03/valley-map.jpg");
        sb_story_free(s);
    }
}

static void test_post_picture_ad_label(void **state)
{
    (void)state;
    /* A sponsored post's featured picture, named the post's own
     * ("wp-post-image") in the slot above the headline, with a file name
     * that labels an advertisement: it leads in both methods (before,
     * the name rejected it and a photo further down led).  An ad banner
     * between the paragraphs, not the post's picture, stays out. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("post_picture_ad_label.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(
            s->lead_image->url,
            "https://www.example.com/wp-content/uploads/2015/05/Anzeige_Seehotel-1200x630.jpg");
        assert_int_equal(s->n_images, 2);
        assert_string_equal(s->images[1].url,
                            "https://www.example.com/wp-content/uploads/2015/05/jetty-ceremony.jpg");
        sb_story_free(s);
    }
}

static void test_cover_titled_h1(void **state)
{
    (void)state;
    /* An album page: the cover under the h1 carries the h1's words in its
     * alt, in a box named for sharing ("box_social_about"); the story's
     * headline is an h2 below.  Titled with the page's h1, the cover
     * counts as in the lead position for the box's names and leads in
     * both methods (before, no lead image); another album's 40 px cover
     * titled with its own name stays out. */
    const char *methods[] = {"hybrid", "dom"};
    for (int m = 0; m < 2; m++) {
        sb_story *s = extract("cover_titled_h1.html", methods[m], PAGE_URL);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url, "https://www.example.com/music/cover/2207_gr.png");
        assert_int_equal(s->n_images, 1);
        sb_story_free(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_noscript_ad),     cmocka_unit_test(test_lazy_placeholder),
        cmocka_unit_test(test_declared_beats_far_picture),
        cmocka_unit_test(test_retina_and_source_lazy_srcset),
        cmocka_unit_test(test_featured_above_headline),
        cmocka_unit_test(test_byline_avatar),   cmocka_unit_test(test_related_above),
        cmocka_unit_test(test_gallery_below),   cmocka_unit_test(test_og_rendition),
        cmocka_unit_test(test_story_images),
        cmocka_unit_test(test_no_declared),     cmocka_unit_test(test_css_background),
        cmocka_unit_test(test_declared_alone),  cmocka_unit_test(test_same_picture),
        cmocka_unit_test(test_declared_hex_folder), cmocka_unit_test(test_author_box_bordered),
        cmocka_unit_test(test_click_here_promo),
        cmocka_unit_test(test_small_first_far),
        cmocka_unit_test(test_own_teaser_far_first),
        cmocka_unit_test(test_first_far_no_declared),
        cmocka_unit_test(test_entry_header_aside),
        cmocka_unit_test(test_bio_img_name), cmocka_unit_test(test_declared_share_card_hd), cmocka_unit_test(test_call_to_try_alt),
        cmocka_unit_test(test_rendition_names),
        cmocka_unit_test(test_url_rules),       cmocka_unit_test(test_huge_sizes),
        cmocka_unit_test(test_responsive_hidden), cmocka_unit_test(test_descriptive_alt),
        cmocka_unit_test(test_wrapper_background), cmocka_unit_test(test_affiliate_ad),
        cmocka_unit_test(test_picture_box),     cmocka_unit_test(test_icon_row),
        cmocka_unit_test(test_series_numbers),
        cmocka_unit_test(test_header_banner),   cmocka_unit_test(test_keyed_size_whole_token),
        cmocka_unit_test(test_compound_ad_name), cmocka_unit_test(test_lead_own_names),
        cmocka_unit_test(test_loader_named_lazy), cmocka_unit_test(test_square_crop_path),
        cmocka_unit_test(test_header_above_headline), cmocka_unit_test(test_header_unsized),
        cmocka_unit_test(test_header_nested),    cmocka_unit_test(test_declared_logo),
        cmocka_unit_test(test_size_named_files), cmocka_unit_test(test_short_file_names),
        cmocka_unit_test(test_own_compound_name), cmocka_unit_test(test_front_page_link),
        cmocka_unit_test(test_teaser_card), cmocka_unit_test(test_declared_share_card),
        cmocka_unit_test(test_header_before_article), cmocka_unit_test(test_loader_attr_svg),
        cmocka_unit_test(test_variant_keys), cmocka_unit_test(test_data_size_header),
        cmocka_unit_test(test_lazy_switch_query), cmocka_unit_test(test_aspect_ratio_crop),
        cmocka_unit_test(test_hidden_slider), cmocka_unit_test(test_article_image_marked),
        cmocka_unit_test(test_marked_image_paywall), cmocka_unit_test(test_named_caption_beside),
        cmocka_unit_test(test_ad_file_name), cmocka_unit_test(test_first_screen),
        cmocka_unit_test(test_header_no_headline), cmocka_unit_test(test_card_links_self),
        cmocka_unit_test(test_same_about), cmocka_unit_test(test_banner_post_picture),
        cmocka_unit_test(test_blur_up_source), cmocka_unit_test(test_rendition_forms),
        cmocka_unit_test(test_hidden_declared),
        cmocka_unit_test(test_declared_card),
        cmocka_unit_test(test_declared_src_lazy),
        cmocka_unit_test(test_repeated_button),
        cmocka_unit_test(test_gallery_thumbs_declared),
        cmocka_unit_test(test_blur_up_background),
        cmocka_unit_test(test_hero_background),
        cmocka_unit_test(test_header_site_name),
        cmocka_unit_test(test_sizes_slot_header),
        cmocka_unit_test(test_layout_lead_names),
        cmocka_unit_test(test_desktop_hide_twin),
        cmocka_unit_test(test_promo_carousel),
        cmocka_unit_test(test_fullsize_attr),
        cmocka_unit_test(test_after_story_widget),
        cmocka_unit_test(test_layout_lead_partners),
        cmocka_unit_test(test_icon_row_caption),
        cmocka_unit_test(test_banner_holds_story),
        cmocka_unit_test(test_guessed_height_strip),
        cmocka_unit_test(test_theme_header),
        cmocka_unit_test(test_ad_wrapper_titled),
        cmocka_unit_test(test_query_size),
        cmocka_unit_test(test_pin_media_blur),
        cmocka_unit_test(test_source_aspect_size),
        cmocka_unit_test(test_picture_lazy_thumb),
        cmocka_unit_test(test_header_other_site),
        cmocka_unit_test(test_ad_unit_size),
        cmocka_unit_test(test_logo_photo_lead),
        cmocka_unit_test(test_control_drawings),
        cmocka_unit_test(test_tracking_host),
        cmocka_unit_test(test_share_class_photo),
        cmocka_unit_test(test_app_store_badge),
        cmocka_unit_test(test_thumbnail_query),
        cmocka_unit_test(test_heading_icon),
        cmocka_unit_test(test_hidden_class_popup),
        cmocka_unit_test(test_crest_beside_name),
        cmocka_unit_test(test_site_header_banner),
        cmocka_unit_test(test_fixed_popup),
        cmocka_unit_test(test_inline_style_size),
        cmocka_unit_test(test_header_first_line),
        cmocka_unit_test(test_linked_thumb),
        cmocka_unit_test(test_linked_thumb_mark),
        cmocka_unit_test(test_menu_section_picture),
        cmocka_unit_test(test_lazy_loaded_state),
        cmocka_unit_test(test_lazy_loaded_set),
        cmocka_unit_test(test_api_path_key), cmocka_unit_test(test_alt_credit_logo),
        cmocka_unit_test(test_story_line_after_media),
        cmocka_unit_test(test_caption_moved_explained),
        cmocka_unit_test(test_lazy_url_template), cmocka_unit_test(test_rating_stars),
        cmocka_unit_test(test_ad_label_box), cmocka_unit_test(test_framed_avatar),
        cmocka_unit_test(test_blank_slide_background),
        cmocka_unit_test(test_subject_headshot),
        cmocka_unit_test(test_header_background_layer),
        cmocka_unit_test(test_post_picture_ad_label),
        cmocka_unit_test(test_cover_titled_h1),
        cmocka_unit_test(test_signup_promo), cmocka_unit_test(test_shop_tile),
        cmocka_unit_test(test_host_named_badge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
