/* utf8: UTF-8 codec, character classes and lower-casing by range tables.
 *
 * The class and case tables (utf8_tables.inc) are generated from the
 * Unicode Character Database; the script and unspaced-script tables below
 * are hand-written block ranges, which is all language guessing needs. */
#include "dom/base/utf8.h"

#include <stdlib.h>
#include <string.h>

int32_t sb_utf8_decode(const char *str, size_t len, size_t *consumed)
{
    const unsigned char *s = (const unsigned char *)str;
    if (len == 0) {
        *consumed = 0;
        return -1;
    }
    unsigned c = s[0];
    *consumed = 1;
    if (c < 0x80)
        return (int32_t)c;
    size_t need;
    uint32_t cp, min;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 1; cp = c & 0x1F; min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2; cp = c & 0x0F; min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3; cp = c & 0x07; min = 0x10000;
    } else {
        return -1;
    }
    if (len < need + 1)
        return -1;
    for (size_t i = 1; i <= need; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return -1;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return -1;
    *consumed = need + 1;
    return (int32_t)cp;
}

size_t sb_utf8_encode(uint32_t cp, char out[4])
{
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        cp = SB_UTF8_REPLACEMENT;
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

void sb_utf8_append(sb_buf *b, uint32_t cp)
{
    char tmp[4];
    size_t n = sb_utf8_encode(cp, tmp);
    sb_buf_append(b, tmp, n);
}

bool sb_utf8_valid(const char *s, size_t len)
{
    size_t i = 0, n;
    while (i < len) {
        if (sb_utf8_decode(s + i, len - i, &n) < 0)
            return false;
        i += n;
    }
    return true;
}

size_t sb_utf8_count(const char *s, size_t len)
{
    size_t i = 0, n, count = 0;
    while (i < len) {
        sb_utf8_decode(s + i, len - i, &n);
        i += n;
        count++;
    }
    return count;
}

size_t sb_utf8_prefix(const char *s, size_t len, size_t max)
{
    if (len <= max)
        return len;
    size_t n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
        n--;
    return n;
}

char *sb_utf8_sanitize_copy(const char *s, size_t len)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_reserve(&b, len);
    size_t i = 0, n;
    while (i < len) {
        int32_t cp = sb_utf8_decode(s + i, len - i, &n);
        if (cp < 0)
            sb_utf8_append(&b, SB_UTF8_REPLACEMENT);
        else
            sb_buf_append(&b, s + i, n);
        i += n;
    }
    return sb_buf_steal(&b);
}

/* ---- range tables ---------------------------------------------------- */

typedef struct cp_range {
    uint32_t lo, hi;
} cp_range;

static bool in_ranges(const cp_range *r, size_t n, uint32_t cp)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < r[mid].lo)
            hi = mid;
        else if (cp > r[mid].hi)
            lo = mid + 1;
        else
            return true;
    }
    return false;
}

/* Lower-case mapping run: every stride-th code point of [lo, hi] maps to
 * cp + delta. */
typedef struct case_run {
    uint32_t lo, hi;
    int32_t delta;
    uint32_t stride;
} case_run;

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#include "dom/base/utf8_tables.inc"

bool sb_is_digit_cp(uint32_t cp)
{
    if (cp < 0x80)
        return cp >= '0' && cp <= '9';
    return in_ranges(digit_ranges, COUNT(digit_ranges), cp);
}

bool sb_is_mark_cp(uint32_t cp)
{
    return cp >= 0x0300 && in_ranges(mark_ranges, COUNT(mark_ranges), cp);
}

bool sb_is_alpha_cp(uint32_t cp)
{
    if (cp < 0x80)
        return (cp | 0x20) >= 'a' && (cp | 0x20) <= 'z';
    return in_ranges(letter_ranges, COUNT(letter_ranges), cp) || sb_is_mark_cp(cp);
}

bool sb_is_pyword_cp(uint32_t cp)
{
    if (cp < 0x80)
        return (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') ||
               cp == '_';
    return in_ranges(pyword_ranges, COUNT(pyword_ranges), cp);
}

bool sb_is_word_cp(uint32_t cp)
{
    if (cp < 0x80)
        return (cp >= '0' && cp <= '9') || ((cp | 0x20) >= 'a' && (cp | 0x20) <= 'z') ||
               cp == '_';
    return in_ranges(pyword_ranges, COUNT(pyword_ranges), cp) || sb_is_mark_cp(cp) ||
           in_ranges(connector_ranges, COUNT(connector_ranges), cp);
}

bool sb_is_space_cp(uint32_t cp)
{
    switch (cp) {
    case 0x09: case 0x0A: case 0x0B: case 0x0C: case 0x0D: case 0x20:
    case 0x85: case 0xA0: case 0x1680: case 0x180E: case 0x2028: case 0x2029:
    case 0x202F: case 0x205F: case 0x3000: case 0xFEFF: case 0x200B:
        return true;
    default:
        return cp >= 0x2000 && cp <= 0x200A;
    }
}

static const cp_range unspaced_ranges[] = {
    {0x0E00, 0x0EFF},   /* Thai, Lao */
    {0x0F00, 0x0FFF},   /* Tibetan (syllables separated by tsheg, not spaces) */
    {0x1000, 0x109F},   /* Myanmar */
    {0x1780, 0x17FF},   /* Khmer */
    {0x19E0, 0x19FF},   /* Khmer symbols */
    {0x2E80, 0x2FDF},   /* CJK radicals */
    {0x3005, 0x3007},   /* ideographic iteration / closing / zero */
    {0x3021, 0x3029},   /* Hangzhou numerals */
    {0x3031, 0x3035},   /* kana repeat marks */
    {0x3038, 0x303C},
    {0x3040, 0x30FF},   /* Hiragana, Katakana */
    {0x31F0, 0x31FF},   /* Katakana phonetic extensions */
    {0x3400, 0x4DBF},   /* CJK extension A */
    {0x4E00, 0x9FFF},   /* CJK unified ideographs */
    {0xF900, 0xFAFF},   /* CJK compatibility ideographs */
    {0xFF66, 0xFF9F},   /* halfwidth Katakana */
    {0x1B000, 0x1B16F}, /* kana supplement/extended */
    {0x20000, 0x323AF}, /* CJK extensions B.. */
};

bool sb_is_unspaced_script_cp(uint32_t cp)
{
    if (cp < 0x0E00)
        return false;
    return in_ranges(unspaced_ranges, COUNT(unspaced_ranges), cp);
}

/* ---- lower-casing ---------------------------------------------------- */

uint32_t sb_lower_cp(uint32_t cp)
{
    if (cp < 0x80)
        return (cp >= 'A' && cp <= 'Z') ? cp + 32 : cp;
    /* Last run starting at or before cp; runs do not overlap. */
    size_t lo = 0, hi = COUNT(lower_runs);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (lower_runs[mid].lo <= cp)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return cp;
    const case_run *r = &lower_runs[lo - 1];
    if (cp > r->hi || (cp - r->lo) % r->stride != 0)
        return cp;
    return (uint32_t)((int32_t)cp + r->delta);
}

void sb_utf8_lower_append(sb_buf *out, const char *s, size_t len)
{
    sb_buf_reserve(out, len);
    size_t i = 0, n;
    while (i < len) {
        unsigned char c = (unsigned char)s[i];
        if (c < 0x80) {
            sb_buf_putc(out, (char)((c >= 'A' && c <= 'Z') ? c + 32 : c));
            i++;
            continue;
        }
        int32_t cp = sb_utf8_decode(s + i, len - i, &n);
        sb_utf8_append(out, cp < 0 ? SB_UTF8_REPLACEMENT : sb_lower_cp((uint32_t)cp));
        i += n;
    }
}

char *sb_utf8_lower(const char *s, size_t len)
{
    sb_buf b = SB_BUF_INIT;
    sb_utf8_lower_append(&b, s, len);
    return sb_buf_steal(&b);
}

/* ---- scripts --------------------------------------------------------- */

typedef struct script_range {
    uint32_t lo, hi;
    sb_script script;
} script_range;

static const script_range script_ranges[] = {
    {0x0041, 0x005A, SB_SCRIPT_LATIN},   {0x0061, 0x007A, SB_SCRIPT_LATIN},
    {0x00AA, 0x00AA, SB_SCRIPT_LATIN},   {0x00BA, 0x00BA, SB_SCRIPT_LATIN},
    {0x00C0, 0x00D6, SB_SCRIPT_LATIN},   {0x00D8, 0x00F6, SB_SCRIPT_LATIN},
    {0x00F8, 0x024F, SB_SCRIPT_LATIN},   {0x0370, 0x03FF, SB_SCRIPT_GREEK},
    {0x0400, 0x052F, SB_SCRIPT_CYRILLIC}, {0x0531, 0x058F, SB_SCRIPT_ARMENIAN},
    {0x0590, 0x05FF, SB_SCRIPT_HEBREW},  {0x0600, 0x06FF, SB_SCRIPT_ARABIC},
    {0x0750, 0x077F, SB_SCRIPT_ARABIC},  {0x0870, 0x08FF, SB_SCRIPT_ARABIC},
    {0x0900, 0x097F, SB_SCRIPT_DEVANAGARI}, {0x0980, 0x09FF, SB_SCRIPT_BENGALI},
    {0x0B80, 0x0BFF, SB_SCRIPT_TAMIL},   {0x0E00, 0x0E7F, SB_SCRIPT_THAI},
    {0x10A0, 0x10FF, SB_SCRIPT_GEORGIAN}, {0x1100, 0x11FF, SB_SCRIPT_HANGUL},
    {0x1C80, 0x1C8F, SB_SCRIPT_CYRILLIC}, {0x1C90, 0x1CBF, SB_SCRIPT_GEORGIAN},
    {0x1E00, 0x1EFF, SB_SCRIPT_LATIN},   {0x1F00, 0x1FFF, SB_SCRIPT_GREEK},
    {0x2D00, 0x2D2F, SB_SCRIPT_GEORGIAN}, {0x2DE0, 0x2DFF, SB_SCRIPT_CYRILLIC},
    {0x2E80, 0x2FDF, SB_SCRIPT_HAN},     {0x3005, 0x3007, SB_SCRIPT_HAN},
    {0x3040, 0x30FF, SB_SCRIPT_HIRAGANA_KATAKANA}, {0x3130, 0x318F, SB_SCRIPT_HANGUL},
    {0x31F0, 0x31FF, SB_SCRIPT_HIRAGANA_KATAKANA}, {0x3400, 0x4DBF, SB_SCRIPT_HAN},
    {0x4E00, 0x9FFF, SB_SCRIPT_HAN},     {0xA640, 0xA69F, SB_SCRIPT_CYRILLIC},
    {0xAC00, 0xD7AF, SB_SCRIPT_HANGUL},  {0xF900, 0xFAFF, SB_SCRIPT_HAN},
    {0xFB1D, 0xFB4F, SB_SCRIPT_HEBREW},  {0xFB50, 0xFDFF, SB_SCRIPT_ARABIC},
    {0xFE70, 0xFEFF, SB_SCRIPT_ARABIC},  {0xFF21, 0xFF3A, SB_SCRIPT_LATIN},
    {0xFF41, 0xFF5A, SB_SCRIPT_LATIN},   {0xFF66, 0xFF9F, SB_SCRIPT_HIRAGANA_KATAKANA},
    {0xFFA0, 0xFFDC, SB_SCRIPT_HANGUL},  {0x20000, 0x323AF, SB_SCRIPT_HAN},
};

sb_script sb_script_of(uint32_t cp)
{
    size_t lo = 0, hi = COUNT(script_ranges);
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cp < script_ranges[mid].lo)
            hi = mid;
        else if (cp > script_ranges[mid].hi)
            lo = mid + 1;
        else
            return script_ranges[mid].script;
    }
    return SB_SCRIPT_OTHER;
}
