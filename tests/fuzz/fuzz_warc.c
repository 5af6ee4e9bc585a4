/* libFuzzer harness: the WARC reader (hybrid/input/warc.h) on arbitrary
 * bytes, read as a file (plain, or gzip when they start with the gzip
 * magic), with a 1 MB payload cap.  Every call must end (libFuzzer's
 * timeout catches a loop); a page's body has the length it reports
 * and a NUL after it; an error is one non-empty line; ids and URLs are
 * valid UTF-8 without control characters; the counts add up. */
#include "fuzz_check.h"

#include "hybrid/input/warc.h"

static void check_header_value(const char *s)
{
    if (!s)
        return;
    fuzz_check_utf8(s);
    for (const char *p = s; *p; p++)
        FUZZ_REQUIRE((unsigned char)*p >= 0x20 && *p != 0x7f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* fmemopen rejects an empty buffer; an empty file has no records. */
    static const uint8_t empty[1] = {0};
    FILE *f = fmemopen(size ? (void *)data : (void *)empty, size ? size : 1, "rb");
    FUZZ_REQUIRE(f != NULL);
    if (size == 0)
        (void)fgetc(f);

    sb_warc_reader *r = sb_warc_open_stream(f, "fuzz input", (size_t)1 << 20);
    FUZZ_REQUIRE(r != NULL);
    sb_warc_record rec = {0};
    size_t pages = 0, errors = 0;
    sb_warc_kind k;
    while ((k = sb_warc_next(r, &rec)) != SB_WARC_END) {
        check_header_value(rec.record_id);
        check_header_value(rec.target_uri);
        if (k == SB_WARC_PAGE) {
            pages++;
            FUZZ_REQUIRE(rec.body != NULL);
            FUZZ_REQUIRE(rec.body[rec.body_len] == '\0');
            FUZZ_REQUIRE(rec.body_len <= ((size_t)1 << 20));
            FUZZ_REQUIRE(rec.error[0] == '\0');
        } else {
            FUZZ_REQUIRE(k == SB_WARC_ERROR);
            errors++;
            FUZZ_REQUIRE(rec.body == NULL);
            FUZZ_REQUIRE(rec.error[0] != '\0');
            FUZZ_REQUIRE(strchr(rec.error, '\n') == NULL);
            fuzz_check_utf8(rec.error);
        }
    }
    /* after the end, the end again */
    FUZZ_REQUIRE(sb_warc_next(r, &rec) == SB_WARC_END);
    const sb_warc_counts *c = sb_warc_get_counts(r);
    FUZZ_REQUIRE(c->pages == pages);
    FUZZ_REQUIRE(c->errors == errors);
    sb_warc_record_clear(&rec);
    sb_warc_close(r);
    fclose(f);
    return 0;
}
