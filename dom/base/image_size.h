/* image_size: an image's width and height read from the first bytes of its
 * file (PNG, GIF, JPEG, WebP), without decoding it and without any image
 * library.  Every read stays inside the bytes given; a header cut short,
 * or sizes of zero or beyond SB_IMAGE_MAX_SIDE, give no size. */
#ifndef SB_IMAGE_SIZE_H
#define SB_IMAGE_SIZE_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Larger sides are refused: no page shows them, and a hostile header could
 * otherwise ask the layout for a 2^31 px box. */
#define SB_IMAGE_MAX_SIDE 20000

/* How much of a file is enough: a JPEG's size comes after its metadata
 * segments (EXIF, ICC profiles), which rarely pass this. */
#define SB_IMAGE_HEADER_BYTES ((size_t)256 * 1024)

/* True with *width and *height set when bytes[0..len) start an image
 * whose size its header says. */
bool sb_image_header_size(const unsigned char *bytes, size_t len, int *width, int *height);

/* How many leading bytes of the file hold what sb_image_header_size
 * reads (24 for a PNG, the end of the start-of-frame for a JPEG...);
 * 0 when bytes[0..len) give no size.  A data: URI cut to the base64 of
 * that many bytes keeps its picture's size (dom/doc/data_uri.h). */
size_t sb_image_header_bytes(const unsigned char *bytes, size_t len);

/* Enough of a data: URI's decoded payload for PNG, GIF and WebP headers
 * and the JPEGs whose frame comes early (most inlined pictures: small,
 * without camera metadata); what sb_image_base64_size decodes. */
#define SB_IMAGE_BASE64_HEADER_BYTES 4096

/* Decodes base64 (the text after a data: URI's comma, len bytes) into
 * out, at most cap bytes: white space is skipped, '-' and '_' are taken
 * as '+' and '/', and decoding stops at the first other character ('='
 * padding, the end of the URI).  Returns the number of bytes written. */
size_t sb_image_base64_decode(const char *b64, size_t len, unsigned char *out, size_t cap);

/* The same as sb_image_header_size for the base64 payload of a data: URI:
 * only the first SB_IMAGE_BASE64_HEADER_BYTES are decoded, never the whole
 * picture. */
bool sb_image_base64_size(const char *b64, size_t len, int *width, int *height);

#ifdef __cplusplus
}
#endif

#endif
