/* board.c — the flat board: header, entries, and the coordinate index.
 *
 * Layout of a board's region (every part starts on an 8-byte boundary):
 *
 *   Board header | BoardCell entries[capacity] | index slots[index_mask + 1]
 *
 * The index is open addressing with linear probing over power-of-two slots
 * (at least 2 x capacity, so the load factor stays <= 1/2). A slot holds the
 * entry number of the TOP cell at some coordinate, or -1. Slots are int16 when
 * capacity <= 32767, int32 otherwise. Boards never lose cells, so no
 * tombstones are needed; stacking rewrites the slot of the coordinate.
 *
 * Limits: capacity <= 65535 (BoardCell.below is a uint16 entry + 1);
 * coordinates must stay within int16 (about +-32000) — unbounded boards grow
 * one cell per tile cell, far below that. */
#include "board.h"

#include <string.h>

#define ALIGN8(n) (((n) + 7) & ~(size_t)7)

static size_t cells_offset(void) { return ALIGN8(sizeof(Board)); }

static size_t index_offset(int32_t capacity) {
  return cells_offset() + ALIGN8((size_t)capacity * sizeof(BoardCell));
}

static bool wide_index(int32_t capacity) { return capacity > 32767; }

static int32_t index_slots(int32_t capacity) {
  int32_t slots = 4;
  while (slots < 2 * capacity) slots *= 2;
  return slots;
}

size_t board_bytes(const BoardSpec *spec) {
  int32_t cap = spec->capacity < 0 ? 0 : spec->capacity;
  size_t slot_size = wide_index(cap) ? sizeof(int32_t) : sizeof(int16_t);
  return index_offset(cap) + ALIGN8((size_t)index_slots(cap) * slot_size);
}

static BoardCell *cells_of(Board *b) { return (BoardCell *)((char *)b + cells_offset()); }

static const BoardCell *const_cells_of(const Board *b) {
  return (const BoardCell *)((const char *)b + cells_offset());
}

static void *index_of(const Board *b) { return (char *)b + index_offset(b->spec.capacity); }

void board_init(Board *b, const BoardSpec *spec) {
  memset(b, 0, board_bytes(spec));
  b->spec = *spec;
  if (b->spec.capacity < 0) b->spec.capacity = 0;
  if (b->spec.levels < 1) b->spec.levels = 1;
  b->count = 0;
  b->index_mask = index_slots(b->spec.capacity) - 1;
  /* -1 in every slot: all bytes 0xff, for both slot widths. */
  size_t slot_size = wide_index(b->spec.capacity) ? sizeof(int32_t) : sizeof(int16_t);
  memset(index_of(b), 0xff, (size_t)(b->index_mask + 1) * slot_size);
}

const BoardCell *board_cell(const Board *b, int entry) { return const_cells_of(b) + entry; }

static uint32_t cell_hash(int x, int y) {
  uint32_t k = (uint32_t)(uint16_t)x | (uint32_t)(uint16_t)y << 16;
  k *= 0x9E3779B1u;
  return k ^ (k >> 16);
}

static int32_t slot_get(const Board *b, uint32_t slot) {
  const void *ix = index_of(b);
  return wide_index(b->spec.capacity) ? ((const int32_t *)ix)[slot] : ((const int16_t *)ix)[slot];
}

static void slot_set(Board *b, uint32_t slot, int32_t entry) {
  void *ix = index_of(b);
  if (wide_index(b->spec.capacity))
    ((int32_t *)ix)[slot] = entry;
  else
    ((int16_t *)ix)[slot] = (int16_t)entry;
}

/* The slot holding coordinate (x, y), or the empty slot where it would go. */
static uint32_t find_slot(const Board *b, int x, int y, int32_t *entry) {
  const BoardCell *cells = const_cells_of(b);
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

int board_top(const Board *b, Coord c) {
  int32_t e;
  find_slot(b, c.x, c.y, &e);
  return e;
}

bool board_in_bounds(const Board *b, Coord c) {
  if (b->spec.bound != BOARD_BOUND_FIXED) return true;
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

/* Cell 0 always lands on the anchor, even if a tile's cell 0 offset is not
 * (0, 0). */
int placement_cells(GridKind g, const TileDef *t, Placement p, Coord *out) {
  Coord base = grid_transform(g, (Coord){t->dx[0], t->dy[0]}, p.orientation);
  for (int i = 0; i < t->cell_count; i++) {
    Coord o = grid_transform(g, (Coord){t->dx[i], t->dy[i]}, p.orientation);
    out[i] = (Coord){(int16_t)(p.at.x + o.x - base.x), (int16_t)(p.at.y + o.y - base.y)};
  }
  return t->cell_count;
}

/* Rejects (before changing anything): a full board, a level outside
 * 0..levels-1, a cell whose top is already at or above the new level (overlap
 * at the same level, or burying), and a tile covering one cell twice. */
int board_place(Board *b, const TileDef *t, Placement p) {
  Coord cells[TILE_MAX_CELLS];
  int n = placement_cells((GridKind)b->spec.grid, t, p, cells);
  if (n <= 0 || n > TILE_MAX_CELLS) return -1;
  if (b->count + n > b->spec.capacity) return -1;
  if (p.level < 0 || p.level >= b->spec.levels) return -1;
  const BoardCell *entries = const_cells_of(b);
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++)
      if (cells[j].x == cells[i].x && cells[j].y == cells[i].y) return -1;
    int top = board_top(b, cells[i]);
    if (top >= 0 && entries[top].level >= p.level) return -1;
  }
  BoardCell *out = cells_of(b);
  for (int i = 0; i < n; i++) {
    int32_t top;
    uint32_t slot = find_slot(b, cells[i].x, cells[i].y, &top);
    int32_t e = b->count++;
    out[e] = (BoardCell){.x = cells[i].x,
                         .y = cells[i].y,
                         .value = t->value[i],
                         .tile = (uint16_t)p.tile,
                         .level = (uint8_t)p.level,
                         .part = (uint8_t)i,
                         .below = (uint16_t)(top >= 0 ? top + 1 : 0)};
    slot_set(b, slot, e);
    if (e == 0) {
      b->min_x = b->max_x = cells[i].x;
      b->min_y = b->max_y = cells[i].y;
    } else {
      if (cells[i].x < b->min_x) b->min_x = cells[i].x;
      if (cells[i].x > b->max_x) b->max_x = cells[i].x;
      if (cells[i].y < b->min_y) b->min_y = cells[i].y;
      if (cells[i].y > b->max_y) b->max_y = cells[i].y;
    }
  }
  return 0;
}
