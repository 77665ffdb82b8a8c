/* connect.c — board_connects: a breadth-first flood fill over top cells from
 * one set of cells, stopping as soon as it reaches a cell of the other. The
 * cells are marked by entry index, so the fill costs the region it visits,
 * not the board. */
#include "connect.h"

#include <string.h>

enum { SEEN = 1, TARGET = 2 };

static inline bool shows(const Board *b, int entry, uint64_t value_mask) {
  int v = board_cell(b, entry)->value;
  return (unsigned)v < 64 && (value_mask >> v & 1);
}

/* The entry of the top cell at c when it shows one of the values, else -1. */
static inline int entry_showing(const Board *b, Coord c, uint64_t value_mask) {
  int e = board_top(b, c);
  return e >= 0 && shows(b, e, value_mask) ? e : -1;
}

bool board_connects(const Board *b, uint64_t value_mask, const Coord *from, int32_t nf,
                    const Coord *to, int32_t nt, uint8_t *flags, int32_t *queue) {
  memset(flags, 0, (size_t)b->count);
  bool any_target = false;
  for (int32_t i = 0; i < nt; i++) {
    int e = entry_showing(b, to[i], value_mask);
    if (e >= 0) flags[e] |= TARGET, any_target = true;
  }
  if (!any_target) return false;
  int32_t head = 0, tail = 0;
  for (int32_t i = 0; i < nf; i++) {
    int e = entry_showing(b, from[i], value_mask);
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

/* ---- the native: connects(b, values, from, to) ---- */

#include "turns.h"
#include "vm.h"

enum { CONNECT_STACK = 512 }; /* cells: on the stack up to this many */

/* A list of cells as coordinates, into out (room for n). */
static void cells_of(Vm *vm, Value list, Coord *out, int32_t n) {
  const Value *c = vm_list_items(vm, list);
  for (int32_t i = 0; i < n; i++) out[i] = cell_unpack(c[i]);
}

Value native_connects(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  int32_t nf = vm_list_len(vm, args[2]), nt = vm_list_len(vm, args[3]);
  size_t n = (size_t)b->count;
  uint8_t flags_here[CONNECT_STACK];
  int32_t queue_here[CONNECT_STACK];
  Coord ends_here[CONNECT_STACK];
  uint8_t *flags = flags_here;
  int32_t *queue = queue_here;
  Coord *ends = ends_here;
  if (n > CONNECT_STACK && (!(flags = vm_scratch(vm, n)) || !(queue = vm_scratch(vm, n * sizeof *queue))))
    return 0;
  if ((size_t)nf + (size_t)nt > CONNECT_STACK &&
      !(ends = vm_scratch(vm, ((size_t)nf + (size_t)nt) * sizeof *ends)))
    return 0;
  cells_of(vm, args[2], ends, nf);
  cells_of(vm, args[3], ends + nf, nt);
  return board_connects(b, list_bits(vm, args[1]) /* values outside 0..63 never show in a region */, ends, nf, ends + nf, nt, flags, queue);
}
