/* data_uri: long data: URIs cut short before anything copies them.
 *
 * Single-file pages (SingleFile, monolith) carry every picture, font and
 * stylesheet image inline as a data: URI: megabytes that the parser, the
 * DOM, the serialised page handed to litehtml and litehtml's own parse
 * would each copy (a 36 MB page: 111 MB peak RSS).  No step reads such a
 * URI's payload except for one thing, the picture's intrinsic size in its
 * header (render.cpp, dom/base/image_size.h).  So before parsing, every
 * data: URI longer than SB_DATA_URI_MAX bytes is cut in place to its media
 * type and, when its payload is base64 of an image whose size the first
 * SB_IMAGE_BASE64_HEADER_BYTES decoded bytes say, the base64 of the bytes
 * that header needs (whole 4-character groups, so it still decodes);
 * otherwise to its media type alone ("data:font/woff2;base64,").  The URI
 * stays a data: URI, so every rule that judges one (a placeholder, not a
 * lead image) judges it the same.
 *
 * Where: attribute values that are a data: URI, and url(...) in style=""
 * attributes and in <style> elements (doc.c, for every page); url(...) in
 * a stylesheet (render/css_prep.c, for stylesheets read from files).  Only
 * URIs whose end is certain are cut (a closing quote or parenthesis), so a
 * page cut short mid-URI keeps its bytes.  The scan is linear and copies
 * nothing: bytes after a cut move down in the same buffer. */
#ifndef SB_DATA_URI_H
#define SB_DATA_URI_H

#include <stdbool.h>
#include <stddef.h>

/* Longer data: URIs are cut; a small icon or placeholder stays whole. */
#define SB_DATA_URI_MAX 2048

/* Cuts the HTML's long data: URIs in place; returns the new length (at
 * most len; the bytes past it are garbage, the caller terminates). */
size_t sb_data_uri_cut_html(char *html, size_t len, size_t max_uri);

/* The same into a malloc'd copy of the cut length, NUL-terminated, when
 * something is cut (*out_len set); NULL when nothing is (no copy made).
 * For bytes the caller may not change: hybrid/page cuts the page before
 * decoding it, so a single-file page is never copied whole. */
char *sb_data_uri_cut_html_copy(const char *html, size_t len, size_t max_uri, size_t *out_len);

/* The same for a stylesheet's url(...) values. */
size_t sb_data_uri_cut_css(char *css, size_t len, size_t max_uri);

/* True when sb_data_uri_cut_css would cut something: a caller holding a
 * read-only stylesheet copies it only then. */
bool sb_data_uri_css_has_long(const char *css, size_t len, size_t max_uri);

/* How many bytes of the data: URI uri[0..len) (which starts "data:",
 * case-insensitively) are kept when it is cut: the media type with its
 * comma, plus the base64 of the image header when there is one.  len when
 * there is no comma (nothing to cut).  Exposed for tests. */
size_t sb_data_uri_keep(const char *uri, size_t len);

#endif
