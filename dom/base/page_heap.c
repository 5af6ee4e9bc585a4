/* page_heap: see page_heap.h. */
#include "dom/base/page_heap.h"

#include <stddef.h>

static sb_page_heap_hooks hooks; /* all NULL: no hooks */

void sb_page_heap_set_hooks(const sb_page_heap_hooks *h)
{
    if (h && h->page_begin && h->page_end && h->keep_begin && h->keep_end)
        hooks = *h;
    else
        hooks = (sb_page_heap_hooks){NULL, NULL, NULL, NULL};
}

void *sb_page_heap_begin(void)
{
    return hooks.page_begin ? hooks.page_begin() : NULL;
}

void sb_page_heap_end(void *page)
{
    if (hooks.page_end)
        hooks.page_end(page);
}

void *sb_page_heap_keep_begin(void)
{
    return hooks.keep_begin ? hooks.keep_begin() : NULL;
}

void sb_page_heap_keep_end(void *saved)
{
    if (hooks.keep_end)
        hooks.keep_end(saved);
}
