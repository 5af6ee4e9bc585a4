/* libFuzzer harness: image sizes from file headers (dom/base/image_size.h).
 * The input is read as an image file's first bytes, copied to a heap
 * buffer of its exact size (ASan sees a read past it), and as the base64
 * payload of a data: URI.  A size given is within 1..SB_IMAGE_MAX_SIDE. */
#include "fuzz_check.h"

#include "dom/base/image_size.h"

static void check(bool ok, int w, int h)
{
    if (ok)
        FUZZ_REQUIRE(w >= 1 && h >= 1 && w <= SB_IMAGE_MAX_SIDE && h <= SB_IMAGE_MAX_SIDE);
    else
        FUZZ_REQUIRE(w == -1 && h == -1); /* untouched when there is no size */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *copy = malloc(size ? size : 1);
    FUZZ_REQUIRE(copy != NULL);
    if (size)
        memcpy(copy, data, size);
    int w = -1, h = -1;
    check(sb_image_header_size(copy, size, &w, &h), w, h);
    w = h = -1;
    check(sb_image_base64_size((const char *)copy, size, &w, &h), w, h);
    free(copy);
    return 0;
}
