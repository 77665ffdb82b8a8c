/* connect.c — board_connects: a breadth-first flood fill over top cells from
 * one set of cells, stopping as soon as it reaches a cell of the other. The
 * cells are marked by entry index, so the fill costs the region it visits,
 * not the board: a connection game asks after every move, and the region is
 * usually a few cells, so what counts is the cost per neighbour looked at.
 * A bounded board's direct index is read in place, the slot width and the
 * grid's steps constants in each copy of the loop, each step without a
 * branch (step_reach); an unbounded board's hashed index goes through
 * board_top. */
#include "connect.h"

#include <string.h>

enum { SEEN = 1, TARGET = 2 };

#define ALWAYS_INLINE static inline __attribute__((always_inline))

ALWAYS_INLINE bool value_in(int v, uint64_t value_mask) {
  return (unsigned)v < 64 && (value_mask >> v & 1);
}

static inline bool shows(const Board *b, int entry, uint64_t value_mask) {
  return value_in(board_cell(b, entry)->value, value_mask);
}

/* The entry of the top cell at c when it shows one of the values, else -1. */
static inline int entry_showing(const Board *b, Coord c, uint64_t value_mask) {
  int e = board_top(b, c);
  return e >= 0 && shows(b, e, value_mask) ? e : -1;
}

/* ---- direct indexes: read in place ---- */

typedef struct Direct {
  const void *ix;         /* slots of `width` bytes: entry + 1, 0 = empty */
  const BoardCell *cells; /* the board's entries */
  int ox, oy;             /* the index's cell (0, 0) */
  unsigned dw, dh;        /* its size */
  uint64_t value_mask;
} Direct;

/* The entry at an index slot, -1 when empty. */
ALWAYS_INLINE int slot_entry(const Direct *d, unsigned slot, int width) {
  return width == 1   ? ((const uint8_t *)d->ix)[slot] - 1
         : width == 2 ? ((const uint16_t *)d->ix)[slot] - 1
                      : ((const int32_t *)d->ix)[slot] - 1;
}

/* The entry at cell c (any: out of reach is -1, as is empty). */
ALWAYS_INLINE int direct_entry_at(const Direct *d, Coord c, int width) {
  const unsigned x = (unsigned)(c.x - d->ox), y = (unsigned)(c.y - d->oy);
  return x < d->dw && y < d->dh ? slot_entry(d, y * d->dw + x, width) : -1;
}

typedef struct Fill {
  uint8_t *flags; /* per entry: SEEN, TARGET */
  int32_t *queue; /* entries seen, in order */
  int32_t tail;
} Fill;

/* Takes entry e (or -1) into the fill; true when it is a target. */
ALWAYS_INLINE bool reach(Fill *f, int e) {
  if (e < 0 || f->flags[e] & SEEN) return false;
  if (f->flags[e] & TARGET) return true;
  f->flags[e] |= SEEN;
  f->queue[f->tail++] = e;
  return false;
}

/* 1 when v is a value of the mask, else 0, without a branch. */
ALWAYS_INLINE unsigned value_bit(int v, uint64_t value_mask) {
  return (unsigned)((unsigned)v < 64) & (unsigned)(value_mask >> (v & 63));
}

/* The fill's step by the constant (dx, dy) from entry cur at index
 * position (x, y), slot s; returns the flags of the cell it takes (TARGET
 * set when that is a target), else 0. Without branches: whether a neighbour is there, shows a value and is
 * new is data no predictor guesses, so each decision is a mask. A step off
 * the index (unsigned: off the left or top wraps round to a big number)
 * looks at cur's own slot, and an empty slot at cur itself: cur is seen,
 * so neither adds anything. The queue gets a write on every step and
 * advances only for a new cell, hence its one slot of room beyond
 * count. */
ALWAYS_INLINE unsigned step_reach(Fill *f, const Direct *d, int cur, unsigned x, unsigned y, unsigned s,
                                  int dx, int dy, int width) {
  bool inside = true;
  if (dx) inside &= x + (unsigned)dx < d->dw;
  if (dy) inside &= y + (unsigned)dy < d->dh;
  const unsigned n = s + ((unsigned)(dy * (int)d->dw + dx) & -(unsigned)inside);
  const int e = slot_entry(d, n, width), empty = e >> 31; /* all ones when e is -1 */
  const int at = (e & ~empty) | (cur & empty);
  const unsigned flags = f->flags[at];
  const unsigned take = value_bit(d->cells[at].value, d->value_mask) & ~flags & SEEN;
  f->flags[at] = (uint8_t)(flags | take);
  f->queue[f->tail] = at;
  f->tail += (int32_t)take;
  return flags & -take;
}

/* board_connects on a direct index of `width`-byte slots and a grid of
 * `dirs` directions (constants in each copy, so the steps unroll). */
ALWAYS_INLINE bool connects_direct(const Board *b, uint64_t value_mask, const int64_t *from, int32_t nf,
                                   const int64_t *to, int32_t nt, uint8_t *flags, int32_t *queue,
                                   int width, int dirs) {
  static const Coord hex_steps[6] = GRID_HEX_STEPS, square_steps[4] = GRID_SQUARE_STEPS;
  const Coord *step = dirs == 6 ? hex_steps : square_steps;
  const Direct d = {(const char *)b + b->index_at, board_cell(b, 0), b->ox, b->oy,
                    (unsigned)b->dw, (unsigned)b->dh, value_mask};
  memset(flags, 0, (size_t)b->count);
  bool any_target = false;
  for (int32_t i = 0; i < nt; i++) {
    int e = direct_entry_at(&d, cell_unpack(to[i]), width);
    if (e >= 0 && value_in(d.cells[e].value, value_mask)) flags[e] |= TARGET, any_target = true;
  }
  if (!any_target) return false;
  Fill f = {flags, queue, 0};
  for (int32_t i = 0; i < nf; i++) {
    int e = direct_entry_at(&d, cell_unpack(from[i]), width);
    if (e >= 0 && value_in(d.cells[e].value, value_mask) && reach(&f, e)) return true;
  }
  for (int32_t head = 0; head < f.tail; head++) {
    const int cur = queue[head];
    const BoardCell *c = &d.cells[cur];
    const unsigned x = (unsigned)(c->x - d.ox), y = (unsigned)(c->y - d.oy), s = y * d.dw + x;
    unsigned hit = 0;
#pragma GCC unroll 6
    for (int k = 0; k < dirs; k++) hit |= step_reach(&f, &d, cur, x, y, s, step[k].x, step[k].y, width);
    if (hit & TARGET) return true;
  }
  return false;
}

#define CONNECTS_DIRECT(width, dirs) \
  connects_direct(b, value_mask, from, nf, to, nt, flags, queue, width, dirs)

static bool connects_direct_any(const Board *b, uint64_t value_mask, const int64_t *from, int32_t nf,
                                const int64_t *to, int32_t nt, uint8_t *flags, int32_t *queue) {
  const bool hex = b->spec.grid == GRID_HEX;
  /* the index's slot width, as board_direct_get reads it */
  if (b->spec.capacity <= 255) return hex ? CONNECTS_DIRECT(1, 6) : CONNECTS_DIRECT(1, 4);
  if (b->spec.capacity <= 65535) return hex ? CONNECTS_DIRECT(2, 6) : CONNECTS_DIRECT(2, 4);
  return hex ? CONNECTS_DIRECT(4, 6) : CONNECTS_DIRECT(4, 4);
}

/* ---- hashed indexes (unbounded boards): through board_top ---- */

static bool connects_hashed(const Board *b, uint64_t value_mask, const int64_t *from, int32_t nf,
                            const int64_t *to, int32_t nt, uint8_t *flags, int32_t *queue) {
  memset(flags, 0, (size_t)b->count);
  bool any_target = false;
  for (int32_t i = 0; i < nt; i++) {
    int e = entry_showing(b, cell_unpack(to[i]), value_mask);
    if (e >= 0) flags[e] |= TARGET, any_target = true;
  }
  if (!any_target) return false;
  int32_t head = 0, tail = 0;
  for (int32_t i = 0; i < nf; i++) {
    int e = entry_showing(b, cell_unpack(from[i]), value_mask);
    if (e < 0 || flags[e] & SEEN) continue;
    if (flags[e] & TARGET) return true;
    flags[e] |= SEEN;
    queue[tail++] = e;
  }
  const GridKind g = (GridKind)b->spec.grid;
  const int dirs = grid_dir_count(g);
  Coord step[6];
  for (int d = 0; d < dirs; d++) step[d] = grid_step(g, (Coord){0, 0}, d);
  while (head < tail) {
    const BoardCell *c = board_cell(b, queue[head++]);
    for (int d = 0; d < dirs; d++) {
      Coord n = {(int16_t)(c->x + step[d].x), (int16_t)(c->y + step[d].y)};
      int e = entry_showing(b, n, value_mask);
      if (e < 0 || flags[e] & SEEN) continue;
      if (flags[e] & TARGET) return true;
      flags[e] |= SEEN;
      queue[tail++] = e;
    }
  }
  return false;
}

bool board_connects(const Board *b, uint64_t value_mask, const int64_t *from, int32_t nf,
                    const int64_t *to, int32_t nt, uint8_t *flags, int32_t *queue) {
  if (b->tops == 0) return false; /* nothing shows (and a window's index has no origin yet) */
  return b->dw ? connects_direct_any(b, value_mask, from, nf, to, nt, flags, queue)
               : connects_hashed(b, value_mask, from, nf, to, nt, flags, queue);
}

/* ---- the native: connects(b, values, from, to) ---- */

#include "turns.h"
#include "vm.h"

enum { CONNECT_STACK = 512 }; /* board entries: on the stack up to this many */

Value native_connects(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  size_t n = (size_t)b->count;
  uint8_t flags_here[CONNECT_STACK];
  int32_t queue_here[CONNECT_STACK + 1];
  uint8_t *flags = flags_here;
  int32_t *queue = queue_here;
  if (n > CONNECT_STACK && (!(flags = vm_scratch(vm, n)) || !(queue = vm_scratch(vm, (n + 1) * sizeof *queue))))
    return 0;
  /* the heap does not move while a native runs: the lists are read in place */
  return board_connects(b, list_bits(vm, args[1]) /* values outside 0..63 never show in a region */,
                        vm_list_items(vm, args[2]), vm_list_len(vm, args[2]),
                        vm_list_items(vm, args[3]), vm_list_len(vm, args[3]), flags, queue);
}
