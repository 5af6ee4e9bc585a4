#include "metrics.h"

#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

/* ---- tokens -------------------------------------------------------------- */

/* FNV-1a over the bytes, then a splitmix finaliser so that shingle hashes
 * built from token hashes stay well spread. */
static uint64_t mix64(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

static uint64_t fnv_step(uint64_t h, unsigned char c)
{
    return (h ^ c) * 0x100000001b3ULL;
}

#define FNV_SEED 0xcbf29ce484222325ULL

static void push_token(sb_tokens *t, size_t *cap, uint64_t h, size_t start, size_t len)
{
    if (t->n == *cap) {
        *cap = *cap ? *cap * 2 : 256;
        t->hash = sb_xrealloc(t->hash, *cap * sizeof *t->hash);
        t->start = sb_xrealloc(t->start, *cap * sizeof *t->start);
        t->len = sb_xrealloc(t->len, *cap * sizeof *t->len);
    }
    t->hash[t->n] = mix64(h);
    t->start[t->n] = start;
    t->len[t->n] = len;
    t->n++;
}

void sb_tokenize(const char *text, bool fold_case, sb_tokens *out)
{
    memset(out, 0, sizeof *out);
    if (!text)
        return;
    size_t cap = 0, len = strlen(text), i = 0;
    bool in_word = false;
    size_t start = 0;
    uint64_t h = FNV_SEED;
    while (i < len) {
        size_t used = 0;
        int32_t cp = sb_utf8_decode(text + i, len - i, &used);
        if (used == 0)
            break;
        bool word = cp >= 0 && sb_is_word_cp((uint32_t)cp);
        if (word) {
            if (!in_word) {
                in_word = true;
                start = i;
                h = FNV_SEED;
            }
            if (fold_case) {
                char enc[4];
                size_t n = sb_utf8_encode(sb_lower_cp((uint32_t)cp), enc);
                for (size_t k = 0; k < n; k++)
                    h = fnv_step(h, (unsigned char)enc[k]);
            } else {
                for (size_t k = 0; k < used; k++)
                    h = fnv_step(h, (unsigned char)text[i + k]);
            }
        } else if (in_word) {
            push_token(out, &cap, h, start, i - start);
            in_word = false;
        }
        i += used;
    }
    if (in_word)
        push_token(out, &cap, h, start, i - start);
}

void sb_tokens_free(sb_tokens *t)
{
    free(t->hash);
    free(t->start);
    free(t->len);
    memset(t, 0, sizeof *t);
}

/* ---- per-page figures ---------------------------------------------------- */

double sb_overlap_precision(sb_overlap o)
{
    if (o.tp + o.fp == 0)
        return o.fn == 0 ? 1.0 : 0.0;
    return (double)o.tp / (double)(o.tp + o.fp);
}

double sb_overlap_recall(sb_overlap o)
{
    if (o.tp + o.fn == 0)
        return o.fp == 0 ? 1.0 : 0.0;
    return (double)o.tp / (double)(o.tp + o.fn);
}

double sb_overlap_f1(sb_overlap o)
{
    size_t den = 2 * o.tp + o.fp + o.fn;
    if (den == 0)
        return 1.0;
    return 2.0 * (double)o.tp / (double)den;
}

/* ---- multisets of hashes ------------------------------------------------- */

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Size of the multiset intersection of two arrays (sorted in place). */
static size_t multiset_common(uint64_t *a, size_t n, uint64_t *b, size_t m)
{
    if (n > 1)
        qsort(a, n, sizeof *a, cmp_u64);
    if (m > 1)
        qsort(b, m, sizeof *b, cmp_u64);
    size_t i = 0, j = 0, common = 0;
    while (i < n && j < m) {
        if (a[i] < b[j])
            i++;
        else if (a[i] > b[j])
            j++;
        else
            common++, i++, j++;
    }
    return common;
}

static sb_overlap overlap_of(size_t n_pred, size_t n_gold, size_t common)
{
    sb_overlap o = {common, n_pred - common, n_gold - common};
    return o;
}

/* ---- shingles ------------------------------------------------------------ */

static uint64_t shingle_hash(const uint64_t *tok, size_t k)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)k;
    for (size_t i = 0; i < k; i++)
        h = mix64(h ^ tok[i]) + (uint64_t)i;
    return h;
}

size_t sb_shingle_hashes(const sb_tokens *t, int k, uint64_t **out)
{
    *out = NULL;
    if (t->n == 0 || k < 1)
        return 0;
    size_t kk = (size_t)k;
    if (t->n < kk) {
        *out = sb_xmalloc(sizeof **out);
        (*out)[0] = shingle_hash(t->hash, t->n);
        return 1;
    }
    size_t n = t->n - kk + 1;
    *out = sb_xmalloc(n * sizeof **out);
    for (size_t i = 0; i < n; i++)
        (*out)[i] = shingle_hash(t->hash + i, kk);
    return n;
}

sb_overlap sb_shingle_overlap(const sb_tokens *pred, const sb_tokens *gold, int k)
{
    uint64_t *a, *b;
    size_t n = sb_shingle_hashes(pred, k, &a);
    size_t m = sb_shingle_hashes(gold, k, &b);
    size_t common = multiset_common(a, n, b, m);
    free(a);
    free(b);
    return overlap_of(n, m, common);
}

/* Occurrence counts of a sorted array, looked up by binary search. */
typedef struct {
    uint64_t *key;
    size_t *count;
    size_t n;
} count_table;

static void count_table_build(count_table *ct, uint64_t *sorted, size_t n)
{
    ct->key = sb_xmalloc((n ? n : 1) * sizeof *ct->key);
    ct->count = sb_xmalloc((n ? n : 1) * sizeof *ct->count);
    ct->n = 0;
    for (size_t i = 0; i < n; i++) {
        if (ct->n && ct->key[ct->n - 1] == sorted[i]) {
            ct->count[ct->n - 1]++;
        } else {
            ct->key[ct->n] = sorted[i];
            ct->count[ct->n] = 1;
            ct->n++;
        }
    }
}

static size_t *count_table_find(const count_table *ct, uint64_t key)
{
    size_t lo = 0, hi = ct->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (ct->key[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < ct->n && ct->key[lo] == key ? &ct->count[lo] : NULL;
}

static void count_table_free(count_table *ct)
{
    free(ct->key);
    free(ct->count);
}

void sb_shingle_unmatched(const sb_tokens *self, const sb_tokens *other, int k, bool *miss)
{
    if (self->n == 0)
        return;
    uint64_t *mine, *theirs;
    size_t n = sb_shingle_hashes(self, k, &mine);
    size_t m = sb_shingle_hashes(other, k, &theirs);
    if (m > 1)
        qsort(theirs, m, sizeof *theirs, cmp_u64);
    count_table avail;
    count_table_build(&avail, theirs, m);

    /* Shingle i covers tokens i..i+k-1 (or all tokens when the text is
     * shorter than k).  A token stays marked until a matched shingle covers
     * it. */
    for (size_t i = 0; i < self->n; i++)
        miss[i] = true;
    size_t span = self->n < (size_t)k ? self->n : (size_t)k;
    for (size_t i = 0; i < n; i++) {
        size_t *left = count_table_find(&avail, mine[i]);
        if (left && *left > 0) {
            (*left)--;
            for (size_t j = i; j < i + span && j < self->n; j++)
                miss[j] = false;
        }
    }
    count_table_free(&avail);
    free(mine);
    free(theirs);
}

/* ---- longest common subsequence ------------------------------------------ */

/* Keeps the elements of a whose value occurs in the sorted table. */
static size_t keep_present(const uint64_t *a, size_t n, const count_table *in, uint64_t *out)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        if (count_table_find(in, a[i]))
            out[w++] = a[i];
    return w;
}

static count_table table_of(const uint64_t *a, size_t n)
{
    uint64_t *s = sb_xmalloc((n ? n : 1) * sizeof *s);
    if (n)
        memcpy(s, a, n * sizeof *s);
    if (n > 1)
        qsort(s, n, sizeof *s, cmp_u64);
    count_table ct;
    count_table_build(&ct, s, n);
    free(s);
    return ct;
}

/* Bit-parallel LCS (Crochemore, Iliopoulos, Pinzon and Reid 2001): bit i of
 * V is 1 while row position i of `a` is not yet matched.  Per symbol c of b,
 * with M the positions of c in a:  V = (V + (V & M)) | (V & ~M).  The LCS
 * is the number of zero bits of V at the end.  M is set and cleared per row
 * from position lists, so memory stays O(n + m). */
static size_t lcs_bitparallel(const uint64_t *a, size_t n, const uint64_t *b, size_t m)
{
    if (n == 0 || m == 0)
        return 0;
    count_table ids = table_of(a, n);
    /* CSR position lists: first[id] .. first[id+1] in pos[]. */
    size_t *first = sb_xcalloc(ids.n + 1, sizeof *first);
    size_t *pos = sb_xmalloc(n * sizeof *pos);
    size_t *id_of = sb_xmalloc(n * sizeof *id_of);
    for (size_t i = 0; i < n; i++) {
        size_t *c = count_table_find(&ids, a[i]);
        id_of[i] = (size_t)(c - ids.count);
        first[id_of[i] + 1]++;
    }
    for (size_t id = 0; id < ids.n; id++)
        first[id + 1] += first[id];
    size_t *fill = sb_xmalloc((ids.n ? ids.n : 1) * sizeof *fill);
    memcpy(fill, first, ids.n * sizeof *fill);
    for (size_t i = 0; i < n; i++)
        pos[fill[id_of[i]]++] = i;
    free(fill);
    free(id_of);

    size_t words = (n + 63) / 64;
    uint64_t *v = sb_xmalloc(words * sizeof *v);
    uint64_t *mask = sb_xcalloc(words, sizeof *mask);
    for (size_t w = 0; w < words; w++)
        v[w] = ~0ULL;

    for (size_t j = 0; j < m; j++) {
        size_t *c = count_table_find(&ids, b[j]);
        if (!c)
            continue; /* M = 0 leaves V unchanged */
        size_t id = (size_t)(c - ids.count);
        for (size_t p = first[id]; p < first[id + 1]; p++)
            mask[pos[p] / 64] |= 1ULL << (pos[p] % 64);
        uint64_t carry = 0;
        for (size_t w = 0; w < words; w++) {
            uint64_t x = v[w], u = x & mask[w];
            uint64_t sum = x + u;
            uint64_t c1 = sum < x;
            uint64_t sum2 = sum + carry;
            uint64_t c2 = sum2 < sum;
            v[w] = sum2 | (x & ~mask[w]);
            carry = c1 | c2;
        }
        for (size_t p = first[id]; p < first[id + 1]; p++)
            mask[pos[p] / 64] = 0;
    }

    size_t zeros = 0;
    for (size_t w = 0; w < words; w++) {
        uint64_t x = v[w];
        if (w == words - 1 && n % 64)
            x |= ~0ULL << (n % 64); /* bits beyond n are not positions */
        zeros += 64 - (size_t)__builtin_popcountll(x);
    }
    free(v);
    free(mask);
    free(first);
    free(pos);
    count_table_free(&ids);
    return zeros;
}

size_t sb_lcs_length(const uint64_t *a, size_t n, const uint64_t *b, size_t m)
{
    size_t lcs = 0;
    while (n && m && a[0] == b[0])
        a++, b++, n--, m--, lcs++;
    while (n && m && a[n - 1] == b[m - 1])
        n--, m--, lcs++;
    if (n == 0 || m == 0)
        return lcs;

    /* Tokens that never occur on the other side cannot be in the LCS. */
    count_table ta = table_of(a, n), tb = table_of(b, m);
    uint64_t *ra = sb_xmalloc(n * sizeof *ra), *rb = sb_xmalloc(m * sizeof *rb);
    size_t rn = keep_present(a, n, &tb, ra);
    size_t rm = keep_present(b, m, &ta, rb);
    count_table_free(&ta);
    count_table_free(&tb);
    if (rn > SB_LCS_MAX_TOKENS)
        rn = SB_LCS_MAX_TOKENS;
    if (rm > SB_LCS_MAX_TOKENS)
        rm = SB_LCS_MAX_TOKENS;
    /* The bit vector runs along the shorter sequence. */
    if (rn <= rm)
        lcs += lcs_bitparallel(ra, rn, rb, rm);
    else
        lcs += lcs_bitparallel(rb, rm, ra, rn);
    free(ra);
    free(rb);
    return lcs;
}

sb_overlap sb_lcs_overlap(const sb_tokens *pred, const sb_tokens *gold)
{
    size_t lcs = sb_lcs_length(pred->hash, pred->n, gold->hash, gold->n);
    return overlap_of(pred->n, gold->n, lcs);
}

/* ---- bag of words -------------------------------------------------------- */

sb_overlap sb_bow_overlap(const sb_tokens *pred, const sb_tokens *gold)
{
    uint64_t *a = sb_xmalloc((pred->n ? pred->n : 1) * sizeof *a);
    uint64_t *b = sb_xmalloc((gold->n ? gold->n : 1) * sizeof *b);
    if (pred->n)
        memcpy(a, pred->hash, pred->n * sizeof *a);
    if (gold->n)
        memcpy(b, gold->hash, gold->n * sizeof *b);
    size_t common = multiset_common(a, pred->n, b, gold->n);
    free(a);
    free(b);
    return overlap_of(pred->n, gold->n, common);
}

/* ---- macro averages ------------------------------------------------------ */

void sb_prf_add(sb_prf_acc *acc, sb_overlap o)
{
    bool predicted = o.tp + o.fp > 0, has_gold = o.tp + o.fn > 0;
    bool both_empty = !predicted && !has_gold;
    if (predicted || both_empty) {
        acc->p_sum += sb_overlap_precision(o);
        acc->p_pages++;
    }
    if (has_gold || both_empty) {
        acc->r_sum += sb_overlap_recall(o);
        acc->r_pages++;
    }
    double f = sb_overlap_f1(o);
    acc->f_sum += f;
    if (o.fp == 0 && o.fn == 0)
        acc->exact++;
    acc->pages++;
}

sb_prf sb_prf_result(const sb_prf_acc *acc)
{
    sb_prf r = {0, 0, 0, 0, 0, acc->pages};
    r.p = acc->p_pages ? acc->p_sum / (double)acc->p_pages : 0.0;
    r.r = acc->r_pages ? acc->r_sum / (double)acc->r_pages : 0.0;
    r.f1 = r.p + r.r > 0 ? 2.0 * r.p * r.r / (r.p + r.r) : 0.0;
    if (acc->pages) {
        r.exact_share = (double)acc->exact / (double)acc->pages;
        r.mean_page_f1 = acc->f_sum / (double)acc->pages;
    }
    return r;
}

/* ---- snippets ------------------------------------------------------------ */

char *sb_collapse_space(const char *s)
{
    sb_buf b = SB_BUF_INIT;
    sb_buf_reserve(&b, s ? strlen(s) : 0);
    b.data[0] = '\0';
    if (!s)
        return sb_buf_steal(&b);
    size_t len = strlen(s), i = 0;
    bool pending = false;
    while (i < len) {
        size_t used = 0;
        int32_t cp = sb_utf8_decode(s + i, len - i, &used);
        if (used == 0)
            break;
        if (cp >= 0 && sb_is_space_cp((uint32_t)cp)) {
            pending = b.len > 0;
        } else {
            if (pending)
                sb_buf_putc(&b, ' ');
            pending = false;
            sb_buf_append(&b, s + i, used);
        }
        i += used;
    }
    return sb_buf_steal(&b);
}

void sb_snippet_count(const char *text, const char *const *with, size_t n_with,
                      const char *const *without, size_t n_without,
                      sb_snippet_counts *acc)
{
    char *hay = sb_collapse_space(text);
    for (size_t i = 0; i < n_with + n_without; i++) {
        bool positive = i < n_with;
        char *needle = sb_collapse_space(positive ? with[i] : without[i - n_with]);
        if (needle[0]) {
            bool found = strstr(hay, needle) != NULL;
            if (positive)
                found ? acc->tp++ : acc->fn++;
            else
                found ? acc->fp++ : acc->tn++;
        }
        free(needle);
    }
    free(hay);
}

sb_snippet_result sb_snippet_result_of(const sb_snippet_counts *c)
{
    sb_snippet_result r = {0, 0, 0, 0};
    if (c->tp + c->fp)
        r.p = (double)c->tp / (double)(c->tp + c->fp);
    if (c->tp + c->fn)
        r.r = (double)c->tp / (double)(c->tp + c->fn);
    if (r.p + r.r > 0)
        r.f1 = 2 * r.p * r.r / (r.p + r.r);
    size_t all = c->tp + c->fp + c->fn + c->tn;
    if (all)
        r.accuracy = (double)(c->tp + c->tn) / (double)all;
    return r;
}

/* ---- fields -------------------------------------------------------------- */

static bool empty(const char *s)
{
    if (!s)
        return true;
    char *c = sb_collapse_space(s);
    bool e = c[0] == '\0';
    free(c);
    return e;
}

bool sb_title_exact(const char *pred, const char *gold)
{
    if (empty(pred) || !gold)
        return false;
    char *a = sb_collapse_space(pred), *b = sb_collapse_space(gold);
    char *la = sb_utf8_lower(a, strlen(a)), *lb = sb_utf8_lower(b, strlen(b));
    bool same = strcmp(la, lb) == 0;
    free(a), free(b), free(la), free(lb);
    return same;
}

bool sb_title_similar(const char *pred, const char *gold)
{
    if (empty(pred) || !gold)
        return false;
    sb_tokens a, b;
    sb_tokenize(pred, true, &a);
    sb_tokenize(gold, true, &b);
    sb_overlap o = sb_bow_overlap(&a, &b);
    size_t na = a.n, nb = b.n;
    sb_tokens_free(&a);
    sb_tokens_free(&b);
    if (na + nb == 0) /* punctuation only: fall back to the exact rule */
        return sb_title_exact(pred, gold);
    /* F1 = 2tp/(na+nb) >= 0.8, in integers to keep 0.8 itself exact. */
    return 10 * 2 * o.tp >= 8 * (na + nb);
}

bool sb_byline_match(const char *pred, const char *gold)
{
    return sb_title_similar(pred, gold);
}

static bool digits(const char *s, int n)
{
    for (int i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

bool sb_has_date(const char *s)
{
    if (!s || strlen(s) < 10)
        return false;
    return digits(s, 4) && s[4] == '-' && digits(s + 5, 2) && s[7] == '-' && digits(s + 8, 2);
}

bool sb_date_match(const char *pred, const char *gold)
{
    while (pred && (*pred == ' ' || *pred == '\t' || *pred == '\n'))
        pred++;
    while (gold && (*gold == ' ' || *gold == '\t' || *gold == '\n'))
        gold++;
    return sb_has_date(pred) && sb_has_date(gold) && memcmp(pred, gold, 10) == 0;
}

/* "https://a.b/x/photo-1.jpg?w=600#f" -> "photo-1" (lower-cased). */
static char *file_stem(const char *url)
{
    size_t end = strcspn(url, "?#");
    while (end > 0 && url[end - 1] == '/')
        end--;
    size_t start = end;
    while (start > 0 && url[start - 1] != '/')
        start--;
    size_t dot = end;
    for (size_t i = start; i < end; i++)
        if (url[i] == '.')
            dot = i;
    if (dot == start) /* ".hidden": no extension to strip */
        dot = end;
    return sb_utf8_lower(url + start, dot - start);
}

static const char *strip_scheme(const char *u)
{
    const char *p = strstr(u, "://");
    if (p && (size_t)(p - u) < 10)
        return p + 3;
    if (u[0] == '/' && u[1] == '/')
        return u + 2;
    return u;
}

bool sb_image_match(const char *pred, const char *gold)
{
    if (empty(pred) || empty(gold))
        return false;
    const char *a = strip_scheme(pred), *b = strip_scheme(gold);
    size_t la = strcspn(a, "#"), lb = strcspn(b, "#");
    if (la == lb && memcmp(a, b, la) == 0)
        return true;
    char *sa = file_stem(pred), *sb = file_stem(gold);
    bool same = sa[0] && strcmp(sa, sb) == 0;
    free(sa);
    free(sb);
    return same;
}
