/* trace_read.c — see trace_read.h. */
#include "trace_read.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_read.h"

/* Every field a line may carry; which ones were present. */
enum Field {
  F_VERSION, F_GAME, F_FILE, F_GAME_ID, F_VARIANTS, F_PLAYERS, F_SEATS, F_AGENTS, F_SEED,
  F_STEP, F_SEAT, F_HASH, F_OBSERVATION, F_LEGAL, F_MOVE, F_INDEX,
  F_FINAL, F_OVER, F_STEPS, F_SCORES, F_RANKING, F_ERROR, F_SET,
  FIELD_COUNT
};

static const char *const field_names[FIELD_COUNT] = {
    "tessera_trace", "game", "file", "game_id", "variants", "players", "seats", "agents", "seed",
    "step", "seat", "hash", "observation", "legal", "move", "index",
    "final", "over", "steps", "scores", "ranking", "error", "set",
};

static int find_field(const char *key) {
  for (int f = 0; f < FIELD_COUNT; f++)
    if (strcmp(field_names[f], key) == 0) return f;
  return -1;
}

static bool read_strings(JsonReader *r, TraceStrings *out) {
  if (!jr_enter(r, '[')) return false;
  for (bool first = true; jr_more(r, ']', &first);) {
    char **grown = realloc(out->items, ((size_t)out->count + 1) * sizeof *grown);
    if (!grown) return jr_fail(r, "out of memory");
    out->items = grown;
    if (!jr_string(r, &out->items[out->count])) return false;
    out->count++;
  }
  return !r->failed;
}

static bool read_ints(JsonReader *r, int64_t **items, int *count) {
  if (!jr_enter(r, '[')) return false;
  for (bool first = true; jr_more(r, ']', &first);) {
    int64_t *grown = realloc(*items, ((size_t)*count + 1) * sizeof *grown);
    if (!grown) return jr_fail(r, "out of memory");
    *items = grown;
    if (!jr_int(r, INT64_MIN, INT64_MAX, &(*items)[*count])) return false;
    (*count)++;
  }
  return !r->failed;
}

static bool read_small(JsonReader *r, int lo, int *out) {
  int64_t v;
  if (!jr_int(r, lo, 1000000000, &v)) return false;
  *out = (int)v;
  return true;
}

/* "0123456789abcdef": exactly 16 lowercase hex digits, as the trace writes them. */
static bool read_hash(JsonReader *r, uint64_t *out) {
  char *text;
  if (r->failed) return false;
  const char *at = r->p;
  if (!jr_string(r, &text)) return false;
  bool ok = strlen(text) == 16;
  uint64_t v = 0;
  for (int i = 0; ok && i < 16; i++) {
    char c = text[i];
    ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    v = v << 4 | (uint64_t)(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  free(text);
  if (!ok) {
    r->p = at;
    return jr_fail(r, "a hash is 16 lowercase hex digits");
  }
  *out = v;
  return true;
}

static bool read_nullable_string(JsonReader *r, char **out) {
  *out = NULL;
  return jr_null(r) || jr_string(r, out);
}

static bool read_field(JsonReader *r, int f, TraceLine *l) {
  TraceHeader *h = &l->header;
  TraceStep *s = &l->step;
  TraceFinal *fin = &l->final;
  int64_t version;
  bool final;
  switch (f) {
  case F_VERSION:
    if (!jr_int(r, 0, INT64_MAX, &version)) return false;
    if (version != TRACE_VERSION) return jr_fail(r, "unsupported tessera_trace version; this tessera reads 1");
    return true;
  case F_GAME: return jr_string(r, &h->game);
  case F_FILE: return jr_string(r, &h->file);
  case F_GAME_ID: return read_nullable_string(r, &h->game_id);
  case F_VARIANTS: return read_strings(r, &h->variants);
  case F_SET: return read_strings(r, &h->settings);
  case F_PLAYERS: return read_small(r, 1, &h->players);
  case F_SEATS: return read_small(r, 1, &h->seats);
  case F_AGENTS: return read_strings(r, &h->agents);
  case F_SEED: return jr_uint64(r, &h->seed);
  case F_STEP: return read_small(r, 0, &s->step);
  case F_SEAT: return read_small(r, 0, &s->seat);
  case F_HASH:
    if (!read_hash(r, &s->hash)) return false;
    fin->hash = s->hash;
    return true;
  case F_OBSERVATION: return jr_skip(r, &s->observation, &s->observation_len);
  case F_LEGAL: return read_strings(r, &s->legal);
  case F_MOVE: return jr_string(r, &s->move);
  case F_INDEX: return read_small(r, 0, &s->index);
  case F_FINAL:
    if (!jr_bool(r, &final)) return false;
    return final || jr_fail(r, "\"final\" is always true");
  case F_OVER: return jr_bool(r, &fin->over);
  case F_STEPS: return read_small(r, 0, &fin->steps);
  case F_SCORES: return read_ints(r, &fin->scores, &fin->score_count);
  case F_RANKING: return read_ints(r, &fin->ranking, &fin->ranking_count);
  case F_ERROR: return read_nullable_string(r, &fin->error);
  }
  return false;
}

/* The fields each kind of line must have. */
static const int header_fields[] = {F_VERSION, F_GAME, F_FILE, F_VARIANTS, F_PLAYERS, F_SEATS, F_AGENTS, F_SEED, -1};
static const int step_fields[] = {F_STEP, F_SEAT, F_HASH, F_OBSERVATION, F_LEGAL, F_MOVE, F_INDEX, -1};
static const int final_fields[] = {F_FINAL, F_OVER, F_STEPS, F_HASH, F_SCORES, F_RANKING, F_ERROR, -1};

static bool check_fields(const bool *seen, const int *required, const char *kind, char *err, size_t errlen) {
  for (int i = 0; required[i] >= 0; i++) {
    if (!seen[required[i]]) {
      snprintf(err, errlen, "%s line without \"%s\"", kind, field_names[required[i]]);
      return false;
    }
  }
  return true;
}

bool trace_read_line(const char *text, size_t len, TraceLine *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  bool seen[FIELD_COUNT] = {0};
  JsonReader r;
  jr_init(&r, text, len);
  jr_enter(&r, '{');
  for (bool first = true; jr_more(&r, '}', &first);) {
    char key[64];
    const char *skipped;
    size_t skipped_len;
    const char *at = r.p;
    int f = jr_key(&r, key, sizeof key) ? find_field(key) : -1;
    if (r.failed) break;
    if (f >= 0 && seen[f]) {
      r.p = at;
      jr_fail(&r, "duplicate key");
      break;
    }
    if (f >= 0) seen[f] = true;
    if (!(f >= 0 ? read_field(&r, f, out) : jr_skip(&r, &skipped, &skipped_len))) break;
  }
  if (!r.failed) jr_finish(&r);
  if (r.failed) {
    snprintf(err, errlen, "%s", r.error);
    return false;
  }
  if (seen[F_VERSION]) {
    out->kind = TRACE_HEADER;
    return check_fields(seen, header_fields, "header", err, errlen);
  }
  if (seen[F_FINAL]) {
    out->kind = TRACE_FINAL;
    return check_fields(seen, final_fields, "final", err, errlen);
  }
  if (seen[F_STEP]) {
    out->kind = TRACE_STEP;
    return check_fields(seen, step_fields, "step", err, errlen);
  }
  snprintf(err, errlen, "neither a header (\"tessera_trace\"), a step (\"step\") nor a final line (\"final\")");
  return false;
}

static void free_strings(TraceStrings *s) {
  for (int i = 0; i < s->count; i++) free(s->items[i]);
  free(s->items);
}

void trace_line_free(TraceLine *l) {
  free(l->header.game);
  free(l->header.file);
  free(l->header.game_id);
  free_strings(&l->header.variants);
  free_strings(&l->header.settings);
  free_strings(&l->header.agents);
  free_strings(&l->step.legal);
  free(l->step.move);
  free(l->final.scores);
  free(l->final.ranking);
  free(l->final.error);
  memset(l, 0, sizeof *l);
}
