/* extract: the DOM story extractor (LBNEST section II.C, applied inside the
 * story region the layout step found, or over the whole <body> in dom mode).
 *
 * It owns the decision of what the story is: which paragraphs are story text
 * and which are boilerplate, which text is the headline and the teaser, and
 * which image leads the story.  The pieces live in their own files:
 *   paragraphs.c  paragraph-level blocks and their text
 *   boilerplate.c generic noise signals (link density, hidden, tokens)
 *   headline.c    headline candidates and choice (TitleFinder-like)
 *   teaser.c      standfirst found by neighbour levels (neighbours.h)
 *   images.c      lead image candidates and choice
 * Nothing here keeps global state: one call, one page. */
#ifndef SB_EXTRACT_H
#define SB_EXTRACT_H

#include <stddef.h>
#include <stdio.h>

#include "dom/doc.h"
#include "hybrid/storybox.h"
#include "layout/boxtree.h"

typedef struct sb_dom_input {
    const sb_doc *doc;
    /* Element ids of the story region's subtrees; n_roots == 0 means the
     * whole <body> (dom mode), where the extractor picks its own content
     * root.  With roots given, the extractor's own pick replaces them when
     * it lies inside them (the two agree, and the pick is narrower). */
    const int *roots;
    size_t n_roots;
    const char *base_url;     /* resolves image URLs; may be NULL */
    sb_similarity similarity; /* off | sentences | blocks */
    /* The layout, or NULL in dom mode.  Used for headline prominence (font
     * size, position above the region), image sizes and the rendered text
     * of candidate containers.  A block the page's stylesheet hid is not
     * dropped for that alone (slideshows and tabs hide story text). */
    const sb_boxtree *boxes;
    /* Non-NULL: one line per decision (kept/dropped paragraphs and
     * sentences with their similarity, image candidates with reasons). */
    FILE *explain;
} sb_dom_input;

/* Fills out->title, out->text ("\n\n" between paragraphs, the headline not
 * repeated; never NULL afterwards) and out->lead_image (NULL when no image
 * qualifies; malloc'd fields).  Fields already set in `out` are freed and
 * replaced only when the extractor finds a value.  Returns 0, or -1 when
 * the input has no document (out->text is then an empty string). */
int sb_dom_extract(const sb_dom_input *in, sb_story *out);

#endif
