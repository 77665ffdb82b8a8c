/* trace_read.c — see trace_read.h. */
#define _GNU_SOURCE /* asprintf, vasprintf, memmem */
#include "trace_read.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_alloc.h"

static bool fail_with(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail_with(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return false;
}

/* Reading one known field: each returns false after writing why into err. */
typedef struct Fields {
  json_t *object;
  char *err;
  size_t errlen;
} Fields;

static json_t *field(Fields *f, const char *key, const char *kind) {
  json_t *v = json_object_get(f->object, key);
  if (!v) fail_with(f->err, f->errlen, "%s line without \"%s\"", kind, key);
  return v;
}

static bool mistyped(Fields *f, const char *key, const char *want) {
  return fail_with(f->err, f->errlen, "\"%s\" must be %s", key, want);
}

static bool get_string(Fields *f, const char *key, const char *kind, bool nullable, char **out) {
  json_t *v = field(f, key, kind);
  if (!v) return false;
  if (nullable && json_is_null(v)) return true;
  if (!json_is_string(v)) return mistyped(f, key, nullable ? "a string or null" : "a string");
  *out = strdup(json_string_value(v));
  return *out != NULL;
}

static bool get_int(Fields *f, const char *key, const char *kind, json_int_t lo, json_int_t hi, int *out) {
  json_t *v = field(f, key, kind);
  if (!v) return false;
  if (!json_is_integer(v) || json_integer_value(v) < lo || json_integer_value(v) > hi) {
    char want[80];
    snprintf(want, sizeof want, "an integer from %lld to %lld", (long long)lo, (long long)hi);
    return mistyped(f, key, want);
  }
  *out = (int)json_integer_value(v);
  return true;
}

static bool get_bool(Fields *f, const char *key, const char *kind, bool *out) {
  json_t *v = field(f, key, kind);
  if (!v) return false;
  if (!json_is_boolean(v)) return mistyped(f, key, "true or false");
  *out = json_is_true(v);
  return true;
}

static bool get_strings(Fields *f, const char *key, const char *kind, TraceStrings *out) {
  json_t *v = field(f, key, kind), *item;
  size_t i;
  if (!v) return false;
  if (!json_is_array(v)) return mistyped(f, key, "an array of strings");
  out->items = calloc(json_array_size(v) + 1, sizeof *out->items);
  if (!out->items) return fail_with(f->err, f->errlen, "out of memory");
  json_array_foreach(v, i, item) {
    if (!json_is_string(item)) return mistyped(f, key, "an array of strings");
    out->items[out->count++] = cli_strdup(json_string_value(item));
  }
  return true;
}

static bool get_ints(Fields *f, const char *key, const char *kind, int64_t **items, int *count) {
  json_t *v = field(f, key, kind), *item;
  size_t i;
  if (!v) return false;
  if (!json_is_array(v)) return mistyped(f, key, "an array of integers");
  *items = calloc(json_array_size(v) + 1, sizeof **items);
  if (!*items) return fail_with(f->err, f->errlen, "out of memory");
  json_array_foreach(v, i, item) {
    if (!json_is_integer(item)) return mistyped(f, key, "an array of integers");
    (*items)[(*count)++] = json_integer_value(item);
  }
  return true;
}

/* "0123456789abcdef": exactly 16 lowercase hex digits, as the trace writes them. */
static bool parse_hash(const char *text, uint64_t *out) {
  if (!text || strlen(text) != 16) return false;
  uint64_t v = 0;
  for (int i = 0; i < 16; i++) {
    char c = text[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    v = v << 4 | (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  *out = v;
  return true;
}

static bool get_hash(Fields *f, const char *kind, uint64_t *out) {
  json_t *v = field(f, "hash", kind);
  if (!v) return false;
  return parse_hash(json_string_value(v), out) || mistyped(f, "hash", "16 lowercase hex digits");
}

/* The seed is an unsigned 64-bit number; Jansson's integers are signed, so
 * a seed above INT64_MAX arrives as the text Jansson refused (see
 * load_line) or as a non-negative integer. */
static bool get_seed(Fields *f, uint64_t big_seed, bool has_big_seed, uint64_t *out) {
  json_t *v = field(f, "seed", "header");
  if (!v) return false;
  if (has_big_seed) return *out = big_seed, true;
  if (!json_is_integer(v) || json_integer_value(v) < 0) return mistyped(f, "seed", "an unsigned 64-bit integer");
  *out = (uint64_t)json_integer_value(v);
  return true;
}

static bool read_header(Fields *f, TraceHeader *h, uint64_t big_seed, bool has_big_seed) {
  json_t *version = field(f, "tessera_trace", "header");
  if (!version) return false;
  if (!json_is_integer(version) || json_integer_value(version) != TRACE_VERSION)
    return fail_with(f->err, f->errlen, "unsupported tessera_trace version; this tessera reads %d", TRACE_VERSION);
  const char *k = "header";
  if (!get_string(f, "game", k, false, &h->game) || !get_string(f, "file", k, false, &h->file) ||
      !get_strings(f, "variants", k, &h->variants) || !get_int(f, "players", k, 1, 1000000000, &h->players) ||
      !get_int(f, "seats", k, 1, 1000000000, &h->seats) || !get_strings(f, "agents", k, &h->agents) ||
      !get_seed(f, big_seed, has_big_seed, &h->seed))
    return false;
  if (json_object_get(f->object, "game_id") && !get_string(f, "game_id", k, true, &h->game_id)) return false;
  if (json_object_get(f->object, "rules_hash") && !get_string(f, "rules_hash", k, true, &h->rules_hash)) return false;
  if (json_object_get(f->object, "set") && !get_strings(f, "set", k, &h->settings)) return false;
  return true;
}

static bool read_step(Fields *f, TraceStep *s) {
  const char *k = "step";
  if (!get_int(f, "step", k, 0, 1000000000, &s->step) || !get_int(f, "seat", k, 0, 1000000000, &s->seat) ||
      !get_hash(f, k, &s->hash) || !field(f, "observation", k) || !get_strings(f, "legal", k, &s->legal) ||
      !get_string(f, "move", k, false, &s->move) || !get_int(f, "index", k, 0, 1000000000, &s->index))
    return false;
  s->observation = json_incref(json_object_get(f->object, "observation"));
  return true;
}

static bool read_final(Fields *f, TraceFinal *fin) {
  const char *k = "final";
  json_t *final = field(f, "final", k);
  if (!final) return false;
  if (!json_is_true(final)) return fail_with(f->err, f->errlen, "\"final\" is always true");
  if (!get_bool(f, "over", k, &fin->over) || !get_int(f, "steps", k, 0, 1000000000, &fin->steps) ||
      !get_hash(f, k, &fin->hash) || !get_ints(f, "scores", k, &fin->scores, &fin->score_count) ||
      !get_ints(f, "ranking", k, &fin->ranking, &fin->ranking_count) ||
      !get_string(f, "error", k, true, &fin->error))
    return false;
  fin->observation = json_incref(json_object_get(f->object, "observation"));
  return true;
}

/* Jansson refuses integers beyond int64; a header's seed may be one. Such a
 * seed is read from the text and replaced by 0 for Jansson. */
static json_t *load_line(const char *text, size_t len, uint64_t *big_seed, bool *has_big_seed, char *err,
                         size_t errlen) {
  json_error_t e;
  json_t *root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &e);
  const char *key = "\"seed\":";
  const char *at = root ? NULL : memmem(text, len, key, strlen(key));
  if (!root && at && strstr(e.text, "too big")) {
    char *copy = cli_strndup(text, len);
    char *digits = copy + (at - text) + strlen(key), *end;
    errno = 0;
    unsigned long long v = strtoull(digits, &end, 10);
    if (copy && end > digits && *digits != '-' && errno == 0) {
      memmove(digits + 1, end, strlen(end) + 1);
      *digits = '0';
      root = json_loads(copy, JSON_REJECT_DUPLICATES, &e);
      *big_seed = v;
      *has_big_seed = root != NULL;
    }
    free(copy);
  }
  if (!root) fail_with(err, errlen, "col %d: %s", e.column, e.text);
  else if (!json_is_object(root)) {
    fail_with(err, errlen, "col 1: expected an object");
    json_decref(root);
    root = NULL;
  }
  return root;
}

bool trace_read_line(const char *text, size_t len, TraceLine *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  uint64_t big_seed = 0;
  bool has_big_seed = false;
  json_t *root = load_line(text, len, &big_seed, &has_big_seed, err, errlen);
  if (!root) return false;
  Fields f = {root, err, errlen};
  bool ok;
  if (json_object_get(root, "tessera_trace")) {
    out->kind = TRACE_HEADER;
    ok = read_header(&f, &out->header, big_seed, has_big_seed);
  } else if (json_object_get(root, "final")) {
    out->kind = TRACE_FINAL;
    ok = read_final(&f, &out->final);
  } else if (json_object_get(root, "step")) {
    out->kind = TRACE_STEP;
    ok = read_step(&f, &out->step);
  } else {
    ok = fail_with(err, errlen, "neither a header (\"tessera_trace\"), a step (\"step\") nor a final line (\"final\")");
  }
  json_decref(root);
  return ok;
}

static void free_strings(TraceStrings *s) {
  for (int i = 0; i < s->count; i++) free(s->items[i]);
  free(s->items);
}

void trace_line_free(TraceLine *l) {
  free(l->header.game);
  free(l->header.file);
  free(l->header.game_id);
  free(l->header.rules_hash);
  free_strings(&l->header.variants);
  free_strings(&l->header.agents);
  free_strings(&l->header.settings);
  free_strings(&l->step.legal);
  free(l->step.move);
  json_decref(l->step.observation);
  free(l->final.scores);
  free(l->final.ranking);
  free(l->final.error);
  json_decref(l->final.observation);
  memset(l, 0, sizeof *l);
}
