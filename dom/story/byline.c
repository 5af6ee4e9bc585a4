/* byline: visible byline, dateline and rights lines (see byline.h). */
#include "dom/story/byline.h"

#include <stdint.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

#include "dom/base/date.h"
#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"
#include "dom/text/tokens.h"

/* A dateline may carry this many words besides the date ("Last updated
 * on"); more and it is a sentence that mentions a date. */
#define DATELINE_MAX_WORDS 4
#define DATELINE_MAX 120
#define RIGHTS_MAX 300
#define CREDIT_MAX 160
#define NAME_MAX_TOKENS 10

static char ascii_lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Case-insensitive (ASCII) prefix of s[0..len). */
static bool iprefix(const char *s, size_t len, const char *p)
{
    size_t n = strlen(p);
    if (n > len)
        return false;
    for (size_t i = 0; i < n; i++)
        if (ascii_lower(s[i]) != p[i])
            return false;
    return true;
}

static bool ieq_n(const char *s, size_t len, const char *w)
{
    return strlen(w) == len && iprefix(s, len, w);
}

/* Words that introduce an author.  "di" (Italian) only in lower case,
 * since Di also begins surnames; the rest in any case. */
static const char *const byline_words[] = {
    "written by", "posted by", "reported by", "words by", "story by", "text by",
    "by", "von", "par", "por", "door", "av", "af", "autor:", "autorin:", "author:",
    "auteur:", "text:", "texte:", NULL};
#define ARABIC_BY "\xd8\xa8\xd9\x82\xd9\x84\xd9\x85" /* بقلم */

/* Labels that end a name: "By Jane Doe Published March 5". */
static const char *const label_words[] = {
    "published", "updated", "posted", "last", "modified", "staff", "photo", "photos",
    "photograph", "veröffentlicht", "aktualisiert", "aktualisiert:", "publié", "mis",
    "publicado", "actualizado", "pubblicato", "aggiornato", "gepubliceerd", "bijgewerkt",
    "opublikowano", NULL};

static const char *const connectors[] = {"and", "und", "et", "y", "e", "en", "&", "ve", "i",
                                         "og", "och", "\xd0\xb8" /* и */, NULL};

static bool in_list(const char *s, size_t len, const char *const *list)
{
    for (; *list; list++)
        if (ieq_n(s, len, *list))
            return true;
    return false;
}

static bool separator_token(const char *s, size_t len)
{
    static const char *const seps[] = {"-", "|", "/", "\xc2\xb7", "\xe2\x80\x93", "\xe2\x80\x94",
                                       "\xe2\x80\xa2", "::", NULL};
    for (const char *const *p = seps; *p; p++)
        if (strlen(*p) == len && memcmp(s, *p, len) == 0)
            return true;
    return false;
}

/* A token that can be part of a name: it starts with a capital letter, or
 * with a letter of a script that has no case (Arabic, Han...). */
static bool name_token(const char *s, size_t len)
{
    size_t used;
    int32_t cp = sb_utf8_decode(s, len, &used);
    if (cp < 0 || !sb_is_alpha_cp((uint32_t)cp))
        return false;
    if (sb_lower_cp((uint32_t)cp) != (uint32_t)cp)
        return true;
    sb_script sc = sb_script_of((uint32_t)cp);
    return sc != SB_SCRIPT_LATIN && sc != SB_SCRIPT_GREEK && sc != SB_SCRIPT_CYRILLIC &&
           sc != SB_SCRIPT_ARMENIAN && sc != SB_SCRIPT_GEORGIAN && sc != SB_SCRIPT_OTHER;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

/* Length of the byline word at s, with the space or colon after it; 0 when
 * s does not start with one. */
static size_t byline_word(const char *s, size_t len)
{
    size_t alen = strlen(ARABIC_BY);
    if (len > alen && memcmp(s, ARABIC_BY, alen) == 0 && (is_space(s[alen]) || s[alen] == ':'))
        return alen + 1;
    if (len > 3 && memcmp(s, "di ", 3) == 0)
        return 3;
    for (const char *const *w = byline_words; *w; w++) {
        size_t n = strlen(*w);
        if (!iprefix(s, len, *w))
            continue;
        if ((*w)[n - 1] == ':')
            return n;
        if (n < len && (is_space(s[n]) || s[n] == ':'))
            return n + 1;
    }
    return 0;
}

bool sb_byline_line(const char *line, size_t len, char **name)
{
    if (name)
        *name = NULL;
    if (!line || len == 0 || len > SB_BYLINE_MAX)
        return false;
    size_t pos = byline_word(line, len);
    if (!pos)
        return false;
    /* The names end where a date starts. */
    char buf[SB_BYLINE_MAX + 1];
    memcpy(buf, line, len);
    buf[len] = '\0';
    size_t dstart = len, dend = len;
    char *d = sb_date_find_span(buf, &dstart, &dend);
    free(d);
    size_t stop = d ? dstart : len;

    sb_buf out = SB_BUF_INIT;
    int tokens = 0;
    bool ended_by_punct = false, pending_connector = false;
    size_t rest = stop;
    while (pos < stop && tokens < NAME_MAX_TOKENS) {
        while (pos < stop && (is_space(buf[pos]) || buf[pos] == ':'))
            pos++;
        size_t start = pos;
        while (pos < stop && !is_space(buf[pos]))
            pos++;
        size_t tlen = pos - start;
        if (!tlen)
            break;
        const char *tok = buf + start;
        /* Trailing punctuation ends the name after this token. */
        size_t core = tlen;
        while (core && (tok[core - 1] == ',' || tok[core - 1] == ';' || tok[core - 1] == '.'))
            core--;
        bool punct = core < tlen;
        if (core == 0 || separator_token(tok, core) || in_list(tok, core, label_words)) {
            rest = start;
            break;
        }
        if (tokens && !pending_connector && in_list(tok, core, connectors)) {
            pending_connector = true;
            sb_buf_putc(&out, ' ');
            sb_buf_append(&out, tok, core);
            continue;
        }
        if (!name_token(tok, core)) {
            rest = start;
            break;
        }
        if (out.len)
            sb_buf_putc(&out, ' ');
        sb_buf_append(&out, tok, core);
        pending_connector = false;
        tokens++;
        rest = pos;
        if (punct) {
            ended_by_punct = true;
            break;
        }
    }
    if (pending_connector && out.data) {
        /* "By Jane Doe and" : drop the dangling connector */
        char *sp = strrchr(out.data, ' ');
        if (sp) {
            out.len = (size_t)(sp - out.data);
            out.data[out.len] = '\0';
        }
    }
    /* What follows one lone capitalised word decides: "By Reuters" or
     * "By Reuters | 5 May" is a byline, "By Tuesday, officials had ..." is
     * a sentence. */
    bool ok = tokens >= 2;
    if (tokens == 1) {
        size_t r = rest;
        while (r < len && (is_space(buf[r]) || buf[r] == ',' || buf[r] == ';'))
            r++;
        size_t seplen = 0;
        while (r + seplen < len && !is_space(buf[r + seplen]))
            seplen++;
        ok = r >= len || (d && r >= dstart) || separator_token(buf + r, seplen) ||
             (!ended_by_punct && in_list(buf + r, seplen, label_words));
    }
    if (ok && name && out.len)
        *name = sb_buf_steal(&out);
    sb_buf_free(&out);
    return ok;
}

bool sb_dateline_line(const char *line, size_t len, char **iso)
{
    if (iso)
        *iso = NULL;
    if (!line || len == 0 || len > DATELINE_MAX)
        return false;
    char buf[DATELINE_MAX + 1];
    memcpy(buf, line, len);
    buf[len] = '\0';
    size_t start = 0, end = 0;
    char *d = sb_date_find_span(buf, &start, &end);
    if (!d)
        return false;
    bool ok = sb_count_spaced_words(buf, start) + sb_count_spaced_words(buf + end, len - end) <= DATELINE_MAX_WORDS;
    if (ok && iso)
        *iso = d;
    else
        free(d);
    return ok;
}

static bool icontains_n(const char *s, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= len; i++)
        if (iprefix(s + i, len - i, needle))
            return true;
    return false;
}

bool sb_rights_line(const char *line, size_t len)
{
    if (!line || len == 0 || len > RIGHTS_MAX)
        return false;
    if (len >= 2 && memcmp(line, "\xc2\xa9", 2) == 0) /* © */
        return true;
    if (iprefix(line, len, "copyright") || iprefix(line, len, "(c) "))
        return true;
    static const char *const phrases[] = {"all rights reserved", "alle rechte vorbehalten",
                                          "tous droits r\xc3\xa9serv\xc3\xa9s",
                                          "todos los derechos reservados",
                                          "tutti i diritti riservati", NULL};
    for (const char *const *p = phrases; *p; p++)
        if (icontains_n(line, len, *p))
            return true;
    return false;
}

/* Labels that open a picture or source credit, each followed by ':'
 * (optionally after a figure number: "Abbildung 4:"). */
static const char *const credit_labels[] = {
    "foto", "fotos", "photo", "photos", "photo credit", "photograph", "bild", "bilder",
    "image", "images", "picture", "credit", "credits", "cr\xc3\xa9" "dit", "cr\xc3\xa9" "dits",
    "cr\xc3\xa9" "dits photos", "titelbild", "beitragsbild", "headerbild", "abbildung", "abb.",
    "figure", "fig.", "quelle", "quellen", "source", "sources", "fuente", "fonte",
    "illustration", "grafik", "video", NULL};

bool sb_credit_word_in(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        if (i > 0 && isalpha((unsigned char)s[i - 1]))
            continue;
        for (const char *const *l = credit_labels; *l; l++) {
            size_t n = strlen(*l);
            if (iprefix(s + i, len - i, *l) &&
                (i + n == len || !isalpha((unsigned char)s[i + n])))
                return true;
        }
    }
    return false;
}

bool sb_credit_line(const char *line, size_t len)
{
    if (!line || len == 0 || len > CREDIT_MAX)
        return false;
    for (size_t i = 0; i + 1 < len; i++)
        if ((unsigned char)line[i] == 0xc2 && (unsigned char)line[i + 1] == 0xa9) /* © */
            return true;
    for (const char *const *l = credit_labels; *l; l++) {
        size_t n = strlen(*l);
        if (!iprefix(line, len, *l))
            continue;
        size_t at = n;
        while (at < len && (line[at] == ' ' || isdigit((unsigned char)line[at])))
            at++;
        if (at < len && line[at] == ':')
            return true;
    }
    return false;
}
