/* check_matching.c — the matching rule's fast path (touch rows per tile
 * value, matched in the bit rows of board_placements_with) against
 * board_placements filtered by the direct check on the board (match_holds),
 * on random square and hex boards — unbounded, fixed, floating windows
 * whose first cell is away from the origin, stacked boards — with wilds,
 * match-anything values and values the bit rows cannot hold. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "matching.h"

enum { CAP = 4096 };

static Placement fast[CAP], slow[CAP];
static uint64_t rng_state;

static uint32_t next(void) {
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng_state >> 33);
}

static TileDef domino(int a, int b) {
  TileDef t;
  memset(&t, 0, sizeof t);
  t.cell_count = 2;
  t.dx[1] = 1;
  t.value[0] = (int16_t)a;
  t.value[1] = (int16_t)b;
  return t;
}

typedef struct Setup {
  int grid, bound, levels, w, h;
  Coord start;     /* where the start-like token goes first */
  bool few_values; /* at most 8 values in all: boards that keep value words keep them */
} Setup;

/* A start-like token showing 99, then random legal moves (level 0, or
 * stacking now and then when the board has levels). */
static Board *random_board(const Setup *su, TileDef *tiles, int tile_count, int moves) {
  BoardSpec spec = {.grid = (uint8_t)su->grid, .bound = (uint8_t)su->bound, .levels = (uint8_t)su->levels,
                    .w = (int16_t)su->w, .h = (int16_t)su->h, .capacity = 200};
  Board *b = malloc(board_bytes(&spec));
  board_init(b, &spec);
  tiles[tile_count] = domino(99, 99);
  tiles[tile_count].cell_count = 1;
  ck_assert_int_eq(board_place(b, &tiles[tile_count], (Placement){tile_count, su->start, 0, 0, su->grid}), 0);
  Placement options[CAP];
  for (int m = 0; m < moves; m++) {
    int t = (int)(next() % (uint32_t)tile_count);
    PlaceMode mode = su->levels > 1 && next() % 3 == 0 ? PLACE_STACK : PLACE_ADJACENT;
    int n = board_placements(b, tiles, t, mode, NULL, NULL, options, CAP);
    if (n == 0) continue;
    ck_assert_int_eq(board_place(b, &tiles[t], options[next() % (uint32_t)n]), 0);
  }
  return b;
}

static bool direct(void *ctx, const Board *b, Placement p) {
  const void **pair = ctx;
  return match_holds(b, pair[0], pair[1], p);
}

static int64_t packed[CAP];
static long kept_compared; /* comparisons on boards keeping value words */

static void compare_setup(const Setup *su, const MatchRule *rule, int seeds) {
  TileDef tiles[80];
  int count = 0, pips = su->few_values ? 5 : 6;
  for (int a = 0; a <= pips; a++)
    for (int b2 = a; b2 <= pips; b2++) tiles[count++] = domino(a, b2);
  if (!su->few_values) tiles[count++] = domino(70, 3); /* beyond the bit rows: direct path */
  tiles[count] = domino(2, 5);    /* a tromino: three cells, two of one value */
  tiles[count].cell_count = 3, tiles[count].dx[2] = 1, tiles[count].dy[2] = 1;
  tiles[count++].value[2] = 2;
  long found = 0; /* sanity: not all empty */
  for (int s = 0; s < seeds; s++) {
    rng_state = (uint64_t)s * 7919 + (uint64_t)su->grid * 31 + (uint64_t)su->bound;
    Board *b = random_board(su, tiles, count, 1 + s % 12);
    for (int t = 0; t < count; t++) {
      const void *ctx[2] = {tiles, rule};
      int n_fast = match_placements(b, tiles, t, rule, fast, CAP);
      int n_slow = board_placements(b, tiles, t, PLACE_ADJACENT, direct, ctx, slow, CAP);
      ck_assert_msg(n_fast == n_slow, "grid %d bound %d seed %d tile %d: %d fast vs %d direct",
                    su->grid, su->bound, s, t, n_fast, n_slow);
      ck_assert_msg(memcmp(fast, slow, sizeof(Placement) * (size_t)n_fast) == 0,
                    "grid %d bound %d seed %d tile %d: order", su->grid, su->bound, s, t);
      ck_assert_int_eq(match_placements_packed(b, tiles, t, rule, packed, CAP), n_fast);
      for (int i = 0; i < n_fast; i++) {
        Placement p = fast[i];
        p.grid = su->grid;
        ck_assert(packed[i] == placement_pack(p));
      }
      found += n_fast;
      kept_compared += board_value_words(b) != NULL;
    }
    free(b);
  }
  ck_assert_int_gt(found, 20 * seeds);
}

static void compare(int grid, int bound, const MatchRule *rule, int seeds) {
  Setup su = {grid, bound, 1, 5, 5, {0, 0}, false};
  compare_setup(&su, rule, seeds);
}

START_TEST(square_window_with_wild_and_start) {
  MatchRule rule = {1, 1, (const int64_t[]){0}, (const int64_t[]){99}};
  compare(GRID_SQUARE, BOARD_BOUND_WINDOW, &rule, 150);
}
END_TEST

START_TEST(hex_unbounded_plain_equality) {
  MatchRule rule = {0, 0, (const int64_t[]){0}, (const int64_t[]){0}};
  compare(GRID_HEX, BOARD_BOUND_NONE, &rule, 150);
}
END_TEST

START_TEST(wild_beyond_masks_takes_direct_path) {
  MatchRule rule = {2, 1, (const int64_t[]){0, 70}, (const int64_t[]){99}};
  compare(GRID_SQUARE, BOARD_BOUND_NONE, &rule, 60);
}
END_TEST

START_TEST(hex_window_away_from_origin) {
  MatchRule rule = {1, 1, (const int64_t[]){0}, (const int64_t[]){99}};
  Setup su = {GRID_HEX, BOARD_BOUND_WINDOW, 1, 5, 4, {-13, 22}, false};
  compare_setup(&su, &rule, 150);
}
END_TEST

START_TEST(square_fixed_and_window_offsets) {
  MatchRule rule = {2, 2, (const int64_t[]){0, 6}, (const int64_t[]){99, 5}};
  Setup fixed = {GRID_SQUARE, BOARD_BOUND_FIXED, 1, 7, 6, {3, 2}, false};
  compare_setup(&fixed, &rule, 120);
  Setup window = {GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 6, 4, {100, -40}, false};
  compare_setup(&window, &rule, 120);
  /* the start token matches nothing */
  MatchRule plain = {0, 0, (const int64_t[]){0}, (const int64_t[]){0}};
  compare_setup(&window, &plain, 60);
}
END_TEST

/* Boards keeping value words (fixed and window boards, at most 8 values):
 * matching reads the words, for any rule — values beyond 0..63 on the
 * board and in the tiles too. */
START_TEST(value_words) {
  const MatchRule rules[] = {
      {1, 1, (const int64_t[]){0}, (const int64_t[]){99}},
      {0, 0, (const int64_t[]){0}, (const int64_t[]){0}},
      {2, 2, (const int64_t[]){99, 4}, (const int64_t[]){1, 1 << 20}},
      {1, 0, (const int64_t[]){-3}, (const int64_t[]){0}},
  };
  const Setup setups[] = {
      {GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 5, 5, {3, -2}, true},
      {GRID_HEX, BOARD_BOUND_WINDOW, 1, 4, 5, {-7, 0}, true},
      {GRID_SQUARE, BOARD_BOUND_FIXED, 1, 6, 5, {2, 2}, true},
      {GRID_HEX, BOARD_BOUND_FIXED, 2, 7, 7, {0, 6}, true},
      {GRID_SQUARE, BOARD_BOUND_WINDOW, 3, 3, 4, {0, 0}, true},
  };
  kept_compared = 0;
  for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++)
    for (size_t i = 0; i < sizeof setups / sizeof setups[0]; i++)
      compare_setup(&setups[i], &rules[r], 40);
  ck_assert_int_gt(kept_compared, 15000); /* nearly all of 4 x 5 x 40 x 22 */
}
END_TEST

/* Only top cells match: a stacked tile hides what it covers. */
START_TEST(stacked_boards) {
  MatchRule rule = {1, 1, (const int64_t[]){0}, (const int64_t[]){99}};
  Setup square = {GRID_SQUARE, BOARD_BOUND_WINDOW, 3, 5, 5, {2, -1}, false};
  compare_setup(&square, &rule, 150);
  Setup hex = {GRID_HEX, BOARD_BOUND_NONE, 2, 0, 0, {0, 0}, false};
  compare_setup(&hex, &rule, 100);
}
END_TEST

START_TEST(rule_itself) {
  /* Start 99 at 0,0, a 5 at 1,0: 2-3 may touch only the start; 5-1 the 5. */
  TileDef tiles[3] = {domino(2, 3), domino(5, 1), domino(5, 5)};
  tiles[2].cell_count = 1;
  tiles[2].value[0] = 99;
  BoardSpec spec = {.grid = GRID_SQUARE, .bound = BOARD_BOUND_WINDOW, .levels = 1, .w = 5, .h = 5, .capacity = 25};
  Board *b = malloc(board_bytes(&spec));
  board_init(b, &spec);
  board_place(b, &tiles[2], (Placement){2, {0, 0}, 0, 0, 0});
  TileDef five = tiles[2];
  five.value[0] = 5;
  tiles[2] = five;
  board_place(b, &tiles[2], (Placement){2, {1, 0}, 0, 0, 0});
  tiles[2].value[0] = 99; /* the table keeps what each cell showed when placed */
  MatchRule rule = {1, 1, (const int64_t[]){0}, (const int64_t[]){99}};
  ck_assert(!match_holds(b, tiles, &rule, (Placement){0, {2, 0}, 0, 0, 0})); /* 2 next to the 5 */
  ck_assert(match_holds(b, tiles, &rule, (Placement){1, {2, 0}, 0, 0, 0}));  /* 5 next to the 5 */
  ck_assert(match_holds(b, tiles, &rule, (Placement){0, {0, 1}, 0, 0, 0}));  /* 2 under the start */
  free(b);
}
END_TEST

int main(void) {
  Suite *s = suite_create("matching");
  TCase *tc = tcase_create("fast path equals direct check");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, rule_itself);
  tcase_add_test(tc, square_window_with_wild_and_start);
  tcase_add_test(tc, hex_unbounded_plain_equality);
  tcase_add_test(tc, wild_beyond_masks_takes_direct_path);
  tcase_add_test(tc, hex_window_away_from_origin);
  tcase_add_test(tc, square_fixed_and_window_offsets);
  tcase_add_test(tc, stacked_boards);
  tcase_add_test(tc, value_words);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed != 0;
}
