/* content_root: where the story is when no layout says so (dom mode).
 *
 * Readability's idea, in our own terms: every substantial paragraph votes
 * for the containers above it (its parent fully, its grandparent half,
 * further ancestors less), votes grow with length and commas, a container's
 * tally shrinks with its link density and moves with its class/id names.
 * The winner may climb to an ancestor that scores as well, and siblings
 * that look like more of the same story join it as extra roots, as do its
 * twins (same tag and class) between the headline and it: a question's
 * body above the winning answer, a story cut into like-styled blocks of
 * which a later one won.  Nothing
 * in a dialog laid over the page (a browser warning) wins or joins unless
 * the dialog holds the headline. */
#include "dom/story/story_parts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Climbing to a wider container: it must hold this much more clean prose
 * than the current root, and clean prose must be at least this share of
 * its text.  Measured on both corpora; the plateau is wide (1.15-1.3,
 * 0.4-0.6). */
#define PROSE_GAIN 1.2
#define PROSE_SHARE 0.5

static double tag_bonus(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_DIV: case GUMBO_TAG_ARTICLE: case GUMBO_TAG_MAIN:
        return 5;
    case GUMBO_TAG_PRE: case GUMBO_TAG_TD: case GUMBO_TAG_BLOCKQUOTE:
        return 3;
    case GUMBO_TAG_ADDRESS: case GUMBO_TAG_OL: case GUMBO_TAG_UL: case GUMBO_TAG_DL:
    case GUMBO_TAG_DD: case GUMBO_TAG_DT: case GUMBO_TAG_LI: case GUMBO_TAG_FORM:
        return -3;
    case GUMBO_TAG_H1: case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4:
    case GUMBO_TAG_H5: case GUMBO_TAG_H6: case GUMBO_TAG_TH:
        return -5;
    default:
        return 0;
    }
}

static bool votes(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_LI: case GUMBO_TAG_DT: case GUMBO_TAG_TH: case GUMBO_TAG_H1:
    case GUMBO_TAG_H2: case GUMBO_TAG_H3: case GUMBO_TAG_H4: case GUMBO_TAG_H5:
    case GUMBO_TAG_H6: case GUMBO_TAG_FIGCAPTION: case GUMBO_TAG_CAPTION:
    case GUMBO_TAG_HEADER: case GUMBO_TAG_FOOTER: case GUMBO_TAG_NAV:
    case GUMBO_TAG_ASIDE: case GUMBO_TAG_BODY: case GUMBO_TAG_HTML:
        return false;
    default:
        return true;
    }
}

static void touch(sb_story_ctx *c, int e)
{
    sb_elem_info *i = &c->info[e];
    if (!i->scored) {
        i->scored = true;
        i->score = tag_bonus(sb_tag(c->doc->elems[e])) + i->class_weight;
    }
}

static double link_density(const sb_elem_info *i)
{
    return i->text ? (double)i->link_text / (double)i->text : 0;
}

static size_t element_children(const GumboNode *n)
{
    size_t k = 0;
    const GumboVector *v = &n->v.element.children;
    for (unsigned i = 0; i < v->length; i++)
        if (sb_is_element(v->data[i]))
            k++;
    return k;
}

/* A dialog laid over the page (an outdated-browser warning, a login box):
 * role="dialog" or "alertdialog", aria-modal, or a class/id naming an
 * overlay, dialog or lightbox.  Its prose is addressed to the reader about
 * the site, not the story.  (Cookie, consent, modal and popup names are
 * furniture already, see boilerplate.c.) */
static bool dialog_named(const GumboNode *n)
{
    const char *role = sb_attr(n, "role"), *modal = sb_attr(n, "aria-modal");
    if ((role && (strcmp(role, "dialog") == 0 || strcmp(role, "alertdialog") == 0)) ||
        (modal && strcmp(modal, "true") == 0))
        return true;
    static const char *const words[] = {"overlay", "dialog", "lightbox", NULL};
    return sb_named_any(n, words);
}

/* Whether candidate e sits in such a dialog (itself or an ancestor below
 * <body>) that does not also hold the headline: a story opened in a
 * lightbox keeps its dialog, a warning box over the page loses it.  Only
 * when the headline is known: a page wrapper named for the dialogs it can
 * host ("dialog-off-canvas-main-canvas") holds the headline and stays. */
bool sb_in_foreign_dialog(const sb_story_ctx *c, int e)
{
    if (c->headline_elem < 0)
        return false;
    for (int a = e; a >= 0 && a != c->body; a = c->info[a].parent) {
        if (!dialog_named(c->doc->elems[a]))
            continue;
        for (int h = c->headline_elem; h >= 0; h = c->info[h].parent)
            if (h == a)
                return false;
        return true;
    }
    return false;
}

static bool prose_like(const char *s, size_t len)
{
    if (!len)
        return false;
    return strstr(s, ". ") != NULL || s[len - 1] == '.';
}

size_t sb_choose_roots(sb_story_ctx *c, int **roots_out)
{
    int *roots = NULL;
    size_t n_roots = 0;
    int body = c->body >= 0 ? c->body : 0;
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        const sb_elem_info *owner = &c->info[p->elem];
        if (owner->noise || !votes(p->tag) || p->len < 25)
            continue;
        double s = 1.0 + p->commas + (p->len / 100 < 3 ? p->len / 100 : 3);
        /* A paragraph that is mostly a link votes little. */
        s *= 1.0 - (double)p->link_len / (double)p->len;
        int a = owner->parent;
        for (int level = 0; a >= 0 && level < 5; level++, a = c->info[a].parent) {
            if (c->info[a].noise)
                break;
            touch(c, a);
            double div = level == 0 ? 1 : level == 1 ? 2 : level * 3;
            c->info[a].score += s / div;
        }
    }
    int top = -1;
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        sb_elem_info *e = &c->info[i];
        if (!e->scored)
            continue;
        e->score *= 1.0 - link_density(e);
        if (top >= 0 && e->score <= c->info[top].score)
            continue;
        if (sb_in_foreign_dialog(c, (int)i)) {
            if (c->explain)
                fprintf(c->explain,
                        "root candidate e%zu (score %.1f) is in a dialog over the page: skipped\n",
                        i, e->score);
            continue;
        }
        top = (int)i;
    }
    if (top < 0 || top == body) {
        roots = sb_xmalloc(sizeof *roots);
        roots[0] = body;
        *roots_out = roots;
        return 1;
    }
    /* Climb while an ancestor scores at least as well: the story's
     * paragraphs were split over sibling containers. */
    double last = c->info[top].score, threshold = last / 3;
    for (int a = c->info[top].parent; a >= 0 && a != body; a = c->info[a].parent) {
        if (!c->info[a].scored)
            continue;
        if (c->info[a].score < threshold)
            break;
        if (c->info[a].score > last) {
            top = a;
            break;
        }
        last = c->info[a].score;
    }
    /* The story may be split over containers (an ad slot, a pull quote
     * box, a paywall wrapper between its halves): climb while an ancestor
     * holds clearly more clean prose and is itself mostly prose. */
    {
        double *prose = sb_xcalloc(c->doc->n_elems, sizeof *prose);
        for (size_t i = 0; i < c->n_paras; i++) {
            const sb_para *p = &c->paras[i];
            if (p->len >= 60 && p->link_len * 5 < p->len && !c->info[p->elem].noise)
                prose[p->elem] += p->len;
        }
        for (size_t i = c->doc->n_elems; i-- > 0;)
            if (c->info[i].parent >= 0)
                prose[c->info[i].parent] += prose[i];
        int from = top;
        for (int a = c->info[from].parent; a >= 0 && a != body; a = c->info[a].parent) {
            if (c->info[a].noise || prose[a] < PROSE_SHARE * c->info[a].text)
                break;
            if (prose[a] >= prose[top] * PROSE_GAIN)
                top = a;
        }
        free(prose);
    }
    /* A lone child says nothing its parent does not. */
    while (c->info[top].parent >= 0 && c->info[top].parent != body &&
           element_children(c->doc->elems[c->info[top].parent]) == 1)
        top = c->info[top].parent;

    double top_score = c->info[top].score;
    double sib_threshold = top_score * 0.2 > 10 ? top_score * 0.2 : 10;
    int parent = c->info[top].parent;
    const char *top_class = sb_attr(c->doc->elems[top], "class");
    size_t cap = 4;
    roots = sb_xmalloc(cap * sizeof *roots);
    if (parent < 0) {
        roots[n_roots++] = top;
    } else {
        const GumboVector *kids = &c->doc->elems[parent]->v.element.children;
        for (unsigned k = 0; k < kids->length; k++) {
            const GumboNode *kn = kids->data[k];
            if (!sb_is_element(kn))
                continue;
            int id = sb_doc_id(c->doc, kn);
            if (id < 0)
                continue;
            bool take = id == top;
            const sb_elem_info *e = &c->info[id];
            if (!take && !e->noise && !sb_teaser_list(c, id) && !sb_in_foreign_dialog(c, id)) {
                double bonus = 0;
                const char *cls = sb_attr(kn, "class");
                if (cls && *cls && top_class && strcmp(cls, top_class) == 0)
                    bonus = top_score * 0.2;
                if (e->scored && e->score + bonus >= sib_threshold)
                    take = true;
                else if (sb_tag(kn) == GUMBO_TAG_P && e->text) {
                    double ld = link_density(e);
                    if (e->text > 80 && ld < 0.25)
                        take = true;
                    else if (e->text <= 80 && ld == 0) {
                        /* Find the paragraph text to look for sentence ends. */
                        for (size_t i = 0; i < c->n_paras; i++)
                            if (c->paras[i].elem == id) {
                                take = prose_like(c->paras[i].text, c->paras[i].len);
                                break;
                            }
                    }
                }
            }
            if (take) {
                if (n_roots == cap)
                    roots = sb_xrealloc(roots, (cap *= 2) * sizeof *roots);
                roots[n_roots++] = id;
            }
        }
    }
    /* A question-and-answer page: the question's body and the answer that
     * won are twins (same tag, same class) under different wrappers, and
     * the question sits between the headline and the winner.  A twin there
     * is the start of the story; twins after the winner (other answers,
     * comments styled alike) are not taken. */
    if (c->headline_elem >= 0 && c->headline_elem < top && top_class && *top_class) {
        GumboTag top_tag = sb_tag(c->doc->elems[top]);
        for (int id = c->headline_elem + 1; id < top; id++) {
            const GumboNode *kn = c->doc->elems[id];
            const char *cls = sb_attr(kn, "class");
            const sb_elem_info *e = &c->info[id];
            if (!cls || strcmp(cls, top_class) != 0 || sb_tag(kn) != top_tag || !e->scored ||
                e->noise || sb_elem_within(c, top, id) || sb_teaser_list(c, id) ||
                sb_in_foreign_dialog(c, id))
                continue;
            bool inside = false;
            for (size_t r = 0; r < n_roots && !inside; r++)
                inside = sb_elem_within(c, id, roots[r]);
            if (inside)
                continue;
            if (c->explain)
                fprintf(c->explain, "root twin e%d (score %.1f) between the headline and the root joins\n",
                        id, e->score);
            if (n_roots == cap)
                roots = sb_xrealloc(roots, (cap *= 2) * sizeof *roots);
            roots[n_roots++] = id;
        }
    }
    *roots_out = roots;
    return n_roots;
}
