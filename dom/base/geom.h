/* geom: rectangles in absolute page pixels, the one geometric type the
 * render, the layout and the DOM step share.  The public header defines the
 * same type under the same guard, so either header may come first and the
 * layers below the API need not include it. */
#ifndef SB_GEOM_H
#define SB_GEOM_H

#ifndef SB_RECT_DEFINED
#define SB_RECT_DEFINED
/* An axis-aligned rectangle in absolute page pixels (origin top-left). */
typedef struct sb_rect {
    int x, y, w, h;
} sb_rect;
#endif

/* The viewport width every layer lays pages out at unless told otherwise. */
#define SB_DEFAULT_WIDTH 1280

/* The height of the first screen, px: what a reader sees of the story's
 * top before scrolling (a laptop's browser window).  The visual signals
 * that speak of "the first screen" or "screens below" measure in it. */
#define SB_FIRST_SCREEN_PX 900

#endif
