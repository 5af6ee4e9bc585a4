/* libFuzzer harness: the `sizes` attribute reader (dom/story/sizes_attr.h).
 * The whole input is the attribute's value, read at the viewport widths a
 * caller may pass: the render's, a narrow and a wide one, and the extremes. */
#include "fuzz_check.h"

#include "dom/story/sizes_attr.h"

/* sizes_attr.c answers 0 or a slot of 1 to 100000 px, whatever the text. */
#define SLOT_MAX 100000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *sizes = fuzz_cstring(data, size);
    static const int viewports[] = {1, 320, 800, 1280, 1920, 100000, 0, -5};
    for (size_t i = 0; i < sizeof viewports / sizeof *viewports; i++) {
        int w = sb_sizes_slot_width(sizes, viewports[i]);
        FUZZ_REQUIRE(w >= 0 && w <= SLOT_MAX);
        if (viewports[i] <= 0)
            FUZZ_REQUIRE(w == 0);
    }
    free(sizes);
    return 0;
}
