/* board.c — the flat board: header, entries, and the coordinate index.
 *
 * Layout of a board's region (every part starts on an 8-byte boundary):
 *
 *   Board header | BoardCell entries[capacity] | index
 *
 * The index maps a coordinate to the entry number of the TOP cell there. Its
 * kind is fixed by the spec, so every state of a match has the same layout:
 *
 *   direct (fixed and window boards): one slot per cell the board can ever
 *     reach, row-major, dw x dh, holding entry + 1 (0 = empty); uint8 slots
 *     while capacity <= 255 (states are copied and hashed whole: small
 *     slots keep them small), uint16 up to 65535, int32 beyond. A fixed
 *     board reaches its w x h cells: origin (0,0). On a window board every
 *     cell shares a w x h window with the first cell ever placed (boards
 *     never lose cells), so a (2w-1) x (2h-1) array centred on that cell
 *     covers them all; its origin (ox, oy) is set when that cell is placed.
 *     Lookups are one subtraction and one load. Areas over DIRECT_MAX_SLOTS
 *     (absurd boards) fall back to the hashed index.
 *   hashed (unbounded boards): open addressing with linear probing over
 *     power-of-two slots (at least 2 x capacity, so the load factor stays
 *     <= 1/2). A slot holds an entry number or -1; int16 while capacity <=
 *     32767, int32 otherwise. Boards never lose cells, so no tombstones are
 *     needed; stacking rewrites the slot of the coordinate.
 *
 * The header also counts occupied coordinates (tops), so filled() and
 * cells() need no scan of the index.
 *
 * Bounded boards whose reach fits a 64-bit word (at a stride of its width
 * plus a few spare bits) end with their value words (board.h): 8 slots of a
 * value and a word, 80 bytes.
 *
 * Limits: capacity <= 65535 (BoardCell.below is a uint16 entry + 1);
 * coordinates must stay within int16 (about +-32000) — unbounded boards grow
 * one cell per tile cell, far below that. */
#include "board.h"

#include <string.h>

#define ALIGN8(n) (((n) + 7) & ~(size_t)7)
#define DIRECT_MAX_SLOTS (1 << 22)

static size_t cells_offset(void) { return ALIGN8(sizeof(Board)); }

static size_t index_offset(int32_t capacity) {
  return cells_offset() + ALIGN8((size_t)capacity * sizeof(BoardCell));
}

static int32_t clamp_capacity(int32_t capacity) { return capacity < 0 ? 0 : capacity; }

/* The direct index's size, or false when the board uses the hashed one. */
static bool direct_size(const BoardSpec *s, int *dw, int *dh) {
  long w = s->w, h = s->h;
  if (s->bound == BOARD_BOUND_WINDOW) w = 2 * w - 1, h = 2 * h - 1;
  else if (s->bound != BOARD_BOUND_FIXED) return false;
  if (w < 1 || h < 1 || w > INT16_MAX || h > INT16_MAX || w * h > DIRECT_MAX_SLOTS) return false;
  *dw = (int)w, *dh = (int)h;
  return true;
}

static size_t direct_slot_size(int32_t capacity) {
  return capacity <= 255 ? 1 : capacity <= 65535 ? 2 : 4;
}

static bool wide_index(int32_t capacity) { return capacity > 32767; }

static int32_t index_slots(int32_t capacity) {
  int32_t slots = 4;
  while (slots < 2 * capacity) slots *= 2;
  return slots;
}

static size_t index_bytes(const BoardSpec *spec) {
  int32_t cap = clamp_capacity(spec->capacity);
  int dw, dh;
  if (direct_size(spec, &dw, &dh)) return ALIGN8((size_t)dw * (size_t)dh * direct_slot_size(cap));
  size_t slot_size = wide_index(cap) ? sizeof(int32_t) : sizeof(int16_t);
  return ALIGN8((size_t)index_slots(cap) * slot_size);
}

/* The value words' stride: the reach's width plus up to three spare bits
 * per row — a flat frame round a domino (placements.c) takes the words as
 * they are when its margin and guard bits fit that stride — or fewer, so
 * that the reach fits a word; 0 when no stride does, or the board is
 * unbounded. */
static int value_slots(const BoardSpec *s) { return s->value_slots ? s->value_slots : BOARD_VALUE_SLOTS; }

int board_value_slots_for(int distinct) {
  int slots = BOARD_VALUE_SLOTS;
  while (slots < distinct && slots <= BOARD_VALUE_SLOTS_MAX) slots *= 2;
  return slots;
}

/* The used mask, the words, then their values (int16), to a multiple of 8. */
static size_t words_bytes(const BoardSpec *s) {
  size_t n = (size_t)value_slots(s);
  return (sizeof(ValueWords) + n * sizeof(uint64_t) + n * sizeof(int16_t) + 7) & ~(size_t)7;
}

static int words_stride(const BoardSpec *s) {
  if (s->bound != BOARD_BOUND_FIXED && s->bound != BOARD_BOUND_WINDOW) return 0;
  int w = s->w, h = s->h;
  if (w < 1 || h < 1 || w > 64 || h > 64 || value_slots(s) > BOARD_VALUE_SLOTS_MAX) return 0;
  for (int stride = w + 3; stride > w; stride--)
    if (stride <= 64 && (h - 1) * stride + w <= 64) return stride;
  return 0;
}

static size_t words_offset(const BoardSpec *spec) {
  return index_offset(clamp_capacity(spec->capacity)) + index_bytes(spec);
}

size_t board_bytes(const BoardSpec *spec) {
  return words_offset(spec) + (words_stride(spec) ? words_bytes(spec) : 0);
}

static BoardCell *cells_of(Board *b) { return (BoardCell *)((char *)b + cells_offset()); }

static void *index_of(const Board *b) { return (char *)b + b->index_at; }

/* Field by field, so no padding byte of the caller's spec reaches the state
 * (states are hashed byte for byte). */
void board_init(Board *b, const BoardSpec *spec) {
  memset(b, 0, board_bytes(spec));
  b->spec.grid = spec->grid;
  b->spec.bound = spec->bound;
  b->spec.shape = spec->bound == BOARD_BOUND_FIXED ? spec->shape : BOARD_SHAPE_RECTANGLE;
  b->spec.levels = spec->levels < 1 ? 1 : spec->levels;
  b->spec.value_slots = spec->value_slots;
  b->spec.w = spec->w, b->spec.h = spec->h;
  b->spec.capacity = clamp_capacity(spec->capacity);
  b->index_at = (int32_t)index_offset(b->spec.capacity);
  b->word_stride = (uint8_t)words_stride(&b->spec);
  if (b->word_stride) b->words_at = (int32_t)words_offset(&b->spec);
  b->word_slot_count = (uint8_t)(b->word_stride ? value_slots(&b->spec) : 0);
  b->word_slot_mask = (uint8_t)(b->word_slot_count ? b->word_slot_count - 1 : 0);
  int dw, dh;
  if (direct_size(&b->spec, &dw, &dh)) {
    b->dw = (int16_t)dw, b->dh = (int16_t)dh; /* all slots 0: empty */
    return;
  }
  b->index_mask = index_slots(b->spec.capacity) - 1;
  /* -1 in every slot: all bytes 0xff, for both slot widths. */
  size_t slot_size = wide_index(b->spec.capacity) ? sizeof(int32_t) : sizeof(int16_t);
  memset(index_of(b), 0xff, (size_t)(b->index_mask + 1) * slot_size);
}

/* ---- the hashed index ---- */

static uint32_t cell_hash(int x, int y) {
  uint32_t k = (uint32_t)(uint16_t)x | (uint32_t)(uint16_t)y << 16;
  k *= 0x9E3779B1u;
  return k ^ (k >> 16);
}

static int32_t slot_get(const Board *b, uint32_t slot) {
  const void *ix = index_of(b);
  return wide_index(b->spec.capacity) ? ((const int32_t *)ix)[slot] : ((const int16_t *)ix)[slot];
}

/* The slot holding coordinate (x, y), or the empty slot where it would go. */
static uint32_t find_slot(const Board *b, int x, int y, int32_t *entry) {
  const BoardCell *cells = board_cell(b, 0);
  uint32_t mask = (uint32_t)b->index_mask;
  uint32_t slot = cell_hash(x, y) & mask;
  for (;;) {
    int32_t e = slot_get(b, slot);
    if (e < 0 || (cells[e].x == x && cells[e].y == y)) {
      *entry = e;
      return slot;
    }
    slot = (slot + 1) & mask;
  }
}

int board_top_hashed(const Board *b, Coord c) {
  int32_t e;
  find_slot(b, c.x, c.y, &e);
  return e;
}

/* ---- either index ---- */

/* Where the top entry of c is stored (a direct slot number or a hash slot),
 * and that entry (-1 if none). c must be in reach on direct boards. */
static uint32_t index_slot(const Board *b, Coord c, int32_t *top) {
  if (!b->dw) return find_slot(b, c.x, c.y, top);
  uint32_t slot = (uint32_t)(c.y - b->oy) * (uint32_t)b->dw + (uint32_t)(c.x - b->ox);
  *top = board_direct_get(b, (int32_t)slot);
  return slot;
}

static void index_set(Board *b, uint32_t slot, int32_t entry) {
  void *ix = index_of(b);
  size_t direct = b->dw ? direct_slot_size(b->spec.capacity) : 0;
  if (direct == 1)
    ((uint8_t *)ix)[slot] = (uint8_t)(entry + 1);
  else if (direct == 2)
    ((uint16_t *)ix)[slot] = (uint16_t)(entry + 1);
  else if (direct == 4)
    ((int32_t *)ix)[slot] = entry + 1;
  else if (wide_index(b->spec.capacity))
    ((int32_t *)ix)[slot] = entry;
  else
    ((int16_t *)ix)[slot] = (int16_t)entry;
}

bool board_in_bounds(const Board *b, Coord c) {
  if (b->spec.bound != BOARD_BOUND_FIXED) return true;
  if (b->spec.shape != BOARD_SHAPE_RECTANGLE) return board_shape_holds(&b->spec, c);
  return c.x >= 0 && c.y >= 0 && c.x < b->spec.w && c.y < b->spec.h;
}

bool board_fits_window(const Board *b, const Coord *extra, int n) {
  if (b->spec.bound != BOARD_BOUND_WINDOW) return true;
  int min_x, min_y, max_x, max_y;
  if (b->count > 0) {
    min_x = b->min_x, min_y = b->min_y, max_x = b->max_x, max_y = b->max_y;
  } else if (n > 0) {
    min_x = max_x = extra[0].x, min_y = max_y = extra[0].y;
  } else {
    return true;
  }
  for (int i = 0; i < n; i++) {
    if (extra[i].x < min_x) min_x = extra[i].x;
    if (extra[i].x > max_x) max_x = extra[i].x;
    if (extra[i].y < min_y) min_y = extra[i].y;
    if (extra[i].y > max_y) max_y = extra[i].y;
  }
  return max_x - min_x + 1 <= b->spec.w && max_y - min_y + 1 <= b->spec.h;
}

static inline int imin(int a, int b) { return a < b ? a : b; }
static inline int imax(int a, int b) { return a > b ? a : b; }

/* ---- value words ---- */

static ValueWords *words_of(Board *b) { return (ValueWords *)((char *)b + b->words_at); }

int board_value_probe(const Board *b, const ValueWords *vw, int v) {
  const int slots = b->word_slot_count;
  const unsigned last = (unsigned)slots - 1;
  const int16_t *values = board_word_values(b, vw);
  unsigned i = board_value_home(b, v);
  for (int probes = 0; probes < slots; probes++, i = (i + 1) & last) {
    if (!(vw->used >> i & 1)) return ~(int)i;
    if (values[i] == v) return (int)i;
  }
  return BOARD_VALUE_FULL;
}

/* The slot of value v, taken if new; -1 when every slot is taken. */
static inline int value_slot(Board *b, ValueWords *vw, int v) {
  int i = board_value_slot(b, vw, v);
  if (i >= 0 || i == BOARD_VALUE_FULL) return i < 0 ? -1 : i;
  i = ~i;
  ((int16_t *)board_word_values(b, vw))[i] = (int16_t)v;
  vw->used |= (uint64_t)1 << i;
  return i;
}

/* Moves the words by `shift` bits: the box's corner moved left or up. */
static inline __attribute__((always_inline)) void words_shift(Board *b, int shift) {
  if (shift) { /* unused words are 0 */
    ValueWords *vw = words_of(b);
    int i = 0, n = b->word_slot_count;
    do { /* slots come in eights, at least one */
#pragma GCC unroll 8
      for (int k = 0; k < 8; k++) vw->word[i + k] <<= shift;
    } while ((i += 8) < n);
  }
}

/* Moves the words to the box's corner after the box grew round new cells
 * (it was at (cx, cy)); false, and the board keeps no words from now on,
 * when the box no longer fits a word (a window overflowed by board_place). */
static inline bool words_follow(Board *b, int cx, int cy) {
  const int stride = b->word_stride, min_x = b->min_x, min_y = b->min_y;
  const int ext_x = b->max_x - min_x;
  if (ext_x >= stride || (b->max_y - min_y) * stride + ext_x >= 64) {
    b->words_at = 0;
    return false;
  }
  words_shift(b, (cx - min_x) + (cy - min_y) * stride);
  return true;
}

/* Sets bit `bit` in the word of value v; false, and no words from now on,
 * when v finds no slot. */
static inline __attribute__((always_inline)) bool words_set(Board *b, int v, uint64_t bit) {
  ValueWords *vw = words_of(b);
  int i = value_slot(b, vw, v);
  if (i < 0) {
    b->words_at = 0;
    return false;
  }
  vw->word[i] |= bit;
  return true;
}

/* The words after entries from..count-1 were written (any level), the box
 * grown round them from corner (cx, cy): a stacked cell takes the place of
 * the one below it. */
static __attribute__((noinline)) void words_note(Board *b, int from, int cx, int cy) {
  if (!words_follow(b, cx, cy)) return;
  const int stride = b->word_stride, origin = b->min_x + b->min_y * stride;
  const BoardCell *cells = board_cell(b, 0);
  for (int e = from; e < b->count; e++) {
    const BoardCell *c = &cells[e];
    uint64_t bit = (uint64_t)1 << (c->x + c->y * stride - origin);
    if (c->below) { /* its value has a slot: it was placed with words kept */
      ValueWords *vw = words_of(b);
      vw->word[value_slot(b, vw, cells[c->below - 1].value)] &= ~bit;
    }
    if (!words_set(b, c->value, bit)) return;
  }
}

/* Orientations are linear maps (rotations and a mirror, in axial
 * coordinates on hex grids), so each is a 2x2 matrix: the images of (1,0)
 * and (0,1) under grid_transform (unit.check_board compares the two), so
 * placing a tile costs a few multiplications per cell. */
typedef struct Matrix {
  int8_t xx, xy, yx, yy; /* (x, y) -> (xx*x + yx*y, xy*x + yy*y) */
} Matrix;

static const Matrix square_matrices[8] = {
    {1, 0, 0, 1},  {0, 1, -1, 0}, {-1, 0, 0, -1}, {0, -1, 1, 0},
    {-1, 0, 0, 1}, {0, -1, -1, 0}, {1, 0, 0, -1}, {0, 1, 1, 0},
};
static const Matrix hex_matrices[12] = {
    {1, 0, 0, 1},   {0, 1, -1, 1}, {-1, 1, -1, 0}, {-1, 0, 0, -1}, {0, -1, 1, -1}, {1, -1, 1, 0},
    {-1, 0, -1, 1}, {0, -1, -1, 0}, {1, -1, 0, -1}, {1, 0, 1, -1}, {0, 1, 1, 0},  {-1, 1, 0, 1},
};

/* Orientations wrap as in grid_transform. */
static const Matrix *orientation_matrix(GridKind g, int orientation) {
  int n = g == GRID_HEX ? 12 : 8;
  int o = (unsigned)orientation < (unsigned)n ? orientation : orientation % n;
  if (o < 0) o += n;
  return g == GRID_HEX ? &hex_matrices[o] : &square_matrices[o];
}

/* Cell 0 always lands on the anchor, even if a tile's cell 0 offset is not
 * (0, 0). */
static inline int cells_at(GridKind g, const TileDef *t, Placement p, Coord *out) {
  const Matrix m = *orientation_matrix(g, p.orientation);
  const int n = t->cell_count, x0 = t->dx[0], y0 = t->dy[0], ax = p.at.x, ay = p.at.y;
  for (int i = 0; i < n; i++) {
    int x = t->dx[i] - x0, y = t->dy[i] - y0;
    out[i] = (Coord){(int16_t)(ax + m.xx * x + m.yx * y), (int16_t)(ay + m.xy * x + m.yy * y)};
  }
  return n;
}

int placement_cells(GridKind g, const TileDef *t, Placement p, Coord *out) {
  return cells_at(g, t, p, out);
}

/* ---- placing ---- */

/* Whether c is a cell the board can hold: inside fixed bounds; on a window
 * board within w-1, h-1 of the first cell (`first`: that cell, which may be
 * the one being placed). Checked whatever the index, so that both kinds of
 * index accept the same cells. */
static bool in_reach(const Board *b, Coord first, Coord c) {
  if (b->spec.bound == BOARD_BOUND_FIXED) return board_in_bounds(b, c);
  if (b->spec.bound != BOARD_BOUND_WINDOW) return true;
  int dx = c.x - first.x, dy = c.y - first.y;
  return dx > -b->spec.w && dx < b->spec.w && dy > -b->spec.h && dy < b->spec.h;
}

/* The first cell ever placed: entry 0, or cell 0 of the tile about to be. */
static Coord first_cell(const Board *b, const Coord *placing) {
  if (b->count == 0) return placing[0];
  return (Coord){board_cell(b, 0)->x, board_cell(b, 0)->y};
}

static bool distinct_cells(const Coord *cells, int n) {
  for (int i = 1; i < n; i++)
    for (int j = 0; j < i; j++)
      if (cells[j].x == cells[i].x && cells[j].y == cells[i].y) return false;
  return true;
}

static bool can_place(const Board *b, const Coord *cells, int n, int level) {
  if (n <= 0 || n > TILE_MAX_CELLS || b->count + n > b->spec.capacity) return false;
  if (level < 0 || level >= b->spec.levels || !distinct_cells(cells, n)) return false;
  Coord first = first_cell(b, cells);
  const BoardCell *entries = board_cell(b, 0);
  for (int i = 0; i < n; i++) {
    if (!in_reach(b, first, cells[i])) return false;
    int top = board_top(b, cells[i]);
    if (top >= 0 && entries[top].level >= level) return false;
  }
  return true;
}

/* Whether the board's box grown by these cells still fits its window (the
 * board's own box when it has cells, else theirs). */
static bool window_fits(const Board *b, const Coord *cells, int n) {
  int min_x = b->count ? b->min_x : cells[0].x, max_x = b->count ? b->max_x : cells[0].x;
  int min_y = b->count ? b->min_y : cells[0].y, max_y = b->count ? b->max_y : cells[0].y;
  for (int i = 0; i < n; i++) {
    int x = cells[i].x, y = cells[i].y;
    min_x = x < min_x ? x : min_x, max_x = x > max_x ? x : max_x;
    min_y = y < min_y ? y : min_y, max_y = y > max_y ? y : max_y;
  }
  return max_x - min_x < b->spec.w && max_y - min_y < b->spec.h;
}

/* The checks of board_check_move; top[i] gets cell i's top entry. Not
 * inlined: the fast path below calls it only when it reports a refusal. */
static __attribute__((noinline)) MoveCheck check_move(const Board *b, const TileDef *t,
                                                       Placement p, const Coord *cells, int *bad,
                                                       int32_t *top) {
  int n = t->cell_count;
  if (p.level < 0 || p.level >= b->spec.levels) return MOVE_BAD_LEVEL;
  const BoardCell *entries = board_cell(b, 0);
  bool fixed = b->spec.bound == BOARD_BOUND_FIXED;
  bool based = p.level == 0; /* a stacked tile needs one cell right under it */
  for (int i = 0; i < n; i++) {
    *bad = i;
    if (fixed && !board_in_bounds(b, cells[i])) return MOVE_OUTSIDE;
    top[i] = board_top(b, cells[i]);
    int below = top[i] < 0 ? -1 : entries[top[i]].level;
    if (below >= p.level) return MOVE_OCCUPIED;
    if (p.level > 0 && below < 0) return MOVE_NO_BASE;
    based = based || below == p.level - 1;
  }
  if (!based) {
    *bad = 0;
    return MOVE_NO_BASE;
  }
  if (b->spec.bound == BOARD_BOUND_WINDOW && n > 0 && !window_fits(b, cells, n))
    return MOVE_NO_FIT;
  if (b->count + n > b->spec.capacity) return MOVE_FULL;
  /* What is left of can_place: with the window fitting, every cell is in
   * reach of the first one */
  if (n <= 0 || n > TILE_MAX_CELLS || !distinct_cells(cells, n)) return MOVE_INVALID;
  return MOVE_OK;
}

MoveCheck board_check_move(const Board *b, const TileDef *t, Placement p, const Coord *cells,
                            int *bad) {
  int32_t top[TILE_MAX_CELLS];
  return check_move(b, t, p, cells, bad, top);
}

/* Writes the cells (already checked; top[i]: cell i's top entry, or NULL
 * to look it up). The header's fields are copied into locals first: the
 * stores into the entries could alias them, and the compiler would reload
 * them for every cell. */
static void commit(Board *b, const TileDef *t, Placement p, const Coord *cells,
                   const int32_t *tops_at) {
  int n = t->cell_count;
  if (b->count == 0) {
    b->min_x = b->max_x = cells[0].x, b->min_y = b->max_y = cells[0].y;
    if (b->spec.bound == BOARD_BOUND_WINDOW && b->dw)
      b->ox = cells[0].x - (b->spec.w - 1), b->oy = cells[0].y - (b->spec.h - 1);
  }
  int min_x = b->min_x, max_x = b->max_x, min_y = b->min_y, max_y = b->max_y;
  const int first = b->count, corner_x = min_x, corner_y = min_y;
  const int ox = b->ox, oy = b->oy, dw = b->dw;
  /* bytes for a direct index of small capacity (the common case) */
  uint8_t *direct8 = tops_at && dw && b->spec.capacity <= 255 ? (uint8_t *)index_of(b) : NULL;
  int32_t e = b->count, tops = b->tops;
  BoardCell *out = cells_of(b);
  const uint16_t tile = (uint16_t)p.tile;
  const uint8_t level = (uint8_t)p.level;
  for (int i = 0; i < n; i++, e++) {
    Coord c = cells[i];
    int32_t top;
    if (direct8) {
      top = tops_at[i];
      direct8[(c.y - oy) * dw + (c.x - ox)] = (uint8_t)(e + 1);
    } else {
      uint32_t slot = index_slot(b, c, &top);
      index_set(b, slot, e);
    }
    out[e] = (BoardCell){.x = c.x, .y = c.y, .value = t->value[i], .tile = tile, .level = level,
                         .part = (uint8_t)i, .below = (uint16_t)(top >= 0 ? top + 1 : 0)};
    tops += top < 0;
    min_x = c.x < min_x ? c.x : min_x, max_x = c.x > max_x ? c.x : max_x;
    min_y = c.y < min_y ? c.y : min_y, max_y = c.y > max_y ? c.y : max_y;
  }
  b->min_x = (int16_t)min_x, b->max_x = (int16_t)max_x;
  b->min_y = (int16_t)min_y, b->max_y = (int16_t)max_y;
  b->count = e, b->tops = tops;
  if (b->words_at) words_note(b, first, corner_x, corner_y);
}

/* Rejects (before changing anything): a full board, a level outside
 * 0..levels-1, a cell out of reach, a cell whose top is already at or above
 * the new level (overlap at the same level, or burying), and a tile covering
 * one cell twice. */
int board_place(Board *b, const TileDef *t, Placement p) {
  Coord cells[TILE_MAX_CELLS];
  placement_cells((GridKind)b->spec.grid, t, p, cells);
  return board_place_cells(b, t, p, cells);
}

int board_place_cells(Board *b, const TileDef *t, Placement p, const Coord *cells) {
  if (!can_place(b, cells, t->cell_count, p.level)) return -1;
  commit(b, t, p, cells, NULL);
  return 0;
}

/* Whether place_pair8 may try the move: a one-level board with a byte-wide
 * direct index (a small fixed or window board). Not on a shaped board: the
 * direct index spans its whole rectangle, cut corners included, so only
 * check_move knows which cells exist. */
static inline bool direct8_board(const Board *b) {
  return b->dw && b->spec.capacity <= 255 && b->spec.levels == 1 &&
         b->spec.shape == BOARD_SHAPE_RECTANGLE;
}

/* The checks in order, and the move when they pass. */
int board_place_move(Board *b, const TileDef *t, Placement p, const Coord *cells, int *bad) {
  int32_t top[TILE_MAX_CELLS];
  MoveCheck why = check_move(b, t, p, cells, bad, top);
  if (why == MOVE_OK) commit(b, t, p, cells, top);
  return why;
}

/* board_place_tile's common case: a token or a domino, on a board with cells
 * (direct8_board), that every check lets through. Places it and returns
 * true; false, with nothing changed, when some check would refuse it:
 * check_move then says which (refusals are rare). Its cells are worked out
 * here, in straight code: a token's "second cell" is its first again, which
 * every check lets through. On a window board the window's check comes first and
 * stands for the index's: the box holds the first cell placed, so a box
 * that fits the window lies within the index's reach. The entries and the
 * header are written before the value words, whose byte-sized stores would
 * make the compiler reload everything else. */
static __attribute__((noinline)) bool place_pair8(Board *b, const TileDef *t, const Placement *p) {
  const int n = t->cell_count, count = b->count, last = n - 1;
  if (p->level != 0 || count + n > b->spec.capacity) return false;
  const Matrix m = *orientation_matrix((GridKind)b->spec.grid, p->orientation);
  const int dx = t->dx[last] - t->dx[0], dy = t->dy[last] - t->dy[0];
  const int ax = p->at.x, ay = p->at.y;
  const int bx = (int16_t)(ax + m.xx * dx + m.yx * dy), by = (int16_t)(ay + m.xy * dx + m.yy * dy);
  const int old_x = b->min_x, old_y = b->min_y;
  const int min_x = imin(old_x, imin(ax, bx)), max_x = imax(b->max_x, imax(ax, bx));
  const int min_y = imin(old_y, imin(ay, by)), max_y = imax(b->max_y, imax(ay, by));
  const unsigned dw = (unsigned)b->dw;
  const unsigned x0 = (unsigned)(ax - b->ox), y0 = (unsigned)(ay - b->oy);
  const unsigned x1 = (unsigned)(bx - b->ox), y1 = (unsigned)(by - b->oy);
  if (b->spec.bound == BOARD_BOUND_WINDOW) {
    if (max_x - min_x >= b->spec.w || max_y - min_y >= b->spec.h) return false;
  } else if (x0 >= dw || y0 >= (unsigned)b->dh || x1 >= dw || y1 >= (unsigned)b->dh) {
    return false;
  }
  uint8_t *ix = (uint8_t *)index_of(b);
  const unsigned s0 = y0 * dw + x0, s1 = y1 * dw + x1;
  if (ix[s0] || ix[s1] || (n == 2 && s0 == s1)) return false;
  const int16_t v0 = t->value[0], v1 = t->value[last];
  const uint16_t tile = (uint16_t)p->tile;
  BoardCell *out = cells_of(b) + count;
  out[0] = (BoardCell){.x = (int16_t)ax, .y = (int16_t)ay, .value = v0, .tile = tile};
  if (n == 2) out[1] = (BoardCell){.x = (int16_t)bx, .y = (int16_t)by, .value = v1, .tile = tile,
                                   .part = 1}; /* level 0, nothing below */
  b->min_x = (int16_t)min_x, b->max_x = (int16_t)max_x;
  b->min_y = (int16_t)min_y, b->max_y = (int16_t)max_y;
  b->count = count + n, b->tops += n;
  ix[s0] = (uint8_t)(count + 1);
  if (n == 2) ix[s1] = (uint8_t)(count + 2);
  if (b->words_at) { /* the box fits the words (words_stride) */
    const int stride = b->word_stride;
    words_shift(b, (old_x - min_x) + (old_y - min_y) * stride);
    if (words_set(b, v0, (uint64_t)1 << ((ax - min_x) + (ay - min_y) * stride)) && n == 2)
      words_set(b, v1, (uint64_t)1 << ((bx - min_x) + (by - min_y) * stride));
  }
  return true;
}

int board_place_tile(Board *b, const TileDef *t, Placement p, Coord *cells, int *bad) {
  if ((t->cell_count == 1 || t->cell_count == 2) && direct8_board(b) && b->count > 0 &&
      place_pair8(b, t, &p))
    return MOVE_OK;
  cells_at((GridKind)b->spec.grid, t, p, cells);
  return board_place_move(b, t, p, cells, bad);
}

/* Empties the board: afterwards it is byte for byte a board just made from
 * its spec (a scratch board reused for trial positions). */
void board_clear(Board *b) {
  BoardSpec spec = b->spec;
  board_init(b, &spec);
}
