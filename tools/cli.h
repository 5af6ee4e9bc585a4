/* cli: the storybox subcommands and the helpers they share.
 *
 * tools/main.c only dispatches: `storybox CMD ARGS...` calls the function
 * below with argv[0] = "CMD".  Every subcommand parses its options with the
 * scanner in tools/cli_args.h (long options, `--width 800` or
 * `--width=800`, "--" ends options, "-" is standard input), answers
 * `--help` on stdout with status 0, and exits with:
 *     CLI_EXIT_OK     0  success
 *     CLI_EXIT_PAGE   1  a page could not be processed; one line on stderr,
 *                        "storybox: PAGE: reason"
 *     CLI_EXIT_USAGE  2  unknown option, missing argument...; one line
 *                        plus a hint to --help
 * tools/cli_common.c holds the helpers below. */
#ifndef SB_CLI_H
#define SB_CLI_H

#include <stdbool.h>

#include "cli_args.h"
#include "hybrid/input/saved_page.h"
#include "hybrid/page/page.h"
#include "storybox.h"

enum { CLI_EXIT_OK = 0, CLI_EXIT_PAGE = 1, CLI_EXIT_USAGE = 2 };

/* Subcommands. */
int cli_extract(int argc, char **argv); /* tools/cli_extract.c */
int cli_eval(int argc, char **argv);    /* tools/cli_eval.c */
int cli_boxes(int argc, char **argv);   /* tools/cli_boxes.c */
int cli_render(int argc, char **argv);  /* tools/cli_render.c */
int cli_methods(int argc, char **argv); /* tools/cli_methods.c */

/* Prints "storybox: PAGE: reason" as one line (control characters in
 * either part become '?').  Returns CLI_EXIT_PAGE. */
int cli_page_error(const char *page, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Handles the layout options shared by the commands that render:
 * --width N (SB_WIDTH_MIN..SB_WIDTH_MAX) and --css-dir D.  Returns true when the current
 * argument was one of them (a bad value is reported through a->failed). */
bool cli_layout_option(cli_args *a, sb_options *opt);

/* One page read for a command, with what must live as long as it: the
 * bytes, the saved page they hold (MHTML, or a page file with its folder:
 * hybrid/input/saved_page.h) and the options pointing at its stylesheets
 * and images, which the page refers to. */
typedef struct cli_page {
    sb_page *page;
    sb_options opt;
    unsigned char *bytes;
    sb_saved_page saved;
} cli_page;

/* Reads one page (sb_read_input, then sb_saved_page_open, as
 * `storybox extract` does), decodes and parses it with the caller's
 * options (copied) and the saved page's resources.  Returns 0, or -1 after
 * printing the one-line error (cp is then already closed). */
int cli_open_page(cli_page *cp, const char *path, const sb_options *opt);

/* Opens the page and renders its box tree (cp->page->boxes). */
int cli_render_page(cli_page *cp, const char *path, const sb_options *opt);

void cli_page_close(cli_page *cp);

#endif
