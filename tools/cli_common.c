/* cli_common.c: helpers shared by the subcommands. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dom/base/strbuf.h"
#include "hybrid/input/input.h"

/* Control characters would let a file name or a message split the line
 * that scripts parse. */
static void put_sanitised(sb_buf *b, const char *s)
{
    for (; *s; s++)
        sb_buf_putc(b, ((unsigned char)*s < 0x20 || *s == 0x7f) ? '?' : *s);
}

int cli_page_error(const char *page, const char *fmt, ...)
{
    sb_buf msg = SB_BUF_INIT, line = SB_BUF_INIT;
    va_list ap;
    va_start(ap, fmt);
    sb_buf_vprintf(&msg, fmt, ap);
    va_end(ap);
    sb_buf_puts(&line, "storybox: ");
    put_sanitised(&line, strcmp(page, "-") == 0 ? "standard input" : page);
    sb_buf_puts(&line, ": ");
    put_sanitised(&line, msg.data ? msg.data : "");
    fprintf(stderr, "%s\n", line.data);
    sb_buf_free(&msg);
    sb_buf_free(&line);
    return CLI_EXIT_PAGE;
}

bool cli_layout_option(cli_args *a, sb_options *opt)
{
    const char *v;
    if ((v = cli_value(a, "--width"))) {
        long w;
        if (!cli_parse_long(v, SB_WIDTH_MIN, SB_WIDTH_MAX, &w))
            cli_usage_error(a, "--width wants a number of pixels from %d to %d, not '%s'",
                            SB_WIDTH_MIN, SB_WIDTH_MAX, v);
        else
            opt->width = (int)w;
        return true;
    }
    if ((v = cli_value(a, "--css-dir"))) {
        opt->css_dir = v;
        return true;
    }
    return a->taken;
}

int cli_open_page(cli_page *cp, const char *path, const sb_options *opt)
{
    size_t len = 0;
    char err[512];

    *cp = (cli_page){0};
    cp->opt = *opt;
    if (sb_read_input(path, &cp->bytes, &len, err, sizeof err) != 0) {
        /* the message already names the input */
        sb_buf line = SB_BUF_INIT;
        put_sanitised(&line, err);
        fprintf(stderr, "storybox: %s\n", line.data ? line.data : "cannot read input");
        sb_buf_free(&line);
        return -1;
    }
    if (sb_saved_page_open(&cp->saved, path, cp->bytes, len, err, sizeof err) != 0) {
        cli_page_error(path, "%s", err);
        cli_page_close(cp);
        return -1;
    }
    sb_saved_page_options(&cp->saved, &cp->opt);
    cp->page = sb_page_open(cp->saved.html, cp->saved.html_len, &cp->opt, err, sizeof err);
    if (!cp->page) {
        cli_page_error(path, "%s", err);
        cli_page_close(cp);
        return -1;
    }
    return 0;
}

int cli_render_page(cli_page *cp, const char *path, const sb_options *opt)
{
    if (cli_open_page(cp, path, opt) != 0)
        return -1;
    if (!sb_page_render(cp->page)) {
        sb_page *page = cp->page;
        cli_page_error(path, "%s", page->render_error[0] ? page->render_error : "rendering failed");
        cli_page_close(cp);
        return -1;
    }
    return 0;
}

void cli_page_close(cli_page *cp)
{
    sb_page_free(cp->page); /* before the resources it may still refer to */
    sb_saved_page_close(&cp->saved);
    free(cp->bytes);
    *cp = (cli_page){0};
}
