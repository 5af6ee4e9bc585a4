/* citation_labels: the label over a reference.  A short heading or a short
 * line ending in ':' whose next kept paragraph is a bibliographic citation
 * (an author list, a year, a journal's or book's marks) announces the
 * story's sources ("References", "Original publication", "Further
 * reading:"): the reference itself may be worth keeping, its label is the
 * page's furniture, not the story's prose.  Told by the shape of the line
 * and of the citation under it, never by the label's words. */
#include "dom/story/story_parts.h"

#include <ctype.h>
#include <string.h>

#include "dom/text/tokens.h"

/* A label: a heading of at most CITE_HEADING_MAX_WORDS words, or a line of
 * at most SB_LEAD_IN_MAX_WORDS words ending in ':'; not ended as a question
 * or an exclamation (a subheading that asks something opens prose). */
#define CITE_HEADING_MAX_WORDS 6
#define CITE_LABEL_MAX_BYTES 100

static bool label_over(const sb_para *p)
{
    if (p->len == 0 || p->len > CITE_LABEL_MAX_BYTES || memchr(p->text, '\n', p->len))
        return false;
    size_t words = sb_count_spaced_words(p->text, p->len);
    char last = p->text[p->len - 1];
    if (words < 1 || last == '?' || last == '!' || last == '.')
        return false;
    if (last == ':')
        return words <= SB_LEAD_IN_MAX_WORDS;
    return sb_heading_tag(p->tag) && words <= CITE_HEADING_MAX_WORDS;
}

/* A year of the last two centuries as a citation prints it: four digits
 * on their own, followed by ')' or a punctuation mark ("(2022)",
 * "2021.", "1994,"). */
static bool has_citation_year(const char *s, size_t n)
{
    for (size_t i = 0; i + 4 < n; i++) {
        if ((i > 0 && isdigit((unsigned char)s[i - 1])) ||
            !((s[i] == '1' && s[i + 1] == '9') || (s[i] == '2' && s[i + 1] == '0')) ||
            !isdigit((unsigned char)s[i + 2]) || !isdigit((unsigned char)s[i + 3]))
            continue;
        char after = s[i + 4];
        if (after == ')' || after == '.' || after == ',' || after == ';' || after == ':')
            return true;
    }
    return false;
}

/* An author's initials as a reference list prints them: "Hamberger, J.",
 * "Aeppli M.,", "Thiele, C. (2022)": a capitalised word, a comma or a space,
 * one capital and a period, with a comma on one side of the initial at
 * least (so "The U.S. Army" is none); or "et al". */
static bool has_author_initials(const char *s, size_t n)
{
    for (size_t i = 2; i + 1 < n; i++) {
        if (!isupper((unsigned char)s[i]) || s[i + 1] != '.' || s[i - 1] != ' ')
            continue;
        bool comma_before = s[i - 2] == ',';
        size_t w = comma_before ? i - 2 : i - 1; /* end of the word before */
        size_t b = w;
        while (b > 0 && isalpha((unsigned char)s[b - 1]))
            b--;
        if (w - b < 2 || !isupper((unsigned char)s[b]))
            continue;
        bool comma_after = i + 2 < n && (s[i + 2] == ',' || s[i + 2] == ';');
        bool year_after = i + 3 < n && s[i + 2] == ' ' && s[i + 3] == '(';
        if (comma_before || comma_after || year_after)
            return true;
    }
    for (size_t i = 0; i + 5 <= n; i++)
        if (memcmp(s + i, "et al", 5) == 0)
            return true;
    return false;
}

/* A publication's marks: a DOI, a volume, "In:", a page range, an ISBN. */
static bool has_publication_marks(const char *s, size_t n)
{
    static const char *const marks[] = {"doi", "DOI", "Vol.", "In: ", "pp. ", "ISBN", NULL};
    for (const char *const *m = marks; *m; m++) {
        size_t k = strlen(*m);
        for (size_t i = 0; i + k <= n; i++)
            if (memcmp(s + i, *m, k) == 0)
                return true;
    }
    for (size_t i = 0; i + 3 < n; i++)
        if ((i == 0 || s[i - 1] == ' ') && s[i] == 'S' && s[i + 1] == '.' && s[i + 2] == ' ' &&
            isdigit((unsigned char)s[i + 3]))
            return true;
    return false;
}

/* A citation: two of the three shapes above, in a paragraph that is not a
 * heading. */
static bool citation(const sb_para *p)
{
    if (sb_heading_tag(p->tag))
        return false;
    int shapes = has_citation_year(p->text, p->len) + has_author_initials(p->text, p->len) +
                 has_publication_marks(p->text, p->len);
    return shapes >= 2;
}

void sb_drop_citation_labels(const sb_story_ctx *c, bool *keep)
{
    for (size_t i = 0; i < c->n_paras; i++) {
        if (!keep[i] || !label_over(&c->paras[i]))
            continue;
        size_t j = i + 1;
        while (j < c->n_paras && (!keep[j] || c->paras[j].len == 0))
            j++;
        if (j >= c->n_paras || !citation(&c->paras[j]))
            continue;
        keep[i] = false;
        sb_explain_para(c->explain, &c->paras[i], "DROP",
                        "label over a citation (the reference stays, its label is furniture)");
    }
}
