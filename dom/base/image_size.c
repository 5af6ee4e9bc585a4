#include "dom/base/image_size.h"

#include <stdint.h>
#include <string.h>

static uint32_t be16(const unsigned char *p)
{
    return (uint32_t)p[0] << 8 | p[1];
}

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static uint32_t le16(const unsigned char *p)
{
    return (uint32_t)p[1] << 8 | p[0];
}

static uint32_t le24(const unsigned char *p)
{
    return (uint32_t)p[2] << 16 | (uint32_t)p[1] << 8 | p[0];
}

static bool give(uint32_t w, uint32_t h, int *width, int *height)
{
    if (w == 0 || h == 0 || w > SB_IMAGE_MAX_SIDE || h > SB_IMAGE_MAX_SIDE)
        return false;
    *width = (int)w;
    *height = (int)h;
    return true;
}

/* PNG: the signature, then the IHDR chunk, which must come first. */
static bool png_size(const unsigned char *b, size_t n, int *w, int *h, size_t *need)
{
    *need = 24;
    if (n < 24 || memcmp(b, "\x89PNG\r\n\x1a\n", 8) != 0 || memcmp(b + 12, "IHDR", 4) != 0)
        return false;
    return give(be32(b + 16), be32(b + 20), w, h);
}

/* GIF: the logical screen size after the signature. */
static bool gif_size(const unsigned char *b, size_t n, int *w, int *h, size_t *need)
{
    *need = 10;
    if (n < 10 || (memcmp(b, "GIF87a", 6) != 0 && memcmp(b, "GIF89a", 6) != 0))
        return false;
    return give(le16(b + 6), le16(b + 8), w, h);
}

/* JPEG: marker segments up to the first start-of-frame, which holds the
 * size.  Each step moves forward by at least two bytes. */
static bool jpeg_size(const unsigned char *b, size_t n, int *w, int *h, size_t *need)
{
    if (n < 4 || b[0] != 0xFF || b[1] != 0xD8)
        return false;
    size_t i = 2;
    while (i + 4 <= n) {
        if (b[i] != 0xFF)
            return false;
        unsigned char m = b[i + 1];
        if (m == 0xFF) { /* fill byte */
            i++;
            continue;
        }
        if (m == 0x01 || (m >= 0xD0 && m <= 0xD8)) { /* no length */
            i += 2;
            continue;
        }
        if (m == 0xD9 || m == 0xDA) /* end of image, start of scan: no frame */
            return false;
        size_t seg = be16(b + i + 2);
        if (seg < 2)
            return false;
        bool sof = m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC;
        if (sof) {
            *need = i + 9;
            if (i + 9 > n || seg < 7)
                return false;
            return give(be16(b + i + 7), be16(b + i + 5), w, h);
        }
        i += 2 + seg;
    }
    return false;
}

/* WebP: a RIFF file whose first chunk is VP8 (lossy), VP8L (lossless) or
 * VP8X (extended, with the canvas size). */
static bool webp_size(const unsigned char *b, size_t n, int *w, int *h, size_t *need)
{
    *need = 30;
    if (n < 30 || memcmp(b, "RIFF", 4) != 0 || memcmp(b + 8, "WEBP", 4) != 0)
        return false;
    const unsigned char *c = b + 12;
    if (memcmp(c, "VP8 ", 4) == 0) {
        /* frame tag (3 bytes), start code 9d 01 2a, 14-bit sizes */
        if (b[23] != 0x9D || b[24] != 0x01 || b[25] != 0x2A)
            return false;
        return give(le16(b + 26) & 0x3FFF, le16(b + 28) & 0x3FFF, w, h);
    }
    if (memcmp(c, "VP8L", 4) == 0) {
        if (b[20] != 0x2F)
            return false;
        uint32_t bits =
            (uint32_t)b[21] | (uint32_t)b[22] << 8 | (uint32_t)b[23] << 16 | (uint32_t)b[24] << 24;
        return give((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, w, h);
    }
    if (memcmp(c, "VP8X", 4) == 0)
        return give(le24(b + 24) + 1, le24(b + 27) + 1, w, h);
    return false;
}

/* One reader per format; *need says how many leading bytes the format's
 * size took (set by the reader that gave the size). */
static bool header_size(const unsigned char *b, size_t n, int *w, int *h, size_t *need)
{
    return png_size(b, n, w, h, need) || gif_size(b, n, w, h, need) ||
           jpeg_size(b, n, w, h, need) || webp_size(b, n, w, h, need);
}

bool sb_image_header_size(const unsigned char *bytes, size_t len, int *width, int *height)
{
    if (!bytes)
        return false;
    size_t need = 0;
    return header_size(bytes, len, width, height, &need);
}

size_t sb_image_header_bytes(const unsigned char *bytes, size_t len)
{
    if (!bytes)
        return 0;
    int w = 0, h = 0;
    size_t need = 0;
    return header_size(bytes, len, &w, &h, &need) ? need : 0;
}

static int b64_value(char c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+' || c == '-')
        return 62;
    if (c == '/' || c == '_')
        return 63;
    return -1;
}

size_t sb_image_base64_decode(const char *b64, size_t len, unsigned char *out, size_t cap)
{
    if (!b64 || !out)
        return 0;
    size_t n = 0;
    uint32_t acc = 0;
    int bits = 0;
    for (size_t i = 0; i < len && n < cap; i++) {
        char c = b64[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f')
            continue;
        int v = b64_value(c);
        if (v < 0)
            break; /* '=' padding or the end of the URI */
        acc = (acc << 6 | (uint32_t)v) & 0xFFFFFF;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out[n++] = (unsigned char)(acc >> bits);
        }
    }
    return n;
}

bool sb_image_base64_size(const char *b64, size_t len, int *width, int *height)
{
    if (!b64)
        return false;
    unsigned char buf[SB_IMAGE_BASE64_HEADER_BYTES];
    size_t n = sb_image_base64_decode(b64, len, buf, sizeof buf);
    return sb_image_header_size(buf, n, width, height);
}
