/* storybox methods: lists the registered extraction methods. */
#include <stdio.h>

#include "cli.h"

static const char usage[] =
    "usage: storybox methods\n"
    "\n"
    "Lists the extraction methods that `storybox extract --method` and\n"
    "`storybox eval` accept: name, whether it lays the page out, summary.\n";

int cli_methods(int argc, char **argv)
{
    cli_args a;
    cli_args_init(&a, argc, argv, usage);
    while (cli_args_next(&a)) {
        if (cli_flag(&a, "-h") || cli_flag(&a, "--help")) {
            fputs(usage, stdout);
            return CLI_EXIT_OK;
        }
        if (cli_is_option(&a))
            cli_usage_error(&a, "unknown option '%s'", cli_current(&a));
        else
            cli_usage_error(&a, "unexpected argument '%s'", cli_current(&a));
    }
    if (a.failed)
        return CLI_EXIT_USAGE;
    for (size_t i = 0; i < sb_method_count(); i++) {
        const sb_method_info *m = sb_method_at(i);
        printf("%-16s %-8s %s\n", m->name, m->renders ? "renders" : "dom", m->summary);
    }
    return CLI_EXIT_OK;
}
