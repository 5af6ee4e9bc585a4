/* Box tree geometry on the synthetic pages of samples/layout/.
 *
 * Block geometry (widths, margins, floats, tables, positioning) is asserted
 * exactly: it does not depend on fonts.  Anything that depends on text
 * measurement (where a word ends, where a line wraps) is asserted within
 * TEXT_TOL px, so that a different FreeType/HarfBuzz release does not fail
 * the test while a layout regression still does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layout/boxtree/boxtree.h"
#include "layout/boxtree/boxtree_json.h"
#include "fonts/fonts.h"
#include "layout/region/blocks.h"
#include "dom/base/fileio.h"
#include "tests/support/samples.h"

#define TEXT_TOL 3

typedef struct page {
    sb_doc *doc;
    sb_boxtree *tree;
} page;

static page load(const char *name, int width)
{
    size_t len = 0;
    char *html = read_sample("layout", name, &len);
    page p;
    p.doc = sb_doc_parse(html, len);
    free(html);
    assert_non_null(p.doc);
    sb_layout_opts o = {width, NULL, NULL, 0, false, NULL, NULL, NULL};
    char err[256];
    p.tree = sb_boxtree_build(p.doc, &o, err, sizeof err);
    if (!p.tree)
        fail_msg("render of %s failed: %s", name, err);
    return p;
}

static void unload(page *p)
{
    sb_boxtree_free(p->tree);
    sb_doc_free(p->doc);
}

static int elem_by_id(const sb_doc *doc, const char *id)
{
    int e = sb_doc_find_id(doc, id);
    if (e < 0)
        fail_msg("no element with id %s", id);
    return e;
}

static const sb_box *box(const page *p, const char *id)
{
    return sb_boxtree_box_of(p->tree, elem_by_id(p->doc, id));
}

static void assert_rect(const sb_box *b, int x, int y, int w, int h)
{
    assert_non_null(b);
    if (b->rect.x != x || b->rect.y != y || b->rect.w != w || b->rect.h != h)
        fail_msg("%s box is %d,%d %dx%d, expected %d,%d %dx%d", b->tag, b->rect.x, b->rect.y,
                 b->rect.w, b->rect.h, x, y, w, h);
}

static void assert_near(int got, int want)
{
    if (got < want - TEXT_TOL || got > want + TEXT_TOL)
        fail_msg("got %d, expected %d +- %d", got, want, TEXT_TOL);
}

/* The runs owned by one box, in order. */
static size_t runs_of(const page *p, const sb_box *b, const sb_textrun **out, size_t max)
{
    int bi = (int)(b - p->tree->boxes);
    size_t n = 0;
    for (size_t i = 0; i < p->tree->n_runs; i++)
        if (p->tree->runs[i].box == bi && n < max)
            out[n++] = &p->tree->runs[i];
    return n;
}

static void test_tree_shape(void **state)
{
    (void)state;
    page p = load("columns.html", 0);
    const sb_boxtree *t = p.tree;
    assert_true(t->n_boxes > 5);
    assert_string_equal(t->boxes[0].tag, "html");
    assert_int_equal(t->boxes[0].parent, -1);
    assert_int_equal(t->page_width, 1280);
    for (size_t i = 1; i < t->n_boxes; i++) {
        const sb_box *b = &t->boxes[i];
        assert_true(b->parent >= 0 && (size_t)b->parent < i);
        assert_int_equal(b->depth, t->boxes[b->parent].depth + 1);
        if (b->elem >= 0)
            assert_int_equal(t->box_of_elem[b->elem], (int)i);
    }
    /* Sibling links visit every child once. */
    size_t seen = 0;
    for (size_t i = 0; i < t->n_boxes; i++)
        for (int c = t->boxes[i].first_child; c >= 0; c = t->boxes[c].next_sibling) {
            assert_int_equal(t->boxes[c].parent, (int)i);
            seen++;
        }
    assert_int_equal(seen, t->n_boxes - 1);
    /* Runs in document order: their boxes never go backwards in a column. */
    for (size_t i = 0; i < t->n_runs; i++)
        assert_true(t->runs[i].chars > 0);
    unload(&p);
}

/* The page's time budget reaches the layout steps after the render: the
 * tree carries the deadline, and the blocks give up past it (the hybrid
 * method then falls back to the DOM step). */
static void test_deadline_reaches_the_blocks(void **state)
{
    (void)state;
    double before = sb_clock_ms();
    page p = load("columns.html", 0);
    sb_boxtree t = *p.tree;
    assert_int_equal(t.time_budget_ms, SB_LAYOUT_BUDGET_MS);
    assert_true(t.deadline_ms >= before + SB_LAYOUT_BUDGET_MS);
    assert_true(t.deadline_ms <= sb_clock_ms() + SB_LAYOUT_BUDGET_MS);
    sb_vblocks *vb = sb_vblocks_build(&t);
    assert_non_null(vb);
    assert_true(vb->n > 0);
    sb_vblocks_free(vb);
    t.deadline_ms = 1; /* long past on the monotonic clock */
    assert_null(sb_vblocks_build(&t));
    unload(&p);
}

static void test_two_columns(void **state)
{
    (void)state;
    page p = load("columns.html", 0);
    assert_rect(box(&p, "wrap"), 0, 0, 1000, 140);
    assert_rect(box(&p, "story"), 0, 0, 660, 120);     /* 640 + 20 padding */
    assert_rect(box(&p, "aside"), 660, 0, 312, 20);    /* 300 + 10 + 2 border */
    assert_rect(box(&p, "title"), 0, 0, 640, 40);
    assert_rect(box(&p, "lead"), 0, 60, 640, 20);
    assert_rect(box(&p, "related"), 672, 0, 300, 20);
    const sb_box *h1 = box(&p, "title");
    assert_int_equal(h1->font_size, 32);
    assert_int_equal(h1->font_weight, 700);
    assert_int_equal(h1->text_chars, 12);
    assert_int_equal(h1->own_chars, 12);
    assert_int_equal(box(&p, "story")->text_chars, 12 + 25 + 26);
    assert_int_equal(box(&p, "story")->own_chars, 0);
    assert_true(box(&p, "aside")->is_inline); /* inline-block */
    unload(&p);
}

static void test_floats(void **state)
{
    (void)state;
    page p = load("floats.html", 0);
    assert_rect(box(&p, "page"), 230, 0, 820, 340);    /* centred: (1280-820)/2 */
    assert_rect(box(&p, "left"), 240, 10, 200, 300);
    assert_rect(box(&p, "right"), 890, 10, 150, 100);  /* 240 + 800 - 150 */
    assert_rect(box(&p, "main"), 240, 10, 800, 50);
    assert_rect(box(&p, "clear"), 240, 310, 800, 20);  /* below the left float */
    /* Text of #main flows between the floats. */
    const sb_textrun *r[4];
    assert_int_equal(runs_of(&p, box(&p, "p1"), r, 4), 1);
    assert_int_equal(r[0]->rect.x, 440);
    assert_near(r[0]->rect.y, 11);
    assert_near(r[0]->rect.w, 236);
    assert_int_equal(r[0]->chars, 29);
    unload(&p);
}

static void test_table(void **state)
{
    (void)state;
    page p = load("table.html", 0);
    assert_rect(box(&p, "layout"), 0, 0, 900, 240);
    assert_rect(box(&p, "nav"), 0, 0, 200, 220);
    assert_rect(box(&p, "content"), 200, 0, 700, 220);
    assert_rect(box(&p, "text"), 200, 0, 700, 20);
    assert_rect(box(&p, "foot"), 0, 220, 900, 20);
    /* Rows have no box of their own in litehtml: the union of their cells. */
    assert_rect(box(&p, "row1"), 0, 0, 900, 220);
    assert_rect(box(&p, "row2"), 0, 220, 900, 20);
    unload(&p);
}

static void test_positioning(void **state)
{
    (void)state;
    page p = load("absolute.html", 0);
    assert_rect(box(&p, "spacer"), 0, 0, 1280, 400);
    assert_true(box(&p, "spacer")->is_image);  /* painted with an image */
    assert_false(box(&p, "box")->is_image);
    assert_rect(box(&p, "box"), 50, 500, 500, 300);     /* relative: shifted */
    assert_rect(box(&p, "abs"), 80, 520, 100, 50);      /* inside #box */
    const sb_box *bar = box(&p, "bar");
    assert_rect(bar, 0, 0, 1280, 40);                   /* viewport-relative */
    assert_true(bar->is_fixed);
    const sb_box *brand = box(&p, "brand");
    assert_true(brand->is_fixed);                       /* inherited */
    assert_int_equal(brand->font_weight, 700);
    assert_int_equal(brand->rect.x, 0);
    assert_near(brand->rect.w, 46);
    assert_false(box(&p, "box")->is_fixed);
    unload(&p);
}

static void test_hidden_nodes(void **state)
{
    (void)state;
    page p = load("hidden.html", 0);
    assert_non_null(box(&p, "shown"));
    assert_non_null(box(&p, "after"));
    assert_null(box(&p, "none"));
    assert_null(box(&p, "inside"));
    assert_null(box(&p, "attr"));
    assert_null(box(&p, "invisible"));
    assert_null(box(&p, "tpl"));
    assert_null(box(&p, "ns"));
    for (size_t i = 0; i < p.tree->n_boxes; i++) {
        const char *tag = p.tree->boxes[i].tag;
        assert_true(strcmp(tag, "head") && strcmp(tag, "script") && strcmp(tag, "style") &&
                    strcmp(tag, "title") && strcmp(tag, "template"));
    }
    /* Only "Shown text." and "After." count. */
    assert_int_equal(p.tree->boxes[0].text_chars, 10 + 6);
    /* visibility:hidden is absent from the tree but keeps its space:
     * 16 (collapsed margin) + 20 + 16 + 20 (#invisible) + 16. */
    assert_rect(box(&p, "after"), 0, 88, 1280, 20);
    unload(&p);
}

static void test_inline_link_across_lines(void **state)
{
    (void)state;
    page p = load("inline_link.html", 0);
    const sb_box *div = box(&p, "narrow");
    assert_rect(div, 0, 0, 200, 40);
    const sb_box *a = box(&p, "link");
    assert_true(a->is_inline);
    /* Union of the two line fragments: from the start of line 2 to the end
     * of line 1, over both lines. */
    assert_int_equal(a->rect.x, 0);
    assert_near(a->rect.y, 1);
    assert_near(a->rect.w, 200);
    assert_near(a->rect.h, 39);
    assert_int_equal(a->text_chars, 28);
    assert_int_equal(a->link_chars, 28);
    assert_int_equal(div->text_chars, 11 + 28 + 4);
    assert_int_equal(div->link_chars, 28);
    assert_int_equal(div->own_chars, 15);
    const sb_textrun *r[4];
    assert_int_equal(runs_of(&p, a, r, 4), 2); /* one run per line */
    assert_true(r[0]->in_link && r[1]->in_link);
    assert_near(r[0]->rect.y, 1);
    assert_near(r[1]->rect.y, 21);
    assert_int_equal(r[1]->rect.x, 0);
    assert_int_equal(r[0]->chars + r[1]->chars, 28);
    assert_int_equal(runs_of(&p, div, r, 4), 2); /* before and after the link */
    assert_false(r[0]->in_link);
    unload(&p);
}

static void test_flex_row_and_fallbacks(void **state)
{
    (void)state;
    page p = load("flex.html", 0);
    assert_rect(box(&p, "row"), 0, 0, 1280, 30);
    /* A row flex container is a table: its items are cells side by side
     * (no widths given: the last cell takes what the first leaves). */
    const sb_box *a = box(&p, "a"), *b = box(&p, "b");
    assert_int_equal(a->rect.y, 0);
    assert_int_equal(b->rect.y, 0);
    assert_int_equal(b->rect.x, a->rect.x + a->rect.w);
    assert_int_equal(b->rect.x + b->rect.w, 1280);
    assert_int_equal(a->rect.h, 30);
    assert_rect(box(&p, "grid"), 0, 30, 1280, 30);      /* no tracks: block flow */
    const sb_box *s = box(&p, "iflex");
    assert_true(s->is_inline); /* inline-flex in style="": inline-block */
    assert_int_equal(s->rect.y, 60);
    unload(&p);
}

/* flex_columns.html: a flex story with a 300px rail, a `1fr 320px` grid,
 * a four-track card grid with five cards, a wrapping flex row, a column
 * flex and calc() widths, in rules and in style="". */
static void test_flex_grid_calc_columns(void **state)
{
    (void)state;
    page p = load("flex_columns.html", 0);
    /* flex: 1 story beside a flex: 0 0 300px rail in a 1000px row. */
    assert_rect(box(&p, "page"), 0, 0, 1000, 80);
    const sb_box *story = box(&p, "story"), *rail = box(&p, "rail");
    assert_int_equal(story->rect.x, 0);
    assert_int_equal(story->rect.w, 700);
    assert_int_equal(rail->rect.x, 700);
    assert_int_equal(rail->rect.w, 300);
    assert_int_equal(rail->rect.y, story->rect.y);
    assert_null(box(&p, "hidden")); /* display:none items stay hidden */
    /* grid 1fr 320px: the fr track takes the rest. */
    assert_rect(box(&p, "layout"), 0, 80, 1280, 40);
    assert_rect(box(&p, "main"), 0, 80, 960, 20);
    assert_rect(box(&p, "side"), 960, 80, 320, 20);
    /* repeat(4, 1fr) over 800px: 200px floats, the fifth card wraps. */
    assert_rect(box(&p, "cards"), 0, 120, 800, 60);
    assert_rect(box(&p, "c1"), 0, 120, 200, 30);
    assert_rect(box(&p, "c2"), 200, 120, 200, 30);
    assert_rect(box(&p, "c4"), 600, 120, 200, 30);
    assert_rect(box(&p, "c5"), 0, 150, 200, 30);
    /* flex-wrap: 200px bases in 500px, the third wraps. */
    assert_rect(box(&p, "tags"), 0, 180, 500, 40);
    assert_rect(box(&p, "t1"), 0, 180, 200, 20);
    assert_rect(box(&p, "t2"), 200, 180, 200, 20);
    assert_rect(box(&p, "t3"), 0, 200, 200, 20);
    /* flex-direction: column stays stacked. */
    assert_rect(box(&p, "s1"), 0, 220, 1280, 20);
    assert_rect(box(&p, "s2"), 0, 240, 1280, 20);
    /* calc(100% - 320px) = 75% of 1280; calc(50% + 40px) in style="" =
     * 53.125% (px as a share of the 1280 px viewport). */
    assert_rect(box(&p, "calc"), 0, 260, 960, 20);
    assert_rect(box(&p, "inline"), 0, 280, 680, 20);
    unload(&p);
}

/* Grid items placed on explicit tracks (render/css_grid.h): a 12-column
 * story spanning 8 tracks with a 4-track rail beside it, and named areas
 * "main rail" from the template that holds at 1280 px; the full-row
 * header and footer above and below both; a grid behind @supports. */
static void test_grid_placement_columns(void **state)
{
    (void)state;
    page p = load("grid_columns.html", 0);
    assert_rect(box(&p, "top"), 0, 0, 1200, 22);
    const sb_box *story = box(&p, "story"), *rail = box(&p, "rail"), *foot = box(&p, "foot");
    assert_int_equal(story->rect.x, 0);
    assert_int_equal(story->rect.y, 22);
    assert_int_equal(story->rect.w, 800);
    assert_int_equal(rail->rect.x, 800);
    assert_int_equal(rail->rect.y, 22);
    assert_in_range(rail->rect.w, 399, 400);
    assert_true(foot->rect.y >= story->rect.y + story->rect.h);
    assert_int_equal(foot->rect.w, 1200);
    unload(&p);

    p = load("grid_areas.html", 0);
    story = box(&p, "story");
    rail = box(&p, "rail");
    foot = box(&p, "foot");
    assert_rect(box(&p, "top"), 0, 0, 1280, 22);
    /* 1fr 320px: 320 px is a quarter of the 1280 px viewport */
    assert_int_equal(story->rect.x, 0);
    assert_int_equal(story->rect.y, 22);
    assert_int_equal(story->rect.w, 960);
    assert_rect(rail, 960, 22, 320, rail->rect.h);
    assert_true(foot->rect.y >= story->rect.y + story->rect.h);
    assert_int_equal(foot->rect.w, 1280);
    unload(&p);

    /* The grid behind @supports (display: grid) is the page's layout:
     * 1fr 300px side by side (render/css_prep.c applies the group). */
    p = load("grid_supports.html", 0);
    story = box(&p, "story");
    rail = box(&p, "rail");
    assert_int_equal(story->rect.x, 0);
    assert_int_equal(story->rect.y, 80);
    assert_int_equal(story->rect.w, 980);
    assert_int_equal(rail->rect.x, 980);
    assert_int_equal(rail->rect.y, 80);
    assert_int_equal(rail->rect.w, 300);
    unload(&p);
}

static void test_line_breaks(void **state)
{
    (void)state;
    page p = load("breaks.html", 0);
    const sb_box *l1 = box(&p, "l1"), *l2 = box(&p, "l2"), *l3 = box(&p, "l3");
    assert_int_equal(l1->rect.x, 0);
    assert_int_equal(l2->rect.x, 0);
    assert_int_equal(l3->rect.x, 0);
    assert_near(l2->rect.y - l1->rect.y, 20);
    /* <br><br> leaves an empty line: two lines further down, not one. */
    assert_in_range(l3->rect.y - l2->rect.y, 36, 44);
    assert_int_equal(box(&p, "br2")->rect.h, 0);
    assert_true(box(&p, "br3")->rect.h > 0);
    /* An inline element with a <br> inside spans its text only, not the
     * full-width block litehtml makes of the <br>. */
    const sb_box *b = box(&p, "bold");
    assert_true(b->rect.w < 200);
    assert_near(b->rect.h, 40);
    unload(&p);
}

static void test_width_option(void **state)
{
    (void)state;
    page p = load("inline_link.html", 800);
    assert_int_equal(p.tree->page_width, 800);
    assert_int_equal(p.tree->boxes[1].rect.w, 800); /* body */
    unload(&p);
}

static void test_shared_fonts(void **state)
{
    (void)state;
    page p = load("columns.html", 0);
    sb_fonts *fc = sb_fonts_new();
    char err[256];
    for (int round = 0; round < 2; round++) {
        sb_boxtree *t = sb_boxtree_build_with_fonts(p.doc, NULL, fc, err, sizeof err);
        assert_non_null(t);
        assert_int_equal(t->n_boxes, p.tree->n_boxes);
        assert_int_equal(t->n_runs, p.tree->n_runs);
        assert_memory_equal(t->boxes, p.tree->boxes, t->n_boxes * sizeof *t->boxes);
        assert_memory_equal(t->runs, p.tree->runs, t->n_runs * sizeof *t->runs);
        sb_boxtree_free(t);
    }
    sb_fonts_free(fc);
    unload(&p);
}

static void test_json(void **state)
{
    (void)state;
    page p = load("absolute.html", 0);
    char *j = sb_boxtree_to_json(p.tree, p.doc);
    assert_non_null(strstr(j, "{\"width\":1280,\"height\":"));
    assert_non_null(strstr(j, "\"tag\":\"div\",\"x\":80,\"y\":520,\"w\":100,\"h\":50,"));
    assert_non_null(strstr(j, "\"attr_id\":\"abs\""));
    assert_non_null(strstr(j, "\"fixed\":true"));
    assert_non_null(strstr(j, "\"runs\":[\n{\"box\":"));
    free(j);
    j = sb_boxtree_to_json(NULL, NULL);
    assert_string_equal(j, "null");
    free(j);
    unload(&p);
}

static void test_box_of_bounds(void **state)
{
    (void)state;
    page p = load("hidden.html", 0);
    assert_null(sb_boxtree_box_of(p.tree, -1));
    assert_null(sb_boxtree_box_of(p.tree, (int)p.doc->n_elems));
    assert_null(sb_boxtree_box_of(NULL, 0));
    assert_ptr_equal(sb_boxtree_box_of(p.tree, 0), &p.tree->boxes[0]);
    unload(&p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tree_shape),
        cmocka_unit_test(test_deadline_reaches_the_blocks),
        cmocka_unit_test(test_two_columns),
        cmocka_unit_test(test_floats),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_positioning),
        cmocka_unit_test(test_hidden_nodes),
        cmocka_unit_test(test_inline_link_across_lines),
        cmocka_unit_test(test_flex_row_and_fallbacks),
        cmocka_unit_test(test_flex_grid_calc_columns),
        cmocka_unit_test(test_grid_placement_columns),
        cmocka_unit_test(test_line_breaks),
        cmocka_unit_test(test_width_option),
        cmocka_unit_test(test_shared_fonts),
        cmocka_unit_test(test_json),
        cmocka_unit_test(test_box_of_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
