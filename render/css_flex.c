#include "render/css_flex.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/base/geom.h"

/* The viewport calc() percentages and viewport units are measured against
 * (render.h's default viewport). */
#define VIEW_W ((double)SB_DEFAULT_WIDTH)
#define VIEW_H 800.0
/* Nested calc()/min()/parentheses deeper than this are not evaluated. */
#define MAX_EXPR_DEPTH 16
/* repeat(N, ...) counts beyond this are capped (tracks past
 * SB_CSS_MAX_TRACKS are auto anyway). */
#define MAX_REPEAT 64

static bool name_is(const sb_css_decl *d, const char *name)
{
    return strlen(name) == d->name_len && strncasecmp(d->name, name, d->name_len) == 0;
}

static bool word_is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && strncasecmp(s, word, n) == 0;
}

void sb_css_trim(const char **s, size_t *n)
{
    while (*n && isspace((unsigned char)**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n && isspace((unsigned char)(*s)[*n - 1]))
        (*n)--;
}

void sb_css_decl_value(const sb_css_decl *d, const char **v, size_t *n, bool *important)
{
    *v = d->value;
    *n = d->value_len;
    const char *bang = memchr(*v, '!', *n);
    if (important)
        *important = bang != NULL;
    if (bang)
        *n = (size_t)(bang - *v);
    sb_css_trim(v, n);
}

/* Index of the ')' closing the '(' at s[open], or n. */
static size_t close_paren(const char *s, size_t n, size_t open)
{
    int depth = 0;
    for (size_t i = open; i < n; i++) {
        if (s[i] == '(')
            depth++;
        else if (s[i] == ')' && --depth == 0)
            return i;
    }
    return n;
}

/* ---- calc() ---------------------------------------------------------------
 * A value is linear in the container width: px + pct% (a plain number has
 * is_number set and its value in px). */
typedef struct lin {
    double px, pct;
    bool is_number;
} lin;

typedef struct expr {
    const char *s;
    size_t n, i;
    int depth;
    bool ok;
} expr;

static double measure(lin v)
{
    return v.px + v.pct * VIEW_W / 100.0;
}

static void skip_ws(expr *e)
{
    while (e->i < e->n && isspace((unsigned char)e->s[e->i]))
        e->i++;
}

static lin parse_sum(expr *e);

static lin fail(expr *e)
{
    e->ok = false;
    return (lin){0, 0, false};
}

/* A number with its unit. */
static lin parse_dimension(expr *e)
{
    const char *start = e->s + e->i;
    size_t avail = e->n - e->i;
    char num[64];
    size_t k = 0;
    while (k < avail && k < sizeof num - 1 &&
           (isdigit((unsigned char)start[k]) || start[k] == '.' || start[k] == '+' ||
            start[k] == '-' ||
            ((start[k] == 'e' || start[k] == 'E') && k > 0 && k + 1 < avail &&
             isdigit((unsigned char)start[k + 1]))))
        k++;
    if (!k)
        return fail(e);
    memcpy(num, start, k);
    num[k] = 0;
    char *end;
    double v = strtod(num, &end);
    if (end == num || !isfinite(v))
        return fail(e);
    k = (size_t)(end - num);
    size_t u = k;
    while (u < avail && (isalpha((unsigned char)start[u]) || start[u] == '%'))
        u++;
    const char *unit = start + k;
    size_t ul = u - k;
    e->i += u;
    lin r = {0, 0, false};
    if (ul == 0)
        r = (lin){v, 0, true};
    else if (word_is(unit, ul, "px"))
        r.px = v;
    else if (word_is(unit, ul, "%"))
        r.pct = v;
    else if (word_is(unit, ul, "em") || word_is(unit, ul, "rem"))
        r.px = v * 16;
    else if (word_is(unit, ul, "pt"))
        r.px = v * 4 / 3;
    else if (word_is(unit, ul, "vw"))
        r.px = v * VIEW_W / 100;
    else if (word_is(unit, ul, "vh"))
        r.px = v * VIEW_H / 100;
    else if (word_is(unit, ul, "vmin"))
        r.px = v * VIEW_H / 100;
    else if (word_is(unit, ul, "vmax"))
        r.px = v * VIEW_W / 100;
    else
        return fail(e);
    return r;
}

/* name( args ): calc, min, max, clamp, or a bare parenthesis (name empty). */
static lin parse_call(expr *e, const char *name, size_t name_n)
{
    if (++e->depth > MAX_EXPR_DEPTH)
        return fail(e);
    e->i++; /* '(' */
    lin args[3];
    int n_args = 0;
    bool is_min = word_is(name, name_n, "min"), is_max = word_is(name, name_n, "max");
    bool is_clamp = word_is(name, name_n, "clamp");
    lin best = {0, 0, false};
    for (;;) {
        lin v = parse_sum(e);
        if (!e->ok)
            return v;
        if (is_min || is_max) {
            if (n_args == 0 || (is_min ? measure(v) < measure(best) : measure(v) > measure(best)))
                best = v;
        } else if (n_args < 3) {
            args[n_args] = v;
        }
        n_args++;
        skip_ws(e);
        if (e->i < e->n && e->s[e->i] == ',' && (is_min || is_max || is_clamp)) {
            e->i++;
            continue;
        }
        break;
    }
    if (e->i >= e->n || e->s[e->i] != ')')
        return fail(e);
    e->i++;
    e->depth--;
    if (is_min || is_max)
        return best;
    if (is_clamp) {
        if (n_args != 3)
            return fail(e);
        lin v = args[1];
        if (measure(v) > measure(args[2]))
            v = args[2];
        if (measure(v) < measure(args[0]))
            v = args[0];
        return v;
    }
    return n_args == 1 ? args[0] : fail(e);
}

static lin parse_unary(expr *e)
{
    skip_ws(e);
    if (e->i >= e->n)
        return fail(e);
    char c = e->s[e->i];
    if (c == '(')
        return parse_call(e, "", 0);
    if (isalpha((unsigned char)c) ||
        (c == '-' && e->i + 1 < e->n && isalpha((unsigned char)e->s[e->i + 1]))) {
        size_t b = e->i;
        while (e->i < e->n && (isalnum((unsigned char)e->s[e->i]) || e->s[e->i] == '-'))
            e->i++;
        const char *name = e->s + b;
        size_t name_n = e->i - b;
        if (e->i >= e->n || e->s[e->i] != '(')
            return fail(e);
        if (word_is(name, name_n, "-webkit-calc") || word_is(name, name_n, "-moz-calc"))
            name_n = 0;
        if (!(name_n == 0 || word_is(name, name_n, "calc") || word_is(name, name_n, "min") ||
              word_is(name, name_n, "max") || word_is(name, name_n, "clamp")))
            return fail(e); /* var(), env(), attr()... */
        return parse_call(e, name, name_n);
    }
    return parse_dimension(e);
}

static lin parse_product(expr *e)
{
    lin a = parse_unary(e);
    for (;;) {
        if (!e->ok)
            return a;
        skip_ws(e);
        if (e->i >= e->n || (e->s[e->i] != '*' && e->s[e->i] != '/'))
            return a;
        char op = e->s[e->i++];
        lin b = parse_unary(e);
        if (!e->ok)
            return b;
        if (op == '*') {
            if (a.is_number)
                a = (lin){b.px * a.px, b.pct * a.px, b.is_number};
            else if (b.is_number)
                a = (lin){a.px * b.px, a.pct * b.px, false};
            else
                return fail(e);
        } else {
            if (!b.is_number || b.px == 0)
                return fail(e);
            a = (lin){a.px / b.px, a.pct / b.px, a.is_number};
        }
    }
}

static lin parse_sum(expr *e)
{
    lin a = parse_product(e);
    for (;;) {
        if (!e->ok)
            return a;
        skip_ws(e);
        if (e->i >= e->n || (e->s[e->i] != '+' && e->s[e->i] != '-'))
            return a;
        double sign = e->s[e->i++] == '-' ? -1 : 1;
        lin b = parse_product(e);
        if (!e->ok)
            return b;
        /* A number added to a length is only meaningful as 0. */
        if (a.is_number != b.is_number && !(a.is_number ? a.px == 0 : b.px == 0))
            return fail(e);
        a = (lin){a.px + sign * b.px, a.pct + sign * b.pct, a.is_number && b.is_number};
    }
}

/* Writes a number without trailing zeros (at most 3 decimals). */
static void put_number(sb_buf *out, double v, const char *unit)
{
    char tmp[64];
    if (fabs(v) > 1e7)
        v = v < 0 ? -1e7 : 1e7;
    snprintf(tmp, sizeof tmp, "%.3f", v);
    char *dot = strchr(tmp, '.');
    if (dot) {
        char *end = tmp + strlen(tmp) - 1;
        while (end > dot && *end == '0')
            *end-- = 0;
        if (end == dot)
            *end = 0;
    }
    if (strcmp(tmp, "-0") == 0)
        strcpy(tmp, "0");
    sb_buf_puts(out, tmp);
    sb_buf_puts(out, unit);
}

static void put_lin(sb_buf *out, lin v)
{
    if (v.is_number)
        put_number(out, v.px, "");
    else if (v.pct == 0)
        put_number(out, v.px, "px");
    else
        put_number(out, v.pct + v.px * 100.0 / VIEW_W, "%");
}

bool sb_css_eval_calc(sb_buf *out, const char *s, size_t n)
{
    expr e = {s, n, 0, 0, true};
    lin v = parse_unary(&e);
    skip_ws(&e);
    if (!e.ok || e.i != n)
        return false;
    put_lin(out, v);
    return true;
}

/* Is s[i] the start of calc( / min( / max( / clamp( (and not part of a
 * longer name)?  Returns the name's length, or 0. */
static size_t math_call_at(const char *s, size_t n, size_t i)
{
    static const char *const names[] = {"calc(", "-webkit-calc(", "-moz-calc(", "min(",
                                        "max(",  "clamp(",        NULL};
    if (i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '-' || s[i - 1] == '_'))
        return 0;
    for (int k = 0; names[k]; k++) {
        size_t l = strlen(names[k]);
        if (i + l <= n && strncasecmp(s + i, names[k], l) == 0)
            return l - 1;
    }
    return 0;
}

/* Copies the value with every math function evaluated; false when one
 * cannot be.  *changed says if there was any. */
static bool rewrite_math(sb_buf *out, const char *v, size_t n, bool *changed)
{
    *changed = false;
    size_t i = 0, from = 0;
    while (i < n) {
        char c = v[i];
        if (c == '"' || c == '\'') {
            i++;
            while (i < n && v[i] != c)
                i += v[i] == '\\' ? 2 : 1;
            i++;
            continue;
        }
        if ((c == 'u' || c == 'U') && i + 4 <= n && strncasecmp(v + i, "url(", 4) == 0) {
            i = close_paren(v, n, i + 3) + 1;
            continue;
        }
        size_t l = math_call_at(v, n, i);
        if (!l) {
            i++;
            continue;
        }
        size_t end = close_paren(v, n, i + l);
        if (end >= n)
            return false;
        sb_buf_append(out, v + from, i - from);
        if (!sb_css_eval_calc(out, v + i, end + 1 - i))
            return false;
        *changed = true;
        i = from = end + 1;
    }
    if (i > n)
        i = n;
    sb_buf_append(out, v + from, n - from);
    return true;
}

/* ---- flex items ------------------------------------------------------- */

static bool is_plain_number(const char *s, size_t n)
{
    if (!n)
        return false;
    for (size_t k = 0; k < n; k++)
        if (!isdigit((unsigned char)s[k]) && s[k] != '.' && s[k] != '+' && s[k] != '-')
            return false;
    return true;
}

/* A definite, non-zero basis: a length or percentage that is not 0. */
static bool definite_basis(const char *s, size_t n)
{
    if (!n || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
        return false;
    char *end;
    char tmp[64];
    size_t l = n < sizeof tmp - 1 ? n : sizeof tmp - 1;
    memcpy(tmp, s, l);
    tmp[l] = 0;
    double v = strtod(tmp, &end);
    return end != tmp && v > 0 && *end && *end != ' ';
}

/* The basis of flex-basis or of the flex shorthand, as width. */
static void put_basis(sb_buf *out, const char *v, size_t n, bool shorthand)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && isspace((unsigned char)v[i]))
            i++;
        size_t b = i;
        while (i < n && !isspace((unsigned char)v[i]))
            i++;
        if (i == b)
            break;
        if (shorthand && is_plain_number(v + b, i - b))
            continue; /* grow or shrink factor */
        if (definite_basis(v + b, i - b)) {
            sb_buf_puts(out, "width:");
            sb_buf_append(out, v + b, i - b);
        }
        return;
    }
}

/* ---- containers ------------------------------------------------------- */

typedef enum { MODEL_NONE, MODEL_FLEX, MODEL_GRID } model;

static model display_model(const char *v, size_t n, bool *is_inline)
{
    static const char *const flex[] = {"flex",       "-webkit-flex", "-ms-flexbox",
                                       "block flex", "flex block",   NULL};
    static const char *const iflex[] = {"inline-flex", "-webkit-inline-flex", "-ms-inline-flexbox",
                                        "inline flex", "flex inline",         NULL};
    static const char *const grid[] = {"grid", "-ms-grid", "block grid", "grid block", NULL};
    static const char *const igrid[] = {"inline-grid", "-ms-inline-grid", "inline grid",
                                        "grid inline", NULL};
    const char *const *lists[] = {flex, iflex, grid, igrid};
    for (int l = 0; l < 4; l++)
        for (int k = 0; lists[l][k]; k++)
            if (word_is(v, n, lists[l][k])) {
                *is_inline = l == 1 || l == 3;
                return l < 2 ? MODEL_FLEX : MODEL_GRID;
            }
    return MODEL_NONE;
}

/* Does the space-separated value have this word? */
static bool has_word(const char *v, size_t n, const char *word)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && isspace((unsigned char)v[i]))
            i++;
        size_t b = i;
        while (i < n && !isspace((unsigned char)v[i]))
            i++;
        if (i > b && word_is(v + b, i - b, word))
            return true;
    }
    return false;
}

typedef enum { TRACK_AUTO, TRACK_PX, TRACK_PCT, TRACK_FR } track_kind;
typedef struct track {
    track_kind kind;
    double v;
} track;

typedef struct track_list {
    track t[SB_CSS_MAX_TRACKS];
    int n;          /* tracks (may exceed SB_CSS_MAX_TRACKS; the rest are auto) */
    bool auto_fill; /* repeat(auto-fill | auto-fit, ...) */
    bool bad;
} track_list;

/* One track size: px, %, fr, minmax(a, b), fit-content(), auto... */
static track parse_track(const char *s, size_t n, bool prefer_min)
{
    track t = {TRACK_AUTO, 0};
    if (n > 7 && strncasecmp(s, "minmax(", 7) == 0 && s[n - 1] == ')') {
        /* The maximum decides, unless it is auto: then the minimum. */
        const char *in = s + 7;
        size_t in_n = n - 8;
        int depth = 0;
        size_t comma = in_n;
        for (size_t k = 0; k < in_n; k++) {
            if (in[k] == '(')
                depth++;
            else if (in[k] == ')')
                depth--;
            else if (in[k] == ',' && depth == 0) {
                comma = k;
                break;
            }
        }
        if (comma == in_n)
            return t;
        const char *a = in, *b = in + comma + 1;
        size_t an = comma, bn = in_n - comma - 1;
        sb_css_trim(&a, &an);
        sb_css_trim(&b, &bn);
        track ta = parse_track(a, an, false), tb = parse_track(b, bn, false);
        if (prefer_min && ta.kind != TRACK_AUTO && ta.v > 0)
            return ta;
        return tb.kind != TRACK_AUTO ? tb : ta;
    }
    if (!n || !(isdigit((unsigned char)s[0]) || s[0] == '.'))
        return t; /* auto, min-content, fit-content(), names */
    char tmp[64];
    size_t l = n < sizeof tmp - 1 ? n : sizeof tmp - 1;
    memcpy(tmp, s, l);
    tmp[l] = 0;
    char *end;
    double v = strtod(tmp, &end);
    if (end == tmp || !isfinite(v) || v < 0)
        return t;
    if (strcasecmp(end, "px") == 0)
        t = (track){TRACK_PX, v};
    else if (strcmp(end, "%") == 0)
        t = (track){TRACK_PCT, v};
    else if (strcasecmp(end, "fr") == 0)
        t = (track){TRACK_FR, v};
    else if (strcasecmp(end, "em") == 0 || strcasecmp(end, "rem") == 0)
        t = (track){TRACK_PX, v * 16};
    return t;
}

static void add_track(track_list *tl, track t)
{
    if (tl->n < SB_CSS_MAX_TRACKS)
        tl->t[tl->n] = t;
    if (tl->n < 10000)
        tl->n++;
}

/* grid-template-columns (after math functions were evaluated). */
static void parse_tracks(const char *v, size_t n, track_list *tl, int depth)
{
    size_t i = 0;
    while (i < n && !tl->bad) {
        while (i < n && isspace((unsigned char)v[i]))
            i++;
        if (i >= n)
            break;
        if (v[i] == '[') { /* line names */
            const char *e = memchr(v + i, ']', n - i);
            i = e ? (size_t)(e - v) + 1 : n;
            continue;
        }
        size_t b = i;
        while (i < n && !isspace((unsigned char)v[i]) && v[i] != '(' && v[i] != '[')
            i++;
        if (i < n && v[i] == '(')
            i = close_paren(v, n, i) + 1;
        if (i > n)
            i = n;
        const char *tok = v + b;
        size_t tn = i - b;
        if (tn > 7 && strncasecmp(tok, "repeat(", 7) == 0 && tok[tn - 1] == ')') {
            const char *in = tok + 7;
            size_t in_n = tn - 8;
            const char *comma = memchr(in, ',', in_n);
            if (!comma || depth > 0) {
                tl->bad = true;
                return;
            }
            const char *cnt = in;
            size_t cn = (size_t)(comma - in);
            sb_css_trim(&cnt, &cn);
            const char *body = comma + 1;
            size_t bn = (size_t)(in + in_n - body);
            long times;
            if (word_is(cnt, cn, "auto-fill") || word_is(cnt, cn, "auto-fit")) {
                tl->auto_fill = true;
                times = 1;
            } else {
                times = strtol(cnt, NULL, 10);
                if (times < 1)
                    times = 1;
                if (times > MAX_REPEAT)
                    times = MAX_REPEAT;
            }
            for (long r = 0; r < times && !tl->bad; r++)
                parse_tracks(body, bn, tl, depth + 1);
            continue;
        }
        /* In an auto-fill repeat the minimum is what we can know. */
        add_track(tl, parse_track(tok, tn, tl->auto_fill));
    }
}

static void put_track(char *dst, size_t cap, track t, double fr_share)
{
    sb_buf b = SB_BUF_INIT;
    switch (t.kind) {
    case TRACK_PX:
        put_number(&b, t.v, "px");
        break;
    case TRACK_PCT:
        put_number(&b, t.v, "%");
        break;
    case TRACK_FR:
        if (fr_share > 0)
            put_number(&b, t.v * fr_share, "%");
        break;
    case TRACK_AUTO:
        break;
    }
    snprintf(dst, cap, "%s", b.data ? b.data : "");
    sb_buf_free(&b);
}

static void put_number_into(char *dst, size_t cap, double pct)
{
    sb_buf b = SB_BUF_INIT;
    put_number(&b, pct, "%");
    snprintf(dst, cap, "%s", b.data ? b.data : "");
    sb_buf_free(&b);
}

/* The tracks of a grid-template-columns value `v`, with calc() and other
 * math resolved first; `tl->bad` when the value cannot be read. */
static void read_tracks(const char *v, size_t n, track_list *tl)
{
    memset(tl, 0, sizeof *tl);
    sb_buf ev = SB_BUF_INIT;
    bool changed;
    if (rewrite_math(&ev, v, n, &changed) && ev.data)
        parse_tracks(ev.data, ev.len, tl, 0);
    else
        tl->bad = true;
    sb_buf_free(&ev);
}

static void grid_layout(const char *v, size_t n, sb_css_layout *lay)
{
    track_list tl;
    read_tracks(v, n, &tl);
    if (tl.bad || tl.n == 0 || (tl.n == 1 && !tl.auto_fill)) {
        lay->kind = SB_LAYOUT_BLOCK;
        return;
    }
    int stored = tl.n < SB_CSS_MAX_TRACKS ? tl.n : SB_CSS_MAX_TRACKS;
    bool uniform = true;
    for (int k = 1; k < stored; k++)
        if (tl.t[k].kind != tl.t[0].kind || tl.t[k].v != tl.t[0].v)
            uniform = false;
    if (tl.auto_fill) {
        /* repeat(auto-fill, minmax(200px, 1fr)): as many as fit, each at
         * least the minimum; the minimum is what we can know. */
        lay->kind = SB_LAYOUT_FLOATS;
        track t = tl.t[0];
        if (t.kind == TRACK_PX || t.kind == TRACK_PCT)
            put_track(lay->item_width, sizeof lay->item_width, t, 0);
        return;
    }
    if (uniform && tl.n <= SB_CSS_MAX_TRACKS) {
        lay->kind = SB_LAYOUT_FLOATS;
        track t = tl.t[0];
        if (t.kind == TRACK_FR)
            put_number_into(lay->item_width, sizeof lay->item_width, 100.0 / tl.n);
        else
            put_track(lay->item_width, sizeof lay->item_width, t, 0);
        return;
    }
    lay->kind = SB_LAYOUT_CELLS;
    double fr_total = 0, pct_total = 0;
    bool any_px = false;
    for (int k = 0; k < stored; k++) {
        if (tl.t[k].kind == TRACK_FR)
            fr_total += tl.t[k].v;
        else if (tl.t[k].kind == TRACK_PCT)
            pct_total += tl.t[k].v;
        else
            any_px = true; /* px or auto: the rest is not known in % */
    }
    double share = !any_px && fr_total > 0 && pct_total < 100 ? (100 - pct_total) / fr_total : 0;
    lay->n_tracks = stored;
    for (int k = 0; k < stored; k++)
        put_track(lay->track_width[k], sizeof lay->track_width[k], tl.t[k], share);
}

int sb_css_track_shares(const char *v, size_t n, double *share, int cap, bool *uniform)
{
    track_list tl;
    read_tracks(v, n, &tl);
    if (tl.bad || tl.auto_fill || tl.n < 1 || tl.n > SB_CSS_MAX_TRACKS || tl.n > cap)
        return 0;
    *uniform = true;
    double fixed = 0, fr = 0;
    for (int k = 0; k < tl.n; k++) {
        if (tl.t[k].kind != tl.t[0].kind || tl.t[k].v != tl.t[0].v)
            *uniform = false;
        if (tl.t[k].kind == TRACK_PX)
            fixed += tl.t[k].v * 100.0 / VIEW_W;
        else if (tl.t[k].kind == TRACK_PCT)
            fixed += tl.t[k].v;
        else
            fr += tl.t[k].kind == TRACK_FR ? tl.t[k].v : 1; /* auto takes a share */
    }
    /* Fixed tracks wider than the viewport, or fr tracks left nothing:
     * the shares would not say where the columns stand. */
    if (fixed > 100 || (fr > 0 && fixed >= 100) || (fr == 0 && fixed <= 0))
        return 0;
    for (int k = 0; k < tl.n; k++) {
        track t = tl.t[k];
        if (t.kind == TRACK_PX)
            share[k] = t.v * 100.0 / VIEW_W;
        else if (t.kind == TRACK_PCT)
            share[k] = t.v;
        else
            share[k] = fr > 0 ? (100 - fixed) * (t.kind == TRACK_FR ? t.v : 1) / fr : 0;
    }
    return tl.n;
}

bool sb_css_places_grid_items(const char *css, size_t len)
{
    static const char *const props[] = {"grid-column", "grid-row", "grid-area", NULL};
    for (size_t i = 0; i + 8 < len; i++) {
        if (css[i] != 'g' && css[i] != 'G')
            continue;
        for (int k = 0; props[k]; k++) {
            size_t l = strlen(props[k]);
            if (i + l <= len && strncasecmp(css + i, props[k], l) == 0)
                return true;
        }
    }
    return false;
}

void sb_css_layout_scan(const sb_css_decl *decls, size_t n, bool grid_placed, sb_css_layout *lay)
{
    memset(lay, 0, sizeof *lay);
    model m = MODEL_NONE;
    bool is_inline = false, column = false, wrap = false;
    const sb_css_decl *columns = NULL;
    for (size_t k = 0; k < n; k++) {
        const sb_css_decl *d = &decls[k];
        const char *v;
        size_t vn;
        sb_css_decl_value(d, &v, &vn, NULL);
        if (name_is(d, "display")) {
            bool inl = false;
            m = display_model(v, vn, &inl);
            is_inline = inl;
        } else if (name_is(d, "flex-direction") || name_is(d, "-webkit-flex-direction")) {
            column = vn >= 6 && strncasecmp(v, "column", 6) == 0;
        } else if (name_is(d, "flex-wrap") || name_is(d, "-webkit-flex-wrap")) {
            wrap = vn >= 4 && strncasecmp(v, "wrap", 4) == 0;
        } else if (name_is(d, "flex-flow") || name_is(d, "-webkit-flex-flow")) {
            column = has_word(v, vn, "column") || has_word(v, vn, "column-reverse");
            wrap = has_word(v, vn, "wrap") || has_word(v, vn, "wrap-reverse");
        } else if (name_is(d, "grid-template-columns")) {
            columns = d;
        } else if (name_is(d, "grid-template-areas") || name_is(d, "grid-template")) {
            grid_placed = true; /* named areas place the items */
        } else if (name_is(d, "width")) {
            lay->has_width = true;
        }
    }
    lay->is_inline = is_inline;
    if (m == MODEL_FLEX)
        lay->kind = column ? SB_LAYOUT_BLOCK : wrap ? SB_LAYOUT_FLOATS : SB_LAYOUT_CELLS;
    else if (m == MODEL_GRID) {
        if (columns && !grid_placed) {
            const char *v;
            size_t vn;
            sb_css_decl_value(columns, &v, &vn, NULL);
            grid_layout(v, vn, lay);
        } else {
            lay->kind = SB_LAYOUT_BLOCK; /* rows only, or placed items: block flow */
        }
    }
}

bool sb_css_flex_decl(sb_buf *out, const sb_css_decl *d, const sb_css_layout *lay, bool *drop)
{
    *drop = false;
    const char *v;
    size_t vn;
    bool important;
    sb_css_decl_value(d, &v, &vn, &important);
    if (name_is(d, "display")) {
        bool inl;
        if (lay->kind == SB_LAYOUT_NONE || display_model(v, vn, &inl) == MODEL_NONE)
            return false;
        sb_buf_puts(out, "display:");
        if (lay->kind == SB_LAYOUT_CELLS)
            sb_buf_puts(out, lay->is_inline ? "inline-table" : "table");
        else
            sb_buf_puts(out, lay->is_inline ? "inline-block" : "block");
        if (important)
            sb_buf_puts(out, " !important");
        return true;
    }
    /* Math functions first: a flex basis may be one. */
    sb_buf ev = SB_BUF_INIT;
    bool changed = false;
    if (!rewrite_math(&ev, v, vn, &changed)) {
        sb_buf_free(&ev);
        *drop = true;
        return false;
    }
    const char *val = changed ? ev.data : v;
    size_t val_n = changed ? ev.len : vn;
    bool flex = name_is(d, "flex") || name_is(d, "-webkit-flex") || name_is(d, "-ms-flex");
    bool basis = name_is(d, "flex-basis") || name_is(d, "-webkit-flex-basis");
    bool done = false;
    if (flex || basis) {
        size_t mark = out->len;
        put_basis(out, val, val_n, flex);
        if (out->len == mark)
            *drop = true;
        else if (important)
            sb_buf_puts(out, " !important");
        done = out->len != mark;
    } else if (changed) {
        sb_buf_append(out, d->name, d->name_len);
        sb_buf_putc(out, ':');
        sb_buf_append(out, val, val_n);
        if (important)
            sb_buf_puts(out, " !important");
        done = true;
    }
    sb_buf_free(&ev);
    return done;
}

void sb_css_layout_extra(sb_buf *out, const sb_css_layout *lay)
{
    if (lay->kind == SB_LAYOUT_CELLS && !lay->is_inline && !lay->has_width)
        sb_buf_puts(out, "width:100%;");
}

/* Selectors a child combinator cannot follow (pseudo-elements). */
static bool selector_takes_children(const char *s, size_t n)
{
    for (size_t k = 0; k + 1 < n; k++)
        if (s[k] == ':' &&
            (s[k + 1] == ':' || (k + 7 <= n && strncasecmp(s + k + 1, "before", 6) == 0) ||
             (k + 6 <= n && strncasecmp(s + k + 1, "after", 5) == 0)))
            return false;
    return true;
}

/* The children a table-cell companion must not show: the user-agent
 * stylesheet hides them, and an author rule beats it. */
#define HIDDEN_CHILDREN " > script| > style| > template| > [hidden]"

/* Appends every selector of the list followed by suffix (or, for a suffix
 * with '|', by each of its alternatives), comma separated; returns how
 * many selectors were written. */
static int put_selectors(sb_buf *out, const char *sel, size_t n, const char *suffix)
{
    int count = 0;
    size_t i = 0;
    while (i < n) {
        size_t b = i;
        int depth = 0;
        while (i < n && !(sel[i] == ',' && depth == 0)) {
            if (sel[i] == '(' || sel[i] == '[')
                depth++;
            else if ((sel[i] == ')' || sel[i] == ']') && depth > 0)
                depth--;
            else if (sel[i] == '"' || sel[i] == '\'')
                break; /* attribute values with commas: give up on the rest */
            i++;
        }
        if (i < n && sel[i] != ',')
            return count;
        const char *one = sel + b;
        size_t one_n = i - b;
        i++;
        sb_css_trim(&one, &one_n);
        if (!one_n || !selector_takes_children(one, one_n))
            continue;
        const char *alt = suffix;
        for (;;) {
            const char *bar = strchr(alt, '|');
            size_t alt_n = bar ? (size_t)(bar - alt) : strlen(alt);
            if (count++)
                sb_buf_putc(out, ',');
            sb_buf_append(out, one, one_n);
            sb_buf_append(out, alt, alt_n);
            if (!bar)
                break;
            alt = bar + 1;
        }
    }
    return count;
}

/* Appends "SELECTORS{decls}\n", or nothing when no selector qualifies. */
static void put_companion(sb_buf *out, const char *sel, size_t n, const char *suffix,
                          const char *decls)
{
    size_t mark = out->len;
    if (!put_selectors(out, sel, n, suffix)) {
        out->len = mark;
        if (out->data)
            out->data[mark] = 0;
        return;
    }
    sb_buf_putc(out, '{');
    sb_buf_puts(out, decls);
    sb_buf_puts(out, "}\n");
}

/* Appends "S S ... S{display:block}" (SB_CSS_MAX_CELL_NESTING + 1 times S)
 * for each selector S of the list, the same for its items, and keeps the
 * items the user-agent sheet hides hidden there too. */
static void put_nesting_cap(sb_buf *out, const char *sel, size_t n, bool is_inline)
{
    sb_buf one_list = SB_BUF_INIT, capped = SB_BUF_INIT;
    put_selectors(&one_list, sel, n, "\x01"); /* each kept selector, marked */
    const char *s = one_list.data ? one_list.data : "";
    size_t i = 0;
    while (i < one_list.len) {
        const char *end = memchr(s + i, '\x01', one_list.len - i);
        if (!end)
            break;
        size_t one_n = (size_t)(end - (s + i));
        if (capped.len)
            sb_buf_putc(&capped, ',');
        for (int k = 0; k <= SB_CSS_MAX_CELL_NESTING; k++) {
            if (k)
                sb_buf_putc(&capped, ' ');
            sb_buf_append(&capped, s + i, one_n);
        }
        i = (size_t)(end - s) + 1;
        if (i < one_list.len && s[i] == ',')
            i++;
    }
    if (capped.len) {
        put_companion(out, capped.data, capped.len, "",
                      is_inline ? "display:inline-block;" : "display:block;");
        put_companion(out, capped.data, capped.len, " > *", "display:block;");
        put_companion(out, capped.data, capped.len, HIDDEN_CHILDREN, "display:none;");
    }
    sb_buf_free(&one_list);
    sb_buf_free(&capped);
}

void sb_css_layout_companions(sb_buf *out, const char *sel, size_t n, const sb_css_layout *lay)
{
    char decls[64];
    switch (lay->kind) {
    case SB_LAYOUT_CELLS:
        put_companion(out, sel, n, " > *", "display:table-cell;vertical-align:top;");
        put_companion(out, sel, n, HIDDEN_CHILDREN, "display:none;");
        /* The nesting cap: the same container selector inside itself more
         * than SB_CSS_MAX_CELL_NESTING deep is block flow again, with its
         * items. */
        put_nesting_cap(out, sel, n, lay->is_inline);
        for (int k = 0; k < lay->n_tracks; k++) {
            if (!lay->track_width[k][0])
                continue;
            char suffix[48];
            snprintf(suffix, sizeof suffix, " > *:nth-child(%d)", k + 1);
            snprintf(decls, sizeof decls, "width:%s;", lay->track_width[k]);
            put_companion(out, sel, n, suffix, decls);
        }
        break;
    case SB_LAYOUT_FLOATS:
        if (lay->item_width[0])
            snprintf(decls, sizeof decls, "float:left;width:%s;", lay->item_width);
        else
            snprintf(decls, sizeof decls, "float:left;");
        put_companion(out, sel, n, " > *", decls);
        put_companion(out, sel, n, "::after", "content:\"\";display:block;clear:both;");
        break;
    case SB_LAYOUT_NONE:
    case SB_LAYOUT_BLOCK:
        if (lay->clears)
            put_companion(out, sel, n, "::after", "content:\"\";display:block;clear:both;");
        break;
    }
}
