/* trace.c — see trace.h and docs/trace-format.md. */
#include "trace.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "cli.h"
#include "json.h"
#include "trace_rules.h"

static void write_header(Trace *t, const TsProgram *p, const char *file, const char *path, const char *id,
                         const StrList *variants, const TsState *s, const Agent *agents, uint64_t seed);

struct Trace {
  FILE *out;
  char *path;        /* the trace's own path: `file` is written relative to its folder */
  int viewer;        /* TS_VIEW_ALL for a full trace */
  char *observation; /* reused between steps; grows as needed */
  size_t cap;
};

Trace *trace_open(const char *path, char *err, size_t errlen) {
  return trace_open_view(path, TS_VIEW_ALL, err, errlen);
}

Trace *trace_open_view(const char *path, int viewer, char *err, size_t errlen) {
  Trace *t = calloc(1, sizeof *t);
  if (t) t->out = fopen(path, "w"), t->viewer = viewer;
  if (t) t->path = strdup(path);
  if (!t || !t->out || !t->path) {
    snprintf(err, errlen, "cannot write trace '%s': %s", path, strerror(errno));
    if (t && t->out) fclose(t->out);
    if (t) free(t->path);
    free(t);
    return NULL;
  }
  return t;
}

/* The rule file's name in the games directory ("hexdominomega" for
 * GAMES/hexdominomega.tess), or NULL when `file` is not directly in it.
 * Replay looks the game up by this name first: `file` is only valid on the
 * machine (and in the checkout) that wrote the trace. */
static char *game_id(const char *file) {
  const char *slash = strrchr(file, '/');
  const char *base = slash ? slash + 1 : file;
  size_t len = strlen(base);
  if (len <= 5 || strcmp(base + len - 5, ".tess") != 0) return NULL;
  char *dir = slash == file ? strdup("/") : slash ? strndup(file, (size_t)(slash - file)) : strdup(".");
  struct stat in_dir, games;
  bool same = dir && stat(dir, &in_dir) == 0 && stat(cli_games_dir(), &games) == 0 &&
              in_dir.st_dev == games.st_dev && in_dir.st_ino == games.st_ino;
  free(dir);
  return same ? strndup(base, len - 5) : NULL;
}

void trace_header(Trace *t, const TsProgram *p, const char *file, const StrList *variants,
                  const TsState *s, const Agent *agents, uint64_t seed) {
  char *id = game_id(file), *relative = trace_relative_file(t->path, file);
  write_header(t, p, relative ? relative : file, file, id, variants, s, agents, seed);
  free(relative);
  free(id);
}

void trace_header_as(Trace *t, const TsProgram *p, const char *file, const char *id, const StrList *variants,
                     const TsState *s, const Agent *agents, uint64_t seed) {
  write_header(t, p, file, NULL, id, variants, s, agents, seed);
}

/* `file` as the header says it; `path` the rule file to hash (NULL: none). */
static void write_header(Trace *t, const TsProgram *p, const char *file, const char *path, const char *id,
                         const StrList *variants, const TsState *s, const Agent *agents, uint64_t seed) {
  fputs("{\"tessera_trace\":1,\"game\":", t->out);
  json_put_string(t->out, ts_program_name(p));
  fputs(",\"file\":", t->out);
  json_put_string(t->out, file);
  fputs(",\"variants\":[", t->out);
  for (int i = 0; variants && i < variants->count; i++) {
    if (i) putc(',', t->out);
    json_put_string(t->out, variants->items[i]);
  }
  putc(']', t->out);
  if (ts_program_option_count(p) > 0) { /* the match options, as --set takes them */
    fputs(",\"set\":[", t->out);
    for (int i = 0; i < ts_program_option_count(p); i++) {
      char item[160];
      snprintf(item, sizeof item, "%s=%lld", ts_program_option_name(p, i), (long long)ts_program_option_value(p, i));
      if (i) putc(',', t->out);
      json_put_string(t->out, item);
    }
    putc(']', t->out);
  }
  fprintf(t->out, ",\"players\":%d,\"seats\":%d,\"agents\":[", ts_players(s), ts_seats(s));
  for (int i = 0; i < ts_players(s); i++) {
    if (i) putc(',', t->out);
    char spec[64];
    json_put_string(t->out, agent_spec_text(agents[i].kind, &agents[i].params, spec, sizeof spec));
  }
  if (t->viewer == TS_VIEW_ALL) fprintf(t->out, "],\"seed\":%" PRIu64 ",\"game_id\":", seed);
  else fputs("],\"seed\":null,\"game_id\":", t->out);
  json_put_string(t->out, id);
  char hash[17];
  if (path && trace_rules_hash(path, hash)) fprintf(t->out, ",\"rules_hash\":\"%s\"", hash);
  if (t->viewer != TS_VIEW_ALL) fprintf(t->out, ",\"viewer\":%d", t->viewer);
  fputs("}\n", t->out);
}

/* The engine's observation, grown and retried until it fits. */
static const char *observation(Trace *t, const TsState *s) {
  for (;;) {
    size_t n = t->cap ? ts_observation_json(s, t->viewer, t->observation, t->cap) : 0;
    if (t->cap && n < t->cap) return n ? t->observation : "null";
    size_t want = n + 1 > t->cap * 2 ? n + 1 : t->cap * 2;
    if (want < 65536) want = 65536;
    char *grown = realloc(t->observation, want);
    if (!grown) return "null";
    t->observation = grown;
    t->cap = want;
  }
}

static void hash_field(Trace *t, const TsState *s) {
  fprintf(t->out, "\"hash\":\"%016" PRIx64 "\"", ts_hash(s));
}

static bool hides_options(const Trace *t, const TsState *s, int seat) {
  return t->viewer != TS_VIEW_ALL && t->viewer != seat && ts_decision_secret(s);
}

void trace_step(Trace *t, const TsState *s, int step, int seat, int index) {
  char text[1024];
  fprintf(t->out, "{\"step\":%d,\"seat\":%d,", step, seat);
  if (t->viewer == TS_VIEW_ALL) {
    hash_field(t, s);
    putc(',', t->out);
  }
  fprintf(t->out, "\"observation\":%s,", observation(t, s));
  if (hides_options(t, s, seat)) {
    fprintf(t->out, "\"legal\":{\"hidden\":true,\"count\":%d},\"move\":{\"hidden\":true}}\n", ts_legal_count(s));
    return;
  }
  fputs("\"legal\":[", t->out);
  int count = ts_legal_count(s);
  for (int i = 0; i < count; i++) {
    if (i) putc(',', t->out);
    json_put_string(t->out, ts_legal_text(s, i, text, sizeof text));
  }
  fputs("],\"move\":", t->out);
  json_put_string(t->out, ts_legal_text(s, index, text, sizeof text));
  fprintf(t->out, ",\"index\":%d}\n", index);
}

void json_scores(FILE *out, const TsState *s) {
  putc('[', out);
  for (int i = 0; i < ts_seats(s); i++) fprintf(out, "%s%" PRId64, i ? "," : "", ts_score(s, i));
  putc(']', out);
}

void json_ranking(FILE *out, const TsState *s) {
  int seats = ts_seats(s);
  int *rank = calloc((size_t)seats + 1, sizeof *rank);
  if (rank) ts_ranking(s, rank);
  putc('[', out);
  for (int i = 0; i < seats; i++) fprintf(out, "%s%d", i ? "," : "", rank ? rank[i] : 0);
  putc(']', out);
  free(rank);
}

void trace_final(Trace *t, const TsState *s, int steps, const char *error) {
  fprintf(t->out, "{\"final\":true,\"over\":%s,\"steps\":%d,", ts_is_over(s) ? "true" : "false", steps);
  if (t->viewer == TS_VIEW_ALL) {
    hash_field(t, s);
    putc(',', t->out);
  }
  fprintf(t->out, "\"observation\":%s", observation(t, s));
  fputs(",\"scores\":", t->out);
  json_scores(t->out, s);
  fputs(",\"ranking\":", t->out);
  json_ranking(t->out, s);
  fputs(",\"error\":", t->out);
  json_put_string(t->out, error);
  fputs("}\n", t->out);
}

long trace_tell(Trace *t) { return ftell(t->out); }

bool trace_truncate(Trace *t, long offset) {
  return fflush(t->out) == 0 && ftruncate(fileno(t->out), offset) == 0 && fseek(t->out, offset, SEEK_SET) == 0;
}

bool trace_close(Trace *t) {
  if (!t) return true;
  bool ok = !ferror(t->out);
  ok = fclose(t->out) == 0 && ok;
  free(t->observation);
  free(t->path);
  free(t);
  return ok;
}
