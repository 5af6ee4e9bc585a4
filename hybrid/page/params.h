/* params: the "key=value,key=value" method parameter string of
 * sb_options.params.  Each method documents its own keys; this module only
 * finds a key's value, so every method parses the string the same way. */
#ifndef SB_PARAMS_H
#define SB_PARAMS_H

#include <stddef.h>

/* Copies the value of `key` into buf (NUL-terminated, truncated to n - 1
 * bytes) and returns buf, or returns NULL when params is NULL, the key is
 * absent or buf has no room.  Keys are matched exactly; surrounding spaces
 * of keys and values are ignored; a later duplicate overrides an earlier
 * one.  A bare "key" (no '=') has the empty value. */
const char *sb_param(const char *params, const char *key, char *buf, size_t n);

/* The value of `key` as a number, or `fallback` when it is absent or not a
 * complete finite number. */
double sb_param_double(const char *params, const char *key, double fallback);

#endif
