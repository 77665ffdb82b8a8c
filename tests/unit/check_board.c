/* check_board.c — the flat board: layout, index, placing, stacking, bounds
 * and the floating window (board.c). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

static Board *new_board(int grid, int bound, int levels, int w, int h, int capacity) {
  BoardSpec spec = {.grid = (uint8_t)grid, .bound = (uint8_t)bound, .levels = (uint8_t)levels,
                    .w = (int16_t)w, .h = (int16_t)h, .capacity = capacity};
  Board *b = malloc(board_bytes(&spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, &spec);
  return b;
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

static Placement at(int tile, int x, int y, int o, int level) {
  return (Placement){.tile = tile, .at = {(int16_t)x, (int16_t)y}, .orientation = o, .level = level};
}

static int top_value(const Board *b, int x, int y) {
  int e = board_top(b, (Coord){(int16_t)x, (int16_t)y});
  return e < 0 ? -1 : board_cell(b, e)->value;
}

START_TEST(test_bytes_are_aligned) {
  for (int cap = 0; cap < 200; cap += 7) {
    BoardSpec spec = {.grid = GRID_SQUARE, .levels = 1, .capacity = cap};
    size_t n = board_bytes(&spec);
    ck_assert_uint_eq(n % 8, 0);
    ck_assert_uint_ge(n, sizeof(Board) + (size_t)cap * sizeof(BoardCell));
  }
}
END_TEST

START_TEST(test_place_and_top) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 1, 0, 0, 16);
  TileDef tiles[2] = {token(9), domino(3, 5)};
  ck_assert_int_eq(b->count, 0);
  ck_assert_int_eq(board_top(b, (Coord){0, 0}), -1);
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  /* domino turned south (orientation 1) at (1,0): cells (1,0) and (1,1) */
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 1, 0, 1, 0)), 0);
  ck_assert_int_eq(b->count, 3);
  ck_assert_int_eq(top_value(b, 0, 0), 9);
  ck_assert_int_eq(top_value(b, 1, 0), 3);
  ck_assert_int_eq(top_value(b, 1, 1), 5);
  ck_assert_int_eq(top_value(b, 2, 0), -1);
  const BoardCell *c = board_cell(b, 2);
  ck_assert_int_eq(c->x, 1);
  ck_assert_int_eq(c->y, 1);
  ck_assert_int_eq(c->tile, 1);
  ck_assert_int_eq(c->part, 1);
  ck_assert_int_eq(c->level, 0);
  ck_assert_int_eq(c->below, 0);
  ck_assert_int_eq(b->min_x, 0);
  ck_assert_int_eq(b->max_x, 1);
  ck_assert_int_eq(b->min_y, 0);
  ck_assert_int_eq(b->max_y, 1);
  /* overlap at level 0 is refused and changes nothing */
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, -1, 0, 0, 0)), -1);
  ck_assert_int_eq(b->count, 3);
  ck_assert_int_eq(top_value(b, -1, 0), -1);
  /* negative coordinates, westwards: (-1,0) and (-2,0) */
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, -1, 0, 2, 0)), 0);
  ck_assert_int_eq(top_value(b, -2, 0), 5);
  ck_assert_int_eq(b->min_x, -2);
  free(b);
}
END_TEST

START_TEST(test_stacking) {
  Board *b = new_board(GRID_HEX, BOARD_BOUND_NONE, 3, 0, 0, 16);
  TileDef tiles[2] = {domino(1, 2), domino(7, 8)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0); /* (0,0) (1,0) */
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 1, 0, 0)), 0); /* (0,1) (1,1) */
  /* on top of (1,0) and (0,1)? hex SW of (1,0) is (0,1) */
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 1, 0, 2, 1)), 0);
  ck_assert_int_eq(top_value(b, 1, 0), 7);
  ck_assert_int_eq(top_value(b, 0, 1), 8);
  int e = board_top(b, (Coord){0, 1});
  ck_assert_int_eq(e, 5);
  ck_assert_int_eq(board_cell(b, e)->level, 1);
  ck_assert_int_eq(board_cell(b, e)->below, 2 + 1); /* entry 2 is (0,1) level 0 */
  ck_assert_int_eq(board_cell(b, board_cell(b, e)->below - 1)->value, 1);
  /* same level again: refused; below the top: refused; at the limit: refused */
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 1, 0, 2, 1)), -1);
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 1, 0, 2, 0)), -1);
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 1, 0, 2, 3)), -1);
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 1, 0, 2, 2)), 0);
  ck_assert_int_eq(b->count, 8);
  ck_assert_int_eq(board_cell(b, board_top(b, (Coord){1, 0}))->level, 2);
  /* bounds ignore levels */
  ck_assert_int_eq(b->max_x, 1);
  ck_assert_int_eq(b->max_y, 1);
  free(b);
}
END_TEST

START_TEST(test_capacity) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 1, 0, 0, 3);
  TileDef tiles[1] = {domino(1, 2)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 1, 0, 0)), -1); /* 4 > 3 */
  ck_assert_int_eq(b->count, 2);
  free(b);
}
END_TEST

START_TEST(test_clone_is_memcpy) {
  BoardSpec spec = {.grid = GRID_SQUARE, .levels = 1, .capacity = 40};
  size_t n = board_bytes(&spec);
  Board *a = malloc(n), *c = malloc(n);
  board_init(a, &spec);
  TileDef tiles[1] = {domino(4, 6)};
  for (int i = 0; i < 10; i++) ck_assert_int_eq(board_place(a, &tiles[0], at(0, 0, i, 0, 0)), 0);
  memcpy(c, a, n);
  ck_assert_int_eq(board_place(a, &tiles[0], at(0, 5, 5, 0, 0)), 0);
  ck_assert_int_eq(top_value(c, 5, 5), -1);
  ck_assert_int_eq(top_value(a, 5, 5), 4);
  for (int i = 0; i < 10; i++) ck_assert_int_eq(top_value(c, 1, i), 6);
  free(a);
  free(c);
}
END_TEST

/* Enough cells to force probing chains and, past 32767, the wide index. */
START_TEST(test_many_cells_index) {
  int capacity = 40000;
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 1, 0, 0, capacity);
  TileDef tiles[1] = {token(0)};
  for (int i = 0; i < capacity; i++) {
    tiles[0].value[0] = (int16_t)(i & 0x3fff);
    ck_assert_int_eq(board_place(b, &tiles[0], at(0, i % 200 - 100, i / 200 - 100, 0, 0)), 0);
  }
  for (int i = 0; i < capacity; i += 37)
    ck_assert_int_eq(board_top(b, (Coord){(int16_t)(i % 200 - 100), (int16_t)(i / 200 - 100)}), i);
  ck_assert_int_eq(board_top(b, (Coord){100, 0}), -1);
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 500, 500, 0, 0)), -1);
  free(b);
}
END_TEST

START_TEST(test_fixed_bounds) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_FIXED, 1, 4, 3, 12);
  ck_assert(board_in_bounds(b, (Coord){0, 0}));
  ck_assert(board_in_bounds(b, (Coord){3, 2}));
  ck_assert(!board_in_bounds(b, (Coord){4, 2}));
  ck_assert(!board_in_bounds(b, (Coord){3, 3}));
  ck_assert(!board_in_bounds(b, (Coord){-1, 0}));
  ck_assert(!board_in_bounds(b, (Coord){0, -1}));
  Coord far = {100, 100};
  ck_assert(board_fits_window(b, &far, 1)); /* not a window board */
  free(b);
  Board *u = new_board(GRID_HEX, BOARD_BOUND_NONE, 1, 0, 0, 4);
  ck_assert(board_in_bounds(u, (Coord){-500, 900}));
  free(u);
}
END_TEST

/* A 5x5 window: a row of five fits, a sixth cell does not; the window floats. */
START_TEST(test_window_exact_limit) {
  for (int grid = 0; grid < 2; grid++) {
    Board *b = new_board(grid, BOARD_BOUND_WINDOW, 1, 5, 5, 30);
    TileDef tiles[1] = {token(1)};
    Coord first = {-3, 7};
    ck_assert(board_fits_window(b, &first, 1));
    for (int x = 0; x < 5; x++) {
      Coord c = {(int16_t)(x - 2), 0};
      ck_assert(board_fits_window(b, &c, 1));
      ck_assert_int_eq(board_place(b, &tiles[0], at(0, x - 2, 0, 0, 0)), 0);
    }
    Coord east = {3, 0}, west = {-3, 0}, south = {2, 4}, too_south = {2, 5}, north = {-2, -4};
    ck_assert(!board_fits_window(b, &east, 1));
    ck_assert(!board_fits_window(b, &west, 1));
    ck_assert(board_fits_window(b, &south, 1));
    ck_assert(!board_fits_window(b, &too_south, 1));
    ck_assert(board_fits_window(b, &north, 1));
    Coord both[2] = {south, north}; /* 9 rows together */
    ck_assert(!board_fits_window(b, both, 2));
    ck_assert(board_fits_window(b, NULL, 0));
    free(b);
  }
  /* An empty window board: the new cells alone must fit. */
  Board *e = new_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 3, 2, 10);
  Coord row3[3] = {{10, 10}, {11, 10}, {12, 10}}, row4[4] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
  Coord col3[3] = {{0, 0}, {0, 1}, {0, 2}};
  ck_assert(board_fits_window(e, row3, 3));
  ck_assert(!board_fits_window(e, row4, 4));
  ck_assert(!board_fits_window(e, col3, 3));
  free(e);
}
END_TEST

START_TEST(test_placement_cells) {
  TileDef l = {.cell_count = 3, .dx = {0, 1, 0}, .dy = {0, 0, 1}, .value = {1, 2, 3}};
  Coord out[TILE_MAX_CELLS];
  ck_assert_int_eq(placement_cells(GRID_SQUARE, &l, at(0, 5, 5, 1, 0), out), 3);
  /* one step clockwise: E -> S, S -> W */
  ck_assert(out[0].x == 5 && out[0].y == 5);
  ck_assert(out[1].x == 5 && out[1].y == 6);
  ck_assert(out[2].x == 4 && out[2].y == 5);
  placement_cells(GRID_HEX, &l, at(0, 0, 0, 1, 0), out);
  ck_assert(out[1].x == 0 && out[1].y == 1);  /* E -> SE */
  ck_assert(out[2].x == -1 && out[2].y == 1); /* SE -> SW */
  placement_cells(GRID_SQUARE, &l, at(0, 0, 0, 4, 0), out); /* mirrored */
  ck_assert(out[1].x == -1 && out[1].y == 0);
  ck_assert(out[2].x == 0 && out[2].y == 1);
}
END_TEST

static Suite *board_suite(void) {
  Suite *s = suite_create("board");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 30);
  tcase_add_test(tc, test_bytes_are_aligned);
  tcase_add_test(tc, test_place_and_top);
  tcase_add_test(tc, test_stacking);
  tcase_add_test(tc, test_capacity);
  tcase_add_test(tc, test_clone_is_memcpy);
  tcase_add_test(tc, test_many_cells_index);
  tcase_add_test(tc, test_fixed_bounds);
  tcase_add_test(tc, test_window_exact_limit);
  tcase_add_test(tc, test_placement_cells);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(board_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
