/* overlay.c: the box overlay, drawn with cairo on an opaque image. */
#include "layout/overlay/overlay.h"
#include "dom/base/outfile.h"

#include <cairo.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef enum box_kind { KIND_OTHER, KIND_TEXT, KIND_LINKS, KIND_IMAGE } box_kind;

static void set_rgb(cairo_t *cr, unsigned rgb, double alpha)
{
    cairo_set_source_rgba(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                          (rgb & 0xff) / 255.0, alpha);
}

static box_kind classify(const sb_box *b)
{
    if (b->is_image)
        return KIND_IMAGE;
    if (b->text_chars > 0 && (unsigned long)b->link_chars * 2 > b->text_chars)
        return KIND_LINKS;
    if (b->own_chars > 0 && (unsigned long)b->own_chars * 2 >= b->text_chars)
        return KIND_TEXT;
    return KIND_OTHER;
}

/* Cuts a rectangle to the image plus a margin.  Pages put boxes at
 * -9999 px or make them 2^31 px wide; cairo's fixed-point coordinates
 * would overflow on those.  Edges outside the image stay outside, so an
 * outline is never drawn where the real edge is not. */
static bool clip_rect(const sb_rect *r, int width, int height, int margin, sb_rect *out)
{
    long x0 = r->x, y0 = r->y;
    long x1 = x0 + (r->w > 0 ? r->w : 0), y1 = y0 + (r->h > 0 ? r->h : 0);
    if (x0 < -margin)
        x0 = -margin;
    if (y0 < -margin)
        y0 = -margin;
    if (x1 > (long)width + margin)
        x1 = (long)width + margin;
    if (y1 > (long)height + margin)
        y1 = (long)height + margin;
    if (x1 <= x0 || y1 <= y0 || r->w <= 0 || r->h <= 0)
        return false;
    *out = (sb_rect){(int)x0, (int)y0, (int)(x1 - x0), (int)(y1 - y0)};
    return true;
}

static void draw_box(cairo_t *cr, const sb_box *b, const sb_rect *r)
{
    unsigned rgb;
    switch (classify(b)) {
    case KIND_IMAGE:
        rgb = SB_OVERLAY_IMAGE_RGB;
        break;
    case KIND_LINKS:
        rgb = SB_OVERLAY_LINK_RGB;
        break;
    case KIND_TEXT:
        rgb = SB_OVERLAY_TEXT_RGB;
        break;
    default:
        set_rgb(cr, SB_OVERLAY_OTHER_RGB, 1.0);
        cairo_set_line_width(cr, 1);
        cairo_rectangle(cr, r->x + 0.5, r->y + 0.5, r->w - 1, r->h - 1);
        cairo_stroke(cr);
        return;
    }
    set_rgb(cr, rgb, 0.22);
    cairo_rectangle(cr, r->x, r->y, r->w, r->h);
    cairo_fill(cr);
    set_rgb(cr, rgb, 0.8);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, r->x + 0.5, r->y + 0.5, r->w - 1, r->h - 1);
    cairo_stroke(cr);
}

/* An outline of `line` px drawn inside the rectangle, so its pixels are
 * exactly the rectangle's border pixels. */
static void draw_outline(cairo_t *cr, const sb_rect *rect, int width, int height, unsigned rgb,
                         int line)
{
    sb_rect clipped;
    if (!clip_rect(rect, width, height, line + 1, &clipped))
        return;
    const sb_rect *r = &clipped;
    double half = line / 2.0;
    double w = r->w - line, h = r->h - line;
    set_rgb(cr, rgb, 1.0);
    cairo_set_line_width(cr, line);
    cairo_rectangle(cr, r->x + half, r->y + half, w > 0 ? w : 0, h > 0 ? h : 0);
    cairo_stroke(cr);
}

typedef struct legend_entry {
    unsigned rgb;
    bool outline;
    const char *label;
} legend_entry;

static void draw_legend(cairo_t *cr, int width, bool with_region, bool with_lead)
{
    const legend_entry entries[] = {
        {SB_OVERLAY_TEXT_RGB, false, "text block"},
        {SB_OVERLAY_LINK_RGB, false, "link-heavy box"},
        {SB_OVERLAY_IMAGE_RGB, false, "image"},
        {SB_OVERLAY_OTHER_RGB, true, "other box"},
        {SB_OVERLAY_RUN_RGB, false, "text run"},
        {SB_OVERLAY_REGION_RGB, true, "story region"},
        {SB_OVERLAY_LEAD_IMAGE_RGB, true, "lead image"},
    };
    const int n = sizeof entries / sizeof entries[0];
    const double row = 18, pad = 8, swatch = 12, box_w = 150;
    int shown = n - (with_region ? 0 : 1) - (with_lead ? 0 : 1);
    double box_h = pad * 2 + row * shown;
    double x = width - box_w - 10, y = 10;
    if (x < 0)
        x = 0;

    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x, y, box_w, box_h);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
    cairo_set_line_width(cr, 1);
    cairo_rectangle(cr, x + 0.5, y + 0.5, box_w - 1, box_h - 1);
    cairo_stroke(cr);

    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 12);
    double ty = y + pad;
    for (int i = 0; i < n; i++) {
        const legend_entry *e = &entries[i];
        if ((e->rgb == SB_OVERLAY_REGION_RGB && !with_region) ||
            (e->rgb == SB_OVERLAY_LEAD_IMAGE_RGB && !with_lead))
            continue;
        double sx = x + pad, sy = ty + (row - swatch) / 2;
        if (e->outline) {
            set_rgb(cr, e->rgb, 1.0);
            cairo_set_line_width(cr, 2);
            cairo_rectangle(cr, sx + 1, sy + 1, swatch - 2, swatch - 2);
            cairo_stroke(cr);
        } else {
            set_rgb(cr, e->rgb, 0.6);
            cairo_rectangle(cr, sx, sy, swatch, swatch);
            cairo_fill(cr);
        }
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, sx + swatch + 6, ty + row - 5);
        cairo_show_text(cr, e->label);
        ty += row;
    }
}

/* One line of text on a white strip at the bottom of the image. */
static void draw_cut_note(cairo_t *cr, int width, int height, const char *note)
{
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, 0, height - 24, width, 24);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0.7, 0, 0);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 14);
    cairo_move_to(cr, 8, height - 7);
    cairo_show_text(cr, note);
}

static cairo_status_t write_to_file(void *closure, const unsigned char *data, unsigned int len)
{
    return fwrite(data, 1, len, closure) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int sb_overlay_png(const sb_boxtree *t, const sb_rect *region, const sb_rect *lead_image,
                   const char *path, char *err, size_t errlen)
{
    if (!t || !path) {
        snprintf(err, errlen, "no box tree or output path for the overlay");
        return -1;
    }
    int page_w = t->page_width > 0 ? t->page_width : 1;
    int page_h = t->page_height > 0 ? t->page_height : 1;
    int width = page_w < SB_OVERLAY_MAX_WIDTH ? page_w : SB_OVERLAY_MAX_WIDTH;
    int height = page_h < SB_OVERLAY_MAX_HEIGHT ? page_h : SB_OVERLAY_MAX_HEIGHT;

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cannot create a %dx%d image: %s", width, height,
                 cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return -1;
    }
    cairo_t *cr = cairo_create(surface);
    /* Crisp, exact colours: this is a diagram, not a rendering. */
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);

    for (size_t i = 0; i < t->n_boxes; i++) {
        sb_rect r;
        if (clip_rect(&t->boxes[i].rect, width, height, 2, &r))
            draw_box(cr, &t->boxes[i], &r);
    }
    set_rgb(cr, SB_OVERLAY_RUN_RGB, 0.18);
    for (size_t i = 0; i < t->n_runs; i++) {
        sb_rect r;
        if (!clip_rect(&t->runs[i].rect, width, height, 0, &r))
            continue;
        /* the middle of the line, so neighbouring lines stay apart */
        double inset = r.h / 5.0;
        cairo_rectangle(cr, r.x, r.y + inset, r.w, r.h - 2 * inset);
    }
    cairo_fill(cr);

    if (lead_image)
        draw_outline(cr, lead_image, width, height, SB_OVERLAY_LEAD_IMAGE_RGB, SB_OVERLAY_LEAD_LINE);
    if (region)
        draw_outline(cr, region, width, height, SB_OVERLAY_REGION_RGB, SB_OVERLAY_REGION_LINE);
    draw_legend(cr, width, region != NULL, lead_image != NULL);

    char note[128];
    if (page_h > height && page_w > width)
        snprintf(note, sizeof note, "page cut at %d px of %d (width cut at %d px of %d)",
                 height, page_h, width, page_w);
    else if (page_h > height)
        snprintf(note, sizeof note, "page cut at %d px of %d", height, page_h);
    else if (page_w > width)
        snprintf(note, sizeof note, "page width cut at %d px of %d", width, page_w);
    else
        note[0] = '\0';
    if (note[0])
        draw_cut_note(cr, width, height, note);

    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "drawing the overlay failed: %s", cairo_status_to_string(st));
        cairo_surface_destroy(surface);
        return -1;
    }

    /* Beside the target first, renamed into place only when complete: a
     * failed write leaves whatever was at the path untouched. */
    sb_outfile out;
    if (sb_outfile_open(&out, path, err, errlen) != 0) {
        cairo_surface_destroy(surface);
        return -1;
    }
    st = cairo_surface_write_to_png_stream(surface, write_to_file, out.f);
    cairo_surface_destroy(surface);
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cannot write %s: %s", out.label, cairo_status_to_string(st));
        sb_outfile_abandon(&out);
        return -1;
    }
    if (sb_outfile_commit(&out, err, errlen) != 0)
        return -1;
    return 0;
}
