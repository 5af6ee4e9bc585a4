#include "fonts/fonts.h"
#include "dom/base/fileio.h"
#include "dom/base/page_heap.h"
#include "dom/base/strbuf.h"

#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include <hb-ft.h>
#include <hb.h>
#include <hb-ot.h>

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* The font files the project installs (scripts/bootstrap.sh:
 * fonts-liberation2, fonts-dejavu-core), and only those: the machine's own
 * fontconfig configuration may know other faces (fonts-urw-base35 maps
 * Helvetica and Arial to Nimbus Sans), and then the same page would give
 * other widths, boxes and stories on another machine. */
static const char *const font_dirs[] = {
    "/usr/share/fonts/truetype/liberation2",
    "/usr/share/fonts/truetype/dejavu",
};

/* Our own aliases, in fontconfig's configuration language.  They give the
 * resolutions the stock Debian 12 configuration gave with only these faces
 * installed (checked on every family list of both corpora), so no layout
 * changed when the private configuration came in.  In the order fontconfig
 * applies them:
 *  1. a metric clone names its generic family, in its place
 *     (30-metric-aliases.conf: Liberation Sans -> Arial, Nimbus Sans ->
 *     Helvetica...);
 *  2. each generic family appends its twin as a weak fallback at the end of
 *     the list (Helvetica -> Arial, Arial -> Helvetica);
 *  3. the Microsoft names accept their clones in their own place (Arial ->
 *     Liberation Sans).  So "Arial, serif" is Liberation Sans, while
 *     "Helvetica, serif" is the serif face: Helvetica reaches Liberation
 *     only through the weak fallback behind serif, as in stock fontconfig;
 *  4. common web families append their generic family (45-latin.conf);
 *  5. Bitstream Vera names are DejaVu (57-dejavu-*.conf);
 *  6. the generic families prefer DejaVu, then Liberation (60-latin.conf);
 * before all of them, fonts.conf's alternative spellings of the generic
 * names (sans, mono...). 
 * A family nobody knows matches nothing, and the caller always ends the
 * list with serif.  Aliases without binding="same" are weak: they rank
 * below every family the page named, as in stock fontconfig. */
#define SPELLING(alt, name)                                                                \
    "<match target=\"pattern\"><test qual=\"any\" name=\"family\"><string>" alt            \
    "</string></test><edit name=\"family\" mode=\"assign\" binding=\"same\"><string>" name   \
    "</string></edit></match>\n"
#define CLONE_OF(clone, generic)                                                           \
    "<alias binding=\"same\"><family>" clone "</family><default><family>" generic          \
    "</family></default></alias>\n"
#define TWIN(generic, twin)                                                                \
    "<alias><family>" generic "</family><default><family>" twin                           \
    "</family></default></alias>\n"
#define ACCEPT(name, face)                                                                 \
    "<alias binding=\"same\"><family>" name "</family><accept><family>" face               \
    "</family></accept></alias>\n"
#define KIND(name, generic)                                                                \
    "<alias><family>" name "</family><default><family>" generic "</family></default></alias>\n"
#define PREFER(generic, first, second)                                                     \
    "<alias><family>" generic "</family><prefer><family>" first "</family><family>" second \
    "</family></prefer></alias>\n"
static const char private_fonts_conf[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">\n"
    "<fontconfig>\n"
    SPELLING("mono", "monospace") SPELLING("sans serif", "sans-serif")
    SPELLING("sans", "sans-serif") SPELLING("system ui", "system-ui")
    CLONE_OF("Nimbus Sans L", "Helvetica") CLONE_OF("Nimbus Sans", "Helvetica")
    CLONE_OF("TeX Gyre Heros", "Helvetica") CLONE_OF("Nimbus Roman No9 L", "Times")
    CLONE_OF("Nimbus Roman", "Times") CLONE_OF("TeX Gyre Termes", "Times")
    CLONE_OF("Nimbus Mono L", "Courier") CLONE_OF("Nimbus Mono", "Courier")
    CLONE_OF("Nimbus Mono PS", "Courier") CLONE_OF("TeX Gyre Cursor", "Courier")
    CLONE_OF("Arimo", "Arial") CLONE_OF("Liberation Sans", "Arial") CLONE_OF("Albany", "Arial")
    CLONE_OF("Albany AMT", "Arial") CLONE_OF("Tinos", "Times New Roman")
    CLONE_OF("Liberation Serif", "Times New Roman") CLONE_OF("Thorndale", "Times New Roman")
    CLONE_OF("Thorndale AMT", "Times New Roman") CLONE_OF("Cousine", "Courier New")
    CLONE_OF("Liberation Mono", "Courier New") CLONE_OF("Cumberland", "Courier New")
    CLONE_OF("Cumberland AMT", "Courier New")
    TWIN("Helvetica", "Arial") TWIN("Times", "Times New Roman") TWIN("Courier", "Courier New")
    TWIN("Arial", "Helvetica") TWIN("Times New Roman", "Times") TWIN("Courier New", "Courier")
    ACCEPT("Courier Std", "Courier")
    ACCEPT("Arial", "Arimo</family><family>Liberation Sans</family><family>Albany")
    ACCEPT("Times New Roman", "Tinos</family><family>Liberation Serif</family><family>Thorndale")
    ACCEPT("Courier New", "Cousine</family><family>Liberation Mono</family><family>Cumberland")
    KIND("Georgia", "serif") KIND("Cambria", "serif") KIND("Palatino", "serif")
    KIND("Palatino Linotype", "serif") KIND("Book Antiqua", "serif") KIND("Garamond", "serif")
    KIND("Verdana", "sans-serif") KIND("Tahoma", "sans-serif") KIND("Trebuchet MS", "sans-serif")
    KIND("Calibri", "sans-serif") KIND("Segoe UI", "sans-serif") KIND("Helvetica Neue", "sans-serif")
    KIND("Lucida Grande", "sans-serif") KIND("Lucida Sans Unicode", "sans-serif")
    KIND("Arial Black", "sans-serif") KIND("Impact", "sans-serif") KIND("Roboto", "sans-serif")
    KIND("Open Sans", "sans-serif") KIND("Consolas", "monospace") KIND("Lucida Console", "monospace")
    KIND("Menlo", "monospace") KIND("Monaco", "monospace")
    ACCEPT("Bitstream Vera Sans", "DejaVu Sans") ACCEPT("Bitstream Vera Serif", "DejaVu Serif")
    ACCEPT("Bitstream Vera Sans Mono", "DejaVu Sans Mono")
    PREFER("serif", "DejaVu Serif", "Liberation Serif")
    PREFER("sans-serif", "DejaVu Sans", "Liberation Sans")
    PREFER("monospace", "DejaVu Sans Mono", "Liberation Mono")
    "</fontconfig>\n";
#undef SPELLING
#undef CLONE_OF
#undef TWIN
#undef ACCEPT
#undef KIND
#undef PREFER

/* The private configuration is built once per process and only read
 * afterwards.  pthread_once makes the one-time initialisation thread-safe;
 * fontconfig's query functions are safe to call concurrently on a
 * configuration nobody modifies.  This is the library's only process-wide
 * state and it is immutable after initialisation.  Every fontconfig call
 * below names this configuration, so the machine's default one is never
 * loaded. */
static pthread_once_t fc_once = PTHREAD_ONCE_INIT;
static FcConfig *fc_config;

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Adds the font files of one directory, in name order.  File by file
 * rather than FcConfigAppFontAddDir, which would look for (and complain
 * about the lack of) a writable cache directory. */
static size_t add_font_files(FcConfig *config, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char **names = NULL;
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len > 4 && (strcasecmp(e->d_name + len - 4, ".ttf") == 0 ||
                        strcasecmp(e->d_name + len - 4, ".otf") == 0)) {
            names = sb_xrealloc(names, (n + 1) * sizeof *names);
            names[n++] = sb_xstrdup(e->d_name);
        }
    }
    closedir(d);
    qsort(names, n, sizeof *names, compare_names);
    size_t added = 0;
    for (size_t i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        if (FcConfigAppFontAddFile(config, (const FcChar8 *)path))
            added++;
        free(names[i]);
    }
    free(names);
    return added;
}

static void fc_init_once(void)
{
    FcConfig *config = FcConfigCreate();
    if (!config)
        return;
    if (!FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)private_fonts_conf, FcTrue)) {
        FcConfigDestroy(config);
        return;
    }
    size_t added = 0;
    for (size_t i = 0; i < sizeof font_dirs / sizeof *font_dirs; i++)
        added += add_font_files(config, font_dirs[i]);
    if (!added) {
        FcConfigDestroy(config);
        return;
    }
    fc_config = config;
}

/* A font file in memory once per context and shared by every size of
 * every face in it: mapped read-only when the system lets us (mapped is
 * true; munmap frees it), else read into the heap.  Mapped, only the
 * pages FreeType and HarfBuzz touch are resident (the tables and the
 * glyphs a page uses), and they are the page cache's, shared by every
 * process; read, the whole file was resident, in a buffer grown by
 * doubling to the next power of two (five 330-380 KB DejaVu files took
 * 2.6 MB of heap; docs/render_cost.md, fifteenth round, task h1b).
 * The files are the system's installed fonts (above): a file truncated
 * while mapped would fault on the pages past its new end, as it would
 * for every other program that maps them. */
typedef struct font_file {
    char *path;
    unsigned char *data;
    size_t len;
    bool mapped;
} font_file;

/* Result of one family request: which file and face index to use. */
typedef struct font_match {
    char *key;            /* "families\x1fweight\x1fitalic" */
    int file;             /* index into files, -1 when nothing matched */
    int index;
    char *family;
} font_match;

struct sb_font {
    sb_fonts *ctx;
    int file;
    int index;
    int size;
    FT_Face face;
    hb_font_t *hb;
    sb_font_metrics metrics;
    const char *family;   /* owned by the match entry */
    struct plain_widths *plain; /* NULL until a plain word is measured */
    struct face_share *share;   /* NULL until a pair is measured */
};

struct plain_widths;
static void plain_free(struct plain_widths *a);
struct face_share;
static void face_share_free(struct face_share *s);

typedef struct width_entry {
    uint64_t hash;        /* 0 = empty slot */
    const sb_font *font;
    const char *text; /* in a text_chunk */
    size_t len;
    int width;
} width_entry;

struct sb_fonts {
    FT_Library ft;
    font_file *files;
    size_t n_files;
    font_match *matches;
    size_t n_matches;
    sb_font **fonts;
    size_t n_fonts;
    hb_buffer_t *buf;
    width_entry *widths;
    struct text_chunk *texts; /* the cached words' bytes (keep_text) */
    size_t width_cap;         /* power of two */
    size_t width_used;
    struct face_share **shares; /* per face (file, index): pairs' shared facts */
    size_t n_shares;
    size_t hits, misses;
    size_t plain; /* words measured by plain_advance's arithmetic */
    bool check; /* SB_FONTS_CHECK set: plain words are shaped too (measure) */
};

/* Bounded so that a context reused for thousands of pages does not grow
 * without limit; when full, the cache starts over.  At this size the table
 * and its words take about 14 MB; a large page has some 30,000 distinct
 * words (per face), news pages a few thousand. */
#define WIDTH_CACHE_MAX (1u << 17)

/* A thread's context (sb_fonts_thread) is replaced when it holds more
 * sized faces or family requests than this: both lists are searched
 * linearly and a face costs its FreeType and HarfBuzz objects.  A news
 * page uses a few dozen of each. */
#define THREAD_MAX_FONTS 256
#define THREAD_MAX_MATCHES 1024

/* Longest run of code points shaped in one HarfBuzz call, and how far back
 * from it a cut before a base character is looked for. */
#define SB_SHAPE_MAX_CHARS 1000
#define SB_SHAPE_BACKOFF_CHARS 32

sb_fonts *sb_fonts_new(void)
{
    pthread_once(&fc_once, fc_init_once);
    if (!fc_config)
        return NULL;
    sb_fonts *fc = sb_xcalloc(1, sizeof *fc);
    if (FT_Init_FreeType(&fc->ft)) {
        free(fc);
        return NULL;
    }
    fc->buf = hb_buffer_create();
    fc->width_cap = 4096;
    const char *check = getenv("SB_FONTS_CHECK");
    fc->check = check && *check && strcmp(check, "0") != 0;
    fc->widths = sb_xcalloc(fc->width_cap, sizeof *fc->widths);
    return fc;
}

/* Each thread's context, freed by the key's destructor at thread exit. */
static pthread_once_t thread_key_once = PTHREAD_ONCE_INIT;
static pthread_key_t thread_key;
static bool thread_key_ok;

static void free_thread_fonts(void *fc)
{
    sb_fonts_free(fc);
}

static void make_thread_key(void)
{
    thread_key_ok = pthread_key_create(&thread_key, free_thread_fonts) == 0;
}

sb_fonts *sb_fonts_thread(void)
{
    pthread_once(&thread_key_once, make_thread_key);
    if (!thread_key_ok)
        return NULL;
    sb_fonts *fc = pthread_getspecific(thread_key);
    if (fc && (fc->n_fonts > THREAD_MAX_FONTS || fc->n_matches > THREAD_MAX_MATCHES)) {
        sb_fonts_free(fc);
        fc = NULL;
        pthread_setspecific(thread_key, NULL);
    }
    if (!fc) {
        void *saved = sb_page_heap_keep_begin(); /* the thread's: outlives a page */
        fc = sb_fonts_new();
        sb_page_heap_keep_end(saved);
        if (fc && pthread_setspecific(thread_key, fc) != 0) {
            sb_fonts_free(fc);
            fc = NULL;
        }
    }
    return fc;
}

/* The words of the width cache are copied into chunks of TEXT_CHUNK
 * bytes, freed together when the cache starts over, rather than one
 * allocation each: a page measures a few hundred to some thousands of new
 * words, each a malloc and, on clearing, a free (5,700 of the 679,000
 * allocations of hybrid over the 11 trafilatura pages of
 * docs/render_cost.md's twelfth round).  A word longer than a quarter of a
 * chunk gets a chunk of its own, kept behind the one being filled so that
 * the latter's room is not given up. */
#define TEXT_CHUNK 65536
typedef struct text_chunk {
    struct text_chunk *next;
    size_t used, cap;
    char data[];
} text_chunk;

static char *keep_text(sb_fonts *fc, const char *s, size_t n)
{
    text_chunk *c = fc->texts;
    if (n + 1 > TEXT_CHUNK / 4) {
        c = sb_xmalloc(sizeof *c + n + 1);
        c->used = c->cap = n + 1;
        if (fc->texts) {
            c->next = fc->texts->next;
            fc->texts->next = c;
        } else {
            c->next = NULL;
            fc->texts = c;
        }
        memcpy(c->data, s, n);
        c->data[n] = '\0';
        return c->data;
    }
    if (!c || c->cap - c->used < n + 1) {
        c = sb_xmalloc(sizeof *c + TEXT_CHUNK);
        c->next = fc->texts;
        c->used = 0;
        c->cap = TEXT_CHUNK;
        fc->texts = c;
    }
    char *p = c->data + c->used;
    memcpy(p, s, n);
    p[n] = '\0';
    c->used += n + 1;
    return p;
}

static void clear_widths(sb_fonts *fc)
{
    while (fc->texts) {
        text_chunk *next = fc->texts->next;
        free(fc->texts);
        fc->texts = next;
    }
    memset(fc->widths, 0, fc->width_cap * sizeof *fc->widths);
    fc->width_used = 0;
}

void sb_fonts_free(sb_fonts *fc)
{
    if (!fc)
        return;
    clear_widths(fc);
    free(fc->widths);
    /* Before the fonts: a face's unit font uses the first font's face. */
    for (size_t i = 0; i < fc->n_shares; i++)
        face_share_free(fc->shares[i]);
    free(fc->shares);
    for (size_t i = 0; i < fc->n_fonts; i++) {
        plain_free(fc->fonts[i]->plain);
        hb_font_destroy(fc->fonts[i]->hb);
        FT_Done_Face(fc->fonts[i]->face);
        free(fc->fonts[i]);
    }
    free(fc->fonts);
    for (size_t i = 0; i < fc->n_matches; i++) {
        free(fc->matches[i].key);
        free(fc->matches[i].family);
    }
    free(fc->matches);
    for (size_t i = 0; i < fc->n_files; i++) {
        free(fc->files[i].path);
        if (fc->files[i].mapped)
            munmap(fc->files[i].data, fc->files[i].len);
        else
            free(fc->files[i].data);
    }
    free(fc->files);
    hb_buffer_destroy(fc->buf);
    FT_Done_FreeType(fc->ft);
    free(fc);
}

static int file_index(sb_fonts *fc, const char *path)
{
    for (size_t i = 0; i < fc->n_files; i++)
        if (strcmp(fc->files[i].path, path) == 0)
            return (int)i;
    unsigned char *data = NULL;
    size_t len = 0;
    bool mapped = false;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
            (uintmax_t)st.st_size <= SIZE_MAX) {
            void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
            if (m != MAP_FAILED) {
                data = m;
                len = (size_t)st.st_size;
                mapped = true;
            }
        }
        close(fd);
    }
    if (!mapped) {
        sb_buf b = SB_BUF_INIT;
        sb_read_file(path, 0, &b);
        if (!b.len) {
            sb_buf_free(&b);
            return -1;
        }
        len = b.len;
        data = (unsigned char *)sb_buf_steal(&b);
    }
    fc->files = sb_xrealloc(fc->files, (fc->n_files + 1) * sizeof *fc->files);
    font_file *ff = &fc->files[fc->n_files];
    ff->path = sb_xstrdup(path);
    ff->len = len;
    ff->data = data;
    ff->mapped = mapped;
    return (int)fc->n_files++;
}

/* Splits a CSS family list into fontconfig family names: commas separate,
 * quotes and surrounding blanks go.  CSS generic names map to fontconfig's
 * generic aliases. */
static void add_families(FcPattern *pat, const char *list)
{
    const char *p = list ? list : "";
    int added = 0;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\n' || *p == ',' || *p == '\r')
            p++;
        if (!*p)
            break;
        char name[256];
        size_t n = 0;
        if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q) {
                if (n + 1 < sizeof name)
                    name[n++] = *p;
                p++;
            }
            if (*p == q)
                p++;
            while (*p && *p != ',')
                p++;
        } else {
            while (*p && *p != ',') {
                if (n + 1 < sizeof name)
                    name[n++] = *p;
                p++;
            }
            while (n && (name[n - 1] == ' ' || name[n - 1] == '\t' || name[n - 1] == '\n' ||
                         name[n - 1] == '\r'))
                n--;
        }
        name[n] = 0;
        if (!n)
            continue;
        const char *fam = name;
        if (strcasecmp(name, "sans-serif") == 0 || strcasecmp(name, "system-ui") == 0 ||
            strcasecmp(name, "-apple-system") == 0 || strcasecmp(name, "ui-sans-serif") == 0)
            fam = "sans-serif";
        else if (strcasecmp(name, "serif") == 0 || strcasecmp(name, "ui-serif") == 0)
            fam = "serif";
        else if (strcasecmp(name, "monospace") == 0 || strcasecmp(name, "ui-monospace") == 0)
            fam = "monospace";
        else if (strcasecmp(name, "cursive") == 0 || strcasecmp(name, "fantasy") == 0)
            fam = "serif";
        FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)fam);
        if (++added >= 16)
            break;
    }
    /* Browsers fall back to a serif default when no family matches. */
    FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)"serif");
}

static font_match *find_match(sb_fonts *fc, const char *families, int weight, bool italic)
{
    sb_buf key = SB_BUF_INIT;
    sb_buf_printf(&key, "%s\x1f%d\x1f%d", families ? families : "", weight, italic ? 1 : 0);
    for (size_t i = 0; i < fc->n_matches; i++)
        if (strcmp(fc->matches[i].key, key.data) == 0) {
            sb_buf_free(&key);
            return &fc->matches[i];
        }

    font_match m = {sb_buf_steal(&key), -1, 0, NULL};
    FcPattern *pat = FcPatternCreate();
    add_families(pat, families);
    if (weight < 1)
        weight = 400;
    if (weight > 1000)
        weight = 1000;
    FcPatternAddInteger(pat, FC_WEIGHT, FcWeightFromOpenType(weight));
    FcPatternAddInteger(pat, FC_SLANT, italic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN);
    FcPatternAddBool(pat, FC_SCALABLE, FcTrue);
    /* Otherwise FcDefaultSubstitute takes the language from the locale
     * (LANG), and faces are ranked by their coverage of it. */
    FcPatternAddString(pat, FC_LANG, (const FcChar8 *)"en");
    FcConfigSubstitute(fc_config, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult res;
    FcPattern *best = FcFontMatch(fc_config, pat, &res);
    if (best) {
        FcChar8 *file = NULL, *fam = NULL;
        int idx = 0;
        if (FcPatternGetString(best, FC_FILE, 0, &file) == FcResultMatch) {
            FcPatternGetInteger(best, FC_INDEX, 0, &idx);
            m.file = file_index(fc, (const char *)file);
            m.index = idx;
        }
        if (FcPatternGetString(best, FC_FAMILY, 0, &fam) == FcResultMatch)
            m.family = sb_xstrdup((const char *)fam);
        FcPatternDestroy(best);
    }
    FcPatternDestroy(pat);
    if (!m.family)
        m.family = sb_xstrdup("");
    fc->matches = sb_xrealloc(fc->matches, (fc->n_matches + 1) * sizeof *fc->matches);
    fc->matches[fc->n_matches] = m;
    return &fc->matches[fc->n_matches++];
}

static int ceil26_6(long v)
{
    return (int)((v + 63) >> 6);
}

static sb_font *open_font(sb_fonts *fc, const font_match *m, int size)
{
    const font_file *ff = &fc->files[m->file];
    FT_Face face;
    if (FT_New_Memory_Face(fc->ft, ff->data, (FT_Long)ff->len, m->index, &face))
        return NULL;
    if (FT_Set_Pixel_Sizes(face, 0, (FT_UInt)size)) {
        FT_Done_Face(face);
        return NULL;
    }
    sb_font *f = sb_xcalloc(1, sizeof *f);
    f->ctx = fc;
    f->file = m->file;
    f->index = m->index;
    f->size = size;
    f->face = face;
    f->family = m->family;
    f->hb = hb_ft_font_create_referenced(face);
    /* Unhinted advances: widths then scale linearly with size and do not
     * depend on the hinting configuration of the machine. */
    hb_ft_font_set_load_flags(f->hb, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP);

    const FT_Size_Metrics *sm = &face->size->metrics;
    f->metrics.ascent = ceil26_6(sm->ascender);
    f->metrics.descent = ceil26_6(-sm->descender);
    f->metrics.height = ceil26_6(sm->height);
    if (f->metrics.height < f->metrics.ascent + f->metrics.descent)
        f->metrics.height = f->metrics.ascent + f->metrics.descent;
    TT_OS2 *os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
    if (os2 && os2->version >= 2 && os2->sxHeight > 0 && face->units_per_EM)
        f->metrics.x_height = (int)((long)os2->sxHeight * size / face->units_per_EM);
    else
        f->metrics.x_height = size / 2;
    return f;
}

static sb_font *fonts_get(sb_fonts *fc, const char *families, int weight, bool italic,
                          int size_px)
{
    if (!fc)
        return NULL;
    if (size_px < 1)
        size_px = 1;
    if (size_px > 2000)
        size_px = 2000;
    const font_match *m = find_match(fc, families, weight, italic);
    if (m->file < 0)
        return NULL;
    for (size_t i = 0; i < fc->n_fonts; i++) {
        sb_font *f = fc->fonts[i];
        if (f->file == m->file && f->index == m->index && f->size == size_px)
            return f;
    }
    sb_font *f = open_font(fc, m, size_px);
    if (!f)
        return NULL;
    fc->fonts = sb_xrealloc(fc->fonts, (fc->n_fonts + 1) * sizeof *fc->fonts);
    fc->fonts[fc->n_fonts++] = f;
    return f;
}

/* What a context learns (matches, faces, widths) outlives the page that
 * asked: allocated on the thread's own heap (dom/base/page_heap.h). */
sb_font *sb_fonts_get(sb_fonts *fc, const char *families, int weight, bool italic, int size_px)
{
    void *saved = sb_page_heap_keep_begin();
    sb_font *f = fonts_get(fc, families, weight, italic, size_px);
    sb_page_heap_keep_end(saved);
    return f;
}

static uint64_t hash_text(const sb_font *f, const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL ^ (uint64_t)(uintptr_t)f;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h ? h : 1;
}

/* Code point at s[i] (for the width of glyphs the face lacks). */
static unsigned decode_at(const char *s, size_t n, size_t i)
{
    const unsigned char *u = (const unsigned char *)s;
    unsigned c = u[i];
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    if (extra) {
        c &= 0x3F >> extra;
        for (int k = 1; k <= extra && i + (size_t)k < n; k++)
            c = (c << 6) | (u[i + (size_t)k] & 0x3F);
    }
    return c;
}

/* East Asian scripts are full-width; a face without them would otherwise
 * give their characters the .notdef advance. */
static bool is_wide(unsigned c)
{
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) ||
           (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
           (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

/* Shapes s with the context's buffer, which then holds the glyphs; as
 * Latin left to right when `latin`, else with the guessed script.  The
 * language is guessed either way, as for words. */
static hb_buffer_t *shape_into_buffer(sb_font *f, const char *s, size_t n, bool latin)
{
    hb_buffer_t *buf = f->ctx->buf;
    hb_buffer_clear_contents(buf);
    hb_buffer_add_utf8(buf, s, (int)n, 0, (int)n);
    if (latin) {
        hb_buffer_set_script(buf, HB_SCRIPT_LATIN);
        hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
    }
    hb_buffer_guess_segment_properties(buf);
    hb_shape(f->hb, buf, NULL, 0);
    return buf;
}

/* Advance of one shaping call, 26.6 px. */
static long shape_advance(sb_font *f, const char *s, size_t n)
{
    hb_buffer_t *buf = shape_into_buffer(f, s, n, false);
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buf, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &count);
    long total = 0;
    for (unsigned i = 0; i < count; i++) {
        if (info[i].codepoint == 0 && info[i].cluster < n) {
            unsigned c = decode_at(s, n, info[i].cluster);
            total += (long)f->size * (is_wide(c) ? 64 : 38);
        } else {
            total += pos[i].x_advance;
        }
    }
    return total;
}

/* A code point that attaches to the one before it: cutting the text just
 * before it would separate it from its base. */
static bool joins_previous(unsigned c)
{
    if (c == 0x200C || c == 0x200D || (c >= 0xFE00 && c <= 0xFE0F) ||
        (c >= 0xE0100 && c <= 0xE01EF))
        return true;
    hb_unicode_general_category_t cat =
        hb_unicode_general_category(hb_unicode_funcs_get_default(), c);
    return cat == HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK ||
           cat == HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK ||
           cat == HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK;
}

static size_t utf8_next(const char *s, size_t n, size_t i)
{
    i++;
    while (i < n && ((unsigned char)s[i] & 0xC0) == 0x80)
        i++;
    return i;
}

/* Byte length of the next piece to shape: the whole rest when it has at
 * most SB_SHAPE_MAX_CHARS code points, else a prefix of at most that many
 * that ends before a base character (backing off at most
 * SB_SHAPE_BACKOFF_CHARS), or exactly that many inside a longer run of
 * combining marks, which has no safe cut at all. */
static size_t shape_piece(const char *s, size_t n)
{
    size_t i = 0, chars = 0;
    while (i < n && chars < SB_SHAPE_MAX_CHARS) {
        i = utf8_next(s, n, i);
        chars++;
    }
    if (i >= n)
        return n;
    size_t cut = i;
    /* Candidate cut points from the limit backwards. */
    size_t starts[SB_SHAPE_BACKOFF_CHARS];
    size_t k = 0;
    for (size_t j = i; j > 0 && k < SB_SHAPE_BACKOFF_CHARS;) {
        do
            j--;
        while (j > 0 && ((unsigned char)s[j] & 0xC0) == 0x80);
        starts[k++] = j;
    }
    /* starts[0] is the last code point of the piece; the cut before the
     * code point at cut is safe when that one does not join its base. */
    for (size_t m = 0; m <= k; m++) {
        size_t at = m == 0 ? cut : starts[m - 1];
        if (at == 0)
            break;
        if (!joins_previous(decode_at(s, n, at)))
            return at;
    }
    return cut;
}

/* ---- plain words from per-character and per-pair advances ---------------
 * Most words of a news page are printable ASCII with a Latin letter, and
 * shaping each distinct one (about 12,000 instructions of HarfBuzz) was
 * the largest part of measuring text.  With the project's faces (DejaVu,
 * Liberation) such a word shapes to one glyph per character, and its
 * advance is the sum of the characters' own advances plus, for each pair
 * of neighbours, what shaping the pair adds (kerning).  So a font keeps
 * the advance of each character and the adjustment of each pair it has
 * met, each found by shaping one or two characters once, as Latin (the
 * script HarfBuzz guesses for a word with a Latin letter).  A character
 * that does not shape alone to one glyph of its own (a face without it,
 * which HarfBuzz decomposes into a base and a mark) and a pair that
 * shapes to anything but its two characters' own glyphs (a ligature)
 * are marked, and a word containing one is shaped whole, as before; so
 * is any other word (test_fonts checks both ways agree on the words of
 * the sample pages and all faces; SB_FONTS_CHECK=1 checks every word a
 * run measures this way).
 *
 * The characters measured this way: printable ASCII; Latin-1 and Latin
 * Extended-A (U+00A0 to U+017F: the accented letters of the Western and
 * Central European languages, which have no combining marks, and their
 * script is Latin or Common), less the soft hyphen U+00AD (a default
 * ignorable: HarfBuzz hides it and kerns its neighbours across it, so its
 * pairs are not what its word adds); and the typographic punctuation of
 * running text (dashes, quotes, bullet, ellipsis, U+2013 to U+2026, script
 * Common).  A word needs a Latin letter among them (ASCII or U+00C0 to
 * U+017F less the signs U+00D7 and U+00F7) so that HarfBuzz guesses Latin
 * for the whole word as for its pieces. */
#define PLAIN_ASCII_FIRST 0x21
#define PLAIN_ASCII_N (0x7E - 0x21 + 1)         /* 94 */
#define PLAIN_LATIN_FIRST 0xA0
#define PLAIN_LATIN_N (0x17F - 0xA0 + 1)        /* 224 */
#define PLAIN_PUNCT_FIRST 0x2013
#define PLAIN_PUNCT_N (0x2026 - 0x2013 + 1)     /* 20 */
#define PLAIN_N (PLAIN_ASCII_N + PLAIN_LATIN_N + PLAIN_PUNCT_N)
#define PLAIN_UNKNOWN INT32_MIN     /* not shaped yet */
#define PLAIN_SHAPE (INT32_MIN + 1) /* shape the whole word instead */
/* Longer words are shaped whole (pieces of SB_SHAPE_MAX_CHARS must not
 * be reached, and long tokens are URLs that occur once). */
#define PLAIN_MAX_WORD 64

typedef struct plain_widths {
    int32_t adv[PLAIN_N]; /* 26.6 px */
    uint32_t glyph[PLAIN_N];
    /* 26.6 px added by the pair (c, d): pair[c][0][d] for an ASCII d,
     * pair[c][1][d - PLAIN_ASCII_N] for the others, each half-row made on
     * its first pair (a full table would be 450 KB a font, a full row
     * 1.3 KB, where the ASCII half most words need is 376 bytes). */
    int32_t *pair[PLAIN_N][2];
} plain_widths;

static void plain_free(struct plain_widths *a)
{
    if (!a)
        return;
    for (size_t k = 0; k < PLAIN_N; k++) {
        free(a->pair[k][0]);
        free(a->pair[k][1]);
    }
    free(a);
}

/* Shapes s as Latin left to right; the advance (26.6) and up to 2 glyph
 * ids; returns the glyph count. */
static unsigned shape_latin(sb_font *f, const char *s, size_t n, long *advance, uint32_t *glyphs)
{
    hb_buffer_t *buf = shape_into_buffer(f, s, n, true);
    unsigned count = 0;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buf, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &count);
    long total = 0;
    for (unsigned i = 0; i < count; i++) {
        total += pos[i].x_advance;
        if (i < 2)
            glyphs[i] = info[i].codepoint;
    }
    *advance = total;
    return count;
}

/* The characters' UTF-8 (1 to 3 bytes, at most 4 written). */
static size_t plain_utf8(int k, char *out)
{
    unsigned c = k < PLAIN_ASCII_N ? (unsigned)(PLAIN_ASCII_FIRST + k)
                 : k < PLAIN_ASCII_N + PLAIN_LATIN_N
                     ? (unsigned)(PLAIN_LATIN_FIRST + k - PLAIN_ASCII_N)
                     : (unsigned)(PLAIN_PUNCT_FIRST + k - PLAIN_ASCII_N - PLAIN_LATIN_N);
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    if (c < 0x800) {
        out[0] = (char)(0xC0 | (c >> 6));
        out[1] = (char)(0x80 | (c & 0x3F));
        return 2;
    }
    out[0] = (char)(0xE0 | (c >> 12));
    out[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    out[2] = (char)(0x80 | (c & 0x3F));
    return 3;
}

static int32_t plain_adv(sb_font *f, plain_widths *a, int k)
{
    if (a->adv[k] == PLAIN_UNKNOWN) {
        long adv = 0;
        uint32_t g[2] = {0, 0};
        char s[4];
        size_t n = plain_utf8(k, s);
        unsigned count = shape_latin(f, s, n, &adv, g);
        a->adv[k] = count == 1 && g[0] != 0 ? (int32_t)adv : PLAIN_SHAPE;
        a->glyph[k] = g[0];
    }
    return a->adv[k];
}

/* ---- pairs without effect, shared by every size of a face ---------------
 * A pair's adjustment is shaped once per font, and a font is one face at
 * one size, so a page's eight sizes of one face shaped each pair eight
 * times.  Most pairs met are not kerned at all: shaping them gives the two
 * characters' own glyphs at their own advances, and that is a property of
 * the face, not of the size, when nothing in the face depends on the size.
 * So each face keeps, per pair, whether shaping it at the face's own units
 * (HarfBuzz's OpenType functions at a scale of one unit per em, no ppem)
 * leaves it untouched: the same two glyphs as alone, each at its nominal
 * advance with no offset.  Such a pair adds 0 at every size, and no size
 * shapes it again; any other pair is shaped per size as before.
 *
 * What could make a pair untouched in units and touched at a size: GSUB
 * depends on no size; GPOS values scale with the size (0 stays 0) except
 * device tables, whose deltas depend on the ppem, and variation deltas.
 * So a face shares only when its GPOS has no single or pair adjustment
 * with a device table (ValueFormat bits 0x10 to 0x80) and it has no
 * variation data; the others keep shaping every pair per size.  The
 * project's faces have neither (DejaVu, Liberation 2). */
#define SHARE_UNKNOWN 0
#define SHARE_NEUTRAL 1
#define SHARE_SHAPE 2

typedef struct face_share {
    int file, index;
    hb_font_t *unit;              /* NULL: this face does not share */
    uint8_t *neutral[PLAIN_N];    /* per first character, made on first use */
} face_share;

static uint16_t be16(const uint8_t *p)
{
    return (uint16_t)(p[0] << 8 | p[1]);
}

/* Whether the GPOS table has a single or pair adjustment with a device
 * table (or cannot be read). */
static bool gpos_has_devices(hb_face_t *face)
{
    hb_blob_t *blob = hb_face_reference_table(face, HB_TAG('G', 'P', 'O', 'S'));
    unsigned len = 0;
    const uint8_t *t = (const uint8_t *)hb_blob_get_data(blob, &len);
    bool devices = false;
    if (len == 0)
        goto done; /* no GPOS: nothing to scale */
    if (len < 10) {
        devices = true;
        goto done;
    }
    size_t list = be16(t + 8);
    if (list + 2 > len) {
        devices = true;
        goto done;
    }
    unsigned n_lookups = be16(t + list);
    for (unsigned i = 0; i < n_lookups && !devices; i++) {
        size_t at = list + 2 + 2 * (size_t)i;
        if (at + 2 > len) {
            devices = true;
            break;
        }
        size_t lookup = list + be16(t + at);
        if (lookup + 6 > len) {
            devices = true;
            break;
        }
        unsigned type = be16(t + lookup), n_subs = be16(t + lookup + 4);
        for (unsigned k = 0; k < n_subs && !devices; k++) {
            size_t sat = lookup + 6 + 2 * (size_t)k;
            if (sat + 2 > len) {
                devices = true;
                break;
            }
            size_t sub = lookup + be16(t + sat);
            unsigned sub_type = type;
            if (type == 9) { /* extension: format, type, 32-bit offset */
                if (sub + 8 > len) {
                    devices = true;
                    break;
                }
                sub_type = be16(t + sub + 2);
                sub += (size_t)be16(t + sub + 4) << 16 | be16(t + sub + 6);
            }
            if (sub_type != 1 && sub_type != 2)
                continue;
            if (sub + 8 > len) {
                devices = true;
                break;
            }
            unsigned formats = be16(t + sub + 4) | (sub_type == 2 ? be16(t + sub + 6) : 0);
            devices = (formats & 0xF0) != 0;
        }
    }
done:
    hb_blob_destroy(blob);
    return devices;
}

static face_share *face_share_of(sb_font *f)
{
    sb_fonts *fc = f->ctx;
    for (size_t i = 0; i < fc->n_shares; i++)
        if (fc->shares[i]->file == f->file && fc->shares[i]->index == f->index)
            return fc->shares[i];
    face_share *s = sb_xcalloc(1, sizeof *s);
    s->file = f->file;
    s->index = f->index;
    hb_face_t *face = hb_font_get_face(f->hb);
    if (!hb_ot_var_has_data(face) && !gpos_has_devices(face)) {
        s->unit = hb_font_create(face);
        hb_ot_font_set_funcs(s->unit);
        unsigned upem = hb_face_get_upem(face);
        hb_font_set_scale(s->unit, (int)upem, (int)upem);
    }
    fc->shares = sb_xrealloc(fc->shares, (fc->n_shares + 1) * sizeof *fc->shares);
    fc->shares[fc->n_shares++] = s;
    return s;
}

static void face_share_free(struct face_share *s)
{
    for (size_t k = 0; k < PLAIN_N; k++)
        free(s->neutral[k]);
    if (s->unit)
        hb_font_destroy(s->unit);
    free(s);
}

/* Whether the pair s (characters c, d, whose own glyphs at every size are
 * gc, gd) shapes untouched in the face's units. */
static bool pair_neutral(sb_font *f, int c, int d, const char *s, size_t n, uint32_t gc,
                         uint32_t gd)
{
    if (!f->share)
        f->share = face_share_of(f);
    face_share *sh = f->share;
    if (!sh->unit)
        return false;
    if (!sh->neutral[c])
        sh->neutral[c] = sb_xcalloc(PLAIN_N, 1);
    uint8_t *slot = &sh->neutral[c][d];
    if (*slot == SHARE_UNKNOWN) {
        hb_buffer_t *buf = f->ctx->buf;
        hb_buffer_clear_contents(buf);
        hb_buffer_add_utf8(buf, s, (int)n, 0, (int)n);
        hb_buffer_set_script(buf, HB_SCRIPT_LATIN);
        hb_buffer_set_direction(buf, HB_DIRECTION_LTR);
        hb_buffer_guess_segment_properties(buf);
        hb_shape(sh->unit, buf, NULL, 0);
        unsigned count = 0;
        hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buf, &count);
        hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buf, &count);
        bool same = count == 2 && info[0].codepoint == gc && info[1].codepoint == gd;
        for (unsigned i = 0; same && i < 2; i++)
            same = pos[i].x_advance == hb_font_get_glyph_h_advance(sh->unit, info[i].codepoint) &&
                   pos[i].x_offset == 0 && pos[i].y_offset == 0 && pos[i].y_advance == 0;
        *slot = same ? SHARE_NEUTRAL : SHARE_SHAPE;
    }
    return *slot == SHARE_NEUTRAL;
}

/* Called after both characters' plain_adv gave an advance. */
static int32_t plain_pair(sb_font *f, plain_widths *a, int c, int d)
{
    int half = d >= PLAIN_ASCII_N;
    int32_t **row = &a->pair[c][half];
    if (!*row) {
        size_t len = half ? PLAIN_N - PLAIN_ASCII_N : PLAIN_ASCII_N;
        *row = sb_xmalloc(len * sizeof **row);
        for (size_t k = 0; k < len; k++)
            (*row)[k] = PLAIN_UNKNOWN;
    }
    int32_t *slot = &(*row)[half ? d - PLAIN_ASCII_N : d];
    if (*slot == PLAIN_UNKNOWN) {
        long adv = 0;
        uint32_t g[2] = {0, 0};
        char s[8];
        size_t n = plain_utf8(c, s);
        n += plain_utf8(d, s + n);
        if (pair_neutral(f, c, d, s, n, a->glyph[c], a->glyph[d])) {
            *slot = 0;
            return 0;
        }
        unsigned count = shape_latin(f, s, n, &adv, g);
        bool same = count == 2 && g[0] == a->glyph[c] && g[1] == a->glyph[d];
        *slot = same ? (int32_t)(adv - a->adv[c] - a->adv[d]) : PLAIN_SHAPE;
    }
    return *slot;
}

/* The characters of s as table indices, or false when s has one outside
 * the table, is invalid UTF-8 or has no Latin letter. */
static bool plain_chars(const char *s, size_t n, int *ks, size_t *nk)
{
    const unsigned char *u = (const unsigned char *)s;
    bool letter = false;
    size_t m = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = u[i];
        if (c >= PLAIN_ASCII_FIRST && c < PLAIN_ASCII_FIRST + PLAIN_ASCII_N) {
            letter |= (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
            ks[m++] = (int)(c - PLAIN_ASCII_FIRST);
            i++;
        } else if (c >= 0xC2 && c <= 0xC5 && i + 1 < n && (u[i + 1] & 0xC0) == 0x80) {
            c = ((c & 0x1F) << 6) | (u[i + 1] & 0x3F);
            if (c < PLAIN_LATIN_FIRST || c == 0xAD)
                return false;
            letter |= c >= 0xC0 && c != 0xD7 && c != 0xF7;
            ks[m++] = PLAIN_ASCII_N + (int)(c - PLAIN_LATIN_FIRST);
            i += 2;
        } else if (c == 0xE2 && i + 2 < n && u[i + 1] == 0x80 && (u[i + 2] & 0xC0) == 0x80) {
            c = 0x2000 | (u[i + 2] & 0x3F);
            if (c < PLAIN_PUNCT_FIRST || c >= PLAIN_PUNCT_FIRST + PLAIN_PUNCT_N)
                return false;
            ks[m++] = PLAIN_ASCII_N + PLAIN_LATIN_N + (int)(c - PLAIN_PUNCT_FIRST);
            i += 3;
        } else {
            return false;
        }
    }
    *nk = m;
    return letter; /* no Latin letter: HarfBuzz guesses no script */
}

/* The 26.6 advance of a plain word, or false when it must be shaped. */
static bool plain_advance(sb_font *f, const char *s, size_t n, long *total)
{
    if (n > PLAIN_MAX_WORD)
        return false;
    int ks[PLAIN_MAX_WORD];
    size_t nk = 0;
    if (!plain_chars(s, n, ks, &nk))
        return false;
    if (!f->plain) {
        f->plain = sb_xcalloc(1, sizeof *f->plain);
        for (size_t k = 0; k < PLAIN_N; k++)
            f->plain->adv[k] = PLAIN_UNKNOWN;
    }
    plain_widths *a = f->plain;
    long sum = 0;
    for (size_t i = 0; i < nk; i++) {
        int32_t adv = plain_adv(f, a, ks[i]);
        if (adv == PLAIN_SHAPE)
            return false;
        sum += adv;
    }
    for (size_t i = 0; i + 1 < nk; i++) {
        int32_t adj = plain_pair(f, a, ks[i], ks[i + 1]);
        if (adj == PLAIN_SHAPE)
            return false;
        sum += adj;
    }
    *total = sum;
    return true;
}

/* HarfBuzz's cost grows with the square of a cluster's length (50,000
 * combining marks on one base: 6.5 s in one call, with no way to stop it),
 * so long runs are shaped in pieces and their advances summed.  No word of
 * real text comes near the piece size, so their widths do not change. */
static long shaped_advance(sb_font *f, const char *s, size_t n)
{
    long total = 0;
    size_t at = 0;
    while (at < n) {
        size_t len = shape_piece(s + at, n - at);
        total += shape_advance(f, s + at, len);
        at += len;
    }
    return total;
}

int sb_font_text_width_shaped(sb_font *f, const char *s, size_t n)
{
    if (!f || !s || !n)
        return 0;
    long total = shaped_advance(f, s, n);
    if (total < 0)
        total = 0;
    return (int)((total + 32) >> 6);
}

/* A word's width in px: a plain word by arithmetic, any other shaped. */
static int measure(sb_font *f, const char *s, size_t n)
{
    long total = 0;
    if (!plain_advance(f, s, n, &total))
        total = shaped_advance(f, s, n);
    else if (f->ctx->plain++, f->ctx->check) {
        /* The arithmetic must give shaping's answer: a run with
         * SB_FONTS_CHECK=1 stops at the first word where it does not. */
        long shaped = shaped_advance(f, s, n);
        if (shaped != total) {
            fprintf(stderr, "SB_FONTS_CHECK: %s %d px: \"%.*s\" plain %ld, shaped %ld (26.6)\n",
                    sb_font_file(f), f->size, (int)n, s, total, shaped);
            abort();
        }
    }
    if (total < 0)
        total = 0;
    return (int)((total + 32) >> 6);
}

static void grow_widths(sb_fonts *fc)
{
    size_t old_cap = fc->width_cap;
    width_entry *old = fc->widths;
    fc->width_cap *= 2;
    fc->widths = sb_xcalloc(fc->width_cap, sizeof *fc->widths);
    for (size_t i = 0; i < old_cap; i++) {
        if (!old[i].hash)
            continue;
        size_t j = old[i].hash & (fc->width_cap - 1);
        while (fc->widths[j].hash)
            j = (j + 1) & (fc->width_cap - 1);
        fc->widths[j] = old[i];
    }
    free(old);
}

int sb_font_text_width(sb_font *f, const char *s, size_t n)
{
    if (!f || !s || !n)
        return 0;
    sb_fonts *fc = f->ctx;
    uint64_t h = hash_text(f, s, n);
    size_t i = h & (fc->width_cap - 1);
    while (fc->widths[i].hash) {
        width_entry *e = &fc->widths[i];
        if (e->hash == h && e->font == f && e->len == n && memcmp(e->text, s, n) == 0) {
            fc->hits++;
            return e->width;
        }
        i = (i + 1) & (fc->width_cap - 1);
    }
    fc->misses++;
    void *saved = sb_page_heap_keep_begin(); /* the entry outlives the page */
    int w = measure(f, s, n);
    if (fc->width_used >= WIDTH_CACHE_MAX) {
        clear_widths(fc);
        i = h & (fc->width_cap - 1);
    } else if ((fc->width_used + 1) * 2 > fc->width_cap) {
        grow_widths(fc);
        i = h & (fc->width_cap - 1);
        while (fc->widths[i].hash)
            i = (i + 1) & (fc->width_cap - 1);
    }
    fc->widths[i] = (width_entry){h, f, keep_text(fc, s, n), n, w};
    fc->width_used++;
    sb_page_heap_keep_end(saved);
    return w;
}

void sb_font_get_metrics(const sb_font *f, sb_font_metrics *m)
{
    if (f)
        *m = f->metrics;
    else
        *m = (sb_font_metrics){0, 0, 0, 0};
}

int sb_font_size(const sb_font *f)
{
    return f ? f->size : 0;
}

const char *sb_font_file(const sb_font *f)
{
    return f ? f->ctx->files[f->file].path : "";
}

const char *sb_font_family(const sb_font *f)
{
    return f ? f->family : "";
}

int sb_font_face_index(const sb_font *f)
{
    return f ? f->index : 0;
}

void sb_fonts_stats(const sb_fonts *fc, size_t *hits, size_t *misses)
{
    *hits = fc ? fc->hits : 0;
    *misses = fc ? fc->misses : 0;
}

size_t sb_fonts_plain_words(const sb_fonts *fc)
{
    return fc ? fc->plain : 0;
}
