/* Unit tests for dom/stopwords: every list is sorted and lower case, has a
 * sensible size, holds the commonest function words of its language and
 * not content words; language code handling. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/text/stopwords.h"
#include "dom/base/utf8.h"

static void test_lists_sorted(void **state)
{
    (void)state;
    for (int i = 0; i < SB_STOPWORD_LANGS; i++) {
        const char *lang = sb_stopword_lang(i);
        assert_non_null(lang);
        assert_int_equal(sb_stopword_lang_index(lang), i);
        size_t n;
        const char *const *list = sb_stopword_list(lang, &n);
        if (n < 100 || n > 200)
            fail_msg("%s: %zu stopwords, want 100..200", lang, n);
        for (size_t k = 0; k < n; k++) {
            char *low = sb_utf8_lower(list[k], strlen(list[k]));
            if (strcmp(low, list[k]))
                fail_msg("%s: \"%s\" is not lower case", lang, list[k]);
            free(low);
            if (!sb_utf8_valid(list[k], strlen(list[k])))
                fail_msg("%s: \"%s\" is not UTF-8", lang, list[k]);
            if (k && strcmp(list[k - 1], list[k]) >= 0)
                fail_msg("%s: \"%s\" before \"%s\" (not sorted/unique)", lang, list[k - 1], list[k]);
            /* Every entry is found by the lookup. */
            if (!sb_is_stopword(lang, list[k]))
                fail_msg("%s: \"%s\" not found", lang, list[k]);
        }
    }
    assert_null(sb_stopword_lang(-1));
    assert_null(sb_stopword_lang(SB_STOPWORD_LANGS));
}

static void test_words(void **state)
{
    (void)state;
    struct { const char *lang, *yes, *no; } cases[] = {
        {"en", "the", "house"},
        {"en", "which", "government"},
        {"de", "und", "haus"},
        {"de", "\xC3\xBC" "ber", "regierung"},   /* über */
        {"fr", "le", "maison"},
        {"fr", "\xC3\xA9t\xC3\xA9", "gouvernement"}, /* été */
        {"es", "el", "casa"},
        {"es", "tambi\xC3\xA9n", "gobierno"},    /* también */
        {"it", "della", "casa"},
        {"it", "perch\xC3\xA9", "governo"},      /* perché */
        {"pt", "n\xC3\xA3o", "casa"},            /* não */
        {"pt", "uma", "governo"},
        {"nl", "het", "huis"},
        {"nl", "niet", "regering"},
        {"ru", "\xD0\xB8", "\xD0\xB4\xD0\xBE\xD0\xBC"},                 /* и / дом */
        {"ru", "\xD1\x87\xD1\x82\xD0\xBE", "\xD0\xB3\xD0\xBE\xD1\x80\xD0\xBE\xD0\xB4"}, /* что / город */
        {"tr", "ve", "ev"},
        {"tr", "i\xC3\xA7in", "h\xC3\xBCk\xC3\xBCmet"},  /* için / hükümet */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!sb_is_stopword(cases[i].lang, cases[i].yes))
            fail_msg("%s: \"%s\" should be a stopword", cases[i].lang, cases[i].yes);
        if (sb_is_stopword(cases[i].lang, cases[i].no))
            fail_msg("%s: \"%s\" should not be a stopword", cases[i].lang, cases[i].no);
    }
    /* Lists are per language. */
    assert_false(sb_is_stopword("en", "und"));
    assert_false(sb_is_stopword("de", "the"));
    /* Case matters: callers lower-case first. */
    assert_false(sb_is_stopword("en", "The"));
}

static void test_lookup_edges(void **state)
{
    (void)state;
    assert_true(sb_is_stopword("en-GB", "the"));
    assert_true(sb_is_stopword("EN", "the"));
    assert_true(sb_is_stopword("pt_BR", "uma"));
    assert_false(sb_is_stopword("zh", "the"));
    assert_false(sb_is_stopword("eng", "the"));
    assert_false(sb_is_stopword(NULL, "the"));
    assert_false(sb_is_stopword("en", NULL));
    assert_false(sb_is_stopword("en", ""));
    /* Counted lookups do not read past len: "then" prefix "the". */
    assert_true(sb_is_stopword_n("en", "thenx", 3));
    assert_true(sb_is_stopword_n("en", "thenx", 4));
    assert_false(sb_is_stopword_n("en", "thenx", 5));
    assert_false(sb_is_stopword_n("en", "th", 2));
    assert_false(sb_is_stopword_ix(-1, "the", 3));
    assert_false(sb_is_stopword_ix(SB_STOPWORD_LANGS, "the", 3));
    size_t n = 7;
    assert_null(sb_stopword_list("xx", &n));
    assert_int_equal(n, 0);
    assert_int_equal(sb_stopword_lang_index("de"), 1);
    assert_int_equal(sb_stopword_lang_index("d"), -1);
    assert_int_equal(sb_stopword_lang_index("deu"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists_sorted),
        cmocka_unit_test(test_words),
        cmocka_unit_test(test_lookup_edges),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
