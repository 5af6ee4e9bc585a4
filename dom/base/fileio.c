#include "dom/base/fileio.h"

#include <stdio.h>
#include <time.h>

sb_read_status sb_read_file(const char *path, size_t max, sb_buf *out)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return SB_READ_CANNOT_OPEN;
    char chunk[65536];
    size_t n;
    while ((!max || out->len < max) && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sb_buf_append(out, chunk, n);
    bool failed = ferror(f) != 0;
    fclose(f);
    return failed ? SB_READ_FAILED : SB_READ_OK;
}

double sb_clock_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1e6;
}
