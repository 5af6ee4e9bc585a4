/* fileio: whole-file reads and a monotonic clock, the two system calls
 * several layers need and none should write again. */
#ifndef SB_FILEIO_H
#define SB_FILEIO_H

#include <stdbool.h>
#include <stddef.h>

#include "dom/base/strbuf.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sb_read_status {
    SB_READ_OK = 0,
    SB_READ_CANNOT_OPEN,
    SB_READ_NOT_REGULAR, /* a FIFO, device, socket or directory: not read */
    SB_READ_FAILED /* opened, but a read failed; `out` holds what was read */
} sb_read_status;

/* Appends the bytes of the regular file at `path` to `out`, in chunks,
 * until the end of the file or until `out` holds `max` bytes or more (0 =
 * no limit; the last chunk may pass the limit).  Anything but a regular
 * file is refused without a blocking read (a FIFO named like a stylesheet
 * would block forever). */
sb_read_status sb_read_file(const char *path, size_t max, sb_buf *out);

/* Milliseconds on the monotonic clock (for budgets and figures only). */
double sb_clock_ms(void);

#ifdef __cplusplus
}
#endif
#endif
