/* visual_boxes: boxes a reader sees as not-story by how they are painted.
 *
 * hybrid's visual signals that read the render's paint (render.h's
 * sb_rnode.bg_color and border_sides, copied into the box tree): a block
 * the stylesheet sets apart from the text around it, by a background of
 * its own or a frame, and that a reader tells from the story at a glance.
 * Each signal marks elements (sb_elem_render.set_apart of
 * dom/story/extract.h, a reason string); the DOM step drops the story
 * root's paragraphs inside a marked element.  Only the hybrid method has a
 * render: dom is unchanged.
 *
 *   visual_cta: a set-apart box that holds a form control (an input, a
 *   button, a select or a text area) and little text is a call to action
 *   (a newsletter sign-up, a consent placeholder for external content, a
 *   video player's dock), not story. */
#ifndef SB_VISUAL_BOXES_H
#define SB_VISUAL_BOXES_H

#include <stdbool.h>
#include <stdio.h>

#include "dom/story/extract.h"
#include "layout/boxtree/boxtree.h"

/* visual_cta's cap: a box holding more text than this (code points) is a
 * part of the page with a form in it (a comment section, a calculator
 * with its article), not a call to action. */
#define SB_CTA_MAX_CHARS 600

/* Which signals run (hybrid's method parameters). */
typedef struct sb_visual_boxes {
    bool call_to_action; /* visual_cta */
} sb_visual_boxes;

/* Sets facts[e].set_apart (facts indexed by element id, t->n_elems
 * entries) for the elements the switched-on signals mark, with one line
 * each to explain when it is not NULL.  Returns how many it marked. */
size_t sb_visual_boxes_mark(const sb_boxtree *t, const sb_visual_boxes *on, sb_elem_render *facts,
                            FILE *explain);

#endif
