/* Tests for render/overlay: image size, cap, outline colours, box kinds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layout/overlay/overlay.h"

static sb_box make_box(int x, int y, int w, int h, int parent, unsigned text, unsigned links,
                       unsigned own, bool image)
{
    sb_box b;
    memset(&b, 0, sizeof b);
    b.rect = (sb_rect){x, y, w, h};
    b.parent = parent;
    b.first_child = b.next_sibling = -1;
    b.elem = -1;
    b.tag = image ? "img" : "div";
    b.text_chars = text;
    b.link_chars = links;
    b.own_chars = own;
    b.is_image = image;
    return b;
}

/* A 300 px wide page: a paragraph, an image, a menu, and boxes far off
 * the page that must not upset the drawing. */
typedef struct page {
    sb_box boxes[6];
    sb_textrun runs[1];
    sb_boxtree tree;
} page;

static void make_page(page *p, int height)
{
    p->boxes[0] = make_box(0, 0, 300, height, -1, 300, 100, 0, false);
    p->boxes[1] = make_box(20, 100, 200, 60, 0, 200, 0, 200, false);       /* text */
    p->boxes[2] = make_box(20, 200, 100, 80, 0, 0, 0, 0, true);            /* image */
    p->boxes[3] = make_box(150, 200, 120, 40, 0, 100, 100, 0, false);      /* links */
    p->boxes[4] = make_box(-9999, -9999, 10, 10, 0, 0, 0, 0, false);       /* hidden */
    p->boxes[5] = make_box(0, 0, 2147483000, 2147483000, 0, 0, 0, 0, false);
    memset(p->runs, 0, sizeof p->runs);
    p->runs[0].rect = (sb_rect){20, 100, 180, 20};
    p->runs[0].box = 1;
    p->runs[0].chars = 30;
    memset(&p->tree, 0, sizeof p->tree);
    p->tree.boxes = p->boxes;
    p->tree.n_boxes = 6;
    p->tree.runs = p->runs;
    p->tree.n_runs = 1;
    p->tree.page_width = 300;
    p->tree.page_height = height;
}

typedef struct png_path {
    char s[64];
} png_path;

static png_path temp_png(void)
{
    png_path p;
    snprintf(p.s, sizeof p.s, "/tmp/sb_overlay_XXXXXX");
    int fd = mkstemp(p.s);
    assert_true(fd >= 0);
    close(fd);
    return p;
}

static unsigned pixel(cairo_surface_t *s, int x, int y)
{
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    uint32_t v;
    memcpy(&v, data + (size_t)y * stride + (size_t)x * 4, 4);
    return v & 0xFFFFFFu;
}

#define RED(p) (((p) >> 16) & 0xff)
#define GREEN(p) (((p) >> 8) & 0xff)
#define BLUE(p) ((p) & 0xff)

static void test_size_and_outlines(void **state)
{
    (void)state;
    page p;
    make_page(&p, 500);
    sb_rect region = {40, 300, 200, 150};
    sb_rect lead = {20, 200, 100, 80};
    png_path out = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png(&p.tree, &region, &lead, out.s, err, sizeof err), 0);

    cairo_surface_t *s = cairo_image_surface_create_from_png(out.s);
    assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    assert_int_equal(cairo_image_surface_get_width(s), 300);
    assert_int_equal(cairo_image_surface_get_height(s), 500);
    cairo_surface_flush(s);

    /* the region outline is SB_OVERLAY_REGION_LINE px, inside the rectangle */
    int line = SB_OVERLAY_REGION_LINE;
    assert_int_equal(pixel(s, 40, 300), SB_OVERLAY_REGION_RGB);
    assert_int_equal(pixel(s, 40 + line - 1, 300 + line - 1), SB_OVERLAY_REGION_RGB);
    assert_int_equal(pixel(s, 140, 449), SB_OVERLAY_REGION_RGB);   /* bottom edge */
    assert_int_equal(pixel(s, 239, 375), SB_OVERLAY_REGION_RGB);   /* right edge */
    assert_int_not_equal(pixel(s, 40 + line, 300 + line), SB_OVERLAY_REGION_RGB);
    assert_int_not_equal(pixel(s, 39, 299), SB_OVERLAY_REGION_RGB);
    assert_int_not_equal(pixel(s, 140, 375), SB_OVERLAY_REGION_RGB); /* inside */

    /* the lead image outline */
    assert_int_equal(pixel(s, 20, 200), SB_OVERLAY_LEAD_IMAGE_RGB);
    assert_int_equal(pixel(s, 119, 279), SB_OVERLAY_LEAD_IMAGE_RGB);

    /* box kinds by their fill: text green, image blue, links orange */
    unsigned text = pixel(s, 100, 140), image = pixel(s, 60, 240), links = pixel(s, 200, 230);
    assert_true(GREEN(text) > RED(text) && GREEN(text) > BLUE(text));
    assert_true(BLUE(image) > RED(image) && BLUE(image) > GREEN(image));
    assert_true(RED(links) > GREEN(links) && GREEN(links) > BLUE(links));
    /* a text run is darker than the paragraph around it */
    unsigned run = pixel(s, 100, 110);
    assert_true(GREEN(run) < GREEN(text));
    /* background stays white */
    assert_int_equal(pixel(s, 5, 495), 0xFFFFFFu);
    /* the legend sits top right: its frame is dark grey */
    assert_int_equal(pixel(s, 300 - 10 - 1, 60), 0x333333u);

    cairo_surface_destroy(s);
    remove(out.s);
}

static void test_height_cap(void **state)
{
    (void)state;
    page p;
    make_page(&p, 30000);
    png_path out = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png(&p.tree, NULL, NULL, out.s, err, sizeof err), 0);

    cairo_surface_t *s = cairo_image_surface_create_from_png(out.s);
    assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    assert_int_equal(cairo_image_surface_get_width(s), 300);
    assert_int_equal(cairo_image_surface_get_height(s), SB_OVERLAY_MAX_HEIGHT);
    cairo_surface_flush(s);

    /* the "page cut at ..." note is written in dark red at the bottom */
    int note_pixels = 0;
    for (int y = SB_OVERLAY_MAX_HEIGHT - 24; y < SB_OVERLAY_MAX_HEIGHT; y++)
        for (int x = 0; x < 300; x++)
            note_pixels += pixel(s, x, y) == 0xB30000u;
    assert_true(note_pixels > 50);
    cairo_surface_destroy(s);
    remove(out.s);
}

static void test_empty_tree(void **state)
{
    (void)state;
    sb_boxtree t;
    memset(&t, 0, sizeof t);
    png_path out = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png(&t, NULL, NULL, out.s, err, sizeof err), 0);
    cairo_surface_t *s = cairo_image_surface_create_from_png(out.s);
    assert_int_equal(cairo_image_surface_get_width(s), 1);
    assert_int_equal(cairo_image_surface_get_height(s), 1);
    cairo_surface_destroy(s);
    remove(out.s);
}

static void test_write_error(void **state)
{
    (void)state;
    page p;
    make_page(&p, 100);
    char err[256] = "";
    assert_int_equal(sb_overlay_png(&p.tree, NULL, NULL, "/nonexistent/dir/x.png", err, sizeof err), -1);
    assert_string_equal(err, "cannot write '/nonexistent/dir/x.png': No such file or directory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_size_and_outlines),
        cmocka_unit_test(test_height_cap),
        cmocka_unit_test(test_empty_tree),
        cmocka_unit_test(test_write_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
