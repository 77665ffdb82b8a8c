/* check_regions.c — board_regions and the queries over a scan
 * (board_scan_cells, board_scan_counts): hand cases, then a differential
 * test against a naive breadth-first flood fill over a model kept here (its
 * own grid array, entry list and neighbour tables), a naive filter by
 * groups of values and naive counts, on unbounded boards (hashed index) and
 * bounded ones (direct index), small (one-word flood fill) and big
 * (union-find). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static Board *new_bounded_board(int grid, int bound, int w, int h, int levels, int capacity) {
  BoardSpec spec = {.grid = (uint8_t)grid, .bound = (uint8_t)bound, .levels = (uint8_t)levels,
                    .w = (int16_t)w, .h = (int16_t)h, .capacity = capacity};
  Board *b = malloc(board_bytes(&spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, &spec);
  return b;
}

static Board *new_board(int grid, int levels, int capacity) {
  return new_bounded_board(grid, BOARD_BOUND_NONE, 0, 0, levels, capacity);
}

static TileDef token(int v) {
  TileDef t = {.cell_count = 1};
  t.value[0] = (int16_t)v;
  return t;
}

static TileDef domino(int a, int b) {
  TileDef t = {.cell_count = 2};
  t.dx[1] = 1;
  t.value[0] = (int16_t)a, t.value[1] = (int16_t)b;
  return t;
}

static Placement at(int x, int y, int o, int level) {
  return (Placement){.tile = 0, .at = {(int16_t)x, (int16_t)y}, .orientation = o, .level = level};
}

static void put_token(Board *b, int v, int x, int y, int level) {
  TileDef t = token(v);
  ck_assert_int_eq(board_place(b, &t, at(x, y, 0, level)), 0);
}

#define MASK(v) ((uint64_t)1 << (v))

START_TEST(test_square_groups) {
  Board *b = new_board(GRID_SQUARE, 1, 32);
  /* 1 1 . 1      entries in order: (3,0) first, then the pair, then (1,1)
   * . 1 . 2 */
  put_token(b, 1, 3, 0, 0);
  put_token(b, 1, 0, 0, 0);
  put_token(b, 1, 1, 0, 0);
  put_token(b, 1, 1, 1, 0);
  put_token(b, 2, 3, 1, 0);
  int32_t r[8];
  ck_assert_int_eq(board_regions(b, MASK(1), r), 2);
  ck_assert_int_eq(r[0], 0);
  ck_assert_int_eq(r[1], 1);
  ck_assert_int_eq(r[2], 1);
  ck_assert_int_eq(r[3], 1);
  ck_assert_int_eq(r[4], -1);
  /* with 2 as well, (3,0) and (3,1) join */
  ck_assert_int_eq(board_regions(b, MASK(1) | MASK(2), r), 2);
  ck_assert_int_eq(r[4], 0);
  ck_assert_int_eq(board_regions(b, MASK(5), r), 0);
  for (int i = 0; i < 5; i++) ck_assert_int_eq(r[i], -1);
  free(b);
}
END_TEST

START_TEST(test_hex_adjacency) {
  Board *b = new_board(GRID_HEX, 1, 32);
  put_token(b, 3, 0, 0, 0);
  put_token(b, 3, 1, 1, 0);  /* not a hex neighbour of (0,0) */
  put_token(b, 3, 1, -1, 0); /* NE of (0,0) */
  put_token(b, 3, -1, 1, 0); /* SW of (0,0) */
  int32_t r[8];
  ck_assert_int_eq(board_regions(b, MASK(3), r), 2);
  ck_assert_int_eq(r[0], 0);
  ck_assert_int_eq(r[1], 1);
  ck_assert_int_eq(r[2], 0);
  ck_assert_int_eq(r[3], 0);
  /* (1,1) is SE of (1,0): filling (1,0) joins everything */
  put_token(b, 3, 1, 0, 0);
  ck_assert_int_eq(board_regions(b, MASK(3), r), 1);
  free(b);
}
END_TEST

START_TEST(test_only_top_cells_count) {
  Board *b = new_board(GRID_SQUARE, 3, 32);
  TileDef d = domino(4, 4);
  ck_assert_int_eq(board_place(b, &d, at(0, 0, 0, 0)), 0); /* (0,0) (1,0) showing 4 */
  put_token(b, 9, 0, 0, 1);                                  /* hides (0,0) */
  int32_t r[8];
  ck_assert_int_eq(board_regions(b, MASK(4), r), 1);
  ck_assert_int_eq(r[0], -1); /* buried */
  ck_assert_int_eq(r[1], 0);
  ck_assert_int_eq(r[2], -1);
  ck_assert_int_eq(board_regions(b, MASK(4) | MASK(9), r), 1);
  ck_assert_int_eq(r[1], 0);
  ck_assert_int_eq(r[2], 0);
  /* values outside 0..63 never match */
  put_token(b, 64, 5, 5, 0);
  put_token(b, -1, 6, 5, 0);
  ck_assert_int_eq(board_regions(b, ~(uint64_t)0, r), 1);
  ck_assert_int_eq(r[3], -1);
  ck_assert_int_eq(r[4], -1);
  ck_assert_int_eq(board_regions(b, MASK(63), r), 0);
  free(b);
}
END_TEST

/* ---- the naive model ---- */

enum { NSIZE = 256, NOFF = 128, MAXE = 4096 };

static struct {
  int grid, levels, count;
  int top[NSIZE][NSIZE]; /* entry + 1, 0 = empty */
  int x[MAXE], y[MAXE], value[MAXE], level[MAXE];
} nv;

static const int sq_nb[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int hx_nb[6][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, -1}, {-1, 1}};

static int naive_top(int x, int y) {
  if (x + NOFF < 0 || x + NOFF >= NSIZE || y + NOFF < 0 || y + NOFF >= NSIZE) return -1;
  return nv.top[y + NOFF][x + NOFF] - 1;
}

static void naive_add(int x, int y, int v, int level) {
  int e = nv.count++;
  nv.x[e] = x, nv.y[e] = y, nv.value[e] = v, nv.level[e] = level;
  nv.top[y + NOFF][x + NOFF] = e + 1;
}

static int naive_regions(uint64_t mask, int32_t *label) {
  static int queue[MAXE];
  int n = nv.grid == GRID_HEX ? 6 : 4, regions = 0;
  const int(*nb)[2] = nv.grid == GRID_HEX ? hx_nb : sq_nb;
  for (int e = 0; e < nv.count; e++) label[e] = -1;
  for (int e = 0; e < nv.count; e++) {
    bool member = nv.value[e] >= 0 && nv.value[e] < 64 && (mask >> nv.value[e] & 1) &&
                  naive_top(nv.x[e], nv.y[e]) == e;
    if (!member || label[e] >= 0) continue;
    int head = 0, tail = 0;
    label[e] = regions;
    queue[tail++] = e;
    while (head < tail) {
      int c = queue[head++];
      for (int d = 0; d < n; d++) {
        int f = naive_top(nv.x[c] + nb[d][0], nv.y[c] + nb[d][1]);
        if (f < 0 || label[f] >= 0) continue;
        if (nv.value[f] < 0 || nv.value[f] >= 64 || !(mask >> nv.value[f] & 1)) continue;
        label[f] = regions;
        queue[tail++] = f;
      }
    }
    regions++;
  }
  return regions;
}

static uint64_t rng_state;

static uint32_t rnd(uint32_t n) {
  rng_state ^= rng_state >> 12, rng_state ^= rng_state << 25, rng_state ^= rng_state >> 27;
  return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 33) % n;
}

/* When set, values come from few (at most 8, so that a bounded board keeps
 * its value words): 0..5 and the start token's 99. */
static bool few_values;

static int random_value(void) {
  if (few_values) return rnd(8) == 0 ? 99 : (int)rnd(6);
  int r = (int)rnd(20);
  return r == 0 ? -1 - (int)rnd(3) : r == 1 ? 64 + (int)rnd(3) : r == 2 ? 63 : (int)rnd(4);
}

/* Where cells go: spread x spread cells from (x0, y0); the other cell of a
 * domino may stick out by one unless `strict` (bounded boards). */
static int area_x0, area_y0;
static bool area_strict;

static bool in_area(int x, int y, int spread) {
  return !area_strict || (x >= area_x0 && y >= area_y0 && x < area_x0 + spread && y < area_y0 + spread);
}

/* Tokens and dominoes at random spots of a small area, stacking where the
 * cells allow it; gives up when the area is full. */
static void grow(Board *b, int target, int spread) {
  int n = nv.grid == GRID_HEX ? 6 : 4;
  /* the header's direction d as an offset: E first, then clockwise */
  static const int sq_dir[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  static const int hx_dir[6][2] = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};
  for (int tries = 0; nv.count < target && tries < 50 * target; tries++) {
    int x = area_x0 + (int)rnd((uint32_t)spread), y = area_y0 + (int)rnd((uint32_t)spread);
    int e0 = naive_top(x, y), h0 = e0 < 0 ? 0 : nv.level[e0] + 1;
    if (h0 >= nv.levels) continue;
    if (rnd(2)) {
      int v = random_value();
      put_token(b, v, x, y, h0);
      naive_add(x, y, v, h0);
    } else {
      int d = (int)rnd((uint32_t)n);
      int x1 = x + (nv.grid == GRID_HEX ? hx_dir[d][0] : sq_dir[d][0]);
      int y1 = y + (nv.grid == GRID_HEX ? hx_dir[d][1] : sq_dir[d][1]);
      int e1 = naive_top(x1, y1), h1 = e1 < 0 ? 0 : nv.level[e1] + 1;
      if (h1 != h0 || nv.count + 2 > target + 1 || !in_area(x1, y1, spread)) continue;
      int va = random_value(), vb = random_value();
      TileDef t = domino(va, vb);
      ck_assert_int_eq(board_place(b, &t, at(x, y, d, h0)), 0);
      naive_add(x, y, va, h0);
      naive_add(x1, y1, vb, h0);
    }
  }
}

/* The naive filter of board_region_cells: drops the regions of `label`
 * that miss some group and renumbers the others in order. */
static int naive_keep(int32_t *label, int regions, const uint64_t *need, int groups) {
  static uint64_t shown[MAXE];
  static int32_t renumber[MAXE];
  for (int r = 0; r < regions; r++) shown[r] = 0;
  for (int e = 0; e < nv.count; e++)
    if (label[e] >= 0) shown[label[e]] |= (uint64_t)1 << nv.value[e];
  int kept = 0;
  for (int r = 0; r < regions; r++) {
    bool all = true;
    for (int g = 0; g < groups; g++) all = all && (shown[r] & need[g]) != 0;
    renumber[r] = all ? kept++ : -1;
  }
  for (int e = 0; e < nv.count; e++)
    if (label[e] >= 0) label[e] = renumber[label[e]];
  return kept;
}

/* board_scan_cells: the regions of `want` (already filtered), region after
 * region, each in entry order. */
static void compare_region_cells(RegionScan *s, uint64_t mask, const uint64_t *need,
                                 int groups, const int32_t *want, int regions) {
  static int32_t scratch[MAXE], start[MAXE + 1];
  static int64_t cells[MAXE];
  ck_assert_int_eq(board_scan_cells(s, mask, need, groups, scratch, cells, start), regions);
  int k = 0;
  for (int r = 0; r < regions; r++) {
    ck_assert_int_eq(start[r], k);
    for (int e = 0; e < nv.count; e++)
      if (want[e] == r && cells[k++] != cell_pack((Coord){(int16_t)nv.x[e], (int16_t)nv.y[e]}))
        ck_abort_msg("region %d: cell %d differs", r, k - 1);
  }
  ck_assert_int_eq(start[regions], k);
}

/* board_scan_counts: per region of `want` (already filtered), its cells
 * showing a value of each group. */
static void compare_region_counts(const RegionScan *s, uint64_t mask, const uint64_t *need,
                                  int groups, const int32_t *want, int regions) {
  static int32_t scratch[MAXE];
  static int64_t counts[MAXE * BOARD_GROUPS_MAX], tally[MAXE * BOARD_GROUPS_MAX];
  ck_assert_int_eq(board_scan_counts(s, mask, need, groups, scratch, counts), regions);
  memset(tally, 0, sizeof(int64_t) * (size_t)(regions * groups));
  for (int e = 0; e < nv.count; e++)
    for (int g = 0; g < groups && want[e] >= 0; g++)
      tally[want[e] * groups + g] += need[g] >> nv.value[e] & 1;
  for (int i = 0; i < regions * groups; i++)
    if (counts[i] != tally[i])
      ck_abort_msg("region %d, group %d: %d cells, not %d", i / groups, i % groups, (int)counts[i],
                   (int)tally[i]);
}

/* Random groups of random values: mostly the mask's own small values, so
 * that regions are kept and dropped alike; sometimes none, or many. */
static int random_groups(uint64_t *need) {
  int groups = rnd(8) == 0   ? 0
               : rnd(8) == 0 ? 5 + (int)rnd(BOARD_GROUPS_MAX - 4)
                             : 1 + (int)rnd(3);
  for (int g = 0; g < groups; g++) need[g] = (uint64_t)1 << rnd(5) | (uint64_t)rnd(4) << rnd(62);
  return groups;
}

/* Each mask's regions, by themselves and filtered by random groups, from
 * a scan for that mask and from one for more values (a scan shared by
 * several queries). */
static void compare_regions(const Board *b) {
  static int32_t want[MAXE], got[MAXE];
  uint64_t need[BOARD_GROUPS_MAX];
  for (int k = 0; k < 6; k++) {
    uint64_t mask = k == 0 ? ~(uint64_t)0 : (uint64_t)rnd(16) | (uint64_t)rnd(2) << 63;
    int n_want = naive_regions(mask, want);
    int n_got = board_regions(b, mask, got);
    ck_assert_int_eq(n_got, n_want);
    if (memcmp(got, want, sizeof(int32_t) * (size_t)nv.count) != 0) ck_abort_msg("region labels differ");
    /* A scan shared by the queries, and one made for the counts alone
     * (a scan lists its members for the first cells query, if not before) */
    uint64_t wider_mask = mask | (uint64_t)rnd(16) | (uint64_t)rnd(2) << 62;
    RegionScan own, wider, counts_only;
    board_region_scan(b, mask, &own);
    board_region_scan(b, wider_mask, &wider);
    for (int t = 0; t < 4; t++) {
      RegionScan *s = t % 2 ? &wider : &own;
      int groups = t < 2 ? 0 : random_groups(need);
      naive_regions(mask, want);
      int kept = naive_keep(want, n_want, need, groups);
      board_region_scan(b, t % 2 ? wider_mask : mask, &counts_only);
      compare_region_counts(&counts_only, mask, need, groups, want, kept);
      compare_region_cells(s, mask, need, groups, want, kept);
      compare_region_counts(s, mask, need, groups, want, kept);
    }
  }
}

/* Grows b to a few sizes along the way (so small boards are compared too),
 * comparing the regions with the naive version each time; returns the sum
 * of the sizes compared. */
static long grow_and_compare(Board *b, int capacity, int spread) {
  long total = 0;
  for (int target = 1; target <= capacity - 1; target += 1 + target / 2) {
    grow(b, target, spread);
    ck_assert_int_eq(b->count, nv.count);
    total += nv.count;
    compare_regions(b);
  }
  return total;
}

START_TEST(test_differential_random_boards) {
  rng_state = 0x853C49E6748FEA9BULL;
  long total = 0;
  for (int trial = 0; trial < 400; trial++) {
    memset(&nv, 0, sizeof nv);
    nv.grid = (int)rnd(2), nv.levels = 1 + (int)rnd(3);
    int capacity = 2 + (int)rnd(120);
    Board *b = new_board(nv.grid, nv.levels, capacity);
    int spread = 3 + (int)rnd(14);
    area_x0 = area_y0 = -(spread / 2), area_strict = false;
    total += grow_and_compare(b, capacity, spread);
    free(b);
  }
  ck_assert_int_gt(total, 20000);
}
END_TEST

START_TEST(test_differential_big_board) {
  rng_state = 0x2F1B3C4D5E6F7081ULL;
  for (int grid = 0; grid < 2; grid++) {
    memset(&nv, 0, sizeof nv);
    nv.grid = grid, nv.levels = 2;
    Board *b = new_board(grid, 2, MAXE);
    area_x0 = area_y0 = -30, area_strict = false;
    grow(b, MAXE - 1, 60);
    ck_assert_int_gt(nv.count, 3000);
    compare_regions(b);
    free(b);
  }
}
END_TEST

/* One fixed board (the area is the board) or window board (the area fits
 * the window, away from the origin) of 2 .. spreads + 1 cells a side, for
 * up to `capacity` cells (0: three per cell of the area), grown and
 * compared; returns the sizes compared, and whether the board kept its
 * value words to the end. */
static long bounded_trial(int spreads, int capacity, bool *words) {
  memset(&nv, 0, sizeof nv);
  nv.grid = (int)rnd(2), nv.levels = 1 + (int)rnd(3);
  int spread = 2 + (int)rnd((uint32_t)spreads);
  capacity = 2 + (int)rnd(capacity ? (uint32_t)capacity : (uint32_t)(3 * spread * spread));
  bool fixed = rnd(2);
  area_x0 = fixed ? 0 : (int)rnd(80) - 40, area_y0 = fixed ? 0 : (int)rnd(80) - 40;
  area_strict = true;
  Board *b = new_bounded_board(nv.grid, fixed ? BOARD_BOUND_FIXED : BOARD_BOUND_WINDOW, spread,
                               spread, nv.levels, capacity);
  long total = grow_and_compare(b, capacity, spread);
  *words = board_value_words(b) != NULL;
  free(b);
  return total;
}

/* Bounded boards: the direct index. */
START_TEST(test_differential_bounded_boards) {
  rng_state = 0x1F83D9AB5BE0CD19ULL;
  long total = 0;
  bool words;
  for (int trial = 0; trial < 300; trial++) total += bounded_trial(12, 120, &words);
  ck_assert_int_gt(total, 10000);
}
END_TEST

/* Small bounded boards showing few values keep their value words, which
 * a scan then reads instead of the cells (and lists the members from only
 * for cells queries): the same regions, in the same order, as the naive
 * model. Most boards must still keep their words at the end. */
START_TEST(test_differential_value_words) {
  rng_state = 0x6A09E667F3BCC908ULL;
  few_values = true;
  long total = 0;
  int kept = 0;
  for (int trial = 0; trial < 300; trial++) {
    bool words;
    total += bounded_trial(6, 0, &words);
    kept += words;
  }
  few_values = false;
  ck_assert_int_gt(total, 5000);
  ck_assert_int_gt(kept, 250);
}
END_TEST

static Suite *regions_suite(void) {
  Suite *s = suite_create("regions");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_square_groups);
  tcase_add_test(tc, test_hex_adjacency);
  tcase_add_test(tc, test_only_top_cells_count);
  tcase_add_test(tc, test_differential_random_boards);
  tcase_add_test(tc, test_differential_big_board);
  tcase_add_test(tc, test_differential_bounded_boards);
  tcase_add_test(tc, test_differential_value_words);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(regions_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
