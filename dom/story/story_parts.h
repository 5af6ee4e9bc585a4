/* story_parts: the extractor's internal view of a page, shared by the files
 * that make up dom/extract.c (paragraphs, boilerplate, headline, teaser,
 * images, reconcile).  Not part of the public API: only dom/story/
 * includes it.
 *
 * Everything is indexed by sb_doc element id, and computed in one or two
 * linear passes over doc->elems (document order is pre-order, so a parent
 * always comes before its children). */
#ifndef SB_STORY_PARTS_H
#define SB_STORY_PARTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "dom/doc/doc.h"
#include "dom/story/extract.h"
#include "dom/doc/meta.h"

/* Why an element (and so all its text) is not story text.  Zero = keep. */
typedef enum sb_noise {
    SB_NOISE_NONE = 0,
    SB_NOISE_HIDDEN,     /* hidden attribute, aria-hidden, inline display:none */
    SB_NOISE_TAG,        /* nav, aside, footer, form, button... */
    SB_NOISE_TOKENS,     /* class/id names boilerplate and the text agrees */
    SB_NOISE_CONTAINER,  /* list/div/table judged link-heavy or thin */
    SB_NOISE_BYLINE      /* a short byline or dateline */
} sb_noise;

const char *sb_noise_name(sb_noise n);

/* Per element facts, filled once. */
typedef struct sb_elem_info {
    int parent;            /* element id, -1 at the top */
    int depth;
    unsigned text;         /* visible text bytes in the subtree (collapsed) */
    unsigned link_text;    /* of those, inside <a> */
    unsigned commas;
    unsigned clean_text;   /* text, link_text and commas of the subtree's */
    unsigned clean_link;   /* paragraphs that no stronger signal (hidden, */
    unsigned clean_commas; /* furniture tag or name) already dropped */
    unsigned n_para;       /* paragraph runs owned inside the subtree */
    unsigned n_p;          /* <p> elements in the subtree */
    unsigned n_li, n_img, n_input, n_embed, n_heading;
    unsigned n_link_heading; /* headings that are mostly a link */
    unsigned clean_para;          /* n_para and n_link_heading counting only */
    unsigned clean_link_heading;  /* what no stronger signal already dropped */
    int class_weight;      /* Readability-like: +25 positive, -25 negative */
    sb_noise own_noise;    /* from this element alone */
    sb_noise noise;        /* own, or inherited from an ancestor */
    double score;          /* content score (root choice) */
    bool scored;
} sb_elem_info;

/* One paragraph: a run of inline content owned by a block element.  A block
 * with nested blocks yields one run per stretch of inline content. */
typedef struct sb_para {
    int elem;              /* owning block element */
    char *text;            /* collapsed, trimmed; "\n" at <br> */
    unsigned len;          /* bytes of text */
    unsigned link_len;     /* bytes inside <a> */
    unsigned commas;
    GumboTag tag;          /* owner's tag */
    bool dropped;
    const char *why;       /* reason when dropped */
    double sim;            /* similarity to headline/teaser, -1 = not computed */
} sb_para;

typedef struct sb_story_ctx {
    const sb_dom_input *in;
    const sb_doc *doc;
    sb_elem_info *info;    /* n_elems entries */
    sb_para *paras;
    size_t n_paras;
    int body;              /* element id of <body>, or -1 */
    int headline_elem;     /* the headline's element, or -1 (set before roots) */
    FILE *explain;
    /* The visual_hidden signal is off for this pass: it would hide more
     * than two thirds of the story (extract.c's check_hidden_share). */
    bool hidden_untrusted;
    /* The visual_caption signal (extract.c's caption_by_type): the body
     * text's rendered font size, and whether the page sets its captions
     * (<figcaption>) in a smaller type than that; 0 / false until known. */
    int body_font;
    bool captions_smaller;
} sb_story_ctx;

/* paragraphs.c: splits the document into paragraph runs (document order)
 * and fills the per-element text counts. */
void sb_paras_build(sb_story_ctx *c);
void sb_paras_free(sb_story_ctx *c);
bool sb_is_block_tag(GumboTag t);

/* boilerplate.c: per element noise signals and class weights; needs the
 * counts from sb_paras_build. */
void sb_noise_mark(sb_story_ctx *c);
/* Readability-style conditional cleaning of containers inside the chosen
 * roots (lists, tables, divs that are mostly links or thin). */
void sb_noise_mark_containers(sb_story_ctx *c, const int *roots, size_t n_roots);
/* Per-paragraph judgement (link density, short link-only lines, an ad
 * slot's label). */
const char *sb_para_noise(const sb_story_ctx *c, const sb_para *p);
/* A block whose whole text is an advertising label ("Advertisement",
 * "Anzeige:", "Sponsored"): one of a short list of label words, any case,
 * perhaps with a colon, nothing else. */
bool sb_ad_label_line(const char *s, size_t len);

/* A small element whose class calls it a caption ("wp-caption-text",
 * "image-caption"; not "no-caption"). */
#define CAPTION_NAMED_MAX_TEXT 400
bool sb_caption_named(const sb_story_ctx *c, int id);
/* h1 to h6. */
static inline bool sb_heading_tag(GumboTag t)
{
    return t >= GUMBO_TAG_H1 && t <= GUMBO_TAG_H6;
}

/* Whether n's class or id, lower-cased, holds one of the NULL-ended subs
 * anywhere ("overlay" in "site-overlay__box"). */
bool sb_named_any(const GumboNode *n, const char *const *subs);
/* Whether n's class and id name site furniture only by a sharing word
 * ("share", "sharing"): with those blanked out no furniture word is left
 * ("blkBorder img-share" yes; "social-share" no: "social" is left). */
bool sb_names_share_only(const GumboNode *n);
/* Whether element id's class or id holds a word of content ("article",
 * "body", "text", "post"...), the words that veto a furniture name. */
bool sb_content_named(const sb_story_ctx *c, int id);

/* A list of teasers for other stories: several headings that are links,
 * each with a summary under it ("Latest news" cards). */
bool sb_teaser_list(const sb_story_ctx *c, int id);

/* furniture.c: why a paragraph inside the story is furniture by its shape
 * (a line that is only a URL, a gallery counter "Image 1 of 5", a caption
 * ending in "(Image credit: ...)", "Published ... | Updated ..."); NULL
 * when it is none of those. */
const char *sb_furniture_line(const sb_para *p);
/* A line that is only a slideshow counter: "Image 1 of 5", "Slide 2 of 9",
 * "3 / 12" (1 <= N <= M), perhaps after a short label. */
bool sb_counter_line(const sb_para *p);
/* A lead-in line: a short label that introduces what follows it rather
 * than saying something ("Read more:", "You may also like", "About the
 * author", "Weitere Themen"): at most SB_LEAD_IN_MAX_WORDS words, two or
 * more, and no sentence end (. ! ? or their CJK forms); a heading or a
 * line ending in ':' of that length is one whatever its words. */
#define SB_LEAD_IN_MAX_WORDS 8
bool sb_lead_in_line(const sb_para *p);
/* True when element e, or an ancestor below root, is named as a standfirst
 * ("standfirst", "dek", "summary", "article-teaser"...). */
bool sb_standfirst_named(const sb_story_ctx *c, int e, int root);

/* content_root.c: the story's roots when none are given (dom mode).
 * Returns how many; *roots is malloc'd, in document order. */
size_t sb_choose_roots(sb_story_ctx *c, int **roots);
/* Whether element e sits in a dialog laid over the page (role="dialog",
 * aria-modal, a class/id naming an overlay, dialog or lightbox) that does
 * not hold the headline: neither a root nor a standfirst comes from it. */
bool sb_in_foreign_dialog(const sb_story_ctx *c, int e);

/* headline.c: the headline among metadata titles, <title> parts and
 * prominent headings.  Returns a malloc'd string or NULL; *elem is the
 * heading element it was read from, or -1. */
char *sb_headline_choose(sb_story_ctx *c, const sb_meta *meta, int *elem);
/* Splits a <title> at site-name separators (" | ", " - ", " :: "...) and
 * returns the part that names the story (malloc'd), or a copy of title. */
char *sb_title_strip_site(const char *title, const char *site_name);

/* teaser.c: the standfirst nearest to the story root by neighbour levels.
 * Returns the index of its paragraph in c->paras, or -1. */
long sb_teaser_find(sb_story_ctx *c, int root, const char *headline);
/* Reads like a standfirst: a sentence or two of prose, few links, not a
 * short heading, list item or caption, not furniture. */
bool sb_standfirst_like(const sb_story_ctx *c, const sb_para *p);

/* images.c: the lead image among the images in and near the roots, judged
 * against the story text and the page's declared image (headline_elem may
 * be -1); the declared image alone when none qualifies; NULL when the page
 * neither shows nor declares one.  *images (malloc'd, *n_images entries)
 * gets every acceptable image of the story in reading order. */
sb_image *sb_lead_image(sb_story_ctx *c, const sb_meta *meta, const int *roots, size_t n_roots,
                        int headline_elem, const char *headline, const char *story_text,
                        sb_image **images, size_t *n_images);

/* extract.c: one pass of the extractor over the given roots (or its own
 * pick); sb_dom_extract (reconcile.c) wraps it. */
int sb_story_extract(const sb_dom_input *in, const sb_meta *meta, sb_story *out);

/* reconcile.c: replaces the layout's region roots by the DOM's own story
 * container when the rules there say so (*roots is malloc'd and may be
 * replaced). */
void sb_reconcile_roots(sb_story_ctx *c, int **roots, size_t *n_roots);

/* orphan_labels.c: drops a kept label (a short line, see there) when all
 * that stands between it and the next kept paragraph was dropped as link
 * furniture: it introduced a list of links, a share bar or a dateline. */
void sb_drop_orphan_labels(const sb_story_ctx *c, bool *keep);

/* citation_labels.c: drops a kept label (a short heading, or a short line
 * ending in ':') whose next kept paragraph is a bibliographic citation; the
 * citation stays. */
void sb_drop_citation_labels(const sb_story_ctx *c, bool *keep);

/* picture_credit.c: why paragraph p (one of c->paras) is a picture's
 * caption or credit left in the running text, told by its shape and a
 * picture right before or after it; NULL when it is not. */
const char *sb_picture_credit_line(const sb_story_ctx *c, const sb_para *p);
/* The caption or credit line sb_picture_credit_line finds beside the
 * picture element `picture` (an <img>, a <picture>, an image link or a
 * background), as that picture's caption (malloc'd, an enlarge word before
 * it left out) or, for a bare "name | agency" pair, its credit; false and
 * both NULL when none stands beside it. */
bool sb_picture_credit_for(const sb_story_ctx *c, int picture, char **caption, char **credit);

/* extract.c: why paragraph p is not story text wherever it sits (a
 * caption, a byline or dateline, a rights notice or credit, a furniture
 * line), or a noise verdict of one of its ancestors; NULL when none. */
const char *sb_not_story_line(const sb_story_ctx *c, const sb_para *p, const char *headline);

/* layout_intro.c: the visual_intro signal (sb_dom_render.intro_by_layout):
 * keeps the paragraphs of prose outside the roots that the render places
 * between the headline and the story, in the story's column and type. */
void sb_keep_intro_by_layout(const sb_story_ctx *c, int headline_elem, const char *headline,
                             const int *roots, size_t n_roots, bool *keep);

/* extract.c: one --explain line for a paragraph's verdict. */
void sb_explain_para(FILE *f, const sb_para *p, const char *verdict, const char *why);

/* True when element `e` is `root` or inside it. */
bool sb_elem_within(const sb_story_ctx *c, int e, int root);

/* One past the last element id of `e`'s subtree (pre-order ids make a
 * subtree one contiguous range). */
int sb_subtree_end(const sb_story_ctx *c, int e);

/* How many non-space bytes of `prefix` open `text`, white space runs
 * matching each other; 0 when `text` does not start with all of it. */
size_t sb_starts_with_words(const char *text, const char *prefix);

/* story_end.c: the rules that end the story, run in order over the kept
 * paragraphs once each has been judged; `author` is the byline's name
 * (a bio box opens with it), or NULL. */
void sb_trim_story_end(const sb_story_ctx *c, int headline_elem, const char *headline,
                       const char *author, bool *keep);

#endif
