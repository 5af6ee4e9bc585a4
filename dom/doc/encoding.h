/* encoding: turns the raw bytes of a saved page into clean UTF-8.
 *
 * Decides the character encoding the way a browser does (WHATWG HTML
 * "encoding sniffing"): a byte order mark, else the HTTP header's charset
 * when the caller knows it (sb_decode_html_transport), else a
 * <meta charset> or <meta http-equiv=Content-Type> found by the standard's
 * prescan of the first bytes, else an <?xml encoding=...?> declaration,
 * else UTF-8.  Labels are mapped with the WHATWG Encoding standard's table
 * (so "iso-8859-1", "latin1" and "ascii" all mean windows-1252).
 *
 * Two departures from a browser, both for saved pages: a page declaring a
 * legacy encoding whose bytes are nonetheless valid UTF-8 with at least
 * SB_UTF8_OVERRIDE_MIN multi-byte characters is decoded as UTF-8 (tools
 * that save pages re-encode them and keep the old <meta>); and an
 * undeclared page with more invalid UTF-8 sequences than valid multi-byte
 * ones is decoded as windows-1252, the fallback browsers use for Western
 * pages.
 *
 * The output is always valid UTF-8 without NUL bytes: invalid sequences
 * become U+FFFD and NUL characters are dropped, so the result can be used
 * as a C string and handed to gumbo as is.  Nothing here keeps state
 * between calls (iconv descriptors are opened per call). */
#ifndef SB_ENCODING_H
#define SB_ENCODING_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/strbuf.h"

/* How many leading bytes the <meta> prescan looks at.  The standard says
 * 1024; saved pages often put a long <style> or <script> before the meta,
 * so we look further. */
#define SB_PRESCAN_BYTES 4096

/* Valid multi-byte UTF-8 characters needed to overrule a legacy <meta>. */
#define SB_UTF8_OVERRIDE_MIN 4

/* Decodes a page to NUL-terminated UTF-8.  Never returns NULL (an empty
 * input gives ""); the caller frees the result.  `out_len` (may be NULL)
 * receives the length without the NUL.  `encoding` (may be NULL) receives
 * the WHATWG name of the encoding used, e.g. "utf-8", "windows-1252",
 * "shift_jis"; when a declared encoding could not be converted it names
 * the fallback actually used, "utf-8". */
char *sb_decode_html(const void *bytes, size_t len, size_t *out_len,
                     char *encoding, size_t enc_size);

/* The same with the transport layer's charset (the HTTP Content-Type
 * header's `charset=` label; NULL or an unknown label: none), with the
 * precedence browsers use: byte order mark, then transport, then the
 * page's own <meta> or XML declaration.  A transport charset naming a
 * legacy encoding is overruled by flawless UTF-8 like a <meta> is. */
char *sb_decode_html_transport(const void *bytes, size_t len, const char *transport_label,
                               size_t *out_len, char *encoding, size_t enc_size);

/* The WHATWG canonical name for an encoding label ("Latin1 " ->
 * "windows-1252"), or NULL for an unknown label.  Case and surrounding
 * ASCII whitespace are ignored. */
const char *sb_encoding_for_label(const char *label, size_t len);

/* The HTML standard's prescan for <meta> charset declarations over the
 * first `len` bytes.  Returns the canonical encoding name (static storage)
 * or NULL when none was found.  UTF-16 declarations are reported as
 * "utf-8", as the standard requires. */
const char *sb_prescan_meta_charset(const unsigned char *bytes, size_t len);

/* Appends the UTF-8 for `len` bytes claimed to be UTF-8, replacing each
 * maximal invalid subsequence with U+FFFD and dropping NULs.  Returns the
 * number of replacements made. */
size_t sb_utf8_sanitize(sb_buf *out, const unsigned char *bytes, size_t len);

#endif
