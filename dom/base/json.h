/* json: a small, defensive JSON reader producing an immutable tree.
 *
 * Inputs are untrusted (JSON-LD embedded in pages) or large (corpus ground
 * truth), so the parser is iterative with an explicit stack and a depth
 * limit, validates UTF-8 (malformed bytes become U+FFFD), and combines
 * surrogate-pair escapes.  Lone surrogates become U+FFFD.
 *
 * Leniency that costs nothing and is common in real pages is always on:
 * trailing commas in arrays and objects, raw control characters (newlines,
 * tabs) inside strings, unknown escapes like \' (taken literally), single-
 * quoted strings, comments (slash-slash and slash-star), CDATA and HTML
 * comment wrappers, a leading BOM, trailing semicolons, and unescaped quotes
 * inside strings (a quote not followed by , : } ] or the end is taken as a
 * literal character).  None of these changes how valid JSON parses.  Numbers
 * follow the JSON grammar.  With SB_JSON_DECODE_ENTITIES, HTML character
 * references in strings (&amp; &quot; &#39; &#x2019; ...) are
 * decoded too: some sites HTML-escape their JSON-LD.
 *
 * The tree is read-only after parsing, so it may be shared between threads.
 * Objects keep their members in source order; sb_json_get returns the LAST
 * member with a given key (as JavaScript does) and is O(log n) for large
 * objects. */
#ifndef SB_JSON_H
#define SB_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef enum sb_jtype {
    SB_JSON_NULL = 0,
    SB_JSON_BOOL,
    SB_JSON_NUMBER,
    SB_JSON_STRING,
    SB_JSON_ARRAY,
    SB_JSON_OBJECT
} sb_jtype;

typedef struct sb_json sb_json;

/* Parse flags. */
#define SB_JSON_DECODE_ENTITIES 1u

/* Maximum nesting of arrays/objects; deeper input is an error. */
#define SB_JSON_MAX_DEPTH 2000

/* Parses text[0..len).  Returns NULL on invalid input and, when err is not
 * NULL, writes a one-line message with line and column into err (err_size
 * bytes, NUL-terminated). */
sb_json *sb_json_parse(const char *text, size_t len, unsigned flags, char *err,
                       size_t err_size);

/* Reads and parses a whole file (NULL + message on I/O or parse error). */
sb_json *sb_json_parse_file(const char *path, unsigned flags, char *err, size_t err_size);

/* Frees a tree returned by sb_json_parse (NULL is fine).  Never call it on a
 * node obtained from an accessor. */
void sb_json_free(sb_json *v);

/* Type of v; a NULL pointer (missing member) reports SB_JSON_NULL. */
sb_jtype sb_json_type(const sb_json *v);

/* Number of elements of an array or members of an object, else 0. */
size_t sb_json_len(const sb_json *v);

/* Array element i, or NULL when v is not an array or i is out of range. */
const sb_json *sb_json_at(const sb_json *v, size_t i);

/* Object member by key (NULL when absent or v is not an object). */
const sb_json *sb_json_get(const sb_json *v, const char *key);

/* Object member i in source order: its key and its value. */
const char *sb_json_key_at(const sb_json *v, size_t i);
const sb_json *sb_json_value_at(const sb_json *v, size_t i);

/* String value (NUL-terminated UTF-8), NULL unless v is a string.  A string
 * may contain U+0000 from a \u0000 escape; sb_json_str_len gives the full
 * byte length. */
const char *sb_json_str(const sb_json *v);
size_t sb_json_str_len(const sb_json *v);

/* Number value, 0.0 unless v is a number. */
double sb_json_num(const sb_json *v);

/* Boolean value, false unless v is true. */
bool sb_json_bool(const sb_json *v);

/* Shorthand for sb_json_str(sb_json_get(obj, key)). */
const char *sb_json_get_str(const sb_json *obj, const char *key);

#endif
