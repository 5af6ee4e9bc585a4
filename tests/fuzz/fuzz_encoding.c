/* libFuzzer harness: the charset decoders (dom/encoding.h).  Whatever the
 * bytes and whatever they declare, sb_decode_html must give valid UTF-8
 * without NUL bytes, of the length it reports, and name an encoding;
 * the prescan and the label table must not read past their input. */
#include "fuzz_check.h"

#include "dom/doc/encoding.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t out_len = (size_t)-1;
    char enc[64];
    enc[0] = '\0';
    char *html = sb_decode_html(data, size, &out_len, enc, sizeof enc);
    FUZZ_REQUIRE(html != NULL);
    FUZZ_REQUIRE(out_len == strlen(html)); /* no NUL inside */
    FUZZ_REQUIRE(fuzz_utf8_valid(html, out_len));
    FUZZ_REQUIRE(enc[0] != '\0');
    FUZZ_REQUIRE(sb_encoding_for_label(enc, strlen(enc)) != NULL);
    free(html);

    /* The prescan on exactly the input's bytes (a heap copy, so ASan sees
     * any read past the end), and the input as a label. */
    uint8_t *copy = malloc(size ? size : 1);
    FUZZ_REQUIRE(copy != NULL);
    if (size)
        memcpy(copy, data, size);
    const char *meta = sb_prescan_meta_charset(copy, size);
    if (meta)
        FUZZ_REQUIRE(sb_encoding_for_label(meta, strlen(meta)) != NULL);
    (void)sb_encoding_for_label((const char *)copy, size);

    sb_buf b = SB_BUF_INIT;
    sb_utf8_sanitize(&b, copy, size);
    FUZZ_REQUIRE(fuzz_utf8_valid(b.data ? b.data : "", b.len));
    FUZZ_REQUIRE(b.len == 0 || memchr(b.data, '\0', b.len) == NULL);
    sb_buf_free(&b);
    free(copy);
    return 0;
}
