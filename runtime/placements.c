/* placements.c — enumeration of legal placements (board_placements).
 *
 * What is legal, for a candidate (anchor a, orientation o) covering cells C:
 *   every mode   C inside fixed bounds; bbox(occupied cells + C) fits the
 *                floating window (x extent <= w, y extent <= h; on hex grids
 *                the same test on the axial q and r extents)
 *   ADJACENT     level 0; every cell of C empty; on an empty board a = (0,0)
 *                (unbounded and window boards) or no further condition
 *                (fixed boards); otherwise some cell of C is a grid neighbour
 *                of an occupied cell
 *   ANYWHERE     fixed boards: level 0, every cell of C empty. Other boards
 *                have no "anywhere" to speak of: same as ADJACENT
 *   STACK        every cell of C occupied with one same top level L, and
 *                L + 1 < levels; the placement's level is L + 1
 * Output order is (a.y, a.x, o) ascending. A candidate covering the same
 * (cell, value) set as an earlier legal candidate is dropped; the filter is
 * asked only about the candidates that survive this (so a filter that rejects
 * the first of two equal candidates rejects both).
 *
 * Dedupe without memory: two candidates of one tile cover the same (cell,
 * value) set exactly when their orientations have the same footprint up to a
 * translation d, and then their anchors differ by exactly d. Legality depends
 * only on the covered cells (except the empty-board anchor rule, handled
 * apart), so of each such pair the one later in canonical order is never
 * kept: that is a fixed property of the orientation, computed once per call.
 *
 * Speed: level-0 modes work on bit rows (one uint64 per row) over a frame
 * around the occupied cells — wide enough that every legal candidate lies
 * inside it — and test one row of anchors per orientation with a few shifts,
 * ANDs and ORs. Frames wider than 64 columns or taller than FRAME_ROWS fall
 * back to a plain scan with index lookups, with the same results. */
#include <limits.h>
#include <string.h>

#include "board.h"

#define MAX_ORIENTS 12
#define FRAME_ROWS 128

typedef struct Orient {
  int o;                          /* orientation index */
  int dx[TILE_MAX_CELLS];         /* cell offsets from the anchor */
  int dy[TILE_MAX_CELLS];
  int min_dx, max_dx, min_dy, max_dy;
  bool dup;          /* some equal footprint comes earlier in canonical order */
  bool dup_here;     /* ... at the same anchor (empty-board rule) */
  int ax_lo, ax_hi;  /* anchors allowed by fixed bounds and the window */
  int ay_lo, ay_hi;
} Orient;

typedef struct Shape { /* a footprint sorted by (y, x), relative to its first cell */
  int x[TILE_MAX_CELLS], y[TILE_MAX_CELLS], v[TILE_MAX_CELLS];
  int base_x, base_y;
} Shape;

typedef struct Emitter {
  const Board *b;
  PlacementFilter filter;
  void *ctx;
  Placement *out;
  int cap, n, tile;
} Emitter;

/* Returns false when the output is full. */
static bool emit(Emitter *em, int x, int y, int o, int level) {
  Placement p = {.tile = em->tile, .at = {(int16_t)x, (int16_t)y}, .orientation = o,
                 .level = level, .grid = em->b->spec.grid};
  if (em->filter && !em->filter(em->ctx, em->b, p)) return true;
  em->out[em->n++] = p;
  return em->n < em->cap;
}

static void make_shape(const Orient *or, const TileDef *t, Shape *s) {
  int n = t->cell_count, idx[TILE_MAX_CELLS] = {0};
  for (int i = 0; i < n; i++) idx[i] = i;
  for (int i = 1; i < n; i++) /* insertion sort by (y, x) */
    for (int j = i; j > 0; j--) {
      int a = idx[j - 1], c = idx[j];
      if (or->dy[a] < or->dy[c] || (or->dy[a] == or->dy[c] && or->dx[a] <= or->dx[c])) break;
      idx[j - 1] = c, idx[j] = a;
    }
  s->base_x = or->dx[idx[0]], s->base_y = or->dy[idx[0]];
  for (int i = 0; i < n; i++) {
    s->x[i] = or->dx[idx[i]] - s->base_x;
    s->y[i] = or->dy[idx[i]] - s->base_y;
    s->v[i] = t->value[idx[i]];
  }
}

static bool same_shape(const Shape *a, const Shape *b, int n) {
  for (int i = 0; i < n; i++)
    if (a->x[i] != b->x[i] || a->y[i] != b->y[i] || a->v[i] != b->v[i]) return false;
  return true;
}

/* Candidate (a, o) equals (a + d, p) with d = base_o - base_p: o is a
 * duplicate when that comes first in (y, x, orientation) order. */
static void mark_duplicates(Orient *ors, int k, const TileDef *t) {
  Shape shapes[MAX_ORIENTS];
  for (int j = 0; j < k; j++) make_shape(&ors[j], t, &shapes[j]);
  for (int j = 0; j < k; j++) {
    ors[j].dup = ors[j].dup_here = false;
    for (int p = 0; p < k; p++) {
      if (p == j || !same_shape(&shapes[j], &shapes[p], t->cell_count)) continue;
      int dx = shapes[j].base_x - shapes[p].base_x, dy = shapes[j].base_y - shapes[p].base_y;
      if (dy < 0 || (dy == 0 && dx < 0) || (dy == 0 && dx == 0 && p < j)) ors[j].dup = true;
      if (dx == 0 && dy == 0 && p < j) ors[j].dup_here = true;
    }
  }
}

/* Anchor ranges of one orientation; an empty range (lo > hi) when nothing
 * can fit. Uses the board's bounds and window; n/a limits are +-INT_MAX/4. */
static void anchor_ranges(const Board *b, Orient *or) {
  const BoardSpec *s = &b->spec;
  or->ax_lo = or->ay_lo = -INT_MAX / 4;
  or->ax_hi = or->ay_hi = INT_MAX / 4;
  if (s->bound == BOARD_BOUND_FIXED) {
    or->ax_lo = -or->min_dx, or->ax_hi = s->w - 1 - or->max_dx;
    or->ay_lo = -or->min_dy, or->ay_hi = s->h - 1 - or->max_dy;
  } else if (s->bound == BOARD_BOUND_WINDOW) {
    bool tile_fits = or->max_dx - or->min_dx + 1 <= s->w && or->max_dy - or->min_dy + 1 <= s->h;
    bool board_fits = b->count == 0 || (b->max_x - b->min_x + 1 <= s->w &&
                                        b->max_y - b->min_y + 1 <= s->h);
    if (!tile_fits || !board_fits) {
      or->ax_lo = 1, or->ax_hi = 0;
      return;
    }
    if (b->count > 0) {
      or->ax_lo = b->max_x - s->w + 1 - or->min_dx, or->ax_hi = b->min_x + s->w - 1 - or->max_dx;
      or->ay_lo = b->max_y - s->h + 1 - or->min_dy, or->ay_hi = b->min_y + s->h - 1 - or->max_dy;
    }
  }
}

static int prepare(const Board *b, const TileDef *t, Orient *ors) {
  GridKind g = (GridKind)b->spec.grid;
  int k = grid_orientation_count(g, t->reflections);
  for (int j = 0; j < k; j++) {
    Orient *or = &ors[j];
    Coord cells[TILE_MAX_CELLS];
    placement_cells(g, t, (Placement){.orientation = j, .grid = g}, cells);
    or->o = j;
    or->min_dx = or->max_dx = or->min_dy = or->max_dy = 0;
    for (int i = 0; i < t->cell_count; i++) {
      or->dx[i] = cells[i].x, or->dy[i] = cells[i].y;
      if (cells[i].x < or->min_dx) or->min_dx = cells[i].x;
      if (cells[i].x > or->max_dx) or->max_dx = cells[i].x;
      if (cells[i].y < or->min_dy) or->min_dy = cells[i].y;
      if (cells[i].y > or->max_dy) or->max_dy = cells[i].y;
    }
    anchor_ranges(b, or);
  }
  mark_duplicates(ors, k, t);
  return k;
}

static bool in_range(const Orient *or, int x, int y) {
  return x >= or->ax_lo && x <= or->ax_hi && y >= or->ay_lo && y <= or->ay_hi;
}

/* ---- empty unbounded/window board: the anchor is (0, 0) ---- */

static void place_origin(Emitter *em, const Orient *ors, int k) {
  for (int j = 0; j < k; j++)
    if (!ors[j].dup_here && in_range(&ors[j], 0, 0) && !emit(em, 0, 0, ors[j].o, 0)) return;
}

/* ---- level 0, fast path: bit rows over a frame ---- */

typedef struct Frame {
  int x0, y0, w, h; /* frame cell (0,0) is board cell (x0, y0) */
  uint64_t empty[FRAME_ROWS], touch[FRAME_ROWS];
} Frame;

/* Bit x of the result is bit x + k of v. */
static inline uint64_t shift_right(uint64_t v, int k) { return k >= 0 ? v >> k : v << -k; }

static uint64_t bit_range(int lo, int hi) {
  if (lo < 0) lo = 0;
  if (hi > 63) hi = 63;
  if (lo > hi) return 0;
  uint64_t upto = hi == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (hi + 1)) - 1;
  return upto & ~(((uint64_t)1 << lo) - 1);
}

/* Returns false when the frame would not fit the bit rows. */
static bool frame_build(const Board *b, int margin, Frame *f) {
  if (b->spec.bound == BOARD_BOUND_FIXED) {
    f->x0 = 0, f->y0 = 0, f->w = b->spec.w, f->h = b->spec.h;
  } else {
    f->x0 = b->min_x - margin, f->y0 = b->min_y - margin;
    f->w = b->max_x - b->min_x + 1 + 2 * margin, f->h = b->max_y - b->min_y + 1 + 2 * margin;
  }
  if (f->w < 1 || f->h < 1 || f->w > 64 || f->h > FRAME_ROWS) return false;
  uint64_t occ[FRAME_ROWS + 2]; /* occ[y + 1]: rows -1 and h stay empty */
  memset(occ, 0, sizeof(uint64_t) * (size_t)(f->h + 2));
  const BoardCell *cells = board_cell(b, 0);
  for (int e = 0; e < b->count; e++) {
    int x = cells[e].x - f->x0, y = cells[e].y - f->y0;
    if (x >= 0 && x < f->w && y >= 0 && y < f->h) occ[y + 1] |= (uint64_t)1 << x;
  }
  uint64_t width = bit_range(0, f->w - 1);
  bool hex = b->spec.grid == GRID_HEX;
  for (int y = 0; y < f->h; y++) {
    uint64_t up = occ[y], row = occ[y + 1], down = occ[y + 2];
    uint64_t t = row << 1 | row >> 1 | up | down;
    /* Hex neighbours (q+1, r-1) and (q-1, r+1). */
    if (hex) t |= up >> 1 | down << 1;
    f->touch[y] = t & width;
    f->empty[y] = ~row & width;
  }
  return true;
}

static void place_frame(Emitter *em, const Frame *f, const Orient *ors, int k, int cells,
                        bool need_touch) {
  uint64_t cols[MAX_ORIENTS];
  int row_lo[MAX_ORIENTS], row_hi[MAX_ORIENTS];
  int live[MAX_ORIENTS], nlive = 0;
  int y_first = INT_MAX, y_last = INT_MIN;
  for (int j = 0; j < k; j++) {
    const Orient *or = &ors[j];
    if (or->dup) continue;
    int lo = or->ay_lo - f->y0, hi = or->ay_hi - f->y0;
    if (lo < -or->min_dy) lo = -or->min_dy;
    if (hi > f->h - 1 - or->max_dy) hi = f->h - 1 - or->max_dy;
    int xlo = or->ax_lo - f->x0, xhi = or->ax_hi - f->x0;
    if (xlo < -or->min_dx) xlo = -or->min_dx;
    if (xhi > f->w - 1 - or->max_dx) xhi = f->w - 1 - or->max_dx;
    uint64_t m = bit_range(xlo, xhi);
    if (lo > hi || !m) continue;
    cols[nlive] = m, row_lo[nlive] = lo, row_hi[nlive] = hi, live[nlive++] = j;
    if (lo < y_first) y_first = lo;
    if (hi > y_last) y_last = hi;
  }
  uint64_t rows[MAX_ORIENTS];
  for (int y = y_first; y <= y_last; y++) {
    uint64_t any = 0;
    for (int l = 0; l < nlive; l++) {
      const Orient *or = &ors[live[l]];
      uint64_t m = 0;
      if (y >= row_lo[l] && y <= row_hi[l]) {
        m = cols[l];
        uint64_t touch = need_touch ? 0 : ~(uint64_t)0;
        for (int i = 0; i < cells && m; i++) {
          int yy = y + or->dy[i];
          m &= shift_right(f->empty[yy], or->dx[i]);
          touch |= shift_right(f->touch[yy], or->dx[i]);
        }
        m &= touch;
      }
      rows[l] = m;
      any |= m;
    }
    while (any) {
      int x = __builtin_ctzll(any);
      any &= any - 1;
      for (int l = 0; l < nlive; l++)
        if (rows[l] >> x & 1 && !emit(em, f->x0 + x, f->y0 + y, ors[live[l]].o, 0)) return;
    }
  }
}

/* ---- level 0, plain scan (frames too big for bit rows) ---- */

static bool occupied(const Board *b, int x, int y) {
  return board_top(b, (Coord){(int16_t)x, (int16_t)y}) >= 0;
}

static bool touches(const Board *b, int x, int y) {
  GridKind g = (GridKind)b->spec.grid;
  for (int d = 0; d < grid_dir_count(g); d++) {
    Coord n = grid_step(g, (Coord){(int16_t)x, (int16_t)y}, d);
    if (board_top(b, n) >= 0) return true;
  }
  return false;
}

static void place_scan(Emitter *em, const Orient *ors, int k, int cells, bool need_touch,
                       int margin) {
  const Board *b = em->b;
  int x_lo, x_hi, y_lo, y_hi;
  if (b->spec.bound == BOARD_BOUND_FIXED) {
    x_lo = 0, y_lo = 0, x_hi = b->spec.w - 1, y_hi = b->spec.h - 1;
  } else {
    x_lo = b->min_x - margin, x_hi = b->max_x + margin;
    y_lo = b->min_y - margin, y_hi = b->max_y + margin;
  }
  for (int y = y_lo; y <= y_hi; y++)
    for (int x = x_lo; x <= x_hi; x++)
      for (int j = 0; j < k; j++) {
        const Orient *or = &ors[j];
        if (or->dup || !in_range(or, x, y)) continue;
        bool ok = true, touch = !need_touch;
        for (int i = 0; i < cells && ok; i++) {
          int cx = x + or->dx[i], cy = y + or->dy[i];
          if (occupied(b, cx, cy)) ok = false;
          else if (!touch && touches(b, cx, cy)) touch = true;
        }
        if (ok && touch && !emit(em, x, y, or->o, 0)) return;
      }
}

/* ---- stacking ---- */

static void place_stack(Emitter *em, const Orient *ors, int k, int cells) {
  const Board *b = em->b;
  if (b->count == 0 || b->spec.levels <= 1) return;
  if (!board_fits_window(b, NULL, 0)) return;
  const BoardCell *entries = board_cell(b, 0);
  for (int y = b->min_y; y <= b->max_y; y++)
    for (int x = b->min_x; x <= b->max_x; x++) {
      int anchor = board_top(b, (Coord){(int16_t)x, (int16_t)y});
      if (anchor < 0) continue;
      int level = entries[anchor].level;
      if (level + 1 >= b->spec.levels) continue;
      for (int j = 0; j < k; j++) {
        const Orient *or = &ors[j];
        if (or->dup) continue;
        bool ok = true;
        for (int i = 0; i < cells && ok; i++) {
          Coord c = {(int16_t)(x + or->dx[i]), (int16_t)(y + or->dy[i])};
          int e = board_top(b, c);
          ok = e >= 0 && entries[e].level == level && board_in_bounds(b, c);
        }
        if (ok && !emit(em, x, y, or->o, level + 1)) return;
      }
    }
}

int board_placements(const Board *b, const TileDef *tiles, int tile_id, PlaceMode mode,
                     PlacementFilter filter, void *ctx, Placement *out, int cap) {
  const TileDef *t = &tiles[tile_id];
  if (cap <= 0 || t->cell_count < 1 || t->cell_count > TILE_MAX_CELLS) return 0;
  Orient ors[MAX_ORIENTS];
  int k = prepare(b, t, ors);
  Emitter em = {b, filter, ctx, out, cap, 0, tile_id};
  int cells = t->cell_count;
  if (mode == PLACE_STACK) {
    place_stack(&em, ors, k, cells);
    return em.n;
  }
  bool fixed = b->spec.bound == BOARD_BOUND_FIXED;
  if (!fixed && b->count == 0) {
    place_origin(&em, ors, k);
    return em.n;
  }
  bool need_touch = mode != PLACE_ANYWHERE || !fixed;
  if (b->count == 0) need_touch = false;
  /* Every legal candidate has a cell next to the occupied box, and its other
   * cells within the tile's span of that one. */
  int span = 0;
  for (int j = 0; j < k; j++) {
    if (ors[j].max_dx - ors[j].min_dx > span) span = ors[j].max_dx - ors[j].min_dx;
    if (ors[j].max_dy - ors[j].min_dy > span) span = ors[j].max_dy - ors[j].min_dy;
  }
  Frame frame;
  if (frame_build(b, span + 1, &frame))
    place_frame(&em, &frame, ors, k, cells, need_touch);
  else
    place_scan(&em, ors, k, cells, need_touch, span + 1);
  return em.n;
}
