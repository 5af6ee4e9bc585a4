/* structure: the kinds of the kept paragraphs, their links, and where the
 * story's images sit among them (see structure.h).
 *
 * Everything is read off the paragraphs' owning elements and their
 * ancestors inside the story root: a list, quote, table or <pre> around the
 * root is page layout, not story structure.  Each pass is linear in the
 * document (per table: in its paragraphs), so hostile pages cost no more
 * than the extraction itself. */
#include "dom/story/structure.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/base/strbuf.h"
#include "dom/base/url.h"
#include "dom/story/image_rules.h"
#include "dom/story/story_parts.h"

/* A table is a data table (rendered as rows and cells) when it has at
 * least two rows and two columns, no table inside it, at most
 * TABLE_CELLS_MAX cells, and no cell holding more than TABLE_CELL_TEXT_MAX
 * bytes of kept text; otherwise it lays the page out and its paragraphs
 * stay paragraphs. */
#define TABLE_CELLS_MAX 5000
#define TABLE_CELL_TEXT_MAX 300

/* Link text is read at most this deep inside its <a>. */
#define LINK_TEXT_DEPTH_MAX 32

/* Verdicts cached per table element. */
enum { TABLE_UNJUDGED = 0, TABLE_DATA, TABLE_LAYOUT, TABLE_DONE };

bool sb_link_url_allowed(const char *url)
{
    if (!url || !*url)
        return false;
    for (const char *p = url; *p; p++) {
        if ((unsigned char)*p < 0x20 || *p == 0x7f)
            return false;
    }
    const char *colon = strchr(url, ':');
    size_t stop = strcspn(url, "/?#");
    if (!colon || (size_t)(colon - url) > stop)
        return true; /* relative: no scheme */
    size_t n = (size_t)(colon - url);
    return (n == 4 && strncasecmp(url, "http", 4) == 0) ||
           (n == 5 && strncasecmp(url, "https", 5) == 0);
}

void sb_structure_free(sb_structure *st)
{
    if (!st)
        return;
    for (size_t i = 0; i < st->n_blocks; i++) {
        sb_block *b = &st->blocks[i];
        free(b->text);
        for (size_t k = 0; k < b->n_links; k++)
            free(b->links[k].href);
        free(b->links);
        for (size_t k = 0; k < b->rows * b->cols; k++)
            free(b->cells[k]);
        free(b->cells);
    }
    free(st->blocks);
    free(st->image_before);
    free(st);
}

static int root_containing(const sb_story_ctx *c, const int *roots, size_t n_roots, int e)
{
    for (size_t i = 0; i < n_roots; i++)
        if (sb_elem_within(c, e, roots[i]))
            return roots[i];
    return -1;
}

/* What surrounds a paragraph's owner inside its root. */
typedef struct context {
    int li, list, list_depth; /* nearest <li>, its list, lists around it */
    bool ordered;
    int cell, table; /* nearest <td>/<th> and its table */
    int quote;       /* nearest <blockquote> */
    int pre;         /* nearest <pre> */
} context;

static void read_context(const sb_story_ctx *c, int e, int root, context *x)
{
    *x = (context){-1, -1, 0, false, -1, -1, -1, -1};
    if (root < 0)
        return;
    for (; e >= 0 && e != root; e = c->info[e].parent) {
        GumboTag t = sb_tag(c->doc->elems[e]);
        if (t == GUMBO_TAG_LI && x->li < 0) {
            x->li = e;
            int p = c->info[e].parent;
            if (p >= 0) {
                GumboTag pt = sb_tag(c->doc->elems[p]);
                x->list = p;
                x->ordered = pt == GUMBO_TAG_OL;
            }
        } else if ((t == GUMBO_TAG_UL || t == GUMBO_TAG_OL) && x->li >= 0) {
            x->list_depth++;
        } else if ((t == GUMBO_TAG_TD || t == GUMBO_TAG_TH) && x->cell < 0) {
            x->cell = e;
        } else if (t == GUMBO_TAG_TABLE && x->cell >= 0 && x->table < 0) {
            x->table = e;
        } else if (t == GUMBO_TAG_BLOCKQUOTE && x->quote < 0) {
            x->quote = e;
        } else if (t == GUMBO_TAG_PRE && x->pre < 0) {
            x->pre = e;
        }
    }
    if (x->li >= 0 && x->list_depth == 0)
        x->list_depth = 1;
}

/* Appends a node's text: raw (white space kept, for <pre>) or collapsed
 * into single spaces. */
static void node_text(const GumboNode *n, sb_buf *out, bool raw, int depth)
{
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_WHITESPACE ||
        n->type == GUMBO_NODE_CDATA) {
        const char *s = n->v.text.text;
        if (raw) {
            sb_buf_puts(out, s);
            return;
        }
        for (; *s; s++) {
            unsigned char ch = (unsigned char)*s;
            bool ws = ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f';
            if (ch == 0xC2 && (unsigned char)s[1] == 0xA0) {
                ws = true;
                s++;
            }
            if (!ws)
                sb_buf_putc(out, (char)ch);
            else if (out->len && out->data[out->len - 1] != ' ')
                sb_buf_putc(out, ' ');
        }
        return;
    }
    /* <audio> and <video> hold fallback content only (paragraphs.c). */
    if (n->type != GUMBO_NODE_ELEMENT || depth > LINK_TEXT_DEPTH_MAX ||
        sb_is_nontext_tag(n->v.element.tag) || n->v.element.tag == GUMBO_TAG_AUDIO ||
        n->v.element.tag == GUMBO_TAG_VIDEO)
        return;
    if (n->v.element.tag == GUMBO_TAG_BR) {
        sb_buf_putc(out, raw ? '\n' : ' ');
        return;
    }
    const GumboVector *kids = &n->v.element.children;
    for (unsigned i = 0; i < kids->length; i++)
        node_text(kids->data[i], out, raw, depth + 1);
}

/* The document's links, listed per owning block element. */
typedef struct link_index {
    int *head;   /* per element: first link it owns, -1 */
    int *next;   /* per link */
    char **text; /* collapsed, trimmed */
    char **href; /* resolved, allowed; NULL when refused */
    size_t n;
} link_index;

static void links_build(const sb_story_ctx *c, const char *base, link_index *li)
{
    size_t n_elems = c->doc->n_elems;
    memset(li, 0, sizeof *li);
    li->head = sb_xmalloc((n_elems ? n_elems : 1) * sizeof *li->head);
    int *tail = sb_xmalloc((n_elems ? n_elems : 1) * sizeof *tail);
    for (size_t i = 0; i < n_elems; i++)
        li->head[i] = tail[i] = -1;
    size_t cap = 0;
    for (size_t e = 0; e < n_elems; e++) {
        const GumboNode *n = c->doc->elems[e];
        const char *href = sb_tag(n) == GUMBO_TAG_A ? sb_attr(n, "href") : NULL;
        if (!href)
            continue;
        int owner = c->info[e].parent;
        while (owner >= 0 && !sb_is_block_tag(sb_tag(c->doc->elems[owner])))
            owner = c->info[owner].parent;
        if (owner < 0)
            continue;
        char *url = sb_url_resolve(base, href);
        if (!sb_link_url_allowed(url)) {
            free(url);
            continue;
        }
        sb_buf t = SB_BUF_INIT;
        node_text(n, &t, false, 0);
        while (t.len && t.data[t.len - 1] == ' ')
            t.data[--t.len] = '\0';
        if (!t.len) {
            sb_buf_free(&t);
            free(url);
            continue;
        }
        if (li->n == cap) {
            cap = cap ? cap * 2 : 32;
            li->next = sb_xrealloc(li->next, cap * sizeof *li->next);
            li->text = sb_xrealloc(li->text, cap * sizeof *li->text);
            li->href = sb_xrealloc(li->href, cap * sizeof *li->href);
        }
        int k = (int)li->n++;
        li->text[k] = t.data;
        li->href[k] = url;
        li->next[k] = -1;
        if (tail[owner] >= 0)
            li->next[tail[owner]] = k;
        else
            li->head[owner] = k;
        tail[owner] = k;
    }
    free(tail);
}

static void links_free(link_index *li)
{
    for (size_t k = 0; k < li->n; k++) {
        free(li->text[k]);
        free(li->href[k]);
    }
    free(li->text);
    free(li->href);
    free(li->next);
    free(li->head);
}

/* Finds the owner's link texts in the block's text, in order. */
static void attach_links(sb_block *b, const link_index *li, int owner)
{
    size_t cursor = 0, cap = 0;
    size_t len = strlen(b->text);
    for (int k = li->head[owner]; k >= 0; k = li->next[k]) {
        const char *at = strstr(b->text + cursor, li->text[k]);
        if (!at)
            continue;
        size_t start = (size_t)(at - b->text), end = start + strlen(li->text[k]);
        if (end > len)
            continue;
        if (b->n_links == cap) {
            cap = cap ? cap * 2 : 4;
            b->links = sb_xrealloc(b->links, cap * sizeof *b->links);
        }
        b->links[b->n_links++] = (sb_link){start, end, sb_xstrdup(li->href[k])};
        cursor = end;
    }
}

static sb_block *new_block(sb_structure *st, size_t *cap)
{
    if (st->n_blocks == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        st->blocks = sb_xrealloc(st->blocks, *cap * sizeof *st->blocks);
    }
    sb_block *b = &st->blocks[st->n_blocks++];
    memset(b, 0, sizeof *b);
    b->list = b->quote = b->elem = -1;
    return b;
}

/* The grid of a table from its rows and cells, with the kept text of each
 * cell (paragraphs from `from` on).  Returns false when the table is
 * layout rather than data (b is then left empty). */
static bool table_grid(const sb_story_ctx *c, int table, int root, char *const *para_text,
                       size_t from, sb_block *b)
{
    int end = sb_subtree_end(c, table);
    size_t span = (size_t)(end - table);
    int *cell_of = sb_xmalloc(span * sizeof *cell_of);
    size_t rows = 0, cols = 0, in_row = 0, n_cells = 0;
    bool ok = true, first_row_th = true;
    for (int e = table + 1; e < end && ok; e++) {
        GumboTag t = sb_tag(c->doc->elems[e]);
        cell_of[e - table] = -1;
        if (t == GUMBO_TAG_TABLE)
            ok = false;
        else if (t == GUMBO_TAG_TR) {
            rows++;
            in_row = 0;
        } else if (t == GUMBO_TAG_TD || t == GUMBO_TAG_TH) {
            if (!rows)
                rows = 1;
            if (rows == 1 && t != GUMBO_TAG_TH)
                first_row_th = false;
            cell_of[e - table] = (int)n_cells++;
            if (++in_row > cols)
                cols = in_row;
        }
    }
    ok = ok && rows >= 2 && cols >= 2 && rows * cols <= TABLE_CELLS_MAX;
    /* Cells by (row, column): the n-th cell element in document order. */
    size_t *row_of = NULL, *col_of = NULL;
    if (ok) {
        row_of = sb_xmalloc(n_cells * sizeof *row_of);
        col_of = sb_xmalloc(n_cells * sizeof *col_of);
        size_t r = 0, n_seen = 0;
        in_row = 0;
        bool seen_row = false;
        for (int e = table + 1; e < end; e++) {
            GumboTag t = sb_tag(c->doc->elems[e]);
            if (t == GUMBO_TAG_TR) {
                if (seen_row)
                    r++;
                seen_row = true;
                in_row = 0;
            } else if (t == GUMBO_TAG_TD || t == GUMBO_TAG_TH) {
                seen_row = true;
                row_of[n_seen] = r;
                col_of[n_seen++] = in_row++;
            }
        }
        b->rows = rows;
        b->cols = cols;
        b->cells = sb_xcalloc(rows * cols, sizeof *b->cells);
        sb_buf *texts = sb_xcalloc(rows * cols, sizeof *texts);
        /* Runs come in document order: the first one outside the table
         * (owned by an element after it, or by an ancestor's text after
         * it) ends the table's runs. */
        for (size_t i = from; i < c->n_paras && ok; i++) {
            int e = c->paras[i].elem;
            if (e < table || e >= end)
                break;
            if (e == table || !para_text[i])
                continue;
            context x;
            read_context(c, e, root, &x);
            if (x.table != table || x.cell < 0)
                continue;
            int k2 = cell_of[x.cell - table];
            if (k2 < 0 || row_of[k2] >= rows)
                continue;
            sb_buf *cell = &texts[row_of[k2] * cols + col_of[k2]];
            if (cell->len)
                sb_buf_putc(cell, ' ');
            sb_buf_puts(cell, para_text[i]);
            if (cell->len > TABLE_CELL_TEXT_MAX)
                ok = false;
        }
        for (size_t k = 0; k < rows * cols; k++) {
            b->cells[k] = texts[k].data ? sb_buf_steal(&texts[k]) : sb_xstrdup("");
            sb_buf_free(&texts[k]);
        }
        free(texts);
    }
    free(row_of);
    free(col_of);
    free(cell_of);
    if (!ok) {
        for (size_t k = 0; k < b->rows * b->cols; k++)
            free(b->cells[k]);
        free(b->cells);
        b->cells = NULL;
        b->rows = b->cols = 0;
        return false;
    }
    b->kind = SB_BLOCK_TABLE;
    b->header_row = first_row_th;
    return true;
}

/* An image's URLs as the page gives them, resolved, in the order they
 * are tried, each with its picture key (sb_picture_key).  Made once per
 * <img> and compared with every story image: on a page of hundreds of
 * <img> and up to PLACED_IMAGES_MAX story images, resolving and keying the
 * same URLs again for every pair was most of the structure's cost. */
#define IMG_URLS_MAX 7
typedef struct img_urls {
    size_t n;
    char *abs[IMG_URLS_MAX];
    char *key[IMG_URLS_MAX];
} img_urls;

static void img_urls_read(const GumboNode *img, const char *base, img_urls *u)
{
    static const char *const attrs[] = {"src",           "data-src", "data-original",
                                        "data-lazy-src", "data-url", NULL};
    u->n = 0;
    for (const char *const *a = attrs; *a; a++) {
        const char *v = sb_attr(img, *a);
        if (!v || !*v)
            continue;
        char *abs = sb_url_resolve(base, v);
        if (abs) {
            u->abs[u->n] = abs;
            u->key[u->n++] = sb_picture_key(abs);
        }
    }
    static const char *const sets[] = {"srcset", "data-srcset", NULL};
    for (const char *const *a = sets; *a; a++) {
        const char *v = sb_attr(img, *a);
        char *best = v ? sb_srcset_best(v) : NULL;
        char *abs = best ? sb_url_resolve(base, best) : NULL;
        free(best);
        if (abs) {
            u->abs[u->n] = abs;
            u->key[u->n++] = sb_picture_key(abs);
        }
    }
}

static void img_urls_free(img_urls *u)
{
    for (size_t i = 0; i < u->n; i++) {
        free(u->abs[i]);
        free(u->key[i]);
    }
    u->n = 0;
}

/* The image shows `url` (whose picture key is `key`) by one of its URLs. */
static bool img_shows(const img_urls *u, const char *url, const char *key)
{
    for (size_t i = 0; i < u->n; i++)
        if (sb_same_picture_keyed(u->abs[i], u->key[i], url, key))
            return true;
    return false;
}

/* Images considered for placing; more are listed in images[] only. */
#define PLACED_IMAGES_MAX 64

static void place_images(sb_structure *st, const sb_story_ctx *c, const int *roots, size_t n_roots,
                         const char *base, const sb_image *images, size_t n_images)
{
    st->n_images = n_images;
    st->image_before = sb_xmalloc((n_images ? n_images : 1) * sizeof *st->image_before);
    int *found = sb_xmalloc((n_images ? n_images : 1) * sizeof *found);
    bool *in_root = sb_xcalloc(n_images ? n_images : 1, sizeof *in_root);
    for (size_t k = 0; k < n_images; k++) {
        st->image_before[k] = -1;
        found[k] = -1;
    }
    size_t n_try = n_images < PLACED_IMAGES_MAX ? n_images : PLACED_IMAGES_MAX;
    char *keys[PLACED_IMAGES_MAX];
    for (size_t k = 0; k < n_try; k++)
        keys[k] = sb_picture_key(images[k].url);
    for (size_t e = 0; e < c->doc->n_elems && n_try; e++) {
        const GumboNode *n = c->doc->elems[e];
        if (sb_tag(n) != GUMBO_TAG_IMG)
            continue;
        bool inside = root_containing(c, roots, n_roots, (int)e) >= 0;
        img_urls u;
        bool read = false;
        for (size_t k = 0; k < n_try; k++) {
            if (in_root[k] || (found[k] >= 0 && !inside) || !images[k].url)
                continue;
            if (!read) {
                img_urls_read(n, base, &u);
                read = true;
            }
            if (img_shows(&u, images[k].url, keys[k])) {
                found[k] = (int)e;
                in_root[k] = inside;
            }
        }
        if (read)
            img_urls_free(&u);
    }
    for (size_t k = 0; k < n_try; k++)
        free(keys[k]);
    for (size_t k = 0; k < n_images; k++) {
        if (found[k] < 0)
            continue;
        size_t at = 0;
        while (at < st->n_blocks && st->blocks[at].elem < found[k])
            at++;
        st->image_before[k] = (long)at;
    }
    free(found);
    free(in_root);
}

sb_structure *sb_structure_build(const struct sb_story_ctx *c, const int *roots, size_t n_roots,
                                 char *const *para_text, const char *base, const sb_image *images,
                                 size_t n_images)
{
    sb_structure *st = sb_xcalloc(1, sizeof *st);
    size_t cap = 0;
    link_index li;
    links_build(c, base, &li);
    /* Per element: a table's verdict; for an <li>, whether a block of it
     * came already (the next one continues the item). */
    unsigned char *table_state = sb_xcalloc(c->doc->n_elems ? c->doc->n_elems : 1, 1);
    bool *item_seen = sb_xcalloc(c->doc->n_elems ? c->doc->n_elems : 1, sizeof *item_seen);
    int last_pre = -1;
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!para_text[i])
            continue;
        const sb_para *p = &c->paras[i];
        int root = root_containing(c, roots, n_roots, p->elem);
        context x;
        read_context(c, p->elem, root, &x);
        if (p->tag == GUMBO_TAG_PRE && x.pre < 0 && root >= 0 && p->elem != root)
            x.pre = p->elem;
        if (x.pre >= 0 && x.pre == last_pre)
            continue; /* the rest of a <pre> already taken whole */
        if (x.table >= 0) {
            unsigned char *state = &table_state[x.table];
            if (*state == TABLE_DONE)
                continue;
            if (*state == TABLE_UNJUDGED) {
                sb_block *b = new_block(st, &cap);
                if (table_grid(c, x.table, root, para_text, i, b)) {
                    b->elem = p->elem;
                    b->quote = x.quote;
                    *state = TABLE_DONE;
                    continue;
                }
                st->n_blocks--;
                *state = TABLE_LAYOUT;
            }
        }
        sb_block *b = new_block(st, &cap);
        b->elem = p->elem;
        b->quote = x.quote;
        bool heading =
            p->tag >= GUMBO_TAG_H1 && p->tag <= GUMBO_TAG_H6 && p->len < SB_HEADING_PROSE_MIN;
        if (x.pre >= 0) {
            b->kind = SB_BLOCK_PRE;
            sb_buf raw = SB_BUF_INIT;
            node_text(c->doc->elems[x.pre], &raw, true, 0);
            size_t start = 0;
            while (start < raw.len && raw.data[start] == '\n')
                start++;
            while (raw.len > start && strchr(" \t\r\n", raw.data[raw.len - 1]))
                raw.len--;
            b->text = raw.len > start ? sb_xstrndup(raw.data + start, raw.len - start)
                                      : sb_xstrdup(para_text[i]);
            sb_buf_free(&raw);
            last_pre = x.pre;
            continue;
        }
        b->text = sb_xstrdup(para_text[i]);
        if (heading) {
            b->kind = SB_BLOCK_HEADING;
            b->level = p->tag - GUMBO_TAG_H1 + 1;
        } else if (x.li >= 0) {
            b->kind = SB_BLOCK_LIST_ITEM;
            b->level = x.list_depth;
            b->ordered = x.ordered;
            b->list = x.list;
            b->continues = item_seen[x.li];
            item_seen[x.li] = true;
        }
        attach_links(b, &li, p->elem);
    }
    place_images(st, c, roots, n_roots, base, images, n_images);
    free(table_state);
    free(item_seen);
    links_free(&li);
    return st;
}
