/* corners.c — corner matching: where a corner tile may go, and turned how
 * (vertices.h). Every tile already at a vertex must show what the new tile
 * shows there; blank corners are a value like any other, so bites meet
 * bites without a rule of their own. */
#include <string.h>

#include "vertices.h"

static bool before(Coord a, Coord b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

/* Shell sort by row then column: in place, no allocation (a playout asks
 * for the sites at every decision). */
static void sort_sites(CornerSite *s, int n) {
  static const int gaps[] = {57, 23, 10, 4, 1};
  for (int g = 0; g < 5; g++) {
    int gap = gaps[g];
    for (int i = gap; i < n; i++) {
      CornerSite x = s[i];
      int j = i;
      for (; j >= gap && before(x.at, s[j - gap].at); j -= gap) s[j] = s[j - gap];
      s[j] = x;
    }
  }
}

/* The top entries of the cells around one site, looked up once each
 * (every cell is at two of the site's corners). */
typedef struct Nearby {
  int n;
  Coord at[8];
  int entry[8];
} Nearby;

static int nearby_top(const Board *b, Nearby *m, Coord c) {
  for (int i = 0; i < m->n; i++)
    if (m->at[i].x == c.x && m->at[i].y == c.y) return m->entry[i];
  int e = board_top(b, c);
  if (m->n < 8) m->at[m->n] = c, m->entry[m->n++] = e;
  return e;
}

/* What the tiles at corner j of c demand. */
static int16_t demand_at(const Board *b, const TileDef *tiles, Nearby *m, Coord c, int j) {
  Vertex v = vertex_of_corner((GridKind)b->spec.grid, c, j);
  Coord cells[VERTEX_MAX_CELLS];
  int corner[VERTEX_MAX_CELLS];
  int n = vertex_cells(v, cells, corner);
  int demand = CORNER_FREE;
  for (int i = 0; i < n; i++) {
    if (cells[i].x == c.x && cells[i].y == c.y) continue; /* the site: empty */
    int e = nearby_top(b, m, cells[i]);
    if (e < 0) continue;
    const BoardCell *cell = board_cell(b, e);
    const TileDef *t = &tiles[cell->tile];
    int k = t->corner_count, value = -1;
    if (k) value = t->corner[((corner[i] - board_cell_turn(cell)) % k + k) % k];
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

int board_corner_sites(const Board *b, const TileDef *tiles, CornerSite *out) {
  GridKind g = (GridKind)b->spec.grid;
  int n = 0;
  if (b->count == 0) out[n++].at = (Coord){0, 0};
  for (int e = 0; e < b->count; e++) {
    const BoardCell *cell = board_cell(b, e);
    for (int d = 0; d < grid_dir_count(g); d++)
      out[n++].at = grid_step(g, (Coord){cell->x, cell->y}, d);
  }
  /* in order, each cell once, where a tile may go */
  sort_sites(out, n);
  int kept = 0;
  for (int i = 0; i < n; i++) {
    bool repeat = i > 0 && out[i - 1].at.x == out[i].at.x && out[i - 1].at.y == out[i].at.y;
    if (!repeat && may_hold(b, out[i].at))
      out[kept++] = out[i];
  }
  int corners = vertex_corner_count(g);
  for (int i = 0; i < kept; i++) {
    Nearby m = {0};
    for (int j = 0; j < corners; j++) out[i].demand[j] = demand_at(b, tiles, &m, out[i].at, j);
  }
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
