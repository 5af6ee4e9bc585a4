#include "report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"
#include "dom/base/outfile.h"
#include "tools/eval/styled.h"

/* ---- the table ----------------------------------------------------------- */

static void cell(FILE *out, bool has, double v)
{
    if (has)
        fprintf(out, " %6.3f", v);
    else
        fprintf(out, " %6s", "-");
}

static void rate_cell(FILE *out, sb_field_rate r)
{
    cell(out, r.gold > 0, r.gold ? (double)r.hit / (double)r.gold : 0.0);
}

/* The column heads and one row per method, of the full corpus or of the
 * styled subset. */
static void table_rows(FILE *out, const sb_eval *e, size_t w, bool styled)
{
    fprintf(out, "%-*s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %6s %4s %8s %7s\n",
            (int)w, "method", "P", "R", "F1", "exact", "LCS-F1", "BoW-F1", "snipF", "snipAc",
            "title=", "title~", "byline", "date", "image", "imgAs", "imgAsS", "imgSt", "err", "pages/s",
            "med-ms");
    for (size_t m = 0; m < e->n_methods; m++) {
        const sb_method_summary *s = styled ? &e->methods[m].styled_sum : &e->methods[m].sum;
        fprintf(out, "%-*s", (int)w, e->methods[m].name);
        cell(out, s->has_text, s->shingle.p);
        cell(out, s->has_text, s->shingle.r);
        cell(out, s->has_text, s->shingle.f1);
        cell(out, s->has_text, s->shingle.exact_share);
        cell(out, s->has_text, s->lcs.f1);
        cell(out, s->has_text, s->bow.f1);
        cell(out, s->has_snippets, s->snippets.f1);
        cell(out, s->has_snippets, s->snippets.accuracy);
        rate_cell(out, s->title_exact);
        rate_cell(out, s->title_similar);
        rate_cell(out, s->byline);
        rate_cell(out, s->date);
        rate_cell(out, s->image);
        rate_cell(out, s->image_asis);
        rate_cell(out, s->image_asis_shown);
        rate_cell(out, s->image_stripped);
        fprintf(out, " %4zu %8.1f %7.1f\n", s->errors, s->pages_per_s, s->median_ms);
    }
}

void sb_report_table(FILE *out, const sb_eval *e)
{
    const sb_corpus *c = e->corpus;
    fprintf(out, "corpus %s (%s layout): %zu page%s", c->name, sb_corpus_format_name(c->format),
            c->n, c->n == 1 ? "" : "s");
    if (c->skipped)
        fprintf(out, ", %zu entries skipped", c->skipped);
    fprintf(out, "; %d job%s, %.1f s\n", e->jobs, e->jobs == 1 ? "" : "s", e->wall_s);
    size_t w = 8;
    for (size_t m = 0; m < e->n_methods; m++)
        if (strlen(e->methods[m].name) > w)
            w = strlen(e->methods[m].name);
    table_rows(out, e, w, false);
    if (e->n_methods) {
        const sb_method_summary *s = &e->methods[0].sum;
        fprintf(out, "gold fields: title %zu, byline %zu, date %zu, image %zu pages\n",
                s->title_exact.gold, s->byline.gold, s->date.gold, s->image.gold);
        /* The declared-image denominators depend on the page only
         * (METRICS.md); each method's count is printed, and they differ
         * only where a page failed for one method. */
        for (size_t m = 0; m < e->n_methods; m++)
            fprintf(out,
                    "declared image (%s): as-is %zu pages, as-is where shown %zu pages, hints "
                    "stripped %zu pages\n",
                    e->methods[m].name, e->methods[m].sum.image_asis.gold,
                    e->methods[m].sum.image_asis_shown.gold, e->methods[m].sum.image_stripped.gold);
    }
    /* The pages whose render is close to a browser's (styled.h). */
    fprintf(out, "styled subset (>= %d KB inline CSS or no external stylesheet): %zu of %zu pages\n",
            SB_STYLED_MIN_INLINE_CSS / 1024, e->n_styled, c->n);
    if (e->n_styled && e->n_methods)
        table_rows(out, e, w, true);
}

/* ---- worst pages --------------------------------------------------------- */

typedef struct {
    size_t index;
    double score;
} ranked;

static int cmp_ranked(const void *a, const void *b)
{
    const ranked *x = a, *y = b;
    if (x->score != y->score)
        return x->score < y->score ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

void sb_report_worst(FILE *out, const sb_eval *e, size_t n)
{
    const sb_corpus *c = e->corpus;
    if (n > c->n)
        n = c->n;
    ranked *r = sb_xmalloc((c->n ? c->n : 1) * sizeof *r);
    for (size_t m = 0; m < e->n_methods; m++) {
        const sb_method_eval *me = &e->methods[m];
        for (size_t i = 0; i < c->n; i++)
            r[i] = (ranked){i, sb_page_score(&c->pages[i], &me->pages[i])};
        qsort(r, c->n, sizeof *r, cmp_ranked);
        fprintf(out, "worst %zu pages for %s:\n", n, me->name);
        for (size_t k = 0; k < n; k++) {
            const sb_gold_page *g = &c->pages[r[k].index];
            const sb_page_result *pr = &me->pages[r[k].index];
            if (g->text)
                fprintf(out, "  %-40s F1 %.3f  P %.3f  R %.3f  (%zu/%zu/%zu tp/fp/fn)", g->id,
                        r[k].score, sb_overlap_precision(pr->shingle),
                        sb_overlap_recall(pr->shingle), pr->shingle.tp, pr->shingle.fp,
                        pr->shingle.fn);
            else
                fprintf(out, "  %-40s acc %.3f  with %zu/%zu found, without %zu/%zu found",
                        g->id, r[k].score, pr->snippets.tp, pr->snippets.tp + pr->snippets.fn,
                        pr->snippets.fp, pr->snippets.fp + pr->snippets.tn);
            if (pr->error)
                fprintf(out, "  error: %s", pr->error);
            fputc('\n', out);
        }
    }
    free(r);
}

/* ---- one page, side by side ---------------------------------------------- */

/* Copies text with runs of marked tokens wrapped in open/close. */
static char *mark_runs(const char *text, const sb_tokens *t, const bool *miss, const char *open,
                       const char *close)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "");
    size_t at = 0;
    for (size_t i = 0; i < t->n; i++) {
        if (!miss[i])
            continue;
        size_t j = i;
        while (j + 1 < t->n && miss[j + 1])
            j++;
        sb_buf_append(&b, text + at, t->start[i] - at);
        sb_buf_puts(&b, open);
        size_t end = t->start[j] + t->len[j];
        sb_buf_append(&b, text + t->start[i], end - t->start[i]);
        sb_buf_puts(&b, close);
        at = end;
        i = j;
    }
    sb_buf_puts(&b, text + at);
    return sb_buf_steal(&b);
}

typedef struct {
    char **line;
    size_t n, cap;
} lines;

static void push_line(lines *l, const char *s, size_t len)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->line = sb_xrealloc(l->line, l->cap * sizeof *l->line);
    }
    l->line[l->n++] = sb_xstrndup(s, len);
}

static size_t cp_width(const char *s, size_t len)
{
    return sb_utf8_count(s, len);
}

/* Byte length of the first `cols` code points of s[0..len). */
static size_t cp_prefix(const char *s, size_t len, size_t cols)
{
    size_t i = 0;
    while (i < len && cols > 0) {
        size_t used = 0;
        sb_utf8_decode(s + i, len - i, &used);
        i += used ? used : 1;
        cols--;
    }
    return i;
}

/* Greedy word wrap; "\n" starts a new line, blank lines are kept. */
static void wrap(const char *text, size_t width, lines *out)
{
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t plen = eol ? (size_t)(eol - p) : strlen(p);
        sb_buf cur = SB_BUF_INIT;
        sb_buf_puts(&cur, "");
        size_t cur_w = 0, i = 0;
        bool any = false;
        while (i < plen) {
            while (i < plen && (p[i] == ' ' || p[i] == '\t'))
                i++;
            size_t ws = i;
            while (i < plen && p[i] != ' ' && p[i] != '\t')
                i++;
            if (i == ws)
                break;
            const char *word = p + ws;
            size_t wlen = i - ws, ww = cp_width(word, wlen);
            while (ww > width) { /* a word wider than the column */
                if (cur_w) {
                    push_line(out, cur.data, cur.len);
                    sb_buf_clear(&cur), sb_buf_puts(&cur, ""), cur_w = 0;
                }
                size_t cut = cp_prefix(word, wlen, width);
                push_line(out, word, cut);
                word += cut, wlen -= cut, ww -= width;
                any = true;
            }
            if (wlen == 0)
                continue;
            if (cur_w && cur_w + 1 + ww > width) {
                push_line(out, cur.data, cur.len);
                sb_buf_clear(&cur), sb_buf_puts(&cur, ""), cur_w = 0;
            }
            if (cur_w)
                sb_buf_putc(&cur, ' '), cur_w++;
            sb_buf_append(&cur, word, wlen);
            cur_w += ww;
            any = true;
        }
        if (cur_w || !any)
            push_line(out, cur.data ? cur.data : "", cur.len);
        sb_buf_free(&cur);
        if (!eol)
            break;
        p = eol + 1;
    }
}

static void free_lines(lines *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->line[i]);
    free(l->line);
}

static void side_by_side(FILE *out, const char *left, const char *right, size_t col)
{
    lines a = {0}, b = {0};
    wrap(left, col, &a);
    wrap(right, col, &b);
    fprintf(out, "%-*s | %s\n", (int)col, "GOLD ([-missing-])", "PREDICTED ({+extra+})");
    for (size_t i = 0; i < col; i++)
        fputc('-', out);
    fputs("-+-", out);
    for (size_t i = 0; i < col; i++)
        fputc('-', out);
    fputc('\n', out);
    size_t n = a.n > b.n ? a.n : b.n;
    for (size_t i = 0; i < n; i++) {
        const char *l = i < a.n ? a.line[i] : "";
        const char *r = i < b.n ? b.line[i] : "";
        size_t lw = cp_width(l, strlen(l));
        fputs(l, out);
        for (size_t k = lw; k < col; k++)
            fputc(' ', out);
        fprintf(out, " | %s\n", r);
    }
    free_lines(&a);
    free_lines(&b);
}

void sb_report_page(FILE *out, const sb_eval *e, size_t index, int width)
{
    const sb_corpus *c = e->corpus;
    if (index >= c->n)
        return;
    const sb_gold_page *g = &c->pages[index];
    size_t col = width > 23 ? (size_t)(width - 3) / 2 : 10;
    fprintf(out, "page %s (%s)\n", g->id, g->html_path);
    if (g->title)
        fprintf(out, "gold title: %s\n", g->title);
    for (size_t m = 0; m < e->n_methods; m++) {
        const sb_method_eval *me = &e->methods[m];
        const sb_page_result *r = &me->pages[index];
        const char *pred = r->text ? r->text : "";
        fprintf(out, "\n=== %s: %.1f ms", me->name, r->ms);
        if (g->text)
            fprintf(out, ", shingle P %.3f R %.3f F1 %.3f, LCS F1 %.3f, BoW F1 %.3f",
                    sb_overlap_precision(r->shingle), sb_overlap_recall(r->shingle),
                    sb_overlap_f1(r->shingle), sb_overlap_f1(r->lcs), sb_overlap_f1(r->bow));
        fputc('\n', out);
        if (r->error)
            fprintf(out, "error: %s\n", r->error);
        fprintf(out, "title: %s\n", r->title ? r->title : "(none)");
        if (g->text) {
            sb_tokens pt, gt;
            sb_tokenize(pred, false, &pt);
            sb_tokenize(g->text, false, &gt);
            bool *pmiss = sb_xcalloc(pt.n + 1, sizeof *pmiss);
            bool *gmiss = sb_xcalloc(gt.n + 1, sizeof *gmiss);
            sb_shingle_unmatched(&pt, &gt, SB_SHINGLE_WORDS, pmiss);
            sb_shingle_unmatched(&gt, &pt, SB_SHINGLE_WORDS, gmiss);
            char *lm = mark_runs(g->text, &gt, gmiss, "[-", "-]");
            char *rm = mark_runs(pred, &pt, pmiss, "{+", "+}");
            side_by_side(out, lm, rm, col);
            free(lm);
            free(rm);
            free(pmiss);
            free(gmiss);
            sb_tokens_free(&pt);
            sb_tokens_free(&gt);
        } else {
            char *hay = sb_collapse_space(pred);
            for (size_t k = 0; k < g->n_with + g->n_without; k++) {
                bool want = k < g->n_with;
                const char *snip = want ? g->with[k] : g->without[k - g->n_with];
                char *needle = sb_collapse_space(snip);
                bool found = needle[0] && strstr(hay, needle);
                fprintf(out, "%s %-7s \"%s\"\n",
                        found == want ? "ok  " : "FAIL", want ? "with" : "without", needle);
                free(needle);
            }
            free(hay);
            lines l = {0};
            wrap(pred, (size_t)(width > 10 ? width : 10), &l);
            for (size_t k = 0; k < l.n; k++)
                fprintf(out, "%s\n", l.line[k]);
            free_lines(&l);
        }
    }
}

/* ---- JSON ---------------------------------------------------------------- */

static void jnum(sb_buf *b, const char *key, double v)
{
    if (!isfinite(v))
        v = 0;
    sb_buf_printf(b, "\"%s\": %.6g", key, v);
}

static void jprf(sb_buf *b, const char *key, sb_prf p)
{
    sb_buf_printf(b, "\"%s\": {", key);
    jnum(b, "p", p.p), sb_buf_puts(b, ", ");
    jnum(b, "r", p.r), sb_buf_puts(b, ", ");
    jnum(b, "f1", p.f1), sb_buf_puts(b, ", ");
    jnum(b, "exact", p.exact_share), sb_buf_puts(b, ", ");
    jnum(b, "mean_page_f1", p.mean_page_f1);
    sb_buf_puts(b, "}");
}

static void jrate(sb_buf *b, const char *key, sb_field_rate r)
{
    sb_buf_printf(b, "\"%s\": {\"gold\": %zu, \"hit\": %zu, ", key, r.gold, r.hit);
    jnum(b, "rate", r.gold ? (double)r.hit / (double)r.gold : 0.0);
    sb_buf_puts(b, "}");
}

static void joverlap(sb_buf *b, const char *key, sb_overlap o)
{
    sb_buf_printf(b, "\"%s\": {\"tp\": %zu, \"fp\": %zu, \"fn\": %zu, ", key, o.tp, o.fp, o.fn);
    jnum(b, "p", sb_overlap_precision(o)), sb_buf_puts(b, ", ");
    jnum(b, "r", sb_overlap_recall(o)), sb_buf_puts(b, ", ");
    jnum(b, "f1", sb_overlap_f1(o));
    sb_buf_puts(b, "}");
}

static void jfield(sb_buf *b, const char *key, signed char v)
{
    sb_buf_printf(b, ", \"%s\": %s", key,
                  v == SB_FIELD_NO_GOLD ? "null" : v == SB_FIELD_HIT ? "true" : "false");
}

/* One summary's figures as the members of a JSON object, braces included. */
static void json_summary(sb_buf *b, const sb_method_summary *s)
{
    sb_buf_puts(b, "{");
    if (s->has_text) {
        jprf(b, "shingle", s->shingle), sb_buf_puts(b, ", ");
        jprf(b, "lcs", s->lcs), sb_buf_puts(b, ", ");
        jprf(b, "bow", s->bow), sb_buf_puts(b, ", ");
    }
    if (s->has_snippets) {
        const sb_snippet_counts *k = &s->snippet_counts;
        sb_buf_printf(b, "\"snippets\": {\"tp\": %zu, \"fp\": %zu, \"fn\": %zu, \"tn\": %zu, ",
                      k->tp, k->fp, k->fn, k->tn);
        jnum(b, "p", s->snippets.p), sb_buf_puts(b, ", ");
        jnum(b, "r", s->snippets.r), sb_buf_puts(b, ", ");
        jnum(b, "f1", s->snippets.f1), sb_buf_puts(b, ", ");
        jnum(b, "accuracy", s->snippets.accuracy);
        sb_buf_puts(b, "}, ");
    }
    jrate(b, "title_exact", s->title_exact), sb_buf_puts(b, ", ");
    jrate(b, "title_similar", s->title_similar), sb_buf_puts(b, ", ");
    jrate(b, "byline", s->byline), sb_buf_puts(b, ", ");
    jrate(b, "date", s->date), sb_buf_puts(b, ", ");
    jrate(b, "image", s->image), sb_buf_puts(b, ", ");
    jrate(b, "image_asis", s->image_asis), sb_buf_puts(b, ", ");
    jrate(b, "image_asis_shown", s->image_asis_shown), sb_buf_puts(b, ", ");
    jrate(b, "image_stripped", s->image_stripped), sb_buf_puts(b, ", ");
    sb_buf_printf(b, "\"errors\": %zu, ", s->errors);
    jnum(b, "total_s", s->total_s), sb_buf_puts(b, ", ");
    jnum(b, "pages_per_s", s->pages_per_s), sb_buf_puts(b, ", ");
    jnum(b, "median_ms", s->median_ms);
    sb_buf_puts(b, "}");
}

static void json_method(sb_buf *b, const sb_eval *e, const sb_method_eval *me)
{
    const sb_corpus *c = e->corpus;
    sb_buf_puts(b, "    {\"name\": ");
    sb_buf_json_string(b, me->name);
    sb_buf_puts(b, ",\n     \"summary\": ");
    json_summary(b, &me->sum);
    /* The styled subset (styled.h); null when it has no page. */
    sb_buf_puts(b, ",\n     \"styled_summary\": ");
    if (e->n_styled)
        json_summary(b, &me->styled_sum);
    else
        sb_buf_puts(b, "null");
    sb_buf_puts(b, ",\n     \"pages\": [\n");
    for (size_t i = 0; i < c->n; i++) {
        const sb_gold_page *g = &c->pages[i];
        const sb_page_result *r = &me->pages[i];
        sb_buf_puts(b, "      {\"id\": ");
        sb_buf_json_string(b, g->id);
        sb_buf_puts(b, ", ");
        jnum(b, "ms", r->ms);
        sb_buf_puts(b, ", ");
        jnum(b, "score", sb_page_score(g, r));
        if (e->styled)
            sb_buf_printf(b, ", \"styled\": %s", e->styled[i] ? "true" : "false");
        if (r->error) {
            sb_buf_puts(b, ", \"error\": ");
            sb_buf_json_string(b, r->error);
        }
        if (g->text) {
            sb_buf_puts(b, ", ");
            joverlap(b, "shingle", r->shingle), sb_buf_puts(b, ", ");
            joverlap(b, "lcs", r->lcs), sb_buf_puts(b, ", ");
            joverlap(b, "bow", r->bow);
        }
        if (g->n_with + g->n_without)
            sb_buf_printf(b, ", \"snippets\": {\"tp\": %zu, \"fp\": %zu, \"fn\": %zu, \"tn\": %zu}",
                          r->snippets.tp, r->snippets.fp, r->snippets.fn, r->snippets.tn);
        jfield(b, "title_exact", r->title_exact);
        jfield(b, "title_similar", r->title_similar);
        jfield(b, "byline", r->byline);
        jfield(b, "date", r->date);
        jfield(b, "image", r->image);
        jfield(b, "image_asis", r->image_asis);
        jfield(b, "image_asis_shown", r->image_asis_shown);
        jfield(b, "image_stripped", r->image_stripped);
        sb_buf_printf(b, "}%s\n", i + 1 < c->n ? "," : "");
    }
    sb_buf_puts(b, "     ]}");
}

int sb_report_json(const sb_eval *e, const char *path)
{
    const sb_corpus *c = e->corpus;
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "{\n  \"corpus\": {\"name\": ");
    sb_buf_json_string(&b, c->name);
    sb_buf_puts(&b, ", \"dir\": ");
    sb_buf_json_string(&b, c->dir);
    sb_buf_printf(&b,
                  ", \"format\": \"%s\", \"pages\": %zu, \"skipped\": %zu, \"styled_pages\": %zu},\n",
                  sb_corpus_format_name(c->format), c->n, c->skipped, e->n_styled);
    sb_buf_printf(&b, "  \"jobs\": %d,\n  ", e->jobs);
    jnum(&b, "wall_s", e->wall_s);
    sb_buf_puts(&b, ",\n  \"methods\": [\n");
    for (size_t m = 0; m < e->n_methods; m++) {
        json_method(&b, e, &e->methods[m]);
        sb_buf_puts(&b, m + 1 < e->n_methods ? ",\n" : "\n");
    }
    sb_buf_puts(&b, "  ]\n}\n");
    int rc = -1;
    if (strcmp(path, "-") == 0) {
        rc = fwrite(b.data, 1, b.len, stdout) == b.len ? 0 : -1;
    } else {
        /* Through a temporary file: a failed write leaves the target as it was. */
        char err[512];
        sb_outfile out;
        if (sb_outfile_open(&out, path, err, sizeof err) == 0) {
            fwrite(b.data, 1, b.len, out.f);
            rc = sb_outfile_commit(&out, err, sizeof err);
        }
    }
    sb_buf_free(&b);
    return rc;
}

/* ---- flat figures -------------------------------------------------------- */

static void fig(FILE *out, const sb_eval *e, const char *method, const char *prefix,
                const char *metric, double v)
{
    fprintf(out, "%s\t%s\t%s%s\t%.4f\n", e->corpus->name, method, prefix, metric,
            isfinite(v) ? v : 0.0);
}

static void fig_rate(FILE *out, const sb_eval *e, const char *method, const char *prefix,
                     const char *metric, sb_field_rate r)
{
    if (r.gold)
        fig(out, e, method, prefix, metric, (double)r.hit / (double)r.gold);
}

/* One summary's figures, their metric names behind `prefix`. */
static void summary_figures(FILE *out, const sb_eval *e, const char *n, const char *prefix,
                            const sb_method_summary *s)
{
    if (s->has_text) {
        fig(out, e, n, prefix, "p", s->shingle.p);
        fig(out, e, n, prefix, "r", s->shingle.r);
        fig(out, e, n, prefix, "f1", s->shingle.f1);
        fig(out, e, n, prefix, "exact", s->shingle.exact_share);
        fig(out, e, n, prefix, "lcs_f1", s->lcs.f1);
        fig(out, e, n, prefix, "bow_f1", s->bow.f1);
    }
    if (s->has_snippets) {
        fig(out, e, n, prefix, "snippet_p", s->snippets.p);
        fig(out, e, n, prefix, "snippet_r", s->snippets.r);
        fig(out, e, n, prefix, "snippet_f1", s->snippets.f1);
        fig(out, e, n, prefix, "snippet_acc", s->snippets.accuracy);
    }
    fig_rate(out, e, n, prefix, "title_exact", s->title_exact);
    fig_rate(out, e, n, prefix, "title_similar", s->title_similar);
    fig_rate(out, e, n, prefix, "byline", s->byline);
    fig_rate(out, e, n, prefix, "date", s->date);
    fig_rate(out, e, n, prefix, "image", s->image);
    fig_rate(out, e, n, prefix, "image_asis", s->image_asis);
    fig_rate(out, e, n, prefix, "image_asis_shown", s->image_asis_shown);
    fig_rate(out, e, n, prefix, "image_stripped", s->image_stripped);
}

void sb_report_figures_tsv(FILE *out, const sb_eval *e)
{
    for (size_t m = 0; m < e->n_methods; m++)
        summary_figures(out, e, e->methods[m].name, "", &e->methods[m].sum);
    /* The styled subset's, as "styled_p" and so on, when it has pages. */
    for (size_t m = 0; m < e->n_methods && e->n_styled; m++)
        summary_figures(out, e, e->methods[m].name, "styled_", &e->methods[m].styled_sum);
}

void sb_report_pages_tsv(FILE *out, const sb_eval *e)
{
    for (size_t m = 0; m < e->n_methods; m++)
        for (size_t i = 0; i < e->corpus->n; i++)
            fprintf(out, "%s\t%s\t%.4f\n", e->methods[m].name, e->corpus->pages[i].id,
                    sb_page_score(&e->corpus->pages[i], &e->methods[m].pages[i]));
}
