#include "dom/base/fileio.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

sb_read_status sb_read_file(const char *path, size_t max, sb_buf *out)
{
    /* Opened without blocking, checked, then read normally. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return SB_READ_CANNOT_OPEN;
    struct stat st;
    int flags = fcntl(fd, F_GETFL);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || flags < 0 ||
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        close(fd);
        return SB_READ_NOT_REGULAR;
    }
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        close(fd);
        return SB_READ_CANNOT_OPEN;
    }
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
