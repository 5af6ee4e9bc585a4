/* fonts: resolves CSS font requests to real faces and measures text.
 *
 * A font context owns everything font-related for one render (or one thread
 * reusing it across renders): the FreeType library handle, the cache of
 * family-request -> font file matches, one sized face per (file, index,
 * size), and a (font, word) -> width cache, because the layout engine asks
 * for the width of the same word thousands of times on one page.
 *
 * Faces are located with a private fontconfig configuration that knows
 * only the font files the project installs (fonts-liberation2,
 * fonts-dejavu-core) and its own aliases for the generic and common web
 * families (Arial -> Liberation Sans, serif -> DejaVu Serif...), so the
 * machine's other fonts and settings cannot change a layout.  Text is
 * shaped with HarfBuzz on the FreeType face, unhinted, so widths are
 * resolution-independent and reproducible; long runs are shaped in pieces
 * of at most 1000 code points, cut before a base character.  Plain words
 * (printable ASCII, Latin-1 and Latin Extended-A characters and
 * typographic punctuation, with a Latin letter) get the same width without
 * being shaped: the sum of their characters' advances and of what each pair of
 * neighbours adds, each shaped once per font, and a pair that shaping
 * leaves untouched once per face for all its sizes (fonts.c).
 *
 * A context is not thread-safe; use one per thread.  Fonts returned by
 * sb_fonts_get stay valid until the context is freed.  sb_fonts_thread
 * gives each thread one context kept across pages, so the font files,
 * fontconfig matches and shaped words of one page serve the next. */
#ifndef SB_FONTS_H
#define SB_FONTS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sb_fonts sb_fonts;
typedef struct sb_font sb_font;

typedef struct sb_font_metrics {
    int ascent;    /* px above the baseline */
    int descent;   /* px below the baseline, positive */
    int height;    /* recommended line height, px */
    int x_height;  /* px */
} sb_font_metrics;

sb_fonts *sb_fonts_new(void);
void sb_fonts_free(sb_fonts *fc);

/* The calling thread's own context, made on first use and freed when the
 * thread exits; NULL when no project font is installed.  Call it between
 * renders only, never while fonts it returned earlier are in use: a context
 * that has grown past its bounds (faces, family requests) is replaced by a
 * fresh one here, so a long-running thread stays within a fixed memory
 * budget.  Never free it. */
sb_fonts *sb_fonts_thread(void);

/* Resolves a CSS family list ("Georgia, 'Times New Roman', serif"), a CSS
 * weight (100..900), italic flag and size in px to a font.  Never NULL while
 * any project font is installed (sb_fonts_new returns NULL when none is). */
sb_font *sb_fonts_get(sb_fonts *fc, const char *families, int weight, bool italic,
                      int size_px);

/* Advance width in px (rounded) of UTF-8 text after shaping.  Cached per
 * (font, text).  Invalid UTF-8 is measured as replacement characters. */
int sb_font_text_width(sb_font *f, const char *utf8, size_t len);
/* The same width, always by shaping the whole text with HarfBuzz and never
 * cached: what sb_font_text_width's plain-word arithmetic (fonts.c) must
 * agree with (for tests). */
int sb_font_text_width_shaped(sb_font *f, const char *utf8, size_t len);

void sb_font_get_metrics(const sb_font *f, sb_font_metrics *m);
int sb_font_size(const sb_font *f);
/* The resolved font file and face family name (for tests and debugging). */
const char *sb_font_file(const sb_font *f);
const char *sb_font_family(const sb_font *f);
/* The face's index inside its file (collections hold several). */
int sb_font_face_index(const sb_font *f);

/* Cache statistics: width lookups served from the cache / measured. */
void sb_fonts_stats(const sb_fonts *fc, size_t *hits, size_t *misses);
/* How many of the measured words took the plain-word arithmetic (fonts.c)
 * rather than shaping (for tests). */
size_t sb_fonts_plain_words(const sb_fonts *fc);

#endif
