/* markup: the story record as a Markdown or an HTML document
 * (sb_story_to_markdown, sb_story_to_html).
 *
 * Both read the same things in the same order: the headline, the
 * standfirst, the byline and date, then the body's blocks from the record's
 * structure (dom/story/structure.h) with the images placed among them.  A
 * record without a structure (a seed method) is read as plain paragraphs
 * split at "\n\n".  Every string comes from an untrusted page: Markdown
 * specials are escaped with backslashes, HTML with entities, and only
 * http(s) and relative URLs become links or images. */
#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "dom/story/structure.h"
#include "storybox.h"

typedef enum { MARKDOWN, HTML } markup;

/* ---- escaping ---------------------------------------------------------- */

static void html_text(sb_buf *b, const char *s, size_t n)
{
    for (size_t i = 0; i < n && s[i]; i++) {
        switch (s[i]) {
        case '<':
            sb_buf_puts(b, "&lt;");
            break;
        case '>':
            sb_buf_puts(b, "&gt;");
            break;
        case '&':
            sb_buf_puts(b, "&amp;");
            break;
        case '"':
            sb_buf_puts(b, "&quot;");
            break;
        case '\'':
            sb_buf_puts(b, "&#39;");
            break;
        default:
            sb_buf_putc(b, s[i]);
        }
    }
}

static bool is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

/* "&name;" or "&#123;": a character reference Markdown would decode. */
static bool entity_at(const char *s, size_t n)
{
    size_t i = 1;
    while (i < n && i < 34 &&
           (s[i] == '#' || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
            is_digit(s[i])))
        i++;
    return i > 1 && i < n && s[i] == ';';
}

/* Markdown text: backslash before every character that could start markup
 * anywhere in a line (emphasis, code, links, raw HTML, table pipes,
 * strikethrough, character references), and before those that do so only
 * at the start of a line (headings, quotes, list markers, rules). */
static void md_text(sb_buf *b, const char *s, size_t n)
{
    bool line_start = true;
    for (size_t i = 0; i < n && s[i]; i++) {
        char ch = s[i];
        if (ch == '\n') {
            sb_buf_putc(b, ' ');
            continue;
        }
        bool esc = strchr("\\`*_[]<>|~", ch) != NULL || (ch == '&' && entity_at(s + i, n - i));
        if (line_start && !esc) {
            if (strchr("#+-=", ch))
                esc = true;
            else if (is_digit(ch)) {
                /* "1999. " would start an ordered list: "1999\. " */
                size_t k = i;
                while (k < n && is_digit(s[k]))
                    k++;
                if (k < n && (s[k] == '.' || s[k] == ')')) {
                    sb_buf_append(b, s + i, k - i);
                    sb_buf_putc(b, '\\');
                    sb_buf_putc(b, s[k]);
                    i = k;
                    line_start = false;
                    continue;
                }
            }
        }
        if (esc)
            sb_buf_putc(b, '\\');
        sb_buf_putc(b, ch);
        if (ch != ' ')
            line_start = false;
    }
}

/* A URL inside Markdown's (...) or an HTML attribute: white space, quotes,
 * brackets and controls percent-encoded so it cannot end early. */
static void url_text(sb_buf *b, const char *u, markup m)
{
    for (; *u; u++) {
        unsigned char ch = (unsigned char)*u;
        if (ch <= 0x20 || ch == 0x7f || strchr("()<>\"'\\`[]", ch))
            sb_buf_printf(b, "%%%02X", ch);
        else if (m == HTML && ch == '&')
            sb_buf_puts(b, "&amp;");
        else
            sb_buf_putc(b, (char)ch);
    }
}

static void put_text(sb_buf *b, markup m, const char *s, size_t n)
{
    if (m == MARKDOWN)
        md_text(b, s, n);
    else
        html_text(b, s, n);
}

/* A block's text with its links (when asked and allowed). */
static void put_linked(sb_buf *b, markup m, const char *text, const sb_link *links, size_t n_links,
                       bool with_links)
{
    size_t at = 0, len = strlen(text);
    for (size_t k = 0; with_links && k < n_links; k++) {
        const sb_link *l = &links[k];
        if (l->start < at || l->end > len || l->end <= l->start || !sb_link_url_allowed(l->href))
            continue;
        put_text(b, m, text + at, l->start - at);
        if (m == MARKDOWN) {
            sb_buf_putc(b, '[');
            md_text(b, text + l->start, l->end - l->start);
            sb_buf_puts(b, "](");
            url_text(b, l->href, m);
            sb_buf_putc(b, ')');
        } else {
            sb_buf_puts(b, "<a href=\"");
            url_text(b, l->href, m);
            sb_buf_puts(b, "\">");
            html_text(b, text + l->start, l->end - l->start);
            sb_buf_puts(b, "</a>");
        }
        at = l->end;
    }
    put_text(b, m, text + at, len - at);
}

/* ---- the document's pieces ---------------------------------------------- */

static void put_image(sb_buf *b, markup m, const sb_image *im)
{
    if (!im || !im->url || !sb_link_url_allowed(im->url))
        return;
    const char *alt = im->alt ? im->alt : "";
    if (m == MARKDOWN) {
        sb_buf_puts(b, "![");
        md_text(b, alt, strlen(alt));
        sb_buf_puts(b, "](");
        url_text(b, im->url, m);
        sb_buf_puts(b, ")\n\n");
        if (im->caption || im->credit) {
            sb_buf_putc(b, '*');
            if (im->caption)
                md_text(b, im->caption, strlen(im->caption));
            if (im->caption && im->credit)
                sb_buf_puts(b, " ");
            if (im->credit) {
                sb_buf_puts(b, "(");
                md_text(b, im->credit, strlen(im->credit));
                sb_buf_puts(b, ")");
            }
            sb_buf_puts(b, "*\n\n");
        }
        return;
    }
    sb_buf_puts(b, "<figure><img src=\"");
    url_text(b, im->url, m);
    sb_buf_puts(b, "\" alt=\"");
    html_text(b, alt, strlen(alt));
    sb_buf_puts(b, "\">");
    if (im->caption || im->credit) {
        sb_buf_puts(b, "<figcaption>");
        if (im->caption)
            html_text(b, im->caption, strlen(im->caption));
        if (im->caption && im->credit)
            sb_buf_puts(b, " ");
        if (im->credit) {
            sb_buf_puts(b, "(");
            html_text(b, im->credit, strlen(im->credit));
            sb_buf_puts(b, ")");
        }
        sb_buf_puts(b, "</figcaption>");
    }
    sb_buf_puts(b, "</figure>\n");
}

/* Prefixes every line of b from `from` on with "> " (Markdown quotes). */
static void quote_lines(sb_buf *b, size_t from)
{
    sb_buf q = SB_BUF_INIT;
    bool line_start = true;
    for (size_t i = from; i < b->len; i++) {
        if (line_start)
            sb_buf_puts(&q, b->data[i] == '\n' ? ">" : "> ");
        sb_buf_putc(&q, b->data[i]);
        line_start = b->data[i] == '\n';
    }
    b->len = from;
    b->data[from] = '\0';
    if (q.len)
        sb_buf_append(b, q.data, q.len);
    sb_buf_free(&q);
}

static void md_table(sb_buf *b, const sb_block *t)
{
    for (size_t r = 0; r < t->rows; r++) {
        sb_buf_putc(b, '|');
        for (size_t c = 0; c < t->cols; c++) {
            const char *cell = t->cells[r * t->cols + c];
            sb_buf_putc(b, ' ');
            md_text(b, cell, strlen(cell));
            sb_buf_puts(b, " |");
        }
        sb_buf_putc(b, '\n');
        if (r == 0) {
            sb_buf_putc(b, '|');
            for (size_t c = 0; c < t->cols; c++)
                sb_buf_puts(b, " --- |");
            sb_buf_putc(b, '\n');
        }
    }
}

static void html_table(sb_buf *b, const sb_block *t)
{
    sb_buf_puts(b, "<table>\n");
    for (size_t r = 0; r < t->rows; r++) {
        const char *tag = r == 0 && t->header_row ? "th" : "td";
        sb_buf_puts(b, "<tr>");
        for (size_t c = 0; c < t->cols; c++) {
            const char *cell = t->cells[r * t->cols + c];
            sb_buf_printf(b, "<%s>", tag);
            html_text(b, cell, strlen(cell));
            sb_buf_printf(b, "</%s>", tag);
        }
        sb_buf_puts(b, "</tr>\n");
    }
    sb_buf_puts(b, "</table>\n");
}

/* A fence longer than any run of backticks in the text. */
static void md_fence(sb_buf *b, const char *text)
{
    size_t longest = 0, run = 0;
    for (const char *p = text; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > longest)
            longest = run;
    }
    for (size_t i = 0; i < (longest < 3 ? 3 : longest + 1); i++)
        sb_buf_putc(b, '`');
    sb_buf_putc(b, '\n');
}

/* Open HTML lists: one entry per nesting level. */
#define LIST_DEPTH_MAX 16
typedef struct html_lists {
    int list[LIST_DEPTH_MAX];
    bool ordered[LIST_DEPTH_MAX];
    int depth;
} html_lists;

static void html_lists_close_to(sb_buf *b, html_lists *l, int depth)
{
    while (l->depth > depth) {
        l->depth--;
        sb_buf_puts(b, l->ordered[l->depth] ? "</li></ol>\n" : "</li></ul>\n");
    }
}

/* Opens the item's <li>, closing and opening lists around it. */
static void html_list_item(sb_buf *b, html_lists *l, const sb_block *blk)
{
    int depth = blk->level < 1 ? 1 : blk->level > LIST_DEPTH_MAX ? LIST_DEPTH_MAX : blk->level;
    html_lists_close_to(b, l, depth);
    if (l->depth == depth && l->list[depth - 1] != blk->list)
        html_lists_close_to(b, l, depth - 1);
    if (l->depth == depth) {
        if (blk->continues) {
            sb_buf_puts(b, "<br>");
            return;
        }
        sb_buf_puts(b, "</li>\n<li>");
        return;
    }
    while (l->depth < depth) {
        bool ordered = l->depth == depth - 1 && blk->ordered;
        l->list[l->depth] = l->depth == depth - 1 ? blk->list : -1;
        l->ordered[l->depth] = ordered;
        l->depth++;
        sb_buf_puts(b, ordered ? "<ol>\n<li>" : "<ul>\n<li>");
    }
}

/* The headline, standfirst and byline/date. */
static void put_head(sb_buf *b, markup m, const sb_story *s)
{
    const char *title = s->title ? s->title : "";
    if (m == MARKDOWN) {
        sb_buf_puts(b, "# ");
        md_text(b, title, strlen(title));
        sb_buf_puts(b, "\n\n");
        if (s->standfirst && *s->standfirst) {
            sb_buf_putc(b, '*');
            md_text(b, s->standfirst, strlen(s->standfirst));
            sb_buf_puts(b, "*\n\n");
        }
        if (s->byline || s->published) {
            if (s->byline)
                md_text(b, s->byline, strlen(s->byline));
            if (s->byline && s->published)
                sb_buf_puts(b, " · ");
            if (s->published)
                md_text(b, s->published, strlen(s->published));
            sb_buf_puts(b, "\n\n");
        }
        return;
    }
    sb_buf_puts(b, "<article>\n<h1>");
    html_text(b, title, strlen(title));
    sb_buf_puts(b, "</h1>\n");
    if (s->standfirst && *s->standfirst) {
        sb_buf_puts(b, "<p class=\"standfirst\"><em>");
        html_text(b, s->standfirst, strlen(s->standfirst));
        sb_buf_puts(b, "</em></p>\n");
    }
    if (s->byline) {
        sb_buf_puts(b, "<p class=\"byline\">");
        html_text(b, s->byline, strlen(s->byline));
        sb_buf_puts(b, "</p>\n");
    }
    if (s->published) {
        sb_buf_puts(b, "<p><time datetime=\"");
        html_text(b, s->published, strlen(s->published));
        sb_buf_puts(b, "\">");
        html_text(b, s->published, strlen(s->published));
        sb_buf_puts(b, "</time></p>\n");
    }
}

/* A record without structure: its text as paragraphs. */
static void put_plain_text(sb_buf *b, markup m, const char *text)
{
    const char *p = text;
    while (p && *p) {
        const char *end = strstr(p, "\n\n");
        size_t n = end ? (size_t)(end - p) : strlen(p);
        if (m == HTML)
            sb_buf_puts(b, "<p>");
        put_text(b, m, p, n);
        sb_buf_puts(b, m == HTML ? "</p>\n" : "\n\n");
        p = end ? end + 2 : p + n;
    }
}

/* The images placed before block k (k == n_blocks: after the last). */
static void put_images_before(sb_buf *b, markup m, const sb_story *s, size_t k, bool *done)
{
    const sb_structure *st = s->structure;
    for (size_t i = 0; i < s->n_images && i < st->n_images; i++)
        if (!done[i] && st->image_before[i] == (long)k) {
            put_image(b, m, &s->images[i]);
            done[i] = true;
        }
}

/* Numbers of the open ordered lists, one per nesting level. */
typedef struct md_lists {
    int list[LIST_DEPTH_MAX];
    long number[LIST_DEPTH_MAX];
} md_lists;

static void put_block_md(sb_buf *b, const sb_block *blk, const sb_block *prev, md_lists *nums,
                         bool links)
{
    switch (blk->kind) {
    case SB_BLOCK_HEADING: {
        int level = blk->level < 2 ? 2 : blk->level;
        for (int i = 0; i < level; i++)
            sb_buf_putc(b, '#');
        sb_buf_putc(b, ' ');
        put_linked(b, MARKDOWN, blk->text, blk->links, blk->n_links, links);
        sb_buf_puts(b, "\n\n");
        return;
    }
    case SB_BLOCK_LIST_ITEM: {
        /* Two lists in a row: a blank line and an empty comment keep them
         * apart (CommonMark's way). */
        if (prev && prev->kind == SB_BLOCK_LIST_ITEM && prev->level == blk->level &&
            prev->list != blk->list)
            sb_buf_puts(b, "\n<!-- -->\n\n");
        int level = blk->level < 1 ? 1 : blk->level > LIST_DEPTH_MAX ? LIST_DEPTH_MAX : blk->level;
        for (int i = 1; i < level; i++)
            sb_buf_puts(b, "    ");
        if (nums->list[level - 1] != blk->list) {
            nums->list[level - 1] = blk->list;
            nums->number[level - 1] = 0;
        }
        if (blk->continues)
            sb_buf_puts(b, "    ");
        else if (blk->ordered)
            sb_buf_printf(b, "%ld. ", ++nums->number[level - 1]);
        else
            sb_buf_puts(b, "- ");
        put_linked(b, MARKDOWN, blk->text, blk->links, blk->n_links, links);
        sb_buf_putc(b, '\n');
        return;
    }
    case SB_BLOCK_PRE:
        md_fence(b, blk->text);
        sb_buf_puts(b, blk->text);
        sb_buf_putc(b, '\n');
        md_fence(b, blk->text);
        sb_buf_putc(b, '\n');
        return;
    case SB_BLOCK_TABLE:
        md_table(b, blk);
        sb_buf_putc(b, '\n');
        return;
    case SB_BLOCK_PARAGRAPH:
    default:
        put_linked(b, MARKDOWN, blk->text, blk->links, blk->n_links, links);
        sb_buf_puts(b, "\n\n");
        return;
    }
}

static void put_block_html(sb_buf *b, const sb_block *blk, bool links)
{
    switch (blk->kind) {
    case SB_BLOCK_HEADING: {
        int level = blk->level < 2 ? 2 : blk->level;
        sb_buf_printf(b, "<h%d>", level);
        put_linked(b, HTML, blk->text, blk->links, blk->n_links, links);
        sb_buf_printf(b, "</h%d>\n", level);
        return;
    }
    case SB_BLOCK_LIST_ITEM:
        put_linked(b, HTML, blk->text, blk->links, blk->n_links, links);
        return;
    case SB_BLOCK_PRE:
        sb_buf_puts(b, "<pre>");
        html_text(b, blk->text, strlen(blk->text));
        sb_buf_puts(b, "</pre>\n");
        return;
    case SB_BLOCK_TABLE:
        html_table(b, blk);
        return;
    case SB_BLOCK_PARAGRAPH:
    default:
        sb_buf_puts(b, "<p>");
        put_linked(b, HTML, blk->text, blk->links, blk->n_links, links);
        sb_buf_puts(b, "</p>\n");
        return;
    }
}

/* The body's blocks with the images among them. */
static void put_body(sb_buf *b, markup m, const sb_story *s, bool links)
{
    const sb_structure *st = s->structure;
    bool *done = calloc(s->n_images ? s->n_images : 1, sizeof *done);
    if (!done)
        return;
    /* The lead image goes after the standfirst unless it has a place. */
    bool lead_placed = false;
    for (size_t i = 0; s->lead_image && i < s->n_images && i < st->n_images; i++)
        if (st->image_before[i] >= 0 && s->images[i].url && s->lead_image->url &&
            strcmp(s->images[i].url, s->lead_image->url) == 0)
            lead_placed = true;
    if (s->lead_image && !lead_placed)
        put_image(b, m, s->lead_image);

    html_lists lists = {.depth = 0};
    md_lists nums;
    for (int i = 0; i < LIST_DEPTH_MAX; i++)
        nums.list[i] = -1, nums.number[i] = 0;
    int quote = -1;
    size_t quote_from = 0;
    for (size_t k = 0; k <= st->n_blocks; k++) {
        const sb_block *blk = k < st->n_blocks ? &st->blocks[k] : NULL;
        const sb_block *prev = k ? &st->blocks[k - 1] : NULL;
        int next_quote = blk ? blk->quote : -1;
        bool in_list = blk && blk->kind == SB_BLOCK_LIST_ITEM;
        if (m == HTML && (!in_list || next_quote != quote))
            html_lists_close_to(b, &lists, 0);
        if (m == MARKDOWN && prev && prev->kind == SB_BLOCK_LIST_ITEM &&
            (!in_list || next_quote != quote))
            sb_buf_putc(b, '\n');
        if (next_quote != quote) {
            if (quote >= 0) {
                if (m == MARKDOWN) {
                    while (b->len > quote_from && b->data[b->len - 1] == '\n')
                        b->data[--b->len] = '\0';
                    quote_lines(b, quote_from);
                    sb_buf_puts(b, "\n\n");
                } else {
                    sb_buf_puts(b, "</blockquote>\n");
                }
            }
            quote = next_quote;
            if (quote >= 0 && m == HTML)
                sb_buf_puts(b, "<blockquote>\n");
            quote_from = b->len;
        }
        if (quote < 0 || m == HTML)
            put_images_before(b, m, s, k, done);
        if (!blk)
            break;
        if (m == MARKDOWN) {
            put_block_md(b, blk, prev && prev->quote == blk->quote ? prev : NULL, &nums, links);
        } else {
            if (in_list)
                html_list_item(b, &lists, blk);
            put_block_html(b, blk, links);
        }
    }
    free(done);
}

static char *render(const sb_story *s, markup m, bool links)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_reserve(&b, 0);
    b.data[0] = '\0';
    if (!s || s->error)
        return sb_buf_steal(&b);
    put_head(&b, m, s);
    if (s->structure) {
        put_body(&b, m, s, links);
    } else {
        put_image(&b, m, s->lead_image);
        put_plain_text(&b, m, s->text);
    }
    if (m == HTML)
        sb_buf_puts(&b, "</article>\n");
    else /* one newline at the end, as a text file */
        while (b.len >= 2 && b.data[b.len - 1] == '\n' && b.data[b.len - 2] == '\n')
            b.data[--b.len] = '\0';
    return sb_buf_steal(&b);
}

char *sb_story_to_markdown(const sb_story *s, bool links)
{
    return render(s, MARKDOWN, links);
}

char *sb_story_to_html(const sb_story *s, bool links)
{
    return render(s, HTML, links);
}
