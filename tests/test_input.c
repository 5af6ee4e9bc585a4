/* Tests for hybrid/input: files, gzip by magic bytes, caps, stdin, errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/support/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "hybrid/input/input.h"



static void write_file(const char *path, const void *data, size_t len)
{
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(data, 1, len, out), len);
    assert_int_equal(fclose(out), 0);
}



static void test_plain_file(void **state)
{
    fixture *f = *state;
    static const char page[] = "<p>hello\0world</p>";
    const char *path = file_in(f, "page.html");
    write_file(path, page, sizeof page - 1);

    unsigned char *data;
    size_t len;
    char err[256];
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), 0);
    assert_int_equal(len, sizeof page - 1);
    assert_memory_equal(data, page, len);
    assert_int_equal(data[len], 0);
    free(data);
}

static void test_empty_file(void **state)
{
    fixture *f = *state;
    const char *path = file_in(f, "empty.html");
    write_file(path, "", 0);
    unsigned char *data;
    size_t len = 99;
    char err[256];
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), 0);
    assert_int_equal(len, 0);
    assert_string_equal((char *)data, "");
    free(data);
}

static void test_missing_file(void **state)
{
    fixture *f = *state;
    const char *path = file_in(f, "nope.html");
    unsigned char *data = (unsigned char *)"x";
    size_t len;
    char err[256], want[256];
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), -1);
    assert_null(data);
    snprintf(want, sizeof want, "cannot open '%s': No such file or directory", path);
    assert_string_equal(err, want);
}

static void test_directory(void **state)
{
    fixture *f = *state;
    unsigned char *data;
    size_t len;
    char err[256], want[256];
    assert_int_equal(sb_read_input(f->dir, &data, &len, err, sizeof err), -1);
    snprintf(want, sizeof want, "cannot read '%s': Is a directory", f->dir);
    assert_string_equal(err, want);
}

static void test_gzip_round_trip_by_magic(void **state)
{
    fixture *f = *state;
    /* a page big enough to need the output buffer to grow */
    size_t n = 300000;
    char *page = malloc(n);
    for (size_t i = 0; i < n; i++)
        page[i] = (char)('a' + (i * 7 + i / 13) % 26);
    size_t gz_len;
    unsigned char *gz = gzip_bytes(page, n, &gz_len);
    /* no .gz suffix: recognised by the magic bytes */
    const char *path = file_in(f, "compressed.html");
    write_file(path, gz, gz_len);

    unsigned char *data;
    size_t len;
    char err[256];
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), 0);
    assert_int_equal(len, n);
    assert_memory_equal(data, page, n);
    assert_int_equal(data[len], 0);
    free(data);
    free(gz);
    free(page);
}

static void test_gzip_concatenated_members(void **state)
{
    fixture *f = *state;
    size_t a_len, b_len;
    unsigned char *a = gzip_bytes("<p>one</p>", 10, &a_len);
    unsigned char *b = gzip_bytes("<p>two</p>", 10, &b_len);
    unsigned char *both = malloc(a_len + b_len);
    memcpy(both, a, a_len);
    memcpy(both + a_len, b, b_len);
    const char *path = file_in(f, "two.gz");
    write_file(path, both, a_len + b_len);

    unsigned char *data;
    size_t len;
    char err[256];
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), 0);
    assert_string_equal((char *)data, "<p>one</p><p>two</p>");
    free(data);
    free(both);
    free(a);
    free(b);
}

static void test_truncated_gzip(void **state)
{
    fixture *f = *state;
    static const char page[] = "<html><body><p>a story that will be cut short</p></body></html>";
    size_t gz_len;
    unsigned char *gz = gzip_bytes(page, sizeof page - 1, &gz_len);
    const char *path = file_in(f, "cut.html.gz");
    write_file(path, gz, gz_len / 2);

    unsigned char *data;
    size_t len;
    char err[256], want[256];
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), -1);
    assert_null(data);
    snprintf(want, sizeof want, "'%s': truncated gzip data", path);
    assert_string_equal(err, want);
    free(gz);
}

static void test_corrupt_gzip(void **state)
{
    fixture *f = *state;
    /* gzip header, then a deflate block of reserved type 3 */
    static const unsigned char bad[] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 0xff, 0xff, 0xff};
    const char *path = file_in(f, "bad.gz");
    write_file(path, bad, sizeof bad);

    unsigned char *data;
    size_t len;
    char err[256], want[256];
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), -1);
    snprintf(want, sizeof want, "'%s': corrupt gzip data (invalid block type)", path);
    assert_string_equal(err, want);
}

static void test_size_cap(void **state)
{
    fixture *f = *state;
    char page[101];
    memset(page, 'x', sizeof page);
    const char *path = file_in(f, "big.html");
    write_file(path, page, sizeof page);

    unsigned char *data;
    size_t len;
    char err[256], want[256];
    assert_int_equal(sb_read_input_max(path, 100, &data, &len, err, sizeof err), -1);
    snprintf(want, sizeof want, "'%s' is larger than 100 bytes", path);
    assert_string_equal(err, want);

    /* exactly at the cap is fine */
    assert_int_equal(sb_read_input_max(path, 101, &data, &len, err, sizeof err), 0);
    assert_int_equal(len, 101);
    free(data);
}

static void test_gzip_bomb_cap(void **state)
{
    fixture *f = *state;
    size_t n = 1 << 20;
    char *zeros = calloc(1, n);
    size_t gz_len;
    unsigned char *gz = gzip_bytes(zeros, n, &gz_len);
    const char *path = file_in(f, "bomb.gz");
    write_file(path, gz, gz_len);

    unsigned char *data;
    size_t len;
    char err[256], want[256];
    assert_int_equal(sb_read_input_max(path, 4096, &data, &len, err, sizeof err), -1);
    snprintf(want, sizeof want, "'%s' is larger than 4096 bytes when decompressed", path);
    assert_string_equal(err, want);
    free(gz);
    free(zeros);
}

static void test_stdin(void **state)
{
    fixture *f = *state;
    static const char page[] = "<p>from a pipe</p>";
    size_t gz_len;
    unsigned char *gz = gzip_bytes(page, sizeof page - 1, &gz_len);
    const char *path = file_in(f, "stdin.gz");
    write_file(path, gz, gz_len);
    free(gz);
    assert_non_null(freopen(path, "rb", stdin));

    unsigned char *data;
    size_t len;
    char err[256];
    assert_int_equal(sb_read_input("-", &data, &len, err, sizeof err), 0);
    assert_string_equal((char *)data, page);
    free(data);

    /* stdin is named as such in messages */
    write_file(path, "\x1f\x8b\x08", 3);
    assert_non_null(freopen(path, "rb", stdin));
    assert_int_equal(sb_read_input("-", &data, &len, err, sizeof err), -1);
    assert_string_equal(err, "standard input: truncated gzip data");
}

/* A FIFO named like a page: an error at once, not a read that waits for a
 * writer forever.  The alarm turns a hang into a failure instead of
 * holding the whole test run. */
static void test_fifo_is_not_read(void **state)
{
    fixture *f = *state;
    const char *path = file_in(f, "x.html");
    assert_int_equal(mkfifo(path, 0600), 0);
    unsigned char *data = (unsigned char *)"unchanged";
    size_t len = 7;
    char err[256], want[256];
    alarm(30);
    assert_int_equal(sb_read_input(path, &data, &len, err, sizeof err), -1);
    alarm(0);
    assert_null(data);
    assert_int_equal(len, 0);
    snprintf(want, sizeof want, "'%s': not a regular file", path);
    assert_string_equal(err, want);
}

/* Devices are no pages either (/dev/zero would fill the size cap). */
static void test_device_is_not_read(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    char err[256];
    assert_int_equal(sb_read_input("/dev/zero", &data, &len, err, sizeof err), -1);
    assert_string_equal(err, "'/dev/zero': not a regular file");
    assert_int_equal(sb_read_input("/dev/null", &data, &len, err, sizeof err), -1);
    assert_string_equal(err, "'/dev/null': not a regular file");
}

static void test_control_characters_in_name(void **state)
{
    (void)state;
    unsigned char *data;
    size_t len;
    char err[256];
    assert_int_equal(sb_read_input("/nonexistent/a\nb", &data, &len, err, sizeof err), -1);
    assert_string_equal(err, "cannot open '/nonexistent/a?b': No such file or directory");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_plain_file, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_empty_file, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_missing_file, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_directory, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_gzip_round_trip_by_magic, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_gzip_concatenated_members, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_truncated_gzip, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_corrupt_gzip, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_size_cap, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_gzip_bomb_cap, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_stdin, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test(test_control_characters_in_name),
        cmocka_unit_test_setup_teardown(test_fifo_is_not_read, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test(test_device_is_not_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
