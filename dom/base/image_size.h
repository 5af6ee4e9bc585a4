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

/* The same for the base64 payload of a data: URI (text after the comma,
 * len bytes; white space is skipped): only the first bytes are decoded,
 * never the whole picture. */
bool sb_image_base64_size(const char *b64, size_t len, int *width, int *height);

#ifdef __cplusplus
}
#endif

#endif
