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
 * kept: that is a fixed property of the orientation, computed once per tile
 * and grid and cached (tile_shape).
 *
 * Speed: level-0 modes work on bit rows (one uint64 per row) over a frame
 * around the occupied cells — wide enough that every legal candidate lies
 * inside it (board_frame) — and test one row of anchors per orientation with
 * a few shifts, ANDs and ORs. Frames wider than 64 columns or taller than
 * BOARD_FRAME_ROWS fall back to a plain scan with index lookups, with the
 * same results.
 *
 * Touch rows (PlaceOptions): the caller may replace "next to an occupied
 * cell" by its own rows per tile cell over the frame (matching.c: cells next
 * to a neighbour whose value matches). The dedupe above stays right as long
 * as two tile cells showing the same value get the same rows. */
#include <limits.h>
#include <stddef.h>
#include <string.h>

#include "board.h"

#define MAX_ORIENTS 12
#define SHAPE_CACHE 64

typedef struct Orient {
  int o;                          /* orientation index */
  int dx[TILE_MAX_CELLS];         /* cell offsets from the anchor (cell 0: 0, 0) */
  int dy[TILE_MAX_CELLS];
  int min_dx, max_dx, min_dy, max_dy;
  /* Bit rows: the row of cell i as seen from the anchors is
   * (row >> rs[i]) << ls[i] (a shift by dx[i] either way, without a branch). */
  uint8_t rs[TILE_MAX_CELLS], ls[TILE_MAX_CELLS];
  uint64_t code;     /* the orientation's bits in a packed placement */
  bool dup;          /* some equal footprint comes earlier in canonical order */
  bool dup_here;     /* ... at the same anchor (empty-board rule) */
} Orient;

/* Everything about a tile's orientations that does not depend on the board. */
typedef struct TileShape {
  int k;    /* orientations */
  int span; /* largest extent - 1 of any orientation, on either axis */
  Orient ors[MAX_ORIENTS];
} TileShape;

typedef struct Range { /* anchors allowed by fixed bounds and the window */
  int ax_lo, ax_hi, ay_lo, ay_hi;
} Range;

typedef struct Shape { /* a footprint sorted by (y, x), relative to its first cell */
  int x[TILE_MAX_CELLS], y[TILE_MAX_CELLS], v[TILE_MAX_CELLS];
  int base_x, base_y;
} Shape;

typedef struct Emitter {
  const Board *b;
  PlacementFilter filter;
  void *ctx;
  Placement *out;
  int64_t *packed;
  int cap, n, tile, grid;
} Emitter;

/* Returns false when the output is full. Inlined: it runs once per
 * placement found, and most callers want neither a filter nor structs. */
static inline __attribute__((always_inline)) bool emit(Emitter *em, int x, int y, int o, int level) {
  Placement p = {.tile = em->tile, .at = {(int16_t)x, (int16_t)y}, .orientation = o,
                 .level = level, .grid = em->grid};
  if (em->filter && !em->filter(em->ctx, em->b, p)) return true;
  if (em->packed)
    em->packed[em->n++] = placement_pack(p);
  else
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

static void shape_build(GridKind g, const TileDef *t, TileShape *s) {
  s->k = grid_orientation_count(g, t->reflections);
  s->span = 0;
  for (int j = 0; j < s->k; j++) {
    Orient *or = &s->ors[j];
    Coord cells[TILE_MAX_CELLS];
    placement_cells(g, t, (Placement){.orientation = j, .grid = g}, cells);
    or->o = j;
    or->code = (uint64_t)placement_pack((Placement){.orientation = j});
    or->min_dx = or->max_dx = or->min_dy = or->max_dy = 0;
    for (int i = 0; i < t->cell_count; i++) {
      or->dx[i] = cells[i].x, or->dy[i] = cells[i].y;
      or->rs[i] = (uint8_t)(cells[i].x > 0 ? cells[i].x : 0);
      or->ls[i] = (uint8_t)(cells[i].x < 0 ? -cells[i].x : 0);
      if (cells[i].x < or->min_dx) or->min_dx = cells[i].x;
      if (cells[i].x > or->max_dx) or->max_dx = cells[i].x;
      if (cells[i].y < or->min_dy) or->min_dy = cells[i].y;
      if (cells[i].y > or->max_dy) or->max_dy = cells[i].y;
    }
    if (or->max_dx - or->min_dx > s->span) s->span = or->max_dx - or->min_dx;
    if (or->max_dy - or->min_dy > s->span) s->span = or->max_dy - or->min_dy;
  }
  mark_duplicates(s->ors, s->k, t);
}

/* Orientations depend only on the tile and the grid, and enumeration runs
 * once per decision with the same few tiles, so they are kept in a small
 * cache: slot by the tile's address, validated by its geometry and values
 * (a table may be rebuilt at the same address). Thread-local: matches may
 * run in parallel. */
enum { KEY_WORDS = (offsetof(TileDef, name) + 7) / 8 + 1 };

typedef struct ShapeSlot {
  uint64_t key[KEY_WORDS]; /* the tile up to its name, then grid + 1 (0: unused) */
  TileShape shape;
} ShapeSlot;

static _Thread_local ShapeSlot shape_cache[SHAPE_CACHE];

/* Word by word: cheaper than memcmp for a few bytes, on every call. */
static void shape_key(GridKind g, const TileDef *t, uint64_t *key) {
  memset(key, 0, sizeof(uint64_t) * KEY_WORDS);
  memcpy(key, t, offsetof(TileDef, name));
  key[KEY_WORDS - 1] = (uint64_t)g + 1;
}

static const TileShape *tile_shape(GridKind g, const TileDef *t) {
  uint64_t key[KEY_WORDS];
  shape_key(g, t, key);
  ShapeSlot *s = &shape_cache[((uintptr_t)t / sizeof(TileDef)) % SHAPE_CACHE];
  uint64_t diff = 0;
  for (int i = 0; i < KEY_WORDS; i++) diff |= s->key[i] ^ key[i];
  if (diff) {
    memcpy(s->key, key, sizeof key);
    shape_build(g, t, &s->shape);
  }
  return &s->shape;
}

/* Where covered cells may lie, from fixed bounds and the window; n/a limits
 * are +-INT_MAX/4. */
typedef struct Box {
  int x_lo, x_hi, y_lo, y_hi;
} Box;

static bool cell_box(const Board *b, Box *box) {
  const BoardSpec *s = &b->spec;
  *box = (Box){-INT_MAX / 4, INT_MAX / 4, -INT_MAX / 4, INT_MAX / 4};
  if (s->bound == BOARD_BOUND_FIXED) {
    *box = (Box){0, s->w - 1, 0, s->h - 1};
  } else if (s->bound == BOARD_BOUND_WINDOW && b->count > 0) {
    /* false: the board itself overflows its window (only by direct
     * board_place calls) and nothing more may go on it */
    if (b->max_x - b->min_x + 1 > s->w || b->max_y - b->min_y + 1 > s->h) return false;
    *box = (Box){b->max_x - s->w + 1, b->min_x + s->w - 1, b->max_y - s->h + 1,
                 b->min_y + s->h - 1};
  }
  return true;
}

/* Anchor range of one orientation; an empty range (lo > hi) when nothing
 * can fit: covered cells inside the box, and on a window board the tile
 * itself no larger than the window (the box alone would let a long tile
 * through). */
static Range anchor_range(const Board *b, const Box *box, const Orient *or) {
  const BoardSpec *s = &b->spec;
  if (s->bound == BOARD_BOUND_WINDOW &&
      (or->max_dx - or->min_dx >= s->w || or->max_dy - or->min_dy >= s->h))
    return (Range){1, 0, 1, 0};
  return (Range){box->x_lo - or->min_dx, box->x_hi - or->max_dx, box->y_lo - or->min_dy,
                 box->y_hi - or->max_dy};
}

static bool in_range(const Range *r, int x, int y) {
  return x >= r->ax_lo && x <= r->ax_hi && y >= r->ay_lo && y <= r->ay_hi;
}

/* ---- empty unbounded/window board: the anchor is (0, 0) ---- */

static void place_origin(Emitter *em, const TileShape *sh, const Range *r) {
  for (int j = 0; j < sh->k; j++)
    if (!sh->ors[j].dup_here && in_range(&r[j], 0, 0) && !emit(em, 0, 0, sh->ors[j].o, 0)) return;
}

/* ---- level 0, fast path: bit rows over a frame ---- */

/* Bits beyond the frame's width are never read: anchor columns are limited
 * so that every covered cell lies inside. */
typedef struct Frame {
  BoardFrame at;
  const uint64_t *occ;                   /* occupied cells, every level */
  const uint64_t *touch[TILE_MAX_CELLS]; /* per tile cell: where it counts as touching */
  uint64_t own_occ[BOARD_FRAME_ROWS];
  uint64_t near[BOARD_FRAME_ROWS];       /* next to an occupied cell (the plain rule) */
} Frame;

static uint64_t bit_range(int lo, int hi) {
  if (lo < 0) lo = 0;
  if (hi > 63) hi = 63;
  if (lo > hi) return 0;
  uint64_t upto = hi == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (hi + 1)) - 1;
  return upto & ~(((uint64_t)1 << lo) - 1);
}

/* Every legal level-0 candidate has a cell next to the occupied box (or
 * inside fixed bounds), and its other cells within the tile's span of that
 * one: margin span + 1 around the box. */
static bool frame_rect(const Board *b, int margin, BoardFrame *f) {
  if (b->spec.bound == BOARD_BOUND_FIXED) {
    *f = (BoardFrame){0, 0, b->spec.w, b->spec.h};
  } else {
    if (b->count == 0) return false;
    f->x0 = b->min_x - margin, f->y0 = b->min_y - margin;
    f->w = b->max_x - b->min_x + 1 + 2 * margin, f->h = b->max_y - b->min_y + 1 + 2 * margin;
  }
  return f->w >= 1 && f->h >= 1 && f->w <= 64 && f->h <= BOARD_FRAME_ROWS;
}

bool board_frame(const Board *b, const TileDef *t, BoardFrame *f) {
  if (t->cell_count < 1 || t->cell_count > TILE_MAX_CELLS) return false;
  return frame_rect(b, tile_shape((GridKind)b->spec.grid, t)->span + 1, f);
}

void board_frame_occupied(const Board *b, const BoardFrame *f, uint64_t *occ) {
  memset(occ, 0, sizeof(uint64_t) * (size_t)f->h);
  const BoardCell *cells = board_cell(b, 0);
  for (int e = 0; e < b->count; e++) {
    unsigned x = (unsigned)(cells[e].x - f->x0), y = (unsigned)(cells[e].y - f->y0);
    if (x < (unsigned)f->w && y < (unsigned)f->h) occ[y] |= (uint64_t)1 << x;
  }
}

/* One loop per grid, each with the row above and below in registers; the
 * last row (nothing below) apart, so the loop has no test. */
static inline __attribute__((always_inline)) uint64_t grown(uint64_t up, uint64_t row,
                                                            uint64_t down, bool hex) {
  uint64_t t = row << 1 | row >> 1 | up | down;
  return hex ? t | up >> 1 | down << 1 : t; /* hex neighbours (q+1, r-1) and (q-1, r+1) */
}

static inline __attribute__((always_inline)) void grow(uint64_t *rows, int h, uint64_t width,
                                                        bool hex) {
  uint64_t up = 0, row = rows[0];
  for (int y = 0; y < h - 1; y++) {
    uint64_t down = rows[y + 1];
    rows[y] = grown(up, row, down, hex) & width;
    up = row, row = down;
  }
  rows[h - 1] = grown(up, row, 0, hex) & width;
}

void board_rows_grow(uint64_t *rows, const BoardFrame *f, GridKind g) {
  uint64_t width = bit_range(0, f->w - 1);
  if (g == GRID_HEX)
    grow(rows, f->h, width, true);
  else
    grow(rows, f->h, width, false);
}

/* The frame's occupancy (the caller's, or from the entries) and, for the
 * plain rule, the cells next to it. */
static void frame_rows(const Board *b, Frame *f, const uint64_t *occ, bool near) {
  if (!occ) board_frame_occupied(b, &f->at, f->own_occ);
  f->occ = occ ? occ : f->own_occ;
  if (!near) return;
  memcpy(f->near, f->occ, sizeof(uint64_t) * (size_t)f->at.h);
  board_rows_grow(f->near, &f->at, (GridKind)b->spec.grid);
}

/* The orientations that can have an anchor in the frame, with their anchor
 * rows and columns there. */
typedef struct Live {
  int n, j[MAX_ORIENTS], row_lo[MAX_ORIENTS], row_hi[MAX_ORIENTS];
  uint64_t cols[MAX_ORIENTS];
  uint64_t code[MAX_ORIENTS]; /* the orientation's bits in a packed placement */
  int y_first, y_last;
} Live;

static void live_orients(const Board *b, const BoardFrame *f, const TileShape *sh, const Box *box,
                         Live *lv) {
  lv->n = 0, lv->y_first = INT_MAX, lv->y_last = INT_MIN;
  for (int j = 0; j < sh->k; j++) {
    const Orient *or = &sh->ors[j];
    if (or->dup) continue;
    Range r = anchor_range(b, box, or);
    int lo = r.ay_lo - f->y0, hi = r.ay_hi - f->y0;
    if (lo < -or->min_dy) lo = -or->min_dy;
    if (hi > f->h - 1 - or->max_dy) hi = f->h - 1 - or->max_dy;
    int xlo = r.ax_lo - f->x0, xhi = r.ax_hi - f->x0;
    if (xlo < -or->min_dx) xlo = -or->min_dx;
    if (xhi > f->w - 1 - or->max_dx) xhi = f->w - 1 - or->max_dx;
    if (lo > hi || xlo > xhi) continue;
    /* 0 <= xlo, xhi <= 63 here (the frame is at most 64 wide); at 63,
     * 2 << 63 wraps to 0 and 0 - 1 is every bit */
    uint64_t m = ((uint64_t)2 << xhi) - 1 - (((uint64_t)1 << xlo) - 1);
    int l = lv->n++;
    lv->cols[l] = m, lv->row_lo[l] = lo, lv->row_hi[l] = hi, lv->j[l] = j;
    lv->code[l] = or->code;
    if (lo < lv->y_first) lv->y_first = lo;
    if (hi > lv->y_last) lv->y_last = hi;
  }
}

/* Anchors of one orientation in frame rows lo..hi, into out[lo..hi]: the
 * covered cells empty and, when asked, some covered cell on its touch rows.
 * The row of cell i as seen from the anchors is shifted by dx[i]. Tokens and
 * dominoes, the common tiles, get loops with every shift and row pointer in
 * a local (a store to out may alias the Orient's bytes, so the compiler
 * would reload them on every row). */
static void orient_rows(const Frame *f, const Orient *or, int cells, uint64_t cols, int lo,
                        int hi, bool need_touch, uint64_t *out) {
  uint64_t any = need_touch ? 0 : ~(uint64_t)0;
  if (cells <= 2) { /* cell 0 is the anchor itself: no shift */
    int c1 = cells - 1; /* a token's "second cell" is its first again */
    const uint64_t *o0 = f->occ, *o1 = o0 + or->dy[c1];
    const uint64_t *t0 = f->touch[0], *t1 = f->touch[c1] + or->dy[c1];
    int r1 = or->rs[c1], l1 = or->ls[c1];
    for (int y = lo; y <= hi; y++)
      out[y] = cols & ~(o0[y] | o1[y] >> r1 << l1) & (any | t0[y] | t1[y] >> r1 << l1);
    return;
  }
  for (int y = lo; y <= hi; y++) {
    uint64_t m = cols, touch = any;
    for (int i = 0; i < cells; i++) {
      int yy = y + or->dy[i];
      m &= ~(f->occ[yy] >> or->rs[i] << or->ls[i]);
      touch |= f->touch[i][yy] >> or->rs[i] << or->ls[i];
    }
    out[y] = m & touch;
  }
}

/* Emits row y's anchors in (x, orientation) order; false when the output is
 * full. Without a filter, straight into the packed output: this runs once
 * per placement found. */
static bool emit_row(Emitter *em, const Frame *f, const TileShape *sh, const Live *lv,
                     uint64_t rows[][BOARD_FRAME_ROWS], int y, uint64_t any) {
  int by = f->at.y0 + y;
  if (!em->filter && em->packed) {
    Placement p = {.tile = em->tile, .at = {0, (int16_t)by}, .grid = em->grid};
    uint64_t base = (uint64_t)placement_pack(p);
    while (any) {
      int x = __builtin_ctzll(any);
      any &= any - 1;
      uint64_t at = base | (uint64_t)(uint16_t)(f->at.x0 + x) << 16;
      for (int l = 0; l < lv->n; l++) {
        if (!(rows[l][y] >> x & 1)) continue;
        em->packed[em->n++] = (int64_t)(at | lv->code[l]);
        if (em->n >= em->cap) return false;
      }
    }
    return true;
  }
  while (any) {
    int x = __builtin_ctzll(any);
    any &= any - 1;
    for (int l = 0; l < lv->n; l++)
      if (rows[l][y] >> x & 1 && !emit(em, f->at.x0 + x, by, sh->ors[lv->j[l]].o, 0)) return false;
  }
  return true;
}

static void place_frame(Emitter *em, const Frame *f, const TileShape *sh, const Box *box,
                        int cells, bool need_touch) {
  Live lv;
  live_orients(em->b, &f->at, sh, box, &lv);
  uint64_t rows[MAX_ORIENTS][BOARD_FRAME_ROWS];
  for (int l = 0; l < lv.n; l++) {
    for (int y = lv.y_first; y < lv.row_lo[l]; y++) rows[l][y] = 0;
    orient_rows(f, &sh->ors[lv.j[l]], cells, lv.cols[l], lv.row_lo[l], lv.row_hi[l],
                need_touch, rows[l]);
    for (int y = lv.row_hi[l] + 1; y <= lv.y_last; y++) rows[l][y] = 0;
  }
  for (int y = lv.y_first; y <= lv.y_last; y++) {
    uint64_t any = 0;
    for (int l = 0; l < lv.n; l++) any |= rows[l][y];
    if (any && !emit_row(em, f, sh, &lv, rows, y, any)) return;
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

static void place_scan(Emitter *em, const TileShape *sh, const Range *r, int cells,
                       bool need_touch) {
  const Board *b = em->b;
  int margin = sh->span + 1;
  int x_lo, x_hi, y_lo, y_hi;
  if (b->spec.bound == BOARD_BOUND_FIXED) {
    x_lo = 0, y_lo = 0, x_hi = b->spec.w - 1, y_hi = b->spec.h - 1;
  } else {
    x_lo = b->min_x - margin, x_hi = b->max_x + margin;
    y_lo = b->min_y - margin, y_hi = b->max_y + margin;
  }
  for (int y = y_lo; y <= y_hi; y++)
    for (int x = x_lo; x <= x_hi; x++)
      for (int j = 0; j < sh->k; j++) {
        const Orient *or = &sh->ors[j];
        if (or->dup || !in_range(&r[j], x, y)) continue;
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

static void place_stack(Emitter *em, const TileShape *sh, int cells) {
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
      for (int j = 0; j < sh->k; j++) {
        const Orient *or = &sh->ors[j];
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

/* ---- level 0 ---- */

static void place_level0(Emitter *em, const TileShape *sh, int cells, PlaceMode mode,
                         const PlaceOptions *opt) {
  const Board *b = em->b;
  bool fixed = b->spec.bound == BOARD_BOUND_FIXED, given = opt->touch[0] != NULL;
  bool need_touch = given || (b->count > 0 && (mode != PLACE_ANYWHERE || !fixed));
  Frame f;
  Box box;
  if (!fixed && b->count == 0 && given) return; /* no frame for touch rows */
  if (!cell_box(b, &box)) return;                /* the board overflows its window */
  if (fixed || b->count > 0) {
    if (frame_rect(b, sh->span + 1, &f.at)) {
      frame_rows(b, &f, opt->occupied, need_touch && !given);
      for (int i = 0; i < cells; i++) f.touch[i] = given ? opt->touch[i] : f.near;
      place_frame(em, &f, sh, &box, cells, need_touch);
      return;
    }
    if (given) return; /* touch rows need the frame: documented in board.h */
  }
  Range r[MAX_ORIENTS];
  for (int j = 0; j < sh->k; j++) r[j] = anchor_range(b, &box, &sh->ors[j]);
  if (!fixed && b->count == 0)
    place_origin(em, sh, r);
  else
    place_scan(em, sh, r, cells, need_touch);
}

int board_placements_with(const Board *b, const TileDef *tiles, int tile_id, PlaceMode mode,
                          const PlaceOptions *opt, Placement *out, int cap) {
  const TileDef *t = &tiles[tile_id];
  if (cap <= 0 || t->cell_count < 1 || t->cell_count > TILE_MAX_CELLS) return 0;
  const TileShape *sh = tile_shape((GridKind)b->spec.grid, t);
  Emitter em = {b, opt->filter, opt->ctx, out, opt->packed, cap, 0, tile_id, b->spec.grid};
  if (mode == PLACE_STACK)
    place_stack(&em, sh, t->cell_count);
  else
    place_level0(&em, sh, t->cell_count, mode, opt);
  return em.n;
}

int board_placements(const Board *b, const TileDef *tiles, int tile_id, PlaceMode mode,
                     PlacementFilter filter, void *ctx, Placement *out, int cap) {
  PlaceOptions opt = {.filter = filter, .ctx = ctx};
  return board_placements_with(b, tiles, tile_id, mode, &opt, out, cap);
}
