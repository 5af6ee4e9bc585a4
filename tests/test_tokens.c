/* Unit tests for dom/utf8 and dom/tokens: decoding and encoding, character
 * classes, lower-casing, tokenisation with byte offsets, word counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/base/strbuf.h"
#include "dom/text/tokens.h"
#include "dom/base/utf8.h"

static void test_decode_encode(void **state)
{
    (void)state;
    size_t n;
    assert_int_equal(sb_utf8_decode("A", 1, &n), 'A');
    assert_int_equal(n, 1);
    assert_int_equal(sb_utf8_decode("\xC3\xA9", 2, &n), 0xE9);
    assert_int_equal(n, 2);
    assert_int_equal(sb_utf8_decode("\xE2\x82\xAC", 3, &n), 0x20AC);
    assert_int_equal(n, 3);
    assert_int_equal(sb_utf8_decode("\xF0\x9F\x98\x80", 4, &n), 0x1F600);
    assert_int_equal(n, 4);
    /* Malformed: stray continuation, overlong, surrogate, truncated, > 10FFFF. */
    assert_int_equal(sb_utf8_decode("\x80", 1, &n), -1);
    assert_int_equal(n, 1);
    assert_int_equal(sb_utf8_decode("\xC0\xAF", 2, &n), -1);
    assert_int_equal(sb_utf8_decode("\xE0\x80\xAF", 3, &n), -1);
    assert_int_equal(sb_utf8_decode("\xED\xA0\x80", 3, &n), -1);
    assert_int_equal(n, 1);
    assert_int_equal(sb_utf8_decode("\xE2\x82", 2, &n), -1);
    assert_int_equal(sb_utf8_decode("\xF4\x90\x80\x80", 4, &n), -1);
    assert_int_equal(sb_utf8_decode("", 0, &n), -1);
    assert_int_equal(n, 0);

    char out[4];
    assert_int_equal(sb_utf8_encode(0x41, out), 1);
    assert_int_equal(sb_utf8_encode(0xE9, out), 2);
    assert_memory_equal(out, "\xC3\xA9", 2);
    assert_int_equal(sb_utf8_encode(0x1F600, out), 4);
    assert_memory_equal(out, "\xF0\x9F\x98\x80", 4);
    assert_int_equal(sb_utf8_encode(0xD800, out), 3);
    assert_memory_equal(out, "\xEF\xBF\xBD", 3);

    assert_true(sb_utf8_valid("h\xC3\xA9llo", 6));
    assert_false(sb_utf8_valid("h\xC3llo", 5));
    assert_int_equal(sb_utf8_count("h\xC3\xA9llo", 6), 5);
    /* A clipped preview backs off to the start of a split sequence. */
    assert_int_equal(sb_utf8_prefix("h\xC3\xA9llo", 6, 2), 1);
    assert_int_equal(sb_utf8_prefix("h\xC3\xA9llo", 6, 3), 3);
    assert_int_equal(sb_utf8_prefix("h\xC3\xA9llo", 6, 9), 6);
    assert_int_equal(sb_utf8_prefix("\xE2\x82\xAC!", 4, 2), 0);
    char *s = sb_utf8_sanitize_copy("a\xFF" "b", 3);
    assert_string_equal(s, "a\xEF\xBF\xBD" "b");
    free(s);
}

static void test_classes(void **state)
{
    (void)state;
    const uint32_t word[] = {'a', 'Z', '0', '_', 0xE9, 0x0144, 0x03B1, 0x0416, 0x05D0,
                             0x0627, 0x0915, 0x093F, 0x0E01, 0x3042, 0x30AB, 0x4E2D,
                             0xAC00, 0x0301, 0x0663, 0xFF21, 0x20000, 0x1D400};
    for (size_t i = 0; i < sizeof word / sizeof word[0]; i++)
        if (!sb_is_word_cp(word[i]))
            fail_msg("U+%04X should be a word character", word[i]);
    const uint32_t nonword[] = {' ', '-', '.', ',', '\'', 0xA0, 0xAB, 0xBB, 0xD7, 0xF7,
                                0x2013, 0x2019, 0x201C, 0x2026, 0x20AC, 0x3001, 0x3002,
                                0xFF0C, 0x060C, 0x0964, 0x1F600, 0x2764};
    for (size_t i = 0; i < sizeof nonword / sizeof nonword[0]; i++)
        if (sb_is_word_cp(nonword[i]))
            fail_msg("U+%04X should not be a word character", nonword[i]);
    /* Numbers of all kinds are word characters (as in Python's \\w):
     * superscript two, one half, Roman numeral one. */
    assert_true(sb_is_word_cp(0xB2));
    assert_true(sb_is_word_cp(0xBD));
    assert_true(sb_is_word_cp(0x2160));
    /* Marks: word characters, but not Python word characters. */
    assert_true(sb_is_mark_cp(0x0301));
    assert_true(sb_is_mark_cp(0x093F));
    assert_false(sb_is_mark_cp('a'));
    assert_true(sb_is_pyword_cp(0xE9));
    assert_true(sb_is_pyword_cp(0xB2));
    assert_false(sb_is_pyword_cp(0x0301));
    assert_false(sb_is_pyword_cp(0x093F));
    assert_false(sb_is_pyword_cp(0x203F));
    assert_true(sb_is_word_cp(0x203F));
    assert_true(sb_is_pyword_cp('_'));
    assert_false(sb_is_pyword_cp('-'));
    assert_true(sb_is_digit_cp('7'));
    assert_true(sb_is_digit_cp(0x0667));
    assert_false(sb_is_digit_cp('a'));
    assert_true(sb_is_alpha_cp(0x00DF));
    assert_false(sb_is_alpha_cp('5'));
    assert_true(sb_is_space_cp(0xA0));
    assert_true(sb_is_space_cp(0x3000));
    assert_false(sb_is_space_cp('x'));
    assert_true(sb_is_unspaced_script_cp(0x4E2D));
    assert_true(sb_is_unspaced_script_cp(0x3042));
    assert_true(sb_is_unspaced_script_cp(0x0E01));
    assert_false(sb_is_unspaced_script_cp(0xAC00));
    assert_false(sb_is_unspaced_script_cp('a'));
    assert_int_equal(sb_script_of('q'), SB_SCRIPT_LATIN);
    assert_int_equal(sb_script_of(0x0436), SB_SCRIPT_CYRILLIC);
    assert_int_equal(sb_script_of(0x03C9), SB_SCRIPT_GREEK);
    assert_int_equal(sb_script_of(0x0628), SB_SCRIPT_ARABIC);
    assert_int_equal(sb_script_of(0x4E2D), SB_SCRIPT_HAN);
    assert_int_equal(sb_script_of(0x30AB), SB_SCRIPT_HIRAGANA_KATAKANA);
    assert_int_equal(sb_script_of(0xD55C), SB_SCRIPT_HANGUL);
    assert_int_equal(sb_script_of('3'), SB_SCRIPT_OTHER);
}

static void check_lower(const char *in, const char *want)
{
    char *got = sb_utf8_lower(in, strlen(in));
    if (strcmp(got, want))
        fail_msg("lower(\"%s\") = \"%s\", want \"%s\"", in, got, want);
    free(got);
}

static void test_lower(void **state)
{
    (void)state;
    check_lower("Hello WORLD 123", "hello world 123");
    check_lower("\xC3\x89T\xC3\x89 \xC3\x80 \xC3\x9F \xC3\x9E", "\xC3\xA9t\xC3\xA9 \xC3\xA0 \xC3\x9F \xC3\xBE");
    /* Latin Extended-A: Ł Ś Ž Ő Ÿ */
    check_lower("\xC5\x81\xC5\x9A\xC5\xBD\xC5\x90\xC5\xB8", "\xC5\x82\xC5\x9B\xC5\xBE\xC5\x91\xC3\xBF");
    /* Greek: ΑΘΗΝΑ Ά Ώ */
    check_lower("\xCE\x91\xCE\x98\xCE\x97\xCE\x9D\xCE\x91 \xCE\x86 \xCE\x8F",
                "\xCE\xB1\xCE\xB8\xCE\xB7\xCE\xBD\xCE\xB1 \xCE\xAC \xCF\x8E");
    /* Cyrillic: МОСКВА Ёж Її */
    check_lower("\xD0\x9C\xD0\x9E\xD0\xA1\xD0\x9A\xD0\x92\xD0\x90 \xD0\x81\xD0\xB6 \xD0\x87\xD1\x97",
                "\xD0\xBC\xD0\xBE\xD1\x81\xD0\xBA\xD0\xB2\xD0\xB0 \xD1\x91\xD0\xB6 \xD1\x97\xD1\x97");
    /* Turkish: İ -> i, I -> i, dotless ı stays. */
    check_lower("\xC4\xB0STANBUL I\xC4\xB1", "istanbul i\xC4\xB1");
    /* Vietnamese (Latin Extended Additional): Ạ Ở */
    check_lower("\xE1\xBA\xA0\xE1\xBB\x9E", "\xE1\xBA\xA1\xE1\xBB\x9F");
    /* Unchanged: CJK, Arabic, digits, punctuation; malformed -> U+FFFD. */
    check_lower("\xE4\xB8\xAD\xD8\xA8 1-2!", "\xE4\xB8\xAD\xD8\xA8 1-2!");
    check_lower("A\xFF" "B", "a\xEF\xBF\xBD" "b");
    assert_int_equal(sb_lower_cp(0x0130), 'i');
    assert_int_equal(sb_lower_cp(0x0131), 0x0131);
    assert_int_equal(sb_lower_cp(0x1E9E), 0xDF);
    assert_int_equal(sb_lower_cp(0xFF21), 0xFF41);
    assert_int_equal(sb_lower_cp(0x13A0), 0xAB70); /* Cherokee */
    assert_int_equal(sb_lower_cp(0x10400), 0x10428); /* Deseret */
    assert_int_equal(sb_lower_cp(0x2C00), 0x2C30); /* Glagolitic */
    assert_int_equal(sb_lower_cp(0x0101), 0x0101); /* already lower */
    assert_int_equal(sb_lower_cp(0x10FFFF), 0x10FFFF);
}

/* Formats the tokens of text as "[tok][tok]...". */
static char *tokens_of(const char *text, unsigned flags)
{
    sb_wordtoks t = SB_WORDTOKS_INIT;
    sb_buf b = SB_BUF_INIT;
    size_t n = sb_wordtok_split(text, strlen(text), flags, &t);
    assert_int_equal(n, t.n);
    for (size_t i = 0; i < t.n; i++)
        sb_buf_printf(&b, "[%.*s]", (int)t.v[i].len, text + t.v[i].start);
    sb_wordtoks_free(&t);
    return b.data ? sb_buf_steal(&b) : sb_xstrdup("");
}

static void check_tokens(const char *text, unsigned flags, const char *want)
{
    char *got = tokens_of(text, flags);
    if (strcmp(got, want))
        fail_msg("tokens(\"%s\") = %s, want %s", text, got, want);
    free(got);
}

static void test_tokenize(void **state)
{
    (void)state;
    check_tokens("Hello, world! It's 3.5 km_long -- ok?", 0,
                 "[Hello][world][It][s][3][5][km_long][ok]");
    check_tokens("", 0, "");
    check_tokens("  ...  ", 0, "");
    check_tokens("caf\xC3\xA9 na\xC3\xAFve e\xCC\x81t\xC3\xA9", 0,
                 "[caf\xC3\xA9][na\xC3\xAFve][e\xCC\x81t\xC3\xA9]");
    check_tokens("\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82, \xD0\xBC\xD0\xB8\xD1\x80", 0,
                 "[\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82][\xD0\xBC\xD0\xB8\xD1\x80]");
    /* Unspaced script: one run by default, per character when split; it
     * never joins Latin letters. */
    check_tokens("\xE4\xB8\xAD\xE6\x96\x87" "abc\xE5\xAD\x97\xE3\x80\x82x", 0,
                 "[\xE4\xB8\xAD\xE6\x96\x87][abc][\xE5\xAD\x97][x]");
    check_tokens("\xE4\xB8\xAD\xE6\x96\x87" "abc\xE5\xAD\x97\xE3\x80\x82x", SB_TOK_SPLIT_UNSPACED,
                 "[\xE4\xB8\xAD][\xE6\x96\x87][abc][\xE5\xAD\x97][x]");
    /* Thai: a vowel mark stays with its consonant when split (ก + ิ, น). */
    check_tokens("\xE0\xB8\x81\xE0\xB8\xB4\xE0\xB8\x99", SB_TOK_SPLIT_UNSPACED,
                 "[\xE0\xB8\x81\xE0\xB8\xB4][\xE0\xB8\x99]");
    /* Malformed bytes separate words. */
    check_tokens("ab\xFF" "cd", 0, "[ab][cd]");
    /* Python re \\w+ mode: marks split, scripts do not. */
    check_tokens("e\xCC\x81t\xC3\xA9 km\xC2\xB2 \xE4\xB8\xAD\xE6\x96\x87" "abc x_y", SB_TOK_PYTHON_W,
                 "[e][t\xC3\xA9][km\xC2\xB2][\xE4\xB8\xAD\xE6\x96\x87" "abc][x_y]");
    /* Hindi "kitab" with vowel signs: one token normally, three in Python mode. */
    check_tokens("\xE0\xA4\x95\xE0\xA4\xBF\xE0\xA4\xA4\xE0\xA4\xBE\xE0\xA4\xAC", 0,
                 "[\xE0\xA4\x95\xE0\xA4\xBF\xE0\xA4\xA4\xE0\xA4\xBE\xE0\xA4\xAC]");
    check_tokens("\xE0\xA4\x95\xE0\xA4\xBF\xE0\xA4\xA4\xE0\xA4\xBE\xE0\xA4\xAC", SB_TOK_PYTHON_W,
                 "[\xE0\xA4\x95][\xE0\xA4\xA4][\xE0\xA4\xAC]");

    sb_wordtoks t = SB_WORDTOKS_INIT;
    const char *text = "  Zo\xC3\xAB's \xE4\xB8\xAD";
    sb_wordtok_split(text, strlen(text), 0, &t);
    assert_int_equal(t.n, 3);
    assert_int_equal(t.v[0].start, 2);
    assert_int_equal(t.v[0].len, 4);
    assert_false(t.v[0].unspaced);
    assert_int_equal(t.v[1].start, 7);
    assert_int_equal(t.v[2].start, 9);
    assert_int_equal(t.v[2].len, 3);
    assert_true(t.v[2].unspaced);
    char *low = sb_wordtok_lower(text, &t.v[0]);
    assert_string_equal(low, "zo\xC3\xAB");
    free(low);
    /* Appending to a non-empty list. */
    assert_int_equal(sb_wordtok_split("one two", 7, 0, &t), 2);
    assert_int_equal(t.n, 5);
    sb_wordtoks_clear(&t);
    assert_int_equal(t.n, 0);
    sb_wordtoks_free(&t);
    assert_int_equal(sb_wordtok_split(NULL, 5, 0, &t), 0);
    sb_wordtoks_free(&t);
}

static void test_count_words(void **state)
{
    (void)state;
    const char *s = "The quick brown fox -- jumps!";
    assert_int_equal(sb_count_words(s, strlen(s)), 5);
    s = "\xE4\xB8\xAD\xE6\x96\x87 ok";
    assert_int_equal(sb_count_words(s, strlen(s)), 3);
    assert_int_equal(sb_count_words("", 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decode_encode), cmocka_unit_test(test_classes),
        cmocka_unit_test(test_lower),         cmocka_unit_test(test_tokenize),
        cmocka_unit_test(test_count_words),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
