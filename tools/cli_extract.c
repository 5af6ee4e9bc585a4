/* storybox extract: pages in, story records out. */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "dom/base/fileio.h"
#include "dom/base/outfile.h"
#include "dom/base/strbuf.h"
#include "hybrid/input/input.h"
#include "hybrid/input/mhtml.h"
#include "hybrid/input/warc.h"
#include "hybrid/input/warc_css.h"
#include "storybox.h"
#include "tools/cli_pool.h"

/* Threads --jobs may ask for. */
#define MAX_JOBS 256
/* Pages a batch may hold at once per thread: queued, being extracted, or
 * extracted and waiting in the reorder buffer for an earlier page. */
#define PENDING_PER_JOB 4
/* How often the progress line is redrawn. */
#define PROGRESS_EVERY_MS 200.0

static const char usage[] =
    "usage: storybox extract [options] PAGE...\n"
    "\n"
    "Extracts the story (headline, text, lead image, byline, dates) of each page.\n"
    "PAGE is a file, a .gz file, an MHTML file (.mhtml, .mht, or sniffed), a WARC\n"
    "file (.warc, .warc.gz: every HTML response record is a page, its\n"
    "WARC-Target-URI the page's URL), a directory (its .html, .htm, .html.gz,\n"
    ".mhtml, .mht, .warc and .warc.gz files, sorted) or - for standard input.\n"
    "Stylesheets saved with a page are used for its layout: MHTML parts, the\n"
    "page's own folder (\"Web page, complete\"), text/css records of its WARC.\n"
    "One page prints one JSON object; several (or a WARC file) print JSON Lines,\n"
    "one record per page in input order, failures included.  A WARC record's\n"
    "source is FILE#OFFSET; a summary line on stderr counts its skipped records.\n"
    "\n"
    "options:\n"
    "  --method NAME       extraction method (default hybrid; see storybox methods)\n"
    "  --mode NAME         same as --method\n"
    "  --url URL           the page's address, for resolving relative URLs\n"
    "  --format F          json (default for one page), jsonl, text, markdown or\n"
    "                      html: markdown and html give the story's structure\n"
    "                      (headline, standfirst, subheadings, lists, quotes,\n"
    "                      tables, images with captions); with several pages,\n"
    "                      text, markdown and html documents are each followed\n"
    "                      by a line holding only a form feed (\\f)\n"
    "  --links             keep hyperlinks in markdown and html output (http,\n"
    "                      https and relative URLs only)\n"
    "  --similarity S      off (default: best measured), sentences or blocks\n"
    "  --param K=V         method parameter (repeatable), e.g. --param b=0.6;\n"
    "                      --params K=V,K=V gives several at once; every method\n"
    "                      takes similarity=off|sentences|blocks\n"
    "  --png OUT.png       box overlay with the story region and lead image\n"
    "                      (several pages: OUT-1.png, OUT-2.png, ...): the\n"
    "                      page's text where the layout put it, images as\n"
    "                      labelled placeholders, a legend of the colours\n"
    "  --png-region-only   the overlay shows the story region and 120 px around\n"
    "                      it, not the whole page\n"
    "  --explain           print the decisions (blocks, sentences, images) to stderr\n"
    "  --css-dir D         also serve <link rel=stylesheet> from local directory D\n"
    "  --width N           layout viewport width in px, 200 to 10000 (default 1280)\n"
    "  -j, --jobs N        pages extracted at once on N threads (default: the number\n"
    "                      of cores); records still come out in input order\n"
    "  -o, --output FILE   write the records to FILE (gzip-compressed when it ends\n"
    "                      in .gz), replacing it only when the run has ended\n"
    "  --progress          pages done, pages/s, errors and time left on stderr\n"
    "                      (the default when stderr is a terminal)\n"
    "  -q, --quiet         no progress line\n"
    "  -h, --help          show this help\n"
    "\n"
    "exit status: 0 all pages extracted, 1 some page failed, 2 usage error\n";

typedef enum { FMT_DEFAULT, FMT_JSON, FMT_JSONL, FMT_TEXT, FMT_MARKDOWN, FMT_HTML } out_format;

typedef struct {
    char **paths;
    size_t n, cap;
} path_list;

static void add_path(path_list *l, const char *p)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->paths = sb_xrealloc(l->paths, l->cap * sizeof *l->paths);
    }
    l->paths[l->n++] = sb_xstrdup(p);
}

static bool has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), m = strlen(suf);
    return n >= m && strcasecmp(s + n - m, suf) == 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory contributes its pages, sorted, so runs are reproducible. */
static void expand_input(path_list *l, const char *arg)
{
    struct stat st;
    if (strcmp(arg, "-") == 0 || stat(arg, &st) != 0 || !S_ISDIR(st.st_mode)) {
        add_path(l, arg); /* a missing file gets its own error record */
        return;
    }
    DIR *d = opendir(arg);
    if (!d) {
        add_path(l, arg);
        return;
    }
    path_list found = {0};
    struct dirent *e;
    while ((e = readdir(d))) {
        if (has_suffix(e->d_name, ".html") || has_suffix(e->d_name, ".htm") ||
            has_suffix(e->d_name, ".html.gz") || has_suffix(e->d_name, ".htm.gz") ||
            sb_is_mhtml_path(e->d_name) || sb_is_warc_path(e->d_name)) {
            sb_buf p = SB_BUF_INIT;
            sb_buf_printf(&p, "%s/%s", arg, e->d_name);
            add_path(&found, p.data);
            sb_buf_free(&p);
        }
    }
    closedir(d);
    if (found.n == 0) {
        /* Nothing to extract is still an input: it gets its error record. */
        add_path(l, arg);
        return;
    }
    qsort(found.paths, found.n, sizeof *found.paths, cmp_str);
    for (size_t i = 0; i < found.n; i++) {
        add_path(l, found.paths[i]);
        free(found.paths[i]);
    }
    free(found.paths);
}

static char *png_name(const char *png, size_t index, size_t total)
{
    if (!png || total <= 1)
        return png ? sb_xstrdup(png) : NULL;
    sb_buf b = SB_BUF_INIT;
    const char *dot = strrchr(png, '.');
    const char *slash = strrchr(png, '/');
    if (!dot || (slash && dot < slash))
        dot = png + strlen(png);
    sb_buf_append(&b, png, (size_t)(dot - png));
    sb_buf_printf(&b, "-%zu%s", index + 1, dot);
    return sb_buf_steal(&b);
}

/* The source in an HTML comment: "--" could end the comment early. */
static void comment_safe(FILE *out, const char *s)
{
    for (; s && *s; s++)
        fputc(*s == '-' && s[1] == '-' ? '_' : *s == '>' ? '_' : *s, out);
}

static void print_record(FILE *out, const sb_story *s, out_format fmt, bool several, bool links)
{
    if (fmt == FMT_TEXT) {
        if (s->error) {
            fprintf(out, "%s: error: %s\n", s->source ? s->source : "-", s->error);
        } else {
            fprintf(out, "%s\n\n%s\n", s->title ? s->title : "", s->text);
        }
        if (several)
            fputs("\f\n", out);
    } else if (fmt == FMT_HTML || fmt == FMT_MARKDOWN) {
        if (s->error) {
            fputs("<!-- ", out);
            comment_safe(out, s->source ? s->source : "-");
            fputs(": error -->\n", out);
        } else {
            char *doc = fmt == FMT_HTML ? sb_story_to_html(s, links) : sb_story_to_markdown(s, links);
            fputs(doc, out);
            free(doc);
        }
        if (several)
            fputs("\f\n", out);
    } else {
        bool pretty = fmt == FMT_JSON || (fmt == FMT_DEFAULT && !several);
        char *json = sb_story_to_json(s, pretty);
        fputs(json, out);
        fputc('\n', out);
        free(json);
    }
}

/* Where records go: standard output, or with -o a file written beside its
 * target and renamed into place when the run ends (gzip-compressed when
 * its name ends in .gz). */
typedef struct sink {
    FILE *f;            /* stdout, or the output file's temporary file */
    gzFile gz;          /* for .gz output */
    sb_outfile file;
    bool to_file, failed;
    const char *path;
} sink;

/* What one batch shares with the writer thread. */
typedef struct batch {
    out_format fmt;
    bool explain, several, links;
    sink out;
    /* progress */
    bool progress, progress_shown;
    size_t total;       /* pages expected, 0 when unknown (WARC inputs) */
    size_t done, errors;
    double start_ms, last_ms;
    int status;
} batch;

static void clear_progress(batch *b)
{
    if (b->progress_shown) {
        fputs("\r\033[K", stderr);
        b->progress_shown = false;
    }
}

static void show_progress(batch *b, bool final)
{
    double now = sb_clock_ms();
    if (!final && now - b->last_ms < PROGRESS_EVERY_MS)
        return;
    b->last_ms = now;
    double secs = (now - b->start_ms) / 1000.0;
    double rate = secs > 0 ? (double)b->done / secs : 0;
    clear_progress(b);
    if (b->total)
        fprintf(stderr, "%zu/%zu pages", b->done, b->total);
    else
        fprintf(stderr, "%zu pages", b->done);
    fprintf(stderr, ", %.1f pages/s, %zu errors", rate, b->errors);
    if (b->total && rate > 0 && b->done < b->total)
        fprintf(stderr, ", %.0f s left", (double)(b->total - b->done) / rate);
    if (final)
        fputc('\n', stderr);
    else
        b->progress_shown = true;
    fflush(stderr);
}

static void write_record(batch *b, const sb_story *s)
{
    if (b->out.failed)
        return;
    if (!b->out.gz) {
        print_record(b->out.f, s, b->fmt, b->several, b->links);
        if (!b->out.to_file)
            fflush(b->out.f);
        return;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m) {
        b->out.failed = true;
        return;
    }
    print_record(m, s, b->fmt, b->several, b->links);
    fclose(m);
    if (len && gzwrite(b->out.gz, text, (unsigned)len) != (int)len)
        b->out.failed = true;
    free(text);
}

/* The writer thread's side: one job's record, in input order. */
static void on_result(void *ctx, const cli_job *job, const sb_story *s, const char *explain,
                      size_t explain_len)
{
    batch *b = ctx;
    clear_progress(b);
    if (!s) {
        fprintf(stderr, "%s\n", job->note);
        return;
    }
    if (b->explain) {
        fprintf(stderr, "== %s\n", job->source);
        fwrite(explain, 1, explain_len, stderr);
    }
    b->done++;
    if (s->error) {
        fprintf(stderr, "storybox: %s: %s\n", job->source, s->error);
        b->errors++;
        b->status = 1;
    }
    write_record(b, s);
    if (b->progress)
        show_progress(b, false);
}

static void release_css(void *css)
{
    sb_warc_css_release(css);
}

/* Every page and error record of a WARC file, in file order, then one
 * summary line on stderr (written in order with the records). */
static void submit_warc(cli_pool *pool, const char *path, const char *png, size_t *index,
                        bool several)
{
    char err[512];
    sb_warc_reader *r = sb_warc_open(path, 0, err, sizeof err);
    if (!r) {
        cli_job *j = cli_job_new(path, NULL);
        j->error = sb_xstrdup(err);
        cli_pool_submit(pool, j);
        (*index)++;
        return;
    }
    /* The WARC's stylesheets and images' sizes serve its pages: a first
     * pass collects them (bounded, warc_css.h); each page in flight holds
     * a reference. */
    sb_warc_css *css = sb_warc_css_load(path);
    sb_warc_record rec = {0};
    sb_buf source = SB_BUF_INIT;
    sb_warc_kind k;
    while ((k = sb_warc_next(r, &rec)) != SB_WARC_END) {
        sb_buf_clear(&source);
        sb_buf_printf(&source, "%s#%llu", path, rec.offset);
        cli_job *j = cli_job_new(source.data, rec.record_id);
        if (k == SB_WARC_ERROR) {
            j->error = sb_xstrdup(rec.error);
        } else {
            /* The record's own URL; --url only stands in when it has none. */
            j->base_url = rec.target_uri ? sb_xstrdup(rec.target_uri) : NULL;
            j->transport_charset = rec.charset ? sb_xstrdup(rec.charset) : NULL;
            j->bytes = rec.body;
            j->len = rec.body_len;
            rec.body = NULL;
            j->png_path = png_name(png, *index, several ? 2 : 1);
            if (css) {
                j->resource = sb_warc_css_resource;
                j->image_size = sb_warc_css_image_size;
                j->resource_ctx = sb_warc_css_retain(css);
                j->release = release_css;
            }
        }
        cli_pool_submit(pool, j);
        (*index)++;
    }
    sb_warc_record_clear(&rec);
    sb_buf_free(&source);
    sb_warc_css_release(css);
    const sb_warc_counts *c = sb_warc_get_counts(r);
    cli_job *note = cli_job_new(path, NULL);
    sb_buf line = SB_BUF_INIT;
    sb_buf_printf(&line,
                  "storybox: %s: %zu pages, %zu errors; skipped %zu revisit, %zu request, "
                  "%zu metadata, %zu warcinfo, %zu non-HTML, %zu other",
                  path, c->pages, c->errors, c->revisit, c->request, c->metadata, c->warcinfo,
                  c->non_html, c->other);
    note->note = sb_buf_steal(&line);
    cli_pool_submit(pool, note);
    sb_warc_close(r);
}

static bool sink_open(sink *o, const char *path, char *err, size_t errlen)
{
    if (!path) {
        o->f = stdout;
        return true;
    }
    o->path = path;
    o->to_file = true;
    if (sb_outfile_open(&o->file, path, err, errlen) != 0)
        return false;
    o->f = o->file.f;
    size_t n = strlen(path);
    if (n > 3 && strcasecmp(path + n - 3, ".gz") == 0) {
        int fd = dup(fileno(o->f));
        o->gz = fd >= 0 ? gzdopen(fd, "wb") : NULL;
        if (!o->gz) {
            if (fd >= 0)
                close(fd);
            snprintf(err, errlen, "cannot compress %s", path);
            sb_outfile_abandon(&o->file);
            return false;
        }
    }
    return true;
}

/* Finishes the output: the file replaces its target only when every
 * record was written. */
static bool sink_close(sink *o, char *err, size_t errlen)
{
    if (!o->to_file)
        return fflush(stdout) == 0;
    if (o->gz && gzclose(o->gz) != Z_OK)
        o->failed = true;
    if (o->failed) {
        snprintf(err, errlen, "cannot write %s", o->path);
        sb_outfile_abandon(&o->file);
        return false;
    }
    return sb_outfile_commit(&o->file, err, errlen) == 0;
}

/* One thread per online core, within what --jobs accepts. */
static long cli_default_jobs(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > MAX_JOBS ? MAX_JOBS : n;
}

int cli_extract(int argc, char **argv)
{
    sb_options opt;
    sb_options_init(&opt);
    out_format fmt = FMT_DEFAULT;
    const char *png = NULL, *output = NULL;
    bool explain = false, links = false;
    long jobs = cli_default_jobs();
    bool progress = isatty(STDERR_FILENO), quiet = false;
    sb_buf params = SB_BUF_INIT;
    path_list inputs = {0};
    int status = 0;

    cli_args a;
    cli_args_init(&a, argc, argv, usage);
    while (cli_args_next(&a)) {
        const char *v;
        if (cli_flag(&a, "-h") || cli_flag(&a, "--help")) {
            fputs(usage, stdout);
            status = -1;
            goto done;
        } else if ((v = cli_value(&a, "--method")) || (v = cli_value(&a, "--mode"))) {
            if (!sb_method_find(v)) {
                cli_usage_error(&a, "unknown method '%s' (see storybox methods)", v);
                status = 2;
                goto done;
            }
            opt.method = v;
        } else if ((v = cli_value(&a, "--url"))) {
            opt.base_url = v;
        } else if ((v = cli_value(&a, "--format"))) {
            if (strcmp(v, "json") == 0) fmt = FMT_JSON;
            else if (strcmp(v, "jsonl") == 0) fmt = FMT_JSONL;
            else if (strcmp(v, "text") == 0) fmt = FMT_TEXT;
            else if (strcmp(v, "html") == 0) fmt = FMT_HTML;
            else if (strcmp(v, "markdown") == 0) fmt = FMT_MARKDOWN;
            else {
                cli_usage_error(&a, "unknown format '%s' (json, jsonl, text, markdown, html)", v);
                status = 2;
                goto done;
            }
        } else if ((v = cli_value(&a, "--similarity"))) {
            if (strcmp(v, "off") == 0) opt.similarity = SB_SIM_OFF;
            else if (strcmp(v, "sentences") == 0) opt.similarity = SB_SIM_SENTENCES;
            else if (strcmp(v, "blocks") == 0) opt.similarity = SB_SIM_BLOCKS;
            else {
                cli_usage_error(&a, "unknown similarity '%s' (off, sentences, blocks)", v);
                status = 2;
                goto done;
            }
        } else if ((v = cli_value(&a, "--param")) || (v = cli_value(&a, "--params"))) {
            if (!strchr(v, '=')) {
                cli_usage_error(&a, "--param takes KEY=VALUE, got '%s'", v);
                status = 2;
                goto done;
            }
            if (params.len)
                sb_buf_putc(&params, ',');
            sb_buf_puts(&params, v);
        } else if ((v = cli_value(&a, "--png"))) {
            png = v;
        } else if (cli_flag(&a, "--png-region-only")) {
            opt.png_region_only = true;
        } else if (cli_flag(&a, "--links")) {
            links = true;
        } else if (cli_flag(&a, "--explain")) {
            explain = true;
        } else if ((v = cli_value(&a, "--jobs")) || (v = cli_value(&a, "-j"))) {
            if (!cli_parse_long(v, 1, MAX_JOBS, &jobs)) {
                cli_usage_error(&a, "--jobs wants a number of threads from 1 to %d, not '%s'",
                                MAX_JOBS, v);
                status = 2;
                goto done;
            }
        } else if ((v = cli_value(&a, "--output")) || (v = cli_value(&a, "-o"))) {
            output = v;
        } else if (cli_flag(&a, "--progress")) {
            progress = true;
        } else if (cli_flag(&a, "--quiet") || cli_flag(&a, "-q")) {
            quiet = true;
        } else if ((v = cli_value(&a, "--css-dir"))) {
            opt.css_dir = v;
        } else if ((v = cli_value(&a, "--width"))) {
            long w;
            if (!cli_parse_long(v, SB_WIDTH_MIN, SB_WIDTH_MAX, &w)) {
                cli_usage_error(&a, "--width wants a number of pixels from %d to %d, not '%s'",
                                SB_WIDTH_MIN, SB_WIDTH_MAX, v);
                status = 2;
                goto done;
            }
            opt.width = (int)w;
        } else if (a.failed) {
            status = 2;
            goto done;
        } else if (cli_is_option(&a)) {
            cli_usage_error(&a, "unknown option '%s'", cli_current(&a));
            status = 2;
            goto done;
        } else {
            expand_input(&inputs, cli_current(&a));
        }
    }
    if (a.failed) {
        status = 2;
        goto done;
    }
    if (inputs.n == 0) {
        cli_usage_error(&a, "no PAGE given");
        status = 2;
        goto done;
    }
    if (opt.png_region_only && !png) {
        cli_usage_error(&a, "--png-region-only crops the --png overlay: give --png OUT.png");
        status = 2;
        goto done;
    }
    if (params.len)
        opt.params = params.data;
    if (quiet)
        progress = false;

    batch b = {.fmt = fmt, .explain = explain, .links = links, .progress = progress};
    b.several = inputs.n > 1;
    bool any_warc = false;
    for (size_t i = 0; i < inputs.n; i++)
        if (sb_is_warc_path(inputs.paths[i]))
            any_warc = b.several = true; /* a WARC file holds any number of pages */
    b.total = any_warc ? 0 : inputs.n;
    char err[512];
    if (!sink_open(&b.out, output, err, sizeof err)) {
        fprintf(stderr, "storybox: %s\n", err);
        status = 1;
        goto done;
    }
    b.start_ms = b.last_ms = sb_clock_ms();

    cli_pool *pool = cli_pool_start((int)jobs, (size_t)jobs * PENDING_PER_JOB, &opt, explain,
                                    on_result, &b);
    size_t index = 0;
    for (size_t i = 0; i < inputs.n; i++) {
        const char *path = inputs.paths[i];
        if (sb_is_warc_path(path)) {
            submit_warc(pool, path, png, &index, b.several);
            continue;
        }
        cli_job *j = cli_job_new(path, NULL);
        if (sb_read_input(path, &j->bytes, &j->len, err, sizeof err) != 0) {
            free(j->bytes);
            j->bytes = NULL;
            j->error = sb_xstrdup(err);
        } else {
            j->saved_page = true;
            j->png_path = png_name(png, index, b.several ? 2 : 1);
        }
        cli_pool_submit(pool, j);
        index++;
    }
    cli_pool_finish(pool);
    if (b.progress)
        show_progress(&b, true);
    status = b.status;
    if (!sink_close(&b.out, err, sizeof err)) {
        fprintf(stderr, "storybox: %s\n", err);
        status = 1;
    }

done:
    for (size_t i = 0; i < inputs.n; i++)
        free(inputs.paths[i]);
    free(inputs.paths);
    sb_buf_free(&params);
    return status < 0 ? 0 : status;
}
