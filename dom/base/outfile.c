/* outfile.c: write to a temporary file beside the target, rename on
 * success (see outfile.h). */
/* realpath() is declared for X/Open (glibc hides it under plain POSIX). */
#define _XOPEN_SOURCE 700
#include "dom/base/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dom/base/strbuf.h"

/* Distinguishes the temporary files of several writes in one process. */
static atomic_uint temp_counter;

/* The path in quotes, control bytes replaced: messages stay one line. */
static char *quoted(const char *path)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_putc(&b, '\'');
    for (const char *p = path; *p; p++)
        sb_buf_putc(&b, ((unsigned char)*p < 0x20 || *p == 0x7f) ? '?' : *p);
    sb_buf_putc(&b, '\'');
    return sb_buf_steal(&b);
}

static void clear(sb_outfile *o)
{
    free(o->target);
    free(o->temp);
    free(o->label);
    memset(o, 0, sizeof *o);
}

int sb_outfile_open(sb_outfile *o, const char *path, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    if (!path || !*path) {
        snprintf(err, errlen, "cannot write '': no file name");
        return -1;
    }
    o->label = quoted(path);

    /* Through a symbolic link: replace the file it names, keep the link. */
    struct stat st;
    if (lstat(path, &st) == 0 && S_ISLNK(st.st_mode)) {
        char *real = realpath(path, NULL);
        if (!real) {
            snprintf(err, errlen, "cannot write %s: %s", o->label, strerror(errno));
            clear(o);
            return -1;
        }
        o->target = sb_xstrdup(real);
        free(real);
    } else {
        o->target = sb_xstrdup(path);
    }
    bool existed = stat(o->target, &st) == 0;
    if (existed && !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "cannot write %s: %s", o->label,
                 S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file");
        clear(o);
        return -1;
    }

    /* ".NAME.PID.N.tmp" in the target's directory; the name part is cut so
     * the temporary name stays within the file system's name limit. */
    const char *slash = strrchr(o->target, '/');
    const char *base = slash ? slash + 1 : o->target;
    int dir_len = slash ? (int)(slash - o->target) + 1 : 0;
    int base_len = (int)strlen(base) > 200 ? 200 : (int)strlen(base);
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; attempt++) {
        sb_buf name = SB_BUF_INIT;
        sb_buf_printf(&name, "%.*s.%.*s.%ld.%u.tmp", dir_len, o->target, base_len, base,
                      (long)getpid(), atomic_fetch_add(&temp_counter, 1u));
        fd = open(name.data, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0) {
            o->temp = sb_buf_steal(&name);
        } else {
            sb_buf_free(&name);
            if (errno != EEXIST)
                break;
        }
    }
    if (fd < 0) {
        snprintf(err, errlen, "cannot write %s: %s", o->label, strerror(errno));
        clear(o);
        return -1;
    }
    /* A replaced file keeps its permissions. */
    if (existed)
        (void)fchmod(fd, st.st_mode & 07777);
    o->f = fdopen(fd, "wb");
    if (!o->f) {
        snprintf(err, errlen, "cannot write %s: %s", o->label, strerror(errno));
        close(fd);
        unlink(o->temp);
        clear(o);
        return -1;
    }
    return 0;
}

int sb_outfile_commit(sb_outfile *o, char *err, size_t errlen)
{
    if (!o->f) {
        snprintf(err, errlen, "cannot write: no open output file");
        return -1;
    }
    bool write_failed = ferror(o->f) != 0;
    int saved = errno;
    if (fflush(o->f) != 0) {
        write_failed = true;
        saved = errno;
    }
    if (fclose(o->f) != 0 && !write_failed) {
        write_failed = true;
        saved = errno;
    }
    o->f = NULL;
    if (write_failed) {
        snprintf(err, errlen, "cannot write %s: %s", o->label,
                 saved ? strerror(saved) : "write error");
        unlink(o->temp);
        clear(o);
        return -1;
    }
    if (rename(o->temp, o->target) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", o->label, strerror(errno));
        unlink(o->temp);
        clear(o);
        return -1;
    }
    clear(o);
    return 0;
}

void sb_outfile_abandon(sb_outfile *o)
{
    if (o->f) {
        fclose(o->f);
        unlink(o->temp);
    }
    clear(o);
}
