/* dom/doc/script_cut: which scripts' code the scan proposes to cut, and
 * what the verification on gumbo's tree keeps: the exact bytes gumbo
 * parsed, whether it fell back to the uncut page, and the script's text
 * the tree then holds. */
#define _GNU_SOURCE /* strcasestr */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "dom/doc/doc.h"
#include "dom/doc/script_cut.h"

enum outcome {
    NONE,     /* nothing proposed: the page parsed as it is */
    KEPT,     /* every cut verified: gumbo parsed `parsed` */
    FELL_BACK /* a cut failed verification: the page parsed uncut */
};

typedef struct {
    const char *name, *html;
    size_t proposed;
    enum outcome outcome;
    const char *parsed;      /* KEPT: the bytes gumbo parsed */
    GumboNamespaceEnum ns;   /* the first <script> element's namespace */
    const char *script_text; /* its text ("" when it has none or it is not an element) */
} script_case;

static const script_case cases[] = {
    {"plain", "<p>a</p><script>var x = 1;</script><p>b</p>", 1, KEPT,
     "<p>a</p><script>;</script><p>b</p>", GUMBO_NAMESPACE_HTML, ";"},
    {"uppercase", "<SCRIPT type=text/javascript>if (a < b) go()</SCRIPT>", 1, KEPT,
     "<SCRIPT type=text/javascript>;</SCRIPT>", GUMBO_NAMESPACE_HTML, ";"},
    {"end tag with a space", "<script>a()</script ><p>b", 1, KEPT, "<script>;</script ><p>b",
     GUMBO_NAMESPACE_HTML, ";"},
    {"end tag with a slash", "<script>a()</script/><p>b", 1, KEPT, "<script>;</script/><p>b",
     GUMBO_NAMESPACE_HTML, ";"},
    {"end tag with CR", "<script>a()</script\r><p>b", 1, KEPT, "<script>;</script\r><p>b",
     GUMBO_NAMESPACE_HTML, ";"},
    {"quoted > in the start tag", "<script data-x=\"a>b\" src='c>d'>a()</script>", 1, KEPT,
     "<script data-x=\"a>b\" src='c>d'>;</script>", GUMBO_NAMESPACE_HTML, ";"},
    /* Content that leaves the tokenizer in the middle of a "<" run: the
     * "<" of "</script" is read again in the script data state. */
    {"content ends in <", "<script>a<</script><p>b", 1, KEPT, "<script>;</script><p>b",
     GUMBO_NAMESPACE_HTML, ";"},
    {"content ends in </", "<script>a</</script><p>b", 1, KEPT, "<script>;</script><p>b",
     GUMBO_NAMESPACE_HTML, ";"},
    {"content ends in </scrip", "<script>a</scrip</script><p>b", 1, KEPT, "<script>;</script><p>b",
     GUMBO_NAMESPACE_HTML, ";"},
    {"content ends in <!-", "<script>a<!-</script><p>b", 1, KEPT, "<script>;</script><p>b",
     GUMBO_NAMESPACE_HTML, ";"},
    {"CR and invalid UTF-8 in the content", "<script>\r\n\xe2\x82\xff</script><p>b", 1, KEPT,
     "<script>;</script><p>b", GUMBO_NAMESPACE_HTML, ";"},
    {"two scripts, one blank", "<script>a()</script><script> \n</script><script>b()</script>", 2,
     KEPT, "<script>;</script><script> \n</script><script>;</script>", GUMBO_NAMESPACE_HTML, ";"},
    /* "</scripty>" ends nothing: the script runs to the next end tag. */
    {"</scripty>", "<script>a(\"</scripty>\")</script><p>b", 0, NONE, NULL, GUMBO_NAMESPACE_HTML,
     "a(\"</scripty>\")"},
    /* The escaped states: the first "</script>" need not end it. */
    {"<!-- inside", "<script><!--<script>a()</script>b()--></script><p>c", 0, NONE, NULL,
     GUMBO_NAMESPACE_HTML, "<!--<script>a()</script>b()-->"},
    {"ld+json", "<script type=\"application/ld+json\">{\"a\":1}</script>", 0, NONE, NULL,
     GUMBO_NAMESPACE_HTML, "{\"a\":1}"},
    {"a character reference in the tag", "<script type=\"application/ld&#43;json\">{}</script>", 0,
     NONE, NULL, GUMBO_NAMESPACE_HTML, "{}"},
    /* In SVG a <script>'s content is markup: the element is SVG's. */
    {"inside <svg>", "<svg><script>a()</script></svg>", 1, FELL_BACK, NULL, GUMBO_NAMESPACE_SVG,
     "a()"},
    {"inside a comment", "<!--<script>a()</script>--><p>b", 0, NONE, NULL, GUMBO_NAMESPACE_HTML,
     ""},
    /* Raw text and RCDATA: no element at all. */
    {"inside <textarea>", "<textarea><script>a()</script></textarea>", 1, FELL_BACK, NULL,
     GUMBO_NAMESPACE_HTML, ""},
    {"inside <title>", "<title><script>a()</script></title>", 1, FELL_BACK, NULL,
     GUMBO_NAMESPACE_HTML, ""},
    {"after <plaintext>", "<plaintext><script>a()</script>", 1, FELL_BACK, NULL,
     GUMBO_NAMESPACE_HTML, ""},
    {"in an attribute value", "<p title=\"<script>a()</script>\">b</p>", 1, FELL_BACK, NULL,
     GUMBO_NAMESPACE_HTML, ""},
    {"unterminated at the end", "<script>a()", 0, NONE, NULL, GUMBO_NAMESPACE_HTML, "a()"},
    {"end tag cut short by the end", "<script>a()</script", 0, NONE, NULL, GUMBO_NAMESPACE_HTML,
     "a()</script"},
    /* The frameset modes ignore the start tag. */
    {"<frameset>", "<frameset><script>a()</script></frameset>", 1, FELL_BACK, NULL,
     GUMBO_NAMESPACE_HTML, ""},
    /* One cut fails, all go: the first script keeps its code. */
    {"one of two fails", "<script>a()</script><textarea><script>b()</script></textarea>", 2,
     FELL_BACK, NULL, GUMBO_NAMESPACE_HTML, "a()"},
};

static const GumboNode *first_script(const GumboNode *n)
{
    if (n->type == GUMBO_NODE_ELEMENT && n->v.element.tag == GUMBO_TAG_SCRIPT)
        return n;
    const GumboVector *k = n->type == GUMBO_NODE_DOCUMENT ? &n->v.document.children
                           : n->type == GUMBO_NODE_ELEMENT || n->type == GUMBO_NODE_TEMPLATE
                               ? &n->v.element.children
                               : NULL;
    for (unsigned i = 0; k && i < k->length; i++) {
        const GumboNode *s = first_script(k->data[i]);
        if (s)
            return s;
    }
    return NULL;
}

static void test_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const script_case *c = &cases[i];
        print_message("case: %s\n", c->name);
        sb_script_cut *cuts = NULL;
        assert_int_equal(sb_script_cut_propose(c->html, strlen(c->html), &cuts), c->proposed);
        free(cuts);
        sb_doc *d = sb_doc_parse(c->html, strlen(c->html));
        assert_non_null(d);
        /* the page's bytes stay as they came, whatever gumbo parsed */
        assert_string_equal(d->html, c->html);
        assert_int_equal(d->script_cut_fell_back, c->outcome == FELL_BACK);
        if (c->outcome == KEPT) {
            assert_non_null(d->parsed);
            assert_string_equal(d->parsed, c->parsed);
            assert_int_equal(d->parsed_len, strlen(c->parsed));
            /* gumbo alone on the page ends the script at the same place */
            GumboOutput *plain = gumbo_parse(c->html);
            const GumboNode *ps = first_script(plain->document);
            assert_non_null(ps);
            assert_int_equal(ps->v.element.children.length, 1);
            const GumboNode *t = ps->v.element.children.data[0];
            assert_int_equal(t->type, GUMBO_NODE_TEXT);
            assert_null(strcasestr(t->v.text.text, "</script"));
            assert_true(ps->v.element.original_end_tag.length > 0);
            gumbo_destroy_output(&kGumboDefaultOptions, plain);
        } else {
            assert_null(d->parsed);
        }
        const GumboNode *s = first_script(d->out->document);
        const char *text = "";
        if (s) {
            assert_int_equal(s->v.element.tag_namespace, c->ns);
            const GumboVector *k = &s->v.element.children;
            if (k->length) {
                assert_int_equal(k->length, 1);
                text = ((const GumboNode *)k->data[0])->v.text.text;
            }
        }
        assert_string_equal(text, c->script_text);
        sb_doc_free(d);
    }
}

/* The cut buffer's start tags are where the tree says: an unknown
 * element's name (read from its original_tag) and the attributes after a
 * cut are the page's. */
static void test_after_a_cut(void **state)
{
    (void)state;
    const char *html = "<script>var a = '<b>';</script><My-Widget data-k=\"v\">w</My-Widget>";
    sb_doc *d = sb_doc_parse(html, strlen(html));
    assert_non_null(d);
    assert_non_null(d->parsed);
    const GumboNode *w = NULL;
    for (size_t i = 0; i < d->n_elems && !w; i++)
        if (d->elems[i]->v.element.tag == GUMBO_TAG_UNKNOWN)
            w = d->elems[i];
    assert_non_null(w);
    assert_string_equal(sb_tag_name(w), "my-widget");
    assert_string_equal(sb_attr(w, "data-k"), "v");
    /* sb_tag_name writes into the parsed copy, not the page's bytes */
    assert_string_equal(d->html, html);
    sb_doc_free(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_after_a_cut),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
