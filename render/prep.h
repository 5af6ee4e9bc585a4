/* prep: the page as litehtml sees it.
 *
 * The join between our sb_doc and litehtml's elements is a
 * `data-sbid="<element id>"` attribute on every element, which each of
 * litehtml's elements reads back.  The prepared page is either written as
 * HTML (sb_render_serialize: tests, checks) or built as the gumbo tree that
 * parsing that HTML gives (sb_render_prepare_tree, prep_tree.h), from
 * which the render has litehtml make its elements without a second parse.
 * On the way, the page is also made safe and cheap for litehtml:
 *  - what cannot render is left out with its subtree (script, template,
 *    meta, non-stylesheet link, SVG internals...: never_rendered in
 *    prep.c), and so are comments and the white space of <head> and of
 *    table parts;
 *  - elements nested deeper than max_depth are left out and their children
 *    hoisted into the nearest emitted ancestor, because litehtml recurses
 *    over the tree;
 *  - <style> contents and style="" attributes go through css_prep (dead
 *    rules pruned, flex/grid rewritten); a <style> whose media attribute
 *    never holds on a screen (print) is emptied, one with media features
 *    has its text wrapped in @media (litehtml 0.6 ignores the attribute,
 *    not @media); with sb_render_serialize_sheets,
 *    a <style>'s prepared text is moved out of the page and replaced by an
 *    @import of it (see sb_prep_sheets);
 *  - table parts nested deeper than SB_RENDER_MAX_TABLE_NESTING become
 *    blocks, and a <br> that starts a line gets a line's height;
 *  - a data-sbid attribute present in the page itself is dropped, so the
 *    page cannot spoof the mapping;
 *  - attribute values that are data: URIs longer than SB_PREP_DATA_URI_KEEP
 *    bytes are cut to that length (an image's header, and so its size,
 *    stays readable; the render never decodes pictures). */
#ifndef SB_RENDER_PREP_H
#define SB_RENDER_PREP_H

#include <stddef.h>

#include "dom/doc/doc.h"
#include "render/css_prep.h"
#include "render/prep_tree.h"

/* litehtml recursion stays well inside an 8 MB stack (and a 1 MB thread
 * stack under ASan) at this depth; real pages nest a few dozen levels. */
#define SB_RENDER_MAX_DEPTH 200

/* litehtml lays a table's cells out several times to size its columns, so
 * nested tables cost exponential time (20 levels: minutes, with no callback
 * that could stop it).  Table parts nested deeper than this are laid out as
 * blocks.  Their content is still laid out once per enclosing table level:
 * 60 nested tables take about 0.4 s with this limit (2.4 s with 8). */
#define SB_RENDER_MAX_TABLE_NESTING 6

/* Words joined into one token for litehtml.  litehtml 0.6 makes an element
 * of every word and of every space between words, and styles and lays out
 * each one; in text of at least SB_PREP_JOIN_MIN_WORDS words (prose, not
 * menus), the spaces inside each group of SB_PREP_JOIN_WORDS words are
 * written as SB_PREP_WORD_JOIN instead, which litehtml does not split on.
 * The render measures the joiner as a space (a token's width is the sum of
 * its words' and spaces' widths, as before), does not count it as a
 * character and draws it as a space; what changes is that a line can break
 * only between groups.  The joiner is U+10FFFD, a private-use character
 * that the parsers keep as it is (control characters would come back as
 * U+FFFD); the page's own U+10FFFD, which no font draws, is left out of
 * its text. */
#define SB_PREP_WORD_JOIN "\xF4\x8F\xBF\xBD"
#define SB_PREP_WORD_JOIN_LEN 4
#define SB_PREP_JOIN_WORDS 3
#define SB_PREP_JOIN_MIN_WORDS 12

/* What is kept of a long data: URI attribute value: the media type and
 * enough base64 for a picture's header (dom/base/image_size.h decodes at
 * most 4 KB of it). */
#define SB_PREP_DATA_URI_KEEP 6000

typedef struct sb_prep_stats {
    size_t elems_emitted;
    size_t elems_hoisted;  /* left out: too deep, or nested links */
    size_t elems_left_out; /* with their subtree: cannot render (prep.c) */
    size_t table_parts_flattened; /* laid out as blocks (table nesting) */
    size_t css_bytes_in;   /* <style> text before and after css_prep */
    size_t css_bytes_out;
    sb_css_stats css;
} sb_prep_stats;

/* Returns malloc'd HTML (NUL-terminated).  names may be NULL (no pruning);
 * max_depth <= 0 means SB_RENDER_MAX_DEPTH; stats may be NULL. */
char *sb_render_serialize(const sb_doc *doc, const sb_css_names *names, int max_depth,
                          sb_prep_stats *stats, size_t *out_len);

/* The prepared text of the page's <style> elements, kept out of the HTML
 * litehtml parses.  litehtml makes an element of every word and every
 * white-space character of a <style>'s text and computes a style for each
 * (on news pages as many elements as the visible text has), only to join
 * the text back into one stylesheet.  So each <style> element keeps its
 * tag, attributes and id but its text becomes
 *     @import url(sb-sheet:K);
 * and the render's import_css answers that URL with css[K]: litehtml
 * parses the same rules at the same place in the cascade, under the same
 * media attribute. */
#define SB_PREP_SHEET_SCHEME "sb-sheet:"
typedef struct sb_prep_sheets {
    char **css;
    size_t n, cap;
} sb_prep_sheets;

/* sb_render_serialize with the <style> texts moved into sheets (which the
 * caller frees with sb_prep_sheets_free). */
char *sb_render_serialize_sheets(const sb_doc *doc, const sb_css_names *names, int max_depth,
                                 sb_prep_stats *stats, sb_prep_sheets *sheets, size_t *out_len);
void sb_prep_sheets_free(sb_prep_sheets *sheets);

/* The same prepared page as a tree (prep_tree.h) that litehtml builds its
 * elements from directly, instead of HTML text it would parse again: what
 * the parse of sb_render_serialize_sheets' text gives back, without the
 * doctype (litehtml reads none).  The caller frees it with
 * sb_ptree_free. */
sb_ptree *sb_render_prepare_tree(const sb_doc *doc, const sb_css_names *names, int max_depth,
                                 sb_prep_stats *stats, sb_prep_sheets *sheets);

/* Checks sb_render_prepare_tree against gumbo's parse of
 * sb_render_serialize_sheets' text: the same elements (litehtml's names),
 * attributes, and text between them (adjacent texts joined, as litehtml
 * splits them).  Returns the number of differences (0 = the same tree),
 * the first in err. */
long sb_prep_check_tree(const sb_doc *doc, char *err, size_t errlen);
/* The sheet an sb-sheet: URL names, or NULL when the URL is not one or
 * names no sheet. */
const char *sb_prep_sheet_of_url(const sb_prep_sheets *sheets, const char *url);

#endif
