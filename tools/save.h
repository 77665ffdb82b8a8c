/* save.h — reading a saved match (any trace) for `play --resume`; writing
 * one is match_save (match.h). */
#ifndef TESSERA_TOOLS_SAVE_H
#define TESSERA_TOOLS_SAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct SavedGame {
  char *game;      /* a GAME argument: the name in the games directory, or the file */
  char *variants;  /* "a,b" or NULL */
  char *settings;  /* the match options, "name=3,other=1", or NULL */
  char *agents;    /* "human,mcts:500" */
  uint64_t seed;
  char **moves;    /* the texts of the moves applied, in order */
  int *seats;      /* who made each */
  int move_count;
} SavedGame;

/* Reads a trace; a last line cut off mid-way (an interrupted write) is
 * ignored. False with a one-line reason. */
bool saved_game_read(const char *path, SavedGame *g, char *err, size_t errlen);
void saved_game_free(SavedGame *g);

#endif
