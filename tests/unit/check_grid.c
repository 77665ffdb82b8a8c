/* check_grid.c — directions, orientations and packed forms (grid.c, grid.h). */
#include <check.h>
#include <stdlib.h>

#include "grid.h"

static const GridKind grids[2] = {GRID_SQUARE, GRID_HEX};

static bool same(Coord a, Coord b) { return a.x == b.x && a.y == b.y; }

START_TEST(test_dir_counts_and_names) {
  ck_assert_int_eq(grid_dir_count(GRID_SQUARE), 4);
  ck_assert_int_eq(grid_dir_count(GRID_HEX), 6);
  ck_assert_str_eq(grid_dir_name(GRID_SQUARE, 1), "S");
  ck_assert_str_eq(grid_dir_name(GRID_HEX, 5), "NE");
  for (int g = 0; g < 2; g++)
    for (int d = 0; d < grid_dir_count(grids[g]); d++) {
      ck_assert_int_eq(grid_dir_parse(grids[g], grid_dir_name(grids[g], d)), d);
    }
  ck_assert_int_eq(grid_dir_parse(GRID_HEX, "se"), 1);
  ck_assert_int_eq(grid_dir_parse(GRID_SQUARE, "SE"), -1);
  ck_assert_int_eq(grid_dir_parse(GRID_HEX, "S"), -1);
  ck_assert_int_eq(grid_dir_parse(GRID_HEX, ""), -1);
}
END_TEST

START_TEST(test_steps_match_header) {
  static const Coord sq[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  static const Coord hx[6] = {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}};
  Coord o = {3, -7};
  for (int d = 0; d < 4; d++)
    ck_assert(same(grid_step(GRID_SQUARE, o, d), (Coord){(int16_t)(3 + sq[d].x), (int16_t)(-7 + sq[d].y)}));
  for (int d = 0; d < 6; d++)
    ck_assert(same(grid_step(GRID_HEX, o, d), (Coord){(int16_t)(3 + hx[d].x), (int16_t)(-7 + hx[d].y)}));
}
END_TEST

START_TEST(test_neighbour_sets) {
  for (int g = 0; g < 2; g++) {
    Coord c = {-2, 5};
    int found = 0;
    for (int dx = -3; dx <= 3; dx++)
      for (int dy = -3; dy <= 3; dy++) {
        Coord n = {(int16_t)(c.x + dx), (int16_t)(c.y + dy)};
        bool adj = grid_adjacent(grids[g], c, n);
        bool is_step = false;
        for (int d = 0; d < grid_dir_count(grids[g]); d++) is_step |= same(grid_step(grids[g], c, d), n);
        ck_assert_int_eq(adj, is_step);
        ck_assert_int_eq(adj, grid_adjacent(grids[g], n, c)); /* symmetric */
        found += adj;
      }
    ck_assert_int_eq(found, grid_dir_count(grids[g]));
  }
  ck_assert(!grid_adjacent(GRID_SQUARE, (Coord){0, 0}, (Coord){1, 1}));
  ck_assert(!grid_adjacent(GRID_HEX, (Coord){0, 0}, (Coord){1, 1}));
  ck_assert(grid_adjacent(GRID_HEX, (Coord){0, 0}, (Coord){-1, 1}));
  ck_assert(!grid_adjacent(GRID_HEX, (Coord){0, 0}, (Coord){0, 0}));
}
END_TEST

/* Rotating direction d's unit vector one step gives direction d+1's. */
START_TEST(test_rotation_follows_direction_order) {
  for (int g = 0; g < 2; g++) {
    int n = grid_dir_count(grids[g]);
    Coord zero = {0, 0};
    for (int d = 0; d < n; d++) {
      Coord u = grid_step(grids[g], zero, d);
      ck_assert(same(grid_transform(grids[g], u, 1), grid_step(grids[g], zero, (d + 1) % n)));
      for (int k = 0; k < n; k++)
        ck_assert(same(grid_transform(grids[g], u, k), grid_step(grids[g], zero, (d + k) % n)));
    }
  }
}
END_TEST

START_TEST(test_rotation_and_mirror_round_trips) {
  srand(7);
  for (int g = 0; g < 2; g++) {
    int n = grid_dir_count(grids[g]);
    ck_assert_int_eq(grid_orientation_count(grids[g], false), n);
    ck_assert_int_eq(grid_orientation_count(grids[g], true), 2 * n);
    for (int trial = 0; trial < 200; trial++) {
      Coord c = {(int16_t)(rand() % 15 - 7), (int16_t)(rand() % 15 - 7)};
      Coord r = c;
      for (int k = 0; k < n; k++) r = grid_transform(grids[g], r, 1);
      ck_assert(same(r, c)); /* n single steps = identity */
      ck_assert(same(grid_transform(grids[g], c, 0), c));
      Coord m = grid_transform(grids[g], c, n);
      ck_assert(same(grid_transform(grids[g], m, n), c)); /* mirror twice */
      for (int k = 0; k < n; k++) {
        /* o = n + k is the mirror image rotated k steps. */
        ck_assert(same(grid_transform(grids[g], c, n + k), grid_transform(grids[g], m, k)));
        /* rotations compose */
        Coord a = grid_transform(grids[g], grid_transform(grids[g], c, k), 1);
        ck_assert(same(a, grid_transform(grids[g], c, (k + 1) % n)));
      }
      /* Hex rotations keep the hex distance. */
      if (grids[g] == GRID_HEX) {
        Coord t = grid_transform(grids[g], c, 2);
        int d0 = (abs(c.x) + abs(c.y) + abs(c.x + c.y)) / 2;
        int d1 = (abs(t.x) + abs(t.y) + abs(t.x + t.y)) / 2;
        ck_assert_int_eq(d0, d1);
      }
    }
  }
}
END_TEST

START_TEST(test_mirror_swaps_east_and_west) {
  Coord zero = {0, 0};
  /* square: E <-> W, S and N fixed; hex: E <-> W, SE <-> SW, NE <-> NW */
  static const int sq_img[4] = {2, 1, 0, 3};
  static const int hx_img[6] = {3, 2, 1, 0, 5, 4};
  for (int d = 0; d < 4; d++)
    ck_assert(same(grid_transform(GRID_SQUARE, grid_step(GRID_SQUARE, zero, d), 4),
                   grid_step(GRID_SQUARE, zero, sq_img[d])));
  for (int d = 0; d < 6; d++)
    ck_assert(same(grid_transform(GRID_HEX, grid_step(GRID_HEX, zero, d), 6),
                   grid_step(GRID_HEX, zero, hx_img[d])));
}
END_TEST

START_TEST(test_cell_pack_round_trip) {
  static const int16_t vals[] = {0, 1, -1, 2, -2, 100, -100, 32767, -32768, 255, -256};
  int nv = (int)(sizeof vals / sizeof vals[0]);
  for (int i = 0; i < nv; i++)
    for (int j = 0; j < nv; j++) {
      Coord c = {vals[i], vals[j]};
      int64_t p = cell_pack(c);
      ck_assert(p >= 0);
      ck_assert(same(cell_unpack(p), c));
    }
  ck_assert(cell_pack((Coord){1, 0}) != cell_pack((Coord){0, 1}));
  ck_assert(cell_pack((Coord){-1, 0}) != cell_pack((Coord){0, -1}));
}
END_TEST

START_TEST(test_placement_pack_round_trip) {
  static const int16_t vals[] = {0, 5, -1, -30, 32767, -32768};
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 6; j++)
      for (int o = 0; o < 12; o += 5)
        for (int level = 0; level < 64; level += 21) {
          Placement p = {.tile = 1000 + i * 7 + j, .at = {vals[i], vals[j]}, .orientation = o,
                         .level = level, .grid = (i + j) & 1};
          Placement q = placement_unpack(placement_pack(p));
          ck_assert_int_eq(q.tile, p.tile);
          ck_assert(same(q.at, p.at));
          ck_assert_int_eq(q.orientation, p.orientation);
          ck_assert_int_eq(q.level, p.level);
          ck_assert_int_eq(q.grid, p.grid);
          ck_assert(placement_pack(p) >= 0);
        }
}
END_TEST

static Suite *grid_suite(void) {
  Suite *s = suite_create("grid");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_dir_counts_and_names);
  tcase_add_test(tc, test_steps_match_header);
  tcase_add_test(tc, test_neighbour_sets);
  tcase_add_test(tc, test_rotation_follows_direction_order);
  tcase_add_test(tc, test_rotation_and_mirror_round_trips);
  tcase_add_test(tc, test_mirror_swaps_east_and_west);
  tcase_add_test(tc, test_cell_pack_round_trip);
  tcase_add_test(tc, test_placement_pack_round_trip);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(grid_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
