/* End-to-end checks against the hand-written news samples.
 *
 * For every samples/news/NAME.html that has a NAME.expected.json, the page
 * is extracted twice through the public API:
 *   - with the default options (the hybrid method): title, byline,
 *     published, standfirst, text, lead image URL and caption, the captions
 *     of the story's images when the record lists them ("captions"), and
 *     method must equal the expected record exactly;
 *   - with method "dom": title, standfirst, text and captions must equal the
 *     same record, and the method must be "dom".
 * The expected records are written by a person and follow the conventions
 * in samples/news/README.md; they are never adjusted to what the extractor
 * produces.
 *
 * A mismatch names the field and, for the text, the first paragraph that
 * differs with the point where it starts to differ, so a failure says what
 * the extractor got wrong without rerunning anything.  Set SB_SAMPLE=NAME to
 * run only the pages whose name contains NAME. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/json.h"
#include "dom/base/strbuf.h"
#include "hybrid/input/input.h"
#include "storybox.h"

#define SAMPLES_DIR SB_SOURCE_DIR "/samples/news"

typedef struct sample_case {
    char *test_name;     /* "one_column [hybrid]" */
    char *html_path;
    char *expected_path;
    const char *method;  /* NULL: the default method */
} sample_case;

/* ---- reporting ---------------------------------------------------------- */

/* Mismatches are collected rather than failing on the first one, so one run
 * shows every field the extractor got wrong on a page. */
typedef struct report {
    sb_buf text;
    int problems;
} report;

static const char *show(const char *s)
{
    return s ? s : "(null)";
}

static void add_problem(report *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void add_problem(report *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_buf_puts(&r->text, "  - ");
    sb_buf_vprintf(&r->text, fmt, ap);
    sb_buf_putc(&r->text, '\n');
    va_end(ap);
    r->problems++;
}

static bool same_str(const char *a, const char *b)
{
    if (!a || !b)
        return a == b;
    return strcmp(a, b) == 0;
}

/* An absent field and an empty one mean the same to a reader of the record. */
static const char *nonempty(const char *s)
{
    return s && *s ? s : NULL;
}

static void check_field(report *r, const char *field, const char *want, const char *got)
{
    want = nonempty(want);
    got = nonempty(got);
    if (!same_str(want, got))
        add_problem(r, "%s: want \"%s\", got \"%s\"", field, show(want), show(got));
}

/* Splits "p1\n\np2..." into paragraphs; returns their count.  The array
 * points into `copy`, which the caller frees with the array. */
static size_t split_paragraphs(const char *text, char **copy, char ***paras)
{
    *copy = sb_xstrdup(text ? text : "");
    size_t n = 0, cap = 8;
    *paras = sb_xmalloc(cap * sizeof **paras);
    char *p = *copy;
    while (*p) {
        char *end = strstr(p, "\n\n");
        if (end)
            *end = '\0';
        if (n == cap) {
            cap *= 2;
            *paras = sb_xrealloc(*paras, cap * sizeof **paras);
        }
        (*paras)[n++] = p;
        if (!end)
            break;
        p = end + 2;
    }
    return n;
}

static bool contains_para(char **paras, size_t n, const char *para)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(paras[i], para) == 0)
            return true;
    return false;
}

/* Appends at most `max` bytes of s, cut on a UTF-8 character boundary,
 * with control characters shown as escapes: a stray "\n" inside a
 * paragraph is a finding in itself and must be visible. */
static void put_clipped(sb_buf *b, const char *s, size_t max)
{
    size_t n = strlen(s);
    bool clipped = n > max;
    if (clipped) {
        n = max;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
            n--;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n')
            sb_buf_puts(b, "\\n");
        else if (c == '\t')
            sb_buf_puts(b, "\\t");
        else if (c < 0x20)
            sb_buf_printf(b, "\\x%02x", c);
        else
            sb_buf_putc(b, (char)c);
    }
    if (clipped)
        sb_buf_puts(b, "...");
}

/* Describes the first differing paragraph: missing, extra or changed. */
static void check_text(report *r, const char *want, const char *got)
{
    if (same_str(want ? want : "", got ? got : ""))
        return;
    char *wcopy, *gcopy, **wp, **gp;
    size_t nw = split_paragraphs(want, &wcopy, &wp);
    size_t ng = split_paragraphs(got, &gcopy, &gp);
    size_t i = 0;
    while (i < nw && i < ng && strcmp(wp[i], gp[i]) == 0)
        i++;

    sb_buf msg = SB_BUF_INIT;
    sb_buf_printf(&msg, "text: want %zu paragraphs, got %zu; first difference at paragraph %zu:",
                  nw, ng, i + 1);
    if (i >= ng) {
        sb_buf_puts(&msg, "\n      missing: \"");
        put_clipped(&msg, wp[i], 200);
        sb_buf_puts(&msg, "\"");
    } else if (i >= nw) {
        sb_buf_puts(&msg, "\n      extra:   \"");
        put_clipped(&msg, gp[i], 200);
        sb_buf_puts(&msg, "\"");
    } else if (!contains_para(wp, nw, gp[i])) {
        /* Show where the paragraph starts to differ, with some context. */
        size_t k = 0;
        while (wp[i][k] && wp[i][k] == gp[i][k])
            k++;
        while (k > 0 && ((unsigned char)wp[i][k] & 0xC0) == 0x80)
            k--;
        size_t from = k > 40 ? k - 40 : 0;
        while (from > 0 && ((unsigned char)wp[i][from] & 0xC0) == 0x80)
            from--;
        if (contains_para(gp, ng, wp[i]))
            sb_buf_puts(&msg, " (extra)\n      want: \"");
        else
            sb_buf_printf(&msg, " (changed from byte %zu)\n      want: \"", k);
        put_clipped(&msg, wp[i] + from, 160);
        sb_buf_puts(&msg, "\"\n      got:  \"");
        put_clipped(&msg, gp[i] + from, 160);
        sb_buf_puts(&msg, "\"");
    } else {
        sb_buf_puts(&msg, " (missing)\n      want: \"");
        put_clipped(&msg, wp[i], 200);
        sb_buf_puts(&msg, "\"\n      got:  \"");
        put_clipped(&msg, gp[i], 200);
        sb_buf_puts(&msg, "\"");
    }
    /* Boilerplate that got in is the commonest failure: list it. */
    int extras = 0;
    for (size_t j = 0; j < ng; j++) {
        if (contains_para(wp, nw, gp[j]))
            continue;
        if (extras++ == 0)
            sb_buf_puts(&msg, "\n      paragraphs not in the story:");
        if (extras > 8) {
            sb_buf_puts(&msg, "\n        ...");
            break;
        }
        sb_buf_puts(&msg, "\n        \"");
        put_clipped(&msg, gp[j], 90);
        sb_buf_puts(&msg, "\"");
    }
    int missing = 0;
    for (size_t j = 0; j < nw; j++)
        missing += !contains_para(gp, ng, wp[j]);
    if (missing)
        sb_buf_printf(&msg, "\n      %d of %zu story paragraphs not found verbatim", missing, nw);
    add_problem(r, "%s", msg.data);
    sb_buf_free(&msg);
    free(wp);
    free(gp);
    free(wcopy);
    free(gcopy);
}

/* "captions", when the record lists them: the caption of every image of
 * the story (images[]) in reading order, null for an image without one. */
static void check_captions(report *r, const sb_json *want, const sb_story *s)
{
    if (sb_json_type(want) != SB_JSON_ARRAY)
        return;
    size_t n = sb_json_len(want);
    if (n != s->n_images) {
        add_problem(r, "captions: want %zu images, got %zu", n, s->n_images);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        char name[48];
        snprintf(name, sizeof name, "images[%zu].caption", i);
        check_field(r, name, sb_json_str(sb_json_at(want, i)), s->images[i].caption);
    }
}

/* ---- one page ------------------------------------------------------------ */

static void run_case(void **state)
{
    const sample_case *c = *state;
    char err[512];

    unsigned char *bytes = NULL;
    size_t len = 0;
    if (sb_read_input(c->html_path, &bytes, &len, err, sizeof err) != 0)
        fail_msg("%s", err);
    sb_json *want = sb_json_parse_file(c->expected_path, 0, err, sizeof err);
    if (!want || sb_json_type(want) != SB_JSON_OBJECT) {
        free(bytes);
        fail_msg("%s: %s", c->expected_path, want ? "not a JSON object" : err);
    }

    sb_options opt;
    sb_options_init(&opt);
    opt.source = c->html_path;
    opt.method = c->method;
    sb_story *s = sb_extract(bytes, len, &opt);
    free(bytes);

    report r = {SB_BUF_INIT, 0};
    if (s->error)
        add_problem(&r, "error: %s", s->error);
    check_field(&r, "title", sb_json_get_str(want, "title"), s->title);
    check_text(&r, sb_json_get_str(want, "text"), s->text);
    check_field(&r, "standfirst", sb_json_get_str(want, "standfirst"), s->standfirst);
    check_captions(&r, sb_json_get(want, "captions"), s);
    if (c->method && strcmp(c->method, "dom") == 0) {
        check_field(&r, "method", "dom", s->method);
    } else {
        check_field(&r, "method", sb_json_get_str(want, "method"), s->method);
        check_field(&r, "byline", sb_json_get_str(want, "byline"), s->byline);
        check_field(&r, "published", sb_json_get_str(want, "published"), s->published);
        const sb_json *img = sb_json_get(want, "lead_image");
        if (sb_json_type(img) != SB_JSON_OBJECT) {
            if (s->lead_image)
                add_problem(&r, "lead_image: want none, got \"%s\"", show(s->lead_image->url));
        } else if (!s->lead_image) {
            add_problem(&r, "lead_image: want \"%s\", got none", show(sb_json_get_str(img, "url")));
        } else {
            check_field(&r, "lead_image.url", sb_json_get_str(img, "url"), s->lead_image->url);
            check_field(&r, "lead_image.caption", sb_json_get_str(img, "caption"),
                        s->lead_image->caption);
        }
    }
    sb_story_free(s);
    sb_json_free(want);

    if (r.problems) {
        /* Not print_error: cmocka clips its messages at 1 KiB. */
        fflush(stdout);
        fprintf(stderr, "%s: %d mismatch%s\n%s", c->test_name, r.problems,
                r.problems == 1 ? "" : "es", r.text.data);
        fflush(stderr);
        sb_buf_free(&r.text);
        fail();
    }
    sb_buf_free(&r.text);
}

/* ---- discovery ----------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Page names (without .html) that have an expected record, sorted. */
static size_t list_samples(char ***names)
{
    size_t n = 0, cap = 16;
    *names = sb_xmalloc(cap * sizeof **names);
    DIR *d = opendir(SAMPLES_DIR);
    if (!d)
        return 0;
    const char *only = getenv("SB_SAMPLE");
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".html") != 0)
            continue;
        char *name = sb_xstrndup(e->d_name, len - 5);
        sb_buf exp = SB_BUF_INIT;
        sb_buf_printf(&exp, "%s/%s.expected.json", SAMPLES_DIR, name);
        FILE *f = fopen(exp.data, "rb");
        sb_buf_free(&exp);
        if (!f || (only && !strstr(name, only))) {
            if (f)
                fclose(f);
            free(name);
            continue;
        }
        fclose(f);
        if (n == cap) {
            cap *= 2;
            *names = sb_xrealloc(*names, cap * sizeof **names);
        }
        (*names)[n++] = name;
    }
    closedir(d);
    qsort(*names, n, sizeof **names, by_name);
    return n;
}

int main(void)
{
    char **names;
    size_t n = list_samples(&names);
    if (n == 0) {
        fprintf(stderr, "test_samples: no samples with expected records in %s\n", SAMPLES_DIR);
        free(names);
        return 1; /* the samples ship with the project: their absence is a bug */
    }

    static const char *const methods[] = {NULL, "dom"};
    const size_t per_page = sizeof methods / sizeof methods[0];
    sample_case *cases = sb_xcalloc(n * per_page, sizeof *cases);
    struct CMUnitTest *tests = sb_xcalloc(n * per_page, sizeof *tests);
    for (size_t i = 0; i < n; i++) {
        for (size_t m = 0; m < per_page; m++) {
            sample_case *c = &cases[i * per_page + m];
            sb_buf b = SB_BUF_INIT;
            sb_buf_printf(&b, "%s [%s]", names[i], methods[m] ? methods[m] : "hybrid");
            c->test_name = sb_buf_steal(&b);
            sb_buf_printf(&b, "%s/%s.html", SAMPLES_DIR, names[i]);
            c->html_path = sb_buf_steal(&b);
            sb_buf_printf(&b, "%s/%s.expected.json", SAMPLES_DIR, names[i]);
            c->expected_path = sb_buf_steal(&b);
            c->method = methods[m];
            tests[i * per_page + m] = (struct CMUnitTest){
                c->test_name, run_case, NULL, NULL, c};
        }
    }

    int failed = _cmocka_run_group_tests("samples", tests, n * per_page, NULL, NULL);

    for (size_t i = 0; i < n * per_page; i++) {
        free(cases[i].test_name);
        free(cases[i].html_path);
        free(cases[i].expected_path);
    }
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
    free(cases);
    free(tests);
    return failed ? 1 : 0;
}
