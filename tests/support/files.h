/* files: what tests that write files share: a fresh temporary directory per
 * test (a cmocka setup/teardown pair and a path builder) and gzip in
 * memory.  Header-only, so each test executable stays one .c file. */
#ifndef SB_TEST_FILES_H
#define SB_TEST_FILES_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

typedef struct fixture {
    char dir[64];
    char path[160];
} fixture;

/* cmocka setup: *state is a fixture with a new directory under /tmp. */
static inline int tmpdir_setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/sb_test_XXXXXX");
    if (!f || !mkdtemp(f->dir)) {
        free(f);
        return -1;
    }
    *state = f;
    return 0;
}

/* cmocka teardown: the directory goes, with whatever the test left. */
static inline int tmpdir_teardown(void **state)
{
    fixture *f = *state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", f->dir);
    free(f);
    return 0;
}

/* The path of `name` inside the fixture's directory (valid until the next
 * call). */
static inline const char *file_in(fixture *f, const char *name)
{
    snprintf(f->path, sizeof f->path, "%s/%s", f->dir, name);
    return f->path;
}

/* `data` as one gzip member (malloc'd; *out_len its size). */
static inline unsigned char *gzip_bytes(const void *data, size_t len, size_t *out_len)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    assert_int_equal(deflateInit2(&z, 9, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
    size_t cap = deflateBound(&z, (uLong)len) + 64;
    unsigned char *buf = malloc(cap);
    assert_non_null(buf);
    z.next_in = (unsigned char *)data;
    z.avail_in = (uInt)len;
    z.next_out = buf;
    z.avail_out = (uInt)cap;
    assert_int_equal(deflate(&z, Z_FINISH), Z_STREAM_END);
    *out_len = cap - z.avail_out;
    deflateEnd(&z);
    return buf;
}

#endif
