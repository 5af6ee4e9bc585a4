/* render/: id mapping, stylesheet preparation, external stylesheets, time
 * budget and hostile input.  Geometry of the synthetic pages is in
 * test_boxtree.c; the mapping over the real corpora is test_render_corpus.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dom/base/fileio.h"
#include "dom/doc/depth_limit.h"
#include "render/css_flex.h"
#include "render/css_prep.h"
#include "render/prep.h"
#include "render/render.h"
#include "render/ua_sheet.h"

static char *slurp(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples/layout/%s", SB_SOURCE_DIR, name);
    sb_buf b = SB_BUF_INIT;
    assert_int_equal(sb_read_file(path, 0, &b), SB_READ_OK);
    *len = b.len;
    return sb_buf_steal(&b);
}

static sb_doc *load_doc(const char *name)
{
    size_t len;
    char *html = slurp(name, &len);
    sb_doc *d = sb_doc_parse(html, len);
    free(html);
    assert_non_null(d);
    return d;
}

static const sb_rnode *node_of(const sb_render *r, int elem)
{
    for (size_t i = 0; i < r->n_nodes; i++)
        if (r->nodes[i].elem == elem && elem >= 0)
            return &r->nodes[i];
    return NULL;
}

/* ---- id mapping -------------------------------------------------------- */

static void test_mapping_exact_on_samples(void **state)
{
    (void)state;
    const char *pages[] = {"floats.html", "columns.html", "table.html", "absolute.html",
                           "hidden.html", "inline_link.html", "flex.html", "mapping.html",
                           "external_css.html", NULL};
    for (int i = 0; pages[i]; i++) {
        sb_doc *d = load_doc(pages[i]);
        size_t checked = 0;
        char err[256];
        long bad = sb_render_check_mapping(d, &checked, err, sizeof err);
        if (bad)
            fail_msg("%s: %ld mismatches, first: %s", pages[i], bad, err);
        if (checked <= 4)
            fail_msg("%s: only %zu elements checked", pages[i], checked);
        sb_doc_free(d);
    }
}

/* The tree litehtml builds its elements from (prep_tree.h) is what its
 * own parse of the serialised page would give: same elements, attributes
 * and text, on every page of samples/layout and samples/news (comments,
 * scripts between texts, <pre> newlines, nested links, unknown tags,
 * data: URIs, flex containers made by style="", SVG...). */
static void test_tree_is_the_parse(void **state)
{
    (void)state;
    const char *dirs[] = {"layout", "news", "markup", NULL};
    size_t pages = 0;
    for (int d = 0; dirs[d]; d++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/samples/%s", SB_SOURCE_DIR, dirs[d]);
        DIR *dh = opendir(dir);
        assert_non_null(dh);
        struct dirent *e;
        while ((e = readdir(dh))) {
            size_t n = strlen(e->d_name);
            if (n < 6 || strcmp(e->d_name + n - 5, ".html") != 0)
                continue;
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            sb_buf b = SB_BUF_INIT;
            assert_int_equal(sb_read_file(path, 0, &b), SB_READ_OK);
            sb_doc *doc = sb_doc_parse(b.data ? b.data : "", b.len);
            sb_buf_free(&b);
            char err[256];
            long bad = sb_prep_check_tree(doc, err, sizeof err);
            if (bad)
                fail_msg("%s/%s: %ld differences, first: %s", dirs[d], e->d_name, bad, err);
            sb_doc_free(doc);
            pages++;
        }
        closedir(dh);
    }
    if (pages < 50)
        fail_msg("only %zu sample pages compared", pages);
}

/* The render's text cutting (render.cpp: split_text on UTF-8 bytes) makes
 * litehtml's words and spaces: white space of every kind, CJK ideographs
 * (one word each, at both ends of the range), other three-byte characters,
 * accents, emoji (four bytes), the word joiner, U+FFFD. */
static void test_split_text(void **state)
{
    (void)state;
    const char *texts[] = {
        "",
        "one",
        "  two  words\t\n\r\fend ",
        "\xe4\xb8\x80\xe4\xb8\x81" "ab\xe9\xbe\x8c\xe9\xbe\x8d c\xe4\xb7\xbf", /* U+4E00,
            U+4E01, U+9FCC, U+9FCD (outside), U+4DFF (outside) */
        "caf\xc3\xa9 na\xc3\xafve \xe2\x80\x94 \xf0\x9f\x98\x80x",
        "a" SB_PREP_WORD_JOIN "b" SB_PREP_WORD_JOIN "c d",
        "\xef\xbf\xbd\xe3\x81\x82\xe3\x81\x84 \xea\xb0\x80",
        NULL};
    for (int i = 0; texts[i]; i++)
        if (!sb_render_check_split(texts[i]))
            fail_msg("text %d cut differently", i);
}

/* One of the render's checks (sb_render_check_*: two ways of computing
 * the same thing, compared) run on a page: its differences fail the test
 * (`what` names them), its count of things compared adds to *total. */
typedef long (*page_check)(const sb_doc *doc, size_t *compared, char *err, size_t errlen);

static void check_page(page_check check, const char *what, const char *path, size_t *total)
{
    sb_buf b = SB_BUF_INIT;
    if (sb_read_file(path, 0, &b) != SB_READ_OK)
        fail_msg("cannot read %s", path);
    sb_doc *doc = sb_doc_parse(b.data ? b.data : "", b.len);
    sb_buf_free(&b);
    if (!doc)
        return;
    char err[256];
    size_t n = 0;
    long bad = check(doc, &n, err, sizeof err);
    if (bad)
        fail_msg("%s: %ld %s, first: %s", path, bad, what, err);
    *total += n;
    sb_doc_free(doc);
}

/* The same check on every page of samples/layout and samples/news, then on
 * the pages listed one path a line in the file the environment variable
 * list_env names (the corpora, by hand); `counted` names what *total counts
 * in the summary printed for a list. */
static void check_samples_and_list(page_check check, const char *what, const char *list_env,
                                   const char *counted, size_t *total)
{
    char path[1024];
    const char *dirs[] = {"layout", "news", NULL};
    for (int d = 0; dirs[d]; d++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/samples/%s", SB_SOURCE_DIR, dirs[d]);
        DIR *dh = opendir(dir);
        assert_non_null(dh);
        struct dirent *e;
        while ((e = readdir(dh))) {
            size_t len = strlen(e->d_name);
            if (len < 6 || strcmp(e->d_name + len - 5, ".html") != 0)
                continue;
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            check_page(check, what, path, total);
        }
        closedir(dh);
    }
    const char *list = getenv(list_env);
    FILE *f = list ? fopen(list, "r") : NULL;
    size_t pages = 0;
    while (f && fgets(path, sizeof path, f)) {
        path[strcspn(path, "\n")] = 0;
        if (path[0]) {
            check_page(check, what, path, total);
            pages++;
        }
    }
    if (f) {
        fclose(f);
        print_message("%zu listed pages, %zu %s in all\n", pages, *total, counted);
    }
}

/* The check on samples/layout/NAME, which must count exactly `expected`
 * (`counted` names what), then on every sample page and the listed ones
 * (check_samples_and_list). */
static void check_sample_then_all(page_check check, const char *what, const char *name,
                                  size_t expected, const char *counted, const char *list_env)
{
    size_t n = 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/samples/layout/%s", SB_SOURCE_DIR, name);
    check_page(check, what, path, &n);
    if (n != expected)
        fail_msg("%s: %zu %s, expected %zu", name, n, counted, expected);
    check_samples_and_list(check, what, list_env, counted, &n);
}

/* The render parses the page's sheets with its own port of litehtml's
 * parse_stylesheet (render.cpp: parse_sheet, each selector split once per
 * level by offsets instead of strings); the selectors it makes are
 * litehtml's, field by field, on sheet_parse.html (compounds joined by
 * every combinator with and without spaces, tabs, a combinator first or
 * last, two combinators in a row, brackets and parentheses holding
 * spaces, commas and combinators, a comma in a quoted value, upper case,
 * line breaks between compounds, comments, nested @media, a print group,
 * an @import of a missing file)
 * and on every page of samples/layout and samples/news.  SB_SHEET_CHECK_LIST
 * names a file of more pages, one path a line (the corpora, by hand). */
static void test_sheet_parse(void **state)
{
    (void)state;
    /* the page's 22 selectors css_prep keeps (not the print group's, nor
     * DIV.Story's, whose class the page does not have in that case) */
    check_sample_then_all(sb_render_check_sheet_parse, "differences", "sheet_parse.html", 22,
                          "selectors compared", "SB_SHEET_CHECK_LIST");
}

/* The render leaves out of every element's candidates the rules holding a
 * pseudo-class litehtml never matches (render.cpp:
 * sheet_index::never_applied); for every (element, rule) pair so left out,
 * litehtml's own select would not apply the rule either: on
 * never_applied.html (:hover, :link and :root beside :where(), :is(),
 * :focus-within, :focus, :visited and :checked in the rightmost compound,
 * in an ancestor's and a parent's, under ::after and :nth-child, and
 * :not(:hover), which litehtml decides) and on every page of
 * samples/layout and samples/news.  SB_NEVER_CHECK_LIST names a file of
 * more pages, one path a line (the corpora, by hand). */
#define NEVER_APPLIED_PAIRS 25
static void test_never_applied(void **state)
{
    (void)state;
    /* the page's (element, rule) pairs left out */
    check_sample_then_all(sb_render_check_never_applied, "pairs litehtml applies",
                          "never_applied.html", NEVER_APPLIED_PAIRS, "pairs left out",
                          "SB_NEVER_CHECK_LIST");
}

/* The render computes an element's style, where it cannot copy one, by its
 * port of litehtml's html_tag::parse_styles (render.cpp: style_port, its
 * keyword and length parses remembered per thread by text); every member
 * the port writes equals what litehtml's own parse writes, element by
 * element: on style_port.html (tables, inline tables and table parts
 * floated or positioned, which litehtml 0.6 files and changes its own way,
 * fixed list items, list styles with an image, every form of line-height,
 * borders, radii, calc(), viewport and rem lengths, values litehtml cannot
 * read, z-index, backgrounds of every position and size form, style="",
 * and var() in style="" with names long enough to live on the heap, asked
 * by litehtml with a string it frees after: under AddressSanitizer the
 * memo's names once read that freed string) and on every page of
 * samples/layout and samples/news.  SB_PORT_CHECK_LIST names a file of
 * more pages, one path a line (the corpora, by hand).  The anonymous table
 * boxes litehtml's table fixing makes (render.cpp: table_fixer) are styled
 * by the port too and compared: on style_port.html 39 elements and 4 of
 * its 9 boxes (the other 5 take an earlier box's style). */
#define STYLE_PORT_COMPARED 43
static void test_style_port(void **state)
{
    (void)state;
    /* the page's elements styled in full (the others copy one of these) */
    check_sample_then_all(sb_render_check_style_port, "differences", "style_port.html",
                          STYLE_PORT_COMPARED, "elements compared", "SB_PORT_CHECK_LIST");
}

/* The layout answers a render litehtml asks again at a width the element
 * was laid out at before from that layout (render.cpp: memo_element::render,
 * render_answer), and lays the subtree out only when it is read; every node
 * is the same as in a render that lays everything out each time it is asked:
 * on nested_tables.html (tables nested four deep, cells aligned to the
 * middle and bottom, cells spanning rows and columns, fixed column widths,
 * floats, inline-blocks on baselines, a hidden-overflow box with padding in
 * percent and an absolutely placed box in cells, a CSS table, a centred
 * block) and on every page of samples/layout and samples/news.
 * SB_RENDER_MEMO_LIST names a file of more pages, one path a line (the
 * corpora, by hand). */
#define RENDER_MEMO_ANSWERED 175
static void test_render_memo(void **state)
{
    (void)state;
    /* the page's renders answered */
    check_sample_then_all(sb_render_check_render_memo, "differences", "nested_tables.html",
                          RENDER_MEMO_ANSWERED, "renders answered", "SB_RENDER_MEMO_LIST");
}

/* The render's own style lookups (render.cpp: own_property and the memo of
 * inherited answers) give what litehtml's generic lookup gives, element by
 * element, on a page made of own values, inherited values and "inherit"
 * (any case, on inherited and non-inherited properties, from a stylesheet
 * and from style="" attributes), and on the other layout samples, one of
 * them (selector_candidates.html) with descendant and child selectors whose
 * ancestors are absent, present in another case, the element itself or a
 * sibling's (the candidates leave out those no ancestor can match), and an
 * element whose rules come from its keyless, tag and class lists out of the
 * sheet's order (the candidates merge the lists back into that order), and
 * class attributes with repeated, leading and trailing spaces, a tab and
 * double quotes (class_split.html: memo_element::split_classes cuts them as
 * litehtml's split_string does), and ::before/::after rules (pseudo_rules.html:
 * memo_element::apply_rules writes their parsed declarations into litehtml's
 * pseudo-elements; two rules with a "content" each, !important, pseudo-classes,
 * media, attr(), "inherit", var(), :first-child/:last-child beside the pseudo-
 * elements, anchors), and attribute conditions of every kind on elements
 * whose attribute names sort before, after and between class and id, share
 * a prefix with them or were written in upper case (attr_lookups.html:
 * memo_element::get_attr reads the attributes in the map's order and stops
 * at the first name past the one asked). */
static void test_style_lookups(void **state)
{
    (void)state;
    const char *pages[] = {"style_lookups.html", "cascade.html", "floats.html",
                           "table.html",         "hidden.html",  "hidden_subtree.html",
                           "mapping.html",       "flex.html",    "selector_candidates.html",
                           "rule_writes.html",   "class_split.html", "pseudo_rules.html",
                           "attr_lookups.html",  NULL};
    for (int i = 0; pages[i]; i++) {
        sb_doc *d = load_doc(pages[i]);
        size_t checked = 0;
        char err[256];
        long bad = sb_render_check_style_lookups(d, &checked, err, sizeof err);
        if (bad)
            fail_msg("%s: %ld different lookups, first: %s", pages[i], bad, err);
        if (checked < 500)
            fail_msg("%s: only %zu lookups compared", pages[i], checked);
        sb_doc_free(d);
    }
}

static int elem_with_id(const sb_doc *d, const char *id)
{
    for (size_t e = 0; e < d->n_elems; e++) {
        const char *v = sb_attr(d->elems[e], "id");
        if (v && strcmp(v, id) == 0)
            return (int)e;
    }
    fail_msg("no element with id %s", id);
    return -1;
}

/* Elements inside a display:none element (hidden by a stylesheet rule, a
 * style="" attribute, [hidden]) are left without a computed style
 * (render.cpp: memo_element::parse_styles), and have no box, as before;
 * a hidden element shown again by an !important rule is styled whole. */
static void test_hidden_subtrees_unstyled(void **state)
{
    (void)state;
    sb_doc *d = load_doc("hidden_subtree.html");
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    /* the subtrees of ul; h2 and form; p: 11 elements and their words */
    assert_int_equal(r->unstyled, 4);
    const char *gone[] = {"menu",  "menu_list",  "dialog", "dialog_title",
                          "panel", "panel_text", NULL};
    for (int i = 0; gone[i]; i++)
        if (node_of(r, elem_with_id(d, gone[i])))
            fail_msg("%s has a box", gone[i]);
    const char *shown[] = {"forced", "forced_text", "story", "title", "body", "em", NULL};
    for (int i = 0; shown[i]; i++)
        if (!node_of(r, elem_with_id(d, shown[i])))
            fail_msg("%s has no box", shown[i]);
    const sb_rnode *forced = node_of(r, elem_with_id(d, "forced_text"));
    const sb_rnode *title = node_of(r, elem_with_id(d, "title"));
    assert_int_equal(forced->font_size, 16);
    assert_int_equal(forced->y, 32); /* as before hidden subtrees went unstyled */
    assert_true(title->y > forced->y);
    sb_render_free(r);
    sb_doc_free(d);
}

/* Elements of one class with the same own declarations under parents of
 * one style class copy the first one's computed style (render.cpp:
 * memo_element::parse_styles): on samples/layout/style_sharing.html the
 * three plain story paragraphs after the first, the three menu items after
 * the second and their links, the inline emphasis after the first, the
 * second float and a span whose style="" repeats an earlier sibling's;
 * the second item's link, whose parent differs from the first item only in
 * its border (parents of one inherit class, memo_element::inherit_class),
 * the ::before of the three items after the first (style_pseudo), and a
 * paragraph of pictures with the second picture, of the first one's size
 * (el_image shares too; the third, wider, does not): 15, and 3 of the
 * page's 9 anonymous table boxes (below): 18.
 * On samples/layout/inherit_class.html, cards that differ only in their
 * box: two paragraphs, two spans in them and their ::before, and the
 * second card's paragraph whose margin is "inherit" (its card's own
 * margin-left is the first card's: the parse's reads of the parent, the
 * second chance of parse_styles), 7; not the paragraphs of cards that
 * differ in text-align, font size or line height, nor the third card's
 * "inherit" margin, nor a ::after made a table.
 * On samples/layout/style_trace.html, paragraphs of equal declarations
 * under boxes of different colours (color is inherited, so the boxes are
 * of different inherit classes, but the parse never asks for it) and a
 * margin "inherit" under boxes of the same margin: 2; not under a box of
 * another font size, text-align, font-family or margin.
 * On samples/layout/anonymous_tables.html, the anonymous table boxes
 * litehtml's table fixing makes (render.cpp: table_fixer, a port of
 * document::fix_tables_layout; the render without sharing runs litehtml's
 * own): 40 boxes, of which those whose display, parent font size and
 * parent's answers to an earlier box's reads are the same take that box's
 * style: 26 (14 styled in full), with 1 element, 27.  Those of the second
 * and third tables of cells share, as do those under a parent of another
 * colour or text-transform (the parse never reads either), and the
 * inline tables', the loose rows' and cells'; not those under a parent of
 * a larger font, text-align, white-space, line height or font family.  And
 * the render is the same, node by node, as without sharing, on these and
 * on the other layout samples. */
static void test_style_sharing(void **state)
{
    (void)state;
    const char *pages[] = {"style_sharing.html", "style_lookups.html", "cascade.html",
                           "floats.html",        "table.html",         "hidden_subtree.html",
                           "mapping.html",       "flex.html",          "selector_candidates.html",
                           "columns.html",       "absolute.html",      "kerning.html",
                           "rule_writes.html",   "inherit_class.html", "style_trace.html",
                           "anonymous_tables.html", NULL};
    for (int i = 0; pages[i]; i++) {
        sb_doc *d = load_doc(pages[i]);
        size_t shared = 0;
        char err[256];
        long bad = sb_render_check_style_sharing(d, &shared, err, sizeof err);
        if (bad)
            fail_msg("%s: %ld differences with sharing, first: %s", pages[i], bad, err);
        if (i == 0)
            assert_int_equal(shared, 18);
        if (strcmp(pages[i], "inherit_class.html") == 0)
            assert_int_equal(shared, 7);
        if (strcmp(pages[i], "style_trace.html") == 0)
            assert_int_equal(shared, 2);
        if (strcmp(pages[i], "anonymous_tables.html") == 0)
            assert_int_equal(shared, 27);
        sb_doc_free(d);
    }
}

/* The layout's shortcuts (render.cpp: drop_block_spaces, line_link) give
 * the same render, node by node, as litehtml's own layout, on
 * samples/layout/block_spaces.html and the other layout samples.  On
 * block_spaces.html 38 spaces are taken out: 11 between the story's
 * blocks, 4 + 3 in its paragraph box and list, 3 + 2 in its two
 * inline-blocks, 3 in its CSS table cell, 1 after the last paragraph of
 * each of the two boxes whose other spaces touch an absolutely placed, a
 * hidden, an inline or a <br> neighbour, 3 in the table's cell, 4 in the
 * body and 3 in the floats holder without floats.  None under
 * white-space: pre (a space is text there) or pre-line (a newline is a
 * break), none inside an inline element, none beside the inline-blocks or
 * a table, none in the floats holder with floats.  Each condition is
 * needed: taking out the spaces of the holder with floats moves the
 * paragraph whose first line the floats leave no room for (litehtml moves
 * the empty line below the floats, and the paragraph with it), and taking
 * out spaces beside any neighbour moves the inline-blocks' words.
 * word_parents.html: words whose parent is read once before the layout
 * (render.cpp: known_parent) under relatively placed inline elements,
 * nested, in fonts and baselines other than their block's, under each
 * white-space, in an inline-block, straight in table rows (moved into
 * litehtml's anonymous cells) and under display none. */
static void test_layout_shortcuts(void **state)
{
    (void)state;
    const char *pages[] = {
        "block_spaces.html",  "floats.html",  "table.html",    "hidden_subtree.html",
        "flex.html",          "columns.html", "absolute.html", "grid_areas.html",
        "grid_columns.html",  "breaks.html",  "clipped.html",  "offscreen.html",
        "style_sharing.html", "cascade.html", "mapping.html",  "word_parents.html",
        NULL};
    for (int i = 0; pages[i]; i++) {
        sb_doc *d = load_doc(pages[i]);
        size_t dropped = 0;
        char err[256];
        long bad = sb_render_check_layout_shortcuts(d, &dropped, err, sizeof err);
        if (bad)
            fail_msg("%s: %ld differences with the layout's shortcuts, first: %s", pages[i], bad,
                     err);
        if (i == 0)
            assert_int_equal(dropped, 38);
        sb_doc_free(d);
    }
}

/* The user-agent stylesheet is pruned by the page's names like the page's
 * own CSS (render.cpp): a page of one paragraph keeps the rules for its
 * tags and for [hidden], and none of the other tags' 161 selectors. */
static void test_ua_css_pruned(void **state)
{
    (void)state;
    const char *html = "<p class=x>hi</p>";
    sb_doc *d = sb_doc_parse(html, strlen(html));
    assert_non_null(d);
    sb_css_names *ns = sb_css_names_from_doc(d);
    sb_css_stats st = {0};
    char *ua = sb_css_prepare(sb_render_ua_css, strlen(sb_render_ua_css), ns, &st);
    assert_string_equal(ua, "head,[hidden]{display: none;}\n"
                            "html,body{display: block;}\n"
                            "body{margin: 8px;}\n"
                            "p{display: block;}\n"
                            "p{margin-top: 1em;margin-bottom: 1em;}\n");
    assert_int_equal(st.selectors_in, 161);
    assert_int_equal(st.selectors_kept, 7);
    free(ua);
    sb_css_names_free(ns);
    sb_doc_free(d);
}

/* The user-agent sheet's preparations kept per thread (ua_sheet.h) are
 * sb_css_prepare's text for every page, whichever pages came before: each
 * page of samples/layout and samples/news twice, more distinct name sets
 * than the memo holds, then a one-paragraph page after a heading page. */
static int check_ua_sheet(const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples/%s", SB_SOURCE_DIR, dir);
    DIR *dh = opendir(path);
    assert_non_null(dh);
    int pages = 0;
    struct dirent *e;
    while ((e = readdir(dh))) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 5, ".html") != 0)
            continue;
        char file[1024];
        snprintf(file, sizeof file, "%s/%s", path, e->d_name);
        sb_buf b = SB_BUF_INIT;
        assert_int_equal(sb_read_file(file, 0, &b), SB_READ_OK);
        sb_doc *d = sb_doc_parse(b.data ? b.data : "", b.len);
        sb_buf_free(&b);
        if (!d)
            continue;
        sb_css_names *ns = sb_css_names_from_doc(d);
        char *want = sb_css_prepare(sb_render_ua_css, strlen(sb_render_ua_css), ns, NULL);
        for (int round = 0; round < 2; round++)
            if (strcmp(sb_render_ua_sheet(ns), want) != 0)
                fail_msg("%s: the kept user-agent sheet differs", file);
        free(want);
        sb_css_names_free(ns);
        sb_doc_free(d);
        pages++;
    }
    closedir(dh);
    return pages;
}

static void test_ua_sheet_kept(void **state)
{
    (void)state;
    for (int pass = 0; pass < 2; pass++)
        assert_true(check_ua_sheet("layout") + check_ua_sheet("news") > 20);
    const char *pages[] = {"<p class=x>hi</p>", "<h1>a</h1><p>b</p>", "<p>hi again</p>"};
    const char *p_sheet = "head,[hidden]{display: none;}\n"
                          "html,body{display: block;}\n"
                          "body{margin: 8px;}\n"
                          "p{display: block;}\n"
                          "p{margin-top: 1em;margin-bottom: 1em;}\n";
    for (int i = 0; i < 3; i++) {
        sb_doc *d = sb_doc_parse(pages[i], strlen(pages[i]));
        sb_css_names *ns = sb_css_names_from_doc(d);
        const char *ua = sb_render_ua_sheet(ns);
        if (i == 1)
            assert_non_null(strstr(ua, "h1{"));
        else
            assert_string_equal(ua, p_sheet);
        sb_css_names_free(ns);
        sb_doc_free(d);
    }
}

static void test_serialisation(void **state)
{
    (void)state;
    sb_doc *d = load_doc("mapping.html");
    sb_prep_stats st;
    memset(&st, 0, sizeof st);
    char *html = sb_render_serialize(d, NULL, 0, &st, NULL);
    /* No doctype in, none out (quirks mode preserved). */
    const char *root = "<html data-sbid=\"0\" style=\"display:block !important;\">";
    assert_int_equal(strncmp(html, root, strlen(root)), 0);
    /* What cannot render is left out with its content: script, title,
     * meta, template, the hidden input, the svg's path and foreignObject;
     * the style element and the svg itself stay. */
    assert_null(strstr(html, "<script"));
    assert_null(strstr(html, "data-sbid=\"4\""));
    assert_null(strstr(html, "document.write"));
    assert_null(strstr(html, "<title"));
    assert_null(strstr(html, "<meta"));
    assert_null(strstr(html, "<input"));
    assert_null(strstr(html, "<path"));
    assert_null(strstr(html, "html in svg"));
    assert_non_null(strstr(html, "<style data-sbid="));
    assert_non_null(strstr(html, "<svg data-sbid="));
    assert_int_equal(st.elems_left_out, 7);
    /* The page's own data-sbid does not survive. */
    assert_null(strstr(html, "999"));
    /* Quotes in an attribute are escaped (CR too: below). */
    assert_non_null(strstr(html, "title=\"quote &quot; and &amp;\""));
    /* Template contents dropped. */
    assert_null(strstr(html, "in-template"));
    /* A leading newline of <pre> content survives the re-parse; the outer of two nested links hoisted. */
    assert_non_null(strstr(html, "\">\n\nleading newline kept</pre>"));
    assert_int_equal(st.elems_hoisted, 1);
    assert_null(strstr(html, "href=\"/one\""));
    assert_non_null(strstr(html, "href=\"/two\""));
    /* svg sizes become style (presentational hints). */
    assert_non_null(strstr(html, "style=\"width:10px;height:10px;\""));
    free(html);

    /* Element ids are what sb_doc says, for every element written. */
    int id = sb_doc_find_id(d, "in-template");
    assert_true(id > 0);
    sb_doc_free(d);

    /* CR in an attribute is escaped: a raw one would come back as LF. */
    const char *cr = "<p title=\"line one&#xD;&#xA;line two\">cr</p>";
    d = sb_doc_parse(cr, strlen(cr));
    html = sb_render_serialize(d, NULL, 0, NULL, NULL);
    assert_non_null(strstr(html, "title=\"line one&#13;\nline two\""));
    free(html);
    sb_doc_free(d);
}

static void test_depth_cap(void **state)
{
    (void)state;
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<!DOCTYPE html><html><body>");
    for (int i = 0; i < 400; i++)
        sb_buf_puts(&b, "<div>");
    sb_buf_puts(&b, "deep text<style>.x{}</style><script>var hidden;</script>");
    for (int i = 0; i < 400; i++)
        sb_buf_puts(&b, "</div>");
    sb_buf_puts(&b, "</body></html>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_prep_stats st;
    memset(&st, 0, sizeof st);
    char *html = sb_render_serialize(d, NULL, 50, &st, NULL);
    /* The parse keeps SB_MAX_MARKUP_DEPTH (128) of the 400 divs
     * (dom/doc/depth_limit.h); html, body and 48 divs fit in 50 levels;
     * the other 80 divs + style + script go. */
    assert_int_equal(st.elems_hoisted, SB_MAX_MARKUP_DEPTH - 48 + 2);
    assert_non_null(strstr(html, "deep text"));
    assert_null(strstr(html, "var hidden"));
    assert_null(strstr(html, ".x{}"));
    free(html);
    char err[256];
    sb_render_opts o = {0, 0, NULL, NULL, 0, 50, false, NULL, NULL, NULL};
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    assert_non_null(r);
    unsigned text = 0;
    for (size_t i = 0; i < r->n_nodes; i++)
        if (r->nodes[i].is_text)
            text += r->nodes[i].chars;
    assert_int_equal(text, 8); /* "deep text" */
    sb_render_free(r);
    sb_doc_free(d);
    sb_buf_free(&b);
}

/* ---- stylesheet preparation --------------------------------------------- */

static sb_doc *names_doc(void)
{
    const char *html = "<html><body class='home  page'><div id='main' class='story'>"
                       "<p class='md:flex'>x</p><a href=#>y</a></div></body></html>";
    return sb_doc_parse(html, strlen(html));
}

static int live(const char *sel, const sb_css_names *ns)
{
    return sb_css_selector_live(sel, strlen(sel), ns);
}

static void test_selector_liveness(void **state)
{
    (void)state;
    sb_doc *d = names_doc();
    sb_css_names *ns = sb_css_names_from_doc(d);
    assert_true(live("div", ns));
    assert_true(live("#main .story p", ns));
    assert_true(live("body.home.page > div#main", ns));
    assert_true(live("*", ns));
    assert_true(live("a[href^='http']", ns));
    assert_true(live("p:not(.absent)", ns));         /* :not says nothing */
    assert_true(live(".md\\:flex", ns));              /* escaped colon */
    assert_true(live("DIV.story", ns));               /* tags are case-insensitive */
    assert_true(live("p::first-line", ns));
    assert_false(live(".absent", ns));
    assert_false(live("#nope p", ns));
    assert_false(live("div .story .absent", ns));
    assert_false(live("table td", ns));               /* no table on the page */
    assert_false(live(".Story", ns));                 /* classes are case-sensitive */
    assert_false(live("a:hover", ns));
    assert_false(live("p::selection", ns));
    assert_false(live("input::-webkit-input-placeholder", ns));
    sb_css_names_free(ns);
    sb_doc_free(d);
}

static void test_stylesheet_rewrite(void **state)
{
    (void)state;
    sb_doc *d = names_doc();
    sb_css_names *ns = sb_css_names_from_doc(d);
    const char *css =
        "@charset 'utf-8';\n"
        "/* comment { } */\n"
        ".absent, .story { color: red; --brand: #fff; display: flex }\n"
        ".absent { width: 1px }\n"
        "@media (max-width: 600px) { .absent { x: y } }\n"
        "@media screen { #main { display: -webkit-inline-box !important; } }\n"
        "@font-face { font-family: X; src: url(x.woff) }\n"
        "@keyframes spin { from { left: 0 } to { left: 1px } }\n"
        "@supports (display: grid) { .story { display: grid } }\n"
        "@supports not (display: grid) { .story { float: left } }\n"
        "@supports (display: grid) and (gap: 1px) { .story { float: left } }\n"
        "@layer base { p { margin: 0 } }\n"
        "a:hover, a { content: \"}\" }\n"
        "div { display: contents }\n"
        "p { display: block }";
    sb_css_stats st;
    memset(&st, 0, sizeof st);
    char *out = sb_css_prepare(css, strlen(css), ns, &st);
    const char *want =
        ".story{color: red;display:table;width:100%;}\n"
        ".story > *{display:table-cell;vertical-align:top;}\n"
        ".story > script,.story > style,.story > template,.story > [hidden]{display:none;}\n"
        ".story .story .story .story{display:block;}\n"
        ".story .story .story .story > *{display:block;}\n"
        ".story .story .story .story > script,.story .story .story .story > style,"
        ".story .story .story .story > template,.story .story .story .story > [hidden]"
        "{display:none;}\n"
        "@media screen {#main{display:inline-block !important;}\n"
        "}\n"
        ".story{display:block;}\n"
        "p{margin: 0;}\n"
        "a{content: \"}\";}\n"
        "div{display:inline;}\n"
        "p{display: block;}\n";
    assert_string_equal(out, want);
    /* @supports of flex or grid alone is applied, other tests are not */
    assert_int_equal(st.rules_in, 9);
    assert_int_equal(st.rules_kept, 7);
    assert_int_equal(st.selectors_in, 11);
    assert_int_equal(st.selectors_kept, 7);
    free(out);

    /* Without names nothing is pruned, only rewritten. */
    out = sb_css_prepare(".absent{display:grid}", 21, NULL, NULL);
    assert_string_equal(out, ".absent{display:block;}\n");
    free(out);

    out = sb_css_prepare_decls("display:inline-flex; color:red /* c */;--x:1", 44);
    assert_string_equal(out, "display:inline-block;color:red;");
    free(out);
    sb_css_names_free(ns);
    sb_doc_free(d);
}

static void assert_prepared(const char *css, const char *want)
{
    char *out = sb_css_prepare(css, strlen(css), NULL, NULL);
    assert_string_equal(out, want);
    free(out);
}

static void assert_calc(const char *expr, const char *want)
{
    sb_buf b = SB_BUF_INIT;
    if (!want) {
        assert_false(sb_css_eval_calc(&b, expr, strlen(expr)));
    } else {
        assert_true(sb_css_eval_calc(&b, expr, strlen(expr)));
        assert_string_equal(b.data, want);
    }
    sb_buf_free(&b);
}

static void test_flex_grid_calc_rewrite(void **state)
{
    (void)state;
    /* Row flex: a table, its items cells; items hidden by the user-agent
     * sheet stay hidden; a rule with its own width keeps it. */
    assert_prepared(".row, .m::before { display: flex !important; width: 50% }",
                    ".row,.m::before{display:table !important;width: 50%;}\n"
                    ".row > *{display:table-cell;vertical-align:top;}\n"
                    ".row > script,.row > style,.row > template,.row > [hidden]"
                    "{display:none;}\n"
                    /* the nesting cap: a fourth .row inside .row is a block */
                    ".row .row .row .row{display:block;}\n"
                    ".row .row .row .row > *{display:block;}\n"
                    ".row .row .row .row > script,.row .row .row .row > style,"
                    ".row .row .row .row > template,.row .row .row .row > [hidden]"
                    "{display:none;}\n");
    assert_prepared(".i{display:inline-flex}",
                    ".i{display:inline-table;}\n.i > *{display:table-cell;vertical-align:top;}\n"
                    ".i > script,.i > style,.i > template,.i > [hidden]{display:none;}\n"
                    ".i .i .i .i{display:inline-block;}\n.i .i .i .i > *{display:block;}\n"
                    ".i .i .i .i > script,.i .i .i .i > style,.i .i .i .i > template,"
                    ".i .i .i .i > [hidden]{display:none;}\n");
    /* Column flex and old -webkit-box: block flow, no companions. */
    assert_prepared(".c{display:flex;flex-flow:column nowrap}",
                    ".c{display:block;}\n");
    assert_prepared(".c{display:-webkit-box;-webkit-line-clamp:3}",
                    ".c{display:block;}\n");
    /* Wrapping flex: floats, cleared after. */
    assert_prepared(".w{display:flex;flex-wrap:wrap}",
                    ".w{display:block;}\n.w > *{float:left;}\n"
                    ".w::after{content:\"\";display:block;clear:both;}\n");
    /* Item bases become widths; grow-only items have none. */
    assert_prepared(".a{flex:0 0 300px}.b{flex:1}.c{flex:1 1 0%}.d{flex-basis:25%}"
                    ".e{flex:none}.f{flex:2 1 calc(50% - 64px)}",
                    ".a{width:300px;}\n.d{width:25%;}\n.f{width:45%;}\n");
    /* Grids: uniform tracks float at 100%/N; auto-fill at the minimum;
     * mixed tracks are a table with nth-child widths (fr as shares when no
     * px track is given). */
    assert_prepared(".g{display:grid;grid-template-columns:repeat(3, minmax(0, 1fr))}",
                    ".g{display:block;}\n"
                    ".g > *{float:left;width:33.333%;}\n"
                    ".g::after{content:\"\";display:block;clear:both;}\n");
    assert_prepared(".g{display:grid;grid-template-columns:repeat(auto-fill,minmax(12.5rem,1fr))}",
                    ".g{display:block;}"
                    "\n.g > *{float:left;width:200px;}\n"
                    ".g::after{content:\"\";display:block;clear:both;}\n");
    assert_prepared(".g{display:grid;grid-template-columns:[a] 2fr [b] 25% 1fr}",
                    ".g{display:table;width:100%;}\n"
                    ".g > *{display:table-cell;vertical-align:top;}\n"
                    ".g > script,.g > style,.g > template,.g > [hidden]{display:none;}\n"
                    ".g .g .g .g{display:block;}\n.g .g .g .g > *{display:block;}\n"
                    ".g .g .g .g > script,.g .g .g .g > style,.g .g .g .g > template,"
                    ".g .g .g .g > [hidden]{display:none;}\n"
                    ".g > *:nth-child(1){width:50%;}\n.g > *:nth-child(2){width:25%;}\n"
                    ".g > *:nth-child(3){width:25%;}\n");
    assert_prepared(".g{display:grid;grid-template-columns:1fr 300px}",
                    ".g{display:table;width:100%;}\n"
                    ".g > *{display:table-cell;vertical-align:top;}\n"
                    ".g > script,.g > style,.g > template,.g > [hidden]{display:none;}\n"
                    ".g .g .g .g{display:block;}\n.g .g .g .g > *{display:block;}\n"
                    ".g .g .g .g > script,.g .g .g .g > style,.g .g .g .g > template,"
                    ".g .g .g .g > [hidden]{display:none;}\n"
                    ".g > *:nth-child(2){width:300px;}\n");
    /* Placed items anywhere in the sheet, or template areas: block flow,
     * cleared after when the sheet places items (it holds their floats,
     * css_grid.h); an item of unknown tracks stays in block flow. */
    assert_prepared(".g{display:grid;grid-template-columns:1fr 680px 1fr}.g>*{grid-column:2}",
                    ".g{display:block;}\n"
                    ".g::after{content:\"\";display:block;clear:both;}\n");
    assert_prepared(".g{display:grid;grid-template-columns:1fr 1fr;grid-template-areas:'a b'}",
                    ".g{display:block;}\n");
    /* In style="" a container keeps block flow (no selector for its
     * children); calc() is evaluated there too, or the declaration goes. */
    const char *attr = "display:flex;width:calc(100% - 320px);margin:calc(var(--x))";
    char *out = sb_css_prepare_decls(attr, strlen(attr));
    assert_string_equal(out, "display:block;width:75%;");
    free(out);

    /* calc() and friends: px alone stays px; with a % term px counts as
     * its share of the 1280 px viewport. */
    assert_calc("calc(100% - 320px)", "75%");
    assert_calc("calc(2 * 8px + 1em)", "32px");
    assert_calc("calc((100% - 3 * 20px) / 3)", "31.771%");
    assert_calc("-webkit-calc(10vw - 28px)", "100px");
    assert_calc("min(100%, 1200px)", "1200px");
    assert_calc("max(50%, 300px)", "50%");
    assert_calc("clamp(1rem, 2.5vw, 2rem)", "32px");
    assert_calc("calc(1px + 2)", NULL);           /* number plus length */
    assert_calc("calc(10px / 0)", NULL);
    assert_calc("calc(var(--gap) * 2)", NULL);
    assert_calc("calc(10px * 3px)", NULL);
    assert_calc("calc(10px", NULL);
    assert_calc("calc(1qx)", NULL);
}

/* Grid items placed on the sheet's tracks (css_grid.h) float at the width
 * of the tracks they span, before their own declarations. */
static void test_grid_placement_rewrite(void **state)
{
    (void)state;
    /* A 12-column system: spans and lines in twelfths, a row's first item
     * clears the row above, a full row is a cleared block, a start alone
     * says no width, a rule's own width wins (it comes after). */
    assert_prepared(".grid{display:grid;grid-template-columns:repeat(12,minmax(0,1fr))}"
                    ".story{grid-column:span 8/span 8}.rail{grid-column:span 4}"
                    ".wide{grid-column:1/-1}.start{grid-column-start:3}"
                    ".main{grid-column:1/9;width:700px}.side{grid-column:9/13}",
                    ".grid{display:block;}\n"
                    ".grid::after{content:\"\";display:block;clear:both;}\n"
                    ".story{float:left;clear:none;width:66.667%;box-sizing:border-box;}\n"
                    ".rail{float:left;clear:none;width:33.333%;box-sizing:border-box;}\n"
                    ".wide{float:none;clear:both;width:auto;}\n"
                    ".main{float:left;clear:left;width:66.667%;box-sizing:border-box;"
                    "width:700px;}\n"
                    ".side{float:left;clear:none;width:33.333%;box-sizing:border-box;}\n");
    /* Named areas: the template that holds at 1280 px (not the narrow
     * one), px tracks as shares of the 1280 px viewport; line numbers on
     * its tracks when the sheet has no column system. */
    assert_prepared(".p{display:grid;grid-template-areas:'h' 'm' 's'}"
                    "@media (min-width:900px){.p{grid-template-columns:1fr 320px;"
                    "grid-template-areas:'h h' 'm s'}}"
                    "@media (max-width:600px){.p{grid-template-areas:'x y z'}}"
                    ".a{grid-area:m}.b{grid-area:s}.h{grid-area:h}.c{grid-area:1/2/3/3}"
                    ".d{grid-area:nowhere}",
                    ".p{display:block;}\n"
                    ".p::after{content:\"\";display:block;clear:both;}\n"
                    "@media (min-width:900px){.p::after{content:\"\";display:block;clear:both;}\n}\n"
                    "@media (max-width:600px){.p::after{content:\"\";display:block;clear:both;}\n}\n"
                    ".a{float:left;clear:left;width:75%;box-sizing:border-box;}\n"
                    ".b{float:left;clear:none;width:25%;box-sizing:border-box;}\n"
                    ".h{float:none;clear:both;width:auto;}\n"
                    ".c{float:left;clear:none;width:25%;box-sizing:border-box;}\n");
    /* @supports testing only display flex or grid (and / or, nested) is
     * applied; not, selector() and other properties leave it out. */
    assert_prepared("@supports (display:flex) or ((display:-ms-grid) and (display:grid))"
                    "{.a{color:red}}@supports not (display:grid){.b{color:red}}"
                    "@supports selector(:has(a)){.c{color:red}}"
                    "@supports (position:sticky){.d{color:red}}"
                    "@supports (display:grid) or{.e{color:red}}",
                    ".a{color:red;}\n");
    /* A sheet that places nothing: no floats for a lone template. */
    assert_prepared(".q{grid-template-columns:repeat(12,1fr)}", "");
}

/* Row flex containers nested in themselves: cells side by side up to
 * SB_CSS_MAX_CELL_NESTING levels, block flow below (tables in tables cost
 * exponential time in litehtml). */
static void test_flex_nesting_cap(void **state)
{
    (void)state;
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<html><head><style>body{margin:0;font:16px/20px 'Liberation Sans'}"
                    ".f{display:flex}.x{display:none}</style></head><body>");
    for (int level = 1; level <= 5; level++)
        sb_buf_printf(&b, "<div class=f id=f%d><b id=a%d>a</b><b hidden>h</b>", level, level);
    for (int level = 5; level >= 1; level--)
        sb_buf_puts(&b, "</div>");
    sb_buf_puts(&b, "</body></html>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    char err[256];
    sb_render_opts o = {0, 0, NULL, NULL, 0, 0, false, NULL, NULL, NULL};
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    assert_non_null(r);
    for (int level = 1; level <= 5; level++) {
        char id[8];
        snprintf(id, sizeof id, "a%d", level);
        const sb_rnode *a = node_of(r, sb_doc_find_id(d, id));
        snprintf(id, sizeof id, "f%d", level + 1);
        const sb_rnode *next = node_of(r, sb_doc_find_id(d, id));
        assert_non_null(a);
        if (!next)
            continue;
        if (level < SB_CSS_MAX_CELL_NESTING) /* the next container is the next cell */
            assert_true(next->x > a->x && next->y == a->y);
        else /* the capped container is a block: under the item */
            assert_true(next->y >= a->y + 20);
    }
    /* The hidden items stay hidden at every level. */
    size_t words = 0;
    for (size_t i = 0; i < r->n_nodes; i++)
        words += r->nodes[i].is_text;
    assert_int_equal(words, 5); /* a1..a5, no h */
    sb_render_free(r);
    sb_doc_free(d);
}

static void test_stylesheet_garbage(void **state)
{
    (void)state;
    const char *bad[] = {"", "{", "}", "@media {", "a { b: 'unterminated", "/* open",
                         "a[href='x", "@import", ":not(", "\\", "@media screen { @media print {",
                         "a{}b{}c{", "\"\"\"{}", NULL};
    for (int i = 0; bad[i]; i++) {
        char *out = sb_css_prepare(bad[i], strlen(bad[i]), NULL, NULL);
        assert_non_null(out);
        free(out);
        out = sb_css_prepare_decls(bad[i], strlen(bad[i]));
        assert_non_null(out);
        free(out);
    }
    /* Random bytes: never crash, never read past the end. */
    unsigned seed = 12345;
    char buf[512];
    for (int round = 0; round < 300; round++) {
        size_t n = (size_t)(round % 500) + 1;
        for (size_t i = 0; i < n; i++) {
            seed = seed * 1103515245u + 12345u;
            buf[i] = "{}()[];:,.#@/*'\"\\ a-b>~+\n"[(seed >> 16) % 25];
        }
        char *copy = sb_xstrndup(buf, n);
        char *out = sb_css_prepare(copy, n, NULL, NULL);
        free(out);
        free(copy);
    }
}

/* ---- external stylesheets ----------------------------------------------- */

static void test_css_dir(void **state)
{
    (void)state;
    sb_doc *d = load_doc("external_css.html");
    char dir[512];
    snprintf(dir, sizeof dir, "%s/samples/layout/css", SB_SOURCE_DIR);
    char err[256];

    sb_render_opts o = {0, 0, dir, "http://news.test/a/page.html", 0, 0, false, NULL, NULL, NULL};
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    assert_non_null(r);
    const sb_rnode *box = node_of(r, sb_doc_find_id(d, "box"));
    const sb_rnode *other = node_of(r, sb_doc_find_id(d, "other"));
    assert_int_equal(box->w, 333); /* css/example.com/assets/site.css */
    assert_int_equal(box->h, 44);
    assert_int_equal(other->w, 222); /* css/other.css by basename */
    assert_int_equal(other->h, 11);
    /* .row { display: flex } from the file was rewritten too: side by
     * side. */
    const sb_rnode *r1 = node_of(r, sb_doc_find_id(d, "r1"));
    const sb_rnode *r2 = node_of(r, sb_doc_find_id(d, "r2"));
    assert_int_equal(r2->y, r1->y);
    assert_int_equal(r2->x, r1->x + r1->w);
    sb_render_free(r);

    /* No css_dir: nothing is loaded. */
    sb_render_opts none = {0, 0, NULL, NULL, 0, 0, false, NULL, NULL, NULL};
    r = sb_render_page(d, &none, NULL, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(node_of(r, sb_doc_find_id(d, "box"))->w, 1280);
    sb_render_free(r);
    sb_doc_free(d);
}

/* ---- flex and grid in style attributes ----------------------------------- */

/* Containers made by style="" are translated as stylesheet rules are:
 * items of a row side by side, a uniform grid's and a wrapping row's items
 * floated, a column stacked; a page rule hiding an item wins; containers
 * nested more than SB_CSS_MAX_CELL_NESTING deep keep block flow. */
static void test_flex_attributes(void **state)
{
    (void)state;
    sb_doc *d = load_doc("flex_attr.html");
    char err[256];
    sb_render_opts o = {0, 0, NULL, NULL, 0, 0, false, NULL, NULL, NULL};
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    assert_non_null(r);
    struct {
        const char *id;
        int x, y, w;
    } want[] = {
        {"a", 0, 0, 300},     {"b", 300, 0, 780},    {"c", 1080, 0, 200},
        {"g1", 0, 19, 320},   {"g4", 960, 19, 320},  {"g5", 0, 38, 320},
        {"w1", 0, 57, 500},   {"w2", 500, 57, 500},  {"w3", 0, 76, 500},
        {"k1", 0, 95, 1280},  {"k2", 0, 114, 1280},  {"h2", 0, 133, 1280},
        {"n4", 0, 152, 1280}, {"n5", 0, 152, 1280},  {"n6", 0, 171, 1280},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const sb_rnode *n = node_of(r, sb_doc_find_id(d, want[i].id));
        assert_non_null(n);
        if (n->x != want[i].x || n->y != want[i].y || n->w != want[i].w)
            fail_msg("#%s at %d,%d width %d, want %d,%d width %d", want[i].id, n->x, n->y, n->w,
                     want[i].x, want[i].y, want[i].w);
    }
    assert_null(node_of(r, sb_doc_find_id(d, "h1")));
    sb_render_free(r);

    /* the items' rules come first in <head>, named by the serialised ids */
    char *html = sb_render_serialize(d, NULL, 0, NULL, NULL);
    const char *rules = strstr(html, "<head data-sbid=\"1\"><style>[data-sbid=5] > *{");
    assert_non_null(rules);
    assert_true(rules < strstr(html, ".hidden{"));
    free(html);
    sb_doc_free(d);
}

/* ---- data: URIs ------------------------------------------------------------ */

/* A single-file page: a 4.5 MB picture inline.  The parse already cut the
 * URI to its media type and header (dom/doc/data_uri.h: 32 characters of
 * base64 for a PNG's 24 header bytes), so litehtml sees that (the page is
 * not refused as too large for layout), and the image still gets its size
 * from its header. */
static void test_large_data_uri(void **state)
{
    (void)state;
    /* a PNG header for 640 x 480, then filler, in base64 */
    static const char png_b64[] = "iVBORw0KGgoAAAANSUhEUgAAAoAAAAHgCAIAAAA";
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<!DOCTYPE html><html><body style=\"margin:0\"><img id=\"pic\" src=\"data:image/png;base64,");
    sb_buf_puts(&b, png_b64);
    size_t start = b.len;
    while (b.len - start < (size_t)(4.5 * 1024 * 1024))
        sb_buf_puts(&b, "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0123456789+/");
    sb_buf_puts(&b, "\"><a id=\"link\" href=\"data:text/plain,short\">a</a><p>Story text.</p></body></html>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    assert_non_null(d);

    size_t len = 0;
    char *html = sb_render_serialize(d, NULL, 0, NULL, &len);
    assert_true(len < 8000);
    const char *src = strstr(html, "src=\"data:image/png;base64,iVBORw0KGgo");
    assert_non_null(src);
    src += 5;
    assert_int_equal(strcspn(src, "\""), strlen("data:image/png;base64,") + 32);
    assert_true(strcspn(src, "\"") < SB_PREP_DATA_URI_KEEP); /* prep.c's own cut: not needed */
    assert_non_null(strstr(html, "href=\"data:text/plain,short\"")); /* short ones as they are */
    free(html);

    char err[256] = "";
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    if (!r)
        fail_msg("render: %s", err);
    const sb_rnode *pic = node_of(r, sb_doc_find_id(d, "pic"));
    assert_non_null(pic);
    assert_int_equal(pic->w, 640);
    assert_int_equal(pic->h, 480);
    sb_render_free(r);
    sb_doc_free(d);
}

/* ---- media ---------------------------------------------------------------- */

static void test_media_on_screen(void **state)
{
    (void)state;
    struct {
        const char *media;
        sb_css_media want;
    } cases[] = {
        {"", SB_MEDIA_ALWAYS},
        {"  ", SB_MEDIA_ALWAYS},
        {"screen", SB_MEDIA_ALWAYS},
        {"ALL", SB_MEDIA_ALWAYS},
        {"only screen", SB_MEDIA_ALWAYS},
        {"print", SB_MEDIA_NEVER},
        {"tv, speech", SB_MEDIA_NEVER},
        {"print, screen", SB_MEDIA_ALWAYS},
        {"not print", SB_MEDIA_ALWAYS},
        {"not screen", SB_MEDIA_NEVER},
        {"not all", SB_MEDIA_NEVER},
        {"screen and (max-width: 600px)", SB_MEDIA_DEPENDS},
        {"(min-width:600px)", SB_MEDIA_DEPENDS},
        {"print and (min-width:600px)", SB_MEDIA_NEVER},
        {"print, (max-width: 40em)", SB_MEDIA_DEPENDS},
        {"only screen /* a comment */ and (min-resolution: 2dppx)", SB_MEDIA_DEPENDS},
        {"not screen and (color)", SB_MEDIA_DEPENDS},
        {"screen{}", SB_MEDIA_NEVER},          /* malformed: braces */
        {"screen, ", SB_MEDIA_ALWAYS},         /* the empty query alone fails */
        {"screen print", SB_MEDIA_NEVER},      /* two types */
        {"(max-width: 600px", SB_MEDIA_NEVER}, /* unbalanced */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sb_css_media got = sb_css_media_on_screen(cases[i].media, strlen(cases[i].media));
        if (got != cases[i].want)
            fail_msg("media \"%s\": %d, want %d", cases[i].media, got, cases[i].want);
    }
    assert_int_equal(sb_css_media_on_screen(NULL, 0), SB_MEDIA_ALWAYS);

    /* @media groups and @imports for other media are dropped before
     * litehtml sees them. */
    const char *sheet = "@import url(p.css) print;\n@import url(s.css) screen;\n"
                        "@media print { p { width: 1px } }\n"
                        "@media screen { p { width: 2px } }\n";
    char *css = sb_css_prepare(sheet, strlen(sheet), NULL, NULL);
    assert_string_equal(css, "@import url(s.css) screen;\n@media screen {p{width: 2px;}\n}\n");
    free(css);
}

/* A <style> or <link> for print never applies on screen; one whose media
 * has features applies where they hold (the viewport is 1280 px). */
static void test_media_attributes(void **state)
{
    (void)state;
    sb_doc *d = load_doc("media.html");
    char dir[512];
    snprintf(dir, sizeof dir, "%s/samples/layout/css", SB_SOURCE_DIR);
    char err[256];
    sb_render_opts o = {0, 0, dir, NULL, 0, 0, false, NULL, NULL, NULL};
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    assert_non_null(r);
    struct {
        const char *id;
        int w;
    } want[] = {
        {"print_attr", 1280},  {"screen_attr", 102},   {"all_attr", 103},
        {"tv_attr", 1280},     {"either_attr", 105},   {"not_print_attr", 106},
        {"narrow_attr", 1280}, {"wide_attr", 108},     {"print_block", 1280},
        {"screen_block", 110}, {"print_link", 1280},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const sb_rnode *n = node_of(r, sb_doc_find_id(d, want[i].id));
        assert_non_null(n);
        if (n->w != want[i].w)
            fail_msg("#%s: width %d, want %d", want[i].id, n->w, want[i].w);
    }
    sb_render_free(r);

    /* Serialised without sheets the same rule holds: the print <style>
     * is emptied, the one with features wrapped. */
    char *html = sb_render_serialize(d, NULL, 0, NULL, NULL);
    assert_null(strstr(html, "101px"));
    assert_non_null(strstr(html, "@media screen and (max-width: 600px){#narrow_attr{width: 107px;}"));
    free(html);
    sb_doc_free(d);
}

/* ---- budget and hostile input ------------------------------------------- */

static sb_doc *big_doc(int paragraphs)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<!DOCTYPE html><html><body>");
    for (int i = 0; i < paragraphs; i++)
        sb_buf_printf(&b, "<div class=c%d><p>Paragraph %d with a few words of text <a href=#>"
                          "and a link</a>.</p></div>\n", i % 50, i);
    sb_buf_puts(&b, "</body></html>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    return d;
}

static void test_time_budget(void **state)
{
    (void)state;
    sb_doc *d = big_doc(4000);
    char err[256];
    sb_render_opts o = {0, 0, NULL, NULL, 1, 0, false, NULL, NULL, NULL};
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    assert_null(r);
    assert_string_equal(err, "render: time budget of 1 ms exceeded");
    /* The same page with an ample budget renders in full.  No timing is
     * compared: on a loaded machine the abandoned attempt (which also pays
     * for loading the fonts) may take longer than the full one. */
    sb_render_opts ample = {0, 0, NULL, NULL, 600000, 0, false, NULL, NULL, NULL};
    r = sb_render_page(d, &ample, NULL, err, sizeof err);
    assert_non_null(r);
    assert_true(r->height > 4000 * 30);
    sb_render_free(r);
    sb_doc_free(d);
}

static void render_bytes(const char *what, const char *bytes, size_t len, int expect_tree)
{
    sb_doc *d = sb_doc_parse(bytes, len);
    if (!d)
        return; /* gumbo gave up: nothing to render, nothing to crash */
    char err[256] = "unset";
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    if (expect_tree && !r)
        fail_msg("%s: no tree: %s", what, err);
    if (!r)
        assert_true(strncmp(err, "render: ", 8) == 0);
    else
        assert_string_equal(err, "");
    if (r && r->n_nodes) { /* "* { display: none }" leaves nothing */
        assert_string_equal(r->nodes[0].tag, "html");
        for (size_t i = 1; i < r->n_nodes; i++)
            assert_true(r->nodes[i].parent >= 0 && (size_t)r->nodes[i].parent < i);
    }
    sb_render_free(r);
    sb_doc_free(d);
}

static void test_hostile_input(void **state)
{
    (void)state;
    render_bytes("empty", "", 0, 1);
    render_bytes("only script", "<script>while(1){}</script>", 27, 1);
    render_bytes("only style", "<style>* { display: none }</style>", 34, 1);
    char garbage[8192];
    unsigned seed = 7;
    for (size_t i = 0; i < sizeof garbage; i++) {
        seed = seed * 1103515245u + 12345u;
        garbage[i] = (char)(seed >> 16);
    }
    render_bytes("binary garbage", garbage, sizeof garbage, 1);

    /* 100,000 nested divs (the markup depth limiter and the render depth
     * cap keep both parsers and litehtml's recursion bounded). */
    sb_buf b = SB_BUF_INIT;
    for (int i = 0; i < 100000; i++)
        sb_buf_puts(&b, "<div>");
    sb_buf_puts(&b, "bottom");
    render_bytes("100k nested divs", b.data, b.len, 1);
    sb_buf_clear(&b);
    for (int i = 0; i < 100000; i++)
        sb_buf_puts(&b, "<span><table><tr><td>");
    render_bytes("100k nested tables", b.data, b.len, 0);
    sb_buf_free(&b);

    /* Nested tables: exponential in litehtml, and without text there is
     * no callback to stop it; table parts below 6 levels become blocks. */
    sb_buf t = SB_BUF_INIT;
    for (int i = 0; i < 40; i++)
        sb_buf_puts(&t, "<table><tr><td>");
    render_bytes("40 nested tables", t.data, t.len, 1);
    sb_doc *d = sb_doc_parse(t.data, t.len);
    sb_prep_stats st;
    memset(&st, 0, sizeof st);
    free(sb_render_serialize(d, NULL, 0, &st, NULL));
    assert_int_equal(st.table_parts_flattened, (40 - 6) * 4); /* table tbody tr td */
    sb_doc_free(d);
    sb_buf_free(&t);

    /* Thousands of floats without text: quadratic in litehtml with no
     * callback to stop it; floats after the first 1000 join normal flow. */
    sb_buf fl = SB_BUF_INIT;
    sb_buf_puts(&fl, "<style>.f{float:left;width:10px;height:10px}</style><div>");
    for (int i = 0; i < 5000; i++)
        sb_buf_puts(&fl, "<div class=f></div>");
    d = sb_doc_parse(fl.data, fl.len);
    sb_buf_free(&fl);
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    assert_int_equal(r->floats_removed, 4000);
    sb_render_free(r);
    sb_doc_free(d);

    /* Hostile CSS: huge sizes, negative sizes, recursion-prone structures. */
    const char *css_page =
        "<style>div{width:99999999px;height:-5px;margin:-1e9px;font-size:1e9px;"
        "position:absolute;left:1e12px}p{float:left;width:100%;padding:50%}"
        "*{display:table-cell}</style><div><p>a<p>b</div><table><td><div>x";
    render_bytes("hostile css", css_page, strlen(css_page), 0);
}

static void test_table_spans_clamped(void **state)
{
    (void)state;
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<table>");
    for (int i = 0; i < 50; i++)
        sb_buf_puts(&b, "<tr><td colspan=100000 rowspan=999999>x</td></tr>");
    sb_buf_puts(&b, "</table>");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    char *html = sb_render_serialize(d, NULL, 0, NULL, NULL);
    assert_non_null(strstr(html, "colspan=\"1000\" rowspan=\"65534\""));
    free(html);
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    /* 1000 columns with 2px spacing and padding: a wide page, not a
     * 200,000 px one (2658 px with litehtml 0.6). */
    assert_in_range(r->width, 1280, 4000);
    sb_render_free(r);
    long bad = sb_render_check_mapping(d, NULL, err, sizeof err);
    assert_int_equal(bad, 0);
    sb_doc_free(d);
}

static void test_huge_page(void **state)
{
    (void)state;
    /* 50 MB of markup: refused up front with a clear error, quickly. */
    sb_buf b = SB_BUF_INIT;
    sb_buf_puts(&b, "<!DOCTYPE html><html><body>");
    while (b.len < 50u << 20)
        sb_buf_puts(&b, "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n");
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    assert_non_null(d);
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_null(r);
    assert_non_null(strstr(err, "render: page too large for layout"));
    sb_doc_free(d);
}

static void test_fonts_reused_across_pages(void **state)
{
    (void)state;
    /* litehtml's document deletes its fonts on destruction; ours live in
     * the context, so a second page with the same context measures with
     * the same (still valid) fonts and lays out identically. */
    sb_fonts *fc = sb_fonts_new();
    sb_doc *d = load_doc("inline_link.html");
    char err[256];
    sb_render *a = sb_render_page(d, NULL, fc, err, sizeof err);
    sb_render *b = sb_render_page(d, NULL, fc, err, sizeof err);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(a->n_nodes, b->n_nodes);
    assert_memory_equal(a->nodes, b->nodes, a->n_nodes * sizeof *a->nodes);
    size_t hits, misses;
    sb_fonts_stats(fc, &hits, &misses);
    assert_true(hits > misses); /* the second page came from the cache */
    sb_render_free(a);
    sb_render_free(b);
    sb_doc_free(d);
    sb_fonts_free(fc);
}

static void test_text_nodes(void **state)
{
    (void)state;
    sb_doc *d = load_doc("inline_link.html");
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    /* Words in order: Start, of, text, a, link, that, wraps, across, two,
     * lines, end. */
    const char *words[] = {"Start", "of", "text", "a", "link", "that", "wraps", "across",
                           "two", "lines", "end."};
    size_t k = 0;
    int prev_x = -1, prev_y = -1;
    for (size_t i = 0; i < r->n_nodes; i++) {
        const sb_rnode *n = &r->nodes[i];
        if (!n->is_text)
            continue;
        assert_true(k < 11);
        assert_int_equal(n->chars, strlen(words[k]));
        assert_int_equal(n->in_link, k >= 3 && k <= 9);
        assert_int_equal(n->elem, -1);
        assert_true(n->y > prev_y || n->x > prev_x); /* reading order */
        prev_x = n->x;
        prev_y = n->y;
        k++;
    }
    assert_int_equal(k, 11);
    sb_render_free(r);
    sb_doc_free(d);
}

/* Prose text reaches litehtml in groups of SB_PREP_JOIN_WORDS words (prep.h);
 * the render counts, measures and keeps it as the page has it. */
static void test_word_joining(void **state)
{
    (void)state;
    const char *page = "<html><body><p id=long>one two three four five six seven eight nine ten"
                       " eleven twelve\n thirteen\xF4\x8F\xBF\xBD</p><p>a short text</p>"
                       "<pre>one two three four five six seven eight nine ten eleven twelve</pre>"
                       "</body></html>";
    sb_doc *d = sb_doc_parse(page, strlen(page));
    char *html = sb_render_serialize(d, NULL, 0, NULL, NULL);
#define J SB_PREP_WORD_JOIN
    assert_non_null(strstr(html, ">one" J "two" J "three four" J "five" J "six seven" J "eight" J
                                 "nine ten" J "eleven" J "twelve\nthirteen</p>"));
#undef J
    assert_non_null(strstr(html, ">a short text</p>"));
    assert_non_null(strstr(html, ">\none two three four five six seven eight nine ten eleven "
                                 "twelve</pre>"));
    free(html);

    sb_render_opts o = {0};
    o.keep_text = true;
    char err[256];
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    assert_non_null(r);
    unsigned chars = 0;
    sb_buf words = SB_BUF_INIT;
    int long_p = sb_doc_find_id(d, "long");
    for (size_t i = 0; i < r->n_nodes; i++) {
        const sb_rnode *n = &r->nodes[i];
        if (!n->is_text || n->parent < 0 || r->nodes[n->parent].elem != long_p)
            continue;
        chars += n->chars;
        sb_buf_append(&words, r->text + n->text_off, n->text_len);
        sb_buf_putc(&words, '|');
    }
    /* Letters only, spaces and joiners not counted; joiners kept as spaces. */
    assert_int_equal(chars, strlen("onetwothreefourfivesixseveneightnineteneleventwelvethirteen"));
    assert_string_equal(words.data, "one two three|four five six|seven eight nine|ten eleven "
                                    "twelve|thirteen|");
    sb_buf_free(&words);
    sb_render_free(r);
    sb_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mapping_exact_on_samples),
        cmocka_unit_test(test_tree_is_the_parse),
        cmocka_unit_test(test_split_text),
        cmocka_unit_test(test_style_lookups),
        cmocka_unit_test(test_hidden_subtrees_unstyled),
        cmocka_unit_test(test_style_sharing),
        cmocka_unit_test(test_layout_shortcuts),
        cmocka_unit_test(test_render_memo),
        cmocka_unit_test(test_ua_css_pruned),
        cmocka_unit_test(test_ua_sheet_kept),
        cmocka_unit_test(test_serialisation),
        cmocka_unit_test(test_depth_cap),
        cmocka_unit_test(test_selector_liveness),
        cmocka_unit_test(test_stylesheet_rewrite),
        cmocka_unit_test(test_flex_grid_calc_rewrite),
        cmocka_unit_test(test_grid_placement_rewrite),
        cmocka_unit_test(test_flex_nesting_cap),
        cmocka_unit_test(test_stylesheet_garbage),
        cmocka_unit_test(test_css_dir),
        cmocka_unit_test(test_flex_attributes),
        cmocka_unit_test(test_large_data_uri),
        cmocka_unit_test(test_media_on_screen),
        cmocka_unit_test(test_media_attributes),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_hostile_input),
        cmocka_unit_test(test_table_spans_clamped),
        cmocka_unit_test(test_huge_page),
        cmocka_unit_test(test_fonts_reused_across_pages),
        cmocka_unit_test(test_text_nodes),
        cmocka_unit_test(test_word_joining),
        cmocka_unit_test(test_sheet_parse),
        cmocka_unit_test(test_never_applied),
        cmocka_unit_test(test_style_port),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
