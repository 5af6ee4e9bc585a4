/* tokens: word tokenizer over the sb_is_word_cp class. */
#include "dom/text/tokens.h"

#include <stdlib.h>
#include <string.h>

#include "dom/base/strbuf.h"
#include "dom/base/utf8.h"

static void push(sb_wordtoks *out, size_t start, size_t end, bool unspaced)
{
    if (out->n == out->cap) {
        out->cap = out->cap ? out->cap * 2 : 32;
        out->v = sb_xrealloc(out->v, out->cap * sizeof *out->v);
    }
    out->v[out->n].start = start;
    out->v[out->n].len = end - start;
    out->v[out->n].unspaced = unspaced;
    out->n++;
}

size_t sb_wordtok_split(const char *text, size_t len, unsigned flags, sb_wordtoks *out)
{
    size_t before = out->n;
    bool split = (flags & SB_TOK_SPLIT_UNSPACED) != 0;
    bool python = (flags & SB_TOK_PYTHON_W) != 0;
    bool in_tok = false, tok_unspaced = false;
    size_t tok_start = 0;
    size_t i = 0, n;
    if (!text)
        return 0;
    while (i < len) {
        int32_t c = sb_utf8_decode(text + i, len - i, &n);
        if (python) {
            bool w = c >= 0 && sb_is_pyword_cp((uint32_t)c);
            if (w && !in_tok) {
                in_tok = true;
                tok_start = i;
            } else if (!w && in_tok) {
                push(out, tok_start, i, false);
                in_tok = false;
            }
            i += n;
            continue;
        }
        if (c < 0 || !sb_is_word_cp((uint32_t)c)) {
            if (in_tok)
                push(out, tok_start, i, tok_unspaced);
            in_tok = false;
            i += n;
            continue;
        }
        uint32_t cp = (uint32_t)c;
        bool unspaced = sb_is_unspaced_script_cp(cp);
        if (in_tok && sb_is_mark_cp(cp)) {
            /* A mark belongs to whatever it follows (a Thai vowel sign stays
             * with its consonant even when unspaced text is split). */
        } else if (!in_tok) {
            in_tok = true;
            tok_start = i;
            tok_unspaced = unspaced;
        } else if (unspaced != tok_unspaced || (split && unspaced)) {
            push(out, tok_start, i, tok_unspaced);
            tok_start = i;
            tok_unspaced = unspaced;
        }
        i += n;
    }
    if (in_tok)
        push(out, tok_start, len, tok_unspaced);
    return out->n - before;
}

void sb_wordtoks_clear(sb_wordtoks *t)
{
    t->n = 0;
}

void sb_wordtoks_free(sb_wordtoks *t)
{
    free(t->v);
    t->v = NULL;
    t->n = t->cap = 0;
}

char *sb_wordtok_lower(const char *text, const sb_wordtok *tok)
{
    return sb_utf8_lower(text + tok->start, tok->len);
}

size_t sb_count_words(const char *text, size_t len)
{
    sb_wordtoks t = SB_WORDTOKS_INIT;
    size_t n = sb_wordtok_split(text, len, SB_TOK_SPLIT_UNSPACED, &t);
    sb_wordtoks_free(&t);
    return n;
}

size_t sb_count_spaced_words(const char *text, size_t len)
{
    size_t n = 0;
    bool in_word = false;
    for (size_t i = 0; i < len; i++) {
        bool space = text[i] == ' ' || text[i] == '\n' || text[i] == '\t';
        if (!space && !in_word)
            n++;
        in_word = !space;
    }
    return n;
}
