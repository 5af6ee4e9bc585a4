/* Unit tests for fonts/: family resolution, shaping widths, metrics, caching.
 * The exact figures are for the faces this project installs
 * (fonts-liberation2, fonts-dejavu-core); the test skips when they are
 * missing rather than asserting figures for some other face. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fonts/fonts.h"

static const char fox[] = "The quick brown fox";

static int setup(void **state)
{
    sb_fonts *fc = sb_fonts_new();
    if (!fc)
        return -1;
    *state = fc;
    return 0;
}

static int teardown(void **state)
{
    sb_fonts_free(*state);
    return 0;
}

static void test_named_face_exact_width(void **state)
{
    sb_font *f = sb_fonts_get(*state, "Liberation Sans", 400, false, 16);
    assert_non_null(f);
    assert_string_equal(sb_font_family(f), "Liberation Sans");
    assert_non_null(strstr(sb_font_file(f), "LiberationSans-Regular"));
    /* Unhinted HarfBuzz advances summed in 26.6 and rounded once. */
    assert_int_equal(sb_font_text_width(f, fox, strlen(fox)), 143);
    sb_font_metrics m;
    sb_font_get_metrics(f, &m);
    assert_int_equal(m.ascent, 15);
    assert_int_equal(m.descent, 4);
    assert_int_equal(m.height, 19);
    assert_int_equal(m.x_height, 8);
    assert_int_equal(sb_font_size(f), 16);
}

static void test_longer_is_wider(void **state)
{
    sb_font *f = sb_fonts_get(*state, "DejaVu Sans", 400, false, 16);
    assert_non_null(f);
    int a = sb_font_text_width(f, "Hello", 5);
    int b = sb_font_text_width(f, "Hello world", 11);
    assert_true(a > 0);
    assert_true(b > a);
    assert_int_equal(sb_font_text_width(f, "", 0), 0);
    /* Width scales with size. */
    sb_font *big = sb_fonts_get(*state, "DejaVu Sans", 400, false, 32);
    int c = sb_font_text_width(big, "Hello world", 11);
    assert_in_range(c, 2 * b - 2, 2 * b + 2);
}

static void test_generic_families(void **state)
{
    sb_font *serif = sb_fonts_get(*state, "serif", 400, false, 16);
    sb_font *sans = sb_fonts_get(*state, "sans-serif", 400, false, 16);
    sb_font *mono = sb_fonts_get(*state, "monospace", 400, false, 16);
    assert_non_null(serif);
    assert_non_null(sans);
    assert_non_null(mono);
    assert_string_not_equal(sb_font_file(serif), sb_font_file(sans));
    assert_string_not_equal(sb_font_file(mono), sb_font_file(sans));
    /* Monospace: every character has the same advance. */
    assert_int_equal(sb_font_text_width(mono, "iiii", 4), sb_font_text_width(mono, "MMMM", 4));
    /* Unknown family: browsers fall back to serif. */
    sb_font *none = sb_fonts_get(*state, "NoSuchFontAnywhere", 400, false, 16);
    assert_non_null(none);
    assert_string_equal(sb_font_file(none), sb_font_file(serif));
}

static void test_css_family_lists(void **state)
{
    /* Georgia is not installed; Times New Roman is, as its metric twin. */
    sb_font *f = sb_fonts_get(*state, "Georgia, 'Times New Roman', serif", 400, false, 16);
    assert_string_equal(sb_font_family(f), "Liberation Serif");
    f = sb_fonts_get(*state, "\"Helvetica Neue\", Helvetica, Arial, sans-serif", 400, false, 16);
    assert_string_equal(sb_font_family(f), "Liberation Sans");
    f = sb_fonts_get(*state, "'Courier New', monospace", 400, false, 16);
    assert_string_equal(sb_font_family(f), "Liberation Mono");
}

static void test_weight_and_style(void **state)
{
    sb_font *reg = sb_fonts_get(*state, "Liberation Sans", 400, false, 16);
    sb_font *bold = sb_fonts_get(*state, "Liberation Sans", 700, false, 16);
    sb_font *it = sb_fonts_get(*state, "Liberation Sans", 400, true, 16);
    assert_non_null(strstr(sb_font_file(bold), "LiberationSans-Bold"));
    assert_non_null(strstr(sb_font_file(it), "LiberationSans-Italic"));
    assert_int_equal(sb_font_text_width(bold, fox, strlen(fox)), 156);
    assert_true(sb_font_text_width(bold, fox, strlen(fox)) >
                sb_font_text_width(reg, fox, strlen(fox)));
}

static void test_cache(void **state)
{
    sb_fonts *fc = *state;
    sb_font *f = sb_fonts_get(fc, "Liberation Sans", 400, false, 16);
    assert_ptr_equal(f, sb_fonts_get(fc, "Liberation Sans", 400, false, 16));
    size_t h0, m0, h1, m1;
    int w1 = sb_font_text_width(f, "cache-me", 8);
    sb_fonts_stats(fc, &h0, &m0);
    int w2 = sb_font_text_width(f, "cache-me", 8);
    sb_fonts_stats(fc, &h1, &m1);
    assert_int_equal(w1, w2);
    assert_int_equal(h1, h0 + 1);
    assert_int_equal(m1, m0);
    /* Same text, other font: its own entry. */
    sb_font *g = sb_fonts_get(fc, "Liberation Sans", 400, false, 20);
    assert_true(sb_font_text_width(g, "cache-me", 8) > w1);
    /* Many distinct words: the table grows and keeps answering. */
    char word[32];
    for (int i = 0; i < 20000; i++) {
        snprintf(word, sizeof word, "w%d", i);
        assert_true(sb_font_text_width(f, word, strlen(word)) > 0);
    }
    assert_int_equal(sb_font_text_width(f, "cache-me", 8), w1);
}

static void test_untrusted_text(void **state)
{
    sb_font *f = sb_fonts_get(*state, "Liberation Sans", 400, false, 16);
    /* Invalid UTF-8 and scripts the face lacks still get a width. */
    assert_true(sb_font_text_width(f, "\xff\xfe\x80", 3) > 0);
    const char *cjk = "\xe4\xb8\xad\xe6\x96\x87"; /* two CJK characters: full width */
    assert_int_equal(sb_font_text_width(f, cjk, strlen(cjk)), 32);
    /* Absurd sizes are clamped, not trusted. */
    assert_non_null(sb_fonts_get(*state, "serif", 400, false, 0));
    assert_non_null(sb_fonts_get(*state, "serif", 400, false, 1000000));
    assert_non_null(sb_fonts_get(*state, NULL, -5, true, 16));
}

/* Long runs are shaped in pieces (fonts.c): one base letter with 50,000
 * combining accents would otherwise take seconds in one HarfBuzz call.  The
 * accents have no advance of their own, so the word is as wide as its
 * base; a long word of one letter is as wide as the sum of its letters. */
static void test_long_runs(void **state)
{
    sb_font *f = sb_fonts_get(*state, "serif", 400, false, 16);
    assert_string_equal(sb_font_family(f), "DejaVu Serif");
    size_t n = 1 + 2 * 50000;
    char *s = malloc(n);
    assert_non_null(s);
    s[0] = 'x';
    for (size_t i = 1; i < n; i += 2) {
        s[i] = '\xcc'; /* U+0301 */
        s[i + 1] = '\x81';
    }
    assert_int_equal(sb_font_text_width(f, "x", 1), 9);
    assert_int_equal(sb_font_text_width(f, s, n), 9);
    /* Another length: the pieces fall elsewhere in the accents. */
    assert_int_equal(sb_font_text_width(f, s, n - 2 * 333), 9);
    memset(s, 'x', 5000);
    assert_int_equal(sb_font_text_width(f, s, 1000), 9031);
    assert_int_equal(sb_font_text_width(f, s, 5000), 45156);
    free(s);
}

/* Plain words (printable ASCII with a Latin letter) are measured from the
 * font's per-character advances and per-pair adjustments (fonts.c) instead
 * of shaping each word: every word of the news samples and of
 * samples/layout/kerning.html (kerned pairs, ligature candidates), in
 * every face the project installs at five sizes, has the width that
 * shaping the whole word gives. */
static void check_words_of(sb_font *f, const char *path, long *checked)
{
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    char word[128];
    while (fscanf(fp, "%127s", word) == 1) {
        size_t n = strlen(word);
        int fast = sb_font_text_width(f, word, n);
        int shaped = sb_font_text_width_shaped(f, word, n);
        if (fast != shaped)
            fail_msg("%s %d px: \"%s\" measured %d, shaped %d", sb_font_file(f), sb_font_size(f),
                     word, fast, shaped);
        (*checked)++;
    }
    fclose(fp);
}

static void test_plain_words_as_shaped(void **state)
{
    (void)state;
    static const char *const families[] = {"serif",
                                           "sans-serif",
                                           "monospace",
                                           "Arial",
                                           "Times New Roman",
                                           "Courier New",
                                           "DejaVu Sans Condensed",
                                           NULL};
    static const char *const samples[] = {"layout/kerning.html", "layout/accented.html",
                                          "news/one_column.html", "news/german.html",
                                          "news/gallery.html", NULL};
    static const int sizes[] = {11, 16, 23, 37, 9};
    long checked = 0;
    /* One context per face, its sizes one after the other: the widths are
     * cached per size, so each size measures every word again, while what
     * the first size found about the face's pairs (fonts.c, pairs without
     * effect) serves the later ones. */
    for (const char *const *fam = families; *fam; fam++)
        for (int style = 0; style < 4; style++) {
            sb_fonts *fc = sb_fonts_new();
            for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
                sb_font *f = sb_fonts_get(fc, *fam, style & 1 ? 700 : 400, style & 2, sizes[s]);
                assert_non_null(f);
                for (const char *const *sample = samples; *sample; sample++) {
                    char path[512];
                    snprintf(path, sizeof path, "%s/samples/%s", SB_SOURCE_DIR, *sample);
                    check_words_of(f, path, &checked);
                }
            }
            sb_fonts_free(fc);
        }
    assert_true(checked > 10000);
    /* Kerned words, by arithmetic and by shaping: fewer px than their
     * letters one by one. */
    sb_fonts *fc = sb_fonts_new();
    sb_font *f = sb_fonts_get(fc, "Liberation Sans", 400, false, 16);
    assert_int_equal(sb_font_text_width(f, "AVATAR", 6), 59);
    assert_int_equal(sb_font_text_width_shaped(f, "AVATAR", 6), 59);
    int letters = 0;
    for (const char *c = "AVATAR"; *c; c++)
        letters += sb_font_text_width_shaped(f, c, 1);
    assert_true(letters > 59);
    sb_font *g = sb_fonts_get(fc, "serif", 400, false, 16);
    assert_int_equal(sb_font_text_width(g, "office", 6), 45);
    assert_int_equal(sb_font_text_width_shaped(g, "office", 6), 45);
    sb_fonts_free(fc);
}

/* Accented words (Latin-1, Latin Extended-A) and typographic punctuation
 * take the same arithmetic as ASCII words, so the check above covers them
 * (samples/layout/accented.html); a word with a soft hyphen, which
 * HarfBuzz hides and kerns across, and a word without a Latin letter are
 * shaped whole.  Widths as shaping gives them. */
static void test_accented_words_as_shaped(void **state)
{
    (void)state;
    sb_fonts *fc = sb_fonts_new();
    sb_font *f = sb_fonts_get(fc, "Liberation Sans", 400, false, 16);
    static const char *const plain[] = {
        "Gr\xc3\xb6\xc3\x9f" "e", /* Groesse, o-umlaut and sharp s */
        "\xe2\x80\x9eW\xc3\xb6rter\xe2\x80\x9c", /* German quotes around Woerter */
        "L\xe2\x80\x99\xc3\x89t\xc3\xa9", /* L'Ete, typographic apostrophe */
        "\xc5\x81\xc3\xb3" "d\xc5\xba", /* Lodz, Latin Extended-A */
        "T\xc3\xb6", /* T, o-umlaut */
        "\xc3\x80V", /* A-grave, V */
        NULL,
    };
    for (const char *const *w = plain; *w; w++) {
        size_t before = sb_fonts_plain_words(fc);
        size_t n = strlen(*w);
        assert_int_equal(sb_font_text_width(f, *w, n), sb_font_text_width_shaped(f, *w, n));
        assert_int_equal(sb_fonts_plain_words(fc), before + 1);
    }
    /* A-grave and V kern: the word is narrower than its letters apart. */
    assert_int_equal(sb_font_text_width(f, "\xc3\x80V", 3), 21);
    int apart = sb_font_text_width_shaped(f, "\xc3\x80", 2) + sb_font_text_width_shaped(f, "V", 1);
    assert_true(apart > 21);
    /* Soft hyphens between kerned letters; an em dash and a degree sign
     * alone, without a Latin letter. */
    static const char *const shaped[] = {"A\xc2\xadV", "T\xc2\xado", "\xe2\x80\x94", "12\xc2\xb0",
                                         NULL};
    for (const char *const *w = shaped; *w; w++) {
        size_t before = sb_fonts_plain_words(fc);
        size_t n = strlen(*w);
        assert_int_equal(sb_font_text_width(f, *w, n), sb_font_text_width_shaped(f, *w, n));
        assert_int_equal(sb_fonts_plain_words(fc), before);
    }
    sb_fonts_free(fc);
}

int main(void)
{
    sb_fonts *probe = sb_fonts_new();
    sb_font *lib = probe ? sb_fonts_get(probe, "Liberation Sans", 400, false, 16) : NULL;
    int have = lib && strcmp(sb_font_family(lib), "Liberation Sans") == 0;
    sb_fonts_free(probe);
    if (!have) {
        fprintf(stderr, "test_fonts: Liberation Sans not installed (fonts-liberation2); skipped\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_named_face_exact_width, setup, teardown),
        cmocka_unit_test_setup_teardown(test_longer_is_wider, setup, teardown),
        cmocka_unit_test_setup_teardown(test_generic_families, setup, teardown),
        cmocka_unit_test_setup_teardown(test_css_family_lists, setup, teardown),
        cmocka_unit_test_setup_teardown(test_weight_and_style, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cache, setup, teardown),
        cmocka_unit_test_setup_teardown(test_untrusted_text, setup, teardown),
        cmocka_unit_test_setup_teardown(test_long_runs, setup, teardown),
        cmocka_unit_test(test_plain_words_as_shaped),
        cmocka_unit_test(test_accented_words_as_shaped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
