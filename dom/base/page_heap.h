/* page_heap: hooks through which a program whose allocator has heaps gives
 * each page's render a heap of its own.
 *
 * The library allocates with malloc and sets no hooks, so every call here
 * is then a no-op.  The storybox tool and the bench programs, linked with
 * mimalloc (tools/malloc_tuning.c), set them: sb_render_page allocates a
 * page's litehtml tree from a fresh heap, whose blocks come out in address
 * order rather than from the free lists the previous page's tree left,
 * and at its end hands what is still live in it to the thread's own heap
 * (mimalloc's mi_heap_delete), so that nothing allocated during a render
 * is ever freed under its user.  What is known to outlive the page is
 * allocated between sb_page_heap_keep_begin and _end, on the thread's own
 * heap: the render's result, what a page adds to the thread's caches (the
 * fonts' widths and faces, the kept user-agent rules) and what the
 * caller's resource and image-size providers allocate.  Otherwise each
 * such block would keep a page of the page heap's memory (64 KB) from
 * being reused, and a batch's memory would grow with its pages.
 *
 * The hooks are set once, before any thread runs; each call is made on
 * the thread whose heap it concerns. */
#ifndef SB_PAGE_HEAP_H
#define SB_PAGE_HEAP_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sb_page_heap_hooks {
    /* Makes a new heap the thread's current one; returns what page_end
     * needs (NULL: nothing to undo). */
    void *(*page_begin)(void);
    /* The thread's own heap current again; the page heap released, the
     * blocks still live in it handed to the thread's heap. */
    void (*page_end)(void *page);
    /* The thread's own heap current until keep_end; returns what keep_end
     * restores (NULL: nothing). */
    void *(*keep_begin)(void);
    void (*keep_end)(void *saved);
} sb_page_heap_hooks;

/* NULL or a table whose four hooks are all set. */
void sb_page_heap_set_hooks(const sb_page_heap_hooks *hooks);

void *sb_page_heap_begin(void);
void sb_page_heap_end(void *page);
void *sb_page_heap_keep_begin(void);
void sb_page_heap_keep_end(void *saved);

#ifdef __cplusplus
}
#endif

#endif
