/* corners.c — corner matching: where a corner tile may go, and turned how
 * (vertices.h). Every tile already at a vertex must show what the new tile
 * shows there; blank corners are a value like any other, so bites meet
 * bites without a rule of their own. */
#include <string.h>

#include "vertices.h"

/* The canonical order of sites: by row, then column. */
static bool before(Coord a, Coord b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

/* Where c is, or would go, among the sites out[0..n-1] (in order). */
static int site_index(const CornerSite *out, int n, Coord c) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (before(out[mid].at, c)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

static bool site_at(const CornerSite *out, int n, int i, Coord c) {
  return i < n && out[i].at.x == c.x && out[i].at.y == c.y;
}

/* Adds c to the sites, kept in order (row, then column) and each cell
 * once; returns the new count. Binary search and a short move: the sites
 * are few next to the candidates (each site is beside several tiles), and
 * nothing is allocated (a playout asks at every decision). */
static int insert_site(CornerSite *out, int n, Coord c) {
  int i = site_index(out, n, c);
  if (site_at(out, n, i, c)) return n;
  memmove(&out[i + 1], &out[i], sizeof *out * (size_t)(n - i));
  out[i].at = c;
  out[i].demand[0] = CORNER_FREE; /* not (yet) known to be occupied */
  return n + 1;
}

/* Which cells share each corner of a cell, as offsets from it (the same
 * for every cell of a grid): corner j is also corner `corner[j][i]` of the
 * cell at `offset[slot[j][i]]`. Worked out once per call from the vertex
 * geometry, so that no corner needs it again. */
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
    int corner[VERTEX_MAX_CELLS], n = vertex_cells(vertex_of_corner(g, (Coord){0, 0}, j), cells, corner);
    sh->count[j] = 0;
    for (int i = 0; i < n; i++) {
      if (cells[i].x == 0 && cells[i].y == 0) continue;
      int slot = 0;
      while (slot < sh->offsets && (sh->offset[slot].x != cells[i].x || sh->offset[slot].y != cells[i].y)) slot++;
      if (slot == sh->offsets) sh->offset[sh->offsets++] = cells[i];
      sh->slot[j][sh->count[j]] = slot;
      sh->corner[j][sh->count[j]++] = corner[i];
    }
  }
}

static bool in_reach(const Board *b, Coord c) {
  if (b->spec.bound == BOARD_BOUND_FIXED) return board_in_bounds(b, c);
  if (b->spec.bound == BOARD_BOUND_WINDOW) return board_fits_window(b, &c, 1);
  return true;
}

/* The candidates: every neighbour of a placed cell (the middle of an empty
 * board), in order, each once, less the occupied ones and those out of
 * reach. */
static int candidate_sites(const Board *b, CornerSite *out) {
  GridKind g = (GridKind)b->spec.grid;
  int n = 0;
  if (b->count == 0) n = insert_site(out, n, (Coord){0, 0});
  for (int e = 0; e < b->count; e++) {
    const BoardCell *cell = board_cell(b, e);
    for (int d = 0; d < grid_dir_count(g); d++)
      n = insert_site(out, n, grid_step(g, (Coord){cell->x, cell->y}, d));
  }
  for (int e = 0; e < b->count; e++) { /* occupied: marked by a conflict at corner 0 */
    Coord c = {board_cell(b, e)->x, board_cell(b, e)->y};
    int i = site_index(out, n, c);
    if (site_at(out, n, i, c)) out[i].demand[0] = CORNER_CONFLICT;
  }
  int kept = 0;
  for (int i = 0; i < n; i++)
    if (out[i].demand[0] != CORNER_CONFLICT && in_reach(b, out[i].at)) out[kept++].at = out[i].at;
  return kept;
}

/* Every top cell tells the sites around it what it shows at the corners
 * they share: the value, where nothing else is; a conflict, where another
 * tile shows something else. */
int board_corner_sites(const Board *b, const TileDef *tiles, CornerSite *out) {
  int n = candidate_sites(b, out);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < TILE_MAX_CORNERS; j++) out[i].demand[j] = CORNER_FREE;
  Shares sh;
  shares_of((GridKind)b->spec.grid, &sh);
  for (int e = 0; e < b->count; e++) {
    const BoardCell *cell = board_cell(b, e);
    if (b->spec.levels > 1 && board_top(b, (Coord){cell->x, cell->y}) != e) continue;
    const TileDef *t = &tiles[cell->tile];
    for (int j = 0; j < sh.corners; j++) {
      int k = t->corner_count;
      int value = k ? t->corner[((j - board_cell_turn(cell)) % k + k) % k] : -1;
      for (int m = 0; m < sh.count[j]; m++) {
        Coord at = {(int16_t)(cell->x + sh.offset[sh.slot[j][m]].x),
                    (int16_t)(cell->y + sh.offset[sh.slot[j][m]].y)};
        int i = site_index(out, n, at);
        if (!site_at(out, n, i, at)) continue;
        int16_t *demand = &out[i].demand[sh.corner[j][m]];
        *demand = *demand == CORNER_FREE || *demand == value ? (int16_t)value : CORNER_CONFLICT;
      }
    }
  }
  return n;
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
