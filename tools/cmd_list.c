/* cmd_list.c — `tessera list`: the games in the games directory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalogue.h"
#include "cli.h"
#include "cli_alloc.h"

static const char usage[] =
    "usage: tessera list\n"
    "\n"
    "Lists the games in the games directory ($TESSERA_GAMES, else the build's\n"
    "games/): file name, game name, player counts, and each variant with its\n"
    "description and what it includes, requires or excludes, and each match option\n"
    "with its default (set with --set). Use the file name as GAME in `tessera play GAME`.\n"
    "A file that extends a game of the directory is not listed as a game: its\n"
    "variants are listed with that game, marked `from FILE.tess`.\n";

/* Where a variant comes from (an extension's file) and what it needs or
 * refuses, one line under its description. */
static void print_relations(const ListedVariant *v) {
  const char *words[] = {"from", "includes", "requires", "excludes"};
  char from[256] = "";
  if (v->from) snprintf(from, sizeof from, "%s.tess", v->from);
  const char *lists[] = {from, ts_program_variant_includes(v->program, v->index),
                         ts_program_variant_requires(v->program, v->index),
                         ts_program_variant_excludes(v->program, v->index)};
  bool any = false;
  for (int k = 0; k < 4; k++) {
    if (!lists[k] || !*lists[k]) continue;
    printf("%s%s %s", any ? "; " : "        ", words[k], lists[k]);
    any = true;
  }
  if (any) putchar('\n');
}

static void list_game(const Catalogue *c, int g) {
  const char *name = c->names[g];
  const TsProgram *p = c->programs[g];
  if (!p) {
    char *path = cli_game_path(name);
    printf("%-16s (does not compile: tessera check %s)\n", name, path ? path : name);
    free(path);
    return;
  }
  char counts[64];
  cli_player_counts(p, counts, sizeof counts);
  printf("%-16s %-24s %s\n", name, ts_program_name(p), counts);
  ListedVariant *variants;
  int n = catalogue_variants(c, g, &variants);
  if (n < 0) cli_out_of_memory();
  for (int i = 0; i < n; i++) {
    const char *doc = ts_program_variant_doc(variants[i].program, variants[i].index);
    printf("    --variant %-16s %s\n", ts_program_variant_name(variants[i].program, variants[i].index), doc ? doc : "");
    print_relations(&variants[i]);
  }
  free(variants);
  for (int i = 0; i < ts_program_option_count(p); i++) {
    char set[64];
    snprintf(set, sizeof set, "%s=%lld", ts_program_option_name(p, i), (long long)ts_program_option_default(p, i));
    printf("    --set %-20s %s\n", set, ts_program_option_doc(p, i));
  }
}

int cmd_list(int argc, char **argv) {
  static const OptSpec specs[] = {{"--help", "-h", false}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 1);
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == OPT_ARG) return cli_fail(EXIT_USAGE, "list takes no arguments, got '%s'", op.value);
    fputs(usage, stdout);
    return 0;
  }
  Catalogue c;
  if (catalogue_open(&c) < 0)
    return cli_fail(1, "cannot read the games directory %s: %s", cli_games_dir(), strerror(errno));
  if (c.count == 0) printf("no games in %s\n", cli_games_dir());
  for (int i = 0; i < c.count; i++)
    if (catalogue_is_game(&c, i)) list_game(&c, i);
  catalogue_close(&c);
  return 0;
}
