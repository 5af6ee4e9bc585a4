/* layout_intro: the visual_intro signal (hybrid only, extract.h's
 * sb_dom_render.intro_by_layout): the story's opening prose that the story
 * root left out, found by where the render puts it.
 *
 * A page often prints its first paragraphs apart from the container the
 * DOM step takes for the story: an intro in a block of its own under the
 * headline, a first section before the one the root holds, the abstract
 * above the rest.  The DOM alone cannot tell such a paragraph from a
 * teaser or a sidebar's prose; the render can: it lies between the
 * headline's box and the story's first kept paragraph, within the story's
 * column, and it is set in the story's own type (the body text's size, not
 * bold).  Such a paragraph of prose (sentences, few links, no noise signal
 * of the DOM step, not a caption, byline or credit) is kept, and so is an
 * item of a list of the story's key points printed there. */
#include <string.h>

#include "dom/story/story_parts.h"
#include "dom/text/tokens.h"

/* A paragraph has at least this many words (sb_count_spaced_words) to
 * count as prose; shorter lines under a headline are labels, datelines,
 * player controls. */
#define INTRO_MIN_WORDS 6
/* At most this share of its text in links (tenths): a teaser or a list of
 * links is not prose. */
#define INTRO_MAX_LINK_TENTHS 3
/* The story kept inside its roots below the headline must hold at least
 * this much text (bytes) to say where the story is: a root that kept less
 * was a wrong guess (the DOM step then judges the whole page), and prose
 * found above it must not prop it up. */
#define INTRO_MIN_STORY 200
/* Body text is bold from this weight on: the story's type is lighter. */
#define INTRO_BOLD_WEIGHT 600

static const sb_elem_render *box_of(const sb_dom_render *r, int e)
{
    if (e < 0 || (size_t)e >= r->n_elems || !r->elems[e].rendered || r->elems[e].rect.h <= 0 ||
        r->elems[e].rect.w <= 0)
        return NULL;
    return &r->elems[e];
}

static bool in_roots(const sb_story_ctx *c, int e, const int *roots, size_t n_roots)
{
    for (size_t i = 0; i < n_roots; i++)
        if (sb_elem_within(c, e, roots[i]))
            return true;
    return false;
}

/* Ends like a sentence: . ! ? … : or a closing quote or bracket after one
 * (the last byte that is not a space). */
static bool ends_sentence(const sb_para *p)
{
    const unsigned char *s = (const unsigned char *)p->text;
    size_t n = p->len;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\n'))
        n--;
    if (!n)
        return false;
    unsigned char last = s[n - 1];
    if (last == '.' || last == '!' || last == '?' || last == ':' || last == ')' || last == '"')
        return true;
    /* … ” » 」 and the CJK full stop, each three bytes in UTF-8 (» two). */
    static const char *const ends[] = {"\xe2\x80\xa6", "\xe2\x80\x9d", "\xc2\xbb",
                                       "\xe3\x80\x8d", "\xe3\x80\x82", "\xef\xbc\x81",
                                       "\xef\xbc\x9f"};
    for (size_t k = 0; k < sizeof ends / sizeof ends[0]; k++) {
        size_t m = strlen(ends[k]);
        if (n >= m && memcmp(s + n - m, ends[k], m) == 0)
            return true;
    }
    return false;
}

/* A list item of the story's key points ("the story in three lines" under
 * the headline): at least INTRO_ITEM_MIN_WORDS words, and its list holds
 * two items or more, no link at all and INTRO_ITEM_MIN_BYTES of text per
 * item on average (a menu, a table of contents or a share bar has links;
 * a list of labels is short). */
#define INTRO_ITEM_MIN_WORDS 5
#define INTRO_ITEM_MIN_BYTES 30

static bool key_point(const sb_story_ctx *c, const sb_para *p)
{
    int list = c->info[p->elem].parent;
    if (list < 0)
        return false;
    GumboTag t = sb_tag(c->doc->elems[list]);
    const sb_elem_info *l = &c->info[list];
    return (t == GUMBO_TAG_UL || t == GUMBO_TAG_OL) && l->n_li >= 2 && l->link_text == 0 &&
           l->text >= l->n_li * INTRO_ITEM_MIN_BYTES &&
           sb_count_spaced_words(p->text, p->len) >= INTRO_ITEM_MIN_WORDS;
}

static bool prose_shape(const sb_story_ctx *c, const sb_para *p)
{
    if (sb_heading_tag(p->tag))
        return false;
    if (p->tag == GUMBO_TAG_LI)
        return key_point(c, p);
    if (p->tag == GUMBO_TAG_TD || p->tag == GUMBO_TAG_TH || p->tag == GUMBO_TAG_FIGCAPTION ||
        p->tag == GUMBO_TAG_DT || p->tag == GUMBO_TAG_DD)
        return false;
    return p->link_len * 10 <= p->len * INTRO_MAX_LINK_TENTHS &&
           sb_count_spaced_words(p->text, p->len) >= INTRO_MIN_WORDS && ends_sentence(p);
}

void sb_keep_intro_by_layout(const sb_story_ctx *c, int headline_elem, const char *headline,
                             const int *roots, size_t n_roots, bool *keep)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->intro_by_layout || !r->elems || c->hidden_untrusted || !n_roots)
        return;
    const sb_elem_render *h = box_of(r, headline_elem);
    if (!h)
        return;
    int below = h->rect.y + h->rect.h;
    /* The story as kept so far, inside its roots and below the headline:
     * its top, its column (x-range) and its body type (the font size
     * carrying most of its text). */
    enum { MAX_PX = 128 };
    unsigned long by_size[MAX_PX] = {0};
    int top = 0, x0 = 0, x1 = 0;
    size_t story = 0;
    bool any = false;
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        const sb_elem_render *b = keep[i] ? box_of(r, p->elem) : NULL;
        if (!b || b->rect.y < below || !in_roots(c, p->elem, roots, n_roots))
            continue;
        if (!any || b->rect.y < top)
            top = b->rect.y;
        if (!any || b->rect.x < x0)
            x0 = b->rect.x;
        if (!any || b->rect.x + b->rect.w > x1)
            x1 = b->rect.x + b->rect.w;
        any = true;
        story += p->len;
        if (b->font_size > 0 && b->font_size < MAX_PX)
            by_size[b->font_size] += p->len;
    }
    if (!any || story < INTRO_MIN_STORY)
        return;
    int body = 0;
    for (int fs = 1; fs < MAX_PX; fs++)
        if (by_size[fs] > by_size[body])
            body = fs;
    if (!body)
        return;
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        const sb_elem_render *b = keep[i] ? NULL : box_of(r, p->elem);
        if (!b || b->rect.y < below || b->rect.y + b->rect.h > top)
            continue;
        /* Within the story's column: at least half of its width. */
        int ov = (b->rect.x + b->rect.w < x1 ? b->rect.x + b->rect.w : x1) -
                 (b->rect.x > x0 ? b->rect.x : x0);
        if (2 * ov < b->rect.w || b->font_size != body || b->font_weight >= INTRO_BOLD_WEIGHT)
            continue;
        if (!prose_shape(c, p) || c->info[p->elem].noise || in_roots(c, p->elem, roots, n_roots) ||
            sb_para_noise(c, p) || sb_not_story_line(c, p, headline))
            continue;
        if (headline && strcmp(p->text, headline) == 0)
            continue;
        keep[i] = true;
        if (c->explain)
            fprintf(c->explain,
                    "visual_intro: e%d lies between the headline e%d (bottom %d px) and the "
                    "story (top %d px), in its column and body type (%d px)\n",
                    p->elem, headline_elem, below, top, body);
        sb_explain_para(c->explain, p, "ADD",
                        "story prose above the story root, placed by the layout [visual_intro=1]");
    }
}
