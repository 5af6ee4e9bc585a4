/* similarity: prepared texts and the similarity measures over them.
 *
 * Terms are identified by a 64-bit FNV-1a hash of their UTF-8 bytes, so the
 * vector measures are merges of sorted integer arrays; a collision between
 * two distinct words of one comparison is negligibly unlikely.  Character
 * pairs are packed as (first code point << 32 | second code point). */
#include "dom/text/similarity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dom/text/lang.h"
#include "dom/text/stem.h"
#include "dom/text/stopwords.h"
#include "dom/base/strbuf.h"
#include "dom/text/tokens.h"
#include "dom/base/utf8.h"

struct sb_textctx {
    char lang[4];
    int stop_ix;        /* stopword list index, -1 = none */
    sb_stem *stem;
    bool drop_stopwords;
    bool stemming;
    /* scratch reused between preparations */
    sb_wordtoks toks;
    sb_buf low;
};

typedef struct term_count {
    uint64_t hash;
    uint32_t count;
} term_count;

struct sb_simtext {
    char *arena;          /* the prepared words, NUL-separated */
    size_t *word_off;     /* offsets into arena */
    size_t nwords;
    uint64_t *pairs;      /* sorted */
    size_t npairs;
    term_count *terms;    /* sorted by hash */
    size_t nterms;
    uint32_t max_count;
};

struct sb_dftable {
    uint64_t *keys;       /* open addressing; 0 = empty (hash 0 is remapped) */
    uint32_t *vals;
    size_t cap, used;
    size_t docs;
};

/* ---- context --------------------------------------------------------- */

sb_textctx *sb_textctx_new(const char *lang)
{
    sb_textctx *ctx = sb_xcalloc(1, sizeof *ctx);
    ctx->stop_ix = -1;
    ctx->drop_stopwords = true;
    ctx->stemming = true;
    ctx->stem = sb_stem_new(NULL);
    sb_textctx_set_lang(ctx, lang);
    return ctx;
}

void sb_textctx_free(sb_textctx *ctx)
{
    if (!ctx)
        return;
    sb_stem_free(ctx->stem);
    sb_wordtoks_free(&ctx->toks);
    sb_buf_free(&ctx->low);
    free(ctx);
}

void sb_textctx_set_lang(sb_textctx *ctx, const char *lang)
{
    char code[4];
    if (!sb_lang_normalize(lang, code))
        code[0] = '\0';
    if (strcmp(code, ctx->lang) == 0)
        return;
    memcpy(ctx->lang, code, sizeof code);
    ctx->stop_ix = sb_stopword_lang_index(code);
    sb_stem_free(ctx->stem);
    ctx->stem = sb_stem_new(code[0] ? code : NULL);
}

const char *sb_textctx_lang(const sb_textctx *ctx)
{
    return ctx->lang;
}

void sb_textctx_set_stopwords(sb_textctx *ctx, bool drop_stopwords)
{
    ctx->drop_stopwords = drop_stopwords;
}

void sb_textctx_set_stemming(sb_textctx *ctx, bool stem)
{
    ctx->stemming = stem;
}

/* ---- preparation ----------------------------------------------------- */

static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Growing arrays used while building one simtext. */
typedef struct builder {
    sb_buf arena;
    size_t *off;
    size_t n, cap;
    uint64_t *pairs;
    size_t npairs, pcap;
} builder;

static void add_word(builder *b, const char *w, size_t len)
{
    if (len == 0)
        return;
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 16;
        b->off = sb_xrealloc(b->off, b->cap * sizeof *b->off);
    }
    b->off[b->n++] = b->arena.len;
    sb_buf_append(&b->arena, w, len);
    sb_buf_putc(&b->arena, '\0');

    /* Adjacent code-point pairs inside the word. */
    size_t i = 0, n;
    int32_t prev = -1;
    while (i < len) {
        int32_t cp = sb_utf8_decode(w + i, len - i, &n);
        if (cp < 0)
            cp = (int32_t)SB_UTF8_REPLACEMENT;
        if (prev >= 0) {
            if (b->npairs == b->pcap) {
                b->pcap = b->pcap ? b->pcap * 2 : 32;
                b->pairs = sb_xrealloc(b->pairs, b->pcap * sizeof *b->pairs);
            }
            b->pairs[b->npairs++] = ((uint64_t)(uint32_t)prev << 32) | (uint32_t)cp;
        }
        prev = cp;
        i += n;
    }
}

/* Splits a lower-cased unspaced-script run into overlapping bigrams. */
static void add_unspaced(builder *b, const char *w, size_t len)
{
    size_t starts[3];
    size_t i = 0, n, k = 0;
    /* starts[] holds the offsets of the last two code points seen. */
    while (i < len) {
        sb_utf8_decode(w + i, len - i, &n);
        if (n == 0)
            break;
        if (k < 2) {
            starts[k++] = i;
        } else {
            add_word(b, w + starts[0], i - starts[0]);
            starts[0] = starts[1];
            starts[1] = i;
        }
        i += n;
    }
    if (k == 1 || k == 2)
        add_word(b, w + starts[0], len - starts[0]);
}

static sb_simtext *finish(builder *b)
{
    sb_simtext *t = sb_xcalloc(1, sizeof *t);
    t->nwords = b->n;
    t->word_off = b->off;
    t->arena = b->arena.data ? sb_buf_steal(&b->arena) : sb_xstrdup("");
    t->pairs = b->pairs;
    t->npairs = b->npairs;
    if (t->npairs > 1)
        qsort(t->pairs, t->npairs, sizeof *t->pairs, cmp_u64);

    if (t->nwords) {
        uint64_t *h = sb_xmalloc(t->nwords * sizeof *h);
        for (size_t i = 0; i < t->nwords; i++) {
            const char *w = t->arena + t->word_off[i];
            h[i] = fnv1a(w, strlen(w));
        }
        qsort(h, t->nwords, sizeof *h, cmp_u64);
        t->terms = sb_xmalloc(t->nwords * sizeof *t->terms);
        for (size_t i = 0; i < t->nwords; i++) {
            if (t->nterms && t->terms[t->nterms - 1].hash == h[i]) {
                t->terms[t->nterms - 1].count++;
            } else {
                t->terms[t->nterms].hash = h[i];
                t->terms[t->nterms].count = 1;
                t->nterms++;
            }
        }
        for (size_t i = 0; i < t->nterms; i++)
            if (t->terms[i].count > t->max_count)
                t->max_count = t->terms[i].count;
        free(h);
    }
    return t;
}

/* Prepares text; ctx NULL means no stopwords and no stemming. */
static sb_simtext *prepare(sb_textctx *ctx, const char *text, size_t len)
{
    builder b;
    memset(&b, 0, sizeof b);
    sb_wordtoks local_toks = SB_WORDTOKS_INIT;
    sb_buf local_low = SB_BUF_INIT;
    sb_wordtoks *toks = ctx ? &ctx->toks : &local_toks;
    sb_buf *low = ctx ? &ctx->low : &local_low;
    sb_wordtoks_clear(toks);
    if (text)
        sb_wordtok_split(text, len, 0, toks);
    for (size_t i = 0; i < toks->n; i++) {
        const sb_wordtok *tk = &toks->v[i];
        sb_buf_clear(low);
        sb_utf8_lower_append(low, text + tk->start, tk->len);
        if (tk->unspaced) {
            add_unspaced(&b, low->data, low->len);
            continue;
        }
        if (ctx && ctx->drop_stopwords && sb_is_stopword_ix(ctx->stop_ix, low->data, low->len))
            continue;
        if (ctx && ctx->stemming && sb_stem_active(ctx->stem)) {
            size_t sl;
            const char *st = sb_stem_word(ctx->stem, low->data, low->len, &sl);
            add_word(&b, st, sl);
        } else {
            add_word(&b, low->data, low->len);
        }
    }
    sb_wordtoks_free(&local_toks);
    sb_buf_free(&local_low);
    return finish(&b);
}

sb_simtext *sb_simtext_new_n(sb_textctx *ctx, const char *utf8, size_t len)
{
    return prepare(ctx, utf8, utf8 ? len : 0);
}

sb_simtext *sb_simtext_new(sb_textctx *ctx, const char *utf8)
{
    return prepare(ctx, utf8, utf8 ? strlen(utf8) : 0);
}

void sb_simtext_free(sb_simtext *t)
{
    if (!t)
        return;
    free(t->arena);
    free(t->word_off);
    free(t->pairs);
    free(t->terms);
    free(t);
}

size_t sb_simtext_nwords(const sb_simtext *t)
{
    return t ? t->nwords : 0;
}

const char *sb_simtext_word(const sb_simtext *t, size_t i)
{
    if (!t || i >= t->nwords)
        return NULL;
    return t->arena + t->word_off[i];
}

size_t sb_simtext_npairs(const sb_simtext *t)
{
    return t ? t->npairs : 0;
}

size_t sb_simtext_nterms(const sb_simtext *t)
{
    return t ? t->nterms : 0;
}

/* ---- Simon White ----------------------------------------------------- */

double sb_sim_white(const sb_simtext *a, const sb_simtext *b)
{
    if (!a || !b || a->npairs == 0 || b->npairs == 0)
        return 0.0;
    /* Merge of two sorted multisets: equal elements pair off one to one,
     * which is exactly the multiset intersection. */
    size_t i = 0, j = 0, common = 0;
    while (i < a->npairs && j < b->npairs) {
        if (a->pairs[i] < b->pairs[j]) {
            i++;
        } else if (a->pairs[i] > b->pairs[j]) {
            j++;
        } else {
            common++;
            i++;
            j++;
        }
    }
    return (2.0 * (double)common) / (double)(a->npairs + b->npairs);
}

double sb_white_str(const char *a, const char *b)
{
    sb_simtext *x = prepare(NULL, a, a ? strlen(a) : 0);
    sb_simtext *y = prepare(NULL, b, b ? strlen(b) : 0);
    double s = sb_sim_white(x, y);
    sb_simtext_free(x);
    sb_simtext_free(y);
    return s;
}

/* ---- term-frequency vectors ------------------------------------------ */

/* Sums over relative term frequencies: dot product and squared norms. */
static void tf_sums(const sb_simtext *a, const sb_simtext *b, double *dot, double *sa, double *sb)
{
    double na = (double)a->nwords, nb = (double)b->nwords;
    *dot = *sa = *sb = 0.0;
    for (size_t i = 0; i < a->nterms; i++) {
        double f = a->terms[i].count / na;
        *sa += f * f;
    }
    for (size_t j = 0; j < b->nterms; j++) {
        double f = b->terms[j].count / nb;
        *sb += f * f;
    }
    size_t i = 0, j = 0;
    while (i < a->nterms && j < b->nterms) {
        if (a->terms[i].hash < b->terms[j].hash) {
            i++;
        } else if (a->terms[i].hash > b->terms[j].hash) {
            j++;
        } else {
            *dot += (a->terms[i].count / na) * (b->terms[j].count / nb);
            i++;
            j++;
        }
    }
}

static double clamp01(double x)
{
    if (!(x > 0.0))
        return 0.0;
    return x > 1.0 ? 1.0 : x;
}

static bool empty(const sb_simtext *t)
{
    return !t || t->nwords == 0;
}

double sb_sim_cosine(const sb_simtext *a, const sb_simtext *b)
{
    if (empty(a) || empty(b))
        return 0.0;
    double dot, sa, sb;
    tf_sums(a, b, &dot, &sa, &sb);
    return clamp01(dot / sqrt(sa * sb));
}

double sb_sim_dice(const sb_simtext *a, const sb_simtext *b)
{
    if (empty(a) || empty(b))
        return 0.0;
    double dot, sa, sb;
    tf_sums(a, b, &dot, &sa, &sb);
    return clamp01(2.0 * dot / (sa + sb));
}

double sb_sim_jaccard(const sb_simtext *a, const sb_simtext *b)
{
    if (empty(a) || empty(b))
        return 0.0;
    double dot, sa, sb;
    tf_sums(a, b, &dot, &sa, &sb);
    return clamp01(dot / (sa + sb - dot));
}

double sb_sim_overlap(const sb_simtext *a, const sb_simtext *b)
{
    if (empty(a) || empty(b))
        return 0.0;
    double dot, sa, sb;
    tf_sums(a, b, &dot, &sa, &sb);
    return clamp01(dot / (sa < sb ? sa : sb));
}

/* ---- document frequencies -------------------------------------------- */

static uint64_t df_key(uint64_t h)
{
    return h ? h : 1; /* 0 marks an empty slot */
}

static size_t df_slot(const sb_dftable *df, uint64_t key)
{
    size_t mask = df->cap - 1;
    size_t i = (size_t)(key ^ (key >> 29)) & mask;
    while (df->keys[i] && df->keys[i] != key)
        i = (i + 1) & mask;
    return i;
}

sb_dftable *sb_df_new(void)
{
    sb_dftable *df = sb_xcalloc(1, sizeof *df);
    df->cap = 256;
    df->keys = sb_xcalloc(df->cap, sizeof *df->keys);
    df->vals = sb_xcalloc(df->cap, sizeof *df->vals);
    return df;
}

void sb_df_free(sb_dftable *df)
{
    if (!df)
        return;
    free(df->keys);
    free(df->vals);
    free(df);
}

static void df_grow(sb_dftable *df)
{
    sb_dftable old = *df;
    df->cap *= 2;
    df->used = 0;
    df->keys = sb_xcalloc(df->cap, sizeof *df->keys);
    df->vals = sb_xcalloc(df->cap, sizeof *df->vals);
    for (size_t i = 0; i < old.cap; i++) {
        if (!old.keys[i])
            continue;
        size_t s = df_slot(df, old.keys[i]);
        df->keys[s] = old.keys[i];
        df->vals[s] = old.vals[i];
        df->used++;
    }
    free(old.keys);
    free(old.vals);
}

void sb_df_add(sb_dftable *df, const sb_simtext *doc)
{
    if (!df)
        return;
    df->docs++;
    if (!doc)
        return;
    for (size_t i = 0; i < doc->nterms; i++) {
        if ((df->used + 1) * 4 > df->cap * 3)
            df_grow(df);
        uint64_t key = df_key(doc->terms[i].hash);
        size_t s = df_slot(df, key);
        if (!df->keys[s]) {
            df->keys[s] = key;
            df->used++;
        }
        df->vals[s]++;
    }
}

size_t sb_df_docs(const sb_dftable *df)
{
    return df ? df->docs : 0;
}

static size_t df_lookup(const sb_dftable *df, uint64_t hash)
{
    if (!df)
        return 0;
    size_t s = df_slot(df, df_key(hash));
    return df->keys[s] ? df->vals[s] : 0;
}

size_t sb_df_get(const sb_dftable *df, const char *term)
{
    if (!term)
        return 0;
    return df_lookup(df, fnv1a(term, strlen(term)));
}

static double idf_of(const sb_dftable *df, uint64_t hash)
{
    if (!df || df->docs == 0)
        return 0.0;
    size_t d = df_lookup(df, hash);
    if (d < 1)
        d = 1;
    return log((double)df->docs / (double)d);
}

double sb_df_idf(const sb_dftable *df, const char *term)
{
    if (!term)
        return 0.0;
    return idf_of(df, fnv1a(term, strlen(term)));
}

double sb_sim_tfidf_cosine(const sb_simtext *a, const sb_simtext *b, const sb_dftable *df)
{
    if (empty(a) || empty(b))
        return 0.0;
    double sa = 0.0, sb = 0.0, dot = 0.0;
    for (size_t i = 0; i < a->nterms; i++) {
        double w = (double)a->terms[i].count / a->max_count * idf_of(df, a->terms[i].hash);
        sa += w * w;
    }
    for (size_t j = 0; j < b->nterms; j++) {
        double w = (double)b->terms[j].count / b->max_count * idf_of(df, b->terms[j].hash);
        sb += w * w;
    }
    size_t i = 0, j = 0;
    while (i < a->nterms && j < b->nterms) {
        if (a->terms[i].hash < b->terms[j].hash) {
            i++;
        } else if (a->terms[i].hash > b->terms[j].hash) {
            j++;
        } else {
            double idf = idf_of(df, a->terms[i].hash);
            dot += ((double)a->terms[i].count / a->max_count * idf) *
                   ((double)b->terms[j].count / b->max_count * idf);
            i++;
            j++;
        }
    }
    if (sa <= 0.0 || sb <= 0.0)
        return 0.0;
    return clamp01(dot / sqrt(sa * sb));
}

double sb_sim_osm(const sb_simtext *query, const sb_simtext *sentence, const sb_dftable *df)
{
    if (empty(query) || empty(sentence))
        return 0.0;
    double norm = 0.0;
    for (size_t j = 0; j < sentence->nterms; j++)
        norm += (double)sentence->terms[j].count * sentence->terms[j].count;
    norm = sqrt(norm);
    double sum = 0.0;
    size_t i = 0, j = 0;
    while (i < query->nterms && j < sentence->nterms) {
        if (query->terms[i].hash < sentence->terms[j].hash) {
            i++;
        } else if (query->terms[i].hash > sentence->terms[j].hash) {
            j++;
        } else {
            double wq = (double)query->terms[i].count / query->max_count *
                        idf_of(df, query->terms[i].hash);
            double ws = sentence->terms[j].count / norm;
            sum += wq * ws;
            i++;
            j++;
        }
    }
    return sum;
}

size_t sb_lbnest_rescue(const bool *related, size_t n, bool *keep)
{
    size_t rescued = 0;
    for (size_t i = 0; i < n; i++) {
        keep[i] = related[i];
        if (related[i] || n < 2)
            continue;
        bool left = i == 0 || related[i - 1];
        bool right = i + 1 == n || related[i + 1];
        if (left && right) {
            keep[i] = true;
            rescued++;
        }
    }
    return rescued;
}
