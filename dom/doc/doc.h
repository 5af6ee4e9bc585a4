/* doc: one parsed page.  Owns the gumbo parse of the page's UTF-8 bytes and
 * numbers its elements in document order.
 *
 * The element id (index into `elems`) is the join key between the DOM and
 * the rendered box tree: the render step tags every element it hands to
 * litehtml with its id, so a box always knows its DOM node.  Ids are stable
 * for a given input, so tests may assert on them.
 *
 * All traversals here are iterative: pages with 100,000 nested elements
 * must not exhaust the stack. */
#ifndef SB_DOC_H
#define SB_DOC_H

#include <gumbo.h>
#include <stdbool.h>
#include <stddef.h>

#include "dom/base/strbuf.h"

typedef struct sb_doc {
    GumboOutput *out;
    char *html;          /* owned UTF-8 copy of the page, after the caps */
    size_t html_len;
    /* The bytes gumbo parsed when scripts' code was cut before the parse
     * (dom/doc/script_cut.h), NULL otherwise: the tree's original_tag and
     * original_text point into it, html keeps the page's bytes as they were
     * for the readers of bytes (the density seeds, the render's size
     * limit). */
    char *parsed;
    size_t parsed_len;
    bool script_cut_fell_back; /* a cut failed verification: parsed uncut */
    GumboNode **elems;   /* element and template nodes, document order */
    size_t n_elems;
    /* pointer -> id map (open addressing) */
    const GumboNode **map_keys;
    int *map_vals;
    size_t map_cap;
    /* Non-empty when the page was over a markup cap (dom/doc/markup_cap.h)
     * and only its beginning was parsed: why, one line for --explain. */
    char cap_reason[160];
} sb_doc;

/* Parses UTF-8 HTML.  Never fails on malformed markup; returns NULL only if
 * gumbo itself gives up (it then has no tree to offer). */
sb_doc *sb_doc_parse(const char *utf8, size_t len);

/* The same on a malloc'd buffer of at least len + 1 bytes, which the
 * document takes (freed with it, or at once on failure): the passes
 * before the parser (long data: URIs cut, dom/doc/data_uri.h; depth;
 * caps) work in it without a copy of the page. */
sb_doc *sb_doc_parse_owned(char *html, size_t len);
void sb_doc_free(sb_doc *doc);

/* Element id of a node, -1 when it is not an element of this document. */
int sb_doc_id(const sb_doc *doc, const GumboNode *node);

/* Element id of the first element whose id attribute is `id`, -1 when
 * none. */
int sb_doc_find_id(const sb_doc *doc, const char *id);

/* The <html>, <head>, <body> elements (may be NULL on odd trees). */
GumboNode *sb_doc_root(const sb_doc *doc);
GumboNode *sb_doc_head(const sb_doc *doc);
GumboNode *sb_doc_body(const sb_doc *doc);

/* Element helpers.  sb_tag_name returns the lower-case tag name, including
 * for unknown tags (from the source text); the pointer stays valid while the
 * document lives.  sb_attr returns NULL when absent. */
bool sb_is_element(const GumboNode *n);
const char *sb_tag_name(const GumboNode *n);
GumboTag sb_tag(const GumboNode *n);
const char *sb_attr(const GumboNode *n, const char *name);

/* Elements whose content is not read as the page's text: never visible
 * (script, style, template, noscript, head-only elements...), or ruby
 * annotations (rt, rp, rtc), the reading aid printed over its base text,
 * which would otherwise read twice ("図書館としょかん"). */
bool sb_is_nontext_tag(GumboTag tag);

/* Appends the visible text of the subtree (no script/style/template), with
 * runs of whitespace collapsed to one space.  `skip_links` leaves out text
 * inside <a> elements.  Leading/trailing space of the result is not trimmed
 * (callers appending several nodes rely on that); use sb_text_trim. */
void sb_node_text(const GumboNode *n, sb_buf *out, bool skip_links);

/* Collapses whitespace and trims, in place.  Returns s. */
char *sb_text_trim(char *s);

/* Iterative pre-order walk.  The callback returns false to skip the node's
 * children.  Text, whitespace, comment and element nodes are all visited. */
typedef bool (*sb_visit_fn)(const GumboNode *n, int depth, void *ctx);
void sb_walk(const GumboNode *root, sb_visit_fn fn, void *ctx);

#endif
