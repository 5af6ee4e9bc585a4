/* dom/base/image_size: widths and heights read from PNG, GIF, JPEG and
 * WebP headers written here byte by byte, headers cut short, hostile
 * sizes and segment lengths, and the same through base64 (data: URIs). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dom/base/image_size.h"

static const unsigned char png[] = {
    0x89, 'P', 'N', 'G',  '\r', '\n',        0x1a, '\n', 0,    0,           0, 13, 'I', 'H', 'D',
    'R',  0,   0,   0x02, 0x80, /* 640 */ 0, 0,    0x01, 0xE0, /* 480 */ 8, 2, 0,  0,   0};

static const unsigned char gif[] = {'G',  'I',
                                    'F',  '8',
                                    '9',  'a',
                                    0x2C, 0x01, /* 300 */
                                    0xC8, 0x00 /* 200 */,
                                    0xF7, 0,
                                    0};

/* SOI, APP0 (JFIF, 16 bytes), a fill byte, SOF2 (progressive): 1200 x 675 */
static const unsigned char jpeg[] = {0xFF,
                                     0xD8,
                                     0xFF,
                                     0xE0,
                                     0x00,
                                     0x10,
                                     'J',
                                     'F',
                                     'I',
                                     'F',
                                     0,
                                     1,
                                     1,
                                     0,
                                     0,
                                     1,
                                     0,
                                     1,
                                     0,
                                     0,
                                     0xFF,
                                     0xFF,
                                     0xC2,
                                     0x00,
                                     0x11,
                                     0x08,
                                     0x02,
                                     0xA3,
                                     /* 675 */ 0x04,
                                     0xB0,
                                     /* 1200 */ 3,
                                     1,
                                     0x22,
                                     0,
                                     2,
                                     0x11,
                                     1,
                                     3,
                                     0x11,
                                     1};

static const unsigned char webp_lossy[] = {'R',  'I',
                                           'F',  'F',
                                           0x30, 0,
                                           0,    0,
                                           'W',  'E',
                                           'B',  'P',
                                           'V',  'P',
                                           '8',  ' ',
                                           0x20, 0,
                                           0,    0,
                                           0x10, 0x02,
                                           0x00, 0x9D,
                                           0x01, 0x2A,
                                           0x20, 0x03, /* 800 */
                                           0x58, 0x02 /* 600 */,
                                           0,    0};

/* VP8L: 0x2F, then width-1 (14 bits) and height-1 (14 bits), LSB first:
 * 400 x 300 -> 399 | 299 << 14 */
static const unsigned char webp_lossless[] = {'R',  'I',  'F',  'F',  0x30, 0,   0,    0, 'W', 'E',
                                              'B',  'P',  'V',  'P',  '8',  'L', 0x20, 0, 0,   0,
                                              0x2F, 0x8F, 0xC1, 0x4A, 0x00, 0,   0,    0, 0,   0};

/* VP8X: canvas width-1 and height-1 as 24-bit little-endian: 1920 x 1080 */
static const unsigned char webp_extended[] = {
    'R', 'I',  'F', 'F', 0x30, 0,    0, 0, 'W', 'E',  'B',  'P',  'V',  'P',  '8',
    'X', 0x0A, 0,   0,   0,    0x10, 0, 0, 0,   0x7F, 0x07, 0x00, 0x37, 0x04, 0x00};

static void expect(const unsigned char *b, size_t n, int w, int h)
{
    int gw = -1, gh = -1;
    assert_true(sb_image_header_size(b, n, &gw, &gh));
    assert_int_equal(gw, w);
    assert_int_equal(gh, h);
}

static void expect_none(const unsigned char *b, size_t n)
{
    int gw = -1, gh = -1;
    assert_false(sb_image_header_size(b, n, &gw, &gh));
    assert_int_equal(gw, -1); /* untouched */
    assert_int_equal(gh, -1);
}

static void test_formats(void **state)
{
    (void)state;
    expect(png, sizeof png, 640, 480);
    expect(gif, sizeof gif, 300, 200);
    expect(jpeg, sizeof jpeg, 1200, 675);
    expect(webp_lossy, sizeof webp_lossy, 800, 600);
    expect(webp_lossless, sizeof webp_lossless, 400, 300);
    expect(webp_extended, sizeof webp_extended, 1920, 1080);
}

/* Every prefix too short to hold the size gives none, and nothing is read
 * past it (ASan checks the copies on the heap). */
static void test_cut_short(void **state)
{
    (void)state;
    const struct {
        const unsigned char *b;
        size_t n, need;
    } all[] = {
        {png, sizeof png, 24},
        {gif, sizeof gif, 10},
        {jpeg, sizeof jpeg, 30},
        {webp_lossy, sizeof webp_lossy, 30},
        {webp_lossless, sizeof webp_lossless, 30},
        {webp_extended, sizeof webp_extended, 30},
    };
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++) {
        for (size_t n = 0; n < all[k].need; n++) {
            unsigned char *copy = malloc(n ? n : 1);
            memcpy(copy, all[k].b, n);
            expect_none(copy, n);
            free(copy);
        }
        unsigned char *copy = malloc(all[k].need);
        memcpy(copy, all[k].b, all[k].need);
        int w, h;
        assert_true(sb_image_header_size(copy, all[k].need, &w, &h));
        /* exactly the bytes a data: URI's cut keeps (dom/doc/data_uri.h) */
        assert_int_equal(sb_image_header_bytes(copy, all[k].need), all[k].need);
        assert_int_equal(sb_image_header_bytes(copy, all[k].need - 1), 0);
        assert_int_equal(sb_image_header_bytes(all[k].b, all[k].n), all[k].need);
        free(copy);
    }
    expect_none(NULL, 10);
}

static void test_hostile(void **state)
{
    (void)state;
    unsigned char b[sizeof png];
    /* zero and huge sizes */
    memcpy(b, png, sizeof b);
    b[16] = b[17] = b[18] = b[19] = 0;
    expect_none(b, sizeof b);
    memcpy(b, png, sizeof b);
    b[16] = 0x7F; /* 2^31 - ish wide */
    expect_none(b, sizeof b);
    memcpy(b, png, sizeof b);
    b[16] = 0;
    b[17] = 0;
    b[18] = 0x4E;
    b[19] = 0x20; /* 20000: the largest side accepted */
    expect(b, sizeof b, 20000, 480);
    b[19] = 0x21;
    expect_none(b, sizeof b);

    /* JPEG: a segment length pointing past the end, a length under 2, a
     * scan before any frame */
    unsigned char j[sizeof jpeg];
    memcpy(j, jpeg, sizeof j);
    j[4] = 0xFF;
    j[5] = 0xFF;
    expect_none(j, sizeof j);
    memcpy(j, jpeg, sizeof j);
    j[4] = 0;
    j[5] = 1;
    expect_none(j, sizeof j);
    memcpy(j, jpeg, sizeof j);
    j[3] = 0xDA;
    expect_none(j, sizeof j);
    /* only fill bytes after SOI */
    unsigned char fill[64];
    memset(fill, 0xFF, sizeof fill);
    fill[1] = 0xD8;
    expect_none(fill, sizeof fill);
    /* DHT (C4) is not a frame */
    memcpy(j, jpeg, sizeof j);
    j[22] = 0xC4;
    expect_none(j, sizeof j);
    /* not an image at all */
    expect_none((const unsigned char *)"<html><body>", 12);
}

static char *base64(const unsigned char *s, size_t n, int wrap)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc(n * 2 + 8);
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned)s[i] << 16;
        if (i + 1 < n)
            v |= (unsigned)s[i + 1] << 8;
        if (i + 2 < n)
            v |= s[i + 2];
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = i + 1 < n ? alphabet[(v >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? alphabet[v & 63] : '=';
        if (wrap && i % 12 == 9)
            out[o++] = '\n';
    }
    out[o] = 0;
    return out;
}

static void test_base64(void **state)
{
    (void)state;
    int w = 0, h = 0;
    char *b = base64(png, sizeof png, 0);
    assert_true(sb_image_base64_size(b, strlen(b), &w, &h));
    assert_int_equal(w, 640);
    assert_int_equal(h, 480);
    free(b);
    b = base64(jpeg, sizeof jpeg, 1); /* with line breaks */
    assert_non_null(strchr(b, '\n'));
    assert_true(sb_image_base64_size(b, strlen(b), &w, &h));
    assert_int_equal(w, 1200);
    assert_int_equal(h, 675);
    /* cut before the frame: no size */
    assert_false(sb_image_base64_size(b, 30, &w, &h));
    free(b);
    assert_false(sb_image_base64_size("not base64 at all!", 18, &w, &h));
    /* the decoder alone: white space skipped, URL-safe letters, stops at
     * '=' and at the output's capacity */
    unsigned char out[8];
    assert_int_equal(sb_image_base64_decode("SGVs\nbG8=", 9, out, sizeof out), 5);
    assert_memory_equal(out, "Hello", 5);
    assert_int_equal(sb_image_base64_decode("-_-_", 4, out, sizeof out), 3);
    assert_memory_equal(out, "\xfb\xff\xbf", 3);
    assert_int_equal(sb_image_base64_decode("SGVsbG8gd29ybGQh", 16, out, 4), 4);
    assert_memory_equal(out, "Hell", 4);
    assert_int_equal(sb_image_base64_decode(NULL, 4, out, sizeof out), 0);
    assert_false(sb_image_base64_size(NULL, 0, &w, &h));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_formats),
        cmocka_unit_test(test_cut_short),
        cmocka_unit_test(test_hostile),
        cmocka_unit_test(test_base64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
