/* date: reading publication dates as pages write them and normalising
 * them to ISO 8601.
 *
 * Accepted forms (the time part is optional everywhere):
 *   ISO 8601          2024-03-05, 2024-03-05T10:20:30.123+01:00, 2024/03/05
 *   RFC 822/1123      Tue, 05 Mar 2024 10:20:30 GMT (also "+0100", "EST")
 *   day month year    5 March 2024, 5. März 2024, 5 mars 2024,
 *                     5 de marzo de 2024, 1er mars 2024, 5th of March 2024
 *   month day year    March 5, 2024, Mar. 5th 2024
 *   numeric d.m.y     05.03.2024 (European); 25/03/2024 and 03/25/2024 only
 *                     when the day is unambiguous (> 12)
 *   CJK               2024年3月5日, 2024년 3월 5일
 *   ISO basic         20210504T132005+0200 (with its time only)
 *   asctime, date(1)  Fri Feb 18 10:27:24 2022, Mon Oct 11 14:57:21 CEST 2021
 * Month names in English, German, French, Spanish, Italian, Portuguese and
 * Dutch, full or abbreviated, any case.  Times: 10:20, 10:20:30, 10h20,
 * 10.20 Uhr, with am/pm; zones Z, UTC/GMT, numeric offsets, and common
 * abbreviations (EST, CET, MESZ...).
 *
 * Output keeps only what was given: "YYYY-MM-DD", or
 * "YYYY-MM-DDTHH:MM:SS" followed by "Z" or "+hh:mm" when a zone was given
 * (seconds default to 00; fractions are dropped).  Impossible dates
 * (2023-02-29, month 13, 25:00) are rejected. */
#ifndef SB_DATE_H
#define SB_DATE_H

#include <stddef.h>

/* Longest string the functions below return, terminator included. */
#define SB_DATE_MAX 32

/* The first date in a short string such as a meta content attribute or a
 * <time> element ("Updated: Tuesday 5 March 2024, 10:20 CET").  Years
 * 1000-2999.  A value that is only a Unix time (10 digits, or 13 for
 * milliseconds) is read as UTC.  Returns a malloc'd ISO string or NULL. */
char *sb_date_parse(const char *s);

/* The first date in running visible text (a dateline).  Stricter about
 * plausibility: years 1900-2199.  Returns a malloc'd ISO string or NULL. */
char *sb_date_find_in_text(const char *text);

/* sb_date_find_in_text that also reports where the match lies: bytes
 * [*start, *end) of text, including a weekday name just before the date
 * and the time and zone after it.  Either pointer may be NULL. */
char *sb_date_find_span(const char *text, size_t *start, size_t *end);

#endif
