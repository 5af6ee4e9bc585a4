/* css_grid: grid items placed on explicit tracks, as floats litehtml 0.6
 * knows.
 *
 * css_flex.h keeps a grid whose sheet places items (grid-column, grid-row,
 * grid-area) in block flow, so a 12-column story and its rail, or the
 * areas "main aside", would stack.  The item rules say how many tracks each
 * item spans; this module reads, once per stylesheet before it is
 * rewritten, what those tracks are, and turns each placing rule into a
 * float of the width of its tracks:
 *  - the sheet's column system: the most tracks of a uniform grid it
 *    declares (`repeat(12, minmax(0, 1fr))`), for line numbers and spans
 *    (`grid-column: span 8`, `1 / 9`, `9 / -1`);
 *  - its named areas: the last `grid-template-areas` (with the same rule's
 *    `grid-template-columns`, alike tracks when it has none) that holds at
 *    the default viewport (@media min-width / max-width are judged), for
 *    `grid-area: main` and for line numbers beyond the column system.
 * An item rule then gets, before its own declarations (its own width or
 * float wins): `float:left;width:W%;box-sizing:border-box` and
 * `clear:left` when it starts at the first line (a new row) or `clear:none`;
 * an item spanning every track is a full row: `float:none;clear:both;
 * width:auto`.  The rows are the floats' own wrapping: an item that does
 * not fit beside the previous ones drops below them.
 * Limits: the tracks are the sheet's, not the container's (an item of a
 * 3-column grid in a sheet with a 12-column system gets twelfths); a rule
 * setting only grid-column-start or -end says no width (another rule gives
 * the span); start lines after the first are not offset (a centred
 * `3 / 11` column stands at the left); grid-row, gaps and unplaced items of
 * a placing grid are ignored; named lines are not resolved. */
#ifndef SB_CSS_GRID_H
#define SB_CSS_GRID_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/strbuf.h"
#include "render/css_flex.h"

#define SB_CSS_MAX_AREAS 24

typedef struct sb_css_grid_area {
    char name[32];
    int start, end; /* column lines, 1-based, end exclusive */
} sb_css_grid_area;

/* What one stylesheet says of its grids as a whole. */
typedef struct sb_css_grid_sheet {
    bool places_items; /* grid-column, grid-row or grid-area anywhere */
    int columns;       /* the column system's track count, 0: none */
    int n_tracks;      /* the areas template's tracks, as shares (%) */
    double share[SB_CSS_MAX_TRACKS];
    int n_areas;
    sb_css_grid_area areas[SB_CSS_MAX_AREAS];
} sb_css_grid_sheet;

/* Starts the facts of a sheet: places_items from its text. */
void sb_css_grid_sheet_begin(sb_css_grid_sheet *g, const char *css, size_t len);

/* Adds one rule's declarations (a rule that holds at the default viewport:
 * the caller judges its @media) to the column system and the areas. */
void sb_css_grid_sheet_add_rule(sb_css_grid_sheet *g, const sb_css_decl *decls, size_t n);

/* Does the rule make or describe a grid container (display grid,
 * grid-template-*)?  In a placing sheet it must hold its floated items. */
bool sb_css_grid_is_container(const sb_css_decl *decls, size_t n);

/* Writes the float declarations of an item the rule places (each ending
 * with ';'), or nothing: g NULL, a sheet that places nothing, or a
 * placement whose tracks are not known. */
void sb_css_grid_place(sb_buf *out, const sb_css_decl *decls, size_t n, const sb_css_grid_sheet *g);

#endif
