/* meta: one pass over the document's elements collects <meta>, <link>,
 * <base>, <title>, JSON-LD scripts and microdata; the fields are then
 * chosen by fixed priority lists, each falling back to the next source.
 *
 * The lists follow what publishers actually fill in: schema.org JSON-LD
 * is the most deliberate statement of a story's metadata (it feeds search
 * engines), Open Graph comes next (it feeds social previews), and plain
 * HTML (<title>, <time>, byline classes) is the last resort. */
#include "dom/doc/meta.h"
#include "dom/base/date.h"
#include "dom/base/json.h"
#include "dom/base/url.h"
#include "dom/base/utf8.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Enough for any real page; bounds the work a hostile one can cause. */
#define MAX_LD_OBJECTS 4096
/* JSON-LD text parsed per page, all scripts together.  A parsed tree takes
 * up to 50 times its text (a node for every "0," of an array): 4 MB of it
 * took 230 MB, past the per-page budget (README: 256 MB), while the
 * corpora's largest page carries 52 KB of JSON-LD.  Scripts that would go
 * past the cap are skipped; smaller ones after them are still read. */
#define MAX_LD_BYTES ((size_t)1 << 20)
#define MAX_BYLINE_CANDIDATES 200
#define MAX_BYLINE_LEN 100
#define MAX_AUTHORS 16

typedef struct {
    char *key;          /* lower case */
    const char *value;  /* owned by the document */
} meta_kv;

typedef struct {
    const sb_json *obj;
    bool nested; /* reached through a property other than @graph/mainEntity */
} ld_object;

typedef struct {
    const sb_doc *doc;
    meta_kv *metas;
    size_t n_metas;
    sb_json **trees;
    size_t n_trees;
    ld_object *objs;
    size_t n_objs;
    size_t ld_bytes; /* JSON-LD text parsed so far (MAX_LD_BYTES) */
    const sb_json *article;   /* the story's JSON-LD object, or NULL */
    const sb_json *webpage;   /* a page-level object, for date fallbacks */
    const GumboNode *title_el, *base_el, *canonical_el, *image_src_el;
    const char *base;         /* effective base for resolving URLs */
} ctx;

/* ---- small string helpers ---------------------------------------------- */

static char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c + 32) : c;
}

static bool ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (lower(*a) != lower(*b))
            return false;
    return *a == *b;
}

static bool istarts(const char *s, const char *prefix)
{
    for (; *prefix; s++, prefix++)
        if (lower(*s) != lower(*prefix))
            return false;
    return true;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

static bool is_space_char(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f';
}

/* True when `word` occurs in s (case-insensitively) and is not the start
 * of a longer lower-case word: "post-author", "authorName", "bylines"
 * match "author"/"byline"; "authority" does not. */
static bool contains_word_prefix(const char *s, const char *word)
{
    size_t n = strlen(word);
    for (; *s; s++) {
        if (!istarts(s, word))
            continue;
        char next = s[n];
        if (!(next >= 'a' && next <= 'z') || (next == 's' && !(s[n + 1] >= 'a' && s[n + 1] <= 'z')))
            return true;
    }
    return false;
}

/* Case-insensitive substring search (ASCII). */
static bool icontains(const char *s, const char *needle)
{
    for (; *s; s++)
        if (istarts(s, needle))
            return true;
    return false;
}

/* True when the space-separated token list `list` contains `token`. */
static bool has_token(const char *list, const char *token)
{
    if (!list)
        return false;
    size_t n = strlen(token);
    const char *p = list;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f')
            p++;
        const char *start = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r' && *p != '\f')
            p++;
        if ((size_t)(p - start) == n) {
            bool same = true;
            for (size_t i = 0; i < n && same; i++)
                same = lower(start[i]) == lower(token[i]);
            if (same)
                return true;
        }
    }
    return false;
}

/* Collapsed, trimmed copy; NULL when nothing but whitespace remains.
 * Unicode spaces (NBSP above all) count as spaces. */
static char *clean(const char *s)
{
    if (!s)
        return NULL;
    sb_buf b = SB_BUF_INIT;
    sb_buf_append(&b, "", 0);
    size_t len = strlen(s);
    for (size_t i = 0; i < len;) {
        size_t n;
        int32_t cp = sb_utf8_decode(s + i, len - i, &n);
        if (cp > 0x7F && sb_is_space_cp((uint32_t)cp))
            sb_buf_putc(&b, ' ');
        else
            sb_buf_append(&b, s + i, n);
        i += n;
    }
    char *c = sb_text_trim(sb_buf_steal(&b));
    if (!*c) {
        free(c);
        return NULL;
    }
    return c;
}

/* JSON-LD text sometimes carries markup ("<p>Summary</p>"); keep the
 * text.  A '<' not followed by a letter, '/' or '!' is kept as text. */
static char *clean_markup(const char *s)
{
    if (!s)
        return NULL;
    sb_buf b = SB_BUF_INIT;
    sb_buf_append(&b, "", 0);
    for (const char *p = s; *p; p++) {
        char n = p[1];
        bool tag = *p == '<' && ((lower(n) >= 'a' && lower(n) <= 'z') || n == '/' || n == '!');
        const char *close = tag ? strchr(p, '>') : NULL;
        if (close) {
            sb_buf_putc(&b, ' ');
            p = close;
        } else {
            sb_buf_putc(&b, *p);
        }
    }
    char *out = clean(b.data);
    sb_buf_free(&b);
    return out;
}

static bool looks_like_url(const char *s)
{
    while (*s == ' ')
        s++;
    return istarts(s, "http://") || istarts(s, "https://") || istarts(s, "//") ||
           istarts(s, "www.");
}

/* ---- pass 1: collect -------------------------------------------------- */

static void add_meta(ctx *c, const char *key, size_t key_len, const char *value)
{
    if (c->n_metas % 64 == 0)
        c->metas = sb_xrealloc(c->metas, (c->n_metas + 64) * sizeof *c->metas);
    sb_buf k = SB_BUF_INIT;
    sb_buf_append(&k, "", 0);
    /* Dublin Core appears as "DC.creator", "dc:creator", "dcterm:created"
     * and "dcterms.created": one spelling, "dc." / "dcterms.", for all. */
    if (istarts(key, "dcterms:") || istarts(key, "dcterms.")) {
        sb_buf_puts(&k, "dcterms.");
        key += 8, key_len -= 8;
    } else if (istarts(key, "dcterm:") || istarts(key, "dcterm.")) {
        sb_buf_puts(&k, "dcterms.");
        key += 7, key_len -= 7;
    } else if (istarts(key, "dc:") || istarts(key, "dc.")) {
        sb_buf_puts(&k, "dc.");
        key += 3, key_len -= 3;
    }
    for (size_t i = 0; i < key_len; i++)
        sb_buf_putc(&k, lower(key[i]));
    c->metas[c->n_metas++] = (meta_kv){sb_buf_steal(&k), value};
}

/* Adds one entry per space-separated token of a key attribute
 * (property="dc:creator og:title" is allowed by RDFa). */
static void add_meta_tokens(ctx *c, const char *keys, const char *value)
{
    const char *p = keys;
    while (*p) {
        while (is_space_char(*p))
            p++;
        const char *start = p;
        while (*p && !is_space_char(*p))
            p++;
        if (p > start)
            add_meta(c, start, (size_t)(p - start), value);
    }
}

/* First non-empty content for any of the keys, in the order of `keys`
 * (so the list is a priority list, not a document-order race). */
static const char *meta_get(const ctx *c, const char *const *keys)
{
    for (; *keys; keys++)
        for (size_t i = 0; i < c->n_metas; i++) {
            if (strcmp(c->metas[i].key, *keys))
                continue;
            const char *v = c->metas[i].value;
            for (const char *p = v; *p; p++)
                if (!(*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f'))
                    return v;
        }
    return NULL;
}

/* Concatenated text children of one element (for <title> and <script>,
 * whose content gumbo keeps as raw text). */
static char *raw_text(const GumboNode *n)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_append(&b, "", 0);
    const GumboVector *kids = &n->v.element.children;
    for (unsigned i = 0; i < kids->length; i++) {
        const GumboNode *k = kids->data[i];
        if (k->type == GUMBO_NODE_TEXT || k->type == GUMBO_NODE_WHITESPACE ||
            k->type == GUMBO_NODE_CDATA)
            sb_buf_puts(&b, k->v.text.text);
    }
    return sb_buf_steal(&b);
}

static const char *const graph_keys[] = {"@graph", "mainEntity", NULL};

static bool is_graph_key(const char *k)
{
    for (const char *const *g = graph_keys; *g; g++)
        if (!strcmp(k, *g))
            return true;
    return false;
}

/* Records every object of a JSON-LD tree in document order.  Iterative:
 * the parser allows nesting 2000 deep. */
static void collect_ld_objects(ctx *c, const sb_json *root)
{
    size_t cap = 64, top = 0;
    ld_object *stack = sb_xmalloc(cap * sizeof *stack);
    stack[top++] = (ld_object){root, false};
    while (top && c->n_objs < MAX_LD_OBJECTS) {
        ld_object cur = stack[--top];
        sb_jtype t = sb_json_type(cur.obj);
        size_t n = sb_json_len(cur.obj);
        if (t == SB_JSON_OBJECT) {
            if (c->n_objs % 64 == 0)
                c->objs = sb_xrealloc(c->objs, (c->n_objs + 64) * sizeof *c->objs);
            c->objs[c->n_objs++] = cur;
        } else if (t != SB_JSON_ARRAY) {
            continue;
        }
        if (top + n > cap) {
            cap = (top + n) * 2;
            stack = sb_xrealloc(stack, cap * sizeof *stack);
        }
        /* Push in reverse so that children pop in source order. */
        for (size_t i = n; i-- > 0;) {
            const sb_json *v;
            bool nested = cur.nested;
            if (t == SB_JSON_OBJECT) {
                v = sb_json_value_at(cur.obj, i);
                nested = nested || !is_graph_key(sb_json_key_at(cur.obj, i));
            } else {
                v = sb_json_at(cur.obj, i);
            }
            sb_jtype vt = sb_json_type(v);
            if (vt == SB_JSON_OBJECT || vt == SB_JSON_ARRAY)
                stack[top++] = (ld_object){v, nested};
        }
    }
    free(stack);
}

/* Strips the wrappers CMSs put around script content so that old parsers
 * skip it: "<!-- ... -->", "<![CDATA[ ... ]]>", "//<![CDATA[ ... //]]>",
 * possibly nested. */
static void strip_script_wrappers(const char **start, const char **end)
{
    static const char *const openers[] = {"<!--", "<![CDATA[", "//<![CDATA[", "/*<![CDATA[*/",
                                          NULL};
    static const char *const closers[] = {"-->", "]]>", "//]]>", "/*]]>*/", NULL};
    const char *s = *start, *e = *end;
    for (bool changed = true; changed;) {
        changed = false;
        while (s < e && is_space_char(*s))
            s++;
        while (e > s && is_space_char(e[-1]))
            e--;
        for (const char *const *o = openers; *o; o++) {
            size_t n = strlen(*o);
            if ((size_t)(e - s) >= n && !strncmp(s, *o, n)) {
                s += n;
                changed = true;
            }
        }
        for (const char *const *c = closers; *c; c++) {
            size_t n = strlen(*c);
            if ((size_t)(e - s) >= n && !strncmp(e - n, *c, n)) {
                e -= n;
                changed = true;
            }
        }
    }
    *start = s;
    *end = e;
}

static void add_ld_script(ctx *c, const GumboNode *script)
{
    /* Past the object cap a tree would add nothing but its memory. */
    if (c->n_objs >= MAX_LD_OBJECTS)
        return;
    char *text = raw_text(script);
    const char *start = text, *end = text + strlen(text);
    strip_script_wrappers(&start, &end);
    size_t len = (size_t)(end - start);
    if (len > MAX_LD_BYTES - c->ld_bytes) {
        free(text);
        return;
    }
    c->ld_bytes += len;
    sb_json *tree = sb_json_parse(start, (size_t)(end - start), SB_JSON_DECODE_ENTITIES, NULL, 0);
    free(text);
    if (!tree)
        return;
    c->trees = sb_xrealloc(c->trees, (c->n_trees + 1) * sizeof *c->trees);
    c->trees[c->n_trees++] = tree;
    collect_ld_objects(c, tree);
}

static void collect(ctx *c)
{
    const sb_doc *d = c->doc;
    for (size_t i = 0; i < d->n_elems; i++) {
        const GumboNode *n = d->elems[i];
        if (n->v.element.tag_namespace != GUMBO_NAMESPACE_HTML)
            continue;
        switch (sb_tag(n)) {
        case GUMBO_TAG_META: {
            const char *content = sb_attr(n, "content");
            if (!content)
                break;
            static const char *const key_attrs[] = {"property", "name", "itemprop",
                                                    "http-equiv", NULL};
            for (const char *const *a = key_attrs; *a; a++) {
                const char *k = sb_attr(n, *a);
                if (k)
                    add_meta_tokens(c, k, content);
            }
            break;
        }
        case GUMBO_TAG_TITLE:
            if (!c->title_el)
                c->title_el = n;
            break;
        case GUMBO_TAG_BASE:
            if (!c->base_el && sb_attr(n, "href"))
                c->base_el = n;
            break;
        case GUMBO_TAG_LINK: {
            const char *rel = sb_attr(n, "rel");
            if (!sb_attr(n, "href"))
                break;
            if (!c->canonical_el && has_token(rel, "canonical"))
                c->canonical_el = n;
            if (!c->image_src_el && has_token(rel, "image_src"))
                c->image_src_el = n;
            break;
        }
        case GUMBO_TAG_SCRIPT: {
            const char *type = sb_attr(n, "type");
            if (type && icontains(type, "ld+json"))
                add_ld_script(c, n);
            break;
        }
        default:
            break;
        }
    }
}

/* ---- JSON-LD reading ------------------------------------------------- */

/* The @type names of an object without their vocabulary prefix. */
static bool has_type(const sb_json *obj, bool (*pred)(const char *))
{
    const sb_json *t = sb_json_get(obj, "@type");
    size_t n = sb_json_type(t) == SB_JSON_ARRAY ? sb_json_len(t) : 1;
    for (size_t i = 0; i < n; i++) {
        const char *s = sb_json_str(sb_json_type(t) == SB_JSON_ARRAY ? sb_json_at(t, i) : t);
        if (!s)
            continue;
        const char *slash = strrchr(s, '/');
        if (slash)
            s = slash + 1;
        if (pred(s))
            return true;
    }
    return false;
}

/* NewsArticle, BlogPosting, ReportageNews, LiveBlogPosting, Report...:
 * schema.org's CreativeWork kinds that are stories. */
static bool is_article_type(const char *t)
{
    return ends_with(t, "Article") || ends_with(t, "Posting") || !strcmp(t, "ReportageNews") ||
           !strcmp(t, "Report");
}

static bool is_webpage_type(const char *t)
{
    return ends_with(t, "Page") || !strcmp(t, "WebPage");
}

static bool is_website_type(const char *t)
{
    return !strcmp(t, "WebSite");
}

static const char *type_name(const sb_json *obj)
{
    const sb_json *t = sb_json_get(obj, "@type");
    if (sb_json_type(t) == SB_JSON_ARRAY) {
        for (size_t i = 0; i < sb_json_len(t); i++) {
            const char *s = sb_json_str(sb_json_at(t, i));
            if (s) {
                const char *slash = strrchr(s, '/');
                if (is_article_type(slash ? slash + 1 : s))
                    return slash ? slash + 1 : s;
            }
        }
        t = sb_json_at(t, 0);
    }
    const char *s = sb_json_str(t);
    if (s && strrchr(s, '/'))
        s = strrchr(s, '/') + 1;
    return s;
}

/* A bare {"@id": "..."} is a reference to a node elsewhere in the graph
 * (Yoast and other generators link author, publisher and image that way). */
static const sb_json *deref(const ctx *c, const sb_json *v)
{
    if (sb_json_type(v) != SB_JSON_OBJECT)
        return v;
    const char *id = sb_json_get_str(v, "@id");
    if (!id || sb_json_len(v) > 1)
        return v;
    for (size_t i = 0; i < c->n_objs; i++) {
        const sb_json *o = c->objs[i].obj;
        if (o != v && sb_json_len(o) > 1) {
            const char *oid = sb_json_get_str(o, "@id");
            if (oid && !strcmp(oid, id))
                return o;
        }
    }
    return v;
}

static void pick_ld_objects(ctx *c)
{
    for (size_t i = 0; i < c->n_objs; i++) {
        if (c->objs[i].nested)
            continue;
        const sb_json *o = c->objs[i].obj;
        if (!c->article && has_type(o, is_article_type))
            c->article = o;
        if (!c->webpage && has_type(o, is_webpage_type))
            c->webpage = o;
    }
}

static const char *ld_str(const ctx *c, const sb_json *obj, const char *key)
{
    const sb_json *v = deref(c, sb_json_get(obj, key));
    if (sb_json_type(v) == SB_JSON_ARRAY)
        v = deref(c, sb_json_at(v, 0));
    return sb_json_str(v);
}

/* The name of a Person/Organization given as a string, an object or a
 * reference. */
static const char *ld_name(const ctx *c, const sb_json *v)
{
    v = deref(c, v);
    if (sb_json_type(v) == SB_JSON_STRING)
        return sb_json_str(v);
    return sb_json_get_str(v, "name");
}

/* ---- authors --------------------------------------------------------- */

typedef struct {
    char *names[MAX_AUTHORS];
    size_t n;
} author_list;

static void author_add(author_list *a, const char *raw)
{
    if (!raw || looks_like_url(raw) || a->n == MAX_AUTHORS)
        return;
    char *plain = clean_markup(raw);
    char *name = sb_meta_clean_byline(plain);
    free(plain);
    if (!name)
        return;
    for (size_t i = 0; i < a->n; i++)
        if (ieq(a->names[i], name)) {
            free(name);
            return;
        }
    a->names[a->n++] = name;
}

static char *author_join(author_list *a)
{
    if (!a->n)
        return NULL;
    sb_buf b = SB_BUF_INIT;
    for (size_t i = 0; i < a->n; i++) {
        if (i)
            sb_buf_puts(&b, ", ");
        sb_buf_puts(&b, a->names[i]);
        free(a->names[i]);
    }
    a->n = 0;
    return sb_buf_steal(&b);
}

static char *ld_authors(const ctx *c, const sb_json *article)
{
    author_list a = {{0}, 0};
    const sb_json *v = deref(c, sb_json_get(article, "author"));
    if (!v)
        v = deref(c, sb_json_get(article, "creator"));
    if (sb_json_type(v) == SB_JSON_ARRAY) {
        for (size_t i = 0; i < sb_json_len(v) && i < 4 * MAX_AUTHORS; i++)
            author_add(&a, ld_name(c, sb_json_at(v, i)));
    } else {
        author_add(&a, ld_name(c, v));
    }
    return author_join(&a);
}

/* ---- DOM text --------------------------------------------------------- */

typedef struct {
    sb_buf *out;
    size_t max;
} bounded_text;

static bool inline_tag(GumboTag t)
{
    switch (t) {
    case GUMBO_TAG_A: case GUMBO_TAG_SPAN: case GUMBO_TAG_B: case GUMBO_TAG_I:
    case GUMBO_TAG_EM: case GUMBO_TAG_STRONG: case GUMBO_TAG_SMALL: case GUMBO_TAG_ABBR:
    case GUMBO_TAG_TIME: case GUMBO_TAG_FONT: case GUMBO_TAG_U: case GUMBO_TAG_SUP:
    case GUMBO_TAG_SUB: case GUMBO_TAG_CITE: case GUMBO_TAG_MARK:
        return true;
    default:
        return false;
    }
}

static bool bounded_visit(const GumboNode *n, int depth, void *vctx)
{
    (void)depth;
    bounded_text *bt = vctx;
    if (bt->out->len > bt->max)
        return false;
    if (n->type == GUMBO_NODE_TEXT || n->type == GUMBO_NODE_CDATA) {
        sb_buf_puts(bt->out, n->v.text.text);
        return false;
    }
    if (n->type == GUMBO_NODE_WHITESPACE) {
        sb_buf_putc(bt->out, ' ');
        return false;
    }
    if (!sb_is_element(n) || sb_is_nontext_tag(sb_tag(n)))
        return false;
    if (!inline_tag(sb_tag(n)))
        sb_buf_putc(bt->out, ' ');
    return true;
}

/* Visible text of an element, collapsed; NULL when empty or longer than
 * `max` bytes (a byline is short: a long text is a bio or a whole page). */
static char *short_text(const GumboNode *n, size_t max)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_append(&b, "", 0);
    bounded_text bt = {&b, max * 4};
    sb_walk(n, bounded_visit, &bt);
    char *s = sb_text_trim(sb_buf_steal(&b));
    if (!*s || strlen(s) > max) {
        free(s);
        return NULL;
    }
    return s;
}

typedef bool (*node_pred)(const GumboNode *n);

/* First element below n (within the next 200 in document order) that
 * satisfies pred. */
static const GumboNode *first_descendant(const ctx *c, const GumboNode *n, node_pred pred)
{
    int id = sb_doc_id(c->doc, n);
    if (id < 0)
        return NULL;
    /* Descendants follow the element in document order until the first
     * element that is not inside it. */
    for (size_t i = (size_t)id + 1; i < c->doc->n_elems && i < (size_t)id + 200; i++) {
        const GumboNode *e = c->doc->elems[i];
        const GumboNode *p = e->parent;
        while (p && p != n)
            p = p->parent;
        if (!p)
            break;
        if (pred(e))
            return e;
    }
    return NULL;
}

static bool is_itemprop_name(const GumboNode *n)
{
    return has_token(sb_attr(n, "itemprop"), "name");
}

/* class or id naming a byline or an author ("post-author", "authorName",
 * "byline"), not "authority". */
static bool has_byline_class(const GumboNode *n)
{
    static const char *const words[] = {"byline", "author", NULL};
    const char *cls = sb_attr(n, "class"), *id = sb_attr(n, "id");
    for (const char *const *w = words; *w; w++)
        if ((cls && contains_word_prefix(cls, *w)) || (id && contains_word_prefix(id, *w)))
            return true;
    return false;
}

/* A link to the author inside a byline block: its text is the name
 * without the job title or date around it. */
static bool is_author_link(const GumboNode *n)
{
    return sb_tag(n) == GUMBO_TAG_A && (has_byline_class(n) || has_token(sb_attr(n, "rel"), "author"));
}

/* The names of the author links inside a byline block, joined with ", "
 * ("By <a>Jane Doe</a> and <a>John Roe</a>"); NULL when there is none. */
static char *author_links_text(const ctx *c, const GumboNode *n)
{
    int id = sb_doc_id(c->doc, n);
    if (id < 0)
        return NULL;
    author_list a = {{0}, 0};
    for (size_t i = (size_t)id + 1; i < c->doc->n_elems && i < (size_t)id + 200; i++) {
        const GumboNode *e = c->doc->elems[i];
        const GumboNode *p = e->parent;
        while (p && p != n)
            p = p->parent;
        if (!p)
            break;
        if (is_author_link(e)) {
            char *t = short_text(e, MAX_BYLINE_LEN);
            author_add(&a, t);
            free(t);
        }
    }
    return author_join(&a);
}

/* Microdata nesting: itemprop=author > itemprop=name. */
static char *itemprop_name_text(const ctx *c, const GumboNode *n)
{
    const GumboNode *e = first_descendant(c, n, is_itemprop_name);
    if (!e)
        return NULL;
    const char *content = sb_attr(e, "content");
    return content ? clean(content) : short_text(e, MAX_BYLINE_LEN);
}

static bool inside_body(const ctx *c, const GumboNode *n)
{
    for (const GumboNode *p = n; p; p = p->parent)
        if (sb_tag(p) == GUMBO_TAG_BODY)
            return true;
    (void)c;
    return false;
}

/* A byline element often carries the date too ("Jane Doe March 5,
 * 2024"): keep the part before the date, or after it when the date comes
 * first. */
static void drop_date(char *text)
{
    size_t start, end;
    char *d = sb_date_find_span(text, &start, &end);
    if (!d)
        return;
    free(d);
    size_t lead = 0;
    while (lead < start && is_space_char(text[lead]))
        lead++;
    if (lead == start) {
        memmove(text, text + end, strlen(text + end) + 1);
        return;
    }
    /* "Last updated: March 5" is a label, not a name */
    while (start > 0 && is_space_char(text[start - 1]))
        start--;
    text[start > 0 && text[start - 1] == ':' ? 0 : start] = '\0';
}

/* Comment threads name their commenters with the same classes
 * ("comment-author"): such an element or a near ancestor says "comment". */
static bool in_comments(const GumboNode *n)
{
    int depth = 0;
    for (const GumboNode *p = n; p && depth < 64; p = p->parent, depth++) {
        /* <body class="comments-open"> says nothing about one element */
        if (!sb_is_element(p) || sb_tag(p) == GUMBO_TAG_BODY || sb_tag(p) == GUMBO_TAG_HTML)
            continue;
        const char *cls = sb_attr(p, "class"), *id = sb_attr(p, "id");
        if ((cls && icontains(cls, "comment")) || (id && icontains(id, "comment")) ||
            (cls && icontains(cls, "respond")) || (id && icontains(id, "respond")))
            return true;
    }
    return false;
}

/* Microdata, rel=author, then byline/author classes and ids. */
static char *dom_byline(const ctx *c)
{
    const sb_doc *d = c->doc;
    size_t tried = 0;
    for (int pass = 0; pass < 3; pass++) {
        for (size_t i = 0; i < d->n_elems && tried < MAX_BYLINE_CANDIDATES; i++) {
            const GumboNode *n = d->elems[i];
            GumboTag t = sb_tag(n);
            if (t == GUMBO_TAG_META || t == GUMBO_TAG_LINK || sb_is_nontext_tag(t) ||
                t == GUMBO_TAG_BODY || t == GUMBO_TAG_HTML || t == GUMBO_TAG_IMG)
                continue;
            char *text = NULL;
            if (pass == 0) {
                if (!has_token(sb_attr(n, "itemprop"), "author"))
                    continue;
                text = itemprop_name_text(c, n);
                if (!text)
                    text = short_text(n, MAX_BYLINE_LEN);
            } else if (pass == 1) {
                if (!has_token(sb_attr(n, "rel"), "author"))
                    continue;
                text = short_text(n, MAX_BYLINE_LEN);
            } else {
                bool hit = has_byline_class(n);
                if (!hit || !inside_body(c, n) || in_comments(n))
                    continue;
                text = author_links_text(c, n);
                if (!text)
                    text = short_text(n, MAX_BYLINE_LEN);
            }
            tried++;
            if (text)
                drop_date(text);
            char *name = text ? sb_meta_clean_byline(text) : NULL;
            free(text);
            if (name && !looks_like_url(name))
                return name;
            free(name);
        }
    }
    return NULL;
}

/* ---- field choices ----------------------------------------------------- */

static char *first_date(const char *const *candidates, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *d = candidates[i] ? sb_date_parse(candidates[i]) : NULL;
        if (d)
            return d;
    }
    return NULL;
}

static const char *const published_keys[] = {
    "article:published_time", "og:article:published_time", "og:published_time",
    "datepublished", "published_time", "article:published", "article.published",
    "pubdate", "publishdate", "publish-date", "publish_date", "published-date",
    "pub_date", "date", "dc.date.issued", "dc.date", "dc.date.created", "dcterms.issued",
    "dcterms.date", "dcterms.created", "sailthru.date", "parsely-pub-date",
    "citation_publication_date", "citation_date", "originalpublicationdate", NULL};

static const char *const modified_keys[] = {
    "article:modified_time", "og:article:modified_time", "og:updated_time",
    "datemodified", "modified_time", "article:modified", "dcterms.modified",
    "dc.date.modified", "last-modified", NULL};

/* itemprop=<prop> on a non-<meta> element: its content, datetime or
 * text. */
static const char *microdata_value(const ctx *c, const char *prop, char **owned)
{
    *owned = NULL;
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        const GumboNode *n = c->doc->elems[i];
        if (sb_tag(n) == GUMBO_TAG_META || !has_token(sb_attr(n, "itemprop"), prop))
            continue;
        const char *v = sb_attr(n, "content");
        if (!v)
            v = sb_attr(n, "datetime");
        if (v)
            return v;
        return *owned = short_text(n, 200);
    }
    return NULL;
}

static char *pick_published(const ctx *c)
{
    char *owned;
    const char *micro = microdata_value(c, "datePublished", &owned);
    const char *time_dt = NULL;
    for (size_t i = 0; i < c->doc->n_elems && !time_dt; i++) {
        const GumboNode *n = c->doc->elems[i];
        const char *dt = sb_tag(n) == GUMBO_TAG_TIME ? sb_attr(n, "datetime") : NULL;
        if (dt && inside_body(c, n))
            time_dt = dt;
    }
    const char *cands[] = {
        c->article ? ld_str(c, c->article, "datePublished") : NULL,
        meta_get(c, published_keys),
        micro,
        c->webpage ? ld_str(c, c->webpage, "datePublished") : NULL,
        c->article ? ld_str(c, c->article, "dateCreated") : NULL,
        time_dt,
    };
    char *d = first_date(cands, sizeof cands / sizeof cands[0]);
    free(owned);
    return d;
}

static char *pick_modified(const ctx *c)
{
    char *owned;
    const char *micro = microdata_value(c, "dateModified", &owned);
    const char *cands[] = {
        c->article ? ld_str(c, c->article, "dateModified") : NULL,
        meta_get(c, modified_keys),
        micro,
        c->webpage ? ld_str(c, c->webpage, "dateModified") : NULL,
    };
    char *d = first_date(cands, sizeof cands / sizeof cands[0]);
    free(owned);
    return d;
}

static char *pick_byline(const ctx *c)
{
    char *b = c->article ? ld_authors(c, c->article) : NULL;
    if (b)
        return b;
    static const char *const author_keys[] = {"dc.creator", "dcterms.creator", "author",
                                              "article:author", "parsely-author",
                                              "sailthru.author", "byl", NULL};
    /* Key by key, every value of the key (several <meta name=author> tags
     * name several authors); an article:author URL must not hide a plain
     * name further down the list. */
    for (const char *const *k = author_keys; *k; k++) {
        author_list a = {{0}, 0};
        for (size_t i = 0; i < c->n_metas; i++)
            if (!strcmp(c->metas[i].key, *k))
                author_add(&a, c->metas[i].value);
        if ((b = author_join(&a)))
            return b;
    }
    return dom_byline(c);
}

static char *pick_site_name(const ctx *c)
{
    static const char *const og[] = {"og:site_name", NULL};
    char *s = clean(meta_get(c, og));
    if (s)
        return s;
    if (c->article && (s = clean_markup(ld_name(c, sb_json_get(c->article, "publisher")))))
        return s;
    for (size_t i = 0; i < c->n_objs; i++)
        if (!c->objs[i].nested && has_type(c->objs[i].obj, is_website_type) &&
            (s = clean_markup(sb_json_get_str(c->objs[i].obj, "name"))))
            return s;
    static const char *const app[] = {"application-name", "apple-mobile-web-app-title", NULL};
    return clean(meta_get(c, app));
}

static char *pick_language(const ctx *c)
{
    const GumboNode *root = sb_doc_root(c->doc);
    const char *cands[6] = {
        root ? sb_attr(root, "lang") : NULL,
        root ? sb_attr(root, "xml:lang") : NULL,
    };
    static const char *const k1[] = {"content-language", "language", "dc.language",
                                     "dcterms.language", NULL};
    static const char *const k2[] = {"og:locale", NULL};
    cands[2] = meta_get(c, k1);
    cands[3] = meta_get(c, k2);
    cands[4] = c->article ? ld_str(c, c->article, "inLanguage") : NULL;
    for (size_t i = 0; i < 5; i++) {
        char *l = cands[i] ? sb_meta_language(cands[i]) : NULL;
        if (l)
            return l;
    }
    return NULL;
}

typedef struct {
    char **items;
    size_t n;
} url_list;

static void url_add(url_list *l, const char *base, const char *raw)
{
    if (!raw)
        return;
    char *u = sb_url_resolve(base, raw);
    if (!u || !*u || l->n >= 64) {
        free(u);
        return;
    }
    for (size_t i = 0; i < l->n; i++)
        if (!strcmp(l->items[i], u)) {
            free(u);
            return;
        }
    l->items = sb_xrealloc(l->items, (l->n + 1) * sizeof *l->items);
    l->items[l->n++] = u;
}

static void ld_images(const ctx *c, const sb_json *v, url_list *l)
{
    v = deref(c, v);
    size_t n = sb_json_type(v) == SB_JSON_ARRAY ? sb_json_len(v) : 1;
    for (size_t i = 0; i < n && i < 16; i++) {
        const sb_json *e = sb_json_type(v) == SB_JSON_ARRAY ? deref(c, sb_json_at(v, i)) : v;
        const char *u = sb_json_str(e);
        if (!u)
            u = sb_json_get_str(e, "url");
        if (!u)
            u = sb_json_get_str(e, "contentUrl");
        url_add(l, c->base, u);
    }
}

static void pick_images(const ctx *c, sb_meta *m)
{
    url_list l = {NULL, 0};
    static const char *const keys[] = {"og:image", "og:image:url", "og:image:secure_url",
                                       "twitter:image", "twitter:image:src", NULL};
    /* schema.org microdata <meta itemprop=image> ranks after the cards and
     * JSON-LD: it is as often a logo as the story's picture */
    static const char *const late_keys[] = {"image", NULL};
    for (const char *const *k = keys; *k; k++)
        for (size_t i = 0; i < c->n_metas; i++)
            if (!strcmp(c->metas[i].key, *k))
                url_add(&l, c->base, c->metas[i].value);
    if (c->article) {
        ld_images(c, sb_json_get(c->article, "image"), &l);
        ld_images(c, sb_json_get(c->article, "thumbnailUrl"), &l);
    }
    for (const char *const *k = late_keys; *k; k++)
        for (size_t i = 0; i < c->n_metas; i++)
            if (!strcmp(c->metas[i].key, *k))
                url_add(&l, c->base, c->metas[i].value);
    if (c->image_src_el)
        url_add(&l, c->base, sb_attr(c->image_src_el, "href"));
    m->images = l.items;
    m->n_images = l.n;
}

/* The article's headline, or its name when the page's <title> shows the
 * name and not the headline (some generators put a summary or a category
 * in "headline"). */
static char *pick_ld_headline(const ctx *c, const char *doc_title, const char *site_name)
{
    char *headline = clean_markup(ld_str(c, c->article, "headline"));
    char *name = clean_markup(ld_str(c, c->article, "name"));
    /* a name that is the site's own ("Example.com") is no title */
    if (name && site_name && icontains(site_name, name)) {
        free(name);
        name = NULL;
    }
    if (!headline || (name && doc_title && strcmp(headline, name) &&
                      icontains(doc_title, name) && !icontains(doc_title, headline))) {
        free(headline);
        return name;
    }
    free(name);
    return headline;
}

/* ---- public ------------------------------------------------------------ */

void sb_meta_extract(const sb_doc *doc, const char *base_url, sb_meta *m)
{
    memset(m, 0, sizeof *m);
    if (!doc)
        return;
    ctx c;
    memset(&c, 0, sizeof c);
    c.doc = doc;
    collect(&c);
    pick_ld_objects(&c);

    if (c.base_el)
        m->base_href = sb_url_resolve(base_url, sb_attr(c.base_el, "href"));
    if (m->base_href && !*m->base_href) {
        free(m->base_href);
        m->base_href = NULL;
    }
    c.base = m->base_href ? m->base_href : base_url;

    if (c.title_el) {
        char *t = raw_text(c.title_el);
        m->doc_title = clean(t);
        free(t);
    }
    static const char *const og_title[] = {"og:title", NULL};
    static const char *const tw_title[] = {"twitter:title", NULL};
    m->og_title = clean(meta_get(&c, og_title));
    m->twitter_title = clean(meta_get(&c, tw_title));
    m->site_name = pick_site_name(&c);
    if (c.article) {
        m->ld_headline = pick_ld_headline(&c, m->doc_title, m->site_name);
        m->ld_type = clean(type_name(c.article));
    }
    static const char *const dc_title[] = {"dc.title", "dcterms.title", NULL};
    static const char *const parsely_title[] = {"parsely-title", NULL};
    char *dc = clean(meta_get(&c, dc_title));
    char *parsely = clean(meta_get(&c, parsely_title));
    const char *title_order[] = {m->ld_headline,    dc,      m->og_title,
                                 m->twitter_title, parsely, m->doc_title};
    /* A "title" that is just the site's name says nothing about the story. */
    for (size_t i = 0; i < sizeof title_order / sizeof *title_order && !m->title; i++)
        if (title_order[i] && !(m->site_name && ieq(title_order[i], m->site_name) &&
                                i + 1 < sizeof title_order / sizeof *title_order))
            m->title = sb_xstrdup(title_order[i]);
    free(dc);
    free(parsely);

    m->byline = pick_byline(&c);
    m->published = pick_published(&c);
    m->modified = pick_modified(&c);
    m->language = pick_language(&c);

    static const char *const desc1[] = {"og:description", "description", "twitter:description",
                                        "dc.description", NULL};
    m->description = clean(meta_get(&c, desc1));
    if (!m->description && c.article)
        m->description = clean_markup(ld_str(&c, c.article, "description"));

    const char *canon = c.canonical_el ? sb_attr(c.canonical_el, "href") : NULL;
    if (!canon || !*canon) {
        static const char *const og_url[] = {"og:url", NULL};
        canon = meta_get(&c, og_url);
    }
    if (canon) {
        m->canonical_url = sb_url_resolve(c.base, canon);
        if (m->canonical_url && !*m->canonical_url) {
            free(m->canonical_url);
            m->canonical_url = NULL;
        }
    }
    pick_images(&c, m);

    for (size_t i = 0; i < c.n_metas; i++)
        free(c.metas[i].key);
    free(c.metas);
    for (size_t i = 0; i < c.n_trees; i++)
        sb_json_free(c.trees[i]);
    free(c.trees);
    free(c.objs);
}

void sb_meta_free(sb_meta *m)
{
    if (!m)
        return;
    char **fields[] = {&m->title,   &m->doc_title,  &m->og_title,      &m->twitter_title,
                       &m->ld_headline, &m->ld_type, &m->byline,   &m->published,
                       &m->modified, &m->site_name, &m->language,  &m->description,
                       &m->canonical_url, &m->base_href};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        free(*fields[i]);
    for (size_t i = 0; i < m->n_images; i++)
        free(m->images[i]);
    free(m->images);
    memset(m, 0, sizeof *m);
}

/* Punctuation that frames bylines: "— By Jane Doe |", "(Jane Doe)". */
static bool frame_char(const char *p, size_t *n)
{
    static const char *const marks[] = {"-", "|", ":", ",", ";", "/", "(", ")", "*", "\xc2\xb7",
                                        "\xe2\x80\x93", "\xe2\x80\x94", "\xe2\x80\xa2", NULL};
    for (const char *const *m = marks; *m; m++) {
        size_t len = strlen(*m);
        if (!strncmp(p, *m, len)) {
            *n = len;
            return true;
        }
    }
    if (*p == ' ') {
        *n = 1;
        return true;
    }
    return false;
}

char *sb_meta_clean_byline(const char *s)
{
    char *c = clean(s);
    if (!c)
        return NULL;
    /* Case-insensitive prefixes, each followed by a space or a colon.  "di"
     * only in lower case: Di is also the first part of surnames. */
    static const char *const prefixes[] = {
        "written by", "posted by", "reported by", "words by", "story by", "by", "von", "par",
        "por", "door", "authors", "author", "autorin", "autor", "auteur", "text", "texte", NULL};
    char *p = c;
    for (int round = 0; round < 3; round++) {
        size_t n;
        while (*p && frame_char(p, &n))
            p += n;
        bool stripped = false;
        for (const char *const *pre = prefixes; *pre && !stripped; pre++) {
            size_t len = strlen(*pre);
            if (istarts(p, *pre) && (p[len] == ' ' || p[len] == ':' || p[len] == '\0')) {
                p += len;
                stripped = true;
            }
        }
        if (!stripped && !strncmp(p, "di ", 3)) {
            p += 3;
            stripped = true;
        }
        if (!stripped)
            break;
    }
    size_t n;
    while (*p && frame_char(p, &n))
        p += n;
    /* "Jane Doe - https://janedoe.example": the name ends where a URL
     * starts */
    size_t len = strlen(p);
    for (size_t i = 0; p[i]; i++)
        if (istarts(p + i, "http://") || istarts(p + i, "https://")) {
            len = i;
            break;
        }
    while (len) {
        /* trailing frame characters, ASCII only: a trailing multi-byte
         * dash is rare and cutting UTF-8 blindly would be worse */
        char t = p[len - 1];
        if (t == ' ' || t == '|' || t == ',' || t == ';' || t == ':' || t == '-' || t == '/' ||
            t == '*')
            len--;
        else
            break;
    }
    char *out = len ? sb_xstrndup(p, len) : NULL;
    free(c);
    return out;
}

char *sb_meta_language(const char *tag)
{
    if (!tag)
        return NULL;
    while (*tag == ' ' || *tag == '\t' || *tag == '\n' || *tag == '\r')
        tag++;
    size_t n = 0;
    while ((tag[n] >= 'a' && tag[n] <= 'z') || (tag[n] >= 'A' && tag[n] <= 'Z'))
        n++;
    /* ISO 639 codes are 2 or 3 letters; the tag must end or continue with
     * a subtag separator. */
    char next = tag[n];
    if (n < 2 || n > 3 || !(next == '\0' || next == '-' || next == '_' || next == ' ' ||
                            next == '\t' || next == '\n' || next == '\r' || next == ','))
        return NULL;
    char *out = sb_xstrndup(tag, n);
    for (char *p = out; *p; p++)
        *p = lower(*p);
    return out;
}
