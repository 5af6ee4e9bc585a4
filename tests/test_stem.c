/* Unit tests for dom/stem: ISO code -> Snowball algorithm, stemming
 * examples for each supported news language, identity for unknown
 * languages, independent stemmers side by side. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/text/stem.h"

static void check(sb_stem *st, const char *word, const char *want)
{
    size_t n;
    const char *got = sb_stem_word(st, word, strlen(word), &n);
    if (n != strlen(want) || memcmp(got, want, n))
        fail_msg("stem(\"%s\") = \"%.*s\", want \"%s\"", word, (int)n, got, want);
}

static void test_algorithms(void **state)
{
    (void)state;
    assert_string_equal(sb_stem_algorithm("en"), "english");
    assert_string_equal(sb_stem_algorithm("en-US"), "english");
    assert_string_equal(sb_stem_algorithm("DE"), "german");
    assert_string_equal(sb_stem_algorithm("pt_BR"), "portuguese");
    assert_string_equal(sb_stem_algorithm("nb"), "norwegian");
    assert_string_equal(sb_stem_algorithm("no"), "norwegian");
    assert_string_equal(sb_stem_algorithm("sv"), "swedish");
    assert_string_equal(sb_stem_algorithm("fi"), "finnish");
    assert_string_equal(sb_stem_algorithm("tr"), "turkish");
    assert_null(sb_stem_algorithm("zh"));
    assert_null(sb_stem_algorithm("eng"));
    assert_null(sb_stem_algorithm("e"));
    assert_null(sb_stem_algorithm(""));
    assert_null(sb_stem_algorithm(NULL));
}

static void test_languages(void **state)
{
    (void)state;
    struct { const char *lang, *word, *stem; } cases[] = {
        {"en", "running", "run"},
        {"en", "generalizations", "general"},
        {"en", "cats", "cat"},
        {"de", "h\xC3\xA4user", "haus"},
        {"de", "katzen", "katz"},
        {"fr", "continuellement", "continuel"},
        {"fr", "chevaux", "cheval"},
        {"es", "ciudades", "ciudad"},
        {"it", "parlando", "parl"},
        {"pt", "cidades", "cidad"},
        {"nl", "katten", "kat"},
        {"ru", "\xD0\xBA\xD0\xBD\xD0\xB8\xD0\xB3\xD0\xB8", "\xD0\xBA\xD0\xBD\xD0\xB8\xD0\xB3"},
        {"ru", "\xD1\x81\xD1\x82\xD0\xBE\xD0\xBB\xD0\xB0\xD0\xBC\xD0\xB8",
         "\xD1\x81\xD1\x82\xD0\xBE\xD0\xBB"},
        {"tr", "kitaplar", "kitap"},
        {"sv", "flickorna", "flick"},
        {"fi", "taloissa", "talo"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sb_stem *st = sb_stem_new(cases[i].lang);
        assert_true(sb_stem_active(st));
        check(st, cases[i].word, cases[i].stem);
        sb_stem_free(st);
    }
}

static void test_identity(void **state)
{
    (void)state;
    const char *w = "running";
    sb_stem *st = sb_stem_new("zh");
    assert_false(sb_stem_active(st));
    size_t n = 0;
    assert_ptr_equal(sb_stem_word(st, w, 7, &n), w);
    assert_int_equal(n, 7);
    sb_stem_free(st);
    st = sb_stem_new(NULL);
    assert_false(sb_stem_active(st));
    check(st, "houses", "houses");
    sb_stem_free(st);
    sb_stem_free(NULL);
    /* An empty word is returned as is, even by a real stemmer. */
    st = sb_stem_new("en");
    assert_ptr_equal(sb_stem_word(st, w, 0, &n), w);
    assert_int_equal(n, 0);
    sb_stem_free(st);
}

static void test_independent(void **state)
{
    (void)state;
    /* Two stemmers do not share state: results stay valid per stemmer. */
    sb_stem *en = sb_stem_new("en"), *de = sb_stem_new("de");
    size_t n1, n2;
    const char *a = sb_stem_word(en, "running", 7, &n1);
    const char *b = sb_stem_word(de, "h\xC3\xA4user", 7, &n2);
    assert_int_equal(n1, 3);
    assert_memory_equal(a, "run", 3);
    assert_int_equal(n2, 4);
    assert_memory_equal(b, "haus", 4);
    /* The length argument is honoured (no NUL needed). */
    check(en, "cats", "cat");
    const char *buf = "catsXYZ";
    a = sb_stem_word(en, buf, 4, &n1);
    assert_int_equal(n1, 3);
    assert_memory_equal(a, "cat", 3);
    sb_stem_free(en);
    sb_stem_free(de);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_algorithms),
        cmocka_unit_test(test_languages),
        cmocka_unit_test(test_identity),
        cmocka_unit_test(test_independent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
