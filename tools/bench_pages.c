/* bench_pages.c: collecting the page files of a benchmark run. */
#include "tools/bench_pages.h"

#include "dom/base/strbuf.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void push(bench_pages *l, char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->v = sb_xrealloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = s;
}

static int is_html_name(const char *name)
{
    size_t n = strlen(name);
    return (n > 5 && strcmp(name + n - 5, ".html") == 0) ||
           (n > 4 && strcmp(name + n - 4, ".htm") == 0);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Breadth-first, with an explicit queue of directories (no recursion). */
void bench_pages_collect(bench_pages *pages, const char *root, const char *prog)
{
    struct stat st;
    if (stat(root, &st) != 0) {
        fprintf(stderr, "%s: cannot read %s\n", prog, root);
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        push(pages, sb_xstrdup(root));
        return;
    }
    bench_pages dirs = {0};
    push(&dirs, sb_xstrdup(root));
    for (size_t d = 0; d < dirs.n; d++) {
        DIR *dir = opendir(dirs.v[d]);
        if (!dir)
            continue;
        struct dirent *e;
        while ((e = readdir(dir))) {
            if (e->d_name[0] == '.')
                continue;
            sb_buf p = SB_BUF_INIT;
            sb_buf_printf(&p, "%s/%s", dirs.v[d], e->d_name);
            if (stat(p.data, &st) != 0) {
                sb_buf_free(&p);
                continue;
            }
            if (S_ISDIR(st.st_mode))
                push(&dirs, sb_buf_steal(&p));
            else if (S_ISREG(st.st_mode) && is_html_name(e->d_name))
                push(pages, sb_buf_steal(&p));
            else
                sb_buf_free(&p);
        }
        closedir(dir);
    }
    bench_pages_free(&dirs);
}

void bench_pages_sort(bench_pages *pages)
{
    if (pages->n)
        qsort(pages->v, pages->n, sizeof *pages->v, cmp_str);
}

void bench_pages_free(bench_pages *pages)
{
    for (size_t i = 0; i < pages->n; i++)
        free(pages->v[i]);
    free(pages->v);
    *pages = (bench_pages){0};
}
