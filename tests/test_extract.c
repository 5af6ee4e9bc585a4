/* The DOM story extractor on small hand-written pages (samples/dom/):
 * exact story text (boilerplate dropped, order kept), the headline chosen
 * over the site name, the teaser found by neighbour levels, the lead image
 * (lazy-loaded URL resolved, logo and tracking pixel rejected). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/doc/doc.h"
#include "dom/story/extract.h"
#include "tests/support/samples.h"

static char *slurp(const char *name, size_t *len)
{
    return read_sample("dom", name, len);
}

static void story_clear(sb_story *s)
{
    sb_story_clear(s);
}

/* Runs the extractor on a sample; roots given by id attribute (NULL: dom
 * mode). */
static void run(const char *file, const char *root_id, sb_similarity sim, sb_story *out)
{
    size_t len;
    char *html = slurp(file, &len);
    sb_doc *d = sb_doc_parse(html, len);
    assert_non_null(d);
    int root = root_id ? sb_doc_find_id(d, root_id) : -1;
    if (root_id)
        assert_true(root >= 0);
    sb_dom_input in = {d, root_id ? &root : NULL, root_id ? 1 : 0,
                       "https://example.com/news/2024/story.html", sim, NULL, NULL, NULL, NULL};
    memset(out, 0, sizeof *out);
    assert_int_equal(sb_dom_extract(&in, out), 0);
    sb_doc_free(d);
    free(html);
}

static void test_dom_mode_story(void **state)
{
    (void)state;
    sb_story s;
    run("story.html", NULL, SB_SIM_OFF, &s);
    assert_string_equal(s.title, "Harbour bridge reopens after repairs");
    /* The standfirst under the headline is its own field, not text; the
     * figcaption is the lead image's caption, not a paragraph; "By noon,
     * queues had formed" is story text, not a byline. */
    assert_string_equal(s.standfirst, "The harbour bridge reopened to traffic on Monday after "
                                      "eight months of repairs to its corroded steel cables.");
    assert_string_equal(
        s.text,
        "Engineers replaced forty cables, each of them longer than a football pitch, while "
        "ferries carried commuters across the harbour.\n\n"
        "The city council said the repairs cost less than planned, and that the bridge would "
        "be inspected again in two years.\n\n"
        "Traffic returns\n\n"
        "By noon, queues had formed on both approaches, as drivers who had taken long detours "
        "for months returned to the old route.\n\n"
        "Residents said they were relieved, although some worried about the noise of heavy "
        "lorries coming back to the narrow streets.");
    /* The lazy-loaded image, resolved against the base URL. */
    assert_non_null(s.lead_image);
    assert_string_equal(s.lead_image->url, "https://example.com/media/bridge-lead.jpg");
    assert_string_equal(s.lead_image->caption, "The repaired bridge at dawn on Monday.");
    assert_string_equal(s.lead_image->alt, "The bridge at dawn");
    assert_int_equal(s.lead_image->width, 800);
    assert_int_equal(s.lead_image->height, 450);
    story_clear(&s);
}

/* Extracts a sample (root by id, NULL: dom mode) and checks its title
 * (when given), its standfirst (NULL: none) and its text exactly. */
static void expect_story_standfirst(const char *file, const char *root_id, const char *title,
                                    const char *standfirst, const char *text)
{
    sb_story s;
    run(file, root_id, SB_SIM_OFF, &s);
    if (title)
        assert_string_equal(s.title, title);
    if (standfirst)
        assert_string_equal(s.standfirst, standfirst);
    else
        assert_null(s.standfirst);
    assert_string_equal(s.text, text);
    story_clear(&s);
}

static void expect_story(const char *file, const char *root_id, const char *title,
                         const char *text)
{
    expect_story_standfirst(file, root_id, title, NULL, text);
}

/* Furniture inside the story's own container, named or shaped: captions by
 * class and by repeating an image's alt text, picture and source credits,
 * a small related box, an author bio, post metadata, comments named in
 * German.  The story body's own mixed name ("story-body-supplemental")
 * and a section whose id spells its heading ("sharing-the-losses") are
 * not furniture. */
static void test_furniture_inside_story(void **state)
{
    (void)state;
    expect_story(
        "furniture.html", NULL, "Orchard growers count a late frost's cost",
        "Apple growers in the upper valley lost about a third of this year's blossom to a "
        "frost that arrived two weeks after the trees had flowered, the growers' association "
        "said on Tuesday.\n\n"
        "Temperatures fell to four degrees below freezing on two nights in a row, and the fans "
        "and heaters that most orchards keep for such nights could not hold the cold off the "
        "lower slopes.\n\n"
        "Sharing the losses\n\n"
        "The association wants the regional fund to pay for part of the damage, as it did "
        "after the hail of 2019, and will present its figures to the council next month.\n\n"
        "Smaller growers, who sell most of their fruit at the farm gate, said a poor harvest "
        "would hit them hardest, because they have no contracts to fall back on.");
}

/* An advertising slot's label ("Advertisement:", "ANZEIGE", "Sponsored"),
 * alone in its block, is furniture wherever the slot sits in the story;
 * a sentence starting with a label word is story. */
static void test_ad_labels_dropped(void **state)
{
    (void)state;
    expect_story(
        "ad_label.html", NULL, "Ferry timetable cut for the winter",
        "The island ferry will run four crossings a day instead of seven from November, the "
        "operator said on Friday, citing fewer passengers and the cost of fuel.\n\n"
        "Advertising on the ferries themselves, which paid for the new waiting room last year, "
        "will continue through the winter months as before.\n\n"
        "Islanders who work on the mainland said the first crossing, moved from six to half "
        "past seven, would make them late for shifts that start at eight.\n\n"
        "The council will ask the operator to keep the early crossing on weekdays and has "
        "offered to pay part of its cost from the transport budget.");
}

/* A line set in its own element whose whole text labels the readers'
 * comments ("3 Comments") ends the story: the comment, its heading and the
 * form's "Leave a comment" go; a story sentence opening with "Comments"
 * in a <p> stays. */
static void test_comments_label_ends_story(void **state)
{
    (void)state;
    expect_story(
        "comments_label.html", NULL, "Reading sample: chapter 121 is online",
        "Chapter 121 of the reading sample is now online as well. As always, the pages can "
        "only be viewed by members who are logged in, and chapter 122 follows on Friday.\n\n"
        "Comments on the translation are welcome in the forum, where the team answers "
        "questions about each chapter.");
}

/* What <audio> and <video> hold is fallback content a browser that plays
 * them never shows ("Your browser does not support the audio element"):
 * no text of the story's, in the DOM step as in hybrid. */
static void test_media_fallback_not_text(void **state)
{
    (void)state;
    expect_story(
        "audio_fallback.html", NULL, "Farmer sprayed a field beside the village school",
        "A farmer sprayed herbicide on a field next to the village school last month, two "
        "beekeepers who saw the scorched grass told the agriculture ministry on Tuesday.\n\n"
        "The school's forty pupils were in class that morning, the head teacher said, and "
        "several complained of headaches after the break.\n\n"
        "The ministry has opened an inquiry and will take soil samples from the field and the "
        "school's playground this week.");
}

/* A short story whose sentences carry links is the story column of its
 * root, not a link list inside it; the menu beside it still goes. */
static void test_linked_story_column(void **state)
{
    (void)state;
    expect_story(
        "linked_story.html", "page", NULL,
        "This week the best long read is a report on the northern rivers and what the dry "
        "summer did to the towns that live along them.\n\n"
        "If you only have ten minutes, the piece about urban bees is short, funny and full of "
        "surprises about the roofs of our city.\n\n"
        "And for the train home there is an essay on old maps that I keep coming back to, "
        "because it changes how I see my own street.");
}

/* The standfirst printed between the headline and the story root is the
 * story's standfirst even though it shares no words with a two-word
 * headline, and leaves the text; the byline beside it and the kicker above
 * the story are neither. */
static void test_standfirst_between_headline_and_root(void **state)
{
    (void)state;
    expect_story_standfirst(
        "standfirst.html", "story-root", "A nightmare",
        "The night ferry lost power two miles out, and for six hours its two hundred "
        "passengers drifted in the dark while the crew worked on the engines.",
        "The first call to the coastguard came a little after midnight, when the captain "
        "reported that both engines had stopped and the emergency generator would not "
        "start.\n\n"
        "A tug reached the ferry at dawn and towed it back to the harbour, where relatives "
        "had waited all night on the quay.");
}

/* Every signal calls the story furniture (it sits in an <aside> named for
 * a sidebar): rather than an empty record, its visible prose is kept. */
static void test_last_resort_keeps_prose(void **state)
{
    (void)state;
    expect_story(
        "last_resort.html", NULL, "Council backs the new cycle lanes",
        "The town council voted on Thursday to build protected cycle lanes along the high "
        "street, after two years of consultation with shop owners and residents.\n\n"
        "Work will start in the spring and is expected to take four months, during which "
        "buses will use a temporary route through the station car park and the old market "
        "lane.");
}

static void test_region_teaser_by_neighbours(void **state)
{
    (void)state;
    sb_story s;
    /* The region is the body div only: the standfirst two levels up is
     * found by the neighbour search and leads the text; the "Read more"
     * link line is dropped. */
    run("region.html", "body", SB_SIM_OFF, &s);
    assert_string_equal(s.title, "Museum opens new dinosaur wing to the public");
    assert_string_equal(
        s.text,
        "A new wing of the town museum, built around a nearly complete dinosaur skeleton, "
        "opens to the public this weekend.\n\n"
        "The skeleton was found by a farmer in a quarry north of the town twelve years ago.\n\n"
        "Volunteers spent thousands of hours cleaning the bones before they could be mounted.");
    assert_null(s.lead_image);
    story_clear(&s);
}

static void test_similarity_sentences(void **state)
{
    (void)state;
    sb_story s;
    /* Sentence filtering never adds text and keeps the story's opening. */
    run("region.html", "body", SB_SIM_SENTENCES, &s);
    assert_non_null(s.text);
    assert_true(strncmp(s.text, "A new wing of the town museum", 29) == 0);
    story_clear(&s);
}

static void test_lead_image_rejects_logo_and_pixel(void **state)
{
    (void)state;
    sb_story s;
    run("images.html", NULL, SB_SIM_OFF, &s);
    assert_string_equal(s.title, "Lighthouse keeper retires after forty years");
    assert_non_null(s.lead_image);
    /* The logo (named so) and the 1x1 pixel are skipped; the real image
     * comes from the <noscript> fallback, "../" resolved. */
    assert_string_equal(s.lead_image->url, "https://example.com/news/media/keeper.jpg");
    assert_string_equal(s.lead_image->alt, "The keeper on the gallery");
    assert_string_equal(s.lead_image->caption,
                        "The keeper on the lamp gallery, photographed last week.");
    story_clear(&s);
}

static void test_hostile_inputs(void **state)
{
    (void)state;
    sb_story s;
    memset(&s, 0, sizeof s);
    assert_int_equal(sb_dom_extract(NULL, &s), -1);
    assert_string_equal(s.text, "");
    story_clear(&s);
    const char *pages[] = {"", "<html>", "<p>", "<body><a href=x>only a link</a></body>",
                           "<img src=''><noscript><img</noscript>",
                           "<table><td><td><p>a,b,c,d,e,f,g,h,i,j,k,l</table>"};
    for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
        sb_doc *d = sb_doc_parse(pages[i], strlen(pages[i]));
        assert_non_null(d);
        sb_dom_input in = {d, NULL, 0, NULL, SB_SIM_BLOCKS, NULL, NULL, NULL, NULL};
        memset(&s, 0, sizeof s);
        sb_dom_extract(&in, &s);
        assert_non_null(s.text);
        story_clear(&s);
        sb_doc_free(d);
    }
}

static void test_deep_nesting(void **state)
{
    (void)state;
    /* 100,000 nested divs around one paragraph: no recursion, no stack
     * overflow, and the paragraph survives. */
    size_t depth = 100000;
    size_t cap = depth * 11 + 256;
    char *html = malloc(cap);
    assert_non_null(html);
    size_t n = 0;
    for (size_t i = 0; i < depth; i++)
        n += (size_t)sprintf(html + n, "<div>");
    n += (size_t)sprintf(html + n, "<p>Deep text, with commas, survives the nesting.</p>");
    for (size_t i = 0; i < depth; i++)
        n += (size_t)sprintf(html + n, "</div>");
    sb_doc *d = sb_doc_parse(html, n);
    assert_non_null(d);
    sb_dom_input in = {d, NULL, 0, NULL, SB_SIM_OFF, NULL, NULL, NULL, NULL};
    sb_story s;
    memset(&s, 0, sizeof s);
    assert_int_equal(sb_dom_extract(&in, &s), 0);
    assert_string_equal(s.text, "Deep text, with commas, survives the nesting.");
    story_clear(&s);
    sb_doc_free(d);
    free(html);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dom_mode_story),
        cmocka_unit_test(test_furniture_inside_story),
        cmocka_unit_test(test_linked_story_column),
        cmocka_unit_test(test_ad_labels_dropped),
        cmocka_unit_test(test_comments_label_ends_story),
        cmocka_unit_test(test_media_fallback_not_text),
        cmocka_unit_test(test_standfirst_between_headline_and_root),
        cmocka_unit_test(test_last_resort_keeps_prose),
        cmocka_unit_test(test_region_teaser_by_neighbours),
        cmocka_unit_test(test_similarity_sentences),
        cmocka_unit_test(test_lead_image_rejects_logo_and_pixel),
        cmocka_unit_test(test_hostile_inputs),
        cmocka_unit_test(test_deep_nesting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
