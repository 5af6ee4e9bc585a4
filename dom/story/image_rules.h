/* image_rules: what an image URL or an image's names say about it, without
 * looking at the page around it.  Shared by the lead image choice
 * (dom/images.c) and the evaluation's same-picture rule (tools/eval).
 *
 * Every judgement returns a short reason (a string literal, for --explain)
 * or NULL when the URL or name says nothing against the image. */
#ifndef SB_IMAGE_RULES_H
#define SB_IMAGE_RULES_H

#include <stdbool.h>

/* A placeholder a lazy loader replaces: data: URIs, spinner, preloader,
 * blank, spacer, "missing image" and grey-background names. */
const char *sb_image_placeholder(const char *url);

/* An ad server, ad slot or tracking pixel by its host or path
 * (doubleclick, /adserver/, avw.php, /pagead/, /pixel...). */
const char *sb_image_ad_url(const char *url);

/* An ad by a whole word of its file name that labels advertisements to
 * readers ("online-anzeige.jpg", "werbung_banner.png", "advertisement"):
 * a publisher's own ad in its uploads folder.  Not applied to a picture
 * the page declares as its own (an advertorial's header). */
const char *sb_image_ad_file(const char *url);

/* A drawing's file (SVG, GIF, PNG, ICO) whose path names a page control
 * (print, comment, mail, arrow, button, rating, a social network's
 * button) by a whole token.  Photographs' formats are never judged. */
const char *sb_image_control_file(const char *url);

/* An app store's download badge ("Download on the App Store", "Get it on
 * Google Play"): the letters of the image's file name, or of its alt text
 * (`alt`, may be NULL), name an app store (app store, play store, google
 * play) together with a badge's word (badge, banner, button, download,
 * get it on).  A story's picture of the store names its subject beside
 * the store ("google-play-pass.png"), not a badge. */
const char *sb_image_app_badge(const char *url, const char *alt);

/* Why an image whose alt text is a call to act ("... Click here",
 * "Hier klicken!", "... kostenlos testen", "free trial") is a
 * promotion's button, not a picture; NULL otherwise (and for an alt that
 * offers the picture itself larger: "click here to enlarge"). */
const char *sb_image_click_here_alt(const char *alt);

/* A logo, icon, sprite, badge, emoji or avatar by its file or path name;
 * a file in a theme's folder (the site's design). */
const char *sb_image_furniture_url(const char *url);

/* sb_image_furniture_url's verdict rests on the word "logo" alone (no
 * other word of its list is in the path). */
bool sb_image_furniture_url_logo_only(const char *url);

/* sb_image_furniture_url's verdict rests on a portrait's word alone
 * ("headshot", "mugshot": no other word of its list is in the path). */
bool sb_image_furniture_url_portrait_only(const char *url);

/* A declared image (og:image, twitter:image, JSON-LD) that is no story
 * picture: a site logo or icon, an avatar, a blank or placeholder, an ad
 * server.  Narrower than the rules for shown images: publishers' social
 * cards are named "social", "share" or "facebook" and are pictures. */
const char *sb_image_declared_nonpicture(const char *url);

/* The same for an element's class and id names (ad slots, logos, icons,
 * avatars and headshots).  An ad-slot name counts only when no token of
 * the names says picture (hero, image, photo, picture, figure, media,
 * lead...): "block-image-ads hero-image" holds the story's picture. */
const char *sb_image_furniture_name(const char *class_or_id);

/* A lower-cased class, id or alt whose tokens name a picture (hero,
 * lead, media, img, image..., photo..., picture..., figure...). */
bool sb_image_picture_name(const char *low);

/* Whether the URL's path (before any query or fragment) ends in an image
 * file's extension, in any case: a link to the full-size picture. */
bool sb_image_file_url(const char *url);

/* The URL inside a CSS declaration list's background or background-image
 * (`background-image: url("hero.jpg")`), malloc'd, or NULL. */
char *sb_css_background_url(const char *style);

/* The picture's identity: the file name, lower case, with the extension,
 * query, rendition size tokens (-1040x572, _f1400x900, _w1200, -1200-80, @2x,
 * -scaled, a bracketed crop box, a variant after a tilde) and image-proxy wrapping (a URL carrying the original in its
 * path or query) removed; a generic name (image, photo...), a short one or
 * a short number keyed with its folder; one that is only a size (1200x630)
 * or a width under rendition folders (/HASH/0_0_4800_3200/master/4800.jpg)
 * keyed by the folder naming the picture.  malloc'd; NULL when the URL has no usable file
 * name (shorter than SB_PICTURE_KEY_MIN bytes). */
#define SB_PICTURE_KEY_MIN 4
char *sb_picture_key(const char *url);

/* Two URLs show the same picture: equal after dropping scheme and
 * fragment, the same picture key, keys differing in a last rendition word,
 * or names led by one long identifier (tools/eval/METRICS.md, "Same
 * picture", spells the whole rule). */
bool sb_same_picture(const char *a, const char *b);

/* sb_same_picture with each URL's sb_picture_key computed once by the
 * caller (ka for a, kb for b; either may be NULL as sb_picture_key
 * returns it): the same answer, for a caller that compares one URL with
 * many. */
bool sb_same_picture_keyed(const char *a, const char *ka, const char *b, const char *kb);

/* A newsletter's or subscription's promotion: a drawing's file (SVG, GIF,
 * PNG) whose name, or an image whose alt label (two words or fewer, may
 * be NULL), holds a word of signing up (newsletter, subscribe, abonnieren,
 * sign-up). */
const char *sb_image_signup_promo(const char *url, const char *alt_label);

/* The text holds a price: an amount with two decimals and a currency sign
 * or code beside it ("9,99 €", "$24.95", "EUR 12,50"). */
bool sb_text_has_price(const char *text);

#endif
