/* render: headless layout of a parsed page with litehtml 0.6.
 *
 * The C face of a C++ adapter (render.cpp).  The page is serialised from our
 * own gumbo parse with element ids attached (prep.h), laid out by litehtml
 * with FreeType/HarfBuzz text measurement (fonts/), and handed back as a
 * flat array of rendered nodes in document (pre-)order with absolute
 * positions.  No C++ type crosses this header; nothing is drawn, no image
 * or stylesheet is ever fetched from the network.
 *
 * Coordinates are page px with the origin at the top-left of the page; the
 * rectangle of a node is its border box.  Inline elements (a, span, em...)
 * get the union of their text fragments, since litehtml gives them no box
 * of their own.  Elements that are not rendered (display:none, visibility
 * hidden, head...) are absent, with their subtrees. */
#ifndef SB_RENDER_H
#define SB_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/geom.h"
#include "dom/doc/doc.h"
#include "fonts/fonts.h"

typedef enum sb_rdisplay {
    SB_RDISP_BLOCK,
    SB_RDISP_INLINE,
    SB_RDISP_INLINE_BLOCK,
    SB_RDISP_LIST_ITEM,
    SB_RDISP_TABLE,
    SB_RDISP_TABLE_PART,   /* rows, cells, groups, captions */
    SB_RDISP_TEXT          /* a word of text */
} sb_rdisplay;

/* Every coordinate and size in a render lies in -SB_COORD_LIMIT ..
 * SB_COORD_LIMIT px (16.7 million; a page that long is not a story):
 * offsets near 2^31 px in CSS are clamped, so the sum of two coordinates
 * (x + w) or their difference cannot overflow an int. */
#define SB_COORD_LIMIT (1 << 24)

/* sb_rnode.border_sides */
#define SB_RSIDE_TOP 1u
#define SB_RSIDE_RIGHT 2u
#define SB_RSIDE_BOTTOM 4u
#define SB_RSIDE_LEFT 8u

typedef struct sb_rnode {
    int parent;            /* node index; -1 for the root (<html>) */
    int elem;              /* sb_doc element id; -1 for text and for boxes
                              litehtml made up (anonymous table parts) */
    const char *tag;       /* element tag; "#text" for words, "#anon" for
                              anonymous boxes; valid while doc and render
                              live */
    int x, y, w, h;        /* border box, absolute page px */
    int font_size;         /* px */
    int font_weight;       /* 100..900 */
    unsigned chars;        /* text nodes: code points of the word */
    sb_rdisplay display;
    bool is_text;
    bool in_link;          /* inside <a href> (text and elements) */
    bool is_fixed;         /* position: fixed, or inside such an element */
    /* The reader sees none of it: inside a box that clips its content
     * (overflow other than visible) to at most 1 px wide or tall (the
     * "screen reader only" pattern, a collapsed panel), or, for text,
     * placed wholly before the page's origin (text-indent: -9999px). */
    bool unseen;
    bool is_image;         /* img, svg, video, canvas, or an element
                              painted with a background image */
    bool is_inline;        /* display inline (box = union of its text) */
    /* How the element's own box is painted (elements only, else 0): its
     * background colour as 0xRRGGBBAA (0: none or fully transparent),
     * and the sides with a visible border, SB_RSIDE_* bits (a width of
     * 1 px or more and a style other than none or hidden).  A boxed
     * block (a sign-up form, a fact box) is told from the text around it
     * by these. */
    unsigned bg_color;
    unsigned char border_sides;
    /* Only with sb_render_opts.keep_text, else 0 and -1: the word as
     * litehtml measured it (bytes text_off .. text_off + text_len of
     * sb_render.text) and the face it was measured with (index into
     * sb_render.fonts). */
    unsigned text_off, text_len;
    int font;
} sb_rnode;

/* A face text was measured with: file and face index, as FreeType opens
 * it (for drawing the same glyphs). */
typedef struct sb_render_font {
    char *file;
    int index;
} sb_render_font;

typedef struct sb_render {
    sb_rnode *nodes;
    size_t n_nodes;
    int width, height;     /* laid-out page size, px */
    /* Where the time went, ms (for bench_render). */
    double prep_ms;        /* serialisation + stylesheet pruning */
    double parse_ms;       /* litehtml document creation (parse + style) */
    double layout_ms;      /* litehtml render */
    double extract_ms;     /* walking litehtml's tree into nodes */
    size_t css_rules_in, css_rules_kept;
    size_t floats_removed; /* floats beyond the first 1000 put in normal
                              flow (litehtml's float layout is quadratic) */
    size_t unstyled;       /* children of display:none elements whose style,
                              and their whole subtree's, was never
                              computed (render.cpp) */
    size_t shared_styles;  /* elements that copied their computed style
                              from an earlier one of the same class,
                              declarations and parent class (render.cpp) */
    size_t spaces_dropped; /* white space between blocks taken out before
                              the layout (render.cpp: drop_block_spaces) */
    size_t renders_answered; /* layouts of an element asked again with a
                                width it was laid out at before, answered
                                from what that layout gave (render.cpp:
                                render_answer) */
    /* With keep_text only (else NULL, 0): the words' bytes and faces. */
    char *text;
    size_t text_len;
    sb_render_font *fonts;
    size_t n_fonts;
} sb_render;

/* A resource provider (the same signature as sb_resource_fn of
 * include/storybox.h): the malloc'd bytes at `url`, at most max_len, or
 * NULL. */
typedef void *(*sb_render_resource_fn)(void *ctx, const char *url, size_t max_len, size_t *len);

typedef struct sb_render_opts {
    int width;             /* viewport px; 0 = SB_DEFAULT_WIDTH */
    int height;            /* viewport px (fixed elements, media); 0 = 800 */
    const char *css_dir;   /* NULL: external stylesheets are ignored */
    const char *base_url;  /* for resolving stylesheet URLs; may be NULL */
    int time_budget_ms;    /* 0 = 10000 */
    int max_depth;         /* 0 = SB_RENDER_MAX_DEPTH (prep.h) */
    bool keep_text;        /* keep each word's text and face (for drawing
                              the page); off, nothing is copied */
    sb_render_resource_fn resource; /* NULL: none; asked before css_dir */
    void *resource_ctx;
    /* An <img> without a size of its own: its intrinsic size (the same
     * signature as sb_image_size_fn of include/storybox.h, called with
     * resource_ctx); NULL or false: litehtml's 300 x 150 box.  data: URIs
     * are read by the render itself. */
    bool (*image_size)(void *ctx, const char *url, int *width, int *height);
} sb_render_opts;

/* Lays the document out.  fonts may be NULL (the thread's own context,
 * sb_fonts_thread) or a context the caller reuses across pages of one
 * thread.  Returns
 * NULL with a one-line reason in err when litehtml fails or the time budget
 * is exceeded.
 *
 * External stylesheets (<link rel=stylesheet>, @import) are asked of the
 * resource provider, then read from css_dir, never fetched.  The URL is
 * resolved against base_url (or the page's <base href>); the provider gets
 * "http://HOST/PATH" (or "https://", as the URL says; PATH alone without a
 * base), css_dir is looked up as css_dir/HOST/PATH, then
 * css_dir/BASENAME-OF-PATH (query and fragment removed; a URL with ".." in
 * its path is refused).  At most 64 stylesheets of 8 MB each, 32 MB in all,
 * are read per page. */
sb_render *sb_render_page(const sb_doc *doc, const sb_render_opts *opts, sb_fonts *fonts,
                          char *err, size_t errlen);
void sb_render_free(sb_render *r);

/* The master (user-agent) stylesheet, from the HTML standard's rendering
 * section. */
extern const char sb_render_ua_css[];

/* Checks the id mapping of a render input: serialises doc, parses it with
 * litehtml (no layout) and compares every element that carries an id with
 * the sb_doc element of that id: same tag, same attribute names, and, apart
 * from style, same values.  Returns the number of mismatches (0 = exact)
 * and the number of elements checked in *checked; writes the first
 * mismatch into err. */
long sb_render_check_mapping(const sb_doc *doc, size_t *checked, char *err, size_t errlen);

/* Checks the render's own style lookups (render.cpp: memo_element, whose
 * own_property reads an element's declarations from a table made once per
 * element instead of litehtml's generic string-keyed lookup) against
 * litehtml's: parses the serialised page twice, once with our element
 * classes and once with litehtml's, and asks every element of both (but
 * what is inside a display:none element, which our classes leave
 * unstyled) every property name litehtml asked while computing styles
 * (and a few more), inherited and not.  Returns the number of
 * different answers (0 = same) and the number of lookups compared in
 * *checked; writes the first difference into err. */
long sb_render_check_style_lookups(const sb_doc *doc, size_t *checked, char *err,
                                   size_t errlen);

/* Renders doc twice, with computed styles shared between elements of the
 * same class, own declarations and parent style class (render.cpp:
 * memo_element::parse_styles) and without, and compares every node of the
 * two renders (boxes, fonts, words, flags).  Returns the number of
 * differences (0 = the same), the number of elements that shared in
 * *shared, and the first difference in err. */
long sb_render_check_style_sharing(const sb_doc *doc, size_t *shared, char *err,
                                   size_t errlen);

/* Renders doc twice, with the layout's shortcuts (render.cpp:
 * drop_block_spaces, white space between blocks taken out where it cannot
 * place anything; line_link, litehtml's line queries without its
 * recursion) and without, and compares every node of the two renders
 * (boxes, fonts, words, flags).  Returns the number of differences (0 =
 * the same), the spaces taken out in *dropped, and the first difference
 * in err. */
long sb_render_check_layout_shortcuts(const sb_doc *doc, size_t *dropped, char *err,
                                      size_t errlen);

/* Renders doc twice, with the layouts litehtml asks again at a width an
 * element was laid out at before answered from that layout (render.cpp:
 * render_answer) and with every one laid out, and compares every node of
 * the two renders.  Returns the number of differences (0 = the same), the
 * layouts answered in *answered, and the first difference in err. */
long sb_render_check_render_memo(const sb_doc *doc, size_t *answered, char *err,
                                 size_t errlen);

/* Renders doc with its sheets parsed twice, by the render's own port of
 * litehtml's parse_stylesheet (render.cpp: parse_sheet, each selector's
 * compounds split in one pass) and by litehtml's, and compares the two
 * sorted selector lists field by field (order, specificity, combinators,
 * compounds, attributes, declarations' text, base URL, media).  Returns
 * the number of differences (0 = the same), the number of selectors in
 * *selectors, and the first difference in err. */
long sb_render_check_sheet_parse(const sb_doc *doc, size_t *selectors, char *err, size_t errlen);

/* Renders doc with the rules it leaves out as never applied (render.cpp:
 * sheet_index::never_applied, rules holding a pseudo-class litehtml never
 * matches) kept as candidates apart, and asks litehtml's select, for every
 * such (element, rule) pair, whether litehtml would apply it.  Returns the
 * number of pairs litehtml applies (0 = none, as it should), the pairs
 * asked in *pairs, and the first one applied in err. */
long sb_render_check_never_applied(const sb_doc *doc, size_t *pairs, char *err, size_t errlen);

/* Renders doc computing each element's style that is not shared twice where
 * it is computed in full: by litehtml's html_tag::parse_styles and by the
 * render's port of it (render.cpp: style_port, its keyword and length
 * parses remembered per thread by text), from the same members, and
 * compares every member the parse writes (lengths by their raw fields,
 * the background, the font).  Returns the number of differences (0 = the
 * same), the elements compared in *compared, and the first difference in
 * err. */
long sb_render_check_style_port(const sb_doc *doc, size_t *compared, char *err, size_t errlen);

/* True when the render cuts text into litehtml's words and spaces
 * (render.cpp: container::split_text, on the UTF-8 bytes) exactly as
 * litehtml's own split_text (through wide characters) does. */
bool sb_render_check_split(const char *text);

#endif
