/* encoding.c: byte order marks, the HTML <meta> prescan, the WHATWG label
 * table, and decoders (UTF-8, UTF-16 and windows-1252 by hand, the other
 * legacy encodings through iconv). */
#include "dom/doc/encoding.h"

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Labels (WHATWG Encoding standard, "Encodings" table)                */

typedef struct label_entry {
    const char *label;
    const char *name;
} label_entry;

static const label_entry k_labels[] = {
    {"unicode-1-1-utf-8", "utf-8"}, {"unicode11utf8", "utf-8"},
    {"unicode20utf8", "utf-8"}, {"utf-8", "utf-8"}, {"utf8", "utf-8"},
    {"x-unicode20utf8", "utf-8"},

    {"866", "ibm866"}, {"cp866", "ibm866"}, {"csibm866", "ibm866"},
    {"ibm866", "ibm866"},

    {"csisolatin2", "iso-8859-2"}, {"iso-8859-2", "iso-8859-2"},
    {"iso-ir-101", "iso-8859-2"}, {"iso8859-2", "iso-8859-2"},
    {"iso88592", "iso-8859-2"}, {"iso_8859-2", "iso-8859-2"},
    {"iso_8859-2:1987", "iso-8859-2"}, {"l2", "iso-8859-2"},
    {"latin2", "iso-8859-2"},

    {"csisolatin3", "iso-8859-3"}, {"iso-8859-3", "iso-8859-3"},
    {"iso-ir-109", "iso-8859-3"}, {"iso8859-3", "iso-8859-3"},
    {"iso88593", "iso-8859-3"}, {"iso_8859-3", "iso-8859-3"},
    {"iso_8859-3:1988", "iso-8859-3"}, {"l3", "iso-8859-3"},
    {"latin3", "iso-8859-3"},

    {"csisolatin4", "iso-8859-4"}, {"iso-8859-4", "iso-8859-4"},
    {"iso-ir-110", "iso-8859-4"}, {"iso8859-4", "iso-8859-4"},
    {"iso88594", "iso-8859-4"}, {"iso_8859-4", "iso-8859-4"},
    {"iso_8859-4:1988", "iso-8859-4"}, {"l4", "iso-8859-4"},
    {"latin4", "iso-8859-4"},

    {"csisolatincyrillic", "iso-8859-5"}, {"cyrillic", "iso-8859-5"},
    {"iso-8859-5", "iso-8859-5"}, {"iso-ir-144", "iso-8859-5"},
    {"iso8859-5", "iso-8859-5"}, {"iso88595", "iso-8859-5"},
    {"iso_8859-5", "iso-8859-5"}, {"iso_8859-5:1988", "iso-8859-5"},

    {"arabic", "iso-8859-6"}, {"asmo-708", "iso-8859-6"},
    {"csiso88596e", "iso-8859-6"}, {"csiso88596i", "iso-8859-6"},
    {"csisolatinarabic", "iso-8859-6"}, {"ecma-114", "iso-8859-6"},
    {"iso-8859-6", "iso-8859-6"}, {"iso-8859-6-e", "iso-8859-6"},
    {"iso-8859-6-i", "iso-8859-6"}, {"iso-ir-127", "iso-8859-6"},
    {"iso8859-6", "iso-8859-6"}, {"iso88596", "iso-8859-6"},
    {"iso_8859-6", "iso-8859-6"}, {"iso_8859-6:1987", "iso-8859-6"},

    {"csisolatingreek", "iso-8859-7"}, {"ecma-118", "iso-8859-7"},
    {"elot_928", "iso-8859-7"}, {"greek", "iso-8859-7"},
    {"greek8", "iso-8859-7"}, {"iso-8859-7", "iso-8859-7"},
    {"iso-ir-126", "iso-8859-7"}, {"iso8859-7", "iso-8859-7"},
    {"iso88597", "iso-8859-7"}, {"iso_8859-7", "iso-8859-7"},
    {"iso_8859-7:1987", "iso-8859-7"}, {"sun_eu_greek", "iso-8859-7"},

    {"csiso88598e", "iso-8859-8"}, {"csisolatinhebrew", "iso-8859-8"},
    {"hebrew", "iso-8859-8"}, {"iso-8859-8", "iso-8859-8"},
    {"iso-8859-8-e", "iso-8859-8"}, {"iso-ir-138", "iso-8859-8"},
    {"iso8859-8", "iso-8859-8"}, {"iso88598", "iso-8859-8"},
    {"iso_8859-8", "iso-8859-8"}, {"iso_8859-8:1988", "iso-8859-8"},
    {"visual", "iso-8859-8"},

    {"csiso88598i", "iso-8859-8-i"}, {"iso-8859-8-i", "iso-8859-8-i"},
    {"logical", "iso-8859-8-i"},

    {"csisolatin6", "iso-8859-10"}, {"iso-8859-10", "iso-8859-10"},
    {"iso-ir-157", "iso-8859-10"}, {"iso8859-10", "iso-8859-10"},
    {"iso885910", "iso-8859-10"}, {"l6", "iso-8859-10"},
    {"latin6", "iso-8859-10"},

    {"iso-8859-13", "iso-8859-13"}, {"iso8859-13", "iso-8859-13"},
    {"iso885913", "iso-8859-13"},

    {"iso-8859-14", "iso-8859-14"}, {"iso8859-14", "iso-8859-14"},
    {"iso885914", "iso-8859-14"},

    {"csisolatin9", "iso-8859-15"}, {"iso-8859-15", "iso-8859-15"},
    {"iso8859-15", "iso-8859-15"}, {"iso885915", "iso-8859-15"},
    {"iso_8859-15", "iso-8859-15"}, {"l9", "iso-8859-15"},

    {"iso-8859-16", "iso-8859-16"},

    {"cskoi8r", "koi8-r"}, {"koi", "koi8-r"}, {"koi8", "koi8-r"},
    {"koi8-r", "koi8-r"}, {"koi8_r", "koi8-r"},

    {"koi8-ru", "koi8-u"}, {"koi8-u", "koi8-u"},

    {"csmacintosh", "macintosh"}, {"mac", "macintosh"},
    {"macintosh", "macintosh"}, {"x-mac-roman", "macintosh"},

    {"dos-874", "windows-874"}, {"iso-8859-11", "windows-874"},
    {"iso8859-11", "windows-874"}, {"iso885911", "windows-874"},
    {"tis-620", "windows-874"}, {"windows-874", "windows-874"},

    {"cp1250", "windows-1250"}, {"windows-1250", "windows-1250"},
    {"x-cp1250", "windows-1250"},
    {"cp1251", "windows-1251"}, {"windows-1251", "windows-1251"},
    {"x-cp1251", "windows-1251"},

    {"ansi_x3.4-1968", "windows-1252"}, {"ascii", "windows-1252"},
    {"cp1252", "windows-1252"}, {"cp819", "windows-1252"},
    {"csisolatin1", "windows-1252"}, {"ibm819", "windows-1252"},
    {"iso-8859-1", "windows-1252"}, {"iso-ir-100", "windows-1252"},
    {"iso8859-1", "windows-1252"}, {"iso88591", "windows-1252"},
    {"iso_8859-1", "windows-1252"}, {"iso_8859-1:1987", "windows-1252"},
    {"l1", "windows-1252"}, {"latin1", "windows-1252"},
    {"us-ascii", "windows-1252"}, {"windows-1252", "windows-1252"},
    {"x-cp1252", "windows-1252"},

    {"cp1253", "windows-1253"}, {"windows-1253", "windows-1253"},
    {"x-cp1253", "windows-1253"},

    {"cp1254", "windows-1254"}, {"csisolatin5", "windows-1254"},
    {"iso-8859-9", "windows-1254"}, {"iso-ir-148", "windows-1254"},
    {"iso8859-9", "windows-1254"}, {"iso88599", "windows-1254"},
    {"iso_8859-9", "windows-1254"}, {"iso_8859-9:1989", "windows-1254"},
    {"l5", "windows-1254"}, {"latin5", "windows-1254"},
    {"windows-1254", "windows-1254"}, {"x-cp1254", "windows-1254"},

    {"cp1255", "windows-1255"}, {"windows-1255", "windows-1255"},
    {"x-cp1255", "windows-1255"},
    {"cp1256", "windows-1256"}, {"windows-1256", "windows-1256"},
    {"x-cp1256", "windows-1256"},
    {"cp1257", "windows-1257"}, {"windows-1257", "windows-1257"},
    {"x-cp1257", "windows-1257"},
    {"cp1258", "windows-1258"}, {"windows-1258", "windows-1258"},
    {"x-cp1258", "windows-1258"},

    {"x-mac-cyrillic", "x-mac-cyrillic"}, {"x-mac-ukrainian", "x-mac-cyrillic"},

    {"chinese", "gbk"}, {"csgb2312", "gbk"}, {"csiso58gb231280", "gbk"},
    {"gb2312", "gbk"}, {"gb_2312", "gbk"}, {"gb_2312-80", "gbk"},
    {"gbk", "gbk"}, {"iso-ir-58", "gbk"}, {"x-gbk", "gbk"},
    {"gb18030", "gb18030"},

    {"big5", "big5"}, {"big5-hkscs", "big5"}, {"cn-big5", "big5"},
    {"csbig5", "big5"}, {"x-x-big5", "big5"},

    {"cseucpkdfmtjapanese", "euc-jp"}, {"euc-jp", "euc-jp"},
    {"x-euc-jp", "euc-jp"},
    {"csiso2022jp", "iso-2022-jp"}, {"iso-2022-jp", "iso-2022-jp"},
    {"csshiftjis", "shift_jis"}, {"ms932", "shift_jis"},
    {"ms_kanji", "shift_jis"}, {"shift-jis", "shift_jis"},
    {"shift_jis", "shift_jis"}, {"sjis", "shift_jis"},
    {"windows-31j", "shift_jis"}, {"x-sjis", "shift_jis"},

    {"cseuckr", "euc-kr"}, {"csksc56011987", "euc-kr"},
    {"euc-kr", "euc-kr"}, {"iso-ir-149", "euc-kr"}, {"korean", "euc-kr"},
    {"ks_c_5601-1987", "euc-kr"}, {"ks_c_5601-1989", "euc-kr"},
    {"ksc5601", "euc-kr"}, {"ksc_5601", "euc-kr"}, {"windows-949", "euc-kr"},

    {"csiso2022kr", "replacement"}, {"hz-gb-2312", "replacement"},
    {"iso-2022-cn", "replacement"}, {"iso-2022-cn-ext", "replacement"},
    {"iso-2022-kr", "replacement"}, {"replacement", "replacement"},

    {"unicodefffe", "utf-16be"}, {"utf-16be", "utf-16be"},
    {"csunicode", "utf-16le"}, {"iso-10646-ucs-2", "utf-16le"},
    {"ucs-2", "utf-16le"}, {"unicode", "utf-16le"},
    {"unicodefeff", "utf-16le"}, {"utf-16", "utf-16le"},
    {"utf-16le", "utf-16le"},

    {"x-user-defined", "x-user-defined"},
};

/* iconv names for the encodings not decoded by hand.  The WHATWG decoders
 * are the Microsoft supersets (gbk is gb18030, shift_jis is windows-31j,
 * euc-kr is windows-949, big5 includes HKSCS), so those come first; the
 * second name is for iconv implementations that lack the first. */
typedef struct converter {
    const char *name;
    const char *iconv_name;
    const char *iconv_alt;
} converter;

static const converter k_converters[] = {
    {"ibm866", "IBM866", "CP866"},
    {"iso-8859-2", "ISO-8859-2", NULL},
    {"iso-8859-3", "ISO-8859-3", NULL},
    {"iso-8859-4", "ISO-8859-4", NULL},
    {"iso-8859-5", "ISO-8859-5", NULL},
    {"iso-8859-6", "ISO-8859-6", NULL},
    {"iso-8859-7", "ISO-8859-7", NULL},
    {"iso-8859-8", "ISO-8859-8", NULL},
    {"iso-8859-8-i", "ISO-8859-8", NULL},
    {"iso-8859-10", "ISO-8859-10", NULL},
    {"iso-8859-13", "ISO-8859-13", NULL},
    {"iso-8859-14", "ISO-8859-14", NULL},
    {"iso-8859-15", "ISO-8859-15", NULL},
    {"iso-8859-16", "ISO-8859-16", NULL},
    {"koi8-r", "KOI8-R", NULL},
    {"koi8-u", "KOI8-U", "KOI8-RU"},
    {"macintosh", "MACINTOSH", "MAC"},
    {"windows-874", "WINDOWS-874", "CP874"},
    {"windows-1250", "CP1250", "WINDOWS-1250"},
    {"windows-1251", "CP1251", "WINDOWS-1251"},
    {"windows-1253", "CP1253", "WINDOWS-1253"},
    {"windows-1254", "CP1254", "WINDOWS-1254"},
    {"windows-1255", "CP1255", "WINDOWS-1255"},
    {"windows-1256", "CP1256", "WINDOWS-1256"},
    {"windows-1257", "CP1257", "WINDOWS-1257"},
    {"windows-1258", "CP1258", "WINDOWS-1258"},
    {"x-mac-cyrillic", "MAC-CYRILLIC", "MACCYRILLIC"},
    {"gbk", "GB18030", "GBK"},
    {"gb18030", "GB18030", NULL},
    {"big5", "BIG5-HKSCS", "BIG5"},
    {"euc-jp", "EUC-JP", NULL},
    {"iso-2022-jp", "ISO-2022-JP", NULL},
    {"shift_jis", "WINDOWS-31J", "SHIFT_JIS"},
    {"euc-kr", "CP949", "EUC-KR"},
};

static bool is_space(unsigned c)
{
    return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20;
}

static unsigned to_lower(unsigned c)
{
    return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

static bool is_alpha(unsigned c)
{
    c = to_lower(c);
    return c >= 'a' && c <= 'z';
}

const char *sb_encoding_for_label(const char *label, size_t len)
{
    char key[32];
    if (!label)
        return NULL;
    while (len > 0 && is_space((unsigned char)label[0])) {
        label++;
        len--;
    }
    while (len > 0 && is_space((unsigned char)label[len - 1]))
        len--;
    if (len == 0 || len >= sizeof key)
        return NULL;
    for (size_t i = 0; i < len; i++)
        key[i] = (char)to_lower((unsigned char)label[i]);
    key[len] = '\0';
    for (size_t i = 0; i < sizeof k_labels / sizeof k_labels[0]; i++)
        if (strcmp(k_labels[i].label, key) == 0)
            return k_labels[i].name;
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Prescan (HTML standard, "prescan a byte stream to determine its     */
/* encoding")                                                          */

#define ATTR_NAME_MAX 64
#define ATTR_VALUE_MAX 1024

typedef struct scan {
    const unsigned char *b;
    size_t len;
    size_t pos;
} scan;

/* A bounded string: bytes past the capacity are dropped.  A truncated name
 * can never equal one we look for, and a truncated value only loses what a
 * sane page would not put there. */
typedef struct bstr {
    char *s;
    size_t n, cap;
} bstr;

static void bstr_put(bstr *t, unsigned c)
{
    if (t->n + 1 < t->cap)
        t->s[t->n++] = (char)c;
    t->s[t->n] = '\0';
}

static bool bstr_is(const bstr *t, const char *lit)
{
    return strcmp(t->s, lit) == 0;
}

enum { ATTR_END = -1, ATTR_NONE = 0, ATTR_FOUND = 1 };

/* The standard's "get an attribute".  ATTR_END means the window ran out,
 * which aborts the prescan. */
static int get_attribute(scan *p, bstr *name, bstr *value)
{
    name->n = value->n = 0;
    name->s[0] = value->s[0] = '\0';

    while (p->pos < p->len && (is_space(p->b[p->pos]) || p->b[p->pos] == '/'))
        p->pos++;
    if (p->pos >= p->len)
        return ATTR_END;
    if (p->b[p->pos] == '>')
        return ATTR_NONE;

    /* attribute name */
    for (;;) {
        if (p->pos >= p->len)
            return ATTR_END;
        unsigned c = p->b[p->pos];
        if (c == '=' && name->n > 0) {
            p->pos++;
            goto value;
        }
        if (is_space(c))
            break;
        if (c == '/' || c == '>')
            return ATTR_FOUND;
        bstr_put(name, to_lower(c));
        p->pos++;
    }
    /* spaces between the name and a possible '=' */
    while (p->pos < p->len && is_space(p->b[p->pos]))
        p->pos++;
    if (p->pos >= p->len)
        return ATTR_END;
    if (p->b[p->pos] != '=')
        return ATTR_FOUND;
    p->pos++;

value:
    while (p->pos < p->len && is_space(p->b[p->pos]))
        p->pos++;
    if (p->pos >= p->len)
        return ATTR_END;
    {
        unsigned c = p->b[p->pos];
        if (c == '"' || c == '\'') {
            unsigned quote = c;
            for (;;) {
                p->pos++;
                if (p->pos >= p->len)
                    return ATTR_END;
                c = p->b[p->pos];
                if (c == quote) {
                    p->pos++;
                    return ATTR_FOUND;
                }
                bstr_put(value, to_lower(c));
            }
        }
        if (c == '>')
            return ATTR_FOUND;
    }
    for (;;) {
        if (p->pos >= p->len)
            return ATTR_END;
        unsigned c = p->b[p->pos];
        if (is_space(c) || c == '>')
            return ATTR_FOUND;
        bstr_put(value, to_lower(c));
        p->pos++;
    }
}

/* The standard's "extract a character encoding from a meta element", for
 * content="text/html; charset=...". */
static const char *charset_from_content(const char *s, size_t n)
{
    size_t i = 0;
    for (;;) {
        const char *hit = NULL;
        for (size_t k = i; k + 7 <= n; k++) {
            size_t m = 0;
            while (m < 7 && to_lower((unsigned char)s[k + m]) == (unsigned char)"charset"[m])
                m++;
            if (m == 7) {
                hit = s + k;
                break;
            }
        }
        if (!hit)
            return NULL;
        i = (size_t)(hit - s) + 7;
        while (i < n && is_space((unsigned char)s[i]))
            i++;
        if (i < n && s[i] == '=') {
            i++;
            break;
        }
    }
    while (i < n && is_space((unsigned char)s[i]))
        i++;
    if (i >= n)
        return NULL;
    if (s[i] == '"' || s[i] == '\'') {
        const char *end = memchr(s + i + 1, s[i], n - i - 1);
        if (!end)
            return NULL;
        return sb_encoding_for_label(s + i + 1, (size_t)(end - (s + i + 1)));
    }
    size_t start = i;
    while (i < n && !is_space((unsigned char)s[i]) && s[i] != ';')
        i++;
    return sb_encoding_for_label(s + start, i - start);
}

static bool match_ci(const scan *p, const char *lit)
{
    size_t n = strlen(lit);
    if (p->len - p->pos < n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (to_lower(p->b[p->pos + i]) != (unsigned char)lit[i])
            return false;
    return true;
}

/* Handles one <meta ...>; p->pos is just past "<meta".  Returns the
 * declared encoding or NULL; sets *abort when the window ran out. */
static const char *prescan_meta(scan *p, bool *abort)
{
    char name_store[ATTR_NAME_MAX], value_store[ATTR_VALUE_MAX];
    bstr name = {name_store, 0, sizeof name_store};
    bstr value = {value_store, 0, sizeof value_store};
    bool seen_http_equiv = false, seen_content = false, seen_charset = false;
    bool got_pragma = false;
    int need_pragma = -1; /* -1 unset, 0 false, 1 true */
    const char *charset = NULL;

    for (;;) {
        int r = get_attribute(p, &name, &value);
        if (r == ATTR_END) {
            *abort = true;
            return NULL;
        }
        if (r == ATTR_NONE)
            break;
        if (bstr_is(&name, "http-equiv")) {
            if (seen_http_equiv)
                continue;
            seen_http_equiv = true;
            if (bstr_is(&value, "content-type"))
                got_pragma = true;
        } else if (bstr_is(&name, "content")) {
            if (seen_content)
                continue;
            seen_content = true;
            if (!charset) {
                const char *enc = charset_from_content(value.s, value.n);
                if (enc) {
                    charset = enc;
                    need_pragma = 1;
                }
            }
        } else if (bstr_is(&name, "charset")) {
            if (seen_charset)
                continue;
            seen_charset = true;
            charset = sb_encoding_for_label(value.s, value.n);
            need_pragma = 0;
        }
    }
    if (need_pragma < 0 || (need_pragma == 1 && !got_pragma) || !charset)
        return NULL;
    if (strcmp(charset, "utf-16le") == 0 || strcmp(charset, "utf-16be") == 0)
        return "utf-8";
    if (strcmp(charset, "x-user-defined") == 0)
        return "windows-1252";
    return charset;
}

const char *sb_prescan_meta_charset(const unsigned char *bytes, size_t len)
{
    scan p = {bytes, bytes ? len : 0, 0};
    char name_store[ATTR_NAME_MAX], value_store[ATTR_VALUE_MAX];
    bstr name = {name_store, 0, sizeof name_store};
    bstr value = {value_store, 0, sizeof value_store};

    while (p.pos < p.len) {
        if (match_ci(&p, "<!--")) {
            /* the "--" of "-->" may be the one that opened the comment */
            size_t i = p.pos + 2;
            while (i + 2 < p.len && !(p.b[i] == '-' && p.b[i + 1] == '-' && p.b[i + 2] == '>'))
                i++;
            if (i + 2 >= p.len)
                return NULL;
            p.pos = i + 3;
            continue;
        }
        if (match_ci(&p, "<meta") && p.pos + 5 < p.len &&
            (is_space(p.b[p.pos + 5]) || p.b[p.pos + 5] == '/')) {
            bool abort = false;
            p.pos += 5;
            const char *enc = prescan_meta(&p, &abort);
            if (enc)
                return enc;
            if (abort)
                return NULL;
            p.pos++;
            continue;
        }
        if (p.b[p.pos] == '<' && p.pos + 1 < p.len &&
            (is_alpha(p.b[p.pos + 1]) ||
             (p.b[p.pos + 1] == '/' && p.pos + 2 < p.len && is_alpha(p.b[p.pos + 2])))) {
            while (p.pos < p.len && !is_space(p.b[p.pos]) && p.b[p.pos] != '>')
                p.pos++;
            for (;;) {
                int r = get_attribute(&p, &name, &value);
                if (r == ATTR_END)
                    return NULL;
                if (r == ATTR_NONE)
                    break;
            }
            p.pos++;
            continue;
        }
        if (p.b[p.pos] == '<' && p.pos + 1 < p.len &&
            (p.b[p.pos + 1] == '!' || p.b[p.pos + 1] == '/' || p.b[p.pos + 1] == '?')) {
            const unsigned char *gt = memchr(p.b + p.pos + 1, '>', p.len - p.pos - 1);
            if (!gt)
                return NULL;
            p.pos = (size_t)(gt - p.b) + 1;
            continue;
        }
        p.pos++;
    }
    return NULL;
}

/* <?xml version="1.0" encoding="..."?> at the very start.  Not part of
 * the HTML standard's sniffing, but browsers honour it for XHTML pages
 * saved without a <meta>, and such pages exist. */
static const char *xml_declared_encoding(const unsigned char *b, size_t len)
{
    if (len < 6 || memcmp(b, "<?xml", 5) != 0 || !is_space(b[5]))
        return NULL;
    size_t end = 5;
    while (end + 1 < len && !(b[end] == '?' && b[end + 1] == '>'))
        end++;
    if (end + 1 >= len)
        return NULL;
    for (size_t i = 5; i + 8 <= end; i++) {
        if (memcmp(b + i, "encoding", 8) != 0)
            continue;
        i += 8;
        while (i < end && is_space(b[i]))
            i++;
        if (i >= end || b[i] != '=')
            return NULL;
        i++;
        while (i < end && is_space(b[i]))
            i++;
        if (i >= end || (b[i] != '"' && b[i] != '\''))
            return NULL;
        unsigned char quote = b[i++];
        size_t start = i;
        while (i < end && b[i] != quote)
            i++;
        if (i >= end)
            return NULL;
        const char *enc = sb_encoding_for_label((const char *)b + start, i - start);
        /* The declaration was readable as ASCII, so the bytes are not
         * UTF-16 whatever they claim. */
        if (enc && (strcmp(enc, "utf-16le") == 0 || strcmp(enc, "utf-16be") == 0))
            return "utf-8";
        return enc;
    }
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Decoders                                                            */

static void put_replacement(sb_buf *out)
{
    sb_buf_append(out, "\xEF\xBF\xBD", 3);
}

static void put_codepoint(sb_buf *out, unsigned cp)
{
    char u[4];
    if (cp == 0)
        return;
    if (cp < 0x80) {
        sb_buf_putc(out, (char)cp);
    } else if (cp < 0x800) {
        u[0] = (char)(0xC0 | (cp >> 6));
        u[1] = (char)(0x80 | (cp & 0x3F));
        sb_buf_append(out, u, 2);
    } else if (cp < 0x10000) {
        u[0] = (char)(0xE0 | (cp >> 12));
        u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[2] = (char)(0x80 | (cp & 0x3F));
        sb_buf_append(out, u, 3);
    } else {
        u[0] = (char)(0xF0 | (cp >> 18));
        u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        u[3] = (char)(0x80 | (cp & 0x3F));
        sb_buf_append(out, u, 4);
    }
}

/* UTF-8 with the WHATWG decoder's error handling: one U+FFFD per maximal
 * subpart of an ill-formed sequence.  Counts the well-formed multi-byte
 * sequences too, which tells real UTF-8 from a legacy page.  With out ==
 * NULL it only counts. */
static size_t utf8_decode(sb_buf *out, const unsigned char *s, size_t len, size_t *multibyte)
{
    size_t bad = 0, multi = 0, i = 0, start = 0;
    if (out)
        sb_buf_reserve(out, len);
    while (i < len) {
        /* Eight bytes at a time while they are all ASCII other than NUL
         * (most of a page): no high bit set, no zero byte. */
        while (i + 8 <= len) {
            uint64_t v;
            memcpy(&v, s + i, 8);
            if ((v & 0x8080808080808080ull) ||
                ((v - 0x0101010101010101ull) & ~v & 0x8080808080808080ull))
                break;
            i += 8;
        }
        if (i >= len)
            break;
        unsigned c = s[i];
        if (c >= 0x01 && c < 0x80) {
            i++;
            continue;
        }
        if (out && i > start)
            sb_buf_append(out, (const char *)s + start, i - start);
        if (c == 0) {
            start = ++i;
            continue;
        }
        size_t need;
        unsigned lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            need = 1;
        } else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0)
                lo = 0xA0;
            else if (c == 0xED)
                hi = 0x9F; /* no surrogates */
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0)
                lo = 0x90;
            else if (c == 0xF4)
                hi = 0x8F; /* nothing past U+10FFFF */
        } else {
            if (out)
                put_replacement(out);
            bad++;
            start = ++i;
            continue;
        }
        size_t j = i + 1, k = 0;
        while (k < need && j < len && s[j] >= lo && s[j] <= hi) {
            lo = 0x80;
            hi = 0xBF;
            k++;
            j++;
        }
        if (k == need) {
            if (out)
                sb_buf_append(out, (const char *)s + i, need + 1);
            multi++;
        } else {
            /* the byte that broke the sequence starts the next one */
            if (out)
                put_replacement(out);
            bad++;
        }
        start = i = j;
    }
    if (out && i > start)
        sb_buf_append(out, (const char *)s + start, i - start);
    if (multibyte)
        *multibyte = multi;
    return bad;
}

size_t sb_utf8_sanitize(sb_buf *out, const unsigned char *bytes, size_t len)
{
    return utf8_decode(out, bytes, len, NULL);
}

static void utf16_decode(sb_buf *out, const unsigned char *s, size_t len, bool little)
{
    size_t i = 0;
    sb_buf_reserve(out, len + len / 2);
    while (i + 1 < len) {
        unsigned u = little ? (unsigned)s[i] | (unsigned)s[i + 1] << 8
                            : (unsigned)s[i] << 8 | (unsigned)s[i + 1];
        i += 2;
        if (u >= 0xD800 && u <= 0xDBFF) {
            if (i + 1 < len) {
                unsigned v = little ? (unsigned)s[i] | (unsigned)s[i + 1] << 8
                                    : (unsigned)s[i] << 8 | (unsigned)s[i + 1];
                if (v >= 0xDC00 && v <= 0xDFFF) {
                    put_codepoint(out, 0x10000 + ((u - 0xD800) << 10) + (v - 0xDC00));
                    i += 2;
                    continue;
                }
            }
            put_replacement(out);
        } else if (u >= 0xDC00 && u <= 0xDFFF) {
            put_replacement(out);
        } else {
            put_codepoint(out, u);
        }
    }
    if (i < len)
        put_replacement(out); /* odd trailing byte */
}

/* windows-1252 bytes 0x80..0x9F; the rest of the high half is Latin-1. */
static const unsigned short k_cp1252_c1[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

static void cp1252_decode(sb_buf *out, const unsigned char *s, size_t len)
{
    sb_buf_reserve(out, len + len / 4);
    for (size_t i = 0; i < len; i++) {
        unsigned c = s[i];
        if (c >= 0x80 && c < 0xA0)
            put_codepoint(out, k_cp1252_c1[c - 0x80]);
        else
            put_codepoint(out, c);
    }
}

/* Legacy encodings through iconv.  Unconvertible bytes become U+FFFD and
 * the conversion goes on one byte later, like a WHATWG decoder.  Returns
 * false when iconv does not know the encoding. */
static bool iconv_decode(sb_buf *out, const char *from, const unsigned char *s, size_t len)
{
    iconv_t cd = iconv_open("UTF-8", from);
    if (cd == (iconv_t)-1)
        return false;

    size_t cap = len * 2 + 64, used = 0;
    char *dst = sb_xmalloc(cap);
    char *in = (char *)s;
    size_t in_left = len;
    bool flushing = false;

    for (;;) {
        if (cap - used < 8) {
            cap *= 2;
            dst = sb_xrealloc(dst, cap);
        }
        char *o = dst + used;
        size_t o_left = cap - used;
        size_t r = flushing ? iconv(cd, NULL, NULL, &o, &o_left)
                            : iconv(cd, &in, &in_left, &o, &o_left);
        int e = errno;
        used = (size_t)(o - dst);
        if (r != (size_t)-1) {
            if (flushing)
                break;
            if (in_left == 0)
                flushing = true;
            continue;
        }
        if (e == E2BIG) {
            cap *= 2;
            dst = sb_xrealloc(dst, cap);
            continue;
        }
        if (flushing)
            break; /* nothing sensible left to emit */
        /* EILSEQ, EINVAL (truncated sequence at the end) or anything odd:
         * one replacement character, skip one byte. */
        if (cap - used < 3) {
            cap *= 2;
            dst = sb_xrealloc(dst, cap);
        }
        memcpy(dst + used, "\xEF\xBF\xBD", 3);
        used += 3;
        in++;
        in_left--;
        if (in_left == 0)
            flushing = true;
    }
    iconv_close(cd);
    /* iconv's output is UTF-8 already; the pass drops NULs and guards
     * against a converter that lets something odd through. */
    utf8_decode(out, (const unsigned char *)dst, used, NULL);
    free(dst);
    return true;
}

/* Decodes with a known encoding.  Returns the name actually used. */
static const char *decode_as(sb_buf *out, const char *enc, const unsigned char *s, size_t len)
{
    if (strcmp(enc, "utf-8") == 0) {
        utf8_decode(out, s, len, NULL);
        return "utf-8";
    }
    if (strcmp(enc, "windows-1252") == 0) {
        cp1252_decode(out, s, len);
        return enc;
    }
    if (strcmp(enc, "utf-16le") == 0 || strcmp(enc, "utf-16be") == 0) {
        utf16_decode(out, s, len, strcmp(enc, "utf-16le") == 0);
        return enc;
    }
    if (strcmp(enc, "replacement") == 0) {
        /* The standard blanks these (ISO-2022-KR, HZ...): decoding them as
         * ASCII would open cross-site scripting holes in browsers, and for
         * us the text would be garbage anyway. */
        if (len > 0)
            put_replacement(out);
        return enc;
    }
    if (strcmp(enc, "x-user-defined") == 0) {
        for (size_t i = 0; i < len; i++)
            put_codepoint(out, s[i] < 0x80 ? s[i] : 0xF780u + s[i] - 0x80);
        return enc;
    }
    for (size_t i = 0; i < sizeof k_converters / sizeof k_converters[0]; i++) {
        const converter *c = &k_converters[i];
        if (strcmp(c->name, enc) != 0)
            continue;
        if (iconv_decode(out, c->iconv_name, s, len))
            return enc;
        if (c->iconv_alt && iconv_decode(out, c->iconv_alt, s, len))
            return enc;
        break;
    }
    utf8_decode(out, s, len, NULL);
    return "utf-8";
}

/* Saved pages are often re-encoded to UTF-8 by whatever fetched them,
 * keeping their original <meta charset=gb2312>.  Text in a legacy encoding
 * that is also flawless UTF-8 with several multi-byte characters does not
 * happen by chance (any lone accented windows-1252 letter breaks it), so
 * such bytes are taken for what they are. */
static bool looks_like_utf8(const unsigned char *b, size_t len)
{
    size_t multi = 0;
    return utf8_decode(NULL, b, len, &multi) == 0 && multi >= SB_UTF8_OVERRIDE_MIN;
}

char *sb_decode_html(const void *bytes, size_t len, size_t *out_len,
                     char *encoding, size_t enc_size)
{
    return sb_decode_html_transport(bytes, len, NULL, out_len, encoding, enc_size);
}

char *sb_decode_html_transport(const void *bytes, size_t len, const char *transport_label,
                               size_t *out_len, char *encoding, size_t enc_size)
{
    const unsigned char *b = bytes;
    /* An unknown transport label is ignored, as browsers do. */
    const char *transport =
        transport_label ? sb_encoding_for_label(transport_label, strlen(transport_label)) : NULL;
    sb_buf out = SB_BUF_INIT;
    const char *used;

    if (!b)
        len = 0;
    if (len >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) {
        used = decode_as(&out, "utf-8", b + 3, len - 3);
    } else if (len >= 2 && b[0] == 0xFF && b[1] == 0xFE) {
        used = decode_as(&out, "utf-16le", b + 2, len - 2);
    } else if (len >= 2 && b[0] == 0xFE && b[1] == 0xFF) {
        used = decode_as(&out, "utf-16be", b + 2, len - 2);
    } else {
        size_t window = len < SB_PRESCAN_BYTES ? len : SB_PRESCAN_BYTES;
        /* The HTTP header's charset outranks anything the page says. */
        const char *declared = transport ? transport : sb_prescan_meta_charset(b, window);
        if (!declared)
            declared = xml_declared_encoding(b, window);
        if (declared && strcmp(declared, "utf-8") != 0 && strcmp(declared, "replacement") != 0 &&
            looks_like_utf8(b, len))
            declared = "utf-8";
        if (declared) {
            used = decode_as(&out, declared, b, len);
        } else {
            /* Nothing declared: UTF-8 if the bytes look like it, else the
             * legacy encoding browsers fall back to for Western pages.  A
             * real UTF-8 page with a few damaged bytes still has far more
             * good multi-byte sequences than bad ones. */
            size_t multi = 0;
            size_t bad = utf8_decode(&out, b, len, &multi);
            used = "utf-8";
            if (bad > 0 && multi < bad) {
                sb_buf_clear(&out);
                used = decode_as(&out, "windows-1252", b, len);
            }
        }
    }

    /* reserving without appending leaves the buffer unterminated */
    sb_buf_reserve(&out, 0);
    out.data[out.len] = '\0';
    if (encoding && enc_size > 0)
        snprintf(encoding, enc_size, "%s", used);
    if (out_len)
        *out_len = out.len;
    return sb_buf_steal(&out);
}
