/* Visual blocks and the region rule on hand-built box trees: no rendering,
 * so these pin the proximity logic alone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "layout/region/blocks.h"

/* A page: box 0 html, 1 body, 2 header (nav links), 3 article, 4 aside.
 * Runs: a nav line at the top, a headline, six paragraph lines in the main
 * column, and a sidebar column of text to the right. */
static sb_box make_box(int parent, int depth, int elem, const char *tag)
{
    return (sb_box){.parent = parent, .first_child = -1, .next_sibling = -1,
                    .depth = depth, .elem = elem, .tag = tag, .font_size = 16};
}

static sb_textrun run(int box, int x, int y, int w, int h, unsigned chars, bool link, int fs)
{
    return (sb_textrun){.rect = {x, y, w, h}, .box = box, .chars = chars, .in_link = link,
                        .font_size = fs};
}

typedef struct {
    sb_boxtree t;
    sb_box boxes[6];
    sb_textrun runs[32];
} page;

static void build_page(page *p)
{
    p->boxes[0] = make_box(-1, 0, 0, "html");
    p->boxes[1] = make_box(0, 1, 2, "body");
    p->boxes[2] = make_box(1, 2, 3, "header");
    p->boxes[3] = make_box(1, 2, 7, "article");
    p->boxes[4] = make_box(1, 2, 20, "aside");
    p->boxes[5] = make_box(3, 3, 8, "h1");
    p->boxes[0].first_child = 1;
    p->boxes[1].first_child = 2;
    p->boxes[2].next_sibling = 3;
    p->boxes[3].next_sibling = 4;
    p->boxes[3].first_child = 5;
    /* Box rectangles and text counts, as the box tree would give them. */
    p->boxes[2].rect = (sb_rect){8, 8, 1264, 18};
    p->boxes[2].text_chars = p->boxes[2].link_chars = 16;
    p->boxes[3].rect = (sb_rect){8, 60, 800, 300};
    p->boxes[3].text_chars = 760;
    p->boxes[4].rect = (sb_rect){900, 120, 300, 54};
    p->boxes[4].text_chars = 120;
    size_t n = 0;
    /* nav: one line of links at the origin */
    p->runs[n++] = run(2, 8, 8, 60, 18, 8, true, 16);
    p->runs[n++] = run(2, 80, 8, 60, 18, 8, true, 16);
    /* headline, 32px */
    p->runs[n++] = run(5, 8, 60, 700, 37, 40, false, 32);
    /* story paragraphs: two lines each, 16px gaps */
    int y = 120;
    for (int para = 0; para < 3; para++) {
        for (int l = 0; l < 2; l++) {
            p->runs[n++] = run(3, 8, y, 780, 18, 120, false, 16);
            y += 18;
        }
        y += 16;
    }
    /* sidebar: right column, three short lines */
    for (int l = 0; l < 3; l++)
        p->runs[n++] = run(4, 900, 120 + 18 * l, 300, 18, 40, false, 16);
    p->t = (sb_boxtree){.boxes = p->boxes, .n_boxes = 6, .runs = p->runs, .n_runs = n,
                        .page_width = 1280, .page_height = 400};
}

static void test_blocks_split_by_kind_font_and_column(void **state)
{
    (void)state;
    page p;
    build_page(&p);
    sb_vblocks *vb = sb_vblocks_build(&p.t);
    /* nav, headline, story, sidebar */
    assert_int_equal(vb->n, 4);
    assert_int_equal(vb->block_of_run[0], vb->block_of_run[1]);
    assert_int_not_equal(vb->block_of_run[1], vb->block_of_run[2]);
    assert_int_equal(vb->blocks[2].n_lines, 6);
    assert_int_equal(vb->blocks[2].chars, 720);
    assert_int_equal(vb->blocks[2].rect.x, 8);
    assert_int_equal(vb->blocks[2].rect.y, 120);
    assert_int_equal(vb->blocks[2].rect.h, 6 * 18 + 2 * 16);
    assert_int_equal(vb->blocks[2].container, 3);
    assert_int_equal(vb->blocks[3].n_lines, 3);
    sb_vblocks_free(vb);
}

static void test_region_is_largest_block_away_from_origin(void **state)
{
    (void)state;
    page p;
    build_page(&p);
    sb_vblocks *vb = sb_vblocks_build(&p.t);
    sb_region r;
    assert_true(sb_region_find(&p.t, vb, 1280, NULL, &r, NULL));
    assert_int_equal(r.block, 2);
    assert_int_equal(r.n_roots, 1);
    assert_int_equal(r.roots[0], 7); /* the <article> element */
    sb_region_free(&r);
    sb_vblocks_free(vb);
}

static void test_no_region_when_only_block_sits_at_origin(void **state)
{
    (void)state;
    page p;
    build_page(&p);
    /* Only the nav-like text at the origin, but as plain text. */
    p.runs[0].in_link = p.runs[1].in_link = false;
    p.t.n_runs = 2;
    sb_vblocks *vb = sb_vblocks_build(&p.t);
    assert_int_equal(vb->n, 1);
    sb_region r;
    assert_false(sb_region_find(&p.t, vb, 1280, NULL, &r, NULL));
    assert_int_equal(r.block, -1);
    assert_int_equal(r.n_roots, 0);
    sb_region_free(&r);
    sb_vblocks_free(vb);
}

/* Paragraphs straight under <body>, cut by a subheading: the region takes
 * the run of column siblings, not just the largest block's paragraph. */
static void test_region_takes_column_siblings(void **state)
{
    (void)state;
    sb_box boxes[6];
    boxes[0] = make_box(-1, 0, 0, "html");
    boxes[1] = make_box(0, 1, 2, "body");
    const char *tags[4] = {"nav", "p", "h2", "p"};
    sb_rect rects[4] = {{8, 8, 600, 18}, {8, 100, 780, 72}, {8, 190, 300, 28}, {8, 236, 780, 36}};
    unsigned chars[4] = {30, 480, 12, 240}, links[4] = {30, 0, 0, 0};
    for (int i = 0; i < 4; i++) {
        boxes[2 + i] = make_box(1, 2, 10 + i, tags[i]);
        boxes[2 + i].rect = rects[i];
        boxes[2 + i].text_chars = chars[i];
        boxes[2 + i].link_chars = links[i];
        boxes[2 + i].next_sibling = i < 3 ? 3 + i : -1;
    }
    boxes[0].first_child = 1;
    boxes[1].first_child = 2;
    sb_textrun runs[8];
    size_t n = 0;
    runs[n++] = run(2, 8, 8, 600, 18, 30, true, 16);
    for (int l = 0; l < 4; l++)
        runs[n++] = run(3, 8, 100 + 18 * l, 780, 18, 120, false, 16);
    runs[n++] = run(4, 8, 190, 300, 28, 12, false, 24);
    for (int l = 0; l < 2; l++)
        runs[n++] = run(5, 8, 236 + 18 * l, 780, 18, 120, false, 16);
    sb_boxtree t = {.boxes = boxes, .n_boxes = 6, .runs = runs, .n_runs = n,
                    .page_width = 1280, .page_height = 300};
    sb_vblocks *vb = sb_vblocks_build(&t);
    sb_region r;
    assert_true(sb_region_find(&t, vb, 1280, NULL, &r, NULL));
    assert_int_equal(vb->blocks[r.block].chars, 480);
    assert_int_equal(r.n_roots, 3); /* p, h2, p: not the nav */
    assert_int_equal(r.roots[0], 11);
    assert_int_equal(r.roots[1], 12);
    assert_int_equal(r.roots[2], 13);
    sb_region_free(&r);
    sb_vblocks_free(vb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blocks_split_by_kind_font_and_column),
        cmocka_unit_test(test_region_is_largest_block_away_from_origin),
        cmocka_unit_test(test_no_region_when_only_block_sits_at_origin),
        cmocka_unit_test(test_region_takes_column_siblings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
