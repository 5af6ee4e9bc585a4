/* libFuzzer harness: the metadata reader (dom/meta.h) with the input as a
 * page's JSON-LD block.  The bytes go inside <script type=application/ld+json>
 * in a page's head; an input that closes the script tag fuzzes the rest of
 * the head (meta, link, title) as well.  Every field must come back NULL or
 * valid UTF-8, trimmed; dates at most SB_DATE_MAX bytes. */
#include "fuzz_check.h"

#include "dom/base/date.h"
#include "dom/doc/doc.h"
#include "dom/doc/meta.h"
#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

static void check_field(const char *s)
{
    if (!s)
        return;
    fuzz_check_utf8(s);
    FUZZ_REQUIRE(s[0] != '\0');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* The page step hands gumbo clean UTF-8 (dom/encoding.h); do the same. */
    char *body = sb_utf8_sanitize_copy((const char *)data, size);
    sb_buf page = SB_BUF_INIT;
    sb_buf_puts(&page, "<!doctype html><html><head><title>Page title</title>"
                       "<script type=\"application/ld+json\">");
    sb_buf_puts(&page, body);
    sb_buf_puts(&page, "</script></head><body><p>Text.</p></body></html>");
    free(body);

    sb_doc *doc = sb_doc_parse(page.data, page.len);
    if (doc) {
        sb_meta m;
        sb_meta_extract(doc, "https://example.com/news/2024/story.html", &m);
        const char *fields[] = {m.title,     m.doc_title,   m.og_title,    m.twitter_title,
                                m.ld_headline, m.ld_type,   m.byline,      m.published,
                                m.modified,  m.site_name,   m.language,    m.description,
                                m.canonical_url, m.base_href};
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
            check_field(fields[i]);
        if (m.published)
            FUZZ_REQUIRE(strlen(m.published) < SB_DATE_MAX);
        if (m.modified)
            FUZZ_REQUIRE(strlen(m.modified) < SB_DATE_MAX);
        for (size_t i = 0; i < m.n_images; i++)
            check_field(m.images[i]);
        sb_meta_free(&m);
        sb_doc_free(doc);
    }
    sb_buf_free(&page);
    return 0;
}
