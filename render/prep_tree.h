/* prep_tree: the prepared page as a gumbo tree, built in memory.
 *
 * litehtml 0.6 builds its elements from a GumboNode tree
 * (document::create_node) that it normally gets by parsing HTML text; the
 * serialisation (prep.c) used to be written out as HTML only for litehtml
 * to parse it again, about a sixth of the render's instructions.  This
 * module owns the other way: prep.c's walk hands each element, attribute
 * and text to a builder, which makes the GumboNodes that parse would have
 * made, with the fields create_node reads (type; an element's tag, its
 * original tag for names gumbo does not know, attributes and children; a
 * text's text), in one arena freed at once.  Adjacent texts are merged
 * into one node, as the parser merges the text on both sides of what the
 * walk leaves out (comments, scripts), so litehtml splits the same words. */
#ifndef SB_RENDER_PREP_TREE_H
#define SB_RENDER_PREP_TREE_H

#include <stddef.h>

#include <gumbo.h>

typedef struct sb_ptree sb_ptree;

/* One attribute: name and value as the parser would give them back
 * (unescaped); both are copied. */
typedef struct sb_ptree_attr {
    const char *name;
    const char *value;
    size_t value_len;
} sb_ptree_attr;

sb_ptree *sb_ptree_new(void);
/* Opens an element as the last child of the open one.  name is the tag's
 * name, used (as the parser's original_tag) when tag is GUMBO_TAG_UNKNOWN. */
void sb_ptree_start(sb_ptree *t, GumboTag tag, GumboNamespaceEnum ns, const char *name,
                    const sb_ptree_attr *attrs, size_t n_attrs);
void sb_ptree_end(sb_ptree *t);
/* Text as the last child of the open element, joined to a text node right
 * before it. */
void sb_ptree_text(sb_ptree *t, const char *s, size_t n);
/* The last element opened at the top level (the page's <html>), or NULL. */
GumboNode *sb_ptree_root(const sb_ptree *t);
/* About the length of the HTML the tree stands for (tags, attributes and
 * text, unescaped): what the render's size cap counts. */
size_t sb_ptree_bytes(const sb_ptree *t);
void sb_ptree_free(sb_ptree *t);

#endif
