/* warc.c: the WARC record stream.  Three levels: bytes (a plain file, or
 * gzip members inflated in chunks), records (the WARC header, then the
 * block read or skipped by Content-Length), and the HTTP response inside a
 * `response` record (status line, headers, chunked and content codings). */
#include "hybrid/input/warc.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <zlib.h>

#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"
#include "hybrid/input/input.h"

#define RAW_CHUNK 65536
#define OUT_CHUNK 65536
/* A header line, and a whole WARC or HTTP header, longer than these is
 * malformed (real ones are a few hundred bytes). */
#define MAX_LINE 16384
#define MAX_HEADER 262144

struct sb_warc_reader {
    FILE *f;
    bool own_file;
    char label[512];
    size_t max_body;
    sb_warc_counts counts;
    bool stylesheets_only; /* sb_warc_stylesheets_only */

    /* Compressed side (gzip files only). */
    bool gz, started;
    z_stream z;
    bool z_live;
    unsigned char raw[RAW_CHUNK];
    size_t raw_len;                /* bytes in raw; z.next_in points into it */
    unsigned long long raw_offset; /* file offset of raw[0] */
    bool raw_eof;
    bool member_done;                    /* the current member ended (or none began) */
    unsigned long long member_offset;    /* file offset of the current member */
    unsigned long long member_out_start; /* its first decompressed byte */
    char gz_fault[160];                  /* a corrupt, truncated or missing member, to report */
    unsigned long long fault_offset;

    /* Decompressed side: out[pos..len) not yet consumed. */
    unsigned char out[OUT_CHUNK];
    size_t pos, len;
    unsigned long long out_offset; /* stream offset of out[0] */
    bool eof;
    /* While a record that began a gzip member is read, the bytes stop at
     * that member's end: a record cut short cannot eat the next one. */
    bool stay_in_member;
    bool at_line_start;
};

/* ------------------------------------------------------------------ */
/* Bytes                                                               */

static bool is_gzip_magic(const unsigned char *b, size_t n)
{
    return n >= 3 && b[0] == 0x1f && b[1] == 0x8b && b[2] == 0x08;
}

/* Keeps at least `want` unread compressed bytes in raw when the file has
 * them.  Returns the number available. */
static size_t raw_fill(sb_warc_reader *r, size_t want)
{
    size_t avail = r->z.avail_in;
    if (avail >= want || r->raw_eof)
        return avail;
    size_t consumed = r->raw_len - avail;
    memmove(r->raw, r->raw + consumed, avail);
    r->raw_offset += consumed;
    r->raw_len = avail;
    while (r->raw_len < want && !r->raw_eof) {
        size_t n = fread(r->raw + r->raw_len, 1, RAW_CHUNK - r->raw_len, r->f);
        r->raw_len += n;
        if (n == 0)
            r->raw_eof = true;
    }
    r->z.next_in = r->raw;
    r->z.avail_in = (uInt)r->raw_len;
    return r->raw_len;
}

static unsigned long long raw_position(const sb_warc_reader *r)
{
    return r->raw_offset + (r->raw_len - r->z.avail_in);
}

static void raw_skip(sb_warc_reader *r, size_t n)
{
    r->z.next_in += n;
    r->z.avail_in -= (uInt)n;
}

/* Starts the gzip member at the current compressed position, or skips to
 * the next gzip magic after a fault.  Returns false at the end. */
static bool start_member(sb_warc_reader *r, bool resync)
{
    /* A member that failed before consuming anything would be found
     * again at the same place. */
    if (resync && raw_fill(r, 1) > 0 && raw_position(r) == r->member_offset)
        raw_skip(r, 1);
    for (;;) {
        size_t avail = raw_fill(r, 3);
        if (avail == 0)
            return false;
        if (is_gzip_magic(r->z.next_in, avail))
            break;
        if (!resync) {
            /* Zeros after a member are padding (gzip -d ignores them
             * too); anything else is a fault, and the next call skips to
             * the next gzip member. */
            if (r->z.next_in[0] == 0) {
                raw_skip(r, 1);
                continue;
            }
            r->fault_offset = raw_position(r);
            snprintf(r->gz_fault, sizeof r->gz_fault, "data at offset %llu is not a gzip member",
                     r->fault_offset);
            return false;
        }
        raw_skip(r, 1);
    }
    inflateReset(&r->z);
    r->member_offset = raw_position(r);
    r->member_out_start = r->out_offset + r->len;
    r->member_done = false;
    r->at_line_start = true;
    return true;
}

/* Inflates more of the current member into out.  Returns false when the
 * member ended (member_done) or failed (gz_fault). */
static bool inflate_some(sb_warc_reader *r)
{
    size_t before = r->len;
    while (r->len == before) {
        if (r->z.avail_in == 0 && raw_fill(r, 1) == 0) {
            r->fault_offset = r->member_offset;
            snprintf(r->gz_fault, sizeof r->gz_fault, "truncated gzip member at offset %llu",
                     r->member_offset);
            r->member_done = true;
            return false;
        }
        r->z.next_out = r->out + r->len;
        r->z.avail_out = (uInt)(OUT_CHUNK - r->len);
        int rc = inflate(&r->z, Z_NO_FLUSH);
        r->len = (size_t)(r->z.next_out - r->out);
        if (rc == Z_STREAM_END) {
            r->member_done = true;
            return r->len > before;
        }
        if (rc == Z_OK || (rc == Z_BUF_ERROR && r->z.avail_in == 0))
            continue;
        r->fault_offset = r->member_offset;
        snprintf(r->gz_fault, sizeof r->gz_fault, "corrupt gzip member at offset %llu (%s)",
                 r->member_offset, r->z.msg ? r->z.msg : "inflate failed");
        r->member_done = true;
        return false;
    }
    return true;
}

/* Makes at least `want` (<= OUT_CHUNK) unread bytes available when the
 * stream has them.  Returns the number available. */
static size_t fill(sb_warc_reader *r, size_t want)
{
    if (r->len - r->pos >= want)
        return r->len - r->pos;
    if (r->pos > 0) {
        memmove(r->out, r->out + r->pos, r->len - r->pos);
        r->out_offset += r->pos;
        r->len -= r->pos;
        r->pos = 0;
    }
    if (!r->started) {
        r->started = true;
        r->gz = raw_fill(r, 3) >= 3 && is_gzip_magic(r->raw, r->raw_len);
        if (r->gz) {
            if (inflateInit2(&r->z, 16 + MAX_WBITS) != Z_OK) {
                snprintf(r->gz_fault, sizeof r->gz_fault, "cannot start gzip decompression");
                r->eof = true;
                return r->len;
            }
            r->z_live = true;
        } else {
            /* plain: the bytes raw_fill read are the first of the stream */
            memcpy(r->out, r->raw, r->raw_len);
            r->len = r->raw_len;
            r->z.avail_in = 0;
        }
    }
    while (r->len < want && !r->eof) {
        if (!r->gz) {
            size_t n = fread(r->out + r->len, 1, OUT_CHUNK - r->len, r->f);
            r->len += n;
            if (n == 0)
                r->eof = true;
            continue;
        }
        if (r->gz_fault[0])
            break; /* reported before anything else is read */
        if (r->member_done) {
            if (r->stay_in_member)
                break;
            if (!start_member(r, false)) {
                if (!r->gz_fault[0])
                    r->eof = true;
                break;
            }
        }
        if (!inflate_some(r) && r->gz_fault[0])
            break;
    }
    return r->len - r->pos;
}

/* The stream offset of the next unread byte. */
static unsigned long long position(const sb_warc_reader *r)
{
    return r->out_offset + r->pos;
}

static void consume(sb_warc_reader *r, size_t n)
{
    if (n > 0)
        r->at_line_start = r->out[r->pos + n - 1] == '\n';
    r->pos += n;
}

/* Discards n bytes; returns how many were there. */
static unsigned long long skip_bytes(sb_warc_reader *r, unsigned long long n)
{
    unsigned long long done = 0;
    while (done < n) {
        size_t avail = fill(r, 1);
        if (avail == 0)
            break;
        size_t take = n - done < avail ? (size_t)(n - done) : avail;
        consume(r, take);
        done += take;
    }
    return done;
}

/* Reads one line (LF-terminated; the CR LF or LF is dropped) into line.
 * Returns 1; 0 at the end of the data; LINE_CUT when the data ends inside
 * the line; LINE_LONG for a line over MAX_LINE (consumed up to MAX_LINE).
 * *used counts the bytes consumed. */
enum { LINE_LONG = -1, LINE_CUT = -2 };

static int read_line(sb_warc_reader *r, sb_buf *line, unsigned long long *used)
{
    sb_buf_clear(line);
    for (;;) {
        size_t avail = fill(r, 1);
        if (avail == 0)
            return line->len > 0 ? LINE_CUT : 0;
        const unsigned char *start = r->out + r->pos;
        const unsigned char *nl = memchr(start, '\n', avail);
        size_t take = nl ? (size_t)(nl - start) + 1 : avail;
        if (line->len + take > MAX_LINE) {
            take = MAX_LINE - line->len;
            sb_buf_append(line, (const char *)start, take);
            consume(r, take);
            *used += take;
            return LINE_LONG;
        }
        sb_buf_append(line, (const char *)start, nl ? take - 1 : take);
        consume(r, take);
        *used += take;
        if (nl) {
            if (line->len > 0 && line->data[line->len - 1] == '\r')
                line->data[--line->len] = '\0';
            return 1;
        }
    }
}

/* After a malformed header: discards bytes up to the next line that starts
 * with "WARC/1." (left unread), the end of the member, or the end. */
static void resync(sb_warc_reader *r)
{
    for (;;) {
        size_t avail = fill(r, 7);
        if (avail == 0)
            return;
        if (r->at_line_start && avail >= 7 && memcmp(r->out + r->pos, "WARC/1.", 7) == 0)
            return;
        const unsigned char *nl = memchr(r->out + r->pos, '\n', avail);
        consume(r, nl ? (size_t)(nl - (r->out + r->pos)) + 1 : avail);
    }
}

/* ------------------------------------------------------------------ */
/* Opening and closing                                                 */

static sb_warc_reader *reader_new(FILE *f, bool own, const char *label, size_t max_body)
{
    sb_warc_reader *r = sb_xcalloc(1, sizeof *r);
    r->f = f;
    r->own_file = own;
    snprintf(r->label, sizeof r->label, "%s", label);
    r->max_body = max_body ? max_body : SB_INPUT_MAX_BYTES;
    r->member_done = true;
    r->at_line_start = true;
    return r;
}

/* The path quoted, control bytes replaced (messages stay one line). */
static void quote_path(const char *path, char *out, size_t size)
{
    size_t o = 0;
    out[o++] = '\'';
    for (const char *p = path; *p && o + 2 < size; p++)
        out[o++] = ((unsigned char)*p < 0x20 || *p == 0x7f) ? '?' : *p;
    out[o++] = '\'';
    out[o] = '\0';
}

sb_warc_reader *sb_warc_open(const char *path, size_t max_body, char *err, size_t errlen)
{
    char label[512];
    quote_path(path ? path : "", label, sizeof label);
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f) {
        snprintf(err, errlen, "cannot open %s: %s", label, strerror(path ? errno : EINVAL));
        return NULL;
    }
    return reader_new(f, true, label, max_body);
}

sb_warc_reader *sb_warc_open_stream(FILE *f, const char *label, size_t max_body)
{
    return reader_new(f, false, label ? label : "WARC stream", max_body);
}

void sb_warc_close(sb_warc_reader *r)
{
    if (!r)
        return;
    if (r->z_live)
        inflateEnd(&r->z);
    if (r->own_file)
        fclose(r->f);
    free(r);
}

const sb_warc_counts *sb_warc_get_counts(const sb_warc_reader *r)
{
    return &r->counts;
}

void sb_warc_record_clear(sb_warc_record *rec)
{
    free(rec->record_id);
    free(rec->target_uri);
    free(rec->charset);
    free(rec->body);
    memset(rec, 0, sizeof *rec);
}

bool sb_is_warc_path(const char *path)
{
    size_t n = strlen(path);
    return (n >= 5 && strcasecmp(path + n - 5, ".warc") == 0) ||
           (n >= 8 && strcasecmp(path + n - 8, ".warc.gz") == 0);
}

/* ------------------------------------------------------------------ */
/* Headers                                                             */

/* A header value trimmed, as valid UTF-8 without control characters. */
static char *clean_value(const char *s, size_t n)
{
    while (n > 0 && (*s == ' ' || *s == '\t'))
        s++, n--;
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (n == 0)
        return sb_xstrdup(""); /* the copy of nothing is not terminated */
    char *v = sb_utf8_sanitize_copy(s, n);
    for (char *p = v; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            *p = ' ';
    return v;
}

/* "Name: value" with the name matched case-insensitively; the value or
 * NULL. */
static const char *header_value(const char *line, const char *name)
{
    size_t n = strlen(name);
    if (strncasecmp(line, name, n) != 0 || line[n] != ':')
        return NULL;
    return line + n + 1;
}

/* A decimal Content-Length; false when absent, malformed or absurd. */
static bool parse_length(const char *v, unsigned long long *out)
{
    while (*v == ' ' || *v == '\t')
        v++;
    if (*v < '0' || *v > '9')
        return false;
    unsigned long long n = 0;
    for (; *v >= '0' && *v <= '9'; v++) {
        if (n > (1ULL << 50))
            return false;
        n = n * 10 + (unsigned long long)(*v - '0');
    }
    while (*v == ' ' || *v == '\t')
        v++;
    *out = n;
    return *v == '\0';
}

typedef struct warc_header {
    char *type, *record_id, *target_uri, *content_type;
    unsigned long long length;
    bool has_length;
    bool malformed;
    char problem[128];
} warc_header;

static void warc_header_clear(warc_header *h)
{
    free(h->type);
    free(h->record_id);
    free(h->target_uri);
    free(h->content_type);
    memset(h, 0, sizeof *h);
}

static void set_field(char **field, const char *v)
{
    free(*field);
    *field = clean_value(v, strlen(v));
}

/* Reads the named fields up to the blank line.  Returns false when the
 * data ends first. */
static bool read_warc_fields(sb_warc_reader *r, warc_header *h)
{
    sb_buf line = SB_BUF_INIT;
    unsigned long long used = 0;
    bool complete = false;
    for (;;) {
        int rc = read_line(r, &line, &used);
        if (rc == 0 || rc == LINE_CUT)
            break;
        if (rc == LINE_LONG || used > MAX_HEADER) {
            if (!h->malformed)
                snprintf(h->problem, sizeof h->problem, "WARC header line too long");
            h->malformed = true;
            break;
        }
        if (line.len == 0) {
            complete = true;
            break;
        }
        if (line.data[0] == ' ' || line.data[0] == '\t')
            continue; /* a folded continuation: none of our fields use them */
        const char *v;
        if (!strchr(line.data, ':')) {
            if (!h->malformed)
                snprintf(h->problem, sizeof h->problem, "malformed WARC header line");
            h->malformed = true;
        } else if ((v = header_value(line.data, "WARC-Type"))) {
            set_field(&h->type, v);
        } else if ((v = header_value(line.data, "WARC-Record-ID"))) {
            set_field(&h->record_id, v);
        } else if ((v = header_value(line.data, "WARC-Target-URI"))) {
            set_field(&h->target_uri, v);
        } else if ((v = header_value(line.data, "Content-Type"))) {
            set_field(&h->content_type, v);
        } else if ((v = header_value(line.data, "Content-Length"))) {
            h->has_length = parse_length(v, &h->length);
            if (!h->has_length && !h->malformed) {
                snprintf(h->problem, sizeof h->problem, "invalid Content-Length");
                h->malformed = true;
            }
        }
    }
    sb_buf_free(&line);
    return complete || h->malformed;
}

/* ------------------------------------------------------------------ */
/* HTTP payloads                                                       */

/* Removes chunked transfer coding.  Lenient like browsers: a body that
 * does not start with a chunk size is taken as it is, and a body cut
 * inside a chunk keeps what arrived. */
static void dechunk(sb_buf *body)
{
    sb_buf out = SB_BUF_INIT;
    const char *p = body->data ? body->data : "", *end = p + body->len;
    bool first = true;
    while (p < end) {
        const char *q = p;
        unsigned long long size = 0;
        int digits = 0;
        while (q < end && *q && strchr("0123456789abcdefABCDEF", *q)) {
            int d = *q <= '9' ? *q - '0' : (*q | 0x20) - 'a' + 10;
            if (size > (1ULL << 40))
                break;
            size = size * 16 + (unsigned long long)d;
            q++, digits++;
        }
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        if (digits == 0 || !nl) {
            if (first) {
                sb_buf_free(&out);
                return;
            }
            break;
        }
        first = false;
        p = nl + 1;
        if (size == 0)
            break; /* the last chunk; trailers ignored */
        size_t take = size < (unsigned long long)(end - p) ? (size_t)size : (size_t)(end - p);
        sb_buf_append(&out, p, take);
        p += take;
        if (p < end && *p == '\r')
            p++;
        if (p < end && *p == '\n')
            p++;
    }
    sb_buf_free(body);
    *body = out;
    if (!body->data) {
        sb_buf_reserve(body, 0);
        body->data[0] = '\0';
    }
}

/* Inflates a gzip (or zlib, or raw deflate) body, capped. */
static bool inflate_body(sb_buf *body, int window_bits, size_t cap, char *err, size_t errlen)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, window_bits) != Z_OK) {
        snprintf(err, errlen, "cannot start decompression");
        return false;
    }
    sb_buf out = SB_BUF_INIT;
    z.next_in = (unsigned char *)body->data;
    z.avail_in = (uInt)body->len;
    bool ok = true;
    for (;;) {
        sb_buf_reserve(&out, 65536);
        z.next_out = (unsigned char *)out.data + out.len;
        z.avail_out = (uInt)(out.cap - out.len - 1);
        int rc = inflate(&z, Z_NO_FLUSH);
        out.len = (size_t)((char *)z.next_out - out.data);
        out.data[out.len] = '\0';
        if (out.len > cap) {
            snprintf(err, errlen, "payload larger than %zu bytes when decompressed", cap);
            ok = false;
            break;
        }
        if (rc == Z_STREAM_END)
            break;
        if (rc == Z_OK)
            continue;
        if (rc == Z_BUF_ERROR && z.avail_in == 0) {
            /* a cut body: keep what inflated, as browsers do */
            break;
        }
        snprintf(err, errlen, "corrupt compressed payload (%s)", z.msg ? z.msg : "inflate failed");
        ok = false;
        break;
    }
    inflateEnd(&z);
    if (ok) {
        sb_buf_free(body);
        *body = out;
    } else {
        sb_buf_free(&out);
    }
    return ok;
}

/* Undoes the Content-Encoding list, last coding first.  A body that
 * plainly is not compressed is taken as it is (some crawlers store the
 * decoded payload and keep the header). */
static bool decode_content(sb_buf *body, const char *codings, size_t cap, char *err, size_t errlen)
{
    char list[256];
    snprintf(list, sizeof list, "%s", codings);
    char *names[8];
    int n = 0;
    for (char *save = NULL, *t = strtok_r(list, ", \t", &save); t && n < 8;
         t = strtok_r(NULL, ", \t", &save))
        names[n++] = t;
    for (int i = n - 1; i >= 0; i--) {
        const char *c = names[i];
        const unsigned char *b = (const unsigned char *)body->data;
        if (strcasecmp(c, "identity") == 0)
            continue;
        if (strcasecmp(c, "gzip") == 0 || strcasecmp(c, "x-gzip") == 0) {
            if (body->len < 2 || b[0] != 0x1f || b[1] != 0x8b)
                continue;
            if (!inflate_body(body, 16 + MAX_WBITS, cap, err, errlen))
                return false;
        } else if (strcasecmp(c, "deflate") == 0) {
            /* zlib-wrapped as the standard says, or raw as some servers send */
            bool zlib_wrapped =
                body->len >= 2 && (b[0] & 0x0f) == 8 && ((b[0] << 8) | b[1]) % 31 == 0;
            if (!inflate_body(body, zlib_wrapped ? MAX_WBITS : -MAX_WBITS, cap, err, errlen))
                return false;
        } else {
            char name[64];
            snprintf(name, sizeof name, "%s", c);
            for (char *p = name; *p; p++)
                if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7f)
                    *p = '?';
            snprintf(err, errlen, "unsupported Content-Encoding '%s'", name);
            return false;
        }
    }
    return true;
}

/* The WHATWG MIME sniffing rule for HTML: after whitespace, one of these
 * tags followed by a space or '>'. */
static bool sniff_html(const unsigned char *b, size_t n)
{
    static const char *const tags[] = {"<!doctype html",
                                       "<html",
                                       "<head",
                                       "<script",
                                       "<iframe",
                                       "<h1",
                                       "<div",
                                       "<font",
                                       "<table",
                                       "<a",
                                       "<style",
                                       "<title",
                                       "<b",
                                       "<body",
                                       "<br",
                                       "<p",
                                       "<!--"};
    size_t i = 0;
    if (n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF)
        i = 3;
    while (i < n && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r' || b[i] == '\f'))
        i++;
    for (size_t t = 0; t < sizeof tags / sizeof tags[0]; t++) {
        size_t m = strlen(tags[t]);
        if (n - i > m && strncasecmp((const char *)b + i, tags[t], m) == 0 &&
            (b[i + m] == ' ' || b[i + m] == '>' || strcmp(tags[t], "<!--") == 0))
            return true;
    }
    return false;
}

/* True when the comma-separated list holds `token` (any case). */
static bool has_token(const char *list, const char *token)
{
    size_t n = strlen(token);
    for (const char *p = list; *p;) {
        p += strspn(p, ", \t");
        size_t m = strcspn(p, ", \t;");
        if (m == n && strncasecmp(p, token, n) == 0)
            return true;
        p += m;
        if (*p == ';')
            p += strcspn(p, ",");
    }
    return false;
}

typedef enum { TYPE_HTML, TYPE_UNKNOWN, TYPE_CSS, TYPE_IMAGE, TYPE_OTHER } media_kind;

static media_kind classify_type(const char *content_type)
{
    if (!content_type)
        return TYPE_UNKNOWN;
    const char *s = content_type;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strcspn(s, "; \t");
    if (n == 0)
        return TYPE_UNKNOWN;
    if ((n == 9 && strncasecmp(s, "text/html", n) == 0) ||
        (n == 21 && strncasecmp(s, "application/xhtml+xml", n) == 0))
        return TYPE_HTML;
    if ((n == 15 && strncasecmp(s, "unknown/unknown", n) == 0) ||
        (n == 19 && strncasecmp(s, "application/unknown", n) == 0) ||
        (n == 3 && strncmp(s, "*/*", n) == 0))
        return TYPE_UNKNOWN;
    if (n == 8 && strncasecmp(s, "text/css", n) == 0)
        return TYPE_CSS;
    if (n > 6 && strncasecmp(s, "image/", 6) == 0)
        return TYPE_IMAGE;
    return TYPE_OTHER;
}

/* The charset parameter of a Content-Type, unquoted; NULL when none. */
static char *charset_param(const char *content_type)
{
    if (!content_type)
        return NULL;
    for (const char *p = strchr(content_type, ';'); p; p = strchr(p + 1, ';')) {
        const char *q = p + 1;
        while (*q == ' ' || *q == '\t')
            q++;
        if (strncasecmp(q, "charset", 7) != 0)
            continue;
        q += 7;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q != '=')
            continue;
        q++;
        while (*q == ' ' || *q == '\t')
            q++;
        if (*q == '"' || *q == '\'')
            q++;
        size_t n = strcspn(q, "\"'; \t");
        return n ? sb_xstrndup(q, n) : NULL;
    }
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Records                                                             */

static sb_warc_kind error_record(sb_warc_reader *r, sb_warc_record *rec, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static sb_warc_kind error_record(sb_warc_reader *r, sb_warc_record *rec, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(rec->error, sizeof rec->error, fmt, ap);
    va_end(ap);
    rec->kind = SB_WARC_ERROR;
    r->counts.errors++;
    return SB_WARC_ERROR;
}

/* The message for data that ended inside a record. */
static const char *cut_reason(const sb_warc_reader *r)
{
    if (r->gz_fault[0])
        return r->gz_fault;
    if (r->stay_in_member && r->member_done)
        return "record longer than its gzip member";
    return "truncated record";
}

/* Reads a response record's block (`length` bytes): the HTTP header, then
 * the payload when it may be HTML.  Returns PAGE, ERROR, or END for a
 * skipped record (counted). */
static sb_warc_kind read_response(sb_warc_reader *r, const warc_header *h, sb_warc_record *rec)
{
    unsigned long long left = h->length, used = 0;
    if (h->content_type && strncasecmp(h->content_type, "application/http", 16) != 0) {
        r->counts.non_html++; /* a stored resource without HTTP, e.g. dns: */
        if (skip_bytes(r, left) < left)
            return error_record(r, rec, "%s", cut_reason(r));
        return SB_WARC_END;
    }

    sb_buf line = SB_BUF_INIT;
    char *content_type = NULL, *transfer = NULL, *coding = NULL;
    bool header_done = false, is_http = false, cut = false;
    sb_warc_kind result = SB_WARC_END;
    while (used < left) {
        unsigned long long before = used;
        int rc = read_line(r, &line, &used);
        if (rc == 0 || (rc == LINE_CUT && used <= left)) {
            cut = true;
            break;
        }
        if (used > left || rc < 0 || used > MAX_HEADER)
            break; /* the header runs past the block, or is absurd */
        if (before == 0) {
            is_http = strncmp(line.data, "HTTP/", 5) == 0;
            if (!is_http)
                break;
            continue;
        }
        if (line.len == 0) {
            header_done = true;
            break;
        }
        const char *v;
        if ((v = header_value(line.data, "Content-Type")))
            set_field(&content_type, v);
        else if ((v = header_value(line.data, "Transfer-Encoding")))
            set_field(&transfer, v);
        else if ((v = header_value(line.data, "Content-Encoding")))
            set_field(&coding, v);
    }
    sb_buf_free(&line);

    if (cut) {
        result = error_record(r, rec, "%s", cut_reason(r));
        goto done;
    }
    if (!header_done) {
        /* No HTTP response in the block: the rest of it is skipped.  A
         * header line read past the block's end was the next record's,
         * which is then found by resync. */
        if (used > left) {
            result = error_record(r, rec, "malformed HTTP response header");
            resync(r);
        } else {
            unsigned long long rest = left - used;
            if (skip_bytes(r, rest) < rest)
                result = error_record(r, rec, "%s", cut_reason(r));
            else
                result = error_record(r, rec, "%s",
                                      is_http ? "malformed HTTP response header"
                                              : "response record without an HTTP response");
        }
        goto done;
    }

    media_kind kind = classify_type(content_type);
    unsigned long long rest = left - used;
    /* In stylesheet mode the stylesheets and images are wanted and
     * nothing else; in page mode neither. */
    bool resource = kind == TYPE_CSS || kind == TYPE_IMAGE;
    if (r->stylesheets_only ? !resource : (kind == TYPE_OTHER || resource)) {
        r->counts.non_html++;
        if (skip_bytes(r, rest) < rest)
            result = error_record(r, rec, "%s", cut_reason(r));
        goto done;
    }
    if (rest > r->max_body) {
        if (skip_bytes(r, rest) < rest)
            result = error_record(r, rec, "%s", cut_reason(r));
        else
            result =
                error_record(r, rec, "payload of %llu bytes is larger than the cap of %zu bytes",
                             rest, r->max_body);
        goto done;
    }
    /* grown as bytes arrive: a hostile Content-Length reserves nothing */
    sb_buf body = SB_BUF_INIT;
    sb_buf_reserve(&body, 0);
    body.data[0] = '\0'; /* reserving alone does not terminate */
    while (body.len < rest) {
        size_t avail = fill(r, 1);
        if (avail == 0)
            break;
        size_t take = rest - body.len < avail ? (size_t)(rest - body.len) : avail;
        sb_buf_append(&body, (const char *)r->out + r->pos, take);
        consume(r, take);
    }
    if (body.len < rest) {
        sb_buf_free(&body);
        result = error_record(r, rec, "%s", cut_reason(r));
        goto done;
    }
    if (transfer && has_token(transfer, "chunked"))
        dechunk(&body);
    char err[160];
    if (coding && !decode_content(&body, coding, r->max_body, err, sizeof err)) {
        sb_buf_free(&body);
        result = error_record(r, rec, "%s", err);
        goto done;
    }
    if (kind == TYPE_UNKNOWN &&
        !sniff_html((const unsigned char *)body.data, body.len < 512 ? body.len : 512)) {
        sb_buf_free(&body);
        r->counts.non_html++;
        goto done;
    }
    rec->kind = kind == TYPE_CSS     ? SB_WARC_STYLESHEET
                : kind == TYPE_IMAGE ? SB_WARC_IMAGE
                                     : SB_WARC_PAGE;
    rec->charset = charset_param(content_type);
    rec->body_len = body.len;
    rec->body = (unsigned char *)sb_buf_steal(&body);
    if (kind == TYPE_CSS)
        r->counts.stylesheets++;
    else if (kind == TYPE_IMAGE)
        r->counts.images++;
    else
        r->counts.pages++;
    result = rec->kind;
done:
    free(content_type);
    free(transfer);
    free(coding);
    return result;
}

/* One record.  Returns PAGE or ERROR, END for a skipped record, and sets
 * *at_end when the stream has no record left. */
static sb_warc_kind read_record(sb_warc_reader *r, sb_warc_record *rec, bool *at_end)
{
    *at_end = false;
    r->stay_in_member = false;
    if (r->gz_fault[0]) {
        /* The member that failed is given up; the next one is read. */
        r->gz_fault[0] = '\0';
        r->pos = r->len;
        r->eof = false;
        if (!start_member(r, true)) {
            *at_end = true;
            return SB_WARC_END;
        }
    }
    /* Records are separated by CR LF CR LF; blank lines are skipped. */
    for (;;) {
        size_t avail = fill(r, 1);
        if (avail == 0)
            break;
        unsigned char c = r->out[r->pos];
        if (c != '\r' && c != '\n')
            break;
        consume(r, 1);
    }
    if (fill(r, 1) == 0) {
        if (r->gz_fault[0]) {
            rec->offset = r->fault_offset;
            return error_record(r, rec, "%s", r->gz_fault);
        }
        *at_end = true;
        return SB_WARC_END;
    }

    unsigned long long start = position(r);
    bool member_start = r->gz && start == r->member_out_start;
    rec->offset = member_start ? r->member_offset : start;
    r->stay_in_member = member_start;

    sb_buf line = SB_BUF_INIT;
    unsigned long long used = 0;
    int rc = read_line(r, &line, &used);
    bool version_ok =
        rc > 0 && (strcmp(line.data, "WARC/1.0") == 0 || strcmp(line.data, "WARC/1.1") == 0);
    bool is_warc = rc != 0 && strncmp(line.data ? line.data : "", "WARC/", 5) == 0;
    sb_buf_free(&line);
    if (rc == LINE_CUT && is_warc)
        return error_record(r, rec, "%s", cut_reason(r));
    if (!version_ok) {
        sb_warc_kind k = error_record(r, rec, "%s",
                                      !is_warc ? "not a WARC record (no WARC/1.0 or WARC/1.1 line)"
                                               : "unsupported WARC version");
        resync(r);
        return k;
    }

    warc_header h = {0};
    sb_warc_kind result = SB_WARC_END;
    if (!read_warc_fields(r, &h)) {
        result = error_record(r, rec, "%s", cut_reason(r));
        goto done;
    }
    if (h.record_id)
        rec->record_id = sb_xstrdup(h.record_id);
    if (h.target_uri) {
        const char *u = h.target_uri;
        size_t n = strlen(u);
        if (n >= 2 && u[0] == '<' && u[n - 1] == '>')
            rec->target_uri = sb_xstrndup(u + 1, n - 2);
        else
            rec->target_uri = sb_xstrdup(u);
    }
    if (h.malformed || !h.has_length || !h.type) {
        const char *why = h.malformed     ? h.problem
                          : !h.has_length ? "no Content-Length"
                                          : "no WARC-Type";
        result = error_record(r, rec, "malformed WARC header: %s", why);
        if (h.has_length)
            skip_bytes(r, h.length); /* a gzip fault in it: one error is enough */
        else
            resync(r);
        goto done;
    }

    size_t *counter = NULL;
    if (strcmp(h.type, "response") == 0) {
        result = read_response(r, &h, rec);
        goto done;
    } else if (strcmp(h.type, "revisit") == 0) {
        counter = &r->counts.revisit;
    } else if (strcmp(h.type, "request") == 0) {
        counter = &r->counts.request;
    } else if (strcmp(h.type, "metadata") == 0) {
        counter = &r->counts.metadata;
    } else if (strcmp(h.type, "warcinfo") == 0) {
        counter = &r->counts.warcinfo;
    } else {
        counter = &r->counts.other;
    }
    if (skip_bytes(r, h.length) < h.length)
        result = error_record(r, rec, "%s", cut_reason(r));
    else
        (*counter)++;
done:
    warc_header_clear(&h);
    return result;
}

void sb_warc_stylesheets_only(sb_warc_reader *r)
{
    r->stylesheets_only = true;
}

sb_warc_kind sb_warc_next(sb_warc_reader *r, sb_warc_record *rec)
{
    for (;;) {
        sb_warc_record_clear(rec);
        bool at_end;
        sb_warc_kind k = read_record(r, rec, &at_end);
        r->stay_in_member = false;
        if (k != SB_WARC_END)
            return k;
        if (at_end) {
            sb_warc_record_clear(rec);
            return SB_WARC_END;
        }
    }
}
