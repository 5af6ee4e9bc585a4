/* storybox boxes: the rendered box tree of a page as JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "layout/boxtree/boxtree_json.h"

static const char usage[] =
    "usage: storybox boxes [options] PAGE\n"
    "\n"
    "Renders PAGE (a file, a gzip file, an MHTML file or - for standard input;\n"
    "a page saved with its folder uses the stylesheets there) and prints\n"
    "its box tree as one JSON object: every rendered element with its\n"
    "absolute rectangle, DOM element id, text and link character counts,\n"
    "and the text runs.\n"
    "\n"
    "options:\n"
    "  --width N           layout viewport width in px, 200 to 10000 (default 1280)\n"
    "  --css-dir D         serve <link rel=stylesheet> from local directory D\n"
    "  -h, --help          show this help\n"
    "\n"
    "exit status: 0 printed, 1 the page could not be rendered, 2 usage error\n";

int cli_boxes(int argc, char **argv)
{
    sb_options opt;
    sb_options_init(&opt);
    const char *path = NULL;

    cli_args a;
    cli_args_init(&a, argc, argv, usage);
    while (cli_args_next(&a)) {
        if (cli_flag(&a, "-h") || cli_flag(&a, "--help")) {
            fputs(usage, stdout);
            return CLI_EXIT_OK;
        }
        if (cli_layout_option(&a, &opt))
            continue;
        if (cli_is_option(&a))
            cli_usage_error(&a, "unknown option '%s'", cli_current(&a));
        else if (path)
            cli_usage_error(&a, "one page at a time ('%s' is extra)", cli_current(&a));
        else
            path = cli_current(&a);
    }
    if (a.failed)
        return CLI_EXIT_USAGE;
    if (!path) {
        cli_usage_error(&a, "missing PAGE");
        return CLI_EXIT_USAGE;
    }

    cli_page cp;
    if (cli_render_page(&cp, path, &opt) != 0)
        return CLI_EXIT_PAGE;
    sb_page *page = cp.page;
    char *json = sb_boxtree_to_json(page->boxes, page->doc);
    size_t n = strlen(json);
    fputs(json, stdout);
    if (n == 0 || json[n - 1] != '\n')
        putchar('\n');
    free(json);
    cli_page_close(&cp);
    return CLI_EXIT_OK;
}
