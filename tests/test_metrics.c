/* Unit tests of tools/eval/metrics: every figure below is computed by hand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tools/eval/metrics.h"

static sb_overlap shingles(const char *pred, const char *gold)
{
    sb_tokens a, b;
    sb_tokenize(pred, false, &a);
    sb_tokenize(gold, false, &b);
    sb_overlap o = sb_shingle_overlap(&a, &b, SB_SHINGLE_WORDS);
    sb_tokens_free(&a);
    sb_tokens_free(&b);
    return o;
}

static void assert_overlap(sb_overlap o, size_t tp, size_t fp, size_t fn)
{
    assert_int_equal(o.tp, tp);
    assert_int_equal(o.fp, fp);
    assert_int_equal(o.fn, fn);
}

static void test_tokenize_unicode(void **state)
{
    (void)state;
    sb_tokens t;
    const char *s = "Grüße, 東京タワー and x_y 42! «ça»";
    sb_tokenize(s, false, &t);
    assert_int_equal(t.n, 6);
    assert_int_equal(t.start[0], 0);
    assert_int_equal(t.len[0], strlen("Grüße"));
    assert_memory_equal(s + t.start[1], "東京タワー", strlen("東京タワー"));
    assert_int_equal(t.len[3], 3); /* x_y: the underscore is a word char */
    assert_memory_equal(s + t.start[5], "ça", strlen("ça"));
    sb_tokens u;
    sb_tokenize("GRÜSSE grüße Grüße", true, &u);
    assert_int_equal(u.n, 3);
    assert_true(u.hash[1] == u.hash[2]);
    assert_true(u.hash[0] != u.hash[1]);
    sb_tokens_free(&u);
    sb_tokens_free(&t);

    sb_tokenize("", false, &t);
    assert_int_equal(t.n, 0);
    sb_tokens_free(&t);
    sb_tokenize(" ,;- \xff\xfe ", false, &t); /* punctuation, bad bytes */
    assert_int_equal(t.n, 0);
    sb_tokens_free(&t);
}

static void test_shingle_identical_disjoint(void **state)
{
    (void)state;
    const char *s = "the quick brown fox jumps over";
    assert_overlap(shingles(s, s), 3, 0, 0);
    sb_overlap o = shingles(s, "alpha beta gamma delta epsilon");
    assert_overlap(o, 0, 3, 2);
    assert_true(sb_overlap_precision(o) == 0.0);
    assert_true(sb_overlap_recall(o) == 0.0);
    assert_true(sb_overlap_f1(o) == 0.0);
    /* Punctuation and spacing do not matter, case does. */
    assert_overlap(shingles("The quick, brown fox!", "the quick brown fox"), 0, 1, 1);
    assert_overlap(shingles("the  quick,\nbrown -- fox", "the quick brown fox"), 1, 0, 0);
}

static void test_shingle_partial(void **state)
{
    (void)state;
    /* gold abcd bcde cdef; pred abcd bcde cdex */
    sb_overlap o = shingles("a b c d e x", "a b c d e f");
    assert_overlap(o, 2, 1, 1);
    assert_float_equal(sb_overlap_precision(o), 2.0 / 3.0, 1e-12);
    assert_float_equal(sb_overlap_f1(o), 2.0 / 3.0, 1e-12);
    /* Multisets: gold has abcd twice, pred once. */
    assert_overlap(shingles("a b c d", "a b c d a b c d"), 1, 0, 4);
    /* Short texts form one shingle of what they have. */
    assert_overlap(shingles("hello world", "hello world"), 1, 0, 0);
    assert_overlap(shingles("hello world", "hello there"), 0, 1, 1);
}

static void test_empty_pages(void **state)
{
    (void)state;
    sb_overlap both = shingles("", " ... ");
    assert_overlap(both, 0, 0, 0);
    assert_true(sb_overlap_precision(both) == 1.0);
    assert_true(sb_overlap_recall(both) == 1.0);
    assert_true(sb_overlap_f1(both) == 1.0);

    /* Aggregate: partial page, page that predicted nothing, both empty.
     * P = mean(2/3, 1) = 5/6 (the silent page is not in it),
     * R = mean(2/3, 0, 1) = 5/9, F1 = 2PR/(P+R) = 2/3. */
    sb_prf_acc acc = {0};
    sb_prf_add(&acc, shingles("a b c d e x", "a b c d e f"));
    sb_prf_add(&acc, shingles("", "a b c d e f"));
    sb_prf_add(&acc, both);
    sb_prf r = sb_prf_result(&acc);
    assert_float_equal(r.p, 5.0 / 6.0, 1e-12);
    assert_float_equal(r.r, 5.0 / 9.0, 1e-12);
    assert_float_equal(r.f1, 2.0 / 3.0, 1e-12);
    assert_float_equal(r.exact_share, 1.0 / 3.0, 1e-12);
    assert_float_equal(r.mean_page_f1, (2.0 / 3.0 + 0 + 1) / 3.0, 1e-12);
    assert_int_equal(r.pages, 3);

    /* Predicting text where the gold is empty costs precision only. */
    sb_prf_acc acc2 = {0};
    sb_prf_add(&acc2, shingles("some words", ""));
    r = sb_prf_result(&acc2);
    assert_true(r.p == 0.0 && r.r == 0.0 && r.f1 == 0.0);
    assert_int_equal(acc2.r_pages, 0);
}

static void test_unmatched_marks(void **state)
{
    (void)state;
    sb_tokens p, g;
    sb_tokenize("x a b c d e y", false, &p);
    sb_tokenize("a b c d e f", false, &g);
    bool miss[7];
    sb_shingle_unmatched(&p, &g, 4, miss);
    /* pred shingles: xabc abcd bcde cdey; matched abcd bcde cover a..e */
    bool want[7] = {true, false, false, false, false, false, true};
    for (int i = 0; i < 7; i++)
        assert_int_equal(miss[i], want[i]);
    sb_tokens_free(&p);
    sb_tokens_free(&g);
}

static size_t lcs_naive(const uint64_t *a, size_t n, const uint64_t *b, size_t m)
{
    size_t *prev = calloc(m + 1, sizeof *prev), *cur = calloc(m + 1, sizeof *cur);
    for (size_t i = 1; i <= n; i++) {
        for (size_t j = 1; j <= m; j++) {
            if (a[i - 1] == b[j - 1])
                cur[j] = prev[j - 1] + 1;
            else
                cur[j] = prev[j] > cur[j - 1] ? prev[j] : cur[j - 1];
        }
        size_t *t = prev;
        prev = cur;
        cur = t;
    }
    size_t r = prev[m];
    free(prev);
    free(cur);
    return r;
}

static void test_lcs(void **state)
{
    (void)state;
    sb_tokens p, g;
    sb_tokenize("a c e x f", false, &p);
    sb_tokenize("a b c d e f", false, &g);
    sb_overlap o = sb_lcs_overlap(&p, &g); /* a c e f */
    assert_overlap(o, 4, 1, 2);
    sb_tokens_free(&p);
    sb_tokens_free(&g);

    uint64_t x[] = {1, 2, 3, 2, 4, 1, 2};
    uint64_t y[] = {2, 4, 3, 1, 2, 1};
    assert_int_equal(sb_lcs_length(x, 7, y, 6), 4); /* 2 3 2 1 / 2 4 1 2 */
    assert_int_equal(sb_lcs_length(x, 7, y, 0), 0);
    assert_int_equal(sb_lcs_length(x, 7, x, 7), 7);

    /* Several 64-bit words, repeats, carries across words: compare with the
     * textbook dynamic programme on pseudo-random sequences. */
    uint64_t seed = 12345;
    for (int round = 0; round < 40; round++) {
        size_t n = 50 + (size_t)round * 7, m = 300 - (size_t)round * 5;
        uint64_t *a = malloc(n * sizeof *a), *b = malloc(m * sizeof *b);
        uint64_t alphabet = 2 + (uint64_t)round % 9;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            a[i] = (seed >> 33) % alphabet;
        }
        for (size_t i = 0; i < m; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            b[i] = (seed >> 33) % (alphabet + 2);
        }
        assert_int_equal(sb_lcs_length(a, n, b, m), lcs_naive(a, n, b, m));
        assert_int_equal(sb_lcs_length(b, m, a, n), lcs_naive(a, n, b, m));
        free(a);
        free(b);
    }
}

static void test_bow(void **state)
{
    (void)state;
    sb_tokens p, g;
    sb_tokenize("a a b c", false, &p);
    sb_tokenize("a b b d", false, &g);
    assert_overlap(sb_bow_overlap(&p, &g), 2, 2, 2);
    sb_tokens_free(&p);
    sb_tokens_free(&g);
}

static void test_snippets(void **state)
{
    (void)state;
    const char *with[] = {"Hello world,", "the\u00a0 end", "  "};
    const char *without[] = {"Impressum", "world, the", "hello"};
    sb_snippet_counts c = {0};
    sb_snippet_count("  Hello \t world,\n\n the\u00a0end ", with, 3, without, 3, &c);
    assert_int_equal(c.tp, 2);
    assert_int_equal(c.fn, 0);
    assert_int_equal(c.fp, 1); /* "world, the" spans the paragraph break */
    assert_int_equal(c.tn, 2); /* case matters: "hello" is absent */
    sb_snippet_count("", with, 3, without, 3, &c);
    assert_int_equal(c.fn, 2);
    assert_int_equal(c.tn, 5);
    sb_snippet_result r = sb_snippet_result_of(&c);
    assert_float_equal(r.p, 2.0 / 3.0, 1e-12);
    assert_float_equal(r.r, 2.0 / 4.0, 1e-12);
    assert_float_equal(r.f1, 2 * (2.0 / 3) * 0.5 / (2.0 / 3 + 0.5), 1e-12);
    assert_float_equal(r.accuracy, 7.0 / 10.0, 1e-12);

    char *s = sb_collapse_space(" \n a\u3000 b  ");
    assert_string_equal(s, "a b");
    free(s);
}

static void test_fields(void **state)
{
    (void)state;
    assert_true(sb_title_exact("  The   TITLE ", "the title"));
    assert_false(sb_title_exact("The title!", "the title"));
    assert_false(sb_title_exact(NULL, "x"));
    assert_false(sb_title_exact("", ""));
    assert_true(sb_title_similar("The Title - Site", "The Title")); /* F1 0.8 */
    assert_false(sb_title_similar("Breaking: The Title | Site", "The Title"));
    assert_true(sb_title_similar("the title!", "The Title"));
    assert_true(sb_byline_match("By Nicolas Perriault", "Nicolas Perriault"));
    assert_false(sb_byline_match("Staff", "Nicolas Perriault"));

    assert_true(sb_date_match("2024-06-25T10:00:00Z", "2024-06-25"));
    assert_true(sb_date_match(" 2024-06-25", "2024-06-25T22:00:40.000Z"));
    assert_false(sb_date_match("2024-06-26", "2024-06-25"));
    assert_false(sb_date_match("June 25, 2024", "2024-06-25"));
    assert_false(sb_date_match(NULL, "2024-06-25"));
    assert_true(sb_has_date("1999-01-02"));
    assert_false(sb_has_date("1999-1-02"));

    assert_true(sb_image_match("https://a.com/img/photo-1.jpg?w=600", "http://cdn.b.com/x/Photo-1.png"));
    assert_true(sb_image_match("//a.com/x/y.jpg", "https://a.com/x/y.jpg#top"));
    assert_false(sb_image_match("https://a.com/x/y.jpg", "https://a.com/x/z.jpg"));
    assert_false(sb_image_match(NULL, "https://a.com/x/z.jpg"));
    assert_false(sb_image_match("", ""));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokenize_unicode),
        cmocka_unit_test(test_shingle_identical_disjoint),
        cmocka_unit_test(test_shingle_partial),
        cmocka_unit_test(test_empty_pages),
        cmocka_unit_test(test_unmatched_marks),
        cmocka_unit_test(test_lcs),
        cmocka_unit_test(test_bow),
        cmocka_unit_test(test_snippets),
        cmocka_unit_test(test_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
