/* Unit tests for dom/lang: normalising lang attribute values and guessing
 * the language of short news-like texts by script and stopwords. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/text/lang.h"

static void check_norm(const char *in, bool ok, const char *want)
{
    char out[4] = "zz";
    bool got = sb_lang_normalize(in, out);
    if (got != ok || strcmp(out, want))
        fail_msg("normalize(\"%s\") = %d \"%s\", want %d \"%s\"", in ? in : "NULL", got, out, ok,
                 want);
}

static void test_normalize(void **state)
{
    (void)state;
    check_norm("en", true, "en");
    check_norm("en-US", true, "en");
    check_norm("EN_gb", true, "en");
    check_norm("  de ", true, "de");
    check_norm("zh-Hant-TW", true, "zh");
    check_norm("en-US, fr;q=0.8", true, "en");
    check_norm("fil", true, "fil");
    check_norm("", false, "");
    check_norm("e", false, "");
    check_norm("english", false, "");
    check_norm("12", false, "");
    check_norm("en1", false, "");
    check_norm("{{lang}}", false, "");
    check_norm(NULL, false, "");
}

static void check_guess(const char *text, const char *want)
{
    const char *got = sb_lang_guess(text, strlen(text));
    bool ok = want ? got && !strcmp(got, want) : !got;
    if (!ok)
        fail_msg("guess(\"%.40s...\") = %s, want %s", text, got ? got : "NULL",
                 want ? want : "NULL");
}

static void test_guess_latin(void **state)
{
    (void)state;
    check_guess("The council said on Monday that the new bridge would be finished by the end "
                "of the year, and that it was still within its budget.",
                "en");
    check_guess("Der Stadtrat teilte am Montag mit, dass die neue Br\xC3\xBC" "cke bis zum Ende "
                "des Jahres fertig sein wird und dass sie im Budget liegt.",
                "de");
    check_guess("Le conseil a indiqu\xC3\xA9 lundi que le nouveau pont serait termin\xC3\xA9 "
                "avant la fin de l'ann\xC3\xA9" "e et qu'il restait dans son budget.",
                "fr");
    check_guess("El ayuntamiento dijo el lunes que el nuevo puente estar\xC3\xA1 terminado "
                "antes del final del a\xC3\xB1o y que sigue dentro de su presupuesto.",
                "es");
    check_guess("Il consiglio ha detto luned\xC3\xAC che il nuovo ponte sar\xC3\xA0 finito "
                "entro la fine dell'anno e che \xC3\xA8 ancora nel suo bilancio.",
                "it");
    check_guess("A c\xC3\xA2mara disse na segunda-feira que a nova ponte ser\xC3\xA1 conclu\xC3\xAD"
                "da at\xC3\xA9 o fim do ano e que ainda est\xC3\xA1 dentro do or\xC3\xA7" "amento.",
                "pt");
    check_guess("De gemeente zei maandag dat de nieuwe brug voor het einde van het jaar klaar "
                "is en dat het project nog binnen het budget blijft.",
                "nl");
    check_guess("Belediye pazartesi g\xC3\xBCn\xC3\xBC yapt\xC4\xB1\xC4\x9F\xC4\xB1 a\xC3\xA7\xC4\xB1"
                "klamada yeni k\xC3\xB6pr\xC3\xBCn\xC3\xBCn y\xC4\xB1l sonuna kadar bitece\xC4\x9F"
                "ini ve b\xC3\xBC" "t\xC3\xA7" "eyi a\xC5\x9Fmad\xC4\xB1\xC4\x9F\xC4\xB1n\xC4\xB1 "
                "ve bu i\xC5\x9F i\xC3\xA7in \xC3\xA7ok \xC3\xA7" "al\xC4\xB1\xC5\x9Ft\xC4\xB1klar\xC4\xB1"
                "n\xC4\xB1 s\xC3\xB6yledi.",
                "tr");
}

static void test_guess_scripts(void **state)
{
    (void)state;
    check_guess("\xD0\x93\xD0\xBE\xD1\x80\xD0\xBE\xD0\xB4\xD1\x81\xD0\xBA\xD0\xBE\xD0\xB9 "
                "\xD1\x81\xD0\xBE\xD0\xB2\xD0\xB5\xD1\x82 \xD1\x81\xD0\xBE\xD0\xBE\xD0\xB1\xD1\x89"
                "\xD0\xB8\xD0\xBB \xD0\xBE \xD0\xBD\xD0\xBE\xD0\xB2\xD0\xBE\xD0\xBC "
                "\xD0\xBC\xD0\xBE\xD1\x81\xD1\x82\xD0\xB5.",
                "ru");
    /* Ukrainian letters і/ї/є decide against Russian. */
    check_guess("\xD0\x9C\xD1\x96\xD1\x81\xD1\x8C\xD0\xBA\xD0\xB0 \xD1\x80\xD0\xB0\xD0\xB4\xD0\xB0 "
                "\xD0\xBF\xD0\xBE\xD0\xB2\xD1\x96\xD0\xB4\xD0\xBE\xD0\xBC\xD0\xB8\xD0\xBB\xD0\xB0 "
                "\xD0\xBF\xD1\x80\xD0\xBE \xD0\xBD\xD0\xBE\xD0\xB2\xD0\xB8\xD0\xB9 \xD0\xBC\xD1\x96"
                "\xD1\x81\xD1\x82 \xD1\x96 \xD1\x97\xD1\x97 \xD0\xB1\xD1\x8E\xD0\xB4\xD0\xB6"
                "\xD0\xB5\xD1\x82.",
                "uk");
    check_guess("\xCE\x97 \xCE\xB4\xCE\xB7\xCE\xBC\xCE\xBF\xCF\x84\xCE\xB9\xCE\xBA\xCE\xAE "
                "\xCE\xB3\xCE\xAD\xCF\x86\xCF\x85\xCF\x81\xCE\xB1",
                "el");
    check_guess("\xD8\xA7\xD9\x84\xD8\xAC\xD8\xB3\xD8\xB1 \xD8\xA7\xD9\x84\xD8\xAC\xD8\xAF\xD9\x8A"
                "\xD8\xAF \xD9\x81\xD9\x8A \xD8\xA7\xD9\x84\xD9\x85\xD8\xAF\xD9\x8A\xD9\x86\xD8\xA9",
                "ar");
    check_guess("\xE5\xB8\x82\xE8\xAE\xAE\xE4\xBC\x9A\xE5\x91\xA8\xE4\xB8\x80\xE8\xA1\xA8\xE7\xA4"
                "\xBA\xEF\xBC\x8C\xE6\x96\xB0\xE6\xA1\xA5\xE5\xB0\x86\xE5\x9C\xA8\xE5\xB9\xB4\xE5"
                "\xBA\x95\xE5\xAE\x8C\xE5\xB7\xA5\xE3\x80\x82",
                "zh");
    check_guess("\xE5\xB8\x82\xE8\xAD\xB0\xE4\xBC\x9A\xE3\x81\xAF\xE6\x9C\x88\xE6\x9B\x9C\xE6\x97"
                "\xA5\xE3\x80\x81\xE6\x96\xB0\xE3\x81\x97\xE3\x81\x84\xE6\xA9\x8B\xE3\x81\x8C\xE5"
                "\xB9\xB4\xE6\x9C\xAB\xE3\x81\xBE\xE3\x81\xA7\xE3\x81\xAB\xE5\xAE\x8C\xE6\x88\x90"
                "\xE3\x81\x99\xE3\x82\x8B\xE3\x81\xA8\xE7\x99\xBA\xE8\xA1\xA8\xE3\x81\x97\xE3\x81"
                "\x9F\xE3\x80\x82",
                "ja");
    check_guess("\xEC\x8B\x9C\xEC\x9D\x98\xED\x9A\x8C\xEB\x8A\x94 \xEC\x83\x88 \xEB\x8B\xA4\xEB"
                "\xA6\xAC\xEA\xB0\x80 \xEC\x97\xB0\xEB\xA7\x90\xEA\xB9\x8C\xEC\xA7\x80",
                "ko");
    check_guess("\xE0\xB8\xAA\xE0\xB8\xA0\xE0\xB8\xB2\xE0\xB9\x80\xE0\xB8\xA1\xE0\xB8\xB7\xE0\xB8"
                "\xAD\xE0\xB8\x87",
                "th");
    check_guess("\xD7\x94\xD7\x92\xD7\xA9\xD7\xA8 \xD7\x94\xD7\x97\xD7\x93\xD7\xA9", "he");
}

static void test_guess_unknown(void **state)
{
    (void)state;
    check_guess("", NULL);
    check_guess("12345 !!! ---", NULL);
    check_guess("ab", NULL);
    /* Latin text without stopword evidence is left undecided. */
    check_guess("Zxq vlorb krimp", NULL);
    /* Placeholder Latin and languages without a list meet a few stopwords
     * by accident (et, in, a, no...), too few to decide. */
    check_guess("Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam nonumy "
                "eirmod tempor invidunt ut labore et dolore magna aliquyam erat, sed diam "
                "voluptua. At vero eos et accusam et justo duo dolores et ea rebum.",
                NULL);
    check_guess("Rosjanie sugeruj\xC4\x85 natychmiastowe odci\xC4\x99" "cie Polski od gazu, "
                "a rz\xC4\x85" "d w Warszawie twierdzi, \xC5\xBC" "e dostawy s\xC4\x85 "
                "bezpieczne przez ca\xC5\x82y rok.",
                NULL);
    assert_null(sb_lang_guess(NULL, 10));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normalize),
        cmocka_unit_test(test_guess_latin),
        cmocka_unit_test(test_guess_scripts),
        cmocka_unit_test(test_guess_unknown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
