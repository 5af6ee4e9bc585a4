/* Neighbour-level search (LBNEST Fig. 6): levels, nearest-first order
 * within a level, downward-only direction, the stop element, the budget. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "dom/doc/doc.h"
#include "dom/story/neighbours.h"

static const char page[] =
    "<html><body>"
    "<div id=outer>"
    "  <div id=a><p id=a1>one</p><span id=target></span><em id=mid></em><p id=a2>two</p></div>"
    "  <div id=b><section id=bs><p id=b1>three</p></section></div>"
    "</div>"
    "<p id=far>four</p>"
    "</body></html>";

static bool is_p(const sb_doc *d, int e, void *ctx)
{
    (void)ctx;
    return sb_tag(d->elems[e]) == GUMBO_TAG_P;
}

static bool id_is(const sb_doc *d, int e, void *ctx)
{
    const char *v = sb_attr(d->elems[e], "id");
    return v && strcmp(v, (const char *)ctx) == 0;
}

static void test_levels(void **state)
{
    (void)state;
    sb_doc *d = sb_doc_parse(page, sizeof page - 1);
    assert_non_null(d);
    int target = sb_doc_find_id(d, "target");
    int level = -1;

    /* Level 1, both directions: the preceding sibling is as near as the
     * following one and is tried first. */
    sb_neighbour_query q = {target, 5, SB_NEIGHBOURS_BOTH, -1, 0, is_p, NULL};
    assert_int_equal(sb_neighbour_find(d, &q, &level), sb_doc_find_id(d, "a1"));
    assert_int_equal(level, 1);

    /* Downward only: the next paragraph after the element. */
    q.dir = SB_NEIGHBOURS_DOWN;
    assert_int_equal(sb_neighbour_find(d, &q, &level), sb_doc_find_id(d, "a2"));
    assert_int_equal(level, 1);

    /* A cousin's descendant is level 2; the body's other child level 3. */
    q.pred = id_is;
    q.ctx = (void *)"b1";
    assert_int_equal(sb_neighbour_find(d, &q, &level), sb_doc_find_id(d, "b1"));
    assert_int_equal(level, 2);
    q.ctx = (void *)"far";
    assert_int_equal(sb_neighbour_find(d, &q, &level), sb_doc_find_id(d, "far"));
    assert_int_equal(level, 3);

    /* max_level bounds the climb. */
    q.max_level = 2;
    assert_int_equal(sb_neighbour_find(d, &q, &level), -1);
    assert_int_equal(level, 0);

    /* The climb never passes stop_at. */
    q.max_level = 5;
    q.stop_at = sb_doc_find_id(d, "a");
    q.ctx = (void *)"b1";
    assert_int_equal(sb_neighbour_find(d, &q, NULL), -1);

    /* Downward never finds what precedes. */
    q.stop_at = -1;
    q.ctx = (void *)"a1";
    assert_int_equal(sb_neighbour_find(d, &q, NULL), -1);

    /* The budget counts tested candidates. */
    q.dir = SB_NEIGHBOURS_BOTH;
    q.ctx = (void *)"far";
    q.budget = 3;
    assert_int_equal(sb_neighbour_find(d, &q, NULL), -1);

    /* Bad queries. */
    q.elem = -1;
    assert_int_equal(sb_neighbour_find(d, &q, NULL), -1);
    assert_int_equal(sb_neighbour_find(NULL, &q, NULL), -1);
    sb_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_levels),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
