/* tokens: word tokenizer over the sb_is_word_cp class. */
#include "tokens.h"

#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "utf8.h"

/* Combining marks that may follow a base character of another class: the
 * generic combining blocks plus the vowel signs and tone marks of the
 * unspaced Southeast Asian scripts (which must stay with their consonant
 * when unspaced text is split per character). */
static bool is_combining(uint32_t cp)
{
    return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1AB0 && cp <= 0x1AFF) ||
           (cp >= 0x1DC0 && cp <= 0x1DFF) || (cp >= 0x20D0 && cp <= 0x20FF) ||
           (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xFE20 && cp <= 0xFE2F) ||
           cp == 0x3099 || cp == 0x309A || cp == 0x0E31 || (cp >= 0x0E34 && cp <= 0x0E3A) ||
           (cp >= 0x0E47 && cp <= 0x0E4E) || cp == 0x0EB1 || (cp >= 0x0EB4 && cp <= 0x0EBC) ||
           (cp >= 0x0EC8 && cp <= 0x0ECE) || (cp >= 0x102B && cp <= 0x103E) ||
           (cp >= 0x1056 && cp <= 0x1059) || (cp >= 0x105E && cp <= 0x1060) ||
           (cp >= 0x1062 && cp <= 0x1064) || (cp >= 0x1067 && cp <= 0x106D) ||
           (cp >= 0x1071 && cp <= 0x1074) || (cp >= 0x1082 && cp <= 0x108D) ||
           (cp >= 0x17B4 && cp <= 0x17D3) || cp == 0x17DD || (cp >= 0x0F71 && cp <= 0x0F84) ||
           (cp >= 0x0F8D && cp <= 0x0FBC) || cp == 0x0F35 || cp == 0x0F37 || cp == 0x0F39 ||
           cp == 0x0F3E || cp == 0x0F3F;
}

static void push(sb_tokens *out, size_t start, size_t end, bool unspaced)
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

size_t sb_tokenize(const char *text, size_t len, unsigned flags, sb_tokens *out)
{
    size_t before = out->n;
    bool split = (flags & SB_TOK_SPLIT_UNSPACED) != 0;
    bool in_tok = false, tok_unspaced = false;
    size_t tok_start = 0;
    size_t i = 0, n;
    if (!text)
        return 0;
    while (i < len) {
        int32_t c = sb_utf8_decode(text + i, len - i, &n);
        if (c < 0 || !sb_is_word_cp((uint32_t)c)) {
            if (in_tok)
                push(out, tok_start, i, tok_unspaced);
            in_tok = false;
            i += n;
            continue;
        }
        uint32_t cp = (uint32_t)c;
        bool unspaced = sb_is_unspaced_script_cp(cp);
        if (in_tok && is_combining(cp)) {
            /* A mark belongs to whatever it follows. */
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

void sb_tokens_clear(sb_tokens *t)
{
    t->n = 0;
}

void sb_tokens_free(sb_tokens *t)
{
    free(t->v);
    t->v = NULL;
    t->n = t->cap = 0;
}

char *sb_token_lower(const char *text, const sb_token *tok)
{
    return sb_utf8_lower(text + tok->start, tok->len);
}

size_t sb_count_words(const char *text, size_t len)
{
    sb_tokens t = SB_TOKENS_INIT;
    size_t n = sb_tokenize(text, len, SB_TOK_SPLIT_UNSPACED, &t);
    sb_tokens_free(&t);
    return n;
}
