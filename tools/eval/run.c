#include "run.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"
#include "dom/story/image_rules.h"
#include "dom/story/structure.h"
#include "hybrid/input/saved_page.h"
#include "hybrid/page/page.h"
#include "storybox.h"
#include "tools/eval/image_hints.h"
#include "tools/eval/styled.h"

static double now_s(void)
{
    return sb_clock_ms() / 1000.0;
}

/* ---- scoring one page ---------------------------------------------------- */

static signed char field(bool has_gold, bool hit)
{
    return has_gold ? (hit ? SB_FIELD_HIT : SB_FIELD_MISS) : SB_FIELD_NO_GOLD;
}

void sb_eval_score_page(const sb_gold_page *gold, const char *text, const char *title,
                        const char *byline, const char *published, const char *image,
                        sb_page_result *out)
{
    if (!text)
        text = "";
    if (gold->text) {
        sb_tokens p, g;
        sb_tokenize(text, false, &p);
        sb_tokenize(gold->text, false, &g);
        out->shingle = sb_shingle_overlap(&p, &g, SB_SHINGLE_WORDS);
        out->lcs = sb_lcs_overlap(&p, &g);
        out->bow = sb_bow_overlap(&p, &g);
        sb_tokens_free(&p);
        sb_tokens_free(&g);
    }
    memset(&out->snippets, 0, sizeof out->snippets);
    sb_snippet_count(text, (const char *const *)gold->with, gold->n_with,
                     (const char *const *)gold->without, gold->n_without, &out->snippets);
    out->title_exact = field(gold->title != NULL, sb_title_exact(title, gold->title));
    out->title_similar = field(gold->title != NULL, sb_title_similar(title, gold->title));
    out->byline = field(gold->byline != NULL, sb_byline_match(byline, gold->byline));
    out->date = field(gold->date != NULL, sb_date_match(published, gold->date));
    out->image = field(gold->image != NULL, sb_image_match(image, gold->image));
    /* Set by run_page from the record's declared image, when it has one. */
    out->image_asis = out->image_asis_shown = out->image_stripped = SB_FIELD_NO_GOLD;
}

double sb_page_score(const sb_gold_page *gold, const sb_page_result *r)
{
    if (gold->text)
        return sb_overlap_f1(r->shingle);
    const sb_snippet_counts *s = &r->snippets;
    size_t all = s->tp + s->fp + s->fn + s->tn;
    return all ? (double)(s->tp + s->tn) / (double)all : 1.0;
}

/* ---- summaries ----------------------------------------------------------- */

static void rate_add(sb_field_rate *r, signed char v)
{
    if (v == SB_FIELD_NO_GOLD)
        return;
    r->gold++;
    if (v == SB_FIELD_HIT)
        r->hit++;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

void sb_eval_summarise(const sb_corpus *c, sb_method_eval *m)
{
    sb_eval_summarise_subset(c, m, NULL, &m->sum);
}

void sb_eval_summarise_subset(const sb_corpus *c, const sb_method_eval *m, const bool *keep,
                              sb_method_summary *s)
{
    memset(s, 0, sizeof *s);
    size_t n = 0;
    sb_prf_acc sh = {0}, lcs = {0}, bow = {0};
    double *ms = sb_xmalloc((c->n ? c->n : 1) * sizeof *ms);
    for (size_t i = 0; i < c->n; i++) {
        const sb_gold_page *g = &c->pages[i];
        const sb_page_result *r = &m->pages[i];
        if (keep && !keep[i])
            continue;
        if (g->text) {
            s->has_text = true;
            sb_prf_add(&sh, r->shingle);
            sb_prf_add(&lcs, r->lcs);
            sb_prf_add(&bow, r->bow);
        }
        if (g->n_with + g->n_without) {
            s->has_snippets = true;
            s->snippet_counts.tp += r->snippets.tp;
            s->snippet_counts.fp += r->snippets.fp;
            s->snippet_counts.fn += r->snippets.fn;
            s->snippet_counts.tn += r->snippets.tn;
        }
        rate_add(&s->title_exact, r->title_exact);
        rate_add(&s->title_similar, r->title_similar);
        rate_add(&s->byline, r->byline);
        rate_add(&s->date, r->date);
        rate_add(&s->image, r->image);
        rate_add(&s->image_asis, r->image_asis);
        rate_add(&s->image_asis_shown, r->image_asis_shown);
        rate_add(&s->image_stripped, r->image_stripped);
        if (r->error)
            s->errors++;
        s->total_s += r->ms / 1000.0;
        ms[n++] = r->ms;
    }
    s->shingle = sb_prf_result(&sh);
    s->lcs = sb_prf_result(&lcs);
    s->bow = sb_prf_result(&bow);
    s->snippets = sb_snippet_result_of(&s->snippet_counts);
    if (n) {
        qsort(ms, n, sizeof *ms, cmp_double);
        s->median_ms = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2.0;
    }
    s->pages_per_s = s->total_s > 0 ? (double)n / s->total_s : 0.0;
    free(ms);
}

/* ---- the worker pool ----------------------------------------------------- */

typedef struct {
    const sb_corpus *corpus;
    const sb_eval_config *cfg;
    sb_eval *eval;
    pthread_mutex_t lock;
    size_t next; /* next page to take */
    size_t done;
    double start_s;
} pool;

static void page_error(sb_page_result *r, const char *msg)
{
    free(r->error);
    r->error = sb_xstrdup(msg);
}

/* The declared-image checks: as-is on the record just made; the same
 * restricted to pages whose body shows the declared file itself (where a
 * reader can see it: the share the extractor should get whatever it
 * does with hints); hints stripped by a second extraction of those pages
 * without them.  The second extraction is not timed. */
static void score_declared_image(const sb_options *opt, const char *bytes, size_t len,
                                 const sb_story *s, sb_page_result *r)
{
    /* The declared image comes with the lead image; a record without a
     * lead image carries none, so the page's own metadata is read here
     * (as the extraction read it: the same options, the same base URL).
     * Otherwise a method that returns no picture would take the page out
     * of the checks instead of missing it. */
    char *declared = NULL;
    if (s->lead_image) {
        declared = s->lead_image->declared ? sb_xstrdup(s->lead_image->declared) : NULL;
    } else {
        char err[256];
        sb_page *pg = sb_page_open(bytes, len, opt, err, sizeof err);
        if (pg && pg->meta.n_images && pg->meta.images[0] && *pg->meta.images[0])
            declared = sb_xstrdup(pg->meta.images[0]);
        sb_page_free(pg);
    }
    if (!declared)
        return;
    const char *picked = s->lead_image ? s->lead_image->url : NULL;
    r->image_asis = picked && sb_same_picture(picked, declared) ? SB_FIELD_HIT : SB_FIELD_MISS;
    /* Where shown, and hints stripped: only a declared picture.  A page
     * that declares its logo, favicon, avatar or a blank
     * (sb_image_declared_nonpicture, by the URL alone) and shows it in
     * its header is no page where the declared picture is what the
     * reader should get; the same URL rule for every method. */
    if (sb_image_declared_nonpicture(declared) || !sb_body_shows_file(bytes, len, declared)) {
        free(declared);
        return;
    }
    r->image_asis_shown = r->image_asis;
    size_t slen;
    char *stripped = sb_strip_image_hints(bytes, len, &slen);
    sb_story *t = sb_extract(stripped, slen, opt);
    r->image_stripped = t->lead_image && sb_same_picture(t->lead_image->url, declared)
                            ? SB_FIELD_HIT
                            : SB_FIELD_MISS;
    sb_story_free(t);
    free(stripped);
    free(declared);
}

/* Where image k's caption stands in `text`: the byte offset of the start
 * of the block the structure places the image before (strlen(text) after
 * the last block), found by looking for each block's text in `text` in
 * reading order.  An image whose place is unknown (no structure, -1, a
 * block whose text cannot be found) stands after the text. */
static size_t caption_offset(const sb_story *s, size_t k, const char *text)
{
    size_t len = strlen(text);
    const sb_structure *st = s->structure;
    if (!st || k >= st->n_images || st->image_before[k] < 0)
        return len;
    size_t before = (size_t)st->image_before[k];
    size_t cursor = 0;
    for (size_t b = 0; b < st->n_blocks && b <= before; b++) {
        const char *bt = st->blocks[b].text;
        if (!bt || !*bt)
            continue; /* a table: its cells are found as the next blocks' text */
        const char *at = strstr(text + cursor, bt);
        if (!at)
            return len;
        if (b == before)
            return (size_t)(at - text);
        cursor = (size_t)(at - text) + strlen(bt);
    }
    return len;
}

/* The text a record is scored on: `text`, with the standfirst before it
 * and each distinct image caption where its image stands in the story
 * (sb_structure.image_before; after the text when its place is unknown),
 * when the corpus's gold keeps them (sb_corpus.gold_has_standfirst,
 * gold_has_captions).  Every part is a block of its own, parts joined by
 * blank lines.  Malloc'd. */
char *sb_eval_scored_text(const sb_corpus *c, const sb_story *s)
{
    const char *text = s->text ? s->text : "";
    size_t text_len = strlen(text);
    sb_buf b = SB_BUF_INIT;
    if (c->gold_has_standfirst && s->standfirst && *s->standfirst) {
        sb_buf_puts(&b, s->standfirst);
        sb_buf_puts(&b, "\n\n");
    }
    size_t *offset =
        c->gold_has_captions && s->n_images ? sb_xcalloc(s->n_images, sizeof *offset) : NULL;
    bool *kept = offset ? sb_xcalloc(s->n_images, sizeof *kept) : NULL;
    for (size_t k = 0; kept && k < s->n_images; k++) {
        const char *cap = s->images[k].caption;
        bool seen = !cap || !*cap;
        for (size_t j = 0; j < k && !seen; j++)
            seen = s->images[j].caption && strcmp(s->images[j].caption, cap) == 0;
        kept[k] = !seen;
        offset[k] = caption_offset(s, k, text);
    }
    /* Walk the text, putting each kept caption in at its offset (images in
     * reading order: the offsets do not decrease, but sort-free code copes
     * with any order by taking the smallest pending offset each time). */
    size_t done = 0;
    for (;;) {
        size_t next = SIZE_MAX;
        for (size_t k = 0; kept && k < s->n_images; k++)
            if (kept[k] && (next == SIZE_MAX || offset[k] < offset[next]))
                next = k;
        size_t upto = next == SIZE_MAX ? text_len : offset[next];
        if (upto < done)
            upto = done;
        /* the text before the caption, without the blank line that ends it */
        size_t piece = upto - done;
        while (piece > 0 && text[done + piece - 1] == '\n')
            piece--;
        if (piece > 0) {
            sb_buf_append(&b, text + done, piece);
            if (next != SIZE_MAX)
                sb_buf_puts(&b, "\n\n");
        }
        done = upto;
        if (next == SIZE_MAX)
            break;
        sb_buf_puts(&b, s->images[next].caption);
        kept[next] = false;
        if (done < text_len)
            sb_buf_puts(&b, "\n\n");
    }
    free(offset);
    free(kept);
    if (!b.data)
        return sb_xstrdup("");
    return sb_buf_steal(&b);
}

static void run_page(pool *p, size_t i)
{
    const sb_gold_page *g = &p->corpus->pages[i];
    char err[512];
    char *bytes = NULL;
    size_t len = 0;
    int rc = sb_gold_page_read(g, &bytes, &len, err, sizeof err);
    /* The page as `storybox extract` reads it: an MHTML's page part, or a
     * page file with the stylesheets of its folder. */
    sb_saved_page saved;
    bool have_saved = false;
    const char *page = bytes;
    size_t page_len = len;
    if (rc == 0) {
        rc = sb_saved_page_open(&saved, g->html_path, (const unsigned char *)bytes, len, err,
                                sizeof err);
        have_saved = rc == 0;
    }
    if (have_saved) {
        page = (const char *)saved.html;
        page_len = saved.html_len;
        sb_css_facts css;
        sb_css_facts_scan(page, page_len, &css);
        p->eval->styled[i] = sb_css_facts_styled(&css);
    }
    for (size_t m = 0; m < p->eval->n_methods; m++) {
        sb_page_result *r = &p->eval->methods[m].pages[i];
        memset(r, 0, sizeof *r);
        r->image_asis = r->image_asis_shown = r->image_stripped = SB_FIELD_NO_GOLD;
        if (rc != 0) {
            /* Score the empty prediction: an unreadable page counts as a
             * page where the method found nothing. */
            page_error(r, err);
            sb_eval_score_page(g, "", NULL, NULL, NULL, NULL, r);
            continue;
        }
        sb_options opt;
        sb_options_init(&opt);
        opt.method = p->eval->methods[m].name;
        opt.base_url = g->url;
        opt.source = g->html_path;
        opt.params = p->cfg->params;
        sb_saved_page_options(&saved, &opt); /* the gold URL stays */
        double t0 = now_s();
        sb_story *s = sb_extract(page, page_len, &opt);
        r->ms = (now_s() - t0) * 1000.0;
        if (s->error)
            page_error(r, s->error);
        char *scored = sb_eval_scored_text(p->corpus, s);
        sb_eval_score_page(g, scored, s->title, s->byline, s->published,
                           s->lead_image ? s->lead_image->url : NULL, r);
        score_declared_image(&opt, page, page_len, s, r);
        if (p->cfg->keep_text) {
            r->text = scored;
            scored = NULL;
            r->title = s->title ? sb_xstrdup(s->title) : NULL;
        }
        free(scored);
        sb_story_free(s);
    }
    if (have_saved)
        sb_saved_page_close(&saved);
    free(bytes);
}

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        size_t i = p->next < p->corpus->n ? p->next++ : p->corpus->n;
        pthread_mutex_unlock(&p->lock);
        if (i >= p->corpus->n)
            break;
        run_page(p, i);
        pthread_mutex_lock(&p->lock);
        p->done++;
        if (p->cfg->progress) {
            double el = now_s() - p->start_s;
            fprintf(stderr, "\r%zu/%zu pages, %.1f pages/s ", p->done, p->corpus->n,
                    el > 0 ? (double)p->done / el : 0.0);
            fflush(stderr);
        }
        pthread_mutex_unlock(&p->lock);
    }
    return NULL;
}

static void list_methods(sb_buf *b)
{
    for (size_t i = 0; i < sb_method_count(); i++)
        sb_buf_printf(b, "%s%s", i ? ", " : "", sb_method_at(i)->name);
}

sb_eval *sb_eval_run(const sb_corpus *c, const sb_eval_config *cfg, char *err,
                     size_t errlen)
{
    if (cfg->n_methods == 0) {
        snprintf(err, errlen, "no method to evaluate");
        return NULL;
    }
    for (size_t m = 0; m < cfg->n_methods; m++) {
        if (!sb_method_find(cfg->methods[m])) {
            sb_buf known = SB_BUF_INIT;
            list_methods(&known);
            snprintf(err, errlen, "unknown method '%s' (known: %s)", cfg->methods[m],
                     known.data ? known.data : "none");
            sb_buf_free(&known);
            return NULL;
        }
    }
    sb_eval *e = sb_xcalloc(1, sizeof *e);
    e->corpus = c;
    e->n_methods = cfg->n_methods;
    e->jobs = cfg->jobs < 1 ? 1 : cfg->jobs;
    if ((size_t)e->jobs > c->n && c->n > 0)
        e->jobs = (int)c->n;
    e->methods = sb_xcalloc(cfg->n_methods, sizeof *e->methods);
    e->styled = sb_xcalloc(c->n ? c->n : 1, sizeof *e->styled);
    for (size_t m = 0; m < cfg->n_methods; m++) {
        e->methods[m].name = sb_xstrdup(cfg->methods[m]);
        e->methods[m].pages = sb_xcalloc(c->n ? c->n : 1, sizeof *e->methods[m].pages);
    }

    pool p = {c, cfg, e, PTHREAD_MUTEX_INITIALIZER, 0, 0, now_s()};
    pthread_t *threads = sb_xmalloc((size_t)e->jobs * sizeof *threads);
    int started = 0;
    for (int t = 0; t < e->jobs; t++) {
        if (pthread_create(&threads[t], NULL, worker, &p) != 0)
            break;
        started++;
    }
    if (started == 0) /* no threads available: work on this one */
        worker(&p);
    for (int t = 0; t < started; t++)
        pthread_join(threads[t], NULL);
    free(threads);
    pthread_mutex_destroy(&p.lock);
    e->wall_s = now_s() - p.start_s;
    if (cfg->progress)
        fputc('\n', stderr);
    for (size_t i = 0; i < c->n; i++)
        e->n_styled += e->styled[i];
    for (size_t m = 0; m < e->n_methods; m++) {
        sb_eval_summarise(c, &e->methods[m]);
        sb_eval_summarise_subset(c, &e->methods[m], e->styled, &e->methods[m].styled_sum);
    }
    return e;
}

void sb_eval_free(sb_eval *e)
{
    if (!e)
        return;
    for (size_t m = 0; m < e->n_methods; m++) {
        sb_method_eval *me = &e->methods[m];
        for (size_t i = 0; i < e->corpus->n; i++) {
            free(me->pages[i].error);
            free(me->pages[i].text);
            free(me->pages[i].title);
        }
        free(me->pages);
        free(me->name);
    }
    free(e->methods);
    free(e->styled);
    free(e);
}
