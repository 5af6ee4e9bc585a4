/* dom/doc/data_uri: long data: URIs cut before parsing, exact outputs for
 * each place one sits (attribute, srcset, style="" with entity quotes,
 * <style>, a stylesheet), what is left alone (short URIs, scripts,
 * comments, a value the page cuts off), and the picture's size still read
 * from the cut URI, also through sb_doc_parse. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/image_size.h"
#include "dom/base/strbuf.h"
#include "dom/doc/data_uri.h"
#include "dom/doc/doc.h"

/* 640 x 480 PNG header: the size is in its first 24 bytes. */
static const unsigned char png[] = {0x89, 'P', 'N',  'G',  '\r', '\n', 0x1a, '\n', 0,    0,
                                    0,    13,  'I',  'H',  'D',  'R',  0,    0,    0x02, 0x80,
                                    0,    0,   0x01, 0xE0, 8,    2,    0,    0,    0};
#define PNG_HEAD "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAoAAAAHg"

/* 300 x 200 GIF: 10 bytes, so 4 groups of base64. */
static const unsigned char gif[] = {'G', 'I', 'F', '8', '9', 'a', 0x2C, 0x01, 0xC8, 0x00, 0xF7};

/* SOI, APP0 of 16 bytes, SOF0 at byte 20: the size is in its first 29 bytes. */
static const unsigned char jpeg[] = {0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J',  'F',  'I',  'F',
                                     0,    1,    1,    0,    0,    1,    0,    1,    0,    0,
                                     0xFF, 0xC0, 0x00, 0x11, 0x08, 0x02, 0xA3, 0x04, 0xB0, 3};

/* base64 of `head` followed by zero bytes up to `total` bytes; a line
 * break every 16 characters when `wrap`. */
static char *base64(const unsigned char *head, size_t head_n, size_t total, int wrap)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    unsigned char *s = calloc(total, 1);
    memcpy(s, head, head_n);
    char *out = malloc(total * 2 + 8);
    size_t o = 0;
    for (size_t i = 0; i < total; i += 3) {
        unsigned v = (unsigned)s[i] << 16;
        if (i + 1 < total)
            v |= (unsigned)s[i + 1] << 8;
        if (i + 2 < total)
            v |= s[i + 2];
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = i + 1 < total ? alphabet[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < total ? alphabet[v & 63] : '=';
        if (wrap && i % 12 == 9)
            out[o++] = '\n';
    }
    out[o] = 0;
    free(s);
    return out;
}

/* The page `fmt` with each %s replaced by `payload`. */
static char *fill(const char *fmt, const char *payload)
{
    sb_buf b = SB_BUF_INIT;
    for (const char *p = fmt; *p; p++) {
        if (p[0] == '%' && p[1] == 's') {
            sb_buf_puts(&b, payload);
            p++;
        } else {
            sb_buf_putc(&b, *p);
        }
    }
    return sb_buf_steal(&b);
}

/* The same, cut. */
static char *cut_html(const char *fmt, const char *payload)
{
    char *s = fill(fmt, payload);
    size_t n = sb_data_uri_cut_html(s, strlen(s), SB_DATA_URI_MAX);
    s[n] = '\0';
    return s;
}

static void expect_cut(const char *fmt, const char *payload, const char *want)
{
    char *got = cut_html(fmt, payload);
    assert_string_equal(got, want);
    free(got);
}

static void expect_same(const char *fmt, const char *payload)
{
    char *got = cut_html(fmt, payload);
    char *same = fill(fmt, payload);
    assert_string_equal(got, same);
    free(same);
    free(got);
}

static void test_attributes(void **state)
{
    (void)state;
    char *b = base64(png, sizeof png, 3000, 0);
    expect_cut("<p>a</p><img alt=\"x\" src=\"data:image/png;base64,%s\" width=5><p>b</p>", b,
               "<p>a</p><img alt=\"x\" src=\"" PNG_HEAD "\" width=5><p>b</p>");
    /* single quotes, unquoted, upper case, white space before the URI */
    expect_cut("<img src='data:image/png;base64,%s'>", b, "<img src='" PNG_HEAD "'>");
    expect_cut("<img src=data:image/png;base64,%s alt=y>", b, "<img src=" PNG_HEAD " alt=y>");
    expect_cut("<IMG SRC=\" DATA:IMAGE/PNG;BASE64,%s\">", b,
               "<IMG SRC=\" DATA:IMAGE/PNG;BASE64,iVBORw0KGgoAAAANSUhEUgAAAoAAAAHg\">");
    /* any attribute: og:image, poster, data-src */
    expect_cut("<meta property=og:image content=\"data:image/png;base64,%s\">"
               "<video poster=\"data:image/png;base64,%s\"></video>",
               b,
               "<meta property=og:image content=\"" PNG_HEAD "\"><video poster=\"" PNG_HEAD
               "\"></video>");
    /* srcset: the URI ends at white space, descriptors and other
     * candidates stay */
    expect_cut("<img srcset=\"data:image/png;base64,%s 1x, /b.jpg 2x\">", b,
               "<img srcset=\"" PNG_HEAD " 1x, /b.jpg 2x\">");
    free(b);
    /* a GIF: 10 header bytes, 16 characters */
    b = base64(gif, sizeof gif, 3000, 0);
    expect_cut("<img src=\"data:image/gif;base64,%s\">", b,
               "<img src=\"data:image/gif;base64,R0lGODlhLAHIAPcA\">");
    free(b);
    /* not an image, or not base64: the media type alone */
    b = base64((const unsigned char *)"wOF2", 4, 3000, 0);
    expect_cut("<a href=\"data:application/octet-stream;base64,%s\">f</a>", b,
               "<a href=\"data:application/octet-stream;base64,\">f</a>");
    free(b);
    char svg[3000];
    memset(svg, 'x', sizeof svg - 1);
    svg[sizeof svg - 1] = '\0';
    memcpy(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"> (a) ", 45);
    expect_cut("<img src='data:image/svg+xml;utf8,%s'><p>after</p>", svg,
               "<img src='data:image/svg+xml;utf8,'><p>after</p>");
}

static void test_styles(void **state)
{
    (void)state;
    char *b = base64(png, sizeof png, 3000, 0);
    char *font = base64((const unsigned char *)"wOF2", 4, 3000, 0);
    sb_buf page = SB_BUF_INIT;
    sb_buf_printf(&page,
                  "<style>@font-face{src:url(data:font/woff2;base64,%s) format('woff2')}"
                  ".a{background:url( 'data:image/png;base64,%s' )}</style><p>x</p>",
                  font, b);
    char *got = cut_html(page.data, "");
    assert_string_equal(got, "<style>@font-face{src:url(data:font/woff2;base64,) format('woff2')}"
                             ".a{background:url( '" PNG_HEAD "' )}</style><p>x</p>");
    free(got);
    sb_buf_free(&page);
    /* style="" with the quote spelled as an entity, and bare */
    expect_cut("<div style=\"background:url(&quot;data:image/png;base64,%s&quot;)\">t</div>", b,
               "<div style=\"background:url(&quot;" PNG_HEAD "&quot;)\">t</div>");
    expect_cut("<div style='background-image: url(data:image/png;base64,%s)'>t</div>", b,
               "<div style='background-image: url(" PNG_HEAD ")'>t</div>");

    /* a stylesheet on its own (render/css_prep.c) */
    sb_buf css = SB_BUF_INIT;
    sb_buf_printf(&css, "a{color:red}b{background:url(\"data:image/png;base64,%s\")}i{x:y}", b);
    assert_true(sb_data_uri_css_has_long(css.data, css.len, SB_DATA_URI_MAX));
    size_t n = sb_data_uri_cut_css(css.data, css.len, SB_DATA_URI_MAX);
    css.data[n] = '\0';
    assert_string_equal(css.data, "a{color:red}b{background:url(\"" PNG_HEAD "\")}i{x:y}");
    assert_false(sb_data_uri_css_has_long(css.data, n, SB_DATA_URI_MAX));
    sb_buf_free(&css);
    free(font);
    free(b);
}

/* An element whose own attribute is cut in place is still known by its
 * name: the cut moves the bytes after an earlier cut down over the name,
 * so the name is read before the attributes (found by fuzz_data_uri: a
 * <style> whose attribute was cut had its content left uncut, and a
 * <script>'s text would have been cut). */
static void test_element_after_own_cut(void **state)
{
    (void)state;
    /* A limit of 16 bytes, so that each cut removes only a few bytes and
     * the bytes moved down land on the element's name. */
    static const struct {
        const char *page, *want;
    } cases[] = {
        {"<i s=\"data:a,xxxxxxxxxxxx\"><style t=\"data:a,yyyyyyyyyyyy\">"
         "a{b:url(data:a,zzzzzzzzzzzz)}</style>",
         "<i s=\"data:a,\"><style t=\"data:a,\">a{b:url(data:a,)}</style>"},
        {"<i s=\"data:a,xxxxxxxxxxxx\"><script t=\"data:a,yyyyyyyyyyyy\">"
         "s='<i s=\"data:a,zzzzzzzzzzzz\">'</script>",
         "<i s=\"data:a,\"><script t=\"data:a,\">s='<i s=\"data:a,zzzzzzzzzzzz\">'</script>"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *s = strdup(cases[k].page);
        size_t n = sb_data_uri_cut_html(s, strlen(s), 16);
        s[n] = '\0';
        assert_string_equal(s, cases[k].want);
        free(s);
    }
}

/* A cut inside a quoted CSS string never keeps the backslash of an
 * escape without the byte it escapes: the kept prefix would then end in
 * `\"`, the string would run on past its real end, and cutting the result
 * again would cut something else (found by fuzz_data_uri). */
static void test_cut_keeps_escapes_whole(void **state)
{
    (void)state;
    /* "R0lGODlhLAHIAP" is a GIF header, 300 x 200; its size needs 16
     * characters, so the prefix kept would end just after the backslash. */
    const char *css = "a{b:url(\"data:image/gif;base64,R0lGODlhLAHIAP>\\\"xxxxxxxxxxxxxxxx\")}c{d:e}";
    const char *want = "a{b:url(\"data:image/gif;base64,R0lGODlhLAHIAP>\")}c{d:e}";
    char *s = strdup(css);
    size_t n = sb_data_uri_cut_css(s, strlen(s), 16);
    s[n] = '\0';
    assert_string_equal(s, want);
    /* cutting again changes nothing */
    size_t again = sb_data_uri_cut_css(s, n, 16);
    assert_int_equal(again, n);
    s[again] = '\0';
    assert_string_equal(s, want);
    free(s);
}

/* What is not cut: short URIs, URIs in scripts, comments and text areas,
 * and a URI whose end the page never gives. */
static void test_left_alone(void **state)
{
    (void)state;
    char *b = base64(png, sizeof png, 3000, 0);
    expect_same("<script>var s = \"data:image/png;base64,%s\";</script>", b);
    expect_same("<!-- <img src=\"data:image/png;base64,%s\"> -->", b);
    expect_same("<textarea><img src=\"data:image/png;base64,%s\"></textarea>", b);
    expect_same("<p>data:image/png;base64,%s</p>", b);
    expect_same("<img src=\"data:image/png;base64,%s", b);
    expect_same("<div style=\"background:url('data:image/png;base64,%s\">", b);
    /* the limit: SB_DATA_URI_MAX bytes stay, one more is cut */
    b[SB_DATA_URI_MAX - strlen("data:image/png;base64,")] = '\0';
    expect_same("<img src=\"data:image/png;base64,%s\">", b);
    free(b);
    b = base64(png, sizeof png, 3000, 0);
    b[SB_DATA_URI_MAX + 1 - strlen("data:image/png;base64,")] = '\0';
    expect_cut("<img src=\"data:image/png;base64,%s\">", b, "<img src=\"" PNG_HEAD "\">");
    free(b);
}

/* The kept prefix is whole groups of four characters, line breaks
 * included; a header past what is decoded keeps no payload. */
static void test_keep(void **state)
{
    (void)state;
    char *b = base64(jpeg, sizeof jpeg, 300, 1);
    sb_buf uri = SB_BUF_INIT;
    sb_buf_printf(&uri, "data:image/jpeg;base64,%s", b);
    size_t head = strlen("data:image/jpeg;base64,");
    /* 29 bytes: 10 groups, 40 characters over three lines of 16 */
    assert_int_equal(sb_data_uri_keep(uri.data, uri.len), head + 42);
    int w = 0, h = 0;
    assert_true(sb_image_base64_size(uri.data + head, 42, &w, &h));
    assert_int_equal(w, 1200);
    assert_int_equal(h, 675);
    /* one character less: 28 bytes, the frame's last byte missing */
    assert_false(sb_image_base64_size(uri.data + head, 40, &w, &h));
    sb_buf_free(&uri);
    free(b);
    /* no comma: nothing to cut */
    assert_int_equal(sb_data_uri_keep("data:abc", 8), 8);
    /* a JPEG whose frame comes after SB_IMAGE_BASE64_HEADER_BYTES */
    unsigned char big[6000] = {0xFF, 0xD8, 0xFF, 0xE1, 0x17, 0x70}; /* APP1 of 6000 */
    b = base64(big, sizeof big, sizeof big, 0);
    sb_buf_printf(&uri, "data:image/jpeg;base64,%s", b);
    assert_int_equal(sb_data_uri_keep(uri.data, uri.len), head);
    sb_buf_free(&uri);
    free(b);
}

/* The copying form, for bytes that may not change (hybrid/page cuts the
 * page before decoding it): the same result in a buffer of its size, and
 * no copy when nothing is cut. */
static void test_copy(void **state)
{
    (void)state;
    char *b = base64(png, sizeof png, 3000, 0);
    char *page = fill("<p>a</p><img src=\"data:image/png;base64,%s\"><p>b</p>", b);
    size_t n = 0;
    char *copy = sb_data_uri_cut_html_copy(page, strlen(page), SB_DATA_URI_MAX, &n);
    assert_non_null(copy);
    assert_string_equal(copy, "<p>a</p><img src=\"" PNG_HEAD "\"><p>b</p>");
    assert_int_equal(n, strlen(copy));
    free(copy);
    n = 7;
    assert_null(sb_data_uri_cut_html_copy("<p>a</p>", 8, SB_DATA_URI_MAX, &n));
    assert_int_equal(n, 7); /* untouched */
    assert_null(sb_data_uri_cut_html_copy(page, strlen(page), 100000, &n));
    free(page);
    free(b);
}

/* Through the parser: the DOM holds the cut URI, whose size still reads;
 * the text around it is whole. */
static void test_doc(void **state)
{
    (void)state;
    char *b = base64(png, sizeof png, 100000, 0);
    sb_buf page = SB_BUF_INIT;
    sb_buf_printf(&page,
                  "<html><body><p>Before.</p><img id=i src=\"data:image/png;base64,%s\">"
                  "<p>After.</p></body></html>",
                  b);
    sb_doc *doc = sb_doc_parse(page.data, page.len);
    assert_non_null(doc);
    int id = sb_doc_find_id(doc, "i");
    assert_true(id >= 0);
    const char *src = sb_attr(doc->elems[id], "src");
    assert_string_equal(src, PNG_HEAD);
    int w = 0, h = 0;
    assert_true(sb_image_base64_size(src + 22, strlen(src + 22), &w, &h));
    assert_int_equal(w, 640);
    assert_int_equal(h, 480);
    sb_buf text = SB_BUF_INIT;
    sb_node_text(sb_doc_body(doc), &text, false);
    assert_string_equal(sb_text_trim(text.data), "Before. After.");
    assert_true(doc->html_len < 200);
    sb_buf_free(&text);
    sb_doc_free(doc);
    sb_buf_free(&page);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_attributes), cmocka_unit_test(test_styles),
        cmocka_unit_test(test_left_alone), cmocka_unit_test(test_keep),
        cmocka_unit_test(test_copy),       cmocka_unit_test(test_doc),
        cmocka_unit_test(test_element_after_own_cut),
        cmocka_unit_test(test_cut_keeps_escapes_whole),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
