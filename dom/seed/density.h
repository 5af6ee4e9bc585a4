/* density: the line-based content/code density extractors of seed paper 001
 * (chapter 4): R2L, DANA, DANAg and AdDANAg.
 *
 * All four read the page source as lines of text, not as a tree:
 *   preprocess  drop scripts, styles and comments; collapse whitespace and
 *               re-break the source into lines of about `line_width`
 *               characters (the paper normalises line length without saying
 *               how; see sb_density_lines);
 *   phase 1     per line, T1 = content characters and T2 = code characters;
 *   phase 2     diff_i = sum of (T1 - T2) over lines i-1, i, i+1; the runs of
 *               lines with diff > 0 are the regions;
 *   phase 3     start from the region with the most content characters and
 *               join neighbouring regions while the distance is <= gap
 *               (Algorithm 1);
 *   phase 4     output the chosen lines: R2L keeps only their right-to-left
 *               letters, the others parse the chosen lines with the HTML
 *               parser and keep its text.
 * The variants differ in phase 1: R2L and DANA count right-to-left script
 * characters against ASCII characters by code point; DANAg and AdDANAg
 * count characters outside tags against characters inside them.  AdDANAg
 * first normalises every hyperlink ("Filter 3", sb_density_filter3).
 *
 * Whitespace is counted in neither T1 nor T2: our own normalisation rewrites
 * it, so counting it would only measure our line breaking. */
#ifndef SB_DENSITY_H
#define SB_DENSITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum sb_density_algo {
    SB_DENSITY_R2L,
    SB_DENSITY_DANA,
    SB_DENSITY_DANAG,
    SB_DENSITY_ADDANAG
} sb_density_algo;

#define SB_DENSITY_GAP_R2L 8        /* paper 001, section 4.3.4 */
#define SB_DENSITY_GAP_DEFAULT 20   /* paper 001, section 4.4 */
#define SB_DENSITY_LINE_WIDTH 120   /* our choice; see docs/baselines.md */

typedef struct sb_density_opts {
    sb_density_algo algo;
    int gap;          /* <= 0: the paper's value for the algorithm */
    int line_width;   /* <= 0: SB_DENSITY_LINE_WIDTH */
} sb_density_opts;

/* One normalised source line: bytes [start, start + len) of the cleaned
 * source, its content (T1) and code (T2) counts, and the smoothed diff. */
typedef struct sb_density_line {
    size_t start, len;
    long content, code;
    long diff;
} sb_density_line;

/* A maximal run of lines with diff > 0: lines first..last inclusive, and
 * the content characters (sum of T1) it holds. */
typedef struct sb_density_region {
    size_t first, last;
    long chars;
} sb_density_region;

/* What an extraction decided, for --explain and tests. */
typedef struct sb_density_result {
    char *text;            /* paragraphs separated by "\n\n"; never NULL */
    size_t n_lines;        /* normalised lines of the page */
    size_t n_regions;      /* positive regions found */
    size_t first_region, last_region; /* chosen regions (valid if n_regions) */
    size_t first_line, last_line;     /* their line span (valid if n_regions) */
} sb_density_result;

/* Preprocessing: removes comments and script/style elements and collapses
 * every whitespace run to one space.  Returns a malloc'd string. */
char *sb_density_clean(const char *html, size_t len, size_t *out_len);

/* AdDANAg's Filter 3: the attributes of every <a> start tag are replaced by
 * max(0, LT - 7) underscores, LT being the length in characters of the
 * link's text, so that a line holding only a link has about as much code as
 * content.  `<a href="http://www.BBC.com/">BBC Web Site</a>` becomes
 * `<a _____>BBC Web Site</a>`.  Returns a malloc'd string. */
char *sb_density_filter3(const char *html, size_t len, size_t *out_len);

/* Cuts cleaned source into lines, independently of how the page's author
 * broke them: a new line starts at every block-level start or end tag (<p>,
 * </div>, <li>, <br>...), and a line that reaches `width` characters ends at
 * the next space or tag outside a tag (text without spaces may break
 * anywhere outside an entity at twice the width).  A line never starts
 * inside a tag, so the chosen lines re-parse cleanly.  Fills T1 and T2 for
 * the algorithm and the smoothed diff.  Returns the count; *lines is
 * malloc'd. */
size_t sb_density_lines(const char *src, size_t len, sb_density_algo algo, int width,
                        sb_density_line **lines);

/* The runs of lines with diff > 0.  Returns the count; *regions is
 * malloc'd (NULL when there are none). */
size_t sb_density_regions(const sb_density_line *lines, size_t n, sb_density_region **regions);

/* Algorithm 1: from the region with the most characters, extend left and
 * right while the distance d(r_i, r_j) = x_j - y_i + 1 between consecutive
 * regions is <= gap; stop at the first one that is farther.  Stores the
 * chosen index range in [*lo, *hi] and returns the starting region. */
size_t sb_density_merge(const sb_density_region *regions, size_t n, int gap, size_t *lo,
                        size_t *hi);

/* Runs the whole algorithm on a page's UTF-8 source. */
void sb_density_extract(const char *html, size_t len, const sb_density_opts *opts,
                        sb_density_result *out);
void sb_density_result_free(sb_density_result *r);

/* Whether a code point belongs to a right-to-left script block (Hebrew,
 * Arabic, Syriac, Thaana, N'Ko and their supplements and presentation
 * forms). */
bool sb_density_is_r2l(uint32_t cp);

#endif
