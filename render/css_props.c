#include "render/css_props.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Sorted (strcmp).  The longhands are the names litehtml 0.6's
 * html_tag::parse_styles and el_text/el_before_after ask about (recorded
 * through render.cpp's style_memo on every sample page and forty
 * readability pages, which ask all of them), with color, which drawing
 * reads, content (::before and ::after) and font-variant; the shorthands
 * are those style::add_property splits into them (liblitehtml's own
 * strings), and the longhands litehtml itself writes for them
 * (-litehtml-border-spacing-x, border-top-left-radius-x...), which a page
 * may also write.  A name litehtml learns later is missing here only at the
 * cost of a render that ignores it, as 0.6 does. */
static const char *const read_props[] = {
    "-litehtml-border-spacing-x",
    "-litehtml-border-spacing-y",
    "background",
    "background-attachment",
    "background-clip",
    "background-color",
    "background-image",
    "background-image-baseurl",
    "background-origin",
    "background-position",
    "background-repeat",
    "background-size",
    "border",
    "border-bottom",
    "border-bottom-color",
    "border-bottom-left-radius",
    "border-bottom-left-radius-x",
    "border-bottom-left-radius-y",
    "border-bottom-right-radius",
    "border-bottom-right-radius-x",
    "border-bottom-right-radius-y",
    "border-bottom-style",
    "border-bottom-width",
    "border-collapse",
    "border-color",
    "border-left",
    "border-left-color",
    "border-left-style",
    "border-left-width",
    "border-radius",
    "border-right",
    "border-right-color",
    "border-right-style",
    "border-right-width",
    "border-spacing",
    "border-style",
    "border-top",
    "border-top-color",
    "border-top-left-radius",
    "border-top-left-radius-x",
    "border-top-left-radius-y",
    "border-top-right-radius",
    "border-top-right-radius-x",
    "border-top-right-radius-y",
    "border-top-style",
    "border-top-width",
    "border-width",
    "bottom",
    "box-sizing",
    "clear",
    "color",
    "content",
    "display",
    "float",
    "font",
    "font-family",
    "font-size",
    "font-style",
    "font-variant",
    "font-weight",
    "height",
    "left",
    "line-height",
    "list-style",
    "list-style-image",
    "list-style-image-baseurl",
    "list-style-position",
    "list-style-type",
    "margin",
    "margin-bottom",
    "margin-left",
    "margin-right",
    "margin-top",
    "max-height",
    "max-width",
    "min-height",
    "min-width",
    "overflow",
    "padding",
    "padding-bottom",
    "padding-left",
    "padding-right",
    "padding-top",
    "position",
    "right",
    "text-align",
    "text-decoration",
    "text-indent",
    "text-transform",
    "top",
    "vertical-align",
    "visibility",
    "white-space",
    "width",
    "z-index",
};

static int cmp_name(const void *key, const void *elem)
{
    return strcmp(key, *(const char *const *)elem);
}

bool sb_css_prop_read(const char *name, size_t n)
{
    char low[40]; /* longer than any name above */
    if (n == 0 || n >= sizeof low)
        return false;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        low[i] = c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    low[n] = '\0';
    return bsearch(low, read_props, sizeof read_props / sizeof read_props[0], sizeof read_props[0],
                   cmp_name) != NULL;
}
