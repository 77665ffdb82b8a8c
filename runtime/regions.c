/* regions.c — connected regions of top cells (board_regions).
 *
 * Union-find kept inside region_of itself, so there is no stack, no queue and
 * no size limit: while joining, region_of[e] is the parent entry of e, and a
 * set's root is always its smallest entry (the larger root is hung under the
 * smaller), so every parent is below its child. One ascending pass then turns
 * parents into region numbers: a root is the first entry of its region, and a
 * child's parent has already been numbered when the child is reached. */
#include "board.h"

static bool value_matches(uint64_t mask, int v) { return v >= 0 && v < 64 && (mask >> v & 1); }

static int32_t find_root(int32_t *parent, int32_t e) {
  while (parent[e] != e) {
    parent[e] = parent[parent[e]]; /* path halving */
    e = parent[e];
  }
  return e;
}

int board_regions(const Board *b, uint64_t value_mask, int32_t *region_of) {
  GridKind g = (GridKind)b->spec.grid;
  const BoardCell *cells = board_cell(b, 0);
  for (int32_t e = 0; e < b->count; e++) {
    Coord c = {cells[e].x, cells[e].y};
    bool member = value_matches(value_mask, cells[e].value) && board_top(b, c) == e;
    region_of[e] = member ? e : -1;
  }
  /* Half the directions (E, S / E, SE, SW) meet every adjacent pair once. */
  int half = grid_dir_count(g) / 2;
  for (int32_t e = 0; e < b->count; e++) {
    if (region_of[e] < 0) continue;
    Coord c = {cells[e].x, cells[e].y};
    for (int d = 0; d < half; d++) {
      int f = board_top(b, grid_step(g, c, d));
      if (f < 0 || region_of[f] < 0) continue;
      int32_t re = find_root(region_of, e), rf = find_root(region_of, f);
      if (re < rf) region_of[rf] = re;
      else if (rf < re) region_of[re] = rf;
    }
  }
  /* Numbers are stored as -2 - n during the pass, to tell them from parents. */
  int regions = 0;
  for (int32_t e = 0; e < b->count; e++) {
    int32_t p = region_of[e];
    if (p < 0) continue;
    region_of[e] = p == e ? -2 - regions++ : region_of[p];
  }
  for (int32_t e = 0; e < b->count; e++)
    if (region_of[e] != -1) region_of[e] = -2 - region_of[e];
  return regions;
}
