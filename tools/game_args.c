/* game_args.c — see game_args.h. */
#include "game_args.h"

#include <string.h>

#include "cli.h"

int game_args_take(GameArgs *g, const char *command, const OptParser *op, int o) {
  if (o == OPT_ARG) return cli_take_game(command, &g->game, op->value);
  if (o < 0) return -1;
  const char *name = op->specs[o].name;
  if (strcmp(name, "--variant") == 0) g->variants = op->value;
  else if (strcmp(name, "--players") == 0) g->players = op->value;
  else if (strcmp(name, "--seed") == 0) return cli_parse_seed(op->value, &g->seed);
  else if (strcmp(name, "--set") == 0) return cli_add_setting(g->settings, sizeof g->settings, op->value);
  else return -1;
  return 0;
}

const char *game_args_settings(const GameArgs *g) {
  return g->settings[0] ? g->settings : NULL;
}
