/* corners.c — corner matching: where a corner tile may go, and turned how
 * (vertices.h). Every tile already at a vertex must show what the new tile
 * shows there; blank corners are a value like any other, so bites meet
 * bites without a rule of their own. */
#include <string.h>

#include "vertices.h"

/* The occupied box grown by one cell on every side, as a direct index:
 * the top entry at each cell, -1 empty, BOX_SITE for an empty cell beside
 * a tile. Every site and every cell that touches one lies inside it or is
 * empty; scanning it row by row lists the sites in canonical order, with
 * no sort and no hash look-up. */
enum { BOX_SITE = -2 };
typedef struct Box {
  int x0, y0, w, h;
  int32_t *cell;
} Box;

static void box_of(const Board *b, int32_t *scratch, Box *box) {
  box->x0 = b->min_x - 1, box->y0 = b->min_y - 1;
  box->w = b->max_x - b->min_x + 3, box->h = b->max_y - b->min_y + 3;
  box->cell = scratch;
}

static int32_t *box_at(const Box *box, Coord c) {
  unsigned x = (unsigned)(c.x - box->x0), y = (unsigned)(c.y - box->y0);
  return x < (unsigned)box->w && y < (unsigned)box->h ? &box->cell[y * (unsigned)box->w + x] : NULL;
}

static int box_entry(const Box *box, Coord c) {
  const int32_t *at = box_at(box, c);
  return at ? *at : -1;
}

size_t board_corner_scratch(const Board *b) {
  if (b->count == 0) return sizeof(int32_t);
  return sizeof(int32_t) * (size_t)(b->max_x - b->min_x + 3) * (size_t)(b->max_y - b->min_y + 3);
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
static void demands(const Box *box, const Board *b, const TileDef *tiles, const Shares *sh,
                    CornerSite *site) {
  const BoardCell *around[8];
  for (int k = 0; k < sh->offsets; k++) {
    int e = box_entry(box, (Coord){(int16_t)(site->at.x + sh->offset[k].x),
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

static bool in_reach(const Board *b, Coord c) {
  if (b->spec.bound == BOARD_BOUND_FIXED) return board_in_bounds(b, c);
  if (b->spec.bound == BOARD_BOUND_WINDOW) return board_fits_window(b, &c, 1);
  return true;
}

/* The box filled: top entries (a later entry at a cell lies above an
 * earlier one), then the empty neighbours of each as sites. */
static void box_fill(const Board *b, Box *box) {
  GridKind g = (GridKind)b->spec.grid;
  memset(box->cell, 0xff, sizeof *box->cell * (size_t)box->w * (size_t)box->h); /* all -1 */
  for (int e = 0; e < b->count; e++) {
    const BoardCell *cell = board_cell(b, e);
    *box_at(box, (Coord){cell->x, cell->y}) = e;
  }
  for (int e = 0; e < b->count; e++) {
    const BoardCell *cell = board_cell(b, e);
    for (int d = 0; d < grid_dir_count(g); d++) {
      int32_t *at = box_at(box, grid_step(g, (Coord){cell->x, cell->y}, d));
      if (*at == -1) *at = BOX_SITE;
    }
  }
}

int board_corner_sites(const Board *b, const TileDef *tiles, CornerSite *out, int32_t *scratch) {
  if (b->count == 0) {
    Coord origin = {0, 0};
    if (!in_reach(b, origin)) return 0;
    out[0].at = origin;
    for (int j = 0; j < TILE_MAX_CORNERS; j++) out[0].demand[j] = CORNER_FREE;
    return 1;
  }
  Box box;
  box_of(b, scratch, &box);
  box_fill(b, &box);
  Shares sh;
  shares_of((GridKind)b->spec.grid, &sh);
  int n = 0;
  for (int y = 0; y < box.h; y++)
    for (int x = 0; x < box.w; x++) {
      Coord c = {(int16_t)(box.x0 + x), (int16_t)(box.y0 + y)};
      if (box.cell[y * box.w + x] != BOX_SITE || !in_reach(b, c)) continue;
      out[n].at = c;
      demands(&box, b, tiles, &sh, &out[n++]);
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
                            CornerSite *sites, int32_t *scratch, int64_t *packed, int cap) {
  GridKind g = (GridKind)b->spec.grid;
  int corners = vertex_corner_count(g);
  for (int i = 0; i < n; i++)
    if (tiles[ids[i]].corner_count != corners) return -(i + 1);
  int count = board_corner_sites(b, tiles, sites, scratch), written = 0;
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
