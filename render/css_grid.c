#include "render/css_grid.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool name_is(const sb_css_decl *d, const char *name)
{
    return strlen(name) == d->name_len && strncasecmp(d->name, name, d->name_len) == 0;
}

void sb_css_grid_sheet_begin(sb_css_grid_sheet *g, const char *css, size_t len)
{
    memset(g, 0, sizeof *g);
    g->places_items = sb_css_places_grid_items(css, len);
}

bool sb_css_grid_is_container(const sb_css_decl *decls, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        const sb_css_decl *d = &decls[k];
        if (name_is(d, "grid-template-columns") || name_is(d, "grid-template-areas") ||
            name_is(d, "grid-template"))
            return true;
        if (name_is(d, "display")) {
            const char *v;
            size_t vn;
            sb_css_decl_value(d, &v, &vn, NULL);
            if ((vn == 4 && strncasecmp(v, "grid", 4) == 0) ||
                (vn == 11 && strncasecmp(v, "inline-grid", 11) == 0))
                return true;
        }
    }
    return false;
}

/* ---- the sheet's tracks ------------------------------------------------ */

/* grid-template-areas: quoted rows of names ('.' is an empty cell) into
 * areas; returns the column count, 0 when the rows do not agree. */
static int parse_areas(const char *v, size_t n, sb_css_grid_area *areas, int *n_areas)
{
    int cols = -1, count = 0;
    size_t i = 0;
    while (i < n) {
        char q = v[i];
        if (q != '"' && q != '\'') {
            if (!isspace((unsigned char)q))
                return 0; /* `none`, track sizes (grid-template): not read */
            i++;
            continue;
        }
        const char *row = v + i + 1;
        const char *end = memchr(row, q, n - i - 1);
        if (!end)
            return 0;
        size_t rn = (size_t)(end - row);
        i = (size_t)(end - v) + 1;
        int c = 0;
        size_t k = 0;
        while (k < rn) {
            while (k < rn && isspace((unsigned char)row[k]))
                k++;
            if (k >= rn)
                break;
            size_t b = k;
            while (k < rn && !isspace((unsigned char)row[k]))
                k++;
            if (c >= SB_CSS_MAX_TRACKS)
                return 0;
            if (row[b] != '.') {
                size_t tn = k - b;
                int a = 0;
                while (a < count &&
                       !(strlen(areas[a].name) == tn && strncmp(areas[a].name, row + b, tn) == 0))
                    a++;
                if (a == count) {
                    if (count == SB_CSS_MAX_AREAS || tn >= sizeof areas[a].name)
                        return 0;
                    memcpy(areas[a].name, row + b, tn);
                    areas[a].name[tn] = 0;
                    areas[a].start = c + 1;
                    areas[a].end = c + 2;
                    count++;
                }
                if (c + 1 < areas[a].start)
                    areas[a].start = c + 1;
                if (c + 2 > areas[a].end)
                    areas[a].end = c + 2;
            }
            c++;
        }
        if (cols >= 0 && c != cols)
            return 0;
        cols = c;
    }
    *n_areas = count;
    return cols > 0 ? cols : 0;
}

void sb_css_grid_sheet_add_rule(sb_css_grid_sheet *g, const sb_css_decl *decls, size_t n)
{
    const sb_css_decl *columns = NULL, *areas = NULL;
    for (size_t k = 0; k < n; k++) {
        if (name_is(&decls[k], "grid-template-columns"))
            columns = &decls[k];
        else if (name_is(&decls[k], "grid-template-areas"))
            areas = &decls[k];
    }
    double share[SB_CSS_MAX_TRACKS];
    int n_tracks = 0;
    bool uniform = false;
    if (columns) {
        const char *v;
        size_t vn;
        sb_css_decl_value(columns, &v, &vn, NULL);
        n_tracks = sb_css_track_shares(v, vn, share, SB_CSS_MAX_TRACKS, &uniform);
        if (uniform && n_tracks >= 2 && n_tracks > g->columns)
            g->columns = n_tracks;
    }
    if (!areas)
        return;
    sb_css_grid_area found[SB_CSS_MAX_AREAS];
    int n_found = 0;
    const char *v;
    size_t vn;
    sb_css_decl_value(areas, &v, &vn, NULL);
    int cols = parse_areas(v, vn, found, &n_found);
    if (cols < 2)
        return; /* one column: the items stack, as block flow does */
    if (!columns) {
        for (int k = 0; k < cols; k++)
            share[k] = 100.0 / cols;
        n_tracks = cols;
    }
    if (n_tracks != cols)
        return;
    /* The last template that holds wins: a mobile-first sheet states the
     * wide layout last. */
    g->n_tracks = n_tracks;
    memcpy(g->share, share, sizeof share);
    g->n_areas = n_found;
    memcpy(g->areas, found, sizeof found);
}

/* ---- items --------------------------------------------------------------- */

typedef enum { LINE_AUTO, LINE_NUM, LINE_SPAN, LINE_NAME } line_kind;
typedef struct line {
    line_kind kind;
    int v;            /* the number, or the span */
    const char *name; /* LINE_NAME */
    size_t name_n;
} line;

/* One side of a placement: auto, N, -N, span N, a name. */
static line parse_line(const char *s, size_t n)
{
    sb_css_trim(&s, &n);
    line l = {LINE_AUTO, 0, NULL, 0};
    if (!n || (n == 4 && strncasecmp(s, "auto", 4) == 0))
        return l;
    bool span = n > 5 && strncasecmp(s, "span", 4) == 0 && isspace((unsigned char)s[4]);
    if (span) {
        s += 5;
        n -= 5;
        sb_css_trim(&s, &n);
    }
    char tmp[16];
    if (n && n < sizeof tmp && (isdigit((unsigned char)s[0]) || s[0] == '-' || s[0] == '+')) {
        memcpy(tmp, s, n);
        tmp[n] = 0;
        char *end;
        long v = strtol(tmp, &end, 10);
        if (*end == 0 && v != 0 && v > -1000 && v < 1000 && (!span || v > 0))
            return (line){span ? LINE_SPAN : LINE_NUM, (int)v, NULL, 0};
    }
    if (span)
        return (line){LINE_NAME, 0, NULL, 0}; /* span of a named line: unknown */
    return (line){LINE_NAME, 0, s, n};
}

/* The end a shorthand leaves out: the same name, else auto. */
static line end_of(line start)
{
    if (start.kind == LINE_NAME)
        return start;
    return (line){LINE_AUTO, 0, NULL, 0};
}

/* Splits "a / b [/ c / d]" into at most 4 parts; returns how many. */
static int split_slash(const char *v, size_t n, const char **part, size_t *part_n)
{
    int k = 0;
    size_t b = 0;
    for (size_t i = 0; i <= n && k < 4; i++) {
        if (i == n || v[i] == '/') {
            part[k] = v + b;
            part_n[k] = i - b;
            k++;
            b = i + 1;
        }
    }
    return k;
}

static const sb_css_grid_area *find_area(const sb_css_grid_sheet *g, const char *s, size_t n)
{
    for (int a = 0; a < g->n_areas; a++)
        if (strlen(g->areas[a].name) == n && strncmp(g->areas[a].name, s, n) == 0)
            return &g->areas[a];
    return NULL;
}

/* Resolves [s, e) on a grid of n tracks (negative lines count from the
 * end); false when the placement does not fit it. */
static bool resolve(line s, line e, int n, int *start, int *end)
{
    int a = 0, b = 0;
    if (s.kind == LINE_NUM)
        a = s.v > 0 ? s.v : n + 2 + s.v;
    if (e.kind == LINE_NUM)
        b = e.v > 0 ? e.v : n + 2 + e.v;
    if (s.kind == LINE_NUM) {
        if (e.kind == LINE_SPAN)
            b = a + e.v;
        else if (e.kind == LINE_AUTO)
            b = a + 1;
        else if (e.kind != LINE_NUM)
            return false;
    } else if (e.kind == LINE_NUM) {
        int span = s.kind == LINE_SPAN ? s.v : s.kind == LINE_AUTO ? 1 : 0;
        if (!span)
            return false;
        a = b - span;
    } else {
        return false; /* no line given: the start is the auto-placement's */
    }
    if (a > b) {
        int t = a;
        a = b;
        b = t;
    }
    if (a < 1 || b > n + 1 || a == b)
        return false;
    *start = a;
    *end = b;
    return true;
}

/* The span alone, when no line is given (span N, span N / span N). */
static int span_only(line s, line e)
{
    if (s.kind == LINE_NUM || e.kind == LINE_NUM || s.kind == LINE_NAME || e.kind == LINE_NAME)
        return 0;
    if (s.kind == LINE_SPAN)
        return s.v;
    return e.kind == LINE_SPAN ? e.v : 0;
}

static void put_pct(sb_buf *out, double v)
{
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%.3f", v);
    char *dot = strchr(tmp, '.');
    if (dot) {
        char *end = tmp + strlen(tmp) - 1;
        while (end > dot && *end == '0')
            *end-- = 0;
        if (end == dot)
            *end = 0;
    }
    sb_buf_puts(out, tmp);
    sb_buf_putc(out, '%');
}

void sb_css_grid_place(sb_buf *out, const sb_css_decl *decls, size_t n, const sb_css_grid_sheet *g)
{
    if (!g || !g->places_items)
        return;
    line s = {LINE_AUTO, 0, NULL, 0}, e = s;
    bool says_end = false, any = false;
    for (size_t k = 0; k < n; k++) {
        const sb_css_decl *d = &decls[k];
        const char *v;
        size_t vn;
        bool area = name_is(d, "grid-area"), column = name_is(d, "grid-column");
        if (!area && !column && !name_is(d, "grid-column-start") && !name_is(d, "grid-column-end"))
            continue;
        sb_css_decl_value(d, &v, &vn, NULL);
        any = true;
        const char *part[4];
        size_t part_n[4];
        int parts = split_slash(v, vn, part, part_n);
        if (area) {
            /* row-start / column-start / row-end / column-end; a lone name
             * is the area, a lone line only the row. */
            if (parts == 1) {
                s = parse_line(part[0], part_n[0]);
                if (s.kind != LINE_NAME) {
                    s.kind = LINE_AUTO;
                    s.v = 0;
                }
                e = s;
            } else {
                s = parse_line(part[1], part_n[1]);
                e = parts >= 4 ? parse_line(part[3], part_n[3]) : end_of(s);
            }
            says_end = true;
        } else if (column) {
            s = parse_line(part[0], part_n[0]);
            e = parts >= 2 ? parse_line(part[1], part_n[1]) : end_of(s);
            says_end = true;
        } else if (name_is(d, "grid-column-start")) {
            s = parse_line(v, vn);
        } else {
            e = parse_line(v, vn);
            says_end = true;
        }
    }
    if (!any || !says_end)
        return; /* only a start: the span is another rule's */
    double width = -1;
    int start = 0;
    if (s.kind == LINE_NAME || e.kind == LINE_NAME) {
        /* an area's name, as grid-area or as both lines of grid-column */
        const sb_css_grid_area *a = NULL;
        if (s.kind == LINE_NAME && e.kind == LINE_NAME && s.name_n == e.name_n && s.name &&
            e.name && strncmp(s.name, e.name, s.name_n) == 0)
            a = find_area(g, s.name, s.name_n);
        if (!a)
            return;
        start = a->start;
        width = 0;
        for (int k = a->start; k < a->end; k++)
            width += g->share[k - 1];
    } else {
        int a, b;
        if (g->columns && resolve(s, e, g->columns, &a, &b)) {
            start = a;
            width = 100.0 * (b - a) / g->columns;
        } else if (g->n_tracks && resolve(s, e, g->n_tracks, &a, &b)) {
            start = a;
            width = 0;
            for (int k = a; k < b; k++)
                width += g->share[k - 1];
        } else {
            int span = span_only(s, e);
            if (!g->columns || span < 1 || span > g->columns)
                return;
            width = 100.0 * span / g->columns;
        }
    }
    if (width >= 99.9) {
        sb_buf_puts(out, "float:none;clear:both;width:auto;");
        return;
    }
    if (width <= 0)
        return;
    sb_buf_puts(out, start == 1 ? "float:left;clear:left;width:" : "float:left;clear:none;width:");
    put_pct(out, width);
    sb_buf_puts(out, ";box-sizing:border-box;");
}
