/* baseline.h — hand-written C implementations of games, used by `tessera
 * bench` as the speed limit to measure the VM against, and by a test as a
 * differential check of the whole engine. They live in tests/bench/: the
 * only place outside games/ where a game's rules are written in C. */
#ifndef TESSERA_TOOLS_BASELINE_H
#define TESSERA_TOOLS_BASELINE_H

#include <stdint.h>

enum { BASELINE_MAX_SEATS = 8 };

typedef struct BaselineResult {
  int64_t decisions;
  int64_t scores[BASELINE_MAX_SEATS];
  int seats;
} BaselineResult;

typedef struct Baseline {
  const char *game; /* file stem in games/ */
  int players;
  /* One playout with random agents: the same game seed and agent streams as
   * `tessera run GAME --seed seed -n 1`, so it plays the same game. */
  void (*playout)(uint64_t seed, BaselineResult *out);
} Baseline;

/* The baseline for a game and player count, or NULL. */
const Baseline *baseline_find(const char *game, int players);

#endif
