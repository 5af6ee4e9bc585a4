/* stopwords: lookups in the compiled-in lists of stopwords_data.c. */
#include "dom/text/stopwords.h"

#include <string.h>

#include "dom/text/stopwords_data.h"

const char *sb_stopword_lang(int i)
{
    if (i < 0 || i >= SB_STOPWORD_LANGS)
        return NULL;
    return sb_stopword_tables[i].lang;
}

int sb_stopword_lang_index(const char *lang)
{
    if (!lang)
        return -1;
    while (*lang == ' ')
        lang++;
    char a = lang[0], b = a ? lang[1] : '\0';
    if (!a || !b)
        return -1;
    /* Only the primary subtag counts: "en", "en-US", "en_GB". */
    char c = lang[2];
    if (c != '\0' && c != '-' && c != '_' && c != ' ' && c != ',' && c != ';')
        return -1;
    a = (char)((a >= 'A' && a <= 'Z') ? a + 32 : a);
    b = (char)((b >= 'A' && b <= 'Z') ? b + 32 : b);
    for (int i = 0; i < SB_STOPWORD_LANGS; i++)
        if (sb_stopword_tables[i].lang[0] == a && sb_stopword_tables[i].lang[1] == b)
            return i;
    return -1;
}

/* strcmp order between a counted word and a NUL-terminated list entry. */
static int cmp_counted(const char *w, size_t len, const char *entry)
{
    size_t i = 0;
    for (; i < len && entry[i]; i++) {
        unsigned char x = (unsigned char)w[i], y = (unsigned char)entry[i];
        if (x != y)
            return x < y ? -1 : 1;
    }
    if (i < len)
        return 1;
    return entry[i] ? -1 : 0;
}

bool sb_is_stopword_ix(int lang_index, const char *word, size_t len)
{
    if (lang_index < 0 || lang_index >= SB_STOPWORD_LANGS || !word || len == 0)
        return false;
    const sb_stopword_table *t = &sb_stopword_tables[lang_index];
    size_t lo = 0, hi = t->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = cmp_counted(word, len, t->words[mid]);
        if (c == 0)
            return true;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return false;
}

bool sb_is_stopword_n(const char *lang, const char *word, size_t len)
{
    return sb_is_stopword_ix(sb_stopword_lang_index(lang), word, len);
}

bool sb_is_stopword(const char *lang, const char *word)
{
    return word && sb_is_stopword_n(lang, word, strlen(word));
}

const char *const *sb_stopword_list(const char *lang, size_t *n)
{
    int i = sb_stopword_lang_index(lang);
    if (i < 0) {
        if (n)
            *n = 0;
        return NULL;
    }
    if (n)
        *n = sb_stopword_tables[i].n;
    return sb_stopword_tables[i].words;
}
