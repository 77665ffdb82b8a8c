/* fuzz_play.c — libFuzzer harness: bytes as a rule file; when it compiles,
 * one match with decisions drawn from a generator seeded by the input. At
 * every step a clone must hash like the original, every seat's observation
 * and every option's text must be producible, and the chosen option must
 * apply. Runtime errors are fine (they end the match); crashes are not. */
#include "fuzz_common.h"

#include <stdlib.h>
#include <string.h>

enum { MAX_DECISIONS = 200 };

static uint64_t next(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return *s;
}

static void check_step(TsState *s) {
  TsState *c = ts_clone(s); /* NULL only when memory ran out */
  if (c && ts_hash(c) != ts_hash(s)) abort();
  ts_free(c);
  static char buf[1 << 16];
  for (int seat = -1; seat < ts_seats(s); seat++) ts_observation_json(s, seat, buf, sizeof buf);
  int n = ts_legal_count(s);
  for (int i = 0; i < n && i < 64; i++) ts_legal_text(s, i, buf, sizeof buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  TsProgram *p = fuzz_compile(data, size);
  if (!p) return 0;
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < size; i++) seed = (seed ^ data[i]) * 1099511628211ull;
  char err[256];
  TsState *s = ts_new_game(p, 0, seed, err, sizeof err);
  if (s) {
    ts_set_limits(s, (TsLimits){.steps = 200000, .heap_bytes = 8 << 20});
    uint64_t rng = seed | 1;
    for (int d = 0; d < MAX_DECISIONS && !ts_is_over(s); d++) {
      check_step(s);
      int n = ts_legal_count(s);
      if (n <= 0) break;
      /* A listed move applies; what it leads to may be a runtime error,
       * which ends the match. */
      if (ts_apply(s, (int)(next(&rng) % (uint64_t)n), err, sizeof err) < 0 && !(ts_is_over(s) && ts_error(s))) abort();
    }
    ts_free(s);
  }
  ts_program_free(p);
  return 0;
}
