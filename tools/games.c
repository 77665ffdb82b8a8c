/* games.c — finding rule files and compiling them for the subcommands. */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli.h"
#include "cli_alloc.h"

#ifndef TESSERA_DEFAULT_GAMES
#define TESSERA_DEFAULT_GAMES "games"
#endif

int cli_fail(int status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("tessera: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return status;
}

int cli_bad_option(const OptParser *p) {
  return cli_fail(EXIT_USAGE, "%s", p->error);
}

const char *cli_games_dir(void) {
  const char *env = getenv("TESSERA_GAMES");
  return env && *env ? env : TESSERA_DEFAULT_GAMES;
}

static int compare_names(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int cli_game_names(char ***names) {
  *names = NULL;
  DIR *dir = opendir(cli_games_dir());
  if (!dir) return -1;
  int count = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(dir))) {
    size_t len = strlen(e->d_name);
    if (len <= 5 || e->d_name[0] == '.' || strcmp(e->d_name + len - 5, ".tess") != 0) continue;
    if (count == cap) {
      cap = cap ? cap * 2 : 16;
      char **grown = realloc(*names, (size_t)cap * sizeof **names);
      if (!grown) break;
      *names = grown;
    }
    (*names)[count++] = cli_strndup(e->d_name, len - 5);
  }
  closedir(dir);
  if (count) qsort(*names, (size_t)count, sizeof **names, compare_names);
  return count;
}

void cli_free_names(char **names, int count) {
  for (int i = 0; i < count; i++) free(names[i]);
  free(names);
}

char *cli_game_path(const char *name) {
  size_t cap = strlen(cli_games_dir()) + strlen(name) + sizeof "/.tess";
  char *path = malloc(cap);
  if (path) snprintf(path, cap, "%s/%s.tess", cli_games_dir(), name);
  return path;
}

static bool looks_like_path(const char *game) {
  size_t len = strlen(game);
  return strchr(game, '/') || (len > 5 && strcmp(game + len - 5, ".tess") == 0);
}

static int unknown_game(const char *game) {
  char **names;
  int count = cli_game_names(&names);
  if (count < 0) return cli_fail(EXIT_USAGE, "unknown game '%s'; cannot read the games directory %s: %s",
                                 game, cli_games_dir(), strerror(errno));
  if (count == 0) return cli_fail(EXIT_USAGE, "unknown game '%s'; no games in %s", game, cli_games_dir());
  fprintf(stderr, "tessera: unknown game '%s'; games: ", game);
  for (int i = 0; i < count; i++) fprintf(stderr, "%s%s", i ? ", " : "", names[i]);
  fputs(" (or a path to a .tess file)\n", stderr);
  cli_free_names(names, count);
  return EXIT_USAGE;
}

/* Why the last cli_resolve_game failed: 1 for a file that cannot be read,
 * EXIT_USAGE for an unknown name (docs/cli.md, exit status). */
static int resolve_status = EXIT_USAGE;
int cli_resolve_failure(void) { return resolve_status; }

char *cli_resolve_game(const char *game) {
  struct stat st;
  resolve_status = EXIT_USAGE;
  if (looks_like_path(game)) {
    resolve_status = 1;
    if (stat(game, &st) != 0) {
      cli_fail(1, "cannot open '%s': %s", game, strerror(errno));
      return NULL;
    }
    if (S_ISDIR(st.st_mode)) {
      cli_fail(1, "'%s' is a directory; expected a .tess file", game);
      return NULL;
    }
    return cli_strdup(game);
  }
  /* A name: exact file first, then a case-insensitive match. */
  char **names;
  int count = cli_game_names(&names);
  const char *found = NULL;
  for (int i = 0; i < count && !found; i++)
    if (strcmp(names[i], game) == 0) found = names[i];
  for (int i = 0; i < count && !found; i++)
    if (strcasecmp(names[i], game) == 0) found = names[i];
  char *path = found ? cli_game_path(found) : NULL;
  cli_free_names(names, count < 0 ? 0 : count);
  if (!found) unknown_game(game);
  return path;
}

TsCompileOptions cli_compile_options(const StrList *variants) {
  TsCompileOptions o = {0};
  if (variants) {
    o.variants = variants->items;
    o.variant_count = variants->count;
  }
  o.games_dir = cli_games_dir();
  /* Set by `tessera test --coverage` for the processes it runs. */
  const char *coverage = getenv(TEST_COVERAGE_ENV);
  if (coverage && *coverage) o.coverage_file = coverage;
  return o;
}

static int unknown_variant(const TsProgram *p, const char *name) {
  int n = ts_program_variant_count(p);
  if (n == 0)
    return cli_fail(EXIT_USAGE, "unknown variant '%s'; %s has no variants", name, ts_program_name(p));
  fprintf(stderr, "tessera: unknown variant '%s' for %s; variants: ", name, ts_program_name(p));
  for (int i = 0; i < n; i++) fprintf(stderr, "%s%s", i ? ", " : "", ts_program_variant_name(p, i));
  fputc('\n', stderr);
  return EXIT_USAGE;
}

/* Whether the diagnostics written to f mention `text`. */
static bool diagnostics_say(FILE *f, const char *text) {
  char line[1024];
  rewind(f);
  while (fgets(line, sizeof line, f))
    if (strstr(line, text)) return true;
  return false;
}

static void copy_out(FILE *from, FILE *to) {
  char buf[4096];
  size_t n;
  rewind(from);
  while ((n = fread(buf, 1, sizeof buf, from)) > 0) fwrite(buf, 1, n, to);
}

static bool variant_known(const TsProgram *base, const char *name) {
  for (int i = 0; i < ts_program_variant_count(base); i++)
    if (strcmp(ts_program_variant_name(base, i), name) == 0) return true;
  return false;
}

static bool variants_known(const TsProgram *base, const StrList *variants) {
  for (int v = 0; v < variants->count; v++)
    if (!variant_known(base, variants->items[v])) return false;
  return true;
}

static int check_variant_names(const TsProgram *base, const StrList *variants) {
  for (int v = 0; v < variants->count; v++) {
    if (!variant_known(base, variants->items[v])) return unknown_variant(base, variants->items[v]);
    for (int w = 0; w < v; w++)
      if (strcmp(variants->items[w], variants->items[v]) == 0)
        return cli_fail(EXIT_USAGE, "variant '%s' selected twice", variants->items[v]);
  }
  return 0;
}

int cli_load_program(const char *path, const StrList *variants, unsigned plain, TsProgram **out) {
  *out = NULL;
  TsCompileOptions base_options = cli_compile_options(NULL);
  base_options.no_inline = plain & CLI_NO_INLINE;
  base_options.no_superinstructions = plain & CLI_NO_SUPERINSTRUCTIONS;
  TsProgram *base = ts_compile_file(path, &base_options, stderr);
  if (!base) return 1;
  if (!variants || variants->count == 0) {
    *out = base;
    return 0;
  }
  TsCompileOptions options = cli_compile_options(variants);
  options.no_inline = plain & CLI_NO_INLINE;
  options.no_superinstructions = plain & CLI_NO_SUPERINSTRUCTIONS;
  /* A variant the game's own files do not declare may live in a file that
   * extends the game (lang/extensions.c): try that before calling it unknown;
   * when it was found but the selection fails, say why. */
  if (!variants_known(base, variants)) {
    FILE *why = tmpfile();
    *out = ts_compile_file(path, &options, why);
    if (*out || (why && !diagnostics_say(why, "unknown variant"))) {
      if (!*out) copy_out(why, stderr);
      if (why) fclose(why);
      ts_program_free(base);
      return *out ? 0 : 1;
    }
    if (why) fclose(why);
  }
  int status = check_variant_names(base, variants);
  ts_program_free(base);
  if (status) return status;
  *out = ts_compile_file(path, &options, stderr);
  return *out ? 0 : 1;
}

int cli_add_setting(char *buf, size_t cap, const char *value) {
  size_t used = strlen(buf);
  int n = snprintf(buf + used, cap - used, "%s%s", used ? "," : "", value);
  if (n < 0 || (size_t)n >= cap - used) return cli_fail(EXIT_USAGE, "--set: too many settings");
  return 0;
}

void cli_option_list(const TsProgram *p, char *buf, size_t cap) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < ts_program_option_count(p) && used < cap; i++) {
    int n = snprintf(buf + used, cap - used, "%s%s (default %lld)", i ? ", " : "", ts_program_option_name(p, i),
                     (long long)ts_program_option_default(p, i));
    if (n < 0) break;
    used += (size_t)n;
  }
}

/* Each NAME=NUMBER names an option of p, once, with an int value. */
static int check_settings(const TsProgram *p, const StrList *settings) {
  char valid[512];
  cli_option_list(p, valid, sizeof valid);
  for (int i = 0; i < settings->count; i++) {
    const char *item = settings->items[i], *eq = strchr(item, '=');
    if (ts_program_option_count(p) == 0)
      return cli_fail(EXIT_USAGE, "--set %s: %s has no options", item, ts_program_name(p));
    if (!eq) return cli_fail(EXIT_USAGE, "--set wants NAME=NUMBER, got '%s'; options: %s", item, valid);
    size_t len = (size_t)(eq - item);
    int found = -1;
    for (int k = 0; k < ts_program_option_count(p); k++) {
      const char *name = ts_program_option_name(p, k);
      if (strlen(name) == len && strncmp(name, item, len) == 0) found = k;
    }
    if (found < 0)
      return cli_fail(EXIT_USAGE, "unknown option '%.*s' for %s; options: %s", (int)len, item, ts_program_name(p), valid);
    long v;
    if (!opt_parse_int(eq + 1, -1000000000, 1000000000, &v))
      return cli_fail(EXIT_USAGE, "--set %.*s wants a number, got '%s'; options: %s", (int)len, item, eq + 1, valid);
    for (int j = 0; j < i; j++)
      if (strncmp(settings->items[j], item, len + 1) == 0)
        return cli_fail(EXIT_USAGE, "option '%.*s' set twice", (int)len, item);
  }
  return 0;
}

int cli_load_program_set(const char *path, const StrList *variants, const StrList *settings, unsigned plain,
                         TsProgram **out) {
  int status = cli_load_program(path, variants, plain, out);
  if (status || !settings || settings->count == 0) return status;
  status = check_settings(*out, settings);
  ts_program_free(*out);
  *out = NULL;
  if (status) return status;
  TsCompileOptions options = cli_compile_options(variants && variants->count ? variants : NULL);
  options.no_inline = plain & CLI_NO_INLINE;
  options.no_superinstructions = plain & CLI_NO_SUPERINSTRUCTIONS;
  options.settings = settings->items;
  options.setting_count = settings->count;
  *out = ts_compile_file(path, &options, stderr);
  return *out ? 0 : 1;
}

void cli_player_counts(const TsProgram *p, char *buf, size_t cap) {
  int lo = ts_program_min_players(p), hi = ts_program_max_players(p);
  if (lo == hi) snprintf(buf, cap, "%d player%s", lo, lo == 1 ? "" : "s");
  else snprintf(buf, cap, "%d-%d players", lo, hi);
}

int cli_take_game(const char *command, const char **game, const char *value) {
  if (*game) return cli_fail(EXIT_USAGE, "%s takes one GAME, got '%s' and '%s'", command, *game, value);
  *game = value;
  return 0;
}

int cli_need_game(const char *command, const char *game) {
  if (game) return 0;
  return cli_fail(EXIT_USAGE, "%s wants a GAME (a name from `tessera list` or a .tess file)", command);
}

int cli_parse_seed(const char *value, uint64_t *seed) {
  if (opt_parse_u64(value, seed)) return 0;
  return cli_fail(EXIT_USAGE, "--seed wants an unsigned 64-bit number, got '%s'", value);
}
