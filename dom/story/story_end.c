/* story_end: where the story stops.  After the paragraphs are judged one
 * by one, what is kept at the story's end is read as a whole: a notice or
 * the author's bio box after the last paragraph, a labelled block after
 * the body's container, a named box of its own after it, a lead-in over a
 * link list, a paragraph far below the rest (visual_below) and a heading
 * set as the headline is (visual_next_story).  Each rule states its
 * constants and says what it dropped in --explain. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/base/geom.h"
#include "dom/base/strbuf.h"
#include "dom/story/story_parts.h"

/* After the story's last paragraph: notices and the author's bio box.  A
 * notice ends in a printed address (a "Citation: ... retrieved ... from
 * URL" block, "Read the original at URL") or speaks of copyright (reprint
 * and personal-use terms; a "(c)" line is already a rights notice
 * anywhere); a bio opens with the author's own name ("Jane Doe is our
 * transport reporter...").  Up to END_NOTICES_MAX such paragraphs are
 * dropped from the end, and only when a paragraph of the story stays
 * before them. */
#define END_NOTICES_MAX 4

static bool ends_in_url(const sb_para *p)
{
    const char *last = p->text + p->len;
    while (last > p->text && last[-1] != ' ' && last[-1] != '\n')
        last--;
    return strncmp(last, "http://", 7) == 0 || strncmp(last, "https://", 8) == 0 ||
           strncmp(last, "www.", 4) == 0;
}

static bool mentions_copyright(const sb_para *p)
{
    if (strstr(p->text, "\xc2\xa9")) /* © */
        return true;
    static const char word[] = "copyright";
    for (size_t i = 0; i + sizeof word - 1 <= p->len; i++)
        if (strncasecmp(p->text + i, word, sizeof word - 1) == 0)
            return true;
    return false;
}

static const char *end_notice(const sb_para *p, const char *author)
{
    if (ends_in_url(p))
        return "notice ending in a printed URL after the story";
    if (mentions_copyright(p))
        return "copyright notice after the story";
    if (author && *author && sb_starts_with_words(p->text, author) > 0)
        return "author bio after the story (opens with the byline's name)";
    return NULL;
}

static void trim_end_notices(const sb_story_ctx *c, bool *keep, const char *author)
{
    size_t run[END_NOTICES_MAX];
    const char *why[END_NOTICES_MAX];
    size_t n = 0;
    bool story_before = false;
    for (size_t k = c->n_paras; k-- > 0;) {
        if (!keep[k])
            continue;
        const char *w = n < END_NOTICES_MAX ? end_notice(&c->paras[k], author) : NULL;
        if (w) {
            why[n] = w;
            run[n++] = k;
            continue;
        }
        story_before = true;
        break;
    }
    if (!story_before)
        return;
    for (size_t k = 0; k < n; k++) {
        keep[run[k]] = false;
        sb_explain_para(c->explain, &c->paras[run[k]], "DROP", why[k]);
    }
}

/* The end of the story, told by where its paragraphs stand.  The body is
 * the element that holds, as direct children, the most kept text; a
 * related-stories block, a "more from the author" box or a support appeal
 * stands after its last paragraph, in a box of its own, and opens with a
 * box label ("You may also like", "About the author": sb_lead_in_line set
 * in a heading, <div> or span, not in a <p>).  Such a tail is dropped when
 * it is short beside the story (at most a quarter of the kept text before
 * it) and is not a section of the story, and box labels left as the
 * story's very last lines (nothing of their own under them) go too. */
#define TAIL_MAX_SHARE 4

/* The parent element of the kept paragraphs with the most kept bytes; of
 * parents with equal bytes, the one whose first kept paragraph comes
 * first.  One pass sums each parent's bytes, a second picks: a table of
 * 80,000 one-word cells (20,000 rows as parents) took 20 s when each
 * parent's bytes were summed over the paragraphs after its first. */
static int body_container(const sb_story_ctx *c, const bool *keep)
{
    size_t n = c->doc->n_elems;
    if (!n)
        return -1;
    size_t *bytes = sb_xcalloc(n, sizeof *bytes);
    for (size_t i = 0; i < c->n_paras; i++) {
        int parent = keep[i] ? c->info[c->paras[i].elem].parent : -1;
        if (parent >= 0 && (size_t)parent < n)
            bytes[parent] += c->paras[i].len;
    }
    int best = -1;
    size_t best_bytes = 0;
    for (size_t i = 0; i < c->n_paras; i++) {
        int parent = keep[i] ? c->info[c->paras[i].elem].parent : -1;
        if (parent >= 0 && (size_t)parent < n && bytes[parent] > best_bytes) {
            best_bytes = bytes[parent];
            best = parent;
        }
    }
    free(bytes);
    return best;
}

/* Same tag and same class attribute: two containers of one template. */
static bool same_kind(const sb_story_ctx *c, int a, int b)
{
    const GumboNode *na = c->doc->elems[a], *nb = c->doc->elems[b];
    if (strcmp(sb_tag_name(na), sb_tag_name(nb)) != 0)
        return false;
    const char *ca = sb_attr(na, "class"), *cb = sb_attr(nb, "class");
    return ca && cb && strcmp(ca, cb) == 0;
}

/* Levels above a tail paragraph searched for a container like the body's. */
#define SECTION_LOOKUP_LEVELS 3

/* A tail that is the story's own next section, set in a container of its
 * own (Medium's sections, <section class="part"> after <section
 * class="part">): a paragraph of the tail sits in a container of the
 * body's own tag and class, its opening heading has the tag of a
 * subheading of the story before it, or a heading further down the tail
 * is not a link (a related block's headings are links to the stories). */
static bool story_section(const sb_story_ctx *c, const bool *keep, long start, int body)
{
    for (size_t i = (size_t)start; i < c->n_paras; i++) {
        if (!keep[i])
            continue;
        int e = c->info[c->paras[i].elem].parent;
        for (int up = 0; e >= 0 && up < SECTION_LOOKUP_LEVELS; up++, e = c->info[e].parent)
            if (e != body && same_kind(c, e, body))
                return true;
    }
    GumboTag lead_tag = c->paras[start].tag;
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        if (!keep[i] || (long)i == start || !sb_heading_tag(p->tag))
            continue;
        if ((long)i < start && p->tag == lead_tag)
            return true;
        if ((long)i > start && p->link_len * 2 < p->len)
            return true;
    }
    return false;
}

/* A box label: a lead-in line set in its own element rather than in a
 * <p>, whose lines writers end with a sign-off ("Yours, Hans"), a note
 * or a source line; a site's box labels are headings, <div>s and spans. */
static bool box_label(const sb_para *p)
{
    return p->tag != GUMBO_TAG_P && sb_lead_in_line(p);
}

static void trim_tail_after_body(const sb_story_ctx *c, bool *keep)
{
    int body = body_container(c, keep);
    if (body < 0)
        return;
    long last_in_body = -1;
    size_t before = 0;
    for (size_t i = 0; i < c->n_paras; i++)
        if (keep[i] && c->info[c->paras[i].elem].parent == body && !box_label(&c->paras[i]))
            last_in_body = (long)i;
    if (last_in_body < 0)
        return;
    /* The tail starts at the first kept paragraph after the body's last
     * paragraph that is not itself a lead-in line. */
    long start = -1;
    for (size_t i = (size_t)last_in_body + 1; start < 0 && i < c->n_paras; i++)
        if (keep[i])
            start = (long)i;
    if (start >= 0 && box_label(&c->paras[start]) && !story_section(c, keep, start, body)) {
        size_t tail = 0;
        for (size_t i = 0; i < c->n_paras; i++)
            if (keep[i] && (long)i < start)
                before += c->paras[i].len;
            else if (keep[i])
                tail += c->paras[i].len;
        if (before > 0 && tail * TAIL_MAX_SHARE <= before)
            for (size_t i = (size_t)start; i < c->n_paras; i++)
                if (keep[i]) {
                    keep[i] = false;
                    sb_explain_para(c->explain, &c->paras[i], "DROP",
                                 i == (size_t)start
                                     ? "box label of a block after the story's body"
                                     : "in a block after the story's body, opened by a box label");
                }
    }
    /* Box labels left dangling at the very end. */
    for (size_t k = c->n_paras; k-- > 0;) {
        if (!keep[k])
            continue;
        if (!box_label(&c->paras[k]))
            break;
        bool story_before = false;
        for (size_t j = 0; j < k && !story_before; j++)
            story_before = keep[j];
        if (!story_before)
            break;
        keep[k] = false;
        sb_explain_para(c->explain, &c->paras[k], "DROP",
                     "box label ending the story (nothing under it)");
    }
}

/* The end of the story, told by the box it stands in: what is kept after
 * the body's last paragraph and sits, all of it, in one element of its own
 * outside the body, named by a class or id that says nothing of content
 * (<div class="app-promo">, "licence-info", "action-box"; not "article-
 * text", not an <article>, <main> or <section>), is the site's box after
 * the story (an app or subscription prompt, a licence or reprint notice,
 * a support appeal) even without a label opening it.  It is dropped when
 * it is at most BOXED_TAIL_MAX_PARAS paragraphs and BOXED_TAIL_MAX_BYTES
 * (a notice is short; a reader's comment thread runs longer), short beside the story
 * (1/TAIL_MAX_SHARE of the kept text before it) and not a section of the
 * story (story_section).  Measured on trafilatura (dom): 5 unwanted
 * snippets fewer for 2 wanted ones lost (a product slogan, a box the gold
 * splits). */
#define BOXED_TAIL_MAX_PARAS 3
#define BOXED_TAIL_MAX_BYTES 600

static void trim_boxed_tail(const sb_story_ctx *c, bool *keep)
{
    int body = body_container(c, keep);
    if (body < 0)
        return;
    long last_in_body = -1;
    for (size_t i = 0; i < c->n_paras; i++)
        if (keep[i] && c->info[c->paras[i].elem].parent == body)
            last_in_body = (long)i;
    if (last_in_body < 0)
        return;
    size_t before = 0, tail = 0, n_tail = 0;
    int box = -1;
    long start = -1;
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!keep[i])
            continue;
        if ((long)i <= last_in_body) {
            before += c->paras[i].len;
            continue;
        }
        tail += c->paras[i].len;
        if (!n_tail++)
            start = (long)i;
        int e = c->info[c->paras[i].elem].parent;
        if (box < 0)
            box = e;
        while (box >= 0 && !sb_elem_within(c, c->paras[i].elem, box))
            box = c->info[box].parent;
    }
    if (!n_tail || n_tail > BOXED_TAIL_MAX_PARAS || tail > BOXED_TAIL_MAX_BYTES || box < 0 || sb_elem_within(c, body, box) ||
        tail * TAIL_MAX_SHARE > before || story_section(c, keep, start, body))
        return;
    const GumboNode *bn = c->doc->elems[box];
    const char *cls = sb_attr(bn, "class"), *idv = sb_attr(bn, "id");
    if (!(cls && *cls) && !(idv && *idv))
        return;
    GumboTag bt = sb_tag(bn);
    if (bt == GUMBO_TAG_ARTICLE || bt == GUMBO_TAG_MAIN || bt == GUMBO_TAG_SECTION)
        return;
    if (sb_content_named(c, box))
        return;
    for (size_t i = (size_t)last_in_body + 1; i < c->n_paras; i++)
        if (keep[i]) {
            keep[i] = false;
            sb_explain_para(c->explain, &c->paras[i], "DROP",
                         "in a named box of its own after the story's body");
        }
}

/* A lead-in line that introduces a list of links to other pages ("Auch
 * interessant:", "Read these next:"), the list dropped as link furniture,
 * ends the story when little follows it: what comes after such a list at
 * the story's end is the site's (a job-board promo, the author's bio box),
 * not the story.  Unlike trim_tail_after_body the lead-in may be a <p> of
 * the body: the links right after it, not its setting, tell what it
 * introduces.  The list is at least LINK_LIST_MIN_ITEMS dropped
 * paragraphs that are mostly link text, directly after the lead-in in
 * document order; the lead-in and what follows it are dropped when that is
 * at most LINK_TAIL_MAX_PARAS kept paragraphs and 1/LINK_TAIL_MAX_SHARE of
 * the kept text before it. */
#define LINK_LIST_MIN_ITEMS 2
#define LINK_TAIL_MAX_PARAS 3
#define LINK_TAIL_MAX_SHARE 8

static bool introduces_dropped_links(const sb_story_ctx *c, const bool *keep, size_t i)
{
    size_t items = 0;
    for (size_t j = i + 1; j < c->n_paras && !keep[j]; j++) {
        const sb_para *q = &c->paras[j];
        if (q->len == 0)
            continue;
        if (q->link_len * 2 <= q->len)
            break;
        items++;
    }
    return items >= LINK_LIST_MIN_ITEMS;
}

/* The same lead-in may introduce kept lines that are no prose: a contact
 * ("Kontakt:" over a name and a phone number), references under
 * "Zusatzinformationen:".  None of the kept paragraphs after it ends like
 * a sentence and none is code (<pre>), so nothing of the story's own is
 * lost with them (a "Fazit:" over a closing paragraph keeps it). */
static bool introduces_no_prose(const sb_story_ctx *c, const bool *keep, size_t i)
{
    size_t n = 0;
    for (size_t j = i + 1; j < c->n_paras; j++) {
        if (!keep[j] || c->paras[j].len == 0)
            continue;
        const sb_para *q = &c->paras[j];
        if (q->tag == GUMBO_TAG_PRE) /* a command or code: the story's own */
            return false;
        size_t e = q->len;
        while (e > 0 && isspace((unsigned char)q->text[e - 1]))
            e--;
        if (e == 0)
            continue;
        char last = q->text[e - 1];
        if (last == '.' || last == '!' || last == '?' || (unsigned char)last >= 0x80)
            return false;
        n++;
    }
    return n > 0;
}

static void trim_link_list_tail(const sb_story_ctx *c, bool *keep)
{
    size_t after = 0, n_after = 0;
    for (size_t k = c->n_paras; k-- > 0 && n_after <= LINK_TAIL_MAX_PARAS;) {
        if (!keep[k])
            continue;
        const sb_para *p = &c->paras[k];
        if (n_after < LINK_TAIL_MAX_PARAS + 1 && sb_lead_in_line(p) && p->len &&
            p->text[p->len - 1] == ':' &&
            (introduces_dropped_links(c, keep, k) || introduces_no_prose(c, keep, k))) {
            bool links = introduces_dropped_links(c, keep, k);
            size_t before = 0;
            for (size_t j = 0; j < k; j++)
                if (keep[j])
                    before += c->paras[j].len;
            if (!before || (after + p->len) * LINK_TAIL_MAX_SHARE > before)
                return;
            for (size_t j = k; j < c->n_paras; j++)
                if (keep[j]) {
                    keep[j] = false;
                    sb_explain_para(c->explain, &c->paras[j], "DROP",
                                 j == k ? (links ? "lead-in of a link list at the story's end"
                                                 : "lead-in of lines without prose at the story's end")
                                        : (links ? "after a link list at the story's end"
                                                 : "line without prose after a lead-in at the story's end"));
                }
            return;
        }
        after += p->len;
        n_after++;
    }
}

/* The visual_below signal (extract.h's sb_dom_render.end_far_below): the
 * story ends where the next kept paragraph is rendered more than
 * SB_BELOW_GAP_SCREENS first screens below the bottom of the kept story so
 * far; what follows that far down is other content (comments, a footer's
 * prose, a teaser column printed after the page's furniture), dropped with
 * everything after it.  Paragraphs without a box are stepped over; the
 * story before the gap must hold at least BELOW_MIN_BEFORE paragraphs. */
#define BELOW_MIN_BEFORE 2

static void end_far_below(const sb_story_ctx *c, bool *keep)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->end_far_below || !r->elems || c->hidden_untrusted)
        return;
    int gap = (int)(SB_BELOW_GAP_SCREENS * SB_FIRST_SCREEN_PX);
    int bottom = 0, last = -1;
    size_t before = 0;
    for (size_t i = 0; i < c->n_paras; i++) {
        int e = c->paras[i].elem;
        if (!keep[i] || e < 0 || (size_t)e >= r->n_elems || !r->elems[e].rendered ||
            r->elems[e].rect.h <= 0)
            continue;
        const sb_rect *f = &r->elems[e].rect;
        /* Whatever is rendered between the two paragraphs and starts
         * within reach of the story's bottom fills the gap (a tall figure,
         * a placeholder box, the dropped furniture after the story): only
         * empty space counts. */
        for (int m = last + 1; before && m < e && f->y > bottom + gap; m++) {
            const sb_rect *q = &r->elems[m].rect;
            if (r->elems[m].rendered && q->h > 0 && q->w > 0 && q->y <= bottom + gap &&
                q->y + q->h > bottom)
                bottom = q->y + q->h;
        }
        if (before >= BELOW_MIN_BEFORE && f->y > bottom + gap) {
            if (c->explain)
                fprintf(c->explain,
                        "visual_below: e%d starts %d px below the story's last paragraph "
                        "(more than %.1f screens of %d px): the story ends there\n",
                        e, f->y - bottom, SB_BELOW_GAP_SCREENS, SB_FIRST_SCREEN_PX);
            for (size_t j = i; j < c->n_paras; j++)
                if (keep[j]) {
                    keep[j] = false;
                    sb_explain_para(c->explain, &c->paras[j], "DROP",
                                 "far below the story's end: other content [visual_below=1]");
                }
            return;
        }
        if (before == 0 || f->y + f->h > bottom)
            bottom = f->y + f->h;
        last = e;
        before++;
    }
}

/* The visual_next_story signal (extract.h's sb_dom_render.
 * end_at_next_headline): a kept heading after the headline, set at least
 * as large as the headline and below at least NEXT_STORY_MIN_BODY bytes of
 * kept body text, opens another story: it and everything after it go.
 * Only the render tells a headline's size from a section heading's: the
 * markup of an endless page repeats the same <h1> for every article, and
 * sites set their section headings in <h1> as often as in <h2>.  It must
 * be set as the headline is in the markup too (headline_twin).  A heading
 * inside the smallest element holding the headline and the story's last
 * body paragraph before it is the story's own section heading, however
 * large (a blog that sets its post title and its sections alike): only one
 * outside it, in the next article's container, ends the story. */
#define NEXT_STORY_MIN_BODY 400

/* Set as the headline is: the same tag and the same, non-empty, class
 * names.  Equal sizes alone say little on a page rendered without its
 * stylesheet, where every <h2> is the user agent's 24 px and a site's
 * section blocks each open with one; a class the page styles its headline
 * by, repeated on a heading as large further down, is another headline. */
static bool headline_twin(const sb_story_ctx *c, int headline_elem, int e)
{
    const GumboNode *h = c->doc->elems[headline_elem], *n = c->doc->elems[e];
    const char *ch = sb_attr(h, "class"), *cn = sb_attr(n, "class");
    return sb_tag(h) == sb_tag(n) && ch && cn && *ch && strcmp(ch, cn) == 0;
}

static void end_at_next_headline(const sb_story_ctx *c, int headline_elem, const char *headline,
                                 bool *keep)
{
    const sb_dom_render *r = c->in->render;
    /* Without a render (dom) the markup alone decides: a twin of the
     * headline outside the story's container is another story's headline
     * whatever its size. */
    bool sized = r != NULL;
    if (headline_elem < 0 || c->hidden_untrusted)
        return;
    if (sized && (!r->end_at_next_headline || !r->elems || (size_t)headline_elem >= r->n_elems ||
                  !r->elems[headline_elem].rendered))
        return;
    int size = sized ? r->elems[headline_elem].font_size : 0;
    size_t body = 0;
    int last_body = -1; /* the story's last kept body paragraph so far */
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        int e = p->elem;
        if (!keep[i] || e <= headline_elem || (sized && (size_t)e >= r->n_elems))
            continue;
        if (!sb_heading_tag(p->tag)) {
            body += p->len;
            last_body = e;
            continue;
        }
        if (body < NEXT_STORY_MIN_BODY ||
            (sized && (!r->elems[e].rendered || r->elems[e].font_size < size)) ||
            !headline_twin(c, headline_elem, e) || (headline && strcmp(p->text, headline) == 0))
            continue;
        /* The headline's and the body's container, up to here. */
        int story = headline_elem;
        while (story >= 0 && sb_subtree_end(c, story) <= last_body)
            story = c->info[story].parent;
        if (story < 0 || e < sb_subtree_end(c, story))
            continue;
        if (c->explain && sized)
            fprintf(c->explain,
                    "visual_next_story: e%d is a heading set at %d px, as large as the headline "
                    "e%d (%d px), after %zu bytes of the story: another story starts there\n",
                    e, r->elems[e].font_size, headline_elem, size, body);
        else if (c->explain)
            fprintf(c->explain,
                    "next story: e%d is a heading set as the headline e%d is (tag and class), "
                    "outside the story's container, after %zu bytes of the story\n",
                    e, headline_elem, body);
        for (size_t j = i; j < c->n_paras; j++)
            if (keep[j]) {
                keep[j] = false;
                sb_explain_para(c->explain, &c->paras[j], "DROP",
                                sized ? "another story, after a heading as large as the headline "
                                        "[visual_next_story=1]"
                                      : "another story, after a heading set as the headline is");
            }
        return;
    }
}

/* The readers' comments start: a line set in its own element (a heading,
 * <div> or span, not a <p>) whose whole text is the label of a comment
 * section ("Comments", "3 Kommentare", "Comments (3)", "Leave a reply",
 * "Kommentar schreiben"; any case, a count before or after in brackets, a
 * colon) after the story's paragraphs.  What follows it is the readers'
 * comments and the form to write one, not the story: the label and every
 * kept paragraph after it are dropped, when a paragraph of the story
 * stays before it. */
static bool comments_label(const sb_para *p)
{
    static const char *const labels[] = {"comments",
                                         "comment",
                                         "kommentare",
                                         "kommentar",
                                         "leserkommentare",
                                         "commentaires",
                                         "commentaire",
                                         "comentarios",
                                         "commenti",
                                         "reacties",
                                         "reactions",
                                         "leave a comment",
                                         "leave a reply",
                                         "add a comment",
                                         "post a comment",
                                         "write a comment",
                                         "kommentar schreiben",
                                         "kommentare schreiben",
                                         "schreibe einen kommentar",
                                         "kommentar verfassen",
                                         "laisser un commentaire",
                                         "deja un comentario",
                                         NULL};
    if (p->tag == GUMBO_TAG_P || p->len == 0 || p->len > 40)
        return false;
    const char *s = p->text, *e = p->text + p->len;
    while (s < e && (isspace((unsigned char)*s) || isdigit((unsigned char)*s)))
        s++;
    while (e > s && (isspace((unsigned char)e[-1]) || e[-1] == ':'))
        e--;
    /* A count in brackets after the label: "Comments (3)". */
    if (e > s && e[-1] == ')') {
        const char *o = e - 1;
        while (o > s && isdigit((unsigned char)o[-1]))
            o--;
        if (o > s && o[-1] == '(')
            for (e = o - 1; e > s && isspace((unsigned char)e[-1]);)
                e--;
    }
    size_t n = (size_t)(e - s);
    for (const char *const *w = labels; *w; w++)
        if (strlen(*w) == n && strncasecmp(s, *w, n) == 0)
            return true;
    return false;
}

static void end_at_comments(const sb_story_ctx *c, bool *keep)
{
    bool story_before = false;
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!keep[i])
            continue;
        if (story_before && comments_label(&c->paras[i])) {
            for (size_t k = i; k < c->n_paras; k++)
                if (keep[k]) {
                    keep[k] = false;
                    sb_explain_para(c->explain, &c->paras[k], "DROP",
                                    k == i ? "the label of the readers' comments"
                                           : "after the readers' comments label");
                }
            return;
        }
        story_before = true;
    }
}

void sb_trim_story_end(const sb_story_ctx *c, int headline_elem, const char *headline,
                       const char *author, bool *keep)
{
    trim_end_notices(c, keep, author);
    end_at_comments(c, keep);
    trim_tail_after_body(c, keep);
    trim_boxed_tail(c, keep);
    trim_link_list_tail(c, keep);
    end_far_below(c, keep);
    end_at_next_headline(c, headline_elem, headline, keep);
}
