/* sizes_attr: the layout width an <img>'s `sizes` attribute states for a
 * viewport width.  A responsive image tells the browser, before any file
 * is fetched, how wide its slot in the layout is at each viewport
 * ("(max-width: 899px) 50vw, 740px"); the render fetches no image, so
 * this is the page's own word on the width of a picture whose box the
 * render could only guess.  Used by the lead image choice (images.c). */
#ifndef SB_SIZES_ATTR_H
#define SB_SIZES_ATTR_H

/* The slot width in px that `sizes` gives at a viewport `viewport_px`
 * wide: the first entry whose media condition holds (only min-width and
 * max-width features joined by "and" are read; any other condition does
 * not hold), its length in px, vw, em or rem (16 px).  0 when none
 * applies or the length is not one of these ("auto", calc()). */
int sb_sizes_slot_width(const char *sizes, int viewport_px);

#endif
