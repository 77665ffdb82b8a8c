/* corners.c — corner matching: where a corner tile may go, and turned how
 * (vertices.h). Every tile already at a vertex must show what the new tile
 * shows there; blank corners are a value like any other, so bites meet
 * bites without a rule of their own. */
#include <stdlib.h>

#include "vertices.h"

static int by_row_then_column(const void *pa, const void *pb) {
  const CornerSite *a = pa, *b = pb;
  if (a->at.y != b->at.y) return a->at.y < b->at.y ? -1 : 1;
  return a->at.x < b->at.x ? -1 : a->at.x > b->at.x;
}

/* What the tiles at corner j of c demand. */
static int16_t demand_at(const Board *b, const TileDef *tiles, Coord c, int j) {
  Vertex v = vertex_of_corner((GridKind)b->spec.grid, c, j);
  Coord cells[VERTEX_MAX_CELLS];
  int corner[VERTEX_MAX_CELLS];
  int n = vertex_cells(v, cells, corner);
  int demand = CORNER_FREE;
  for (int i = 0; i < n; i++) {
    int value = board_corner_value(b, tiles, cells[i], corner[i]);
    if (value == VERTEX_EMPTY) continue;
    if (demand != CORNER_FREE && demand != value) return CORNER_CONFLICT;
    demand = value;
  }
  return (int16_t)demand;
}

static bool may_hold(const Board *b, Coord c) {
  if (board_top(b, c) >= 0) return false;
  if (b->spec.bound == BOARD_BOUND_FIXED) return board_in_bounds(b, c);
  if (b->spec.bound == BOARD_BOUND_WINDOW) return board_fits_window(b, &c, 1);
  return true;
}

static bool listed(const CornerSite *sites, int n, Coord c) {
  for (int i = 0; i < n; i++)
    if (sites[i].at.x == c.x && sites[i].at.y == c.y) return true;
  return false;
}

int board_corner_sites(const Board *b, const TileDef *tiles, CornerSite *out) {
  GridKind g = (GridKind)b->spec.grid;
  int n = 0;
  if (b->count == 0) {
    Coord origin = {0, 0};
    if (may_hold(b, origin)) out[n++].at = origin;
  }
  for (int e = 0; e < b->count; e++) {
    const BoardCell *cell = board_cell(b, e);
    for (int d = 0; d < grid_dir_count(g); d++) {
      Coord c = grid_step(g, (Coord){cell->x, cell->y}, d);
      if (may_hold(b, c) && !listed(out, n, c)) out[n++].at = c;
    }
  }
  qsort(out, (size_t)n, sizeof *out, by_row_then_column);
  int corners = vertex_corner_count(g);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < corners; j++) out[i].demand[j] = demand_at(b, tiles, out[i].at, j);
  return n;
}

/* Does turn k show the same values as turn k2 at every corner? */
static bool same_turn(const TileDef *t, int k, int k2) {
  int n = t->corner_count;
  for (int j = 0; j < n; j++)
    if (t->corner[(j - k + n) % n] != t->corner[(j - k2 + n) % n]) return false;
  return true;
}

int corner_site_turns(const CornerSite *site, const TileDef *t, int *turns) {
  int n = t->corner_count, found = 0;
  for (int k = 0; k < n; k += t->corner_turn) {
    bool seen = false;
    for (int i = 0; i < k && !seen; i += t->corner_turn) seen = same_turn(t, k, i);
    if (seen) continue;
    bool fits = true;
    for (int j = 0; j < n && fits; j++) {
      int16_t want = site->demand[j];
      fits = want == CORNER_FREE || want == t->corner[(j - k + n) % n];
    }
    if (fits) turns[found++] = k;
  }
  return found;
}

int board_corner_placements(const Board *b, const TileDef *tiles, const int *ids, int n,
                            CornerSite *sites, int64_t *packed, int cap) {
  GridKind g = (GridKind)b->spec.grid;
  for (int i = 0; i < n; i++)
    if (tiles[ids[i]].corner_count != vertex_corner_count(g)) return -(i + 1);
  int count = board_corner_sites(b, tiles, sites), written = 0;
  for (int i = 0; i < n; i++) {
    const TileDef *t = &tiles[ids[i]];
    for (int s = 0; s < count; s++) {
      int turns[TILE_MAX_CORNERS];
      int k = corner_site_turns(&sites[s], t, turns);
      for (int r = 0; r < k && written < cap; r++)
        packed[written++] = placement_pack(
            (Placement){.tile = ids[i], .at = sites[s].at, .orientation = turns[r], .grid = g});
    }
  }
  return written;
}
