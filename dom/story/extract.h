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
 *   reconcile.c   the layout's region against the DOM's own story container
 *   structure.c   the kept paragraphs' kinds, links and images' places
 * Nothing here keeps global state: one call, one page. */
#ifndef SB_EXTRACT_H
#define SB_EXTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dom/base/geom.h"
#include "dom/doc/doc.h"
#include "dom/doc/meta.h"
#include "storybox.h"

/* What the render knows of one element, as the DOM step reads it.  dom/
 * sits below the layout and never sees its box tree: the hybrid method
 * (hybrid/methods/) copies these facts out of it, one entry per element. */
typedef struct sb_elem_render {
    bool rendered;         /* the element has a box */
    int font_size;         /* computed, px; 0 when not rendered */
    int font_weight;       /* computed, 100..900; 0 when not rendered */
    unsigned prose_chars;  /* rendered text characters outside links */
    sb_rect rect;          /* border box, absolute page px */
    /* The reader sees none of its text: it lies in a box that clips its
     * content to at most 1 px (overflow hidden: the "screen reader only"
     * pattern, a collapsed panel) or wholly before the page's origin
     * (text-indent: -9999px), though the element has a box. */
    bool unseen;
    /* Positioned fixed (position: fixed, or inside such a box): the page's
     * style lays it over the page wherever the reader scrolls (a popup, a
     * cookie or app banner, a sticky bar), apart from the story's flow. */
    bool fixed;
    /* Not story, with all it holds, for the reason given (the hybrid
     * method's visual signals of boxes painted apart, hybrid/methods/
     * visual_boxes.h), or NULL: a paragraph of a story root inside such an
     * element is dropped with this reason. */
    const char *set_apart;
} sb_elem_render;

typedef struct sb_dom_render {
    const sb_elem_render *elems; /* indexed by sb_doc element id */
    size_t n_elems;
    /* The visual_hidden signal (hybrid's parameter, on by default): a
     * paragraph the render did not show (no box: display:none from the
     * stylesheet or above it) or placed wholly off the page (far negative
     * offsets) is not story; unless that would be more than two thirds of
     * the story roots' paragraphs (extract.c's check_hidden_share). */
    bool drop_hidden;
    /* The visual_clip signal: with drop_hidden, a paragraph whose text is
     * all unseen (sb_elem_render.unseen) is hidden as well, under the same
     * two-thirds check. */
    bool drop_unseen;
    /* The story column: the text box of the block the layout chose as the
     * region (w == 0: no region).  With drop_beside (the visual_sidebar
     * signal), a paragraph narrower than the column that lies beside it
     * (less than half of its width over the column's) is a sidebar or a
     * rail, not story; only inside a story root that spans the column, so
     * a DOM container the reconciliation took elsewhere is left alone. */
    sb_rect column;
    bool drop_beside;
    /* The top of the region the layout chose, px (the page's top, 0, when
     * there is none): where the first screen (SB_FIRST_SCREEN_PX) starts. */
    int region_top;
    /* The visual_headline signal: rendered prominence (font size, then
     * weight) ranks only the headings whose top lies within the first
     * screen below region_top (or above it); a big heading further down is
     * another story's or a section's, not the headline. */
    bool headline_first_screen;
    /* The visual_standfirst signal: the standfirst is placed by where it is
     * rendered, below the headline's box and above the story's first
     * paragraph, rather than by document order. */
    bool standfirst_by_position;
    /* The visual_below signal: a vertical gap of more than
     * SB_BELOW_GAP_SCREENS first screens between the bottom of the kept
     * story so far and the next kept paragraph ends the story: what lies
     * that far below is other content (comments, a footer's prose). */
    bool end_far_below;
    /* The visual_caption signal: on a page that renders its <figcaption>s
     * in a smaller type than its body text, a paragraph that only repeats
     * a nearby picture's alt text but is set in the body's type or larger
     * is not that picture's caption (an excerpt or dek that restates it). */
    bool caption_by_type;
    /* The visual_next_story signal: once the story has body text below
     * its headline, a kept heading rendered at least as large as the
     * headline element (font size, px) is another story's headline (the
     * next article of an endless page, a teaser set as large): the story
     * ends there.  Only when the headline element has a box. */
    bool end_at_next_headline;
    /* The visual_subhead signal: a heading whose words are close to the
     * headline's but which is rendered below the headline element and in
     * a smaller type is a section heading or the dek, kept; without it
     * (or without a box for either) it is dropped as the headline again.
     * A heading with the headline's very text is dropped either way. */
    bool subhead_by_type;
    /* The visual_intro signal (layout_intro.c): a paragraph of prose
     * outside the story roots that is rendered below the headline's box
     * and above the story's first kept paragraph, within the story's
     * column and in its body type, is the story's opening the root left
     * out: kept. */
    bool intro_by_layout;
} sb_dom_render;

/* visual_below's gap, in first screens (SB_FIRST_SCREEN_PX). */
#define SB_BELOW_GAP_SCREENS 1.5

typedef struct sb_dom_input {
    const sb_doc *doc;
    /* Element ids of the story region's subtrees; n_roots == 0 means the
     * whole <body> (dom mode), where the extractor picks its own content
     * root.  With roots given, reconcile.c decides between them and the
     * extractor's own pick. */
    const int *roots;
    size_t n_roots;
    const char *base_url;     /* resolves image URLs; may be NULL */
    sb_similarity similarity; /* off | sentences | blocks */
    /* The render's facts, or NULL in dom mode.  Used for headline
     * prominence (font size), image boxes and the rendered text of
     * candidate containers.  A block the page's stylesheet hid is not
     * dropped for that alone (slideshows and tabs hide story text). */
    const sb_dom_render *render;
    /* Non-NULL: one line per decision (kept/dropped paragraphs and
     * sentences with their similarity, image candidates with reasons). */
    FILE *explain;
    /* The saved page's image size provider (include/storybox.h: MHTML
     * parts, the page's folder, the WARC's images; NULL: none), called
     * with image_size_ctx.  Without a render (dom mode) it gives an <img>
     * that states no size of its own its picture's, for the lead image's
     * area and the record's width and height; a render already asked it. */
    sb_image_size_fn image_size;
    void *image_size_ctx;
} sb_dom_input;

/* Fills out->title, out->text ("\n\n" between paragraphs, the headline not
 * repeated; never NULL afterwards) and out->lead_image (NULL when no image
 * qualifies; malloc'd fields).  Fields already set in `out` are freed and
 * replaced only when the extractor finds a value.  Returns 0,
 * SB_DOM_REGION_DROPPED when the given region was replaced by the whole
 * page, or -1 when the input has no document (out->text is then an empty
 * string). */
int sb_dom_extract(const sb_dom_input *in, sb_story *out);

/* The same for a caller that has the whole page at hand (hybrid/page):
 * `meta` is the page's metadata, read once per page (NULL: the extractor
 * reads it from in->doc); with roots given, when the region yields less
 * than `region_min_text` bytes of story it was a wrong guess and the whole
 * page is judged instead (0: keep whatever the region gives), and the
 * call returns SB_DOM_REGION_DROPPED. */
#define SB_DOM_REGION_DROPPED 1
int sb_dom_extract_page(const sb_dom_input *in, const sb_meta *meta, size_t region_min_text,
                        sb_story *out);

#endif
