/* replay_paths.c — the path policy of `tessera replay` (see the header). */
#include "replay_paths.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

bool replay_plain_name(const char *name) {
  size_t n = 0;
  for (const char *p = name; *p; p++, n++) {
    char c = *p;
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return false;
  }
  return n >= 1 && n <= 64;
}

static bool ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), m = strlen(tail);
  return n >= m && strcmp(s + n - m, tail) == 0;
}

/* Whether the real path `file` lies inside the real folder `dir`. */
static bool inside(const char *file, const char *dir) {
  char real_dir[PATH_MAX];
  if (!dir || !realpath(dir, real_dir)) return false;
  size_t n = strlen(real_dir);
  if (n == 1) return true; /* "/" */
  return strncmp(file, real_dir, n) == 0 && file[n] == '/';
}

static bool same_file(const char *real_file, const char *other) {
  char real_other[PATH_MAX];
  return other && realpath(other, real_other) && strcmp(real_file, real_other) == 0;
}

bool replay_rules_allowed(const char *file, const char *trace_path, const char *games_dir, const char *rules) {
  char real_file[PATH_MAX];
  if (!file || !realpath(file, real_file)) return false;
  if (same_file(real_file, rules)) return true;
  if (!ends_with(real_file, ".tess")) return false;
  char *folder = strdup(trace_path ? trace_path : "");
  if (!folder) return false;
  char *slash = strrchr(folder, '/');
  const char *trace_dir = slash ? (slash == folder ? "/" : (*slash = 0, folder)) : ".";
  bool ok = inside(real_file, trace_dir) || inside(real_file, games_dir);
  free(folder);
  return ok;
}
