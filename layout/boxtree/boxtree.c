/* boxtree.c: the box tree of layout/boxtree.h, built from the flat node
 * list of render/render.h.
 *
 * Every rendered element node becomes a box (text nodes do not: they are
 * summed into their boxes' character counts and merged into text runs). */
#include "layout/boxtree/boxtree.h"
#include "dom/base/fileio.h"
#include "dom/base/strbuf.h"
#include "render/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Two words belong to one run when they sit on the same line: same top
 * within half a line (baseline shifts of sub/sup stay on the line) and the
 * second starts right of the first. */
static bool same_line(const sb_textrun *run, const sb_rnode *w)
{
    int dy = w->y - run->rect.y;
    if (dy < 0)
        dy = -dy;
    int half = (run->rect.h > w->h ? run->rect.h : w->h) / 2;
    return dy <= half && w->x >= run->rect.x;
}

/* Render coordinates lie within SB_COORD_LIMIT (render/render.h); the union
 * is computed in 64 bits and its size clamped, so growing a run over many
 * words cannot overflow. */
static void grow_rect(sb_rect *r, int x, int y, int w, int h)
{
    long long x0 = r->x < x ? r->x : x;
    long long y0 = r->y < y ? r->y : y;
    long long x1 = (long long)r->x + r->w > (long long)x + w ? (long long)r->x + r->w : (long long)x + w;
    long long y1 = (long long)r->y + r->h > (long long)y + h ? (long long)r->y + r->h : (long long)y + h;
    r->x = (int)x0;
    r->y = (int)y0;
    r->w = x1 - x0 > SB_COORD_LIMIT ? SB_COORD_LIMIT : (int)(x1 - x0);
    r->h = y1 - y0 > SB_COORD_LIMIT ? SB_COORD_LIMIT : (int)(y1 - y0);
}

/* Longest image label kept, bytes: a name, not a data: URI. */
#define IMAGE_LABEL_MAX 48

/* An image box's label: the file name of its src (no directories, query or
 * fragment), "data: URI", or what the element is when it has no src. */
static void append_image_label(sb_buf *b, const sb_doc *doc, const sb_rnode *n)
{
    const char *src = n->elem >= 0 ? sb_attr(doc->elems[n->elem], "src") : NULL;
    if (!src || !*src) {
        sb_buf_puts(b, strcmp(n->tag, "img") == 0 ? "img, no src"
                       : strcmp(n->tag, "svg") == 0 || strcmp(n->tag, "video") == 0 ||
                               strcmp(n->tag, "canvas") == 0
                           ? n->tag
                           : "background image");
        return;
    }
    if (strncmp(src, "data:", 5) == 0) {
        sb_buf_puts(b, "data: URI");
        return;
    }
    size_t end = strcspn(src, "?#");
    size_t start = end;
    while (start > 0 && src[start - 1] != '/')
        start--;
    if (start == end) /* ends with a slash: the whole path */
        start = 0;
    size_t len = end - start;
    if (len > IMAGE_LABEL_MAX) {
        len = IMAGE_LABEL_MAX;
        while (len > 0 && ((unsigned char)src[start + len] & 0xC0) == 0x80)
            len--; /* not inside a UTF-8 sequence */
    }
    for (size_t i = 0; i < len; i++) {
        char c = src[start + i];
        sb_buf_putc(b, (unsigned char)c < 0x20 ? ' ' : c);
    }
}

sb_boxtree *sb_boxtree_build(const sb_doc *doc, const sb_layout_opts *opts, char *err,
                             size_t errlen)
{
    return sb_boxtree_build_with_fonts(doc, opts, NULL, err, errlen);
}

sb_boxtree *sb_boxtree_build_with_fonts(const sb_doc *doc, const sb_layout_opts *opts,
                                        struct sb_fonts *fonts, char *err, size_t errlen)
{
    /* One budget for the render and the layout steps after it. */
    double start = sb_clock_ms();
    sb_render_opts ro = {0};
    if (opts) {
        ro.keep_text = opts->keep_text;
        ro.width = opts->width;
        ro.css_dir = opts->css_dir;
        ro.resource = opts->resource;
        ro.resource_ctx = opts->resource_ctx;
        ro.image_size = opts->image_size;
        ro.base_url = opts->base_url;
        ro.time_budget_ms = opts->time_budget_ms;
    }
    sb_render *r = sb_render_page(doc, &ro, fonts, err, errlen);
    if (!r)
        return NULL;
    if (!r->n_nodes || r->nodes[0].is_text) {
        if (err && errlen)
            snprintf(err, errlen, "render: nothing was rendered");
        sb_render_free(r);
        return NULL;
    }

    sb_boxtree *t = sb_xcalloc(1, sizeof *t);
    t->page_width = r->width;
    t->page_height = r->height;
    t->time_budget_ms = ro.time_budget_ms > 0 ? ro.time_budget_ms : SB_LAYOUT_BUDGET_MS;
    t->deadline_ms = start + t->time_budget_ms;
    t->n_elems = doc->n_elems;
    t->box_of_elem = sb_xmalloc((doc->n_elems + 1) * sizeof *t->box_of_elem);
    for (size_t i = 0; i < doc->n_elems; i++)
        t->box_of_elem[i] = -1;

    /* node index -> box index, for the parent links */
    int *box_of_node = sb_xmalloc(r->n_nodes * sizeof *box_of_node);
    int *last_child = NULL;
    size_t n_boxes = 0, n_words = 0;
    for (size_t i = 0; i < r->n_nodes; i++)
        if (r->nodes[i].is_text)
            n_words++;
        else
            n_boxes++;
    t->boxes = sb_xcalloc(n_boxes, sizeof *t->boxes);
    t->runs = sb_xcalloc(n_words + 1, sizeof *t->runs);
    last_child = sb_xmalloc(n_boxes * sizeof *last_child);
    bool keep = r->text != NULL;
    sb_buf text = SB_BUF_INIT;
    if (keep) {
        sb_buf_reserve(&text, r->text_len + n_words + 1);
        t->image_labels = sb_xcalloc(n_boxes + 1, sizeof *t->image_labels);
        t->n_fonts = r->n_fonts;
        t->fonts = sb_xcalloc(r->n_fonts + 1, sizeof *t->fonts);
        for (size_t i = 0; i < r->n_fonts; i++) {
            t->fonts[i].file = sb_xstrdup(r->fonts[i].file);
            t->fonts[i].index = r->fonts[i].index;
        }
    }

    for (size_t i = 0; i < r->n_nodes; i++) {
        /* The clock every few thousand nodes: cheap, and a render that
         * ended just inside its budget cannot overrun it here by much. */
        if ((i & (SB_LAYOUT_CLOCK_EVERY - 1)) == 0 && i > 0 && sb_clock_ms() > t->deadline_ms) {
            if (err && errlen)
                snprintf(err, errlen, "layout: time budget of %d ms exceeded building the box tree",
                         t->time_budget_ms);
            sb_buf_free(&text);
            free(last_child);
            free(box_of_node);
            sb_render_free(r);
            sb_boxtree_free(t);
            return NULL;
        }
        const sb_rnode *n = &r->nodes[i];
        box_of_node[i] = -1;
        int parent = n->parent >= 0 ? box_of_node[n->parent] : -1;
        if (n->is_text) {
            if (parent < 0)
                continue;
            sb_textrun *run = t->n_runs ? &t->runs[t->n_runs - 1] : NULL;
            /* Runs continue only over consecutive words of one element. */
            if (run && run->box == parent && i > 0 && r->nodes[i - 1].is_text &&
                r->nodes[i - 1].parent == n->parent && same_line(run, n) &&
                run->unseen == n->unseen) {
                /* a space where the line has a gap (words litehtml split
                 * without one, as in CJK text, are joined) */
                bool gap = (long long)n->x > (long long)run->rect.x + run->rect.w;
                grow_rect(&run->rect, n->x, n->y, n->w, n->h);
                run->chars += n->chars;
                if (keep) {
                    /* nothing else is appended between a run's words */
                    if (gap)
                        sb_buf_putc(&text, ' ');
                    sb_buf_append(&text, r->text + n->text_off, n->text_len);
                    run->text_len = (unsigned)(text.len - run->text_off);
                }
            } else {
                run = &t->runs[t->n_runs++];
                run->rect = (sb_rect){n->x, n->y, n->w, n->h};
                run->box = parent;
                run->chars = n->chars;
                run->in_link = n->in_link;
                run->unseen = n->unseen;
                run->font_size = n->font_size;
                run->font = -1;
                if (keep) {
                    run->text_off = (unsigned)text.len;
                    sb_buf_append(&text, r->text + n->text_off, n->text_len);
                    run->text_len = n->text_len;
                    run->font = n->font;
                }
            }
            t->boxes[parent].own_chars += n->chars;
            /* Ancestors get the counts in the pass below. */
            t->boxes[parent].text_chars += n->chars;
            if (n->unseen)
                t->boxes[parent].unseen_chars += n->chars;
            if (n->in_link)
                t->boxes[parent].link_chars += n->chars;
            continue;
        }
        if (i > 0 && parent < 0)
            continue; /* orphan (cannot happen with a well-formed render) */
        int b = (int)t->n_boxes++;
        box_of_node[i] = b;
        sb_box *box = &t->boxes[b];
        box->rect = (sb_rect){n->x, n->y, n->w, n->h};
        box->parent = parent;
        box->first_child = -1;
        box->next_sibling = -1;
        last_child[b] = -1;
        box->depth = parent >= 0 ? t->boxes[parent].depth + 1 : 0;
        box->elem = n->elem;
        box->tag = n->tag;
        box->font_size = n->font_size;
        box->font_weight = n->font_weight;
        box->is_image = n->is_image;
        box->is_inline = n->display == SB_RDISP_INLINE || n->display == SB_RDISP_INLINE_BLOCK;
        box->is_fixed = n->is_fixed;
        box->clipped = n->unseen;
        box->bg_color = n->bg_color;
        _Static_assert(SB_BOX_SIDE_TOP == SB_RSIDE_TOP && SB_BOX_SIDE_RIGHT == SB_RSIDE_RIGHT &&
                           SB_BOX_SIDE_BOTTOM == SB_RSIDE_BOTTOM &&
                           SB_BOX_SIDE_LEFT == SB_RSIDE_LEFT,
                       "the box tree copies the render's border sides");
        box->border_sides = n->border_sides;
        if (keep && n->is_image) {
            t->image_labels[b].off = (unsigned)text.len;
            append_image_label(&text, doc, n);
            t->image_labels[b].len = (unsigned)(text.len - t->image_labels[b].off);
        }
        if (parent >= 0) {
            if (last_child[parent] < 0)
                t->boxes[parent].first_child = b;
            else
                t->boxes[last_child[parent]].next_sibling = b;
            last_child[parent] = b;
        }
        if (n->elem >= 0 && (size_t)n->elem < doc->n_elems)
            t->box_of_elem[n->elem] = b;
    }
    /* Subtree sums: children come after their parents. */
    for (size_t b = t->n_boxes; b-- > 1;) {
        sb_box *box = &t->boxes[b];
        if (box->parent >= 0) {
            t->boxes[box->parent].text_chars += box->text_chars;
            t->boxes[box->parent].link_chars += box->link_chars;
            t->boxes[box->parent].unseen_chars += box->unseen_chars;
        }
    }
    if (keep) {
        t->text_len = text.len;
        t->text = text.data ? sb_buf_steal(&text) : sb_xstrdup("");
    }
    free(last_child);
    free(box_of_node);
    sb_render_free(r);
    return t;
}

void sb_boxtree_free(sb_boxtree *t)
{
    if (!t)
        return;
    free(t->boxes);
    free(t->runs);
    free(t->box_of_elem);
    for (size_t i = 0; i < t->n_fonts; i++)
        free(t->fonts[i].file);
    free(t->fonts);
    free(t->text);
    free(t->image_labels);
    free(t);
}

const sb_box *sb_boxtree_box_of(const sb_boxtree *t, int elem)
{
    if (!t || elem < 0 || (size_t)elem >= t->n_elems)
        return NULL;
    int b = t->box_of_elem[elem];
    return b >= 0 ? &t->boxes[b] : NULL;
}
