/* ua_sheet: the user-agent stylesheet as prepared for a page (pruned by the
 * page's names, css_prep.h), kept per thread.  The preparation depends on
 * the page only through which tags, classes and ids of the sheet it uses:
 * a thread keeps each rule's last preparations with the questions each
 * asked, and takes the one whose questions the page's names answer alike
 * (the text is the one sb_css_prepare gives). */
#ifndef SB_RENDER_UA_SHEET_H
#define SB_RENDER_UA_SHEET_H

#include "render/css_prep.h"

/* The user-agent sheet (sb_render_ua_css) prepared for a page with these
 * names; valid until this thread's next call. */
const char *sb_render_ua_sheet(const sb_css_names *names);

#endif
