/* baselines.c — the registry of hand-written baselines (tests/bench/). */
#include <stddef.h>
#include <string.h>

#include "baseline.h"
#include "../tests/bench/hegemino_baseline.h"

static const Baseline baselines[] = {
    {"hegemino", 2, hegemino_baseline_playout},
    {NULL, 0, NULL},
};

const Baseline *baseline_find(const char *game, int players) {
  for (size_t i = 0; baselines[i].game; i++)
    if (strcmp(baselines[i].game, game) == 0 && baselines[i].players == players) return &baselines[i];
  return NULL;
}
