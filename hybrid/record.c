/* record: the story record's lifecycle (options, free, clear) and its JSON form. */
#include "storybox.h"

#include <stdlib.h>
#include <string.h>

#include "dom/base/geom.h"
#include "dom/base/strbuf.h"
#include "dom/story/structure.h"

void sb_options_init(sb_options *opt)
{
    *opt = (sb_options){0};
    opt->method = "hybrid";
    opt->width = SB_DEFAULT_WIDTH;
    opt->similarity = SB_SIM_OFF;
}

void sb_story_clear(sb_story *s)
{
    if (!s)
        return;
    char **fields[] = {&s->source, &s->warc_record_id, &s->url, &s->title, &s->byline, &s->published,
                       &s->modified, &s->site_name, &s->language, &s->description, &s->standfirst,
                       &s->text, &s->method, &s->error};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        free(*fields[i]);
    sb_image_free(s->lead_image);
    sb_story_images_clear(s);
    sb_structure_free(s->structure);
    memset(s, 0, sizeof *s);
}

void sb_story_free(sb_story *s)
{
    sb_story_clear(s);
    free(s);
}

static void put_key(sb_buf *b, const char *key, bool pretty, bool first)
{
    if (!first)
        sb_buf_putc(b, ',');
    if (pretty)
        sb_buf_puts(b, "\n  ");
    sb_buf_json_string(b, key);
    sb_buf_puts(b, pretty ? ": " : ":");
}

static void put_str(sb_buf *b, const char *key, const char *val, bool pretty, bool first)
{
    put_key(b, key, pretty, first);
    if (val)
        sb_buf_json_string(b, val);
    else
        sb_buf_puts(b, "null");
}

static void put_rect(sb_buf *b, const sb_rect *r)
{
    sb_buf_printf(b, "{\"x\":%d,\"y\":%d,\"w\":%d,\"h\":%d}", r->x, r->y, r->w, r->h);
}

static void put_opt_string(sb_buf *b, const char *key, const char *val)
{
    sb_buf_printf(b, ",\"%s\":", key);
    if (val)
        sb_buf_json_string(b, val);
    else
        sb_buf_puts(b, "null");
}

/* One image object; the lead image has `declared`, story images `credit`. */
static void put_image(sb_buf *b, const sb_image *im, bool lead)
{
    sb_buf_puts(b, "{\"url\":");
    sb_buf_json_string(b, im->url ? im->url : "");
    put_opt_string(b, "caption", im->caption);
    if (!lead)
        put_opt_string(b, "credit", im->credit);
    put_opt_string(b, "alt", im->alt);
    if (lead)
        put_opt_string(b, "declared", im->declared);
    sb_buf_printf(b, ",\"width\":%d,\"height\":%d,\"box\":", im->width, im->height);
    if (im->has_box)
        put_rect(b, &im->box);
    else
        sb_buf_puts(b, "null");
    sb_buf_putc(b, '}');
}

char *sb_story_to_json(const sb_story *s, bool pretty)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_putc(&b, '{');
    put_str(&b, "source", s->source, pretty, true);
    put_str(&b, "warc_record_id", s->warc_record_id, pretty, false);
    put_str(&b, "url", s->url, pretty, false);
    put_str(&b, "title", s->title, pretty, false);
    put_str(&b, "byline", s->byline, pretty, false);
    put_str(&b, "published", s->published, pretty, false);
    put_str(&b, "modified", s->modified, pretty, false);
    put_str(&b, "site_name", s->site_name, pretty, false);
    put_str(&b, "language", s->language, pretty, false);
    put_str(&b, "description", s->description, pretty, false);
    put_str(&b, "standfirst", s->standfirst, pretty, false);
    put_str(&b, "text", s->text ? s->text : "", pretty, false);
    put_key(&b, "lead_image", pretty, false);
    if (s->lead_image)
        put_image(&b, s->lead_image, true);
    else
        sb_buf_puts(&b, "null");
    put_key(&b, "images", pretty, false);
    sb_buf_putc(&b, '[');
    for (size_t i = 0; i < s->n_images; i++) {
        if (i)
            sb_buf_putc(&b, ',');
        put_image(&b, &s->images[i], false);
    }
    sb_buf_putc(&b, ']');
    put_str(&b, "method", s->method, pretty, false);
    put_key(&b, "region", pretty, false);
    if (s->has_region)
        put_rect(&b, &s->region);
    else
        sb_buf_puts(&b, "null");
    put_str(&b, "error", s->error, pretty, false);
    sb_buf_puts(&b, pretty ? "\n}" : "}");
    return sb_buf_steal(&b);
}
