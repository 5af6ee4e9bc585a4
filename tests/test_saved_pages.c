/* Saved pages with their stylesheets (hybrid/input/mhtml, saved_page,
 * warc_css and render's resource provider).  The test writes its own MHTML
 * messages and "Web page, complete" folders from samples/saved/two_column
 * (a story and a sidebar floated side by side by an external stylesheet
 * that @imports a second one), and asserts that the styled render puts the
 * sidebar beside the story where the unstyled one puts it below, that the
 * story text is exactly right, and that malformed messages give one-line
 * errors or what can be read of them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "tests/support/files.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dom/base/strbuf.h"
#include "dom/doc/doc.h"
#include "hybrid/input/mhtml.h"
#include "hybrid/input/saved_page.h"
#include "hybrid/input/warc.h"
#include "hybrid/input/warc_css.h"
#include "render/render.h"
#include "storybox.h"

#define PAGE_URL "https://courier.example/news/ferry.html"
#define SITE_CSS_URL "https://courier.example/static/site.css"
#define COLUMNS_CSS_URL "https://courier.example/static/columns.css"

static const char story_text[] =
    "The harbour ferry returned to service on Monday morning after four months in dry dock, "
    "carrying its first passengers across the estuary shortly after seven o'clock.\n\n"
    "Engineers replaced both propeller shafts and repainted the hull, work the operator said "
    "had been postponed twice because of the shortage of parts that has affected small "
    "shipyards along the coast.\n\n"
    "Commuters who had relied on the replacement bus, which takes forty minutes longer by "
    "road, said they were relieved to be back on the water before the spring timetable "
    "begins.";

static char *sample(const char *name, size_t *len)
{
    char path[512];
    snprintf(path, sizeof path, "%s/samples/saved/%s", SB_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    sb_buf b = SB_BUF_INIT;
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sb_buf_append(&b, chunk, n);
    fclose(f);
    *len = b.len;
    return sb_buf_steal(&b);
}

/* The sample page with its stylesheet link made absolute, as a page saved
 * from its site links it. */
static char *page_linking_site(size_t *len)
{
    size_t n;
    char *html = sample("two_column.html", &n);
    const char *rel = "two_column_files/site.css";
    char *at = strstr(html, rel);
    assert_non_null(at);
    sb_buf b = SB_BUF_INIT;
    sb_buf_append(&b, html, (size_t)(at - html));
    sb_buf_puts(&b, SITE_CSS_URL);
    sb_buf_puts(&b, at + strlen(rel));
    free(html);
    *len = b.len;
    return sb_buf_steal(&b);
}

/* Quoted-printable with 76-column soft breaks, '=' and bytes >= 127
 * escaped. */
static void put_qp(sb_buf *out, const char *s, size_t n)
{
    int col = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\n') {
            sb_buf_puts(out, "\r\n");
            col = 0;
            continue;
        }
        if (col >= 72) {
            sb_buf_puts(out, "=\r\n");
            col = 0;
        }
        if (c == '=' || c >= 127 || c == '\r') {
            sb_buf_printf(out, "=%02X", c);
            col += 3;
        } else {
            sb_buf_putc(out, (char)c);
            col++;
        }
    }
}

static void put_base64(sb_buf *out, const char *s, size_t n)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    int col = 0;
    for (size_t i = 0; i < n; i += 3) {
        unsigned v = (unsigned char)s[i] << 16;
        if (i + 1 < n)
            v |= (unsigned char)s[i + 1] << 8;
        if (i + 2 < n)
            v |= (unsigned char)s[i + 2];
        sb_buf_putc(out, alphabet[(v >> 18) & 63]);
        sb_buf_putc(out, alphabet[(v >> 12) & 63]);
        sb_buf_putc(out, i + 1 < n ? alphabet[(v >> 6) & 63] : '=');
        sb_buf_putc(out, i + 2 < n ? alphabet[v & 63] : '=');
        if ((col += 4) >= 76) {
            sb_buf_puts(out, "\r\n");
            col = 0;
        }
    }
    sb_buf_puts(out, "\r\n");
}

#define BOUNDARY "----MultipartBoundary--t3st"

static void put_part(sb_buf *out, const char *type, const char *location, bool base64,
                     const char *data, size_t len)
{
    sb_buf_printf(out, "--" BOUNDARY "\r\nContent-Type: %s\r\n", type);
    sb_buf_printf(out, "Content-Transfer-Encoding: %s\r\n", base64 ? "base64" : "quoted-printable");
    sb_buf_printf(out, "Content-Location: %s\r\n\r\n", location);
    if (base64)
        put_base64(out, data, len);
    else
        put_qp(out, data, len);
    sb_buf_puts(out, "\r\n");
}

/* An MHTML message like a browser's "Save as single file": the page in
 * quoted-printable, site.css in quoted-printable, columns.css (which
 * site.css @imports, relatively) in base64. */
static char *write_mhtml(size_t *len)
{
    sb_buf m = SB_BUF_INIT;
    sb_buf_puts(&m, "From: <Saved by Blink>\r\n"
                    "Snapshot-Content-Location: " PAGE_URL "\r\n"
                    "Subject: Harbour ferry returns\r\n"
                    "MIME-Version: 1.0\r\n"
                    "Content-Type: multipart/related;\r\n"
                    "\ttype=\"text/html\";\r\n"
                    "\tboundary=\"" BOUNDARY "\"\r\n\r\n\r\n");
    size_t n;
    char *html = page_linking_site(&n);
    put_part(&m, "text/html; charset=\"utf-8\"", PAGE_URL, false, html, n);
    free(html);
    char *css = sample("two_column_files/site.css", &n);
    put_part(&m, "text/css", SITE_CSS_URL, false, css, n);
    free(css);
    css = sample("two_column_files/columns.css", &n);
    put_part(&m, "text/css", COLUMNS_CSS_URL, true, css, n);
    free(css);
    sb_buf_puts(&m, "--" BOUNDARY "--\r\n");
    *len = m.len;
    return sb_buf_steal(&m);
}

static const sb_rnode *node_of(const sb_render *r, int elem)
{
    for (size_t i = 0; r && i < r->n_nodes; i++)
        if (r->nodes[i].elem == elem && elem >= 0)
            return &r->nodes[i];
    return NULL;
}

/* Renders html with the provider (NULL: unstyled) and returns the story's
 * and the sidebar's boxes. */
static void render_boxes(const char *html, size_t len, sb_render_resource_fn fn, void *ctx,
                         const char *base, sb_rnode *story, sb_rnode *sidebar)
{
    sb_doc *d = sb_doc_parse(html, len);
    assert_non_null(d);
    sb_render_opts o = {0, 0, NULL, base, 0, 0, false, fn, ctx, NULL};
    char err[256] = "";
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    if (!r)
        fail_msg("render: %s", err);
    const sb_rnode *s = node_of(r, sb_doc_find_id(d, "story"));
    const sb_rnode *b = node_of(r, sb_doc_find_id(d, "sidebar"));
    assert_non_null(s);
    assert_non_null(b);
    *story = *s;
    *sidebar = *b;
    sb_render_free(r);
    sb_doc_free(d);
}

static void assert_side_by_side(const sb_rnode *story, const sb_rnode *sidebar)
{
    /* columns.css: .page 1000 px centred in 1280, story 640 px floated
     * left, sidebar 300 px floated right */
    assert_int_equal(story->x, 140);
    assert_int_equal(story->w, 640);
    assert_int_equal(sidebar->x, 840);
    assert_int_equal(sidebar->w, 300);
    assert_int_equal(sidebar->y, story->y);
}

static void assert_stacked(const sb_rnode *story, const sb_rnode *sidebar)
{
    assert_int_equal(sidebar->x, story->x);
    assert_true(sidebar->y >= story->y + story->h);
}

static sb_story *extract_with(const char *html, size_t len, sb_resource_fn fn, void *ctx,
                              const char *base)
{
    sb_options opt;
    sb_options_init(&opt);
    opt.base_url = base;
    opt.resource = fn;
    opt.resource_ctx = ctx;
    sb_story *s = sb_extract(html, len, &opt);
    assert_null(s->error);
    return s;
}

/* ---- MHTML ------------------------------------------------------------- */

static void test_mhtml_parts(void **state)
{
    (void)state;
    size_t len;
    char *msg = write_mhtml(&len);
    assert_true(sb_mhtml_sniff(msg, len));
    sb_mhtml m;
    char err[256] = "";
    assert_int_equal(sb_mhtml_parse(msg, len, &m, err, sizeof err), 0);
    assert_int_equal(m.n_parts, 3);
    assert_int_equal(m.page, 0);
    assert_string_equal(m.parts[0].type, "text/html");
    assert_string_equal(m.parts[0].charset, "utf-8");
    assert_string_equal(m.parts[0].location, PAGE_URL);
    assert_string_equal(m.parts[2].type, "text/css");
    /* both encodings decode to the very bytes written (quoted-printable
     * text in its canonical form, lines ending in CR LF) */
    size_t n;
    char *html = page_linking_site(&n);
    sb_buf crlf = SB_BUF_INIT;
    for (size_t i = 0; i < n; i++)
        sb_buf_append(&crlf, html[i] == '\n' ? "\r\n" : &html[i], html[i] == '\n' ? 2 : 1);
    assert_int_equal(m.parts[0].len, crlf.len);
    assert_memory_equal(m.parts[0].data, crlf.data, crlf.len);
    sb_buf_free(&crlf);
    free(html);
    char *css = sample("two_column_files/columns.css", &n);
    const sb_mhtml_part *p = sb_mhtml_find(&m, COLUMNS_CSS_URL "#frag");
    assert_non_null(p);
    assert_int_equal(p->len, n);
    assert_memory_equal(p->data, css, n);
    free(css);
    assert_null(sb_mhtml_find(&m, "https://courier.example/static/missing.css"));
    /* the provider refuses what is longer than asked for */
    size_t got = 0;
    assert_null(sb_mhtml_resource(&m, COLUMNS_CSS_URL, 10, &got));
    void *copy = sb_mhtml_resource(&m, COLUMNS_CSS_URL, 1000, &got);
    assert_non_null(copy);
    assert_int_equal(got, p->len);
    free(copy);
    sb_mhtml_free(&m);
    free(msg);
}

static void test_mhtml_styled_render_and_story(void **state)
{
    (void)state;
    size_t len;
    char *msg = write_mhtml(&len);
    sb_saved_page sp;
    char err[256] = "";
    assert_int_equal(
        sb_saved_page_open(&sp, "page.mhtml", (unsigned char *)msg, len, err, sizeof err), 0);
    assert_true(sp.is_mhtml);
    assert_string_equal(sp.url, PAGE_URL);
    assert_string_equal(sp.charset, "utf-8");

    sb_rnode story, sidebar;
    render_boxes((const char *)sp.html, sp.html_len, sb_saved_page_resource, &sp, sp.url, &story,
                 &sidebar);
    assert_side_by_side(&story, &sidebar);
    render_boxes((const char *)sp.html, sp.html_len, NULL, NULL, sp.url, &story, &sidebar);
    assert_stacked(&story, &sidebar);

    sb_story *s =
        extract_with((const char *)sp.html, sp.html_len, sb_saved_page_resource, &sp, sp.url);
    assert_string_equal(s->text, story_text);
    assert_true(s->has_region);
    assert_int_equal(s->region.x, 140);
    sb_story_free(s);
    s = extract_with((const char *)sp.html, sp.html_len, NULL, NULL, sp.url);
    assert_string_equal(s->text, story_text);
    assert_int_not_equal(s->region.x, 140);
    sb_story_free(s);
    sb_saved_page_close(&sp);
    free(msg);
}

/* Parses text as a message: the return code, and the error or the part
 * count in *parts. */
static int parse_text(const char *text, size_t *parts, char *err, size_t errlen)
{
    sb_mhtml m;
    err[0] = '\0';
    int rc = sb_mhtml_parse(text, strlen(text), &m, err, errlen);
    *parts = m.n_parts;
    if (rc != 0) {
        assert_int_equal(m.n_parts, 0);
        assert_non_null(err[0]);
        assert_null(strchr(err, '\n'));
    }
    sb_mhtml_free(&m);
    return rc;
}

static void test_mhtml_malformed(void **state)
{
    (void)state;
    char err[256];
    size_t parts;
    struct {
        const char *text;
        const char *error;
    } bad[] = {
        {"", "MHTML: the message's header block has no end"},
        {"MIME-Version: 1.0\r\nContent-Type: text/html\r\n\r\n<p>x</p>",
         "not MHTML: the message's Content-Type is not multipart"},
        {"MIME-Version: 1.0\r\nContent-Type: multipart/related\r\n\r\n--b\r\n\r\nx",
         "MHTML: no boundary in the message's Content-Type"},
        {"Content-Type: multipart/related; boundary=zz\r\n\r\n--b\r\n\r\nx\r\n--b--\r\n",
         "MHTML: no part starts with the message's boundary"},
        {"Content-Type: multipart/related; boundary=b\r\n\r\n--b\r\nContent-Type: text/css\r\n"
         "\r\nbody{}\r\n--b--\r\n",
         "MHTML: no HTML part"},
        {"Content-Type: multipart/related; boundary=b\r\nno end of headers",
         "MHTML: the message's header block has no end"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        assert_int_equal(parse_text(bad[i].text, &parts, err, sizeof err), -1);
        assert_string_equal(err, bad[i].error);
    }

    /* A message cut off inside its last part keeps what it has; a part
     * whose headers never end is dropped. */
    const char *cut = "Content-Type: multipart/related; boundary=\"b\"\r\n\r\n"
                      "--b\r\nContent-Type: text/html\r\n\r\n<p>cut here";
    assert_int_equal(parse_text(cut, &parts, err, sizeof err), 0);
    assert_int_equal(parts, 1);
    const char *headless = "Content-Type: multipart/related; boundary=b\r\n\r\n"
                           "--b\r\nContent-Type: text/html\r\n\r\n<p>x</p>\r\n"
                           "--b\r\nContent-Type: text/css\r\nContent-Location: a";
    assert_int_equal(parse_text(headless, &parts, err, sizeof err), 0);
    assert_int_equal(parts, 1);

    /* Broken encodings decode to what can be read. */
    sb_mhtml m;
    const char *enc = "Content-Type: multipart/related; boundary=b\r\n\r\n"
                      "--b\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n"
                      "\r\nP*H!A+=garbage\r\n"
                      "--b\r\nContent-Type: text/css\r\n"
                      "Content-Transfer-Encoding: quoted-printable\r\n\r\na=3Db=ZZ=\r\n--b--";
    assert_int_equal(sb_mhtml_parse(enc, strlen(enc), &m, err, sizeof err), 0);
    assert_int_equal(m.n_parts, 2);
    assert_int_equal(m.parts[0].len, 3); /* "PHA+" */
    assert_memory_equal(m.parts[0].data, "<p>", 3);
    assert_string_equal((char *)m.parts[1].data, "a=b=ZZ="); /* a lone '=' is kept */
    sb_mhtml_free(&m);

    /* Parts by Content-ID ("cid:" URLs), and a Content-Location that looks
     * like one */
    const char *ids = "Content-Type: multipart/related; boundary=b\r\n\r\n"
                      "--b\r\nContent-Type: text/html\r\nContent-ID: <frame-1@x>\r\n\r\nA\r\n"
                      "--b\r\nContent-Type: text/css\r\nContent-Location: cid:odd\r\n\r\nB\r\n"
                      "--b--\r\n";
    assert_int_equal(sb_mhtml_parse(ids, strlen(ids), &m, err, sizeof err), 0);
    assert_ptr_equal(sb_mhtml_find(&m, "cid:frame-1@x"), &m.parts[0]);
    assert_ptr_equal(sb_mhtml_find(&m, "CID:odd"), NULL);
    assert_ptr_equal(sb_mhtml_find(&m, "cid:odd"), &m.parts[1]);
    assert_null(sb_mhtml_find(&m, "cid:frame-1"));
    sb_mhtml_free(&m);

    /* Nested multiparts: read to SB_MHTML_MAX_DEPTH, deeper ones skipped. */
    sb_buf nest = SB_BUF_INIT;
    for (int d = 0; d < 8; d++)
        sb_buf_printf(&nest, "%sContent-Type: multipart/related; boundary=b%d\r\n\r\n--b%d\r\n",
                      d ? "" : "", d, d);
    sb_buf_puts(&nest, "Content-Type: text/html\r\n\r\n<p>deep</p>\r\n");
    assert_int_equal(sb_mhtml_parse(nest.data, nest.len, &m, err, sizeof err), -1);
    assert_string_equal(err, "MHTML: no HTML part");
    sb_buf_free(&nest);

    /* Too many parts. */
    sb_buf many = SB_BUF_INIT;
    sb_buf_puts(&many, "Content-Type: multipart/related; boundary=b\r\n\r\n");
    for (int i = 0; i <= SB_MHTML_MAX_PARTS; i++)
        sb_buf_puts(&many, "--b\r\nContent-Type: text/html\r\n\r\nx\r\n");
    assert_int_equal(sb_mhtml_parse(many.data, many.len, &m, err, sizeof err), -1);
    assert_string_equal(err, "MHTML: too many parts (more than 10000)");
    sb_buf_free(&many);
}

static void test_mhtml_sniff_and_names(void **state)
{
    (void)state;
    assert_true(sb_mhtml_sniff("\r\nMIME-Version: 1.0\r\n", 21));
    assert_true(
        sb_mhtml_sniff("Subject: x\r\nContent-Type: multipart/related; boundary=a\r\n", 57));
    assert_false(sb_mhtml_sniff("<!DOCTYPE html><html>", 21));
    assert_false(sb_mhtml_sniff("Content-Type: text/html\r\n\r\nMIME-Version: 1.0\r\n", 46));
    assert_false(sb_mhtml_sniff("<p>Note: MIME-Version: 1.0</p>", 30));
    assert_false(sb_mhtml_sniff("", 0));
    assert_true(sb_is_mhtml_path("a/Page.MHTML"));
    assert_true(sb_is_mhtml_path("page.mht"));
    assert_true(sb_is_mhtml_path("page.mhtml.gz"));
    assert_false(sb_is_mhtml_path("page.html"));
    assert_false(sb_is_mhtml_path(".mht"));
    assert_false(sb_is_mhtml_path(NULL));
}

/* ---- "Web page, complete" ---------------------------------------------- */

static void write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

static void copy_sample(fixture *f, const char *name)
{
    size_t n;
    char *data = sample(name, &n);
    char rel[64];
    snprintf(rel, sizeof rel, "site/%s", name);
    write_file(file_in(f, rel), data, n);
    free(data);
}

static void test_complete_page(void **state)
{
    fixture *f = *state;
    /* the page in site/, a stylesheet beside that folder it must not see */
    assert_int_equal(mkdir(file_in(f, "site"), 0755), 0);
    assert_int_equal(mkdir(file_in(f, "site/two_column_files"), 0755), 0);
    copy_sample(f, "two_column.html");
    copy_sample(f, "two_column_files/site.css");
    copy_sample(f, "two_column_files/columns.css");
    write_file(file_in(f, "sb_secret.css"), "x{}", 3);
    char secret[200];
    snprintf(secret, sizeof secret, "%s", f->path);
    assert_int_equal(symlink(secret, file_in(f, "site/two_column_files/link.css")), 0);

    size_t n;
    char *html = sample("two_column.html", &n);
    sb_saved_page sp;
    char err[256];
    assert_int_equal(sb_saved_page_open(&sp, file_in(f, "site/two_column.html"),
                                        (unsigned char *)html, n, err, sizeof err),
                     0);
    assert_false(sp.is_mhtml);
    assert_non_null(sp.dir);

    /* found by the link's own path, whatever the base URL made of it */
    size_t got;
    void *css = sb_saved_page_resource(&sp, "/two_column_files/site.css", 1 << 20, &got);
    assert_non_null(css);
    free(css);
    css = sb_saved_page_resource(&sp, "https://x.example/a/b/two_column_files/columns.css?v=2",
                                 1 << 20, &got);
    assert_non_null(css);
    free(css);
    /* never outside the page's folder */
    assert_null(sb_saved_page_resource(&sp, "/two_column_files/link.css", 1 << 20, &got));
    assert_null(sb_saved_page_resource(&sp, "/../sb_secret.css", 1 << 20, &got));
    assert_null(sb_saved_page_resource(&sp, "/%2e%2e/sb_secret.css", 1 << 20, &got));
    assert_null(sb_saved_page_resource(&sp, "/two_column_files%2f..%2fx.css", 1 << 20, &got));
    assert_null(sb_saved_page_resource(&sp, "/two_column_files/site.css", 10, &got));

    /* without a base URL, and with one (the page's own links count) */
    const char *bases[] = {NULL, "https://courier.example/news/ferry.html"};
    for (int i = 0; i < 2; i++) {
        sb_rnode story, sidebar;
        render_boxes(html, n, sb_saved_page_resource, &sp, bases[i], &story, &sidebar);
        assert_side_by_side(&story, &sidebar);
        sb_story *s = extract_with(html, n, sb_saved_page_resource, &sp, bases[i]);
        assert_string_equal(s->text, story_text);
        assert_int_equal(s->region.x, 140);
        sb_story_free(s);
    }
    sb_saved_page_close(&sp);

    /* read from standard input, a page has no folder */
    assert_int_equal(sb_saved_page_open(&sp, "-", (unsigned char *)html, n, err, sizeof err), 0);
    assert_null(sp.dir);
    assert_null(sb_saved_page_resource(&sp, "/two_column_files/site.css", 1 << 20, &got));
    sb_saved_page_close(&sp);
    free(html);
}

/* The folder's lookup (a listing of the page's folder, then realpath for
 * the candidates whose first component is a name in it): the exact file
 * found for a URL found as it is, one whose suffix is found deeper in the
 * URL, one not found, names with odd bytes and hidden names, and
 * traversals (through "..", and through a symbolic link that leads out). */
static char *resource_text(sb_saved_page *sp, const char *url)
{
    size_t got = 0;
    char *data = sb_saved_page_resource(sp, url, 1 << 20, &got);
    if (data)
        assert_int_equal(strlen(data), got);
    return data;
}

static void test_folder_lookup(void **state)
{
    fixture *f = *state;
    assert_int_equal(mkdir(file_in(f, "site"), 0755), 0);
    assert_int_equal(mkdir(file_in(f, "site/page_files"), 0755), 0);
    assert_int_equal(mkdir(file_in(f, "site/page_files/css"), 0755), 0);
    assert_int_equal(mkdir(file_in(f, "site/css"), 0755), 0);
    write_file(file_in(f, "site/page.html"), "<p>x</p>", 8);
    write_file(file_in(f, "site/page_files/a.css"), "a{}", 3);
    write_file(file_in(f, "site/page_files/css/b.css"), "b1{}", 4);
    write_file(file_in(f, "site/css/b.css"), "b2{}", 4);
    write_file(file_in(f, "site/c.css"), "c{}", 3);
    write_file(file_in(f, "site/.hidden.css"), "h{}", 3);
    write_file(file_in(f, "site/caf\xc3\xa9 #1.css"), "e{}", 3);
    write_file(file_in(f, "outside.css"), "o{}", 3);
    char target[300];
    snprintf(target, sizeof target, "%s/outside.css", f->path);
    assert_int_equal(symlink(target, file_in(f, "site/out.css")), 0);
    assert_int_equal(symlink("c.css", file_in(f, "site/in.css")), 0);

    /* Two rounds: a folder of 208 entries (listed), then of 2108 (too many
     * to list, past MAX_LISTED = 2048: each candidate's first name is
     * checked on its own); the same answers both times. */
    for (int round = 0; round < 2; round++) {
        for (int i = round * 200; i < 200 + round * 1900; i++) {
            char name[64];
            snprintf(name, sizeof name, "site/filler_%04d.txt", i);
            write_file(file_in(f, name), "f", 1);
        }
        sb_saved_page sp;
        char err[256];
        assert_int_equal(sb_saved_page_open(&sp, file_in(f, "site/page.html"),
                                            (const unsigned char *)"<p>x</p>", 8, err,
                                            sizeof err),
                         0);
        struct {
            const char *url, *want; /* want NULL: not found */
        } cases[] = {
            /* found as it is */
            {"page_files/a.css", "a{}"},
            {"https://news.example/page_files/css/b.css?v=1", "b1{}"},
            /* the longest suffix wins: page_files/css/b.css before css/b.css */
            {"https://news.example/x/y/page_files/css/b.css", "b1{}"},
            /* found deeper: neither "x" nor "static" is a name in the folder */
            {"https://news.example/x/static/css/b.css", "b2{}"},
            {"/a/b/c/d/e/f/g/h/i/c.css", "c{}"},
            {"filler_0199.txt", "f"},
            /* hidden names and odd bytes (%XX decoded) */
            {"/.hidden.css", "h{}"},
            {"/x/caf%C3%A9%20%231.css", "e{}"},
            /* a symbolic link that stays inside */
            {"/in.css", "c{}"},
            /* not found */
            {"/page_files/none.css", NULL},
            {"/x/y/z.css", NULL},
            {"/PAGE_FILES/A.CSS", NULL}, /* a case-sensitive file system */
            {"/page_files", NULL},       /* a folder is no file */
            /* traversals */
            {"/../outside.css", NULL},
            {"/page_files/../../outside.css", NULL},
            {"/%2e%2e/outside.css", NULL},
            {"/page_files%2f..%2f..%2foutside.css", NULL},
            {"/out.css", NULL},
            {"/./c.css", NULL},
        };
        for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
            char *got = resource_text(&sp, cases[i].url);
            if (cases[i].want) {
                assert_non_null(got);
                assert_string_equal(got, cases[i].want);
            } else {
                assert_null(got);
            }
            free(got);
        }
        /* hidden names counted, "." and ".." not */
        assert_int_equal(sp.listed, round == 0 ? 1 : -1);
        assert_int_equal(sp.n_names, round == 0 ? 208 : 0);
        sb_saved_page_close(&sp);
    }
}

/* The pages of one folder share its listing while the folder is unchanged
 * (saved_page.c, KEPT_LISTINGS): a folder last changed more than
 * KEEP_AFTER_S = 2 s before it was listed is listed once; a change to it
 * (a file added) makes the next page list it again and find the new file;
 * a folder changed within those seconds is listed for each page. */
static sb_saved_page open_page_in(fixture *f, const char *page)
{
    sb_saved_page sp;
    char err[256];
    assert_int_equal(
        sb_saved_page_open(&sp, file_in(f, page), (const unsigned char *)"<p>x</p>", 8, err, sizeof err),
        0);
    return sp;
}

static void expect_text(sb_saved_page *sp, const char *url, const char *want)
{
    char *got = resource_text(sp, url);
    if (want) {
        assert_non_null(got);
        assert_string_equal(got, want);
    } else {
        assert_null(got);
    }
    free(got);
}

static void test_folder_listing_shared(void **state)
{
    fixture *f = *state;
    assert_int_equal(mkdir(file_in(f, "pages"), 0755), 0);
    write_file(file_in(f, "pages/one.html"), "<p>x</p>", 8);
    write_file(file_in(f, "pages/two.html"), "<p>x</p>", 8);
    write_file(file_in(f, "pages/site.css"), "s{}", 3);
    /* changed just now: each page lists the folder */
    sb_saved_page a = open_page_in(f, "pages/one.html");
    sb_saved_page b = open_page_in(f, "pages/two.html");
    expect_text(&a, "https://news.example/x/site.css", "s{}");
    expect_text(&b, "https://news.example/x/site.css", "s{}");
    assert_int_equal(a.listed, 1);
    assert_int_equal(a.n_names, 3);
    assert_ptr_not_equal(a.listing, b.listing);
    sb_saved_page_close(&a);
    sb_saved_page_close(&b);

    /* unchanged for longer than KEEP_AFTER_S: listed once, shared */
    sleep(3);
    a = open_page_in(f, "pages/one.html");
    b = open_page_in(f, "pages/two.html");
    expect_text(&a, "https://news.example/x/site.css", "s{}");
    expect_text(&b, "/site.css", "s{}");
    assert_non_null(a.listing);
    assert_ptr_equal(a.listing, b.listing);
    sb_saved_page_close(&a); /* b's listing stays valid */
    expect_text(&b, "/none.css", NULL);
    assert_int_equal(b.n_names, 3);

    /* a file added: the folder's times change, the next page lists it again */
    write_file(file_in(f, "pages/late.css"), "l{}", 3);
    sb_saved_page c = open_page_in(f, "pages/one.html");
    expect_text(&c, "/late.css", "l{}");
    assert_int_equal(c.n_names, 4);
    assert_ptr_not_equal(c.listing, b.listing);
    sb_saved_page_close(&b);
    sb_saved_page_close(&c);
}

/* ---- images' intrinsic sizes --------------------------------------------- */

/* Headers only: a PNG of 640 x 480 and a JPEG of 1200 x 675 (APP0, then
 * a progressive frame); the layout needs no pixels. */
static const unsigned char png_640x480[] = {
    0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
    0, 0, 0x02, 0x80, 0, 0, 0x01, 0xE0, 8, 2, 0, 0, 0};
static const unsigned char jpeg_1200x675[] = {
    0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
    0xFF, 0xC2, 0x00, 0x11, 0x08, 0x02, 0xA3, 0x04, 0xB0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1};

/* A GIF of 300 x 200 inline: "GIF89a", 300, 200 as base64 */
static const char photo_page[] =
    "<!DOCTYPE html><html><head><title>Photos</title></head><body style=\"margin:0\">\n"
    "<img id=\"png\" src=\"photo_files/ferry.png\">\n"
    "<img id=\"scaled\" src=\"photo_files/ferry.png\" width=\"320\">\n"
    "<img id=\"jpeg\" src=\"https://courier.example/img/harbour.jpg?w=1200#top\">\n"
    "<img id=\"cid\" src=\"cid:quay@courier\">\n"
    "<img id=\"missing\" src=\"photo_files/none.png\">\n"
    "<img id=\"inline\" src=\"data:image/gif;base64,R0lGODlhLAHIAPcAAA==\">\n"
    "<img id=\"pixel\" src=\"data:image/gif;base64,R0lGODlhAQABAIAAAA==\">\n"
    "<img id=\"text\" src=\"photo_files/notes.txt\">\n"
    "<p>The harbour ferry returned to service on Monday morning.</p>\n"
    "</body></html>\n";

static void assert_size(const sb_render *r, const sb_doc *d, const char *id, int w, int h)
{
    const sb_rnode *n = node_of(r, sb_doc_find_id(d, id));
    assert_non_null(n);
    if (n->w != w || n->h != h)
        fail_msg("#%s: %d x %d, want %d x %d", id, n->w, n->h, w, h);
}

static void render_photos(sb_saved_page *sp, const char *base, bool with_sizes)
{
    sb_doc *d = sb_doc_parse((const char *)sp->html, sp->html_len);
    assert_non_null(d);
    sb_render_opts o = {0,     0,  NULL, base, 0, 0, false, sb_saved_page_resource,
                        sp, with_sizes ? sb_saved_page_image_size : NULL};
    char err[256] = "";
    sb_render *r = sb_render_page(d, &o, NULL, err, sizeof err);
    if (!r)
        fail_msg("render: %s", err);
    if (with_sizes) {
        assert_size(r, d, "png", 640, 480);
        assert_size(r, d, "scaled", 320, 240); /* the picture's aspect */
        assert_size(r, d, "jpeg", 1200, 675);
        if (sp->is_mhtml)
            assert_size(r, d, "cid", 640, 480);
        else
            assert_size(r, d, "cid", 300, 150);
    } else {
        assert_size(r, d, "png", 300, 150);
        assert_size(r, d, "scaled", 320, 160); /* the default box's aspect */
        assert_size(r, d, "jpeg", 300, 150);
    }
    assert_size(r, d, "missing", 300, 150);
    assert_size(r, d, "text", 300, 150);
    assert_size(r, d, "inline", 300, 200); /* read from the URI itself */
    assert_size(r, d, "pixel", 300, 150);  /* 1 x 1: a lazy-loading placeholder */
    sb_render_free(r);
    sb_doc_free(d);
}

static void test_image_sizes(void **state)
{
    fixture *f = *state;
    /* an MHTML: the images are parts, one named by its Content-ID */
    sb_buf m = SB_BUF_INIT;
    sb_buf_puts(&m, "MIME-Version: 1.0\r\nContent-Type: multipart/related; type=\"text/html\"; "
                    "boundary=\"" BOUNDARY "\"\r\n\r\n");
    put_part(&m, "text/html; charset=\"utf-8\"", PAGE_URL, false, photo_page,
             strlen(photo_page));
    put_part(&m, "image/png", "https://courier.example/news/photo_files/ferry.png", true,
             (const char *)png_640x480, sizeof png_640x480);
    put_part(&m, "image/jpeg", "https://courier.example/img/harbour.jpg?w=1200", true,
             (const char *)jpeg_1200x675, sizeof jpeg_1200x675);
    put_part(&m, "text/plain", "https://courier.example/news/photo_files/notes.txt", false,
             "not a picture", 13);
    sb_buf_printf(&m, "--" BOUNDARY "\r\nContent-Type: image/png\r\nContent-ID: <quay@courier>\r\n"
                      "Content-Transfer-Encoding: base64\r\n\r\n");
    put_base64(&m, (const char *)png_640x480, sizeof png_640x480);
    sb_buf_puts(&m, "\r\n--" BOUNDARY "--\r\n");
    sb_saved_page sp;
    char err[256] = "";
    assert_int_equal(
        sb_saved_page_open(&sp, "photos.mhtml", (unsigned char *)m.data, m.len, err, sizeof err),
        0);
    render_photos(&sp, sp.url, true);
    render_photos(&sp, sp.url, false);
    int w = 0, h = 0;
    assert_true(sb_saved_page_image_size(&sp, "https://courier.example/news/photo_files/ferry.png",
                                         &w, &h));
    assert_int_equal(w, 640);
    assert_false(sb_saved_page_image_size(&sp, PAGE_URL, &w, &h)); /* the page part */
    sb_saved_page_close(&sp);
    sb_buf_free(&m);

    /* a "complete" folder: the images are files beside the page */
    assert_int_equal(mkdir(file_in(f, "site"), 0755), 0);
    assert_int_equal(mkdir(file_in(f, "site/photo_files"), 0755), 0);
    assert_int_equal(mkdir(file_in(f, "site/img"), 0755), 0);
    write_file(file_in(f, "site/photo_files/ferry.png"), (const char *)png_640x480,
               sizeof png_640x480);
    write_file(file_in(f, "site/photo_files/notes.txt"), "not a picture", 13);
    write_file(file_in(f, "site/img/harbour.jpg"), (const char *)jpeg_1200x675,
               sizeof jpeg_1200x675);
    write_file(file_in(f, "site/photos.html"), photo_page, strlen(photo_page));
    assert_int_equal(sb_saved_page_open(&sp, file_in(f, "site/photos.html"),
                                        (const unsigned char *)photo_page, strlen(photo_page),
                                        err, sizeof err),
                     0);
    render_photos(&sp, NULL, true);
    render_photos(&sp, PAGE_URL, true);
    sb_saved_page_close(&sp);
}

/* ---- WARC -------------------------------------------------------------- */

static void warc_response(sb_buf *out, const char *uri, const char *type, const char *body,
                          size_t len)
{
    sb_buf block = SB_BUF_INIT;
    sb_buf_printf(&block, "HTTP/1.1 200 OK\r\nContent-Type: %s\r\n\r\n", type);
    sb_buf_append(&block, body, len);
    sb_buf_printf(out,
                  "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:%zu>\r\n"
                  "WARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\n"
                  "Content-Length: %zu\r\n\r\n",
                  out->len, uri, block.len);
    sb_buf_append(out, block.data, block.len);
    sb_buf_puts(out, "\r\n\r\n");
    sb_buf_free(&block);
}

static void test_warc_stylesheets(void **state)
{
    fixture *f = *state;
    size_t n;
    char *html = page_linking_site(&n);
    sb_buf w = SB_BUF_INIT;
    /* the page first, its stylesheets after it (as a crawler fetches
     * them), a second copy of site.css that must not win, and an image */
    warc_response(&w, PAGE_URL, "text/html; charset=utf-8", html, n);
    size_t cn;
    char *css = sample("two_column_files/site.css", &cn);
    warc_response(&w, SITE_CSS_URL, "text/css", css, cn);
    free(css);
    css = sample("two_column_files/columns.css", &cn);
    warc_response(&w, COLUMNS_CSS_URL, "text/css; charset=utf-8", css, cn);
    warc_response(&w, SITE_CSS_URL, "text/css", "body{}", 6);
    warc_response(&w, "https://courier.example/logo.png", "image/png", "PNG", 3);
    write_file(file_in(f, "crawl.warc"), w.data, w.len);
    sb_buf_free(&w);

    sb_warc_css *sheets = sb_warc_css_load(file_in(f, "crawl.warc"));
    assert_non_null(sheets);
    assert_int_equal(sb_warc_css_count(sheets), 2);
    size_t got;
    void *copy = sb_warc_css_resource(sheets, COLUMNS_CSS_URL, 1 << 20, &got);
    assert_non_null(copy);
    assert_int_equal(got, cn);
    assert_memory_equal(copy, css, cn);
    free(copy);
    free(css);
    copy = sb_warc_css_resource(sheets, SITE_CSS_URL, 1 << 20, &got);
    assert_non_null(copy);
    assert_true(got > 6); /* the first record of the URL */
    free(copy);
    assert_null(sb_warc_css_resource(sheets, "https://courier.example/logo.png", 1 << 20, &got));
    assert_null(sb_warc_css_resource(sheets, "https://courier.example/static/", 1 << 20, &got));

    /* the pages pass is unchanged: one page, the rest skipped */
    char err[256];
    sb_warc_reader *r = sb_warc_open(file_in(f, "crawl.warc"), 0, err, sizeof err);
    assert_non_null(r);
    sb_warc_record rec = {0};
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_PAGE);
    sb_rnode story, sidebar;
    render_boxes((const char *)rec.body, rec.body_len, sb_warc_css_resource, sheets, rec.target_uri,
                 &story, &sidebar);
    assert_side_by_side(&story, &sidebar);
    render_boxes((const char *)rec.body, rec.body_len, NULL, NULL, rec.target_uri, &story,
                 &sidebar);
    assert_stacked(&story, &sidebar);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    assert_int_equal(sb_warc_get_counts(r)->non_html, 4);
    sb_warc_record_clear(&rec);
    sb_warc_close(r);

    /* references: the last release frees (ASan checks) */
    sb_warc_css_release(sb_warc_css_retain(sheets));
    sb_warc_css_release(sheets);
    free(html);

    /* a WARC without stylesheets gives none */
    sb_buf plain = SB_BUF_INIT;
    warc_response(&plain, PAGE_URL, "text/html", "<p>x</p>", 8);
    write_file(file_in(f, "plain.warc"), plain.data, plain.len);
    sb_buf_free(&plain);
    assert_null(sb_warc_css_load(file_in(f, "plain.warc")));
    assert_null(sb_warc_css_load(file_in(f, "missing.warc")));
}

/* Images stored in the same WARC give the page's images their size, as
 * MHTML parts do; a record whose bytes are no image, and a URL no record
 * has, give none. */
static void test_warc_image_sizes(void **state)
{
    fixture *f = *state;
    sb_buf w = SB_BUF_INIT;
    warc_response(&w, PAGE_URL, "text/html; charset=utf-8", photo_page, strlen(photo_page));
    warc_response(&w, "https://courier.example/news/photo_files/ferry.png", "image/png",
                  (const char *)png_640x480, sizeof png_640x480);
    warc_response(&w, "https://courier.example/img/harbour.jpg?w=1200", "image/jpeg",
                  (const char *)jpeg_1200x675, sizeof jpeg_1200x675);
    /* a later record of the same URL does not win */
    warc_response(&w, "https://courier.example/news/photo_files/ferry.png", "image/png",
                  (const char *)jpeg_1200x675, sizeof jpeg_1200x675);
    warc_response(&w, "https://courier.example/news/photo_files/notes.txt", "image/png",
                  "not a picture", 13);
    write_file(file_in(f, "photos.warc"), w.data, w.len);
    sb_buf_free(&w);

    sb_warc_css *c = sb_warc_css_load(file_in(f, "photos.warc"));
    assert_non_null(c); /* images alone are worth loading */
    assert_int_equal(sb_warc_css_count(c), 0);
    assert_int_equal(sb_warc_css_image_count(c), 2);
    int iw = 0, ih = 0;
    assert_true(sb_warc_css_image_size(c, "https://courier.example/news/photo_files/ferry.png#x",
                                       &iw, &ih));
    assert_int_equal(iw, 640);
    assert_int_equal(ih, 480);
    assert_false(sb_warc_css_image_size(c, "https://courier.example/news/photo_files/notes.txt",
                                        &iw, &ih));
    assert_false(sb_warc_css_image_size(c, "https://courier.example/img/harbour.jpg", &iw, &ih));

    char err[256];
    sb_warc_reader *r = sb_warc_open(file_in(f, "photos.warc"), 0, err, sizeof err);
    assert_non_null(r);
    sb_warc_record rec = {0};
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_PAGE);
    sb_doc *d = sb_doc_parse((const char *)rec.body, rec.body_len);
    assert_non_null(d);
    sb_render_opts o = {0,    0, NULL, rec.target_uri, 0, 0, false, sb_warc_css_resource,
                        c, sb_warc_css_image_size};
    sb_render *rn = sb_render_page(d, &o, NULL, err, sizeof err);
    if (!rn)
        fail_msg("render: %s", err);
    assert_size(rn, d, "png", 640, 480);
    assert_size(rn, d, "scaled", 320, 240);
    assert_size(rn, d, "jpeg", 1200, 675);
    assert_size(rn, d, "missing", 300, 150);
    assert_size(rn, d, "text", 300, 150);
    sb_render_free(rn);
    sb_doc_free(d);
    assert_int_equal(sb_warc_next(r, &rec), SB_WARC_END);
    assert_int_equal(sb_warc_get_counts(r)->non_html, 4); /* page mode skips images */
    sb_warc_record_clear(&rec);
    sb_warc_close(r);
    sb_warc_css_release(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mhtml_parts),
        cmocka_unit_test(test_mhtml_styled_render_and_story),
        cmocka_unit_test(test_mhtml_malformed),
        cmocka_unit_test(test_mhtml_sniff_and_names),
        cmocka_unit_test_setup_teardown(test_complete_page, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_folder_lookup, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_folder_listing_shared, tmpdir_setup,
                                        tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_image_sizes, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_warc_image_sizes, tmpdir_setup, tmpdir_teardown),
        cmocka_unit_test_setup_teardown(test_warc_stylesheets, tmpdir_setup, tmpdir_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
