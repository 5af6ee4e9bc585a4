/* bench_extract: what a whole extraction costs per page, method by method.
 *
 *   bench_extract [--methods hybrid,dom] [--width N] [--budget MS]
 *                 [--per-page FILE] DIR_OR_FILE...
 *
 * Extracts every .html/.htm file under the arguments (recursively, in name
 * order) with each method in turn, on this one thread, and prints per
 * method the median, p90 and sum of the per-page times and the pages per
 * second they make, then each method's median against the last one's.
 * Two clocks: the thread's CPU time, which a loaded machine hardly
 * changes (the figure to compare), and wall time, as `storybox eval`
 * measures it.  The methods take turns page by page, so both see the same
 * load and the same warm caches.  --per-page writes every page's times to
 * FILE as tab-separated lines (method, page, CPU ms, wall ms), to find the
 * pages that make a median or a sum.  Prints figures only; nothing is
 * checked. */
#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"
#include "storybox.h"
#include "tools/bench_pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#define MAX_METHODS 8

static double thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct figures {
    double median, p90, sum;
} figures;

static figures summarise(double *v, size_t n)
{
    figures f = {0, 0, 0};
    if (!n)
        return f;
    for (size_t i = 0; i < n; i++)
        f.sum += v[i];
    qsort(v, n, sizeof *v, cmp_double);
    f.median = v[n / 2];
    f.p90 = v[(n * 9) / 10 < n ? (n * 9) / 10 : n - 1];
    return f;
}

int main(int argc, char **argv)
{
    const char *methods_arg = "hybrid,dom";
    const char *per_page_path = NULL;
    int width = 0, budget_ms = 0;
    bench_pages files = {0};
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--methods") == 0 && i + 1 < argc)
            methods_arg = argv[++i];
        else if (strcmp(argv[i], "--width") == 0 && i + 1 < argc)
            width = atoi(argv[++i]);
        else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc)
            budget_ms = atoi(argv[++i]);
        else if (strcmp(argv[i], "--per-page") == 0 && i + 1 < argc)
            per_page_path = argv[++i];
        else
            bench_pages_collect(&files, argv[i], "bench_extract");
    }
    char *methods_copy = sb_xstrdup(methods_arg);
    const char *methods[MAX_METHODS];
    size_t n_methods = 0;
    for (char *save = NULL, *m = strtok_r(methods_copy, ",", &save); m && n_methods < MAX_METHODS;
         m = strtok_r(NULL, ",", &save))
        methods[n_methods++] = m;
    if (!files.n || !n_methods) {
        fprintf(stderr, "usage: bench_extract [--methods hybrid,dom] [--width N] "
                        "[--budget MS] [--per-page FILE] DIR_OR_FILE...\n");
        free(methods_copy);
        return 2;
    }
    FILE *per_page = NULL;
    if (per_page_path && !(per_page = fopen(per_page_path, "w"))) {
        fprintf(stderr, "bench_extract: cannot write %s\n", per_page_path);
        free(methods_copy);
        return 2;
    }
    bench_pages_sort(&files);
    double *cpu[MAX_METHODS], *wall[MAX_METHODS];
    size_t errors[MAX_METHODS] = {0};
    for (size_t m = 0; m < n_methods; m++) {
        cpu[m] = sb_xcalloc(files.n, sizeof **cpu);
        wall[m] = sb_xcalloc(files.n, sizeof **wall);
    }
    for (size_t i = 0; i < files.n; i++) {
        sb_buf b = SB_BUF_INIT;
        if (sb_read_file(files.v[i], 0, &b) != SB_READ_OK)
            fprintf(stderr, "bench_extract: cannot read %s\n", files.v[i]);
        for (size_t m = 0; m < n_methods; m++) {
            sb_options opt;
            sb_options_init(&opt);
            opt.method = methods[m];
            opt.width = width;
            opt.time_budget_ms = budget_ms;
            double c0 = thread_cpu_ms(), w0 = sb_clock_ms();
            sb_story *s = sb_extract(b.data ? b.data : "", b.len, &opt);
            wall[m][i] = sb_clock_ms() - w0;
            cpu[m][i] = thread_cpu_ms() - c0;
            if (s->error)
                errors[m]++;
            sb_story_free(s);
            if (per_page)
                fprintf(per_page, "%s\t%s\t%.3f\t%.3f\n", methods[m], files.v[i], cpu[m][i],
                        wall[m][i]);
        }
        sb_buf_free(&b);
    }
    printf("pages %zu\n", files.n);
    printf("%-10s %9s %9s %9s %8s | %9s %9s %8s | %5s\n", "method", "cpu-med", "cpu-p90", "cpu-sum",
           "pages/s", "wall-med", "wall-sum", "pages/s", "err");
    figures last_cpu = {0, 0, 0}, last_wall = {0, 0, 0};
    figures fc[MAX_METHODS], fw[MAX_METHODS];
    for (size_t m = 0; m < n_methods; m++) {
        fc[m] = summarise(cpu[m], files.n);
        fw[m] = summarise(wall[m], files.n);
        printf("%-10s %9.2f %9.2f %9.0f %8.1f | %9.2f %9.0f %8.1f | %5zu\n", methods[m],
               fc[m].median, fc[m].p90, fc[m].sum,
               fc[m].sum > 0 ? files.n * 1000.0 / fc[m].sum : 0.0, fw[m].median, fw[m].sum,
               fw[m].sum > 0 ? files.n * 1000.0 / fw[m].sum : 0.0, errors[m]);
        last_cpu = fc[m];
        last_wall = fw[m];
    }
    for (size_t m = 0; m + 1 < n_methods; m++)
        printf("%s / %s: cpu median x%.2f, cpu sum x%.2f; wall median x%.2f\n", methods[m],
               methods[n_methods - 1], last_cpu.median > 0 ? fc[m].median / last_cpu.median : 0.0,
               last_cpu.sum > 0 ? fc[m].sum / last_cpu.sum : 0.0,
               last_wall.median > 0 ? fw[m].median / last_wall.median : 0.0);
    if (per_page && fclose(per_page) != 0)
        fprintf(stderr, "bench_extract: error writing %s\n", per_page_path);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("peak RSS %.1f MB\n", ru.ru_maxrss / 1024.0);
    for (size_t m = 0; m < n_methods; m++) {
        free(cpu[m]);
        free(wall[m]);
    }
    bench_pages_free(&files);
    free(methods_copy);
    return 0;
}
