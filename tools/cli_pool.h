/* cli_pool: `storybox extract --jobs N`.  Pages are extracted on N threads
 * while their records come out in input order, whatever N: a job gets a
 * sequence number when it is submitted, and one writer thread hands the
 * results to the caller strictly in that order.
 *
 * Memory is bounded: submitting blocks while `max_pending` jobs are queued,
 * being extracted or waiting in the reorder buffer for an earlier one, so
 * at most that many pages are held at once however long the batch.
 * --explain output is captured per page and written with its record, so it
 * does not interleave either. */
#ifndef SB_CLI_POOL_H
#define SB_CLI_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "storybox.h"

/* One unit of work, owned by the pool once submitted.  Every string is
 * malloc'd or NULL. */
typedef struct cli_job {
    char *source;            /* the record's `source` */
    char *record_id;         /* WARC-Record-ID, or NULL */
    char *base_url;          /* NULL: the batch's --url */
    char *transport_charset; /* NULL: none */
    char *png_path;          /* NULL: no overlay */
    unsigned char *bytes;    /* the page; NULL for an error record */
    size_t len;
    char *error;             /* why there are no bytes */
    char *note;              /* no page at all: a line for stderr, written in
                                order (a WARC file's summary) */
    bool saved_page;         /* bytes read from the file named by source (or
                                "-"): read as MHTML when they are, else with
                                the stylesheets of the file's folder
                                (hybrid/input/saved_page.h) */
    sb_resource_fn resource; /* e.g. the stylesheets of the job's WARC; NULL
                                = none */
    void *resource_ctx;
    sb_image_size_fn image_size; /* e.g. the image sizes of the job's WARC,
                                    called with resource_ctx; NULL = none */
    void (*release)(void *ctx);  /* non-NULL: called on resource_ctx when the
                                   job is freed (the job's reference) */
} cli_job;

/* Called on the writer thread, in submission order, once per job: `story`
 * is NULL for a note; `explain` holds the page's --explain text (may be
 * empty).  The pool frees the story and the job afterwards. */
typedef void (*cli_result_fn)(void *ctx, const cli_job *job, const sb_story *story,
                              const char *explain, size_t explain_len);

typedef struct cli_pool cli_pool;

/* Starts `jobs` extraction threads and the writer.  `opt` (copied, with its
 * strings borrowed for the pool's life) is every page's options; explain
 * asks for --explain text per page. */
cli_pool *cli_pool_start(int jobs, size_t max_pending, const sb_options *opt, bool explain,
                         cli_result_fn fn, void *ctx);

/* Hands a job over (the pool frees it); blocks while the pool is full. */
void cli_pool_submit(cli_pool *p, cli_job *job);

/* Waits for every job to be written, stops the threads, frees the pool. */
void cli_pool_finish(cli_pool *p);

/* A job for a page's bytes or for an error; the strings are copied. */
cli_job *cli_job_new(const char *source, const char *record_id);

#endif
