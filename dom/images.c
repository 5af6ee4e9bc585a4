/* images: the lead image (placeholder until the candidate search lands). */
#include "story_parts.h"

sb_image *sb_lead_image(sb_story_ctx *c, const sb_meta *meta, const int *roots, size_t n_roots,
                        const char *headline, const char *story_text)
{
    (void)c; (void)meta; (void)roots; (void)n_roots; (void)headline; (void)story_text;
    return NULL;
}
