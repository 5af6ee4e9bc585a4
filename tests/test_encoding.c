/* Tests for dom/encoding: sniffing order, label table, decoders. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dom/doc/encoding.h"

typedef struct decoded {
    char *text;
    size_t len;
    char enc[32];
} decoded;

static decoded decode(const char *bytes, size_t len)
{
    decoded d;
    d.text = sb_decode_html(bytes, len, &d.len, d.enc, sizeof d.enc);
    return d;
}

#define DECODE_LIT(lit) decode((lit), sizeof(lit) - 1)

static void assert_decoded(decoded d, const char *text, const char *enc)
{
    assert_non_null(d.text);
    assert_string_equal(d.text, text);
    assert_int_equal(d.len, strlen(text));
    assert_string_equal(d.enc, enc);
    free(d.text);
}

static void test_windows_1252_meta(void **state)
{
    (void)state;
    /* 0xE9 is e-acute, 0x80 the euro sign, 0x93/0x94 curly quotes */
    decoded d = DECODE_LIT("<meta charset=\"windows-1252\"><p>caf\xE9 \x80 \x93q\x94</p>");
    assert_decoded(d, "<meta charset=\"windows-1252\"><p>caf\xC3\xA9 \xE2\x82\xAC "
                      "\xE2\x80\x9Cq\xE2\x80\x9D</p>",
                   "windows-1252");
}

static void test_latin1_label_means_windows_1252(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("<META CHARSET=ISO-8859-1><p>\x93x\xE9</p>");
    assert_decoded(d, "<META CHARSET=ISO-8859-1><p>\xE2\x80\x9Cx\xC3\xA9</p>", "windows-1252");
}

static void test_http_equiv(void **state)
{
    (void)state;
    /* iso-8859-2 0xB1 is a-ogonek (U+0105), decoded through iconv */
    decoded d = DECODE_LIT("<html><head><meta http-equiv=\"Content-Type\" "
                           "content=\"text/html; charset=ISO-8859-2\"></head>\xB1");
    assert_decoded(d, "<html><head><meta http-equiv=\"Content-Type\" "
                      "content=\"text/html; charset=ISO-8859-2\"></head>\xC4\x85",
                   "iso-8859-2");
}

static void test_content_without_pragma_is_ignored(void **state)
{
    (void)state;
    /* no http-equiv: the content attribute alone declares nothing, so the
     * page is undeclared and its one bad byte is guessed as windows-1252 */
    decoded d = DECODE_LIT("<meta content=\"text/html; charset=iso-8859-2\">\xB1");
    assert_decoded(d, "<meta content=\"text/html; charset=iso-8859-2\">\xC2\xB1", "windows-1252");
}

static void test_meta_inside_comment_is_skipped(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("<!-- <meta charset=koi8-r> --><meta charset='iso-8859-2'>\xB1");
    assert_decoded(d, "<!-- <meta charset=koi8-r> --><meta charset='iso-8859-2'>\xC4\x85",
                   "iso-8859-2");
}

static void test_meta_attribute_in_other_tag_is_skipped(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("<div title='<meta charset=koi8-r>'>x</div>");
    assert_decoded(d, "<div title='<meta charset=koi8-r>'>x</div>", "utf-8");
}

static void test_meta_past_window_is_not_seen(void **state)
{
    (void)state;
    size_t pad = SB_PRESCAN_BYTES;
    const char *tail = "<meta charset=iso-8859-2>\xB1";
    size_t n = pad + strlen(tail);
    char *bytes = malloc(n);
    memset(bytes, ' ', pad);
    memcpy(bytes + pad, tail, strlen(tail));
    decoded d = decode(bytes, n);
    /* undeclared: the lone high byte reads as windows-1252 */
    assert_string_equal(d.enc, "windows-1252");
    assert_string_equal(d.text + pad, "<meta charset=iso-8859-2>\xC2\xB1");
    free(d.text);
    free(bytes);
}

static void test_utf8_bom(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("\xEF\xBB\xBF<meta charset=windows-1252>caf\xC3\xA9");
    assert_decoded(d, "<meta charset=windows-1252>caf\xC3\xA9", "utf-8");
}

static void test_utf16le_bom(void **state)
{
    (void)state;
    /* "<p>é😀" : U+1F600 is the surrogate pair D83D DE00 */
    static const char bytes[] = "\xFF\xFE<\0p\0>\0\xE9\0\x3D\xD8\x00\xDE";
    decoded d = decode(bytes, sizeof bytes - 1);
    assert_decoded(d, "<p>\xC3\xA9\xF0\x9F\x98\x80", "utf-16le");
}

static void test_utf16be_bom_with_bad_surrogate(void **state)
{
    (void)state;
    /* "A", a lone high surrogate, "B", then an odd trailing byte */
    static const char bytes[] = "\xFE\xFF\0A\xD8\x3D\0B\x41";
    decoded d = decode(bytes, sizeof bytes - 1);
    assert_decoded(d, "A\xEF\xBF\xBD" "B\xEF\xBF\xBD", "utf-16be");
}

static void test_invalid_utf8_replaced(void **state)
{
    (void)state;
    /* truncated 2-byte sequence, overlong E0 80 80 (three errors: the lead
     * and both continuation bytes), a good 4-byte emoji, then a sequence
     * cut by the end of input */
    decoded d = DECODE_LIT("<meta charset=utf-8>a\xC3(b\xE0\x80\x80" "c\xF0\x9F\x98\x80\xE2\x82");
    assert_decoded(d, "<meta charset=utf-8>a\xEF\xBF\xBD(b\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
                      "c\xF0\x9F\x98\x80\xEF\xBF\xBD",
                   "utf-8");
}

static void test_surrogates_in_utf8_replaced(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("<meta charset=utf-8>\xED\xA0\x80!");
    assert_decoded(d, "<meta charset=utf-8>\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD!", "utf-8");
}

static void test_undeclared_mostly_utf8_stays_utf8(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("caf\xC3\xA9 na\xC3\xAFve \xFF");
    assert_decoded(d, "caf\xC3\xA9 na\xC3\xAFve \xEF\xBF\xBD", "utf-8");
}

static void test_nul_dropped(void **state)
{
    (void)state;
    static const char bytes[] = "<p>a\0b</p>";
    decoded d = decode(bytes, sizeof bytes - 1);
    assert_decoded(d, "<p>ab</p>", "utf-8");
}

static void test_shift_jis(void **state)
{
    (void)state;
    /* 日本 */
    decoded d = DECODE_LIT("<meta charset=Shift_JIS>\x93\xfa\x96\x7b");
    assert_decoded(d, "<meta charset=Shift_JIS>\xE6\x97\xA5\xE6\x9C\xAC", "shift_jis");
}

static void test_gb2312_decodes_as_gbk(void **state)
{
    (void)state;
    /* 中文, then a byte no GBK sequence starts with, then ASCII */
    decoded d = DECODE_LIT("<meta charset=gb2312>\xD6\xD0\xCE\xC4\xFFz");
    assert_decoded(d, "<meta charset=gb2312>\xE4\xB8\xAD\xE6\x96\x87\xEF\xBF\xBDz", "gbk");
}

static void test_declared_legacy_but_valid_utf8(void **state)
{
    (void)state;
    /* re-encoded to UTF-8 by whatever saved it, the old meta kept: 中文中文 */
    decoded d = DECODE_LIT("<meta charset=gb2312><p>\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87</p>");
    assert_decoded(d, "<meta charset=gb2312><p>\xE4\xB8\xAD\xE6\x96\x87\xE4\xB8\xAD\xE6\x96\x87</p>",
                   "utf-8");
    /* one chance UTF-8-looking pair is not enough: "\xC3\xA9" stays two
     * windows-1252 characters */
    d = DECODE_LIT("<meta charset=windows-1252>\xC3\xA9");
    assert_decoded(d, "<meta charset=windows-1252>\xC3\x83\xC2\xA9", "windows-1252");
}

static void test_replacement_encoding(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("<meta charset=iso-2022-kr>anything");
    assert_decoded(d, "\xEF\xBF\xBD", "replacement");
}

static void test_xml_declaration(void **state)
{
    (void)state;
    decoded d = DECODE_LIT("<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?><p>\xA4</p>");
    /* iso-8859-15 0xA4 is the euro sign */
    assert_decoded(d, "<?xml version=\"1.0\" encoding=\"ISO-8859-15\"?><p>\xE2\x82\xAC</p>",
                   "iso-8859-15");
}

static void test_empty_and_null(void **state)
{
    (void)state;
    decoded d = decode("", 0);
    assert_decoded(d, "", "utf-8");
    d = decode(NULL, 5);
    assert_decoded(d, "", "utf-8");
    /* the optional out-params may be NULL */
    char *s = sb_decode_html("x", 1, NULL, NULL, 0);
    assert_string_equal(s, "x");
    free(s);
}

/* The HTTP header's charset: below a byte order mark, above <meta>; an
 * unknown label counts as none. */
static void test_transport_charset(void **state)
{
    (void)state;
    static const char meta_page[] = "<meta charset=windows-1251><p>caf\xe9</p>";
    char enc[32];
    char *out = sb_decode_html_transport(meta_page, strlen(meta_page), "ISO-8859-1", NULL, enc,
                                         sizeof enc);
    assert_string_equal(enc, "windows-1252");
    assert_non_null(strstr(out, "caf\xc3\xa9"));
    free(out);
    out = sb_decode_html_transport(meta_page, strlen(meta_page), "no-such-charset", NULL, enc,
                                   sizeof enc);
    assert_string_equal(enc, "windows-1251");
    assert_non_null(strstr(out, "caf\xd0\xb9"));
    free(out);
    out = sb_decode_html_transport(meta_page, strlen(meta_page), NULL, NULL, enc, sizeof enc);
    assert_string_equal(enc, "windows-1251");
    free(out);
    /* a UTF-8 byte order mark outranks the header */
    static const char bom_page[] = "\xef\xbb\xbf<p>caf\xc3\xa9</p>";
    out = sb_decode_html_transport(bom_page, strlen(bom_page), "windows-1251", NULL, enc,
                                   sizeof enc);
    assert_string_equal(enc, "utf-8");
    assert_string_equal(out, "<p>caf\xc3\xa9</p>");
    free(out);
}

static void test_labels(void **state)
{
    (void)state;
    assert_string_equal(sb_encoding_for_label(" Latin1\n", 8), "windows-1252");
    assert_string_equal(sb_encoding_for_label("US-ASCII", 8), "windows-1252");
    assert_string_equal(sb_encoding_for_label("utf-16", 6), "utf-16le");
    assert_string_equal(sb_encoding_for_label("x-sjis", 6), "shift_jis");
    assert_string_equal(sb_encoding_for_label("ks_c_5601-1987", 14), "euc-kr");
    assert_null(sb_encoding_for_label("bogus", 5));
    assert_null(sb_encoding_for_label("", 0));
    assert_null(sb_encoding_for_label("utf-8", 4)); /* length is honoured */
}

static void test_prescan_details(void **state)
{
    (void)state;
#define PRESCAN(lit) sb_prescan_meta_charset((const unsigned char *)(lit), sizeof(lit) - 1)
    /* UTF-16 declarations in an ASCII-readable page mean UTF-8 */
    assert_string_equal(PRESCAN("<meta charset=utf-16>"), "utf-8");
    assert_string_equal(PRESCAN("<meta charset=x-user-defined>"), "windows-1252");
    /* first meta with a known label wins; an unknown one is skipped */
    assert_string_equal(PRESCAN("<meta charset=nope><meta charset=koi8-r>"), "koi8-r");
    /* content charset in quotes, spaces around '=' */
    assert_string_equal(PRESCAN("<meta http-equiv=content-type content='text/html;charset = \"koi8-u\"'>"),
                        "koi8-u");
    /* <meta/charset=...> is a meta too; <metax charset> is not */
    assert_string_equal(PRESCAN("<meta/charset=big5>"), "big5");
    assert_null(PRESCAN("<metax charset=big5>"));
    /* unterminated tag: the window runs out, nothing is declared */
    assert_null(PRESCAN("<meta charset=big5"));
    assert_null(PRESCAN("<!-- <meta charset=big5>"));
#undef PRESCAN
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_windows_1252_meta),
        cmocka_unit_test(test_latin1_label_means_windows_1252),
        cmocka_unit_test(test_http_equiv),
        cmocka_unit_test(test_content_without_pragma_is_ignored),
        cmocka_unit_test(test_meta_inside_comment_is_skipped),
        cmocka_unit_test(test_meta_attribute_in_other_tag_is_skipped),
        cmocka_unit_test(test_meta_past_window_is_not_seen),
        cmocka_unit_test(test_utf8_bom),
        cmocka_unit_test(test_utf16le_bom),
        cmocka_unit_test(test_utf16be_bom_with_bad_surrogate),
        cmocka_unit_test(test_invalid_utf8_replaced),
        cmocka_unit_test(test_surrogates_in_utf8_replaced),
        cmocka_unit_test(test_undeclared_mostly_utf8_stays_utf8),
        cmocka_unit_test(test_nul_dropped),
        cmocka_unit_test(test_shift_jis),
        cmocka_unit_test(test_gb2312_decodes_as_gbk),
        cmocka_unit_test(test_declared_legacy_but_valid_utf8),
        cmocka_unit_test(test_replacement_encoding),
        cmocka_unit_test(test_xml_declaration),
        cmocka_unit_test(test_empty_and_null),
        cmocka_unit_test(test_transport_charset),
        cmocka_unit_test(test_labels),
        cmocka_unit_test(test_prescan_details),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
