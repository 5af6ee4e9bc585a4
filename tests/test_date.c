/* Unit tests for dom/date: every accepted shape, the output format, the
 * rejection of impossible dates and the dateline finder. */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/base/date.h"

typedef char *(*date_fn)(const char *);

static void check_with(date_fn fn, const char *name, const char *in, const char *want)
{
    char *got = fn(in);
    bool ok = want ? got && !strcmp(got, want) : !got;
    if (!ok)
        fail_msg("%s(\"%s\") = %s%s%s, want %s%s%s", name, in ? in : "NULL", got ? "\"" : "",
                 got ? got : "NULL", got ? "\"" : "", want ? "\"" : "", want ? want : "NULL",
                 want ? "\"" : "");
    free(got);
}

#define check(in, want) check_with(sb_date_parse, "parse", in, want)
#define check_text(in, want) check_with(sb_date_find_in_text, "find_in_text", in, want)

static void test_iso(void **state)
{
    (void)state;
    check("2024-03-05", "2024-03-05");
    check("2024-3-5", "2024-03-05");
    check("2024/03/05", "2024-03-05");
    check("2024.03.05", "2024-03-05");
    check("2024-03-05T10:20:30Z", "2024-03-05T10:20:30Z");
    check("2024-03-05t10:20:30z", "2024-03-05T10:20:30Z");
    check("2024-03-05T10:20:30+01:00", "2024-03-05T10:20:30+01:00");
    check("2024-03-05T10:20:30-0530", "2024-03-05T10:20:30-05:30");
    check("2024-03-05T10:20:30+00:00", "2024-03-05T10:20:30+00:00");
    check("2024-03-05T10:20:30.123456+01:00", "2024-03-05T10:20:30+01:00");
    check("2024-03-05T10:20:30,5Z", "2024-03-05T10:20:30Z");
    check("2024-03-05T10:20", "2024-03-05T10:20:00");
    check("2024-03-05T10:20+02", "2024-03-05T10:20:00+02:00");
    check("2024-03-05 10:20:30", "2024-03-05T10:20:30");
    check("2024-03-05 10:20:30 +0100", "2024-03-05T10:20:30+01:00");
    check("  2024-03-05T10:20:30 UTC ", "2024-03-05T10:20:30Z");
    check("2024/03/05 09:15", "2024-03-05T09:15:00");
    /* a date whose time is broken keeps the date */
    check("2024-03-05T25:00:00Z", "2024-03-05");
    check("2024-03-05T10:61", "2024-03-05");
}

static void test_rfc822(void **state)
{
    (void)state;
    check("Tue, 05 Mar 2024 10:20:30 GMT", "2024-03-05T10:20:30Z");
    check("Tue, 5 Mar 2024 10:20:30 +0100", "2024-03-05T10:20:30+01:00");
    check("Tue, 05 Mar 2024 10:20:30 EST", "2024-03-05T10:20:30-05:00");
    check("Tue, 05 Mar 2024 10:20 PDT", "2024-03-05T10:20:00-07:00");
    check("Tue, 05 Mar 2024", "2024-03-05");
    /* JavaScript's Date.toString() */
    check("Tue Mar 05 2024 10:20:30 GMT+0100 (Central European Time)",
          "2024-03-05T10:20:30+01:00");
    check("Tue Mar 05 2024 10:20:30 GMT-5", "2024-03-05T10:20:30-05:00");
}

static void test_words(void **state)
{
    (void)state;
    check("March 5, 2024", "2024-03-05");
    check("Mar. 5, 2024", "2024-03-05");
    check("March 5th, 2024", "2024-03-05");
    check("MARCH 5 2024", "2024-03-05");
    check("5 March 2024", "2024-03-05");
    check("5th of March 2024", "2024-03-05");
    check("05-Mar-2024", "2024-03-05");
    check("Tuesday, March 5, 2024 at 3:45 pm", "2024-03-05T15:45:00");
    check("March 5, 2024 12:10 a.m.", "2024-03-05T00:10:00");
    check("March 5, 2024, 12:10 PM EST", "2024-03-05T12:10:00-05:00");
    /* German */
    check("5. März 2024", "2024-03-05");
    check("Dienstag, 5. MÄRZ 2024, 10:20 Uhr", "2024-03-05T10:20:00");
    check("5. Mrz. 2024 10.20 Uhr", "2024-03-05T10:20:00");
    check("17. Dezember 2023 um 08:00 MEZ", "2023-12-17T08:00:00+01:00");
    check("3. Jänner 2024", "2024-01-03");
    /* French */
    check("5 mars 2024", "2024-03-05");
    check("5\xc2\xa0mars\xc2\xa0" "2024", "2024-03-05");
    check("1er mars 2024 à 10h20", "2024-03-01T10:20:00");
    check("mardi 5 février 2024", "2024-02-05");
    check("12 déc. 2023", "2023-12-12");
    check("15 août 2023", "2023-08-15");
    /* Spanish, Portuguese */
    check("5 de marzo de 2024", "2024-03-05");
    check("1\xc2\xba de septiembre de 2023", "2023-09-01");
    check("5 de março de 2024 às 10:20", "2024-03-05T10:20:00");
    check("20 de dezembro de 2023", "2023-12-20");
    /* Italian */
    check("5 marzo 2024 alle 10:20", "2024-03-05T10:20:00");
    check("1\xc2\xb0 gennaio 2024", "2024-01-01");
    check("22 ottobre 2023", "2023-10-22");
    /* Dutch */
    check("5 maart 2024", "2024-03-05");
    check("13 mei 2024 om 14:30", "2024-05-13T14:30:00");
    check("2 okt. 2023", "2023-10-02");
}

static void test_numeric(void **state)
{
    (void)state;
    check("05.03.2024", "2024-03-05");
    check("5.3.2024", "2024-03-05");
    check("05.03.2024, 10:20 Uhr", "2024-03-05T10:20:00");
    check("05.03.2024 - 10:20", "2024-03-05T10:20:00");
    check("25/03/2024", "2024-03-25");
    check("03/25/2024", "2024-03-25");
    check("25-03-2024", "2024-03-25");
    check("03/05/2024", NULL); /* ambiguous */
    check("2024年3月5日", "2024-03-05");
    check("2024年03月05日 10:20", "2024-03-05T10:20:00");
    check("2024년 3월 5일", "2024-03-05");
}

static void test_machine_forms(void **state)
{
    (void)state;
    check("20210504T132005+0200", "2021-05-04T13:20:05+02:00");
    check("20210504T1320Z", "2021-05-04T13:20:00Z");
    check("20210504", NULL);
    check("20210231T1320Z", NULL);
    check("Fri Feb 18 10:27:24 2022", "2022-02-18T10:27:24");
    check("Mon Oct 11 14:57:21 CEST 2021", "2021-10-11T14:57:21+02:00");
    /* Unix times, whole values only */
    check("1651626439", "2022-05-04T01:07:19Z");
    check(" 1651626439123 ", "2022-05-04T01:07:19Z");
    check("0000000000", "1970-01-01T00:00:00Z");
    check("1709251200", "2024-03-01T00:00:00Z");
    check("951782400", NULL); /* 9 digits */
    check("id 1651626439", NULL);
    check_text("Article 1651626439 was viewed", NULL);
}

static void test_rejects(void **state)
{
    (void)state;
    check("2023-02-29", NULL);
    check("2024-02-29", "2024-02-29");
    check("1900-02-29", NULL);
    check("2000-02-29", "2000-02-29");
    check("2024-13-01", NULL);
    check("2024-00-10", NULL);
    check("2024-04-31", NULL);
    check("31.04.2024", NULL);
    check("32 March 2024", NULL);
    check("0 March 2024", NULL);
    check("0001-01-01T00:00:00Z", NULL);
    check("March 2024", NULL);
    check("5 March", NULL);
    check("5km March 2024", NULL);
    check("Mayor 5, 2024", NULL);
    check("20245-03-05", NULL);
    check("2024-03-051", NULL);
    check("version 1.05.03.2024", NULL);
    check("", NULL);
    check(NULL, NULL);
    check("not a date", NULL);
    /* lower-case "est" is a French word, not a zone */
    check("5 mars 2024 10:20 est", "2024-03-05T10:20:00");
    /* "10.20" without Uhr is no time */
    check("5 March 2024 10.20", "2024-03-05");
    /* 13 pm is no time */
    check("March 5, 2024 13:10 pm", "2024-03-05");
}

static void test_find_in_text(void **state)
{
    (void)state;
    check_text("By Jane Doe | Published March 5, 2024, 10:20 a.m. | Updated March 6, 2024",
               "2024-03-05T10:20:00");
    check_text("BERLIN, 5. März 2024 (dpa) - Die Regierung hat...", "2024-03-05");
    check_text("Erstellt am 05.03.2024 um 10:20 Uhr. Die Stadt...", "2024-03-05T10:20:00");
    check_text("He was born on 5 March 1850 and on 1 May 2001 he...", "2001-05-01");
    check_text("The vote passed 10.20 and nothing else happened.", NULL);
    check_text("Call 2024-13-45 now, or write on 2024-01-15.", "2024-01-15");
    check_text("", NULL);
    check_text(NULL, NULL);
    /* The scan stops where the last four digits in a row begin: a year
     * ending the text, a year inside a longer run, an ISO basic date
     * (eight digits) and a date before a later, longer number still
     * match; text without four digits in a row has no date. */
    check_text("Posted on March 5, 2024", "2024-03-05");
    check_text("2024-03-05", "2024-03-05");
    check_text("Stamp 20210504T1320Z", "2021-05-04T13:20:00Z");
    check_text("5 March 2024, order 123456789", "2024-03-05");
    check_text("March 5, 24 and 12/3 at 10:20", NULL);
}

static void test_span(void **state)
{
    (void)state;
    size_t a = 99, b = 99;
    const char *t = "Joshua Sokol May 20, 2019 at 9:00 AM EST, updated";
    char *got = sb_date_find_span(t, &a, &b);
    assert_string_equal(got, "2019-05-20T09:00:00-05:00");
    assert_int_equal(a, 13);
    assert_int_equal(b, 40);
    free(got);
    got = sb_date_find_span("am 05.03.2024", &a, NULL);
    assert_string_equal(got, "2024-03-05");
    assert_int_equal(a, 3);
    free(got);
    got = sb_date_find_span("Joe Wee Monday, February 29, 2016", &a, &b);
    assert_string_equal(got, "2016-02-29");
    assert_int_equal(a, 8);
    assert_int_equal(b, 33);
    free(got);
    got = sb_date_find_span("Por Ana, segunda-feira, 4 de março de 2024", &a, NULL);
    assert_string_equal(got, "2024-03-04");
    assert_int_equal(a, 9);
    free(got);
    a = b = 7;
    assert_null(sb_date_find_span("no date here", &a, &b));
    assert_int_equal(a, 7);
    assert_int_equal(b, 7);
}

static void test_long_text(void **state)
{
    (void)state;
    /* a long text without a date is scanned in one linear pass */
    size_t n = 1 << 20;
    char *s = malloc(n + 1);
    for (size_t i = 0; i < n; i++)
        s[i] = "May 12, 3 mars 1."[i % 17];
    s[n] = '\0';
    char *got = sb_date_find_in_text(s);
    assert_null(got);
    free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_iso),         cmocka_unit_test(test_rfc822),
        cmocka_unit_test(test_words),       cmocka_unit_test(test_numeric),
        cmocka_unit_test(test_machine_forms), cmocka_unit_test(test_rejects),     cmocka_unit_test(test_find_in_text),
        cmocka_unit_test(test_span),        cmocka_unit_test(test_long_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
