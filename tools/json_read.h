/* json_read.h — a small, strict JSON reader: a cursor over one text (one
 * line of a trace) from which values are read in the order they appear.
 * Containers are walked with jr_enter / jr_more:
 *
 *   if (!jr_enter(r, '{')) ...;
 *   for (bool first = true; jr_more(r, '}', &first);) { jr_key(r, ...); read the value }
 *   if (r->failed) ...;
 *
 * Strict: RFC 8259 syntax only (no comments, trailing commas, NaN, control
 * characters in strings, lone surrogates). The first error sticks: every
 * later call fails, and `error` says where (`col N: ...`). Pure. */
#ifndef TESSERA_TOOLS_JSON_READ_H
#define TESSERA_TOOLS_JSON_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct JsonReader {
  const char *text, *p, *end;
  bool failed;
  char error[160];
} JsonReader;

void jr_init(JsonReader *r, const char *text, size_t len);
/* Records an error at the cursor unless one is already recorded; returns false. */
bool jr_fail(JsonReader *r, const char *what);

/* Consumes `open` ('{' or '['). */
bool jr_enter(JsonReader *r, char open);
/* True when the container has another element (consumes the ',' before it);
 * false at `close` (consumed) or on an error. *first starts true. */
bool jr_more(JsonReader *r, char close, bool *first);
/* An object key and its ':'; the key is decoded into buf (NUL-terminated,
 * too long = error). */
bool jr_key(JsonReader *r, char *buf, size_t cap);

/* Values. jr_string mallocs the decoded text (NUL-terminated; *out NULL on error). */
bool jr_string(JsonReader *r, char **out);
bool jr_int(JsonReader *r, int64_t lo, int64_t hi, int64_t *out); /* integer syntax only */
bool jr_uint64(JsonReader *r, uint64_t *out);
bool jr_bool(JsonReader *r, bool *out);
/* Consumes `null` and returns true when the next value is null; false
 * (nothing consumed) otherwise. */
bool jr_null(JsonReader *r);
/* Checks any value and returns its exact text. */
bool jr_skip(JsonReader *r, const char **start, size_t *len);
/* True when nothing but whitespace is left. */
bool jr_finish(JsonReader *r);

#endif
