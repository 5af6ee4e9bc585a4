#include "cli_args.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_args_init(cli_args *a, int argc, char **argv, const char *usage)
{
    *a = (cli_args){.argc = argc, .argv = argv, .usage = usage, .i = 0,
                    .cmd = argc > 0 ? argv[0] : ""};
}

bool cli_args_next(cli_args *a)
{
    if (a->failed)
        return false;
    a->i++;
    a->taken = false;
    if (a->i >= a->argc)
        return false;
    if (!a->only_operands && strcmp(a->argv[a->i], "--") == 0) {
        a->only_operands = true;
        return cli_args_next(a);
    }
    return true;
}

const char *cli_current(const cli_args *a)
{
    return a->i < a->argc ? a->argv[a->i] : "";
}

bool cli_is_option(const cli_args *a)
{
    const char *s = cli_current(a);
    return !a->only_operands && s[0] == '-' && s[1] != '\0';
}

bool cli_flag(cli_args *a, const char *name)
{
    if (a->taken || !cli_is_option(a) || strcmp(cli_current(a), name) != 0)
        return false;
    a->taken = true;
    return true;
}

const char *cli_value(cli_args *a, const char *name)
{
    if (a->taken || !cli_is_option(a))
        return NULL;
    const char *s = cli_current(a);
    size_t n = strlen(name);
    if (strncmp(s, name, n) != 0)
        return NULL;
    if (s[n] == '=') {
        a->taken = true;
        return s + n + 1;
    }
    /* A one-letter option takes its value glued on, as getopt does: -j4. */
    if (s[n] != '\0' && n == 2 && name[1] != '-') {
        a->taken = true;
        return s + n;
    }
    if (s[n] != '\0')
        return NULL;
    a->taken = true;
    if (a->i + 1 >= a->argc) {
        cli_usage_error(a, "option %s needs a value", name);
        return NULL;
    }
    return a->argv[++a->i];
}

void cli_usage_error(cli_args *a, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "storybox: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'storybox %s --help'.\n", a->cmd);
    a->failed = true;
}

bool cli_parse_long(const char *s, long min, long max, long *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min || v > max)
        return false;
    *out = v;
    return true;
}
