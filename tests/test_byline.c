/* Unit tests for dom/byline: which visible lines are bylines, datelines
 * and rights notices, the names and dates read from them, and the story
 * sentences that only look like them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/story/byline.h"

typedef bool (*line_fn)(const char *, size_t, char **);

/* want NULL: the line is not of the kind; otherwise the value read. */
static void check_line(line_fn fn, const char *kind, const char *line, const char *want)
{
    char *got = NULL;
    bool is = fn(line, strlen(line), &got);
    if (!want) {
        if (is)
            fail_msg("%s(\"%s\") = true (%s), want false", kind, line, got ? got : "NULL");
    } else if (!is || !got || strcmp(got, want) != 0) {
        fail_msg("%s(\"%s\") = %s, \"%s\", want \"%s\"", kind, line, is ? "true" : "false",
                 got ? got : "NULL", want);
    }
    free(got);
}

#define check_byline(line, want) check_line(sb_byline_line, "byline", line, want)
#define check_dateline(line, want) check_line(sb_dateline_line, "dateline", line, want)

static void test_bylines(void **state)
{
    (void)state;
    check_byline("By Jane Doe", "Jane Doe");
    check_byline("BY JANE DOE", "JANE DOE");
    check_byline("By Fiona Blake \xc2\xb7 5 November 2024", "Fiona Blake");
    check_byline("By Hannah Cole and Ravi Patel Published February 27, 2024 at 6:32 p.m.",
                 "Hannah Cole and Ravi Patel");
    check_byline("By Carl Whitmore", "Carl Whitmore");
    check_byline("Von Anna M\xc3\xbcller, Berlin", "Anna M\xc3\xbcller");
    check_byline("Par \xc3\x89milie Durand | 3 mars 2024", "\xc3\x89milie Durand");
    check_byline("Written by Tom O'Neill", "Tom O'Neill");
    check_byline("By Reuters", "Reuters");
    check_byline("By Reuters | March 5, 2024", "Reuters");
    check_byline("By Jane Doe and", "Jane Doe");
}

static void test_not_bylines(void **state)
{
    (void)state;
    check_byline("By Tuesday, officials had voted to close the road.", NULL);
    check_byline("By 2030 the city wants every bus to run on batteries.", NULL);
    check_byline("by the river", NULL);
    check_byline("Bystanders said the car was moving fast.", NULL);
    check_byline("Jane Doe", NULL);
    check_byline("", NULL);
    /* A long sentence that starts like a byline is story text. */
    check_byline("By Order Of The Council the market square will close on Sundays from May, "
                 "the mayor said on Tuesday, after traders and residents complained about the "
                 "noise and the litter left behind by the weekend stalls and their customers.",
                 NULL);
}

static void test_datelines(void **state)
{
    (void)state;
    check_dateline("Tuesday, May 6, 2003", "2003-05-06");
    check_dateline("Updated: 5 March 2024", "2024-03-05");
    check_dateline("Publi\xc3\xa9 le 2 octobre 2024", "2024-10-02");
    check_dateline("The council approved the plan on 5 March 2024 after a long debate about "
                   "costs.",
                   NULL);
    check_dateline("Courier Staff Writer", NULL);
}

/* Every line of `yes` is of the kind, none of `no` is. */
static void check_lines(const char *kind, bool (*is_kind)(const char *, size_t),
                        const char *const *yes, const char *const *no)
{
    for (const char *const *s = yes; *s; s++)
        if (!is_kind(*s, strlen(*s)))
            fail_msg("%s(\"%s\") = false, want true", kind, *s);
    for (const char *const *s = no; *s; s++)
        if (is_kind(*s, strlen(*s)))
            fail_msg("%s(\"%s\") = true, want false", kind, *s);
}

static void test_rights(void **state)
{
    (void)state;
    const char *yes[] = {"\xc2\xa9 2024 Fenwick Herald. Part of Valley Local Media.",
                         "Copyright 2003 Valley Courier. All rights reserved.",
                         "Fotos: dpa. Alle Rechte vorbehalten.", NULL};
    const char *no[] = {"The copyright dispute went to court in March.",
                        "Residents said the rights of tenants were ignored.", NULL};
    check_lines("rights", sb_rights_line, yes, no);
}

static void test_credits(void **state)
{
    (void)state;
    const char *yes[] = {"Foto: Valley Courier archive", "Photo credit: Jane Rowe",
                         "Abbildung 4: klassische Schwachschicht.", "Quelle: Landesregierung",
                         "Marco Odermatt, Ski-Star aus der Schweiz. \xc2\xa9 AFP / Marco Bertorello",
                         "Cr\xc3\xa9" "dits photos : Bestimage", NULL};
    const char *no[] = {"Photographers waited outside the court all day.",
                        "The source of the leak was never found: the inquiry closed in May.",
                        "Fotografie", NULL};
    check_lines("credit", sb_credit_line, yes, no);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bylines),
        cmocka_unit_test(test_not_bylines),
        cmocka_unit_test(test_datelines),
        cmocka_unit_test(test_rights),
        cmocka_unit_test(test_credits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
