/* outfile: every output file the tool writes (PNG overlays, eval reports,
 * charts, figures) goes through here, so that a failed write never harms
 * what was at the target path before.
 *
 * The data goes to a new temporary file beside the target (same directory,
 * so the final rename stays on one file system; created with O_EXCL under a
 * unique name, so it never opens anything that already exists).  Only when
 * everything was written and closed is it renamed over the target; on any
 * failure only the temporary file is removed.  A target that exists and is
 * not a regular file (a device node, a FIFO, a directory) is refused
 * before anything is written: renaming over it would delete it.  A target
 * that is a symbolic link is written through: the file it points to is
 * replaced, the link stays.
 *
 *     sb_outfile o;
 *     if (sb_outfile_open(&o, "chart.png", err, sizeof err) != 0) fail(err);
 *     fwrite(data, 1, n, o.f);
 *     if (sb_outfile_commit(&o, err, sizeof err) != 0) fail(err);
 *
 * Thread-safe: temporary names are unique per process and per call. */
#ifndef SB_OUTFILE_H
#define SB_OUTFILE_H

#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sb_outfile {
    FILE *f;          /* write here between open and commit/abandon */
    char *target;     /* where the data goes (symbolic links resolved) */
    char *temp;       /* the temporary file beside it */
    char *label;      /* the path as the caller named it, for messages */
} sb_outfile;

/* Creates the temporary file for `path`.  Returns 0, or -1 with a one-line
 * "cannot write 'PATH': reason" in err (then nothing was created and o
 * needs no further call). */
int sb_outfile_open(sb_outfile *o, const char *path, char *err, size_t errlen);

/* Flushes and closes the temporary file and renames it over the target.
 * Returns 0, or -1 with the reason in err after removing the temporary
 * file (the target is then as it was). */
int sb_outfile_commit(sb_outfile *o, char *err, size_t errlen);

/* Gives up: closes and removes the temporary file only. */
void sb_outfile_abandon(sb_outfile *o);

#ifdef __cplusplus
}
#endif

#endif
