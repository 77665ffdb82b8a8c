/* matching.c — see matching.h.
 *
 * The fast path turns the rule into touch rows for board_placements_with:
 * for each distinct value v shown by the tile, the bit rows (over
 * board_frame) of the cells next to an occupied top cell that v matches.
 * A candidate is then kept when its cells are empty, it fits the board, and
 * some covered cell i lies on the rows of its value — one shift and OR per
 * cell and row of anchors, no per-candidate call. Matching implies touching,
 * so this is exactly ADJACENT plus the rule. Tile values outside 0..63 and
 * frames too big for bit rows take the direct path: board_placements with
 * match_holds as the filter. Board values may be anything (a start token
 * showing 99, say): they are classified one by one. */
#include "matching.h"

#include <stdbool.h>
#include <string.h>

static bool in_list(const int64_t *values, int count, int64_t v) {
  for (int i = 0; i < count; i++)
    if (values[i] == v) return true;
  return false;
}

static bool values_match(const MatchRule *r, int64_t mine, int64_t other) {
  return other == mine || in_list(r->any, r->any_count, other) || in_list(r->wild, r->wild_count, mine) ||
         in_list(r->wild, r->wild_count, other);
}

bool match_holds(const Board *b, const TileDef *tiles, const MatchRule *rule, Placement p) {
  const TileDef *t = &tiles[p.tile];
  Coord cells[TILE_MAX_CELLS];
  int n = placement_cells((GridKind)b->spec.grid, t, p, cells);
  int dirs = grid_dir_count((GridKind)b->spec.grid);
  for (int i = 0; i < n; i++)
    for (int d = 0; d < dirs; d++) {
      int e = board_top(b, grid_step((GridKind)b->spec.grid, cells[i], d));
      if (e >= 0 && values_match(rule, t->value[i], board_cell(b, e)->value)) return true;
    }
  return false;
}

/* ---- the fast path ---- */

/* The tile's distinct values and, per tile cell, which one it shows. */
typedef struct Values {
  int n, of_cell[TILE_MAX_CELLS];
  int value[TILE_MAX_CELLS];
  bool wild[TILE_MAX_CELLS]; /* matches every neighbour */
} Values;

static bool tile_values(const MatchRule *r, const TileDef *t, Values *vs) {
  vs->n = 0;
  for (int i = 0; i < t->cell_count; i++) {
    int v = t->value[i], k = 0;
    if (v < 0 || v >= 64) return false;
    while (k < vs->n && vs->value[k] != v) k++;
    if (k == vs->n) vs->value[vs->n] = v, vs->wild[vs->n++] = in_list(r->wild, r->wild_count, v);
    vs->of_cell[i] = k;
  }
  return true;
}

/* For each board value 0..63, the tile values (bit k of vs) it matches:
 * equal, either wild, or match-anything. A table per call, so each entry of
 * the board costs one lookup. */
static void match_table(const MatchRule *r, const Values *vs, uint8_t *table, uint8_t *wild_k,
                        uint8_t *all_k) {
  *all_k = (uint8_t)((1u << vs->n) - 1), *wild_k = 0;
  for (int k = 0; k < vs->n; k++)
    if (vs->wild[k]) *wild_k |= (uint8_t)(1u << k);
  memset(table, *wild_k, 64);
  for (int k = 0; k < vs->n; k++) table[vs->value[k]] |= (uint8_t)(1u << k);
  for (int i = 0; i < r->wild_count; i++)
    if (r->wild[i] >= 0 && r->wild[i] < 64) table[r->wild[i]] = *all_k;
  for (int i = 0; i < r->any_count; i++)
    if (r->any[i] >= 0 && r->any[i] < 64) table[r->any[i]] = *all_k;
}

/* Source rows: src[k] = occupied top cells that tile value k matches, over
 * the frame (src[k][y] bit x); occ = every occupied cell, for
 * board_placements_with (one pass over the entries for both). */
typedef uint64_t Rows[BOARD_FRAME_ROWS];

static void source_rows(const Board *b, const MatchRule *r, const Values *vs,
                        const BoardFrame *f, Rows *src, uint64_t *occ) {
  uint8_t table[64], wild_k, all_k;
  match_table(r, vs, table, &wild_k, &all_k);
  for (int k = 0; k < vs->n; k++) memset(src[k], 0, sizeof(uint64_t) * (size_t)f->h);
  memset(occ, 0, sizeof(uint64_t) * (size_t)f->h);
  const BoardCell *cells = board_cell(b, 0);
  bool stacked = b->spec.levels > 1;
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = &cells[e];
    int x = c->x - f->x0, y = c->y - f->y0; /* the frame holds every occupied cell */
    uint64_t bit = (uint64_t)1 << x;
    occ[y] |= bit;
    if (stacked && board_top(b, (Coord){c->x, c->y}) != e) continue; /* buried */
    int v = c->value;
    unsigned ks = v >= 0 && v < 64 ? table[v]
                  : in_list(r->any, r->any_count, v) || in_list(r->wild, r->wild_count, v) ? all_k
                                                                                          : wild_k;
    for (; ks; ks &= ks - 1) src[__builtin_ctz(ks)][y] |= bit;
  }
}

/* Returns -1 when the fast path does not apply. */
static int fast_placements(const Board *b, const TileDef *tiles, int tile_id, const MatchRule *rule,
                           Placement *out, int64_t *packed, int cap) {
  const TileDef *t = &tiles[tile_id];
  Values vs;
  BoardFrame f;
  if (!tile_values(rule, t, &vs) || !board_frame(b, t, &f)) return -1;
  Rows src[TILE_MAX_CELLS], occ;
  source_rows(b, rule, &vs, &f, src, occ);
  for (int k = 0; k < vs.n; k++) board_rows_grow(src[k], &f, (GridKind)b->spec.grid);
  PlaceOptions opt = {.occupied = occ, .packed = packed};
  for (int i = 0; i < t->cell_count; i++) opt.touch[i] = src[vs.of_cell[i]];
  return board_placements_with(b, tiles, tile_id, PLACE_ADJACENT, &opt, out, cap);
}

static bool direct_filter(void *ctx, const Board *b, Placement p) {
  const void *const *pair = ctx;
  return match_holds(b, pair[0], pair[1], p);
}

static int placements(const Board *b, const TileDef *tiles, int tile_id, const MatchRule *rule,
                      Placement *out, int64_t *packed, int cap) {
  if (b->count == 0) return 0; /* nothing to match */
  int n = fast_placements(b, tiles, tile_id, rule, out, packed, cap);
  if (n >= 0) return n;
  const void *pair[2] = {tiles, rule};
  PlaceOptions opt = {.filter = direct_filter, .ctx = pair, .packed = packed};
  return board_placements_with(b, tiles, tile_id, PLACE_ADJACENT, &opt, out, cap);
}

int match_placements(const Board *b, const TileDef *tiles, int tile_id, const MatchRule *rule,
                     Placement *out, int cap) {
  return placements(b, tiles, tile_id, rule, out, NULL, cap);
}

int match_placements_packed(const Board *b, const TileDef *tiles, int tile_id,
                            const MatchRule *rule, int64_t *out, int cap) {
  return placements(b, tiles, tile_id, rule, NULL, out, cap);
}
