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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_readability_layout),
        cmocka_unit_test(test_trafilatura_layout),
        cmocka_unit_test(test_aeb_layout),
        cmocka_unit_test(test_fake_method),
        cmocka_unit_test(test_unknown_method),
        cmocka_unit_test(test_dom_readability),
        cmocka_unit_test(test_dom_trafilatura),
        cmocka_unit_test(test_dom_aeb),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
