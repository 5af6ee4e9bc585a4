/* realpath() is X/Open, beyond the POSIX level the build asks for */
#define _XOPEN_SOURCE 700

#include "hybrid/input/saved_page.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "dom/base/fileio.h"
#include "dom/base/image_size.h"
#include "dom/base/strbuf.h"

/* Trailing path components tried in a page's directory. */
#define MAX_COMPONENTS 8

/* Entries of a page's folder kept in its listing.  A larger folder is not
 * listed and each candidate's first component is checked with one
 * fstatat instead.  Measured (docs/render_cost.md, fourteenth round, task
 * h2c): listing costs about 0.34 us an entry (readdir, copy, sort; 990
 * entries 335 us), a failing fstatat about 0.8 us and a failing
 * realpath() about 5 us; a page of a 990-entry folder asks for about 185
 * candidates, and there the listing still cost less system time than the
 * fstatat per candidate (0.56 against 0.68 s over the 990 pages).  Past a
 * couple of thousand entries listing the folder for each of its pages
 * would cost more than it saves. */
#define MAX_LISTED 2048

/* A folder's listing, shared by the pages of that folder.  Listing a
 * folder of 990 pages costs 335 us (idle) to 555 us (loaded) of CPU, a
 * twentieth of a median page's render, and a batch of pages saved in one
 * folder listed it again for each of them (docs/render_cost.md, fifteenth
 * round).  A listing is kept (the last KEPT_LISTINGS folders, for every
 * thread) and handed to another page of the same folder when the folder
 * is, by stat(), the same one unchanged: same device and inode, same
 * modification and status-change times.  Kept only when taken more than
 * KEEP_AFTER_S seconds after the folder's last change: a file system's
 * timestamps come from a clock that ticks in milliseconds, so a folder
 * changed again within the tick of the change the listing saw could show
 * the same times; a change after a listing taken that late shows newer
 * ones.  A folder changed recently is listed for each page, as before.
 * Listings are counted references: a page holds its own until it is closed,
 * whichever listing the cache keeps by then. */
#define KEPT_LISTINGS 4
#define KEEP_AFTER_S 2

struct sb_dir_listing {
    char *dir;
    dev_t dev;
    ino_t ino;
    struct timespec mtime, ctime;
    int listed; /* 1: names[0..n) sorted; -1: not listable or too many */
    char **names;
    size_t n;
    char *data;
    int refs; /* under listings_lock */
};

static pthread_mutex_t listings_lock = PTHREAD_MUTEX_INITIALIZER;
static sb_dir_listing *kept_listings[KEPT_LISTINGS]; /* most recent first */

static void listing_free(sb_dir_listing *l)
{
    free(l->dir);
    free(l->names);
    free(l->data);
    free(l);
}

static void listing_release(sb_dir_listing *l)
{
    if (!l)
        return;
    pthread_mutex_lock(&listings_lock);
    bool last = --l->refs == 0;
    pthread_mutex_unlock(&listings_lock);
    if (last)
        listing_free(l);
}

static bool same_time(struct timespec a, struct timespec b)
{
    return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

/* A kept listing of dir as `st` shows it, with a reference taken, or NULL. */
static sb_dir_listing *listing_find(const char *dir, const struct stat *st)
{
    sb_dir_listing *found = NULL;
    pthread_mutex_lock(&listings_lock);
    for (int i = 0; i < KEPT_LISTINGS && !found; i++) {
        sb_dir_listing *l = kept_listings[i];
        if (l && l->dev == st->st_dev && l->ino == st->st_ino && same_time(l->mtime, st->st_mtim) &&
            same_time(l->ctime, st->st_ctim) && strcmp(l->dir, dir) == 0) {
            l->refs++;
            found = l;
        }
    }
    pthread_mutex_unlock(&listings_lock);
    return found;
}

/* Keeps l (the cache's own reference), dropping the oldest kept. */
static void listing_keep(sb_dir_listing *l)
{
    sb_dir_listing *dropped = NULL;
    pthread_mutex_lock(&listings_lock);
    l->refs++;
    dropped = kept_listings[KEPT_LISTINGS - 1];
    memmove(kept_listings + 1, kept_listings, (KEPT_LISTINGS - 1) * sizeof *kept_listings);
    kept_listings[0] = l;
    bool last = dropped && --dropped->refs == 0;
    pthread_mutex_unlock(&listings_lock);
    if (last)
        listing_free(dropped);
}

int sb_saved_page_open(sb_saved_page *sp, const char *path, const unsigned char *bytes, size_t len,
                       char *err, size_t errlen)
{
    *sp = (sb_saved_page){0};
    sp->html = bytes;
    sp->html_len = len;
    bool from_file = path && strcmp(path, "-") != 0;
    if (sb_is_mhtml_path(path) || sb_mhtml_sniff(bytes, len)) {
        if (sb_mhtml_parse(bytes, len, &sp->mhtml, err, errlen) != 0)
            return -1;
        sp->is_mhtml = true;
        const sb_mhtml_part *page = &sp->mhtml.parts[sp->mhtml.page];
        sp->html = page->data;
        sp->html_len = page->len;
        sp->url = page->location;
        sp->charset = page->charset;
        return 0;
    }
    if (from_file) {
        char *copy = sb_xstrdup(path);
        char *slash = strrchr(copy, '/');
        if (slash)
            *slash = '\0';
        char resolved[PATH_MAX];
        if (realpath(slash ? (*copy ? copy : "/") : ".", resolved))
            sp->dir = sb_xstrdup(resolved);
        free(copy);
    }
    return 0;
}

void sb_saved_page_options(sb_saved_page *sp, sb_options *opt)
{
    opt->resource = sb_saved_page_resource;
    opt->image_size = sb_saved_page_image_size;
    opt->resource_ctx = sp;
    /* an MHTML page's links are relative to where it was saved from,
     * which is also what its parts are named by */
    if (sp->url && !opt->base_url)
        opt->base_url = sp->url;
    if (sp->charset && !opt->transport_charset)
        opt->transport_charset = sp->charset;
}

void sb_saved_page_close(sb_saved_page *sp)
{
    if (!sp)
        return;
    sb_mhtml_free(&sp->mhtml);
    free(sp->dir);
    listing_release(sp->listing);
    *sp = (sb_saved_page){0};
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* The URL's path, %XX decoded, or NULL when it decodes to something that
 * is not a plain relative file path (NUL, "%2F"-made slashes, backslash). */
static char *url_path(const char *url)
{
    const char *p = url;
    const char *scheme = strstr(url, "://");
    if (scheme && scheme < url + strcspn(url, "/?#")) {
        p = strchr(scheme + 3, '/');
        if (!p)
            return NULL;
    }
    size_t n = strcspn(p, "?#");
    sb_buf out = SB_BUF_INIT;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '%' && i + 2 < n && hex_digit(p[i + 1]) >= 0 && hex_digit(p[i + 2]) >= 0) {
            c = (char)(hex_digit(p[i + 1]) * 16 + hex_digit(p[i + 2]));
            i += 2;
            if (c == '/' || c == '\0') {
                sb_buf_free(&out);
                return NULL;
            }
        }
        if (c == '\\') {
            sb_buf_free(&out);
            return NULL;
        }
        sb_buf_putc(&out, c);
    }
    return out.data ? sb_buf_steal(&out) : NULL;
}

/* Reads DIR/rel when its real path lies inside DIR: the whole file when
 * it has at most max_len bytes, or with `prefix` its first max_len bytes
 * (or a little more). */
static void *read_inside(const char *dir, const char *rel, size_t max_len, bool prefix,
                         size_t *len)
{
    sb_buf path = SB_BUF_INIT;
    sb_buf_printf(&path, "%s/%s", dir, rel);
    char resolved[PATH_MAX];
    void *result = NULL;
    size_t dn = strlen(dir);
    if (realpath(path.data, resolved) && strncmp(resolved, dir, dn) == 0 &&
        (resolved[dn] == '/' || (dn == 1 && dir[0] == '/'))) {
        sb_buf data = SB_BUF_INIT;
        if (sb_read_file(resolved, max_len + 1, &data) == SB_READ_OK &&
            (prefix || data.len <= max_len)) {
            *len = data.len;
            result = data.data ? sb_buf_steal(&data) : sb_xstrdup("");
        }
        sb_buf_free(&data);
    }
    sb_buf_free(&path);
    return result;
}

/* Byte order with ASCII letters folded: names that differ only in ASCII
 * case compare equal, so that on a case-insensitive file system a name
 * the lookup would find is never filtered out. */
static int ascii_fold_cmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        unsigned char x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x = (unsigned char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (unsigned char)(y - 'A' + 'a');
        if (x != y || !x)
            return (int)x - (int)y;
    }
}

static int name_cmp(const void *a, const void *b)
{
    return ascii_fold_cmp(*(char *const *)a, *(char *const *)b);
}

/* Lists dir: every entry but "." and ".." (hidden ones too; any bytes),
 * sorted for bsearch.  On any failure, or past MAX_LISTED entries,
 * listed = -1. */
static void list_into(sb_dir_listing *l, const char *dir)
{
    l->listed = -1;
    DIR *d = opendir(dir);
    if (!d)
        return;
    sb_buf data = SB_BUF_INIT;
    size_t n = 0;
    bool ok = true;
    for (;;) {
        errno = 0;
        struct dirent *e = readdir(d);
        if (!e) {
            ok = errno == 0;
            break;
        }
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (n == MAX_LISTED) {
            ok = false;
            break;
        }
        sb_buf_append(&data, e->d_name, strlen(e->d_name) + 1);
        n++;
    }
    closedir(d);
    if (!ok) {
        sb_buf_free(&data);
        return;
    }
    l->names = n ? sb_xmalloc(n * sizeof *l->names) : NULL;
    char *p = data.data;
    for (size_t i = 0; i < n; i++) {
        l->names[i] = p;
        p += strlen(p) + 1;
    }
    if (n > 1)
        qsort(l->names, n, sizeof *l->names, name_cmp);
    l->data = data.data ? sb_buf_steal(&data) : NULL;
    l->n = n;
    l->listed = 1;
}

/* Lists sp->dir once (list_into), or takes the folder's kept listing. */
static void list_dir(sb_saved_page *sp)
{
    struct stat st;
    bool have_st = stat(sp->dir, &st) == 0;
    sb_dir_listing *l = have_st ? listing_find(sp->dir, &st) : NULL;
    if (!l) {
        struct timespec now;
        bool have_now = clock_gettime(CLOCK_REALTIME, &now) == 0;
        l = sb_xcalloc(1, sizeof *l);
        l->refs = 1;
        list_into(l, sp->dir);
        if (have_st && have_now) {
            l->dir = sb_xstrdup(sp->dir);
            l->dev = st.st_dev;
            l->ino = st.st_ino;
            l->mtime = st.st_mtim;
            l->ctime = st.st_ctim;
            time_t changed = st.st_mtim.tv_sec > st.st_ctim.tv_sec ? st.st_mtim.tv_sec : st.st_ctim.tv_sec;
            if (now.tv_sec - changed > KEEP_AFTER_S)
                listing_keep(l);
        }
    }
    sp->listing = l;
    sp->listed = l->listed;
    sp->names = l->names;
    sp->n_names = l->n;
}

/* Whether DIR/name can exist, for the first component of a candidate: a
 * path whose first component is no entry of the folder cannot resolve, so
 * its realpath() (one readlink per component of DIR and of the path) is
 * skipped.  A yes is only a maybe: read_inside's realpath still decides.
 * Without a listing, and for a name with a byte >= 0x80 (a file system
 * may match such names under Unicode normalization, which the listing's
 * comparison does not do), one fstatat answers instead. */
static bool dir_may_hold(sb_saved_page *sp, const char *name)
{
    if (sp->listed == 0)
        list_dir(sp);
    bool ascii = true;
    for (const char *c = name; *c; c++)
        if ((unsigned char)*c >= 0x80)
            ascii = false;
    if (sp->listed == 1 && ascii)
        return bsearch(&name, sp->names, sp->n_names, sizeof *sp->names, name_cmp) != NULL;
    sb_buf path = SB_BUF_INIT;
    sb_buf_printf(&path, "%s/%s", sp->dir, name);
    struct stat st;
    /* only "no such entry" is a no: any other failure (EOVERFLOW, EACCES,
     * ...) leaves the answer to realpath */
    bool found = fstatat(AT_FDCWD, path.data, &st, AT_SYMLINK_NOFOLLOW) == 0 ||
                 (errno != ENOENT && errno != ENOTDIR);
    sb_buf_free(&path);
    return found;
}

/* The file of the page's folder that url names (see sb_saved_page_resource). */
static void *read_from_dir(sb_saved_page *sp, const char *url, size_t max_len, bool prefix,
                           size_t *len)
{
    if (!sp->dir)
        return NULL;
    char *path = url_path(url);
    if (!path)
        return NULL;
    /* the components, checked: none may be empty, "." or ".." */
    char *parts[MAX_COMPONENTS];
    size_t n = 0;
    bool ok = true;
    char *save = NULL;
    for (char *c = strtok_r(path, "/", &save); c; c = strtok_r(NULL, "/", &save)) {
        if (strcmp(c, ".") == 0 || strcmp(c, "..") == 0) {
            ok = false;
            break;
        }
        if (n == MAX_COMPONENTS)
            memmove(parts, parts + 1, --n * sizeof *parts);
        parts[n++] = c;
    }
    void *result = NULL;
    for (size_t first = 0; ok && first < n && !result; first++) {
        if (!dir_may_hold(sp, parts[first]))
            continue;
        sb_buf rel = SB_BUF_INIT;
        for (size_t i = first; i < n; i++)
            sb_buf_printf(&rel, "%s%s", i > first ? "/" : "", parts[i]);
        result = read_inside(sp->dir, rel.data, max_len, prefix, len);
        sb_buf_free(&rel);
    }
    free(path);
    return result;
}

void *sb_saved_page_resource(void *ctx, const char *url, size_t max_len, size_t *len)
{
    sb_saved_page *sp = ctx;
    if (!sp || !url)
        return NULL;
    if (sp->is_mhtml)
        return sb_mhtml_resource(&sp->mhtml, url, max_len, len);
    return read_from_dir(sp, url, max_len, false, len);
}

bool sb_saved_page_image_size(void *ctx, const char *url, int *width, int *height)
{
    sb_saved_page *sp = ctx;
    if (!sp || !url)
        return false;
    if (sp->is_mhtml) { /* the part's bytes are read where they are */
        const sb_mhtml_part *part = sb_mhtml_find(&sp->mhtml, url);
        return part && part != &sp->mhtml.parts[sp->mhtml.page] &&
               sb_image_header_size(part->data, part->len, width, height);
    }
    size_t len = 0;
    unsigned char *head = read_from_dir(sp, url, SB_IMAGE_HEADER_BYTES, true, &len);
    bool ok = head && sb_image_header_size(head, len, width, height);
    free(head);
    return ok;
}
