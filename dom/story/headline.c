/* headline: which text is the story's headline.
 *
 * Candidates are the page's own titles (JSON-LD headline, og:title,
 * twitter:title, <title> with its site name cut off) and its headings.
 * Following TitleFinder (seed 001, ch. 5) a heading wins when it is similar
 * to those titles: the on-page heading is the headline as readers see it,
 * while the titles often carry the site name or an SEO variant.  With
 * layout, a bigger font makes a heading more likely.  Without a matching
 * heading the metadata title stands. */
#include "dom/story/story_parts.h"

#include <stdlib.h>
#include <string.h>

#include "dom/text/similarity.h"

/* Separators sites put between the story title and their own name. */
static const char *const separators[] = {
    " | ", " || ", " - ", " \xE2\x80\x93 ", " \xE2\x80\x94 ", " :: ", " \xC2\xB7 ",
    " \xC2\xBB ", " \xC2\xAB ", " \xE2\x80\xA2 ", " ~ ", " / ", NULL};

typedef struct part {
    const char *s;
    size_t len;
} part;

/* Finds the earliest separator at or after s; returns its position and
 * length through *sep_len, or NULL. */
static const char *next_separator(const char *s, size_t *sep_len)
{
    const char *best = NULL;
    for (const char *const *sep = separators; *sep; sep++) {
        const char *p = strstr(s, *sep);
        if (p && (!best || p < best)) {
            best = p;
            *sep_len = strlen(*sep);
        }
    }
    return best;
}

static size_t count_words(const char *s, size_t len)
{
    size_t n = 0;
    bool in = false;
    for (size_t i = 0; i < len; i++) {
        bool sp = s[i] == ' ';
        if (!sp && !in)
            n++;
        in = !sp;
    }
    return n;
}

char *sb_title_strip_site(const char *title, const char *site_name)
{
    if (!title)
        return NULL;
    char *t = sb_text_trim(sb_xstrdup(title));
    part parts[16];
    size_t n = 0;
    const char *s = t;
    size_t sep_len = 0;
    const char *p;
    while (n + 1 < 16 && (p = next_separator(s, &sep_len)) != NULL) {
        parts[n++] = (part){s, (size_t)(p - s)};
        s = p + sep_len;
    }
    parts[n++] = (part){s, strlen(s)};
    if (n == 1)
        return t;
    /* Drop parts that are the site's name; of the rest keep the one with
     * the most words (the story title is longer than section names). */
    size_t best = (size_t)-1, best_words = 0;
    for (size_t i = 0; i < n; i++) {
        if (site_name && *site_name) {
            char *ps = sb_xstrndup(parts[i].s, parts[i].len);
            double sim = sb_white_str(ps, site_name);
            free(ps);
            if (sim >= 0.5)
                continue;
        }
        size_t w = count_words(parts[i].s, parts[i].len);
        if (best == (size_t)-1 || w > best_words) {
            best = i;
            best_words = w;
        }
    }
    if (best == (size_t)-1 || best_words < 2) {
        /* Too little left: a separator inside the headline itself. */
        return t;
    }
    char *r = sb_text_trim(sb_xstrndup(parts[best].s, parts[best].len));
    free(t);
    return r;
}

/* A heading's rendered prominence: its font size, and with visual_headline
 * its weight too (a bold heading stands out more than a light one of the
 * same size: a tenth less for a regular weight), and only within the first
 * screen (headline_first_screen); 0 when it has none. */
#define HEADLINE_LIGHT_FACTOR 0.9

static double prominence_of(const sb_story_ctx *c, int elem)
{
    const sb_dom_render *r = c->in->render;
    if (!r || !r->elems || elem < 0 || (size_t)elem >= r->n_elems || !r->elems[elem].rendered)
        return 0;
    const sb_elem_render *f = &r->elems[elem];
    if (!r->headline_first_screen)
        return f->font_size;
    if (f->rect.y >= r->region_top + SB_FIRST_SCREEN_PX)
        return 0;
    return f->font_size * (f->font_weight >= 600 ? 1.0 : HEADLINE_LIGHT_FACTOR);
}

/* visual_headline: a heading below the first screen that would have been
 * ranked by its size. */
static bool below_first_screen(const sb_story_ctx *c, int elem)
{
    const sb_dom_render *r = c->in->render;
    return r && r->elems && r->headline_first_screen && elem >= 0 &&
           (size_t)elem < r->n_elems && r->elems[elem].rendered &&
           r->elems[elem].font_size > 0 &&
           r->elems[elem].rect.y >= r->region_top + SB_FIRST_SCREEN_PX;
}

char *sb_headline_choose(sb_story_ctx *c, const sb_meta *meta, int *elem_out)
{
    *elem_out = -1;
    const char *site = meta ? meta->site_name : NULL;
    char *refs[4] = {NULL, NULL, NULL, NULL};
    size_t n_refs = 0;
    if (meta) {
        const char *src[4] = {meta->ld_headline, meta->og_title, meta->twitter_title,
                              meta->doc_title};
        for (int i = 0; i < 4; i++)
            if (src[i] && *src[i])
                refs[n_refs++] = sb_title_strip_site(src[i], site);
    }

    /* Headings: h1 first-class, h2 second.  The largest prominence among
     * them scales the layout bonus. */
    double max_font = 0;
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        GumboTag t = sb_tag(c->doc->elems[i]);
        if (t == GUMBO_TAG_H1 || t == GUMBO_TAG_H2) {
            double f = prominence_of(c, (int)i);
            if (f > max_font)
                max_font = f;
        }
    }
    int best_elem = -1;
    double best = 0, best_unranked = 0;
    char *best_text = NULL;
    sb_buf b = SB_BUF_INIT;
    /* The titles prepared once for every heading (sb_white_str prepared
     * both sides on each call: a page's titles were prepared again for
     * each of its up to 200 headings). */
    sb_simtext *ref_text[4] = {NULL, NULL, NULL, NULL};
    for (size_t r = 0; r < n_refs; r++)
        ref_text[r] = sb_simtext_new(NULL, refs[r]);
    size_t seen = 0;
    for (size_t i = 0; i < c->doc->n_elems && seen < 200; i++) {
        const GumboNode *n = c->doc->elems[i];
        GumboTag t = sb_tag(n);
        if (t != GUMBO_TAG_H1 && t != GUMBO_TAG_H2 && t != GUMBO_TAG_H3)
            continue;
        seen++;
        if (c->info[i].noise == SB_NOISE_HIDDEN)
            continue;
        sb_buf_clear(&b);
        sb_node_text(n, &b, false);
        sb_text_trim(b.data);
        size_t len = strlen(b.data);
        if (len < 3 || len > 400)
            continue;
        double s = 0;
        if (n_refs) {
            sb_simtext *heading = sb_simtext_new(NULL, b.data);
            for (size_t r = 0; r < n_refs; r++) {
                double x = sb_sim_white(heading, ref_text[r]);
                if (x > s)
                    s = x;
            }
            sb_simtext_free(heading);
        }
        if (t == GUMBO_TAG_H1)
            s += 0.1;
        else if (t == GUMBO_TAG_H3)
            s -= 0.1;
        if (c->info[i].noise)
            s -= 0.2;
        if (n_refs == 0 && t == GUMBO_TAG_H1 && !c->info[i].noise)
            s += 0.5; /* no titles to compare: the first visible h1 */
        /* Rendered prominence ranks the headings; it does not by itself
         * make one that matches none of the page's titles the headline
         * (a large "Videos" section heading is not the story's title):
         * acceptance below is judged without it. */
        double unranked = s;
        double f = prominence_of(c, (int)i);
        if (max_font > 0 && f > 0)
            s += 0.2 * f / max_font;
        else if (c->explain && unranked >= 0.6 && below_first_screen(c, (int)i))
            fprintf(c->explain,
                    "heading e%d at y=%d lies below the first screen (region top %d + %d px): not "
                    "ranked by its size [visual_headline=1]: %s\n",
                    (int)i, c->in->render->elems[i].rect.y, c->in->render->region_top,
                    SB_FIRST_SCREEN_PX, b.data);
        if (s > best) {
            best = s;
            best_unranked = unranked;
            best_elem = (int)i;
            free(best_text);
            best_text = sb_xstrdup(b.data);
        }
    }
    sb_buf_free(&b);
    for (size_t r = 0; r < n_refs; r++)
        sb_simtext_free(ref_text[r]);
    char *result = NULL;
    if (best_elem >= 0 && best_unranked >= 0.6) {
        result = best_text;
        *elem_out = best_elem;
        best_text = NULL;
    } else {
        for (size_t r = 0; r < n_refs && !result; r++)
            if (refs[r] && *refs[r])
                result = sb_xstrdup(refs[r]);
        /* A heading only its rendered prominence carried over the bar
         * still heads the story on the page (the text starts below it),
         * though the page's own title names the story better. */
        if (result && best_elem >= 0 && best >= 0.6) {
            *elem_out = best_elem;
            if (c->explain)
                fprintf(c->explain,
                        "headline element e%d by rendered prominence alone (its text matches "
                        "none of the page's titles: the title stands as the headline)\n",
                        best_elem);
        }
        if (!result && best_text) {
            result = best_text;
            *elem_out = best_elem;
            best_text = NULL;
        }
    }
    free(best_text);
    for (size_t r = 0; r < n_refs; r++)
        free(refs[r]);
    return result;
}
