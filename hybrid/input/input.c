/* input.c: whole-file reads with a cap, and gzip inflation through zlib. */
#include "hybrid/input/input.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "dom/base/strbuf.h"

/* How the input is named in messages: quoted path, with control bytes
 * replaced so that a hostile file name cannot break the one-line rule. */
static void input_label(const char *path, char *out, size_t size)
{
    if (strcmp(path, "-") == 0) {
        snprintf(out, size, "standard input");
        return;
    }
    size_t o = 0;
    if (size < 3) {
        if (size)
            out[0] = '\0';
        return;
    }
    out[o++] = '\'';
    for (const char *p = path; *p && o + 2 < size; p++)
        out[o++] = ((unsigned char)*p < 0x20 || *p == 0x7f) ? '?' : *p;
    out[o++] = '\'';
    out[o] = '\0';
}

/* "64 MB", or an exact byte count for caps that are not whole MB. */
typedef struct size_text {
    char s[32];
} size_text;

static size_text describe_size(size_t n)
{
    size_text t;
    const size_t mb = (size_t)1024 * 1024;
    if (n >= mb && n % mb == 0)
        snprintf(t.s, sizeof t.s, "%zu MB", n / mb);
    else
        snprintf(t.s, sizeof t.s, "%zu bytes", n);
    return t;
}

/* Reads the whole stream, failing once more than max_bytes arrive. */
static int read_stream(FILE *f, const char *label, size_t max_bytes, size_t hint,
                       unsigned char **data, size_t *len, char *err, size_t errlen)
{
    size_t cap = hint > 0 && hint <= max_bytes ? hint + 1 : 65536;
    size_t used = 0;
    unsigned char *buf = sb_xmalloc(cap + 1);

    for (;;) {
        if (used == cap) {
            if (cap > max_bytes)
                break;
            size_t next = cap * 2;
            if (next > max_bytes + 1)
                next = max_bytes + 1;
            buf = sb_xrealloc(buf, next + 1);
            cap = next;
        }
        size_t n = fread(buf + used, 1, cap - used, f);
        used += n;
        if (used > max_bytes)
            break;
        if (n == 0) {
            if (ferror(f)) {
                snprintf(err, errlen, "cannot read %s: %s", label, strerror(errno));
                free(buf);
                return -1;
            }
            if (feof(f))
                break;
        }
    }
    if (used > max_bytes) {
        snprintf(err, errlen, "%s is larger than %s", label, describe_size(max_bytes).s);
        free(buf);
        return -1;
    }
    buf[used] = '\0';
    *data = buf;
    *len = used;
    return 0;
}

static bool is_gzip(const unsigned char *b, size_t len)
{
    return len >= 2 && b[0] == 0x1f && b[1] == 0x8b;
}

/* Inflates one or more concatenated gzip members. */
static int gunzip(const unsigned char *in, size_t in_len, const char *label, size_t max_bytes,
                  unsigned char **data, size_t *len, char *err, size_t errlen)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
        snprintf(err, errlen, "%s: cannot start gzip decompression", label);
        return -1;
    }

    /* zlib counts in uInt; the raw input is capped far below 4 GB. */
    z.next_in = (unsigned char *)in;
    z.avail_in = (uInt)in_len;

    size_t cap = in_len * 4 + 4096;
    if (cap > max_bytes + 1)
        cap = max_bytes + 1;
    unsigned char *buf = sb_xmalloc(cap + 1);
    size_t used = 0;
    enum { GZ_OK, GZ_TOO_LARGE, GZ_TRUNCATED, GZ_NO_MEMORY, GZ_CORRUPT } problem = GZ_OK;

    for (;;) {
        if (used == cap) {
            if (cap > max_bytes) {
                problem = GZ_TOO_LARGE;
                break;
            }
            size_t next = cap * 2;
            if (next > max_bytes + 1)
                next = max_bytes + 1;
            buf = sb_xrealloc(buf, next + 1);
            cap = next;
        }
        z.next_out = buf + used;
        z.avail_out = (uInt)(cap - used);
        int r = inflate(&z, Z_NO_FLUSH);
        used = (size_t)(z.next_out - buf);
        if (r == Z_STREAM_END) {
            /* gzip allows several members back to back (e.g. `cat a.gz
             * b.gz`); anything else after the end is ignored, like gzip -d
             * does with trailing zeros. */
            if (z.avail_in >= 2 && is_gzip(z.next_in, z.avail_in)) {
                inflateReset(&z);
                continue;
            }
            break;
        }
        if (r == Z_OK)
            continue;
        if (r == Z_BUF_ERROR && z.avail_out == 0)
            continue; /* output full: grow and go on */
        if (r == Z_BUF_ERROR) {
            problem = GZ_TRUNCATED;
        } else if (r == Z_MEM_ERROR) {
            problem = GZ_NO_MEMORY;
        } else {
            snprintf(err, errlen, "%s: corrupt gzip data (%s)", label,
                     z.msg ? z.msg : "unknown error");
            problem = GZ_CORRUPT;
        }
        break;
    }
    inflateEnd(&z);

    if (problem != GZ_OK) {
        if (problem == GZ_TOO_LARGE)
            snprintf(err, errlen, "%s is larger than %s when decompressed", label,
                     describe_size(max_bytes).s);
        else if (problem == GZ_TRUNCATED)
            snprintf(err, errlen, "%s: truncated gzip data", label);
        else if (problem == GZ_NO_MEMORY)
            snprintf(err, errlen, "%s: out of memory while decompressing", label);
        free(buf);
        return -1;
    }
    buf[used] = '\0';
    *data = buf;
    *len = used;
    return 0;
}

int sb_read_input_max(const char *path, size_t max_bytes, unsigned char **data,
                      size_t *len, char *err, size_t errlen)
{
    char label[512];
    unsigned char *raw = NULL;
    size_t raw_len = 0;
    int rc;

    *data = NULL;
    *len = 0;
    if (errlen)
        err[0] = '\0';
    if (!path || !*path) {
        snprintf(err, errlen, "no input file given");
        return -1;
    }
    input_label(path, label, sizeof label);

    if (strcmp(path, "-") == 0) {
        rc = read_stream(stdin, label, max_bytes, 0, &raw, &raw_len, err, errlen);
    } else {
        /* Only regular files are pages: a FIFO, device or socket named like a
         * page would block the whole batch on its first read (or never end).
         * stat first so they are not even opened; then open without
         * blocking and check again what was opened, in case the path changed
         * in between. */
        struct stat st;
        if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "%s: not a regular file", label);
            return -1;
        }
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) {
            snprintf(err, errlen, "cannot open %s: %s", label, strerror(errno));
            return -1;
        }
        if (fstat(fd, &st) != 0) {
            snprintf(err, errlen, "cannot read %s: %s", label, strerror(errno));
            close(fd);
            return -1;
        }
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "cannot read %s: %s", label, strerror(EISDIR));
            close(fd);
            return -1;
        }
        if (!S_ISREG(st.st_mode)) {
            snprintf(err, errlen, "%s: not a regular file", label);
            close(fd);
            return -1;
        }
        /* A regular file: ordinary blocking reads from here on. */
        int flags = fcntl(fd, F_GETFL);
        FILE *f = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0 ? NULL : fdopen(fd, "rb");
        if (!f) {
            snprintf(err, errlen, "cannot read %s: %s", label, strerror(errno));
            close(fd);
            return -1;
        }
        size_t hint = 0;
        if (st.st_size > 0) {
            if ((unsigned long long)st.st_size > max_bytes) {
                snprintf(err, errlen, "%s is larger than %s", label, describe_size(max_bytes).s);
                fclose(f);
                return -1;
            }
            hint = (size_t)st.st_size;
        }
        rc = read_stream(f, label, max_bytes, hint, &raw, &raw_len, err, errlen);
        fclose(f);
    }
    if (rc != 0)
        return -1;

    if (!is_gzip(raw, raw_len)) {
        *data = raw;
        *len = raw_len;
        return 0;
    }
    rc = gunzip(raw, raw_len, label, max_bytes, data, len, err, errlen);
    free(raw);
    return rc;
}

int sb_read_input(const char *path, unsigned char **data, size_t *len, char *err, size_t errlen)
{
    return sb_read_input_max(path, SB_INPUT_MAX_BYTES, data, len, err, errlen);
}
