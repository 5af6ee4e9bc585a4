/* byline: the short lines under a headline that say who wrote the story
 * and when ("By Jane Doe · 5 March 2024", "Tuesday, May 6, 2003",
 * "Publié le 2 octobre 2024 à 16h10").
 *
 * The extractor uses them twice: such a line is never story text, and when
 * the page's metadata names no author or date, the visible line does.  Only
 * the shape of the line is read (a byline word, capitalised names, a date),
 * never a site's markup. */
#ifndef SB_BYLINE_H
#define SB_BYLINE_H

#include <stdbool.h>
#include <stddef.h>

/* Longest line (bytes) that can be a byline or dateline: past this it is a
 * sentence of the story that happens to start with "By". */
#define SB_BYLINE_MAX 200

/* True when line[0..len) reads as a byline: a byline word ("By", "Von",
 * "Par", "Por", "Door", "Written by", "بقلم"...) followed by a name.  With
 * `name` non-NULL, *name receives the names as written (malloc'd; "Hannah
 * Cole and Ravi Patel"), or NULL when none could be read. */
bool sb_byline_line(const char *line, size_t len, char **name);

/* True when line[0..len) is a dateline: a date with at most a few label
 * words around it ("Updated: 5 March 2024, 10:20").  With `iso` non-NULL,
 * *iso receives the date in ISO 8601 (malloc'd). */
bool sb_dateline_line(const char *line, size_t len, char **iso);

/* True when line[0..len) is a copyright or rights notice ("© 2024 ...",
 * "Copyright 2003 ... All rights reserved."). */
bool sb_rights_line(const char *line, size_t len);

/* True when line[0..len) is a short picture or source credit: a "©" in a
 * line of at most 160 bytes, or a label such as "Foto:", "Photo credit:",
 * "Quelle:", "Abbildung 4:" at its start. */
bool sb_credit_line(const char *line, size_t len);

/* True when one of the labels sb_credit_line knows ("Foto", "Credit",
 * "Quelle", ...) stands as a whole word anywhere in s[0..len). */
bool sb_credit_word_in(const char *s, size_t len);

#endif
