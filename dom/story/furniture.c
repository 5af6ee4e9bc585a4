/* furniture: lines inside the story's region that a reader does not count
 * as the story, told by their shape alone (see story_parts.h), and the
 * names that mark a standfirst.  Every test reads digits, punctuation and
 * layout of the line, never words of one language or one site. */
#include "dom/story/story_parts.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/date.h"
#include "dom/base/utf8.h"
#include "dom/story/byline.h"
#include "dom/text/tokens.h"

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\n' || ch == '\t';
}

/* A line that is only an address: "https://example.com/a/b", "www.x.org".
 * Pages print their own URL under a story for print or sharing. */
static bool url_only(const char *s, size_t len)
{
    if (sb_count_spaced_words(s, len) != 1)
        return false;
    return strncmp(s, "http://", 7) == 0 || strncmp(s, "https://", 8) == 0 ||
           strncmp(s, "www.", 4) == 0;
}

/* Reads a run of ASCII digits at *s; false when there is none. */
static bool read_number(const char **s, const char *end, unsigned *value)
{
    const char *p = *s;
    unsigned v = 0;
    while (p < end && isdigit((unsigned char)*p) && v < 100000)
        v = v * 10 + (unsigned)(*p++ - '0');
    if (p == *s)
        return false;
    *s = p;
    *value = v;
    return true;
}

/* Longest gallery counter line, in words: "Image 1 of 5", "Foto 3 von 12",
 * "Slide 2 of 9", "3 / 12".  The counter is "N <word> M" or "N / M" with
 * 1 <= N <= M, at the end of the line; a label may come before it. */
#define COUNTER_MAX_WORDS 4
#define COUNTER_MAX_BYTES 40
#define COUNTER_WORD_MAX_BYTES 8
#define COUNTER_MAX_TOTAL 1000

static bool letters_only(const char *w, const char *end)
{
    if (w == end || end - w > COUNTER_WORD_MAX_BYTES)
        return false;
    /* "82 x 86" is a size: x typed as the multiplication sign. */
    if (end - w == 1 && (*w == 'x' || *w == 'X'))
        return false;
    while (w < end) {
        size_t used = 0;
        int32_t cp = sb_utf8_decode(w, (size_t)(end - w), &used);
        if (cp < 0 || used == 0 || !sb_is_alpha_cp((uint32_t)cp))
            return false;
        w += used;
    }
    return true;
}

static bool gallery_counter(const char *s, size_t len, bool slash_ok)
{
    if (len == 0 || len > COUNTER_MAX_BYTES || sb_count_spaced_words(s, len) > COUNTER_MAX_WORDS)
        return false;
    const char *end = s + len;
    for (const char *p = s; p < end; p++) {
        if (!isdigit((unsigned char)*p) || (p > s && isdigit((unsigned char)p[-1])))
            continue;
        const char *q = p;
        unsigned n, m;
        if (!read_number(&q, end, &n))
            continue;
        while (q < end && *q == ' ')
            q++;
        bool slash = q < end && *q == '/';
        if (slash && !slash_ok)
            return false;
        if (slash) {
            /* "3 / 12" is a slide counter, "Rating: 4/5" and "Score: 3/4"
             * are verdicts: a labelled fraction is not a counter. */
            if (memchr(s, ':', len))
                return false;
            /* At most a label word before it ("Photo 3/12"): "age 9 3/4"
             * is a fraction. */
            for (const char *b = s; b < p; b++)
                if (isdigit((unsigned char)*b))
                    return false;
            if (sb_count_spaced_words(s, (size_t)(p - s)) > 1)
                return false;
            q++;
        } else {
            /* One short word of letters between the numbers, set apart
             * by spaces ("of", "von", "de", "из"): "1,7", "1.598" and
             * "634 – 1.704" are numbers, not counters. */
            const char *w = q;
            while (q < end && *q != ' ')
                q++;
            if (w == p || w[-1] != ' ' || !letters_only(w, q))
                continue;
        }
        while (q < end && *q == ' ')
            q++;
        /* A gallery has fewer than COUNTER_MAX_TOTAL pictures; "16 marca
         * 2021" is a date. */
        if (!read_number(&q, end, &m) || n == 0 || n > m || m >= COUNTER_MAX_TOTAL ||
            (slash && m < 2))
            continue;
        return q == end;
    }
    return false;
}

bool sb_counter_line(const sb_para *p)
{
    if (p->tag == GUMBO_TAG_PRE || p->tag == GUMBO_TAG_CODE)
        return false;
    /* A fraction alone in a table cell is the table's datum ("157/158"). */
    bool cell = p->tag == GUMBO_TAG_TD || p->tag == GUMBO_TAG_TH;
    return gallery_counter(p->text, p->len, !cell);
}

/* A caption ending in its credit: a short line whose last characters are a
 * parenthesis holding a label and a colon ("... (Image credit: Getty)",
 * "... (Foto: dpa)").  A story sentence ending in a parenthesis has no
 * label-colon at the opening of it. */
#define CREDIT_TAIL_LINE_MAX 300
#define CREDIT_LABEL_MAX_WORDS 3
#define CREDIT_PAREN_MAX 60

static bool credit_in_parentheses(const char *s, size_t len)
{
    if (len < 4 || len > CREDIT_TAIL_LINE_MAX || s[len - 1] != ')')
        return false;
    const char *open = NULL;
    for (size_t i = len - 1; i-- > 0;)
        if (s[i] == '(') {
            open = s + i;
            break;
        } else if (s[i] == ')') {
            return false;
        }
    /* A line that is only "(...: ...)" is no caption; a credit is short. */
    if (!open || open == s || (size_t)(s + len - open) > CREDIT_PAREN_MAX)
        return false;
    const char *colon = memchr(open, ':', (size_t)(s + len - open));
    if (!colon || colon == open + 1)
        return false;
    return sb_count_spaced_words(open + 1, (size_t)(colon - open - 1)) <= CREDIT_LABEL_MAX_WORDS &&
           colon + 1 < s + len - 1;
}

/* "Published 3 May 2024 | Updated 4 May 2024": two or more parts split by
 * "|", "·" or "•", each a dateline, none longer than a dateline. */
static bool dateline_pair(const char *s, size_t len)
{
    if (len > 2 * SB_BYLINE_MAX)
        return false;
    size_t parts = 0;
    const char *end = s + len, *start = s;
    for (const char *p = s; p <= end; p++) {
        size_t sep = 0;
        if (p == end)
            sep = 1;
        else if (*p == '|')
            sep = 1;
        else if ((unsigned char)p[0] == 0xC2 && p + 1 < end && (unsigned char)p[1] == 0xB7)
            sep = 2; /* · */
        else if ((unsigned char)p[0] == 0xE2 && p + 2 < end && (unsigned char)p[1] == 0x80 &&
                 (unsigned char)p[2] == 0xA2)
            sep = 3; /* • */
        if (!sep)
            continue;
        const char *a = start, *b = p;
        while (a < b && is_space(*a))
            a++;
        while (b > a && is_space(b[-1]))
            b--;
        if (b > a) {
            if (!sb_dateline_line(a, (size_t)(b - a), NULL))
                return false;
            parts++;
        }
        if (p == end)
            break;
        p += sep - 1;
        start = p + 1;
    }
    return parts >= 2;
}

/* "Pubblicato il 19 Febbraio 2020 Ultima modifica 19 Febbraio 2020 12:02":
 * the same pair printed without a separator: two dates, each after at most
 * DATELINE_WORDS_AROUND words of label, and nothing after the second (a
 * sentence naming two dates goes on after them). */
#define DATELINE_WORDS_AROUND 4

/* Two dates need two years of four ASCII digits each (every date shape
 * sb_date_find_span reads has one inside its match, dom/base/date.c), and
 * the second date is looked for after the first one's end: so the line
 * must hold two disjoint runs of four digits ("2020 ... 2021", or eight
 * in a row).  A line without them cannot be a dateline_run; checking
 * this first spares the date scan on every line with one year in it (a
 * reference list's entries), which was most of this rule's cost. */
static bool two_four_digit_runs(const char *s, size_t len)
{
    size_t runs = 0, digits = 0;
    for (size_t i = 0; i < len && runs < 2; i++) {
        if (s[i] >= '0' && s[i] <= '9') {
            if (++digits == 4) {
                runs++;
                digits = 0;
            }
        } else {
            digits = 0;
        }
    }
    return runs >= 2;
}

static bool dateline_run(const char *s, size_t len)
{
    if (len > 2 * SB_BYLINE_MAX || !two_four_digit_runs(s, len))
        return false;
    char buf[2 * SB_BYLINE_MAX + 1];
    memcpy(buf, s, len);
    buf[len] = '\0';
    size_t a0 = 0, a1 = 0, b0 = 0, b1 = 0;
    char *d1 = sb_date_find_span(buf, &a0, &a1);
    if (!d1)
        return false;
    free(d1);
    char *d2 = sb_date_find_span(buf + a1, &b0, &b1);
    if (!d2)
        return false;
    free(d2);
    b0 += a1;
    b1 += a1;
    return sb_count_spaced_words(buf, a0) <= DATELINE_WORDS_AROUND &&
           sb_count_spaced_words(buf + a1, b0 - a1) <= DATELINE_WORDS_AROUND &&
           sb_count_spaced_words(buf + b1, len - b1) == 0;
}

const char *sb_furniture_line(const sb_para *p)
{
    /* Code is printed as it is, parentheses and addresses included. */
    if (p->len == 0 || p->tag == GUMBO_TAG_PRE || p->tag == GUMBO_TAG_CODE)
        return NULL;
    if (url_only(p->text, p->len))
        return "a line that is only a URL";
    if (sb_counter_line(p))
        return "gallery counter (\"N of M\", \"N / M\")";
    if (credit_in_parentheses(p->text, p->len))
        return "caption ending in a credit in parentheses";
    if (dateline_pair(p->text, p->len) || dateline_run(p->text, p->len))
        return "published/updated dateline";
    return NULL;
}

bool sb_lead_in_line(const sb_para *p)
{
    if (p->len == 0 || p->len > 100 || p->tag == GUMBO_TAG_LI || p->tag == GUMBO_TAG_TD ||
        p->tag == GUMBO_TAG_PRE || memchr(p->text, '\n', p->len))
        return false;
    size_t words = sb_count_spaced_words(p->text, p->len);
    if (words < 2 || words > SB_LEAD_IN_MAX_WORDS)
        return false;
    const char *end = p->text + p->len;
    while (end > p->text && is_space(end[-1]))
        end--;
    char last = end[-1];
    if (last == ':')
        return true;
    if (last == '.' || last == '!' || last == '?' || last == ')' || last == '"')
        return false;
    /* 。！？ and the full-width colon, three bytes each in UTF-8 */
    if (end - p->text >= 3 && (unsigned char)end[-3] == 0xE3 && (unsigned char)end[-2] == 0x80 &&
        (unsigned char)end[-1] == 0x82)
        return false;
    if (end - p->text >= 3 && (unsigned char)end[-3] == 0xEF && (unsigned char)end[-2] == 0xBC &&
        ((unsigned char)end[-1] == 0x81 || (unsigned char)end[-1] == 0x9F))
        return false;
    /* a closing quote ends a quoted sentence: ” » “ */
    if (end - p->text >= 3 && (unsigned char)end[-3] == 0xE2 && (unsigned char)end[-2] == 0x80 &&
        ((unsigned char)end[-1] == 0x9D || (unsigned char)end[-1] == 0x9C))
        return false;
    if (end - p->text >= 2 && (unsigned char)end[-2] == 0xC2 && (unsigned char)end[-1] == 0xBB)
        return false;
    return true;
}

/* Names sites give the standfirst under the headline. */
static const char *const standfirst_subs[] = {
    "standfirst", "teaser", "dek", "subtitle", "summary", "excerpt", "description",
    "abstract", "strapline", "chapo", "sapo", "deck", NULL};

static bool names_standfirst(const char *raw)
{
    if (!raw)
        return false;
    char low[256];
    size_t n = 0;
    for (; raw[n] && n + 1 < sizeof low; n++)
        low[n] = (char)tolower((unsigned char)raw[n]);
    low[n] = '\0';
    for (const char *const *s = standfirst_subs; *s; s++)
        if (strstr(low, *s))
            return true;
    return false;
}

bool sb_standfirst_named(const sb_story_ctx *c, int e, int root)
{
    /* The paragraph's own element counts even when it is a root by
     * itself; above it, only the ancestors below the root. */
    for (int first = e; e >= 0; e = c->info[e].parent) {
        if (e == root && e != first)
            return false;
        const GumboNode *n = c->doc->elems[e];
        if (names_standfirst(sb_attr(n, "class")) || names_standfirst(sb_attr(n, "id")) ||
            names_standfirst(sb_attr(n, "itemprop")))
            return true;
        if (e == root)
            return false;
    }
    return false;
}
