/* Tests for render/outfile: output through a temporary file beside the
 * target, renamed on success; failures leave the target and the directory
 * as they were.  Also the overlay PNG writer, which goes through it. */
/* mknod() and S_IFCHR are X/Open. */
#define _XOPEN_SOURCE 700
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/support/files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "layout/boxtree/boxtree.h"
#include "dom/base/outfile.h"
#include "layout/overlay/overlay.h"



static int not_dot(const struct dirent *e)
{
    return strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
}

/* The names in the fixture's directory, sorted, joined by spaces. */
static void dir_listing(fixture *f, char *out, size_t size)
{
    struct dirent **names;
    int n = scandir(f->dir, &names, not_dot, alphasort);
    assert_true(n >= 0);
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        int w = snprintf(out + used, size - used, "%s%s", i ? " " : "", names[i]->d_name);
        if (w > 0 && (size_t)w < size - used)
            used += (size_t)w;
        free(names[i]);
    }
    free(names);
}

static void write_text(const char *path, const char *text)
{
    FILE *out = fopen(path, "w");
    assert_non_null(out);
    fputs(text, out);
    assert_int_equal(fclose(out), 0);
}

static void expect_content(const char *path, const char *want)
{
    char buf[256] = "";
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    size_t n = fread(buf, 1, sizeof buf - 1, in);
    buf[n] = '\0';
    fclose(in);
    assert_string_equal(buf, want);
}

static void test_new_file(void **state)
{
    fixture *f = *state;
    char err[256], names[512];
    sb_outfile o;
    assert_int_equal(sb_outfile_open(&o, file_in(f, "out.txt"), err, sizeof err), 0);
    /* while writing, only the temporary file exists, beside the target */
    dir_listing(f, names, sizeof names);
    assert_memory_equal(names, ".out.txt.", 9);
    fputs("hello\n", o.f);
    assert_int_equal(sb_outfile_commit(&o, err, sizeof err), 0);
    expect_content(file_in(f, "out.txt"), "hello\n");
    dir_listing(f, names, sizeof names);
    assert_string_equal(names, "out.txt");
}

static void test_replaces_existing_file_keeping_its_mode(void **state)
{
    fixture *f = *state;
    char err[256], names[512];
    const char *path = file_in(f, "out.txt");
    write_text(path, "old\n");
    assert_int_equal(chmod(path, 0640), 0);
    sb_outfile o;
    assert_int_equal(sb_outfile_open(&o, path, err, sizeof err), 0);
    fputs("new\n", o.f);
    assert_int_equal(sb_outfile_commit(&o, err, sizeof err), 0);
    expect_content(path, "new\n");
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    dir_listing(f, names, sizeof names);
    assert_string_equal(names, "out.txt");
}

static void test_abandon_keeps_old_file(void **state)
{
    fixture *f = *state;
    char err[256], names[512];
    const char *path = file_in(f, "out.txt");
    write_text(path, "old\n");
    sb_outfile o;
    assert_int_equal(sb_outfile_open(&o, path, err, sizeof err), 0);
    fputs("half", o.f);
    sb_outfile_abandon(&o);
    expect_content(path, "old\n");
    dir_listing(f, names, sizeof names);
    assert_string_equal(names, "out.txt");
}

static void test_missing_directory(void **state)
{
    (void)state;
    char err[256];
    sb_outfile o;
    assert_int_equal(sb_outfile_open(&o, "/nonexistent/dir/x.png", err, sizeof err), -1);
    assert_string_equal(err, "cannot write '/nonexistent/dir/x.png': No such file or directory");
}

/* A FIFO at the target is refused and stays (renaming over it would
 * delete it; opening it would wait for a reader). */
static void test_fifo_target_refused(void **state)
{
    fixture *f = *state;
    char err[256], want[256], names[512];
    const char *path = file_in(f, "pipe.png");
    assert_int_equal(mkfifo(path, 0600), 0);
    sb_outfile o;
    assert_int_equal(sb_outfile_open(&o, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot write '%s': not a regular file", path);
    assert_string_equal(err, want);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    dir_listing(f, names, sizeof names);
    assert_string_equal(names, "pipe.png");
}

static void test_directory_target_refused(void **state)
{
    fixture *f = *state;
    char err[256], want[256];
    sb_outfile o;
    assert_int_equal(sb_outfile_open(&o, f->dir, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot write '%s': Is a directory", f->dir);
    assert_string_equal(err, want);
}

/* Through a symbolic link: the file it names is replaced, the link stays. */
static void test_symlink_target(void **state)
{
    fixture *f = *state;
    char err[256], names[512], real[160];
    snprintf(real, sizeof real, "%s/real.txt", f->dir);
    write_text(real, "old\n");
    const char *link = file_in(f, "link.txt");
    assert_int_equal(symlink("real.txt", link), 0);
    sb_outfile o;
    assert_int_equal(sb_outfile_open(&o, link, err, sizeof err), 0);
    fputs("new\n", o.f);
    assert_int_equal(sb_outfile_commit(&o, err, sizeof err), 0);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    expect_content(real, "new\n");
    dir_listing(f, names, sizeof names);
    assert_string_equal(names, "link.txt real.txt");
}

/* The case: the overlay written to a device node that fails every
 * write (a copy of /dev/full).  The write fails, and the node must still
 * be there afterwards.  Making device nodes needs root: skipped otherwise. */
static void test_overlay_onto_device_keeps_it(void **state)
{
    fixture *f = *state;
    const char *path = file_in(f, "full.png");
    if (mknod(path, S_IFCHR | 0666, makedev(1, 7)) != 0) {
        print_message("skipped: cannot create a device node (%s)\n", strerror(errno));
        skip();
    }
    sb_box box = {.rect = {0, 0, 100, 50}, .parent = -1, .first_child = -1, .next_sibling = -1,
                  .elem = -1, .tag = "html"};
    sb_boxtree t = {.boxes = &box, .n_boxes = 1, .page_width = 100, .page_height = 50};
    char err[256], want[256];
    assert_int_equal(sb_overlay_png(&t, NULL, NULL, path, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot write '%s': not a regular file", path);
    assert_string_equal(err, want);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISCHR(st.st_mode));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_new_file, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_replaces_existing_file_keeping_its_mode, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_abandon_keeps_old_file, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test(test_missing_directory),
        cmocka_unit_test_setup_teardown(test_fifo_target_refused, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_directory_target_refused, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_symlink_target, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_overlay_onto_device_keeps_it, tmpdir_setup, tmpdir_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
