/* sentences: rule-based sentence boundary detection.  See sentences.h for
 * the rules; the abbreviation lists below are what keeps "Dr. Smith" and
 * "z.B. ein" in one piece. */
#include "dom/text/sentences.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

/* Abbreviations (lower case, inner dots kept, final dot dropped) after
 * which a period never ends a sentence: titles and Latin/German/Romance
 * short forms that are always followed by more of the same sentence.
 * Sorted by strcmp. */
static const char *const always_abbrev[] = {
    "adm", "av", "avv", "bspw", "bzgl", "bzw", "ca", "capt", "cf", "cmdr", "co",
    "col", "d.h", "dott", "dr", "dra", "dres", "e.g", "eg", "evtl", "gen", "ggf",
    "gov", "hon", "hr", "i.e", "ie", "ing", "inkl", "insp", "jh", "jr", "lt",
    "maj", "mio", "mlle", "mme", "mmes", "mr", "mrd", "mrs", "ms", "mssrs", "o.ä",
    "prof", "rep", "resp", "rev", "sen", "sgt", "sig", "sog", "sr", "sra", "srta",
    "st", "str", "u.a", "u.s.w", "u.ä", "v.a", "vgl", "vs", "z.b", "z.t",
};

/* Abbreviations that do not end a sentence when a number follows
 * ("No. 5", "Jan. 12", "p. 34", "Art. 3"). */
static const char *const number_abbrev[] = {
    "abb", "abs", "apr", "art", "aug", "bd", "ch", "dec", "feb", "fig", "jan",
    "jul", "jun", "kap", "mar", "no", "nos", "nov", "nr", "nº", "oct", "p", "pp",
    "s", "sec", "sep", "sept", "tab", "tel", "vol",
};

/* Month names (and their usual abbreviations) of the languages that write
 * dates as "19. Oktober": a period between a day number and a month never
 * ends a sentence.  Sorted by strcmp. */
static const char *const month_names[] = {
    "apr", "april", "aug", "august", "dec", "december", "des", "desember", "dez",
    "dezember", "feb", "februar", "jan", "januar", "january", "jul", "juli",
    "jun", "juni", "j\xC3\xA4nner", "mai", "maj", "mar", "mars", "marts",
    "m\xC3\xA4r", "m\xC3\xA4rz", "nov", "november", "okt", "oktober", "sep",
    "sept", "september",
};

static bool in_list(const char *const *list, size_t n, const char *w)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(w, list[mid]);
        if (c == 0)
            return true;
        if (c < 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return false;
}

/* Decodes the code point ending just before byte i (i > 0). */
static uint32_t prev_cp(const char *s, size_t i, size_t *start)
{
    size_t j = i - 1;
    while (j > 0 && i - j < 4 && ((unsigned char)s[j] & 0xC0) == 0x80)
        j--;
    size_t n;
    int32_t cp = sb_utf8_decode(s + j, i - j, &n);
    if (cp < 0 || j + n != i) {
        *start = i - 1;
        return SB_UTF8_REPLACEMENT;
    }
    *start = j;
    return (uint32_t)cp;
}

static uint32_t cp_at(const char *s, size_t len, size_t i, size_t *n)
{
    int32_t cp = sb_utf8_decode(s + i, len - i, n);
    return cp < 0 ? SB_UTF8_REPLACEMENT : (uint32_t)cp;
}

static bool is_closer(uint32_t cp)
{
    switch (cp) {
    case '"': case '\'': case ')': case ']': case '}':
    case 0x2019: case 0x201D: case 0x00BB: case 0x203A: case 0x300D: case 0x300F:
    case 0xFF09: case 0x3011: case 0x3009: case 0x300B: case 0xFF02: case 0x2018:
    case 0x201C: case 0x00AB:
        return true;
    default:
        return false;
    }
}

static bool is_western_terminator(uint32_t cp)
{
    return cp == '.' || cp == '!' || cp == '?' || cp == 0x2026 || cp == 0x203C ||
           cp == 0x2047 || cp == 0x2048 || cp == 0x2049;
}

static bool is_cjk_terminator(uint32_t cp)
{
    return cp == 0x3002 || cp == 0xFF01 || cp == 0xFF1F || cp == 0xFF0E || cp == 0xFF61;
}

/* Lower-case letter of a cased script: a letter that lower-cases to itself
 * in Latin, Greek, Cyrillic or Armenian.  Caseless scripts never count, so
 * Arabic or Hindi text still splits. */
static bool is_lower_letter(uint32_t cp)
{
    if (cp < 0x80)
        return cp >= 'a' && cp <= 'z';
    if (!sb_is_alpha_cp(cp))
        return false;
    sb_script s = sb_script_of(cp);
    if (s != SB_SCRIPT_LATIN && s != SB_SCRIPT_GREEK && s != SB_SCRIPT_CYRILLIC &&
        s != SB_SCRIPT_ARMENIAN)
        return false;
    return sb_lower_cp(cp) == cp;
}

static bool is_upper_letter(uint32_t cp)
{
    return sb_is_alpha_cp(cp) && sb_lower_cp(cp) != cp;
}

/* Lower-cased letters of the word starting at byte i (at most 15 bytes
 * kept) into buf. */
static void next_word_lower(const char *s, size_t len, size_t i, char buf[16])
{
    sb_buf low = SB_BUF_INIT;
    size_t j = i, n;
    while (j < len && j - i < 24) {
        uint32_t cp = cp_at(s, len, j, &n);
        if (!sb_is_alpha_cp(cp))
            break;
        j += n;
    }
    sb_utf8_lower_append(&low, s + i, j - i);
    size_t k = low.len < 15 ? low.len : 15;
    memcpy(buf, low.data ? low.data : "", k);
    buf[k] = '\0';
    sb_buf_free(&low);
}

/* Decides whether the period at byte `dot` ends a sentence.  The following
 * text's first word character is `next` at byte `next_pos` (next == 0 at
 * the end of the text); the current sentence began at `sent_start`. */
static bool period_ends_sentence(const char *s, size_t len, size_t sent_start, size_t dot,
                                 uint32_t next, size_t next_pos, bool ordinal_dots)
{
    /* The word before the period, inner periods included ("e.g", "U.S"). */
    size_t start = dot, wstart;
    int letters = 0, chars = 0;
    while (start > 0 && chars < 16) {
        uint32_t cp = prev_cp(s, start, &wstart);
        if (!(sb_is_word_cp(cp) || cp == '.'))
            break;
        if (sb_is_alpha_cp(cp))
            letters++;
        start = wstart;
        chars++;
    }
    if (chars == 0 || chars >= 16)
        return true;
    if (next != 0 && is_lower_letter(next))
        return false;
    /* Numbers: a list marker opening the sentence ("1. Take the..."), a
     * day before a month ("19. Oktober"), and, in languages that write
     * ordinals with a period, any 1-3 digit ordinal ("im 19. Jahrhundert"). */
    if (letters == 0 && chars <= 3) {
        bool all_digits = true;
        for (size_t k = start; k < dot; k++)
            if (s[k] < '0' || s[k] > '9')
                all_digits = false;
        if (all_digits) {
            size_t k = sent_start;
            while (k < start && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n' || s[k] == '\r'))
                k++;
            if (k == start)
                return false;
            if (next != 0 && !sb_is_digit_cp(next)) {
                if (ordinal_dots)
                    return false;
                char w[16];
                next_word_lower(s, len, next_pos, w);
                if (chars <= 2 &&
                    in_list(month_names, sizeof month_names / sizeof month_names[0], w))
                    return false;
            }
        }
    }
    char word[64];
    size_t wl = 0;
    {
        sb_buf low = SB_BUF_INIT;
        sb_utf8_lower_append(&low, s + start, dot - start);
        wl = low.len < sizeof word - 1 ? low.len : sizeof word - 1;
        memcpy(word, low.data ? low.data : "", wl);
        word[wl] = '\0';
        sb_buf_free(&low);
    }
    if (in_list(always_abbrev, sizeof always_abbrev / sizeof always_abbrev[0], word))
        return false;
    if (next != 0 && sb_is_digit_cp(next) &&
        in_list(number_abbrev, sizeof number_abbrev / sizeof number_abbrev[0], word))
        return false;
    /* A single capital letter is an initial ("J. R. R. Tolkien"). */
    if (letters == 1 && chars == 1) {
        size_t n;
        uint32_t cp = cp_at(s, dot, start, &n);
        if (is_upper_letter(cp))
            return false;
    }
    return true;
}

static void push_span(sb_spans *out, const char *s, size_t start, size_t end)
{
    /* Trim white space at both ends. */
    size_t n;
    while (start < end) {
        uint32_t cp = cp_at(s, end, start, &n);
        if (!sb_is_space_cp(cp))
            break;
        start += n;
    }
    while (end > start) {
        size_t ps;
        uint32_t cp = prev_cp(s, end, &ps);
        if (!sb_is_space_cp(cp) || ps < start)
            break;
        end = ps;
    }
    if (end <= start)
        return;
    if (out->n == out->cap) {
        out->cap = out->cap ? out->cap * 2 : 16;
        out->v = sb_xrealloc(out->v, out->cap * sizeof *out->v);
    }
    out->v[out->n].start = start;
    out->v[out->n].len = end - start;
    out->n++;
}

/* Languages writing ordinal numbers with a period ("19." = 19th). */
static bool uses_ordinal_dots(const char *lang)
{
    static const char *const codes[] = {"cs", "da", "de", "et", "fi", "fo", "hr", "hu",
                                        "is", "lv", "nb", "nn", "no", "pl", "sk", "sl",
                                        "sr", "tr"};
    if (!lang || !lang[0] || !lang[1])
        return false;
    char c0 = (char)(lang[0] | 0x20), c1 = (char)(lang[1] | 0x20);
    if (lang[2] != '\0' && lang[2] != '-' && lang[2] != '_')
        return false;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
        if (codes[i][0] == c0 && codes[i][1] == c1)
            return true;
    return false;
}

size_t sb_split_sentences(const char *s, size_t len, sb_spans *out)
{
    return sb_split_sentences_lang(s, len, NULL, out);
}

size_t sb_split_sentences_lang(const char *s, size_t len, const char *lang, sb_spans *out)
{
    bool ordinal_dots = uses_ordinal_dots(lang);
    size_t before = out->n;
    size_t sent_start = 0, i = 0, n;
    if (!s)
        return 0;
    while (i < len) {
        uint32_t cp = cp_at(s, len, i, &n);

        /* Paragraph break: newline, optional blanks, newline. */
        if (cp == '\n') {
            size_t j = i + 1;
            while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r'))
                j++;
            if (j < len && s[j] == '\n') {
                push_span(out, s, sent_start, i);
                while (j < len && (s[j] == '\n' || s[j] == ' ' || s[j] == '\t' || s[j] == '\r'))
                    j++;
                sent_start = i = j;
                continue;
            }
            i++;
            continue;
        }

        bool cjk = is_cjk_terminator(cp);
        if (!cjk && !is_western_terminator(cp)) {
            i += n;
            continue;
        }

        /* The terminator run: "?!", "...", "!!!" (plus CJK ones). */
        size_t first = i;
        bool only_periods = true;
        size_t run_len = 0;
        while (i < len) {
            uint32_t c = cp_at(s, len, i, &n);
            if (is_cjk_terminator(c))
                cjk = true;
            else if (!is_western_terminator(c))
                break;
            if (c != '.')
                only_periods = false;
            run_len++;
            i += n;
        }
        /* Closing quotes and brackets stay with the sentence. */
        while (i < len) {
            uint32_t c = cp_at(s, len, i, &n);
            if (!is_closer(c))
                break;
            i += n;
        }
        size_t end = i;

        if (!cjk) {
            /* Western terminators need white space (or the end) after them. */
            if (i < len) {
                uint32_t c = cp_at(s, len, i, &n);
                if (!sb_is_space_cp(c))
                    continue;
            }
            /* First letter-ish character of what follows, skipping spaces and
             * opening punctuation. */
            size_t j = i;
            size_t next_pos = len;
            uint32_t next = 0;
            int skipped = 0;
            while (j < len && skipped < 8) {
                uint32_t c = cp_at(s, len, j, &n);
                if (sb_is_word_cp(c)) {
                    next = c;
                    next_pos = j;
                    break;
                }
                if (c == '\n')
                    break;
                j += n;
                skipped++;
            }
            bool ends;
            if (only_periods && run_len == 1)
                ends = period_ends_sentence(s, len, sent_start, first, next, next_pos,
                                            ordinal_dots);
            else
                ends = !(next != 0 && is_lower_letter(next));
            if (!ends)
                continue;
        }
        push_span(out, s, sent_start, end);
        sent_start = end;
    }
    push_span(out, s, sent_start, len);
    return out->n - before;
}

void sb_spans_clear(sb_spans *s)
{
    s->n = 0;
}

void sb_spans_free(sb_spans *s)
{
    free(s->v);
    s->v = NULL;
    s->n = s->cap = 0;
}
