#include "render/css_prep.h"
#include "dom/doc/data_uri.h"

#include <stdbool.h>

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "render/css_flex.h"
#include "render/css_grid.h"
#include "render/css_props.h"
#include "dom/base/geom.h"

/* ---- the page's name set ------------------------------------------------
 * Keys are a kind byte ('c' class, 'i' id, 't' tag) followed by the name;
 * open addressing, power-of-two capacity. */
struct sb_css_names {
    char **keys;
    size_t cap;
    size_t used;
};

static uint64_t hash_key(char kind, const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL ^ (unsigned char)kind;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h;
}

static int names_lookup(const sb_css_names *ns, char kind, const char *s, size_t n)
{
    size_t i = hash_key(kind, s, n) & (ns->cap - 1);
    while (ns->keys[i]) {
        const char *k = ns->keys[i];
        if (k[0] == kind && strncmp(k + 1, s, n) == 0 && k[n + 1] == 0)
            return 1;
        i = (i + 1) & (ns->cap - 1);
    }
    return 0;
}

/* While sb_css_prepare_logged runs on this thread, every question the
 * pruning asks of the page's names, with its answer: one record each, the
 * answer byte, the kind byte, the name's length (a size_t) and the name. */
static _Thread_local sb_buf *query_log;

static int names_has(const sb_css_names *ns, char kind, const char *s, size_t n)
{
    int r = names_lookup(ns, kind, s, n);
    if (query_log) {
        sb_buf_putc(query_log, (char)r);
        sb_buf_putc(query_log, kind);
        sb_buf_append(query_log, (const char *)&n, sizeof n);
        sb_buf_append(query_log, s, n);
    }
    return r;
}

static void names_add(sb_css_names *ns, char kind, const char *s, size_t n)
{
    if (!n || names_lookup(ns, kind, s, n))
        return;
    if ((ns->used + 1) * 2 > ns->cap) {
        size_t old_cap = ns->cap;
        char **old = ns->keys;
        ns->cap *= 2;
        ns->keys = sb_xcalloc(ns->cap, sizeof *ns->keys);
        for (size_t j = 0; j < old_cap; j++) {
            if (!old[j])
                continue;
            size_t i = hash_key(old[j][0], old[j] + 1, strlen(old[j] + 1)) & (ns->cap - 1);
            while (ns->keys[i])
                i = (i + 1) & (ns->cap - 1);
            ns->keys[i] = old[j];
        }
        free(old);
    }
    char *k = sb_xmalloc(n + 2);
    k[0] = kind;
    memcpy(k + 1, s, n);
    k[n + 1] = 0;
    size_t i = hash_key(kind, s, n) & (ns->cap - 1);
    while (ns->keys[i])
        i = (i + 1) & (ns->cap - 1);
    ns->keys[i] = k;
    ns->used++;
}

static int is_html_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

sb_css_names *sb_css_names_from_doc(const sb_doc *doc)
{
    sb_css_names *ns = sb_xcalloc(1, sizeof *ns);
    ns->cap = 256;
    ns->keys = sb_xcalloc(ns->cap, sizeof *ns->keys);
    for (size_t e = 0; doc && e < doc->n_elems; e++) {
        const GumboNode *n = doc->elems[e];
        const char *tag = sb_tag_name(n);
        names_add(ns, 't', tag, strlen(tag));
        const char *id = sb_attr(n, "id");
        if (id)
            names_add(ns, 'i', id, strlen(id));
        const char *cls = sb_attr(n, "class");
        while (cls && *cls) {
            while (is_html_space(*cls))
                cls++;
            const char *b = cls;
            while (*cls && !is_html_space(*cls))
                cls++;
            names_add(ns, 'c', b, (size_t)(cls - b));
        }
    }
    return ns;
}

void sb_css_names_free(sb_css_names *ns)
{
    if (!ns)
        return;
    for (size_t i = 0; i < ns->cap; i++)
        free(ns->keys[i]);
    free(ns->keys);
    free(ns);
}

/* ---- scanning helpers ---------------------------------------------------
 * All take the text [s, s+n) and a position, and return the position just
 * past the construct; they never read beyond n, whatever the input. */

static size_t skip_string(const char *s, size_t n, size_t i)
{
    char q = s[i++];
    while (i < n && s[i] != q) {
        if (s[i] == '\\' && i + 1 < n)
            i++;
        else if (s[i] == '\n')
            return i; /* unterminated string ends at the line */
        i++;
    }
    return i < n ? i + 1 : n;
}

static size_t skip_comment(const char *s, size_t n, size_t i)
{
    i += 2;
    while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'))
        i++;
    return i + 1 < n ? i + 2 : n;
}

static int at_comment(const char *s, size_t n, size_t i)
{
    return i + 1 < n && s[i] == '/' && s[i + 1] == '*';
}

/* From just after an opening '{', '(' or '[', returns the index of the
 * matching closer (or n).  Brackets of all kinds nest together, which is
 * what CSS error recovery does. */
static size_t match_close(const char *s, size_t n, size_t i)
{
    int depth = 1;
    while (i < n) {
        char c = s[i];
        if (c == '"' || c == '\'') {
            i = skip_string(s, n, i);
            continue;
        }
        if (at_comment(s, n, i)) {
            i = skip_comment(s, n, i);
            continue;
        }
        if (c == '\\') {
            i += 2;
            continue;
        }
        if (c == '{' || c == '(' || c == '[')
            depth++;
        else if (c == '}' || c == ')' || c == ']') {
            if (--depth == 0)
                return i;
        }
        i++;
    }
    return n;
}

/* The end of a rule's prelude starting at `i`: the '{' that opens its
 * block or, for an at-rule (`at`), the ';' that ends a statement; strings,
 * comments, brackets and escapes are skipped whole.  `n` when neither
 * comes. */
static size_t prelude_end(const char *s, size_t n, size_t i, int at)
{
    while (i < n && s[i] != '{' && !(at && s[i] == ';')) {
        if (s[i] == '"' || s[i] == '\'')
            i = skip_string(s, n, i);
        else if (at_comment(s, n, i))
            i = skip_comment(s, n, i);
        else if (s[i] == '(' || s[i] == '[')
            i = match_close(s, n, i + 1) + 1;
        else if (s[i] == '\\')
            i += 2;
        else
            i++;
    }
    return i;
}

/* Copies [s, s+n) without comments. */
static void append_uncommented(sb_buf *out, const char *s, size_t n)
{
    size_t i = 0, from = 0;
    while (i < n) {
        if (s[i] == '"' || s[i] == '\'') {
            i = skip_string(s, n, i);
        } else if (at_comment(s, n, i)) {
            sb_buf_append(out, s + from, i - from);
            i = skip_comment(s, n, i);
            from = i;
        } else {
            i++;
        }
    }
    sb_buf_append(out, s + from, n - from);
}

static void trim(const char **s, size_t *n)
{
    while (*n && (isspace((unsigned char)**s))) {
        (*s)++;
        (*n)--;
    }
    while (*n && isspace((unsigned char)(*s)[*n - 1]))
        (*n)--;
}

/* ---- selectors ---------------------------------------------------------- */

static int is_ident_char(unsigned char c)
{
    return isalnum(c) || c == '-' || c == '_' || c >= 0x80;
}

/* Reads an identifier at s[i] into out (escapes resolved).  Returns the end
 * position; *exact is cleared when an escape was too complex to resolve. */
static size_t read_ident(const char *s, size_t n, size_t i, sb_buf *out, int *exact)
{
    sb_buf_clear(out);
    sb_buf_reserve(out, 16);
    out->data[0] = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\' && i + 1 < n) {
            if (isxdigit((unsigned char)s[i + 1]))
                *exact = 0;
            sb_buf_putc(out, s[i + 1]);
            i += 2;
        } else if (is_ident_char(c)) {
            sb_buf_putc(out, (char)c);
            i++;
        } else {
            break;
        }
    }
    return i;
}

/* Pseudo-classes of states a static render never has. */
static int is_state_pseudo(const char *p)
{
    static const char *const states[] = {
        "hover", "focus", "active", "focus-within", "focus-visible", "visited",
        "target", "selection", "placeholder", "placeholder-shown", "autofill", NULL};
    if (p[0] == '-')  /* vendor pseudo-elements (::-webkit-scrollbar...) */
        return 1;
    for (int k = 0; states[k]; k++)
        if (strcasecmp(p, states[k]) == 0)
            return 1;
    return 0;
}

int sb_css_selector_live(const char *s, size_t n, const sb_css_names *names)
{
    sb_buf id = SB_BUF_INIT;
    int live = 1, compound_start = 1;
    size_t i = 0;
    while (i < n && live) {
        unsigned char c = (unsigned char)s[i];
        if (c == '(' || c == '[') {
            /* :not(.x) matches when .x is absent, attribute values are not
             * names: neither says anything about liveness. */
            i = match_close(s, n, i + 1) + 1;
            compound_start = 0;
        } else if (c == '"' || c == '\'') {
            i = skip_string(s, n, i);
        } else if (c == '.' || c == '#') {
            int exact = 1;
            size_t e = read_ident(s, n, i + 1, &id, &exact);
            if (names && exact && id.len &&
                !names_has(names, c == '.' ? 'c' : 'i', id.data, id.len))
                live = 0;
            i = e > i + 1 ? e : i + 1;
            compound_start = 0;
        } else if (c == ':') {
            i++;
            if (i < n && s[i] == ':')
                i++;
            int exact = 1;
            size_t e = read_ident(s, n, i, &id, &exact);
            if (id.len && is_state_pseudo(id.data))
                live = 0;
            i = e > i ? e : i + 1;
            compound_start = 0;
        } else if (isspace(c) || c == '>' || c == '+' || c == '~') {
            compound_start = 1;
            i++;
        } else if (compound_start && is_ident_char(c) && c != '-') {
            int exact = 1;
            size_t e = read_ident(s, n, i, &id, &exact);
            if (e < n && s[e] == '|') { /* namespace prefix: no opinion */
                i = e + 1;
                continue;
            }
            for (size_t k = 0; k < id.len; k++)
                id.data[k] = (char)tolower((unsigned char)id.data[k]);
            if (names && exact && !names_has(names, 't', id.data, id.len))
                live = 0;
            i = e;
            compound_start = 0;
        } else {
            compound_start = 0;
            i++;
        }
    }
    sb_buf_free(&id);
    return live;
}

/* ---- declarations ------------------------------------------------------- */

/* litehtml 0.6 display values: none block inline inline-block inline-table
 * list-item table table-*.  Everything else would become inline. */
static const char *fix_display(const char *v, size_t n)
{
    static const char *const to_block[] = {
        "flex", "grid", "flow-root", "-webkit-box", "-webkit-flex", "-ms-flexbox",
        "-ms-grid", "-moz-box", "run-in", "block flex", "block grid", "block flow",
        "block flow-root", NULL};
    static const char *const to_inline_block[] = {
        "inline-flex", "inline-grid", "-webkit-inline-box", "-webkit-inline-flex",
        "-ms-inline-flexbox", "-ms-inline-grid", "-moz-inline-box", "inline flex",
        "inline grid", "inline flow-root", NULL};
    for (int k = 0; to_block[k]; k++)
        if (strlen(to_block[k]) == n && strncasecmp(v, to_block[k], n) == 0)
            return "block";
    for (int k = 0; to_inline_block[k]; k++)
        if (strlen(to_inline_block[k]) == n && strncasecmp(v, to_inline_block[k], n) == 0)
            return "inline-block";
    if (n == 8 && strncasecmp(v, "contents", 8) == 0)
        return "inline";
    return NULL;
}

/* Splits a block of declarations (comments already removed) into
 * decls (malloc'd, *n_decls of them); custom properties are left out. */
static sb_css_decl *split_decls(const char *s, size_t n, size_t *n_decls)
{
    sb_css_decl *decls = NULL;
    size_t cap = 0, i = 0;
    *n_decls = 0;
    while (i < n) {
        size_t b = i;
        while (i < n && s[i] != ';') {
            if (s[i] == '"' || s[i] == '\'')
                i = skip_string(s, n, i);
            else if (s[i] == '(' || s[i] == '{' || s[i] == '[')
                i = match_close(s, n, i + 1) + 1;
            else
                i++;
        }
        if (i > n)
            i = n;
        const char *d = s + b;
        size_t dn = i - b;
        i++; /* past ';' */
        trim(&d, &dn);
        if (!dn)
            continue;
        const char *colon = memchr(d, ':', dn);
        if (!colon)
            continue;
        const char *name = d;
        size_t name_n = (size_t)(colon - d);
        trim(&name, &name_n);
        if (name_n >= 2 && name[0] == '-' && name[1] == '-')
            continue; /* custom properties: litehtml has no var() */
        const char *v = colon + 1;
        size_t vn = dn - (size_t)(colon + 1 - d);
        trim(&v, &vn);
        if (*n_decls == cap) {
            cap = cap ? cap * 2 : 16;
            decls = sb_xrealloc(decls, cap * sizeof *decls);
        }
        decls[(*n_decls)++] = (sb_css_decl){name, v, name_n, vn};
    }
    return decls;
}

/* Rewrites one block of declarations for litehtml.  *layout receives the
 * container layout of the rule (css_flex); a style="" attribute
 * (in_attribute) has no selector its children could be matched by, so a
 * flex or grid container there keeps block flow.  grid (NULL in style="")
 * is what the sheet says of its grids (css_grid.h): a grid item it places
 * floats at the width of its tracks, a grid container holds the floats. */
static void prepare_decls(sb_buf *out, const char *raw, size_t raw_len, bool in_attribute,
                          const sb_css_grid_sheet *grid, sb_css_layout *layout)
{
    sb_buf clean = SB_BUF_INIT;
    append_uncommented(&clean, raw, raw_len);
    const char *s = clean.data ? clean.data : "";
    /* Split first: the layout depends on all declarations of the rule. */
    size_t n_decls;
    sb_css_decl *decls = split_decls(s, clean.len, &n_decls);
    sb_css_layout_scan(decls, n_decls, grid && grid->places_items, layout);
    if (in_attribute && layout->kind != SB_LAYOUT_NONE)
        layout->kind = SB_LAYOUT_BLOCK;
    if (grid && grid->places_items && sb_css_grid_is_container(decls, n_decls))
        layout->clears = true;
    /* Before the rule's own declarations: its own width or float wins. */
    sb_css_grid_place(out, decls, n_decls, grid);
    for (size_t k = 0; k < n_decls; k++) {
        const sb_css_decl *d = &decls[k];
        bool drop = false;
        size_t mark = out->len;
        if (sb_css_flex_decl(out, d, layout, &drop)) {
            sb_buf_putc(out, ';');
            continue;
        }
        if (drop)
            continue;
        out->len = mark;
        if (d->name_len == 7 && strncasecmp(d->name, "display", 7) == 0) {
            const char *v = d->value;
            size_t vn = d->value_len;
            const char *bang = memchr(v, '!', vn);
            size_t core = bang ? (size_t)(bang - v) : vn;
            const char *cv = v;
            trim(&cv, &core);
            const char *fixed = fix_display(cv, core);
            if (fixed) {
                sb_buf_puts(out, "display:");
                sb_buf_puts(out, fixed);
                if (bang)
                    sb_buf_puts(out, " !important");
                sb_buf_putc(out, ';');
                continue;
            }
        }
        /* litehtml would copy it into every element the rule matches and
         * never read it (css_props.h). */
        if (!sb_css_prop_read(d->name, d->name_len))
            continue;
        /* As written: the name, the colon, the value. */
        sb_buf_append(out, d->name, (size_t)(d->value + d->value_len - d->name));
        sb_buf_putc(out, ';');
    }
    sb_css_layout_extra(out, layout);
    free(decls);
    sb_buf_free(&clean);
}

char *sb_css_prepare_attr(const char *decls, size_t len, sb_css_layout *layout)
{
    sb_buf out = SB_BUF_INIT;
    layout->kind = SB_LAYOUT_NONE;
    if (decls)
        prepare_decls(&out, decls, len, false, NULL, layout);
    return sb_buf_steal(&out);
}

char *sb_css_prepare_decls(const char *decls, size_t len)
{
    sb_buf out = SB_BUF_INIT;
    sb_css_layout layout;
    if (decls)
        prepare_decls(&out, decls, len, true, NULL, &layout);
    return sb_buf_steal(&out);
}

/* ---- stylesheets -------------------------------------------------------- */

/* Conditional groups deeper than this are dropped: real sheets nest two or
 * three levels, and the bound keeps the recursion below trivially small. */
#define MAX_GROUP_DEPTH 8

/* Whether a selector list names a ::before or ::after pseudo-element
 * (or the one-colon forms), in any case. */
static bool names_pseudo_element(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] != ':')
            continue;
        const char *p = s + i + 1 + (i + 1 < n && s[i + 1] == ':');
        size_t left = n - (size_t)(p - s);
        if ((left >= 6 && strncasecmp(p, "before", 6) == 0) ||
            (left >= 5 && strncasecmp(p, "after", 5) == 0))
            return true;
    }
    return false;
}

static void prepare_rule(sb_buf *out, const char *pre, size_t pre_n, const char *body,
                         size_t body_n, const sb_css_names *names, sb_css_stats *st,
                         const sb_css_grid_sheet *grid)
{
    sb_buf sel = SB_BUF_INIT;
    append_uncommented(&sel, pre, pre_n);
    const char *s = sel.data ? sel.data : "";
    size_t n = sel.len, i = 0;
    size_t start_len = out->len;
    int kept = 0;
    st->rules_in++;
    while (i <= n) {
        size_t b = i;
        while (i < n && s[i] != ',') {
            if (s[i] == '"' || s[i] == '\'')
                i = skip_string(s, n, i);
            else if (s[i] == '(' || s[i] == '[')
                i = match_close(s, n, i + 1) + 1;
            else
                i++;
        }
        if (i > n)
            i = n;
        const char *one = s + b;
        size_t one_n = i - b;
        i++;
        trim(&one, &one_n);
        if (!one_n)
            continue;
        st->selectors_in++;
        if (!sb_css_selector_live(one, one_n, names))
            continue;
        st->selectors_kept++;
        if (kept++)
            sb_buf_putc(out, ',');
        sb_buf_append(out, one, one_n);
    }
    sb_buf_free(&sel);
    if (!kept) {
        out->len = start_len;
        if (out->data)
            out->data[start_len] = 0;
        return;
    }
    st->rules_kept++;
    size_t sel_end = out->len;
    sb_buf_putc(out, '{');
    sb_css_layout layout;
    prepare_decls(out, body, body_n, false, grid, &layout);
    bool companions =
        layout.kind == SB_LAYOUT_CELLS || layout.kind == SB_LAYOUT_FLOATS || layout.clears;
    /* The children's rules name the kept selectors; copy them first, out
     * may move while growing (and the rule itself may go). */
    char *kept_sel = companions ? sb_xstrndup(out->data + start_len, sel_end - start_len) : NULL;
    if (out->len == sel_end + 1 &&
        !names_pseudo_element(out->data + start_len, sel_end - start_len)) {
        /* Nothing litehtml reads is left: its selectors would still be
         * matched against every element.  (A ::before or ::after rule
         * makes its pseudo-element even when empty, so it stays.) */
        out->len = start_len;
        out->data[start_len] = 0;
        st->rules_kept--;
        st->selectors_kept -= (size_t)kept;
    } else {
        sb_buf_puts(out, "}\n");
    }
    if (companions) {
        sb_css_layout_companions(out, kept_sel, sel_end - start_len, &layout);
        free(kept_sel);
    }
}

/* ---- media queries --------------------------------------------------------
 * Only the media type decides here; features ("(min-width: 600px)") are
 * left to litehtml, which knows the viewport. */

/* One query of a list, s[0..n) with comments already treated as space. */
static sb_css_media media_query_on_screen(const char *s, size_t n)
{
    size_t i = 0;
    bool negated = false, type_seen = false, type_screen = true, features = false;
    bool want_type = true; /* "only"/"not"/type allowed next */
    for (;;) {
        while (i < n && isspace((unsigned char)s[i]))
            i++;
        if (i >= n)
            break;
        if (s[i] == '(') {
            size_t close = match_close(s, n, i + 1);
            if (close >= n)
                return SB_MEDIA_NEVER; /* unbalanced: malformed */
            features = true;
            want_type = false;
            i = close + 1;
            continue;
        }
        size_t b = i;
        while (i < n && (is_ident_char((unsigned char)s[i]) || s[i] == '\\'))
            i++;
        if (i == b)
            return SB_MEDIA_NEVER; /* a character no query has: malformed */
        size_t w = i - b;
        if (want_type && w == 4 && strncasecmp(s + b, "only", 4) == 0) {
            continue;
        } else if (want_type && !type_seen && w == 3 && strncasecmp(s + b, "not", 3) == 0) {
            negated = true;
        } else if (w == 3 && strncasecmp(s + b, "and", 3) == 0) {
            want_type = false;
        } else if (want_type && !type_seen) {
            type_seen = true;
            want_type = false;
            type_screen = (w == 6 && strncasecmp(s + b, "screen", 6) == 0) ||
                          (w == 3 && strncasecmp(s + b, "all", 3) == 0);
        } else {
            return SB_MEDIA_NEVER; /* "or", a second type...: malformed */
        }
    }
    if (negated && !type_seen)
        return SB_MEDIA_NEVER; /* "not (..)" alone is level 4; be safe */
    /* "not" negates the whole query: "not print and (x)" always holds on
     * a screen, "not screen and (x)" holds where (x) does not */
    if (!negated)
        return !type_screen ? SB_MEDIA_NEVER : features ? SB_MEDIA_DEPENDS : SB_MEDIA_ALWAYS;
    return !type_screen ? SB_MEDIA_ALWAYS : features ? SB_MEDIA_DEPENDS : SB_MEDIA_NEVER;
}

sb_css_media sb_css_media_on_screen(const char *s, size_t n)
{
    if (!s)
        return SB_MEDIA_ALWAYS;
    /* Comments become spaces; braces, semicolons and angle brackets make
     * the whole list malformed (and would break out of an @media wrapper). */
    char *q = sb_xmalloc(n + 1);
    size_t qn = 0;
    for (size_t i = 0; i < n; i++) {
        if (at_comment(s, n, i)) {
            i = skip_comment(s, n, i) - 1;
            q[qn++] = ' ';
            continue;
        }
        if (s[i] == '{' || s[i] == '}' || s[i] == ';' || s[i] == '<' || s[i] == '>' ||
            s[i] == '"' || s[i] == '\'' || s[i] == 0) {
            free(q);
            return SB_MEDIA_NEVER;
        }
        q[qn++] = s[i];
    }
    const char *t = q;
    size_t tn = qn;
    trim(&t, &tn);
    if (tn == 0) { /* media="" is all media */
        free(q);
        return SB_MEDIA_ALWAYS;
    }
    sb_css_media best = SB_MEDIA_NEVER;
    size_t b = 0;
    int depth = 0;
    for (size_t i = 0; i <= qn; i++) {
        if (i < qn && q[i] == '(')
            depth++;
        else if (i < qn && q[i] == ')' && depth > 0)
            depth--;
        if (i == qn || (q[i] == ',' && depth == 0)) {
            const char *p = q + b;
            size_t pn = i - b;
            trim(&p, &pn);
            /* an empty query in a list is malformed: never */
            sb_css_media m = pn ? media_query_on_screen(p, pn) : SB_MEDIA_NEVER;
            if (m == SB_MEDIA_ALWAYS || (m == SB_MEDIA_DEPENDS && best == SB_MEDIA_NEVER))
                best = m;
            b = i + 1;
        }
    }
    free(q);
    return best;
}

/* An @import's media list: what follows its url() or string. */
static sb_css_media import_media(const char *pre, size_t pre_n)
{
    size_t i = 7; /* after "@import" */
    while (i < pre_n && isspace((unsigned char)pre[i]))
        i++;
    if (i < pre_n && (pre[i] == '"' || pre[i] == '\'')) {
        i = skip_string(pre, pre_n, i);
    } else if (i + 4 <= pre_n && strncasecmp(pre + i, "url(", 4) == 0) {
        i = match_close(pre, pre_n, i + 4) + 1;
    } else {
        return SB_MEDIA_ALWAYS; /* not understood: litehtml's to judge */
    }
    if (i >= pre_n)
        return SB_MEDIA_ALWAYS;
    return sb_css_media_on_screen(pre + i, pre_n - i);
}

/* A @supports condition made only of (display: flex or grid) tests, with
 * and / or: every browser of today meets it, and the rules inside are the
 * page's real layout (the ones outside its fallback), which css_flex and
 * css_grid translate.  Any other test (not, selector(), other properties)
 * leaves the group out, as litehtml 0.6 would. */
static bool supports_condition(const char *s, size_t n, int depth)
{
    static const char *const values[] = {"grid",        "inline-grid", "flex",
                                         "inline-flex", "-ms-grid",    "-webkit-flex",
                                         "-ms-flexbox", "-webkit-box", NULL};
    size_t i = 0;
    bool want_test = true, any = false;
    while (i < n) {
        if (isspace((unsigned char)s[i])) {
            i++;
            continue;
        }
        if (s[i] == '(') {
            if (!want_test || depth > 4)
                return false;
            size_t close = match_close(s, n, i + 1);
            if (close >= n)
                return false;
            const char *in = s + i + 1;
            size_t in_n = close - i - 1;
            trim(&in, &in_n);
            if (in_n && in[0] == '(') {
                if (!supports_condition(in, in_n, depth + 1))
                    return false;
            } else {
                const char *colon = memchr(in, ':', in_n);
                if (!colon)
                    return false;
                const char *name = in, *v = colon + 1;
                size_t name_n = (size_t)(colon - in), vn = in_n - name_n - 1;
                trim(&name, &name_n);
                trim(&v, &vn);
                if (!(name_n == 7 && strncasecmp(name, "display", 7) == 0))
                    return false;
                bool known = false;
                for (int k = 0; values[k] && !known; k++)
                    known = strlen(values[k]) == vn && strncasecmp(v, values[k], vn) == 0;
                if (!known)
                    return false;
            }
            any = true;
            want_test = false;
            i = close + 1;
            continue;
        }
        size_t b = i;
        while (i < n && isalpha((unsigned char)s[i]))
            i++;
        if (want_test || !((i - b == 3 && strncasecmp(s + b, "and", 3) == 0) ||
                           (i - b == 2 && strncasecmp(s + b, "or", 2) == 0)))
            return false; /* not, selector(), anything else */
        want_test = true;
    }
    return any && !want_test;
}

static bool supports_translated(const char *pre, size_t n)
{
    if (n < 9 || strncasecmp(pre, "@supports", 9) != 0 || is_ident_char((unsigned char)pre[9]))
        return false;
    return supports_condition(pre + 9, n - 9, 0);
}

static void prepare_sheet(sb_buf *out, const char *s, size_t n, const sb_css_names *names,
                          sb_css_stats *st, int depth, const sb_css_grid_sheet *grid)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (isspace(c) || c == '}' || c == ';') {
            i++;
            continue;
        }
        if (at_comment(s, n, i)) {
            i = skip_comment(s, n, i);
            continue;
        }
        if (i + 4 <= n && (memcmp(s + i, "<!--", 4) == 0)) {
            i += 4;
            continue;
        }
        if (i + 3 <= n && memcmp(s + i, "-->", 3) == 0) {
            i += 3;
            continue;
        }
        /* Prelude: up to '{' or, for at-rules, ';'. */
        size_t b = i;
        int at = c == '@';
        i = prelude_end(s, n, i, at);
        if (i >= n)
            break;
        const char *pre = s + b;
        size_t pre_n = i - b;
        if (s[i] == ';') { /* statement at-rule */
            i++;
            if (pre_n > 7 && strncasecmp(pre, "@import", 7) == 0 && depth == 0 &&
                import_media(pre, pre_n) != SB_MEDIA_NEVER) {
                sb_buf_append(out, pre, pre_n);
                sb_buf_puts(out, ";\n");
            }
            continue;
        }
        size_t body = i + 1;
        size_t close = match_close(s, n, body);
        const char *bp = s + body;
        size_t bn = close - body;
        i = close < n ? close + 1 : n;
        if (!at) {
            prepare_rule(out, pre, pre_n, bp, bn, names, st, grid);
            continue;
        }
        if (depth >= MAX_GROUP_DEPTH)
            continue;
        if (pre_n >= 6 && strncasecmp(pre, "@media", 6) == 0 && !is_ident_char((unsigned char)pre[6])) {
            /* print, speech...: never on screen, and litehtml would still
             * match every selector of the group against every element */
            if (sb_css_media_on_screen(pre + 6, pre_n - 6) == SB_MEDIA_NEVER)
                continue;
            size_t mark = out->len;
            append_uncommented(out, pre, pre_n);
            sb_buf_putc(out, '{');
            size_t inner = out->len;
            prepare_sheet(out, bp, bn, names, st, depth + 1, grid);
            if (out->len == inner) { /* nothing survived: drop the group */
                out->len = mark;
                if (out->data)
                    out->data[mark] = 0;
            } else {
                sb_buf_puts(out, "}\n");
            }
        } else if ((pre_n >= 6 && strncasecmp(pre, "@layer", 6) == 0 &&
                    !is_ident_char((unsigned char)pre[6])) ||
                   supports_translated(pre, pre_n)) {
            /* Cascade layers only reorder precedence: their rules apply.
             * So do the rules of a browser's flex and grid layouts. */
            prepare_sheet(out, bp, bn, names, st, depth + 1, grid);
        }
        /* @font-face, @keyframes, other @supports, @page...: litehtml
         * ignores them or cannot evaluate them; dropping them changes
         * nothing. */
    }
}

/* ---- what the sheet says of its grids (css_grid.h) --------------------- */

/* A length of a media feature in px (px, em, rem), or -1. */
static double media_length(const char *s, size_t n)
{
    trim(&s, &n);
    char tmp[32];
    if (!n || n >= sizeof tmp)
        return -1;
    memcpy(tmp, s, n);
    tmp[n] = 0;
    char *end;
    double v = strtod(tmp, &end);
    if (end == tmp)
        return -1;
    if (strcasecmp(end, "px") == 0)
        return v;
    if (strcasecmp(end, "em") == 0 || strcasecmp(end, "rem") == 0)
        return v * 16;
    return -1;
}

/* Whether a media query list holds at the default viewport width: the
 * media type as sb_css_media_on_screen judges it, then min-width and
 * max-width of each query (other features are taken to hold). */
static bool media_holds_by_default(const char *s, size_t n)
{
    sb_css_media m = sb_css_media_on_screen(s, n);
    if (m != SB_MEDIA_DEPENDS)
        return m == SB_MEDIA_ALWAYS;
    const double w = SB_DEFAULT_WIDTH;
    size_t i = 0;
    bool holds = true; /* the current query */
    while (i <= n) {
        if (i == n || s[i] == ',') {
            if (holds)
                return true;
            holds = true;
            i++;
            continue;
        }
        if (s[i] != '(') {
            i++;
            continue;
        }
        size_t close = match_close(s, n, i + 1);
        const char *f = s + i + 1;
        size_t fn = close - i - 1;
        const char *colon = memchr(f, ':', fn);
        if (colon) {
            const char *name = f;
            size_t name_n = (size_t)(colon - f);
            trim(&name, &name_n);
            double v = media_length(colon + 1, fn - (size_t)(colon + 1 - f));
            if (v >= 0 && name_n == 9 && strncasecmp(name, "min-width", 9) == 0 && v > w)
                holds = false;
            if (v >= 0 && name_n == 9 && strncasecmp(name, "max-width", 9) == 0 && v < w)
                holds = false;
        }
        i = close + 1;
    }
    return false; /* no query held */
}

/* Reads the grid tracks and areas of every rule that holds at the default
 * width into g. */
static void scan_grid_sheet(sb_css_grid_sheet *g, const char *s, size_t n, int depth)
{
    size_t i = 0;
    while (i < n) {
        unsigned char c = (unsigned char)s[i];
        if (at_comment(s, n, i)) {
            i = skip_comment(s, n, i);
            continue;
        }
        if (isspace(c) || c == '}' || c == ';') {
            i++;
            continue;
        }
        size_t b = i;
        int at = c == '@';
        i = prelude_end(s, n, i, at);
        if (i >= n)
            break;
        const char *pre = s + b;
        size_t pre_n = i - b;
        if (s[i] == ';') {
            i++;
            continue;
        }
        size_t body = i + 1;
        size_t close = match_close(s, n, body);
        const char *bp = s + body;
        size_t bn = close - body;
        i = close < n ? close + 1 : n;
        if (!at) {
            /* only rules that name a template are read */
            static const char key[] = "grid-template";
            bool has = false;
            for (size_t k = 0; !has && k + sizeof key - 1 <= bn; k++)
                has =
                    (bp[k] == 'g' || bp[k] == 'G') && strncasecmp(bp + k, key, sizeof key - 1) == 0;
            if (!has)
                continue;
            sb_buf clean = SB_BUF_INIT;
            append_uncommented(&clean, bp, bn);
            size_t n_decls;
            sb_css_decl *decls = split_decls(clean.data ? clean.data : "", clean.len, &n_decls);
            sb_css_grid_sheet_add_rule(g, decls, n_decls);
            free(decls);
            sb_buf_free(&clean);
            continue;
        }
        if (depth >= MAX_GROUP_DEPTH)
            continue;
        if (pre_n >= 6 && strncasecmp(pre, "@media", 6) == 0 &&
            !is_ident_char((unsigned char)pre[6])) {
            if (media_holds_by_default(pre + 6, pre_n - 6))
                scan_grid_sheet(g, bp, bn, depth + 1);
        } else if ((pre_n >= 6 && strncasecmp(pre, "@layer", 6) == 0 &&
                    !is_ident_char((unsigned char)pre[6])) ||
                   supports_translated(pre, pre_n)) {
            scan_grid_sheet(g, bp, bn, depth + 1);
        }
    }
}

char *sb_css_prepare(const char *css, size_t len, const sb_css_names *names, sb_css_stats *stats)
{
    sb_css_stats local = {0, 0, 0, 0};
    sb_buf out = SB_BUF_INIT;
    /* A stylesheet read from a file (MHTML part, WARC record, saved
     * folder) gets the cut the page's own <style> got before parsing
     * (dom/doc/data_uri.h): its inline pictures are not copied into what
     * litehtml parses.  Copied only when something is cut. */
    char *cut = NULL;
    if (css && sb_data_uri_css_has_long(css, len, SB_DATA_URI_MAX)) {
        cut = sb_xstrndup(css, len);
        len = sb_data_uri_cut_css(cut, len, SB_DATA_URI_MAX);
        css = cut;
    }
    if (css) {
        sb_css_grid_sheet grid;
        sb_css_grid_sheet_begin(&grid, css, len);
        if (grid.places_items)
            scan_grid_sheet(&grid, css, len, 0);
        prepare_sheet(&out, css, len, names, stats ? stats : &local, 0, &grid);
    }
    free(cut);
    return sb_buf_steal(&out);
}

char *sb_css_prepare_logged(const char *css, size_t len, const sb_css_names *names, sb_buf *log)
{
    query_log = log;
    char *out = sb_css_prepare(css, len, names, NULL);
    query_log = NULL;
    return out;
}

int sb_css_names_agree(const sb_css_names *names, const char *log, size_t len)
{
    size_t i = 0;
    while (i + 2 + sizeof(size_t) <= len) {
        size_t n;
        memcpy(&n, log + i + 2, sizeof n);
        if (n > len - i - 2 - sizeof n ||
            names_lookup(names, log[i + 1], log + i + 2 + sizeof n, n) != log[i])
            return 0;
        i += 2 + sizeof n + n;
    }
    return i == len;
}
