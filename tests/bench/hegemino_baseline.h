/* hegemino_baseline.h — hand-written C Hegemino (2 players) with random
 * agents: the speed limit `tessera bench hegemino --players 2` measures the
 * VM against, and the other side of tests/unit/check_baseline.c. The rules
 * are games/hegemino.tess; see hegemino_baseline.c. */
#ifndef TESSERA_TESTS_BENCH_HEGEMINO_BASELINE_H
#define TESSERA_TESTS_BENCH_HEGEMINO_BASELINE_H

#include <stdint.h>

#include "../../tools/baseline.h"

/* One decision as the baseline saw it: the deciding seat, the number of
 * options, the index chosen, and the chosen option's move text exactly as
 * the engine writes it ("3-5" for a claim, "3-5 0,-2 S" for a placement). */
typedef void (*HegeminoDecisionHook)(void *ctx, int seat, int count, int chosen, const char *text);

/* One playout, the same game as `tessera run hegemino --players 2 --seed
 * seed -n 1` (same game generator, same random agents). */
void hegemino_baseline_playout(uint64_t seed, BaselineResult *out);

/* The same, reporting every decision to `hook` (NULL: none) — for the
 * differential test; the move text is only formatted when there is a hook. */
void hegemino_baseline_playout_traced(uint64_t seed, BaselineResult *out, HegeminoDecisionHook hook,
                                      void *ctx);

#endif
