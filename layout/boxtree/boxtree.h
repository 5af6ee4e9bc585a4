/* boxtree: every rendered element of a page as a box in absolute page
 * coordinates, linked to its DOM element.
 *
 * Built from the litehtml render (render/) and the gumbo parse (dom/doc.h)
 * of the same bytes.  Elements that are not rendered (display:none, script,
 * head...) are absent.  boxes[0] is the root (<html>).  Text is kept as
 * runs: the words of one element's direct text that sit on one line, merged
 * into one rectangle; they are what the proximity step groups into visual
 * blocks.
 *
 * Asked for (keep_text, for the overlay), the tree also keeps each run's
 * text, the words litehtml measured, and the face they were measured with,
 * and a label for each image box; otherwise nothing of it is copied. */
#ifndef SB_BOXTREE_H
#define SB_BOXTREE_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/geom.h"
#include "dom/doc/doc.h"

/* sb_box.border_sides: the render's SB_RSIDE_* bits (render/render.h). */
#define SB_BOX_SIDE_TOP 1u
#define SB_BOX_SIDE_RIGHT 2u
#define SB_BOX_SIDE_BOTTOM 4u
#define SB_BOX_SIDE_LEFT 8u

typedef struct sb_box {
    sb_rect rect;          /* border box, absolute page px; for inline
                              elements the union of their text fragments */
    int parent;            /* box index, -1 for the root */
    int first_child;       /* box index, -1 if none */
    int next_sibling;      /* box index, -1 if none */
    int depth;
    int elem;              /* sb_doc element id; -1 for anonymous boxes */
    const char *tag;       /* lower-case tag name (static storage) */
    int font_size;         /* computed, px */
    int font_weight;       /* 100..900 */
    unsigned text_chars;   /* visible text characters in the subtree */
    unsigned link_chars;   /* of those, inside <a href> */
    unsigned own_chars;    /* text characters in direct text children */
    bool is_image;         /* img, or an element painted as an image */
    bool is_inline;        /* display inline / inline-block */
    bool is_fixed;         /* position: fixed (or inside one) */
    /* Of text_chars, those the reader cannot see: clipped to nothing by
     * a box that hides its overflow (render.h's sb_rnode.unseen) or placed
     * wholly before the page's origin. */
    unsigned unseen_chars;
    bool clipped;          /* inside (or is) a box clipping to nothing */
    /* How its own box is painted (render.h's sb_rnode): background colour
     * 0xRRGGBBAA (0: none) and the sides with a visible border
     * (SB_BOX_SIDE_* bits). */
    unsigned bg_color;
    unsigned char border_sides;
} sb_box;

typedef struct sb_textrun {
    sb_rect rect;
    int box;               /* box index of the element owning the text */
    unsigned chars;
    bool in_link;
    bool unseen;           /* clipped to nothing or before the origin */
    int font_size;
    unsigned text_off;     /* keep_text: the run's words, a space where
                              the line shows a gap between two, */
    unsigned text_len;     /* bytes text_off .. + text_len of t->text */
    int font;              /* keep_text: index into t->fonts, else -1 */
} sb_textrun;

/* A face as FreeType opens it: file and face index. */
typedef struct sb_run_font {
    char *file;
    int index;
} sb_run_font;

/* A byte range of sb_boxtree.text. */
typedef struct sb_text_span {
    unsigned off, len;
} sb_text_span;

typedef struct sb_boxtree {
    sb_box *boxes;
    size_t n_boxes;
    sb_textrun *runs;      /* in document order */
    size_t n_runs;
    int page_width, page_height;
    int *box_of_elem;      /* sb_doc element id -> box index, or -1 */
    size_t n_elems;
    /* keep_text only, else NULL and 0: */
    char *text;            /* run texts and image labels */
    size_t text_len;
    sb_run_font *fonts;
    size_t n_fonts;
    sb_text_span *image_labels; /* per box; len 0 for boxes not images */
    /* The page's time budget, which the layout steps after the render
     * (the blocks, layout/region) honour too: past deadline_ms on the
     * sb_clock_ms() clock they give up.  0: no deadline (hand-built trees). */
    double deadline_ms;
    int time_budget_ms;
} sb_boxtree;

/* The default time budget of one page's render and layout, ms (README:
 * 10 s a page), and how often the layout's loops read the clock (every
 * this many nodes, lines or runs; a power of two). */
#define SB_LAYOUT_BUDGET_MS 10000
#define SB_LAYOUT_CLOCK_EVERY 4096

typedef struct sb_layout_opts {
    int width;             /* viewport px; 0 = SB_DEFAULT_WIDTH */
    const char *css_dir;   /* NULL: external stylesheets are ignored */
    const char *base_url;  /* for resolving stylesheet URLs */
    int time_budget_ms;    /* 0 = 10000 */
    bool keep_text;        /* keep run texts, faces and image labels */
    /* NULL: none; sb_render_resource_fn of render/render.h */
    void *(*resource)(void *ctx, const char *url, size_t max_len, size_t *len);
    void *resource_ctx;
    /* NULL: none; the image_size of sb_render_opts (render/render.h) */
    bool (*image_size)(void *ctx, const char *url, int *width, int *height);
} sb_layout_opts;

/* Renders the document and builds its box tree.  Returns NULL with a
 * one-line reason in err (time budget exceeded, in the render or in the
 * tree's own loop over the rendered nodes; render failure...). */
sb_boxtree *sb_boxtree_build(const sb_doc *doc, const sb_layout_opts *opts,
                             char *err, size_t errlen);
void sb_boxtree_free(sb_boxtree *t);

/* The same with a font context (fonts/fonts.h) the caller reuses across the
 * pages of one thread.  fonts NULL = sb_boxtree_build, which uses the
 * thread's own context (sb_fonts_thread): font matching and the word-width
 * cache carry over either way. */
struct sb_fonts;
sb_boxtree *sb_boxtree_build_with_fonts(const sb_doc *doc, const sb_layout_opts *opts,
                                        struct sb_fonts *fonts, char *err, size_t errlen);

/* Box of a DOM element, or NULL when it was not rendered. */
const sb_box *sb_boxtree_box_of(const sb_boxtree *t, int elem);

#endif
