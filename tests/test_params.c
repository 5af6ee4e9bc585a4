/* hybrid/params: the "key=value,key=value" method parameter string. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "hybrid/page/params.h"

static void test_lookup(void **state)
{
    (void)state;
    char buf[16];
    const char *p = " sim = dice , b=0.4,flag,b=0.7,long=abcdefghijklmnopqrstuvwxyz";
    assert_string_equal(sb_param(p, "sim", buf, sizeof buf), "dice");
    assert_string_equal(sb_param(p, "b", buf, sizeof buf), "0.7"); /* the last wins */
    assert_string_equal(sb_param(p, "flag", buf, sizeof buf), "");
    assert_string_equal(sb_param(p, "long", buf, sizeof buf), "abcdefghijklmno");
    assert_null(sb_param(p, "si", buf, sizeof buf));
    assert_null(sb_param(p, "gap", buf, sizeof buf));
    assert_null(sb_param(NULL, "sim", buf, sizeof buf));
    assert_null(sb_param(p, "sim", buf, 0));
    assert_null(sb_param("", "sim", buf, sizeof buf));
    assert_string_equal(sb_param(",,sim=tf,", "sim", buf, sizeof buf), "tf");
}

static void test_numbers(void **state)
{
    (void)state;
    assert_float_equal(sb_param_double("b=0.25", "b", 0.6), 0.25, 1e-12);
    assert_float_equal(sb_param_double("b=abc", "b", 0.6), 0.6, 1e-12);
    assert_float_equal(sb_param_double("b=1x", "b", 0.6), 0.6, 1e-12);
    assert_float_equal(sb_param_double("b=", "b", 0.6), 0.6, 1e-12);
    assert_float_equal(sb_param_double("b=inf", "b", 0.6), 0.6, 1e-12);
    assert_float_equal(sb_param_double("gap=30", "b", 0.6), 0.6, 1e-12);
    assert_float_equal(sb_param_double("gap=30", "gap", 0), 30, 1e-12);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lookup),
        cmocka_unit_test(test_numbers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
