/* Tests for the readable overlay (layout/overlay with a box tree that kept
 * its text): the words litehtml measured reach the runs, image labels,
 * text drawn inside run rectangles, the region-only crop, the legend, and
 * the size caps.  The page is samples/news/two_column.html. */
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

#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"
#include "dom/doc/doc.h"
#include "layout/boxtree/boxtree.h"
#include "layout/overlay/overlay.h"
#include "render/render.h"

typedef struct page {
    sb_doc *doc;
    sb_boxtree *tree;
} page;

static page load(const char *name, bool keep_text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples/news/%s", SB_SOURCE_DIR, name);
    sb_buf html = SB_BUF_INIT;
    assert_int_equal(sb_read_file(path, 1 << 24, &html), SB_READ_OK);
    page p;
    p.doc = sb_doc_parse(html.data, html.len);
    sb_buf_free(&html);
    assert_non_null(p.doc);
    sb_layout_opts o = {1280, NULL, NULL, 0, keep_text, NULL, NULL, NULL};
    char err[256];
    p.tree = sb_boxtree_build(p.doc, &o, err, sizeof err);
    if (!p.tree)
        fail_msg("render of %s failed: %s", name, err);
    return p;
}

static void unload(page *p)
{
    sb_boxtree_free(p->tree);
    sb_doc_free(p->doc);
}

typedef struct png_path {
    char s[64];
} png_path;

static png_path temp_png(void)
{
    png_path p;
    snprintf(p.s, sizeof p.s, "/tmp/sb_overlay_text_XXXXXX");
    int fd = mkstemp(p.s);
    assert_true(fd >= 0);
    close(fd);
    return p;
}

static cairo_surface_t *read_png(const char *path)
{
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    assert_int_equal(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    cairo_surface_flush(s);
    return s;
}

static unsigned pixel(cairo_surface_t *s, int x, int y)
{
    const unsigned char *data = cairo_image_surface_get_data(s);
    int stride = cairo_image_surface_get_stride(s);
    uint32_t v;
    memcpy(&v, data + (size_t)y * stride + (size_t)x * 4, 4);
    return v & 0xFFFFFFu;
}

/* Pixels of a rectangle darker than any fill the overlay paints (fills are
 * translucent over white, every channel above 0x90): ink. */
static int dark_pixels(cairo_surface_t *s, sb_rect r)
{
    int n = 0;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) {
            unsigned p = pixel(s, x, y);
            n += ((p >> 16) & 0xff) < 0x80 && ((p >> 8) & 0xff) < 0x80 && (p & 0xff) < 0x80;
        }
    return n;
}

/* The text of the runs of the first box with this tag, one space apart. */
static char *text_of_tag(const sb_boxtree *t, const char *tag, int *first_run)
{
    sb_buf b = SB_BUF_INIT;
    int box = -1;
    *first_run = -1;
    for (size_t i = 0; i < t->n_runs; i++) {
        const sb_textrun *r = &t->runs[i];
        if (box < 0 && strcmp(t->boxes[r->box].tag, tag) == 0)
            box = r->box;
        if (r->box != box)
            continue;
        if (*first_run < 0)
            *first_run = (int)i;
        if (b.len)
            sb_buf_putc(&b, ' ');
        sb_buf_append(&b, t->text + r->text_off, r->text_len);
    }
    return sb_buf_steal(&b);
}

static void test_no_text_unless_asked(void **state)
{
    (void)state;
    page p = load("two_column.html", false);
    assert_null(p.tree->text);
    assert_null(p.tree->fonts);
    assert_null(p.tree->image_labels);
    assert_int_equal(p.tree->n_fonts, 0);
    for (size_t i = 0; i < p.tree->n_runs; i++)
        assert_int_equal(p.tree->runs[i].font, -1);
    unload(&p);

    /* the render itself copies nothing either */
    page q = load("two_column.html", false);
    sb_render *r = sb_render_page(q.doc, NULL, NULL, (char[64]){0}, 64);
    assert_non_null(r);
    assert_null(r->text);
    assert_null(r->fonts);
    for (size_t i = 0; i < r->n_nodes; i++)
        assert_int_equal(r->nodes[i].font, -1);
    sb_render_free(r);
    unload(&q);
}

static void test_runs_keep_their_words(void **state)
{
    (void)state;
    page p = load("two_column.html", true);
    const sb_boxtree *t = p.tree;
    assert_non_null(t->text);
    assert_true(t->n_fonts > 0);
    int first;
    char *h1 = text_of_tag(t, "h1", &first);
    assert_string_equal(h1, "Battery trains to run on the coast line in year-long trial");
    free(h1);
    assert_true(first >= 0);
    /* the headline's face is a real file FreeType can open */
    const sb_textrun *run = &t->runs[first];
    assert_true(run->font >= 0 && (size_t)run->font < t->n_fonts);
    assert_int_equal(access(t->fonts[run->font].file, R_OK), 0);
    /* every run's byte range lies in the text and holds as many
     * non-space characters as the run counts */
    for (size_t i = 0; i < t->n_runs; i++) {
        const sb_textrun *r = &t->runs[i];
        assert_true((size_t)r->text_off + r->text_len <= t->text_len);
        unsigned chars = 0;
        for (unsigned k = 0; k < r->text_len; k++) {
            unsigned char c = (unsigned char)t->text[r->text_off + k];
            chars +=
                (c & 0xC0) != 0x80 && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '\f';
        }
        assert_int_equal(chars, r->chars);
    }
    /* the lead image is labelled with its file name */
    int labelled = 0;
    for (size_t b = 0; b < t->n_boxes; b++) {
        if (!t->boxes[b].is_image || strcmp(t->boxes[b].tag, "img") != 0)
            continue;
        const sb_text_span *l = &t->image_labels[b];
        assert_int_equal(l->len, strlen("battery-train-selsby-depot.jpg"));
        assert_memory_equal(t->text + l->off, "battery-train-selsby-depot.jpg", l->len);
        labelled++;
    }
    assert_int_equal(labelled, 1);
    unload(&p);
}

static void test_text_is_drawn(void **state)
{
    (void)state;
    page with = load("two_column.html", true), without = load("two_column.html", false);
    int first;
    free(text_of_tag(with.tree, "h1", &first));
    sb_rect run = with.tree->runs[first].rect;
    assert_true(run.w > 100 && run.h > 10);

    png_path a = temp_png(), b = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png(with.tree, NULL, NULL, a.s, err, sizeof err), 0);
    assert_int_equal(sb_overlay_png(without.tree, NULL, NULL, b.s, err, sizeof err), 0);
    cairo_surface_t *sa = read_png(a.s), *sb = read_png(b.s);
    /* the page's size, exactly */
    assert_int_equal(cairo_image_surface_get_width(sa), with.tree->page_width);
    assert_int_equal(cairo_image_surface_get_height(sa), with.tree->page_height);
    assert_int_equal(with.tree->page_width, 1280);
    /* the headline's glyphs are ink inside its run; bars are not */
    int ink = dark_pixels(sa, run);
    assert_true(ink > run.w * run.h / 20);
    assert_int_equal(dark_pixels(sb, run), 0);
    /* the legend, top right: its frame and its words */
    int lx = 1280 - 10 - 1;
    assert_int_equal(pixel(sa, lx, 60), 0x333333u);
    assert_true(dark_pixels(sa, (sb_rect){1280 - 10 - 170 + 20, 14, 140, 150}) > 200);

    cairo_surface_destroy(sa);
    cairo_surface_destroy(sb);
    remove(a.s);
    remove(b.s);
    unload(&with);
    unload(&without);
}

static void test_region_only_crop(void **state)
{
    (void)state;
    page p = load("two_column.html", true);
    const sb_boxtree *t = p.tree;
    sb_overlay_opts only = {.region_only = true};
    int m = SB_OVERLAY_REGION_MARGIN;

    /* inside the page: the region grown by the margin */
    sb_rect region = {300, 600, 400, 500};
    sb_rect v = sb_overlay_view(t, &region, &only);
    assert_int_equal(v.x, 300 - m);
    assert_int_equal(v.y, 600 - m);
    assert_int_equal(v.w, 400 + 2 * m);
    assert_int_equal(v.h, 500 + 2 * m);
    /* near the corner: cut to the page */
    sb_rect corner = {50, 40, 100, 100};
    v = sb_overlay_view(t, &corner, &only);
    assert_int_equal(v.x, 0);
    assert_int_equal(v.y, 0);
    assert_int_equal(v.w, 50 + 100 + m);
    assert_int_equal(v.h, 40 + 100 + m);
    /* no region, or off the page: the whole page */
    v = sb_overlay_view(t, NULL, &only);
    assert_int_equal(v.w, t->page_width);
    assert_int_equal(v.h, t->page_height);
    sb_rect off = {-5000, -5000, 10, 10};
    v = sb_overlay_view(t, &off, &only);
    assert_int_equal(v.x, 0);
    assert_int_equal(v.h, t->page_height);

    png_path out = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png_opts(t, &region, NULL, &only, out.s, err, sizeof err), 0);
    cairo_surface_t *s = read_png(out.s);
    assert_int_equal(cairo_image_surface_get_width(s), 400 + 2 * m);
    assert_int_equal(cairo_image_surface_get_height(s), 500 + 2 * m);
    /* the region's outline sits at the margin, in image px */
    assert_int_equal(pixel(s, m, m), SB_OVERLAY_REGION_RGB);
    assert_int_equal(pixel(s, m + 399, m + 499), SB_OVERLAY_REGION_RGB);
    assert_int_not_equal(pixel(s, m - 1, m - 1), SB_OVERLAY_REGION_RGB);
    /* the legend is in the crop too */
    assert_int_equal(pixel(s, 400 + 2 * m - 11, 60), 0x333333u);
    cairo_surface_destroy(s);
    remove(out.s);
    unload(&p);
}

/* A page far larger than the caps, with text: the image stays at the caps,
 * whole page or region crop, and the text that falls inside is drawn. */
static void test_caps_hold_with_text(void **state)
{
    (void)state;
    page p = load("two_column.html", true);
    sb_boxtree *t = p.tree;
    int saved_w = t->page_width, saved_h = t->page_height;
    t->page_width = 50000;
    t->page_height = 900000;
    png_path out = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png(t, NULL, NULL, out.s, err, sizeof err), 0);
    cairo_surface_t *s = read_png(out.s);
    assert_int_equal(cairo_image_surface_get_width(s), SB_OVERLAY_MAX_WIDTH);
    assert_int_equal(cairo_image_surface_get_height(s),
                     SB_OVERLAY_MAX_PIXELS / SB_OVERLAY_MAX_WIDTH);
    assert_int_equal(SB_OVERLAY_MAX_PIXELS / SB_OVERLAY_MAX_WIDTH, 4000);
    int first;
    free(text_of_tag(t, "h1", &first));
    assert_true(dark_pixels(s, t->runs[first].rect) > 0);
    cairo_surface_destroy(s);

    sb_overlay_opts only = {.region_only = true};
    sb_rect huge = {0, 0, 40000, 800000};
    assert_int_equal(sb_overlay_png_opts(t, &huge, NULL, &only, out.s, err, sizeof err), 0);
    s = read_png(out.s);
    assert_int_equal(cairo_image_surface_get_width(s), SB_OVERLAY_MAX_WIDTH);
    assert_int_equal(cairo_image_surface_get_height(s), 4000);
    cairo_surface_destroy(s);

    /* a page of the usual width keeps the height cap */
    t->page_width = 1280;
    assert_int_equal(sb_overlay_png(t, NULL, NULL, out.s, err, sizeof err), 0);
    s = read_png(out.s);
    assert_int_equal(cairo_image_surface_get_width(s), 1280);
    assert_int_equal(cairo_image_surface_get_height(s), SB_OVERLAY_MAX_HEIGHT);
    cairo_surface_destroy(s);
    remove(out.s);
    t->page_width = saved_w;
    t->page_height = saved_h;
    unload(&p);
}

/* A run whose face file is gone, or whose byte range is out of the text,
 * is drawn as a bar, never read out of bounds. */
static void test_broken_text_falls_back(void **state)
{
    (void)state;
    page p = load("two_column.html", true);
    sb_boxtree *t = p.tree;
    for (size_t i = 0; i < t->n_fonts; i++) {
        free(t->fonts[i].file);
        t->fonts[i].file = sb_xstrdup("/nonexistent/font.ttf");
    }
    t->runs[0].text_off = (unsigned)t->text_len;
    png_path out = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png(t, NULL, NULL, out.s, err, sizeof err), 0);
    cairo_surface_t *s = read_png(out.s);
    int first;
    free(text_of_tag(t, "h1", &first));
    /* a bar: light grey, no ink */
    assert_int_equal(dark_pixels(s, t->runs[first].rect), 0);
    cairo_surface_destroy(s);
    remove(out.s);
    unload(&p);
}

/* Right-to-left text (laid out word by word from the right) is drawn in
 * its runs too. */
static void test_rtl_text_is_drawn(void **state)
{
    (void)state;
    page p = load("rtl_arabic.html", true);
    int first;
    char *h1 = text_of_tag(p.tree, "h1", &first);
    assert_true(strlen(h1) > 20);
    free(h1);
    sb_rect run = p.tree->runs[first].rect;
    png_path out = temp_png();
    char err[256] = "";
    assert_int_equal(sb_overlay_png(p.tree, NULL, NULL, out.s, err, sizeof err), 0);
    cairo_surface_t *s = read_png(out.s);
    assert_true(dark_pixels(s, run) > run.w * run.h / 20);
    /* the ink spans the run, not one word piled on another */
    sb_rect left = {run.x, run.y, run.w / 3, run.h},
            right = {run.x + 2 * run.w / 3, run.y, run.w / 3, run.h};
    assert_true(dark_pixels(s, left) > 0);
    assert_true(dark_pixels(s, right) > 0);
    cairo_surface_destroy(s);
    remove(out.s);
    unload(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_text_unless_asked), cmocka_unit_test(test_runs_keep_their_words),
        cmocka_unit_test(test_text_is_drawn),        cmocka_unit_test(test_region_only_crop),
        cmocka_unit_test(test_caps_hold_with_text),  cmocka_unit_test(test_broken_text_falls_back),
        cmocka_unit_test(test_rtl_text_is_drawn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
