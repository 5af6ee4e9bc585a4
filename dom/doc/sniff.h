/* sniff: is a page's content HTML at all?  A PNG or random bytes saved
 * under a .html name would otherwise be decoded into a "story" of
 * mojibake.
 *
 * The rule follows the WHATWG MIME sniffing standard's "binary data byte"
 * (0x00-0x08, 0x0B, 0x0E-0x1A, 0x1C-0x1F): content is binary when its
 * first 512 bytes hold such a byte and no markup (a tag of a known HTML
 * element, a comment, a doctype or an XML declaration), or many such bytes
 * (16 or more besides NUL: random bytes look like a tag now and then).  Pages that start
 * with a UTF-16 or UTF-32 byte order mark are text (their ASCII has NUL
 * bytes), and NUL bytes are skipped when looking for markup, so UTF-16
 * without a mark is recognised by its tags. */
#ifndef SB_SNIFF_H
#define SB_SNIFF_H

#include <stdbool.h>
#include <stddef.h>

/* How many leading bytes are looked at. */
#define SB_SNIFF_BYTES 512

/* True when the content is binary data rather than a page. */
bool sb_sniff_binary(const unsigned char *bytes, size_t len);

/* True when the decoded (UTF-8) page holds nothing but white space: it is
 * treated like an empty page. */
bool sb_only_white_space(const char *html, size_t len);

#endif
