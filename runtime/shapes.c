/* shapes.c — see shapes.h. */
#include "shapes.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int compare_cells(const void *a, const void *b) {
  const Coord *p = a, *q = b;
  if (p->y != q->y) return p->y < q->y ? -1 : 1;
  return (p->x > q->x) - (p->x < q->x);
}

/* Insertion sort: a shape has at most TILE_MAX_CELLS cells. */
void shape_normalise(Coord *cells, int n) {
  for (int i = 1; i < n; i++) {
    Coord c = cells[i];
    int j = i;
    for (; j > 0 && compare_cells(&cells[j - 1], &c) > 0; j--) cells[j] = cells[j - 1];
    cells[j] = c;
  }
  Coord first = cells[0];
  for (int i = 0; i < n; i++) {
    cells[i].x = (int16_t)(cells[i].x - first.x);
    cells[i].y = (int16_t)(cells[i].y - first.y);
  }
}

static bool same_form(const ShapeForm *a, const ShapeForm *b) {
  return a->count == b->count && memcmp(a->cell, b->cell, sizeof(Coord) * (size_t)a->count) == 0;
}

int shape_forms(GridKind g, const TileDef *t, ShapeForm *forms) {
  int count = 0;
  for (int o = 0; o < grid_orientation_count(g, t->reflections); o++) {
    ShapeForm f = {.count = t->cell_count};
    for (int i = 0; i < t->cell_count; i++) f.cell[i] = grid_transform(g, (Coord){t->dx[i], t->dy[i]}, o);
    shape_normalise(f.cell, f.count);
    bool seen = false;
    for (int k = 0; k < count && !seen; k++) seen = same_form(&forms[k], &f);
    if (!seen) forms[count++] = f;
  }
  return count;
}

/* ---- free polyominoes: shapes on an 8x8 grid as 64-bit masks ---- */

static int mask_cells(uint64_t mask, Coord *cells) {
  int n = 0;
  for (int bit = 0; bit < 64; bit++)
    if (mask >> bit & 1) cells[n++] = (Coord){(int16_t)(bit % 8), (int16_t)(bit / 8)};
  return n;
}

/* The cells moved into the 8x8 grid's corner, as a mask; 0 when they do not
 * fit. */
static uint64_t corner_mask(const Coord *cells, int n) {
  int min_x = cells[0].x, min_y = cells[0].y;
  for (int i = 1; i < n; i++) {
    if (cells[i].x < min_x) min_x = cells[i].x;
    if (cells[i].y < min_y) min_y = cells[i].y;
  }
  uint64_t mask = 0;
  for (int i = 0; i < n; i++) {
    int x = cells[i].x - min_x, y = cells[i].y - min_y;
    if (x >= 8 || y >= 8) return 0;
    mask |= (uint64_t)1 << (y * 8 + x);
  }
  return mask;
}

/* A free shape's key: the smallest corner mask over its 8 orientations. */
static uint64_t canonical_mask(uint64_t mask) {
  Coord cells[64], turned[64];
  int n = mask_cells(mask, cells);
  uint64_t best = UINT64_MAX;
  for (int o = 0; o < grid_orientation_count(GRID_SQUARE, true); o++) {
    for (int i = 0; i < n; i++) turned[i] = grid_transform(GRID_SQUARE, cells[i], o);
    uint64_t m = corner_mask(turned, n);
    if (m && m < best) best = m;
  }
  return best;
}

static int compare_masks(const void *a, const void *b) {
  uint64_t p = *(const uint64_t *)a, q = *(const uint64_t *)b;
  return (p > q) - (p < q);
}

static bool has_mask(const uint64_t *masks, int n, uint64_t m) {
  for (int i = 0; i < n; i++)
    if (masks[i] == m) return true;
  return false;
}

enum { FREE_MAX = 369 }; /* free octominoes */

/* Every free shape of `size` + 1 cells: each shape of `from` grown by one
 * neighbouring cell, keyed canonically, each key once. */
static int grow(const uint64_t *from, int count, uint64_t *to) {
  static const Coord steps[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  int made = 0;
  for (int s = 0; s < count; s++) {
    Coord cells[SHAPE_FREE_MAX_CELLS + 1];
    int n = mask_cells(from[s], cells);
    for (int i = 0; i < n; i++) {
      for (int d = 0; d < 4; d++) {
        Coord add = {(int16_t)(cells[i].x + steps[d].x), (int16_t)(cells[i].y + steps[d].y)};
        bool taken = false;
        for (int j = 0; j < n && !taken; j++) taken = cells[j].x == add.x && cells[j].y == add.y;
        if (taken) continue;
        cells[n] = add;
        uint64_t m = corner_mask(cells, n + 1);
        if (!m) continue;
        m = canonical_mask(m);
        if (!has_mask(to, made, m)) to[made++] = m;
      }
    }
  }
  return made;
}

int shape_free_polyominoes(int n, ShapeForm *out, int cap) {
  if (n < 1 || n > SHAPE_FREE_MAX_CELLS) return -1;
  uint64_t level[2][FREE_MAX]; /* the shapes of one size, then of the next */
  int count = 1;
  level[0][0] = 1;
  for (int size = 1; size < n; size++) count = grow(level[(size - 1) & 1], count, level[size & 1]);
  uint64_t *found = level[(n - 1) & 1];
  qsort(found, (size_t)count, sizeof *found, compare_masks);
  for (int i = 0; i < count && i < cap; i++) {
    out[i].count = mask_cells(found[i], out[i].cell);
    shape_normalise(out[i].cell, out[i].count);
  }
  return count;
}

/* ---- occurrences ---- */

/* The cells of `within` in an open-addressing table: a slot holds the index
 * + 1 of the first cell with its coordinates (0 = empty). */
typedef struct CellSet {
  const Coord *cells;
  int32_t *slot;
  uint32_t mask;
  int shift; /* 32 - log2(slots): the hash's top bits pick the slot */
} CellSet;

static uint32_t cell_hash(const CellSet *s, Coord c) {
  uint32_t key = (uint32_t)(uint16_t)c.x | (uint32_t)(uint16_t)c.y << 16;
  return (key * 0x9e3779b1u) >> s->shift;
}

/* The index of the first cell of the set at c, or -1. */
static int find_cell(const CellSet *s, Coord c) {
  for (uint32_t h = cell_hash(s, c);; h = (h + 1) & s->mask) {
    int32_t i = s->slot[h] - 1;
    if (i < 0) return -1;
    if (s->cells[i].x == c.x && s->cells[i].y == c.y) return i;
  }
}

static void add_cell(CellSet *s, int i) {
  uint32_t h = cell_hash(s, s->cells[i]);
  while (s->slot[h] && !(s->cells[s->slot[h] - 1].x == s->cells[i].x && s->cells[s->slot[h] - 1].y == s->cells[i].y))
    h = (h + 1) & s->mask;
  if (!s->slot[h]) s->slot[h] = i + 1;
}

int shape_occurrences_slots(int n) {
  int size = 16;
  while (size < 2 * n) size *= 2;
  return size;
}

/* Whether the cell at `at` moved by `by` is in the set; a cell beyond the
 * coordinates' range is not (it must not wrap onto another). */
static bool has_offset(const CellSet *s, Coord at, Coord by) {
  int x = at.x + by.x, y = at.y + by.y;
  if (x < INT16_MIN || x > INT16_MAX || y < INT16_MIN || y > INT16_MAX) return false;
  return find_cell(s, (Coord){(int16_t)x, (int16_t)y}) >= 0;
}

int shape_occurrences(const ShapeForm *forms, int nforms, const Coord *within, int n, int32_t *slots,
                      Coord *out, int cap) {
  int size = shape_occurrences_slots(n);
  CellSet set = {within, slots, (uint32_t)size - 1, 32};
  for (int s = size; s > 1; s /= 2) set.shift--;
  memset(slots, 0, sizeof *slots * (size_t)size);
  for (int i = 0; i < n; i++) add_cell(&set, i);
  int found = 0;
  for (int f = 0; f < nforms; f++) {
    const ShapeForm *form = &forms[f];
    for (int a = 0; a < n; a++) {
      Coord at = within[a];
      if (find_cell(&set, at) != a) continue; /* a repeated cell anchors once */
      bool all = true;
      for (int i = 1; i < form->count && all; i++) all = has_offset(&set, at, form->cell[i]);
      if (!all) continue;
      if (found < cap)
        for (int i = 0; i < form->count; i++)
          out[found * form->count + i] =
              (Coord){(int16_t)(at.x + form->cell[i].x), (int16_t)(at.y + form->cell[i].y)};
      found++;
    }
  }
  return found;
}
