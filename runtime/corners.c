/* corners.c — corner matching: where a corner tile may go, and turned how
 * (vertices.h). Every tile already at a vertex must show what the new tile
 * shows there; blank corners are a value like any other, so bites meet
 * bites without a rule of their own. */
#include <string.h>

#include "vertices.h"

/* The canonical order of sites: by row, then column. */
static bool before(Coord a, Coord b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

/* Adds c to the sites out[0..n-1], kept in order (row, then column) and
 * each cell once; returns the new count. Binary search and a short move:
 * the sites are few next to the candidates (each site is beside several
 * tiles), and nothing is allocated (a playout asks at every decision). */
static int insert_site(CornerSite *out, int n, Coord c) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (before(out[mid].at, c)) lo = mid + 1;
    else hi = mid;
  }
  if (lo < n && out[lo].at.x == c.x && out[lo].at.y == c.y) return n;
  memmove(&out[lo + 1], &out[lo], sizeof *out * (size_t)(n - lo));
  out[lo].at = c;
  return n + 1;
}

/* Which cells share each corner of a cell, as offsets from it (the same
 * for every cell of a grid): corner j is also corner corner[j][i] of the
 * cell at offset[slot[j][i]]. Worked out once per call from the vertex
 * geometry, so that a site costs one look-up per cell around it. */
typedef struct Shares {
  int corners, offsets;
  Coord offset[8];
  int count[TILE_MAX_CORNERS];
  int slot[TILE_MAX_CORNERS][VERTEX_MAX_CELLS - 1];
  int corner[TILE_MAX_CORNERS][VERTEX_MAX_CELLS - 1];
} Shares;

static void shares_of(GridKind g, Shares *sh) {
  sh->corners = vertex_corner_count(g);
  sh->offsets = 0;
  for (int j = 0; j < sh->corners; j++) {
    Coord cells[VERTEX_MAX_CELLS];
    int corner[VERTEX_MAX_CELLS];
    int n = vertex_cells(vertex_of_corner(g, (Coord){0, 0}, j), cells, corner);
    sh->count[j] = 0;
    for (int i = 0; i < n; i++) {
      Coord c = cells[i];
      if (c.x == 0 && c.y == 0) continue;
      int slot = 0;
      while (slot < sh->offsets && (sh->offset[slot].x != c.x || sh->offset[slot].y != c.y)) slot++;
      if (slot == sh->offsets) sh->offset[sh->offsets++] = c;
      sh->slot[j][sh->count[j]] = slot;
      sh->corner[j][sh->count[j]++] = corner[i];
    }
  }
}

/* What the tiles around the site demand at each of its corners. */
static void demands(const Board *b, const TileDef *tiles, const Shares *sh, CornerSite *site) {
  const BoardCell *around[8];
  for (int k = 0; k < sh->offsets; k++) {
    int e = board_top(b, (Coord){(int16_t)(site->at.x + sh->offset[k].x),
                                 (int16_t)(site->at.y + sh->offset[k].y)});
    around[k] = e < 0 ? NULL : board_cell(b, e);
  }
  for (int j = 0; j < sh->corners; j++) {
    int demand = CORNER_FREE;
    for (int i = 0; i < sh->count[j] && demand != CORNER_CONFLICT; i++) {
      const BoardCell *cell = around[sh->slot[j][i]];
      if (!cell) continue;
      const TileDef *t = &tiles[cell->tile];
      int n = t->corner_count, value = -1;
      if (n) value = t->corner[((sh->corner[j][i] - board_cell_turn(cell)) % n + n) % n];
      demand = demand == CORNER_FREE || demand == value ? value : CORNER_CONFLICT;
    }
    site->demand[j] = (int16_t)demand;
  }
}

static bool may_hold(const Board *b, Coord c) {
  if (board_top(b, c) >= 0) return false;
  if (b->spec.bound == BOARD_BOUND_FIXED) return board_in_bounds(b, c);
  if (b->spec.bound == BOARD_BOUND_WINDOW) return board_fits_window(b, &c, 1);
  return true;
}

int board_corner_sites(const Board *b, const TileDef *tiles, CornerSite *out) {
  GridKind g = (GridKind)b->spec.grid;
  int n = 0;
  if (b->count == 0) n = insert_site(out, n, (Coord){0, 0});
  for (int e = 0; e < b->count; e++) {
    const BoardCell *cell = board_cell(b, e);
    for (int d = 0; d < grid_dir_count(g); d++)
      n = insert_site(out, n, grid_step(g, (Coord){cell->x, cell->y}, d));
  }
  int kept = 0; /* where a tile may go */
  for (int i = 0; i < n; i++)
    if (may_hold(b, out[i].at)) out[kept++] = out[i];
  Shares sh;
  shares_of(g, &sh);
  for (int i = 0; i < kept; i++) demands(b, tiles, &sh, &out[i]);
  return kept;
}

/* A tile's distinct turns (multiples of corner_turn, ascending; of turns
 * showing the same values, the first) and what each shows at every corner. */
typedef struct TileTurns {
  int count;
  int turn[TILE_MAX_CORNERS];
  int16_t shows[TILE_MAX_CORNERS][TILE_MAX_CORNERS];
} TileTurns;

static void tile_turns(const TileDef *t, TileTurns *out) {
  int n = t->corner_count;
  out->count = 0;
  for (int k = 0; k < n; k += t->corner_turn) {
    int16_t *shows = out->shows[out->count];
    for (int j = 0; j < n; j++) shows[j] = t->corner[(j - k + n) % n];
    bool seen = false;
    for (int i = 0; i < out->count && !seen; i++)
      seen = memcmp(out->shows[i], shows, sizeof(int16_t) * (size_t)n) == 0;
    if (!seen) out->turn[out->count++] = k;
  }
}

/* Every demand of the site met by turn i: the tile shows exactly the
 * demanded value (blank corners included) wherever a tile is already. */
static bool fits(const CornerSite *site, const TileTurns *tt, int i, int n) {
  for (int j = 0; j < n; j++) {
    int16_t want = site->demand[j];
    if (want != CORNER_FREE && want != tt->shows[i][j]) return false;
  }
  return true;
}

int board_corner_placements(const Board *b, const TileDef *tiles, const int *ids, int n,
                            CornerSite *sites, int64_t *packed, int cap) {
  GridKind g = (GridKind)b->spec.grid;
  int corners = vertex_corner_count(g);
  for (int i = 0; i < n; i++)
    if (tiles[ids[i]].corner_count != corners) return -(i + 1);
  int count = board_corner_sites(b, tiles, sites), written = 0;
  for (int i = 0; i < n; i++) {
    TileTurns tt;
    tile_turns(&tiles[ids[i]], &tt);
    for (int s = 0; s < count; s++)
      for (int r = 0; r < tt.count && written < cap; r++)
        if (fits(&sites[s], &tt, r, corners))
          packed[written++] = placement_pack(
              (Placement){.tile = ids[i], .at = sites[s].at, .orientation = tt.turn[r], .grid = g});
  }
  return written;
}
