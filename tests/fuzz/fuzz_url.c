/* libFuzzer harness: URL resolution (dom/url.h).  The input's first line
 * is the base URL, the rest the reference; the whole input is also read as
 * a srcset attribute and as a URL to take the host of. */
#include "fuzz_check.h"

#include <ctype.h>

#include "dom/base/url.h"

/* A host is lower case, without port, userinfo or trailing dot. */
static void check_host(const char *h)
{
    if (!h)
        return;
    FUZZ_REQUIRE(h[0] != '\0');
    for (const char *p = h; *p; p++)
        FUZZ_REQUIRE(!isupper((unsigned char)*p) && *p != '@' && *p != '/');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *all = fuzz_cstring(data, size);
    char *newline = strchr(all, '\n');
    const char *base = all, *ref = "";
    char *base_copy = NULL;
    if (newline) {
        base_copy = strndup(all, (size_t)(newline - all));
        FUZZ_REQUIRE(base_copy != NULL);
        base = base_copy;
        ref = newline + 1;
    }

    char *r = sb_url_resolve(base, ref);
    char *r_nobase = sb_url_resolve(NULL, ref);
    if (r) {
        /* The extractor feeds resolved URLs back in (as bases, and as refs
         * of later lookups): a result must survive a second resolution. */
        char *again = sb_url_resolve(base, r);
        free(again);
        char *h = sb_url_host(r);
        check_host(h);
        free(h);
    }
    (void)sb_url_is_absolute(ref);
    char *h = sb_url_host(all);
    check_host(h);
    free(h);
    char *best = sb_srcset_best(all);
    if (best)
        FUZZ_REQUIRE(best[0] != '\0');
    free(best);
    free(r);
    free(r_nobase);
    free(base_copy);
    free(all);
    return 0;
}
