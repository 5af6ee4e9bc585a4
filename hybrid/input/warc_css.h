/* warc_css: the stylesheets and images stored in a WARC file, for its
 * pages' renders.  A first pass over the file (warc.h's stylesheet mode)
 * keeps every text/css response in memory by its WARC-Target-URI, and the
 * width and height of every image response whose header gives them (as
 * an MHTML image part gives its own, hybrid/input/saved_page.h; the image
 * bytes are not kept); the pages read in the second pass then get them
 * through sb_warc_css_resource and sb_warc_css_image_size.
 *
 * Bounded: at most SB_WARC_CSS_MAX_SHEETS stylesheets of at most
 * SB_WARC_CSS_MAX_SHEET bytes each and SB_WARC_CSS_MAX_TOTAL bytes in all
 * are kept per WARC file (the first of a URL wins; later ones, larger ones
 * and those past the total are left out).  Once loaded the set is read
 * only, so any number of threads may look into it; it is reference counted
 * so that each page in flight can hold it. */
#ifndef SB_WARC_CSS_H
#define SB_WARC_CSS_H

#include <stdbool.h>
#include <stddef.h>

#define SB_WARC_CSS_MAX_SHEETS 20000
/* Image sizes kept per WARC file (a URL and two ints each). */
#define SB_WARC_CSS_MAX_IMAGES 200000
#define SB_WARC_CSS_MAX_SHEET ((size_t)8 << 20)
#define SB_WARC_CSS_MAX_TOTAL ((size_t)64 << 20)

typedef struct sb_warc_css sb_warc_css;

/* Reads the stylesheets and image sizes of the WARC file at path.
 * Returns NULL when it holds neither or cannot be read (the page pass reports that).  The caller
 * owns one reference. */
sb_warc_css *sb_warc_css_load(const char *path);

/* How many stylesheets and image sizes were kept. */
size_t sb_warc_css_count(const sb_warc_css *c);
size_t sb_warc_css_image_count(const sb_warc_css *c);

/* Another reference, and giving one back (the last frees the set; NULL is
 * fine). */
sb_warc_css *sb_warc_css_retain(sb_warc_css *c);
void sb_warc_css_release(sb_warc_css *c);

/* The resource provider (sb_resource_fn of include/storybox.h; ctx is the
 * sb_warc_css *): a malloc'd copy of the stylesheet stored for `url`
 * (fragment ignored), or NULL. */
void *sb_warc_css_resource(void *ctx, const char *url, size_t max_len, size_t *len);

/* The image size provider (sb_image_size_fn; ctx is the sb_warc_css *):
 * the size of the image stored for `url` (fragment ignored). */
bool sb_warc_css_image_size(void *ctx, const char *url, int *width, int *height);

#endif
