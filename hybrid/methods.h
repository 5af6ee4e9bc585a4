/* methods: the table of registered extraction methods.  Each method is one
 * function over a prepared page (hybrid/page.h); the evaluator and the CLI
 * only ever go through this table, so a new method needs one row here and
 * nothing in either of them. */
#ifndef SB_METHODS_H
#define SB_METHODS_H

#include "page.h"

typedef struct sb_method {
    sb_method_info info;
    sb_method_fn run;
} sb_method;

const sb_method *sb_method_lookup(const char *name);

/* Our own methods. */
int sb_method_hybrid(sb_page *page, sb_story *story);
int sb_method_dom(sb_page *page, sb_story *story);

/* The seed papers' baselines, each in its own hybrid/method_*.c. */
int sb_method_next(sb_page *page, sb_story *story);
int sb_method_r2l(sb_page *page, sb_story *story);
int sb_method_dana(sb_page *page, sb_story *story);
int sb_method_danag(sb_page *page, sb_story *story);
int sb_method_addanag(sb_page *page, sb_story *story);
int sb_method_titlefinder(sb_page *page, sb_story *story);
int sb_method_lbnest_dom(sb_page *page, sb_story *story);
int sb_method_lbnest_cluster(sb_page *page, sb_story *story);

#endif
