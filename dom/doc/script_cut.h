/* script_cut: the page's scripts' code left out of gumbo's parse, exact by
 * verification.
 *
 * Gumbo tokenises a script's code a character at a time, though nothing of
 * ours reads it: the text steps skip <script> (sb_is_nontext_tag), the
 * render's prepared page leaves out every HTML script's text (render/prep.c),
 * the metadata reads only scripts whose type says ld+json (dom/doc/meta.c),
 * and images.c's own_text asks only whether a script's text child is blank.
 * So a non-blank script body may be given to gumbo as one ";": the element
 * stays with one non-blank text child, as before.
 *
 * 1. A cheap scan proposes cuts (it does not follow the tokenizer): a
 *    "<script" start tag (ASCII case-insensitive, then white space, "/" or
 *    ">"), its end ">" (a quote after "=" runs to its match), its content
 *    up to the first "</script" (case-insensitive) after it.  A cut is
 *    proposed only when the byte after that "</script" is white space, "/"
 *    or ">" (the tokenizer's appropriate end tag; otherwise gumbo would not
 *    end there), the content holds no "<!--" (the script data escaped and
 *    double-escaped states, where the first "</script>" may not end it),
 *    the start tag holds neither "json" (case-insensitive: ld+json is read
 *    by the metadata) nor "&" (a character reference could decode to it),
 *    and the content is not blank.  "<!--" ... "-->" outside scripts is
 *    skipped (commented-out scripts would only fail step 3).
 * 2. The page with each proposed content replaced by ";" is parsed (a new
 *    buffer: the uncut bytes stay for the fallback and for the readers of
 *    the page's bytes).
 * 3. Every cut is verified on the tree: an element GUMBO_TAG_SCRIPT in the
 *    HTML namespace, not inserted by the parser, whose original_tag is
 *    exactly the cut's start tag (same place, same length) and whose
 *    original_end_tag starts right after the ";".  If any cut fails, the
 *    tree is thrown away and the uncut page parsed.
 *
 * Why the verified tree is the uncut page's tree but for the cut scripts'
 * text: up to a cut's content both buffers are the same bytes, so (cut by
 * cut, in order) gumbo reaches the start tag in the same state; the
 * verified element shows gumbo made an HTML script of it, which is what
 * puts the tokenizer in the script data state (gumbo's in-head rules, used
 * by every insertion mode that makes an HTML script); in that state, with
 * no "<!--" in the content (no escape), no character is markup until the
 * first "</script" followed by white space, "/" or ">", which the content
 * does not hold and which then ends the script in both buffers (verified:
 * the end tag is the bytes right after ";"); the characters between become
 * one text child in both (non-blank in both, so a text node); from the end
 * tag on the bytes are the same again.  Gumbo's input stream turns "\r\n"
 * and "\r" into "\n" (so "\r" is white space here), and a NUL or invalid
 * UTF-8 inside the content only changes that text (an invalid sequence
 * never takes in the ASCII "<" after it).  Source positions (line, column,
 * offset) after a cut differ; nothing of ours reads them. */
#ifndef SB_SCRIPT_CUT_H
#define SB_SCRIPT_CUT_H

#include <gumbo.h>
#include <stdbool.h>
#include <stddef.h>

/* One proposed cut, in the uncut page's bytes: the start tag at tag (its
 * "<") of tag_len bytes (to its ">" included), the content at
 * tag + tag_len of body_len bytes (at least one), then "</script". */
typedef struct {
    size_t tag, tag_len, body_len;
} sb_script_cut;

/* The cuts the scan proposes in html[0..len), in page order, into a
 * malloc'd array (*cuts, NULL when none; the caller frees); returns how
 * many. */
size_t sb_script_cut_propose(const char *html, size_t len, sb_script_cut **cuts);

/* What sb_script_cut_parse did. */
typedef struct {
    size_t proposed;  /* cuts the scan proposed */
    size_t cut_bytes; /* bytes gumbo was spared (0 after a fallback) */
    bool fell_back;   /* a cut failed verification: the uncut page was parsed */
} sb_script_cut_stats;

/* gumbo_parse_with_options(opts, html, len) but for the cut scripts' text
 * (";" in place of their code).  The tree points into html itself when
 * nothing was cut (*parsed_owned NULL), else into a malloc'd NUL-terminated
 * buffer (*parsed_owned) the caller frees after gumbo_destroy_output.  st
 * may be NULL. */
GumboOutput *sb_script_cut_parse(const GumboOptions *opts, const char *html, size_t len,
                                 char **parsed_owned, sb_script_cut_stats *st);

#endif
