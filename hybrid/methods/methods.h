/* methods: storybox's own extraction methods, each one function over a
 * prepared page (hybrid/page/page.h) registered in hybrid/registry.c. */
#ifndef SB_MAIN_METHODS_H
#define SB_MAIN_METHODS_H

#include "hybrid/page/page.h"

/* Render, find the story region, extract inside it (method_hybrid.c). */
int sb_method_hybrid(sb_page *page, sb_story *story);
/* The same DOM extraction over the whole page, no render (method_dom.c). */
int sb_method_dom(sb_page *page, sb_story *story);

#endif
