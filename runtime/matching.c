/* matching.c — see matching.h.
 *
 * The fast path computes, once per call, which values each empty cell next
 * to the tableau would accept (a 64-bit mask over values 0..63, in a grid
 * over the occupied frame), and the tile's cell offsets for every
 * orientation. A candidate then costs one mask test per covered cell
 * instead of a board lookup per neighbour. Values outside 0..63, or a frame
 * too large for the grid, take the direct path (match_holds). */
#include "matching.h"

#include <stdbool.h>
#include <string.h>

enum { ACCEPT_CELLS = 64 * 64, MAX_ORIENTATIONS = 12 };

typedef struct Accept {
  const MatchRule *rule;
  const TileDef *tiles;
  int x0, y0, w, h;
  Coord rel[MAX_ORIENTATIONS][TILE_MAX_CELLS]; /* cell i from cell 0, per orientation */
  uint64_t mask[ACCEPT_CELLS];
} Accept;

static _Thread_local Accept accept_table;

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

static bool direct_filter(void *ctx, const Board *b, Placement p) {
  const Accept *a = ctx;
  return match_holds(b, a->tiles, a->rule, p);
}

/* Values an empty cell accepts from one occupied neighbour showing `other`. */
static uint64_t accepted_from(const MatchRule *r, int64_t other, uint64_t wild_mask) {
  if (in_list(r->any, r->any_count, other) || in_list(r->wild, r->wild_count, other)) return ~(uint64_t)0;
  return wild_mask | (other >= 0 && other < 64 ? (uint64_t)1 << other : 0);
}

static bool fits_mask(const MatchRule *r, const TileDef *t, uint64_t *wild_mask) {
  *wild_mask = 0;
  for (int i = 0; i < r->wild_count; i++) {
    if (r->wild[i] < 0 || r->wild[i] >= 64) return false;
    *wild_mask |= (uint64_t)1 << r->wild[i];
  }
  for (int i = 0; i < t->cell_count; i++)
    if (t->value[i] < 0 || t->value[i] >= 64) return false;
  return true;
}

/* Fills a->mask over the occupied frame grown by one; false if too large. */
static bool build_accept(Accept *a, const Board *b, uint64_t wild_mask) {
  if (b->count == 0) return false;
  a->x0 = b->min_x - 1;
  a->y0 = b->min_y - 1;
  a->w = b->max_x - b->min_x + 3;
  a->h = b->max_y - b->min_y + 3;
  if (a->w * a->h > ACCEPT_CELLS) return false;
  memset(a->mask, 0, sizeof(uint64_t) * (size_t)(a->w * a->h));
  GridKind g = (GridKind)b->spec.grid;
  int dirs = grid_dir_count(g);
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    Coord at = {c->x, c->y};
    if (board_top(b, at) != e) continue;
    uint64_t gives = accepted_from(a->rule, c->value, wild_mask);
    for (int d = 0; d < dirs; d++) {
      Coord n = grid_step(g, at, d);
      if (board_top(b, n) >= 0) continue;
      a->mask[(n.x - a->x0) + (n.y - a->y0) * a->w] |= gives;
    }
  }
  return true;
}

static void build_offsets(Accept *a, GridKind g, const TileDef *t) {
  int count = grid_orientation_count(g, t->reflections);
  for (int o = 0; o < count && o < MAX_ORIENTATIONS; o++) {
    Coord base = grid_transform(g, (Coord){t->dx[0], t->dy[0]}, o);
    for (int i = 0; i < t->cell_count; i++) {
      Coord c = grid_transform(g, (Coord){t->dx[i], t->dy[i]}, o);
      a->rel[o][i] = (Coord){(int16_t)(c.x - base.x), (int16_t)(c.y - base.y)};
    }
  }
}

static bool fast_filter(void *ctx, const Board *b, Placement p) {
  const Accept *a = ctx;
  const TileDef *t = &a->tiles[p.tile];
  for (int i = 0; i < t->cell_count; i++) {
    int x = p.at.x + a->rel[p.orientation][i].x - a->x0;
    int y = p.at.y + a->rel[p.orientation][i].y - a->y0;
    if (x < 0 || y < 0 || x >= a->w || y >= a->h) continue;
    if ((a->mask[x + y * a->w] >> t->value[i]) & 1) return true;
  }
  return false;
}

int match_placements(const Board *b, const TileDef *tiles, int tile_id, const MatchRule *rule,
                     Placement *out, int cap) {
  Accept *a = &accept_table;
  a->rule = rule;
  a->tiles = tiles;
  uint64_t wild_mask;
  GridKind g = (GridKind)b->spec.grid;
  bool fast = fits_mask(rule, &tiles[tile_id], &wild_mask) &&
              grid_orientation_count(g, tiles[tile_id].reflections) <= MAX_ORIENTATIONS &&
              build_accept(a, b, wild_mask);
  if (fast) build_offsets(a, g, &tiles[tile_id]);
  return board_placements(b, tiles, tile_id, PLACE_ADJACENT, fast ? fast_filter : direct_filter, a, out, cap);
}
