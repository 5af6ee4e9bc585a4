/* script_body: the code inside the page's <script> elements dropped before
 * the parser, which would otherwise tokenise it a character at a time.
 *
 * Nothing reads a script's code.  The text steps skip <script> as a
 * non-text tag (sb_is_nontext_tag), the render's prepared page leaves out
 * the text of every HTML <script> (render/prep.c), and the metadata reads
 * only scripts whose type says ld+json (dom/doc/meta.c).  The one reader
 * of a script's text child that does not skip it, images.c's own_text,
 * asks only whether the child is blank.  So the body of an HTML <script>
 * whose type does not say JSON becomes one ";": the element stays, with
 * one non-blank text child as before (a blank body is left as it is),
 * and the page is shorter by the code.
 *
 * Only bodies whose place the HTML tokenizer would certainly give are cut.
 * The scan follows the tokenizer's tags, attributes, comments and raw-text
 * elements; a script is cut only when
 *  - it is an HTML script: no <svg> or <math> is open (in foreign content
 *    a <script>'s content is markup) and no <frameset> came before (whose
 *    modes ignore the start tag, so its content is markup too);
 *  - no type attribute says "json" or holds a character reference ("&",
 *    which the parser would decode into the value meta.c reads);
 *  - its body holds no "<!--" (the tokenizer's escaped states, where a
 *    "</script>" may not end it), and ends at a "</script" followed by
 *    white space, "/" or ">" (the appropriate end tag) before the page
 *    ends.
 * Wherever the scan may be unsure of the tokenizer's state (a raw-text
 * element's end, foreign content left early) it errs toward cutting
 * nothing.  The bytes after a cut move down in the same buffer: no copy. */
#ifndef SB_SCRIPT_BODY_H
#define SB_SCRIPT_BODY_H

#include <stddef.h>

/* Cuts the bodies of the HTML's unread scripts in place; returns the new
 * length (at most len; the caller terminates). */
size_t sb_script_body_cut(char *html, size_t len);

#endif
