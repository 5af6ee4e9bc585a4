/* warc: reads the pages of a WARC file (WARC/1.0 and 1.1), plain or gzip
 * compressed (one gzip member per record, the usual .warc.gz, or the whole
 * file as one gzip stream), as a stream in constant memory: the file is
 * inflated in 64 KB chunks and only one record's payload, capped, is held
 * at a time.
 *
 * A page is a `response` record whose HTTP payload is HTML (by the HTTP
 * Content-Type, else sniffed like a browser does for an undeclared type),
 * with chunked transfer coding and gzip/deflate content codings removed.
 * `revisit`, `request`, `metadata`, `warcinfo`, other record types and
 * non-HTML responses are skipped and counted.  A truncated or malformed
 * record gives an error record, and the reader resumes at the next record
 * (by its Content-Length, the next gzip member, or the next line starting
 * with "WARC/1."), so nothing before or after it is lost.
 *
 * A record's offset is where it starts in the file: the byte offset of its
 * gzip member in a .warc.gz, of its "WARC/" line in a plain file.  In a
 * file compressed as a single gzip stream records do not start members, so
 * there it is the offset in the decompressed stream. */
#ifndef SB_WARC_H
#define SB_WARC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct sb_warc_reader sb_warc_reader;

/* What the reader has seen so far. */
typedef struct sb_warc_counts {
    size_t pages;  /* HTML responses returned as pages */
    size_t errors; /* error records returned */
    size_t revisit, request, metadata, warcinfo;
    size_t non_html; /* responses that are not HTML (or not HTTP) */
    size_t other;    /* resource, conversion, continuation, unknown types */
    size_t stylesheets; /* text/css responses returned (stylesheet mode) */
    size_t images;      /* image responses returned (stylesheet mode) */
} sb_warc_counts;

typedef enum sb_warc_kind {
    SB_WARC_END = 0,  /* no more records */
    SB_WARC_PAGE = 1, /* an HTML page: body, target_uri, record_id */
    SB_WARC_ERROR = 2, /* a record that could not be read: error */
    SB_WARC_STYLESHEET = 3, /* stylesheet mode only: a text/css response,
                              body and target_uri */
    SB_WARC_IMAGE = 4 /* stylesheet mode only: an image response, body
                         and target_uri (for the pages' images' sizes) */
} sb_warc_kind;

typedef struct sb_warc_record {
    sb_warc_kind kind;
    unsigned long long offset; /* see above */
    char *record_id;           /* WARC-Record-ID as written (with its <>); may be NULL */
    char *target_uri;          /* WARC-Target-URI without <>; may be NULL */
    char *charset;             /* the HTTP Content-Type's charset label, or NULL */
    unsigned char *body;       /* the decoded HTTP payload, NUL-terminated */
    size_t body_len;
    char error[256]; /* one line, for SB_WARC_ERROR (the record's source names the file) */
} sb_warc_record;

/* Opens a WARC file.  max_body caps one record's payload after decoding
 * (0: SB_INPUT_MAX_BYTES).  Returns NULL with a one-line reason in err. */
sb_warc_reader *sb_warc_open(const char *path, size_t max_body, char *err, size_t errlen);

/* Reads from an open stream (not closed by sb_warc_close); `label` names
 * it in messages. */
sb_warc_reader *sb_warc_open_stream(FILE *f, const char *label, size_t max_body);

/* The next page or error record, in file order, into *rec (cleared first;
 * the caller clears it after the last call).  SB_WARC_END at the end. */
sb_warc_kind sb_warc_next(sb_warc_reader *r, sb_warc_record *rec);

/* Stylesheet mode (before the first sb_warc_next): the reader returns the
 * text/css responses as SB_WARC_STYLESHEET records and the image
 * responses as SB_WARC_IMAGE records instead of the pages, which it skips
 * (a first pass that collects a WARC's stylesheets and images' sizes). */
void sb_warc_stylesheets_only(sb_warc_reader *r);

void sb_warc_record_clear(sb_warc_record *rec);
const sb_warc_counts *sb_warc_get_counts(const sb_warc_reader *r);
void sb_warc_close(sb_warc_reader *r);

/* True for names ending in .warc or .warc.gz (any case). */
bool sb_is_warc_path(const char *path);

#endif
