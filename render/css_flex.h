/* css_flex: flexbox, grid and calc() translated into CSS litehtml 0.6 knows.
 *
 * litehtml matches the rules itself, so we cannot tell which elements are
 * flex or grid containers; instead each rule is rewritten where it stands,
 * and litehtml's own matching puts the result on the right elements:
 *  - a rule that makes a row flex container (display:flex or inline-flex,
 *    flex-direction row, no wrap) becomes `display:table` (inline-table)
 *    with width:100% unless the rule sets a width, and gets a companion
 *    rule `SELECTOR > *{display:table-cell;vertical-align:top}` right after
 *    it: the items become side-by-side cells, each as wide as its own rule
 *    says (flex-basis, or the basis of the `flex` shorthand, becomes
 *    `width` wherever it is declared); items without a width share the
 *    rest by content, as litehtml's auto table layout does;
 *  - a wrapping row flex container stays a block whose items float left
 *    (with the same widths) and is closed by a clearing ::after;
 *  - a column flex container stays a block (block flow is column layout);
 *  - a grid with grid-template-columns: when all tracks are alike
 *    (`repeat(3, 1fr)`, `1fr 1fr`, `repeat(auto-fill, minmax(200px, 1fr))`)
 *    its items float left at the track width (100%/N, or the minimum of an
 *    auto-fill track), so any number of items wraps into rows; otherwise
 *    (`1fr 300px`, `250px 1fr 300px`) it is a table as above with
 *    `:nth-child(k)` widths: px and % tracks as given, fr tracks as shares
 *    of 100% when no px track is present, else auto (they share the rest);
 *  - calc(), min(), max() and clamp() are evaluated to a px length, or a
 *    percentage when a % term is present: a px term then counts as its share
 *    of the default viewport width (calc(100% - 320px) -> 75%), em and rem
 *    count 16px, vw and vh the 1280x800 viewport; min/max/clamp pick their
 *    argument by that same measure.  A declaration whose value cannot be
 *    evaluated (var(), unknown units) is dropped.
 *  - a stylesheet that places grid items anywhere (grid-column, grid-row,
 *    grid-area) or a grid with template areas keeps its grids in block
 *    flow: items all put in the middle track of `1fr 680px 1fr` would
 *    otherwise sit side by side; the items it places float at the width of
 *    their tracks instead (css_grid.h), and its grid containers are
 *    cleared after (layout.clears);
 *  - a container selector nested in itself deeper than
 *    SB_CSS_MAX_CELL_NESTING is capped back to block flow (below); a capped
 *    container's items are blocks, so a same-class rule that hides one
 *    of them there loses (the user-agent's hidden items stay hidden);
 * Limits: only the rule that says display:flex is seen, so a flex-direction
 * or flex-wrap set by another rule is ignored; items a same-specificity rule
 * earlier in the sheet hides become cells (script, style, template and
 * [hidden] items are kept hidden by a second companion); order,
 * justify-content, align-* and gap are ignored; a non-uniform grid with
 * more items than tracks keeps them on one row.  -webkit-box stays a block: it is mostly used for line clamping. */
#ifndef SB_CSS_FLEX_H
#define SB_CSS_FLEX_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/strbuf.h"

/* litehtml lays a table's cells out two or three times to size its
 * columns, so tables nested in tables cost exponential time (ten nested
 * flex rows: over a minute).  A container selector nested in itself deeper
 * than this (`.flex .flex .flex .flex`) is block flow again, and so are its
 * items; the same cap for containers of different selectors would need one
 * rule per combination. */
#define SB_CSS_MAX_CELL_NESTING 3

/* Grid tracks beyond this many are laid out as auto cells. */
#define SB_CSS_MAX_TRACKS 12

typedef enum sb_css_layout_kind {
    SB_LAYOUT_NONE,   /* not a container we translate */
    SB_LAYOUT_CELLS,  /* table of side-by-side cells */
    SB_LAYOUT_FLOATS, /* block of left floats, cleared after */
    SB_LAYOUT_BLOCK   /* column flex: plain block flow */
} sb_css_layout_kind;

/* What one rule's declarations make of the element they apply to. */
typedef struct sb_css_layout {
    sb_css_layout_kind kind;
    bool is_inline;                          /* inline-flex, inline-grid */
    bool has_width;                          /* the rule sets width itself */
    int n_tracks;                            /* grid tables: widths of the first tracks */
    char track_width[SB_CSS_MAX_TRACKS][24]; /* "" = auto */
    char item_width[24];                     /* floats: each item's width ("" = own) */
    bool clears; /* holds floated grid items (css_grid.h): cleared after, whatever the kind */
} sb_css_layout;

/* One declaration, as css_prep splits them. */
typedef struct sb_css_decl {
    const char *name, *value;
    size_t name_len, value_len;
} sb_css_decl;

/* Shortens [*s, *s + *n) past white space at both ends. */
void sb_css_trim(const char **s, size_t *n);

/* The declaration's value without a trailing !important, trimmed;
 * *important (when not NULL) says whether it had one. */
void sb_css_decl_value(const sb_css_decl *d, const char **v, size_t *n, bool *important);

/* Does the stylesheet place grid items (grid-column, grid-row, grid-area
 * anywhere)?  Its grids then keep block flow: placement we cannot follow
 * would put a centred column's items side by side. */
bool sb_css_places_grid_items(const char *css, size_t len);

/* The tracks of a grid-template-columns value as shares of the container's
 * width in % (px counted against the default viewport, as calc() does; auto
 * takes a share as 1fr does) into share[0..cap); returns how many, or 0 when
 * they cannot be told (auto-fill, more than cap or SB_CSS_MAX_TRACKS, var(),
 * fixed tracks wider than the viewport).  *uniform says if all are alike. */
int sb_css_track_shares(const char *v, size_t n, double *share, int cap, bool *uniform);

/* Reads the container layout from a rule's declarations (later ones win,
 * as in the cascade); grid_placed as sb_css_places_grid_items says. */
void sb_css_layout_scan(const sb_css_decl *decls, size_t n, bool grid_placed,
                        sb_css_layout *layout);

/* Writes the declaration (name:value, without ';') as litehtml should see
 * it into out: display of a translated container, flex / flex-basis as
 * width, calc() and friends evaluated.  Returns false when nothing was
 * written because the rewrite does not apply (the caller copies the
 * declaration or handles it), and sets *drop when the declaration must be
 * left out altogether. */
bool sb_css_flex_decl(sb_buf *out, const sb_css_decl *d, const sb_css_layout *layout, bool *drop);

/* Declarations a translated container adds after its own (width:100%). */
void sb_css_layout_extra(sb_buf *out, const sb_css_layout *layout);

/* The companion rules for a translated container whose selector list is
 * [sel, sel+n) (comma separated, already cleaned): rules for its children
 * and its clearing ::after, appended to out.  NONE and BLOCK get only the
 * ::after, and only when layout->clears. */
void sb_css_layout_companions(sb_buf *out, const char *sel, size_t n, const sb_css_layout *layout);

/* Evaluates a calc()/min()/max()/clamp() expression [s, s+n) (the whole
 * function call) as described above into out.  Returns false (out
 * unchanged) when it cannot. Exposed for tests. */
bool sb_css_eval_calc(sb_buf *out, const char *s, size_t n);

#endif
