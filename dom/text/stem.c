/* stem: ISO code -> Snowball algorithm, and a per-context stemmer. */
#include "dom/text/stem.h"

#include <libstemmer.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"

struct sb_stem {
    struct sb_stemmer *snowball; /* NULL: identity */
};

typedef struct stem_lang {
    const char *code;
    const char *algorithm;
} stem_lang;

/* Sorted by code. */
static const stem_lang stem_langs[] = {
    {"ar", "arabic"},     {"ca", "catalan"},    {"da", "danish"},    {"de", "german"},
    {"el", "greek"},      {"en", "english"},    {"es", "spanish"},   {"eu", "basque"},
    {"fi", "finnish"},    {"fr", "french"},     {"ga", "irish"},     {"hi", "hindi"},
    {"hu", "hungarian"},  {"hy", "armenian"},   {"id", "indonesian"}, {"it", "italian"},
    {"lt", "lithuanian"}, {"nb", "norwegian"},  {"ne", "nepali"},    {"nl", "dutch"},
    {"nn", "norwegian"},  {"no", "norwegian"},  {"pt", "portuguese"}, {"ro", "romanian"},
    {"ru", "russian"},    {"sr", "serbian"},    {"sv", "swedish"},   {"ta", "tamil"},
    {"tr", "turkish"},    {"yi", "yiddish"},
};

const char *sb_stem_algorithm(const char *lang)
{
    if (!lang)
        return NULL;
    while (*lang == ' ')
        lang++;
    char code[3] = {0, 0, 0};
    for (int i = 0; i < 2; i++) {
        char c = lang[i];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c + 32);
        if (c < 'a' || c > 'z')
            return NULL;
        code[i] = c;
    }
    char after = lang[2];
    if (after != '\0' && after != '-' && after != '_' && after != ' ' && after != ',' &&
        after != ';')
        return NULL;
    size_t lo = 0, hi = sizeof stem_langs / sizeof stem_langs[0];
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(code, stem_langs[mid].code);
        if (c == 0)
            return stem_langs[mid].algorithm;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return NULL;
}

sb_stem *sb_stem_new(const char *lang)
{
    sb_stem *st = sb_xcalloc(1, sizeof *st);
    const char *alg = sb_stem_algorithm(lang);
    if (alg)
        st->snowball = sb_stemmer_new(alg, "UTF_8");
    return st;
}

void sb_stem_free(sb_stem *st)
{
    if (!st)
        return;
    if (st->snowball)
        sb_stemmer_delete(st->snowball);
    free(st);
}

bool sb_stem_active(const sb_stem *st)
{
    return st && st->snowball;
}

const char *sb_stem_word(sb_stem *st, const char *word, size_t len, size_t *out_len)
{
    if (!st || !st->snowball || len == 0 || len > INT_MAX / 2) {
        if (out_len)
            *out_len = len;
        return word;
    }
    const sb_symbol *r = sb_stemmer_stem(st->snowball, (const sb_symbol *)word, (int)len);
    if (!r) { /* out of memory inside libstemmer: fall back to the word */
        if (out_len)
            *out_len = len;
        return word;
    }
    if (out_len)
        *out_len = (size_t)sb_stemmer_length(st->snowball);
    return (const char *)r;
}
