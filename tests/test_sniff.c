/* Tests for hybrid/sniff (binary content, blank pages) and for what
 * sb_extract makes of them and of a page over the size cap: an error
 * record, never a mojibake story. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hybrid/input/input.h"
#include "dom/doc/sniff.h"
#include "storybox.h"

/* The same pseudo-random bytes every run (a linear congruential
 * generator), like a compressed image's body. */
static void random_bytes(unsigned char *out, size_t n, unsigned seed)
{
    unsigned x = seed;
    for (size_t i = 0; i < n; i++) {
        x = x * 1103515245u + 12345u;
        out[i] = (unsigned char)(x >> 16);
    }
}

static const unsigned char png_start[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13,
                                          'I',  'H', 'D', 'R', 0,    0,    5,    0,    0, 0, 2, 0};

static void test_png_is_binary(void **state)
{
    (void)state;
    assert_true(sb_sniff_binary(png_start, sizeof png_start));
}

static void test_random_bytes_are_binary(void **state)
{
    (void)state;
    unsigned char buf[4096];
    for (unsigned seed = 1; seed <= 2000; seed++) {
        random_bytes(buf, sizeof buf, seed);
        if (!sb_sniff_binary(buf, sizeof buf))
            fail_msg("random bytes of seed %u taken for a page", seed);
    }
}

/* The "many binary bytes" rule is what catches random bytes that happen to
 * hold a tag: binary bytes plus "<p>" still count as binary. */
static void test_random_bytes_with_a_tag_are_binary(void **state)
{
    (void)state;
    unsigned char buf[512];
    random_bytes(buf, sizeof buf, 7);
    memcpy(buf + 100, "<p>", 3);
    assert_true(sb_sniff_binary(buf, sizeof buf));
}

static void test_pages_are_not_binary(void **state)
{
    (void)state;
    static const char plain[] = "<!DOCTYPE html><html><body><p>Hello</p></body></html>";
    assert_false(sb_sniff_binary((const unsigned char *)plain, strlen(plain)));
    /* a stray control byte in an otherwise ordinary page */
    static const char stray[] = "<html><body><p>Hello\x01 world\x1a</p></body></html>";
    assert_false(sb_sniff_binary((const unsigned char *)stray, strlen(stray)));
    /* a NUL byte, then the markup */
    static const char nul[] = "\0\0<div class=x>Hello</div>";
    assert_false(sb_sniff_binary((const unsigned char *)nul, sizeof nul - 1));
    /* text without markup and without binary bytes is a (poor) page */
    static const char text[] = "Just a line of text.\n";
    assert_false(sb_sniff_binary((const unsigned char *)text, strlen(text)));
    /* ISO-2022-JP escapes (ESC, 0x1B) are not binary data bytes */
    static const char jis[] = "\x1b$B$3$s$K$A$O\x1b(B";
    assert_false(sb_sniff_binary((const unsigned char *)jis, strlen(jis)));
}

/* Binary bytes but no markup: not a page, even a short one. */
static void test_control_bytes_without_markup(void **state)
{
    (void)state;
    static const char s[] = "Hello\x01 world";
    assert_true(sb_sniff_binary((const unsigned char *)s, strlen(s)));
    /* "<bx " is no known element, "<b " is */
    static const char fake[] = "\x02<bx >";
    assert_true(sb_sniff_binary((const unsigned char *)fake, strlen(fake)));
    static const char real[] = "\x02<b >";
    assert_false(sb_sniff_binary((const unsigned char *)real, strlen(real)));
}

static void test_utf16_is_not_binary(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    char err[256];
    assert_int_equal(sb_read_input("samples/bad/utf16le.html", &data, &len, err, sizeof err), 0);
    assert_true(len > 2 && data[0] == 0xFF && data[1] == 0xFE);
    assert_false(sb_sniff_binary(data, len));
    /* without its byte order mark: the tags are found between the NULs */
    assert_false(sb_sniff_binary(data + 2, len - 2));
    free(data);
    static const unsigned char utf32be[] = {0, 0, 0xFE, 0xFF, 0, 0, 0, '<', 0, 0, 0, 'p'};
    assert_false(sb_sniff_binary(utf32be, sizeof utf32be));
}

static void test_white_space_only(void **state)
{
    (void)state;
    assert_true(sb_only_white_space("", 0));
    assert_true(sb_only_white_space(" \t\r\n\f", 5));
    assert_true(sb_only_white_space("\xef\xbb\xbf  \n", 6));
    assert_false(sb_only_white_space("  x ", 4));
    assert_false(sb_only_white_space("\xc2\xa0", 2)); /* no-break space is content */
}

/* What a caller sees: an error record with an empty text. */
static void expect_error(const void *bytes, size_t len, const char *want)
{
    sb_options opt;
    sb_options_init(&opt);
    const char *const methods[] = {"hybrid", "dom"};
    for (size_t m = 0; m < 2; m++) {
        opt.method = methods[m];
        sb_story *s = sb_extract(bytes, len, &opt);
        assert_non_null(s->error);
        assert_string_equal(s->error, want);
        assert_string_equal(s->text, "");
        assert_null(s->title);
        sb_story_free(s);
    }
}

static void test_extract_refuses_binary(void **state)
{
    (void)state;
    expect_error(png_start, sizeof png_start,
                 "not an HTML page (binary data in its first 512 bytes)");
    unsigned char buf[3000];
    random_bytes(buf, sizeof buf, 42);
    expect_error(buf, sizeof buf, "not an HTML page (binary data in its first 512 bytes)");
}

static void test_extract_white_space_is_empty(void **state)
{
    (void)state;
    expect_error("", 0, "empty page");
    expect_error(" \n\t\r\n  ", 7, "empty page");
    /* UTF-16 white space with its byte order mark */
    static const unsigned char utf16[] = {0xFF, 0xFE, ' ', 0, '\n', 0};
    expect_error(utf16, sizeof utf16, "empty page");
}

/* One byte over SB_MAX_PAGE_BYTES: an error record naming the cap, before
 * anything is decoded or parsed (README: the budgets hold up to the cap). */
static void test_extract_refuses_page_over_the_cap(void **state)
{
    (void)state;
    /* the file reader stops at the same size */
    assert_int_equal(SB_INPUT_MAX_BYTES, SB_MAX_PAGE_BYTES);
    assert_int_equal(SB_MAX_PAGE_BYTES, 64 * 1024 * 1024);
    size_t len = SB_MAX_PAGE_BYTES + 1;
    char *page = malloc(len);
    assert_non_null(page);
    static const char words[] = "<p>Some words of a story. ";
    for (size_t i = 0; i < len; i++)
        page[i] = words[i % (sizeof words - 1)];
    expect_error(page, len, "page of 67108865 bytes is larger than the cap of 64 MB");
    free(page);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_png_is_binary),
        cmocka_unit_test(test_random_bytes_are_binary),
        cmocka_unit_test(test_random_bytes_with_a_tag_are_binary),
        cmocka_unit_test(test_pages_are_not_binary),
        cmocka_unit_test(test_control_bytes_without_markup),
        cmocka_unit_test(test_utf16_is_not_binary),
        cmocka_unit_test(test_white_space_only),
        cmocka_unit_test(test_extract_refuses_binary),
        cmocka_unit_test(test_extract_white_space_is_empty),
        cmocka_unit_test(test_extract_refuses_page_over_the_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
