/* dom/doc/script_body: the code of unread scripts and the text of
 * comments dropped before the parser.  Exact outputs for what is cut (a
 * script with no type, a JavaScript type, a module, a "</scripts" inside
 * its code, an HTML comment inside it; a comment's text) and what is left
 * whole (JSON types, a type with a character reference, blank bodies, SVG
 * scripts, scripts inside attributes and raw-text elements, after a
 * <frameset>, a double-escaped body, a script with no end tag, comments
 * that end early or sit in SVG), and the parsed tree: the element stays,
 * with one non-blank text child. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dom/doc/doc.h"
#include "dom/doc/script_body.h"

/* The cut of `in`, NUL-terminated, for comparison. */
static char *cut(const char *in)
{
    size_t n = strlen(in);
    char *s = malloc(n + 1);
    memcpy(s, in, n + 1);
    size_t m = sb_script_body_cut(s, n);
    assert_true(m <= n);
    s[m] = '\0';
    return s;
}

static void expect(const char *in, const char *want)
{
    char *got = cut(in);
    assert_string_equal(got, want);
    free(got);
}

static void same(const char *in)
{
    expect(in, in);
}

static void test_cut(void **state)
{
    (void)state;
    expect("<p>a</p><script>var x = 1;</script><p>b</p>", "<p>a</p><script>;</script><p>b</p>");
    expect("<SCRIPT type=\"text/javascript\">f(a < b)</SCRIPT >x",
           "<SCRIPT type=\"text/javascript\">;</SCRIPT >x");
    expect("<script type=module src=a.js async>import x from 'y'</script>",
           "<script type=module src=a.js async>;</script>");
    /* "</scripts" is no end tag: the body runs to the next "</script>" */
    expect("<script>s = \"</scripts>\"; t = 1</script><b>b</b>", "<script>;</script><b>b</b>");
    /* an old-style comment wrapper without a nested "<script": the first
     * end tag still ends it */
    expect("<script><!--\nf();\n//--></script>y", "<script>;</script>y");
    /* two scripts, the text between kept */
    expect("<script>a()</script>mid<script>b()</script>end",
           "<script>;</script>mid<script>;</script>end");
    /* a comment's text; a script inside it is the comment's */
    expect("a<!-- <script>alert(1)</script> -->b<!--[if IE]><p>old<![endif]-->c",
           "a<!---->b<!---->c");
    /* after an SVG closes, scripts are HTML again */
    expect("<svg><script>x</script></svg><script>y()</script>",
           "<svg><script>x</script></svg><script>;</script>");
}

static void test_left_whole(void **state)
{
    (void)state;
    same("<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\"}</script>");
    same("<script type='application/json' id=__NEXT_DATA__>{\"a\":1}</script>");
    same("<script type=\"application/ld&#43;json\">{}</script>");
    same("<script>  \n\t</script>");
    same("<script>;</script>");
    same("<svg><script>alert(1)</script></svg>");
    same("<math><mi><script>alert(1)</script></mi></math>");
    same("<div title=\"<script>alert(1)</script>\">x</div>");
    same("<title><script>alert(1)</script></title>");
    same("<textarea><script>alert(1)</script></textarea>");
    same("<frameset><script>alert(1)</script></frameset>");
    same("<script>no end tag");
    /* "<!--" then "<script>": the double-escaped state, whose end the
     * scan does not follow; nothing after it is cut either */
    same("<script><!-- document.write('<script>x()</script>'); --></script><script>y()</script>");
    /* a comment that hides an <svg>: unsure from there on */
    same("<!-- x <svg> --><script>f()</script>");
    /* comments that end before their first "-->", and one in SVG */
    same("<!-->a<!--->b<!-- c --!> d -->");
    same("<svg><![CDATA[ <!-- x --> ]]></svg>");
    /* HTML inside an SVG integration point may make the parser ignore
     * a "</svg>": the scan stops; plain text in one is followed */
    same("<svg><foreignObject><div></svg></div></foreignObject><script>x()</script></svg>");
    expect("<svg><desc>icon</desc></svg><script>y()</script>",
           "<svg><desc>icon</desc></svg><script>;</script>");
    /* a "</svg>" inside an SVG CDATA section closes nothing */
    same("<svg><![CDATA[ a > </svg> ]]><script>x()</script></svg>");
}

static void test_doc(void **state)
{
    (void)state;
    const char *page = "<html><head><script>var big = 1;</script>"
                       "<script type=\"application/ld+json\">{\"headline\":\"H\"}</script>"
                       "</head><body><p>Text.</p></body></html>";
    sb_doc *d = sb_doc_parse(page, strlen(page));
    assert_non_null(d);
    int scripts = 0;
    for (size_t i = 0; i < d->n_elems; i++) {
        const GumboNode *n = d->elems[i];
        if (sb_tag(n) != GUMBO_TAG_SCRIPT)
            continue;
        const GumboVector *k = &n->v.element.children;
        assert_int_equal(k->length, 1);
        const GumboNode *t = k->data[0];
        assert_int_equal(t->type, GUMBO_NODE_TEXT);
        assert_string_equal(t->v.text.text, scripts == 0 ? ";" : "{\"headline\":\"H\"}");
        scripts++;
    }
    assert_int_equal(scripts, 2);
    sb_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cut),
        cmocka_unit_test(test_left_whole),
        cmocka_unit_test(test_doc),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
