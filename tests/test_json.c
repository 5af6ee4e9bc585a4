/* Unit tests for dom/json: values and accessors, escapes and surrogate
 * pairs, the lenient dialect, rejection of invalid input with a message,
 * deep nesting without recursion, duplicate keys and large objects. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/base/json.h"
#include "dom/base/strbuf.h"

static sb_json *parse(const char *s, unsigned flags)
{
    char err[160];
    sb_json *v = sb_json_parse(s, strlen(s), flags, err, sizeof err);
    if (!v)
        fail_msg("parse(%s) failed: %s", s, err);
    return v;
}

/* Asserts that s is rejected and the message mentions `what`. */
static void reject(const char *s, const char *what)
{
    char err[160];
    sb_json *v = sb_json_parse(s, strlen(s), 0, err, sizeof err);
    if (v) {
        sb_json_free(v);
        fail_msg("parse(%s) accepted invalid input", s);
    }
    if (!strstr(err, what))
        fail_msg("parse(%s): message \"%s\" lacks \"%s\"", s, err, what);
}

static void test_scalars(void **state)
{
    (void)state;
    sb_json *v = parse("  42 ", 0);
    assert_int_equal(sb_json_type(v), SB_JSON_NUMBER);
    assert_true(sb_json_num(v) == 42.0);
    assert_null(sb_json_str(v));
    sb_json_free(v);

    v = parse("-0.125e2", 0);
    assert_true(sb_json_num(v) == -12.5);
    sb_json_free(v);

    v = parse("1E-3", 0);
    assert_true(sb_json_num(v) == 0.001);
    sb_json_free(v);

    v = parse("12345678901234567890", 0);
    assert_true(sb_json_num(v) > 1.2345678901e19 && sb_json_num(v) < 1.2345678902e19);
    sb_json_free(v);

    v = parse("true", 0);
    assert_int_equal(sb_json_type(v), SB_JSON_BOOL);
    assert_true(sb_json_bool(v));
    sb_json_free(v);

    v = parse("false", 0);
    assert_false(sb_json_bool(v));
    sb_json_free(v);

    v = parse("null", 0);
    assert_int_equal(sb_json_type(v), SB_JSON_NULL);
    sb_json_free(v);

    v = parse("\"plain\"", 0);
    assert_string_equal(sb_json_str(v), "plain");
    assert_int_equal(sb_json_str_len(v), 5);
    assert_true(sb_json_num(v) == 0.0);
    sb_json_free(v);
}

static void test_containers(void **state)
{
    (void)state;
    sb_json *v = parse("{\"a\": [1, \"two\", {\"b\": null}], \"c\": {}, \"d\": []}", 0);
    assert_int_equal(sb_json_type(v), SB_JSON_OBJECT);
    assert_int_equal(sb_json_len(v), 3);
    assert_string_equal(sb_json_key_at(v, 0), "a");
    assert_string_equal(sb_json_key_at(v, 2), "d");
    assert_null(sb_json_key_at(v, 3));
    const sb_json *a = sb_json_get(v, "a");
    assert_int_equal(sb_json_type(a), SB_JSON_ARRAY);
    assert_int_equal(sb_json_len(a), 3);
    assert_true(sb_json_num(sb_json_at(a, 0)) == 1.0);
    assert_string_equal(sb_json_str(sb_json_at(a, 1)), "two");
    assert_int_equal(sb_json_type(sb_json_get(sb_json_at(a, 2), "b")), SB_JSON_NULL);
    assert_non_null(sb_json_get(sb_json_at(a, 2), "b"));
    assert_null(sb_json_at(a, 3));
    assert_null(sb_json_get(v, "missing"));
    assert_null(sb_json_get(a, "a"));
    assert_null(sb_json_at(v, 0));
    assert_int_equal(sb_json_len(sb_json_get(v, "c")), 0);
    assert_int_equal(sb_json_type(sb_json_get(v, "d")), SB_JSON_ARRAY);
    assert_ptr_equal(sb_json_value_at(v, 0), a);
    assert_null(sb_json_get_str(v, "a"));
    /* NULL-safe accessors. */
    assert_int_equal(sb_json_len(NULL), 0);
    assert_null(sb_json_get(NULL, "a"));
    assert_null(sb_json_str(NULL));
    sb_json_free(v);
    sb_json_free(NULL);
}

static void test_escapes(void **state)
{
    (void)state;
    sb_json *v = parse("\"q\\\" b\\\\ s\\/ \\b\\f\\n\\r\\t \\u00e9 \\u20AC \\ud83d\\ude00\"", 0);
    assert_string_equal(sb_json_str(v), "q\" b\\ s/ \b\f\n\r\t \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
    sb_json_free(v);

    /* Lone surrogates (either half) become U+FFFD. */
    v = parse("\"a\\ud800b\\udc00c\\ud800\"", 0);
    assert_string_equal(sb_json_str(v), "a\xEF\xBF\xBD" "b\xEF\xBF\xBD" "c\xEF\xBF\xBD");
    sb_json_free(v);

    /* \u0000 is kept; the length tells. */
    v = parse("\"x\\u0000y\"", 0);
    assert_int_equal(sb_json_str_len(v), 3);
    assert_memory_equal(sb_json_str(v), "x\0y", 3);
    sb_json_free(v);

    /* Malformed UTF-8 inside a string is replaced, valid UTF-8 kept. */
    v = parse("\"\xFF\xC3\xA9\xE2\x82\"", 0);
    assert_string_equal(sb_json_str(v), "\xEF\xBF\xBD\xC3\xA9\xEF\xBF\xBD\xEF\xBF\xBD");
    sb_json_free(v);
}

static void test_lenient(void **state)
{
    (void)state;
    /* Trailing commas, comments, raw newline in a string, unknown escape,
     * single quotes, BOM, trailing semicolon, CDATA-style comment lines. */
    sb_json *v = parse("\xEF\xBB\xBF//<![CDATA[\n{\"a\": [1, 2,], /* c */ 'b': 'it\\'s',\n"
                       "\"c\": \"line1\nline2\", \"d\": \"\\q\",}\n//]]>\n;",
                       0);
    assert_int_equal(sb_json_len(sb_json_get(v, "a")), 2);
    assert_string_equal(sb_json_get_str(v, "b"), "it's");
    assert_string_equal(sb_json_get_str(v, "c"), "line1\nline2");
    assert_string_equal(sb_json_get_str(v, "d"), "q");
    sb_json_free(v);

    /* CDATA / HTML comment wrappers and unescaped inner quotes. */
    v = parse("\n  <![CDATA[\n {\"h\": \"He called it \"fake\" news\", \"e\": \"\"} \n ]]>\n", 0);
    assert_string_equal(sb_json_get_str(v, "h"), "He called it \"fake\" news");
    assert_string_equal(sb_json_get_str(v, "e"), "");
    sb_json_free(v);
    v = parse("<!-- [\"a\"] -->", 0);
    assert_string_equal(sb_json_str(sb_json_at(v, 0)), "a");
    sb_json_free(v);

    /* Entities decode only when asked. */
    const char *s = "{\"h\": \"Tom &amp; Jerry&#39;s &#x2019;&quot;x&quot; &bogus; &amp\"}";
    v = parse(s, 0);
    assert_string_equal(sb_json_get_str(v, "h"), "Tom &amp; Jerry&#39;s &#x2019;&quot;x&quot; &bogus; &amp");
    sb_json_free(v);
    v = parse(s, SB_JSON_DECODE_ENTITIES);
    assert_string_equal(sb_json_get_str(v, "h"), "Tom & Jerry's \xE2\x80\x99\"x\" &bogus; &amp");
    sb_json_free(v);
}

static void test_invalid(void **state)
{
    (void)state;
    reject("", "unexpected end");
    reject("   ", "unexpected end");
    reject("{", "unexpected end");
    reject("[1, 2", "unexpected end");
    reject("{\"a\", 1}", "expected ':'");
    reject("{\"a\": 1 \"b\": 2}", "expected ',' or '}'");
    reject("[1 2]", "expected ',' or ']'");
    reject("[1}", "expected ',' or ']'");
    reject("{a: 1}", "expected string key");
    reject("\"abc", "unterminated string");
    reject("\"\\u12G4\"", "bad \\u escape");
    reject("01", "leading zero");
    reject("1.", "bad fraction");
    reject("1e", "bad exponent");
    reject("-", "bad number");
    reject("tru", "unexpected character");
    reject("[1] [2]", "trailing characters");
    reject("{\"a\":1}}", "trailing characters");
    /* Line and column are reported. */
    char err[160];
    assert_null(sb_json_parse("{\n  \"a\": @}", 11, 0, err, sizeof err));
    assert_string_equal(err, "JSON line 2 column 8: unexpected character");
    /* A NULL error buffer is fine. */
    assert_null(sb_json_parse("[", 1, 0, NULL, 0));
    /* Length is honoured: the text after len is not read. */
    sb_json *v = sb_json_parse("[1]xxxx", 3, 0, err, sizeof err);
    assert_non_null(v);
    sb_json_free(v);
}

static void test_depth(void **state)
{
    (void)state;
    /* At the limit: accepted; one more: rejected; 100,000 deep: rejected
     * without touching the C stack. */
    size_t deep = 100000;
    char *s = malloc(2 * deep + 1);
    for (size_t i = 0; i < deep; i++) {
        s[i] = '[';
        s[2 * deep - 1 - i] = ']';
    }
    s[2 * deep] = '\0';
    char err[160];
    sb_json *v = sb_json_parse(s + deep - SB_JSON_MAX_DEPTH, 2 * SB_JSON_MAX_DEPTH, 0, err,
                               sizeof err);
    assert_non_null(v);
    sb_json_free(v);
    v = sb_json_parse(s + deep - SB_JSON_MAX_DEPTH - 1, 2 * SB_JSON_MAX_DEPTH + 2, 0, err,
                      sizeof err);
    assert_null(v);
    assert_non_null(strstr(err, "nesting too deep"));
    assert_null(sb_json_parse(s, 2 * deep, 0, err, sizeof err));
    free(s);

    /* A long flat array is fine. */
    sb_buf b = SB_BUF_INIT;
    sb_buf_putc(&b, '[');
    for (int i = 0; i < 50000; i++)
        sb_buf_printf(&b, "%s%d", i ? "," : "", i);
    sb_buf_putc(&b, ']');
    v = sb_json_parse(b.data, b.len, 0, err, sizeof err);
    assert_int_equal(sb_json_len(v), 50000);
    assert_true(sb_json_num(sb_json_at(v, 49999)) == 49999.0);
    sb_json_free(v);
    sb_buf_free(&b);
}

static void test_keys(void **state)
{
    (void)state;
    /* Duplicate keys: the last wins, both in small and indexed objects. */
    sb_json *v = parse("{\"k\": 1, \"x\": 0, \"k\": 2}", 0);
    assert_true(sb_json_num(sb_json_get(v, "k")) == 2.0);
    assert_int_equal(sb_json_len(v), 3);
    sb_json_free(v);

    sb_buf b = SB_BUF_INIT;
    sb_buf_putc(&b, '{');
    for (int i = 0; i < 1000; i++)
        sb_buf_printf(&b, "\"key%d\": %d, ", (i * 7919) % 1000, i);
    sb_buf_puts(&b, "\"key5\": \"last\"}");
    char err[160];
    v = sb_json_parse(b.data, b.len, 0, err, sizeof err);
    assert_non_null(v);
    assert_int_equal(sb_json_len(v), 1001);
    for (int i = 0; i < 1000; i++) {
        char key[16];
        snprintf(key, sizeof key, "key%d", (i * 7919) % 1000);
        if (i * 7919 % 1000 == 5)
            continue;
        assert_true(sb_json_num(sb_json_get(v, key)) == (double)i);
    }
    assert_string_equal(sb_json_get_str(v, "key5"), "last");
    assert_null(sb_json_get(v, "key1000"));
    assert_null(sb_json_get(v, ""));
    assert_string_equal(sb_json_key_at(v, 1), "key919");
    sb_json_free(v);
    sb_buf_free(&b);
}

static void test_file(void **state)
{
    (void)state;
    char path[] = "/tmp/sb_test_json_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"title\": \"Caf\\u00e9\", \"n\": [1,2,3]}\n", f);
    fclose(f);
    char err[160];
    sb_json *v = sb_json_parse_file(path, 0, err, sizeof err);
    remove(path);
    assert_non_null(v);
    assert_string_equal(sb_json_get_str(v, "title"), "Caf\xC3\xA9");
    assert_int_equal(sb_json_len(sb_json_get(v, "n")), 3);
    sb_json_free(v);
    assert_null(sb_json_parse_file("/nonexistent/x.json", 0, err, sizeof err));
    assert_string_equal(err, "cannot open /nonexistent/x.json");
}

/* Every prefix of a valid document must be handled without crashing (most
 * are rejected), and byte flips must never crash either. */
static void test_truncation_and_noise(void **state)
{
    (void)state;
    const char *doc = "{\"@context\":\"https://schema.org\",\"@type\":\"NewsArticle\","
                      "\"headline\":\"A \\u00e9 \\ud83d\\ude00\",\"image\":[{\"url\":\"x.jpg\","
                      "\"width\":1200}],\"datePublished\":\"2024-01-02\",\"n\":-1.5e3}";
    size_t len = strlen(doc);
    char err[160];
    for (size_t i = 0; i < len; i++) {
        sb_json *v = sb_json_parse(doc, i, 0, err, sizeof err);
        sb_json_free(v);
    }
    char *copy = malloc(len);
    uint32_t seed = 12345;
    for (int round = 0; round < 2000; round++) {
        memcpy(copy, doc, len);
        for (int k = 0; k < 3; k++) {
            seed = seed * 1103515245u + 12345u;
            copy[(seed >> 8) % len] = (char)(seed >> 20);
        }
        sb_json *v = sb_json_parse(copy, len, SB_JSON_DECODE_ENTITIES, err, sizeof err);
        sb_json_free(v);
    }
    free(copy);
    sb_json *v = sb_json_parse(doc, len, 0, err, sizeof err);
    assert_string_equal(sb_json_get_str(v, "@type"), "NewsArticle");
    assert_true(sb_json_num(sb_json_get(sb_json_at(sb_json_get(v, "image"), 0), "width")) ==
                1200.0);
    assert_true(sb_json_num(sb_json_get(v, "n")) == -1500.0);
    sb_json_free(v);
}

/* The record writer: valid UTF-8 passes through, control characters and
 * quotes are escaped, and any byte that is not part of a well-formed
 * sequence (stray continuation, truncated, overlong, surrogate, above
 * U+10FFFF) becomes \ufffd, so a record is always valid JSON. */
static void test_writer_repairs_utf8(void **state)
{
    (void)state;
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x93\xb0", "\"caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x93\xb0\""},
        {"a\"b\\c\n\x01", "\"a\\\"b\\\\c\\n\\u0001\""},
        {"Ann \xbb Lee", "\"Ann \\ufffd Lee\""},
        {"cut \xe2\x80", "\"cut \\ufffd\\ufffd\""},
        {"long \xc0\xaf", "\"long \\ufffd\\ufffd\""},
        {"half \xed\xa0\x80!", "\"half \\ufffd\\ufffd\\ufffd!\""},
        {"big \xf4\x90\x80\x80", "\"big \\ufffd\\ufffd\\ufffd\\ufffd\""},
        {"\xff", "\"\\ufffd\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sb_buf b = SB_BUF_INIT;
        sb_buf_json_string(&b, cases[i].in);
        assert_string_equal(b.data, cases[i].out);
        sb_buf_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scalars),    cmocka_unit_test(test_containers),
        cmocka_unit_test(test_escapes),    cmocka_unit_test(test_lenient),
        cmocka_unit_test(test_invalid),    cmocka_unit_test(test_depth),
        cmocka_unit_test(test_keys),       cmocka_unit_test(test_file),
        cmocka_unit_test(test_truncation_and_noise),
        cmocka_unit_test(test_writer_repairs_utf8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
