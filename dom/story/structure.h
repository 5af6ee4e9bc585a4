/* structure: the story's shape as the extraction kept it.
 *
 * `text` is the kept paragraphs joined by "\n\n"; this module records, for
 * the same paragraphs in the same reading order, what kind of block each
 * one is (paragraph, subheading, list item, preformatted, table), whether
 * it sits in a quote, and the hyperlinks inside it.  The Markdown and HTML
 * renderers (hybrid/markup.c) read it; nothing here changes `text`.
 * Images are placed among the blocks by finding their <img> in the page. */
#ifndef SB_STRUCTURE_H
#define SB_STRUCTURE_H

#include <stdbool.h>
#include <stddef.h>

#include "storybox.h"

/* Headings at least this long (bytes) are prose set in a heading tag
 * (a standfirst in an <h4>): extract.c reads them as paragraphs, and so
 * does the structure. */
#define SB_HEADING_PROSE_MIN 80

typedef enum sb_block_kind {
    SB_BLOCK_PARAGRAPH = 0,
    SB_BLOCK_HEADING,   /* level 1..6 from <h1>..<h6> */
    SB_BLOCK_LIST_ITEM, /* level = nesting depth, 1 for a top list */
    SB_BLOCK_PRE,       /* text is the element's text with its white space */
    SB_BLOCK_TABLE      /* rows x cols cells, text NULL */
} sb_block_kind;

/* A hyperlink inside a block's text: bytes [start, end) of the text. */
typedef struct sb_link {
    size_t start, end;
    char *href; /* resolved against the page's base URL; http(s) or relative */
} sb_link;

typedef struct sb_block {
    sb_block_kind kind;
    int level;
    bool ordered;   /* a list item of an <ol> */
    bool continues; /* a further run of the list item before it (a second
                        paragraph of the same <li>) */
    int list;       /* element id of the item's list: items of one list
                        share it, so two lists in a row stay apart */
    int quote;      /* element id of the enclosing <blockquote>, or -1 */
    int elem;       /* the element that owns the block's first paragraph */
    char *text;     /* as in `text` (NULL for a table) */
    sb_link *links;
    size_t n_links;
    size_t rows, cols;
    char **cells;    /* rows * cols, row by row; never NULL entries */
    bool header_row; /* the first row is made of <th> cells */
} sb_block;

struct sb_structure {
    sb_block *blocks;
    size_t n_blocks;
    /* For each of the record's images[]: the index of the block it comes
     * before (n_blocks: after the last), or -1 when its place is unknown. */
    long *image_before;
    size_t n_images;
};

/* Builds the structure of the story extract.c kept.  para_text[i] is what
 * `text` holds of paragraph i of c->paras (NULL when dropped), roots the
 * story's roots (tables, lists and quotes count only inside them), base the
 * URL links and images resolve against, images the record's images[]. */
struct sb_story_ctx;
sb_structure *sb_structure_build(const struct sb_story_ctx *c, const int *roots, size_t n_roots,
                                 char *const *para_text, const char *base, const sb_image *images,
                                 size_t n_images);

/* Frees the structure and what it holds (NULL is fine). */
void sb_structure_free(sb_structure *st);

/* Link URLs the renderers may print: http: and https: URLs and relative
 * references; never javascript:, data: or other schemes. */
bool sb_link_url_allowed(const char *url);

#endif
