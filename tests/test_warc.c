/* Tests for hybrid/input/warc: the test writes its own WARC files (plain,
 * gzip per record, one gzip stream) holding every kind of record the
 * reader meets, and asserts the exact sequence of pages and error records
 * (ids, offsets, URLs, bodies or errors) and the skip counts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/support/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "dom/base/strbuf.h"
#include "hybrid/input/warc.h"
#include "storybox.h"

/* ------------------------------------------------------------------ */
/* Writing WARC files                                                  */

/* gzip bytes of `data` as one member. */
static void gzip_append(sb_buf *out, const char *data, size_t len)
{
    size_t n;
    unsigned char *z = gzip_bytes(data, len, &n);
    sb_buf_append(out, (const char *)z, n);
    free(z);
}

/* One WARC record: the header with the given type, id and fields, a
 * Content-Length (the block's own unless `claimed` is not 0), the block and
 * the CR LF CR LF after it. */
static void warc_record(sb_buf *out, const char *type, const char *id, const char *extra,
                        const char *block, size_t block_len, size_t claimed)
{
    sb_buf_puts(out, "WARC/1.1\r\n");
    if (type)
        sb_buf_printf(out, "WARC-Type: %s\r\n", type);
    sb_buf_printf(out, "WARC-Record-ID: %s\r\nWARC-Date: 2026-11-23T10:00:00Z\r\n%s", id, extra);
    sb_buf_printf(out, "Content-Length: %zu\r\n\r\n", claimed ? claimed : block_len);
    sb_buf_append(out, block, block_len);
    sb_buf_puts(out, "\r\n\r\n");
}

/* An HTTP response block. */
static void http_block(sb_buf *out, const char *headers, const char *body, size_t body_len)
{
    sb_buf_printf(out, "HTTP/1.1 200 OK\r\n%s\r\n", headers);
    sb_buf_append(out, body, body_len);
}

static const char k_page_a[] =
    "<html><head><title>Alpha</title></head><body><p>Alpha story text.</p></body></html>";
static const char k_page_b[] =
    "<!DOCTYPE html><html><head><title>Beta</title></head><body><article><p>Beta is sent "
    "chunked and gzip-compressed, and the reader undoes both.</p></article></body></html>";
/* windows-1252 bytes, the charset named only by the HTTP header */
static const char k_page_c[] =
    "<html><head><title>Caf\xe9</title></head><body><article><h1>Caf\xe9 opens</h1><p>The "
    "caf\xe9 on the corner opened its doors on Monday after a long winter of repairs, and "
    "the first customers said the na\xefve paintings on the walls were worth the wait.</p>"
    "</article></body></html>";
static const char k_page_d[] = "  <!doctype html><title>Delta</title><p>Delta is sniffed.</p>";

/* What one test file holds, in order; the offsets are filled while
 * writing. */
enum { N_RECORDS = 12 };
typedef struct layout {
    unsigned long long offset[N_RECORDS];
} layout;

typedef enum { PLAIN, GZIP_MEMBERS, GZIP_STREAM } packing;

/* Builds the test WARC: warcinfo, request, page A, page B (chunked+gzip),
 * revisit, PNG response, a header line without a colon (Content-Length
 * valid), latin-1 page C, a header without Content-Length, page D
 * (sniffed), metadata, and a last record cut short. */
static void build_warc(sb_buf *file, packing how, layout *lay)
{
    sb_buf plain = SB_BUF_INIT;
    for (int i = 0; i < N_RECORDS; i++) {
        sb_buf rec = SB_BUF_INIT, block = SB_BUF_INIT;
        switch (i) {
        case 0:
            sb_buf_puts(&block, "software: test_warc\r\nformat: WARC File Format 1.1\r\n");
            warc_record(&rec, "warcinfo", "<urn:uuid:info>",
                        "Content-Type: application/warc-fields\r\n", block.data, block.len, 0);
            break;
        case 1:
            sb_buf_puts(&block, "GET /a HTTP/1.1\r\nHost: example.com\r\n\r\n");
            warc_record(&rec, "request", "<urn:uuid:req>",
                        "WARC-Target-URI: http://example.com/a\r\nContent-Type: application/http; "
                        "msgtype=request\r\n",
                        block.data, block.len, 0);
            break;
        case 2:
            http_block(&block, "Content-Type: text/html; charset=utf-8\r\n", k_page_a,
                       strlen(k_page_a));
            warc_record(&rec, "response", "<urn:uuid:a>",
                        "WARC-Target-URI: http://example.com/a\r\nContent-Type: application/http; "
                        "msgtype=response\r\n",
                        block.data, block.len, 0);
            break;
        case 3: {
            sb_buf gz = SB_BUF_INIT, chunked = SB_BUF_INIT;
            gzip_append(&gz, k_page_b, strlen(k_page_b));
            /* two chunks, the first with an extension */
            size_t half = gz.len / 2;
            sb_buf_printf(&chunked, "%zx;name=x\r\n", half);
            sb_buf_append(&chunked, gz.data, half);
            sb_buf_printf(&chunked, "\r\n%zX\r\n", gz.len - half);
            sb_buf_append(&chunked, gz.data + half, gz.len - half);
            sb_buf_puts(&chunked, "\r\n0\r\nX-Trailer: 1\r\n\r\n");
            http_block(&block,
                       "Content-Type: text/html\r\nTransfer-Encoding: chunked\r\nContent-Encoding: "
                       "gzip\r\n",
                       chunked.data, chunked.len);
            warc_record(&rec, "response", "<urn:uuid:b>",
                        "WARC-Target-URI: <http://example.com/b>\r\n", block.data, block.len, 0);
            sb_buf_free(&gz);
            sb_buf_free(&chunked);
            break;
        }
        case 4:
            sb_buf_puts(&block, "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n");
            warc_record(&rec, "revisit", "<urn:uuid:rev>",
                        "WARC-Target-URI: http://example.com/a\r\nWARC-Profile: "
                        "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest\r\n",
                        block.data, block.len, 0);
            break;
        case 5:
            http_block(&block, "Content-Type: image/png\r\n", "\x89PNG\r\n\x1a\n", 8);
            warc_record(&rec, "response", "<urn:uuid:png>",
                        "WARC-Target-URI: http://example.com/x.png\r\n", block.data, block.len, 0);
            break;
        case 6:
            http_block(&block, "Content-Type: text/html\r\n", k_page_a, strlen(k_page_a));
            warc_record(&rec, "response", "<urn:uuid:bad1>", "This line has no colon\r\n",
                        block.data, block.len, 0);
            break;
        case 7:
            http_block(&block, "Content-Type: text/html; charset=\"ISO-8859-1\"\r\n", k_page_c,
                       strlen(k_page_c));
            warc_record(&rec, "response", "<urn:uuid:c>",
                        "WARC-Target-URI: http://example.com/c\r\n", block.data, block.len, 0);
            break;
        case 8:
            /* no Content-Length: the reader must find the next record */
            sb_buf_puts(&rec,
                        "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:bad2>\r\n\r\n"
                        "HTTP/1.1 200 OK\r\n\r\nlost bytes\r\n\r\n");
            break;
        case 9:
            http_block(&block, "Server: test\r\n", k_page_d, strlen(k_page_d));
            warc_record(&rec, "response", "<urn:uuid:d>",
                        "WARC-Target-URI: http://example.com/d\r\n", block.data, block.len, 0);
            break;
        case 10:
            sb_buf_puts(&block, "via: test\r\n");
            warc_record(&rec, "metadata", "<urn:uuid:meta>",
                        "WARC-Target-URI: http://example.com/a\r\n", block.data, block.len, 0);
            break;
        case 11:
            /* claims 5000 bytes, has about a hundred, then the file ends */
            http_block(&block, "Content-Type: text/html\r\n", k_page_a, strlen(k_page_a));
            warc_record(&rec, "response", "<urn:uuid:cut>",
                        "WARC-Target-URI: http://example.com/cut\r\n", block.data, block.len, 5000);
            rec.len -= 4; /* no CR LF CR LF either */
            break;
        }
        lay->offset[i] = how == GZIP_MEMBERS ? file->len : plain.len;
        if (how == GZIP_MEMBERS)
            gzip_append(file, rec.data, rec.len);
        sb_buf_append(&plain, rec.data, rec.len);
        sb_buf_free(&rec);
        sb_buf_free(&block);
    }
    if (how == PLAIN)
        sb_buf_append(file, plain.data, plain.len);
    else if (how == GZIP_STREAM)
        gzip_append(file, plain.data, plain.len);
    sb_buf_free(&plain);
}

static char g_dir[64];

static const char *write_temp(const char *name, const sb_buf *b)
{
    static char path[160];
    snprintf(path, sizeof path, "%s/%s", g_dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b->data, 1, b->len, f), b->len);
    assert_int_equal(fclose(f), 0);
    return path;
}

/* ------------------------------------------------------------------ */
/* Reading them back                                                   */

static void expect_page(sb_warc_reader *r, sb_warc_record *rec, unsigned long long offset,
                        const char *id, const char *uri, const char *body, const char *charset)
{
    assert_int_equal(sb_warc_next(r, rec), SB_WARC_PAGE);
    assert_int_equal(rec->offset, offset);
    assert_string_equal(rec->record_id, id);
    assert_string_equal(rec->target_uri, uri);
    assert_int_equal(rec->body_len, strlen(body));
    assert_memory_equal(rec->body, body, rec->body_len);
    if (charset)
        assert_string_equal(rec->charset, charset);
    else
        assert_null(rec->charset);
}

static void expect_error(sb_warc_reader *r, sb_warc_record *rec, unsigned long long offset,
                         const char *id, const char *error)
{
    assert_int_equal(sb_warc_next(r, rec), SB_WARC_ERROR);
    assert_int_equal(rec->offset, offset);
    if (id)
        assert_string_equal(rec->record_id, id);
    else
        assert_null(rec->record_id);
    assert_string_equal(rec->error, error);
}

/* The whole sequence of the test file; `cut` is the last record's error. */
static void check_sequence(const char *path, const layout *lay, const char *cut)
{
    char err[256];
    sb_warc_reader *r = sb_warc_open(path, 0, err, sizeof err);
    assert_non_null(r);
    sb_warc_record rec = {0};
    expect_page(r, &rec, lay->offset[2], "<urn:uuid:a>", "http://example.com/a", k_page_a, "utf-8");
    expect_page(r, &rec, lay->offset[3], "<urn:uuid:b>", "http://example.com/b", k_page_b, NULL);
    expect_error(r, &rec, lay->offset[6], "<urn:uuid:bad1>",
                 "malformed WARC header: malformed WARC header line");
    expect_page(r, &rec, lay->offset[7], "<urn:uuid:c>", "http://example.com/c", k_page_c,
                "ISO-8859-1");
    expect_error(r, &rec, lay->offset[8], "<urn:uuid:bad2>",
                 "malformed WARC header: no Content-Length");
    expect_page(r, &rec, lay->offset[9], "<urn:uuid:d>", "http://example.com/d", k_page_d, NULL);
    expect_error(r, &rec, lay->offset[11], "<urn:uuid:cut>", cut);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    const sb_warc_counts *c = sb_warc_get_counts(r);
    assert_int_equal(c->pages, 4);
    assert_int_equal(c->errors, 3);
    assert_int_equal(c->warcinfo, 1);
    assert_int_equal(c->request, 1);
    assert_int_equal(c->revisit, 1);
    assert_int_equal(c->metadata, 1);
    assert_int_equal(c->non_html, 1);
    assert_int_equal(c->other, 0);
    sb_warc_record_clear(&rec);
    sb_warc_close(r);
}

static void test_plain(void **state)
{
    (void)state;
    sb_buf file = SB_BUF_INIT;
    layout lay;
    build_warc(&file, PLAIN, &lay);
    check_sequence(write_temp("plain.warc", &file), &lay, "truncated record");
    sb_buf_free(&file);
}

static void test_gzip_per_record(void **state)
{
    (void)state;
    sb_buf file = SB_BUF_INIT;
    layout lay;
    build_warc(&file, GZIP_MEMBERS, &lay);
    assert_true(lay.offset[11] > lay.offset[10]);
    /* the last member is whole, but its record claims more than it holds */
    check_sequence(write_temp("members.warc.gz", &file), &lay,
                   "record longer than its gzip member");
    sb_buf_free(&file);
}

static void test_gzip_stream(void **state)
{
    (void)state;
    sb_buf file = SB_BUF_INIT;
    layout lay;
    build_warc(&file, GZIP_STREAM, &lay);
    /* one member: the offsets are those in the decompressed stream */
    check_sequence(write_temp("stream.warc.gz", &file), &lay, "truncated record");
    sb_buf_free(&file);
}

/* A .warc.gz cut inside its last member, and one with a corrupt member in
 * the middle: the records around them are all read. */
static void test_gzip_damage(void **state)
{
    (void)state;
    sb_buf file = SB_BUF_INIT;
    layout lay;
    build_warc(&file, GZIP_MEMBERS, &lay);
    file.len = lay.offset[11] + 20; /* into the last member's deflate data */
    const char *path = write_temp("cut.warc.gz", &file);
    char err[256], want[128];
    sb_warc_reader *r = sb_warc_open(path, 0, err, sizeof err);
    assert_non_null(r);
    sb_warc_record rec = {0};
    for (int i = 0; i < 6; i++)
        assert_int_not_equal(sb_warc_next(r, &rec), SB_WARC_END);
    assert_string_equal(rec.record_id, "<urn:uuid:d>");
    snprintf(want, sizeof want, "truncated gzip member at offset %llu", lay.offset[11]);
    expect_error(r, &rec, lay.offset[11], NULL, want);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    sb_warc_close(r);

    /* garble the deflate data of page A's member (past its 10-byte header) */
    sb_buf_free(&file);
    build_warc(&file, GZIP_MEMBERS, &lay);
    for (unsigned long long i = lay.offset[2] + 12; i < lay.offset[3] - 8; i++)
        file.data[i] = (char)0xff;
    path = write_temp("corrupt.warc.gz", &file);
    r = sb_warc_open(path, 0, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_ERROR);
    assert_int_equal(rec.offset, lay.offset[2]);
    snprintf(want, sizeof want, "corrupt gzip member at offset %llu", lay.offset[2]);
    assert_memory_equal(rec.error, want, strlen(want));
    expect_page(r, &rec, lay.offset[3], "<urn:uuid:b>", "http://example.com/b", k_page_b, NULL);
    sb_warc_record_clear(&rec);
    sb_warc_close(r);
    sb_buf_free(&file);
}

/* A payload over the cap is an error record, and the next record is read. */
static void test_body_cap(void **state)
{
    (void)state;
    sb_buf file = SB_BUF_INIT;
    layout lay;
    build_warc(&file, PLAIN, &lay);
    const char *path = write_temp("cap.warc", &file);
    char err[256], want[128];
    sb_warc_reader *r = sb_warc_open(path, strlen(k_page_a), err, sizeof err);
    assert_non_null(r);
    sb_warc_record rec = {0};
    expect_page(r, &rec, lay.offset[2], "<urn:uuid:a>", "http://example.com/a", k_page_a, "utf-8");
    /* B's chunked body is larger than A; its inflated page would be too */
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_ERROR);
    assert_int_equal(rec.offset, lay.offset[3]);
    assert_string_equal(rec.record_id, "<urn:uuid:b>");
    assert_memory_equal(rec.error, "payload of ", 11);
    snprintf(want, sizeof want, "larger than the cap of %zu bytes", strlen(k_page_a));
    assert_non_null(strstr(rec.error, want));
    expect_error(r, &rec, lay.offset[6], "<urn:uuid:bad1>",
                 "malformed WARC header: malformed WARC header line");
    sb_warc_record_clear(&rec);
    sb_warc_close(r);
    sb_buf_free(&file);
}

/* The latin-1 page extracted: its charset comes only from the HTTP header,
 * which outranks a wrong <meta>. */
static void test_transport_charset_extract(void **state)
{
    (void)state;
    sb_options opt;
    sb_options_init(&opt);
    opt.method = "dom";
    opt.transport_charset = "ISO-8859-1";
    opt.warc_record_id = "<urn:uuid:c>";
    opt.source = "x.warc#7";
    opt.base_url = "http://example.com/c";
    sb_story *s = sb_extract(k_page_c, strlen(k_page_c), &opt);
    assert_null(s->error);
    assert_string_equal(s->title, "Caf\xc3\xa9 opens");
    assert_non_null(strstr(s->text, "The caf\xc3\xa9 on the corner"));
    assert_string_equal(s->warc_record_id, "<urn:uuid:c>");
    char *json = sb_story_to_json(s, false);
    assert_memory_equal(json, "{\"source\":\"x.warc#7\",\"warc_record_id\":\"<urn:uuid:c>\",", 53);
    free(json);
    sb_story_free(s);

    /* the same bytes behind a <meta> naming Cyrillic: the header wins */
    sb_buf page = SB_BUF_INIT;
    sb_buf_printf(&page, "<meta charset=windows-1251>%s", k_page_c);
    s = sb_extract(page.data, page.len, &opt);
    assert_string_equal(s->title, "Caf\xc3\xa9 opens");
    sb_story_free(s);
    /* without the header, the <meta> decides (0xE9 is Cyrillic "й") */
    opt.transport_charset = NULL;
    s = sb_extract(page.data, page.len, &opt);
    assert_string_equal(s->title, "Caf\xd0\xb9 opens");
    char *plain_json = sb_story_to_json(s, false);
    sb_story_free(s);
    free(plain_json);
    sb_buf_free(&page);

    /* a record from other input has a null warc_record_id */
    opt.warc_record_id = NULL;
    s = sb_extract(k_page_a, strlen(k_page_a), &opt);
    json = sb_story_to_json(s, false);
    assert_non_null(strstr(json, "\"warc_record_id\":null"));
    free(json);
    sb_story_free(s);
}

/* deflate both ways (zlib-wrapped and raw), a stored-but-labelled gzip
 * body, and an unsupported coding (an error record, then the next page). */
static void test_content_codings(void **state)
{
    (void)state;
    sb_buf file = SB_BUF_INIT, block = SB_BUF_INIT;
    unsigned long long offsets[4];
    for (int i = 0; i < 4; i++) {
        sb_buf body = SB_BUF_INIT;
        const char *coding = "deflate";
        if (i < 2) {
            /* zlib stream; its raw form drops the 2-byte header and 4-byte sum */
            uLongf cap = compressBound((uLong)strlen(k_page_a));
            unsigned char *z = malloc(cap);
            assert_int_equal(compress(z, &cap, (const Bytef *)k_page_a, (uLong)strlen(k_page_a)),
                             Z_OK);
            if (i == 0)
                sb_buf_append(&body, (const char *)z, cap);
            else
                sb_buf_append(&body, (const char *)z + 2, cap - 6);
            free(z);
        } else if (i == 2) {
            coding = "gzip"; /* the crawler stored the decoded body */
            sb_buf_puts(&body, k_page_a);
        } else {
            coding = "br";
            sb_buf_puts(&body, "\x1b\x00\x00");
        }
        sb_buf_clear(&block);
        char headers[96];
        snprintf(headers, sizeof headers, "Content-Type: text/html\r\nContent-Encoding: %s\r\n",
                 coding);
        http_block(&block, headers, body.data, body.len);
        char id[32];
        snprintf(id, sizeof id, "<urn:uuid:z%d>", i);
        offsets[i] = file.len;
        warc_record(&file, "response", id, "WARC-Target-URI: http://example.com/z\r\n", block.data,
                    block.len, 0);
        sb_buf_free(&body);
    }
    /* a page after the broken record */
    sb_buf_clear(&block);
    http_block(&block, "Content-Type: text/html\r\n", k_page_d, strlen(k_page_d));
    unsigned long long last = file.len;
    warc_record(&file, "response", "<urn:uuid:last>", "WARC-Target-URI: http://example.com/d\r\n",
                block.data, block.len, 0);

    char err[256];
    sb_warc_reader *r = sb_warc_open(write_temp("codings.warc", &file), 0, err, sizeof err);
    sb_warc_record rec = {0};
    expect_page(r, &rec, offsets[0], "<urn:uuid:z0>", "http://example.com/z", k_page_a, NULL);
    expect_page(r, &rec, offsets[1], "<urn:uuid:z1>", "http://example.com/z", k_page_a, NULL);
    expect_page(r, &rec, offsets[2], "<urn:uuid:z2>", "http://example.com/z", k_page_a, NULL);
    expect_error(r, &rec, offsets[3], "<urn:uuid:z3>", "unsupported Content-Encoding 'br'");
    expect_page(r, &rec, last, "<urn:uuid:last>", "http://example.com/d", k_page_d, NULL);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    sb_warc_record_clear(&rec);
    sb_warc_close(r);
    sb_buf_free(&block);
    sb_buf_free(&file);
}

static void test_open_errors(void **state)
{
    (void)state;
    char err[256];
    char path[160];
    snprintf(path, sizeof path, "%s/missing.warc", g_dir);
    assert_null(sb_warc_open(path, 0, err, sizeof err));
    assert_non_null(strstr(err, "No such file or directory"));
    assert_true(sb_is_warc_path("a/b.WARC.gz"));
    assert_true(sb_is_warc_path("b.warc"));
    assert_false(sb_is_warc_path("b.warc.html"));

    /* not a WARC at all: one error record, then the end */
    sb_buf junk = SB_BUF_INIT;
    sb_buf_puts(&junk, "<html>not a warc</html>\n");
    sb_warc_reader *r = sb_warc_open(write_temp("junk.warc", &junk), 0, err, sizeof err);
    sb_warc_record rec = {0};
    expect_error(r, &rec, 0, NULL, "not a WARC record (no WARC/1.0 or WARC/1.1 line)");
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    sb_warc_close(r);
    /* an empty file has no records */
    junk.len = 0;
    r = sb_warc_open(write_temp("empty.warc", &junk), 0, err, sizeof err);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    assert_int_equal(sb_warc_get_counts(r)->errors, 0);
    sb_warc_close(r);
    sb_buf_free(&junk);
}

static int setup(void **state)
{
    (void)state;
    snprintf(g_dir, sizeof g_dir, "/tmp/sb_test_warc_XXXXXX");
    return mkdtemp(g_dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_dir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain),           cmocka_unit_test(test_gzip_per_record),
        cmocka_unit_test(test_gzip_stream),     cmocka_unit_test(test_gzip_damage),
        cmocka_unit_test(test_body_cap),        cmocka_unit_test(test_transport_charset_extract),
        cmocka_unit_test(test_content_codings), cmocka_unit_test(test_open_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
