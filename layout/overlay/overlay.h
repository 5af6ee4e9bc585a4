/* overlay: draws a rendered page's boxes as a PNG, to see what the layout
 * step saw and which region it chose.
 *
 * Each box is painted by kind: text blocks (boxes whose own text
 * dominates their subtree), images, link-heavy boxes (link characters
 * more than half their text); other boxes get a thin outline.  Text runs
 * are light bars.  The story region and the lead image are outlined
 * thickly on top, and a legend in the top-right corner names the colours.
 * The image is the page's width and full height, cut at
 * SB_OVERLAY_MAX_HEIGHT (the cut is written at the bottom of the image). */
#ifndef SB_OVERLAY_H
#define SB_OVERLAY_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/geom.h"
#include "layout/boxtree/boxtree.h"

#define SB_OVERLAY_MAX_HEIGHT 20000
#define SB_OVERLAY_MAX_WIDTH 8000

/* Colours as 0xRRGGBB.  The outlines are opaque, so tests can read them
 * back exactly; fills are translucent over white. */
#define SB_OVERLAY_REGION_RGB 0xE91E63u
#define SB_OVERLAY_LEAD_IMAGE_RGB 0x6A1B9Au
#define SB_OVERLAY_TEXT_RGB 0x43A047u
#define SB_OVERLAY_LINK_RGB 0xFB8C00u
#define SB_OVERLAY_IMAGE_RGB 0x1E88E5u
#define SB_OVERLAY_OTHER_RGB 0x9E9E9Eu
#define SB_OVERLAY_RUN_RGB 0x37474Fu

/* Width in px of the region outline (drawn inside the region's rectangle)
 * and of the lead image outline. */
#define SB_OVERLAY_REGION_LINE 4
#define SB_OVERLAY_LEAD_LINE 3

/* Writes the overlay PNG to `path`.  region and lead_image may be NULL.
 * Returns 0, or -1 with a one-line reason in err. */
int sb_overlay_png(const sb_boxtree *t, const sb_rect *region, const sb_rect *lead_image,
                   const char *path, char *err, size_t errlen);

#endif
