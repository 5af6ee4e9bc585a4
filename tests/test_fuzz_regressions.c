/* Inputs the libFuzzer harnesses (tests/fuzz/, scripts/fuzz.sh) found to
 * crash, each replayed here through the same call with its exact expected
 * result, so the fix stays in.  Inputs that are files live in
 * samples/fuzz/; the rest are small enough to write inline.
 *
 * glibc's M_PERTURB fills every fresh allocation with a non-zero byte, so a
 * read of memory nobody wrote gives garbage here in the release build too,
 * not only under AddressSanitizer (which fills allocations itself). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/strbuf.h"
#include "dom/utf8.h"

/* fuzz_meta, empty input: sb_utf8_sanitize_copy reserved its buffer and
 * appended nothing, so the "string" it returned had no terminator. */
static void test_sanitize_copy_of_nothing_is_empty_string(void **state)
{
    (void)state;
    char *s = sb_utf8_sanitize_copy("", 0);
    assert_non_null(s);
    assert_int_equal(s[0], '\0');
    free(s);

    /* The cause, in the buffer itself: reserved is a C string already. */
    sb_buf b = SB_BUF_INIT;
    sb_buf_reserve(&b, 100);
    assert_non_null(b.data);
    assert_int_equal(b.data[0], '\0');
    assert_int_equal(b.len, 0);
    sb_buf_free(&b);
}

int main(void)
{
    mallopt(M_PERTURB, 0x5a);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sanitize_copy_of_nothing_is_empty_string),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
