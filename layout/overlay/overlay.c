/* overlay.c: the box overlay, drawn with cairo on an opaque image. */
#include "layout/overlay/overlay.h"
#include "dom/base/outfile.h"

#include <cairo-ft.h>
#include <cairo.h>
#include <errno.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb-ft.h>
#include <hb.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
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
/* The part of the page drawn: its origin in page px and the image size. */
typedef struct view {
    int ox, oy;
    int width, height;
} view;

static bool clip_rect(const sb_rect *r, const view *v, int margin, sb_rect *out)
{
    int width = v->width, height = v->height;
    long x0 = (long)r->x - v->ox, y0 = (long)r->y - v->oy;
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
static void draw_outline(cairo_t *cr, const sb_rect *rect, const view *v, unsigned rgb, int line)
{
    sb_rect clipped;
    if (!clip_rect(rect, v, line + 1, &clipped))
        return;
    const sb_rect *r = &clipped;
    double half = line / 2.0;
    double w = r->w - line, h = r->h - line;
    set_rgb(cr, rgb, 1.0);
    cairo_set_line_width(cr, line);
    cairo_rectangle(cr, r->x + half, r->y + half, w > 0 ? w : 0, h > 0 ? h : 0);
    cairo_stroke(cr);
}

/* Faces for the page's text, opened from the files the render measured
 * with.  FreeType is not thread-safe per library and cairo may release a
 * face after the drawing that made it (its font caches): one library for
 * the process, never freed, and one drawing at a time. */
static pthread_mutex_t draw_lock = PTHREAD_MUTEX_INITIALIZER;
static FT_Library ft_library;
static bool ft_library_failed;

/* A face opened for drawing.  Several entries of t->fonts (one per
 * family, weight and size asked for) share one file: same_as points to
 * the first entry with the file. */
typedef struct text_face {
    bool tried;
    int same_as;
    FT_Face ft;
    hb_font_t *hb;
    cairo_font_face_t *cairo;
} text_face;

/* Distinct faces opened at most per image; text of others is drawn as
 * bars. */
#define MAX_TEXT_FACES 32

typedef struct text_faces {
    const sb_boxtree *t;
    text_face *faces;
    int opened;
    hb_buffer_t *buf;
} text_faces;

static const cairo_user_data_key_t ft_face_key;

static void done_ft_face(void *face)
{
    FT_Done_Face(face);
}

static text_face *face_for_run(text_faces *tf, int font)
{
    const sb_boxtree *t = tf->t;
    if (!tf->faces || font < 0 || (size_t)font >= t->n_fonts)
        return NULL;
    text_face *f = &tf->faces[font];
    if (f->tried)
        return f->same_as >= 0 ? face_for_run(tf, f->same_as) : (f->cairo ? f : NULL);
    f->tried = true;
    f->same_as = -1;
    const sb_run_font *rf = &t->fonts[font];
    for (int i = 0; i < font; i++)
        if (tf->faces[i].tried && tf->faces[i].same_as < 0 && t->fonts[i].index == rf->index &&
            strcmp(t->fonts[i].file, rf->file) == 0) {
            f->same_as = i;
            return tf->faces[i].cairo ? &tf->faces[i] : NULL;
        }
    if (!ft_library || !rf->file || tf->opened >= MAX_TEXT_FACES)
        return NULL;
    tf->opened++;
    FT_Face ft;
    if (FT_New_Face(ft_library, rf->file, rf->index, &ft) != 0)
        return NULL;
    cairo_font_face_t *cf = cairo_ft_font_face_create_for_ft_face(ft, FT_LOAD_NO_HINTING);
    if (cairo_font_face_status(cf) != CAIRO_STATUS_SUCCESS ||
        cairo_font_face_set_user_data(cf, &ft_face_key, ft, done_ft_face) != CAIRO_STATUS_SUCCESS) {
        cairo_font_face_destroy(cf);
        FT_Done_Face(ft);
        return NULL;
    }
    f->ft = ft;
    f->cairo = cf;
    /* shaped as fonts/fonts.c measures: HarfBuzz on the FreeType face,
     * unhinted */
    f->hb = hb_ft_font_create_referenced(ft);
    hb_ft_font_set_load_flags(f->hb, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);
    return f;
}

static void text_faces_free(text_faces *tf)
{
    if (tf->faces) {
        size_t n = tf->t->n_fonts;
        for (size_t i = 0; i < n; i++) {
            hb_font_destroy(tf->faces[i].hb);
            cairo_font_face_destroy(tf->faces[i].cairo); /* the FT_Face with it */
        }
    }
    free(tf->faces);
    if (tf->buf)
        hb_buffer_destroy(tf->buf);
}

/* Bytes of a run's text to draw: at most SB_OVERLAY_MAX_RUN_BYTES, cut
 * at a character boundary. */
static size_t run_bytes(const char *s, size_t len)
{
    if (len <= SB_OVERLAY_MAX_RUN_BYTES)
        return len;
    len = SB_OVERLAY_MAX_RUN_BYTES;
    while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
        len--;
    return len;
}

/* Shapes `len` bytes of s into tf->buf with the direction HarfBuzz
 * guesses from the text; returns the glyph count. */
static unsigned shape(text_faces *tf, text_face *f, const char *s, size_t len)
{
    hb_buffer_clear_contents(tf->buf);
    hb_buffer_add_utf8(tf->buf, s, (int)len, 0, (int)len);
    hb_buffer_guess_segment_properties(tf->buf);
    hb_shape(f->hb, tf->buf, NULL, 0);
    return hb_buffer_get_length(tf->buf);
}

/* Appends the shaped glyphs of tf->buf at pen (px, left edge) to glyphs,
 * at most cap in all; returns the advance. */
static double place(text_faces *tf, double pen, cairo_glyph_t *glyphs, unsigned *n, unsigned cap)
{
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(tf->buf, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(tf->buf, &count);
    double start = pen;
    for (unsigned i = 0; i < count; i++) {
        if (glyphs && *n < cap) {
            glyphs[*n].index = info[i].codepoint;
            glyphs[*n].x = pen + pos[i].x_offset / 64.0;
            glyphs[*n].y = -pos[i].y_offset / 64.0;
            (*n)++;
        }
        pen += pos[i].x_advance / 64.0;
    }
    return pen - start;
}

/* Draws one run's text in its rectangle: shaped at the run's size,
 * vertically centred, squeezed when the shaped line is wider than the
 * rectangle the layout measured.  A right-to-left run is laid out word by
 * word from the right, each word shaped in its own direction, so numbers
 * and Latin words inside Arabic or Hebrew read left to right (a word-level
 * stand-in for the bidi algorithm).  Returns false when it cannot (no
 * face), so the caller draws a bar instead. */
static bool draw_run_text(cairo_t *cr, text_faces *tf, const sb_textrun *run, const view *v)
{
    const sb_boxtree *t = tf->t;
    if (!t->text || run->text_len == 0 || run->font_size <= 0 || run->font_size > 1000 ||
        (size_t)run->text_off + run->text_len > t->text_len)
        return false;
    text_face *f = face_for_run(tf, run->font);
    if (!f)
        return false;
    if (FT_Set_Pixel_Sizes(f->ft, 0, (FT_UInt)run->font_size) != 0)
        return false;
    hb_ft_font_changed(f->hb);
    const char *s = t->text + run->text_off;
    size_t len = run_bytes(s, run->text_len);
    unsigned whole = shape(tf, f, s, len);
    if (whole == 0)
        return true;
    bool rtl = hb_buffer_get_direction(tf->buf) == HB_DIRECTION_RTL;
    /* words shaped apart give about as many glyphs as the whole line */
    unsigned cap = whole * 2 + 64, n = 0;
    cairo_glyph_t *glyphs = cairo_glyph_allocate((int)cap);
    if (!glyphs)
        return false;
    double pen = 0;
    if (!rtl) {
        pen = place(tf, 0, glyphs, &n, cap);
    } else {
        shape(tf, f, " ", 1);
        double space = place(tf, 0, NULL, &n, 0);
        /* widths first (the line's total), then the words from the right */
        for (int pass = 0; pass < 2; pass++) {
            double right = pen;
            for (size_t i = 0; i < len;) {
                size_t j = i;
                while (j < len && s[j] != ' ')
                    j++;
                if (j > i) {
                    shape(tf, f, s + i, j - i);
                    double w = place(tf, 0, NULL, &n, 0);
                    if (pass == 0)
                        pen += w + space;
                    else {
                        right -= w;
                        place(tf, right, glyphs, &n, cap);
                        right -= space;
                    }
                }
                i = j + 1;
            }
            if (pass == 0 && pen > 0)
                pen -= space;
        }
    }
    double x0 = (double)run->rect.x - v->ox;
    double ascent = f->ft->size->metrics.ascender / 64.0;
    double descent = -f->ft->size->metrics.descender / 64.0;
    double baseline = (double)run->rect.y - v->oy + (run->rect.h + ascent - descent) / 2.0;
    cairo_save(cr);
    cairo_translate(cr, x0, baseline);
    if (pen > run->rect.w && run->rect.w > 0)
        cairo_scale(cr, run->rect.w / pen, 1);
    cairo_set_font_face(cr, f->cairo);
    cairo_set_font_size(cr, run->font_size);
    set_rgb(cr, run->in_link ? SB_OVERLAY_LINK_INK_RGB : SB_OVERLAY_INK_RGB, 1.0);
    cairo_show_glyphs(cr, glyphs, (int)n);
    cairo_restore(cr);
    cairo_glyph_free(glyphs);
    return true;
}

/* An image as a placeholder: its fill crossed corner to corner, and its
 * label (file name) and rendered size written in its top-left corner. */
static void draw_image_placeholder(cairo_t *cr, const sb_boxtree *t, size_t box, const sb_rect *r)
{
    const sb_box *b = &t->boxes[box];
    set_rgb(cr, SB_OVERLAY_IMAGE_RGB, 0.5);
    cairo_set_line_width(cr, 1);
    cairo_move_to(cr, r->x, r->y);
    cairo_line_to(cr, r->x + r->w, r->y + r->h);
    cairo_move_to(cr, r->x + r->w, r->y);
    cairo_line_to(cr, r->x, r->y + r->h);
    cairo_stroke(cr);
    if (r->w < 24 || r->h < 14)
        return;
    char label[96];
    const sb_text_span *span = t->image_labels && t->text ? &t->image_labels[box] : NULL;
    if (span && span->len && (size_t)span->off + span->len <= t->text_len)
        snprintf(label, sizeof label, "%.*s %dx%d", (int)span->len, t->text + span->off, b->rect.w,
                 b->rect.h);
    else
        snprintf(label, sizeof label, "image %dx%d", b->rect.w, b->rect.h);
    cairo_save(cr);
    cairo_rectangle(cr, r->x, r->y, r->w, r->h);
    cairo_clip(cr);
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, 11);
    cairo_text_extents_t ext;
    cairo_text_extents(cr, label, &ext);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, r->x + 2, r->y + 2, ext.x_advance + 6, 15);
    cairo_fill(cr);
    set_rgb(cr, SB_OVERLAY_IMAGE_RGB, 1.0);
    cairo_move_to(cr, r->x + 5, r->y + 13);
    cairo_show_text(cr, label);
    cairo_restore(cr);
}

typedef struct legend_entry {
    unsigned rgb;
    bool outline;
    const char *label;
} legend_entry;

/* The legend's box, top right; tests read its frame. */
#define LEGEND_WIDTH 170

static void draw_legend(cairo_t *cr, int width, bool with_region, bool with_lead, bool with_text)
{
    legend_entry entries[10];
    int n = 0;
    entries[n++] = (legend_entry){SB_OVERLAY_TEXT_RGB, false, "text block"};
    entries[n++] = (legend_entry){SB_OVERLAY_LINK_RGB, false, "link-heavy box"};
    entries[n++] = (legend_entry){SB_OVERLAY_IMAGE_RGB, false, "image: file, size"};
    entries[n++] = (legend_entry){SB_OVERLAY_OTHER_RGB, true, "other box"};
    if (with_text) {
        entries[n++] = (legend_entry){SB_OVERLAY_INK_RGB, false, "page text"};
        entries[n++] = (legend_entry){SB_OVERLAY_LINK_INK_RGB, false, "link text"};
    } else {
        entries[n++] = (legend_entry){SB_OVERLAY_RUN_RGB, false, "text run"};
    }
    if (with_region)
        entries[n++] = (legend_entry){SB_OVERLAY_REGION_RGB, true, "story region"};
    if (with_lead)
        entries[n++] = (legend_entry){SB_OVERLAY_LEAD_IMAGE_RGB, true, "lead image"};
    const double row = 18, pad = 8, swatch = 12, box_w = LEGEND_WIDTH;
    double box_h = pad * 2 + row * n;
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
        double sx = x + pad, sy = ty + (row - swatch) / 2;
        if (e->outline) {
            set_rgb(cr, e->rgb, 1.0);
            cairo_set_line_width(cr, 2);
            cairo_rectangle(cr, sx + 1, sy + 1, swatch - 2, swatch - 2);
            cairo_stroke(cr);
        } else if (e->rgb == SB_OVERLAY_INK_RGB || e->rgb == SB_OVERLAY_LINK_INK_RGB) {
            set_rgb(cr, e->rgb, 1.0);
            cairo_move_to(cr, sx - 1, ty + row - 5);
            cairo_show_text(cr, "Aa");
        } else {
            set_rgb(cr, e->rgb, 0.6);
            cairo_rectangle(cr, sx, sy, swatch, swatch);
            cairo_fill(cr);
        }
        cairo_set_source_rgb(cr, 0, 0, 0);
        cairo_move_to(cr, sx + swatch + 10, ty + row - 5);
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

sb_rect sb_overlay_view(const sb_boxtree *t, const sb_rect *region, const sb_overlay_opts *opts)
{
    int page_w = t && t->page_width > 0 ? t->page_width : 1;
    int page_h = t && t->page_height > 0 ? t->page_height : 1;
    sb_rect page = {0, 0, page_w, page_h};
    if (!opts || !opts->region_only || !region || region->w <= 0 || region->h <= 0)
        return page;
    long m = SB_OVERLAY_REGION_MARGIN;
    long x0 = (long)region->x - m, y0 = (long)region->y - m;
    long x1 = (long)region->x + region->w + m, y1 = (long)region->y + region->h + m;
    if (x0 < 0)
        x0 = 0;
    if (y0 < 0)
        y0 = 0;
    if (x1 > page_w)
        x1 = page_w;
    if (y1 > page_h)
        y1 = page_h;
    if (x1 <= x0 || y1 <= y0) /* a region off the page: show the page */
        return page;
    return (sb_rect){(int)x0, (int)y0, (int)(x1 - x0), (int)(y1 - y0)};
}

int sb_overlay_png(const sb_boxtree *t, const sb_rect *region, const sb_rect *lead_image,
                   const char *path, char *err, size_t errlen)
{
    return sb_overlay_png_opts(t, region, lead_image, NULL, path, err, errlen);
}

/* Draws everything onto a fresh surface; the caller holds draw_lock. */
static cairo_surface_t *draw_overlay(const sb_boxtree *t, const sb_rect *region,
                                     const sb_rect *lead_image, const sb_rect *shown, char *err,
                                     size_t errlen)
{
    view v = {shown->x, shown->y, shown->w, shown->h};
    if (v.width > SB_OVERLAY_MAX_WIDTH)
        v.width = SB_OVERLAY_MAX_WIDTH;
    if (v.height > SB_OVERLAY_MAX_HEIGHT)
        v.height = SB_OVERLAY_MAX_HEIGHT;
    if ((long)v.width * v.height > SB_OVERLAY_MAX_PIXELS)
        v.height = (int)(SB_OVERLAY_MAX_PIXELS / v.width);

    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, v.width, v.height);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "cannot create a %dx%d image: %s", v.width, v.height,
                 cairo_status_to_string(cairo_surface_status(surface)));
        cairo_surface_destroy(surface);
        return NULL;
    }
    cairo_t *cr = cairo_create(surface);
    /* Crisp, exact colours: this is a diagram, not a rendering.  Text
     * alone is smoothed, so it reads. */
    cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
    cairo_font_options_t *fo = cairo_font_options_create();
    cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
    cairo_set_font_options(cr, fo);
    cairo_font_options_destroy(fo);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);

    for (size_t i = 0; i < t->n_boxes; i++) {
        sb_rect r;
        if (clip_rect(&t->boxes[i].rect, &v, 2, &r)) {
            draw_box(cr, &t->boxes[i], &r);
            if (t->boxes[i].is_image)
                draw_image_placeholder(cr, t, i, &r);
        }
    }

    if (lead_image)
        draw_outline(cr, lead_image, &v, SB_OVERLAY_LEAD_IMAGE_RGB, SB_OVERLAY_LEAD_LINE);
    if (region)
        draw_outline(cr, region, &v, SB_OVERLAY_REGION_RGB, SB_OVERLAY_REGION_LINE);

    /* The text last, over the outlines: the region's edge would hide the
     * first letter of every line it starts (runs without text are bars,
     * translucent). */
    text_faces tf = {t, NULL, 0, NULL};
    if (t->text && t->n_fonts) {
        tf.faces = calloc(t->n_fonts, sizeof *tf.faces);
        tf.buf = hb_buffer_create();
    }
    bool drew_text = false;
    for (size_t i = 0; i < t->n_runs; i++) {
        sb_rect r;
        if (!clip_rect(&t->runs[i].rect, &v, 0, &r))
            continue;
        if (tf.faces && draw_run_text(cr, &tf, &t->runs[i], &v)) {
            drew_text = true;
            continue;
        }
        /* no text kept: a bar in the middle of the line, so neighbouring
         * lines stay apart */
        double inset = r.h / 5.0;
        set_rgb(cr, SB_OVERLAY_RUN_RGB, 0.18);
        cairo_rectangle(cr, r.x, r.y + inset, r.w, r.h - 2 * inset);
        cairo_fill(cr);
    }
    text_faces_free(&tf);
    draw_legend(cr, v.width, region != NULL, lead_image != NULL, drew_text);

    char note[128];
    if (shown->h > v.height && shown->w > v.width)
        snprintf(note, sizeof note, "page cut at %d px of %d (width cut at %d px of %d)", v.height,
                 shown->h, v.width, shown->w);
    else if (shown->h > v.height)
        snprintf(note, sizeof note, "page cut at %d px of %d", v.height, shown->h);
    else if (shown->w > v.width)
        snprintf(note, sizeof note, "page width cut at %d px of %d", v.width, shown->w);
    else
        note[0] = '\0';
    if (note[0])
        draw_cut_note(cr, v.width, v.height, note);

    cairo_status_t st = cairo_status(cr);
    cairo_destroy(cr);
    if (st != CAIRO_STATUS_SUCCESS) {
        snprintf(err, errlen, "drawing the overlay failed: %s", cairo_status_to_string(st));
        cairo_surface_destroy(surface);
        return NULL;
    }
    return surface;
}

int sb_overlay_png_opts(const sb_boxtree *t, const sb_rect *region, const sb_rect *lead_image,
                        const sb_overlay_opts *opts, const char *path, char *err, size_t errlen)
{
    if (!t || !path) {
        snprintf(err, errlen, "no box tree or output path for the overlay");
        return -1;
    }
    sb_rect shown = sb_overlay_view(t, region, opts);

    pthread_mutex_lock(&draw_lock);
    if (!ft_library && !ft_library_failed && t->text && FT_Init_FreeType(&ft_library) != 0) {
        ft_library = NULL;
        ft_library_failed = true; /* text is drawn as bars */
    }
    cairo_surface_t *surface = draw_overlay(t, region, lead_image, &shown, err, errlen);
    pthread_mutex_unlock(&draw_lock);
    if (!surface)
        return -1;

    /* Beside the target first, renamed into place only when complete: a
     * failed write leaves whatever was at the path untouched. */
    sb_outfile out;
    if (sb_outfile_open(&out, path, err, errlen) != 0) {
        cairo_surface_destroy(surface);
        return -1;
    }
    cairo_status_t st = cairo_surface_write_to_png_stream(surface, write_to_file, out.f);
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
