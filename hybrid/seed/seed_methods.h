/* seed_methods: the seed papers' baselines as registered methods, each in
 * its own hybrid/seed/method_*.c over the algorithms in dom/seed/ and
 * layout/seed/.  The main path (hybrid/methods/) never includes them. */
#ifndef SB_SEED_METHODS_H
#define SB_SEED_METHODS_H

#include "hybrid/page/page.h"

int sb_method_next(sb_page *page, sb_story *story);
int sb_method_r2l(sb_page *page, sb_story *story);
int sb_method_dana(sb_page *page, sb_story *story);
int sb_method_danag(sb_page *page, sb_story *story);
int sb_method_addanag(sb_page *page, sb_story *story);
int sb_method_titlefinder(sb_page *page, sb_story *story);
int sb_method_lbnest_dom(sb_page *page, sb_story *story);
int sb_method_lbnest_cluster(sb_page *page, sb_story *story);

#endif
