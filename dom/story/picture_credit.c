/* picture_credit: a picture's caption or credit printed as a line of its
 * own in the running text, right before or after the picture, outside any
 * <figcaption> or caption-named box ("Ein Labor. (Foto: A. Muster, Institut X)",
 * "Ana Ruiz | Agencia Sur", "Vergrößern Ein Blick ..."). Told by the
 * line's shape first: it ends in a parenthesised credit (a credit word,
 * "©", or a "/ agency" or "| agency" tail inside), it is a short
 * "name | agency" or "name / agency" pair, or it opens with an enlarge or
 * zoom word.  The same line away from any picture is story text and stays.
 * What leaves the text so becomes the picture's caption (a "name | agency"
 * pair its credit) in images[] when nothing closer named one
 * (sb_picture_credit_for, asked by images.c). */
#include "dom/story/story_parts.h"

#include <string.h>
#include <strings.h>

#include "dom/base/strbuf.h"
#include "dom/story/byline.h"
#include "dom/story/image_rules.h"
#include "dom/text/tokens.h"

/* A caption with its credit is at most this long (bytes). */
#define PICTURE_CAPTION_MAX 300
/* The parenthesised credit at the end of it, at most this long. */
#define CREDIT_PAREN_MAX 80
/* A bare "name | agency" pair: at most this many words a side. */
#define PAIR_SIDE_MAX_WORDS 4

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\n' || ch == '\t';
}

static bool has_copyright_sign(const char *s, size_t len)
{
    for (size_t i = 0; i + 1 < len; i++)
        if ((unsigned char)s[i] == 0xc2 && (unsigned char)s[i + 1] == 0xa9)
            return true;
    return false;
}

/* "... (Credit: NASA)", "... (Foto: A. Muster, Institut X)",
 * "... (Max Muster / iStock.com)": the line's last parenthesis, short,
 * after some caption text, holding a credit word, "©", "/" or "|". */
static bool paren_credit_tail(const char *s, size_t len)
{
    if (len < 4 || s[len - 1] != ')')
        return false;
    const char *open = NULL;
    for (size_t i = len - 1; i-- > 0;) {
        if (s[i] == '(') {
            open = s + i;
            break;
        }
        if (s[i] == ')')
            return false;
    }
    if (!open || open == s || (size_t)(s + len - open) > CREDIT_PAREN_MAX)
        return false;
    const char *in = open + 1;
    size_t in_len = (size_t)(s + len - 1 - in);
    return sb_credit_word_in(in, in_len) || has_copyright_sign(in, in_len) ||
           memchr(in, '/', in_len) || memchr(in, '|', in_len);
}

/* "Ana Ruiz | Agencia Sur", "Max Muster / dpa": one " | " or " / "
 * between two short parts, no sentence end. */
static bool name_agency_pair(const char *s, size_t len)
{
    const char *sep = NULL;
    for (size_t i = 1; i + 2 < len; i++)
        if (s[i] == ' ' && (s[i + 1] == '|' || s[i + 1] == '/') && s[i + 2] == ' ') {
            if (sep)
                return false;
            sep = s + i;
        }
    if (!sep || memchr(s, '\n', len))
        return false;
    char last = s[len - 1];
    if (last == '.' || last == '!' || last == '?' || last == ':')
        return false;
    size_t left = sb_count_spaced_words(s, (size_t)(sep - s));
    size_t right = sb_count_spaced_words(sep + 3, (size_t)(s + len - sep - 3));
    return left >= 1 && right >= 1 && left <= PAIR_SIDE_MAX_WORDS &&
           right <= PAIR_SIDE_MAX_WORDS;
}

/* Words on a picture's enlarge link that pages print before its caption. */
static const char *const enlarge_words[] = {
    "vergr\xc3\xb6\xc3\x9f" "ern", "enlarge", "zoom", "agrandir", "ampliar", "ingrandisci",
    "vergroten", NULL};

static bool opens_with_enlarge(const char *s, size_t len)
{
    for (const char *const *w = enlarge_words; *w; w++) {
        size_t n = strlen(*w);
        if (n <= len && strncasecmp(s, *w, n) == 0 && (n == len || is_space(s[n])))
            return true;
    }
    return false;
}

static bool is_picture(const GumboNode *n)
{
    GumboTag t = sb_tag(n);
    if (t == GUMBO_TAG_IMG || strcmp(sb_tag_name(n), "picture") == 0)
        return true;
    const char *href = t == GUMBO_TAG_A ? sb_attr(n, "href") : NULL;
    if (href && sb_image_file_url(href))
        return true;
    const char *style = sb_attr(n, "style");
    return style && strstr(style, "background-image");
}

/* A picture among elements (from, to), exclusive, in document order. */
static bool picture_between(const sb_story_ctx *c, int from, int to)
{
    for (int e = from + 1; e < to; e++)
        if (e >= 0 && (size_t)e < c->doc->n_elems && is_picture(c->doc->elems[e]))
            return true;
    return false;
}

const char *sb_picture_credit_line(const sb_story_ctx *c, const sb_para *p)
{
    if (!p || p->len == 0 || p->len > PICTURE_CAPTION_MAX || p->elem < 0 ||
        p->tag == GUMBO_TAG_PRE || p->tag == GUMBO_TAG_CODE || p->tag == GUMBO_TAG_LI ||
        p->tag == GUMBO_TAG_TD || p->tag == GUMBO_TAG_TH)
        return NULL;
    if (p < c->paras || p >= c->paras + c->n_paras)
        return NULL;
    const char *s = p->text;
    size_t len = p->len;
    while (len && is_space(s[len - 1]))
        len--;
    /* Some pages set captions in a heading tag; there only the credit in
     * parentheses tells them, a heading being short and bare otherwise. */
    bool heading = sb_heading_tag(p->tag);
    if (!(paren_credit_tail(s, len) ||
          (!heading && (name_agency_pair(s, len) || opens_with_enlarge(s, len)))))
        return NULL;
    size_t i = (size_t)(p - c->paras);
    int prev = i > 0 ? c->paras[i - 1].elem : -1;
    int next = i + 1 < c->n_paras ? c->paras[i + 1].elem : (int)c->doc->n_elems;
    /* A paragraph's element may own several runs; the picture must lie
     * between this run's neighbours, not anywhere in a shared block. */
    if (prev < p->elem && picture_between(c, prev, p->elem + 1))
        return "picture caption or credit beside its picture";
    if (next > p->elem && picture_between(c, p->elem, next))
        return "picture caption or credit beside its picture";
    return NULL;
}

/* How many paragraphs around a picture's element are searched for its
 * caption or credit line (the line stands right before or after it). */
#define BESIDE_MAX_ELEMS 12

bool sb_picture_credit_for(const sb_story_ctx *c, int picture, char **caption, char **credit)
{
    *caption = *credit = NULL;
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        if (p->elem < picture - BESIDE_MAX_ELEMS || p->elem > picture + BESIDE_MAX_ELEMS ||
            !sb_picture_credit_line(c, p))
            continue;
        int prev = i > 0 ? c->paras[i - 1].elem : -1;
        int next = i + 1 < c->n_paras ? c->paras[i + 1].elem : (int)c->doc->n_elems;
        bool after = prev < p->elem && picture > prev && picture <= p->elem;
        bool before = next > p->elem && picture > p->elem && picture < next;
        if (!after && !before)
            continue;
        const char *s = p->text;
        size_t len = p->len;
        while (len && is_space(s[len - 1]))
            len--;
        if (name_agency_pair(s, len)) {
            *credit = sb_xstrndup(s, len);
            return true;
        }
        /* The enlarge link's word is the link's, not the caption's. */
        if (opens_with_enlarge(s, len)) {
            while (len && !is_space(*s))
                s++, len--;
            while (len && is_space(*s))
                s++, len--;
        }
        if (!len)
            return false;
        *caption = sb_xstrndup(s, len);
        return true;
    }
    return false;
}
