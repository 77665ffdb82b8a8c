/* check_clear.c — board_clear (scratch boards, natives_scratch.c) against
 * the naive version: a board made afresh from the same spec. After random
 * placings a cleared board must equal a fresh one byte for byte, and the
 * same placings then give equal boards again. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static Board *new_board(const BoardSpec *spec) {
  Board *b = malloc(board_bytes(spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, spec);
  return b;
}

/* Up to n one-cell tokens at random cells of a w x h area (refusals,
 * occupied cells say, are simply skipped; both boards see the same calls). */
static void place_random(Board *b, const TileDef *tiles, unsigned seed, int n, int w, int h) {
  srand(seed);
  for (int i = 0; i < n; i++) {
    int t = rand() % 7, x = rand() % w, y = rand() % h;
    Placement p = {.tile = t, .at = {(int16_t)x, (int16_t)y}, .orientation = 0, .level = 0};
    (void)board_place(b, &tiles[t], p);
  }
}

static void check_spec(BoardSpec spec, int w, int h) {
  TileDef tiles[7];
  memset(tiles, 0, sizeof tiles);
  for (int v = 0; v < 7; v++) tiles[v].cell_count = 1, tiles[v].value[0] = (int16_t)v;
  size_t bytes = board_bytes(&spec);
  for (unsigned seed = 1; seed <= 200; seed++) {
    Board *used = new_board(&spec), *fresh = new_board(&spec);
    place_random(used, tiles, seed, 1 + (int)(seed % 30), w, h);
    board_clear(used);
    ck_assert_int_eq(memcmp(used, fresh, bytes), 0);
    place_random(used, tiles, seed + 1000, 20, w, h);
    place_random(fresh, tiles, seed + 1000, 20, w, h);
    ck_assert_int_eq(memcmp(used, fresh, bytes), 0);
    free(used);
    free(fresh);
  }
}

START_TEST(test_clear_fixed) {
  check_spec((BoardSpec){.grid = GRID_SQUARE, .bound = BOARD_BOUND_FIXED, .levels = 1, .w = 2, .h = 12,
                         .capacity = 24}, 2, 12);
}
END_TEST

START_TEST(test_clear_window) {
  check_spec((BoardSpec){.grid = GRID_SQUARE, .bound = BOARD_BOUND_WINDOW, .levels = 3, .w = 5, .h = 5,
                         .capacity = 75}, 5, 5);
}
END_TEST

START_TEST(test_clear_unbounded) {
  check_spec((BoardSpec){.grid = GRID_HEX, .bound = BOARD_BOUND_NONE, .levels = 1, .capacity = 40}, 9, 9);
}
END_TEST

static Suite *clear_suite(void) {
  Suite *s = suite_create("clear");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_clear_fixed);
  tcase_add_test(tc, test_clear_window);
  tcase_add_test(tc, test_clear_unbounded);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(clear_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
