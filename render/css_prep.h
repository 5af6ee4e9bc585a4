/* css_prep: rewrites a page's stylesheets before they reach litehtml.
 *
 * Two jobs.  (1) Pruning: litehtml matches every selector against every
 * element, so a 1 MB framework stylesheet on a 10,000-element page costs
 * seconds.  A selector that needs a class, id or tag name the page never
 * uses can never match; rules whose selectors are all like that are dropped,
 * and dead selectors are removed from the lists of the rules kept.  So are
 * selectors that only match interactive states (:hover, :focus...), which a
 * static render never has.  (2) Compatibility: litehtml 0.6 knows neither
 * flex nor grid nor calc(): css_flex.h translates them rule by rule (row
 * flex containers and mixed grids into tables of cells, wrapping flex and
 * uniform grids into floats, math functions into lengths; its header says
 * how and what it cannot follow; css_grid.h floats the grid items a sheet
 * places); other `display` values litehtml does not know are rewritten to
 * the nearest block or inline-block flow.  An @supports group that tests
 * only display flex or grid is applied (a browser of today meets it and
 * its rules are the page's layout, which is translated); other @supports
 * groups are left out.
 *
 * The name set is built once per page from the parsed document and used for
 * every stylesheet of that page (inline <style>, imported files). */
#ifndef SB_CSS_PREP_H
#define SB_CSS_PREP_H

#include <stddef.h>

#include "dom/doc/doc.h"
#include "dom/base/strbuf.h"
#include "render/css_flex.h"

typedef struct sb_css_names sb_css_names;

typedef struct sb_css_stats {
    size_t rules_in;       /* qualified rules seen */
    size_t rules_kept;
    size_t selectors_in;
    size_t selectors_kept;
} sb_css_stats;

/* Classes, ids and tag names used by the document's elements. */
sb_css_names *sb_css_names_from_doc(const sb_doc *doc);
void sb_css_names_free(sb_css_names *names);

/* Returns a malloc'd, NUL-terminated stylesheet for litehtml.  With names
 * NULL nothing is pruned (only rewritten).  stats may be NULL; counts are
 * added to it. */
char *sb_css_prepare(const char *css, size_t len, const sb_css_names *names,
                     sb_css_stats *stats);

/* sb_css_prepare without stats, recording in *log every question the
 * pruning asked of names (is this class, id or tag used?) and its answer.
 * The prepared text depends on the page only through those answers, so
 * another page whose names give the same answers (sb_css_names_agree)
 * gets the same text from the same sheet: render/ua_sheet keeps the
 * user-agent sheet's preparations this way. */
char *sb_css_prepare_logged(const char *css, size_t len, const sb_css_names *names, sb_buf *log);
int sb_css_names_agree(const sb_css_names *names, const char *log, size_t len);

/* Same rewrite for the declarations of a style="" attribute; a flex or
 * grid container there keeps block flow (no selector names its items). */
char *sb_css_prepare_decls(const char *decls, size_t len);

/* The same with the container's layout kept, as for a stylesheet rule:
 * *layout says what the element becomes, and the caller adds the rules for
 * its items (sb_css_layout_companions) under a selector naming the
 * element (render/prep.c: [data-sbid=N]). */
char *sb_css_prepare_attr(const char *decls, size_t len, sb_css_layout *layout);

/* Whether a media query list (a media attribute, or what follows @media)
 * can hold on a screen.  Only the media type is judged: NEVER for print,
 * speech and other types, for "not screen" and "not all", and for malformed
 * lists (as CSS says, "not all"); ALWAYS for an empty list, "all",
 * "screen", "only screen", "not print" without features; DEPENDS when
 * features remain to be checked against the viewport (litehtml does). */
typedef enum { SB_MEDIA_NEVER, SB_MEDIA_DEPENDS, SB_MEDIA_ALWAYS } sb_css_media;
sb_css_media sb_css_media_on_screen(const char *media, size_t len);

/* True when a single selector (no commas) can match some element of the
 * page; exposed for tests. */
int sb_css_selector_live(const char *sel, size_t len, const sb_css_names *names);

#endif
