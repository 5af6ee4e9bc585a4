/* image_hints: the page bytes without the publisher's image hints, for
 * the "hints stripped" image check of storybox eval (METRICS.md): the
 * og:image / twitter:image <meta> tags, <link rel=image_src> and JSON-LD
 * scripts are removed, so the extractor must find the picture in the page
 * itself.  Works on raw bytes (any ASCII-compatible encoding). */
#ifndef SB_EVAL_IMAGE_HINTS_H
#define SB_EVAL_IMAGE_HINTS_H

#include <stdbool.h>
#include <stddef.h>

/* A malloc'd copy of the page without its image hints; *out_len its size. */
char *sb_strip_image_hints(const char *bytes, size_t len, size_t *out_len);

/* The file name of `url` (last path segment, no query; at least
 * SB_HINT_FILE_MIN bytes) occurs inside an <img> or <source> tag after
 * <body>: the page shows the declared picture itself. */
#define SB_HINT_FILE_MIN 5
bool sb_body_shows_file(const char *bytes, size_t len, const char *url);

#endif
