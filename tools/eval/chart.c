/* The PNG chart of an evaluation run (declared in report.h): grouped bars on
 * the left, a per-page scatter of the first two methods on the right. */
#include "report.h"

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/utf8.h"
#include "dom/base/outfile.h"

#define CHART_W 1200
#define CHART_H 560
#define MARGIN 60

/* Bar colours for the three figures: precision, recall, F1. */
static const double bar_rgb[3][3] = {{0.30, 0.55, 0.85}, {0.95, 0.60, 0.20}, {0.25, 0.65, 0.35}};

/* align: 0 left, 1 centred, 2 right of x. */
static void text_aligned(cairo_t *cr, double x, double y, const char *s, double size, int align)
{
    /* cairo refuses malformed UTF-8 (a directory name may hold any bytes). */
    char *clean = sb_utf8_sanitize(s, strlen(s));
    cairo_set_font_size(cr, size);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, clean, &ext);
    if (align == 1)
        x -= ext.width / 2 + ext.x_bearing;
    else if (align == 2)
        x -= ext.x_advance;
    cairo_move_to(cr, x, y);
    cairo_show_text(cr, clean);
    free(clean);
}

static void text_at(cairo_t *cr, double x, double y, const char *s, double size, bool centred)
{
    text_aligned(cr, x, y, s, size, centred ? 1 : 0);
}

static void axes(cairo_t *cr, double x0, double y0, double w, double h)
{
    char label[16];
    cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
    cairo_set_line_width(cr, 1);
    for (int k = 0; k <= 10; k += 2) {
        double y = y0 + h - h * k / 10.0;
        cairo_move_to(cr, x0, y);
        cairo_line_to(cr, x0 + w, y);
        cairo_stroke(cr);
    }
    cairo_set_source_rgb(cr, 0, 0, 0);
    for (int k = 0; k <= 10; k += 2) {
        snprintf(label, sizeof label, "%.1f", k / 10.0);
        text_at(cr, x0 - 30, y0 + h - h * k / 10.0 + 4, label, 11, false);
    }
    cairo_rectangle(cr, x0, y0, w, h);
    cairo_stroke(cr);
}

static void bars(cairo_t *cr, const sb_eval *e, double x0, double y0, double w, double h)
{
    bool text = e->n_methods && e->methods[0].sum.has_text;
    axes(cr, x0, y0, w, h);
    text_at(cr, x0 + w / 2, y0 - 20,
            text ? "shingle precision / recall / F1" : "snippet precision / recall / F1", 15,
            true);
    size_t n = e->n_methods ? e->n_methods : 1;
    double group = w / (double)n, bw = group / 4.5;
    for (size_t m = 0; m < e->n_methods; m++) {
        const sb_method_summary *s = &e->methods[m].sum;
        double v[3] = {s->shingle.p, s->shingle.r, s->shingle.f1};
        if (!text)
            v[0] = s->snippets.p, v[1] = s->snippets.r, v[2] = s->snippets.f1;
        double gx = x0 + group * (double)m + (group - 3 * bw) / 2;
        for (int k = 0; k < 3; k++) {
            double bh = h * (v[k] < 0 ? 0 : v[k] > 1 ? 1 : v[k]);
            cairo_set_source_rgb(cr, bar_rgb[k][0], bar_rgb[k][1], bar_rgb[k][2]);
            cairo_rectangle(cr, gx + bw * k, y0 + h - bh, bw * 0.9, bh);
            cairo_fill(cr);
            char val[16];
            snprintf(val, sizeof val, "%.3f", v[k]);
            cairo_set_source_rgb(cr, 0, 0, 0);
            text_at(cr, gx + bw * k + bw * 0.45, y0 + h - bh - 4, val, 10, true);
        }
        text_at(cr, x0 + group * ((double)m + 0.5), y0 + h + 20, e->methods[m].name, 13, true);
    }
    static const char *names[3] = {"P", "R", "F1"};
    for (int k = 0; k < 3; k++) {
        cairo_set_source_rgb(cr, bar_rgb[k][0], bar_rgb[k][1], bar_rgb[k][2]);
        cairo_rectangle(cr, x0 + 10 + 50 * k, y0 + h + 34, 12, 12);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0, 0, 0);
        text_at(cr, x0 + 26 + 50 * k, y0 + h + 45, names[k], 12, false);
    }
}

static void scatter(cairo_t *cr, const sb_eval *e, double x0, double y0, double w, double h)
{
    axes(cr, x0, y0, w, h);
    if (e->n_methods < 2) {
        text_at(cr, x0 + w / 2, y0 + h / 2, "(scatter needs two methods)", 14, true);
        return;
    }
    const sb_method_eval *a = &e->methods[0], *b = &e->methods[1];
    char title[160];
    snprintf(title, sizeof title, "per-page score: %s (x) vs %s (y)", a->name, b->name);
    text_at(cr, x0 + w / 2, y0 - 20, title, 15, true);
    text_at(cr, x0 + w / 2, y0 + h + 20, a->name, 13, true);
    cairo_save(cr);
    cairo_translate(cr, x0 + w + 20, y0 + h / 2);
    cairo_rotate(cr, 1.5708);
    text_at(cr, 0, 0, b->name, 13, true);
    cairo_restore(cr);
    cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
    cairo_move_to(cr, x0, y0 + h);
    cairo_line_to(cr, x0 + w, y0);
    cairo_stroke(cr);
    cairo_set_source_rgba(cr, 0.20, 0.35, 0.75, 0.55);
    for (size_t i = 0; i < e->corpus->n; i++) {
        const sb_gold_page *g = &e->corpus->pages[i];
        double sx = sb_page_score(g, &a->pages[i]), sy = sb_page_score(g, &b->pages[i]);
        cairo_arc(cr, x0 + w * sx, y0 + h - h * sy, 3.5, 0, 6.2832);
        cairo_fill(cr);
    }
}

static cairo_status_t write_png_bytes(void *file, const unsigned char *data, unsigned int len)
{
    return fwrite(data, 1, len, file) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
}

int sb_report_png(const sb_eval *e, const char *path, char *err, size_t errlen)
{
    cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, CHART_W, CHART_H);
    cairo_t *cr = cairo_create(surf);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    double panel = (CHART_W - 3 * MARGIN) / 2.0, h = CHART_H - 2.2 * MARGIN;
    bars(cr, e, MARGIN, MARGIN, panel, h);
    scatter(cr, e, 2 * MARGIN + panel, MARGIN, panel, h);
    cairo_set_source_rgb(cr, 0, 0, 0);
    char foot[200];
    snprintf(foot, sizeof foot, "corpus %s, %zu pages", e->corpus->name, e->corpus->n);
    text_aligned(cr, CHART_W - MARGIN, CHART_H - 12, foot, 11, 2);
    cairo_destroy(cr);
    /* Through a temporary file: a failed write leaves the target as it was. */
    sb_outfile out;
    if (sb_outfile_open(&out, path, err, errlen) != 0) {
        cairo_surface_destroy(surf);
        return -1;
    }
    cairo_status_t st = cairo_surface_write_to_png_stream(surf, write_png_bytes, out.f);
    cairo_surface_destroy(surf);
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cannot write %s: %s", out.label, cairo_status_to_string(st));
        sb_outfile_abandon(&out);
        return -1;
    }
    return sb_outfile_commit(&out, err, errlen);
}
