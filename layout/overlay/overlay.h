/* overlay: draws a rendered page's boxes as a PNG, to see what the layout
 * step saw and which region it chose.
 *
 * Each box is painted by kind: text blocks (boxes whose own text
 * dominates their subtree), images, link-heavy boxes (link characters
 * more than half their text); other boxes get a thin outline.  Over them
 * the page's text is drawn where the layout put it, with the faces it was
 * measured with, shaped by HarfBuzz (a tree built with keep_text; without
 * it text runs are light bars), and images are placeholders crossed and
 * labelled with their file name and rendered size.  The story region and
 * the lead image are outlined thickly on top, and a legend in the
 * top-right corner names the colours.  The image is the page's width and
 * full height, or with region_only the region and SB_OVERLAY_REGION_MARGIN
 * px around it, cut at SB_OVERLAY_MAX_WIDTH x SB_OVERLAY_MAX_HEIGHT and
 * SB_OVERLAY_MAX_PIXELS (the cut is written at the bottom of the image). */
#ifndef SB_OVERLAY_H
#define SB_OVERLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/geom.h"
#include "layout/boxtree/boxtree.h"

#define SB_OVERLAY_MAX_HEIGHT 20000
#define SB_OVERLAY_MAX_WIDTH 8000
/* And at most this many pixels (4 bytes each: 128 MB): a page as wide as
 * the width cap is cut at 4000 px, one of 1280 px still at the height cap. */
#define SB_OVERLAY_MAX_PIXELS (32L * 1000 * 1000)

/* Colours as 0xRRGGBB.  The outlines are opaque, so tests can read them
 * back exactly; fills are translucent over white. */
#define SB_OVERLAY_REGION_RGB 0xE91E63u
#define SB_OVERLAY_LEAD_IMAGE_RGB 0x6A1B9Au
#define SB_OVERLAY_TEXT_RGB 0x43A047u
#define SB_OVERLAY_LINK_RGB 0xFB8C00u
#define SB_OVERLAY_IMAGE_RGB 0x1E88E5u
#define SB_OVERLAY_OTHER_RGB 0x9E9E9Eu
#define SB_OVERLAY_RUN_RGB 0x37474Fu
#define SB_OVERLAY_INK_RGB 0x212121u      /* page text */
#define SB_OVERLAY_LINK_INK_RGB 0x0D47A1u /* link text */

/* Page px shown around the region with region_only. */
#define SB_OVERLAY_REGION_MARGIN 120
/* Bytes of one run's text drawn at most (a run is one line). */
#define SB_OVERLAY_MAX_RUN_BYTES 4096

/* Width in px of the region outline (drawn inside the region's rectangle)
 * and of the lead image outline. */
#define SB_OVERLAY_REGION_LINE 4
#define SB_OVERLAY_LEAD_LINE 3

/* Writes the overlay PNG to `path`.  region and lead_image may be NULL.
 * Returns 0, or -1 with a one-line reason in err. */
int sb_overlay_png(const sb_boxtree *t, const sb_rect *region, const sb_rect *lead_image,
                   const char *path, char *err, size_t errlen);

typedef struct sb_overlay_opts {
    bool region_only; /* crop to the region and its margin (no region:
                         the whole page) */
} sb_overlay_opts;

/* The same with options; opts NULL = sb_overlay_png. */
int sb_overlay_png_opts(const sb_boxtree *t, const sb_rect *region, const sb_rect *lead_image,
                        const sb_overlay_opts *opts, const char *path, char *err, size_t errlen);

/* The part of the page the image shows, in page px, before the size caps:
 * the whole page, or the region grown by the margin and cut to the page. */
sb_rect sb_overlay_view(const sb_boxtree *t, const sb_rect *region, const sb_overlay_opts *opts);

#endif
