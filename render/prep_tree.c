#include "render/prep_tree.h"

#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"

/* Nodes, vectors and strings live in blocks of this size (larger requests
 * get a block of their own), all freed by sb_ptree_free. */
#define ARENA_BLOCK (64u * 1024u)

typedef struct block {
    struct block *next;
    size_t used, cap;
    max_align_t data[];
} block;

typedef struct open_elem {
    GumboNode *node;
    size_t first; /* its children start here in kids */
} open_elem;

struct sb_ptree {
    block *blocks;
    GumboNode **kids; /* children of the open elements, not yet placed */
    size_t n_kids, cap_kids;
    open_elem *open;
    size_t n_open, cap_open;
    GumboNode *root;
    size_t bytes; /* sb_ptree_bytes */
    sb_buf text;  /* text for the open element, placed when the next element
                    starts or this one ends (so adjacent texts become one) */
};

static void *arena(sb_ptree *t, size_t n)
{
    n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
    block *b = t->blocks;
    if (!b || b->cap - b->used < n) {
        size_t cap = n > ARENA_BLOCK ? n : ARENA_BLOCK;
        b = sb_xmalloc(sizeof *b + cap);
        b->cap = cap;
        b->used = 0;
        /* a block made for one large request goes behind the current one,
         * whose free space stays usable */
        if (n > ARENA_BLOCK && t->blocks) {
            b->next = t->blocks->next;
            t->blocks->next = b;
        } else {
            b->next = t->blocks;
            t->blocks = b;
        }
    }
    void *p = (char *)b->data + b->used;
    b->used += n;
    return p;
}

static char *arena_str(sb_ptree *t, const char *s, size_t n)
{
    char *d = arena(t, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

sb_ptree *sb_ptree_new(void)
{
    return sb_xcalloc(1, sizeof(sb_ptree));
}

static void push_kid(sb_ptree *t, GumboNode *n)
{
    if (t->n_kids == t->cap_kids) {
        t->cap_kids = t->cap_kids ? t->cap_kids * 2 : 256;
        t->kids = sb_xrealloc(t->kids, t->cap_kids * sizeof *t->kids);
    }
    GumboNode *parent = t->n_open ? t->open[t->n_open - 1].node : NULL;
    n->parent = parent;
    n->index_within_parent = t->n_open ? t->n_kids - t->open[t->n_open - 1].first : 0;
    t->kids[t->n_kids++] = n;
}

static void place_text(sb_ptree *t)
{
    if (!t->text.len)
        return;
    GumboNode *node = arena(t, sizeof *node);
    memset(node, 0, sizeof *node);
    node->type = GUMBO_NODE_TEXT;
    node->v.text.text = arena_str(t, t->text.data, t->text.len);
    push_kid(t, node);
    t->bytes += t->text.len;
    sb_buf_clear(&t->text);
}

void sb_ptree_start(sb_ptree *t, GumboTag tag, GumboNamespaceEnum ns, const char *name,
                    const sb_ptree_attr *attrs, size_t n_attrs)
{
    place_text(t);
    GumboNode *n = arena(t, sizeof *n);
    memset(n, 0, sizeof *n);
    n->type = GUMBO_NODE_ELEMENT;
    GumboElement *e = &n->v.element;
    e->tag = tag;
    e->tag_namespace = ns;
    t->bytes += 2 * strlen(name) + 5; /* <name> and </name> */
    if (tag == GUMBO_TAG_UNKNOWN) {
        /* what the parser keeps: the start tag's text, "<name ...>" */
        size_t len = strlen(name);
        char *s = arena(t, len + 2);
        s[0] = '<';
        memcpy(s + 1, name, len);
        s[len + 1] = '>';
        e->original_tag.data = s;
        e->original_tag.length = len + 2;
    }
    if (n_attrs) {
        void **data = arena(t, n_attrs * sizeof *data);
        GumboAttribute *as = arena(t, n_attrs * sizeof *as);
        memset(as, 0, n_attrs * sizeof *as);
        for (size_t i = 0; i < n_attrs; i++) {
            as[i].attr_namespace = GUMBO_ATTR_NAMESPACE_NONE;
            size_t name_len = strlen(attrs[i].name); /* the copy's length too */
            as[i].name = arena_str(t, attrs[i].name, name_len);
            as[i].value = arena_str(t, attrs[i].value, attrs[i].value_len);
            data[i] = &as[i];
            t->bytes += name_len + attrs[i].value_len + 4; /*  name="value" */
        }
        e->attributes.data = data;
        e->attributes.length = e->attributes.capacity = (unsigned)n_attrs;
    }
    push_kid(t, n);
    if (t->n_open == 0)
        t->root = n;
    if (t->n_open == t->cap_open) {
        t->cap_open = t->cap_open ? t->cap_open * 2 : 64;
        t->open = sb_xrealloc(t->open, t->cap_open * sizeof *t->open);
    }
    t->open[t->n_open++] = (open_elem){n, t->n_kids};
}

void sb_ptree_end(sb_ptree *t)
{
    place_text(t);
    if (!t->n_open)
        return;
    open_elem o = t->open[--t->n_open];
    size_t n = t->n_kids - o.first;
    if (n) {
        void **data = arena(t, n * sizeof *data);
        memcpy(data, t->kids + o.first, n * sizeof *data);
        o.node->v.element.children.data = data;
        o.node->v.element.children.length = o.node->v.element.children.capacity = (unsigned)n;
    }
    t->n_kids = o.first;
}

/* prep writes a text a word and a space at a time: a short piece that fits
 * (what sb_buf_reserve would leave as it is: len + n + 1 <= cap) is copied
 * here byte by byte, without the calls; the same bytes, length and closing
 * NUL as sb_buf_append's.  Longer pieces, or a buffer that must grow, go to
 * sb_buf_append. */
#define PTREE_SHORT_TEXT 16
void sb_ptree_text(sb_ptree *t, const char *s, size_t n)
{
    sb_buf *b = &t->text;
    if (n <= PTREE_SHORT_TEXT && b->len + n + 1 <= b->cap) {
        char *d = b->data + b->len;
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
        b->len += n;
        d[n] = '\0';
        return;
    }
    if (n)
        sb_buf_append(b, s, n);
}

size_t sb_ptree_bytes(const sb_ptree *t)
{
    return t ? t->bytes : 0;
}

GumboNode *sb_ptree_root(const sb_ptree *t)
{
    return t ? t->root : NULL;
}

void sb_ptree_free(sb_ptree *t)
{
    if (!t)
        return;
    for (block *b = t->blocks; b;) {
        block *next = b->next;
        free(b);
        b = next;
    }
    free(t->kids);
    free(t->open);
    sb_buf_free(&t->text);
    free(t);
}
