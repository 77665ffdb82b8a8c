/* check_climbs.c — climbs: PLACE_STACK with the options stack_match (each
 * value equals the one under it) and stack_apart (the cells underneath
 * belong to pairwise different placings). Hand-built refusals first, then a
 * differential test against a naive version.
 *
 * The naive side keeps its own model of what lies where (a plain array of
 * top level, top value and placing number per cell, written from the
 * placements it is told about) and states each condition literally, as a
 * filter on plain stackings: stack geometry (same level, tops, levels
 * limit, canonical order and dedupe) is check_placements.c's to test. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static Board *new_board(int grid, int levels) {
  BoardSpec spec = {.grid = (uint8_t)grid, .bound = BOARD_BOUND_NONE, .levels = (uint8_t)levels,
                    .capacity = 4000};
  Board *b = malloc(board_bytes(&spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, &spec);
  return b;
}

static TileDef domino(int a, int b) {
  TileDef t = {.cell_count = 2};
  t.dx[1] = 1, t.value[0] = (int16_t)a, t.value[1] = (int16_t)b;
  return t;
}

static Placement at(int tile, int x, int y, int o, int level) {
  return (Placement){.tile = tile, .at = {(int16_t)x, (int16_t)y}, .orientation = o, .level = level};
}

enum { BIG = 4096 };
static Placement got[BIG], want[BIG];

static int climbs(const Board *b, const TileDef *tiles, int tile, bool match, bool apart) {
  PlaceOptions opt = {.stack_match = match, .stack_apart = apart};
  return board_placements_with(b, tiles, tile, PLACE_STACK, &opt, got, BIG);
}

/* ---- hand-built positions (hex, axial; orientation 0 = east) ---- */

/* Two dominoes side by side in one row: 1-2 at (0,0)-(1,0), 3-4 at
 * (2,0)-(3,0). A 2-3 climbs onto the 2 and the 3 (two placings, level 0);
 * a 1-2 could only lie on one domino (refused when apart) or on values
 * that differ (refused when matching). */
START_TEST(test_climb_and_refusals) {
  Board *b = new_board(GRID_HEX, 4);
  TileDef tiles[4] = {domino(1, 2), domino(3, 4), domino(2, 3), domino(1, 2)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 2, 0, 0, 0)), 0);
  ck_assert_int_eq(climbs(b, tiles, 2, true, true), 1);
  ck_assert_int_eq(got[0].at.x, 1);
  ck_assert_int_eq(got[0].orientation, 0);
  ck_assert_int_eq(got[0].level, 1);
  /* the same tile underneath: 1-2 on the 1-2 itself matches but is one placing */
  ck_assert_int_eq(climbs(b, tiles, 3, true, false), 1);
  ck_assert_int_eq(climbs(b, tiles, 3, true, true), 0);
  /* a value mismatch: every stacking of the row (3 pairs x 2 ways) but none matching */
  ck_assert_int_eq(climbs(b, tiles, 3, false, false), 6);
  ck_assert_int_eq(climbs(b, tiles, 3, false, true), 2); /* only across the join (1,0)-(2,0) */
  free(b);
}
END_TEST

/* Different levels and tops: after the 2-3 climbs at (1,0)-(2,0) the tops
 * there are level 1, so a 1-2 (onto the 1 at level 0 and the 2 now at level
 * 1) is refused; and the covered 2 at (1,0) level 0 is no longer a top. */
START_TEST(test_climb_levels_and_tops) {
  Board *b = new_board(GRID_HEX, 4);
  TileDef tiles[5] = {domino(1, 2), domino(3, 4), domino(2, 3), domino(1, 2), domino(3, 3)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 2, 0, 0, 0)), 0);
  ck_assert_int_eq(board_place(b, &tiles[2], at(2, 1, 0, 0, 1)), 0);
  ck_assert_int_eq(climbs(b, tiles, 3, true, true), 0); /* 1 at level 0, 2 at level 1 */
  /* the one pair of one level is (1,0)-(2,0), both on the 2-3: two ways round, one placing */
  ck_assert_int_eq(climbs(b, tiles, 3, false, false), 2);
  ck_assert_int_eq(climbs(b, tiles, 3, false, true), 0);
  /* tops now show 1 2 3 4 -> (1,0) shows 2, (2,0) shows 3: a 3-3 finds no pair of 3s */
  ck_assert_int_eq(climbs(b, tiles, 4, true, true), 0);
  free(b);
}
END_TEST

/* ---- the naive model ---- */

enum { NSIZE = 160, NOFF = 80 };
static int top_level[NSIZE][NSIZE]; /* level + 1, 0 = empty */
static int top_value[NSIZE][NSIZE];
static int top_placing[NSIZE][NSIZE];
static int placings;

static void naive_place(const Board *b, const TileDef *t, Placement p) {
  Coord c[TILE_MAX_CELLS];
  int n = placement_cells((GridKind)b->spec.grid, t, p, c);
  for (int i = 0; i < n; i++) {
    int x = c[i].x + NOFF, y = c[i].y + NOFF;
    ck_assert(x >= 0 && x < NSIZE && y >= 0 && y < NSIZE);
    top_level[y][x] = p.level + 1, top_value[y][x] = t->value[i], top_placing[y][x] = placings;
  }
  placings++;
}

typedef struct NaiveRule {
  const TileDef *tiles;
  bool match, apart;
} NaiveRule;

static bool naive_climb(void *ctx, const Board *b, Placement p) {
  const NaiveRule *r = ctx;
  const TileDef *t = &r->tiles[p.tile];
  Coord c[TILE_MAX_CELLS];
  int n = placement_cells((GridKind)b->spec.grid, t, p, c);
  for (int i = 0; i < n; i++) {
    int x = c[i].x + NOFF, y = c[i].y + NOFF;
    if (top_level[y][x] != p.level) return false; /* not the top just below */
    if (r->match && top_value[y][x] != t->value[i]) return false;
    for (int j = 0; j < i && r->apart; j++)
      if (top_placing[y][x] == top_placing[c[j].y + NOFF][c[j].x + NOFF]) return false;
  }
  return true;
}

static uint64_t rng = 0x243F6A8885A308D3ULL;
static unsigned rnd(unsigned n) {
  rng ^= rng >> 12, rng ^= rng << 25, rng ^= rng >> 27;
  return (unsigned)((rng * 0x2545F4914F6CDD1DULL) >> 33) % n;
}

static int compared, kept_some, refused_some;

static void compare(const Board *b, const TileDef *tiles, int tid, bool match, bool apart) {
  NaiveRule rule = {tiles, match, apart};
  int nw = board_placements(b, tiles, tid, PLACE_STACK, naive_climb, &rule, want, BIG);
  int all = board_placements(b, tiles, tid, PLACE_STACK, NULL, NULL, got, BIG);
  int ng = climbs(b, tiles, tid, match, apart);
  ck_assert_int_eq(ng, nw);
  for (int i = 0; i < ng; i++)
    ck_assert(got[i].at.x == want[i].at.x && got[i].at.y == want[i].at.y &&
              got[i].orientation == want[i].orientation && got[i].level == want[i].level);
  compared++, kept_some += ng > 0, refused_some += ng < all;
}

/* Random boards: dominoes (doubles too) of values 0..2 so that matches
 * happen, and some tokens; tiles go down on level 0 or climb (plain
 * stackings, so that levels vary and one placing lies under two cells).
 * The same tile id may go down twice: apart speaks of placings. */
static void run_board(int grid) {
  Board *b = new_board(grid, 2 + (int)rnd(4));
  memset(top_level, 0, sizeof top_level);
  placings = 0;
  TileDef tiles[8];
  for (int i = 0; i < 6; i++) tiles[i] = domino((int)rnd(3), (int)rnd(3));
  tiles[6] = (TileDef){.cell_count = 1, .value = {(int16_t)rnd(3)}};
  tiles[7] = domino(1, 1);
  for (int step = 0; step < 40; step++) {
    int tid = (int)rnd(8);
    for (int m = 0; m < 4; m++) compare(b, tiles, tid, m & 1, m >> 1);
    bool up = rnd(3) > 0;
    int n = board_placements(b, tiles, tid, up ? PLACE_STACK : PLACE_ADJACENT, NULL, NULL, want, BIG);
    if (n == 0) n = board_placements(b, tiles, tid, PLACE_ADJACENT, NULL, NULL, want, BIG);
    Placement p = want[rnd((unsigned)n)];
    ck_assert_int_eq(board_place(b, &tiles[tid], p), 0);
    naive_place(b, &tiles[tid], p);
  }
  free(b);
}

START_TEST(test_differential_random_climbs) {
  for (int i = 0; i < 150; i++) run_board(i % 2 ? GRID_HEX : GRID_SQUARE);
  ck_assert_int_gt(compared, 20000);
  ck_assert_int_gt(kept_some, 2000);   /* not all empty */
  ck_assert_int_gt(refused_some, 2000); /* the options refused something */
}
END_TEST

int main(void) {
  Suite *s = suite_create("climbs");
  TCase *tc = tcase_create("climbs");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_climb_and_refusals);
  tcase_add_test(tc, test_climb_levels_and_tops);
  tcase_add_test(tc, test_differential_random_climbs);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
