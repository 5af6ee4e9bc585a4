/* Concurrent extraction: every sample page (samples/, *.html) goes through
 * sb_extract with the hybrid and the dom method, first one after the other
 * on this thread, then on THREADS threads at once; every record's JSON
 * (sb_story_to_json) must equal the sequential one byte for byte.
 *
 * The library promises to keep no global mutable state; this is the test
 * of that promise.  It passes in any build, and scripts/test.sh also runs
 * it in the ThreadSanitizer build (STORYBOX_TSAN=ON), where a data race
 * fails it even when the bytes happen to agree.
 *
 * The render budget is set far above what any sample needs, so that a slow
 * (sanitized, loaded) machine cannot make a render give up in one run and
 * not in the other. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "storybox.h"

#define THREADS 4
/* Each page and method is extracted this many times in the threaded run,
 * so the same page is also extracted by two threads at once. */
#define ROUNDS 2
#define MAX_PAGES 1024
#define GENEROUS_BUDGET_MS (10 * 60 * 1000)

static const char *const methods[] = {"hybrid", "dom"};
#define N_METHODS (sizeof methods / sizeof methods[0])

typedef struct page {
    char path[512];
    char *bytes;
    size_t len;
} page;

static page pages[MAX_PAGES];
static size_t n_pages;

/* One extraction: page p with method m. */
typedef struct job {
    size_t page, method;
    char *expected; /* sequential run's JSON */
} job;

static job jobs[MAX_PAGES * N_METHODS];
static size_t n_jobs;

static atomic_size_t next_job; /* index into jobs x ROUNDS */
static atomic_size_t mismatches;

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    assert_int_equal(fseek(f, 0, SEEK_SET), 0);
    char *b = malloc((size_t)n + 1);
    assert_non_null(b);
    *len = fread(b, 1, (size_t)n, f);
    assert_int_equal(*len, (size_t)n);
    fclose(f);
    return b;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Every *.html below dir, recursively, in a sorted order. */
static void collect(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    assert_true(n >= 0);
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        char path[512];
        if (name[0] != '.' && snprintf(path, sizeof path, "%s/%s", dir, name) < (int)sizeof path) {
            struct stat st;
            if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
                collect(path);
            } else if (S_ISREG(st.st_mode) && has_suffix(name, ".html")) {
                assert_true(n_pages < MAX_PAGES);
                page *p = &pages[n_pages++];
                snprintf(p->path, sizeof p->path, "%s", path);
                p->bytes = slurp(path, &p->len);
            }
        }
        free(names[i]);
    }
    free(names);
}

static char *extract_json(size_t page_index, size_t method)
{
    const page *p = &pages[page_index];
    sb_options opt;
    sb_options_init(&opt);
    opt.method = methods[method];
    opt.source = p->path;
    opt.time_budget_ms = GENEROUS_BUDGET_MS;
    sb_story *s = sb_extract(p->bytes, p->len, &opt);
    char *json = sb_story_to_json(s, false);
    sb_story_free(s);
    return json;
}

static void *worker(void *arg)
{
    (void)arg;
    for (;;) {
        size_t k = atomic_fetch_add(&next_job, 1);
        if (k >= n_jobs * ROUNDS)
            return NULL;
        const job *j = &jobs[k % n_jobs];
        char *json = extract_json(j->page, j->method);
        if (strcmp(json, j->expected) != 0) {
            /* cmocka's asserts are not for other threads: report, count. */
            fprintf(stderr, "%s (%s): record differs from the sequential run\n  sequential: %.300s\n  threaded:   %.300s\n",
                    pages[j->page].path, methods[j->method], j->expected, json);
            atomic_fetch_add(&mismatches, 1);
        }
        free(json);
    }
}

static void test_threads_match_sequential(void **state)
{
    (void)state;
    collect("samples");
    /* Every folder of samples/ holds pages; a wrong working directory
     * would otherwise pass on nothing. */
    assert_true(n_pages >= 30);

    for (size_t p = 0; p < n_pages; p++)
        for (size_t m = 0; m < N_METHODS; m++) {
            job *j = &jobs[n_jobs++];
            j->page = p;
            j->method = m;
            j->expected = extract_json(p, m);
        }
    /* The comparison must compare something: most samples give a story. */
    size_t with_text = 0;
    for (size_t i = 0; i < n_jobs; i++)
        if (!strstr(jobs[i].expected, "\"text\":\"\""))
            with_text++;
    assert_true(with_text >= n_jobs / 2);

    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_create(&threads[t], NULL, worker, NULL), 0);
    for (int t = 0; t < THREADS; t++)
        assert_int_equal(pthread_join(threads[t], NULL), 0);
    assert_int_equal(atomic_load(&mismatches), 0);
    assert_true(atomic_load(&next_job) >= n_jobs * ROUNDS);

    for (size_t i = 0; i < n_jobs; i++)
        free(jobs[i].expected);
    for (size_t p = 0; p < n_pages; p++)
        free(pages[p].bytes);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_threads_match_sequential),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
