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
 * Why the delays: by default mimalloc gives a freed segment's memory back
 * to the system 25 ms after it is free, about the time one page takes, so
 * the next page faulted the same memory in again (30,100 page faults over
 * the readability pages against glibc's 20,800; a fault costs some 14 us
 * on a virtual machine).  Held for a second, memory freed by one page
 * serves the next: 19,900 faults, the same peak RSS.  MIMALLOC_* variables
 * in the environment still override these defaults. */
#ifdef SB_MIMALLOC
#include <mimalloc.h>
#include <stdlib.h>

#define SB_DECOMMIT_DELAY_MS 1000

/* mimalloc reads its options (environment included) when the process
 * starts, before this constructor, so mi_option_set_default would be too
 * late: an option is set here unless its variable is in the environment. */
static void set_unless_in_environment(mi_option_t option, const char *variable, long value)
{
    if (!getenv(variable))
        mi_option_set(option, value);
}

__attribute__((constructor)) static void sb_malloc_tuning(void)
{
    set_unless_in_environment(mi_option_decommit_delay, "MIMALLOC_DECOMMIT_DELAY",
                              SB_DECOMMIT_DELAY_MS);
    set_unless_in_environment(mi_option_segment_decommit_delay, "MIMALLOC_SEGMENT_DECOMMIT_DELAY",
                              SB_DECOMMIT_DELAY_MS);
}
#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int sb_malloc_tuning_unused;
#endif
