/* stopwords_data: internal interface between stopwords.c and the generated
 * word lists in stopwords_data.c.  Not for use outside the stopwords module. */
#ifndef SB_STOPWORDS_DATA_H
#define SB_STOPWORDS_DATA_H

#include <stddef.h>

#include "dom/text/stopwords.h"

typedef struct sb_stopword_table {
    const char *lang;          /* ISO 639-1 code */
    const char *const *words;  /* lower-case UTF-8, sorted by strcmp */
    size_t n;
} sb_stopword_table;

extern const sb_stopword_table sb_stopword_tables[SB_STOPWORD_LANGS];

#endif
