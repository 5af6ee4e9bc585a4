/* boilerplate: generic signals that a part of the page is not story text.
 *
 * Three kinds, from strongest to weakest: the page says so (hidden,
 * aria-hidden, inline display:none); the element is a kind that holds site
 * furniture (nav, aside, footer, menus); the class/id names it as furniture
 * (comment, share, related...) and no content name contradicts it.  A
 * wrapper around the named story body is never furniture.  Then, inside
 * the chosen story roots, containers are judged on the text the stronger
 * signals left: mostly links, or a negative name with few commas.  Nothing
 * here knows any site. */
#include "dom/story/story_parts.h"
#include "dom/base/strbuf.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A container with fewer than ten commas and more link text than this share
 * is a link list (Readability's conditional cleaning threshold; 0.3 and 0.4
 * measured no better). */
#define LINK_DENSITY_MAX 0.2

/* A class that names both furniture and content ("related-articles") is
 * furniture only while it holds less than 1/MIXED_NAME_SHARE of the page's
 * text. */
#define MIXED_NAME_SHARE 4

const char *sb_noise_name(sb_noise n)
{
    switch (n) {
    case SB_NOISE_NONE: return "kept";
    case SB_NOISE_HIDDEN: return "hidden";
    case SB_NOISE_TAG: return "furniture element";
    case SB_NOISE_TOKENS: return "class/id names boilerplate";
    case SB_NOISE_CONTAINER: return "link-heavy or thin container";
    case SB_NOISE_BYLINE: return "byline/dateline";
    }
    return "?";
}

/* Names are compared in lower case; callers lower-case them once into a
 * bounded buffer (a class list longer than that is not worth reading). */
typedef struct lname {
    char s[512];
} lname;

static const char *lower_name(const char *in, lname *out)
{
    size_t n = 0;
    if (in)
        for (; in[n] && n + 1 < sizeof out->s; n++)
            out->s[n] = (char)tolower((unsigned char)in[n]);
    out->s[n] = '\0';
    return out->s;
}

static bool has_sub(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

static bool any_sub(const char *s, const char *const *list)
{
    for (; *list; list++)
        if (has_sub(s, *list))
            return true;
    return false;
}

/* Names of site furniture, matched inside longer names. */
static const char *const furniture_subs[] = {
    "comment", "disqus", "share", "sharing", "social", "related", "recommend",
    "newsletter", "subscri", "signup", "sign-up", "advert", "sponsor", "promo",
    "cookie", "consent", "gdpr", "breadcrumb", "pagination",
    "sidebar", "footer", "navbar", "navigation", "masthead", "popup", "modal",
    "banner", "skyscraper", "outbrain", "taboola", "tagcloud",
    "toolbar", "more-stories", "morestories", "trending", "most-popular",
    "mostpopular", "most-read", "mostread", "read-more", "readmore",
    "follow-us", "community", "shoutbox", "remark", "replies", "agegate",
    "paywall", "login", "jump-link", "skip-link", "print-only",
    "author-bio", "authorbio", "author-box", "authorbox", "about-author",
    "about-the-author", "author-info", "author-desc", "author-card", "author-profile",
    "postmetadata", "post-meta", "postmeta", "entry-meta", "entry-utility", "post-footer",
    "donation", "donate", "likes", "vcard", "kommentar", "comentario", "reacties", "yorum",
    "table-of-contents", "tableofcontents", NULL};
/* Short names that only count as whole tokens. */
static const char *const furniture_tokens[] = {
    "ad", "ads", "adv", "nav", "menu", "tags", "tag", "rss", "hidden", "hide", "sr",
    "screen-reader", "visually", "offscreen", "supplemental", "cta", "pager", "rating",
    "ratings",
    /* A table of contents ("ez-toc", "toc_container"): the story's own
     * subheadings again, as links, under a title of its own. */
    "toc",
    /* Notices about the story rather than the story: "affiliate-note",
     * "post-disclaimer", "ad-disclosure".  Tokens, so that a name merely
     * containing the word ("affiliated-clubs") stays. */
    "disclosure", "disclaimer", "affiliate-info", "affiliate-note", "affiliate-link",
    "affiliate-links", NULL};
/* Names of content: they veto a furniture verdict. */
static const char *const content_subs[] = {
    "article", "body", "content", "entry", "main", "story", "post", "text",
    "column", "blog", NULL};
static const char *const positive_subs[] = {
    "article", "body", "content", "entry", "hentry", "h-entry", "main",
    "page", "post", "text", "blog", "story", NULL};
static const char *const negative_subs[] = {
    "comment", "contact", "foot", "masthead", "media", "promo", "related",
    "scroll", "share", "sidebar", "skyscraper", "sponsor", "shopping",
    "tool", "widget", "banner", "social", "outbrain", NULL};
static const char *const negative_tokens[] = {
    "ad", "ads", "meta", "tags", "hidden", "hid", NULL};
static const char *const byline_subs[] = {
    "byline", "author", "dateline", "writtenby", "posted-on", "postedon",
    "published", "timestamp", "date", "time", NULL};

/* The name lists above searched in one pass over a name: for each
 * position of the name, only the words of the list that begin with the
 * byte found there are compared (a list's words filed by their first
 * byte).  A word occurs in the name exactly when it occurs at some
 * position with its first byte there, so the answers are what strstr
 * over each word would give; they cost one look-up per byte of the name
 * instead of one strstr per word of the list (about a hundred per name:
 * the page-wide name marks were half of the DOM step's instructions).
 * Built once per process (name_lists_get), a few thousand instructions. */
#define NAME_LIST_MAX 128

typedef struct name_index {
    const char *const *list;
    unsigned char len[NAME_LIST_MAX];   /* each word's length */
    unsigned char order[NAME_LIST_MAX]; /* word numbers, by first byte */
    unsigned short start[257];          /* order[start[b] .. start[b + 1]) begin with b */
} name_index;

static void name_index_build(name_index *x, const char *const *list)
{
    size_t n = 0;
    while (list[n])
        n++;
    if (n > NAME_LIST_MAX)
        abort(); /* a list above grew past the index's room */
    x->list = list;
    memset(x->start, 0, sizeof x->start);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(list[i]);
        x->len[i] = (unsigned char)(len < 255 ? len : 255);
        x->start[(unsigned char)list[i][0] + 1]++;
    }
    for (int b = 0; b < 256; b++)
        x->start[b + 1] += x->start[b];
    unsigned short fill[256];
    memcpy(fill, x->start, sizeof fill);
    for (size_t i = 0; i < n; i++)
        x->order[fill[(unsigned char)list[i][0]]++] = (unsigned char)i;
}

/* True when a word of x's list occurs in s (whole_token false), or occurs
 * as a whole token (true): names are split at anything that is not a
 * letter or digit, so "ad" matches "top-ad" and "ad_slot" but not
 * "header" or "load". */
static bool name_index_any(const name_index *x, const char *s, bool whole_token)
{
    for (size_t i = 0; s[i]; i++) {
        if (whole_token && i > 0 && isalnum((unsigned char)s[i - 1]))
            continue;
        unsigned char b = (unsigned char)s[i];
        for (unsigned k = x->start[b]; k < x->start[b + 1]; k++) {
            unsigned w = x->order[k];
            const char *word = x->list[w];
            size_t j = 1; /* the first byte is b */
            while (j < x->len[w] && s[i + j] == word[j])
                j++; /* stops at s's end too: word holds no NUL */
            if (j < x->len[w])
                continue;
            if (!whole_token || !isalnum((unsigned char)s[i + j]))
                return true;
        }
    }
    return false;
}

/* The lists judge_names and name_weight read, indexed. */
typedef struct name_lists {
    name_index furniture_subs, furniture_tokens, content_subs;
    name_index positive_subs, negative_subs, negative_tokens;
} name_lists;

static void name_lists_build(name_lists *l)
{
    name_index_build(&l->furniture_subs, furniture_subs);
    name_index_build(&l->furniture_tokens, furniture_tokens);
    name_index_build(&l->content_subs, content_subs);
    name_index_build(&l->positive_subs, positive_subs);
    name_index_build(&l->negative_subs, negative_subs);
    name_index_build(&l->negative_tokens, negative_tokens);
}

/* The lists are constant: indexed once per process, read by every
 * thread. */
static name_lists the_lists;
static pthread_once_t the_lists_once = PTHREAD_ONCE_INIT;

static void the_lists_build(void)
{
    name_lists_build(&the_lists);
}

static const name_lists *name_lists_get(void)
{
    pthread_once(&the_lists_once, the_lists_build);
    return &the_lists;
}

/* What a class or id list says, read one name at a time.  A name with a
 * content word and no furniture word vetoes a furniture verdict from
 * another name ("post category-social-media").  A name that says both
 * ("related-articles", "article-footer", "comment-content") is mixed:
 * the caller decides by size, because story bodies carry such names too
 * ("story-body-supplemental"). */
typedef struct name_verdict {
    bool furniture, content, mixed;
} name_verdict;

static void judge_names(const char *list, name_verdict *v, const name_lists *l)
{
    const char *s = list;
    while (*s) {
        while (*s && isspace((unsigned char)*s))
            s++;
        size_t n = 0;
        while (s[n] && !isspace((unsigned char)s[n]))
            n++;
        if (n == 0)
            break;
        lname one;
        size_t k = n < sizeof one.s - 1 ? n : sizeof one.s - 1;
        memcpy(one.s, s, k);
        one.s[k] = '\0';
        /* A BEM modifier ("TestReport__Section--Ads") names a variant of
         * the element, not what the element is. */
        char *mod = strstr(one.s, "--");
        if (mod && mod > one.s)
            *mod = '\0';
        bool f = name_index_any(&l->furniture_subs, one.s, false) ||
                 name_index_any(&l->furniture_tokens, one.s, true);
        bool c = name_index_any(&l->content_subs, one.s, false);
        if (f && c)
            v->mixed = true;
        else if (f)
            v->furniture = true;
        else if (c)
            v->content = true;
        s += n;
    }
}

/* Letters and digits of s, lower-cased, into out (bounded). */
static void squeeze(const char *s, size_t len, lname *out)
{
    size_t w = 0;
    for (size_t i = 0; i < len && s[i] && w + 1 < sizeof out->s; i++)
        if (isalnum((unsigned char)s[i]))
            out->s[w++] = (char)tolower((unsigned char)s[i]);
    out->s[w] = '\0';
}

/* Generated anchors: an id that spells the element's own heading
 * ("sharing-with-a-single-developer" over <h2>Sharing with a single
 * developer</h2>) names the topic, not the kind of element. */
static bool id_is_heading_slug(const GumboNode *n, const char *id)
{
    const GumboVector *kids = &n->v.element.children;
    for (unsigned i = 0; i < kids->length && i < 4; i++) {
        const GumboNode *k = kids->data[i];
        if (k->type != GUMBO_NODE_ELEMENT)
            continue;
        GumboTag t = k->v.element.tag;
        if (t < GUMBO_TAG_H1 || t > GUMBO_TAG_H6)
            continue;
        sb_buf b = {0};
        sb_node_text(k, &b, false);
        lname a, h;
        squeeze(id, strlen(id), &a);
        squeeze(b.data ? b.data : "", b.len, &h);
        sb_buf_free(&b);
        return a.s[0] && strcmp(a.s, h.s) == 0;
    }
    return false;
}

static int name_weight(const char *raw, const name_lists *l)
{
    if (!raw || !*raw)
        return 0;
    lname buf;
    const char *s = lower_name(raw, &buf);
    int w = 0;
    if (name_index_any(&l->negative_subs, s, false) ||
        name_index_any(&l->negative_tokens, s, true))
        w -= 25;
    if (name_index_any(&l->positive_subs, s, false))
        w += 25;
    return w;
}

static bool style_hides(const char *style)
{
    if (!style)
        return false;
    /* Compare without spaces: "display : none" is as hidden as "display:none". */
    char buf[256];
    size_t w = 0;
    for (const char *s = style; *s && w + 1 < sizeof buf; s++)
        if (!isspace((unsigned char)*s))
            buf[w++] = (char)tolower((unsigned char)*s);
    buf[w] = '\0';
    return strstr(buf, "display:none") || strstr(buf, "visibility:hidden");
}

/* "Read more" names two things: a link to another story, and a panel that
 * folds the rest of this story away until the reader opens it.  The panel
 * holds prose: several <p> with commas and few links.  A link or a teaser
 * box under that name holds a line or two, so the name stays furniture
 * there.  Only the expander names are read this way: a comment thread is
 * prose too, and its names keep their verdict. */
#define FOLDED_MIN_P 3
#define FOLDED_MIN_COMMAS 5
#define FOLDED_MIN_TEXT 500

static bool expander_name_only(const char *list, const name_lists *l)
{
    static const char *const expander[] = {"read-more", "readmore", NULL};
    if (!list || !any_sub(list, expander))
        return false;
    /* Blank out the expander words; what is left must name no furniture. */
    lname rest;
    lower_name(list, &rest);
    for (const char *const *w = expander; *w; w++)
        for (char *at = strstr(rest.s, *w); at; at = strstr(at, *w))
            memset(at, ' ', strlen(*w));
    name_verdict v = {false, false, false};
    judge_names(rest.s, &v, l);
    return !v.furniture && !v.mixed;
}

static bool folded_story(const char *const names[2], const sb_elem_info *e,
                         const name_lists *l)
{
    bool expander = false;
    for (int i = 0; i < 2; i++) {
        if (!names[i])
            continue;
        if (!expander_name_only(names[i], l)) {
            name_verdict v = {false, false, false};
            judge_names(names[i], &v, l);
            if (v.furniture || v.mixed)
                return false;
            continue;
        }
        expander = true;
    }
    return expander && e->n_p >= FOLDED_MIN_P && e->commas >= FOLDED_MIN_COMMAS &&
           e->text >= FOLDED_MIN_TEXT && e->link_text * 5 < e->text;
}

static sb_noise own_noise(const sb_story_ctx *c, int id, const name_lists *l)
{
    const GumboNode *n = c->doc->elems[id];
    GumboTag t = sb_tag(n);
    if (t == GUMBO_TAG_BODY || t == GUMBO_TAG_HTML)
        return SB_NOISE_NONE;
    if (sb_attr(n, "hidden"))
        return SB_NOISE_HIDDEN;
    const char *aria = sb_attr(n, "aria-hidden");
    if (aria && strcmp(aria, "true") == 0)
        return SB_NOISE_HIDDEN;
    if (style_hides(sb_attr(n, "style")))
        return SB_NOISE_HIDDEN;
    /* A block the page's own stylesheet hides (it got no box in the
     * layout) is not treated as furniture: slideshows, tabs and "read
     * more" panels hide story text that way, and dropping such blocks
     * measured no better on either corpus (trafilatura recall -0.002). */

    switch (t) {
    case GUMBO_TAG_NAV: case GUMBO_TAG_ASIDE: case GUMBO_TAG_FOOTER:
    case GUMBO_TAG_MENU: case GUMBO_TAG_FIELDSET:
        return SB_NOISE_TAG;
    default: break;
    }
    const char *role = sb_attr(n, "role");
    if (role && (strcmp(role, "navigation") == 0 || strcmp(role, "complementary") == 0 ||
                 strcmp(role, "contentinfo") == 0 || strcmp(role, "dialog") == 0 ||
                 strcmp(role, "alertdialog") == 0 || strcmp(role, "menu") == 0 ||
                 strcmp(role, "menubar") == 0 || strcmp(role, "banner") == 0))
        return SB_NOISE_TAG;

    /* Articles, main and headings name themselves better than their
     * class does. */
    if (t == GUMBO_TAG_ARTICLE || t == GUMBO_TAG_MAIN || t == GUMBO_TAG_A ||
        (t >= GUMBO_TAG_H1 && t <= GUMBO_TAG_H6))
        return SB_NOISE_NONE;
    const char *cls = sb_attr(n, "class");
    const char *idv = sb_attr(n, "id");
    if ((!cls || !*cls) && (!idv || !*idv) && !sb_attr(n, "rel") && !sb_attr(n, "itemprop"))
        return SB_NOISE_NONE;
    lname lc, li;
    const char *names[2] = {cls ? lower_name(cls, &lc) : NULL, idv ? lower_name(idv, &li) : NULL};
    name_verdict v = {false, false, false};
    if (names[0])
        judge_names(names[0], &v, l);
    if (names[1]) {
        name_verdict iv = {false, false, false};
        judge_names(names[1], &iv, l);
        if (!((iv.furniture || iv.mixed) && id_is_heading_slug(n, idv))) {
            v.furniture |= iv.furniture;
            v.content |= iv.content;
            v.mixed |= iv.mixed;
        }
    }
    const sb_elem_info *e = &c->info[id];
    if (v.furniture && folded_story(names, e, l)) {
        if (c->explain)
            fprintf(c->explain, "folded story at e%d: a \"read more\" panel holding prose, kept\n", id);
        return SB_NOISE_NONE;
    }
    /* A wrapper holding most of the page's text is layout, whatever its
     * name says ("page-with-sidebar", "nav-drawer-panel"); a mixed name
     * must be a smaller part still to count as furniture. */
    unsigned page_text = c->body >= 0 ? c->info[c->body].text : 0;
    bool furniture = v.furniture || (v.mixed && !(page_text && e->text * MIXED_NAME_SHARE > page_text));
    if (furniture && !v.content && !(page_text && e->text * 2 > page_text))
        return SB_NOISE_TOKENS;
    bool content = v.content || v.mixed;

    if (e->text > 0 && e->text < 160) {
        bool byline = false;
        for (int i = 0; i < 2; i++)
            if (names[i] && any_sub(names[i], byline_subs))
                byline = true;
        const char *rel = sb_attr(n, "rel");
        const char *ip = sb_attr(n, "itemprop");
        lname lip;
        if (ip)
            ip = lower_name(ip, &lip);
        if ((rel && strcmp(rel, "author") == 0) ||
            (ip && (has_sub(ip, "author") || has_sub(ip, "date"))))
            byline = true;
        if (byline && !content)
            return SB_NOISE_BYLINE;
    }
    return SB_NOISE_NONE;
}

/* Elements only a story's body is: <article>, <main>, or an element named
 * as such ("entry-content", Drupal's body field, itemprop articleBody). */
static const char *const story_body_subs[] = {
    "entry-content", "entry-body", "post-content", "post-body", "postbody", "post-entry",
    "article-content", "article-body", "articlebody", "article__body", "article__content",
    "article-text", "story-body", "storybody", "story-content", "field-body",
    "field-name-body", "field--name-body", NULL};

static bool story_body_named(const GumboNode *node)
{
    GumboTag t = sb_tag(node);
    if (t == GUMBO_TAG_ARTICLE || t == GUMBO_TAG_MAIN)
        return true;
    const char *attrs[3] = {sb_attr(node, "class"), sb_attr(node, "id"), sb_attr(node, "itemprop")};
    for (int i = 0; i < 3; i++) {
        lname l;
        if (attrs[i] && any_sub(lower_name(attrs[i], &l), story_body_subs))
            return true;
    }
    return false;
}

bool sb_named_any(const GumboNode *n, const char *const *subs)
{
    const char *raw[2] = {sb_attr(n, "class"), sb_attr(n, "id")};
    for (int i = 0; i < 2; i++) {
        lname l;
        if (raw[i] && any_sub(lower_name(raw[i], &l), subs))
            return true;
    }
    return false;
}

bool sb_names_share_only(const GumboNode *n)
{
    static const char *const share[] = {"sharing", "share", NULL};
    const char *lists[2] = {sb_attr(n, "class"), sb_attr(n, "id")};
    bool named = false;
    for (int i = 0; i < 2; i++) {
        if (!lists[i] || !*lists[i])
            continue;
        lname l;
        lower_name(lists[i], &l);
        /* Blank every sharing word out; what is left must name no
         * furniture ("img-share" -> "img-     "). */
        for (const char *const *w = share; *w; w++)
            for (char *at = strstr(l.s, *w); at; at = strstr(at, *w)) {
                memset(at, ' ', strlen(*w));
                named = true;
            }
        name_verdict v = {false, false, false};
        judge_names(l.s, &v, name_lists_get());
        if (v.furniture || v.mixed)
            return false;
    }
    return named;
}

bool sb_content_named(const sb_story_ctx *c, int id)
{
    return sb_named_any(c->doc->elems[id], content_subs);
}

bool sb_caption_named(const sb_story_ctx *c, int id)
{
    const char *cls = sb_attr(c->doc->elems[id], "class");
    if (!cls || c->info[id].text > CAPTION_NAMED_MAX_TEXT)
        return false;
    lname l;
    const char *s = lower_name(cls, &l);
    for (const char *at = strstr(s, "caption"); at; at = strstr(at + 1, "caption")) {
        /* "no-caption", "nocaption": the page says there is none. */
        const char *w = at;
        if (w > s && (w[-1] == '-' || w[-1] == '_'))
            w--;
        if (!(w - s >= 2 && w[-2] == 'n' && w[-1] == 'o'))
            return true;
    }
    return false;
}

/* Fills clean_text, clean_link and clean_commas from the paragraphs the
 * noise marks left standing.  Container verdicts do not change `noise`, so
 * this holds for every later judgement of the page. */
static void count_clean_text(sb_story_ctx *c)
{
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        sb_elem_info *e = &c->info[i];
        e->clean_text = e->clean_link = e->clean_commas = 0;
        e->clean_para = e->clean_link_heading = 0;
    }
    for (size_t i = 0; i < c->n_paras; i++) {
        const sb_para *p = &c->paras[i];
        if (c->info[p->elem].noise)
            continue;
        for (int e = p->elem; e >= 0; e = c->info[e].parent) {
            c->info[e].clean_text += p->len;
            c->info[e].clean_link += p->link_len;
            c->info[e].clean_commas += p->commas;
            c->info[e].clean_para++;
        }
    }
    /* A linked heading's own count is its n_link_heading less its
     * children's (headings do not nest, so that is 0 or 1). */
    for (size_t i = 0; i < c->doc->n_elems; i++) {
        GumboTag t = sb_tag(c->doc->elems[i]);
        if (c->info[i].noise || t < GUMBO_TAG_H1 || t > GUMBO_TAG_H6 || !c->info[i].n_link_heading)
            continue;
        for (int e = (int)i; e >= 0; e = c->info[e].parent)
            c->info[e].clean_link_heading++;
    }
}

void sb_noise_mark(sb_story_ctx *c)
{
    size_t n = c->doc->n_elems;
    const name_lists *lists = name_lists_get();
    for (size_t i = 0; i < n; i++) {
        sb_elem_info *e = &c->info[i];
        const GumboNode *node = c->doc->elems[i];
        e->class_weight =
            name_weight(sb_attr(node, "class"), lists) + name_weight(sb_attr(node, "id"), lists);
        const char *ip = sb_attr(node, "itemprop");
        lname lip;
        if (ip && has_sub(lower_name(ip, &lip), "articlebody"))
            e->class_weight += 25;
        e->own_noise = own_noise(c, (int)i, lists);
    }
    /* A wrapper named for furniture around the story's body is layout
     * ("socialicons-sticky" around "entry-content"): the body, named as
     * such and holding most of the wrapper's text, overrules its name,
     * both as a verdict and as a negative class weight. */
    for (size_t i = 0; i < n; i++) {
        if (c->info[i].own_noise || !c->info[i].text || !story_body_named(c->doc->elems[i]))
            continue;
        for (int a = c->info[i].parent; a >= 0; a = c->info[a].parent) {
            sb_elem_info *w = &c->info[a];
            if (c->info[i].text * 2 <= w->text)
                break;
            if (w->own_noise == SB_NOISE_TOKENS)
                w->own_noise = SB_NOISE_NONE;
            if (w->class_weight < 0)
                w->class_weight = 0;
        }
    }
    for (size_t i = 0; i < n; i++) {
        sb_elem_info *e = &c->info[i];
        e->noise = e->own_noise;
        if (!e->noise && e->parent >= 0)
            e->noise = c->info[e->parent].noise;
    }
    count_clean_text(c);
}

/* A container the story text does not need: judged on its class/id weight
 * and link density the way Readability's conditional cleaning does, only
 * for containers with few commas (prose has commas; menus and link lists
 * do not).  Readability's other tests (image galleries, form fields,
 * embeds, list items per paragraph) cost text on both corpora here and
 * are left out. */
static bool thin_container(const sb_story_ctx *c, int id)
{
    const GumboNode *n = c->doc->elems[id];
    GumboTag t = sb_tag(n);
    if (t != GUMBO_TAG_DIV && t != GUMBO_TAG_UL && t != GUMBO_TAG_OL &&
        t != GUMBO_TAG_TABLE && t != GUMBO_TAG_FORM && t != GUMBO_TAG_SECTION &&
        t != GUMBO_TAG_HEADER && t != GUMBO_TAG_DL)
        return false;
    /* Judged on what is left once share bars, hidden widgets and named
     * furniture inside it are gone, as Readability cleans before it
     * measures: a story box is not link-heavy because of its share bar. */
    const sb_elem_info *e = &c->info[id];
    if (e->clean_text == 0)
        return false; /* nothing to drop; images are judged elsewhere */
    int weight = e->class_weight;
    if (weight < 0 && e->clean_commas < 10)
        return true;
    if (e->clean_commas >= 10)
        return false;
    double ld = (double)e->clean_link / (double)e->clean_text;
    bool list = t == GUMBO_TAG_UL || t == GUMBO_TAG_OL || t == GUMBO_TAG_DL;
    if (weight < 25 && ld > LINK_DENSITY_MAX && !(list && ld < 0.5 && e->clean_text > 400))
        return true;
    if (weight >= 25 && ld > 0.5)
        return true;
    return false;
}

/* Three linked headings make a list; story bodies with a related-links box
 * have them too, so they must also be a third of the container's
 * paragraphs. */
#define TEASER_LIST_MIN_HEADINGS 3

bool sb_teaser_list(const sb_story_ctx *c, int id)
{
    const sb_elem_info *e = &c->info[id];
    return e->n_link_heading >= TEASER_LIST_MIN_HEADINGS && e->n_link_heading * 3 >= e->n_para;
}

/* The same judged on what the stronger signals left, as thin_container
 * is: a story column is no teaser list because the related-links <aside>
 * inside it has linked headings (the aside is dropped on its own). */
static bool clean_teaser_list(const sb_story_ctx *c, int id)
{
    const sb_elem_info *e = &c->info[id];
    return e->clean_link_heading >= TEASER_LIST_MIN_HEADINGS &&
           e->clean_link_heading * 3 >= e->clean_para;
}

void sb_noise_mark_containers(sb_story_ctx *c, const int *roots, size_t n_roots)
{
    for (size_t r = 0; r < n_roots; r++) {
        int root = roots[r];
        if (root < 0 || (size_t)root >= c->doc->n_elems)
            continue;
        /* The subtree of root is the contiguous id range after it. */
        int rd = c->info[root].depth;
        for (size_t i = (size_t)root + 1; i < c->doc->n_elems && c->info[i].depth > rd; i++) {
            sb_elem_info *e = &c->info[i];
            if (e->own_noise)
                continue;
            /* The container of most of the root's remaining text is the
             * story column, not a list inside it. */
            if (e->clean_text * 2 > c->info[root].clean_text)
                continue;
            if (thin_container(c, (int)i) || clean_teaser_list(c, (int)i))
                e->own_noise = SB_NOISE_CONTAINER;
        }
    }
}

/* A teaser card in a list of other stories: a list item that opens with a
 * link (the other story's title, at least TEASER_TITLE_MIN bytes of link
 * text) and ends in an ellipsis, its excerpt cut short ("..." or "…"). */
#define TEASER_TITLE_MIN 20

static bool cut_teaser_item(const sb_story_ctx *c, const sb_para *p)
{
    if (p->tag != GUMBO_TAG_LI || p->link_len < TEASER_TITLE_MIN || p->len < 3)
        return false;
    const char *end = p->text + p->len;
    bool cut = (p->len >= 3 && memcmp(end - 3, "...", 3) == 0) ||
               (p->len >= 3 && memcmp(end - 3, "\xe2\x80\xa6", 3) == 0);
    if (!cut)
        return false;
    const GumboVector *kids = &c->doc->elems[p->elem]->v.element.children;
    for (unsigned i = 0; i < kids->length; i++) {
        const GumboNode *k = kids->data[i];
        if (k->type == GUMBO_NODE_WHITESPACE || k->type == GUMBO_NODE_COMMENT)
            continue;
        return k->type == GUMBO_NODE_ELEMENT && k->v.element.tag == GUMBO_TAG_A;
    }
    return false;
}

/* The words an advertising slot is labelled with, lower-cased.  Readers
 * skip the label as they skip the slot; the label alone is printed where
 * the ad loads, wherever that is in the story. */
static const char *const ad_label_words[] = {
    "advertisement", "advertisements", "advertising", "advert",     "ad",         "ads",
    "anzeige",       "werbung",        "publicité",   "publicite",  "publicidad", "pubblicità",
    "reklama",       "reklame",        "annonce",     "sponsored",  "sponsored content",
    "paid content",  "promoted",       "partner content", NULL};

bool sb_ad_label_line(const char *s, size_t len)
{
    while (len && isspace((unsigned char)*s))
        s++, len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (len && s[len - 1] == ':')
        len--;
    while (len && isspace((unsigned char)s[len - 1]))
        len--;
    if (len == 0)
        return false;
    for (const char *const *w = ad_label_words; *w; w++)
        if (strlen(*w) == len && strncasecmp(s, *w, len) == 0)
            return true;
    return false;
}

const char *sb_para_noise(const sb_story_ctx *c, const sb_para *p)
{
    if (p->len == 0)
        return "empty";
    if (sb_ad_label_line(p->text, p->len))
        return "an advertising slot's label";
    if (cut_teaser_item(c, p))
        return "teaser of another story (a list item: a link, then an excerpt cut short)";
    double ld = (double)p->link_len / (double)p->len;
    if (ld > 0.66)
        return "mostly link text";
    if (ld > 0.33 && p->len < 120)
        return "short and link-heavy";
    return NULL;
}
