/* Unit tests for dom/sentences: terminators, abbreviations, initials,
 * decimals, ellipses, quotes and brackets, CJK, paragraph breaks, offsets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/text/sentences.h"
#include "dom/base/strbuf.h"

/* Sentences of text joined as "<s1>|<s2>|...". */
static void check(const char *text, const char *want)
{
    sb_spans sp = SB_SPANS_INIT;
    size_t n = sb_split_sentences(text, strlen(text), &sp);
    assert_int_equal(n, sp.n);
    sb_buf b = SB_BUF_INIT;
    for (size_t i = 0; i < sp.n; i++)
        sb_buf_printf(&b, "%s<%.*s>", i ? "|" : "", (int)sp.v[i].len, text + sp.v[i].start);
    const char *got = b.data ? b.data : "";
    if (strcmp(got, want))
        fail_msg("split(\"%s\")\n  got  %s\n  want %s", text, got, want);
    sb_buf_free(&b);
    sb_spans_free(&sp);
}

static void test_basic(void **state)
{
    (void)state;
    check("One. Two! Three? Four", "<One.>|<Two!>|<Three?>|<Four>");
    check("  Leading and trailing space.   ", "<Leading and trailing space.>");
    check("", "");
    check("   \n\n  ", "");
    check("No terminator at all", "<No terminator at all>");
    check("Really?! Yes!!! Fine.", "<Really?!>|<Yes!!!>|<Fine.>");
    /* A terminator inside a token does not split. */
    check("See example.com for details. Then go.", "<See example.com for details.>|<Then go.>");
    check("Version 2.0.1 is out. Upgrade now.", "<Version 2.0.1 is out.>|<Upgrade now.>");
}

static void test_abbreviations(void **state)
{
    (void)state;
    check("Mr. Smith met Dr. Jones and Prof. Lee. They talked.",
          "<Mr. Smith met Dr. Jones and Prof. Lee.>|<They talked.>");
    check("Use tools, e.g. hammers. Or not.", "<Use tools, e.g. hammers.>|<Or not.>");
    check("Fruit, i.e. Apples, grow. Yes.", "<Fruit, i.e. Apples, grow.>|<Yes.>");
    check("Es gibt z.B. Hunde. Und Katzen.", "<Es gibt z.B. Hunde.>|<Und Katzen.>");
    check("He lives at No. 5 Main St. He is happy.",
          "<He lives at No. 5 Main St. He is happy.>");
    check("It happened on Jan. 5 in town. Nobody saw it.",
          "<It happened on Jan. 5 in town.>|<Nobody saw it.>");
    /* "no." without a number is an ordinary word ending a sentence. */
    check("She said no. Then she left.", "<She said no.>|<Then she left.>");
    check("He arrived at 10 a.m. and left. Good.", "<He arrived at 10 a.m. and left.>|<Good.>");
    check("Made in the U.S. The rest abroad.", "<Made in the U.S.>|<The rest abroad.>");
    check("The U.S. economy grew.", "<The U.S. economy grew.>");
}

static void test_initials_and_numbers(void **state)
{
    (void)state;
    check("J. R. R. Tolkien wrote it. Fans loved it.",
          "<J. R. R. Tolkien wrote it.>|<Fans loved it.>");
    check("Growth was 3.5 percent. Prices rose 1.000 euros.",
          "<Growth was 3.5 percent.>|<Prices rose 1.000 euros.>");
    check("It cost $4.99. That is cheap.", "<It cost $4.99.>|<That is cheap.>");
    check("The year was 1999. 25 people came.", "<The year was 1999.>|<25 people came.>");
}

static void check_lang(const char *text, const char *lang, const char *want)
{
    sb_spans sp = SB_SPANS_INIT;
    sb_split_sentences_lang(text, strlen(text), lang, &sp);
    sb_buf b = SB_BUF_INIT;
    for (size_t i = 0; i < sp.n; i++)
        sb_buf_printf(&b, "%s<%.*s>", i ? "|" : "", (int)sp.v[i].len, text + sp.v[i].start);
    const char *got = b.data ? b.data : "";
    if (strcmp(got, want))
        fail_msg("split[%s](\"%s\")\n  got  %s\n  want %s", lang ? lang : "NULL", text, got,
                 want);
    sb_buf_free(&b);
    sb_spans_free(&sp);
}

static void test_ordinals_and_lists(void **state)
{
    (void)state;
    /* List numbers opening a sentence keep their period. */
    check("1. Take a blanket. 2. Check the door.", "<1. Take a blanket.>|<2. Check the door.>");
    /* A day before a month name is a date, in any language. */
    check("Sie wurde am 28. M\xC3\xA4rz 1926 geboren. Er nicht.",
          "<Sie wurde am 28. M\xC3\xA4rz 1926 geboren.>|<Er nicht.>");
    check("Von Claudia Riedler 19. Oktober 2019", "<Von Claudia Riedler 19. Oktober 2019>");
    /* Without a language, other numbers end sentences as usual. */
    check("It was less than 100. If you count.", "<It was less than 100.>|<If you count.>");
    check("Im 19. Jahrhundert war es so.", "<Im 19.>|<Jahrhundert war es so.>");
    /* German (and other ordinal-dot languages) keep "19. Jahrhundert". */
    check_lang("Im 19. Jahrhundert war es so. Heute nicht.", "de",
               "<Im 19. Jahrhundert war es so.>|<Heute nicht.>");
    check_lang("Zu ihrem 90. Geburtstag kamen alle. Es war 2020. Dann kam Corona.", "de-AT",
               "<Zu ihrem 90. Geburtstag kamen alle.>|<Es war 2020.>|<Dann kam Corona.>");
    check_lang("It was less than 100. If you count.", "en",
               "<It was less than 100.>|<If you count.>");
    /* Abbreviations added for German: d.h., Co. KG, Mio. */
    check_lang("Das ist gut, d.h. Wir gehen. Die GmbH & Co. KG zahlt 5 Mio. Euro.", "de",
               "<Das ist gut, d.h. Wir gehen.>|<Die GmbH & Co. KG zahlt 5 Mio. Euro.>");
}

static void test_quotes_and_ellipsis(void **state)
{
    (void)state;
    check("He said \"Stop.\" Then he left.", "<He said \"Stop.\">|<Then he left.>");
    check("\"Why?\" she asked. \"Because.\"", "<\"Why?\" she asked.>|<\"Because.\">");
    check("She wrote (see above.) Then more.", "<She wrote (see above.)>|<Then more.>");
    check("Er sagte \xE2\x80\x9EJa.\xE2\x80\x9C Dann ging er.",
          "<Er sagte \xE2\x80\x9EJa.\xE2\x80\x9C>|<Dann ging er.>");
    check("Wait... what happened? Nothing... Really.",
          "<Wait... what happened?>|<Nothing...>|<Really.>");
    check("Well\xE2\x80\xA6 Maybe. \"Not sure\xE2\x80\xA6\" he said.",
          "<Well\xE2\x80\xA6>|<Maybe.>|<\"Not sure\xE2\x80\xA6\" he said.>");
    /* An opening quote before the next sentence does not hide its capital. */
    check("It ended. \xE2\x80\x9CGood,\xE2\x80\x9D he said.",
          "<It ended.>|<\xE2\x80\x9CGood,\xE2\x80\x9D he said.>");
}

static void test_other_scripts(void **state)
{
    (void)state;
    /* CJK terminators need no following space. */
    check("\xE4\xBB\x8A\xE5\xA4\xA9\xE4\xB8\x8B\xE9\x9B\xA8\xE3\x80\x82\xE6\x98\x8E\xE5\xA4\xA9"
          "\xE5\x91\xA2\xEF\xBC\x9F\xE5\xA5\xBD\xEF\xBC\x81",
          "<\xE4\xBB\x8A\xE5\xA4\xA9\xE4\xB8\x8B\xE9\x9B\xA8\xE3\x80\x82>|<\xE6\x98\x8E\xE5\xA4\xA9"
          "\xE5\x91\xA2\xEF\xBC\x9F>|<\xE5\xA5\xBD\xEF\xBC\x81>");
    /* Japanese closing bracket stays: 「はい。」 */
    check("\xE3\x80\x8C\xE3\x81\xAF\xE3\x81\x84\xE3\x80\x82\xE3\x80\x8D\xE3\x81\x9D\xE3\x81\x86",
          "<\xE3\x80\x8C\xE3\x81\xAF\xE3\x81\x84\xE3\x80\x82\xE3\x80\x8D>|<\xE3\x81\x9D\xE3\x81\x86>");
    /* Cyrillic: lower case after the period keeps the sentence. */
    check("\xD0\x9E\xD0\xBD \xD0\xBF\xD1\x80\xD0\xB8\xD1\x88\xD1\x91\xD0\xBB. \xD0\x9C\xD1\x8B "
          "\xD1\x80\xD0\xB0\xD0\xB4\xD1\x8B.",
          "<\xD0\x9E\xD0\xBD \xD0\xBF\xD1\x80\xD0\xB8\xD1\x88\xD1\x91\xD0\xBB.>|<\xD0\x9C\xD1\x8B "
          "\xD1\x80\xD0\xB0\xD0\xB4\xD1\x8B.>");
    /* Arabic has no case: a period plus space splits. */
    check("\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7. \xD8\xB4\xD9\x83\xD8\xB1\xD8\xA7.",
          "<\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7.>|<\xD8\xB4\xD9\x83\xD8\xB1\xD8\xA7.>");
}

static void test_paragraphs_and_offsets(void **state)
{
    (void)state;
    check("Headline without stop\n\nBody starts here. And goes on",
          "<Headline without stop>|<Body starts here.>|<And goes on>");
    check("Line one\nline two.", "<Line one\nline two.>");
    check("A para\n  \t\n\nNext", "<A para>|<Next>");

    const char *text = "  First one.  Second one!\n";
    sb_spans sp = SB_SPANS_INIT;
    sb_split_sentences(text, strlen(text), &sp);
    assert_int_equal(sp.n, 2);
    assert_int_equal(sp.v[0].start, 2);
    assert_int_equal(sp.v[0].len, 10);
    assert_int_equal(sp.v[1].start, 14);
    assert_int_equal(sp.v[1].len, 11);
    /* Appends to an existing list. */
    assert_int_equal(sb_split_sentences("Go. Now.", 8, &sp), 2);
    assert_int_equal(sp.n, 4);
    sb_spans_clear(&sp);
    assert_int_equal(sp.n, 0);
    assert_int_equal(sb_split_sentences(NULL, 3, &sp), 0);
    sb_spans_free(&sp);
}

static void test_garbage(void **state)
{
    (void)state;
    /* Malformed UTF-8 and runs of terminators never crash and always cover
     * only bytes of the input. */
    const char *inputs[] = {"\xFF\xFE. \x80.", "......", ". . . .", "?", "\xE3\x80",
                            "a.\xE2\x80", "\n\n\n.", "\xC3"};
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        sb_spans sp = SB_SPANS_INIT;
        size_t len = strlen(inputs[k]);
        sb_split_sentences(inputs[k], len, &sp);
        for (size_t i = 0; i < sp.n; i++) {
            assert_true(sp.v[i].len > 0);
            assert_true(sp.v[i].start + sp.v[i].len <= len);
        }
        sb_spans_free(&sp);
    }
    check("......", "<......>");
    check(". . . .", "<.>|<.>|<.>|<.>");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_basic),
        cmocka_unit_test(test_abbreviations),
        cmocka_unit_test(test_initials_and_numbers),
        cmocka_unit_test(test_ordinals_and_lists),
        cmocka_unit_test(test_quotes_and_ellipsis),
        cmocka_unit_test(test_other_scripts),
        cmocka_unit_test(test_paragraphs_and_offsets),
        cmocka_unit_test(test_garbage),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
