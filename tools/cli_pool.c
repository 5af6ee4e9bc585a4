#include "tools/cli_pool.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "hybrid/input/saved_page.h"

/* A job's place in the reorder ring once it has been extracted. */
typedef struct slot {
    cli_job *job;
    sb_story *story;
    char *explain;
    size_t explain_len;
    bool ready;
} slot;

/* Jobs waiting for a worker, oldest first. */
typedef struct queued {
    cli_job *job;
    size_t seq;
    struct queued *next;
} queued;

struct cli_pool {
    sb_options opt;
    bool explain;
    cli_result_fn fn;
    void *ctx;

    pthread_mutex_t lock;
    pthread_cond_t work;  /* a job was queued, or the pool is closing */
    pthread_cond_t done;  /* a slot became ready, or the pool is closing */
    pthread_cond_t space; /* the writer made room */
    queued *head, *tail;
    slot *ring;           /* max_pending slots, by seq % max_pending */
    size_t max_pending;
    size_t next_seq;      /* the next submitted job's number */
    size_t next_write;    /* the next job the writer hands out */
    bool closing;

    pthread_t *workers;
    int n_workers;
    pthread_t writer;
};

cli_job *cli_job_new(const char *source, const char *record_id)
{
    cli_job *j = sb_xcalloc(1, sizeof *j);
    j->source = source ? sb_xstrdup(source) : NULL;
    j->record_id = record_id ? sb_xstrdup(record_id) : NULL;
    return j;
}

static void job_free(cli_job *j)
{
    if (!j)
        return;
    free(j->source);
    free(j->record_id);
    free(j->base_url);
    free(j->transport_charset);
    free(j->png_path);
    free(j->bytes);
    free(j->error);
    free(j->note);
    if (j->release)
        j->release(j->resource_ctx);
    free(j);
}

/* The record of a job that has no page: its read error. */
static sb_story *error_story(const cli_job *j, const char *method)
{
    sb_story *s = sb_xcalloc(1, sizeof *s);
    s->source = sb_xstrdup(j->source ? j->source : "-");
    s->warc_record_id = j->record_id ? sb_xstrdup(j->record_id) : NULL;
    s->text = sb_xstrdup("");
    s->method = sb_xstrdup(method ? method : "hybrid");
    s->error = sb_xstrdup(j->error ? j->error : "no page");
    return s;
}

static void run_job(cli_pool *p, cli_job *j, slot *out)
{
    out->job = j;
    if (j->note)
        return;
    if (!j->bytes) {
        out->story = error_story(j, p->opt.method);
        return;
    }
    sb_options opt = p->opt;
    opt.source = j->source;
    opt.warc_record_id = j->record_id;
    if (j->base_url)
        opt.base_url = j->base_url;
    opt.transport_charset = j->transport_charset;
    opt.png_path = j->png_path;
    if (j->resource) {
        opt.resource = j->resource;
        opt.resource_ctx = j->resource_ctx;
        opt.image_size = j->image_size;
    }
    const unsigned char *bytes = j->bytes;
    size_t len = j->len;
    sb_saved_page saved;
    bool have_saved = false;
    if (j->saved_page) {
        char err[256];
        if (sb_saved_page_open(&saved, j->source, j->bytes, j->len, err, sizeof err) != 0) {
            j->error = sb_xstrdup(err);
            free(j->bytes);
            j->bytes = NULL;
            out->story = error_story(j, p->opt.method);
            return;
        }
        have_saved = true;
        bytes = saved.html;
        len = saved.html_len;
        sb_saved_page_options(&saved, &opt); /* --url still wins */
    }
    FILE *ex = NULL;
    if (p->explain) {
        ex = open_memstream(&out->explain, &out->explain_len);
        opt.explain = ex;
    }
    out->story = sb_extract(bytes, len, &opt);
    if (ex)
        fclose(ex);
    if (have_saved)
        sb_saved_page_close(&saved);
    /* The page's bytes are done with: free them now, not when the record
     * reaches the front of the reorder buffer. */
    free(j->bytes);
    j->bytes = NULL;
}

static void *worker_main(void *arg)
{
    cli_pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (!p->head && !p->closing)
            pthread_cond_wait(&p->work, &p->lock);
        queued *q = p->head;
        if (!q) {
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        p->head = q->next;
        if (!p->head)
            p->tail = NULL;
        pthread_mutex_unlock(&p->lock);

        slot result = {0};
        run_job(p, q->job, &result);
        result.ready = true;

        pthread_mutex_lock(&p->lock);
        p->ring[q->seq % p->max_pending] = result;
        pthread_cond_signal(&p->done);
        pthread_mutex_unlock(&p->lock);
        free(q);
    }
}

static void *writer_main(void *arg)
{
    cli_pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        slot *s = &p->ring[p->next_write % p->max_pending];
        while (!s->ready && !(p->closing && p->next_write == p->next_seq))
            pthread_cond_wait(&p->done, &p->lock);
        if (!s->ready) {
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        slot taken = *s;
        *s = (slot){0};
        pthread_mutex_unlock(&p->lock);

        p->fn(p->ctx, taken.job, taken.story, taken.explain ? taken.explain : "",
              taken.explain_len);
        sb_story_free(taken.story);
        free(taken.explain);
        job_free(taken.job);

        pthread_mutex_lock(&p->lock);
        p->next_write++;
        pthread_cond_signal(&p->space);
        pthread_mutex_unlock(&p->lock);
    }
}

cli_pool *cli_pool_start(int jobs, size_t max_pending, const sb_options *opt, bool explain,
                         cli_result_fn fn, void *ctx)
{
    cli_pool *p = sb_xcalloc(1, sizeof *p);
    p->opt = *opt;
    p->explain = explain;
    p->fn = fn;
    p->ctx = ctx;
    p->n_workers = jobs > 0 ? jobs : 1;
    p->max_pending = max_pending > (size_t)p->n_workers ? max_pending : (size_t)p->n_workers;
    p->ring = sb_xcalloc(p->max_pending, sizeof *p->ring);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->done, NULL);
    pthread_cond_init(&p->space, NULL);
    p->workers = sb_xcalloc((size_t)p->n_workers, sizeof *p->workers);
    for (int i = 0; i < p->n_workers; i++)
        if (pthread_create(&p->workers[i], NULL, worker_main, p) != 0) {
            fprintf(stderr, "storybox: cannot start a worker thread\n");
            exit(1);
        }
    if (pthread_create(&p->writer, NULL, writer_main, p) != 0) {
        fprintf(stderr, "storybox: cannot start the writer thread\n");
        exit(1);
    }
    return p;
}

void cli_pool_submit(cli_pool *p, cli_job *job)
{
    queued *q = sb_xcalloc(1, sizeof *q);
    q->job = job;
    pthread_mutex_lock(&p->lock);
    while (p->next_seq - p->next_write >= p->max_pending)
        pthread_cond_wait(&p->space, &p->lock);
    q->seq = p->next_seq++;
    if (p->tail)
        p->tail->next = q;
    else
        p->head = q;
    p->tail = q;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
}

void cli_pool_finish(cli_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->closing = true;
    pthread_cond_broadcast(&p->work);
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->n_workers; i++)
        pthread_join(p->workers[i], NULL);
    pthread_join(p->writer, NULL);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->done);
    pthread_cond_destroy(&p->space);
    free(p->workers);
    free(p->ring);
    free(p);
}
