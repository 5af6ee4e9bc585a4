#include "layout/region/blocks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"

typedef struct {
    sb_rect rect;
    unsigned chars, link_chars;
    double text_area, link_area;
    int font_size;
    size_t first_run, end_run; /* runs [first_run, end_run) */
} line;

static int right(const sb_rect *r) { return r->x + r->w; }
static int bottom(const sb_rect *r) { return r->y + r->h; }

static void rect_union(sb_rect *a, const sb_rect *b)
{
    if (a->w == 0 && a->h == 0) {
        *a = *b;
        return;
    }
    int x0 = a->x < b->x ? a->x : b->x, y0 = a->y < b->y ? a->y : b->y;
    int x1 = right(a) > right(b) ? right(a) : right(b);
    int y1 = bottom(a) > bottom(b) ? bottom(a) : bottom(b);
    *a = (sb_rect){x0, y0, x1 - x0, y1 - y0};
}

static int overlap_1d(int a0, int a1, int b0, int b1)
{
    int lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
    return hi > lo ? hi - lo : 0;
}

static bool is_link_line(const line *l)
{
    return l->chars > 0 && l->link_chars * 2 > l->chars;
}

static bool similar_font(int a, int b)
{
    if (a <= 0 || b <= 0)
        return true;
    double r = (double)a / b;
    return r > 0.8 && r < 1.25;
}

/* A run continues the current line when it overlaps it vertically and starts
 * near its right end (words of one paragraph split across inline elements). */
static bool continues_line(const line *l, const sb_textrun *r)
{
    int v = overlap_1d(l->rect.y, bottom(&l->rect), r->rect.y, bottom(&r->rect));
    int minh = l->rect.h < r->rect.h ? l->rect.h : r->rect.h;
    if (minh <= 0 || v * 2 < minh)
        return false;
    int em = r->font_size > 0 ? r->font_size : 16;
    return r->rect.x >= l->rect.x - em && r->rect.x <= right(&l->rect) + 2 * em;
}

static size_t build_lines(const sb_boxtree *t, line **out)
{
    size_t n = 0, cap = 0;
    line *lines = NULL;
    for (size_t i = 0; i < t->n_runs; i++) {
        const sb_textrun *r = &t->runs[i];
        if (r->chars == 0 || r->rect.w <= 0 || r->rect.h <= 0)
            continue;
        line *cur = n ? &lines[n - 1] : NULL;
        if (!cur || cur->end_run != i || !continues_line(cur, r)) {
            if (n == cap) {
                cap = cap ? cap * 2 : 256;
                lines = sb_xrealloc(lines, cap * sizeof *lines);
            }
            cur = &lines[n++];
            *cur = (line){.rect = r->rect, .font_size = r->font_size, .first_run = i};
        } else {
            rect_union(&cur->rect, &r->rect);
        }
        cur->end_run = i + 1;
        double area = (double)r->rect.w * r->rect.h;
        cur->chars += r->chars;
        if (r->in_link) {
            cur->link_chars += r->chars;
            cur->link_area += area;
        } else {
            cur->text_area += area;
        }
    }
    *out = lines;
    return n;
}

static bool joins_block(const sb_vblock *b, const line *last, const line *l)
{
    if (is_link_line(last) != is_link_line(l))
        return false;
    if (!similar_font(b->font_size, l->font_size))
        return false;
    int em = l->font_size > 0 ? l->font_size : 16;
    int gap = l->rect.y - bottom(&last->rect);
    if (gap > SB_BLOCK_GAP_EM * em || gap < -em)
        return false;
    int ov = overlap_1d(b->rect.x, right(&b->rect), l->rect.x, right(&l->rect));
    int narrow = l->rect.w < b->rect.w ? l->rect.w : b->rect.w;
    return narrow > 0 && ov * 2 >= narrow;
}

/* Lowest common ancestor of two boxes, by walking up the deeper one. */
static int common_ancestor(const sb_boxtree *t, int a, int b)
{
    if (a < 0)
        return b;
    if (b < 0)
        return a;
    while (a != b && a >= 0 && b >= 0) {
        if (t->boxes[a].depth > t->boxes[b].depth)
            a = t->boxes[a].parent;
        else if (t->boxes[b].depth > t->boxes[a].depth)
            b = t->boxes[b].parent;
        else {
            a = t->boxes[a].parent;
            b = t->boxes[b].parent;
        }
    }
    return a == b ? a : -1;
}

sb_vblocks *sb_vblocks_build(const sb_boxtree *t)
{
    sb_vblocks *vb = sb_xcalloc(1, sizeof *vb);
    vb->block_of_run = sb_xmalloc((t->n_runs ? t->n_runs : 1) * sizeof *vb->block_of_run);
    for (size_t i = 0; i < t->n_runs; i++)
        vb->block_of_run[i] = -1;
    line *lines = NULL;
    size_t n_lines = build_lines(t, &lines);
    size_t cap = 0;
    /* Lines are in document order; a line may join any of the last few open
     * blocks (a sidebar interleaved in the source must not end the story's
     * block). */
    enum { LOOKBACK = 4 };
    const line *last_line[LOOKBACK] = {0};
    int open_block[LOOKBACK];
    for (int k = 0; k < LOOKBACK; k++)
        open_block[k] = -1;
    for (size_t i = 0; i < n_lines; i++) {
        /* Each line walks up the tree for its block's container: on a deep
         * tree with many lines this loop is the layout's slowest. */
        if ((i & (SB_LAYOUT_CLOCK_EVERY - 1)) == 0 && t->deadline_ms > 0 &&
            sb_clock_ms() > t->deadline_ms) {
            free(lines);
            sb_vblocks_free(vb);
            return NULL;
        }
        const line *l = &lines[i];
        int target = -1, slot = -1;
        for (int k = 0; k < LOOKBACK && target < 0; k++)
            if (open_block[k] >= 0 && joins_block(&vb->blocks[open_block[k]], last_line[k], l)) {
                target = open_block[k];
                slot = k;
            }
        if (target < 0) {
            if (vb->n == cap) {
                cap = cap ? cap * 2 : 64;
                vb->blocks = sb_xrealloc(vb->blocks, cap * sizeof *vb->blocks);
            }
            target = (int)vb->n++;
            vb->blocks[target] = (sb_vblock){.font_size = l->font_size, .container = -1};
            /* The new block takes the slot of the oldest open block. */
            for (int k = LOOKBACK - 1; k > 0; k--) {
                open_block[k] = open_block[k - 1];
                last_line[k] = last_line[k - 1];
            }
            slot = 0;
        }
        sb_vblock *b = &vb->blocks[target];
        rect_union(&b->rect, &l->rect);
        b->chars += l->chars;
        b->link_chars += l->link_chars;
        b->text_area += l->text_area;
        b->link_area += l->link_area;
        b->n_lines++;
        for (size_t r = l->first_run; r < l->end_run; r++) {
            vb->block_of_run[r] = target;
            b->container = common_ancestor(t, b->container, t->runs[r].box);
        }
        open_block[slot] = target;
        last_line[slot] = l;
    }
    free(lines);
    return vb;
}

void sb_vblocks_free(sb_vblocks *vb)
{
    if (!vb)
        return;
    free(vb->blocks);
    free(vb->block_of_run);
    free(vb);
}

static bool qualifies(const sb_vblock *b, int viewport_width)
{
    double d = hypot(b->rect.x, b->rect.y);
    return b->text_area > 0 && d >= SB_REGION_MIN_OFFSET * viewport_width;
}

/* A block of running text: enough characters outside links, at most half
 * in links. */
static bool running_text(const sb_vblock *b)
{
    return b->chars - b->link_chars >= SB_REGION_MIN_BLOCK_PROSE && b->link_chars * 2 <= b->chars;
}

/* The first_screen signal: the block starts within the first screen. */
static bool in_first_screen(const sb_vblock *b)
{
    return b->rect.y < SB_FIRST_SCREEN_PX;
}

static bool is_page_level(const sb_box *b)
{
    return !b->tag || strcmp(b->tag, "body") == 0 || strcmp(b->tag, "html") == 0;
}

/* The block's container is often one paragraph or one section of the story:
 * subheadings, figures and ads cut the story into several blocks.  Climb to
 * the element that holds the story column: up while the parent is no wider
 * than the block's column (a wider parent takes in a sidebar), is mostly
 * running text rather than links (a parent holding menus and link lists is
 * page furniture), and is not the page itself or above an <article>. */
static int story_container(const sb_boxtree *t, const sb_vblock *blk)
{
    int c = blk->container;
    while (c >= 0 && t->boxes[c].elem < 0)
        c = t->boxes[c].parent;
    if (c < 0)
        return c;
    int em = blk->font_size > 0 ? blk->font_size : 16;
    for (;;) {
        /* An <article> is the page's own word for one story's bounds;
         * above it sit the next story, teasers and comments. */
        if (t->boxes[c].tag && strcmp(t->boxes[c].tag, "article") == 0)
            break;
        int p = t->boxes[c].parent;
        while (p >= 0 && t->boxes[p].elem < 0)
            p = t->boxes[p].parent;
        if (p < 0)
            break;
        const sb_box *pb = &t->boxes[p];
        if (is_page_level(pb))
            break;
        if (pb->rect.w > blk->rect.w * SB_REGION_COLUMN_SLACK + 2 * em)
            break;
        if (pb->text_chars && pb->link_chars > SB_REGION_MAX_LINK_SHARE * pb->text_chars)
            break;
        c = p;
    }
    return c;
}

static bool in_story_column(const sb_box *x, const sb_vblock *blk)
{
    int ov = overlap_1d(x->rect.x, right(&x->rect), blk->rect.x, right(&blk->rect));
    int narrow = x->rect.w < blk->rect.w ? x->rect.w : blk->rect.w;
    return narrow > 0 && ov * 2 >= narrow;
}

static bool mostly_links(const sb_box *x)
{
    return x->text_chars && x->link_chars > SB_REGION_MAX_LINK_SHARE * x->text_chars;
}

/* Where the climb stopped below the page level or a wide wrapper, the story
 * may go on in the container's siblings: paragraphs straight under <body>,
 * sections cut by subheadings.  Take the run of siblings around the
 * container that sit in the same column without a large vertical gap and
 * are not link lists; they become further roots, in document order. */
static void add_column_siblings(const sb_boxtree *t, const sb_vblock *blk, int c,
                                sb_region *out)
{
    int parent = t->boxes[c].parent;
    size_t n_kids = 0;
    for (int k = parent >= 0 ? t->boxes[parent].first_child : -1; k >= 0;
         k = t->boxes[k].next_sibling)
        n_kids++;
    int *kids = sb_xmalloc((n_kids ? n_kids : 1) * sizeof *kids);
    size_t at = 0, pos = 0;
    bool found = false;
    for (int k = parent >= 0 ? t->boxes[parent].first_child : -1; k >= 0;
         k = t->boxes[k].next_sibling) {
        if (k == c) {
            pos = at;
            found = true;
        }
        kids[at++] = k;
    }
    if (!found) { /* the root, or a tree without sibling links */
        kids[0] = c;
        n_kids = 1;
        pos = 0;
    }
    int em = blk->font_size > 0 ? blk->font_size : 16;
    int max_gap = (int)(SB_REGION_SIBLING_GAP_EM * em);
    size_t lo = pos, hi = pos;
    int top = t->boxes[c].rect.y, bot = bottom(&t->boxes[c].rect);
    /* Empty boxes (no text, no image) are skipped over, not stopped at. */
    for (size_t i = pos; i-- > 0;) {
        const sb_box *x = &t->boxes[kids[i]];
        if (x->text_chars == 0) {
            /* Figures and spacers between paragraphs close the gap. */
            if (in_story_column(x, blk) && bottom(&x->rect) >= top - max_gap && x->rect.y < top)
                top = x->rect.y;
            continue;
        }
        if (!in_story_column(x, blk) || mostly_links(x) || bottom(&x->rect) < top - max_gap ||
            x->elem < 0)
            break;
        lo = i;
        if (x->rect.y < top)
            top = x->rect.y;
    }
    for (size_t i = pos + 1; i < n_kids; i++) {
        const sb_box *x = &t->boxes[kids[i]];
        if (x->text_chars == 0) {
            if (in_story_column(x, blk) && x->rect.y <= bot + max_gap && bottom(&x->rect) > bot)
                bot = bottom(&x->rect);
            continue;
        }
        if (!in_story_column(x, blk) || mostly_links(x) || x->rect.y > bot + max_gap ||
            x->elem < 0)
            break;
        hi = i;
        if (bottom(&x->rect) > bot)
            bot = bottom(&x->rect);
    }
    out->roots = sb_xmalloc((hi - lo + 1) * sizeof *out->roots);
    for (size_t i = lo; i <= hi; i++) {
        const sb_box *x = &t->boxes[kids[i]];
        /* Image-only siblings stay in: the lead image may be one. */
        if (x->elem >= 0 && (x->text_chars || x->is_image || x->rect.h > 0))
            out->roots[out->n_roots++] = x->elem;
    }
    free(kids);
}

/* Text outside links under the region's roots: what the DOM step would
 * receive from this block. */
static unsigned long column_prose(const sb_boxtree *t, const sb_region *r)
{
    unsigned long sum = 0;
    for (size_t i = 0; i < r->n_roots; i++) {
        const sb_box *rb = sb_boxtree_box_of(t, r->roots[i]);
        if (rb)
            sum += rb->text_chars - (rb->link_chars < rb->text_chars ? rb->link_chars : rb->text_chars);
    }
    return sum;
}

/* The roots block `b` brings along: its story container and the column
 * siblings around it. */
static void block_roots(const sb_boxtree *t, const sb_vblock *b, sb_region *out)
{
    int c = story_container(t, b);
    if (c >= 0)
        add_column_siblings(t, b, c, out);
}

bool sb_region_find(const sb_boxtree *t, const sb_vblocks *vb, int viewport_width,
                    const sb_region_signals *sig, sb_region *out, FILE *explain)
{
    *out = (sb_region){.block = -1};
    if (viewport_width <= 0)
        viewport_width = SB_DEFAULT_WIDTH;
    static const sb_region_signals defaults = SB_REGION_SIGNALS_DEFAULT;
    if (!sig)
        sig = &defaults;
    bool by_column = sig->column_score;
    unsigned long *col = by_column ? sb_xcalloc(vb->n ? vb->n : 1, sizeof *col) : NULL;
    /* With first_screen, whether any block of running text starts in the
     * first screen (then only those compete). */
    bool screen_only = false;
    for (size_t i = 0; i < vb->n && sig->first_screen && !screen_only; i++)
        screen_only = qualifies(&vb->blocks[i], viewport_width) && running_text(&vb->blocks[i]) &&
                      in_first_screen(&vb->blocks[i]);
    double largest = 0; /* text area of the largest competing block */
    for (size_t i = 0; i < vb->n; i++)
        if (qualifies(&vb->blocks[i], viewport_width) &&
            (!screen_only || in_first_screen(&vb->blocks[i])) &&
            vb->blocks[i].text_area > largest)
            largest = vb->blocks[i].text_area;
    for (size_t i = 0; i < vb->n; i++) {
        const sb_vblock *b = &vb->blocks[i];
        if (!qualifies(b, viewport_width) || (screen_only && !in_first_screen(b)))
            continue;
        /* Only a block of running text close to the largest in size
         * speaks for its column: a label, a breadcrumb line or a small
         * teaser beside a long column would otherwise claim it. */
        if (col && running_text(b) && b->text_area >= SB_REGION_COLUMN_MIN_SHARE * largest) {
            sb_region tmp = {.block = (int)i};
            block_roots(t, b, &tmp);
            col[i] = column_prose(t, &tmp);
            sb_region_free(&tmp);
        }
        if (out->block < 0) {
            out->block = (int)i;
            continue;
        }
        const sb_vblock *best = &vb->blocks[out->block];
        bool better = col ? col[i] > col[out->block] ||
                                (col[i] == col[out->block] && b->text_area > best->text_area)
                          : b->text_area > best->text_area;
        if (better)
            out->block = (int)i;
    }
    if (explain) {
        fprintf(explain, "blocks: %zu (region rule: %s, top-left >= %.0f px from origin)\n",
                vb->n,
                by_column ? "most non-link text in the block's story column [region_column=1], "
                            "then largest non-link text area"
                          : "largest non-link text area",
                SB_REGION_MIN_OFFSET * viewport_width);
        if (screen_only)
            fprintf(explain,
                    "only blocks starting in the first screen (top < %d px) compete "
                    "[visual_first_screen=1]\n",
                    SB_FIRST_SCREEN_PX);
        /* The ten largest, so the choice can be checked by eye. */
        size_t shown = 0;
        bool *done = sb_xcalloc(vb->n ? vb->n : 1, sizeof *done);
        bool chosen_shown = out->block < 0;
        while (shown < vb->n && (shown < 10 || !chosen_shown)) {
            int best = -1;
            for (size_t i = 0; i < vb->n; i++)
                if (!done[i] && (best < 0 || vb->blocks[i].text_area > vb->blocks[best].text_area))
                    best = (int)i;
            done[best] = true;
            /* Past the ten largest, only the chosen block is shown. */
            if (shown >= 10 && best != out->block) {
                shown++;
                continue;
            }
            chosen_shown = chosen_shown || best == out->block;
            const sb_vblock *b = &vb->blocks[best];
            fprintf(explain, "  %s block %d at (%d,%d) %dx%d text-area %.0f chars %u links %u lines %zu",
                    best == out->block ? "*" : " ", best, b->rect.x, b->rect.y, b->rect.w,
                    b->rect.h, b->text_area, b->chars, b->link_chars, b->n_lines);
            if (col && qualifies(b, viewport_width))
                fprintf(explain, " column-text %lu", col[best]);
            fprintf(explain, "%s\n",
                    !qualifies(b, viewport_width)
                        ? b->text_area > 0 ? " (too close to origin)" : " (no text outside links)"
                    : screen_only && !in_first_screen(b) ? " (below the first screen)"
                                                         : "");
            shown++;
        }
        free(done);
    }
    free(col);
    if (out->block < 0)
        return false;
    const sb_vblock *b = &vb->blocks[out->block];
    out->rect = b->rect;
    out->column = b->rect;
    /* The DOM step runs on the block's container: the smallest element that
     * holds all of its text, so paragraphs that an inline ad or figure cut
     * off from the block still come along and are judged there. */
    block_roots(t, b, out);
    /* Report the area the DOM step searches: the block grown to its roots. */
    for (size_t i = 0; i < out->n_roots; i++) {
        const sb_box *rb = sb_boxtree_box_of(t, out->roots[i]);
        if (rb && rb->rect.w > 0 && rb->rect.h > 0)
            rect_union(&out->rect, &rb->rect);
    }
    return true;
}

void sb_region_free(sb_region *r)
{
    free(r->roots);
    r->roots = NULL;
    r->n_roots = 0;
}
