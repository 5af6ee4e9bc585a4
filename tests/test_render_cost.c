/* render/ and fonts/: what makes the render cheaper must not change it.
 * The <style> texts that reach litehtml through import_css (prep.h's
 * sb_prep_sheets), the memoised inherited style lookups (render.cpp),
 * the per-thread font context (sb_fonts_thread), the elements left out of
 * the serialisation, the words joined into groups (prep.h) and the
 * declarations litehtml never reads (css_props.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dom/base/fileio.h"
#include "render/css_prep.h"
#include "render/prep.h"
#include "render/render.h"

static sb_doc *load_sample(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples/layout/%s", SB_SOURCE_DIR, name);
    sb_buf b = SB_BUF_INIT;
    assert_int_equal(sb_read_file(path, 0, &b), SB_READ_OK);
    sb_doc *d = sb_doc_parse(b.data, b.len);
    sb_buf_free(&b);
    assert_non_null(d);
    return d;
}

/* The sb_doc element whose id attribute is `id`. */
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

static const sb_rnode *node_of(const sb_render *r, int elem)
{
    for (size_t i = 0; i < r->n_nodes; i++)
        if (r->nodes[i].elem == elem)
            return &r->nodes[i];
    return NULL;
}

/* The first word inside the node of elem. */
static const sb_rnode *first_word_in(const sb_render *r, int elem)
{
    for (size_t i = 0; i < r->n_nodes; i++) {
        if (r->nodes[i].elem != elem)
            continue;
        for (size_t k = i + 1; k < r->n_nodes; k++)
            if (r->nodes[k].is_text && r->nodes[k].parent == (int)i)
                return &r->nodes[k];
    }
    return NULL;
}

static void test_style_text_moved_to_sheets(void **state)
{
    (void)state;
    sb_doc *d = load_sample("cascade.html");
    sb_prep_sheets sheets = {0};
    char *html = sb_render_serialize_sheets(d, NULL, 0, NULL, &sheets, NULL);
    char *inline_html = sb_render_serialize(d, NULL, 0, NULL, NULL);
    /* Two <style> elements, two sheets, in document order. */
    assert_int_equal(sheets.n, 2);
    assert_non_null(strstr(html, "@import url(sb-sheet:0);</style>"));
    assert_non_null(strstr(html, "@import url(sb-sheet:1);</style>"));
    assert_null(strstr(html, ".deep"));
    assert_non_null(strstr(html, "<style data-sbid=\""));
    assert_non_null(strstr(html, "media=\"screen\">@import url(sb-sheet:1);"));
    /* Each sheet is exactly what the inline serialisation writes. */
    assert_non_null(strstr(inline_html, sheets.css[0]));
    assert_non_null(strstr(inline_html, sheets.css[1]));
    assert_non_null(strstr(sheets.css[0], ".deep"));
    assert_non_null(strstr(sheets.css[1], "height"));
    assert_ptr_equal(sb_prep_sheet_of_url(&sheets, "sb-sheet:0"), sheets.css[0]);
    assert_ptr_equal(sb_prep_sheet_of_url(&sheets, "sb-sheet:1"), sheets.css[1]);
    assert_null(sb_prep_sheet_of_url(&sheets, "sb-sheet:2"));
    assert_null(sb_prep_sheet_of_url(&sheets, "sb-sheet:"));
    assert_null(sb_prep_sheet_of_url(&sheets, "sb-sheet:1x"));
    assert_null(sb_prep_sheet_of_url(&sheets, "sb-sheet:-1"));
    assert_null(sb_prep_sheet_of_url(&sheets, "http://example.com/sb-sheet:0"));
    assert_null(sb_prep_sheet_of_url(NULL, "sb-sheet:0"));
    free(html);
    free(inline_html);
    sb_prep_sheets_free(&sheets);
    assert_int_equal(sheets.n, 0);
    sb_doc_free(d);
}

static void test_cascade_through_imported_sheets(void **state)
{
    (void)state;
    sb_doc *d = load_sample("cascade.html");
    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    /* Inherited through four levels from the first sheet's rule. */
    const sb_rnode *deep = first_word_in(r, elem_with_id(d, "deep"));
    assert_non_null(deep);
    assert_int_equal(deep->font_size, 30);
    assert_int_equal(deep->font_weight, 700);
    /* A style="" on the way down wins over the inherited value; the
     * weight still comes from above. */
    const sb_rnode *small = first_word_in(r, elem_with_id(d, "small"));
    assert_non_null(small);
    assert_int_equal(small->font_size, 12);
    assert_int_equal(small->font_weight, 700);
    /* visibility: hidden inherited two levels down; display: none. */
    assert_null(node_of(r, elem_with_id(d, "quiet")));
    assert_null(node_of(r, elem_with_id(d, "gone")));
    /* The @media rule for 1280 px applies, and the second sheet (under
     * its <style media="screen">). */
    const sb_rnode *wide = node_of(r, elem_with_id(d, "wide"));
    assert_non_null(wide);
    assert_int_equal(wide->w, 500);
    assert_int_equal(wide->h, 40);
    sb_render_free(r);

    sb_render_opts narrow = {0};
    narrow.width = 400;
    r = sb_render_page(d, &narrow, NULL, err, sizeof err);
    assert_non_null(r);
    wide = node_of(r, elem_with_id(d, "wide"));
    assert_non_null(wide);
    assert_int_equal(wide->w, 100);
    sb_render_free(r);
    sb_doc_free(d);
}

static void test_same_render_with_any_font_context(void **state)
{
    (void)state;
    sb_doc *d = load_sample("cascade.html");
    char err[256];
    sb_fonts *fresh = sb_fonts_new();
    sb_render *a = sb_render_page(d, NULL, fresh, err, sizeof err);
    sb_render *b = sb_render_page(d, NULL, NULL, err, sizeof err); /* the thread's */
    sb_render *c = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_int_equal(a->n_nodes, b->n_nodes);
    assert_memory_equal(a->nodes, b->nodes, a->n_nodes * sizeof *a->nodes);
    assert_int_equal(a->n_nodes, c->n_nodes);
    assert_memory_equal(a->nodes, c->nodes, a->n_nodes * sizeof *a->nodes);
    sb_render_free(a);
    sb_render_free(b);
    sb_render_free(c);
    sb_fonts_free(fresh);
    sb_doc_free(d);
}

static void *thread_fonts(void *out)
{
    *(sb_fonts **)out = sb_fonts_thread();
    return NULL;
}

static void test_one_font_context_per_thread(void **state)
{
    (void)state;
    sb_fonts *mine = sb_fonts_thread();
    assert_non_null(mine);
    assert_ptr_equal(sb_fonts_thread(), mine); /* kept across calls */
    sb_fonts *other = NULL;
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, thread_fonts, &other), 0);
    assert_int_equal(pthread_join(t, NULL), 0);
    assert_non_null(other);
    assert_ptr_not_equal(other, mine); /* (freed when that thread ended) */
    assert_ptr_equal(sb_fonts_thread(), mine);
}

/* The text runs of a render as (x, y, w, h, chars), in order. */
static void runs_of(const sb_render *r, sb_buf *out)
{
    for (size_t i = 0; i < r->n_nodes; i++) {
        const sb_rnode *n = &r->nodes[i];
        if (n->is_text)
            sb_buf_printf(out, "%d,%d,%d,%d,%u;", n->x, n->y, n->w, n->h, n->chars);
    }
}

static sb_render *render_string(const char *page, sb_doc **doc)
{
    *doc = sb_doc_parse(page, strlen(page));
    assert_non_null(*doc);
    char err[256];
    sb_render *r = sb_render_page(*doc, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    return r;
}

/* Left out because they cannot render (prep.c's never_rendered): the page
 * lays out exactly as the same page without them. */
static void test_left_out_elements_change_nothing(void **state)
{
    (void)state;
    const char *with = "<!DOCTYPE html><html><head><title>t</title><meta charset=utf-8>"
                       "<link rel=preload href=x.js><script>var a = 1;</script></head><body>"
                       "<div>Before <script>document.write('x')</script>the svg "
                       "<svg width=20 height=10><g><text>label</text><path d='M0 0'/></g></svg>"
                       " and after.<input type=hidden value=1><noscript>no script</noscript>"
                       "<template><p>later</p></template></div>"
                       "<table>\n <tr>\n  <td>cell</td>\n </tr>\n</table></body></html>";
    const char *without = "<!DOCTYPE html><html><head></head><body>"
                          "<div>Before the svg <svg width=20 height=10></svg> and after.</div>"
                          "<table><tr><td>cell</td></tr></table></body></html>";
    sb_doc *d1, *d2;
    sb_render *r1 = render_string(with, &d1);
    sb_render *r2 = render_string(without, &d2);
    sb_buf a = SB_BUF_INIT, b = SB_BUF_INIT;
    runs_of(r1, &a);
    runs_of(r2, &b);
    assert_string_equal(a.data, b.data);
    assert_int_equal(r1->height, r2->height);
    sb_buf_free(&a);
    sb_buf_free(&b);
    sb_render_free(r1);
    sb_render_free(r2);
    sb_doc_free(d1);
    sb_doc_free(d2);
}

/* Prose joined into groups of words (prep.h) is as wide as the same words
 * given one by one: a line of 13 words as one text node (joined) ends where
 * the same line split by elements into short, unjoined nodes ends. */
static void test_joined_words_measure_as_before(void **state)
{
    (void)state;
    const char *joined = "<html><body><p>The quick brown fox jumps over the lazy dog and "
                         "runs far away.</p></body></html>";
    const char *split = "<html><body><p><span>The quick brown fox</span> <span>jumps over "
                        "the lazy</span> <span>dog and runs</span> <span>far away.</span>"
                        "</p></body></html>";
    sb_doc *d1, *d2;
    sb_render *r1 = render_string(joined, &d1);
    sb_render *r2 = render_string(split, &d2);
    int end1 = 0, end2 = 0;
    unsigned chars1 = 0, chars2 = 0, runs1 = 0, runs2 = 0;
    for (size_t i = 0; i < r1->n_nodes; i++)
        if (r1->nodes[i].is_text) {
            end1 = r1->nodes[i].x + r1->nodes[i].w;
            chars1 += r1->nodes[i].chars;
            runs1++;
        }
    for (size_t i = 0; i < r2->n_nodes; i++)
        if (r2->nodes[i].is_text) {
            end2 = r2->nodes[i].x + r2->nodes[i].w;
            chars2 += r2->nodes[i].chars;
            runs2++;
        }
    assert_int_equal(runs1, 5);  /* 13 words in groups of 3 */
    assert_int_equal(runs2, 13); /* one word each */
    assert_int_equal(chars1, 50);
    assert_int_equal(chars2, 50);
    assert_int_equal(end1, end2);
    sb_render_free(r1);
    sb_render_free(r2);
    sb_doc_free(d1);
    sb_doc_free(d2);
}

/* Declarations litehtml never reads (css_props.h) are left out of the
 * sheet it is given, and so are the rules left with none, except a
 * ::before or ::after rule, which makes its pseudo-element even empty; what
 * litehtml reads is laid out as before. */
static void test_unread_properties_left_out(void **state)
{
    (void)state;
    sb_doc *d = load_sample("unread_properties.html");
    sb_prep_sheets sheets = {0};
    char *html = sb_render_serialize_sheets(d, NULL, 0, NULL, &sheets, NULL);
    assert_int_equal(sheets.n, 1);
    assert_string_equal(sheets.css[0], ".card{width: 300px;}\n"
                                       ".icon::before{content: \"\";}\n"
                                       ".mark:after{}\n"
                                       ".tall{height: 80px;}\n");
    free(html);
    sb_prep_sheets_free(&sheets);
    char *attr = sb_css_prepare_decls("transition: all 1s; WIDTH: 10px; box-shadow: none", 50);
    assert_string_equal(attr, "WIDTH: 10px;");
    free(attr);

    char err[256];
    sb_render *r = sb_render_page(d, NULL, NULL, err, sizeof err);
    assert_non_null(r);
    const sb_rnode *card = node_of(r, elem_with_id(d, "card"));
    assert_non_null(card);
    assert_int_equal(card->w, 300);
    const sb_rnode *tall = node_of(r, elem_with_id(d, "tall"));
    assert_non_null(tall);
    assert_int_equal(tall->h, 80);
    assert_non_null(first_word_in(r, elem_with_id(d, "fade")));
    sb_render_free(r);
    sb_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_style_text_moved_to_sheets),
        cmocka_unit_test(test_cascade_through_imported_sheets),
        cmocka_unit_test(test_same_render_with_any_font_context),
        cmocka_unit_test(test_one_font_context_per_thread),
        cmocka_unit_test(test_left_out_elements_change_nothing),
        cmocka_unit_test(test_joined_words_measure_as_before),
        cmocka_unit_test(test_unread_properties_left_out),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
