#include "hybrid/methods/visual_boxes.h"

#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"

/* What lies behind a box that no ancestor paints: the page's white. */
#define PAGE_BACKGROUND 0xffffffffu
/* A background at least this opaque (alpha of 255) paints the box. */
#define PAINT_MIN_ALPHA 0x80u
/* ...and sets it apart when its colour differs from what lies behind by
 * at least this much (sum of the red, green and blue differences, 0..765):
 * #f2f2f2 on white is 39, a white box on #fcfcfc only 9, which no reader
 * sees as a box. */
#define PAINT_MIN_CONTRAST 24
#define ALL_SIDES (SB_BOX_SIDE_TOP | SB_BOX_SIDE_RIGHT | SB_BOX_SIDE_BOTTOM | SB_BOX_SIDE_LEFT)

static int channel_diff(unsigned a, unsigned b, int shift)
{
    int x = (int)((a >> shift) & 0xffu), y = (int)((b >> shift) & 0xffu);
    return x > y ? x - y : y - x;
}

static bool paints(unsigned bg)
{
    return (bg & 0xffu) >= PAINT_MIN_ALPHA;
}

/* Why the box looks apart from what lies behind it (`behind`, a colour),
 * into buf; false when it does not. */
static bool painted_apart(const sb_box *b, unsigned behind, char *buf, size_t n)
{
    if (paints(b->bg_color)) {
        int d = channel_diff(b->bg_color, behind, 24) + channel_diff(b->bg_color, behind, 16) +
                channel_diff(b->bg_color, behind, 8);
        if (d >= PAINT_MIN_CONTRAST) {
            snprintf(buf, n, "background #%06x on #%06x", b->bg_color >> 8, behind >> 8);
            return true;
        }
    }
    if ((b->border_sides & ALL_SIDES) == ALL_SIDES) {
        snprintf(buf, n, "framed by a border");
        return true;
    }
    return false;
}

static bool is_control(const sb_box *b)
{
    static const char *const tags[] = {"input", "button", "select", "textarea"};
    if (!b->tag || b->rect.w <= 0 || b->rect.h <= 0)
        return false;
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        if (b->tag[0] == tags[i][0] && strcmp(b->tag, tags[i]) == 0) /* most differ at once */
            return true;
    return false;
}

size_t sb_visual_boxes_mark(const sb_boxtree *t, const sb_visual_boxes *on, sb_elem_render *facts,
                            FILE *explain)
{
    if (!t || !on || !facts || !on->call_to_action || t->n_boxes == 0)
        return 0;
    size_t n = t->n_boxes, marked = 0;
    /* The first control each box holds (NULL: none), children before
     * their parents: boxes are in pre-order, a parent before its
     * children. */
    const char **control = sb_xcalloc(n, sizeof *control);
    for (size_t i = n; i-- > 0;) {
        const sb_box *b = &t->boxes[i];
        if (!control[i] && is_control(b))
            control[i] = b->tag;
        if (control[i] && b->parent >= 0 && (size_t)b->parent < i)
            control[b->parent] = control[i];
    }
    /* What lies behind each box, and whether an ancestor is marked. */
    unsigned *behind = sb_xcalloc(n, sizeof *behind);
    bool *under_mark = sb_xcalloc(n, sizeof *under_mark);
    for (size_t i = 0; i < n; i++) {
        const sb_box *b = &t->boxes[i];
        bool has_parent = b->parent >= 0 && (size_t)b->parent < i;
        const sb_box *p = has_parent ? &t->boxes[b->parent] : NULL;
        behind[i] = !p ? PAGE_BACKGROUND : paints(p->bg_color) ? p->bg_color : behind[b->parent];
        under_mark[i] = has_parent && under_mark[b->parent];
        if (under_mark[i] || !control[i] || b->elem < 0 || (size_t)b->elem >= t->n_elems ||
            b->is_inline || b->text_chars == 0 || b->text_chars > SB_CTA_MAX_CHARS || !b->tag ||
            is_control(b) || !strcmp(b->tag, "html") || !strcmp(b->tag, "body"))
            continue;
        char why[64];
        if (!painted_apart(b, behind[i], why, sizeof why))
            continue;
        facts[b->elem].set_apart =
            "in a box painted apart holding a form control: a call to action [visual_cta=1]";
        under_mark[i] = true;
        marked++;
        if (explain)
            fprintf(explain,
                    "visual_cta: e%d <%s> is %s, holds a <%s> and %u characters of text: a call to "
                    "action, not story\n",
                    b->elem, b->tag, why, control[i], b->text_chars);
    }
    free(under_mark);
    free(behind);
    free(control);
    return marked;
}
