/* noscript: story text that a page shows only to readers without
 * JavaScript.  Some blogs ship the post body twice: once in a script
 * template that JavaScript expands, once in <noscript> for everyone else.
 * storybox runs no scripts, so it is the reader without JavaScript; the
 * text steps, though, skip <noscript> like <script>.  This module finds
 * the <noscript> elements in <body> that hold prose and turns them into
 * <div>s in the parsed tree, so that both the DOM step and the renderer
 * see their text.  Small ones ("Please enable JavaScript", tracking
 * pixels, lazy-image fallbacks) are left as they are. */
#ifndef SB_NOSCRIPT_H
#define SB_NOSCRIPT_H

#include <stddef.h>

#include "dom/doc/doc.h"

/* A <noscript> is unwrapped when its markup has a paragraph (<p>) and at
 * least this many bytes of text. */
#define SB_NOSCRIPT_MIN_TEXT 200

/* Turns the prose <noscript> elements of `doc` into <div>s; returns how
 * many. */
size_t sb_noscript_unwrap(sb_doc *doc);

#endif
