#include "layout/boxtree/boxtree_json.h"

#include <stdlib.h>

static const char *bool_str(bool b)
{
    return b ? "true" : "false";
}

char *sb_boxtree_to_json(const sb_boxtree *t, const sb_doc *doc)
{
    sb_buf b = SB_BUF_INIT;
    if (!t) {
        sb_buf_puts(&b, "null");
        return sb_buf_steal(&b);
    }
    sb_buf_printf(&b, "{\"width\":%d,\"height\":%d,\"boxes\":[", t->page_width, t->page_height);
    for (size_t i = 0; i < t->n_boxes; i++) {
        const sb_box *x = &t->boxes[i];
        sb_buf_printf(&b, "%s\n{\"i\":%zu,\"id\":%d,\"tag\":", i ? "," : "", i, x->elem);
        sb_buf_json_string(&b, x->tag ? x->tag : "");
        sb_buf_printf(&b,
                      ",\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d,\"text\":%u,\"links\":%u,\"own\":%u,"
                      "\"font_size\":%d,\"font_weight\":%d,\"image\":%s,\"inline\":%s,"
                      "\"fixed\":%s,\"parent\":%d,\"depth\":%d",
                      x->rect.x, x->rect.y, x->rect.w, x->rect.h, x->text_chars, x->link_chars,
                      x->own_chars, x->font_size, x->font_weight, bool_str(x->is_image),
                      bool_str(x->is_inline), bool_str(x->is_fixed), x->parent, x->depth);
        if (x->bg_color)
            sb_buf_printf(&b, ",\"bg\":\"#%08x\"", x->bg_color);
        if (x->border_sides)
            sb_buf_printf(&b, ",\"borders\":%u", (unsigned)x->border_sides);
        if (doc && x->elem >= 0 && (size_t)x->elem < doc->n_elems) {
            const GumboNode *n = doc->elems[x->elem];
            const char *id = sb_attr(n, "id"), *cls = sb_attr(n, "class");
            if (id) {
                sb_buf_puts(&b, ",\"attr_id\":");
                sb_buf_json_string(&b, id);
            }
            if (cls) {
                sb_buf_puts(&b, ",\"class\":");
                sb_buf_json_string(&b, cls);
            }
        }
        sb_buf_putc(&b, '}');
    }
    sb_buf_puts(&b, "],\"runs\":[");
    for (size_t i = 0; i < t->n_runs; i++) {
        const sb_textrun *r = &t->runs[i];
        sb_buf_printf(&b, "%s\n{\"box\":%d,\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d,\"chars\":%u,\"link\":%s}",
                      i ? "," : "", r->box, r->rect.x, r->rect.y, r->rect.w, r->rect.h, r->chars,
                      bool_str(r->in_link));
    }
    sb_buf_puts(&b, "]}\n");
    return sb_buf_steal(&b);
}
