/* Unit tests for dom/similarity: Simon White's pair similarity (the
 * article's examples, multiset and per-word pairs), text preparation
 * (stopwords, stemming, CJK bigrams), the relative-tf vector measures with
 * hand-computed values, document frequencies, tf-idf cosine and OSM. */
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/text/similarity.h"
#include "dom/base/strbuf.h"

#define assert_close(x, want)                                                          \
    do {                                                                               \
        double x_ = (x), w_ = (want);                                                  \
        if (fabs(x_ - w_) > 1e-12)                                                     \
            fail_msg("%s = %.15g, want %.15g", #x, x_, w_);                            \
    } while (0)

static void test_white_strings(void **state)
{
    (void)state;
    /* The brief's and the article's examples, exactly. */
    assert_true(sb_white_str("FRANCE", "FRENCH") == 0.4);
    assert_true(sb_white_str("France", "french") == 0.4);
    assert_true(sb_white_str("Healed", "Sealed") == 0.8);
    assert_true(sb_white_str("Healed", "Healthy") == 6.0 / 11.0);
    assert_true(sb_white_str("Healed", "Heard") == 4.0 / 9.0);
    assert_true(sb_white_str("Healed", "Herded") == 0.4);
    assert_true(sb_white_str("Healed", "Help") == 0.25);
    assert_true(sb_white_str("Healed", "Sold") == 0.0);
    /* Identical = 1, disjoint = 0, order of words does not matter. */
    assert_true(sb_white_str("news story", "news story") == 1.0);
    assert_true(sb_white_str("story news", "news story") == 1.0);
    assert_true(sb_white_str("abc", "xyz") == 0.0);
    /* Multiset intersection: "aaaa" has aa x3, "aa" has aa x1. */
    assert_true(sb_white_str("aaaa", "aa") == 0.5);
    /* Pairs stay inside words: "ab cd" = {ab, cd}; "abcd" = {ab, bc, cd}. */
    assert_true(sb_white_str("ab cd", "abcd") == 0.8);
    assert_true(sb_white_str("ab-cd", "ab cd") == 1.0);
    /* Code points, not bytes, and case-insensitive beyond ASCII. */
    assert_true(sb_white_str("\xC3\x89" "COLE", "\xC3\xA9" "cole") == 1.0);
    assert_true(sb_white_str("\xD0\x9C\xD0\x98\xD0\xA0", "\xD0\xBC\xD0\xB8\xD1\x80") == 1.0);
    /* No pairs on a side: 0. */
    assert_true(sb_white_str("a b c", "a b c") == 0.0);
    assert_true(sb_white_str("", "abc") == 0.0);
    assert_true(sb_white_str(NULL, NULL) == 0.0);
}

static char *words_of(const sb_simtext *t)
{
    sb_buf b = SB_BUF_INIT;
    for (size_t i = 0; i < sb_simtext_nwords(t); i++)
        sb_buf_printf(&b, "[%s]", sb_simtext_word(t, i));
    return b.data ? sb_buf_steal(&b) : sb_xstrdup("");
}

static void check_words(sb_textctx *ctx, const char *text, const char *want)
{
    sb_simtext *t = sb_simtext_new(ctx, text);
    char *got = words_of(t);
    if (strcmp(got, want))
        fail_msg("prepare(\"%s\") = %s, want %s", text, got, want);
    free(got);
    sb_simtext_free(t);
}

static void test_prepare(void **state)
{
    (void)state;
    sb_textctx *ctx = sb_textctx_new("en-US");
    assert_string_equal(sb_textctx_lang(ctx), "en");
    check_words(ctx, "The cats are RUNNING to the houses!", "[cat][run][hous]");
    check_words(ctx, "", "");
    check_words(ctx, NULL, "");
    check_words(ctx, "the of and", "");
    sb_simtext *t = sb_simtext_new(ctx, "The cats are running");
    assert_int_equal(sb_simtext_nwords(t), 2);
    assert_int_equal(sb_simtext_npairs(t), 4); /* ca at ru un */
    assert_int_equal(sb_simtext_nterms(t), 2);
    assert_null(sb_simtext_word(t, 2));
    sb_simtext_free(t);
    t = sb_simtext_new_n(ctx, "cats cats dogs XXXX", 14);
    assert_int_equal(sb_simtext_nwords(t), 3);
    assert_int_equal(sb_simtext_nterms(t), 2);
    sb_simtext_free(t);

    /* Options. */
    sb_textctx_set_stopwords(ctx, false);
    check_words(ctx, "The cats", "[the][cat]");
    sb_textctx_set_stemming(ctx, false);
    check_words(ctx, "The cats", "[the][cats]");
    sb_textctx_set_stopwords(ctx, true);
    sb_textctx_set_stemming(ctx, true);

    /* Switching language. */
    sb_textctx_set_lang(ctx, "de");
    assert_string_equal(sb_textctx_lang(ctx), "de");
    check_words(ctx, "Die H\xC3\xA4user und die Katzen", "[haus][katz]");
    sb_textctx_set_lang(ctx, "zz");
    assert_string_equal(sb_textctx_lang(ctx), "zz");
    check_words(ctx, "The Cats", "[the][cats]");
    sb_textctx_set_lang(ctx, NULL);
    assert_string_equal(sb_textctx_lang(ctx), "");

    /* Unspaced scripts become overlapping bigrams; a lone character stays. */
    check_words(ctx, "\xE4\xB8\xAD\xE6\x96\x87\xE5\x8F\xA5\xE5\xAD\x90 \xE5\xA5\xBD",
                "[\xE4\xB8\xAD\xE6\x96\x87][\xE6\x96\x87\xE5\x8F\xA5][\xE5\x8F\xA5\xE5\xAD\x90]"
                "[\xE5\xA5\xBD]");
    sb_textctx_free(ctx);
    sb_textctx_free(NULL);
}

static void test_white_prepared(void **state)
{
    (void)state;
    sb_textctx *ctx = sb_textctx_new("en");
    sb_simtext *a = sb_simtext_new(ctx, "The running of the cats");
    sb_simtext *b = sb_simtext_new(ctx, "Cats run");
    sb_simtext *c = sb_simtext_new(ctx, "Parliament votes budget");
    sb_simtext *e = sb_simtext_new(ctx, "and the of");
    /* Stopwords gone and stems equal: identical prepared texts. */
    assert_true(sb_sim_white(a, b) == 1.0);
    assert_true(sb_sim_white(b, a) == 1.0);
    assert_true(sb_sim_white(a, c) == 0.0);
    assert_true(sb_sim_white(a, e) == 0.0);
    assert_true(sb_sim_white(e, e) == 0.0);
    assert_true(sb_sim_white(NULL, a) == 0.0);
    /* France/French through preparation (stems "franc", "french"):
     * fr ra an nc vs fr re en nc ch -> 2*2/9. */
    sb_simtext *f1 = sb_simtext_new(ctx, "France");
    sb_simtext *f2 = sb_simtext_new(ctx, "French");
    assert_string_equal(sb_simtext_word(f1, 0), "franc");
    assert_string_equal(sb_simtext_word(f2, 0), "french");
    assert_true(sb_sim_white(f1, f2) == 4.0 / 9.0);
    sb_simtext_free(f1);
    sb_simtext_free(f2);
    sb_simtext_free(a);
    sb_simtext_free(b);
    sb_simtext_free(c);
    sb_simtext_free(e);
    sb_textctx_free(ctx);
}

static void test_vectors(void **state)
{
    (void)state;
    sb_textctx *ctx = sb_textctx_new(NULL);
    sb_simtext *a = sb_simtext_new(ctx, "apple apple banana");
    sb_simtext *b = sb_simtext_new(ctx, "apple cherry");
    sb_simtext *d = sb_simtext_new(ctx, "kiwi mango");
    sb_simtext *e = sb_simtext_new(ctx, "");
    /* tf(a) = {apple 2/3, banana 1/3}, tf(b) = {apple 1/2, cherry 1/2}:
     * dot = 1/3, |a|^2 = 5/9, |b|^2 = 1/2. */
    double dot = 1.0 / 3.0, sa = 5.0 / 9.0, sb = 0.5;
    assert_close(sb_sim_cosine(a, b), dot / sqrt(sa * sb));
    assert_close(sb_sim_dice(a, b), 2 * dot / (sa + sb));
    assert_close(sb_sim_jaccard(a, b), dot / (sa + sb - dot));
    assert_close(sb_sim_overlap(a, b), dot / sb);
    assert_close(sb_sim_cosine(a, b), 0.632455532033676);
    assert_close(sb_sim_dice(a, b), 0.631578947368421);
    assert_close(sb_sim_jaccard(a, b), 0.461538461538462);
    assert_close(sb_sim_overlap(a, b), 2.0 / 3.0);
    /* Symmetric. */
    assert_close(sb_sim_dice(b, a), sb_sim_dice(a, b));
    /* Identical = 1, disjoint = 0, empty = 0. */
    assert_close(sb_sim_cosine(a, a), 1.0);
    assert_close(sb_sim_dice(a, a), 1.0);
    assert_close(sb_sim_jaccard(a, a), 1.0);
    assert_close(sb_sim_overlap(a, a), 1.0);
    assert_true(sb_sim_cosine(a, d) == 0.0);
    assert_true(sb_sim_dice(a, d) == 0.0);
    assert_true(sb_sim_jaccard(a, d) == 0.0);
    assert_true(sb_sim_overlap(a, d) == 0.0);
    assert_true(sb_sim_dice(a, e) == 0.0);
    assert_true(sb_sim_cosine(e, e) == 0.0);
    /* Relative frequencies: doubling a text changes nothing. */
    sb_simtext *a2 = sb_simtext_new(ctx, "apple apple banana apple banana apple");
    assert_close(sb_sim_cosine(a, a2), 1.0);
    assert_close(sb_sim_dice(a, a2), 1.0);
    sb_simtext_free(a2);
    sb_simtext_free(a);
    sb_simtext_free(b);
    sb_simtext_free(d);
    sb_simtext_free(e);
    sb_textctx_free(ctx);
}

static void test_tfidf(void **state)
{
    (void)state;
    sb_textctx *ctx = sb_textctx_new(NULL);
    const char *docs[] = {"apple banana", "apple cherry", "banana cherry"};
    sb_dftable *df = sb_df_new();
    assert_true(sb_df_idf(df, "apple") == 0.0); /* no documents yet */
    for (size_t i = 0; i < 3; i++) {
        sb_simtext *t = sb_simtext_new(ctx, docs[i]);
        sb_df_add(df, t);
        sb_simtext_free(t);
    }
    /* A repeated word counts once per document. */
    sb_simtext *rep = sb_simtext_new(ctx, "durian durian durian");
    sb_df_add(df, rep);
    sb_simtext_free(rep);
    assert_int_equal(sb_df_docs(df), 4);
    assert_int_equal(sb_df_get(df, "apple"), 2);
    assert_int_equal(sb_df_get(df, "durian"), 1);
    assert_int_equal(sb_df_get(df, "zebra"), 0);
    assert_close(sb_df_idf(df, "apple"), log(2.0));
    assert_close(sb_df_idf(df, "zebra"), log(4.0));

    sb_simtext *q = sb_simtext_new(ctx, "apple");
    sb_simtext *s = sb_simtext_new(ctx, "apple banana");
    sb_simtext *s2 = sb_simtext_new(ctx, "cherry");
    /* All three terms have idf log 2 and tf 1: cosine 1/sqrt 2. */
    assert_close(sb_sim_tfidf_cosine(q, s, df), 1.0 / sqrt(2.0));
    assert_close(sb_sim_tfidf_cosine(s, q, df), 1.0 / sqrt(2.0));
    assert_close(sb_sim_tfidf_cosine(s, s, df), 1.0);
    assert_true(sb_sim_tfidf_cosine(q, s2, df) == 0.0);
    /* OSM: tf-idf of the query term times the normalised sentence tf. */
    assert_close(sb_sim_osm(q, s, df), log(2.0) / sqrt(2.0));
    assert_true(sb_sim_osm(q, s2, df) == 0.0);
    /* A term in every document has idf 0 and so no weight. */
    sb_dftable *all = sb_df_new();
    sb_df_add(all, s);
    sb_df_add(all, s);
    assert_true(sb_sim_tfidf_cosine(s, s, all) == 0.0);
    assert_true(sb_sim_osm(q, s, all) == 0.0);
    sb_df_free(all);
    sb_simtext_free(q);
    sb_simtext_free(s);
    sb_simtext_free(s2);
    sb_df_free(df);
    sb_df_free(NULL);
    sb_textctx_free(ctx);
}

static void test_df_growth(void **state)
{
    (void)state;
    /* Many distinct terms force the table to grow; counts survive. */
    sb_textctx *ctx = sb_textctx_new(NULL);
    sb_dftable *df = sb_df_new();
    sb_buf b = SB_BUF_INIT;
    for (int i = 0; i < 5000; i++)
        sb_buf_printf(&b, "w%d ", i);
    sb_simtext *t = sb_simtext_new(ctx, b.data);
    assert_int_equal(sb_simtext_nterms(t), 5000);
    sb_df_add(df, t);
    sb_df_add(df, t);
    assert_int_equal(sb_df_get(df, "w0"), 2);
    assert_int_equal(sb_df_get(df, "w4999"), 2);
    assert_int_equal(sb_df_get(df, "w5000"), 0);
    sb_simtext_free(t);
    sb_buf_free(&b);
    sb_df_free(df);
    sb_textctx_free(ctx);
}

/* One context per thread: concurrent preparation and comparison in four
 * languages gives the same answers as a single thread. */
typedef struct thread_job {
    const char *lang;
    const char *a, *b;
    double white, dice;
} thread_job;

static void *run_job(void *arg)
{
    thread_job *job = arg;
    for (int round = 0; round < 200; round++) {
        sb_textctx *ctx = sb_textctx_new(job->lang);
        sb_simtext *a = sb_simtext_new(ctx, job->a);
        sb_simtext *b = sb_simtext_new(ctx, job->b);
        double w = sb_sim_white(a, b), d = sb_sim_dice(a, b);
        if (round == 0) {
            job->white = w;
            job->dice = d;
        } else if (w != job->white || d != job->dice) {
            job->white = -1.0;
        }
        sb_simtext_free(a);
        sb_simtext_free(b);
        sb_textctx_free(ctx);
    }
    return NULL;
}

static void test_threads(void **state)
{
    (void)state;
    thread_job jobs[4] = {
        {"en", "The ministers were running the meetings", "A minister runs a meeting", 0, 0},
        {"de", "Die H\xC3\xA4user der Stadt", "Das Haus in der Stadt", 0, 0},
        {"fr", "Les chevaux du village", "Un cheval au village", 0, 0},
        {"ru", "\xD0\xBA\xD0\xBD\xD0\xB8\xD0\xB3\xD0\xB8 \xD0\xBD\xD0\xB0 \xD1\x81\xD1\x82\xD0\xBE"
               "\xD0\xBB\xD0\xB0\xD0\xBC\xD0\xB8",
         "\xD0\xBA\xD0\xBD\xD0\xB8\xD0\xB3\xD0\xB0", 0, 0},
    };
    thread_job expect[4];
    memcpy(expect, jobs, sizeof jobs);
    for (int i = 0; i < 4; i++)
        run_job(&expect[i]);
    pthread_t th[4];
    for (int i = 0; i < 4; i++)
        assert_int_equal(pthread_create(&th[i], NULL, run_job, &jobs[i]), 0);
    for (int i = 0; i < 4; i++)
        pthread_join(th[i], NULL);
    for (int i = 0; i < 4; i++) {
        assert_true(expect[i].white > 0.0);
        assert_true(jobs[i].white == expect[i].white);
        assert_true(jobs[i].dice == expect[i].dice);
    }
    /* Stemming made the pairs match: "minist run meet" on both sides. */
    assert_true(expect[0].white == 1.0);
    /* "haus stadt" against "haus stadt". */
    assert_true(expect[1].white == 1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_white_strings), cmocka_unit_test(test_prepare),
        cmocka_unit_test(test_white_prepared), cmocka_unit_test(test_vectors),
        cmocka_unit_test(test_tfidf),          cmocka_unit_test(test_df_growth),
        cmocka_unit_test(test_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
