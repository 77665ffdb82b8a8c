/* game_args.h — the options that choose the matches, shared by the commands
 * that play many (perft, stats): GAME, --variant, --players, --seed, --set. */
#ifndef TESSERA_TOOLS_GAME_ARGS_H
#define TESSERA_TOOLS_GAME_ARGS_H

#include <stdint.h>

#include "options.h"

typedef struct GameArgs {
  const char *game, *variants, *players;
  uint64_t seed; /* 1 unless given */
  char settings[512]; /* the --set values as one comma list ("" none) */
} GameArgs;

/* The settings for session_open_set: NULL when none were given. */
const char *game_args_settings(const GameArgs *g);

/* Takes the option opt_next returned when it is one of these (by its spec's
 * name; OPT_ARG is GAME): 0, or an exit status after the one-line reason.
 * Returns -1 when the option is another. */
int game_args_take(GameArgs *g, const char *command, const OptParser *op, int o);

#endif
