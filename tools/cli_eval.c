/* cli_eval: `storybox eval CORPUS ...`, the evaluation front end.  Parses
 * options, loads the corpus, runs the registered methods (tools/eval/run.h)
 * and writes the reports (tools/eval/report.h). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dom/base/strbuf.h"
#include "dom/base/outfile.h"
#include "tools/eval/corpus.h"
#include "tools/eval/report.h"
#include "tools/eval/run.h"

int cli_eval(int argc, char **argv);

static const char eval_usage[] =
    "usage: storybox eval CORPUS [options]\n"
    "  --methods A,B,...     registered methods to compare (default hybrid,dom)\n"
    "  --jobs N              worker threads (default 1)\n"
    "  --limit N             only the first N pages\n"
    "  --page ID             one page: gold and predicted text side by side\n"
    "  --worst N             the N lowest-scoring pages of each method\n"
    "  --out FILE            JSON report: summaries and per-page figures\n"
    "  --png FILE            chart: P/R/F1 bars and a per-page scatter\n"
    "  --figures FILE        flat figures, corpus<TAB>method<TAB>metric<TAB>value\n"
    "  --pages-tsv FILE      per-page scores, method<TAB>page<TAB>score\n"
    "  --corpus-format F     readability | trafilatura | aeb (default: detect)\n"
    "  --params P            method parameters key=value,... for every method\n"
    "CORPUS is a directory in one of the three layouts; the metrics are\n"
    "described in tools/eval/METRICS.md.\n";

typedef struct {
    const char *corpus;
    const char *methods;
    const char *out, *png, *figures, *pages_tsv, *page, *format, *params;
    long worst, jobs, limit;
} eval_args;

static bool parse_count(const char *opt, const char *s, long min, long *out)
{
    char *end;
    errno = 0;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || !*s || *end || errno || v < min || v > INT_MAX) {
        fprintf(stderr, "storybox eval: %s needs a whole number >= %ld\n", opt, min);
        return false;
    }
    *out = v;
    return true;
}

/* Returns 0, 1 after --help, or 2 on a usage error. */
static int parse_args(int argc, char **argv, eval_args *a)
{
    memset(a, 0, sizeof *a);
    a->methods = "hybrid,dom";
    a->jobs = 1;
    a->limit = -1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            fputs(eval_usage, stdout);
            return 1;
        }
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (a->corpus) {
                fprintf(stderr, "storybox eval: one corpus at a time ('%s' and '%s')\n",
                        a->corpus, arg);
                return 2;
            }
            a->corpus = arg;
            continue;
        }
        /* --name VALUE or --name=VALUE */
        char name[32];
        const char *eq = strchr(arg, '=');
        size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
        if (nlen >= sizeof name) {
            fprintf(stderr, "storybox eval: unknown option '%s'\n%s", arg, eval_usage);
            return 2;
        }
        memcpy(name, arg, nlen);
        name[nlen] = '\0';
        const char *val = eq ? eq + 1 : (i + 1 < argc ? argv[i + 1] : NULL);
        static const char *const known[] = {"--methods", "--out", "--png", "--figures",
                                            "--pages-tsv", "--page", "--corpus-format",
                                            "--params", "--worst", "--jobs", "--limit"};
        bool ok = false;
        for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
            ok |= strcmp(name, known[k]) == 0;
        if (!ok) {
            fprintf(stderr, "storybox eval: unknown option '%s'\n%s", arg, eval_usage);
            return 2;
        }
        if (!val) {
            fprintf(stderr, "storybox eval: %s needs a value\n", name);
            return 2;
        }
        if (!eq)
            i++;
        if (strcmp(name, "--methods") == 0)
            a->methods = val;
        else if (strcmp(name, "--out") == 0)
            a->out = val;
        else if (strcmp(name, "--png") == 0)
            a->png = val;
        else if (strcmp(name, "--figures") == 0)
            a->figures = val;
        else if (strcmp(name, "--pages-tsv") == 0)
            a->pages_tsv = val;
        else if (strcmp(name, "--page") == 0)
            a->page = val;
        else if (strcmp(name, "--corpus-format") == 0)
            a->format = val;
        else if (strcmp(name, "--params") == 0)
            a->params = val;
        else if (strcmp(name, "--worst") == 0 && !parse_count(name, val, 0, &a->worst))
            return 2;
        else if (strcmp(name, "--jobs") == 0 && !parse_count(name, val, 1, &a->jobs))
            return 2;
        else if (strcmp(name, "--limit") == 0 && !parse_count(name, val, 0, &a->limit))
            return 2;
    }
    if (!a->corpus) {
        fprintf(stderr, "storybox eval: no corpus directory given\n%s", eval_usage);
        return 2;
    }
    return 0;
}

/* Splits "a,b,,c" into names (empty items dropped); the copy owns them. */
static size_t split_methods(char *list, const char **names, size_t max)
{
    size_t n = 0;
    for (char *tok = list; tok && n < max;) {
        char *comma = strchr(tok, ',');
        if (comma)
            *comma = '\0';
        if (*tok)
            names[n++] = tok;
        tok = comma ? comma + 1 : NULL;
    }
    return n;
}

static int write_with(const char *path, void (*fn)(FILE *, const sb_eval *), const sb_eval *e)
{
    if (strcmp(path, "-") == 0) {
        fn(stdout, e);
        return 0;
    }
    /* Through a temporary file: a failed write leaves the target as it was. */
    char err[1024];
    sb_outfile out;
    if (sb_outfile_open(&out, path, err, sizeof err) == 0) {
        fn(out.f, e);
        if (sb_outfile_commit(&out, err, sizeof err) == 0)
            return 0;
    }
    fprintf(stderr, "storybox eval: %s\n", err);
    return -1;
}

static int terminal_width(void)
{
    const char *c = getenv("COLUMNS");
    int w = c ? atoi(c) : 0;
    return w >= 40 && w <= 1000 ? w : 160;
}

int cli_eval(int argc, char **argv)
{
    eval_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc == 1 ? 0 : 2;
    sb_corpus_format fmt = SB_CORPUS_AUTO;
    if (a.format && !sb_corpus_format_parse(a.format, &fmt)) {
        fprintf(stderr, "storybox eval: unknown corpus format '%s' (readability, trafilatura, aeb)\n",
                a.format);
        return 2;
    }
    char err[1024];
    sb_corpus *c = sb_corpus_load(a.corpus, fmt, err, sizeof err);
    if (!c) {
        fprintf(stderr, "storybox eval: %s\n", err);
        return 1;
    }
    if (a.limit >= 0)
        sb_corpus_truncate(c, (size_t)a.limit);
    if (a.page) {
        long idx = sb_corpus_find(c, a.page);
        if (idx < 0) {
            fprintf(stderr, "storybox eval: no page '%s' in %s\n", a.page, c->dir);
            sb_corpus_free(c);
            return 1;
        }
        sb_gold_page keep = c->pages[idx];
        c->pages[idx] = c->pages[0];
        c->pages[0] = keep;
        sb_corpus_truncate(c, 1);
    }
    if (c->n == 0) {
        fprintf(stderr, "storybox eval: no pages to evaluate\n");
        sb_corpus_free(c);
        return 1;
    }

    char *list = sb_xstrdup(a.methods);
    const char *names[64];
    size_t n = split_methods(list, names, sizeof names / sizeof names[0]);
    sb_eval_config cfg = {names, n, (int)a.jobs, isatty(STDERR_FILENO) != 0, a.page != NULL,
                          a.params};
    sb_eval *e = sb_eval_run(c, &cfg, err, sizeof err);
    free(list);
    if (!e) {
        fprintf(stderr, "storybox eval: %s\n", err);
        sb_corpus_free(c);
        return 2;
    }

    rc = 0;
    if (a.page) {
        sb_report_page(stdout, e, 0, terminal_width());
        fputc('\n', stdout);
    }
    sb_report_table(stdout, e);
    if (a.worst > 0) {
        fputc('\n', stdout);
        sb_report_worst(stdout, e, (size_t)a.worst);
    }
    if (a.out && sb_report_json(e, a.out) != 0) {
        fprintf(stderr, "storybox eval: cannot write '%s'\n", a.out);
        rc = 1;
    }
    if (a.figures && write_with(a.figures, sb_report_figures_tsv, e) != 0)
        rc = 1;
    if (a.pages_tsv && write_with(a.pages_tsv, sb_report_pages_tsv, e) != 0)
        rc = 1;
    if (a.png && sb_report_png(e, a.png, err, sizeof err) != 0) {
        fprintf(stderr, "storybox eval: %s\n", err);
        rc = 1;
    }
    sb_eval_free(e);
    sb_corpus_free(c);
    return rc;
}
