/* Unit tests for dom/url: RFC 3986 reference resolution (the normal and
 * abnormal examples of section 5.4), browser-style clean-up, hosts and
 * srcset candidates. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dom/base/url.h"

static void check_resolve(const char *base, const char *ref, const char *want)
{
    char *got = sb_url_resolve(base, ref);
    if (!want) {
        if (got)
            fail_msg("resolve(%s, %s) = \"%s\", want NULL", base ? base : "NULL",
                     ref ? ref : "NULL", got);
        return;
    }
    if (!got)
        fail_msg("resolve(%s, %s) = NULL, want \"%s\"", base ? base : "NULL", ref ? ref : "NULL",
                 want);
    if (strcmp(got, want) != 0)
        fail_msg("resolve(%s, %s) = \"%s\", want \"%s\"", base ? base : "NULL", ref ? ref : "NULL",
                 got, want);
    free(got);
}

static void test_rfc3986_normal(void **state)
{
    (void)state;
    const char *b = "http://a/b/c/d;p?q";
    static const char *cases[][2] = {
        {"g:h", "g:h"},
        {"g", "http://a/b/c/g"},
        {"./g", "http://a/b/c/g"},
        {"g/", "http://a/b/c/g/"},
        {"/g", "http://a/g"},
        {"//g", "http://g"},
        {"?y", "http://a/b/c/d;p?y"},
        {"g?y", "http://a/b/c/g?y"},
        {"#s", "http://a/b/c/d;p?q#s"},
        {"g#s", "http://a/b/c/g#s"},
        {"g?y#s", "http://a/b/c/g?y#s"},
        {";x", "http://a/b/c/;x"},
        {"g;x", "http://a/b/c/g;x"},
        {"g;x?y#s", "http://a/b/c/g;x?y#s"},
        {"", "http://a/b/c/d;p?q"},
        {".", "http://a/b/c/"},
        {"./", "http://a/b/c/"},
        {"..", "http://a/b/"},
        {"../", "http://a/b/"},
        {"../g", "http://a/b/g"},
        {"../..", "http://a/"},
        {"../../", "http://a/"},
        {"../../g", "http://a/g"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_resolve(b, cases[i][0], cases[i][1]);
}

static void test_rfc3986_abnormal(void **state)
{
    (void)state;
    const char *b = "http://a/b/c/d;p?q";
    static const char *cases[][2] = {
        {"../../../g", "http://a/g"},
        {"../../../../g", "http://a/g"},
        {"/./g", "http://a/g"},
        {"/../g", "http://a/g"},
        {"g.", "http://a/b/c/g."},
        {".g", "http://a/b/c/.g"},
        {"g..", "http://a/b/c/g.."},
        {"..g", "http://a/b/c/..g"},
        {"./../g", "http://a/b/g"},
        {"./g/.", "http://a/b/c/g/"},
        {"g/./h", "http://a/b/c/g/h"},
        {"g/../h", "http://a/b/c/h"},
        {"g;x=1/./y", "http://a/b/c/g;x=1/y"},
        {"g;x=1/../y", "http://a/b/c/y"},
        {"g?y/./x", "http://a/b/c/g?y/./x"},
        {"g?y/../x", "http://a/b/c/g?y/../x"},
        {"g#s/./x", "http://a/b/c/g#s/./x"},
        {"g#s/../x", "http://a/b/c/g#s/../x"},
        {"http:g", "http:g"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_resolve(b, cases[i][0], cases[i][1]);
}

static void test_resolve_page_cases(void **state)
{
    (void)state;
    /* what pages actually contain */
    check_resolve("https://example.com/news/2024/story.html", "//cdn.example.net/i/a.jpg",
                  "https://cdn.example.net/i/a.jpg");
    check_resolve("https://example.com/news/2024/story.html", "/img/a.jpg",
                  "https://example.com/img/a.jpg");
    check_resolve("https://example.com/news/2024/story.html", "../img/a.jpg",
                  "https://example.com/news/img/a.jpg");
    check_resolve("https://example.com/news/story.html#top", "",
                  "https://example.com/news/story.html");
    check_resolve("https://example.com/a?x=1", "?page=2", "https://example.com/a?page=2");
    check_resolve("https://example.com/a?x=1", "#comments", "https://example.com/a?x=1#comments");
    /* base without a path */
    check_resolve("http://example.com", "a.jpg", "http://example.com/a.jpg");
    check_resolve("http://example.com", "?q", "http://example.com?q");
    /* whitespace around, newlines inside */
    check_resolve("https://example.com/a/", "  \n img/\n\tphoto.jpg \t",
                  "https://example.com/a/img/photo.jpg");
    check_resolve("  https://example.com/a/b  ", "c", "https://example.com/a/c");
    /* schemes: lower-cased, dot segments removed; data kept; javascript dropped */
    check_resolve("https://example.com/", "HTTPS://Other.example/x/../y",
                  "https://Other.example/y");
    check_resolve("https://example.com/", "data:image/png;base64,iVBOR/../=",
                  "data:image/png;base64,iVBOR/../=");
    check_resolve("https://example.com/", " JavaScript:void(0)", NULL);
    check_resolve("https://example.com/", "mailto:a@example.com", "mailto:a@example.com");
    /* nothing to resolve against */
    check_resolve(NULL, "img/a.jpg", "img/a.jpg");
    check_resolve("", " /a.jpg ", "/a.jpg");
    check_resolve("relative/base.html", "a.jpg", "a.jpg");
    check_resolve(NULL, "http://example.com/./a", "http://example.com/a");
    check_resolve("//example.com/a/b", "c", "//example.com/a/c");
    check_resolve("https://example.com/", NULL, NULL);
}

static void test_is_absolute(void **state)
{
    (void)state;
    assert_true(sb_url_is_absolute("http://a/"));
    assert_true(sb_url_is_absolute("data:,x"));
    assert_true(sb_url_is_absolute("git+ssh://x"));
    assert_false(sb_url_is_absolute("//a/b"));
    assert_false(sb_url_is_absolute("/a:b"));
    assert_false(sb_url_is_absolute("1http://a"));
    assert_false(sb_url_is_absolute("a b:c"));
    assert_false(sb_url_is_absolute(""));
    assert_false(sb_url_is_absolute(NULL));
}

static void check_host(const char *url, const char *want)
{
    char *got = sb_url_host(url);
    if (!want) {
        if (got)
            fail_msg("host(%s) = \"%s\", want NULL", url ? url : "NULL", got);
        return;
    }
    if (!got || strcmp(got, want) != 0)
        fail_msg("host(%s) = \"%s\", want \"%s\"", url ? url : "NULL", got ? got : "NULL", want);
    free(got);
}

static void test_host(void **state)
{
    (void)state;
    check_host("https://WWW.Example.COM/path?q", "www.example.com");
    check_host("http://user:pw@example.com:8080/x", "example.com");
    check_host("//cdn.example.net/a.jpg", "cdn.example.net");
    check_host("http://example.com./", "example.com");
    check_host("http://[::1]:8080/", "[::1]");
    check_host("http://[2001:db8::1]/", "[2001:db8::1]");
    check_host("/local/path", NULL);
    check_host("mailto:a@example.com", NULL);
    check_host("http:///x", NULL);
    check_host(NULL, NULL);
}

static void check_srcset(const char *srcset, const char *want)
{
    char *got = sb_srcset_best(srcset);
    if (!want) {
        if (got)
            fail_msg("srcset(%s) = \"%s\", want NULL", srcset ? srcset : "NULL", got);
        return;
    }
    if (!got || strcmp(got, want) != 0)
        fail_msg("srcset(%s) = \"%s\", want \"%s\"", srcset ? srcset : "NULL", got ? got : "NULL", want);
    free(got);
}

static void test_srcset(void **state)
{
    (void)state;
    check_srcset("a.jpg 320w, b.jpg 1024w, c.jpg 640w", "b.jpg");
    check_srcset("a.jpg, b.jpg 2x, c.jpg 1.5x", "b.jpg");
    check_srcset("a.jpg 1x,b.jpg 3x,c.jpg 2x", "b.jpg");
    check_srcset("only.jpg", "only.jpg");
    check_srcset("  first.jpg 2x, second.jpg 2x", "first.jpg");
    /* widths beat densities */
    check_srcset("big.jpg 3x, w.jpg 100w", "w.jpg");
    /* commas inside URLs, trailing commas, newlines */
    check_srcset("/img/a,b.jpg 100w,\n /img/c.jpg 900w", "/img/c.jpg");
    check_srcset("x.jpg,, y.jpg 50w", "y.jpg");
    check_srcset("data:image/gif;base64,R0lGOD 1x, real.jpg 2x", "real.jpg");
    /* height descriptors and junk are ignored */
    check_srcset("a.jpg 100w 200h, b.jpg 50w", "a.jpg");
    check_srcset("a.jpg foo(1, 2) 10w, b.jpg 5w", "a.jpg");
    check_srcset("", NULL);
    check_srcset(" , ,", NULL);
    check_srcset(NULL, NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rfc3986_normal),
        cmocka_unit_test(test_rfc3986_abnormal),
        cmocka_unit_test(test_resolve_page_cases),
        cmocka_unit_test(test_is_absolute),
        cmocka_unit_test(test_host),
        cmocka_unit_test(test_srcset),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
