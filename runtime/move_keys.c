/* move_keys.c — a key per legal option that names the same move in another
 * state: what a search that meets the same decision in several sampled
 * states (ts_determinize) uses to add up its statistics per move. Scalar
 * options (tiles, cells, placements) are their own key; list options are
 * keyed by their text. */
#include <string.h>
#include <xxhash.h>

#include "engine.h"

uint64_t ts_legal_key(const TsState *s, int i) {
  int n;
  const Value *options = engine_options(s, &n);
  if (i < 0 || i >= n) return 0;
  const char *type = s->match->prog->program->strings[s->block->option_type & ~OPTIONS_SECRET];
  if (type[0] != '[') return (uint64_t)options[i];
  char text[1024];
  ts_legal_text(s, i, text, sizeof text);
  return XXH3_64bits(text, strlen(text));
}
