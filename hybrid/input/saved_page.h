/* saved_page: a page as a user saved it, and the resources saved with it.
 * Given the bytes read from a file (or standard input) and the path they
 * came from:
 *   - MHTML (.mhtml, .mht, or bytes that sniff as a MIME message): the
 *     page is the message's HTML part, its URL and charset those of the
 *     part, and stylesheets come from the other parts (mhtml.h);
 *   - any other page read from a file ("Web page, complete": page.html with
 *     page_files/ beside it): stylesheets (and images' sizes) come from the page's own
 *     directory tree, found by the path the page's link names (see
 *     sb_saved_page_resource); nothing outside that tree is ever read (no
 *     "..", no symbolic link that leads out).
 * Pages read from standard input have no directory. */
#ifndef SB_SAVED_PAGE_H
#define SB_SAVED_PAGE_H

#include <stdbool.h>
#include <stddef.h>

#include "hybrid/input/mhtml.h"
#include "storybox.h"

typedef struct sb_dir_listing sb_dir_listing;

typedef struct sb_saved_page {
    const unsigned char *html; /* the page's bytes (borrowed from the input
                                  or from mhtml); NUL after them */
    size_t html_len;
    const char *url;     /* MHTML: the page part's Content-Location, or NULL */
    const char *charset; /* MHTML: the page part's charset label, or NULL */
    bool is_mhtml;
    sb_mhtml mhtml;
    char *dir; /* a page file's directory, resolved; NULL = none */
    /* dir's entry names, listed at the first request (saved_page.c,
     * dir_may_hold): 0 = not yet, 1 = listed in names[0..n_names) (sorted
     * by ascii_fold_cmp), -1 = not listable or too many entries (each
     * candidate is then checked on its own).  Filled lazily: an
     * sb_saved_page is used by one thread at a time.  The names belong to
     * `listing`, which the pages of one unchanged folder share (saved_page.c,
     * KEPT_LISTINGS); the page holds a reference until it is closed. */
    int listed;
    char **names;
    size_t n_names;
    sb_dir_listing *listing;
} sb_saved_page;

/* Opens the page in bytes[0..len) (NUL-terminated, kept alive by the
 * caller while *sp is used) read from `path` ("-" or NULL: standard input).
 * Returns 0, or -1 with a one-line reason in err (a malformed MHTML). */
int sb_saved_page_open(sb_saved_page *sp, const char *path, const unsigned char *bytes, size_t len,
                       char *err, size_t errlen);

/* The resource provider (sb_resource_fn of include/storybox.h; ctx is the
 * sb_saved_page *).  From a directory, the URL's path (query and fragment
 * removed, %XX decoded) is looked up by its trailing components, longest
 * first: ".../news/page_files/site.css" is tried as
 * DIR/news/page_files/site.css, DIR/page_files/site.css, DIR/site.css.
 * Returns NULL when nothing is found. */
void *sb_saved_page_resource(void *ctx, const char *url, size_t max_len, size_t *len);

/* The image size provider (sb_image_size_fn of include/storybox.h) over
 * the same resources: an MHTML image part's header, or the first bytes
 * (SB_IMAGE_HEADER_BYTES, dom/base/image_size.h) of the folder's file,
 * found as above.  Nothing is decoded. */
bool sb_saved_page_image_size(void *ctx, const char *url, int *width, int *height);

/* Points opt at the saved page, for every command that reads pages (one
 * input layer): its resources come from sp (sb_saved_page_resource), and
 * an MHTML page's URL and charset are used where opt has none of its own
 * (a --url given by the user wins).  sp must outlive every use of opt. */
void sb_saved_page_options(sb_saved_page *sp, sb_options *opt);

void sb_saved_page_close(sb_saved_page *sp);

#endif
