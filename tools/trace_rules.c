/* trace_rules.c — see trace_rules.h. */
#define _GNU_SOURCE /* asprintf, vasprintf, memmem */
#include "trace_rules.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

#include "cli.h"
#include "replay_paths.h"
#include "trace_read.h"

static bool readable(const char *path) {
  return path && access(path, R_OK) == 0;
}

/* The folder of `path` ("." for a bare name), malloc'ed. */
static char *folder_of(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash) return strdup(".");
  if (slash == path) return strdup("/");
  return strndup(path, (size_t)(slash - path));
}

/* `file` taken against the trace's folder unless absolute. */
static char *beside_trace(const char *trace_path, const char *file) {
  if (file[0] == '/') return strdup(file);
  char *dir = folder_of(trace_path), *out = NULL;
  if (dir && asprintf(&out, "%s/%s", dir, file) < 0) out = NULL;
  free(dir);
  return out;
}

static char *in_games(const char *name) {
  char *path = name ? cli_game_path(name) : NULL;
  if (readable(path)) return path;
  free(path);
  return NULL;
}

static char *stem_of(const char *file) {
  const char *slash = strrchr(file, '/');
  const char *base = slash ? slash + 1 : file;
  size_t len = strlen(base);
  if (len > 5 && strcmp(base + len - 5, ".tess") == 0) len -= 5;
  return strndup(base, len);
}

/* A trace is data from anywhere: what its header names is read only where
 * the path policy allows (replay_paths.h): a .tess file inside the trace's
 * folder or the games directory, or a plain game name. */
char *trace_rules_path(const char *trace_path, const TraceHeader *h, const char *rules, RulesFound *how) {
  if (rules) return *how = RULES_GIVEN, strdup(rules);
  char *path = beside_trace(trace_path, h->file);
  if (readable(path) && replay_rules_allowed(path, trace_path, cli_games_dir(), NULL))
    return *how = RULES_BY_FILE, path;
  free(path);
  if (h->game_id && replay_plain_name(h->game_id) && (path = in_games(h->game_id))) return *how = RULES_BY_ID, path;
  char *stem = stem_of(h->file);
  path = stem && replay_plain_name(stem) ? in_games(stem) : NULL;
  free(stem);
  if (path) return *how = RULES_BY_STEM, path;
  *how = RULES_NONE;
  return NULL;
}

/* Components of an absolute path ("/a/b" -> "a", "b"), cut in place. */
static int components(char *path, char **out, int max) {
  int n = 0;
  for (char *part = strtok(path, "/"); part && n < max; part = strtok(NULL, "/")) out[n++] = part;
  return n;
}

char *trace_relative_file(const char *trace_path, const char *file) {
  if (file[0] == '/') return strdup(file);
  char *dir = folder_of(trace_path), *target_dir = folder_of(file);
  char from[PATH_MAX], to[PATH_MAX];
  bool ok = dir && target_dir && realpath(dir, from) && realpath(target_dir, to);
  free(dir);
  free(target_dir);
  if (!ok) return strdup(file);
  char *a[256], *b[256];
  int na = components(from, a, 256), nb = components(to, b, 256), common = 0;
  while (common < na && common < nb && strcmp(a[common], b[common]) == 0) common++;
  char *out = NULL;
  size_t len = 0;
  FILE *o = open_memstream(&out, &len);
  if (!o) return strdup(file);
  for (int i = common; i < na; i++) fputs("../", o);
  for (int i = common; i < nb; i++) fprintf(o, "%s/", b[i]);
  const char *slash = strrchr(file, '/');
  fputs(slash ? slash + 1 : file, o);
  fclose(o);
  return out;
}

bool trace_rules_hash(const char *path, char *buf) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  XXH3_state_t *st = XXH3_createState();
  bool ok = st && XXH3_64bits_reset(st) == XXH_OK;
  char chunk[65536];
  for (size_t n; ok && (n = fread(chunk, 1, sizeof chunk, f)) > 0;) ok = XXH3_64bits_update(st, chunk, n) == XXH_OK;
  ok = ok && !ferror(f);
  if (ok) snprintf(buf, 17, "%016" PRIx64, (uint64_t)XXH3_64bits_digest(st));
  XXH3_freeState(st);
  fclose(f);
  return ok;
}
