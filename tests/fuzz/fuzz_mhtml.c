/* libFuzzer harness: the MHTML reader (hybrid/input/mhtml.h) on arbitrary
 * bytes.  Every call must end; on success the page index names a text/html
 * part, every part's data has the length it reports and a NUL after it and
 * is no longer than the input, the parts are within SB_MHTML_MAX_PARTS,
 * and the resource provider finds each part with a location; on failure the
 * message is one non-empty line and nothing is left allocated. */
#include "fuzz_check.h"

#include "hybrid/input/mhtml.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)sb_mhtml_sniff(data, size);
    sb_mhtml m;
    char err[256] = "";
    if (sb_mhtml_parse(data, size, &m, err, sizeof err) != 0) {
        FUZZ_REQUIRE(m.n_parts == 0 && m.parts == NULL);
        FUZZ_REQUIRE(err[0] != '\0');
        FUZZ_REQUIRE(strchr(err, '\n') == NULL);
        return 0;
    }
    FUZZ_REQUIRE(m.n_parts > 0 && m.n_parts <= SB_MHTML_MAX_PARTS);
    FUZZ_REQUIRE(m.page < m.n_parts);
    FUZZ_REQUIRE(strcmp(m.parts[m.page].type, "text/html") == 0 ||
                 strcmp(m.parts[m.page].type, "application/xhtml+xml") == 0);
    for (size_t i = 0; i < m.n_parts; i++) {
        const sb_mhtml_part *p = &m.parts[i];
        FUZZ_REQUIRE(p->type != NULL);
        FUZZ_REQUIRE(p->len <= size);
        FUZZ_REQUIRE(p->data[p->len] == '\0');
        if (p->location && !strchr(p->location, '#')) {
            size_t len = 0;
            void *copy = sb_mhtml_resource(&m, p->location, size, &len);
            FUZZ_REQUIRE(copy != NULL);
            /* the first part of that location is the one found */
            FUZZ_REQUIRE(len <= size);
            free(copy);
        }
    }
    sb_mhtml_free(&m);
    return 0;
}
