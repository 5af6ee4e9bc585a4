/* lang: language code normalisation and a script + stopword language guess.
 *
 * The guess is deliberately simple: it only has to choose which stopword
 * list and stemmer to apply, so it looks at the dominant script first and,
 * for Latin text, counts stopword hits of each Latin-script language. */
#include "dom/text/lang.h"

#include <string.h>

#include "dom/text/stopwords.h"
#include "dom/base/strbuf.h"
#include "dom/text/tokens.h"
#include "dom/base/utf8.h"

bool sb_lang_normalize(const char *value, char out[4])
{
    out[0] = '\0';
    if (!value)
        return false;
    while (*value == ' ' || *value == '\t' || *value == '\n' || *value == '\r')
        value++;
    size_t n = 0;
    char code[4];
    while (n < 4 && value[n]) {
        char c = value[n];
        if (c >= 'A' && c <= 'Z')
            c = (char)(c + 32);
        if (c < 'a' || c > 'z')
            break;
        code[n++] = c;
    }
    char after = value[n];
    if (n < 2 || n > 3)
        return false;
    if (after != '\0' && after != '-' && after != '_' && after != ' ' && after != ',' &&
        after != ';' && after != '\t' && after != '\n' && after != '\r')
        return false;
    memcpy(out, code, n);
    out[n] = '\0';
    return true;
}

/* Only this much of a text is examined: enough for a stable guess. */
#define GUESS_MAX_BYTES 65536

/* Least share of stopword hits for a Latin-script guess.  Measured against
 * the lang attribute of the 903 trafilatura pages that have one: 0% gives
 * 858 agreeing / 43 other guesses / 2 unknown, 10% 855 / 22 / 26, 20%
 * 813 / 19 / 71 (the distinct-word rule below changes none of these).  On
 * the 73 readability pages with a lang value: 69 agree, 4 unknown. */
#define MIN_STOPWORD_PERCENT 10

/* Position of a counted word in a sorted stopword list, or -1. */
static int list_index(const char *const *list, size_t n, const char *w, size_t len)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strncmp(w, list[mid], len);
        if (c == 0 && list[mid][len] != '\0')
            c = -1;
        if (c == 0)
            return (int)mid;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return -1;
}

static const char *guess_latin(const char *text, size_t len)
{
    int score[SB_STOPWORD_LANGS] = {0};
    int distinct[SB_STOPWORD_LANGS] = {0};
    bool seen[SB_STOPWORD_LANGS][256];
    const char *const *lists[SB_STOPWORD_LANGS];
    size_t list_len[SB_STOPWORD_LANGS];
    int words = 0;
    memset(seen, 0, sizeof seen);
    for (int l = 0; l < SB_STOPWORD_LANGS; l++) {
        /* Russian is decided by script, never here. */
        const char *code = sb_stopword_lang(l);
        lists[l] = strcmp(code, "ru") == 0 ? NULL : sb_stopword_list(code, &list_len[l]);
    }
    sb_wordtoks toks = SB_WORDTOKS_INIT;
    sb_buf low = SB_BUF_INIT;
    sb_wordtok_split(text, len, 0, &toks);
    for (size_t i = 0; i < toks.n; i++) {
        if (toks.v[i].len > 24)
            continue;
        words++;
        sb_buf_clear(&low);
        sb_utf8_lower_append(&low, text + toks.v[i].start, toks.v[i].len);
        if (memchr(low.data, '\0', low.len))
            continue;
        for (int l = 0; l < SB_STOPWORD_LANGS; l++) {
            if (!lists[l])
                continue;
            int k = list_index(lists[l], list_len[l], low.data, low.len);
            if (k < 0)
                continue;
            score[l]++;
            if (k < 256 && !seen[l][k]) {
                seen[l][k] = true;
                distinct[l]++;
            }
        }
    }
    sb_wordtoks_free(&toks);
    sb_buf_free(&low);
    int best = -1, second = 0;
    for (int l = 0; l < SB_STOPWORD_LANGS; l++) {
        if (best < 0 || score[l] > score[best]) {
            if (best >= 0 && score[best] > second)
                second = score[best];
            best = l;
        } else if (score[l] > second) {
            second = score[l];
        }
    }
    /* Real text in one of these languages has 25-50% stopwords, many of
     * them different; a text in another Latin-script language (Polish,
     * Czech, placeholder Latin) meets only a few by accident, often the same
     * one again ("et", "a"). */
    if (best < 0 || score[best] < 2 || score[best] == second ||
        score[best] * 100 < words * MIN_STOPWORD_PERCENT)
        return NULL;
    if (distinct[best] < (words < 20 ? 2 : 3))
        return NULL;
    return sb_stopword_lang(best);
}

const char *sb_lang_guess(const char *text, size_t len)
{
    if (!text)
        return NULL;
    if (len > GUESS_MAX_BYTES) {
        /* Cut at a character boundary. */
        len = GUESS_MAX_BYTES;
        while (len > 0 && ((unsigned char)text[len] & 0xC0) == 0x80)
            len--;
    }
    size_t count[SB_SCRIPT_COUNT] = {0};
    size_t letters = 0, ukrainian = 0, persian = 0;
    size_t i = 0, n;
    while (i < len) {
        int32_t cp = sb_utf8_decode(text + i, len - i, &n);
        i += n;
        if (cp < 0 || !sb_is_alpha_cp((uint32_t)cp))
            continue;
        sb_script s = sb_script_of((uint32_t)cp);
        if (s == SB_SCRIPT_OTHER)
            continue;
        count[s]++;
        letters++;
        uint32_t lc = sb_lower_cp((uint32_t)cp);
        if (lc == 0x0454 || lc == 0x0456 || lc == 0x0457 || lc == 0x0491)
            ukrainian++;
        if (cp == 0x067E || cp == 0x0686 || cp == 0x0698 || cp == 0x06AF || cp == 0x06A9 ||
            cp == 0x06CC)
            persian++;
    }
    if (letters < 3)
        return NULL;
    /* Japanese mixes kana into Han; any real share of kana means Japanese. */
    size_t cjk = count[SB_SCRIPT_HAN] + count[SB_SCRIPT_HIRAGANA_KATAKANA];
    int best = SB_SCRIPT_OTHER;
    for (int s = 1; s < SB_SCRIPT_COUNT; s++)
        if (count[s] > count[best])
            best = s;
    if (cjk > count[best])
        best = SB_SCRIPT_HAN;
    switch ((sb_script)best) {
    case SB_SCRIPT_LATIN:
        return guess_latin(text, len);
    case SB_SCRIPT_CYRILLIC:
        return ukrainian * 100 > count[best] ? "uk" : "ru";
    case SB_SCRIPT_GREEK: return "el";
    case SB_SCRIPT_ARMENIAN: return "hy";
    case SB_SCRIPT_HEBREW: return "he";
    case SB_SCRIPT_ARABIC:
        return persian * 50 > count[best] ? "fa" : "ar";
    case SB_SCRIPT_DEVANAGARI: return "hi";
    case SB_SCRIPT_BENGALI: return "bn";
    case SB_SCRIPT_TAMIL: return "ta";
    case SB_SCRIPT_THAI: return "th";
    case SB_SCRIPT_GEORGIAN: return "ka";
    case SB_SCRIPT_HANGUL: return "ko";
    case SB_SCRIPT_HIRAGANA_KATAKANA:
    case SB_SCRIPT_HAN:
        return count[SB_SCRIPT_HIRAGANA_KATAKANA] * 10 > cjk ? "ja" : "zh";
    default:
        return NULL;
    }
}
