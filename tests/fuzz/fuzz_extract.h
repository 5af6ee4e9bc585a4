/* fuzz_extract.h: sb_extract on arbitrary bytes with one method; included by
 * fuzz_extract_hybrid.c and fuzz_extract_dom.c.
 *
 * Inputs are capped at FUZZ_MAX_PAGE bytes and the render budget is short,
 * so one execution stays well under a second and the fuzzer explores
 * structure rather than size (size limits are the business of the hostile
 * input tests).  The record must come back whatever the page: text never
 * NULL, an error of one line, every string valid UTF-8, and its JSON must
 * parse with our own reader. */
#include "fuzz_check.h"

#include "dom/base/json.h"
#include "storybox.h"

#define FUZZ_MAX_PAGE 65536
#define FUZZ_RENDER_BUDGET_MS 1000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > FUZZ_MAX_PAGE)
        return -1; /* not added to the corpus */
    sb_options opt;
    sb_options_init(&opt);
    opt.method = FUZZ_METHOD;
    opt.base_url = "https://example.com/news/2024/story.html";
    opt.time_budget_ms = FUZZ_RENDER_BUDGET_MS;
    sb_story *s = sb_extract(data, size, &opt);
    FUZZ_REQUIRE(s != NULL);
    FUZZ_REQUIRE(s->text != NULL);
    FUZZ_REQUIRE(s->method != NULL);
    if (s->error) {
        FUZZ_REQUIRE(s->error[0] != '\0');
        FUZZ_REQUIRE(strchr(s->error, '\n') == NULL);
    }
    const char *fields[] = {s->text,      s->title,    s->byline,    s->published,
                            s->modified,  s->site_name, s->language, s->description, s->standfirst,
                            s->url,       s->method,   s->error};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        fuzz_check_utf8(fields[i]);
    if (s->lead_image) {
        fuzz_check_utf8(s->lead_image->url);
        fuzz_check_utf8(s->lead_image->caption);
        fuzz_check_utf8(s->lead_image->alt);
    }
    char *json = sb_story_to_json(s, false);
    FUZZ_REQUIRE(json != NULL);
    char err[128];
    sb_json *parsed = sb_json_parse(json, strlen(json), 0, err, sizeof err);
    if (!parsed)
        fprintf(stderr, "record JSON does not parse: %s\n", err);
    FUZZ_REQUIRE(parsed != NULL);
    FUZZ_REQUIRE(sb_json_type(parsed) == SB_JSON_OBJECT);
    sb_json_free(parsed);
    free(json);
    sb_story_free(s);
    return 0;
}
