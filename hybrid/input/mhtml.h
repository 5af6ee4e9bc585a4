/* mhtml: reads a page saved as MHTML (.mhtml, .mht: a MIME message of type
 * multipart/related, as browsers write "Save as single file").  The first
 * text/html part is the page; the other parts are its resources, found by
 * their Content-Location (or Content-ID for "cid:" URLs): the stylesheets a
 * render asks for through sb_mhtml_resource.
 *
 * Parts are decoded from quoted-printable and base64 (7bit, 8bit and binary
 * are taken as they are).  The input is untrusted: at most SB_MHTML_MAX_PARTS
 * parts, multiparts nested at most SB_MHTML_MAX_DEPTH deep (deeper ones are
 * skipped), part headers at most 64 KB; a part cut off by the end of the
 * file ends there.  Decoding never makes a part longer than its encoded
 * form, so the whole message takes at most twice the input's memory.
 *
 * Errors are one line, e.g. "MHTML: no HTML part". */
#ifndef SB_MHTML_H
#define SB_MHTML_H

#include <stdbool.h>
#include <stddef.h>

#define SB_MHTML_MAX_PARTS 10000
#define SB_MHTML_MAX_DEPTH 4

typedef struct sb_mhtml_part {
    char *type;          /* media type, lower case ("text/css"); "" when none */
    char *charset;       /* the Content-Type's charset label, or NULL */
    char *location;      /* Content-Location, or NULL */
    char *content_id;    /* Content-ID without its <>, or NULL */
    unsigned char *data; /* decoded bytes, NUL-terminated (not counted) */
    size_t len;
} sb_mhtml_part;

typedef struct sb_mhtml {
    sb_mhtml_part *parts;
    size_t n_parts;
    size_t page; /* index of the page (the first text/html part) */
} sb_mhtml;

/* True for names ending in .mhtml or .mht (any case, also before .gz). */
bool sb_is_mhtml_path(const char *path);

/* True when the bytes start like a MIME message: in the header block at
 * their start, a "MIME-Version:" line or a multipart "Content-Type:". */
bool sb_mhtml_sniff(const void *bytes, size_t len);

/* Parses a message into *m.  Returns 0, or -1 with a one-line reason in err
 * (*m is then empty).  sb_mhtml_free frees it either way. */
int sb_mhtml_parse(const void *bytes, size_t len, sb_mhtml *m, char *err, size_t errlen);

void sb_mhtml_free(sb_mhtml *m);

/* The part stored for `url` (fragment ignored), or NULL. */
const sb_mhtml_part *sb_mhtml_find(const sb_mhtml *m, const char *url);

/* A resource provider over a parsed message (ctx is the sb_mhtml *), the
 * signature of sb_resource_fn (include/storybox.h): a malloc'd copy of the
 * part for `url`, or NULL when there is none or it is longer than
 * max_len. */
void *sb_mhtml_resource(void *ctx, const char *url, size_t max_len, size_t *len);

#endif
