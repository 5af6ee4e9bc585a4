/* date: a small hand-written scanner.  Every position where a token starts
 * is tried against the date shapes in date.h; the first shape that matches
 * completely wins, then an optional time and zone are read after it.  No
 * regular expressions and no locale: results are the same on every
 * machine. */
#include "dom/base/date.h"
#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef enum { TZ_NONE, TZ_UTC, TZ_OFFSET } tz_kind;

typedef struct {
    int year, month, day;
    int hour, minute, second; /* hour < 0: no time was given */
    tz_kind tz;
    int offset; /* minutes east of UTC, for TZ_OFFSET */
} date_parts;

typedef struct {
    int year_min, year_max;
} limits;

/* ---- characters --------------------------------------------------- */

static int32_t cp_at(const char *p, size_t *n)
{
    int32_t cp = sb_utf8_decode(p, strnlen(p, 4), n);
    if (*n == 0)
        *n = 1;
    return cp;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static bool alpha_at(const char *p)
{
    size_t n;
    int32_t cp = cp_at(p, &n);
    return *p && cp >= 0 && sb_is_alpha_cp((uint32_t)cp);
}

static bool alnum_at(const char *p)
{
    return is_digit(*p) || alpha_at(p);
}

/* Unicode spaces (NBSP and narrow NBSP are common inside French dates). */
static const char *skip_space(const char *p)
{
    while (*p) {
        size_t n;
        int32_t cp = cp_at(p, &n);
        if (cp < 0 || !sb_is_space_cp((uint32_t)cp))
            break;
        p += n;
    }
    return p;
}

/* Start of the code point before p (p > s). */
static const char *prev_cp(const char *s, const char *p)
{
    do
        p--;
    while (p > s && ((unsigned char)*p & 0xC0) == 0x80);
    return p;
}

/* ---- tokens ------------------------------------------------------- */

/* Reads ASCII digits.  NULL when there is none; *ndigits counts them all
 * while the value saturates (a 12-digit number is no date part anyway). */
static const char *read_num(const char *p, int *value, int *ndigits)
{
    int v = 0, nd = 0;
    while (is_digit(*p)) {
        if (v < 100000)
            v = v * 10 + (*p - '0');
        nd++;
        p++;
    }
    if (!nd)
        return NULL;
    *value = v;
    *ndigits = nd;
    return p;
}

#define WORD_MAX 24

/* Reads a run of letters lower-cased into w (empty when longer than
 * WORD_MAX: no month or zone name is that long).  NULL when p is not at a
 * letter. */
static const char *read_word(const char *p, char w[WORD_MAX])
{
    if (!alpha_at(p))
        return NULL;
    size_t len = 0;
    bool too_long = false;
    while (alpha_at(p)) {
        size_t n;
        int32_t cp = cp_at(p, &n);
        char enc[4];
        size_t en = sb_utf8_encode(sb_lower_cp((uint32_t)cp), enc);
        if (len + en < WORD_MAX) {
            memcpy(w + len, enc, en);
            len += en;
        } else {
            too_long = true;
        }
        p += n;
    }
    w[too_long ? 0 : len] = '\0';
    return p;
}

static bool word_in(const char *w, const char *const *list)
{
    for (; *list; list++)
        if (!strcmp(w, *list))
            return true;
    return false;
}

/* Full names and common abbreviations, lower case, grouped by month.  A
 * name shared by languages ("mar", "mai", "augustus"...) appears once per
 * month; a name may never stand for two different months. */
static const char *const month_names[12][20] = {
    {"january", "jan", "januar", "jänner", "janvier", "janv", "enero", "ene", "gennaio", "gen",
     "janeiro", "januari", NULL},
    {"february", "feb", "febr", "februar", "feber", "février", "fevrier", "févr", "fevr", "fév",
     "febrero", "febbraio", "fevereiro", "fev", "februari", NULL},
    {"march", "mar", "märz", "maerz", "mrz", "mär", "mars", "marzo", "março", "marco", "maart",
     "mrt", NULL},
    {"april", "apr", "avril", "avr", "abril", "abr", "aprile", NULL},
    {"may", "mai", "mayo", "maggio", "mag", "maio", "mei", NULL},
    {"june", "jun", "juni", "juin", "junio", "giugno", "giu", "junho", NULL},
    {"july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug", "julho", NULL},
    {"august", "aug", "août", "aout", "agosto", "ago", "augustus", NULL},
    {"september", "sep", "sept", "septembre", "septiembre", "setiembre", "settembre", "set",
     "setembro", NULL},
    {"october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott", "outubro", "out",
     NULL},
    {"november", "nov", "novembre", "noviembre", "novembro", NULL},
    {"december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic",
     "dicembre", "dezembro", NULL},
};

static int month_of(const char *w)
{
    for (int m = 0; m < 12; m++)
        if (word_in(w, month_names[m]))
            return m + 1;
    return 0;
}

/* Reads a month name with an optional abbreviation dot. */
static const char *read_month(const char *p, int *month)
{
    char w[WORD_MAX];
    const char *q = read_word(p, w);
    if (!q || !(*month = month_of(w)))
        return NULL;
    return *q == '.' ? q + 1 : q;
}

/* Skips words that may sit between date parts: "5 de marzo de 2024",
 * "5th of March". */
static const char *skip_filler(const char *p)
{
    static const char *const fillers[] = {"de", "del", "of", NULL};
    for (;;) {
        p = skip_space(p);
        char w[WORD_MAX];
        const char *q = read_word(p, w);
        if (!q || !word_in(w, fillers))
            return p;
        p = q;
    }
}

/* An ordinal ending glued to a day number ("5th", "1er", "1º", "1°"). */
static const char *skip_ordinal(const char *p)
{
    static const char *const suffixes[] = {"st", "nd", "rd", "th", "er", "re", "e", "ème",
                                           "eme", NULL};
    /* masculine/feminine ordinal indicators and the degree sign that
     * stands in for them ("1º de marzo", "1° marzo") */
    if (!strncmp(p, "\xc2\xba", 2) || !strncmp(p, "\xc2\xaa", 2) || !strncmp(p, "\xc2\xb0", 2))
        return p + 2;
    char w[WORD_MAX];
    const char *q = read_word(p, w);
    if (q && word_in(w, suffixes))
        return q;
    return q ? NULL : p; /* other letters glued to the number: not a day */
}

/* ---- validation ---------------------------------------------------- */

static int days_in_month(int y, int m)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (m == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))
        return 29;
    return days[m - 1];
}

static bool valid_date(const date_parts *d, const limits *lim)
{
    return d->year >= lim->year_min && d->year <= lim->year_max && d->month >= 1 &&
           d->month <= 12 && d->day >= 1 && d->day <= days_in_month(d->year, d->month);
}

/* ---- date shapes ---------------------------------------------------- */

/* Year after a month: separators, optional filler, four digits. */
static const char *read_year(const char *p, int *year)
{
    p = skip_space(p);
    if (*p == ',' || *p == '-' || *p == '/')
        p++;
    p = skip_filler(p);
    int nd;
    const char *q = read_num(p, year, &nd);
    return q && nd == 4 ? q : NULL;
}

/* 2024-03-05, 2024/03/05, 2024.03.05 (one separator throughout). */
static const char *shape_ymd(const char *p, date_parts *d)
{
    int nd;
    const char *q = read_num(p, &d->year, &nd);
    if (!q || nd != 4)
        return NULL;
    char sep = *q;
    if (sep != '-' && sep != '/' && sep != '.')
        return NULL;
    q = read_num(q + 1, &d->month, &nd);
    if (!q || nd > 2 || *q != sep)
        return NULL;
    q = read_num(q + 1, &d->day, &nd);
    if (!q || nd > 2)
        return NULL;
    return q;
}

/* 2024年3月5日 and 2024년 3월 5일. */
static const char *shape_cjk(const char *p, date_parts *d)
{
    static const char *const marks[2][3] = {
        {"\xe5\xb9\xb4", "\xe6\x9c\x88", "\xe6\x97\xa5"}, /* 年 月 日 */
        {"\xeb\x85\x84", "\xec\x9b\x94", "\xec\x9d\xbc"}, /* 년 월 일 */
    };
    for (int k = 0; k < 2; k++) {
        int *fields[3] = {&d->year, &d->month, &d->day};
        const char *q = p;
        int i;
        for (i = 0; i < 3; i++) {
            int nd;
            q = read_num(skip_space(q), fields[i], &nd);
            if (!q || (i == 0 ? nd != 4 : nd > 2))
                break;
            q = skip_space(q);
            if (strncmp(q, marks[k][i], 3))
                break;
            q += 3;
        }
        if (i == 3)
            return q;
    }
    return NULL;
}

/* 05.03.2024 and the unambiguous slash or dash forms. */
static const char *shape_numeric_dmy(const char *p, date_parts *d)
{
    int a, b, nd;
    const char *q = read_num(p, &a, &nd);
    if (!q || nd > 2)
        return NULL;
    char sep = *q;
    if (sep != '.' && sep != '/' && sep != '-')
        return NULL;
    q = read_num(q + 1, &b, &nd);
    if (!q || nd > 2 || *q != sep)
        return NULL;
    q = read_num(q + 1, &d->year, &nd);
    if (!q || nd != 4)
        return NULL;
    if (sep == '.' || a > 12) {
        d->day = a;
        d->month = b;
    } else if (b > 12) {
        d->month = a;
        d->day = b;
    } else {
        return NULL; /* 03/05/2024: March 5 or 3 May?  Refuse to guess. */
    }
    return q;
}

/* 5 March 2024, 5. März 2024, 05-Mar-2024, 5 de marzo de 2024. */
static const char *shape_day_month_year(const char *p, date_parts *d)
{
    int nd;
    const char *q = read_num(p, &d->day, &nd);
    if (!q || nd > 2)
        return NULL;
    if (!(q = skip_ordinal(q)))
        return NULL;
    if (*q == '.' || *q == '-' || *q == '/')
        q++;
    q = skip_filler(q);
    if (!(q = read_month(q, &d->month)))
        return NULL;
    return read_year(q, &d->year);
}

/* March 5, 2024; Mar. 5th 2024. */
static const char *shape_month_day_year(const char *p, date_parts *d)
{
    const char *q = read_month(p, &d->month);
    if (!q)
        return NULL;
    q = skip_space(q);
    if (*q == '-')
        q++;
    int nd;
    q = read_num(q, &d->day, &nd);
    if (!q || nd > 2)
        return NULL;
    if (!(q = skip_ordinal(q)))
        return NULL;
    return read_year(q, &d->year);
}

/* ---- time and zone --------------------------------------------------- */

typedef struct {
    const char *name;
    int offset; /* minutes */
} zone_name;

static const zone_name zones[] = {
    {"utc", 0}, {"gmt", 0}, {"ut", 0}, {"z", 0},
    {"est", -300}, {"edt", -240}, {"cst", -360}, {"cdt", -300},
    {"mst", -420}, {"mdt", -360}, {"pst", -480}, {"pdt", -420},
    {"bst", 60}, {"wet", 0}, {"west", 60}, {"cet", 60}, {"cest", 120},
    {"mez", 60}, {"mesz", 120}, {"eet", 120}, {"eest", 180},
    {"jst", 540}, {"kst", 540}, {"aest", 600}, {"aedt", 660},
};

/* +01:00, +0100, +01, -5 (the last only after a zone name). */
static const char *read_offset(const char *p, int *offset, bool short_ok)
{
    int sign;
    if (*p == '+')
        sign = 1, p++;
    else if (*p == '-')
        sign = -1, p++;
    else if (!strncmp(p, "\xe2\x88\x92", 3)) /* U+2212 minus sign */
        sign = -1, p += 3;
    else
        return NULL;
    int h, m = 0, nd;
    const char *q = read_num(p, &h, &nd);
    if (!q)
        return NULL;
    if (nd == 4) {
        m = h % 100;
        h /= 100;
    } else if (nd == 2 || (nd == 1 && short_ok)) {
        if (*q == ':' && is_digit(q[1])) {
            q = read_num(q + 1, &m, &nd);
            if (nd != 2)
                return NULL;
        }
    } else {
        return NULL;
    }
    if (h > 14 || m > 59 || is_digit(*q))
        return NULL;
    *offset = sign * (h * 60 + m);
    return q;
}

static const char *read_zone(const char *p, date_parts *d)
{
    if ((*p == 'Z' || *p == 'z') && !alnum_at(p + 1)) {
        d->tz = TZ_UTC;
        return p + 1;
    }
    const char *q = read_offset(p, &d->offset, false);
    if (!q)
        q = read_offset(skip_space(p), &d->offset, false);
    if (q) {
        d->tz = TZ_OFFSET;
        return q;
    }
    /* Zone names count only in capitals: lower-case "est" is French for
     * "is", not Eastern Standard Time. */
    char w[WORD_MAX];
    const char *name = skip_space(p);
    q = read_word(name, w);
    if (!q)
        return p;
    for (const char *c = name; c < q; c++)
        if (*c < 'A' || *c > 'Z')
            return p;
    for (size_t i = 0; i < sizeof zones / sizeof zones[0]; i++) {
        if (strcmp(w, zones[i].name))
            continue;
        d->offset = zones[i].offset;
        int extra;
        const char *r = zones[i].offset == 0 ? read_offset(q, &extra, true) : NULL;
        if (r) { /* GMT+0100, UTC-5 */
            d->offset = extra;
            q = r;
        }
        d->tz = d->offset == 0 && !r ? TZ_UTC : TZ_OFFSET;
        return q;
    }
    return p;
}

/* "am", "pm", "a.m.", "p. m."; returns NULL when absent. */
static const char *read_meridiem(const char *p, bool *pm)
{
    char c = (char)(*p | 0x20);
    if (c != 'a' && c != 'p')
        return NULL;
    const char *q = p + 1;
    if (*q == '.')
        q = skip_space(q + 1);
    if ((*q | 0x20) != 'm')
        return NULL;
    q++;
    if (*q == '.')
        q++;
    if (alnum_at(q))
        return NULL;
    *pm = c == 'p';
    return q;
}

/* Words and marks that may separate a date from its time. */
static const char *skip_time_lead(const char *p)
{
    static const char *const words[] = {"at", "um", "à", "a", "las", "alle", "ore", "às", "om",
                                        "kl", "klo", "ab", NULL};
    static const char *const marks[] = {",", "-", "|", "/", "\xe2\x80\x93", "\xe2\x80\x94",
                                        "\xc2\xb7", "\xe2\x80\xa2", NULL};
    for (int guard = 0; guard < 8; guard++) {
        const char *q = skip_space(p);
        bool moved = false;
        for (const char *const *m = marks; *m; m++) {
            size_t n = strlen(*m);
            if (!strncmp(q, *m, n)) {
                q += n;
                moved = true;
                break;
            }
        }
        if (!moved) {
            char w[WORD_MAX];
            const char *r = read_word(q, w);
            if (r && word_in(w, words)) {
                q = r;
                moved = true;
            }
        }
        p = q;
        if (!moved)
            break;
    }
    return p;
}

/* Reads an optional time (and zone) after a date ending at p.  Returns
 * where the whole match ends; leaves d->hour < 0 when there is no valid
 * time. */
static const char *read_time(const char *p, date_parts *d, bool iso)
{
    d->hour = -1;
    const char *q;
    if (iso && (*p == 'T' || *p == 't') && is_digit(p[1]))
        q = p + 1;
    else
        q = skip_time_lead(p);
    int h, m, s = 0, nd;
    const char *r = read_num(q, &h, &nd);
    if (!r || nd > 2)
        return p;
    char sep = *r;
    bool french_h = false;
    if (sep == 'h' && is_digit(r[1])) {
        french_h = true;
    } else if (sep != ':' && sep != '.') {
        return p;
    }
    const char *t = read_num(r + 1, &m, &nd);
    if (!t || nd != 2)
        return p;
    if (!french_h && *t == ':' && is_digit(t[1])) {
        t = read_num(t + 1, &s, &nd);
        if (nd != 2)
            return p;
        if ((*t == '.' || *t == ',') && is_digit(t[1])) {
            int frac;
            t = read_num(t + 1, &frac, &nd);
        }
    }
    const char *after = t;
    bool pm;
    const char *mer = read_meridiem(skip_space(after), &pm);
    if (mer) {
        if (h < 1 || h > 12)
            return p;
        h = h % 12 + (pm ? 12 : 0);
        after = mer;
    }
    char w[WORD_MAX];
    const char *uhr = read_word(skip_space(after), w);
    bool said_uhr = uhr && (!strcmp(w, "uhr") || !strcmp(w, "h"));
    /* "10.20" alone is as likely a score or a price as a time. */
    if (sep == '.' && !said_uhr)
        return p;
    if (said_uhr)
        after = uhr;
    if (h > 23 || m > 59 || s > 59)
        return p;
    d->hour = h;
    d->minute = m;
    d->second = s;
    d->tz = TZ_NONE;
    return read_zone(after, d);
}

/* ---- scanning -------------------------------------------------------- */

static bool token_start(const char *s, const char *p)
{
    if (p == s)
        return true;
    const char *b = prev_cp(s, p);
    if (is_digit(*p))
        return !alnum_at(b) && !(*b == '.' && b > s && is_digit(b[-1]));
    return alpha_at(p) && !alpha_at(b);
}

/* Exactly n ASCII digits at p as a number, -1 otherwise. */
static int fixed_digits(const char *p, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (!is_digit(p[i]))
            return -1;
        v = v * 10 + (p[i] - '0');
    }
    return v;
}

/* ISO 8601 basic format with its time: 20210504T132005+0200,
 * 20210504T1320Z.  A bare 8-digit number is not taken: in text it is as
 * likely an id as a date. */
static const char *match_iso_basic(const char *p, date_parts *d, const limits *lim)
{
    memset(d, 0, sizeof *d);
    int date = fixed_digits(p, 8);
    if (date < 0 || (p[8] != 'T' && p[8] != 't'))
        return NULL;
    d->year = date / 10000;
    d->month = date / 100 % 100;
    d->day = date % 100;
    const char *q = p + 9;
    int hm = fixed_digits(q, 4);
    if (hm < 0 || !valid_date(d, lim))
        return NULL;
    q += 4;
    int sec = fixed_digits(q, 2);
    if (sec >= 0)
        q += 2;
    if (is_digit(*q) || hm / 100 > 23 || hm % 100 > 59 || sec > 59)
        return NULL;
    d->hour = hm / 100;
    d->minute = hm % 100;
    d->second = sec < 0 ? 0 : sec;
    d->tz = TZ_NONE;
    return read_zone(q, d);
}

/* C asctime and Unix date(1): "Fri Feb 18 10:27:24 2022",
 * "Mon Oct 11 14:57:21 CEST 2021" -- the year comes after the time. */
static const char *match_month_day_time_year(const char *p, date_parts *d, const limits *lim)
{
    memset(d, 0, sizeof *d);
    const char *q = read_month(p, &d->month);
    if (!q)
        return NULL;
    int nd;
    q = read_num(skip_space(q), &d->day, &nd);
    if (!q || nd > 2 || !(*q == ' ' || *q == '\t'))
        return NULL;
    const char *t = read_time(q, d, false);
    if (t == q || d->hour < 0)
        return NULL;
    t = read_num(skip_space(t), &d->year, &nd);
    if (!t || nd != 4 || !valid_date(d, lim))
        return NULL;
    return t;
}

static const char *match_at(const char *p, date_parts *d, const limits *lim)
{
    typedef const char *(*shape_fn)(const char *, date_parts *);
    static const shape_fn shapes[] = {shape_ymd, shape_cjk, shape_numeric_dmy,
                                      shape_day_month_year, shape_month_day_year};
    const char *end = match_iso_basic(p, d, lim);
    if (end)
        return end;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        memset(d, 0, sizeof *d);
        end = shapes[i](p, d);
        if (!end || is_digit(*end) || !valid_date(d, lim))
            continue;
        return read_time(end, d, shapes[i] == shape_ymd);
    }
    return match_month_day_time_year(p, d, lim);
}

static char *format(const date_parts *d)
{
    char out[SB_DATE_MAX];
    int n = snprintf(out, sizeof out, "%04d-%02d-%02d", d->year, d->month, d->day);
    if (d->hour >= 0) {
        n += snprintf(out + n, sizeof out - (size_t)n, "T%02d:%02d:%02d", d->hour, d->minute,
                      d->second);
        if (d->tz == TZ_UTC) {
            snprintf(out + n, sizeof out - (size_t)n, "Z");
        } else if (d->tz == TZ_OFFSET) {
            int off = d->offset < 0 ? -d->offset : d->offset;
            snprintf(out + n, sizeof out - (size_t)n, "%c%02d:%02d", d->offset < 0 ? '-' : '+',
                     off / 60, off % 60);
        }
    }
    return sb_xstrdup(out);
}

/* Weekday names that may precede a date; a reported span includes them so
 * that a caller cutting the date out of a line cuts "Monday," too. */
static const char *const weekdays[] = {
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
    "montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonnabend",
    "sonntag", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
    "lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo",
    "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica",
    "segunda", "terça", "quarta", "quinta", "sexta", "maandag", "dinsdag", "woensdag",
    "donderdag", "vrijdag", "zaterdag", "zondag", NULL};

static const char *weekday_before(const char *s, const char *p)
{
    const char *q = p;
    /* back over spaces and one comma */
    while (q > s && (q[-1] == ' ' || q[-1] == ','))
        q--;
    if (q == p || q == s)
        return p;
    const char *w = q;
    while (w > s && alpha_at(prev_cp(s, w)))
        w = prev_cp(s, w);
    if (w == q)
        return p;
    char word[WORD_MAX];
    const char *e = read_word(w, word);
    if (e == q && word_in(word, weekdays))
        return w;
    /* Portuguese "segunda-feira, 5 de março" */
    if (e == q && !strcmp(word, "feira") && w - s > 1 && w[-1] == '-') {
        const char *v = w - 1;
        while (v > s && alpha_at(prev_cp(s, v)))
            v = prev_cp(s, v);
        return v < w - 1 ? v : p;
    }
    return p;
}

/* The last position where four ASCII digits in a row begin, NULL when
 * there is none.  Every shape needs a year of exactly four digits at or
 * after the position tried (match_iso_basic eight), so no date can start
 * past this point: the scan stops there, and a line without four digits in
 * a row (most prose) is not tried at all.  The positions left out are
 * only those whose every shape would fail, so the result is the same. */
static const char *last_four_digits(const char *s)
{
    const char *last = NULL;
    int run = 0;
    for (const char *p = s; *p; p++) {
        run = is_digit(*p) ? run + 1 : 0;
        if (run >= 4)
            last = p - 3;
    }
    return last;
}

static char *scan(const char *s, const limits *lim, size_t *start, size_t *end)
{
    if (!s)
        return NULL;
    const char *stop = last_four_digits(s);
    if (!stop)
        return NULL;
    for (const char *p = s; p <= stop; p++) {
        if (((unsigned char)*p & 0xC0) == 0x80 || !token_start(s, p))
            continue;
        date_parts d;
        const char *e = match_at(p, &d, lim);
        if (e) {
            if (start)
                *start = (size_t)(weekday_before(s, p) - s);
            if (end)
                *end = (size_t)(e - s);
            return format(&d);
        }
    }
    return NULL;
}

static const limits parse_limits = {1000, 2999};
static const limits text_limits = {1900, 2199};

/* Days since 1970-01-01 to a civil date (proleptic Gregorian), after
 * Howard Hinnant's days_from_civil inverse; no libc time functions, so no
 * time zone or locale can interfere. */
static void civil_from_days(long long z, int *y, int *m, int *d)
{
    z += 719468;
    long long era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097;
    long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long long mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

/* A meta value that is nothing but a Unix time: 10 digits (seconds) or
 * 13 (milliseconds).  Only whole values: inside text such numbers are
 * ids and counters. */
static char *parse_unix_time(const char *s)
{
    s = skip_space(s);
    size_t n = 0;
    long long v = 0;
    while (n < 14 && is_digit(s[n]))
        v = v * 10 + (s[n++] - '0');
    if ((n != 10 && n != 13) || *skip_space(s + n))
        return NULL;
    if (n == 13)
        v /= 1000;
    date_parts d;
    memset(&d, 0, sizeof d);
    civil_from_days(v / 86400, &d.year, &d.month, &d.day);
    long long secs = v % 86400;
    d.hour = (int)(secs / 3600);
    d.minute = (int)(secs / 60 % 60);
    d.second = (int)(secs % 60);
    d.tz = TZ_UTC;
    return format(&d);
}

char *sb_date_parse(const char *s)
{
    char *unix_time = s ? parse_unix_time(s) : NULL;
    return unix_time ? unix_time : scan(s, &parse_limits, NULL, NULL);
}

char *sb_date_find_in_text(const char *text)
{
    return scan(text, &text_limits, NULL, NULL);
}

char *sb_date_find_span(const char *text, size_t *start, size_t *end)
{
    return scan(text, &text_limits, start, end);
}
