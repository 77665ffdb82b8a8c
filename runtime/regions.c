/* regions.c — connected regions of top cells (board_regions).
 *
 * Union-find kept inside region_of itself, so there is no stack, no queue and
 * no size limit: while joining, region_of[e] is the parent entry of e, and a
 * set's root is always its smallest entry (the larger root is hung under the
 * smaller), so every parent is below its child. One ascending pass then turns
 * parents into region numbers: a root is the first entry of its region, and a
 * child's parent has already been numbered when the child is reached.
 * Neighbours are found with board_top: one load on bounded boards. */
#include "board.h"

static bool value_matches(uint64_t mask, int v) { return v >= 0 && v < 64 && (mask >> v & 1); }

static int32_t find_root(int32_t *parent, int32_t e) {
  while (parent[e] != e) {
    parent[e] = parent[parent[e]]; /* path halving */
    e = parent[e];
  }
  return e;
}

/* Union-find joins over the grid steps of half the directions (E, S / E,
 * SE, SW), which meet every adjacent pair once; the steps are taken once per
 * call, and board_top is one load on bounded boards. */
static void join_neighbours(const Board *b, int32_t *region_of) {
  GridKind g = (GridKind)b->spec.grid;
  const BoardCell *cells = board_cell(b, 0);
  int half = grid_dir_count(g) / 2;
  Coord step[3];
  for (int d = 0; d < half; d++) step[d] = grid_step(g, (Coord){0, 0}, d);
  for (int32_t e = 0; e < b->count; e++) {
    if (region_of[e] < 0) continue;
    for (int d = 0; d < half; d++) {
      Coord n = {(int16_t)(cells[e].x + step[d].x), (int16_t)(cells[e].y + step[d].y)};
      int f = board_top(b, n);
      if (f < 0 || region_of[f] < 0) continue;
      int32_t re = find_root(region_of, e), rf = find_root(region_of, f);
      if (re < rf) region_of[rf] = re;
      else if (rf < re) region_of[re] = rf;
    }
  }
}

int board_regions(const Board *b, uint64_t value_mask, int32_t *region_of) {
  const BoardCell *cells = board_cell(b, 0);
  bool stacked = b->spec.levels > 1; /* else every entry is a top cell */
  for (int32_t e = 0; e < b->count; e++) {
    bool member = value_matches(value_mask, cells[e].value) &&
                  (!stacked || board_top(b, (Coord){cells[e].x, cells[e].y}) == e);
    region_of[e] = member ? e : -1;
  }
  join_neighbours(b, region_of);
  /* In one ascending pass: e still holds its parent p <= e, and p, if not
   * e itself, already holds its number (that of its root). */
  int regions = 0;
  for (int32_t e = 0; e < b->count; e++) {
    int32_t p = region_of[e];
    if (p >= 0) region_of[e] = p == e ? regions++ : region_of[p];
  }
  return regions;
}
