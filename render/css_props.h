/* css_props: the CSS properties litehtml 0.6 reads.
 *
 * litehtml keeps every declaration a rule or a style="" attribute gives
 * an element in that element's property map, whatever its name, and
 * copies a rule's whole map into every element it matches; then
 * html_tag::parse_styles asks each element about the properties it knows
 * (about seventy).  The others (transition, animation, transform,
 * box-shadow, cursor, filter, vendor prefixes, overflow-x...) are never
 * read, by litehtml or by our walk of its tree, which reads only what
 * litehtml computed.  css_prep leaves them out of what litehtml is given. */
#ifndef SB_RENDER_CSS_PROPS_H
#define SB_RENDER_CSS_PROPS_H

#include <stdbool.h>
#include <stddef.h>

/* Whether litehtml 0.6 reads the property name[0..n) (ASCII case
 * ignored, as litehtml lowercases names): a longhand that parse_styles
 * (or drawing) asks about, or a shorthand style::add_property expands
 * into such longhands. */
bool sb_css_prop_read(const char *name, size_t n);

#endif
