/* cli_args: the option scanner every storybox subcommand uses.
 *
 *     cli_args a;
 *     cli_args_init(&a, argc, argv, usage);
 *     while (cli_args_next(&a)) {
 *         const char *v;
 *         if (cli_flag(&a, "--explain")) ...
 *         else if ((v = cli_value(&a, "--width"))) ...   // --width 8 or --width=8
 *         else if (cli_is_option(&a)) unknown option
 *         else if (a.failed) break;                        // value missing
 *         else operand: cli_current(&a)
 *     }
 *
 * "--" ends the options; "-" alone is an operand (standard input).  Errors
 * are reported once, as one line plus a hint, through cli_usage_error. */
#ifndef SB_CLI_ARGS_H
#define SB_CLI_ARGS_H

#include <stdbool.h>

typedef struct cli_args {
    int argc;
    char **argv;
    const char *usage;
    int i;            /* index of the current argument */
    bool only_operands;
    bool taken;       /* current argument consumed by a matcher */
    bool failed;      /* an error was reported */
    const char *cmd;  /* "storybox extract" etc., for messages */
} cli_args;

void cli_args_init(cli_args *a, int argc, char **argv, const char *usage);
bool cli_args_next(cli_args *a);
const char *cli_current(const cli_args *a);
bool cli_flag(cli_args *a, const char *name);
/* The option's value (--name V, --name=V; a one-letter option also -nV), or
 * NULL if the current argument is another option.
 * A missing value reports a usage error and sets a->failed. */
const char *cli_value(cli_args *a, const char *name);
bool cli_is_option(const cli_args *a);
void cli_usage_error(cli_args *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool cli_parse_long(const char *s, long min, long max, long *out);

#endif
