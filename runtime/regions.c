/* regions.c — connected regions of top cells (board_regions, and region
 * queries over a scan: board_scan_cells, board_scan_counts).
 *
 * A scan reads the board once for any number of queries. On small boards
 * (the occupied box, one guard bit after each row, fits a 64-bit word) it
 * keeps the member cells (top cells whose value is in the scan's mask) as
 * bit words — a word per value, and each member's bit in entry order — so
 * a query costs word operations per region and nothing per cell: its
 * members are an OR of value words, and each region a flood fill by
 * repeated dilation, a few shifts and ORs per step, one step per cell of
 * distance from where it starts. A board that keeps value words (board.h)
 * has those words already, in the same layout: its scan reads them and no
 * cell, and lists the members in entry order only when a query wants
 * cells. Regions are numbered in order of their first entry, as the
 * definition says: board_regions fills from each member, in entry order,
 * not yet reached; queries fill in bit order — and when regions must hold
 * some value of a group, only from the cells of the first group: no other
 * region could be kept — and then sort the few regions kept by their first
 * member (from the list, or else looked up in the board's index). Counting
 * a region's cells of a group is an AND of two words.
 *
 * Bigger boards: each query is a union-find kept inside region_of itself,
 * so there is no stack, no queue and no size limit: while joining,
 * region_of[e] is the parent entry of e, and a set's root is always its
 * smallest entry (the larger root is hung under the smaller), so every
 * parent is below its child. One ascending pass then turns parents into
 * region numbers: a root is the first entry of its region, and a child's
 * parent has already been numbered when the child is reached. Neighbours
 * are found with board_top: one load on bounded boards. */
#include "board.h"

#include <stdint.h>
#include <string.h>

static bool value_matches(uint64_t mask, int v) { return v >= 0 && v < 64 && (mask >> v & 1); }

/* ---- small boards: one word ---- */

/* Cell (min_x + x, min_y + y) is bit x + y * stride, stride > width: a step
 * east or west off a row lands on a guard bit, which is never a member.
 * One loop per `stacked`, so the plain one tests nothing but the value:
 * this loop reads every entry, members or not, and dominates a single
 * query. It lists the members in entry order too. */
static inline __attribute__((always_inline)) void scan_members(const Board *b, RegionScan *s,
                                                               bool stacked) {
  const BoardCell *c = board_cell(b, 0);
  const uint64_t mask = s->mask;
  const int stride = s->stride, origin = b->min_x + b->min_y * stride, count = b->count;
  uint64_t set = 0;
  int n = 0;
  for (uint64_t m = mask; m; m &= m - 1) s->shows[__builtin_ctzll(m)] = 0;
  for (int e = 0; e < count; e++, c++) {
    unsigned v = (uint16_t)c->value; /* negative values never match */
    if (v >= 64 || !(mask >> v & 1)) continue;
    if (stacked && board_top(b, (Coord){c->x, c->y}) != e) continue; /* buried */
    int bit = c->x + c->y * stride - origin;
    set |= (uint64_t)1 << bit;
    s->shows[v] |= (uint64_t)1 << bit;
    s->entry[n] = e, s->bit[n++] = (uint8_t)bit;
  }
  s->n = n, s->set = set, s->present = mask, s->listed = true;
}

static void list_members(RegionScan *s) {
  if (s->listed) return;
  if (s->b->spec.levels > 1) scan_members(s->b, s, true);
  else scan_members(s->b, s, false);
}

/* A board keeping value words (board.h) has the members already, a word
 * per value in this very layout at its own stride (wider than the box): a
 * scan reads a few slots and no cell. The members are listed only for a
 * query that wants their cells (list_members); counts look up the first
 * entry of each region they keep. */
static void scan_words(const Board *b, const ValueWords *vw, RegionScan *s) {
  uint64_t set = 0, present = 0;
  const int16_t *values = board_word_values(b, vw);
  for (uint64_t used = vw->used; used; used &= used - 1) {
    int i = __builtin_ctzll(used), v = values[i];
    if (v < 0 || v >= 64 || !(s->mask >> v & 1)) continue;
    s->shows[v] = vw->word[i];
    set |= vw->word[i], present |= (uint64_t)1 << v;
  }
  s->stride = b->word_stride, s->set = set, s->present = present, s->listed = false;
}

void board_region_scan(const Board *b, uint64_t value_mask, RegionScan *s) {
  s->b = b, s->flat = true, s->hex = b->spec.grid == GRID_HEX, s->listed = true;
  s->n = 0, s->set = 0, s->mask = 0, s->present = 0;
  if (b->count == 0) return; /* no members, and no value shown */
  s->mask = value_mask;
  const ValueWords *vw = board_value_words(b);
  if (vw) {
    scan_words(b, vw, s);
    return;
  }
  int w = b->max_x - b->min_x + 1, h = b->max_y - b->min_y + 1;
  s->stride = w + 1;
  if (w > 63 || h > 64 || s->stride * h > 64)
    s->flat = false; /* queries go to the board itself */
  else if (b->spec.levels > 1)
    scan_members(b, s, true);
  else
    scan_members(b, s, false);
}

/* The members connected to `seed` within `set`. Hex adds NE (x+1, y-1) and
 * SW (x-1, y+1), whose horizontal part too lands on a guard bit off a
 * row's end. Inline, so that a constant `hex` leaves one loop per grid. */
static inline __attribute__((always_inline)) uint64_t flood(uint64_t seed, uint64_t set, int s,
                                                            bool hex) {
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
static int flat_label(const RegionScan *s, int32_t *region) {
  uint8_t label[BOARD_SCAN_MAX];
  uint64_t covered = 0;
  int regions = 0;
  for (int j = 0; j < s->n; j++) {
    int bit = s->bit[j];
    if (!(covered >> bit & 1)) {
      uint64_t r = flood((uint64_t)1 << bit, s->set, s->stride, s->hex);
      covered |= r;
      for (; r; r &= r - 1) label[__builtin_ctzll(r)] = (uint8_t)regions;
      regions++;
    }
    region[j] = label[bit];
  }
  return regions;
}

/* The members showing a value of `values`. */
static uint64_t flat_showing(const RegionScan *s, uint64_t values) {
  uint64_t w = 0;
  for (uint64_t m = values & s->present; m; m &= m - 1) w |= s->shows[__builtin_ctzll(m)];
  return w;
}

/* Set bits, one step per bit: region words are sparse (and the builtin is a
 * library call without -mpopcnt). */
static inline int bit_count(uint64_t w) {
  int n = 0;
  for (; w; w &= w - 1) n++;
  return n;
}

/* Puts the regions in order of their first member in entry order, walking
 * the listed members. */
static void order_listed(const RegionScan *s, uint64_t *kept, int k) {
  uint64_t sorted[BOARD_SCAN_MAX], all = 0, seen = 0;
  for (int r = 0; r < k; r++) all |= kept[r];
  for (int j = 0, n = 0; seen != all; j++) {
    uint64_t bit = (uint64_t)1 << s->bit[j];
    if (!(bit & all & ~seen)) continue; /* not kept, or its region is placed */
    int r = 0;
    while (!(kept[r] & bit)) r++;
    sorted[n++] = kept[r], seen |= kept[r];
  }
  memcpy(kept, sorted, (size_t)k * sizeof *kept);
}

/* Entries of the bits of a word in the value words' layout at `stride`:
 * the top cell's entry, from the board's index — a byte index read inline
 * (the row of a bit is bit * recip >> 16, recip = ceil(65536 / stride):
 * exact below 64, and no division per bit), any other through board_top. */
typedef struct WordIndex {
  const Board *b;
  int stride, skip, base;
  unsigned recip;
  const uint8_t *bytes; /* NULL: not a byte index */
} WordIndex;

static WordIndex word_index(const Board *b, int stride) {
  WordIndex w = {b, stride, b->dw - stride, (b->min_y - b->oy) * b->dw + b->min_x - b->ox,
                 (65536u + (unsigned)stride - 1) / (unsigned)stride, NULL};
  if (b->dw && b->spec.capacity <= 255) w.bytes = (const uint8_t *)b + b->index_at;
  return w;
}

static inline int word_row(const WordIndex *w, int bit) { return (int)((unsigned)bit * w->recip >> 16); }

static inline Coord word_cell(const WordIndex *w, int bit) {
  int y = word_row(w, bit);
  return (Coord){(int16_t)(w->b->min_x + bit - y * w->stride), (int16_t)(w->b->min_y + y)};
}

static inline int32_t word_entry(const WordIndex *w, int bit) {
  if (w->bytes) return w->bytes[bit + word_row(w, bit) * w->skip + w->base] - 1;
  return board_top(w->b, word_cell(w, bit));
}

/* The same without a list: each region's first entry is the least of its
 * cells', then an insertion sort. The regions kept are few and small. */
static void order_unlisted(const RegionScan *s, uint64_t *kept, int k) {
  int32_t first[BOARD_SCAN_MAX];
  const WordIndex w = word_index(s->b, s->stride);
  for (int r = 0; r < k; r++) {
    uint64_t region = kept[r];
    int32_t least = INT32_MAX;
    for (uint64_t m = region; m; m &= m - 1) {
      int32_t e = word_entry(&w, __builtin_ctzll(m));
      if (e < least) least = e;
    }
    int j = r;
    for (; j > 0 && first[j - 1] > least; j--) first[j] = first[j - 1], kept[j] = kept[j - 1];
    first[j] = least, kept[j] = region;
  }
}

int board_word_cells(const Board *b, uint64_t word, int64_t *out) {
  int32_t entry[BOARD_SCAN_MAX];
  const WordIndex w = word_index(b, b->word_stride);
  int n = 0;
  for (; word; word &= word - 1, n++) { /* insertion by entry */
    int bit = __builtin_ctzll(word), j = n;
    int32_t e = word_entry(&w, bit);
    for (; j > 0 && entry[j - 1] > e; j--) entry[j] = entry[j - 1], out[j] = out[j - 1];
    entry[j] = e, out[j] = cell_pack(word_cell(&w, bit));
  }
  return n;
}

/* The regions of the members showing `values` that meet every group, as
 * words, in order; group[g] gets the members showing a value of need[g].
 * Inline: it is most of a query. */
static inline __attribute__((always_inline)) int flat_kept(const RegionScan *s, uint64_t values,
                                                           const uint64_t *need, int groups,
                                                           uint64_t *group, uint64_t *kept) {
  uint64_t set = flat_showing(s, values);
  for (int g = 0; g < groups; g++) group[g] = flat_showing(s, need[g]) & set;
  uint64_t seeds = groups > 0 ? group[0] : set;
  int k = 0;
  while (seeds) {
    uint64_t seed = seeds & -seeds;
    uint64_t r = s->hex ? flood(seed, set, s->stride, true) : flood(seed, set, s->stride, false);
    seeds &= ~r;
    int g = 1;
    while (g < groups && (r & group[g])) g++;
    if (g >= groups) kept[k++] = r;
  }
  if (k > 1) (s->listed ? order_listed : order_unlisted)(s, kept, k);
  return k;
}

/* The kept regions' lists in one pass over the members in entry order, each
 * going straight to its region's next place. */
static void flat_cells(const RegionScan *s, const uint64_t *kept, int k, int64_t *out,
                       int32_t *start) {
  const BoardCell *cells = board_cell(s->b, 0);
  uint8_t label[BOARD_SCAN_MAX];
  int32_t next[BOARD_SCAN_MAX];
  uint64_t all = 0;
  int total = 0;
  for (int r = 0; r < k; r++) {
    all |= kept[r], start[r] = next[r] = total;
    for (uint64_t w = kept[r]; w; w &= w - 1) label[__builtin_ctzll(w)] = (uint8_t)r, total++;
  }
  start[k] = total;
  for (int j = 0, placed = 0; placed < total; j++) {
    int bit = s->bit[j];
    if (!(all >> bit & 1)) continue;
    const BoardCell *c = &cells[s->entry[j]];
    out[next[label[bit]]++] = cell_pack((Coord){c->x, c->y}), placed++;
  }
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

/* Drops the regions missing some group, renumbering the others in order
 * (so still in order of their first entry). shown (a word per region) and
 * renumber (an int per region) are the caller's scratch. */
static int keep_regions(const Board *b, const uint64_t *need, int groups, int regions,
                        int32_t *region_of, uint64_t *shown, int32_t *renumber) {
  const BoardCell *cells = board_cell(b, 0);
  for (int r = 0; r < regions; r++) shown[r] = 0;
  for (int32_t e = 0; e < b->count; e++) /* a member's value is in 0..63 */
    if (region_of[e] >= 0) shown[region_of[e]] |= (uint64_t)1 << cells[e].value;
  int kept = 0;
  for (int r = 0; r < regions; r++) {
    int g = 0;
    while (g < groups && (shown[r] & need[g])) g++;
    renumber[r] = g >= groups ? kept++ : -1;
  }
  for (int32_t e = 0; e < b->count; e++)
    if (region_of[e] >= 0) region_of[e] = renumber[region_of[e]];
  return kept;
}


/* ---- the queries ---- */

int board_regions(const Board *b, uint64_t value_mask, int32_t *region_of) {
  RegionScan s;
  board_region_scan(b, value_mask, &s);
  if (!s.flat) return union_find_regions(b, value_mask, region_of);
  list_members(&s);
  int32_t region[BOARD_SCAN_MAX];
  int regions = flat_label(&s, region);
  for (int32_t e = 0; e < b->count; e++) region_of[e] = -1;
  for (int j = 0; j < s.n; j++) region_of[s.entry[j]] = region[j];
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


int board_scan_cells(RegionScan *s, uint64_t values, const uint64_t *need, int groups,
                     int32_t *scratch, int64_t *cells, int32_t *start) {
  if (s->flat) {
    list_members(s); /* flat_cells walks them */
    uint64_t group[BOARD_GROUPS_MAX], kept[BOARD_SCAN_MAX];
    int k = flat_kept(s, values, need, groups, group, kept);
    flat_cells(s, kept, k, cells, start);
    return k;
  }
  int regions = union_find_regions(s->b, values & s->mask, scratch);
  if (groups > 0) /* cells and start are free until group_cells */
    regions = keep_regions(s->b, need, groups, regions, scratch, (uint64_t *)cells, start);
  group_cells(s->b, s->b->count, scratch, regions, cells, start);
  return regions;
}

int board_scan_counts(const RegionScan *s, uint64_t values, const uint64_t *need, int groups,
                      int32_t *scratch, int64_t *counts) {
  if (s->flat) {
    uint64_t group[BOARD_GROUPS_MAX], kept[BOARD_SCAN_MAX];
    int k = flat_kept(s, values, need, groups, group, kept);
    for (int r = 0; r < k; r++)
      for (int g = 0; g < groups; g++) counts[r * groups + g] = bit_count(kept[r] & group[g]);
    return k;
  }
  /* Every region counted, then those with a count of 0 dropped in place:
   * "holds a value of every group" is "no count is 0". */
  const Board *b = s->b;
  const BoardCell *cells = board_cell(b, 0);
  int regions = union_find_regions(b, values & s->mask, scratch);
  for (int i = 0; i < regions * groups; i++) counts[i] = 0;
  for (int32_t e = 0; e < b->count; e++) {
    if (scratch[e] < 0) continue;
    for (int g = 0; g < groups; g++) /* a member's value is in 0..63 */
      counts[scratch[e] * groups + g] += need[g] >> cells[e].value & 1;
  }
  int kept = 0;
  for (int r = 0; r < regions; r++) {
    int g = 0;
    while (g < groups && counts[r * groups + g] > 0) g++;
    if (g < groups) continue;
    memmove(&counts[kept * groups], &counts[r * groups], (size_t)groups * sizeof *counts);
    kept++;
  }
  return kept;
}
