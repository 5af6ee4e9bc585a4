/* End-to-end tests of the evaluator on the tiny corpora in tests/corpora/,
 * one per layout: loading (page count, order, exact gold data), scoring
 * through a fake prediction, and a registry run of the `dom` method. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tools/eval/corpus.h"
#include "tools/eval/report.h"
#include "tools/eval/run.h"
#include "dom/base/json.h"
#include "storybox.h"
#include "tests/support/samples.h"

/* fontconfig's one-time leak is suppressed by
 * tools/sanitize/lsan_suppressions.c, linked into every sanitizer build's
 * executables. */

#define CORPORA SB_SOURCE_DIR "/tests/corpora/"

static sb_corpus *load(const char *name, sb_corpus_format f)
{
    char err[512] = "", path[1024];
    snprintf(path, sizeof path, "%s%s", CORPORA, name);
    sb_corpus *c = sb_corpus_load(path, f, err, sizeof err);
    if (!c)
        fail_msg("%s", err);
    return c;
}

static void assert_overlap_is(sb_overlap o, size_t tp, size_t fp, size_t fn)
{
    assert_int_equal(o.tp, tp);
    assert_int_equal(o.fp, fp);
    assert_int_equal(o.fn, fn);
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && strcmp(s + n - m, tail) == 0;
}

static void test_detect(void **state)
{
    (void)state;
    assert_int_equal(sb_corpus_detect(CORPORA "readability"), SB_CORPUS_READABILITY);
    assert_int_equal(sb_corpus_detect(CORPORA "trafilatura"), SB_CORPUS_TRAFILATURA);
    assert_int_equal(sb_corpus_detect(CORPORA "aeb"), SB_CORPUS_AEB);
    assert_int_equal(sb_corpus_detect(CORPORA), SB_CORPUS_AUTO);
    char err[512];
    assert_null(sb_corpus_load(CORPORA, SB_CORPUS_AUTO, err, sizeof err));
    assert_non_null(strstr(err, "unknown corpus layout"));
    assert_null(sb_corpus_load(CORPORA "nope", SB_CORPUS_AUTO, err, sizeof err));
    assert_non_null(strstr(err, "not a directory"));
    /* A forced layout that does not fit fails cleanly. */
    assert_null(sb_corpus_load(CORPORA "aeb", SB_CORPUS_TRAFILATURA, err, sizeof err));
    sb_corpus_format f;
    assert_true(sb_corpus_format_parse("aeb", &f) && f == SB_CORPUS_AEB);
    assert_false(sb_corpus_format_parse("csv", &f));
}

static void test_readability_layout(void **state)
{
    (void)state;
    sb_corpus *c = load("readability", SB_CORPUS_AUTO);
    assert_int_equal(c->format, SB_CORPUS_READABILITY);
    assert_string_equal(c->name, "readability");
    assert_int_equal(c->n, 3);
    assert_int_equal(c->skipped, 0);
    const sb_gold_page *h = &c->pages[0], *l = &c->pages[1], *s = &c->pages[2];
    assert_string_equal(h->id, "harbour-bridge");
    assert_string_equal(l->id, "library-reopens");
    assert_string_equal(s->id, "short-note");
    assert_true(ends_with(h->html_path, "/harbour-bridge/source.html"));
    assert_string_equal(h->url, SB_READABILITY_PAGE_URL);

    assert_string_equal(h->title, "Harbour bridge closes for repairs");
    assert_string_equal(h->byline, "By Mara Olsen");
    assert_string_equal(h->date, "2024-03-14T08:30:00Z");
    assert_string_equal(h->image, "http://fakehost/images/bridge-closed.jpg");
    assert_non_null(strstr(h->text, "Workers began fencing off the bridge on Monday morning."
                                    "\n\nThe old harbour bridge will close"));

    assert_string_equal(l->text,
        "After eight months of drying, rewiring and new shelving, the village library opened "
        "its doors again on Saturday, and more than two hundred people came to borrow books on "
        "the first day.\n\nVolunteers saved most of the local history collection by carrying "
        "boxes up to the first floor while the water was still rising in the street outside."
        "\n\nThe children's corner now has a reading tent, donated by the parents' association, "
        "and a new series of story mornings starts next week.");
    assert_null(l->byline);
    assert_null(l->date);
    assert_null(l->image);

    assert_string_equal(s->text, "Line one of the notice.\nLine two of the notice.");
    assert_string_equal(s->title, "Notice");
    assert_null(s->date); /* "not a date" is not a gold date */
    assert_int_equal(s->n_with + s->n_without, 0);

    sb_corpus_truncate(c, 1);
    assert_int_equal(c->n, 1);
    assert_int_equal(sb_corpus_find(c, "harbour-bridge"), 0);
    assert_int_equal(sb_corpus_find(c, "short-note"), -1);
    sb_corpus_free(c);
}

static void test_trafilatura_layout(void **state)
{
    (void)state;
    sb_corpus *c = load("trafilatura", SB_CORPUS_AUTO);
    assert_int_equal(c->format, SB_CORPUS_TRAFILATURA);
    assert_int_equal(c->n, 2);
    const sb_gold_page *r = &c->pages[0], *o = &c->pages[1];
    assert_string_equal(r->id, "rathaus"); /* file order is kept */
    assert_string_equal(o->id, "orchard");
    assert_string_equal(r->url, "https://www.example-gemeinde.de/aktuelles/rathaus-dach");
    assert_null(r->text);
    assert_int_equal(r->n_with, 2);
    assert_int_equal(r->n_without, 2);
    assert_string_equal(r->with[1], "insgesamt 1,2 Millionen Euro bewilligt.");
    assert_string_equal(o->without[0], "Join the newsletter");
    sb_corpus_free(c);
}

static void test_aeb_layout(void **state)
{
    (void)state;
    sb_corpus *c = load("aeb", SB_CORPUS_AUTO);
    assert_int_equal(c->format, SB_CORPUS_AEB);
    assert_int_equal(c->n, 2);
    assert_int_equal(c->skipped, 2); /* "../escape" and "missing" */
    assert_string_equal(c->pages[0].id, "a1");
    assert_string_equal(c->pages[1].id, "a2");
    assert_true(ends_with(c->pages[1].html_path, "/html/a2.html.gz"));
    assert_string_equal(c->pages[0].url, "https://railweekly.example.com/news/night-trains");
    assert_true(strncmp(c->pages[1].text, "A hand-drawn map", 16) == 0);

    char err[256], *bytes;
    size_t len;
    assert_int_equal(sb_gold_page_read(&c->pages[1], &bytes, &len, err, sizeof err), 0);
    assert_non_null(strstr(bytes, "<h1>Museum finds lost map in its own attic</h1>"));
    free(bytes);
    sb_corpus_free(c);
}

/* The scoring pipeline without any extractor: the gold text as prediction
 * scores 1 everywhere, an empty prediction 0. */
static void test_fake_method(void **state)
{
    (void)state;
    sb_corpus *c = load("readability", SB_CORPUS_AUTO);
    sb_method_eval perfect = {0}, silent = {0};
    perfect.name = "perfect";
    silent.name = "silent";
    sb_page_result pr[3], sr[3];
    memset(pr, 0, sizeof pr);
    memset(sr, 0, sizeof sr);
    perfect.pages = pr;
    silent.pages = sr;
    for (size_t i = 0; i < c->n; i++) {
        const sb_gold_page *g = &c->pages[i];
        sb_eval_score_page(g, g->text, g->title, g->byline, g->date, g->image, &pr[i]);
        sb_eval_score_page(g, "", NULL, NULL, NULL, NULL, &sr[i]);
        pr[i].ms = 10.0 * (double)(i + 1);
    }
    sb_eval_summarise(c, &perfect);
    sb_eval_summarise(c, &silent);
    const sb_method_summary *p = &perfect.sum, *s = &silent.sum;
    assert_true(p->has_text && !p->has_snippets);
    assert_true(p->shingle.p == 1.0 && p->shingle.r == 1.0 && p->shingle.f1 == 1.0);
    assert_true(p->shingle.exact_share == 1.0);
    assert_true(p->lcs.f1 == 1.0 && p->bow.f1 == 1.0);
    assert_int_equal(p->title_exact.gold, 3);
    assert_int_equal(p->title_exact.hit, 3);
    assert_int_equal(p->byline.gold, 1);
    assert_int_equal(p->byline.hit, 1);
    assert_int_equal(p->date.hit, 1);
    assert_int_equal(p->image.hit, 1);
    assert_true(p->median_ms == 20.0);
    assert_float_equal(p->pages_per_s, 3.0 / 0.060, 1e-9);

    assert_true(s->shingle.p == 0.0 && s->shingle.r == 0.0 && s->shingle.f1 == 0.0);
    assert_int_equal(s->title_exact.hit, 0);
    assert_int_equal(s->title_exact.gold, 3);

    /* The page order by score puts every silent page at 0. */
    assert_true(sb_page_score(&c->pages[0], &sr[0]) == 0.0);
    assert_true(sb_page_score(&c->pages[0], &pr[0]) == 1.0);
    sb_corpus_free(c);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = malloc(1 << 20);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    buf[*len] = '\0';
    fclose(f);
    return buf;
}

/* Reports of a hand-made run: the gold texts as one method ("perfect"), a
 * text with one paragraph missing and one extra line as another. */
static void test_reports(void **state)
{
    (void)state;
    sb_corpus *c = load("readability", SB_CORPUS_AUTO);
    sb_method_eval m[2];
    memset(m, 0, sizeof m);
    m[0].name = "perfect";
    m[1].name = "partial";
    sb_page_result pr[3], qr[3];
    memset(pr, 0, sizeof pr);
    memset(qr, 0, sizeof qr);
    m[0].pages = pr;
    m[1].pages = qr;
    const char *partial[3] = {
        "Subscribe to our newsletter today for free.\n\n"
        "The old harbour bridge will close to all traffic for six weeks while engineers "
        "replace the worn steel joints that carry the road deck over the river mouth.",
        "", "Line one of the notice.\nLine two of the notice."};
    for (size_t i = 0; i < 3; i++) {
        const sb_gold_page *g = &c->pages[i];
        sb_eval_score_page(g, g->text, g->title, g->byline, g->date, g->image, &pr[i]);
        sb_eval_score_page(g, partial[i], "Notice", NULL, NULL, NULL, &qr[i]);
        pr[i].text = (char *)g->text;
        qr[i].text = (char *)partial[i];
        pr[i].ms = qr[i].ms = 1.0;
    }
    sb_eval_summarise(c, &m[0]);
    sb_eval_summarise(c, &m[1]);
    sb_eval e = {c, m, 2, 1, 0.5, NULL, 0};

    /* harbour-bridge: gold 115 tokens -> 112 shingles; the partial text has
     * 7 + 28 tokens = 32 shingles, the 25 inside the gold paragraph match. */
    assert_overlap_is(qr[0].shingle, 25, 7, 87);
    char fig[] = SB_BINARY_DIR "/test_eval_figures.tsv";
    FILE *f = fopen(fig, "w");
    sb_report_figures_tsv(f, &e);
    fclose(f);
    size_t len;
    char *tsv = slurp(fig, &len);
    assert_non_null(strstr(tsv, "readability\tperfect\tf1\t1.0000\n"));
    assert_non_null(strstr(tsv, "readability\tperfect\tbyline\t1.0000\n"));
    /* partial: P = mean(25/32, 1) (the empty page is not in it),
     * R = mean(25/112, 0, 1); title "Notice" matches 1 of 3. */
    char want[128];
    snprintf(want, sizeof want, "readability\tpartial\tp\t%.4f\n", (25.0 / 32 + 1) / 2);
    assert_non_null(strstr(tsv, want));
    snprintf(want, sizeof want, "readability\tpartial\tr\t%.4f\n", (25.0 / 112 + 0 + 1) / 3);
    assert_non_null(strstr(tsv, want));
    assert_non_null(strstr(tsv, "readability\tpartial\ttitle_exact\t0.3333\n"));
    assert_null(strstr(tsv, "snippet")); /* no snippets in this corpus */
    free(tsv);

    char js[] = SB_BINARY_DIR "/test_eval_report.json";
    assert_int_equal(sb_report_json(&e, js), 0);
    char err[256];
    sb_json *root = sb_json_parse_file(js, 0, err, sizeof err);
    if (!root)
        fail_msg("%s", err);
    const sb_json *ms = sb_json_get(root, "methods");
    assert_int_equal(sb_json_len(ms), 2);
    const sb_json *pages = sb_json_get(sb_json_at(ms, 1), "pages");
    assert_int_equal(sb_json_len(pages), 3);
    const sb_json *sh = sb_json_get(sb_json_at(pages, 0), "shingle");
    assert_true(sb_json_num(sb_json_get(sh, "tp")) == 25);
    assert_true(sb_json_num(sb_json_get(sh, "fn")) == 87);
    assert_string_equal(sb_json_get_str(sb_json_at(pages, 0), "id"), "harbour-bridge");
    assert_true(sb_json_type(sb_json_get(sb_json_at(pages, 1), "byline")) == SB_JSON_NULL);
    sb_json_free(root);

    char view[] = SB_BINARY_DIR "/test_eval_page.txt";
    f = fopen(view, "w");
    sb_report_page(f, &e, 0, 200);
    sb_report_worst(f, &e, 1);
    fclose(f);
    char *txt = slurp(view, &len);
    assert_non_null(strstr(txt, "| {+Subscribe to our newsletter today for free+}.\n"));
    assert_non_null(strstr(txt, "\n[-Workers began fencing off the bridge on Monday morning-]. "));
    assert_non_null(strstr(txt, "  library-reopens "));
    free(txt);

    char png[] = SB_BINARY_DIR "/test_eval_chart.png";
    assert_int_equal(sb_report_png(&e, png, err, sizeof err), 0);
    char *img = slurp(png, &len);
    assert_true(len > 1000);
    assert_memory_equal(img, "\x89PNG\r\n\x1a\n", 8);
    free(img);
    assert_int_equal(sb_report_png(&e, SB_BINARY_DIR "/no/such/dir/x.png", err, sizeof err), -1);

    for (size_t i = 0; i < 3; i++)
        pr[i].text = qr[i].text = NULL;
    sb_corpus_free(c);
}

static void test_unknown_method(void **state)
{
    (void)state;
    sb_corpus *c = load("aeb", SB_CORPUS_AUTO);
    const char *names[] = {"no-such-method"};
    sb_eval_config cfg = {names, 1, 1, false, false, NULL};
    char err[1024];
    assert_null(sb_eval_run(c, &cfg, err, sizeof err));
    assert_non_null(strstr(err, "unknown method 'no-such-method'"));
    sb_corpus_free(c);
}

/* Runs the registered `dom` method over a corpus with two threads. */
static sb_eval *run_dom(const sb_corpus *c, bool keep)
{
    static const char *const names[] = {"dom"};
    sb_eval_config cfg = {names, 1, 2, false, keep, NULL};
    char err[1024];
    sb_eval *e = sb_eval_run(c, &cfg, err, sizeof err);
    if (!e)
        fail_msg("%s", err);
    return e;
}

static void test_dom_readability(void **state)
{
    (void)state;
    sb_corpus *c = load("readability", SB_CORPUS_AUTO);
    sb_eval *e = run_dom(c, true);
    const sb_method_summary *s = &e->methods[0].sum;
    sb_report_table(stdout, e);
    sb_report_worst(stdout, e, 3);
    assert_int_equal(s->errors, 0);
    assert_true(s->shingle.f1 >= 0.0 && s->shingle.f1 <= 1.0);
    sb_eval_free(e);
    sb_corpus_free(c);
}

static void test_dom_trafilatura(void **state)
{
    (void)state;
    sb_corpus *c = load("trafilatura", SB_CORPUS_AUTO);
    sb_eval *e = run_dom(c, false);
    const sb_method_summary *s = &e->methods[0].sum;
    sb_report_table(stdout, e);
    assert_true(s->has_snippets && !s->has_text);
    assert_int_equal(s->snippet_counts.tp + s->snippet_counts.fn, 4);
    assert_int_equal(s->snippet_counts.fp + s->snippet_counts.tn, 4);
    sb_eval_free(e);
    sb_corpus_free(c);
}

static void test_dom_aeb(void **state)
{
    (void)state;
    sb_corpus *c = load("aeb", SB_CORPUS_AUTO);
    sb_eval *e = run_dom(c, false);
    sb_report_table(stdout, e);
    assert_int_equal(e->methods[0].sum.errors, 0);
    sb_eval_free(e);
    sb_corpus_free(c);
}

/* The convention a corpus declares decides what is scored: the gallery
 * sample's three captions stand between its second and third paragraphs,
 * and come there when the gold keeps captions, with the standfirst first
 * when it keeps that. */
static void test_scored_text_conventions(void **state)
{
    (void)state;
    size_t len;
    char *html = read_sample("news", "gallery.html", &len);
    sb_options opt;
    sb_options_init(&opt);
    opt.method = "dom";
    sb_story *s = sb_extract(html, len, &opt);
    assert_null(s->error);
    static const char p1[] = "The spring fair returned to Millbrook common on Saturday for the "
                             "first time in four years, drawing an estimated 8,000 visitors over "
                             "the weekend.\n\n";
    static const char p2[] = "Organisers had cancelled the fair twice because of flooding on the "
                             "common, and once for lack of volunteers. This year a new drainage "
                             "channel, dug last autumn, kept the ground firm despite two days of "
                             "rain earlier in the week.\n\n";
    static const char caps[] = "The steam fair at dusk on Saturday.\n\n"
                               "Children on the carousel, which was restored over the winter.\n\n"
                               "Judging in the produce tent on Sunday morning.\n\n";
    static const char p3[] = "Stallholders said trade was the best they could remember. A "
                             "cheesemaker from the next valley sold out by Saturday afternoon and "
                             "had to drive home for more stock.\n\n"
                             "The fair's committee will meet next month to decide whether to add "
                             "a third day next year.";
    char want[4096];
    sb_corpus conv = {0};
    char *got = sb_eval_scored_text(&conv, s);
    snprintf(want, sizeof want, "%s%s%s", p1, p2, p3);
    assert_string_equal(got, want);
    free(got);
    conv.gold_has_captions = true;
    got = sb_eval_scored_text(&conv, s);
    snprintf(want, sizeof want, "%s%s%s%s", p1, p2, caps, p3);
    assert_string_equal(got, want);
    free(got);
    /* A record with a standfirst: it comes first, then the text. */
    free(s->standfirst);
    s->standfirst = sb_xstrdup("A dek.");
    conv.gold_has_standfirst = true;
    got = sb_eval_scored_text(&conv, s);
    snprintf(want, sizeof want, "A dek.\n\n%s%s%s%s", p1, p2, caps, p3);
    assert_string_equal(got, want);
    free(got);
    sb_story_free(s);
    free(html);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_readability_layout),
        cmocka_unit_test(test_trafilatura_layout),
        cmocka_unit_test(test_aeb_layout),
        cmocka_unit_test(test_fake_method),
        cmocka_unit_test(test_reports),
        cmocka_unit_test(test_unknown_method),
        cmocka_unit_test(test_dom_readability),
        cmocka_unit_test(test_dom_trafilatura),
        cmocka_unit_test(test_dom_aeb),
        cmocka_unit_test(test_scored_text_conventions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
