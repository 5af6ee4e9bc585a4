/* url: URL reference resolution (RFC 3986 section 5) and the few URL
 * questions the extractor asks (host, absoluteness, best srcset candidate).
 *
 * Page URLs are untrusted text: the functions never fail on malformed
 * input, they return the most sensible string they can (or NULL where
 * documented).  All returned strings are heap-allocated; free() them. */
#ifndef SB_URL_H
#define SB_URL_H

#include <stdbool.h>

/* True when `s` starts with a scheme ("http:", "data:", "mailto:"...).
 * A network-path reference ("//host/x") is not absolute. */
bool sb_url_is_absolute(const char *s);

/* Resolves `ref` against `base` following RFC 3986 5.2 (merge paths,
 * remove dot segments).  Leading/trailing whitespace of both strings is
 * ignored and tabs/newlines inside them are dropped, as browsers do.
 *
 *  - ref NULL, or a "javascript:" ref (not a resource): NULL.
 *  - ref with its own scheme: "data:" refs are returned cleaned up but
 *    otherwise untouched; other absolute refs get a lower-case scheme and
 *    their dot segments removed.
 *  - empty ref: the base without its fragment.
 *  - base NULL, or with neither a scheme nor an authority: ref cannot be
 *    resolved and is returned cleaned up (a caller can still use a
 *    relative URL as evidence).  A network-path base ("//host/a") works.
 *  - a base with an authority and an empty path ("http://a.com") merges as
 *    if its path were "/". */
char *sb_url_resolve(const char *base, const char *ref);

/* Lower-case host of an absolute or network-path URL, without userinfo,
 * port or trailing dot; NULL when there is none. */
char *sb_url_host(const char *url);

/* The candidate URL of an <img srcset> attribute with the largest width
 * descriptor ("800w"); when no candidate has a width, the largest density
 * ("2x", a bare URL counts as 1x).  Ties keep the first.  The URL is not
 * resolved.  NULL when the attribute holds no candidate. */
char *sb_srcset_best(const char *srcset);

#endif
