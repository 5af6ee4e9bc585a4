/* libFuzzer harness: the data: URI cutter (dom/doc/data_uri.h).  The first
 * input byte picks the length limit (16, 64 or SB_DATA_URI_MAX bytes, so
 * short inputs reach the cuts); the rest is cut as HTML and as a
 * stylesheet, each in a heap buffer of its exact size (ASan sees a read or
 * a move past it).  Promises: the result is the input with bytes removed
 * (a subsequence, never longer), cutting it again changes nothing, a
 * stylesheet is cut exactly when sb_data_uri_css_has_long says so, and
 * the kept prefix of a URI is within it. */
#include "fuzz_check.h"

#include "dom/doc/data_uri.h"

/* True when a[0..an) is b[0..bn) with bytes removed. */
static bool subsequence(const char *a, size_t an, const char *b, size_t bn)
{
    size_t i = 0;
    for (size_t j = 0; j < bn && i < an; j++)
        if (a[i] == b[j])
            i++;
    return i == an;
}

static void check(size_t (*cut)(char *, size_t, size_t), const char *in, size_t len, size_t max)
{
    char *buf = malloc(len ? len : 1);
    FUZZ_REQUIRE(buf != NULL);
    if (len)
        memcpy(buf, in, len);
    size_t n = cut(buf, len, max);
    FUZZ_REQUIRE(n <= len);
    FUZZ_REQUIRE(subsequence(buf, n, in, len));
    if (cut == sb_data_uri_cut_css)
        FUZZ_REQUIRE((n < len) == sb_data_uri_css_has_long(in, len, max));
    char *again = malloc(n ? n : 1);
    FUZZ_REQUIRE(again != NULL);
    if (n)
        memcpy(again, buf, n);
    size_t m = cut(again, n, max);
    FUZZ_REQUIRE(m == n && (n == 0 || memcmp(again, buf, n) == 0));
    free(again);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    static const size_t limits[] = {16, 64, SB_DATA_URI_MAX};
    size_t max = limits[data[0] % 3];
    const char *in = (const char *)data + 1;
    size_t len = size - 1;
    check(sb_data_uri_cut_html, in, len, max);
    check(sb_data_uri_cut_css, in, len, max);
    if (len >= 5 && memcmp(in, "data:", 5) == 0)
        FUZZ_REQUIRE(sb_data_uri_keep(in, len) <= len);
    return 0;
}
