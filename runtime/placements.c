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
 *                L + 1 < levels; the placement's level is L + 1. Options
 *                (a climb): stack_match, each tile cell's value equals the
 *                top value under it; stack_apart, the top cells under C
 *                belong to pairwise different placings
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
 * Speed: level-0 modes work on bit sets over a frame around the occupied
 * cells, cut to where cells may lie (board_frame): every legal candidate
 * lies inside it. Small frames (64 bits with a guard bit or two after each
 * row: anything on a 5x5 or 6x6 floating window) are one word, row after
 * row, so the anchors of one orientation are a few shifts, ANDs and ORs of
 * whole words — for tokens and dominoes in one pass with everything in
 * registers (place_flat_pair). Bigger frames take one word per row and the
 * same operations row by row. Frames wider than 64 columns or taller than
 * BOARD_FRAME_ROWS fall back to a plain scan with index lookups, with the
 * same results.
 *
 * Touch words (PlaceOptions): the caller may replace "next to an occupied
 * cell" by its own bit words per tile cell over the frame (matching.c: cells
 * next to a neighbour whose value matches). The dedupe above stays right as
 * long as two tile cells showing the same value get the same words. On a
 * board keeping value words (board.h) the caller may give its words in the
 * words' own layout (board_placements_kept): the frame is then taken flat at
 * the words' stride, so the words become its own with one shift. */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

#define MAX_ORIENTS 12
#define SHAPE_CACHE 64

typedef struct Orient {
  int o;                          /* orientation index */
  int dx[TILE_MAX_CELLS];         /* cell offsets from the anchor (cell 0: 0, 0) */
  int dy[TILE_MAX_CELLS];
  int min_dx, max_dx, min_dy, max_dy;
  int x_extent, y_extent; /* max - min */
  uint64_t code;     /* the orientation's bits in a packed placement */
  bool dup;          /* some equal footprint comes earlier in canonical order */
  bool dup_here;     /* ... at the same anchor (empty-board rule) */
} Orient;

/* Everything about a tile's orientations that does not depend on the board. */
typedef struct TileShape {
  int k;    /* orientations */
  int kept, keep[MAX_ORIENTS]; /* the orientations that are no duplicate */
  /* The same, packed for the flat path of tiles of one or two cells: the
   * offset of the last cell, the extents, the placement bits. */
  int16_t last_dx[MAX_ORIENTS], last_dy[MAX_ORIENTS], x_ext[MAX_ORIENTS], y_ext[MAX_ORIENTS];
  uint64_t code[MAX_ORIENTS];
  int span; /* largest extent - 1 of any orientation, on either axis */
  bool first_kept; /* the kept orientations are the first ones: keep[j] = j */
  const TileDef *owner; /* the tile of the last look-up (see shape_of_frame) */
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
  const TileDef *shaped; /* the tile, when b's shape is no rectangle (filter's candidates must fit it) */
} Emitter;

/* The tile when b is a fixed board of some shape other than a rectangle:
 * the rectangle's candidates are then cut to the shape (board_shape.c). */
static const TileDef *shaped(const Board *b, const TileDef *t) {
  return b->spec.shape != BOARD_SHAPE_RECTANGLE ? t : NULL;
}

/* Returns false when the output is full. Inlined: it runs once per
 * placement found, and most callers want neither a filter nor structs. */
static inline __attribute__((always_inline)) bool emit(Emitter *em, int x, int y, int o, int level) {
  Placement p = {.tile = em->tile, .at = {(int16_t)x, (int16_t)y}, .orientation = o,
                 .level = level, .grid = em->grid};
  /* the paths that test candidates one by one (the bit-word ones block
   * the shape's missing cells instead: place_in_frame) */
  if (em->shaped && !board_shape_fits(em->b, em->shaped, p)) return true;
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

static __attribute__((noinline)) void shape_build(GridKind g, const TileDef *t, TileShape *s) {
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
      if (cells[i].x < or->min_dx) or->min_dx = cells[i].x;
      if (cells[i].x > or->max_dx) or->max_dx = cells[i].x;
      if (cells[i].y < or->min_dy) or->min_dy = cells[i].y;
      if (cells[i].y > or->max_dy) or->max_dy = cells[i].y;
    }
    or->x_extent = or->max_dx - or->min_dx, or->y_extent = or->max_dy - or->min_dy;
    if (or->x_extent > s->span) s->span = or->x_extent;
    if (or->y_extent > s->span) s->span = or->y_extent;
  }
  mark_duplicates(s->ors, s->k, t);
  s->kept = 0;
  s->first_kept = true;
  for (int j = 0; j < s->k; j++) {
    const Orient *or = &s->ors[j];
    if (or->dup) continue;
    int c = t->cell_count - 1, n = s->kept++;
    s->first_kept &= n == j;
    s->keep[n] = j, s->code[n] = or->code;
    s->last_dx[n] = (int16_t)or->dx[c], s->last_dy[n] = (int16_t)or->dy[c];
    s->x_ext[n] = (int16_t)or->x_extent, s->y_ext[n] = (int16_t)or->y_extent;
  }
}

/* Orientations depend only on the tile and the grid, and enumeration runs
 * once per decision with the same few tiles, so they are kept in a small
 * cache: slot by the tile's id (or its address when the id is not at
 * hand), validated by the tile's first KEY_BYTES bytes (its geometry and
 * values, and a few name bytes that do not change while the table lives)
 * and the grid, since another table may use the same ids or addresses. Compared in place, word by word: this runs
 * on every call. Thread-local: matches may run in parallel. */
enum { KEY_WORDS = 5, KEY_BYTES = 8 * KEY_WORDS };
_Static_assert(offsetof(TileDef, name) <= KEY_BYTES && KEY_BYTES <= sizeof(TileDef),
               "the key holds a tile's geometry and values");

typedef struct ShapeSlot {
  uint64_t key[KEY_WORDS]; /* the tile's first bytes */
  uint64_t grid;           /* grid + 1 (0: unused) */
  TileShape shape;
} ShapeSlot;

static _Thread_local ShapeSlot shape_cache[SHAPE_CACHE];

static uint64_t key_word(const TileDef *t, int i) {
  uint64_t w;
  memcpy(&w, (const char *)t + 8 * i, sizeof w);
  return w;
}

static __attribute__((noinline)) void shape_fill(ShapeSlot *s, GridKind g, const TileDef *t) {
  memcpy(s->key, t, KEY_BYTES);
  s->grid = (uint64_t)g + 1;
  shape_build(g, t, &s->shape);
}

/* The slot of a tile: by its id when the caller knows it, so that the
 * tables of the next matches of a game (each built anew, elsewhere) find
 * their tiles' shapes still there; else by its address. */
static inline unsigned id_slot(int tile_id) { return (unsigned)tile_id % SHAPE_CACHE; }
static inline unsigned address_slot(const TileDef *t) {
  return (unsigned)(((uintptr_t)t / sizeof(TileDef)) % SHAPE_CACHE);
}

static inline const TileShape *tile_shape(GridKind g, const TileDef *t, unsigned slot) {
  ShapeSlot *s = &shape_cache[slot];
  _Static_assert(KEY_WORDS == 5, "tile_shape compares five words");
  uint64_t diff = (s->grid ^ ((uint64_t)g + 1)) | (s->key[0] ^ key_word(t, 0)) |
                  (s->key[1] ^ key_word(t, 1)) | (s->key[2] ^ key_word(t, 2)) |
                  (s->key[3] ^ key_word(t, 3)) | (s->key[4] ^ key_word(t, 4));
  if (__builtin_expect(diff != 0, 0)) shape_fill(s, g, t);
  s->shape.owner = t;
  return &s->shape;
}

/* The shape a frame carries (board_frame's), while its cache slot still
 * holds this tile's: a look-up for another tile may have taken the slot
 * since. */
static const TileShape *shape_of_frame(const BoardFrame *f, GridKind g, const TileDef *t,
                                       int tile_id) {
  return f && f->shape && f->shape->owner == t ? f->shape : tile_shape(g, t, id_slot(tile_id));
}

/* Where covered cells may lie, from fixed bounds and the window; n/a limits
 * are +-INT_MAX/4. */
typedef struct Box {
  int x_lo, x_hi, y_lo, y_hi;
} Box;

static inline bool cell_box(const Board *b, Box *box) {
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

/* ---- level 0, fast path: bit words over a frame ---- */

static int imax(int a, int b) { return a > b ? a : b; }
static int imin(int a, int b) { return a < b ? a : b; }

/* The low n bits (1 <= n <= 64): a shift, no test. */
static uint64_t low_bits(int n) { return ~(uint64_t)0 >> (64 - n); }

/* Per stride, kept for the last one asked (a game asks with one stride or
 * two): bit 0 of every row of `stride` bits, and each bit's cell as the x
 * and y fields of a packed placement: places[p] = (p % stride) << 16 |
 * (p / stride) << 32, so that packing finds a cell with one look-up rather
 * than a walk along the rows (corner_add). */
static _Thread_local int last_stride;
static _Thread_local uint64_t last_starts, last_places[64];

static __attribute__((noinline)) void stride_new(int stride) {
  uint64_t c = 1;
  for (int reach = stride; reach < 64; reach *= 2) c |= c << reach;
  for (int p = 0; p < 64; p++)
    last_places[p] = (uint64_t)(p % stride) << 16 | (uint64_t)(p / stride) << 32;
  last_stride = stride, last_starts = c;
}

/* Bit 0 of every row in the low n bits. */
static inline uint64_t row_starts(int stride, int n) {
  if (stride != last_stride) stride_new(stride);
  return last_starts & low_bits(n);
}

static inline const uint64_t *cell_places(int stride) {
  if (stride != last_stride) stride_new(stride);
  return last_places;
}

/* The places of a word per row: row 0 only. */
#define PLACE1(p) ((uint64_t)(p) << 16)
#define PLACE4(p) PLACE1(p), PLACE1(p + 1), PLACE1(p + 2), PLACE1(p + 3)
#define PLACE16(p) PLACE4(p), PLACE4(p + 4), PLACE4(p + 8), PLACE4(p + 12)
static const uint64_t row_places[64] = {PLACE16(0), PLACE16(16), PLACE16(32), PLACE16(48)};

/* A frame's corner cell packed (with the tile and grid bits), split for
 * corner_add: the x and y fields' top bits apart. */
#define XY_TOPS ((uint64_t)1 << 31 | (uint64_t)1 << 47)
typedef struct Corner {
  uint64_t low, tops;
} Corner;

static inline Corner corner_of(uint64_t base, int x0, int y0) {
  uint64_t c = base | (uint64_t)(uint16_t)x0 << 16 | (uint64_t)(uint16_t)y0 << 32;
  return (Corner){c & ~XY_TOPS, c & XY_TOPS};
}

/* The packed placement at the corner plus a place (offsets below 64),
 * each field wrapping as an int16 does: with the fields' top bits clear no
 * carry leaves a field, and the top bits come back by xor. */
static inline uint64_t corner_add(Corner c, uint64_t place) { return (c.low + place) ^ c.tops; }

/* Every legal candidate that must touch has a cell next to an occupied one
 * and its other cells within the tile's span of that one: margin span + 1
 * around the occupied cells, cut to the box (which holds them all). A fixed
 * board where nothing needs touching: the whole board. The layout is flat
 * when w + guard bits a row fit h times in a word (see board.h); with a
 * stride asked for (not 0), flat at that stride or no frame. */
static inline __attribute__((always_inline)) bool frame_rect(const Board *b, const Box *box,
                                                             int span, bool touching, int stride,
                                                             BoardFrame *f) {
  int x_lo = box->x_lo, x_hi = box->x_hi, y_lo = box->y_lo, y_hi = box->y_hi;
  if (touching) {
    if (b->count == 0) return false;
    int margin = span + 1;
    x_lo = imax(x_lo, b->min_x - margin), x_hi = imin(x_hi, b->max_x + margin);
    y_lo = imax(y_lo, b->min_y - margin), y_hi = imin(y_hi, b->max_y + margin);
  } else if (b->spec.bound != BOARD_BOUND_FIXED) {
    return false;
  }
  int w = x_hi - x_lo + 1, h = y_hi - y_lo + 1, guard = span > 1 ? span : 1;
  if (w < 1 || h < 1 || w > 64 || h > BOARD_FRAME_ROWS) return false;
  if (stride && (w + guard > stride || stride * h > 64)) return false;
  if (!stride) stride = w + guard;
  if (stride * h > 64)
    *f = (BoardFrame){x_lo, y_lo, w, h, h, 0, 1, low_bits(w), NULL};
  else /* one row's bits at every row: no carries, since a row < 2^stride */
    *f = (BoardFrame){x_lo, y_lo, w, h, 1, stride, 0, low_bits(w) * row_starts(stride, stride * h),
                      NULL};
  return true;
}

static inline __attribute__((always_inline)) bool frame_at(const Board *b, const TileDef *t,
                                                           unsigned slot, int stride,
                                                           BoardFrame *f) {
  Box box;
  if (t->cell_count < 1 || t->cell_count > TILE_MAX_CELLS || !cell_box(b, &box)) return false;
  const TileShape *sh = tile_shape((GridKind)b->spec.grid, t, slot);
  if (!frame_rect(b, &box, sh->span, true, stride, f)) return false;
  f->shape = sh;
  return true;
}

bool board_frame(const Board *b, const TileDef *t, BoardFrame *f) {
  return frame_at(b, t, address_slot(t), 0, f);
}

/* One loop per layout, so each computes its bit in a couple of steps. */
void board_frame_occupied(const Board *b, const BoardFrame *f, uint64_t *occ) {
  for (int i = 0; i < f->words; i++) occ[i] = 0;
  const BoardCell *cells = board_cell(b, 0);
  const int n = b->count, x0 = f->x0, y0 = f->y0;
  const unsigned w = (unsigned)f->w, h = (unsigned)f->h;
  if (f->row_word) {
    for (int e = 0; e < n; e++) {
      unsigned x = (unsigned)(cells[e].x - x0), y = (unsigned)(cells[e].y - y0);
      if (x < w && y < h) occ[y] |= (uint64_t)1 << x;
    }
    return;
  }
  uint64_t word = 0;
  for (int e = 0; e < n; e++) {
    unsigned x = (unsigned)(cells[e].x - x0), y = (unsigned)(cells[e].y - y0);
    if (x < w && y < h) word |= (uint64_t)1 << (x + y * (unsigned)f->row_bit);
  }
  occ[0] = word;
}

/* A word per row: one loop per grid, each with the row above and below in
 * registers; the last row (nothing below) apart, so the loop has no test. */
static inline __attribute__((always_inline)) uint64_t grown(uint64_t up, uint64_t row,
                                                            uint64_t down, bool hex) {
  uint64_t t = row << 1 | row >> 1 | up | down;
  return hex ? t | up >> 1 | down << 1 : t; /* hex neighbours (q+1, r-1) and (q-1, r+1) */
}

static inline __attribute__((always_inline)) void grow_rows(uint64_t *rows, int h, uint64_t width,
                                                            bool hex) {
  uint64_t up = 0, row = rows[0];
  for (int y = 0; y < h - 1; y++) {
    uint64_t down = rows[y + 1];
    rows[y] = grown(up, row, down, hex) & width;
    up = row, row = down;
  }
  rows[h - 1] = grown(up, row, 0, hex) & width;
}

void board_frame_grow(uint64_t *words, const BoardFrame *f, GridKind g) {
  if (!f->row_word) {
    words[0] = board_frame_grow_flat(words[0], f, g == GRID_HEX);
    return;
  }
  if (g == GRID_HEX)
    grow_rows(words, f->h, f->cells, true);
  else
    grow_rows(words, f->h, f->cells, false);
}

typedef struct Frame {
  const BoardFrame *at;
  const uint64_t *occ;                   /* occupied cells, every level */
  const uint64_t *touch[TILE_MAX_CELLS]; /* per tile cell: where it counts as touching */
  uint64_t any_touch;                    /* every bit when nothing needs touching */
  int x_max, y_max; /* the longest extents that fit the frame and the window */
} Frame;

/* Anchors per orientation, for the output: a[k] the anchors of the k-th
 * orientation found (in canonical order), code[k] its bits in a packed
 * placement, o[k] its number. */
typedef struct Anchors {
  int n;
  const uint64_t *a;
  const uint64_t *code;
  const int *o;
} Anchors;

/* Packs the anchors of one word into out[*count...]: bit p of a[k] is the
 * candidate (cell places[p] from the corner, orientation code[k]). In (y,
 * x, orientation) order; false when the output reaches cap. Inline, so
 * callers keep their locals in registers. */
static inline bool pack_word(Corner corner, const uint64_t *places, const uint64_t *a,
                             const uint64_t *code, int n, uint64_t any, int64_t *out, int *count,
                             int cap) {
  int c = *count;
  bool room = true;
  while (any && room) {
    int p = __builtin_ctzll(any);
    any &= any - 1;
    uint64_t at = corner_add(corner, places[p]);
    for (int k = 0; k < n; k++) {
      if (!(a[k] >> p & 1)) continue;
      out[c++] = (int64_t)(at | code[k]);
      if (c >= cap) {
        room = false;
        break;
      }
    }
  }
  *count = c;
  return room;
}

/* The corner and places of word `word` of a frame (a flat frame's one, or
 * row `word`). */
static inline Corner word_corner(const BoardFrame *f, uint64_t base, int word) {
  return corner_of(base, f->x0, f->y0 + (f->row_word ? word : 0));
}
static inline const uint64_t *word_places(const BoardFrame *f) {
  return f->row_word ? row_places : cell_places(f->row_bit);
}

/* Emits word `word`'s anchors in (y, x, orientation) order; false when the
 * output is full. Bit p of the word is a cell of frame row y, found by
 * walking the rows up (a flat word holds several; in a word per row, p
 * never reaches 64). Without a filter, straight into the packed output:
 * this runs once per placement found, so the anchors, codes and count are
 * in locals, which the stores into the output cannot alias. */
static __attribute__((noinline)) bool emit_word(Emitter *em, const BoardFrame *f,
                                                const Anchors *an, uint64_t any, int word) {
  if (!em->filter && em->packed) {
    uint64_t a[MAX_ORIENTS], code[MAX_ORIENTS];
    const int n = an->n, cap = em->cap;
    for (int k = 0; k < n; k++) a[k] = an->a[k], code[k] = an->code[k];
    int count = em->n;
    uint64_t base = (uint64_t)placement_pack((Placement){.tile = em->tile, .grid = em->grid});
    bool room = pack_word(word_corner(f, base, word), word_places(f), a, code, n, any, em->packed,
                          &count, cap);
    em->n = count;
    return room;
  }
  int stride = f->row_word ? 64 : f->row_bit, y = f->row_word ? word : 0, start = 0;
  while (any) {
    int p = __builtin_ctzll(any);
    any &= any - 1;
    while (p - start >= stride) start += stride, y++;
    for (int k = 0; k < an->n; k++)
      if (an->a[k] >> p & 1 && !emit(em, f->x0 + p - start, f->y0 + y, an->o[k], 0)) return false;
  }
  return true;
}

/* Packs the anchors of up to four orientations (a[k] zero for unused k)
 * with room for all of them: each test unrolled, everything in registers.
 * A flat frame. */
static inline __attribute__((always_inline)) void pack4(Emitter *em, const BoardFrame *f,
                                                        const uint64_t *a, const uint64_t *code,
                                                        uint64_t any) {
  const uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
  const uint64_t c0 = code[0], c1 = code[1], c2 = code[2], c3 = code[3];
  const uint64_t *places = cell_places(f->row_bit);
  int64_t *out = em->packed + em->n, *const first = out;
  uint64_t base = (uint64_t)placement_pack((Placement){.tile = em->tile, .grid = em->grid});
  const Corner corner = corner_of(base, f->x0, f->y0);
  while (any) {
    int p = __builtin_ctzll(any);
    any &= any - 1;
    uint64_t at = corner_add(corner, places[p]);
    /* Written always, kept when the bit is set: no branch to mispredict
     * (which orientations fit changes from anchor to anchor). The caller
     * leaves room for the four. */
    *out = (int64_t)(at | c0), out += a0 >> p & 1;
    *out = (int64_t)(at | c1), out += a1 >> p & 1;
    *out = (int64_t)(at | c2), out += a2 >> p & 1;
    *out = (int64_t)(at | c3), out += a3 >> p & 1;
  }
  em->n += (int)(out - first);
}

/* The anchors of kept orientation k: both cells free (in the frame and
 * empty: `free`, the frame's cells less the occupied ones) and one on its
 * touch word (t0 for cell 0, t1 for the other). */
static inline __attribute__((always_inline)) uint64_t pair_anchors(const TileShape *sh, int k,
                                                                   int stride, uint64_t free,
                                                                   uint64_t t0, uint64_t t1,
                                                                   int x_max, int y_max) {
  if (sh->x_ext[k] > x_max || sh->y_ext[k] > y_max) return 0;
  int s = sh->last_dx[k] + sh->last_dy[k] * stride;
  if (s >= 0) /* the other cell's words, brought to the anchors */
    return free & free >> s & (t0 | t1 >> s);
  return free & free << -s & (t0 | t1 << -s);
}

/* Flat frames and tiles of one or two cells (tokens, dominoes: the common
 * case) in one pass, everything in registers: per orientation a handful of
 * whole-word operations. Cell 0 is the anchor itself; the other cell,
 * brought to its anchor, is the word shifted by s = dx + dy * row_bit
 * either way. The anchors keep both cells in the frame: the guard bits
 * after each row catch a step off its end, and the extents were checked
 * first, so |s| < 64. A token's "other cell" is cell 0 again (s = 0). */
static inline __attribute__((always_inline)) void flat_pair(Emitter *em, const BoardFrame *at,
                                                            const TileShape *sh, uint64_t occ,
                                                            uint64_t t0, uint64_t t1, int x_max,
                                                            int y_max) {
  const int stride = at->row_bit;
  const uint64_t free = at->cells & ~occ;
  uint64_t a[MAX_ORIENTS], code[MAX_ORIENTS], any = 0;
  a[0] = a[1] = a[2] = a[3] = code[0] = code[1] = code[2] = code[3] = 0; /* past n: see pack4 */
  int o[MAX_ORIENTS], n = 0;
  for (int k = 0; k < sh->kept; k++) {
    uint64_t m = pair_anchors(sh, k, stride, free, t0, t1, x_max, y_max);
    if (!m) continue;
    a[n] = m, code[n] = sh->code[k], o[n] = sh->keep[k], n++;
    any |= m;
  }
  if (!any) return;
  if (n <= 4 && !em->filter && em->packed && em->cap - em->n > 4 * 64) {
    pack4(em, at, a, code, any);
    return;
  }
  Anchors an = {n, a, code, o};
  emit_word(em, at, &an, any, 0);
}

static __attribute__((noinline)) void place_flat_pair(Emitter *em, const Frame *f,
                                                      const TileShape *sh, int cells) {
  const int c = cells - 1;
  flat_pair(em, f->at, sh, f->occ[0], f->touch[0][0] | f->any_touch, f->touch[c][0], f->x_max,
            f->y_max);
}

/* ---- the general bit-word path: any tile, a word per row or flat ---- */

/* The orientations that can have an anchor in the frame, as seen from the
 * frame's words: cell i of the anchor in bit p of word y is bit p + dx +
 * dy * row_bit of word y + dy * row_word, so the word of cell i, brought
 * to the anchors, is (word[y + wo[i]] >> rs[i]) << ls[i]. Cell 0 is the
 * anchor itself: no shift. int16_t, not bytes: a store of a char type may
 * alias anything, and the compiler would reload every other value. */
typedef struct Live {
  int n, first, last;         /* first..last: the words holding any anchor */
  uint64_t mask[MAX_ORIENTS]; /* anchors whose cells all lie in the frame */
  uint64_t code[MAX_ORIENTS];
  int lo[MAX_ORIENTS], hi[MAX_ORIENTS], o[MAX_ORIENTS]; /* words with anchors; orientation */
  int16_t wo[MAX_ORIENTS][TILE_MAX_CELLS], rs[MAX_ORIENTS][TILE_MAX_CELLS],
      ls[MAX_ORIENTS][TILE_MAX_CELLS];
} Live;

/* Anchors keeping every cell in the frame, for orientation or (the n-th
 * live one): false when there is none. The frame lies inside the box, so
 * that is the box's rule too. The extents are checked first, so every
 * shift is below the word size. */
static bool live_orient(const Frame *f, const Orient *or, int cells, Live *lv, int n) {
  if (or->x_extent > f->x_max || or->y_extent > f->y_max) return false;
  const BoardFrame *at = f->at;
  uint64_t mask = at->cells;
  lv->wo[n][0] = lv->rs[n][0] = lv->ls[n][0] = 0; /* cell 0: the anchor */
  for (int i = 1; i < cells; i++) {
    int s = or->dx[i] + or->dy[i] * at->row_bit, rs = s > 0 ? s : 0, ls = s < 0 ? -s : 0;
    lv->wo[n][i] = (int16_t)(or->dy[i] * at->row_word);
    lv->rs[n][i] = (int16_t)rs, lv->ls[n][i] = (int16_t)ls;
    mask &= at->cells >> rs << ls;
  }
  lv->mask[n] = mask, lv->code[n] = or->code, lv->o[n] = or->o;
  lv->lo[n] = at->row_word ? -or->min_dy : 0;
  lv->hi[n] = at->row_word ? at->h - 1 - or->max_dy : 0;
  return mask != 0;
}

static void live_orients(const Frame *f, const TileShape *sh, int cells, Live *lv) {
  int n = 0, first = INT_MAX, last = INT_MIN;
  for (int j = 0; j < sh->kept; j++) {
    if (!live_orient(f, &sh->ors[sh->keep[j]], cells, lv, n)) continue;
    first = imin(first, lv->lo[n]), last = imax(last, lv->hi[n]);
    n++;
  }
  lv->n = n, lv->first = first, lv->last = last;
}

/* Anchors of live orientation k, word by word, into out[y][k] for y in
 * first..last (0 outside its words lo..hi): the covered cells empty and,
 * when asked, some covered cell on its touch word. Tokens and dominoes, the
 * common tiles, get a loop with every shift and row pointer in a local. */
static void orient_words(const Frame *f, const Live *lv, int k, int cells,
                         uint64_t (*out)[MAX_ORIENTS]) {
  const int lo = lv->lo[k], hi = lv->hi[k];
  const uint64_t mask = lv->mask[k], any = f->any_touch;
  for (int y = lv->first; y < lo; y++) out[y][k] = 0;
  for (int y = hi + 1; y <= lv->last; y++) out[y][k] = 0;
  if (cells <= 2) { /* a token's "second cell" is its first again */
    const int c = cells - 1, r1 = lv->rs[k][c], l1 = lv->ls[k][c];
    const uint64_t *o0 = f->occ, *o1 = o0 + lv->wo[k][c];
    const uint64_t *t0 = f->touch[0], *t1 = f->touch[c] + lv->wo[k][c];
    for (int y = lo; y <= hi; y++)
      out[y][k] = mask & ~(o0[y] | o1[y] >> r1 << l1) & (any | t0[y] | t1[y] >> r1 << l1);
    return;
  }
  for (int y = lo; y <= hi; y++) {
    uint64_t occ = f->occ[y], touch = any | f->touch[0][y];
    for (int i = 1; i < cells; i++) {
      int w = y + lv->wo[k][i], rs = lv->rs[k][i], ls = lv->ls[k][i];
      occ |= f->occ[w] >> rs << ls;
      touch |= f->touch[i][w] >> rs << ls;
    }
    out[y][k] = mask & ~occ & touch;
  }
}

/* The packed output of all the words at once (no filter): the codes and
 * the count in locals, the row's packed part computed once per word. */
static bool pack_words(Emitter *em, const BoardFrame *f, const Live *lv,
                       uint64_t (*words)[MAX_ORIENTS]) {
  uint64_t code[MAX_ORIENTS];
  const int n = lv->n, cap = em->cap;
  for (int k = 0; k < n; k++) code[k] = lv->code[k];
  int64_t *out = em->packed;
  int count = em->n;
  uint64_t base = (uint64_t)placement_pack((Placement){.tile = em->tile, .grid = em->grid});
  const uint64_t *places = word_places(f);
  for (int w = lv->first; w <= lv->last; w++) {
    const uint64_t *a = words[w];
    uint64_t any = 0;
    for (int k = 0; k < n; k++) any |= a[k];
    if (!pack_word(word_corner(f, base, w), places, a, code, n, any, out, &count, cap)) {
      em->n = count;
      return false;
    }
  }
  em->n = count;
  return true;
}

/* Orientation by orientation into words[y][k], then word by word (a flat
 * frame is one) every orientation at once, so the output comes in
 * canonical order. */
static __attribute__((noinline)) void place_frame(Emitter *em, const Frame *f,
                                                  const TileShape *sh, int cells) {
  Live lv;
  live_orients(f, sh, cells, &lv);
  uint64_t words[BOARD_FRAME_ROWS][MAX_ORIENTS];
  for (int k = 0; k < lv.n; k++) orient_words(f, &lv, k, cells, words);
  if (!em->filter && em->packed) {
    pack_words(em, f->at, &lv, words);
    return;
  }
  Anchors an = {lv.n, NULL, lv.code, lv.o};
  for (int y = lv.first; y <= lv.last; y++) {
    uint64_t any = 0;
    for (int k = 0; k < lv.n; k++) any |= words[y][k];
    an.a = words[y];
    if (any && !emit_word(em, f->at, &an, any, y)) return;
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

/* The placing an entry belongs to: its tile's cells are entered together,
 * cell 0 first, so the entry of cell 0 names the placing. */
static inline int placing_of(const BoardCell *entries, int e) { return e - entries[e].part; }

/* Whether the top cells under a climb (entries e[0..cells-1]) rest on
 * pairwise different placings. */
static bool on_apart_placings(const BoardCell *entries, const int *e, int cells) {
  for (int i = 1; i < cells; i++)
    for (int j = 0; j < i; j++)
      if (placing_of(entries, e[i]) == placing_of(entries, e[j])) return false;
  return true;
}

/* The climbs and stackings anchored at top entry `anchor` (x, y); false
 * when the output is full. Cell 0 of every orientation is the anchor.
 * Uneven: the covered cells may be at any levels, the tile going one level
 * above the highest (PLACE_STACK_UNEVEN). */
static bool stack_at(Emitter *em, const TileShape *sh, const TileDef *t, const PlaceOptions *opt,
                     int x, int y, int anchor, bool uneven) {
  const Board *b = em->b;
  const BoardCell *entries = board_cell(b, 0);
  int cells = t->cell_count, level = entries[anchor].level;
  if (!uneven && level + 1 >= b->spec.levels) return true;
  if (opt->stack_match && entries[anchor].value != t->value[0]) return true;
  for (int j = 0; j < sh->k; j++) {
    const Orient *or = &sh->ors[j];
    if (or->dup) continue;
    bool ok = board_in_bounds(b, (Coord){(int16_t)x, (int16_t)y});
    int under[TILE_MAX_CELLS] = {anchor}, top = level;
    for (int i = 1; i < cells && ok; i++) {
      Coord c = {(int16_t)(x + or->dx[i]), (int16_t)(y + or->dy[i])};
      int e = under[i] = board_top(b, c);
      ok = e >= 0 && (uneven || entries[e].level == level) && board_in_bounds(b, c) &&
           (!opt->stack_match || entries[e].value == t->value[i]);
      if (ok && entries[e].level > top) top = entries[e].level;
    }
    if (ok && opt->stack_apart) ok = on_apart_placings(entries, under, cells);
    if (ok && top + 1 < b->spec.levels && !emit(em, x, y, or->o, top + 1)) return false;
  }
  return true;
}

/* Boards of up to this many entries find their anchors by sorting their
 * top entries (no index look-up per cell of the occupied box); bigger ones
 * scan the box. */
enum { STACK_SORTED_MAX = 512 };

static int by_key(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* The top entries in canonical anchor order (y, then x), each as
 * (y, x) key << 32 | entry: an entry is a top unless another lies on it. */
static int sorted_tops(const Board *b, uint64_t *out) {
  const BoardCell *entries = board_cell(b, 0);
  bool covered[STACK_SORTED_MAX] = {false};
  for (int e = 0; e < b->count; e++)
    if (entries[e].below) covered[entries[e].below - 1] = true;
  int n = 0;
  for (int e = 0; e < b->count; e++)
    if (!covered[e]) {
      uint64_t key = (uint64_t)(uint16_t)(entries[e].y ^ 0x8000) << 16 | (uint16_t)(entries[e].x ^ 0x8000);
      out[n++] = key << 32 | (uint32_t)e;
    }
  qsort(out, (size_t)n, sizeof *out, by_key);
  return n;
}

static void place_stack(Emitter *em, const TileShape *sh, const TileDef *t, const PlaceOptions *opt,
                        bool uneven) {
  const Board *b = em->b;
  if (b->count == 0 || b->spec.levels <= 1) return;
  if (!board_fits_window(b, NULL, 0)) return;
  if (b->count <= STACK_SORTED_MAX) {
    uint64_t tops[STACK_SORTED_MAX];
    int n = sorted_tops(b, tops);
    const BoardCell *entries = board_cell(b, 0);
    for (int k = 0; k < n; k++) {
      int e = (int)(uint32_t)tops[k];
      if (!stack_at(em, sh, t, opt, entries[e].x, entries[e].y, e, uneven)) return;
    }
    return;
  }
  for (int y = b->min_y; y <= b->max_y; y++)
    for (int x = b->min_x; x <= b->max_x; x++) {
      int anchor = board_top(b, (Coord){(int16_t)x, (int16_t)y});
      if (anchor >= 0 && !stack_at(em, sh, t, opt, x, y, anchor, uneven)) return;
    }
}

/* ---- level 0 ---- */

/* The bit-word paths, on a frame with its words at hand. */
static inline void place_words(Emitter *em, const TileShape *sh, int cells, const BoardFrame *at,
                               const uint64_t *occ, const uint64_t *const *touch,
                               bool need_touch) {
  const Board *b = em->b;
  Frame f;
  f.at = at, f.occ = occ, f.any_touch = need_touch ? 0 : ~(uint64_t)0;
  for (int i = 0; i < cells; i++) f.touch[i] = touch[i];
  f.x_max = at->w - 1, f.y_max = at->h - 1; /* a tile longer than the window never fits */
  if (b->spec.bound == BOARD_BOUND_WINDOW)
    f.x_max = imin(f.x_max, b->spec.w - 1), f.y_max = imin(f.y_max, b->spec.h - 1);
  if (!at->row_word && cells <= 2)
    place_flat_pair(em, &f, sh, cells);
  else
    place_frame(em, &f, sh, cells);
}

/* The plain rule (or the caller's touch words) on a frame: its occupancy
 * and, for the plain rule, the cells next to it. */
static void place_in_frame(Emitter *em, const TileShape *sh, int cells, const BoardFrame *at,
                           const PlaceOptions *opt, bool need_touch) {
  const Board *b = em->b;
  bool given = opt->touch[0] != NULL;
  uint64_t occ[BOARD_FRAME_ROWS], near[BOARD_FRAME_ROWS], blocked[BOARD_FRAME_ROWS];
  const uint64_t *o = opt->occupied ? opt->occupied : occ, *touch[TILE_MAX_CELLS];
  if (!opt->occupied) board_frame_occupied(b, at, occ);
  if (need_touch && !given) {
    memcpy(near, o, sizeof(uint64_t) * (size_t)at->words);
    board_frame_grow(near, at, (GridKind)b->spec.grid);
  }
  for (int i = 0; i < cells; i++) touch[i] = given ? opt->touch[i] : need_touch ? near : o;
  if (em->shaped) { /* a shape's missing cells block like occupied ones (the word paths emit unchecked) */
    memcpy(blocked, o, sizeof(uint64_t) * (size_t)at->words);
    board_shape_block(b, at, blocked);
    o = blocked;
  }
  place_words(em, sh, cells, at, o, touch, need_touch);
}

static void place_level0(Emitter *em, const TileShape *sh, int cells, PlaceMode mode,
                         const PlaceOptions *opt) {
  const Board *b = em->b;
  bool fixed = b->spec.bound == BOARD_BOUND_FIXED, given = opt->touch[0] != NULL;
  bool need_touch = given || (b->count > 0 && (mode != PLACE_ANYWHERE || !fixed));
  if (given && opt->frame) { /* the caller's frame lies in the box already */
    place_in_frame(em, sh, cells, opt->frame, opt, true);
    return;
  }
  Box box;
  BoardFrame at;
  if (!cell_box(b, &box)) return; /* the board overflows its window */
  if ((fixed || b->count > 0) && frame_rect(b, &box, sh->span, need_touch, 0, &at)) {
    place_in_frame(em, sh, cells, &at, opt, need_touch);
    return;
  }
  if (given) return; /* touch words need the frame: documented in board.h */
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
  const TileShape *sh = shape_of_frame(opt->frame, (GridKind)b->spec.grid, t, tile_id);
  Emitter em = {b, opt->filter, opt->ctx, out, opt->packed, cap, 0, tile_id, b->spec.grid, shaped(b, t)};
  if (mode == PLACE_STACK || mode == PLACE_STACK_UNEVEN)
    place_stack(&em, sh, t, opt, mode == PLACE_STACK_UNEVEN);
  else
    place_level0(&em, sh, t->cell_count, mode, opt);
  return em.n;
}

int board_placements_words(const Board *b, const TileDef *tiles, int tile_id,
                           const BoardFrame *f, const uint64_t *occupied,
                           const uint64_t *const *touch, int64_t *packed, int cap) {
  const TileDef *t = &tiles[tile_id];
  if (cap <= 0 || t->cell_count < 1 || t->cell_count > TILE_MAX_CELLS) return 0;
  const TileShape *sh = shape_of_frame(f, (GridKind)b->spec.grid, t, tile_id);
  Emitter em = {.b = b, .packed = packed, .cap = cap, .tile = tile_id, .grid = b->spec.grid};
  place_words(&em, sh, t->cell_count, f, occupied, touch, true);
  return shaped(b, t) ? board_shape_keep(b, t, NULL, packed, em.n) : em.n;
}

/* The frame, flat at the value words' stride, holds the occupied box, so
 * the words are the frame's once shifted by its corner's offset. */
static inline __attribute__((always_inline)) bool kept_frame(const Board *b, const TileDef *t,
                                                             int tile_id,
                                                             BoardFrame *f, int *shift,
                                                             int *x_max, int *y_max) {
  if (!frame_at(b, t, id_slot(tile_id), b->word_stride, f)) return false;
  *shift = (b->min_x - f->x0) + (b->min_y - f->y0) * f->row_bit;
  *x_max = f->w - 1, *y_max = f->h - 1; /* a tile longer than the window never fits */
  if (b->spec.bound == BOARD_BOUND_WINDOW)
    *x_max = imin(*x_max, b->spec.w - 1), *y_max = imin(*y_max, b->spec.h - 1);
  return true;
}

/* Packed tokens and dominoes of up to four orientations, the first ones
 * (square grids), the common case: a fixed four with their codes known, so
 * every word stays in a register. -2: not that case. */
static int kept_pair(const Board *b, const TileDef *t, int tile_id, uint64_t occupied,
                     const uint64_t *match, int64_t *packed, int cap) {
  BoardFrame f;
  int shift, x_max, y_max;
  if (!kept_frame(b, t, tile_id, &f, &shift, &x_max, &y_max)) return -1;
  const TileShape *sh = f.shape;
  if (sh->kept > 4 || !sh->first_kept || cap <= 4 * 64) return -2;
  const bool hex = b->spec.grid == GRID_HEX;
  const uint64_t free = f.cells & ~(occupied << shift);
  const uint64_t t0 = board_frame_grow_flat(match[0] << shift, &f, hex);
  const uint64_t t1 = board_frame_grow_flat(match[t->cell_count - 1] << shift, &f, hex);
  uint64_t a[4], code[4], any = 0;
#pragma GCC unroll 4
  for (int k = 0; k < 4; k++) {
    a[k] = k < sh->kept ? pair_anchors(sh, k, f.row_bit, free, t0, t1, x_max, y_max) : 0;
    code[k] = (uint64_t)placement_pack((Placement){.orientation = k}), any |= a[k];
  }
  Emitter em = {.packed = packed, .tile = tile_id, .grid = b->spec.grid};
  if (any) pack4(&em, &f, a, code, any);
  return em.n;
}

/* Any tile: the flat pair's loop or place_frame. */
static __attribute__((noinline)) int kept_any(const Board *b, const TileDef *t, int tile_id,
                                              uint64_t occupied, const uint64_t *match,
                                              Placement *out, int64_t *packed, int cap) {
  BoardFrame f;
  int shift, x_max, y_max;
  if (!kept_frame(b, t, tile_id, &f, &shift, &x_max, &y_max)) return -1;
  if (cap <= 0) return 0;
  const int cells = t->cell_count;
  const bool hex = b->spec.grid == GRID_HEX;
  uint64_t occ = occupied << shift, near[TILE_MAX_CELLS];
  const uint64_t *touch[TILE_MAX_CELLS];
  for (int i = 0; i < cells; i++) {
    near[i] = board_frame_grow_flat(match[i] << shift, &f, hex);
    touch[i] = &near[i];
  }
  Emitter em = {.b = b, .out = out, .packed = packed, .cap = cap, .tile = tile_id,
                .grid = b->spec.grid};
  place_words(&em, f.shape, cells, &f, &occ, touch, true);
  return em.n;
}

int board_placements_kept(const Board *b, const TileDef *tiles, int tile_id, uint64_t occupied,
                          const uint64_t *match, Placement *out, int64_t *packed, int cap) {
  const TileDef *t = &tiles[tile_id];
  if (!b->words_at) return -1;
  int n = packed && (t->cell_count == 1 || t->cell_count == 2)
              ? kept_pair(b, t, tile_id, occupied, match, packed, cap)
              : -2;
  if (n == -2) n = kept_any(b, t, tile_id, occupied, match, out, packed, cap);
  return n > 0 && shaped(b, t) ? board_shape_keep(b, t, out, packed, n) : n;
}

int board_placements(const Board *b, const TileDef *tiles, int tile_id, PlaceMode mode,
                     PlacementFilter filter, void *ctx, Placement *out, int cap) {
  PlaceOptions opt = {.filter = filter, .ctx = ctx};
  return board_placements_with(b, tiles, tile_id, mode, &opt, out, cap);
}
