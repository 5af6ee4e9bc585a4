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
 * 14 us on this virtual machine).  Held for 100 ms: 12,500 faults.
 * Longer delays fault less (150 ms and more: 10,000) but keep freed memory
 * while a large page is still being rendered: bench_render's peak RSS on
 * the heaviest corpus page (1 MB) was 64.1-64.2 MB at 150 ms and more
 * (glibc 62.8), 61.5 MB at 100 ms on a loaded machine, and 64.2 MB again
 * at 100 ms on a quieter one.  The delay is wall-clock time, so the
 * balance moves with the machine's speed; mimalloc keeps about 3 MB more
 * than glibc on that page whatever the delay from 25 ms to 1 s.  MIMALLOC_DECOMMIT_DELAY in the
 * environment still overrides it. */
#ifdef SB_MIMALLOC
#include <mimalloc.h>
#include <stdlib.h>

#define SB_DECOMMIT_DELAY_MS 100

/* mimalloc reads its options (the environment's included) when the
 * process starts, before this constructor runs, so mi_option_set_default
 * would come too late: the option is set unless its variable is given. */
__attribute__((constructor)) static void sb_malloc_tuning(void)
{
    if (!getenv("MIMALLOC_DECOMMIT_DELAY"))
        mi_option_set(mi_option_decommit_delay, SB_DECOMMIT_DELAY_MS);
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int sb_malloc_tuning_unused;
#endif
