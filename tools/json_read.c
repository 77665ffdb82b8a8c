/* json_read.c — see json_read.h. */
#include "json_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 64 }; /* nesting jr_skip accepts; observations use about 5 */

void jr_init(JsonReader *r, const char *text, size_t len) {
  memset(r, 0, sizeof *r);
  r->text = r->p = text;
  r->end = text + len;
}

bool jr_fail(JsonReader *r, const char *what) {
  if (!r->failed) {
    r->failed = true;
    snprintf(r->error, sizeof r->error, "col %ld: %s", (long)(r->p - r->text) + 1, what);
  }
  return false;
}

static void skip_space(JsonReader *r) {
  while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r')) r->p++;
}

/* The next significant character, or 0 at the end. */
static char peek(JsonReader *r) {
  skip_space(r);
  return r->p < r->end ? *r->p : 0;
}

static bool literal(JsonReader *r, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n) != 0) return false;
  r->p += n;
  return true;
}

bool jr_enter(JsonReader *r, char open) {
  if (r->failed) return false;
  if (peek(r) != open) return jr_fail(r, open == '{' ? "expected an object" : "expected an array");
  r->p++;
  return true;
}

bool jr_more(JsonReader *r, char close, bool *first) {
  if (r->failed) return false;
  char c = peek(r);
  if (c == close) {
    r->p++;
    return false;
  }
  if (*first) {
    *first = false;
    return true;
  }
  if (c != ',') return jr_fail(r, close == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
  r->p++;
  if (peek(r) == close) return jr_fail(r, "trailing comma");
  return true;
}

static int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* The 4 hex digits after "\u". */
static bool read_hex4(JsonReader *r, unsigned *out) {
  *out = 0;
  for (int i = 0; i < 4; i++) {
    int d = r->p < r->end ? hex_digit(*r->p) : -1;
    if (d < 0) return jr_fail(r, "expected 4 hex digits after \\u");
    *out = *out << 4 | (unsigned)d;
    r->p++;
  }
  return true;
}

/* A \u escape (and its low surrogate) as a code point. */
static bool read_unicode_escape(JsonReader *r, unsigned *cp) {
  if (!read_hex4(r, cp)) return false;
  if (*cp >= 0xdc00 && *cp <= 0xdfff) return jr_fail(r, "lone low surrogate in \\u escape");
  if (*cp < 0xd800 || *cp > 0xdbff) return true;
  unsigned low;
  if (!literal(r, "\\u") || !read_hex4(r, &low) || low < 0xdc00 || low > 0xdfff)
    return jr_fail(r, "high surrogate without a low surrogate in \\u escape");
  *cp = 0x10000 + ((*cp - 0xd800) << 10) + (low - 0xdc00);
  return true;
}

static size_t put_utf8(char *out, unsigned cp) {
  if (cp < 0x80) {
    out[0] = (char)cp;
    return 1;
  }
  if (cp < 0x800) {
    out[0] = (char)(0xc0 | cp >> 6);
    out[1] = (char)(0x80 | (cp & 0x3f));
    return 2;
  }
  if (cp < 0x10000) {
    out[0] = (char)(0xe0 | cp >> 12);
    out[1] = (char)(0x80 | (cp >> 6 & 0x3f));
    out[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
  }
  out[0] = (char)(0xf0 | cp >> 18);
  out[1] = (char)(0x80 | (cp >> 12 & 0x3f));
  out[2] = (char)(0x80 | (cp >> 6 & 0x3f));
  out[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

/* Reads a string; with `out` (room for its raw length + 1) also decodes it. */
static bool read_string(JsonReader *r, char *out, size_t *len) {
  if (peek(r) != '"') return jr_fail(r, "expected a string");
  r->p++;
  size_t n = 0;
  for (;;) {
    if (r->p >= r->end) return jr_fail(r, "unterminated string");
    unsigned char c = (unsigned char)*r->p;
    if (c == '"') break;
    if (c < 0x20) return jr_fail(r, "control character in a string (use an escape)");
    r->p++;
    if (c != '\\') {
      if (out) out[n] = (char)c;
      n++;
      continue;
    }
    char e = r->p < r->end ? *r->p++ : 0;
    const char *plain = strchr("\"\\/bfnrt", e);
    if (e && plain) {
      static const char decoded[] = "\"\\/\b\f\n\r\t";
      if (out) out[n] = decoded[plain - "\"\\/bfnrt"];
      n++;
    } else if (e == 'u') {
      unsigned cp;
      if (!read_unicode_escape(r, &cp)) return false;
      char utf8[4];
      size_t k = put_utf8(utf8, cp); /* never longer than the escape it replaces */
      if (out) memcpy(out + n, utf8, k);
      n += k;
    } else {
      r->p--;
      return jr_fail(r, "unknown escape in a string");
    }
  }
  r->p++;
  if (out) out[n] = '\0';
  if (len) *len = n;
  return true;
}

bool jr_string(JsonReader *r, char **out) {
  *out = NULL;
  if (r->failed) return false;
  const char *start = r->p;
  if (!read_string(r, NULL, NULL)) return false;
  char *text = malloc((size_t)(r->p - start) + 1);
  if (!text) return jr_fail(r, "out of memory");
  r->p = start;
  read_string(r, text, NULL);
  *out = text;
  return true;
}

bool jr_key(JsonReader *r, char *buf, size_t cap) {
  if (r->failed) return false;
  const char *start = r->p;
  size_t len;
  if (!read_string(r, NULL, &len)) return false;
  if (len >= cap) {
    r->p = start;
    return jr_fail(r, "key too long");
  }
  char *tmp = malloc((size_t)(r->p - start) + 1);
  if (!tmp) return jr_fail(r, "out of memory");
  r->p = start;
  read_string(r, tmp, NULL);
  memcpy(buf, tmp, len + 1);
  free(tmp);
  if (peek(r) != ':') return jr_fail(r, "expected ':' after a key");
  r->p++;
  return true;
}

static bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?; *integral says whether
 * the last two parts were absent. */
static bool read_number(JsonReader *r, bool *integral) {
  skip_space(r);
  const char *p = r->p, *end = r->end;
  if (p < end && *p == '-') p++;
  if (p >= end || !is_digit(*p)) return jr_fail(r, "expected a number");
  if (*p == '0') p++;
  else
    while (p < end && is_digit(*p)) p++;
  if (p < end && is_digit(*p)) return jr_fail(r, "leading zero in a number");
  *integral = true;
  if (p < end && *p == '.') {
    *integral = false;
    if (++p >= end || !is_digit(*p)) return jr_fail(r, "expected digits after '.'");
    while (p < end && is_digit(*p)) p++;
  }
  if (p < end && (*p == 'e' || *p == 'E')) {
    *integral = false;
    p++;
    if (p < end && (*p == '+' || *p == '-')) p++;
    if (p >= end || !is_digit(*p)) return jr_fail(r, "expected digits in an exponent");
    while (p < end && is_digit(*p)) p++;
  }
  r->p = p;
  return true;
}

/* The magnitude of the integer at `p` (digits, after an optional '-'). */
static bool magnitude(const char *p, const char *end, uint64_t *out) {
  uint64_t v = 0;
  for (; p < end; p++) {
    unsigned d = (unsigned)(*p - '0');
    if (v > (UINT64_MAX - d) / 10) return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

bool jr_int(JsonReader *r, int64_t lo, int64_t hi, int64_t *out) {
  if (r->failed) return false;
  skip_space(r);
  const char *start = r->p;
  bool integral;
  if (!read_number(r, &integral)) return false;
  bool negative = *start == '-';
  uint64_t m;
  bool fits = integral && magnitude(start + negative, r->p, &m) &&
              m <= (negative ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX);
  int64_t v = !fits ? 0 : negative ? (int64_t)(0 - m) : (int64_t)m;
  if (!fits || v < lo || v > hi) {
    r->p = start;
    char what[96];
    snprintf(what, sizeof what, "expected an integer from %lld to %lld", (long long)lo, (long long)hi);
    return jr_fail(r, what);
  }
  *out = v;
  return true;
}

bool jr_uint64(JsonReader *r, uint64_t *out) {
  if (r->failed) return false;
  skip_space(r);
  const char *start = r->p;
  bool integral;
  if (!read_number(r, &integral)) return false;
  if (!integral || *start == '-' || !magnitude(start, r->p, out)) {
    r->p = start;
    return jr_fail(r, "expected an unsigned 64-bit integer");
  }
  return true;
}

bool jr_bool(JsonReader *r, bool *out) {
  if (r->failed) return false;
  skip_space(r);
  if (literal(r, "true")) *out = true;
  else if (literal(r, "false")) *out = false;
  else return jr_fail(r, "expected true or false");
  return true;
}

bool jr_null(JsonReader *r) {
  if (r->failed) return false;
  skip_space(r);
  return literal(r, "null");
}

static bool skip_value(JsonReader *r, int depth) {
  if (depth > MAX_DEPTH) return jr_fail(r, "nested too deeply");
  char c = peek(r);
  bool first = true, flag;
  switch (c) {
  case '{':
    r->p++;
    while (jr_more(r, '}', &first)) {
      if (!read_string(r, NULL, NULL)) return false;
      if (peek(r) != ':') return jr_fail(r, "expected ':' after a key");
      r->p++;
      if (!skip_value(r, depth + 1)) return false;
    }
    return !r->failed;
  case '[':
    r->p++;
    while (jr_more(r, ']', &first))
      if (!skip_value(r, depth + 1)) return false;
    return !r->failed;
  case '"': return read_string(r, NULL, NULL);
  case 't':
  case 'f': return jr_bool(r, &flag);
  case 'n': return jr_null(r) || jr_fail(r, "expected a value");
  default: return (c == '-' || is_digit(c)) ? read_number(r, &flag) : jr_fail(r, "expected a value");
  }
}

bool jr_skip(JsonReader *r, const char **start, size_t *len) {
  if (r->failed) return false;
  skip_space(r);
  const char *from = r->p;
  if (!skip_value(r, 0)) return false;
  *start = from;
  *len = (size_t)(r->p - from);
  return true;
}

bool jr_finish(JsonReader *r) {
  if (r->failed) return false;
  if (peek(r) != 0) return jr_fail(r, "unexpected text after the value");
  return true;
}
