/* obs_diff.h — what differs between two observations (docs/trace-format.md),
 * said in the game's terms: `tableau of P2 differs at 1,-1: expected 4, got
 * 5`, `supply differs: expected 33 items, got 32`. Boards are compared cell
 * by cell by position (placement order aside), vars by name, everything
 * else value by value. Fields only `got` has are ignored: a newer engine
 * may add fields, and a script may add variables, without a difference.
 * `tessera replay` reports the first difference; `replay --update` lists
 * several. Pure. */
#ifndef TESSERA_TOOLS_OBS_DIFF_H
#define TESSERA_TOOLS_OBS_DIFF_H

#include <jansson.h>
#include <stdbool.h>

typedef struct Diffs {
  char **lines; /* one message per difference, in observation order */
  int count;
  int max;      /* stop collecting after this many (> 0) */
  int more;     /* differences found beyond max */
  /* Optional: whether var `name` is per player, so that its entries are
   * named `hand of P2` rather than `hand[1]`. */
  bool (*per_player)(const void *ctx, const char *name);
  const void *ctx;
} Diffs;

/* Appends the differences between the recorded `want` and `got` to d. */
void obs_diff(const json_t *want, const json_t *got, Diffs *d);
/* Appends one message (printf-style) unless d is full. */
void diffs_add(Diffs *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diffs_free(Diffs *d);

#endif
