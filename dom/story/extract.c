/* extract: the DOM story extractor's driver (see extract.h).
 *
 * Order of work: paragraphs and per-element counts; noise signals; metadata
 * and headline; the story roots (given, or chosen in dom mode); containers
 * inside the roots judged; paragraphs kept or dropped; the teaser; the
 * similarity analysis of LBNEST section III when asked; the lead image. */
#include "dom/story/extract.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/story/byline.h"
#include "dom/base/date.h"
#include "dom/text/lang.h"
#include "dom/text/sentences.h"
#include "dom/text/similarity.h"
#include "dom/story/story_parts.h"
#include "dom/story/structure.h"
#include "dom/base/utf8.h"

/* Subtree of a root as an id range: pre-order ids make it contiguous. */
typedef struct root_range {
    int first, end;
} root_range;

static int root_of(const root_range *rr, size_t n, int e)
{
    for (size_t i = 0; i < n; i++)
        if (e >= rr[i].first && e < rr[i].end)
            return rr[i].first;
    return -1;
}

/* The first noise verdict between a paragraph's owner and its root. */
static sb_noise path_noise(const sb_story_ctx *c, int e, int root, int *where)
{
    for (; e >= 0 && e != root; e = c->info[e].parent)
        if (c->info[e].own_noise) {
            *where = e;
            return c->info[e].own_noise;
        }
    return SB_NOISE_NONE;
}

void sb_explain_para(FILE *f, const sb_para *p, const char *verdict, const char *why)
{
    if (!f)
        return;
    fprintf(f, "para %s e%d <%s> %s: ", verdict, p->elem, gumbo_normalized_tagname(p->tag),
            why ? why : "");
    size_t n = sb_utf8_prefix(p->text, p->len, 70);
    for (size_t i = 0; i < n; i++)
        fputc(p->text[i] == '\n' ? ' ' : p->text[i], f);
    fputs(p->len > 70 ? "...\n" : "\n", f);
}

/* FNV-1a; only used to spot repeated paragraphs. */
static unsigned long hash_text(const char *s)
{
    unsigned long h = 1469598103UL;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619UL;
    return h;
}

/* Captions belong to their image (the record's lead_image.caption), not to
 * the running text: a <figcaption>, a small element whose class calls it a
 * caption ("wp-caption-text", "image-caption"), or a paragraph that repeats
 * the alt text of an image just before it. */
#define CAPTION_ALT_MIN 25
#define CAPTION_IMAGE_LOOKBACK 12

static bool repeats_image_alt(const sb_story_ctx *c, const sb_para *p)
{
    for (int e = p->elem - 1; e >= 0 && e >= p->elem - CAPTION_IMAGE_LOOKBACK; e--) {
        const GumboNode *n = c->doc->elems[e];
        if (sb_tag(n) != GUMBO_TAG_IMG)
            continue;
        const char *alt = sb_attr(n, "alt");
        if (alt && sb_starts_with_words(p->text, alt) >= CAPTION_ALT_MIN)
            return true;
    }
    return false;
}

static bool in_caption(const sb_story_ctx *c, const sb_para *p, int root)
{
    for (int e = p->elem; e >= 0; e = c->info[e].parent) {
        GumboTag t = sb_tag(c->doc->elems[e]);
        if (t == GUMBO_TAG_FIGCAPTION || sb_caption_named(c, e))
            return true;
        if (e == root)
            break;
    }
    if (!repeats_image_alt(c, p))
        return false;
    /* visual_caption: the page's own captions are smaller than its body
     * text, and this paragraph is not. */
    const sb_dom_render *r = c->in->render;
    if (r && r->caption_by_type && r->elems && c->captions_smaller && p->elem >= 0 &&
        (size_t)p->elem < r->n_elems && r->elems[p->elem].rendered &&
        r->elems[p->elem].font_size >= c->body_font)
        return false;
    return true;
}

/* The visual_caption signal's facts: the body font (the rendered size
 * carrying most paragraph text) and whether some <figcaption> is
 * rendered smaller than it. */
static void measure_caption_type(sb_story_ctx *c)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->caption_by_type || !r->elems)
        return;
    enum { MAX_PX = 128 };
    unsigned long by_size[MAX_PX] = {0};
    for (size_t i = 0; i < c->n_paras; i++) {
        int e = c->paras[i].elem;
        if (e < 0 || (size_t)e >= r->n_elems || !r->elems[e].rendered)
            continue;
        int fs = r->elems[e].font_size;
        if (fs > 0 && fs < MAX_PX)
            by_size[fs] += c->paras[i].len;
    }
    int best = 0;
    for (int fs = 1; fs < MAX_PX; fs++)
        if (by_size[fs] > by_size[best])
            best = fs;
    c->body_font = best;
    for (size_t e = 0; best && e < c->doc->n_elems && e < r->n_elems && !c->captions_smaller; e++)
        c->captions_smaller = sb_tag(c->doc->elems[e]) == GUMBO_TAG_FIGCAPTION &&
                              r->elems[e].rendered && r->elems[e].font_size > 0 &&
                              r->elems[e].font_size < best;
    if (c->explain && c->captions_smaller)
        fprintf(c->explain,
                "visual_caption: body text %d px, captions smaller: a paragraph repeating a "
                "picture's alt text in the body's type is not its caption\n",
                best);
}

/* Headings at least this long (bytes) are prose set in a heading tag. */
#define HEADING_PROSE_MIN SB_HEADING_PROSE_MIN

/* Lines shorter than this without a sentence end may sit in a credits
 * block ("Farm & Ranch", "Courier Staff Writer"). */
#define CREDIT_LABEL_MAX 40

static bool same_as_headline(const char *line, size_t len, const char *headline)
{
    return headline && strlen(headline) == len && memcmp(line, headline, len) == 0;
}

/* The headline's block: the headline, kicker, byline and dateline as one
 * run of lines ("Farm & Ranch<br>Headline<br>By X<br>May 6, 2003"), or a
 * lone byline or dateline.  Every line must be one of those or a short
 * label, and at least one must be a byline, dateline or the headline. */
static bool credits_block(const sb_para *p, const char *headline)
{
    bool strong = false;
    const char *s = p->text;
    while (*s) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (sb_byline_line(s, len, NULL) || sb_dateline_line(s, len, NULL) ||
            same_as_headline(s, len, headline))
            strong = true;
        else if (len > CREDIT_LABEL_MAX || (len && s[len - 1] == '.'))
            return false;
        s += len;
        if (*s == '\n')
            s++;
    }
    return strong;
}

/* Why a paragraph is a caption, byline, rights notice or credit rather
 * than story text, wherever it sits; NULL when it is none of those. */
static const char *not_story_line(const sb_story_ctx *c, const sb_para *p, int root,
                                  const char *headline)
{
    if (in_caption(c, p, root))
        return "image caption";
    if (!sb_heading_tag(p->tag) && credits_block(p, headline))
        return "byline/dateline";
    if (sb_rights_line(p->text, p->len))
        return "rights notice";
    if (!sb_heading_tag(p->tag) && sb_credit_line(p->text, p->len))
        return "picture or source credit";
    const char *why = sb_picture_credit_line(c, p);
    if (why)
        return why;
    if (!sb_heading_tag(p->tag))
        return sb_furniture_line(p);
    return NULL;
}

const char *sb_not_story_line(const sb_story_ctx *c, const sb_para *p, const char *headline)
{
    int where = -1;
    if (path_noise(c, p->elem, -1, &where))
        return "noise above";
    return not_story_line(c, p, -1, headline);
}

/* Highest Simon White similarity of s to any reference text. */
static double best_similarity(const sb_simtext *s, sb_simtext *const *refs, size_t n_refs)
{
    double best = 0;
    for (size_t r = 0; r < n_refs; r++) {
        double x = sb_sim_white(s, refs[r]);
        if (x > best)
            best = x;
    }
    return best;
}

/* LBNEST III: keeps the sentences related to the headline or teaser
 * (similarity > 0.20) and the unrelated ones whose neighbours are related.
 * The sentences of all kept paragraphs form one sequence, so a story's
 * first sentence can be rescued by the second. */
static void filter_sentences(sb_story_ctx *c, sb_simtext *const *refs, size_t n_refs,
                             sb_textctx *tctx, bool *keep_para, sb_buf *out, size_t *seg_start,
                             size_t *seg_end)
{
    sb_spans spans = SB_SPANS_INIT;
    size_t *owner = NULL, cap = 0;
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!keep_para[i])
            continue;
        size_t before = spans.n;
        sb_split_sentences(c->paras[i].text, c->paras[i].len, &spans);
        if (spans.n > cap) {
            cap = spans.n * 2;
            owner = sb_xrealloc(owner, cap * sizeof *owner);
        }
        for (size_t k = before; k < spans.n; k++)
            owner[k] = i;
    }
    size_t n = spans.n;
    bool *related = sb_xcalloc(n ? n : 1, sizeof *related);
    bool *keep = sb_xcalloc(n ? n : 1, sizeof *keep);
    for (size_t k = 0; k < n; k++) {
        const sb_para *p = &c->paras[owner[k]];
        sb_simtext *s = sb_simtext_new_n(tctx, p->text + spans.v[k].start, spans.v[k].len);
        double sim = best_similarity(s, refs, n_refs);
        related[k] = sim > SB_LBNEST_THRESHOLD;
        sb_simtext_free(s);
        if (c->explain)
            fprintf(c->explain, "sentence %s %.3f: %.*s\n", related[k] ? "related" : "unrelated",
                    sim, (int)sb_utf8_prefix(p->text + spans.v[k].start, spans.v[k].len, 70),
                    p->text + spans.v[k].start);
    }
    sb_lbnest_rescue(related, n, keep);
    size_t last_para = (size_t)-1;
    for (size_t k = 0; k < n; k++) {
        if (!keep[k])
            continue;
        if (owner[k] != last_para) {
            if (out->len)
                sb_buf_puts(out, "\n\n");
            last_para = owner[k];
            seg_start[last_para] = out->len;
        } else {
            sb_buf_putc(out, ' ');
        }
        sb_buf_append(out, c->paras[owner[k]].text + spans.v[k].start, spans.v[k].len);
        seg_end[last_para] = out->len;
    }
    free(related);
    free(keep);
    free(owner);
    sb_spans_free(&spans);
}

/* Mode blocks: paragraphs outside the roots that continue the story (a
 * second column, text after an inline ad) join when they are similar to
 * the headline or teaser.  They must be clean prose on their own. */
static void add_related_blocks(sb_story_ctx *c, sb_simtext *const *refs, size_t n_refs,
                               sb_textctx *tctx, const root_range *rr, size_t n_rr,
                               bool *keep_para)
{
    for (size_t i = 0; i < c->n_paras; i++) {
        sb_para *p = &c->paras[i];
        if (keep_para[i] || root_of(rr, n_rr, p->elem) >= 0 || p->len < 80 ||
            c->info[p->elem].noise || sb_para_noise(c, p) || sb_heading_tag(p->tag))
            continue;
        sb_simtext *s = sb_simtext_new(tctx, p->text);
        double sim = best_similarity(s, refs, n_refs);
        sb_simtext_free(s);
        if (sim > SB_LBNEST_THRESHOLD) {
            keep_para[i] = true;
            sb_explain_para(c->explain, p, "ADD", "related block outside the region");
        }
    }
}

/* Lines at the story's edges.  A short line is under LABEL_MAX_CHARS
 * characters; what it ends with tells a label from a sentence. */
#define LABEL_MAX_CHARS 50
#define EDGE_LINES_MAX 3

/* The last character of a short line, decoded; -1 for a longer or empty
 * one. */
static int32_t short_line_end(const sb_para *p)
{
    if (p->len == 0 || sb_utf8_count(p->text, p->len) >= LABEL_MAX_CHARS)
        return -1;
    size_t at = sb_utf8_prefix(p->text, p->len, p->len - 1);
    size_t used;
    return sb_utf8_decode(p->text + at, p->len - at, &used);
}

/* A label: a short heading, or a short line that announces something
 * ("Read more:", "Was this article helpful?").  Sentence ends and closing
 * marks in any script make a line prose, and a sign-off ("Yours, Franzi")
 * is the author's. */
static bool label_line(const sb_para *p)
{
    int32_t cp = short_line_end(p);
    if (cp < 0)
        return false;
    static const int32_t ends[] = {'.', '!', ')', '"', '\'', 0x2026 /* … */, 0x201D, 0x2019,
                                   0x201C, 0x00BB, 0x00AB, 0x3002 /* 。 */, 0xFF01 /* ！ */,
                                   0xFF09 /* ） */, 0x300D, 0x300F, 0x0964 /* । */, 0};
    for (const int32_t *e = ends; *e; e++)
        if (cp == *e)
            return false;
    return cp == ':' || cp == '?' || cp == 0xFF1A /* ： */ || cp == 0xFF1F /* ？ */ ||
           sb_heading_tag(p->tag);
}

static bool not_label(const sb_para *p)
{
    return !label_line(p);
}

/* A kicker: a short non-heading line ending in a letter or digit, above
 * the story's first prose ("Promis", "Corte Suprema", "4 Min Read"). */
static bool kicker_line(const sb_para *p)
{
    int32_t cp = sb_heading_tag(p->tag) ? -1 : short_line_end(p);
    return cp >= 0 && (sb_is_alpha_cp((uint32_t)cp) || sb_is_digit_cp((uint32_t)cp));
}

static bool opens_story(const sb_para *p)
{
    return !kicker_line(p) && !sb_heading_tag(p->tag);
}

/* Drops up to EDGE_LINES_MAX kept lines matching `edge` at one end of the
 * story (the end when at_end), but only when a kept paragraph matching
 * `body` comes right after them: a story that is all such lines is left
 * alone. */
static void trim_edge(const sb_story_ctx *c, bool *keep, bool at_end,
                      bool (*edge)(const sb_para *), bool (*body)(const sb_para *),
                      const char *why)
{
    size_t run[EDGE_LINES_MAX], n = 0;
    bool body_follows = false;
    for (size_t k = 0; k < c->n_paras; k++) {
        size_t i = at_end ? c->n_paras - 1 - k : k;
        if (!keep[i])
            continue;
        if (n < EDGE_LINES_MAX && edge(&c->paras[i])) {
            run[n++] = i;
            continue;
        }
        body_follows = body(&c->paras[i]);
        break;
    }
    if (!body_follows)
        return;
    for (size_t k = 0; k < n; k++) {
        keep[run[k]] = false;
        sb_explain_para(c->explain, &c->paras[run[k]], "DROP", why);
    }
}

/* A kicker printed above the headline ("Wildvogelstation Ferlemann in
 * Dortmund" over the <h1>) is the page's label for the story even when a
 * subheading, not prose, comes first under the headline (trim_edge's
 * kicker rule wants prose after the kicker, since a short line followed by
 * a heading inside the story may be the story's own).  Up to
 * EDGE_LINES_MAX kicker lines that open the kept text and stand before the
 * headline's element go when kept text follows them. */
static void trim_kicker_above_headline(const sb_story_ctx *c, bool *keep, int headline_elem)
{
    if (headline_elem < 0)
        return;
    size_t run[EDGE_LINES_MAX], n = 0;
    bool follows = false;
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!keep[i])
            continue;
        const sb_para *p = &c->paras[i];
        if (n < EDGE_LINES_MAX && p->elem < headline_elem && kicker_line(p)) {
            run[n++] = i;
            continue;
        }
        follows = p->elem > headline_elem;
        break;
    }
    if (!follows)
        return;
    for (size_t k = 0; k < n; k++) {
        keep[run[k]] = false;
        sb_explain_para(c->explain, &c->paras[run[k]], "DROP", "kicker above the headline");
    }
}

/* A cell of a data table: a <td> or <th> in a row of two cells or more.
 * Its value may repeat down a column ("April 2014", "0.5%") and each
 * repetition is data, not a label printed twice; a layout table's one-cell
 * rows stay judged as labels. */
static bool data_cell(const sb_story_ctx *c, const sb_para *p)
{
    if (p->tag != GUMBO_TAG_TD && p->tag != GUMBO_TAG_TH)
        return false;
    const GumboNode *row = c->doc->elems[p->elem]->parent;
    if (!row || sb_tag(row) != GUMBO_TAG_TR)
        return false;
    const GumboVector *k = &row->v.element.children;
    unsigned cells = 0;
    for (unsigned i = 0; i < k->length && cells < 2; i++) {
        GumboTag t = sb_tag(k->data[i]);
        if (t == GUMBO_TAG_TD || t == GUMBO_TAG_TH)
            cells++;
    }
    return cells >= 2;
}

/* Two paragraphs sit in the same setting when their tags, their parents'
 * tags and their parents' class names are the same: a pull quote or a
 * repeated description has a box of its own. */
static bool same_setting(const sb_story_ctx *c, const sb_para *a, const sb_para *b)
{
    if (a->tag != b->tag)
        return false;
    int pa = c->info[a->elem].parent, pb = c->info[b->elem].parent;
    if (pa < 0 || pb < 0)
        return pa == pb;
    const GumboNode *na = c->doc->elems[pa], *nb = c->doc->elems[pb];
    const char *ca = sb_attr(na, "class"), *cb = sb_attr(nb, "class");
    return sb_tag(na) == sb_tag(nb) && strcmp(ca ? ca : "", cb ? cb : "") == 0;
}

/* Paragraph verdicts inside the roots; returns the bytes kept. */
/* The visual_hidden signal (extract.h's sb_dom_render.drop_hidden): why
 * the render says the reader never sees this element, or NULL. */
static const char *visually_hidden(const sb_story_ctx *c, int elem)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->drop_hidden || c->hidden_untrusted || !r->elems || elem < 0 ||
        (size_t)elem >= r->n_elems)
        return NULL;
    const sb_elem_render *f = &r->elems[elem];
    if (!f->rendered)
        return "not shown: no box in the render [visual_hidden=1]";
    if (f->rect.x + f->rect.w <= 0 || f->rect.y + f->rect.h <= 0)
        return "off-screen: placed wholly before the page's origin [visual_hidden=1]";
    if (r->drop_unseen && f->unseen)
        return "not seen: its text is clipped to nothing or lies before the page's origin "
               "[visual_clip=1]";
    return NULL;
}

/* A table row's box: its own, or the union of its cells' when the render
 * gave the row none. */
static sb_rect table_row_rect(const sb_story_ctx *c, int tr)
{
    const sb_dom_render *r = c->in->render;
    if (r->elems[tr].rendered && r->elems[tr].rect.w > 0)
        return r->elems[tr].rect;
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool any = false;
    int end = sb_subtree_end(c, tr);
    for (int e = tr + 1; e < end && (size_t)e < r->n_elems; e++) {
        const sb_rect *q = &r->elems[e].rect;
        if (c->info[e].parent != tr || !r->elems[e].rendered || q->w <= 0)
            continue;
        if (!any || q->x < x0)
            x0 = q->x;
        if (!any || q->y < y0)
            y0 = q->y;
        if (!any || q->x + q->w > x1)
            x1 = q->x + q->w;
        if (!any || q->y + q->h > y1)
            y1 = q->y + q->h;
        any = true;
    }
    return any ? (sb_rect){x0, y0, x1 - x0, y1 - y0} : (sb_rect){0, 0, 0, 0};
}

/* The visual_sidebar signal (extract.h's sb_dom_render.drop_beside): why
 * the paragraph, inside story root `root`, is a rail beside the story
 * column, or NULL. */
static const char *beside_column(const sb_story_ctx *c, int elem, int root)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->drop_beside || !r->elems || r->column.w <= 0 || elem < 0 || root < 0 ||
        (size_t)elem >= r->n_elems || (size_t)root >= r->n_elems)
        return NULL;
    const sb_rect *col = &r->column, *f = &r->elems[elem].rect, *rt = &r->elems[root].rect;
    if (!r->elems[elem].rendered || f->w <= 0 || f->h <= 0 || !r->elems[root].rendered)
        return NULL;
    /* The root must hold the column: otherwise the reconciliation took a
     * container elsewhere and the column says nothing about it. */
    if (rt->x > col->x || rt->x + rt->w < col->x + col->w)
        return NULL;
    /* A cell holding its text directly is a datum of its table, which
     * is read whole; a rail set in a layout table's cell has paragraphs. */
    GumboTag own = sb_tag(c->doc->elems[elem]);
    if (f->w >= col->w || own == GUMBO_TAG_TD || own == GUMBO_TAG_TH)
        return NULL;
    int lo = f->x > col->x ? f->x : col->x;
    int hi = f->x + f->w < col->x + col->w ? f->x + f->w : col->x + col->w;
    int overlap = hi > lo ? hi - lo : 0;
    if (overlap * 2 >= f->w)
        return NULL;
    /* A rail stands side by side with the column: the first ancestor at
     * least as wide as the column spans the column's height too.  A cell of
     * a wide table or a label of a chart above or below the column text
     * reaches a wide ancestor (the table row, the chart) that does not;
     * the cell of a layout table beside the story's cell does (its row). */
    for (int a = c->info[elem].parent; a >= 0; a = c->info[a].parent) {
        if ((size_t)a >= r->n_elems)
            return NULL;
        sb_rect row;
        const sb_rect *ar = &r->elems[a].rect;
        bool shown = r->elems[a].rendered;
        if (sb_tag(c->doc->elems[a]) == GUMBO_TAG_TR) {
            row = table_row_rect(c, a);
            ar = &row;
            shown = row.w > 0;
        }
        if (!shown || ar->w < col->w) {
            if (a == root)
                return NULL;
            continue;
        }
        if (ar->y > col->y || ar->y + ar->h < col->y + col->h)
            return NULL;
        break;
    }
    return "beside the story column: a sidebar or rail [visual_sidebar=1]";
}

/* hybrid's boxes painted apart (extract.h's sb_elem_render.set_apart):
 * the reason of the paragraph's own element or the first ancestor below
 * its story root that is marked, or NULL. */
static const char *set_apart(const sb_story_ctx *c, int elem, int root)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->elems || root < 0)
        return NULL;
    for (int e = elem; e >= 0 && e != root && (size_t)e < r->n_elems; e = c->info[e].parent)
        if (r->elems[e].set_apart)
            return r->elems[e].set_apart;
    return NULL;
}

/* The visual_hidden signal is believed only while what it would hide is at
 * most two thirds of the story roots' paragraphs (those the markup does
 * not call furniture already).  A story mostly without
 * boxes is not one the page hides from its reader: it waits for a script
 * to show it (a stylesheet that hides the text until the page's code has
 * run), or the render read the markup otherwise than the parse did (story
 * paragraphs inside a script's string).  Sets c->hidden_untrusted. */
static void check_hidden_share(sb_story_ctx *c, const root_range *rr, size_t n_roots)
{
    c->hidden_untrusted = false;
    const sb_dom_render *r = c->in->render;
    if (!r || !r->drop_hidden)
        return;
    unsigned long hidden = 0, shown = 0;
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        int root = root_of(rr, n_roots, p->elem), where = -1;
        /* What the markup calls furniture (the hidden attribute, a
         * sidebar's class) is not the story either way. */
        if (root < 0 || path_noise(c, p->elem, root, &where))
            continue;
        if (visually_hidden(c, p->elem))
            hidden += p->len;
        else
            shown += p->len;
    }
    if (hidden * 3 <= (hidden + shown) * 2)
        return;
    c->hidden_untrusted = true;
    if (c->explain)
        fprintf(c->explain,
                "visual_hidden: %lu of %lu bytes of the roots' paragraphs have no box or lie "
                "off-screen: the story is not hidden, the render is not believed\n",
                hidden, hidden + shown);
}

/* A slideshow inside the story: the smallest element below a root holding
 * two or more counter lines ("3 / 12", "Slide 2 of 9") whose other
 * paragraphs are caption-sized and at most SLIDESHOW_LINES_PER_COUNTER per
 * counter (a caption and a credit for each slide).  What it holds besides
 * the counters are the slides' captions: they belong to the images (the
 * image code reads them there), not to the running text.  A story body
 * with a few counters in it has longer or more paragraphs than that. */
#define SLIDESHOW_CAPTION_MAX 300
#define SLIDESHOW_LINES_PER_COUNTER 2

static void drop_slideshows(sb_story_ctx *c, const root_range *rr, size_t n_roots, bool *keep)
{
    size_t n = c->doc->n_elems;
    unsigned *counters = NULL;
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        if (!sb_counter_line(p) || root_of(rr, n_roots, p->elem) < 0)
            continue;
        if (!counters)
            counters = sb_xcalloc(n, sizeof *counters);
        for (int e = p->elem; e >= 0; e = c->info[e].parent)
            counters[e]++;
    }
    if (!counters)
        return;
    bool *judged = sb_xcalloc(n, sizeof *judged);
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        int root = root_of(rr, n_roots, p->elem);
        if (root < 0 || !sb_counter_line(p))
            continue;
        int box = -1;
        for (int e = c->info[p->elem].parent; e >= 0 && e != root; e = c->info[e].parent)
            if (counters[e] >= 2) {
                box = e;
                break;
            }
        if (box < 0 || judged[box])
            continue;
        judged[box] = true;
        int end = sb_subtree_end(c, box);
        unsigned others = 0;
        bool captions_only = true;
        for (size_t j = 0; j < c->n_paras && captions_only; j++) {
            const sb_para *q = &c->paras[j];
            if (q->elem < box || q->elem >= end || sb_counter_line(q))
                continue;
            others++;
            captions_only = q->len <= SLIDESHOW_CAPTION_MAX;
        }
        if (!captions_only || others == 0 || others > SLIDESHOW_LINES_PER_COUNTER * counters[box])
            continue;
        /* A slideshow is set in a story; one holding more text than the
         * rest of its root is the story told in slides (a recipe's
         * steps), and stays. */
        unsigned long inside = 0, outside = 0;
        int root_end = sb_subtree_end(c, root);
        for (size_t j = 0; j < c->n_paras; j++) {
            const sb_para *q = &c->paras[j];
            if (q->elem < root || q->elem >= root_end || !keep[j])
                continue;
            if (q->elem >= box && q->elem < end)
                inside += q->len;
            else
                outside += q->len;
        }
        if (inside >= outside)
            continue;
        for (size_t j = 0; j < c->n_paras; j++) {
            const sb_para *q = &c->paras[j];
            if (q->elem < box || q->elem >= end || !keep[j])
                continue;
            keep[j] = false;
            sb_explain_para(c->explain, q, "DROP", "slideshow: counters and their captions");
        }
    }
    free(judged);
    free(counters);
}

/* The visual_subhead signal (extract.h's sb_dom_render.subhead_by_type):
 * a heading that speaks the headline's words but is rendered below the
 * headline element in a smaller type is the story's own section heading
 * or its dek ("Ab wann legen Hühner Eier?" under "Ab wann und wie lange
 * legen Hühner Eier?"), not the headline printed again. */
static bool subhead_below(const sb_story_ctx *c, int elem, int headline_elem)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->subhead_by_type || !r->elems || headline_elem < 0 || elem == headline_elem ||
        (size_t)headline_elem >= r->n_elems || elem < 0 || (size_t)elem >= r->n_elems)
        return false;
    const sb_elem_render *h = &r->elems[headline_elem], *f = &r->elems[elem];
    if (!h->rendered || !f->rendered || h->rect.h <= 0 || f->rect.h <= 0)
        return false;
    bool below = f->rect.y >= h->rect.y + h->rect.h;
    bool smaller = f->font_size > 0 && f->font_size < h->font_size;
    if (below && smaller && c->explain)
        fprintf(c->explain,
                "e%d speaks the headline's words but is set at %d px below the headline e%d "
                "(%d px): a subheading, not the headline [visual_subhead=1]\n",
                elem, f->font_size, headline_elem, h->font_size);
    return below && smaller;
}

/* The markup's own subheading signal, for pages without a render: a
 * heading that speaks the headline's words but stands after the story's
 * first paragraphs (a kept paragraph of prose, SUBHEAD_AFTER_BODY_MIN bytes
 * or more, between the headline element and it) is a section heading of
 * the story ("Warnung vor Tesla" under "VW-Chef warnt vor Tesla"): the
 * headline printed again stands above the body, or outside it, where it
 * was dropped as furniture already.  A heading equal to the headline still
 * goes wherever it stands. */
#define SUBHEAD_AFTER_BODY_MIN 80

static bool subhead_after_body(const sb_story_ctx *c, const bool *keep, size_t i, int headline_elem)
{
    if (headline_elem < 0)
        return false;
    for (size_t j = 0; j < i; j++) {
        const sb_para *q = &c->paras[j];
        if (keep[j] && q->elem > headline_elem && !sb_heading_tag(q->tag) &&
            q->len >= SUBHEAD_AFTER_BODY_MIN) {
            if (c->explain)
                fprintf(c->explain,
                        "e%d speaks the headline's words but stands after the story's "
                        "paragraph e%d: a subheading, not the headline\n",
                        c->paras[i].elem, q->elem);
            return true;
        }
    }
    return false;
}

static bool in_figure(const sb_story_ctx *c, int e)
{
    for (; e >= 0; e = c->info[e].parent)
        if (sb_tag(c->doc->elems[e]) == GUMBO_TAG_FIGURE)
            return true;
    return false;
}

/* Whether element e sits in one box with the next heading `to` that the
 * heading h is not in (a teaser card: its picture, then its title). */
static bool shares_box_with(const sb_story_ctx *c, int e, int to, int h)
{
    if (to < 0)
        return false;
    int a = c->info[to].parent;
    while (a >= 0 && !(e > a && e < sb_subtree_end(c, a)))
        a = c->info[a].parent;
    return a >= 0 && !(h > a && h < sb_subtree_end(c, a));
}

/* A picture or a formula between a heading and `to` (the next kept
 * heading; -1: the end of the heading's root), in the root, not inside a
 * link (a teaser's thumbnail) nor under a noise verdict (a dropped box),
 * not in one box with the next heading (a teaser card's picture and
 * title), with no dropped text between them but a figure's caption (a
 * card's label and date: the heading was the related box's). */
static bool heading_titles_media(const sb_story_ctx *c, const root_range *rr, size_t n_rr,
                                 const bool *keep, size_t hi, int to)
{
    int h = c->paras[hi].elem;
    for (size_t j = hi + 1; j < c->n_paras && (to < 0 || c->paras[j].elem < to); j++)
        if (!keep[j] && c->paras[j].elem > h && !in_figure(c, c->paras[j].elem))
            return false;
    int end = -1;
    for (size_t i = 0; i < n_rr; i++)
        if (h >= rr[i].first && h < rr[i].end)
            end = rr[i].end;
    if (end < 0)
        return false;
    if (to >= 0 && to < end)
        end = to;
    for (int e = sb_subtree_end(c, h); e < end; e++) {
        GumboTag t = sb_tag(c->doc->elems[e]);
        if (t != GUMBO_TAG_IMG && t != GUMBO_TAG_MATH && t != GUMBO_TAG_VIDEO)
            continue;
        if (c->info[e].noise)
            continue;
        bool linked = false;
        for (int a = c->info[e].parent; a >= 0 && !linked; a = c->info[a].parent)
            linked = sb_tag(c->doc->elems[a]) == GUMBO_TAG_A;
        if (!linked && !shares_box_with(c, e, to, h))
            return true;
    }
    return false;
}

static void drop_empty_heading(const sb_story_ctx *c, const root_range *rr, size_t n_rr, bool *keep,
                               size_t hi, int to)
{
    if (heading_titles_media(c, rr, n_rr, keep, hi, to)) {
        sb_explain_para(c->explain, &c->paras[hi], "KEEP", "heading of a picture or formula");
        return;
    }
    keep[hi] = false;
    sb_explain_para(c->explain, &c->paras[hi], "DROP",
                    to >= 0 ? "a heading with nothing kept under it before the next heading"
                            : "a heading with nothing kept under it at the story's end");
}

static size_t judge_paras(sb_story_ctx *c, const int *roots, const root_range *rr, size_t n_roots,
                          const char *headline, int headline_elem, bool *keep)
{
    sb_noise_mark_containers(c, roots, n_roots);
    check_hidden_share(c, rr, n_roots);
    size_t hcap = 64;
    while (hcap < c->n_paras * 2)
        hcap *= 2;
    unsigned long *seen = sb_xcalloc(hcap, sizeof *seen);
    size_t *seen_at = sb_xcalloc(hcap, sizeof *seen_at);
    for (size_t i = 0; i < c->n_paras; i++) {
        sb_para *p = &c->paras[i];
        int root = root_of(rr, n_roots, p->elem);
        const char *why = NULL;
        if (root < 0)
            why = "outside the story root";
        else {
            int where = -1;
            sb_noise nz = path_noise(c, p->elem, root, &where);
            if (nz) {
                why = sb_noise_name(nz);
                if (c->explain) {
                    const GumboNode *w = c->doc->elems[where];
                    fprintf(c->explain, "noise at e%d <%s class=\"%s\" id=\"%s\">\n", where,
                            sb_tag_name(w), sb_attr(w, "class") ? sb_attr(w, "class") : "",
                            sb_attr(w, "id") ? sb_attr(w, "id") : "");
                }
            }
        }
        if (!why)
            why = sb_para_noise(c, p);
        if (!why)
            why = visually_hidden(c, p->elem);
        if (!why)
            why = beside_column(c, p->elem, root);
        if (!why)
            why = set_apart(c, p->elem, root);
        if (!why && headline &&
            (p->elem == headline_elem || strcmp(p->text, headline) == 0 ||
             (sb_heading_tag(p->tag) && sb_white_str(p->text, headline) >= 0.75 &&
              !subhead_below(c, p->elem, headline_elem) &&
              !subhead_after_body(c, keep, i, headline_elem))))
            why = "the headline";
        if (!why)
            why = not_story_line(c, p, root, headline);
        /* A paragraph printed twice counts once, the first occurrence
         * staying: short labels ("Advertisement", "Share") wherever they
         * repeat, and a longer paragraph repeated in another setting (a
         * pull quote in its own box, a description printed again as the
         * first paragraph).  A long paragraph repeated among its own
         * siblings is the author's, and stays.  Headings may repeat (a
         * table of contents and its sections), and so may a data
         * table's cells. */
        if (!why && !sb_heading_tag(p->tag) && !data_cell(c, p)) {
            unsigned long hv = hash_text(p->text) | 1UL;
            size_t slot = hv & (hcap - 1);
            while (seen[slot] && seen[slot] != hv)
                slot = (slot + 1) & (hcap - 1);
            if (seen[slot] == hv) {
                const sb_para *first = &c->paras[seen_at[slot]];
                if (p->len < 60)
                    why = "repeats an earlier label";
                else if (!same_setting(c, first, p))
                    why = "repeats an earlier paragraph in another setting";
            } else {
                seen[slot] = hv;
                seen_at[slot] = i;
            }
        }
        keep[i] = why == NULL;
        if (root >= 0 || c->explain == NULL)
            sb_explain_para(c->explain, p, keep[i] ? "KEEP" : "DROP", why);
    }
    free(seen);
    free(seen_at);
    drop_slideshows(c, rr, n_roots, keep);

    /* A heading with nothing kept after it before the next heading (or the
     * end) introduces nothing: it belonged to dropped furniture.  Unless
     * what follows it is a picture or a formula of the story (outside any
     * link and any dropped box): it titles that. */
    {
        long last_heading = -1;
        for (size_t i = 0; i < c->n_paras; i++) {
            if (!keep[i])
                continue;
            /* A heading long enough to be prose (a standfirst set in <h4>)
             * is read as a paragraph. */
            if (sb_heading_tag(c->paras[i].tag) && c->paras[i].len < HEADING_PROSE_MIN) {
                if (last_heading >= 0)
                    drop_empty_heading(c, rr, n_roots, keep, (size_t)last_heading,
                                       c->paras[i].elem);
                last_heading = (long)i;
            } else {
                last_heading = -1;
            }
        }
        if (last_heading >= 0)
            drop_empty_heading(c, rr, n_roots, keep, (size_t)last_heading, -1);
    }
    /* After the last sentence: the headings of related boxes whose links
     * were dropped, "Share this:".  Before the first: kickers. */
    trim_edge(c, keep, true, label_line, not_label, "label after the story's end");
    trim_edge(c, keep, false, kicker_line, opens_story, "kicker before the story");
    trim_kicker_above_headline(c, keep, headline_elem);

    size_t kept = 0;
    for (size_t i = 0; i < c->n_paras; i++)
        if (keep[i])
            kept += c->paras[i].len;
    return kept;
}

/* Paragraphs are joined by "\n\n"; a single "\n" left inside one is a
 * <br>, which the reader sees as a line break within the paragraph, and
 * the record shows as a space. */
static void flatten_line_breaks(char *text)
{
    for (size_t i = 0; text[i]; i++)
        if (text[i] == '\n' && text[i + 1] != '\n' && (i == 0 || text[i - 1] != '\n'))
            text[i] = ' ';
}

/* Removes the paragraph equal to `para` from "\n\n"-joined text. */
static void drop_paragraph(char *text, const char *para)
{
    size_t n = strlen(para);
    if (!n)
        return;
    for (char *p = strstr(text, para); p; p = strstr(p + 1, para)) {
        bool starts = p == text || (p - text >= 2 && p[-1] == '\n' && p[-2] == '\n');
        bool ends = p[n] == '\0' || (p[n] == '\n' && p[n + 1] == '\n');
        if (!starts || !ends)
            continue;
        if (p[n] == '\n')
            memmove(p, p + n + 2, strlen(p + n + 2) + 1);
        else if (p == text)
            *p = '\0';
        else
            p[-2] = '\0';
        return;
    }
}

/* What `text` holds of each paragraph (NULL for a dropped one), from the
 * offsets recorded as it was built. */
static char **paragraph_texts(const sb_story_ctx *c, const char *text, const size_t *seg_start,
                              const size_t *seg_end)
{
    char **out = sb_xcalloc(c->n_paras ? c->n_paras : 1, sizeof *out);
    for (size_t i = 0; i < c->n_paras; i++)
        if (seg_start[i] != SIZE_MAX && seg_end[i] != SIZE_MAX && seg_end[i] > seg_start[i])
            out[i] = sb_xstrndup(text + seg_start[i], seg_end[i] - seg_start[i]);
    return out;
}

/* drop_paragraph for the paragraphs' texts: the first one equal to `para`.
 * Returns its index, or -1 when no paragraph's text is `para`. */
static long drop_paragraph_text(const sb_story_ctx *c, char **para_text, const char *para)
{
    if (!*para)
        return -1;
    for (size_t i = 0; i < c->n_paras; i++)
        if (para_text[i] && strcmp(para_text[i], para) == 0) {
            free(para_text[i]);
            para_text[i] = NULL;
            return (long)i;
        }
    return -1;
}

/* The author and date as the page prints them under the headline, for
 * pages whose metadata names neither.  Looks at the lines of the few
 * paragraphs from the headline on. */
#define CREDITS_SCAN_PARAS 8

static void visible_credits(const sb_story_ctx *c, long from, char **name, char **date)
{
    for (size_t i = (size_t)from; i < c->n_paras && i < (size_t)from + CREDITS_SCAN_PARAS; i++) {
        const sb_para *p = &c->paras[i];
        if (c->info[p->elem].noise == SB_NOISE_HIDDEN)
            continue;
        const char *s = p->text;
        while (*s && !(*name && *date)) {
            const char *nl = strchr(s, '\n');
            size_t len = nl ? (size_t)(nl - s) : strlen(s);
            /* One reading of the line serves both fields. */
            char *v = NULL;
            bool byline = sb_byline_line(s, len, *name ? NULL : &v);
            if (!*name)
                *name = v;
            if (!*date && !sb_dateline_line(s, len, date) && byline) {
                /* "By Jane Doe · 5 March 2024" */
                char line[SB_BYLINE_MAX + 1];
                memcpy(line, s, len);
                line[len] = '\0';
                *date = sb_date_find_in_text(line);
            }
            s += len;
            if (*s == '\n')
                s++;
        }
    }
}

static long headline_para(const sb_story_ctx *c, int headline_elem, const char *headline,
                          int root)
{
    for (size_t i = 0; i < c->n_paras; i++)
        if (c->paras[i].elem == headline_elem ||
            (headline && !c->info[c->paras[i].elem].noise && strstr(c->paras[i].text, headline)))
            return (long)i;
    for (size_t i = 0; i < c->n_paras; i++)
        if (c->paras[i].elem >= root)
            return (long)i;
    return -1;
}

/* The story's header: the prose printed between the headline and the story
 * root (standfirst, dek, summary) belongs to the story even when it does
 * not speak the headline's words.  Bylines, captions and credits there are
 * dropped as they are inside the root.  A header is short: at most three
 * prose paragraphs among at most eight lines; more is another part of the
 * page, and nothing is taken. */
#define HEADER_ZONE_MAX_PARAS 3
#define HEADER_ZONE_MAX_LINES 8

/* A zone longer than that (share buttons, a related list, a newsletter
 * box between the header and the story) still opens with the header: the
 * first prose line under the headline, when only short lines (byline,
 * date, reading time, a label) or the headline's own text stand before
 * it among the zone's first eight lines, is the dek.  Only that one line
 * is taken; the first longer line that is not prose ends the search. */
#define HEADER_SHORT_LINE 80

static bool is_headline_text(const sb_para *p, const char *headline)
{
    return headline && (strcmp(p->text, headline) == 0 || sb_white_str(p->text, headline) >= 0.75);
}

static void keep_first_prose(const sb_story_ctx *c, size_t h, size_t end, const char *headline,
                             bool *keep)
{
    size_t stop = h + 1 + HEADER_ZONE_MAX_LINES;
    for (size_t i = h + 1; i < end && i < stop; i++) {
        const sb_para *p = &c->paras[i];
        if (keep[i])
            return;
        if (p->len < HEADER_SHORT_LINE || is_headline_text(p, headline))
            continue;
        int where = -1;
        if (sb_standfirst_like(c, p) && !sb_para_noise(c, p) && !path_noise(c, p->elem, -1, &where) &&
            !not_story_line(c, p, -1, headline)) {
            keep[i] = true;
            sb_explain_para(c->explain, p, "ADD", "first prose under the headline");
        }
        return;
    }
}

static void keep_header_zone(const sb_story_ctx *c, int headline_elem, const char *headline,
                             int root, bool *keep)
{
    if (headline_elem < 0 || headline_elem >= root)
        return;
    long h = -1;
    for (size_t i = 0; i < c->n_paras && h < 0; i++)
        if (c->paras[i].elem == headline_elem)
            h = (long)i;
    if (h < 0)
        return;
    size_t end = (size_t)h + 1;
    while (end < c->n_paras && c->paras[end].elem < root)
        end++;
    if (end == c->n_paras)
        return;
    if (end - (size_t)h - 1 > HEADER_ZONE_MAX_LINES) {
        keep_first_prose(c, (size_t)h, end, headline, keep);
        return;
    }
    size_t n_prose = 0;
    bool *take = sb_xcalloc(end - (size_t)h, sizeof *take);
    for (size_t i = (size_t)h + 1; i < end; i++) {
        const sb_para *p = &c->paras[i];
        int where = -1;
        if (keep[i] || !sb_standfirst_like(c, p) || sb_para_noise(c, p) ||
            path_noise(c, p->elem, -1, &where) || not_story_line(c, p, -1, headline))
            continue;
        take[i - (size_t)h] = true;
        n_prose++;
    }
    for (size_t i = (size_t)h + 1; i < end && n_prose <= HEADER_ZONE_MAX_PARAS; i++)
        if (take[i - (size_t)h]) {
            keep[i] = true;
            sb_explain_para(c->explain, &c->paras[i], "ADD", "standfirst between headline and story");
        }
    free(take);
}

/* The standfirst: the one or two short paragraphs of prose the page prints
 * between the headline and the story's first paragraph.  A kept paragraph
 * there is one when it came from above the story root (the teaser or the
 * header zone), when its element is named as one ("standfirst", "dek",
 * "summary"), or when it is prose set in a heading tag.  The story must go
 * on after it; the standfirst leaves `text`, and a later paragraph that
 * repeats it (a description printed twice) goes too.  Returns the
 * paragraphs joined by "\n\n", malloc'd, or NULL. */
#define STANDFIRST_MAX_PARAS 2
#define STANDFIRST_MAX_BYTES 600

static bool standfirst_candidate(const sb_story_ctx *c, const sb_para *p, const root_range *rr,
                                 size_t n_rr)
{
    if (!sb_standfirst_like(c, p) || p->len > STANDFIRST_MAX_BYTES)
        return false;
    int root = root_of(rr, n_rr, p->elem);
    return root < 0 || sb_standfirst_named(c, p->elem, root) || sb_heading_tag(p->tag);
}

/* A standfirst is printed apart from the body: a paragraph that is a
 * sibling of the body's first paragraph (same parent element), neither
 * named a standfirst nor set in a heading tag, is the body's own opening
 * paragraph that the story root left out (a police report's first two
 * paragraphs above the root).  Returns how many picks stay: the picks
 * before the first such sibling. */
/* The visual_standfirst signal (extract.h's sb_dom_render.
 * standfirst_by_position).  Placed: the paragraph's box lies below the
 * headline's (rather than after it in document order).  Set apart: its
 * text is rendered larger than the body's first paragraph (by
 * STANDFIRST_FONT_RATIO), or bold where the body is not: a dek inside the
 * story's own container, unnamed, that only its typesetting tells. */
#define STANDFIRST_FONT_RATIO 1.1

static const sb_elem_render *render_of(const sb_story_ctx *c, int elem)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->standfirst_by_position || !r->elems || elem < 0 || (size_t)elem >= r->n_elems ||
        !r->elems[elem].rendered || r->elems[elem].rect.h <= 0)
        return NULL;
    return &r->elems[elem];
}

/* 1 placed below the headline, 0 above it, -1 unknown (no render, the
 * signal off, or either without a box). */
static int below_headline(const sb_story_ctx *c, const sb_para *p, int headline_elem)
{
    const sb_elem_render *h = render_of(c, headline_elem), *f = render_of(c, p->elem);
    if (!h || !f)
        return -1;
    return f->rect.y >= h->rect.y + h->rect.h;
}

static bool set_apart_by_render(const sb_story_ctx *c, const sb_para *p, const sb_para *body)
{
    const sb_elem_render *f = render_of(c, p->elem), *b = body ? render_of(c, body->elem) : NULL;
    if (!f || !b || f->font_size <= 0 || b->font_size <= 0 || p->elem == body->elem ||
        f->rect.y + f->rect.h > b->rect.y)
        return false;
    return f->font_size >= STANDFIRST_FONT_RATIO * b->font_size ||
           (f->font_weight >= 600 && b->font_weight < 600 && f->font_size >= b->font_size);
}

static size_t standfirst_apart_from_body(const sb_story_ctx *c, const size_t *pick, size_t n,
                                         const sb_para *body)
{
    int body_parent = c->info[body->elem].parent;
    for (size_t k = 0; k < n; k++) {
        const sb_para *p = &c->paras[pick[k]];
        if (c->info[p->elem].parent == body_parent && !sb_heading_tag(p->tag) &&
            !sb_standfirst_named(c, p->elem, body_parent) && !set_apart_by_render(c, p, body)) {
            sb_explain_para(c->explain, p, "KEEP",
                         "not a standfirst: a sibling of the body's paragraphs");
            return k;
        }
    }
    return n;
}

static char *take_standfirst(const sb_story_ctx *c, const root_range *rr, size_t n_rr,
                             int headline_elem, bool *keep)
{
    size_t pick[STANDFIRST_MAX_PARAS], n = 0;
    bool body_follows = false;
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!keep[i])
            continue;
        const sb_para *p = &c->paras[i];
        /* Without a headline element only a named standfirst is one. */
        bool placed = headline_elem >= 0 ? p->elem > headline_elem
                                         : sb_standfirst_named(c, p->elem, -1);
        int below = headline_elem >= 0 ? below_headline(c, p, headline_elem) : -1;
        if (below >= 0 && (below == 1) != placed) {
            placed = below == 1;
            if (c->explain)
                fprintf(c->explain, "e%d is rendered %s the headline [visual_standfirst=1]\n",
                        p->elem, placed ? "below" : "above");
        }
        bool candidate = placed && standfirst_candidate(c, p, rr, n_rr);
        if (placed && !candidate && render_of(c, p->elem) && sb_standfirst_like(c, p) &&
            p->len <= STANDFIRST_MAX_BYTES) {
            /* The body's first paragraph: the next kept one. */
            const sb_para *body = NULL;
            for (size_t j = i + 1; j < c->n_paras && !body; j++)
                if (keep[j] && !sb_heading_tag(c->paras[j].tag))
                    body = &c->paras[j];
            candidate = set_apart_by_render(c, p, body);
            if (candidate && c->explain)
                fprintf(c->explain,
                        "e%d is set apart from the body by its type, between the headline and "
                        "the story [visual_standfirst=1]\n",
                        p->elem);
        }
        if (n < STANDFIRST_MAX_PARAS && candidate) {
            pick[n++] = i;
            continue;
        }
        body_follows = n > 0 && !sb_heading_tag(p->tag);
        if (body_follows)
            n = standfirst_apart_from_body(c, pick, n, p);
        break;
    }
    if (!body_follows || n == 0)
        return NULL;
    sb_buf out = SB_BUF_INIT;
    for (size_t k = 0; k < n; k++) {
        keep[pick[k]] = false;
        sb_explain_para(c->explain, &c->paras[pick[k]], "MOVE", "standfirst");
        if (out.len)
            sb_buf_puts(&out, "\n\n");
        sb_buf_append(&out, c->paras[pick[k]].text, c->paras[pick[k]].len);
    }
    for (size_t i = pick[n - 1] + 1; i < c->n_paras; i++) {
        if (!keep[i])
            continue;
        for (size_t k = 0; k < n; k++)
            if (strcmp(c->paras[i].text, c->paras[pick[k]].text) == 0) {
                keep[i] = false;
                sb_explain_para(c->explain, &c->paras[i], "DROP", "repeats the standfirst");
                break;
            }
    }
    char *text = sb_buf_steal(&out);
    flatten_line_breaks(text);
    return text;
}

/* Kept text (bytes) below which the chosen root was a wrong guess: the
 * whole <body> is judged instead, and when even that keeps less, the last
 * resort below takes the page's visible prose. */
#define TOO_LITTLE_KEPT 250

/* The last resort, for pages where every signal called the story
 * furniture (a story inside a mis-nested <header>, an <aside>, a
 * "comments" wrapper): with less than TOO_LITTLE_KEPT text kept, the
 * page's visible prose paragraphs (each at least this long) are the story
 * rather than nothing. */
#define LAST_RESORT_MIN_PARA 150

static void keep_any_prose(const sb_story_ctx *c, bool *keep)
{
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        if (keep[i] || p->len < LAST_RESORT_MIN_PARA || c->info[p->elem].noise == SB_NOISE_HIDDEN ||
            sb_para_noise(c, p) || sb_heading_tag(p->tag) || p->link_len * 10 > p->len * 3)
            continue;
        keep[i] = true;
        sb_explain_para(c->explain, p, "ADD", "prose kept by the last resort");
    }
}

static void set_field(char **field, char *value)
{
    if (!value)
        return;
    free(*field);
    *field = value;
}

int sb_story_extract(const sb_dom_input *in, const sb_meta *meta, sb_story *out)
{
    if (!out)
        return -1;
    if (!in || !in->doc || !in->doc->n_elems) {
        if (!out->text)
            out->text = sb_xstrdup("");
        return -1;
    }
    sb_story_ctx c;
    memset(&c, 0, sizeof c);
    c.in = in;
    c.doc = in->doc;
    c.explain = in->explain;
    sb_paras_build(&c);
    sb_noise_mark(&c);
    measure_caption_type(&c);

    /* The caller's metadata when it read it already (one pass per page). */
    sb_meta own_meta;
    if (!meta) {
        sb_meta_extract(in->doc, in->base_url, &own_meta);
        meta = &own_meta;
    }
    int headline_elem = -1;
    char *headline = sb_headline_choose(&c, meta, &headline_elem);
    c.headline_elem = headline_elem;
    if (c.explain)
        fprintf(c.explain, "headline e%d: %s\n", headline_elem, headline ? headline : "(none)");

    int *roots = NULL;
    size_t n_roots = 0;
    if (in->n_roots) {
        roots = sb_xmalloc(in->n_roots * sizeof *roots);
        for (size_t i = 0; i < in->n_roots; i++)
            if (in->roots[i] >= 0 && (size_t)in->roots[i] < in->doc->n_elems)
                roots[n_roots++] = in->roots[i];
    }
    if (!n_roots) {
        free(roots);
        n_roots = sb_choose_roots(&c, &roots);
    } else {
        sb_reconcile_roots(&c, &roots, &n_roots);
    }
    root_range *rr = sb_xmalloc(n_roots * sizeof *rr);
    for (size_t i = 0; i < n_roots; i++) {
        rr[i] = (root_range){roots[i], sb_subtree_end(&c, roots[i])};
        if (c.explain)
            fprintf(c.explain, "root e%d <%s> score %.1f\n", roots[i],
                    sb_tag_name(in->doc->elems[roots[i]]), c.info[roots[i]].score);
    }
    bool *keep = sb_xcalloc(c.n_paras ? c.n_paras : 1, sizeof *keep);
    size_t kept = judge_paras(&c, roots, rr, n_roots, headline, headline_elem, keep);
    /* Too little text under the chosen root (a widget outscored a story
     * made of short lines, lists or tables): judge the whole body instead,
     * as the LBNEST hybrid does when the region test fails. */
    if (!in->n_roots && kept < TOO_LITTLE_KEPT && c.body >= 0 && !(n_roots == 1 && roots[0] == c.body)) {
        if (c.explain)
            fprintf(c.explain, "root kept %zu bytes: falling back to <body>\n", kept);
        n_roots = 1;
        roots[0] = c.body;
        rr[0] = (root_range){c.body, sb_subtree_end(&c, c.body)};
        memset(keep, 0, (c.n_paras ? c.n_paras : 1) * sizeof *keep);
        kept = judge_paras(&c, roots, rr, n_roots, headline, headline_elem, keep);
    }
    if (!in->n_roots && kept < TOO_LITTLE_KEPT)
        keep_any_prose(&c, keep);

    long teaser = sb_teaser_find(&c, roots[0], headline);
    const char *teaser_text = teaser >= 0 ? c.paras[teaser].text : NULL;
    if (teaser >= 0 && c.explain)
        fprintf(c.explain, "teaser e%d: %s\n", c.paras[teaser].elem, teaser_text);
    /* A standfirst just above the region is part of the story as printed;
     * the caption of the picture above the story is not, though it speaks
     * of the headline's subject as a dek does (it stays a reference for
     * the sentences' similarity). */
    if (teaser >= 0 && !keep[teaser] && root_of(rr, n_roots, c.paras[teaser].elem) < 0 &&
        c.paras[teaser].elem < roots[0]) {
        const char *why = not_story_line(&c, &c.paras[teaser], -1, headline);
        if (why)
            sb_explain_para(c.explain, &c.paras[teaser], "SKIP", why);
        else
            keep[teaser] = true;
    }

    keep_header_zone(&c, headline_elem, headline, roots[0], keep);
    sb_keep_intro_by_layout(&c, headline_elem, headline, roots, n_roots, keep);
    if (!meta->byline || !meta->published) {
        char *name = NULL, *date = NULL;
        long from = headline_para(&c, headline_elem, headline, roots[0]);
        if (from >= 0)
            visible_credits(&c, from, &name, &date);
        if (!meta->byline && name)
            set_field(&out->byline, name);
        else
            free(name);
        if (!meta->published && date)
            set_field(&out->published, date);
        else
            free(date);
    }
    sb_trim_story_end(&c, headline_elem, headline, meta->byline ? meta->byline : out->byline,
                      keep);
    sb_drop_orphan_labels(&c, keep);
    sb_drop_citation_labels(&c, keep);
    free(out->standfirst);
    out->standfirst = take_standfirst(&c, rr, n_roots, headline_elem, keep);

    sb_textctx *tctx = NULL;
    sb_buf text = SB_BUF_INIT;
    /* Where each kept paragraph lies in `text`, for the structure. */
    size_t *seg_start = sb_xmalloc((c.n_paras ? c.n_paras : 1) * sizeof *seg_start);
    size_t *seg_end = sb_xmalloc((c.n_paras ? c.n_paras : 1) * sizeof *seg_end);
    for (size_t i = 0; i < c.n_paras; i++)
        seg_start[i] = seg_end[i] = SIZE_MAX;
    sb_buf_reserve(&text, 0);
    text.data[0] = '\0';
    if (in->similarity != SB_SIM_OFF && headline) {
        const char *lang = meta->language;
        if (!lang) {
            sb_buf sample = SB_BUF_INIT;
            for (size_t i = 0; i < c.n_paras && sample.len < 4000; i++)
                if (keep[i]) {
                    sb_buf_puts(&sample, c.paras[i].text);
                    sb_buf_putc(&sample, ' ');
                }
            lang = sample.data ? sb_lang_guess(sample.data, sample.len) : NULL;
            sb_buf_free(&sample);
        }
        tctx = sb_textctx_new(lang);
        /* What a sentence is compared with: the headline, the teaser, and
         * the page's own summary (its description is the teaser a
         * front page or a search result shows). */
        sb_simtext *refs[3];
        size_t n_refs = 0;
        refs[n_refs++] = sb_simtext_new(tctx, headline);
        if (teaser_text)
            refs[n_refs++] = sb_simtext_new(tctx, teaser_text);
        if (meta->description && *meta->description)
            refs[n_refs++] = sb_simtext_new(tctx, meta->description);
        if (in->similarity == SB_SIM_BLOCKS)
            add_related_blocks(&c, refs, n_refs, tctx, rr, n_roots, keep);
        filter_sentences(&c, refs, n_refs, tctx, keep, &text, seg_start, seg_end);
        for (size_t r = 0; r < n_refs; r++)
            sb_simtext_free(refs[r]);
    } else {
        for (size_t i = 0; i < c.n_paras; i++) {
            if (!keep[i])
                continue;
            if (text.len)
                sb_buf_puts(&text, "\n\n");
            seg_start[i] = text.len;
            sb_buf_append(&text, c.paras[i].text, c.paras[i].len);
            seg_end[i] = text.len;
        }
    }
    sb_textctx_free(tctx);

    flatten_line_breaks(text.data);
    sb_image *story_images = NULL;
    size_t n_story_images = 0;
    sb_image *img = sb_lead_image(&c, meta, roots, n_roots, headline_elem, headline, text.data,
                                  &story_images, &n_story_images);
    sb_story_images_clear(out);
    out->images = story_images;
    out->n_images = n_story_images;
    char **para_text = paragraph_texts(&c, text.data, seg_start, seg_end);
    if (img && img->caption) {
        drop_paragraph(text.data, img->caption);
        long moved = drop_paragraph_text(&c, para_text, img->caption);
        /* The paragraph was listed KEEP above: say where it went. */
        if (moved >= 0 && c.explain)
            sb_explain_para(c.explain, &c.paras[moved], "MOVED",
                            "out of text, the lead image's caption ");
    }
    sb_structure_free(out->structure);
    out->structure = sb_structure_build(&c, roots, n_roots, para_text,
                                        meta->base_href ? meta->base_href : in->base_url,
                                        out->images, out->n_images);
    for (size_t i = 0; i < c.n_paras; i++)
        free(para_text[i]);
    free(para_text);
    free(seg_start);
    free(seg_end);
    if (img) {
        sb_image_free(out->lead_image);
        out->lead_image = img;
    }
    set_field(&out->title, headline);
    free(out->text);
    out->text = sb_buf_steal(&text);

    free(keep);
    free(rr);
    free(roots);
    if (meta == &own_meta)
        sb_meta_free(&own_meta);
    sb_paras_free(&c);
    return 0;
}
