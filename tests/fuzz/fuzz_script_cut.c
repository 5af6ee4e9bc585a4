/* libFuzzer harness, differential: the parse without scripts' code
 * (dom/doc/script_cut.h) against gumbo's plain parse.  The input is parsed
 * by sb_doc_parse (the passes before the parser, then the cut, the
 * verification and the fallback), and the same bytes the document kept
 * (doc->html: the page after those passes, uncut) are parsed by gumbo
 * alone.  Promise: the two trees are the same node by node (type, parse
 * flags, tag, namespace, the tags' source text, attributes, text, the
 * doctype), but for the text of the scripts that were cut, which is ";" in
 * the cut tree and non-blank text in the plain one. */
#include "fuzz_check.h"

#include <gumbo.h>

#include "dom/doc/doc.h"
#include "dom/doc/script_cut.h"

static bool same_piece(GumboStringPiece a, GumboStringPiece b)
{
    return a.length == b.length && (a.length == 0 || memcmp(a.data, b.data, a.length) == 0);
}

static bool same_str(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static const GumboVector *kids_of(const GumboNode *n)
{
    if (n->type == GUMBO_NODE_DOCUMENT)
        return &n->v.document.children;
    if (n->type == GUMBO_NODE_ELEMENT || n->type == GUMBO_NODE_TEMPLATE)
        return &n->v.element.children;
    return NULL;
}

/* Whether n (of the cut tree) is a script whose content was cut: its start
 * tag is at one of at[0..n_at) in the cut buffer. */
static bool cut_script(const GumboNode *n, const char *buf, const size_t *at, size_t n_at)
{
    if (n_at == 0 || !n || n->type != GUMBO_NODE_ELEMENT || n->v.element.tag != GUMBO_TAG_SCRIPT ||
        !n->v.element.original_tag.data)
        return false;
    size_t pos = (size_t)(n->v.element.original_tag.data - buf);
    for (size_t k = 0; k < n_at; k++)
        if (at[k] == pos)
            return true;
    return false;
}

static void compare(const GumboNode *plain, const GumboNode *cut, const char *buf, const size_t *at,
                    size_t n_at)
{
    size_t cap = 64, top = 0;
    const GumboNode **stack = malloc(cap * 2 * sizeof *stack);
    FUZZ_REQUIRE(stack != NULL);
    stack[0] = plain;
    stack[1] = cut;
    top = 1;
    while (top) {
        top--;
        const GumboNode *a = stack[2 * top], *b = stack[2 * top + 1];
        FUZZ_REQUIRE(a->type == b->type);
        FUZZ_REQUIRE(a->parse_flags == b->parse_flags);
        FUZZ_REQUIRE(a->index_within_parent == b->index_within_parent);
        switch (a->type) {
        case GUMBO_NODE_DOCUMENT: {
            const GumboDocument *x = &a->v.document, *y = &b->v.document;
            FUZZ_REQUIRE(x->has_doctype == y->has_doctype);
            FUZZ_REQUIRE(same_str(x->name, y->name));
            FUZZ_REQUIRE(same_str(x->public_identifier, y->public_identifier));
            FUZZ_REQUIRE(same_str(x->system_identifier, y->system_identifier));
            FUZZ_REQUIRE(x->doc_type_quirks_mode == y->doc_type_quirks_mode);
            break;
        }
        case GUMBO_NODE_ELEMENT:
        case GUMBO_NODE_TEMPLATE: {
            const GumboElement *x = &a->v.element, *y = &b->v.element;
            FUZZ_REQUIRE(x->tag == y->tag);
            FUZZ_REQUIRE(x->tag_namespace == y->tag_namespace);
            FUZZ_REQUIRE(same_piece(x->original_tag, y->original_tag));
            FUZZ_REQUIRE(same_piece(x->original_end_tag, y->original_end_tag));
            FUZZ_REQUIRE(x->attributes.length == y->attributes.length);
            for (unsigned i = 0; i < x->attributes.length; i++) {
                const GumboAttribute *p = x->attributes.data[i], *q = y->attributes.data[i];
                FUZZ_REQUIRE(p->attr_namespace == q->attr_namespace);
                FUZZ_REQUIRE(same_str(p->name, q->name));
                FUZZ_REQUIRE(same_str(p->value, q->value));
                FUZZ_REQUIRE(same_piece(p->original_name, q->original_name));
                FUZZ_REQUIRE(same_piece(p->original_value, q->original_value));
            }
            break;
        }
        default: { /* text, CDATA, comment, white space */
            if (cut_script(b->parent, buf, at, n_at)) {
                FUZZ_REQUIRE(b->type == GUMBO_NODE_TEXT && strcmp(b->v.text.text, ";") == 0);
                FUZZ_REQUIRE(b->parent->v.element.children.length == 1);
            } else {
                FUZZ_REQUIRE(same_str(a->v.text.text, b->v.text.text));
                FUZZ_REQUIRE(same_piece(a->v.text.original_text, b->v.text.original_text));
            }
            break;
        }
        }
        const GumboVector *ka = kids_of(a), *kb = kids_of(b);
        FUZZ_REQUIRE(!ka == !kb);
        if (!ka)
            continue;
        FUZZ_REQUIRE(ka->length == kb->length);
        for (unsigned i = 0; i < ka->length; i++) {
            if (top == cap) {
                cap *= 2;
                stack = realloc(stack, cap * 2 * sizeof *stack);
                FUZZ_REQUIRE(stack != NULL);
            }
            stack[2 * top] = ka->data[i];
            stack[2 * top + 1] = kb->data[i];
            top++;
        }
    }
    free(stack);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sb_doc *d = sb_doc_parse((const char *)data, size);
    if (!d)
        return 0;
    GumboOptions opts = kGumboDefaultOptions;
    opts.max_errors = 0;
    GumboOutput *plain = gumbo_parse_with_options(&opts, d->html, d->html_len);
    FUZZ_REQUIRE(plain != NULL);
    /* Where the cut scripts' start tags are in the cut buffer. */
    sb_script_cut *cuts = NULL;
    size_t n = sb_script_cut_propose(d->html, d->html_len, &cuts);
    size_t *at = malloc((n ? n : 1) * sizeof *at), shift = 0, spared = 0;
    FUZZ_REQUIRE(at != NULL);
    for (size_t k = 0; k < n; k++) {
        at[k] = cuts[k].tag - shift;
        shift += cuts[k].body_len - 1;
        spared += cuts[k].body_len - 1;
    }
    if (d->parsed) {
        FUZZ_REQUIRE(n > 0 && !d->script_cut_fell_back);
        FUZZ_REQUIRE(d->parsed_len == d->html_len - spared);
    } else {
        FUZZ_REQUIRE(n == 0 || d->script_cut_fell_back);
        n = 0; /* the uncut page was parsed: the trees are the same whole */
    }
    compare(plain->document, d->out->document, d->parsed, at, n);
    free(at);
    free(cuts);
    gumbo_destroy_output(&opts, plain);
    sb_doc_free(d);
    return 0;
}
