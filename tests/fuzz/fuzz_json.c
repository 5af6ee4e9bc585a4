/* libFuzzer harness: the JSON reader (dom/json.h) on arbitrary bytes, with
 * and without HTML entity decoding.  A parsed tree is walked whole through
 * every accessor; a failed parse must leave a one-line message. */
#include "fuzz_check.h"

#include "dom/base/json.h"

/* Touches every node; checks lengths and that strings are valid UTF-8
 * (the reader promises to replace malformed bytes with U+FFFD). */
static void walk(const sb_json *v)
{
    switch (sb_json_type(v)) {
    case SB_JSON_STRING: {
        const char *s = sb_json_str(v);
        size_t n = sb_json_str_len(v);
        FUZZ_REQUIRE(s != NULL);
        FUZZ_REQUIRE(s[n] == '\0');
        FUZZ_REQUIRE(fuzz_utf8_valid(s, n));
        break;
    }
    case SB_JSON_ARRAY:
        for (size_t i = 0; i < sb_json_len(v); i++)
            walk(sb_json_at(v, i));
        FUZZ_REQUIRE(sb_json_at(v, sb_json_len(v)) == NULL);
        break;
    case SB_JSON_OBJECT:
        for (size_t i = 0; i < sb_json_len(v); i++) {
            const char *key = sb_json_key_at(v, i);
            FUZZ_REQUIRE(key != NULL);
            FUZZ_REQUIRE(fuzz_utf8_valid(key, strlen(key)));
            /* The lookup by key finds a member with that key (the last). */
            FUZZ_REQUIRE(sb_json_get(v, key) != NULL);
            walk(sb_json_value_at(v, i));
        }
        break;
    case SB_JSON_NUMBER:
        (void)sb_json_num(v);
        break;
    case SB_JSON_BOOL:
        (void)sb_json_bool(v);
        break;
    case SB_JSON_NULL:
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const unsigned flag_sets[] = {0, SB_JSON_DECODE_ENTITIES};
    for (size_t f = 0; f < 2; f++) {
        char err[200];
        err[0] = 'x';
        sb_json *v = sb_json_parse((const char *)data, size, flag_sets[f], err, sizeof err);
        if (v) {
            walk(v);
            sb_json_free(v);
        } else {
            FUZZ_REQUIRE(memchr(err, '\0', sizeof err) != NULL);
            FUZZ_REQUIRE(err[0] != '\0' && strchr(err, '\n') == NULL);
        }
    }
    return 0;
}
