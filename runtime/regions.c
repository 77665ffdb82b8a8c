/* regions.c — connected regions of top cells (board_regions,
 * board_region_cells).
 *
 * Small boards (the occupied box, one guard bit after each row, fits a
 * 64-bit word) take one word: the member cells (top cells whose value is in
 * the mask) as a bit set, and each region a flood fill by repeated
 * dilation — a few shifts and ORs per step, one step per cell of distance
 * from where it starts. Going through the members in entry order and
 * filling from each one not yet reached numbers the regions in order of
 * their first entry, as the definition says.
 *
 * Bigger boards: union-find kept inside region_of itself, so there is no
 * stack, no queue and no size limit: while joining, region_of[e] is the
 * parent entry of e, and a set's root is always its smallest entry (the
 * larger root is hung under the smaller), so every parent is below its
 * child. One ascending pass then turns parents into region numbers: a root
 * is the first entry of its region, and a child's parent has already been
 * numbered when the child is reached. Neighbours are found with board_top:
 * one load on bounded boards. */
#include "board.h"

#include <string.h>

static bool value_matches(uint64_t mask, int v) { return v >= 0 && v < 64 && (mask >> v & 1); }

/* ---- small boards: one word ---- */

enum { FLAT_MAX = 64 };

/* The members in entry order: their entry and bit. Cell (min_x + x,
 * min_y + y) is bit x + y * stride, stride = width + 1: a step east or west
 * off a row lands on the guard bit, which is never a member. */
typedef struct Flat {
  int n, stride;
  bool hex;
  uint64_t set; /* the members' bits */
  int32_t entry[FLAT_MAX];
  int64_t cell[FLAT_MAX]; /* packed */
  uint8_t bit[FLAT_MAX];
} Flat;

/* One loop per `stacked`, so the plain one tests nothing but the value. */
static inline __attribute__((always_inline)) void flat_collect(const Board *b, uint64_t mask,
                                                               Flat *f, bool stacked) {
  const BoardCell *cells = board_cell(b, 0);
  const int stride = f->stride, origin = b->min_x + b->min_y * stride, count = b->count;
  uint64_t set = 0;
  int n = 0;
  for (int e = 0; e < count; e++) {
    const BoardCell *c = &cells[e];
    unsigned v = (unsigned)c->value; /* negative values never match */
    if (v >= 64 || !(mask >> v & 1)) continue;
    if (stacked && board_top(b, (Coord){c->x, c->y}) != e) continue; /* buried */
    int bit = c->x + c->y * stride - origin;
    set |= (uint64_t)1 << bit;
    f->entry[n] = e, f->cell[n] = cell_pack((Coord){c->x, c->y}), f->bit[n++] = (uint8_t)bit;
  }
  f->n = n, f->set = set;
}

/* False when the board is too big for one word. */
static bool flat_members(const Board *b, uint64_t mask, Flat *f) {
  f->n = 0, f->set = 0, f->hex = b->spec.grid == GRID_HEX;
  if (b->count == 0) return true;
  int w = b->max_x - b->min_x + 1, h = b->max_y - b->min_y + 1;
  f->stride = w + 1;
  if (w > 63 || h > 64 || f->stride * h > 64) return false;
  if (b->spec.levels > 1)
    flat_collect(b, mask, f, true);
  else
    flat_collect(b, mask, f, false);
  return true;
}

/* The members connected to `seed`. Hex adds NE (x+1, y-1) and SW (x-1,
 * y+1), whose horizontal part too lands on a guard bit off a row's end. */
static uint64_t flood(uint64_t seed, uint64_t set, int s, bool hex) {
  uint64_t r = seed;
  for (;;) {
    uint64_t g = r | r << 1 | r >> 1 | r << s | r >> s;
    if (hex) g |= r >> (s - 1) | r << (s - 1);
    g &= set;
    if (g == r) return r;
    r = g;
  }
}

/* region[j] for member j; returns the region count. */
static int flat_label(const Flat *f, int32_t *region) {
  uint8_t label[FLAT_MAX];
  uint64_t covered = 0;
  int regions = 0;
  for (int j = 0; j < f->n; j++) {
    int bit = f->bit[j];
    if (!(covered >> bit & 1)) {
      uint64_t r = flood((uint64_t)1 << bit, f->set, f->stride, f->hex);
      covered |= r;
      for (; r; r &= r - 1) label[__builtin_ctzll(r)] = (uint8_t)regions;
      regions++;
    }
    region[j] = label[bit];
  }
  return regions;
}

/* ---- any board: union-find ---- */

static int32_t find_root(int32_t *parent, int32_t e) {
  while (parent[e] != e) {
    parent[e] = parent[parent[e]]; /* path halving */
    e = parent[e];
  }
  return e;
}

/* Union-find joins over the grid steps of half the directions (E, S / E,
 * SE, SW), which meet every adjacent pair once; the steps are taken once per
 * call, and board_top is one load on bounded boards. */
static void join_neighbours(const Board *b, int32_t *region_of) {
  GridKind g = (GridKind)b->spec.grid;
  const BoardCell *cells = board_cell(b, 0);
  int half = grid_dir_count(g) / 2;
  Coord step[3];
  for (int d = 0; d < half; d++) step[d] = grid_step(g, (Coord){0, 0}, d);
  for (int32_t e = 0; e < b->count; e++) {
    if (region_of[e] < 0) continue;
    for (int d = 0; d < half; d++) {
      Coord n = {(int16_t)(cells[e].x + step[d].x), (int16_t)(cells[e].y + step[d].y)};
      int f = board_top(b, n);
      if (f < 0 || region_of[f] < 0) continue;
      int32_t re = find_root(region_of, e), rf = find_root(region_of, f);
      if (re < rf) region_of[rf] = re;
      else if (rf < re) region_of[re] = rf;
    }
  }
}

static int union_find_regions(const Board *b, uint64_t value_mask, int32_t *region_of) {
  const BoardCell *cells = board_cell(b, 0);
  bool stacked = b->spec.levels > 1; /* else every entry is a top cell */
  for (int32_t e = 0; e < b->count; e++) {
    bool member = value_matches(value_mask, cells[e].value) &&
                  (!stacked || board_top(b, (Coord){cells[e].x, cells[e].y}) == e);
    region_of[e] = member ? e : -1;
  }
  join_neighbours(b, region_of);
  /* In one ascending pass: e still holds its parent p <= e, and p, if not
   * e itself, already holds its number (that of its root). */
  int regions = 0;
  for (int32_t e = 0; e < b->count; e++) {
    int32_t p = region_of[e];
    if (p >= 0) region_of[e] = p == e ? regions++ : region_of[p];
  }
  return regions;
}

/* ---- the two forms ---- */

int board_regions(const Board *b, uint64_t value_mask, int32_t *region_of) {
  Flat f;
  if (!flat_members(b, value_mask, &f)) return union_find_regions(b, value_mask, region_of);
  int32_t region[FLAT_MAX];
  int regions = flat_label(&f, region);
  for (int32_t e = 0; e < b->count; e++) region_of[e] = -1;
  for (int j = 0; j < f.n; j++) region_of[f.entry[j]] = region[j];
  return regions;
}

/* A counting sort of the entries by region (those of region -1 left out),
 * in entry order within each. start[r] first advances through region r and
 * ends at region r + 1's first index, so shifting back by one gives the
 * starts. */
static void group_cells(const Board *b, int n, const int32_t *region, int regions, int64_t *out,
                        int32_t *start) {
  const BoardCell *cells = board_cell(b, 0);
  for (int r = 0; r <= regions; r++) start[r] = 0;
  for (int j = 0; j < n; j++) start[region[j] + 1] += region[j] >= 0;
  for (int r = 0; r < regions; r++) start[r + 1] += start[r];
  for (int j = 0; j < n; j++) {
    if (region[j] < 0) continue;
    const BoardCell *c = &cells[j];
    out[start[region[j]]++] = cell_pack((Coord){c->x, c->y});
  }
  for (int r = regions; r > 0; r--) start[r] = start[r - 1];
  start[0] = 0;
}

/* The flat form's lists in one pass: a region's size is known when it is
 * filled (at its first member), so its place in `out` is known then, and
 * each member goes straight there. */
static int flat_cells(const Flat *f, int64_t *out, int32_t *start) {
  uint8_t label[FLAT_MAX];
  int32_t next[FLAT_MAX];
  uint64_t covered = 0;
  int regions = 0, total = 0;
  for (int j = 0; j < f->n; j++) {
    int bit = f->bit[j];
    if (!(covered >> bit & 1)) {
      uint64_t r = flood((uint64_t)1 << bit, f->set, f->stride, f->hex);
      covered |= r;
      start[regions] = next[regions] = total;
      for (; r; r &= r - 1) label[__builtin_ctzll(r)] = (uint8_t)regions, total++;
      regions++;
    }
    out[next[label[bit]]++] = f->cell[j];
  }
  start[regions] = total;
  return regions;
}

int board_region_cells(const Board *b, uint64_t value_mask, int32_t *scratch, int64_t *cells,
                       int32_t *start) {
  Flat f;
  if (flat_members(b, value_mask, &f)) return flat_cells(&f, cells, start);
  int regions = union_find_regions(b, value_mask, scratch);
  group_cells(b, b->count, scratch, regions, cells, start);
  return regions;
}
