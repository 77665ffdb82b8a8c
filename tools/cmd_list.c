/* cmd_list.c — `tessera list`: the games in the games directory. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: tessera list\n"
    "\n"
    "Lists the games in the games directory ($TESSERA_GAMES, else the build's\n"
    "games/): file name, game name, player counts, and each variant with its\n"
    "description, and each match option with its default (set with --set).\n"
    "Use the file name as GAME in `tessera play GAME`.\n";

static void list_game(const char *name) {
  char *path = cli_game_path(name);
  if (!path) return;
  TsCompileOptions options = cli_compile_options(NULL);
  TsProgram *p = ts_compile_file(path, &options, NULL);
  if (!p) {
    printf("%-16s (does not compile: tessera check %s)\n", name, path);
    free(path);
    return;
  }
  char counts[64];
  cli_player_counts(p, counts, sizeof counts);
  printf("%-16s %-24s %s\n", name, ts_program_name(p), counts);
  for (int i = 0; i < ts_program_variant_count(p); i++) {
    const char *doc = ts_program_variant_doc(p, i);
    printf("    --variant %-16s %s\n", ts_program_variant_name(p, i), doc ? doc : "");
  }
  for (int i = 0; i < ts_program_option_count(p); i++) {
    char set[64];
    snprintf(set, sizeof set, "%s=%lld", ts_program_option_name(p, i), (long long)ts_program_option_default(p, i));
    printf("    --set %-20s %s\n", set, ts_program_option_doc(p, i));
  }
  ts_program_free(p);
  free(path);
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
  char **names;
  int count = cli_game_names(&names);
  if (count < 0) return cli_fail(1, "cannot read the games directory %s: %s", cli_games_dir(), strerror(errno));
  if (count == 0) printf("no games in %s\n", cli_games_dir());
  for (int i = 0; i < count; i++) list_game(names[i]);
  cli_free_names(names, count);
  return 0;
}
