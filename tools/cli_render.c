/* storybox render: a PNG of a page's boxes with the story region the
 * layout step would choose (layout/overlay/overlay.h). */
#include <stdio.h>

#include "cli.h"
#include "layout/region/blocks.h"
#include "layout/overlay/overlay.h"

static const char usage[] =
    "usage: storybox render [options] PAGE --png OUT.png\n"
    "\n"
    "Renders PAGE (a file, a gzip file, an MHTML file or - for standard input;\n"
    "a page saved with its folder uses the stylesheets there) and draws its\n"
    "boxes into OUT.png: text blocks green, link-heavy boxes orange, images\n"
    "blue placeholders labelled with their file name and size, the page's text\n"
    "where the layout put it (links blue), the chosen story region outlined in\n"
    "pink, and a legend.  The image has the page's width and height (cut at\n"
    "8000 x 20000 px and 32 million pixels).\n"
    "\n"
    "options:\n"
    "  --png OUT.png       where to write the image (required)\n"
    "  --no-region         do not look for the story region\n"
    "  --png-region-only   show the story region and 120 px around it\n"
    "  --width N           layout viewport width in px, 200 to 10000 (default 1280)\n"
    "  --css-dir D         serve <link rel=stylesheet> from local directory D\n"
    "  -h, --help          show this help\n"
    "\n"
    "exit status: 0 written, 1 the page could not be rendered or the image\n"
    "not written, 2 usage error\n";

int cli_render(int argc, char **argv)
{
    sb_options opt;
    sb_options_init(&opt);
    const char *path = NULL, *png = NULL;
    bool find_region = true;

    cli_args a;
    cli_args_init(&a, argc, argv, usage);
    while (cli_args_next(&a)) {
        const char *v;
        if (cli_flag(&a, "-h") || cli_flag(&a, "--help")) {
            fputs(usage, stdout);
            return CLI_EXIT_OK;
        }
        if ((v = cli_value(&a, "--png"))) {
            png = v;
        } else if (cli_flag(&a, "--no-region")) {
            find_region = false;
        } else if (cli_flag(&a, "--png-region-only")) {
            opt.png_region_only = true;
        } else if (cli_layout_option(&a, &opt)) {
            continue;
        } else if (a.failed) {
            break;
        } else if (cli_is_option(&a)) {
            cli_usage_error(&a, "unknown option '%s'", cli_current(&a));
        } else if (path) {
            cli_usage_error(&a, "one page at a time ('%s' is extra)", cli_current(&a));
        } else {
            path = cli_current(&a);
        }
    }
    if (a.failed)
        return CLI_EXIT_USAGE;
    if (!path) {
        cli_usage_error(&a, "missing PAGE");
        return CLI_EXIT_USAGE;
    }
    if (!png || !*png) {
        cli_usage_error(&a, "missing --png OUT.png");
        return CLI_EXIT_USAGE;
    }

    opt.png_path = png; /* the render keeps the text for drawing */
    cli_page cp;
    if (cli_render_page(&cp, path, &opt) != 0)
        return CLI_EXIT_PAGE;
    sb_page *page = cp.page;

    sb_region region = {.block = -1};
    bool have_region = false;
    if (find_region) {
        sb_vblocks *blocks = sb_vblocks_build(page->boxes);
        int viewport = opt.width > 0 ? opt.width : SB_DEFAULT_WIDTH;
        have_region = blocks && sb_region_find(page->boxes, blocks, viewport, NULL, &region, NULL);
        sb_vblocks_free(blocks);
    }

    char err[512];
    int status = CLI_EXIT_OK;
    sb_overlay_opts oo = {.region_only = opt.png_region_only};
    if (sb_overlay_png_opts(page->boxes, have_region ? &region.rect : NULL, NULL, &oo, png, err,
                            sizeof err) != 0)
        status = cli_page_error(path, "%s", err);
    if (find_region)
        sb_region_free(&region);
    cli_page_close(&cp);
    return status;
}
