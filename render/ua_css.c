/* The user-agent stylesheet handed to litehtml as its master CSS.
 *
 * litehtml 0.6 ships no stylesheet that knows HTML5 sectioning elements, so
 * this one follows the "Rendering" section of the HTML standard: which
 * elements are hidden, which are blocks, and the default margins, font
 * sizes and weights a browser gives them.  Only properties litehtml 0.6
 * understands are used.  Sizes are in px/em as browsers compute them for a
 * 16px default font. */
#include "render/render.h"

const char sb_render_ua_css[] =
    /* Hidden elements (HTML 15.3.1). */
    "area, base, basefont, datalist, head, link, meta, noembed, noframes,"
    " param, rp, script, style, template, title, [hidden], input[type=hidden],"
    " noscript, dialog, source, track { display: none; }\n"
    "html, body { display: block; }\n"
    "body { margin: 8px; }\n"

    /* Flow content (15.3.3). */
    "address, blockquote, center, dialog[open], div, figure, figcaption, footer, form,"
    " header, hr, legend, listing, main, p, plaintext, pre, search, xmp, article,"
    " aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section, details, summary,"
    " picture, dir, dd, dl, dt, menu, ol, ul, fieldset, frameset, frame, optgroup"
    " { display: block; }\n"
    "picture { display: inline; }\n"
    "blockquote, figure { margin: 1em 40px; }\n"
    "p, pre, listing, xmp, plaintext, dl, fieldset { margin-top: 1em; margin-bottom: 1em; }\n"
    "dd { margin-left: 40px; }\n"
    "address { font-style: italic; }\n"
    "center { text-align: center; }\n"
    "listing, plaintext, pre, xmp { font-family: monospace; white-space: pre; }\n"
    "textarea { white-space: pre-wrap; }\n"
    "hr { border: 1px inset; margin: 0.5em auto; color: gray; }\n"
    "fieldset { margin-left: 2px; margin-right: 2px; border: 2px groove;"
    " padding: 0.35em 0.75em 0.625em; }\n"

    /* Phrasing content (15.3.4). */
    "cite, dfn, em, i, var { font-style: italic; }\n"
    "b, strong, th { font-weight: bold; }\n"
    "code, kbd, samp, tt { font-family: monospace; }\n"
    "big { font-size: larger; }\n"
    "small { font-size: smaller; }\n"
    "sub { vertical-align: sub; font-size: smaller; }\n"
    "sup { vertical-align: super; font-size: smaller; }\n"
    "s, strike, del { text-decoration: line-through; }\n"
    "u, ins { text-decoration: underline; }\n"
    "a { text-decoration: underline; color: #0000ee; }\n"
    /* litehtml 0.6 breaks lines only at block-level <br>; prep.c gives the
     * height of an empty line to a <br> that starts its line. */
    "br { display: block; }\n"
    "nobr { white-space: nowrap; }\n"
    "mark { background-color: yellow; color: black; }\n"
    "q:before { content: '\"'; }\n"
    "q:after { content: '\"'; }\n"

    /* Sections and headings (15.3.6). */
    "h1 { margin-top: 0.67em; margin-bottom: 0.67em; font-size: 2em; font-weight: bold; }\n"
    "h2 { margin-top: 0.83em; margin-bottom: 0.83em; font-size: 1.5em; font-weight: bold; }\n"
    "h3 { margin-top: 1em; margin-bottom: 1em; font-size: 1.17em; font-weight: bold; }\n"
    "h4 { margin-top: 1.33em; margin-bottom: 1.33em; font-size: 1em; font-weight: bold; }\n"
    "h5 { margin-top: 1.67em; margin-bottom: 1.67em; font-size: 0.83em; font-weight: bold; }\n"
    "h6 { margin-top: 2.33em; margin-bottom: 2.33em; font-size: 0.67em; font-weight: bold; }\n"

    /* Lists (15.3.7). */
    "dir, menu, ol, ul { padding-left: 40px; margin-top: 1em; margin-bottom: 1em; }\n"
    "ol ol, ol ul, ul ol, ul ul, menu ul, ul menu { margin-top: 0; margin-bottom: 0; }\n"
    "li { display: list-item; }\n"
    "ul, menu, dir { list-style-type: disc; }\n"
    "ol { list-style-type: decimal; }\n"
    "ul ul, ol ul { list-style-type: circle; }\n"

    /* Tables (15.3.8). */
    "table { display: table; border-spacing: 2px; border-collapse: separate;"
    " box-sizing: border-box; text-indent: 0; }\n"
    "caption { display: table-caption; text-align: center; }\n"
    "colgroup { display: table-column-group; }\n"
    "col { display: table-column; }\n"
    "thead { display: table-header-group; vertical-align: middle; }\n"
    "tbody { display: table-row-group; vertical-align: middle; }\n"
    "tfoot { display: table-footer-group; vertical-align: middle; }\n"
    "tr { display: table-row; vertical-align: inherit; }\n"
    "td, th { display: table-cell; vertical-align: inherit; padding: 1px; }\n"
    "th { text-align: center; }\n"

    /* Form controls and embedded content get a box of their usual size so
     * that they occupy space as they would in a browser (15.4, 15.5); their
     * width/height attributes are turned into style by prep.c, as the
     * standard's presentational hints do. */
    "input, select, button, textarea { display: inline-block; }\n"
    "input { width: 150px; height: 20px; }\n"
    "textarea { width: 200px; height: 40px; }\n"
    "iframe, video, canvas, object { display: inline-block; width: 300px; height: 150px; }\n"
    /* litehtml lays out only inline-block boxes as atoms in a line; an
     * inline <img> would get no box at all. */
    "img { display: inline-block; }\n"
    "svg { display: inline-block; width: 300px; height: 150px; }\n";
