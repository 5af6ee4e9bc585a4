/* storybox extract: pages in, story records out. */
#include "cli.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "dom/base/strbuf.h"
#include "hybrid/input/input.h"
#include "storybox.h"

static const char usage[] =
    "usage: storybox extract [options] PAGE...\n"
    "\n"
    "Extracts the story (headline, text, lead image, byline, dates) of each page.\n"
    "PAGE is a file, a .gz file, a directory (its .html, .htm and .html.gz files,\n"
    "sorted) or - for standard input.  One page prints one JSON object; several\n"
    "print JSON Lines, one record per page in input order, failures included.\n"
    "\n"
    "options:\n"
    "  --method NAME       extraction method (default hybrid; see storybox methods)\n"
    "  --mode NAME         same as --method\n"
    "  --url URL           the page's address, for resolving relative URLs\n"
    "  --format F          json (default for one page), jsonl, text or html\n"
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
    "  --css-dir D         serve <link rel=stylesheet> from local directory D\n"
    "  --width N           layout viewport width in px, 200 to 10000 (default 1280)\n"
    "  -h, --help          show this help\n"
    "\n"
    "exit status: 0 all pages extracted, 1 some page failed, 2 usage error\n";

typedef enum { FMT_DEFAULT, FMT_JSON, FMT_JSONL, FMT_TEXT, FMT_HTML } out_format;

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
            has_suffix(e->d_name, ".html.gz") || has_suffix(e->d_name, ".htm.gz")) {
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

static void html_escaped(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

static void print_html(FILE *out, const sb_story *s)
{
    fputs("<article>\n<h1>", out);
    html_escaped(out, s->title);
    fputs("</h1>\n", out);
    if (s->byline) {
        fputs("<p class=\"byline\">", out);
        html_escaped(out, s->byline);
        fputs("</p>\n", out);
    }
    if (s->published) {
        fputs("<time datetime=\"", out);
        html_escaped(out, s->published);
        fputs("\"></time>\n", out);
    }
    if (s->lead_image) {
        fputs("<figure><img src=\"", out);
        html_escaped(out, s->lead_image->url);
        fputs("\" alt=\"", out);
        html_escaped(out, s->lead_image->alt);
        fputs("\">", out);
        if (s->lead_image->caption) {
            fputs("<figcaption>", out);
            html_escaped(out, s->lead_image->caption);
            fputs("</figcaption>", out);
        }
        fputs("</figure>\n", out);
    }
    const char *p = s->text;
    while (p && *p) {
        const char *end = strstr(p, "\n\n");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char *para = sb_xstrndup(p, n);
        fputs("<p>", out);
        html_escaped(out, para);
        fputs("</p>\n", out);
        free(para);
        p = end ? end + 2 : p + n;
    }
    fputs("</article>\n", out);
}

static void print_record(const sb_story *s, out_format fmt, bool several)
{
    if (fmt == FMT_TEXT) {
        if (s->error) {
            fprintf(stdout, "%s: error: %s\n", s->source ? s->source : "-", s->error);
        } else {
            fprintf(stdout, "%s\n\n%s\n", s->title ? s->title : "", s->text);
        }
        if (several)
            fputs("\f\n", stdout);
    } else if (fmt == FMT_HTML) {
        if (s->error)
            fprintf(stdout, "<!-- %s: error -->\n", s->source ? s->source : "-");
        else
            print_html(stdout, s);
    } else {
        bool pretty = fmt == FMT_JSON || (fmt == FMT_DEFAULT && !several);
        char *json = sb_story_to_json(s, pretty);
        puts(json);
        free(json);
    }
}

int cli_extract(int argc, char **argv)
{
    sb_options opt;
    sb_options_init(&opt);
    out_format fmt = FMT_DEFAULT;
    const char *png = NULL;
    bool explain = false;
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
            else {
                cli_usage_error(&a, "unknown format '%s' (json, jsonl, text, html)", v);
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
        } else if (cli_flag(&a, "--explain")) {
            explain = true;
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
    opt.explain = explain ? stderr : NULL;

    bool several = inputs.n > 1;
    for (size_t i = 0; i < inputs.n; i++) {
        const char *path = inputs.paths[i];
        unsigned char *data = NULL;
        size_t len = 0;
        char err[512];
        sb_story *s;
        opt.source = path;
        if (sb_read_input(path, &data, &len, err, sizeof err) != 0) {
            s = sb_xcalloc(1, sizeof *s);
            s->source = sb_xstrdup(path);
            s->text = sb_xstrdup("");
            s->method = sb_xstrdup(opt.method ? opt.method : "hybrid");
            s->error = sb_xstrdup(err);
        } else {
            char *png_path = png_name(png, i, inputs.n);
            opt.png_path = png_path;
            if (explain)
                fprintf(stderr, "== %s\n", path);
            s = sb_extract(data, len, &opt);
            free(png_path);
            opt.png_path = NULL;
        }
        free(data);
        if (s->error) {
            fprintf(stderr, "storybox: %s: %s\n", path, s->error);
            status = 1;
        }
        print_record(s, fmt, several);
        fflush(stdout);
        sb_story_free(s);
    }

done:
    for (size_t i = 0; i < inputs.n; i++)
        free(inputs.paths[i]);
    free(inputs.paths);
    sb_buf_free(&params);
    return status < 0 ? 0 : status;
}
