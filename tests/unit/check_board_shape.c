/* check_board_shape.c — hexagon boards (board_shape.c): which cells exist,
 * against the hex distance from the centre; placing refuses the cut
 * corners; and a differential test of every placement enumerator (anywhere,
 * touching, with a filter, packed, the matching rule's kept and word paths)
 * on random hexagon boards against a naive version: the same enumerator on
 * the rectangle board holding the same stones, keeping the placements whose
 * cells all lie within the hexagon. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "matching.h"

enum { CAP = 4096 };

static Board *new_board(int side, int shape) {
  BoardSpec spec = {.grid = GRID_HEX, .bound = BOARD_BOUND_FIXED, .levels = 1, .shape = (uint8_t)shape,
                    .w = (int16_t)(2 * side - 1), .h = (int16_t)(2 * side - 1),
                    .capacity = (2 * side - 1) * (2 * side - 1)};
  Board *b = malloc(board_bytes(&spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, &spec);
  return b;
}

static int hex_distance(int dx, int dy) {
  int a = abs(dx), b = abs(dy), c = abs(dx + dy);
  return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

START_TEST(test_cells_within_distance) {
  for (int n = 1; n <= 12; n++) {
    Board *b = new_board(n, BOARD_SHAPE_HEXAGON);
    int count = 0;
    for (int y = -2; y <= 2 * n; y++)
      for (int x = -2; x <= 2 * n; x++) {
        bool naive = x >= 0 && y >= 0 && x <= 2 * n - 2 && y <= 2 * n - 2 &&
                     hex_distance(x - (n - 1), y - (n - 1)) <= n - 1;
        Coord c = {(int16_t)x, (int16_t)y};
        ck_assert_int_eq(board_shape_holds(&b->spec, c), naive);
        ck_assert_int_eq(board_in_bounds(b, c), naive);
        count += naive;
        int lo, hi;
        board_shape_row(&b->spec, y, &lo, &hi);
        if (naive) ck_assert(x >= lo && x <= hi);
        else if (y >= 0 && y < b->spec.h) ck_assert(x < lo || x > hi);
      }
    ck_assert_int_eq(count, 3 * n * (n - 1) + 1);
    ck_assert_int_eq(board_shape_cells(&b->spec), count);
    free(b);
  }
}
END_TEST

START_TEST(test_place_refuses_cut_corners) {
  Board *b = new_board(5, BOARD_SHAPE_HEXAGON);
  TileDef stone = {.cell_count = 1, .value = {1}};
  TileDef domino = {.cell_count = 2, .dx = {0, 1}, .value = {1, 2}};
  Coord cells[TILE_MAX_CELLS];
  int bad = 0;
  /* 3,0 has x + y = 3 < 4; 8,1 has 9 < 12 but 8,5 has 13 > 12 */
  ck_assert_int_eq(board_place_tile(b, &stone, (Placement){.at = {3, 0}}, cells, &bad), MOVE_OUTSIDE);
  ck_assert_int_eq(board_place_tile(b, &stone, (Placement){.at = {4, 0}}, cells, &bad), MOVE_OK);
  ck_assert_int_eq(board_place_tile(b, &stone, (Placement){.at = {8, 5}}, cells, &bad), MOVE_OUTSIDE);
  ck_assert_int_eq(board_place_tile(b, &stone, (Placement){.at = {8, 4}}, cells, &bad), MOVE_OK);
  /* a domino from 7,5 east reaches 8,5 (its second cell is at fault) */
  ck_assert_int_eq(board_place_tile(b, &domino, (Placement){.at = {7, 5}}, cells, &bad), MOVE_OUTSIDE);
  ck_assert_int_eq(bad, 1);
  ck_assert_int_eq(board_place(b, &stone, (Placement){.at = {0, 0}}), -1);
  ck_assert_int_eq(b->count, 2);
  free(b);
}
END_TEST

static const TileDef *test_tiles(void) {
  static TileDef t[3];
  t[0] = (TileDef){.cell_count = 1, .value = {1}};
  t[1] = (TileDef){.cell_count = 2, .dx = {0, 1}, .value = {1, 2}};
  t[2] = (TileDef){.cell_count = 3, .dx = {0, 1, 0}, .dy = {0, 0, 1}, .value = {2, 1, 3}};
  return t;
}

/* Keeps rectangle placements whose cells all lie in the hexagon. */
static int naive_keep(const Board *hexagon, const TileDef *t, Placement *p, int n) {
  int kept = 0;
  for (int i = 0; i < n; i++) {
    Coord cells[TILE_MAX_CELLS];
    int k = placement_cells(GRID_HEX, t, p[i], cells);
    bool in = true;
    for (int j = 0; j < k; j++) in = in && board_shape_holds(&hexagon->spec, cells[j]);
    if (in) p[kept++] = p[i];
  }
  return kept;
}

static void assert_same(const Placement *a, int na, const Placement *b, int nb) {
  ck_assert_int_eq(na, nb);
  for (int i = 0; i < na; i++) {
    ck_assert_int_eq(a[i].at.x, b[i].at.x);
    ck_assert_int_eq(a[i].at.y, b[i].at.y);
    ck_assert_int_eq(a[i].orientation, b[i].orientation);
  }
}

static bool keep_even(void *ctx, const Board *b, Placement p) {
  (void)b;
  ++*(int *)ctx;
  return (p.at.x + p.at.y) % 2 == 0;
}

/* The filter sees only candidates inside the shape. */
static bool must_fit(void *ctx, const Board *b, Placement p) {
  const TileDef *t = ctx;
  ck_assert(board_shape_fits(b, t, p));
  return true;
}

static void compare_all(const Board *hexagon, const Board *rect, const TileDef *tiles, int id) {
  static Placement want[CAP], got[CAP];
  static int64_t packed[CAP];
  const PlaceMode modes[] = {PLACE_ANYWHERE, PLACE_ADJACENT};
  for (int m = 0; m < 2; m++) {
    int nw = naive_keep(hexagon, &tiles[id], want, board_placements(rect, tiles, id, modes[m], NULL, NULL, want, CAP));
    assert_same(got, board_placements(hexagon, tiles, id, modes[m], NULL, NULL, got, CAP), want, nw);
    PlaceOptions opt = {.packed = packed};
    int np = board_placements_with(hexagon, tiles, id, modes[m], &opt, NULL, CAP);
    for (int i = 0; i < np; i++) got[i] = placement_unpack(packed[i]);
    assert_same(got, np, want, nw);
    int calls = 0;
    nw = naive_keep(hexagon, &tiles[id], want, board_placements(rect, tiles, id, modes[m], keep_even, &calls, want, CAP));
    assert_same(got, board_placements(hexagon, tiles, id, modes[m], keep_even, &calls, got, CAP), want, nw);
    board_placements(hexagon, tiles, id, modes[m], must_fit, (void *)&tiles[id], got, CAP);
  }
  const int64_t wild[] = {3}, any[] = {2};
  MatchRule rule = {1, 1, wild, any};
  int nw = naive_keep(hexagon, &tiles[id], want, match_placements(rect, tiles, id, &rule, want, CAP));
  assert_same(got, match_placements(hexagon, tiles, id, &rule, got, CAP), want, nw);
  int np = match_placements_packed(hexagon, tiles, id, &rule, packed, CAP);
  for (int i = 0; i < np; i++) got[i] = placement_unpack(packed[i]);
  assert_same(got, np, want, nw);
}

START_TEST(test_placements_against_naive) {
  srand(17);
  const TileDef *tiles = test_tiles();
  for (int round = 0; round < 300; round++) {
    int side = 2 + round % 5; /* sides 2..4 keep value words, 5 and 6 do not */
    Board *hexagon = new_board(side, BOARD_SHAPE_HEXAGON), *rect = new_board(side, BOARD_SHAPE_RECTANGLE);
    int stones = rand() % (3 * side * (side - 1) + 1);
    for (int i = 0; i < stones; i++) {
      Placement p = {.tile = rand() % 3, .at = {(int16_t)(rand() % (2 * side - 1)), (int16_t)(rand() % (2 * side - 1))},
                     .orientation = rand() % 6, .grid = GRID_HEX};
      const TileDef *t = &tiles[p.tile];
      if (!board_shape_fits(hexagon, t, p)) {
        ck_assert_int_eq(board_place(hexagon, t, p), -1);
        continue;
      }
      if (board_place(hexagon, t, p) == 0) ck_assert_int_eq(board_place(rect, t, p), 0);
    }
    for (int id = 0; id < 3; id++) compare_all(hexagon, rect, tiles, id);
    free(hexagon);
    free(rect);
  }
}
END_TEST

static Suite *shape_suite(void) {
  Suite *s = suite_create("board_shape");
  TCase *tc = tcase_create("hexagon");
  tcase_add_test(tc, test_cells_within_distance);
  tcase_add_test(tc, test_place_refuses_cut_corners);
  tcase_add_test(tc, test_placements_against_naive);
  tcase_set_timeout(tc, 60);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(shape_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
