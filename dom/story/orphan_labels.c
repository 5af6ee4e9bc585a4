/* orphan_labels: labels left without what they introduce.  A short line
 * that announces something ("Weitere Informationen", "Kontakt", "Mehr zum
 * Thema", "Den Artikel teilen:", "Release Date:") stays in the story only
 * with what it announces; when everything between it and the next kept
 * paragraph was dropped as link furniture (a list of links, a share bar, a
 * contact line of links, a dateline), the label is furniture too.  Told by
 * the line's shape and the drops after it, never by its words. */
#include "dom/story/story_parts.h"

#include <stdint.h>
#include <string.h>

#include "dom/base/utf8.h"
#include "dom/text/tokens.h"

static bool is_space(char ch)
{
    return ch == ' ' || ch == '\n' || ch == '\t';
}

/* A label's shape: one line of 1 to SB_LEAD_IN_MAX_WORDS words and at most
 * ORPHAN_LABEL_MAX_BYTES with a letter in it, not a list item, table cell
 * or code, and not ended as a sentence or a quotation is (. ! ) " … and
 * their CJK and closing-quote forms); a colon or a question mark may end
 * it. */
#define ORPHAN_LABEL_MAX_BYTES 100

static bool label_shape(const sb_para *p)
{
    if (p->len == 0 || p->len > ORPHAN_LABEL_MAX_BYTES || p->tag == GUMBO_TAG_LI ||
        p->tag == GUMBO_TAG_TD || p->tag == GUMBO_TAG_TH || p->tag == GUMBO_TAG_PRE ||
        memchr(p->text, '\n', p->len))
        return false;
    size_t words = sb_count_spaced_words(p->text, p->len);
    if (words < 1 || words > SB_LEAD_IN_MAX_WORDS)
        return false;
    size_t end = p->len;
    while (end > 0 && is_space(p->text[end - 1]))
        end--;
    if (end == 0)
        return false;
    size_t at = sb_utf8_prefix(p->text, end, end - 1);
    size_t used;
    int32_t cp = sb_utf8_decode(p->text + at, end - at, &used);
    static const int32_t ends[] = {'.',
                                   '!',
                                   ')',
                                   '"',
                                   '\'',
                                   0x2026 /* … */,
                                   0x201D,
                                   0x2019,
                                   0x201C,
                                   0x00BB,
                                   0x00AB,
                                   0x3002 /* 。 */,
                                   0xFF01 /* ！ */,
                                   0xFF09 /* ） */,
                                   0x300D,
                                   0x300F,
                                   0x0964 /* । */,
                                   0};
    for (const int32_t *e = ends; *e; e++)
        if (cp == *e)
            return false;
    /* A label has words: a line of digits and signs is a value (a phone
     * number, a price), whatever link follows it. */
    for (size_t i = 0; i < end; i += used ? used : 1)
        if (sb_is_alpha_cp((uint32_t)sb_utf8_decode(p->text + i, end - i, &used)))
            return true;
    return false;
}

/* Dropped as link furniture: link-heavy (sb_para_noise), or inside an element the
 * noise signals called furniture (a furniture tag or name, a link-heavy
 * container, a byline or dateline).  A caption, a hidden block or a
 * paragraph the similarity step left out says nothing of what the label
 * introduced. */
static bool link_furniture(const sb_story_ctx *c, const sb_para *q)
{
    if (sb_para_noise(c, q))
        return true;
    sb_noise n = c->info[q->elem].noise;
    return n == SB_NOISE_TAG || n == SB_NOISE_TOKENS || n == SB_NOISE_CONTAINER ||
           n == SB_NOISE_BYLINE;
}

void sb_drop_orphan_labels(const sb_story_ctx *c, bool *keep)
{
    /* Some other kept paragraph must stay: a story is never all labels. */
    size_t others = 0;
    for (size_t i = 0; i < c->n_paras; i++)
        if (keep[i] && !label_shape(&c->paras[i]))
            others++;
    if (!others)
        return;
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!keep[i] || !label_shape(&c->paras[i]))
            continue;
        size_t dropped = 0, j = i + 1;
        bool furniture = true;
        for (; j < c->n_paras && !keep[j] && furniture; j++) {
            const sb_para *q = &c->paras[j];
            if (q->len == 0)
                continue;
            furniture = link_furniture(c, q);
            dropped++;
        }
        if (!dropped || !furniture)
            continue;
        /* What is kept next must stand outside the label's own parent: a
         * label and its links share a box of their own, while a
         * subheading over a note of links ("Main article: ...") goes on
         * with the section's paragraphs beside it. */
        while (j < c->n_paras && !keep[j])
            j++;
        int box = c->info[c->paras[i].elem].parent;
        if (j < c->n_paras && box >= 0 && sb_elem_within(c, c->paras[j].elem, box))
            continue;
        keep[i] = false;
        sb_explain_para(c->explain, &c->paras[i], "DROP",
                        "label over dropped link furniture (what it introduced is gone)");
    }
}
