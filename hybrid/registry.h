/* registry: the table of registered extraction methods.  Each method is one
 * function over a prepared page (hybrid/page/page.h); the evaluator and the CLI
 * only ever go through this table, so a new method needs one row here and
 * nothing in either of them. */
#ifndef SB_REGISTRY_H
#define SB_REGISTRY_H

#include "hybrid/page/page.h"

typedef struct sb_method {
    sb_method_info info;
    sb_method_fn run;
} sb_method;

const sb_method *sb_method_lookup(const char *name);

#endif
