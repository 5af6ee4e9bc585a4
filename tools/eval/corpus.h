/* corpus: reading an evaluation corpus from disk into gold-standard pages.
 *
 * Three layouts are understood (tools/eval/METRICS.md describes them):
 *   readability   DIR/NAME/source.html + expected.html + expected-metadata.json
 *   trafilatura   DIR/evaldata.json {url: {file, with[], without[]}} + pages
 *   aeb           DIR/ground-truth.json {id: {articleBody, url}} +
 *                 DIR/html/ID.html or DIR/html/ID.html.gz
 * The gold data is loaded up front; page bytes are read on demand. */
#ifndef SB_EVAL_CORPUS_H
#define SB_EVAL_CORPUS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum sb_corpus_format {
    SB_CORPUS_AUTO = 0,
    SB_CORPUS_READABILITY,
    SB_CORPUS_TRAFILATURA,
    SB_CORPUS_AEB
} sb_corpus_format;

/* The URL Readability's test suite renders its pages at; its expected
 * output resolves links against it, so extraction must use it too. */
#define SB_READABILITY_PAGE_URL "http://fakehost/test/page.html"

typedef struct sb_gold_page {
    char *id;        /* folder name, file stem or ground-truth key */
    char *html_path; /* the page to extract */
    char *url;       /* page URL (base for relative links); may be NULL */
    char *text;      /* gold story text; NULL when the corpus has none */
    char **with;     /* snippets that must appear */
    size_t n_with;
    char **without;  /* snippets that must not appear */
    size_t n_without;
    char *title;     /* NULL when the corpus gives none */
    char *byline;
    char *date;      /* only when it starts with YYYY-MM-DD */
    char *image;     /* resolved against url */
} sb_gold_page;

typedef struct sb_corpus {
    sb_corpus_format format;
    char *dir;
    char *name;      /* last component of dir, for reports */
    sb_gold_page *pages;
    size_t n;
    size_t skipped;  /* entries left out because their files were unusable */
    /* What the corpus's gold text holds besides the article body, so a
     * record is scored on standfirst + text (+ captions of images[]):
     * a convention of the gold, declared by the corpus reader and in
     * METRICS.md, not a tuning.  Both false: `text` alone. */
    bool gold_has_standfirst;
    bool gold_has_captions;
} sb_corpus;

const char *sb_corpus_format_name(sb_corpus_format f);
/* "readability", "trafilatura", "aeb" (or "auto"); false when unknown. */
bool sb_corpus_format_parse(const char *name, sb_corpus_format *out);

/* Detects the layout of dir (SB_CORPUS_AUTO when none fits). */
sb_corpus_format sb_corpus_detect(const char *dir);

/* Loads the gold data.  Returns NULL with a one-line reason in err. */
sb_corpus *sb_corpus_load(const char *dir, sb_corpus_format format, char *err,
                          size_t errlen);
void sb_corpus_free(sb_corpus *c);

/* Keeps the first n pages. */
void sb_corpus_truncate(sb_corpus *c, size_t n);
/* Index of the page with this id, or -1. */
long sb_corpus_find(const sb_corpus *c, const char *id);

/* Reads the page's bytes (gzip transparently).  Returns 0, or -1 with a
 * reason in err.  The caller frees *bytes. */
int sb_gold_page_read(const sb_gold_page *p, char **bytes, size_t *len, char *err,
                      size_t errlen);

#endif
