/* styled: which corpus pages form the "styled subset" (issue 11): pages
 * whose unstyled render is close to what a browser shows, because their CSS
 * travels with them (at least SB_STYLED_MIN_INLINE_CSS bytes of inline CSS:
 * <style> contents plus style attribute values) or because they link no
 * external stylesheet at all (nothing is missing).  A plain byte scan of the
 * page: no parse, no render, so the eval can afford it on every page. */
#ifndef SB_EVAL_STYLED_H
#define SB_EVAL_STYLED_H

#include <stdbool.h>
#include <stddef.h>

#define SB_STYLED_MIN_INLINE_CSS 20480

typedef struct sb_css_facts {
    size_t inline_css;     /* bytes of <style> contents and style="" values */
    size_t external_links; /* <link rel="stylesheet" href="..."> elements */
} sb_css_facts;

/* Scans the page's markup (comments, <script> and <textarea>-like raw text
 * skipped) for its CSS. */
void sb_css_facts_scan(const char *html, size_t len, sb_css_facts *out);

/* True when the page belongs to the styled subset. */
bool sb_css_facts_styled(const sb_css_facts *f);

#endif
