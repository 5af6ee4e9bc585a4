/* libFuzzer harness: the date parser (dom/date.h).  The input is read as a
 * short string (meta content) and as running text (a dateline); results
 * must be ISO dates shorter than SB_DATE_MAX, and a reported span must lie
 * inside the text and contain the date's digits. */
#include "fuzz_check.h"

#include <ctype.h>

#include "dom/base/date.h"

/* "YYYY-MM-DD" optionally followed by "THH:MM:SS" and "Z" or "+hh:mm". */
static void check_iso(const char *d)
{
    if (!d)
        return;
    size_t n = strlen(d);
    FUZZ_REQUIRE(n < SB_DATE_MAX);
    FUZZ_REQUIRE(n >= 10);
    for (size_t i = 0; i < 10; i++)
        FUZZ_REQUIRE(i == 4 || i == 7 ? d[i] == '-' : isdigit((unsigned char)d[i]));
    if (n > 10)
        FUZZ_REQUIRE(d[10] == 'T' && n >= 19);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_cstring(data, size);
    size_t len = strlen(s); /* up to the first NUL, as a C caller sees it */

    char *d = sb_date_parse(s);
    check_iso(d);
    free(d);

    char *t = sb_date_find_in_text(s);
    check_iso(t);

    size_t start = (size_t)-1, end = (size_t)-1;
    char *span = sb_date_find_span(s, &start, &end);
    check_iso(span);
    /* The span finder and the text finder are the same search. */
    FUZZ_REQUIRE((t == NULL) == (span == NULL));
    if (t && span)
        FUZZ_REQUIRE(strcmp(t, span) == 0);
    if (span)
        FUZZ_REQUIRE(start < end && end <= len);
    free(span);
    free(t);
    free(s);
    return 0;
}
