/* input: reads a page's raw bytes from a file, standard input or a gzip
 * file, with a size cap.  The bytes are not decoded here (dom/encoding.h
 * does that); gzip is recognised by its magic bytes, whatever the name.
 *
 * Errors come back as one line naming the input, e.g.
 *     cannot open 'x.html': No such file or directory
 *     'page.html.gz': truncated gzip data
 * so a caller can print "storybox: " followed by the message. */
#ifndef SB_INPUT_H
#define SB_INPUT_H

#include <stddef.h>

#include "storybox.h"

/* Largest page accepted, after decompression: the largest page
 * sb_extract takes, so a larger one is refused before it is all read. */
#define SB_INPUT_MAX_BYTES SB_MAX_PAGE_BYTES

/* Reads `path` ("-" for standard input) into a malloc'd buffer with one
 * extra NUL byte after the data (not counted in *len).  Returns 0, or -1
 * with a one-line reason in err and *data set to NULL.  The caller frees
 * *data with free(). */
int sb_read_input(const char *path, unsigned char **data, size_t *len,
                  char *err, size_t errlen);

/* The same with a caller-chosen size cap in bytes. */
int sb_read_input_max(const char *path, size_t max_bytes, unsigned char **data,
                      size_t *len, char *err, size_t errlen);

#endif
