/* matching.h — enumerating placements under the matching rule of domino
 * games: some covered cell touches an occupied top cell it matches, where
 * two values match when they are equal, when either is wild, or when the
 * occupied one matches anything (a start token). */
#ifndef TESSERA_MATCHING_H
#define TESSERA_MATCHING_H

#include "board.h"

/* The wild and match-anything values (the script's lists, read in place). */
typedef struct MatchRule {
  int wild_count, any_count;
  const int64_t *wild, *any;
} MatchRule;

/* Legal placements (PLACE_ADJACENT) of tile `tile_id` that satisfy the rule,
 * in board_placements' canonical order; returns the count (at most cap). */
int match_placements(const Board *b, const TileDef *tiles, int tile_id, const MatchRule *rule,
                     Placement *out, int cap);
/* The same, written packed (placement_pack, grid from the board): what the
 * VM's lists hold. */
int match_placements_packed(const Board *b, const TileDef *tiles, int tile_id,
                            const MatchRule *rule, int64_t *out, int cap);

/* The rule for one placement, checked directly on the board (the reference
 * the fast path is tested against). */
bool match_holds(const Board *b, const TileDef *tiles, const MatchRule *rule, Placement p);

#endif
