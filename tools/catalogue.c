/* catalogue.c — see catalogue.h. */
#include "catalogue.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int file_named(const Catalogue *c, const char *name) {
  for (int i = 0; i < c->count; i++)
    if (strcmp(c->names[i], name) == 0) return i;
  return -1;
}

/* The file that file i extends, when that one is a game of the directory
 * (compiles, and extends no file of the directory itself); else -1. An
 * extension of an extension stays a game: `--variant` on the first game
 * does not find its variants. */
static int base_of(const Catalogue *c, int i) {
  const char *extends = c->programs[i] ? ts_program_extends(c->programs[i]) : NULL;
  int b = extends ? file_named(c, extends) : -1;
  if (b < 0 || b == i || !c->programs[b]) return -1;
  const char *above = ts_program_extends(c->programs[b]);
  return above && file_named(c, above) >= 0 ? -1 : b;
}

int catalogue_open(Catalogue *c) {
  *c = (Catalogue){0};
  int count = cli_game_names(&c->names);
  if (count < 0) return -1;
  c->count = count;
  c->programs = calloc((size_t)count + 1, sizeof *c->programs);
  c->base = calloc((size_t)count + 1, sizeof *c->base);
  int compiled = 0;
  for (; c->programs && c->base && compiled < count; compiled++) {
    char *path = cli_game_path(c->names[compiled]);
    if (!path) break;
    TsCompileOptions options = cli_compile_options(NULL);
    c->programs[compiled] = ts_compile_file(path, &options, NULL);
    free(path);
  }
  /* serve answers a request that runs out "out of memory" and goes on. */
  if (!c->programs || !c->base || compiled < count) {
    catalogue_close(c);
    errno = ENOMEM;
    return -1;
  }
  for (int i = 0; i < count; i++) c->base[i] = base_of(c, i);
  return 0;
}

void catalogue_close(Catalogue *c) {
  for (int i = 0; c->programs && i < c->count; i++) ts_program_free(c->programs[i]);
  free(c->programs);
  free(c->base);
  cli_free_names(c->names, c->count);
  *c = (Catalogue){0};
}

bool catalogue_is_game(const Catalogue *c, int i) { return c->base[i] < 0; }

static bool declares(const TsProgram *p, const char *variant) {
  for (int i = 0; p && i < ts_program_variant_count(p); i++)
    if (strcmp(ts_program_variant_name(p, i), variant) == 0) return true;
  return false;
}

int catalogue_variants(const Catalogue *c, int i, ListedVariant **out) {
  const TsProgram *game = c->programs[i];
  int cap = game ? ts_program_variant_count(game) : 0, n = 0;
  for (int e = 0; e < c->count; e++)
    if (c->base[e] == i) cap += ts_program_variant_count(c->programs[e]);
  *out = calloc((size_t)cap + 1, sizeof **out);
  if (!*out) return -1;
  for (int v = 0; game && v < ts_program_variant_count(game); v++) (*out)[n++] = (ListedVariant){game, v, NULL};
  for (int e = 0; e < c->count; e++) {
    if (c->base[e] != i) continue;
    const TsProgram *p = c->programs[e];
    for (int v = 0; v < ts_program_variant_count(p); v++)
      if (!declares(game, ts_program_variant_name(p, v))) (*out)[n++] = (ListedVariant){p, v, c->names[e]};
  }
  return n;
}
