/* The page-language part of seedtext.h, in its own object so that the
 * baselines which never stem (density) do not pull in the language guesser. */
#include <string.h>

#include "dom/text/lang.h"
#include "dom/seed/seedtext.h"

const char *sb_seed_lang(const sb_doc *doc, char out[4])
{
    out[0] = '\0';
    const GumboNode *root = sb_doc_root(doc);
    const char *attr = sb_attr(root, "lang");
    if (!attr)
        attr = sb_attr(root, "xml:lang");
    if (attr && sb_lang_normalize(attr, out))
        return out;
    const GumboNode *body = sb_doc_body(doc);
    if (!body)
        return NULL;
    sb_buf text = SB_BUF_INIT;
    sb_node_text(body, &text, true);
    /* A few thousand bytes are plenty for a stopword vote. */
    size_t n = text.len < 20000 ? text.len : 20000;
    const char *g = sb_lang_guess(text.data ? text.data : "", n);
    sb_buf_free(&text);
    if (!g || strlen(g) > 3)
        return NULL;
    strcpy(out, g);
    return out;
}
