/* image_rules: URL and name judgements on images (see image_rules.h).
 *
 * All matching is on lower-cased copies; the word lists are generic web
 * vocabulary (ad networks' public host names, lazy loaders' placeholder
 * names), never a particular site's markup. */
#include "dom/story/image_rules.h"

#include <ctype.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dom/base/strbuf.h"

/* Longest URL or name judged; longer ones are judged by their start (a
 * multi-kilobyte data: URI says what it is in its first bytes). */
#define JUDGED_MAX 2048

static void lower_copy(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (; s && *s && n + 1 < cap; s++)
        out[n++] = (char)tolower((unsigned char)*s);
    out[n] = '\0';
}

static const char *first_match(const char *low, const char *const *subs, const char *why)
{
    for (int i = 0; subs[i]; i++)
        if (strstr(low, subs[i]))
            return why;
    return NULL;
}

static const char *innermost_path(const char *low);

/* `url` lower-cased into `low`, and its innermost path (innermost_path)
 * without query or fragment into `bare`; false when it has no path. */
static bool lower_bare_path(const char *url, char low[JUDGED_MAX], char bare[JUDGED_MAX])
{
    lower_copy(url, low, JUDGED_MAX);
    const char *path = innermost_path(low);
    if (!path)
        return false;
    snprintf(bare, JUDGED_MAX, "%.*s", (int)strcspn(path, "?#"), path);
    return true;
}

/* The file name (the last path segment, without query) says "1x1", a
 * pixel's size, between non-digits ("1x1.gif", "spacer_1x1.png"; not
 * "11x14"): a folder "/1x1/" or a query "?crop=1x1" is a square crop's
 * name, not a pixel's. */
static bool file_name_1x1(const char *low)
{
    const char *path = innermost_path(low);
    if (!path)
        return false;
    size_t end = strcspn(path, "?#");
    size_t start = end;
    while (start > 0 && path[start - 1] != '/')
        start--;
    for (size_t i = start; i + 3 <= end; i++)
        if (strncmp(path + i, "1x1", 3) == 0 && (i == start || !isdigit((unsigned char)path[i - 1])) &&
            !isdigit((unsigned char)path[i + 3]))
            return true;
    return false;
}

const char *sb_image_placeholder(const char *url)
{
    if (!url || !*url)
        return "placeholder: empty URL";
    char low[JUDGED_MAX];
    lower_copy(url, low, sizeof low);
    if (strncmp(low, "data:", 5) == 0)
        return "placeholder: data: URI";
    static const char *const subs[] = {
        "placeholder", "blank.", "blank_", "/blank", "spacer", "spinner", "preload", "loader.",
        "loading", "lazy", "transparent", "grey.gif", "gray.gif", "grey.png", "gray.png",
        "pixel.gif", "empty.gif", "empty.png", "missing", "no-image", "noimage",
        "no_image", "default-image", "image-not-found", "undefined", "/null", NULL};
    if (file_name_1x1(low))
        return "placeholder: a 1x1 file";
    /* The query's values are read, not its keys: "?src=blank.gif" names a
     * placeholder, "?lazyload=true&lazyloadPixelated=false" is an image
     * service's switch on the real picture's URL. */
    char judged[JUDGED_MAX];
    size_t n = strcspn(low, "?#");
    memcpy(judged, low, n);
    for (const char *q = low + n; *q && *q != '#';) {
        const char *eq = strchr(q, '=');
        size_t amp = strcspn(q, "&#");
        if (!eq || eq >= q + amp) {
            q += amp + (q[amp] == '&');
            continue;
        }
        size_t vlen = amp - (size_t)(eq + 1 - q);
        judged[n++] = ' ';
        memcpy(judged + n, eq + 1, vlen);
        n += vlen;
        q += amp + (q[amp] == '&');
    }
    judged[n] = '\0';
    return first_match(judged, subs, "placeholder: name says blank, spinner or lazy");
}

static bool has_token(const char *low, const char *tok);

/* The file name (last path segment, without query) holds, as a whole
 * token, a word that labels an advertisement to readers
 * ("online-anzeige-scaled.jpg", "werbung_banner.png"): the publisher's
 * own ad, served from its own uploads folder, where no ad server's path
 * gives it away. */
const char *sb_image_ad_file(const char *url)
{
    if (!url)
        return NULL;
    char low[JUDGED_MAX];
    lower_copy(url, low, sizeof low);
    static const char *const words[] = {"anzeige", "werbung", "advertisement", "advertorial",
                                         "publicidad", "publicite", "reklame", "reklama", NULL};
    size_t end = strcspn(low, "?#");
    const char *name = low + end;
    while (name > low && name[-1] != '/')
        name--;
    char file[JUDGED_MAX];
    snprintf(file, sizeof file, "%.*s", (int)(low + end - name), name);
    for (int i = 0; words[i]; i++)
        if (has_token(file, words[i]))
            return "ad by its file name (a word that labels an advertisement)";
    /* The size of a standard ad unit (IAB leaderboards, banners,
     * skyscrapers, mobile banners) in the file name, between non-digits
     * ("..._tennis_728x90.gif"): an ad creative.  Only shapes a photograph
     * never takes (3:1 and wider, or a skyscraper); the square and
     * rectangle units (300x250, 250x250) are also thumbnail sizes. */
    static const char *const units[] = {"728x90", "970x90", "970x250", "468x60", "234x60",
                                         "320x50", "300x50", "320x100", "160x600", "120x600",
                                         "300x600", "120x240", NULL};
    for (int i = 0; units[i]; i++) {
        size_t n = strlen(units[i]);
        for (const char *at = strstr(file, units[i]); at; at = strstr(at + 1, units[i]))
            if ((at == file || !isdigit((unsigned char)at[-1])) && !isdigit((unsigned char)at[n]))
                return "ad by its file name (the size of a standard ad unit)";
    }
    return NULL;
}

/* A drawing's file (SVG, GIF, PNG, ICO: the formats of a site's controls;
 * a story's photograph is a JPEG, WebP or AVIF) whose path holds, as a
 * whole token, a word naming a page control or its symbol: print, comment,
 * mail, RSS, arrow, button, rating stars, a social network's button
 * ("Layout/News/print.svg", "stars-rating.png").  Such a file has no
 * stated size, so the render gives it the default replaced box (300x150)
 * and its area alone made it a candidate.  Photographs are never judged
 * here: "royal-mail-strike.jpg" is a story's picture.  Language flags are
 * left out: measured, a flag beside a commenter's name made the comment
 * its caption, out of `text`, and rejecting it let the comment back in. */
const char *sb_image_control_file(const char *url)
{
    if (!url)
        return NULL;
    char low[JUDGED_MAX], judged[JUDGED_MAX];
    if (!lower_bare_path(url, low, judged))
        return NULL;
    static const char *const drawings[] = {".svg", ".gif", ".png", ".ico", NULL};
    size_t n = strlen(judged);
    bool drawing = false;
    for (int i = 0; drawings[i] && !drawing; i++) {
        size_t m = strlen(drawings[i]);
        drawing = n > m && strcmp(judged + n - m, drawings[i]) == 0;
    }
    if (!drawing)
        return NULL;
    static const char *const words[] = {
        "print", "drucken", "comment", "comments", "kommentar", "kommentare", "mail", "email",
        "rss", "arrow", "pfeil", "button", "btn", "rating", "stars",
        "facebook", "twitter", "whatsapp", "linkedin", "pinterest", "telegram", NULL};
    for (int i = 0; words[i]; i++)
        if (has_token(judged, words[i]))
            return "a page control's drawing by its name (print, comment, mail, arrow, "
                   "button, rating, social network)";
    return NULL;
}

/* The letters and digits of s (len bytes), lower-cased, into out (cap
 * bytes): "%XX" escapes skipped ("app%20store" reads "appstore"). */
static void squeeze_letters(const char *s, size_t len, char *out, size_t cap)
{
    size_t w = 0;
    for (size_t i = 0; i < len && s[i] && w + 1 < cap; i++) {
        if (s[i] == '%' && isxdigit((unsigned char)s[i + 1]) && isxdigit((unsigned char)s[i + 2])) {
            i += 2;
            continue;
        }
        if (isalnum((unsigned char)s[i]))
            out[w++] = (char)tolower((unsigned char)s[i]);
    }
    out[w] = '\0';
}

static bool names_app_badge(const char *squeezed)
{
    static const char *const stores[] = {"appstore", "playstore", "googleplay", NULL};
    static const char *const badge[] = {"badge",    "banner",  "button", "btn",
                                        "download", "getiton", NULL};
    bool store = false;
    for (int i = 0; stores[i] && !store; i++)
        store = strstr(squeezed, stores[i]) != NULL;
    if (!store)
        return false;
    for (int i = 0; badge[i]; i++)
        if (strstr(squeezed, badge[i]))
            return true;
    return false;
}

const char *sb_image_app_badge(const char *url, const char *alt)
{
    static const char why[] = "an app store's download badge by its file name or alt";
    char low[JUDGED_MAX], bare[JUDGED_MAX], letters[JUDGED_MAX];
    if (url && lower_bare_path(url, low, bare)) {
        const char *name = strrchr(bare, '/');
        name = name ? name + 1 : bare;
        squeeze_letters(name, strlen(name), letters, sizeof letters);
        if (names_app_badge(letters))
            return why;
    }
    if (alt) {
        squeeze_letters(alt, strlen(alt), letters, sizeof letters);
        if (names_app_badge(letters))
            return why;
    }
    return NULL;
}

/* An image whose alt text asks the reader to act ("Now Streaming 24/7
 * Click Here", "New - TMZ Sports TV Show - Click here for showtimes.",
 * "Click here to watch video: ...", "Hier klicken!", "RA-Eintrag
 * kostenlos testen") is a button: a house promotion, a link to a video
 * or a show, an offer, an ad's pixel.  A story's picture describes what
 * it shows; its alt does not ask for a click or offer a free trial.  The
 * one call to click that a picture carries is to see it larger ("click
 * here to enlarge", "... for a larger view", "... full size", "zoom"):
 * that is the picture itself, kept.  Measured (both corpora): the
 * phrases stand on abc7news's streaming promo, tmz's show promo, webmd's
 * video buttons, an ad server's pixels, a legal directory's "try it
 * free" banner and a streaming service's offer, never on a story's
 * picture. */
const char *sb_image_click_here_alt(const char *alt)
{
    if (!alt || !*alt)
        return NULL;
    char low[JUDGED_MAX];
    lower_copy(alt, low, sizeof low);
    static const char *const calls[] = {"click here", "hier klicken", "klicken sie hier",
                                        "kostenlos testen", "free trial", NULL};
    if (!first_match(low, calls, "x"))
        return NULL;
    static const char *const larger[] = {"enlarge", "larger", "full size", "full-size",
                                         "fullsize", "zoom", "vergr", NULL};
    if (first_match(low, larger, "x"))
        return NULL;
    return "a button by its alt text (a call to click or to try: a promotion, not a picture)";
}

const char *sb_image_ad_url(const char *url)
{
    if (!url)
        return NULL;
    char low[JUDGED_MAX];
    lower_copy(url, low, sizeof low);
    /* "ad" is also a hex byte: content-addressed storage splits a file's
     * hash into folders of two hex digits ("/ad/93/9f099ec.../NAME.jpg",
     * "/93/ad/..."), where an "ad" folder says nothing of advertising.  A
     * segment "ad" beside a segment of exactly two hex digits is such a
     * folder and is not read as an ad folder. */
    for (char *p = strstr(low, "/ad/"); p; p = strstr(p + 1, "/ad/")) {
        bool hex_after = isxdigit((unsigned char)p[4]) && isxdigit((unsigned char)p[5]) && p[6] == '/';
        bool hex_before = p - low >= 3 && p[-3] == '/' && isxdigit((unsigned char)p[-2]) &&
                          isxdigit((unsigned char)p[-1]);
        if (hex_after || hex_before)
            p[1] = p[2] = '_';
    }
    static const char *const subs[] = {
        "doubleclick.", "googlesyndication.", "googleadservices.", "adservice.", "adsystem.",
        "adnxs.", "adsrvr.", "criteo.", "taboola.", "outbrain.", "scorecardresearch.",
        "adition.", "/adserver", "adserver.", "/delivery/", "avw.php", "lg.php", "/pagead/", "/ads/",
        "/ad/", "/adv/", "/advert", "/banners/", "/banner?", "/pixel", "//pixel.", "/tracking", "/beacon",
        "facebook.com/tr", "/b/ss/", "/count?", "/counter", "/track?", "/impression",
        /* A host named for tracking ("tracksrv.", "tracking.", "track.")
         * serves events, not pictures; a file named "...pixel.png"
         * ("renderTimingPixel.png") is a measuring pixel. */
        "//track", "pixel.png",
        /* Ad servers' query parameters (affiliate networks, Revive/OpenX). */
        "?adid=", "&adid=", "?bannerid=", "&bannerid=", "?zoneid=", "&zoneid=", NULL};
    return first_match(low, subs, "ad server or tracking pixel by its URL");
}

/* The path of the innermost URL in the lower-cased `low` (an image proxy
 * carries the original URL in its own path: the original's path then);
 * `low` itself when it holds no "://"; NULL when the URL has no path. */
static const char *innermost_path(const char *low)
{
    const char *path = NULL;
    for (const char *p = strstr(low, "://"); p; p = strstr(p + 3, "://"))
        path = p;
    return path ? strchr(path + 3, '/') : low;
}

/* A file named as a person's biography picture: the whole token "bio"
 * followed by a picture's word ("KTRK-Alex-Bozarjian-BIO-IMG.png",
 * "author_bio_photo.jpg"), as a profile page or an author box shows
 * beside a reporter's name.  Whole tokens only: "biopic" (a film) and
 * "bio-markt" (German "organic") name no portrait. */
static bool bio_picture_name(const char *path)
{
    static const char *const pic[] = {"img", "image", "photo", "pic", "foto", "bild", NULL};
    for (const char *p = strstr(path, "bio"); p; p = strstr(p + 1, "bio")) {
        if (p > path && isalnum((unsigned char)p[-1]))
            continue;
        if (p[3] != '-' && p[3] != '_')
            continue;
        const char *t = p + 4;
        size_t n = 0;
        while (isalnum((unsigned char)t[n]))
            n++;
        for (int i = 0; pic[i]; i++)
            if (strlen(pic[i]) == n && strncmp(t, pic[i], n) == 0)
                return true;
    }
    return false;
}

const char *sb_image_furniture_url(const char *url)
{
    if (!url)
        return NULL;
    char low[JUDGED_MAX];
    lower_copy(url, low, sizeof low);
    /* Only the path: a host named "icons.example" says nothing of one
     * file. */
    const char *path = innermost_path(low);
    if (!path)
        return NULL;
    static const char *const subs[] = {"logo", "icon", "sprite", "badge", "emoji", "favicon",
                                       "avatar", "gravatar", "headshot", "mugshot", "pinit",
                                       "/pidgets/", "/share/", "social", "/author",
                                       "talent", "/staff/", "byline", "smilies", "smiley",
                                       "emoticon", "/plugins/", NULL};
    const char *why = first_match(path, subs,
                                  "logo, icon, sprite, share button or author photo by its file name");
    /* A file in a theme's folder ("/wp-content/themes/NAME/images/...",
     * "/themes/custom/NAME/img/...") is part of the site's design: its
     * header banner, borders, backgrounds, buttons, default sharing
     * picture.  A story's pictures are uploads, not theme files (measured:
     * every pick of both corpora under /themes/ was such a file). */
    if (!why && bio_picture_name(path))
        why = "logo, icon, sprite, share button or author photo by its file name";
    if (!why && strstr(path, "/themes/"))
        why = "a theme's design file (its path is under /themes/)";
    return why;
}

bool sb_image_furniture_url_logo_only(const char *url)
{
    if (!url)
        return false;
    char low[JUDGED_MAX];
    lower_copy(url, low, sizeof low);
    char *path = (char *)innermost_path(low);
    if (!path || !strstr(path, "logo"))
        return false;
    /* Mask every "logo" and judge what is left: another word (icon,
     * avatar, a theme's folder...) still rejects. */
    for (char *q = strstr(path, "logo"); q; q = strstr(q + 4, "logo"))
        memcpy(q, "____", 4);
    return sb_image_furniture_url(low) == NULL;
}

bool sb_image_furniture_url_portrait_only(const char *url)
{
    if (!url)
        return false;
    char low[JUDGED_MAX];
    lower_copy(url, low, sizeof low);
    char *path = (char *)innermost_path(low);
    if (!path)
        return false;
    /* Mask every "headshot" and "mugshot" and judge what is left, as
     * sb_image_furniture_url_logo_only does for "logo". */
    static const char *const words[] = {"headshot", "mugshot"};
    bool any = false;
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        for (char *q = strstr(path, words[i]); q; q = strstr(q + 1, words[i])) {
            memset(q, '_', strlen(words[i]));
            any = true;
        }
    return any && sb_image_furniture_url(low) == NULL;
}

/* A site's default sharing card: a file name (the last path segment,
 * without its extension) made only of sharing and generic words, sizes and
 * numbers, one of them naming the sharing ("facebook.png",
 * "fb_landscape_share.png", "og-share-1200x630.jpg"): every page of the
 * site declares it.  A story's own card names the story too
 * ("storm-quay_social.jpg", "13sudan-1-facebookjumbo.jpg"). */
static bool default_share_card(const char *bare)
{
    /* "og" and "opengraph" alone name no sharing: a page's "og.jpg" may
     * be its own picture. */
    static const char *const sharing[] = {"facebook", "fb", "twitter", "share", "sharing",
                                          "social", NULL};
    static const char *const generic[] = {"default", "landscape", "portrait", "square", "card",
                                          "image", "img", "site", "preview", "fallback",
                                          "large", "small", "big", "hd", "summary", "og",
                                          "opengraph", NULL};
    const char *name = strrchr(bare, '/');
    name = name ? name + 1 : bare;
    size_t len = strcspn(name, ".");
    bool shares = false;
    for (size_t i = 0; i < len;) {
        while (i < len && !isalnum((unsigned char)name[i]))
            i++;
        size_t n = 0;
        while (i + n < len && isalnum((unsigned char)name[i + n]))
            n++;
        if (!n)
            break;
        bool known = strspn(name + i, "0123456789x") >= n; /* a size or a number */
        for (int w = 0; !known && sharing[w]; w++)
            if (strlen(sharing[w]) == n && strncmp(name + i, sharing[w], n) == 0)
                known = shares = true;
        for (int w = 0; !known && generic[w]; w++)
            known = strlen(generic[w]) == n && strncmp(name + i, generic[w], n) == 0;
        if (!known)
            return false;
        i += n;
    }
    return shares;
}

const char *sb_image_declared_nonpicture(const char *url)
{
    if (!url)
        return NULL;
    /* Without the query: "?lazyload=true" or "social" say nothing here. */
    char low[JUDGED_MAX], bare[JUDGED_MAX];
    if (!lower_bare_path(url, low, bare))
        return NULL;
    static const char *const subs[] = {"logo", "icon", "sprite", "emoji", "avatar", "blank.",
                                       "blank_", "/blank", "placeholder", "spacer",
                                       "pixel.gif", "default-user", "no-image", "noimage",
                                       "no_image", "no-img", "/clear.gif", NULL};
    const char *why = first_match(bare, subs, "declared image is a logo, icon, avatar or blank");
    if (!why && file_name_1x1(low))
        why = "declared image is a logo, icon, avatar or blank";
    if (!why && default_share_card(bare))
        why = "declared image is the site's default sharing card";
    return why ? why : sb_image_ad_url(url);
}

/* A whole name token: "ad" in "ad-slot" or "top ad", not in "header". */
static bool has_token(const char *low, const char *tok)
{
    size_t n = strlen(tok);
    for (const char *p = strstr(low, tok); p; p = strstr(p + 1, tok)) {
        bool starts = p == low || !isalnum((unsigned char)p[-1]);
        bool ends = !isalnum((unsigned char)p[n]);
        if (starts && ends)
            return true;
    }
    return false;
}

/* A name token that names a picture: "hero-image", "photo", "lead-media".
 * Whole tokens for the short words ("lead" is not "leaderboard"), the
 * start of a token for the long ones ("images", "photos", "figure1"). */
bool sb_image_picture_name(const char *low)
{
    static const char *const whole[] = {"hero", "lead", "media", "img", "pic", "pics",
                                        "visual", "foto", "bild", NULL};
    static const char *const start[] = {"image", "photo", "picture", "figure", NULL};
    for (const char *p = low; *p;) {
        while (*p && !isalnum((unsigned char)*p))
            p++;
        size_t n = 0;
        while (isalnum((unsigned char)p[n]))
            n++;
        for (int i = 0; n && whole[i]; i++)
            if (strlen(whole[i]) == n && strncmp(p, whole[i], n) == 0)
                return true;
        for (int i = 0; n && start[i]; i++)
            if (strncmp(p, start[i], strlen(start[i])) == 0)
                return true;
        p += n;
    }
    return false;
}

const char *sb_image_furniture_name(const char *name)
{
    if (!name || !*name)
        return NULL;
    char low[JUDGED_MAX];
    lower_copy(name, low, sizeof low);
    static const char *const avatar[] = {"avatar", "headshot", "mugshot", "author-photo",
                                         "author-image", "author-img", "author-pic",
                                         "profile-pic", "profile-photo", "gravatar", NULL};
    const char *why = first_match(low, avatar, "avatar or headshot by its class or id");
    if (why)
        return why;
    static const char *const ads[] = {"advert", "adslot", "ad-slot", "ad_slot", "adunit",
                                      "ad-unit", "dfp", "gpt-ad", "sponsor", NULL};
    static const char *const trackers[] = {"doubleclick", "tracking", "pixel", NULL};
    if ((why = first_match(low, trackers, "ad slot or tracker by its class or id")))
        return why;
    why = first_match(low, ads, "ad slot or tracker by its class or id");
    /* A compound name that also names a picture ("block-image-ads
     * hero-image": a theme's block type beside the box's role) is the
     * picture's box, not an ad slot. */
    if ((why || has_token(low, "ad") || has_token(low, "ads")) && !sb_image_picture_name(low))
        return "ad slot or tracker by its class or id";
    static const char *const furniture[] = {"logo", "icon", "sprite", "badge", "emoji",
                                            "spinner", "banner", "button", "spacer", NULL};
    return first_match(low, furniture, "logo, icon, sprite or banner by its class or id");
}

char *sb_css_background_url(const char *style)
{
    if (!style)
        return NULL;
    char low[JUDGED_MAX];
    lower_copy(style, low, sizeof low);
    for (const char *p = strstr(low, "background"); p; p = strstr(p + 1, "background")) {
        /* The declaration's value: after its ':' up to its ';'. */
        const char *colon = strchr(p, ':');
        if (!colon)
            break;
        const char *end = strchr(colon, ';');
        const char *u = strstr(colon, "url(");
        if (!u || (end && u > end))
            continue;
        u += 4;
        while (*u == ' ')
            u++;
        char quote = (*u == '"' || *u == '\'') ? *u++ : ')';
        const char *stop = strchr(u, quote);
        if (!stop || stop == u)
            continue;
        size_t off = (size_t)(u - low), len = (size_t)(stop - u);
        while (len && style[off + len - 1] == ' ')
            len--;
        /* Read from the original: URLs are case-sensitive. */
        return len ? sb_xstrndup(style + off, len) : NULL;
    }
    return NULL;
}

/* ---- the picture key ------------------------------------------------------ */

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)tolower((unsigned char)c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Percent-decodes in place (an image proxy carries the original encoded). */
static void percent_decode(char *s)
{
    char *w = s;
    for (const char *r = s; *r; r++) {
        int hi, lo;
        if (r[0] == '%' && (hi = hex_value(r[1])) >= 0 && (lo = hex_value(r[2])) >= 0) {
            *w++ = (char)(hi * 16 + lo);
            r += 2;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
}

/* Percent-decoding rounds: the URL as written, and its path encoded twice
 * more. */
#define PERCENT_ROUNDS 3

/* Digits in a file name that make it a picture number (a database id),
 * not an index in a gallery. */
#define PICTURE_NUMBER_MIN 6

static bool all_digits(const char *s, size_t n)
{
    if (!n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isdigit((unsigned char)s[i]))
            return false;
    return true;
}

/* Removes s[at, at+n) in place. */
static void cut(char *s, size_t at, size_t n)
{
    memmove(s + at, s + at + n, strlen(s + at + n) + 1);
}

/* Length of a "WIDTHxHEIGHT" token at p (digits 'x' digits), else 0. */
static size_t size_token(const char *p)
{
    size_t a = 0;
    while (isdigit((unsigned char)p[a]))
        a++;
    if (!a || p[a] != 'x')
        return 0;
    size_t b = 0;
    while (isdigit((unsigned char)p[a + 1 + b]))
        b++;
    return b ? a + 1 + b : 0;
}

static bool is_sep(char c)
{
    return c == '-' || c == '_' || c == '.' || c == ',' || c == '+';
}

/* How many digits end s[0..end), back to the previous separator (0 when
 * something else comes before the separator). */
static size_t all_digits_before(const char *s, size_t end)
{
    size_t n = 0;
    while (n < end && isdigit((unsigned char)s[end - 1 - n]))
        n++;
    return n < end && !is_sep(s[end - 1 - n]) ? 0 : n;
}

/* Words CDNs append to a file name for a rendition. */
static const char *const rendition_words[] = {"scaled", "large", "medium", "small", "thumb",
                                              "thumbnail", "original", "full", "big", NULL};

/* Length of a size token with one letter before it ("f1400x900", "c800x600":
 * content systems name the fit or crop mode of a rendition), ending the
 * name or followed by a separator, else 0. */
static size_t lettered_size_token(const char *p)
{
    if (!isalpha((unsigned char)p[0]))
        return 0;
    size_t n = size_token(p + 1);
    return n && (!p[1 + n] || is_sep(p[1 + n])) ? n + 1 : 0;
}

/* Strips rendition tokens from a lower-case file stem, in place. */
static void strip_rendition_tokens(char *s)
{
    /* Size tokens anywhere after a separator: -1040x572, _800x600, @2x,
     * _f1400x900. */
    for (size_t i = 0; s[i];) {
        size_t n;
        if ((is_sep(s[i]) || s[i] == '@') &&
            ((n = size_token(s + i + 1)) > 0 || (n = lettered_size_token(s + i + 1)) > 0)) {
            cut(s, i, n + 1);
            continue;
        }
        if (s[i] == '@' && isdigit((unsigned char)s[i + 1]) && s[i + 2] == 'x' &&
            !isalnum((unsigned char)s[i + 3])) {
            cut(s, i, 3);
            continue;
        }
        i++;
    }
    /* Tokens at the end, repeatedly: _w1200, -h800, -1200-80, -1200,
     * -e1612345678 (an edited copy), -scaled. */
    for (int round = 0; round < 4; round++) {
        size_t len = strlen(s);
        size_t j = len;
        while (j > 0 && isalnum((unsigned char)s[j - 1]))
            j--;
        if (j == 0 || !is_sep(s[j - 1]))
            return;
        const char *tok = s + j;
        size_t tn = len - j;
        bool strip = false;
        if ((tok[0] == 'w' || tok[0] == 'h' || tok[0] == 'q') && all_digits(tok + 1, tn - 1))
            strip = true;
        else if (tok[0] == 'e' && tn >= 10 && all_digits(tok + 1, tn - 1))
            strip = true;
        else if (all_digits(tok, tn) && tn >= 3 && tn <= 4)
            strip = true; /* a width: -1200 */
        else if (tn >= 4 && tn <= 5 && tok[tn - 1] == 'x' && all_digits(tok, tn - 1))
            strip = true; /* a width alone before an 'x': header-1280x
                           * (a size token without its height) */
        else if (tn == 1 && tok[0] == '0' && s[j - 1] == '.')
            strip = true; /* a derivative numbered from zero: NAME.0.jpg is
                           * a content system's first crop of NAME.jpg (a
                           * series counts from 1 after a separator, "_1",
                           * "-2"; a ".0" alone numbers no photograph) */
        else if (all_digits(tok, tn) && tn == 2 && j >= 5 && all_digits_before(s, j - 1) >= 3)
            strip = true; /* a quality after a width: -1200-80; a lone "_10"
                           * numbers a picture of a series ("tour_10" and
                           * "tour_13" are two photographs) */
        for (int w = 0; !strip && rendition_words[w]; w++)
            strip = strcmp(tok, rendition_words[w]) == 0;
        if (!strip)
            return;
        s[j - 1] = '\0';
    }
}

/* File names that say nothing about which picture it is: the folder
 * above names it instead (/images/8812/large/image.jpg; also a name that
 * is only a size, /8812/1200x630.jpg, see sb_picture_key). */
static bool generic_stem(const char *s)
{
    static const char *const words[] = {"image", "img", "photo", "picture", "pic", "default",
                                        "index", "main", "hero", "lead", "cover", "header", "file", NULL};
    for (int i = 0; words[i]; i++)
        if (strcmp(s, words[i]) == 0)
            return true;
    for (int i = 0; rendition_words[i]; i++)
        if (strcmp(s, rendition_words[i]) == 0)
            return true;
    return false;
}

/* A folder that names a rendition, not a picture: a size ("800x600"), a
 * rendition word ("large", "master"), a crop box ("0_0_4800_3200": four
 * numbers). */
static bool rendition_folder(const char *seg, size_t n)
{
    if (!n)
        return false;
    if (size_token(seg) == n)
        return true;
    if (n == 6 && strncmp(seg, "master", 6) == 0)
        return true;
    for (int i = 0; rendition_words[i]; i++)
        if (strlen(rendition_words[i]) == n && strncmp(seg, rendition_words[i], n) == 0)
            return true;
    int numbers = 0;
    for (size_t i = 0; i < n; i++) {
        if (isdigit((unsigned char)seg[i])) {
            if (i == 0 || !isdigit((unsigned char)seg[i - 1]))
                numbers++;
        } else if (seg[i] != '_' && seg[i] != ',' && seg[i] != '-') {
            return false;
        }
    }
    return numbers == 4;
}

/* Where an embedded absolute URL starts inside u (after u's own start), or
 * NULL: image proxies carry the original in their path or query. */
static const char *embedded_url(const char *u)
{
    const char *best = NULL;
    for (const char *p = u + 1; *p; p++)
        if (*p == 'h' && (strncmp(p, "http://", 7) == 0 || strncmp(p, "https://", 8) == 0))
            best = p; /* the innermost (last) one; the 'h' test first saves
                       * two calls per byte */
    return best;
}

bool sb_image_file_url(const char *url)
{
    static const char *const ext[] = {".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", ".svg",
                                      NULL};
    size_t n = strcspn(url, "?#");
    for (int i = 0; ext[i]; i++) {
        size_t m = strlen(ext[i]);
        if (n >= m && strncasecmp(url + n - m, ext[i], m) == 0)
            return true;
    }
    return false;
}

/* True when the segment [s, end) ends in an image file extension. */
static bool image_file_segment(const char *s, const char *end)
{
    static const char *const exts[] = {".jpg", ".jpeg", ".png", ".gif", ".webp", ".avif", NULL};
    for (int i = 0; exts[i]; i++) {
        size_t n = strlen(exts[i]);
        if ((size_t)(end - s) > n && strncmp(end - n, exts[i], n) == 0)
            return true;
    }
    return false;
}

/* Cuts u (lower-cased, no query) after its last path segment naming an
 * image file, when the last segment itself names none or only a generic
 * file (generic_stem: "file.jpg"). */
static void cut_after_image_segment(char *u)
{
    const char *host = strstr(u, "://");
    char *path = host ? strchr(host + 3, '/') : u;
    if (!path)
        return;
    size_t len = strlen(path);
    while (len && path[len - 1] == '/')
        len--;
    const char *last = path + len;
    while (last > path && last[-1] != '/')
        last--;
    if (image_file_segment(last, path + len)) {
        /* A generic file name after an earlier segment naming an image
         * file ("/NAME~mv2.jpg/v1/fit/w_1000,h_1000/file.jpg"): an image
         * service's rendition of the earlier file, which names the
         * picture; any other image file name is the picture's own. */
        const char *dot = path + len;
        while (dot > last && *dot != '.')
            dot--;
        char stem[16];
        size_t n = (size_t)(dot - last);
        if (n == 0 || n >= sizeof stem)
            return;
        memcpy(stem, last, n);
        stem[n] = '\0';
        if (!generic_stem(stem))
            return;
    }
    /* Walk the segments before the last, from the end. */
    char *seg_end = (char *)last - 1; /* the '/' before the last segment */
    while (seg_end > path) {
        char *seg = seg_end;
        while (seg > path && seg[-1] != '/')
            seg--;
        if (image_file_segment(seg, seg_end)) {
            *seg_end = '\0';
            return;
        }
        if (seg == path)
            return;
        seg_end = seg - 1;
    }
}

/* See the folder rule in sb_picture_key. */
#define NAMELESS_FOLDER_MAX 6

char *sb_picture_key(const char *url)
{
    if (!url || !*url)
        return NULL;
    char *u = sb_xstrndup(url, strnlen(url, JUDGED_MAX));
    for (char *p = u; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    if (strncmp(u, "data:", 5) == 0) {
        free(u);
        return NULL;
    }
    percent_decode(u);
    const char *inner = embedded_url(u);
    if (inner)
        cut(u, 0, (size_t)(inner - u));
    /* A path naming no file, its query naming the picture
     * ("v-h.media/vah/?title=17247&size=&sch=..."): the query stands as the
     * last segment (its first parameter is kept below, as a query glued on
     * with '&'), its slashes made underscores. */
    char *q = strchr(u, '?');
    if (q && q > u && q[-1] == '/' && q[1] && q[1] != '#') {
        memmove(q, q + 1, strlen(q + 1) + 1);
        for (char *p = q; *p && *p != '#'; p++)
            if (*p == '/')
                *p = '_';
    }
    u[strcspn(u, "?#")] = '\0';
    /* The path, without its query, decoded again for a name encoded once
     * more on its way through a template ("%2520" is "%20" is " "); a
     * decoded name holds no escapes of its own, so the rounds stop when
     * nothing changes.  (A query's nested proxy URLs are not unwrapped
     * further: the first embedded URL keys them, as before.) */
    for (int round = 1; round < PERCENT_ROUNDS; round++) {
        size_t before = strlen(u);
        percent_decode(u);
        if (strlen(u) == before)
            break;
    }
    /* A query glued on with '&' instead of '?' ("311039909.jpg&ExactW=350"):
     * in the last segment, an '&' with an '=' after it starts parameters,
     * not part of the file name ("tom&jerry.jpg" has no '='). */
    char *last_slash = strrchr(u, '/');
    char *amp = strchr(last_slash ? last_slash : u, '&');
    if (amp && strchr(amp, '='))
        *amp = '\0';
    /* Image services that put the rendition after the file name
     * ("/X.jpg/384x192Crop/", "/photo.png/w800"): when the last segment
     * names no image file, the path ends at the last segment that does. */
    cut_after_image_segment(u);
    /* Strip trailing slashes, then take the last segment. */
    size_t len = strlen(u);
    while (len && u[len - 1] == '/')
        u[--len] = '\0';
    char *name = strrchr(u, '/');
    name = name ? name + 1 : u;
    /* The extension, twice for "photo.jpg.webp" (the second only an image
     * file's: "storm.harbour.quay.jpg" keeps "quay", the word telling it
     * from "storm.harbour.pier.jpg"). */
    for (int round = 0; round < 2; round++) {
        char *dot = strrchr(name, '.');
        if (!dot || dot == name)
            break;
        if (round == 1 && !image_file_segment(name, name + strlen(name)))
            break;
        size_t ext = strlen(dot + 1);
        bool alnum = ext >= 2 && ext <= 5;
        for (size_t i = 1; alnum && dot[i]; i++)
            alnum = isalnum((unsigned char)dot[i]) != 0;
        if (!alnum)
            break;
        *dot = '\0';
    }
    /* A crop box in brackets ("398808[0-28-2048-1260]-name"): image
     * caches write the crop's coordinates into the rendition's name. */
    for (char *br = strchr(name, '['); br; br = strchr(br, '[')) {
        size_t n = 1;
        while (isdigit((unsigned char)br[n]) || br[n] == '-' || br[n] == ',' || br[n] == '_')
            n++;
        if (br[n] == ']' && n > 1)
            cut(name, (size_t)(br - name), n + 1);
        else
            br++;
    }
    /* A variant after a tilde ("rheinmetall-157~_v-videowebm" and
     * "rheinmetall-157~_v-modpremiumhalb", "NAME~mv2"): content systems
     * name a rendition of the picture before the tilde. */
    char *tilde = strchr(name, '~');
    if (tilde && tilde - name >= SB_PICTURE_KEY_MIN)
        *tilde = '\0';
    /* TYPO3 and similar processors: "csm_NAME_0123456789" (a prefix and
     * a ten-digit hex hash of the crop). */
    if (strncmp(name, "csm_", 4) == 0)
        name += 4;
    /* MediaWiki's thumbnails: "220px-NAME" and "1200px-NAME" are widths
     * of the picture NAME (the width, 2 to 4 digits, and "px-" before
     * the file's own name). */
    {
        size_t d = 0;
        while (isdigit((unsigned char)name[d]))
            d++;
        if (d >= 2 && d <= 4 && strncmp(name + d, "px-", 3) == 0 && name[d + 3])
            cut(name, 0, d + 3); /* in place: the folder rules read name - 1 */
    }
    /* Gallery plugins keep the thumbnail of NAME in a "thumbs" folder as
     * "thumbs_NAME": the same picture, smaller. */
    if (strncmp(name, "thumbs_", 7) == 0 && name >= u + 8 && strncmp(name - 8, "/thumbs/", 8) == 0)
        name += 7;
    size_t nl = strlen(name);
    if (nl > 11 && name[nl - 11] == '_') {
        bool hex = true;
        for (size_t i = nl - 10; i < nl && hex; i++)
            hex = isxdigit((unsigned char)name[i]) != 0;
        if (hex)
            name[nl - 11] = '\0';
    }
    strip_rendition_tokens(name);
    /* A name that is a long picture number: zero padding is a rendition's
     * spelling ("0988015.jpg" and "988015.jpg"), not another picture.
     * Short numbers ("09.jpg") are a gallery's indices and stay as they are. */
    size_t name_len = strlen(name);
    if (name_len >= PICTURE_NUMBER_MIN && all_digits(name, name_len)) {
        size_t zeros = strspn(name, "0");
        if (zeros == name_len)
            zeros--;
        memmove(name, name + zeros, name_len - zeros + 1); /* in place: the folder rules read name - 1 */
    }
    char *key = NULL;
    /* A name that is only a size ("1200x630.jpg") is a rendition of the
     * picture its folder names: keyed "folder/", so two sizes of it match
     * and two folders' 1200x630.jpg do not. */
    bool size_only_name = *name && size_token(name) == strlen(name);
    /* So is a name that is only an index and a format ("3-format2003.jpg",
     * "3-formatOriginal.png": 1 to 3 digits, a separator, "format" and
     * letters or digits): content systems name each format of the picture
     * that the folder above names (".../NAME/25777858/3-format2003.jpg");
     * two folders' "3-formatoriginal" are two pictures. */
    if (!size_only_name) {
        size_t d = 0;
        while (isdigit((unsigned char)name[d]))
            d++;
        const char *f = name + d + 1;
        bool format_name = d >= 1 && d <= 3 && is_sep(name[d]) && strncmp(f, "format", 6) == 0 && f[6];
        for (const char *p = f + 6; format_name && *p; p++)
            format_name = isalnum((unsigned char)*p) != 0;
        size_only_name = format_name;
    }
    /* So is a name that is only a width ("4800.jpg", fewer digits than a
     * picture number) under a rendition folder ("/HASH/0_0_4800_3200/
     * master/4800.jpg", "/HASH/0_0_4800_3200/500.jpg"): the width says
     * nothing about which picture it is (every picture of a site has a
     * "4800.jpg"), the folder above the renditions does.  All crops of one
     * upload share that folder and match. */
    if (!size_only_name && name_len < PICTURE_NUMBER_MIN && all_digits(name, name_len) &&
        name > u + 1) {
        const char *seg = name - 1;
        while (seg > u && seg[-1] != '/')
            seg--;
        size_only_name = rendition_folder(seg, (size_t)(name - 1 - seg));
    }
    if (size_only_name)
        *name = '\0';
    /* A name too short to tell pictures apart ("3.jpg", "09.jpg", "dsc"
     * once "-0741" went as a width) is keyed with its folder too. */
    const char *host = strstr(u, "://");
    const char *path = host ? strchr(host + 3, '/') : u;
    bool in_folder = path && path < name - 1; /* a folder, not the host */
    /* So is a number shorter than a picture number ("1200.png", "4039.jpg"):
     * a width or an index, which every site has many of. */
    size_t short_len = strlen(name);
    bool short_name = *name && in_folder &&
                      (short_len < SB_PICTURE_KEY_MIN ||
                       (short_len < PICTURE_NUMBER_MIN && all_digits(name, short_len)));
    if ((generic_stem(name) || size_only_name || short_name) && name > u + 1) {
        /* "folder/name": the segment above, itself without size tokens. */
        char *prev_end = name - 1;
        *prev_end = '\0';
        char *prev = strrchr(u, '/');
        prev = prev ? prev + 1 : u;
        /* Skip rendition folders: /8812/large/image.jpg, /8812/800x600/. */
        for (int up = 0; up < 2 && prev > u + 1; up++) {
            if (!rendition_folder(prev, strlen(prev)))
                break;
            prev[-1] = '\0';
            char *above = strrchr(u, '/');
            prev = above ? above + 1 : u;
        }
        strip_rendition_tokens(prev);
        /* A folder that is a short word ("data", "raw", "img": fewer than
         * NAMELESS_FOLDER_MAX letters and no digit) names no picture
         * either: an API's access path ("/content/19003704/data/v3", where
         * every picture is a "data/v3") keys by the segment above it too,
         * where the picture's id stands. */
        char *above = NULL;
        if (strlen(prev) < NAMELESS_FOLDER_MAX && !strpbrk(prev, "0123456789") && path &&
            prev > path + 1) {
            prev[-1] = '\0';
            above = strrchr(u, '/');
            above = above ? above + 1 : u;
            strip_rendition_tokens(above);
        }
        sb_buf b = SB_BUF_INIT;
        if (above && *above)
            sb_buf_printf(&b, "%s/%s/%s", above, prev, name);
        else
            sb_buf_printf(&b, "%s/%s", prev, name);
        key = sb_buf_steal(&b);
    } else {
        key = sb_xstrdup(name);
    }
    free(u);
    if (strlen(key) < SB_PICTURE_KEY_MIN) {
        free(key);
        return NULL;
    }
    return key;
}

/* Keys that differ only in their last token, both tokens with letters:
 * publishers name renditions by words ("13sudan-1-master768" and
 * "13sudan-1-facebookjumbo"), one of them with a size in it; numbered
 * siblings ("gallery-1", "gallery-2") differ in digits only and stay
 * apart. */
#define SHARED_STEM_MIN 8

static bool has_letter(const char *s)
{
    for (; *s; s++)
        if (isalpha((unsigned char)*s))
            return true;
    return false;
}

static bool has_digit(const char *s)
{
    for (; *s; s++)
        if (isdigit((unsigned char)*s))
            return true;
    return false;
}

/* Words publishers name a crop of one photograph by, after its name: where
 * it is used (the page's lead, the sharing card) or its shape. */
static bool crop_role(const char *tok)
{
    static const char *const words[] = {"lead",   "hero",    "main",     "header", "featured",
                                        "feature", "social", "share",    "og",     "facebook",
                                        "fb",     "twitter", "card",     "teaser", "square",
                                        "wide",   NULL};
    for (int i = 0; words[i]; i++)
        if (strcmp(tok, words[i]) == 0)
            return true;
    return false;
}

/* A token of letters that names a crop's use or a rendition: a crop role
 * (crop_role), or one glued to a qualifier, a role word of 4 letters or
 * more first ("facebookjumbo") or a rendition word of 4 letters or more
 * last ("articlelarge"): publishers spell renditions as one camel-cased
 * word.  Shorter words ("og", "fb", "big") count only alone: as a prefix
 * or suffix they are parts of ordinary words ("ogre", "bigger"). */
static bool crop_role_word(const char *tok)
{
    if (crop_role(tok))
        return true;
    size_t n = strlen(tok);
    for (size_t i = 0; i < n; i++)
        if (!isalpha((unsigned char)tok[i]))
            return false;
    static const char *const roles[] = {"lead",   "hero",   "main",    "header", "featured",
                                        "feature", "social", "share",  "facebook", "twitter",
                                        "card",   "teaser", "square",  "wide",   NULL};
    for (int i = 0; roles[i]; i++) {
        size_t w = strlen(roles[i]);
        if (n > w && strncmp(tok, roles[i], w) == 0)
            return true;
    }
    for (int i = 0; rendition_words[i]; i++) {
        size_t w = strlen(rendition_words[i]);
        if (w >= 4 && n > w && strcmp(tok + n - w, rendition_words[i]) == 0)
            return true;
    }
    return false;
}

static bool same_but_rendition_word(const char *a, const char *b)
{
    const char *sa = a + strlen(a), *sb = b + strlen(b);
    while (sa > a && !is_sep(sa[-1]))
        sa--;
    while (sb > b && !is_sep(sb[-1]))
        sb--;
    size_t pa = (size_t)(sa - a), pb = (size_t)(sb - b);
    if (pa != pb || pa <= SHARED_STEM_MIN || strncmp(a, b, pa) != 0)
        return false;
    /* One of them names a size ("master768"), or both name the crop's
     * use ("NAME_social" for the sharing card, "NAME_lead" for the page):
     * "harbour-night" and "harbour-day" are two pictures. */
    return has_letter(sa) && has_letter(sb) &&
           (has_digit(sa) || has_digit(sb) || (crop_role_word(sa) && crop_role_word(sb)));
}

/* Keys whose file names start with the same long identifier token, a
 * hash or a picture number ("9b6b601b4400...a138" against
 * "9b6b601b4400...a138_extract=67,0,1867,1050_resize=680,383_",
 * "telemmglpict000146889449_trans_..." against
 * "telemmglpict000146889449-xlarge_trans_..."): image services append the
 * crop and size after it.  An identifier has ID_TOKEN_MIN characters or
 * more of which ID_DIGITS_MIN or more are digits, so a word ("storm",
 * "harbour-gallery") never counts. */
#define ID_TOKEN_MIN 16
#define ID_DIGITS_MIN 6
/* An identifier followed by a dot (or ending the name) in both: a content
 * system's upload id with the rendition after a dot
 * ("6271725032eaa.r_1651642069735.0-359-1600-1158" against
 * "6271725032eaa"); a dot never joins words of a title, so a shorter id
 * is enough. */
#define ID_DOT_TOKEN_MIN 12
/* A suffix of this many digits or fewer after the identifier numbers a
 * picture of a series ("ID_1", "ID_2"). */
#define SERIES_INDEX_MAX 3

/* A separator and 1..SERIES_INDEX_MAX digits, nothing else. */
static bool series_index(const char *s)
{
    size_t n = strlen(s);
    return n >= 2 && n <= SERIES_INDEX_MAX + 1 && is_sep(s[0]) && all_digits(s + 1, n - 1);
}

static bool same_leading_id(const char *a, const char *b)
{
    const char *na = strrchr(a, '/'), *nb = strrchr(b, '/');
    na = na ? na + 1 : a;
    nb = nb ? nb + 1 : b;
    size_t la = 0, lb = 0, digits = 0;
    while (na[la] && !is_sep(na[la]))
        digits += isdigit((unsigned char)na[la++]) != 0;
    while (nb[lb] && !is_sep(nb[lb]))
        lb++;
    if (la != lb || digits < ID_DIGITS_MIN || strncmp(na, nb, la) != 0)
        return false;
    /* Two numbered pictures of one series under one id differ. */
    if (series_index(na + la) && series_index(nb + lb))
        return false;
    if (la >= ID_TOKEN_MIN)
        return true;
    bool dot_a = !na[la] || na[la] == '.', dot_b = !nb[lb] || nb[lb] == '.';
    return la >= ID_DOT_TOKEN_MIN && dot_a && dot_b;
}

/* A file name taken again in its folder: upload systems add "-N" to a
 * name already there ("NAME-2.jpg" beside "NAME.jpg"), so one keyed
 * "NAME-N" (N one digit, 1 to 9) is the same file uploaded again, mostly
 * for another crop (a header banner and the copy in the text).  Only for
 * a title's slug of DUP_SLUG_WORDS or more words of letters alone: the
 * author named both files after the story; a camera's, an id's or a
 * short name's "-2" ("img-2", "tour-2") may number another picture. */
#define DUP_SLUG_WORDS 4

static bool duplicate_upload(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > lb) {
        const char *t = a;
        a = b;
        b = t;
        size_t n = la;
        la = lb;
        lb = n;
    }
    if (lb != la + 2 || strncmp(a, b, la) != 0 || b[la] != '-' || b[la + 1] < '1' ||
        b[la + 1] > '9')
        return false;
    int words = 0;
    for (size_t i = 0; i < la; i++) {
        if (isalpha((unsigned char)a[i]))
            words += i == 0 || a[i - 1] == '-';
        else if (a[i] != '-')
            return false;
    }
    return words >= DUP_SLUG_WORDS;
}

/* The URL without scheme and fragment, for the exact comparison. */
static const char *after_scheme(const char *u)
{
    const char *p = strstr(u, "//");
    return p && p - u <= 6 ? p + 2 : u;
}

/* The URLs alone: equal after dropping scheme and fragment. */
static bool same_url(const char *a, const char *b)
{
    const char *ra = after_scheme(a), *rb = after_scheme(b);
    size_t la = strcspn(ra, "#"), lb = strcspn(rb, "#");
    return la == lb && strncmp(ra, rb, la) == 0;
}

/* The keys' part of the rule. */
static bool same_keys(const char *ka, const char *kb)
{
    return ka && kb && (strcmp(ka, kb) == 0 || same_but_rendition_word(ka, kb) ||
                        same_leading_id(ka, kb) || duplicate_upload(ka, kb));
}

bool sb_same_picture(const char *a, const char *b)
{
    if (!a || !b)
        return false;
    if (same_url(a, b))
        return true;
    char *ka = sb_picture_key(a), *kb = sb_picture_key(b);
    bool same = same_keys(ka, kb);
    free(ka);
    free(kb);
    return same;
}

bool sb_same_picture_keyed(const char *a, const char *ka, const char *b, const char *kb)
{
    if (!a || !b)
        return false;
    return same_url(a, b) || same_keys(ka, kb);
}

/* ---- promotions: sign-up graphics and product prices ------------------- */

/* Words of signing up for a newsletter or a subscription, matched inside
 * longer names ("newsletterPromo", "subscribe-box", "abonnieren"). */
static const char *const signup_words[] = {"newsletter", "subscri", "abonn", "signup",
                                           "sign-up", NULL};

/* A drawing's file (SVG, GIF, PNG: a story's photograph is a JPEG, WebP
 * or AVIF) whose file name holds a word of signing up, or an image whose
 * alt label (`alt_label`: two words or fewer, may be NULL) holds one
 * ("Newsletter bestellen", "Subscribe").  A site puts such a graphic
 * beside its call to sign up (in an ad slot's fallback, between
 * paragraphs, in the footer); a story about a newsletter shows a
 * photograph of what it reports and describes it in a longer alt. */
const char *sb_image_signup_promo(const char *url, const char *alt_label)
{
    static const char why[] = "a newsletter's or subscription's promotion by its drawing's "
                              "file name or its alt label";
    char low[JUDGED_MAX], bare[JUDGED_MAX];
    if (url && lower_bare_path(url, low, bare)) {
        const char *name = strrchr(bare, '/');
        name = name ? name + 1 : bare;
        static const char *const drawings[] = {".svg", ".gif", ".png", NULL};
        size_t n = strlen(name);
        bool drawing = false;
        for (int i = 0; drawings[i] && !drawing; i++) {
            size_t m = strlen(drawings[i]);
            drawing = n > m && strcmp(name + n - m, drawings[i]) == 0;
        }
        if (drawing && first_match(name, signup_words, why))
            return why;
    }
    if (alt_label && *alt_label) {
        lower_copy(alt_label, low, sizeof low);
        return first_match(low, signup_words, why);
    }
    return NULL;
}

/* Currency signs and codes a price is written with, before or after its
 * amount (lower-cased): euro, dollar, pound, yen signs (UTF-8) and ISO
 * codes. */
static const char *const currency_marks[] = {"\xe2\x82\xac", "$", "\xc2\xa3", "\xc2\xa5", "eur",
                                             "usd", "gbp", "chf", "pln", "z\xc5\x82", NULL};

/* The currency mark (currency_marks) that starts at p, its length; 0 when
 * none.  A code counts only as a whole word ("eur", not "europe"). */
static size_t currency_at(const char *p)
{
    for (int i = 0; currency_marks[i]; i++) {
        size_t m = strlen(currency_marks[i]);
        if (strncmp(p, currency_marks[i], m) != 0)
            continue;
        if (isalpha((unsigned char)currency_marks[i][0]) && isalpha((unsigned char)p[m]))
            continue;
        return m;
    }
    return 0;
}

/* The currency mark that ends right before `end` (after `start`): its
 * length, 0 when none.  A code counts only as a whole word. */
static size_t currency_before(const char *start, const char *end)
{
    for (int i = 0; currency_marks[i]; i++) {
        size_t m = strlen(currency_marks[i]);
        if ((size_t)(end - start) < m || strncmp(end - m, currency_marks[i], m) != 0)
            continue;
        if (isalpha((unsigned char)currency_marks[i][0]) && end - m > start &&
            isalpha((unsigned char)end[-(ptrdiff_t)m - 1]))
            continue;
        return m;
    }
    return 0;
}

/* Spaces between an amount and its currency: ASCII blanks and the
 * no-break space (U+00A0, UTF-8 C2 A0). */
static const char *skip_price_space(const char *p)
{
    for (;;) {
        if (*p == ' ' || *p == '\t')
            p++;
        else if ((unsigned char)p[0] == 0xc2 && (unsigned char)p[1] == 0xa0)
            p += 2;
        else
            return p;
    }
}

static const char *skip_price_space_back(const char *start, const char *p)
{
    for (;;) {
        if (p > start && (p[-1] == ' ' || p[-1] == '\t'))
            p--;
        else if (p - start >= 2 && (unsigned char)p[-2] == 0xc2 && (unsigned char)p[-1] == 0xa0)
            p -= 2;
        else
            return p;
    }
}

/* The text holds a price: an amount with a decimal part of exactly two
 * digits ("9,99", "1.299,00", "24.95") with a currency sign or code right
 * before or after it (spaces allowed: "9,99 €", "$24.95", "EUR 12,50").
 * The two decimals are what a price tag prints; a story's figures ("$24
 * million", "12 Euro mehr") have none, or no currency beside them. */
bool sb_text_has_price(const char *text)
{
    if (!text)
        return false;
    char low[JUDGED_MAX];
    lower_copy(text, low, sizeof low);
    for (const char *p = low; *p; p++) {
        if (!isdigit((unsigned char)*p) || (p > low && (isdigit((unsigned char)p[-1]) ||
                                                         p[-1] == '.' || p[-1] == ',')))
            continue;
        /* The amount: digits with '.' or ',' between them. */
        const char *q = p, *last_sep = NULL;
        while (isdigit((unsigned char)*q) ||
               ((*q == '.' || *q == ',') && isdigit((unsigned char)q[1]))) {
            if (*q == '.' || *q == ',')
                last_sep = q;
            q++;
        }
        if (!last_sep || q - last_sep != 3)
            continue;
        const char *before = skip_price_space_back(low, p);
        if (currency_at(skip_price_space(q)) || currency_before(low, before))
            return true;
    }
    return false;
}
