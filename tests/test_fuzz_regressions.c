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

#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"
#include "storybox.h"

static char *slurp_sample(const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/samples/fuzz/%s", SB_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    assert_true(n > 0);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n);
    assert_non_null(b);
    *len = fread(b, 1, (size_t)n, f);
    assert_int_equal(*len, (size_t)n);
    fclose(f);
    return b;
}

/* sb_extract of a samples/fuzz page with one method; the caller frees. */
static sb_story *extract_sample(const char *name, const char *method)
{
    size_t len;
    char *html = slurp_sample(name, &len);
    sb_options opt;
    sb_options_init(&opt);
    opt.method = method;
    opt.base_url = "https://example.com/news/pier.html";
    sb_story *s = sb_extract(html, len, &opt);
    free(html);
    assert_non_null(s);
    assert_null(s->error);
    return s;
}

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

/* fuzz_extract_dom: <img width=50000 height=50000> overflowed the int area
 * in the lead image ranking (UBSan abort; the release build wrapped to a
 * negative area and ranked the huge image as small, so the first, unsized
 * image led). */
static void test_huge_declared_image_is_large(void **state)
{
    (void)state;
    static const char *const methods[] = {"dom", "hybrid"};
    for (size_t m = 0; m < 2; m++) {
        sb_story *s = extract_sample("huge_image_area.html", methods[m]);
        assert_non_null(s->lead_image);
        assert_string_equal(s->lead_image->url, "https://example.com/img/gauge-panorama.jpg");
        assert_int_equal(s->lead_image->width, 50000);
        assert_int_equal(s->lead_image->height, 50000);
        sb_story_free(s);
    }
}

/* One inline page through sb_extract with the given method. */
static sb_story *extract_inline(const char *page, size_t len, const char *method)
{
    sb_options opt;
    sb_options_init(&opt);
    opt.method = method;
    sb_story *s = sb_extract(page, len, &opt);
    assert_non_null(s);
    assert_null(s->error);
    return s;
}

/* fuzz_extract_hybrid: a DOCTYPE inside a <noscript> of the head leaked
 * its strings in gumbo (LeakSanitizer; the ASan build of this test fails
 * if it comes back).  The page must still read as before: the noscript's
 * document is ignored, the story stands. */
static void test_doctype_in_head_noscript(void **state)
{
    (void)state;
    static const char page[] =
        "<!DOCTYPE html><html><head><title>Pier reopens</title>"
        "<noscript><!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0//EN\" \"x.dtd\">"
        "<link rel=stylesheet href=n.css></noscript></head><body><article>"
        "<h1>Pier reopens</h1><p>The town pier reopened on Saturday after two years of repairs, "
        "and the first anglers were on its end before dawn.</p></article>"
        "<noscript><!DOCTYPE html><p>Enable scripts.</p></noscript></body></html>";
    static const char *const methods[] = {"dom", "hybrid"};
    for (size_t m = 0; m < 2; m++) {
        sb_story *s = extract_inline(page, sizeof page - 1, methods[m]);
        assert_string_equal(s->title, "Pier reopens");
        assert_string_equal(s->text, "The town pier reopened on Saturday after two years of repairs, "
                                     "and the first anglers were on its end before dawn.");
        sb_story_free(s);
    }
}

/* fuzz_extract_hybrid: boxes placed near INT_MAX (offsets, padding and
 * borders of 2^31 pixels).  litehtml's own sums wrap there; the answered
 * layouts (render.cpp, layout_pending) kept a box's position relative to
 * the x and y it was laid out at with a signed subtraction that overflowed
 * (UBSan; the sanitizer build of this test aborts if it comes back), and
 * so did the line queries' walk up to the floats holder (line_left_right).
 * The pages still read whole. */
static void test_huge_offsets(void **state)
{
    (void)state;
    static const char *const methods[] = {"dom", "hybrid"};
    for (size_t m = 0; m < 2; m++) {
        sb_story *s = extract_sample("huge_offsets.html", methods[m]);
        assert_string_equal(s->title, "Offsets near the largest int");
        assert_string_equal(s->text, "far away words even further");
        sb_story_free(s);
        /* The same in the line queries' walk up to the floats holder (a
         * mutated page: its text is mostly the fuzzer's bytes). */
        s = extract_sample("huge_offsets_lines.html", methods[m]);
        assert_string_equal(s->title, "Offsets near the largest int");
        static const char start[] = "The storm reached the harbour shortly after mi";
        assert_int_equal(strncmp(s->text, start, sizeof start - 1), 0);
        sb_story_free(s);
    }
}

/* fuzz_meta: gumbo 0.10.1 overflows its int on a long numeric character
 * reference and emits a stray byte (invalid UTF-8) for "&#XBBBBBBBB;",
 * in attribute values (the author meta here) and in text alike.  Every
 * reference above U+10FFFF must read as U+FFFD, as browsers read it; short
 * ones and valid ones are untouched. */
static void test_huge_char_ref_is_replacement_char(void **state)
{
    (void)state;
    static const char page[] =
        "<html><head><title>Tide &#x110000; table</title>"
        "<meta name=\"author\" content=\"Ann &#XBBBBBBBB; Lee\"></head><body><article>"
        "<h1>Tide table</h1><p>High water at &#99999999999; noon and &#xBBBBBBBBl; dusk, "
        "&#x00041; &#0000000065; said the harbour master on the quay this morning.</p>"
        "</article></body></html>";
    static const char *const methods[] = {"dom", "hybrid"};
    for (size_t m = 0; m < 2; m++) {
        sb_story *s = extract_inline(page, sizeof page - 1, methods[m]);
        assert_string_equal(s->byline, "Ann \xef\xbf\xbd Lee");
        assert_string_equal(s->text, "High water at \xef\xbf\xbd noon and \xef\xbf\xbdl; dusk, "
                                     "A A said the harbour master on the quay this morning.");
        sb_story_free(s);
    }
}

int main(void)
{
    mallopt(M_PERTURB, 0x5a);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sanitize_copy_of_nothing_is_empty_string),
        cmocka_unit_test(test_huge_declared_image_is_large),
        cmocka_unit_test(test_doctype_in_head_noscript),
        cmocka_unit_test(test_huge_char_ref_is_replacement_char),
        cmocka_unit_test(test_huge_offsets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
