/* malloc_tuning: the allocator settings of the storybox tool and the
 * bench_* programs, which CMake links with mimalloc (STORYBOX_MIMALLOC,
 * defining SB_MIMALLOC); without it this file is empty and glibc's malloc
 * serves.  Not part of the library: a program embedding libstorybox keeps
 * its own allocator.
 *
 * Why mimalloc: a page's render makes hundreds of thousands of small
 * allocations (litehtml's strings, maps and shared pointers) and frees
 * them all when the document goes; under glibc about a sixth of hybrid's
 * time went to malloc and free (docs/render_cost.md, tenth round).
 *
 * Why the delay: by default mimalloc gives a free page's memory back to
 * the system 25 ms after it is freed, less than most pages take, so the
 * next page faulted the same memory in again (29,800 page faults over the
 * first 60 readability pages against glibc's 10,400; a fault costs some
 * 14 us on this virtual machine).  The delay is wall-clock time, so the
 * balance moves with the machine's load: at 100 ms, pages that took longer
 * under load faulted again (trafilatura, load 7.5: 43,600 faults against
 * 28,600 at 1 s).  Held for 1 s, memory a page frees is there for the
 * next page, and the peak RSS on the heaviest page is the same as at
 * 100 ms (bench_render 64.2-64.3 MB on the 1 MB page of 8,000 paragraphs,
 * 30-31.5 MB on the 1.6 MB pages; extract 69.1-69.3 MB), since mimalloc
 * reuses what a page frees within it.  A batch on two threads holds a few
 * MB more at its peak (readability, --jobs 2: 129-133 MB against
 * 121-127 MB).  Giving the memory back between pages instead (mi_collect
 * after a large page) does nothing in mimalloc 2.0.9: a thread's free
 * spans in segments that still hold a live block stay committed (64 MB
 * before and after).  MIMALLOC_DECOMMIT_DELAY in the environment still
 * overrides it. */
#ifdef SB_MIMALLOC
#include <mimalloc.h>
#include <stdio.h>
#include <stdlib.h>

#include "dom/base/page_heap.h"

#define SB_DECOMMIT_DELAY_MS 1000

/* A heap per page's render (dom/base/page_heap.h).  Why: a page's
 * litehtml tree, made from the free lists the previous page's tree left
 * (in the order that tree was destroyed), is scattered over the heap; made
 * from a fresh heap its blocks come out in address order.  Hybrid's CPU
 * time per page fell by about a seventh with no change in instructions
 * (docs/render_cost.md, fourteenth round).  mi_heap_delete hands the
 * blocks still live at the page's end to the thread's backing heap, so a
 * block something keeps past the page stays valid: only memory locality
 * depends on page_heap.h's keep calls being where they should.  Nested
 * renders (a check rendering a page twice) share the outer one's heap.
 * SB_PAGE_HEAP_CHECK in the environment reports, after each page, the
 * blocks still live in the page heap (each pins a 64 KB page). */
static _Thread_local int page_depth;
static bool page_check;

static void *page_begin(void)
{
    if (page_depth++)
        return NULL;
    mi_heap_t *heap = mi_heap_new();
    if (heap)
        mi_heap_set_default(heap);
    return heap;
}

static bool count_block(const mi_heap_t *heap, const mi_heap_area_t *area, void *block,
                        size_t size, void *arg)
{
    (void)heap;
    (void)area;
    (void)size;
    if (block)
        ++*(size_t *)arg;
    return true;
}

static void page_end(void *heap)
{
    page_depth--;
    if (!heap)
        return;
    mi_heap_set_default(mi_heap_get_backing());
    if (page_check) {
        size_t live = 0;
        mi_heap_visit_blocks((mi_heap_t *)heap, true, count_block, &live);
        if (live)
            fprintf(stderr, "storybox: page heap: %zu blocks still live after the page\n", live);
    }
    mi_heap_delete((mi_heap_t *)heap);
    /* the page heap's pages now free go back to the thread's segments */
    mi_heap_collect(mi_heap_get_backing(), false);
}

static void *keep_begin(void)
{
    mi_heap_t *backing = mi_heap_get_backing();
    mi_heap_t *cur = mi_heap_get_default();
    if (cur == backing)
        return NULL;
    mi_heap_set_default(backing);
    return cur;
}

static void keep_end(void *saved)
{
    if (saved)
        mi_heap_set_default((mi_heap_t *)saved);
}

static const sb_page_heap_hooks page_hooks = {page_begin, page_end, keep_begin, keep_end};

/* mimalloc reads its options (the environment's included) when the
 * process starts, before this constructor runs, so mi_option_set_default
 * would come too late: the option is set unless its variable is given. */
__attribute__((constructor)) static void sb_malloc_tuning(void)
{
    if (!getenv("MIMALLOC_DECOMMIT_DELAY"))
        mi_option_set(mi_option_decommit_delay, SB_DECOMMIT_DELAY_MS);
    page_check = getenv("SB_PAGE_HEAP_CHECK") != NULL;
    /* SB_NO_PAGE_HEAP: one heap per thread, as before (for comparisons) */
    if (!getenv("SB_NO_PAGE_HEAP"))
        sb_page_heap_set_hooks(&page_hooks);
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int sb_malloc_tuning_unused;
#endif
