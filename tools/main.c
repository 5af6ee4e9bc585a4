/* storybox: the command-line tool.  Only dispatches to the subcommands
 * declared in tools/cli.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command k_commands[] = {
    {"extract", cli_extract, "extract the story of pages as JSON records"},
    {"boxes", cli_boxes, "print the rendered box tree of a page as JSON"},
    {"render", cli_render, "draw a page's boxes and story region as a PNG"},
    {"eval", cli_eval, "score extraction methods against a corpus"},
    {"methods", cli_methods, "list the extraction methods"},
};

#define N_COMMANDS (sizeof k_commands / sizeof k_commands[0])

static void print_usage(FILE *f)
{
    fputs("usage: storybox COMMAND [options] [ARGS]\n"
          "\n"
          "Extracts the news story (headline, text, lead image, byline, date)\n"
          "from saved web pages by rendering them and analysing the layout.\n"
          "\n"
          "commands:\n",
          f);
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-10s %s\n", k_commands[i].name, k_commands[i].summary);
    fputs("\n"
          "  storybox help COMMAND     or   storybox COMMAND --help\n"
          "  storybox --version\n"
          "\n"
          "exit status: 0 success, 1 a page could not be processed, 2 usage error\n",
          f);
}

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(k_commands[i].name, name) == 0)
            return &k_commands[i];
    return NULL;
}

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "storybox: %s '%s' (try 'storybox --help')\n", what, arg);
    return CLI_EXIT_USAGE;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        fputs("storybox: missing command (try 'storybox --help')\n", stderr);
        return CLI_EXIT_USAGE;
    }
    const char *first = argv[1];
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0 ||
        (strcmp(first, "help") == 0 && argc == 2)) {
        print_usage(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(first, "--version") == 0) {
        printf("storybox %s\n", sb_version());
        return CLI_EXIT_OK;
    }
    if (strcmp(first, "help") == 0) {
        const command *c = find_command(argv[2]);
        if (!c)
            return usage_error("unknown command", argv[2]);
        char help_opt[] = "--help";
        char *help_argv[] = {argv[2], help_opt, NULL};
        return c->run(2, help_argv);
    }
    if (first[0] == '-' && first[1] != '\0')
        return usage_error("unknown option", first);
    const command *c = find_command(first);
    if (!c)
        return usage_error("unknown command", first);
    return c->run(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
    int status = run(argc, argv);
    /* A full disk or closed pipe must not pass for success. */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "storybox: cannot write output: %s\n", strerror(errno));
        if (status == CLI_EXIT_OK)
            status = CLI_EXIT_PAGE;
    }
    return status;
}
