/* sentences: rule-based sentence boundary detection.  See sentences.h for
 * the rules; the abbreviation lists below are what keeps "Dr. Smith" and
 * "z.B. ein" in one piece. */
#include "sentences.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "utf8.h"

/* Abbreviations (lower case, inner dots kept, final dot dropped) after
 * which a period never ends a sentence: titles and Latin/German/Romance
 * short forms that are always followed by more of the same sentence.
 * Sorted by strcmp. */
static const char *const always_abbrev[] = {
    "adm", "av", "avv", "bzgl", "bzw", "ca", "capt", "cf", "cmdr", "col", "dott",
    "dr", "dra", "dres", "e.g", "eg", "evtl", "gen", "ggf", "gov", "hon", "i.e",
    "ie", "ing", "inkl", "insp", "jr", "lt", "maj", "mlle", "mme", "mmes", "mr",
    "mrs", "ms", "mssrs", "prof", "rep", "rev", "sen", "sgt", "sig", "sog", "sr",
    "sra", "srta", "st", "u.a", "v.a", "vgl", "vs", "z.b", "z.t",
};

/* Abbreviations that do not end a sentence when a number follows
 * ("No. 5", "Jan. 12", "p. 34", "Art. 3"). */
static const char *const number_abbrev[] = {
    "abs", "apr", "art", "aug", "bd", "ch", "dec", "feb", "fig", "jan", "jul",
    "jun", "mar", "no", "nos", "nov", "nr", "oct", "p", "pp", "s", "sec", "sep",
    "sept", "vol",
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

/* Decides whether the period at byte `dot` ends a sentence, given the first
 * character of the following text (`next`, 0 at end of text). */
static bool period_ends_sentence(const char *s, size_t dot, uint32_t next)
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

size_t sb_split_sentences(const char *s, size_t len, sb_spans *out)
{
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
            uint32_t next = 0;
            int skipped = 0;
            while (j < len && skipped < 8) {
                uint32_t c = cp_at(s, len, j, &n);
                if (sb_is_word_cp(c)) {
                    next = c;
                    break;
                }
                if (c == '\n')
                    break;
                j += n;
                skipped++;
            }
            bool ends;
            if (only_periods && run_len == 1)
                ends = period_ends_sentence(s, first, next);
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
