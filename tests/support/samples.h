/* samples.h: reading a file of the project's samples/ folder in a test.
 * The test fails (cmocka) when the file cannot be read. */
#ifndef SB_TEST_SAMPLES_H
#define SB_TEST_SAMPLES_H

#include <stdio.h>

#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"

/* The bytes of samples/FOLDER/NAME, NUL-terminated, malloc'd; their
 * length in *len. */
static inline char *read_sample(const char *folder, const char *name, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/samples/%s/%s", SB_SOURCE_DIR, folder, name);
    sb_buf b = SB_BUF_INIT;
    assert_int_equal(sb_read_file(path, 0, &b), SB_READ_OK);
    *len = b.len;
    return sb_buf_steal(&b);
}

#endif
