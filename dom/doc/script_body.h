/* script_body: the code inside the page's <script> elements, and the text
 * of its comments, dropped before the parser, which would otherwise
 * tokenise them a character at a time.
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
 *  - its body ends at a "</script" followed by white space, "/" or ">"
 *    (the appropriate end tag) before the page ends, and does not hold
 *    both "<!--" and "<script" followed by one of those (the tokenizer's
 *    double-escaped state, where that "</script>" may not end it; the
 *    scan stops there, cutting nothing more).
 * Comments: nothing reads a comment's text (every reader of a node's text
 * takes text, white space and CDATA nodes only; comments are asked their
 * type, to be skipped).  A comment's text is cut to nothing ("<!---->":
 * the comment node stays, empty) when the comment ends at its first "-->"
 * (not "<!-->" or "<!--->", nor a "--!>" before it) in HTML content (in
 * SVG a CDATA section may hold what looks like a comment).
 *
 * The density seeds (dom/seed/density.c) read the parsed bytes too; their
 * preprocessing drops every script and comment whole, so they see the
 * same page.
 *
 * Inside <svg>/<math> the scan skips a CDATA section to its "]]>", as the
 * tokenizer does there.  Wherever the scan may be unsure of the
 * tokenizer's state (a raw-text element's end, foreign content left
 * early) it errs toward cutting nothing; a stretch it skips that holds
 * "<svg" or "<math" ends the scan, and so does markup inside an SVG
 * <title> or <style> (not raw text there) or inside an HTML integration
 * point (<foreignObject>, <desc>, <annotation-xml>), where HTML could
 * make the parser ignore a later "</svg>" the scan would count.  The bytes after a cut move down in the same buffer: no copy. */
#ifndef SB_SCRIPT_BODY_H
#define SB_SCRIPT_BODY_H

#include <stddef.h>

/* Cuts the bodies of the HTML's unread scripts and comments in place;
 * returns the new length (at most len; the caller terminates). */
size_t sb_script_body_cut(char *html, size_t len);

#endif
