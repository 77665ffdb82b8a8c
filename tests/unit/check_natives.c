/* check_natives.c — the built-in functions, called directly on a stand-alone
 * test VM (vm_test_new), each with its normal results and its errors.
 * vm_test_add_function stands in a C function for a script callback
 * (sort_by, placement filters); vm_test_set_seats adds ghosts. */
#include <check.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "matching.h"
#include "vm.h"


static Vm *vm;

static void setup(void) { vm = vm_test_new(3, 42); }
static void teardown(void) { vm_test_free(vm); }

/* A fresh VM for the next error check: the first error of a VM wins. */
static void fresh(void) {
  teardown();
  setup();
}

static Value ints(int n, ...) {
  va_list ap;
  va_start(ap, n);
  Value l = vm_list_new(vm, n, false);
  for (int i = 0; i < n; i++) vm_list_items(vm, l)[i] = va_arg(ap, int);
  va_end(ap);
  return l;
}

static Value C(int x, int y) { return cell_pack((Coord){(int16_t)x, (int16_t)y}); }

static Value cells_of(int n, const int *xy) {
  Value l = vm_list_new(vm, n, false);
  for (int i = 0; i < n; i++) vm_list_items(vm, l)[i] = C(xy[2 * i], xy[2 * i + 1]);
  return l;
}

static Value S(const char *text) { return vm_test_add_string(vm, text); }

/* The text of v, which is how most results below are compared. */
static const char *fmt(const char *type, Value v) {
  static char buf[1024];
  vm_format_value(vm, type, v, buf, sizeof buf);
  return buf;
}

static void ok(void) {
  ck_assert_msg(!vm_failed(vm), "unexpected error: %s",
                vm_error_message(vm) ? vm_error_message(vm) : "?");
}

static void expect_error(const char *part) {
  ck_assert_msg(vm_failed(vm), "expected an error containing '%s'", part);
  const char *msg = vm_error_message(vm);
  ck_assert_msg(msg && strstr(msg, part), "error '%s' lacks '%s'", msg ? msg : "(null)", part);
}

#define CALL(name, ...) native_##name(vm, (Value[]){__VA_ARGS__})
#define CALL0(name) native_##name(vm, NULL)
#define ERROR_CASE(call, part) \
  do {                         \
    fresh();                   \
    (void)(call);              \
    expect_error(part);        \
  } while (0)

/* ---- lists and numbers ---- */

START_TEST(test_aggregates) {
  Value l = ints(4, 3, -1, 7, 2);
  ck_assert_int_eq(CALL(len_list, l), 4);
  ck_assert_int_eq(CALL(sum, l), 11);
  ck_assert_int_eq(CALL(product, l), -42);
  ck_assert_int_eq(CALL(product, 0), 1);
  ck_assert_int_eq(CALL(sum, 0), 0);
  ck_assert_int_eq(CALL(max, l), 7);
  ck_assert_int_eq(CALL(min, l), -1);
  ck_assert_int_eq(CALL(abs, -5), 5);
  ck_assert_int_eq(CALL(abs, 5), 5);
  ok();
  ERROR_CASE(CALL(max, 0), "max of an empty list");
  ERROR_CASE(CALL(min, 0), "min of an empty list");
}
END_TEST

START_TEST(test_take_drop_reverse_sort) {
  Value l = ints(4, 3, -1, 7, 2);
  ck_assert_str_eq(fmt("[i", CALL(take, l, 2)), "[3, -1]");
  ck_assert_str_eq(fmt("[i", CALL(take, l, 9)), "[3, -1, 7, 2]");
  ck_assert_str_eq(fmt("[i", CALL(take, l, 0)), "[]");
  ck_assert_str_eq(fmt("[i", CALL(drop, l, 1)), "[-1, 7, 2]");
  ck_assert_str_eq(fmt("[i", CALL(drop, l, 4)), "[]");
  ck_assert_str_eq(fmt("[i", CALL(drop, l, 9)), "[]");
  ck_assert_str_eq(fmt("[i", CALL(reverse, l)), "[2, 7, -1, 3]");
  ck_assert_str_eq(fmt("[i", CALL(sort, l)), "[-1, 2, 3, 7]");
  ck_assert_str_eq(fmt("[i", l), "[3, -1, 7, 2]"); /* the argument is untouched */
  ok();
  ERROR_CASE(CALL(take, ints(1, 1), -1), "negative");
  ERROR_CASE(CALL(drop, ints(1, 1), -2), "negative");
}
END_TEST

START_TEST(test_copies_keep_refs) {
  Value inner = ints(1, 5);
  Value outer = vm_list_new(vm, 2, true);
  vm_list_items(vm, outer)[0] = inner;
  vm_list_items(vm, outer)[1] = ints(2, 1, 2);
  ck_assert(vm_list_refs(vm, CALL(reverse, outer)));
  ck_assert(vm_list_refs(vm, CALL(take, outer, 1)));
  ck_assert(vm_list_refs(vm, CALL(drop, outer, 1)));
  ck_assert(vm_list_refs(vm, CALL(shuffle, outer)));
  ck_assert(vm_list_refs(vm, CALL(remove_at, outer, 0)));
  ck_assert(vm_list_refs(vm, CALL(insert, outer, 0, inner)));
  ck_assert(!vm_list_refs(vm, CALL(reverse, ints(2, 1, 2))));
  ck_assert_str_eq(fmt("[[i", CALL(reverse, outer)), "[[1, 2], [5]]");
  /* Lists of lists are searched by contents. */
  ck_assert_int_eq(CALL(index_of, outer, ints(2, 1, 2)), 1);
  ck_assert_str_eq(fmt("[[i", CALL(remove, outer, ints(1, 5))), "[[1, 2]]");
  ok();
}
END_TEST

START_TEST(test_search_and_edit) {
  Value l = ints(4, 3, 1, 3, 2);
  ck_assert_int_eq(CALL(index_of, l, 3), 0);
  ck_assert_int_eq(CALL(index_of, l, 2), 3);
  ck_assert_int_eq(CALL(index_of, l, 9), -1);
  ck_assert_str_eq(fmt("[i", CALL(remove, l, 3)), "[1, 3, 2]");
  ck_assert_int_eq(CALL(remove, l, 9), l); /* absent: the same list */
  ck_assert_str_eq(fmt("[i", CALL(remove_at, l, 3)), "[3, 1, 3]");
  ck_assert_str_eq(fmt("[i", CALL(remove_at, l, 0)), "[1, 3, 2]");
  ck_assert_str_eq(fmt("[i", CALL(insert, l, 0, 8)), "[8, 3, 1, 3, 2]");
  ck_assert_str_eq(fmt("[i", CALL(insert, l, 2, 8)), "[3, 1, 8, 3, 2]");
  ck_assert_str_eq(fmt("[i", CALL(insert, l, 4, 8)), "[3, 1, 3, 2, 8]");
  ck_assert_str_eq(fmt("[i", CALL(insert, 0, 0, 8)), "[8]");
  ok();
  ERROR_CASE(CALL(remove_at, ints(3, 1, 2, 3), 5), "index 5 out of range for a list of 3");
  ERROR_CASE(CALL(remove_at, ints(3, 1, 2, 3), -1), "index -1 out of range for a list of 3");
  ERROR_CASE(CALL(remove_at, 0, 0), "index 0 out of range for a list of 0");
  ERROR_CASE(CALL(insert, ints(3, 1, 2, 3), 4, 0), "index 4 out of range for a list of 3");
}
END_TEST

static Value key_mod3(Vm *v, const Value *args, int nargs) {
  (void)v, (void)nargs;
  return args[0] % 3;
}

static Value key_fails(Vm *v, const Value *args, int nargs) {
  (void)nargs;
  if (args[0] == 2) vm_error(v, "key failed");
  return 0;
}

START_TEST(test_sort_by) {
  int mod3 = vm_test_add_function(vm, key_mod3);
  Value l = ints(6, 5, 3, 4, 6, 1, 2);
  /* Stable: equal keys keep their order (3 before 6, 4 before 1, 5 before 2). */
  ck_assert_str_eq(fmt("[i", CALL(sort_by, l, mod3)), "[3, 6, 4, 1, 5, 2]");
  ck_assert_str_eq(fmt("[i", CALL(sort_by, 0, mod3)), "[]");
  ok();
  fresh();
  int fails = vm_test_add_function(vm, key_fails);
  CALL(sort_by, ints(3, 1, 2, 3), fails);
  expect_error("key failed");
}
END_TEST

static uint64_t list_rng = 0x243F6A8885A308D3ULL;

static int list_rnd(int n) {
  list_rng = list_rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((list_rng >> 33) % (uint64_t)n);
}

/* sort_by_keys against a plain stable selection sort, on lengths each side
 * of the insertion sort's limit, with many equal keys: the elements are
 * their own positions, so any instability shows. */
START_TEST(test_sort_by_keys_random) {
  for (int trial = 0; trial < 400; trial++) {
    fresh();
    int n = list_rnd(40), range = 1 + list_rnd(6);
    Value l = vm_list_new(vm, n, false), keys = vm_list_new(vm, n, false);
    Value want[40];
    bool used[40] = {false};
    for (int i = 0; i < n; i++) vm_list_items(vm, l)[i] = i, vm_list_items(vm, keys)[i] = list_rnd(range) - 2;
    for (int k = 0; k < n; k++) { /* the first unused element of the smallest key */
      int best = -1;
      for (int i = 0; i < n; i++)
        if (!used[i] && (best < 0 || vm_list_items(vm, keys)[i] < vm_list_items(vm, keys)[best])) best = i;
      used[best] = true, want[k] = best;
    }
    Value got = CALL(sort_by_keys, l, keys);
    ok();
    ck_assert_int_eq(vm_list_len(vm, got), n);
    for (int i = 0; i < n; i++) ck_assert_int_eq(vm_list_items(vm, got)[i], want[i]);
  }
  /* The result keeps the elements' kind. */
  Value inner = ints(1, 5), outer = vm_list_new(vm, 2, true);
  vm_list_items(vm, outer)[0] = inner, vm_list_items(vm, outer)[1] = ints(1, 6);
  Value sorted = CALL(sort_by_keys, outer, ints(2, 1, 0));
  ck_assert(vm_list_refs(vm, sorted));
  ck_assert_str_eq(fmt("[[i", sorted), "[[6], [5]]");
  ERROR_CASE(CALL(sort_by_keys, ints(3, 1, 2, 3), ints(2, 0, 0)), "2 keys for 3 elements");
}
END_TEST

/* index_of on scalar lists against a plain search: the first match. */
START_TEST(test_index_of_random) {
  for (int trial = 0; trial < 300; trial++) {
    int n = list_rnd(12);
    Value l = vm_list_new(vm, n, false), x = list_rnd(6);
    int want = -1;
    for (int i = 0; i < n; i++) {
      vm_list_items(vm, l)[i] = list_rnd(6);
      if (want < 0 && vm_list_items(vm, l)[i] == x) want = i;
    }
    ck_assert_int_eq(CALL(index_of, l, x), want);
  }
  ok();
}
END_TEST

/* vm_random against its definition: draws at or above UINT64_MAX -
 * UINT64_MAX % n are rejected, the rest give draw % n. The raw draws come
 * from a twin VM with the same seed: vm_random(UINT64_MAX) is the draw
 * itself (only a draw of UINT64_MAX would be rejected). Huge ranges make
 * rejections frequent. */
START_TEST(test_random_rejects_exactly_the_uneven_tail) {
  Vm *fast = vm_test_new(2, 7), *raw = vm_test_new(2, 7);
  uint64_t pick = 99;
  int rejected = 0;
  for (int i = 0; i < 20000; i++) {
    pick = pick * 6364136223846793005u + 1442695040888963407u;
    uint64_t n = i % 2 ? 1 + (pick >> 33) % 50 : UINT64_MAX - (pick >> 1) % (UINT64_MAX / 2);
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do x = vm_random(raw, UINT64_MAX), rejected += x >= limit;
    while (x >= limit);
    ck_assert_uint_eq(vm_random(fast, n), x % n);
  }
  ck_assert_uint_eq(vm_random(fast, UINT64_MAX), vm_random(raw, UINT64_MAX)); /* in step */
  ck_assert_int_gt(rejected, 1000);
  vm_test_free(fast);
  vm_test_free(raw);
}
END_TEST

START_TEST(test_shuffle_and_random) {
  Value l = ints(8, 0, 1, 2, 3, 4, 5, 6, 7);
  char first[1024];
  snprintf(first, sizeof first, "%s", fmt("[i", CALL(shuffle, l)));
  /* The same seed deals the same way, by top-down Fisher–Yates. */
  Vm *again = vm_test_new(3, 42);
  int order[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  for (int i = 7; i >= 1; i--) {
    int j = (int)vm_random(again, (uint64_t)i + 1), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  vm_test_free(again);
  char expected[256];
  snprintf(expected, sizeof expected, "[%d, %d, %d, %d, %d, %d, %d, %d]", order[0], order[1],
           order[2], order[3], order[4], order[5], order[6], order[7]);
  ck_assert_str_eq(first, expected);
  ck_assert_int_eq(CALL(sum, CALL(shuffle, l)), 28);
  ck_assert_int_eq(CALL(len_list, CALL(shuffle, 0)), 0);
  for (int i = 0; i < 50; i++) {
    Value r = CALL(random, 6);
    ck_assert(r >= 0 && r < 6);
  }
  ck_assert_int_eq(CALL(random, 1), 0);
  ok();
  ERROR_CASE(CALL(random, 0), "random(0)");
}
END_TEST

START_TEST(test_seats) {
  ck_assert_str_eq(fmt("[p", CALL0(players)), "[P1, P2, P3]");
  ck_assert_str_eq(fmt("[p", CALL0(seats)), "[P1, P2, P3]");
  ck_assert_int_eq(CALL0(nplayers), 3);
  ck_assert_int_eq(CALL0(nseats), 3);
  ck_assert_int_eq(CALL(next, 0), 1);
  ck_assert_int_eq(CALL(next, 2), 0);
  ck_assert_int_eq(CALL(seat, 2), 2);
  ck_assert_int_eq(CALL(ord, 1), 1);
  ok();
  ERROR_CASE(CALL(seat, 3), "seat(3)");
  ERROR_CASE(CALL(seat, -1), "seat(-1)");
  ERROR_CASE(CALL(next, 7), "seat 7");
  fresh();
  vm_test_set_seats(vm, 4); /* 3 players and a ghost */
  ck_assert_str_eq(fmt("[p", CALL0(seats)), "[P1, P2, P3, G1]");
  ck_assert_str_eq(fmt("[p", CALL0(players)), "[P1, P2, P3]");
  ck_assert_int_eq(CALL0(nseats), 4);
  ck_assert_int_eq(CALL(seat, 3), 3);
  ok();
  CALL(next, 3);
  expect_error("ghosts take no turns");
}
END_TEST

/* ---- tiles, cells, placements ---- */

START_TEST(test_tiles) {
  Value d = CALL(domino, 3, 5);
  Value t = CALL(token, 7);
  Value named = CALL(token_named, 99, S("fifteen-bytes-x"));
  int xy[] = {2, 2, 3, 2, 4, 2, 3, 3};
  Value poly = CALL(polyomino, S("T"), cells_of(4, xy), 4, 1);
  ok();
  const TileDef *tiles = vm_tiles(vm);
  ck_assert_str_eq(tiles[d].name, "3-5");
  ck_assert_int_eq(tiles[d].cell_count, 2);
  ck_assert_int_eq(tiles[d].dx[1], 1);
  ck_assert(!tiles[d].reflections);
  ck_assert_str_eq(tiles[t].name, "7");
  ck_assert_str_eq(tiles[named].name, "fifteen-bytes-x"); /* TILE_NAME_MAX - 1 */
  ck_assert_int_eq(tiles[poly].cell_count, 4);
  ck_assert_int_eq(tiles[poly].dx[3], 1);
  ck_assert_int_eq(tiles[poly].dy[3], 1);
  ck_assert(tiles[poly].reflections);
  ck_assert_int_eq(CALL(len_tile, d), 2);
  ck_assert_int_eq(CALL(len_tile, t), 1);
  ck_assert_int_eq(CALL(len_tile, poly), 4);
  ok();
  ERROR_CASE(CALL(polyomino, S("none"), 0, 1, 0), "1..8");
  int many[18] = {0};
  for (int i = 0; i < 9; i++) many[2 * i] = i;
  ERROR_CASE(CALL(polyomino, S("long"), cells_of(9, many), 1, 0), "has 9 cells");
  /* Longer names are errors, not cut (a cut could split a UTF-8 character). */
  ERROR_CASE(CALL(token_named, 1, S("sixteen-bytes-xy")), "tile name \"sixteen-bytes-xy\" is longer than 15 bytes");
  int twice[] = {0, 0, 1, 0, 0, 0};
  ERROR_CASE(CALL(polyomino, S("dup"), cells_of(3, twice), 1, 0), "twice");
  ERROR_CASE(CALL(domino, 1, 40000), "out of range");
  ERROR_CASE(CALL(len_tile, 5), "tile");
  fresh();
  vm_test_add_board(vm, &(BoardSpec){.grid = GRID_SQUARE, .levels = 1, .capacity = 4});
  CALL(token, 1);
  ck_assert(vm_failed(vm)); /* tiles only while the match is set up */
}
END_TEST

START_TEST(test_cells_and_placements) {
  Value c = CALL(cell, -3, 4);
  ck_assert_int_eq(CALL(cell_x, c), -3);
  ck_assert_int_eq(CALL(cell_y, c), 4);
  Value pl = placement_pack((Placement){.tile = 2, .at = {-1, 5}, .orientation = 3, .level = 2});
  ck_assert_int_eq(CALL(pl_tile, pl), 2);
  ck_assert_int_eq(CALL(pl_cell, pl), C(-1, 5));
  ck_assert_int_eq(CALL(pl_level, pl), 2);
  ok();
  ERROR_CASE(CALL(cell, 40000, 0), "cell(40000, 0)");
  ERROR_CASE(CALL(cell, 0, -40000), "cell(0, -40000)");
}
END_TEST

/* ---- boards ---- */

static int add_board(int grid, int bound, int w, int h, int levels) {
  return vm_test_add_board(vm, &(BoardSpec){.grid = (uint8_t)grid, .bound = (uint8_t)bound,
                                            .levels = (uint8_t)levels, .w = (int16_t)w,
                                            .h = (int16_t)h, .capacity = 64});
}

static Value P(int tile, int x, int y, int o, int level, int grid) {
  return placement_pack((Placement){tile, {(int16_t)x, (int16_t)y}, o, level, grid});
}

START_TEST(test_place_and_read) {
  Value d = CALL(domino, 1, 2), t = CALL(token, 5);
  Value b = add_board(GRID_SQUARE, BOARD_BOUND_NONE, 0, 0, 2);
  ck_assert_int_eq(CALL(filled, b), 0);
  ck_assert_int_eq(CALL(value, b, C(0, 0)), -1);
  ck_assert_int_eq(CALL(level, b, C(0, 0)), -1);
  ck_assert_int_eq(CALL(occupied, b, C(0, 0)), 0);
  CALL(place, b, P(d, 0, 0, 1, 0, GRID_SQUARE)); /* pointing S: 0,0 and 0,1 */
  CALL(put, b, t, C(1, 0));
  ok();
  ck_assert_int_eq(CALL(value, b, C(0, 1)), 2);
  ck_assert_int_eq(CALL(value, b, C(1, 0)), 5);
  ck_assert_int_eq(CALL(occupied, b, C(0, 1)), 1);
  ck_assert_int_eq(CALL(tile_at, b, C(0, 1)), d);
  ck_assert_int_eq(CALL(level, b, C(0, 0)), 0);
  ck_assert_str_eq(fmt("[c", CALL(cells, b)), "[0,0, 0,1, 1,0]");
  ck_assert_int_eq(CALL(filled, b), 3);
  ck_assert_str_eq(fmt("[i", CALL(bounds, b)), "[0, 0, 1, 1]");
  ck_assert_str_eq(fmt("[c", CALL(covers, b, P(d, 2, 2, 2, 0, GRID_SQUARE))), "[2,2, 1,2]");
  /* On top of the token: level 1, and cells/filled count it once. */
  CALL(put, b, t, C(1, 0)); /* rejected: put stays at level 0 */
  expect_error("cell 1,0 is already occupied");
  fresh();
  t = CALL(token, 5);
  b = add_board(GRID_SQUARE, BOARD_BOUND_NONE, 0, 0, 2);
  CALL(put, b, t, C(0, 0));
  CALL(place, b, P(t, 0, 0, 0, 1, GRID_SQUARE));
  ok();
  ck_assert_int_eq(CALL(level, b, C(0, 0)), 1);
  ck_assert_int_eq(CALL(filled, b), 1);
  ck_assert_str_eq(fmt("[c", CALL(cells, b)), "[0,0]");
}
END_TEST

START_TEST(test_place_errors) {
  Value d = CALL(domino, 1, 2), t = CALL(token, 5);
  Value b = add_board(GRID_SQUARE, BOARD_BOUND_FIXED, 3, 3, 1);
  CALL(place, b, P(d, 2, 0, 0, 0, GRID_SQUARE)); /* 2,0 and 3,0 */
  expect_error("cell 3,0 is outside the 3x3 board");
  ck_assert_int_eq(CALL(filled, b), 0); /* nothing changed */

  fresh();
  d = CALL(domino, 1, 2), t = CALL(token, 5);
  b = add_board(GRID_SQUARE, BOARD_BOUND_NONE, 0, 0, 1);
  CALL(put, b, t, C(1, 0));
  CALL(place, b, P(d, 0, 0, 0, 0, GRID_SQUARE));
  expect_error("cell 1,0 is already occupied");
  ck_assert_int_eq(CALL(occupied, b, C(0, 0)), 0);

  fresh();
  t = CALL(token, 5);
  b = add_board(GRID_SQUARE, BOARD_BOUND_NONE, 0, 0, 1);
  CALL(place, b, P(t, 0, 0, 0, 1, GRID_SQUARE));
  expect_error("level");

  fresh();
  t = CALL(token, 5);
  b = add_board(GRID_SQUARE, BOARD_BOUND_NONE, 0, 0, 3);
  CALL(place, b, P(t, 0, 0, 0, 1, GRID_SQUARE));
  expect_error("nothing at level 0");

  fresh();
  t = CALL(token, 5);
  b = add_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 2, 2, 1);
  CALL(put, b, t, C(0, 0));
  CALL(put, b, t, C(2, 0));
  expect_error("window");

  fresh();
  t = CALL(token, 5);
  b = vm_test_add_board(vm, &(BoardSpec){.grid = GRID_SQUARE, .levels = 1, .capacity = 1});
  CALL(put, b, t, C(0, 0));
  CALL(put, b, t, C(1, 0));
  expect_error("full");

  ERROR_CASE(CALL(tile_at, add_board(GRID_SQUARE, 0, 0, 0, 1), C(0, 0)), "empty");
  ERROR_CASE(CALL(bounds, add_board(GRID_SQUARE, 0, 0, 0, 1)), "bounds of an empty board");
  ERROR_CASE(CALL(value, 3, C(0, 0)), "board");
}
END_TEST

START_TEST(test_neighbors) {
  Value sq = add_board(GRID_SQUARE, BOARD_BOUND_NONE, 0, 0, 1);
  Value hex = add_board(GRID_HEX, BOARD_BOUND_NONE, 0, 0, 1);
  Value fixed = add_board(GRID_SQUARE, BOARD_BOUND_FIXED, 3, 3, 1);
  ck_assert_str_eq(fmt("[c", CALL(neighbors, sq, C(0, 0))), "[1,0, 0,1, -1,0, 0,-1]");
  ck_assert_str_eq(fmt("[c", CALL(neighbors, hex, C(0, 0))),
                   "[1,0, 0,1, -1,1, -1,0, 0,-1, 1,-1]");
  ck_assert_str_eq(fmt("[c", CALL(neighbors, fixed, C(0, 0))), "[1,0, 0,1]");
  ck_assert_str_eq(fmt("[c", CALL(neighbors, fixed, C(1, 1))), "[2,1, 1,2, 0,1, 1,0]");
  ok();
}
END_TEST

static Value keep_right(Vm *v, const Value *args, int nargs) {
  (void)v, (void)nargs;
  return placement_unpack(args[1]).at.x >= 1;
}

static Value filter_fails(Vm *v, const Value *args, int nargs) {
  (void)args, (void)nargs;
  vm_error(v, "filter failed");
  return 1;
}

START_TEST(test_placements) {
  Value d = CALL(domino, 1, 2), dbl = CALL(domino, 3, 3), t = CALL(token_named, 5, S("five"));
  Value free_b = add_board(GRID_SQUARE, BOARD_BOUND_NONE, 0, 0, 2);
  Value fixed = add_board(GRID_SQUARE, BOARD_BOUND_FIXED, 3, 3, 1);
  Value hex = add_board(GRID_HEX, BOARD_BOUND_NONE, 0, 0, 1);
  /* Empty unbounded board: at 0,0, every orientation. */
  ck_assert_str_eq(fmt("[P", CALL(placements, free_b, d)),
                   "[1-2 0,0 E, 1-2 0,0 S, 1-2 0,0 W, 1-2 0,0 N]");
  ck_assert_int_eq(CALL(len_list, CALL(placements, hex, d)), 6);
  /* Empty fixed board: anywhere; a double turned round counts once. */
  ck_assert_int_eq(CALL(len_list, CALL(placements, fixed, d)), 24);
  ck_assert_int_eq(CALL(len_list, CALL(placements, fixed, dbl)), 12);
  ck_assert_int_eq(CALL(len_list, CALL(anywhere, fixed, t)), 9);
  /* Touching what is there, in (y, x, orientation) order. */
  CALL(place, free_b, P(d, 0, 0, 0, 0, GRID_SQUARE));
  ck_assert_str_eq(fmt("[P", CALL(placements, free_b, t)),
                   "[five 0,-1, five 1,-1, five -1,0, five 2,0, five 0,1, five 1,1]");
  ck_assert_str_eq(fmt("[P", CALL(stackings, free_b, t)), "[five 0,0 ^1, five 1,0 ^1]");
  ck_assert_int_eq(CALL(len_list, CALL(stackings, free_b, d)), 2); /* E from 0,0; W from 1,0 */
  ck_assert_int_eq(placement_unpack(vm_list_items(vm, CALL(placements, hex, d))[0]).grid,
                   GRID_HEX);
  ok();
  int right = vm_test_add_function(vm, keep_right);
  ck_assert_str_eq(fmt("[P", CALL(placements_f, free_b, t, right)),
                   "[five 1,-1, five 2,0, five 1,1]");
  ck_assert_str_eq(fmt("[P", CALL(stackings_f, free_b, t, right)), "[five 1,0 ^1]");
  ck_assert_int_eq(CALL(len_list, CALL(anywhere_f, fixed, t, right)), 6);
  ok();
  int fails = vm_test_add_function(vm, filter_fails);
  CALL(placements_f, free_b, t, fails);
  expect_error("filter failed");
}
END_TEST

/* The rule written out, as a placement filter: what placements_matching
 * must agree with (wild 0, the start token 99 matches anything). */
static Value matches_rule(Vm *v, const Value *args, int nargs) {
  (void)nargs;
  MatchRule rule = {1, 1, (const int64_t[]){0}, (const int64_t[]){99}};
  return match_holds(vm_board(v, args[0]), vm_tiles(v), &rule, placement_unpack(args[1]));
}

START_TEST(test_placements_matching) {
  Value start = CALL(token_named, 99, S("start")), d = CALL(domino, 1, 2);
  Value six = CALL(domino, 6, 6), w = CALL(domino, 0, 5), hex_d = CALL(domino, 2, 3);
  Value b = add_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 3, 3, 1);
  Value hex = add_board(GRID_HEX, BOARD_BOUND_WINDOW, 4, 4, 1);
  Value wild = ints(1, 0), any = ints(1, 99);
  int rule = vm_test_add_function(vm, matches_rule);
  ck_assert_int_eq(CALL(len_list, CALL(placements_match, b, d, wild, any)), 0); /* empty */
  CALL(put, b, start, C(5, -5));
  CALL(put, hex, start, C(-7, 3));
  /* around the start token alone, every adjacent placement matches */
  ck_assert_str_eq(fmt("[P", CALL(placements_match, b, d, wild, any)),
                   "[1-2 5,-7 S, 1-2 4,-6 E, 1-2 4,-6 S, 1-2 5,-6 E, 1-2 5,-6 W, 1-2 5,-6 N, "
                   "1-2 6,-6 S, 1-2 6,-6 W, 1-2 3,-5 E, 1-2 4,-5 S, 1-2 4,-5 W, 1-2 4,-5 N, "
                   "1-2 6,-5 E, 1-2 6,-5 S, 1-2 6,-5 N, 1-2 7,-5 W, 1-2 4,-4 E, 1-2 4,-4 N, "
                   "1-2 5,-4 E, 1-2 5,-4 S, 1-2 5,-4 W, 1-2 6,-4 W, 1-2 6,-4 N, 1-2 5,-3 N]");
  CALL(place, b, P(d, 6, -5, 0, 0, GRID_SQUARE)); /* 1 at 6,-5 and 2 at 7,-5: the window is full wide */
  CALL(place, hex, P(hex_d, -6, 3, 0, 0, GRID_HEX));
  ok();
  /* 6-6 may only touch the start token; 0-5 (wild) anything */
  ck_assert_str_eq(fmt("[P", CALL(placements_match, b, six, wild, any)),
                   "[6-6 5,-7 S, 6-6 5,-6 E, 6-6 5,-4 E, 6-6 5,-4 S]");
  Value tiles[4] = {d, six, w, hex_d};
  for (int i = 0; i < 4; i++) {
    ck_assert_str_eq(fmt("[P", CALL(placements_match, b, tiles[i], wild, any)),
                     fmt("[P", CALL(placements_f, b, tiles[i], rule)));
    ck_assert_str_eq(fmt("[P", CALL(placements_match, hex, tiles[i], wild, any)),
                     fmt("[P", CALL(placements_f, hex, tiles[i], rule)));
  }
  ck_assert_int_gt(CALL(len_list, CALL(placements_match, hex, w, wild, any)), 10);
  ok();
  fresh();
  Value one = CALL(domino, 1, 1);
  CALL(placements_match, add_board(GRID_SQUARE, 0, 0, 0, 1), one,
       ints(9, 1, 2, 3, 4, 5, 6, 7, 8, 9), ints(0));
  expect_error("at most 8");
}
END_TEST

START_TEST(test_too_many_placements) {
  int xy[] = {0, 0, 1, 0, 2, 0, 2, 1};
  Value l = CALL(polyomino, S("L"), cells_of(4, xy), 1, 1);
  Value b = vm_test_add_board(vm, &(BoardSpec){.grid = GRID_SQUARE, .bound = BOARD_BOUND_FIXED,
                                               .levels = 1, .w = 30, .h = 30, .capacity = 4});
  CALL(anywhere, b, l); /* 8 orientations x ~28x29 anchors */
  expect_error("too many placements");
}
END_TEST

START_TEST(test_regions_and_counts) {
  Value one = CALL(token, 1), two = CALL(token, 2), five = CALL(token, 5);
  Value big = CALL(token, 99), neg = CALL(token, -3);
  Value b = add_board(GRID_SQUARE, BOARD_BOUND_FIXED, 4, 4, 1);
  /* 1 1 . 1
   * 2 5 . 1 */
  CALL(put, b, one, C(0, 0));
  CALL(put, b, one, C(1, 0));
  CALL(put, b, one, C(3, 0));
  CALL(put, b, one, C(3, 1));
  CALL(put, b, two, C(0, 1));
  CALL(put, b, five, C(1, 1));
  ok();
  Value r = CALL(regions, b, ints(1, 1));
  ck_assert(vm_list_refs(vm, r));
  ck_assert_str_eq(fmt("[[c", r), "[[0,0, 1,0], [3,0, 3,1]]");
  ck_assert_str_eq(fmt("[[c", CALL(regions, b, ints(2, 2, 1))), "[[0,0, 1,0, 0,1], [3,0, 3,1]]");
  ck_assert_str_eq(fmt("[[c", CALL(regions, b, ints(2, 5, 99))), "[[1,1]]");
  ck_assert_str_eq(fmt("[[c", CALL(regions, b, ints(1, 7))), "[]");
  int some[] = {0, 0, 1, 1, 2, 0, 3, 1, 0, 0};
  ck_assert_int_eq(CALL(count_values, b, cells_of(5, some), ints(2, 1, 5)), 4);
  ck_assert_int_eq(CALL(count_values, b, cells_of(5, some), ints(1, -1)), 0);
  ck_assert_int_eq(CALL(count_values, b, 0, ints(1, 1)), 0);
  /* values outside 0..63, on the board and in the list */
  CALL(put, b, big, C(2, 0));
  CALL(put, b, neg, C(2, 1));
  ok();
  ck_assert_int_eq(CALL(count_values, b, cells_of(5, some), ints(3, 99, 1, 70)), 4);
  int col2[] = {2, 0, 2, 1, 2, 2};
  ck_assert_int_eq(CALL(count_values, b, cells_of(3, col2), ints(2, -3, 99)), 2);
  ck_assert_int_eq(CALL(count_values, b, cells_of(3, col2), ints(1, 5)), 0);
  ok();
}
END_TEST

/* A list of n lists (handles), for groups of values. */
static Value lists(int n, ...) {
  va_list ap;
  va_start(ap, n);
  Value l = vm_list_new(vm, n, true);
  for (int i = 0; i < n; i++) vm_list_items(vm, l)[i] = va_arg(ap, Value);
  va_end(ap);
  return l;
}

/* 3 0 . 4 0
 * 3 . S 4 4
 * 0 0 . . 3   (S: a start token, value 99), put zeros first, then threes,
 * fours and the start token. */
static Value wild_board(void) {
  Value zero = CALL(token, 0), three = CALL(token, 3), four = CALL(token, 4), start = CALL(token, 99);
  Value b = add_board(GRID_SQUARE, BOARD_BOUND_FIXED, 5, 3, 1);
  int xy_zero[] = {1, 0, 4, 0, 0, 2, 1, 2}, xy_three[] = {0, 0, 0, 1, 4, 2}, xy_four[] = {3, 0, 3, 1, 4, 1};
  for (int i = 0; i < 4; i++) CALL(put, b, zero, C(xy_zero[2 * i], xy_zero[2 * i + 1]));
  for (int i = 0; i < 3; i++) CALL(put, b, three, C(xy_three[2 * i], xy_three[2 * i + 1]));
  for (int i = 0; i < 3; i++) CALL(put, b, four, C(xy_four[2 * i], xy_four[2 * i + 1]));
  CALL(put, b, start, C(2, 1));
  ok();
  return b;
}

START_TEST(test_regions_with_all_and_cells_showing) {
  Value b = wild_board();
  /* regions of {3, 0}: the left group (3s and 0s), the lone 0 at 4,0, the lone 3 at 4,2 */
  char all[1024];
  snprintf(all, sizeof all, "%s", fmt("[[c", CALL(regions, b, ints(2, 3, 0))));
  ck_assert_str_eq(fmt("[[c", CALL(regions_with_all, b, ints(2, 3, 0), lists(0))), all); /* no group: all */
  /* Only the left group shows both; cells in regions' order (placement order). */
  ck_assert_str_eq(all, "[[1,0, 0,2, 1,2, 0,0, 0,1], [4,0], [4,2]]");
  ck_assert_str_eq(fmt("[[c", CALL(regions_with_all, b, ints(2, 3, 0), lists(2, ints(1, 3), ints(1, 0)))),
                   "[[1,0, 0,2, 1,2, 0,0, 0,1]]");
  ck_assert_str_eq(fmt("[[c", CALL(regions_with_all, b, ints(2, 3, 0), lists(1, ints(1, 0)))),
                   "[[1,0, 0,2, 1,2, 0,0, 0,1], [4,0]]");
  /* 4s and 0s: the 4s and the 0 at 4,0 (a group may list values absent from the board) */
  ck_assert_str_eq(fmt("[[c", CALL(regions_with_all, b, ints(2, 4, 0), lists(2, ints(1, 4), ints(2, 0, 7)))),
                   "[[4,0, 3,0, 3,1, 4,1]]");
  ck_assert_str_eq(fmt("[[c", CALL(regions_with_all, b, ints(1, 3), lists(1, ints(1, 99)))), "[]"); /* 99 in no region */
  /* cells_showing: cells(b) order, any values, the start token's 99 too */
  ck_assert_str_eq(fmt("[c", CALL(cells_showing, b, ints(1, 99))), "[2,1]");
  ck_assert_str_eq(fmt("[c", CALL(cells_showing, b, ints(2, 4, 3))), "[0,0, 0,1, 4,2, 3,0, 3,1, 4,1]");
  ck_assert_str_eq(fmt("[c", CALL(cells_showing, b, ints(2, -1, 6))), "[]");
  ok();
}
END_TEST

/* A board of more than REGION_STACK (256) cells: 300 tokens 0..2 on 20x20. */
static Value big_board(void) {
  Value tok[3] = {CALL(token, 0), CALL(token, 1), CALL(token, 2)};
  Value b = vm_test_add_board(vm, &(BoardSpec){.grid = GRID_SQUARE, .bound = BOARD_BOUND_FIXED,
                                               .levels = 1, .w = 20, .h = 20, .capacity = 400});
  for (int i = 0; i < 300; i++) CALL(put, b, tok[(i * 7 / 3) % 3], C(i % 20, i / 20));
  ok();
  return b;
}

/* On a big board, regions() works in the heap's scratch, with the same
 * answer as board_regions. */
START_TEST(test_regions_big_board) {
  Value b = big_board();
  Value r = CALL(regions, b, ints(2, 0, 1));
  ok();
  const Board *board = vm_board(vm, b);
  static int32_t region_of[400];
  int n = board_regions(board, 3, region_of);
  ck_assert_int_eq(vm_list_len(vm, r), n);
  ck_assert_int_gt(n, 3);
  for (int k = 0; k < n; k++) {
    Value inner = vm_list_items(vm, r)[k];
    int i = 0;
    for (int e = 0; e < board->count; e++) {
      if (region_of[e] != k) continue;
      const BoardCell *c = board_cell(board, e);
      ck_assert(vm_list_items(vm, inner)[i++] == cell_pack((Coord){c->x, c->y}));
    }
    ck_assert_int_eq(vm_list_len(vm, inner), i);
  }
}
END_TEST

static uint64_t rng_state;

static int rnd(int n) {
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((rng_state >> 33) % (uint64_t)n);
}

/* A random board of any kind: fixed or window (direct index) or unbounded
 * (hashed), square or hex, up to 3 levels; tokens of values -1..5 and 99
 * put on a side x side area, some stacked on others. */
static Value random_board(const Value *tokens, int side) {
  int bound = rnd(3), levels = 1 + rnd(3), grid = rnd(2) ? GRID_HEX : GRID_SQUARE;
  Value b = vm_test_add_board(vm, &(BoardSpec){.grid = (uint8_t)grid, .bound = (uint8_t)bound,
                                               .levels = (uint8_t)levels, .w = (int16_t)side,
                                               .h = (int16_t)side, .capacity = 3 * side * side});
  for (int k = 0; k < 2 * side * side; k++) {
    int x = rnd(side), y = rnd(side), level = (int)CALL(level, b, C(x, y)) + 1;
    if (level < levels && rnd(3))
      CALL(place, b, P((int)tokens[k % 64], x, y, 0, level, grid));
  }
  ok();
  return b;
}

/* cells_showing and count_values against their definitions through cells()
 * and value(), on random boards of every kind. */
START_TEST(test_values_random) {
  rng_state = 0x2545F4914F6CDD1DULL;
  static const int vals[] = {-1, 0, 1, 2, 3, 4, 5, 99};
  for (int trial = 0; trial < 30; trial++) {
    fresh();
    Value tokens[64];
    for (int i = 0; i < 64; i++) tokens[i] = CALL(token, vals[rnd(8)]);
    int side = 2 + rnd(6);
    Value b = random_board(tokens, side);
    for (int k = 0; k < 6; k++) {
      Value values = ints(3, vals[rnd(8)], vals[rnd(8)], rnd(70));
      Value cells = CALL(cells, b), want = vm_list_new(vm, vm_list_len(vm, cells), false);
      int n = 0;
      for (int i = 0; i < vm_list_len(vm, cells); i++) {
        Value c = vm_list_items(vm, cells)[i], v = CALL(value, b, c);
        bool listed = false;
        for (int j = 0; j < 3; j++) listed |= vm_list_items(vm, values)[j] == v;
        if (listed) vm_list_items(vm, want)[n++] = c;
      }
      Value got = CALL(cells_showing, b, values);
      ck_assert_int_eq(vm_list_len(vm, got), n);
      for (int i = 0; i < n; i++) ck_assert(vm_list_items(vm, got)[i] == vm_list_items(vm, want)[i]);
      /* count_values over cells empty, occupied and beyond the area */
      Value some = vm_list_new(vm, 8, false);
      for (int i = 0; i < 8; i++) vm_list_items(vm, some)[i] = C(rnd(side + 4) - 2, rnd(side + 4) - 2);
      int count = 0;
      for (int i = 0; i < 8; i++) {
        Value c = vm_list_items(vm, some)[i], v = CALL(value, b, c);
        bool listed = false; /* a token may show -1: empty cells never count */
        for (int j = 0; j < 3; j++) listed |= vm_list_items(vm, values)[j] == v;
        count += listed && CALL(occupied, b, c);
      }
      ck_assert_int_eq(CALL(count_values, b, some, values), count);
    }
  }
}
END_TEST

/* region_counts: the regions of regions_with_all(b, values, [[v] for v in
 * values]), each as its count of cells per value; the batched form is the
 * same query by query. */
START_TEST(test_region_counts) {
  Value b = wild_board();
  ck_assert_str_eq(fmt("[[i", CALL(region_counts, b, ints(2, 3, 0))), "[[2, 3]]");
  ck_assert_str_eq(fmt("[[i", CALL(region_counts, b, ints(2, 0, 3))), "[[3, 2]]"); /* in list order */
  ck_assert_str_eq(fmt("[[i", CALL(region_counts, b, ints(2, 4, 0))), "[[3, 1]]");
  ck_assert_str_eq(fmt("[[i", CALL(region_counts, b, ints(1, 3))), "[[2], [1]]"); /* first entry first */
  ck_assert_str_eq(fmt("[[i", CALL(region_counts, b, ints(2, 3, 99))), "[]"); /* 99 in no region */
  ck_assert_str_eq(fmt("[[i", CALL(region_counts, b, ints(0))), "[]");
  Value queries = vm_list_new(vm, 3, true);
  Value q[3] = {ints(2, 3, 0), ints(2, 4, 0), ints(1, 3)};
  for (int i = 0; i < 3; i++) vm_list_items(vm, queries)[i] = q[i];
  ck_assert_str_eq(fmt("[[[i", CALL(region_counts_each, b, queries)), "[[[2, 3]], [[3, 1]], [[2], [1]]]");
  ck_assert_str_eq(fmt("[[[i", CALL(region_counts_each, b, vm_list_new(vm, 0, true))), "[]");
  ok();
  Value many = vm_list_new(vm, BOARD_GROUPS_MAX + 1, false);
  for (int i = 0; i <= BOARD_GROUPS_MAX; i++) vm_list_items(vm, many)[i] = i % 7;
  CALL(region_counts, b, many);
  expect_error("at most 64 values");
}
END_TEST

/* region_counts(b, values) against the lists of regions_with_all(b,
 * values, [[v] for v in values]) counted by count_values. */
static void compare_counts(Value b, Value values) {
  int32_t n = vm_list_len(vm, values);
  Value groups = vm_list_new(vm, n, true);
  for (int i = 0; i < n; i++) {
    Value one = ints(1, (int)vm_list_items(vm, values)[i]);
    vm_list_items(vm, groups)[i] = one;
  }
  Value counts = CALL(region_counts, b, values), lists = CALL(regions_with_all, b, values, groups);
  ok();
  ck_assert_int_eq(vm_list_len(vm, counts), vm_list_len(vm, lists));
  for (int r = 0; r < vm_list_len(vm, lists); r++)
    for (int i = 0; i < n; i++) {
      Value region = vm_list_items(vm, lists)[r], one = vm_list_items(vm, groups)[i];
      ck_assert_int_eq(vm_list_items(vm, vm_list_items(vm, counts)[r])[i],
                       CALL(count_values, b, region, one));
    }
}

/* On random fixed and window boards, square and hex. */
START_TEST(test_region_counts_random) {
  rng_state = 0x9E3779B97F4A7C15ULL;
  Value pips[5];
  for (int v = 0; v < 5; v++) pips[v] = CALL(token, v);
  for (int trial = 0; trial < 40; trial++) {
    int side = 3 + rnd(5), grid = rnd(2) ? GRID_HEX : GRID_SQUARE;
    Value b = add_board(grid, rnd(2) ? BOARD_BOUND_FIXED : BOARD_BOUND_WINDOW, side, side, 1);
    for (int y = 0; y < side; y++)
      for (int x = 0; x < side; x++)
        if (rnd(4)) CALL(put, b, pips[rnd(5)], C(x, y));
    for (int k = 0; k < 8; k++) {
      int n = 1 + rnd(3);
      Value values = vm_list_new(vm, n, false);
      for (int i = 0; i < n; i++) vm_list_items(vm, values)[i] = rnd(6); /* 5: on no cell */
      compare_counts(b, values);
    }
  }
}
END_TEST

/* On a big board: the working arrays in the heap's scratch, and regions too
 * big for one word (union-find). */
START_TEST(test_region_counts_big_board) {
  Value b = big_board();
  compare_counts(b, ints(2, 0, 1));
  compare_counts(b, ints(3, 2, 0, 1));
  ck_assert_int_gt(vm_list_len(vm, CALL(region_counts, b, ints(2, 1, 2))), 3);
}
END_TEST

/* ---- formatting ---- */

START_TEST(test_format) {
  Value d = CALL(domino, 3, 5), t = CALL(token_named, 9, S("start"));
  int xy[] = {0, 0, 1, 0, 1, 1};
  Value l = CALL(polyomino, S("L"), cells_of(3, xy), 1, 0);
  int vert[] = {0, 0, 0, 1};
  Value v = CALL(polyomino, S("V"), cells_of(2, vert), 1, 1);
  ok();
  ck_assert_str_eq(fmt("i", -12), "-12");
  ck_assert_str_eq(fmt("b", 1), "true");
  ck_assert_str_eq(fmt("b", 0), "false");
  ck_assert_str_eq(fmt("p", 0), "P1");
  ck_assert_str_eq(fmt("p", 2), "P3");
  ck_assert_str_eq(fmt("p", 3), "G1"); /* seats past the players are ghosts */
  ck_assert_str_eq(fmt("t", d), "3-5");
  ck_assert_str_eq(fmt("t", t), "start");
  ck_assert_str_eq(fmt("c", C(-2, 7)), "-2,7");
  ck_assert_str_eq(fmt("s", S("hello")), "hello");
  ck_assert_str_eq(fmt("d", 2), "2");
  ck_assert_str_eq(fmt("B", 1), "1");
  ck_assert_str_eq(fmt("P", P(d, 0, 1, 0, 0, GRID_SQUARE)), "3-5 0,1 E");
  ck_assert_str_eq(fmt("P", P(d, 0, 1, 3, 0, GRID_SQUARE)), "3-5 0,1 N");
  ck_assert_str_eq(fmt("P", P(d, 4, -1, 5, 0, GRID_HEX)), "3-5 4,-1 NE");
  ck_assert_str_eq(fmt("P", P(d, 0, 0, 2, 3, GRID_HEX)), "3-5 0,0 SW ^3");
  ck_assert_str_eq(fmt("P", P(t, 2, 2, 0, 0, GRID_SQUARE)), "start 2,2");
  ck_assert_str_eq(fmt("P", P(t, 2, 2, 0, 1, GRID_SQUARE)), "start 2,2 ^1");
  ck_assert_str_eq(fmt("P", P(l, 0, 0, 2, 0, GRID_SQUARE)), "L 0,0 r2");
  /* A 2-cell tile names the way its cell 1 lies, whatever its offsets;
   * mirror images go by number. */
  ck_assert_str_eq(fmt("P", P(v, 0, 0, 0, 0, GRID_SQUARE)), "V 0,0 S");
  ck_assert_str_eq(fmt("P", P(v, 0, 0, 5, 0, GRID_SQUARE)), "V 0,0 r5");
  Value nested = vm_list_new(vm, 2, true);
  Value inner = ints(2, 1, 2);
  vm_list_items(vm, nested)[0] = inner;
  vm_list_items(vm, nested)[1] = 0; /* the empty list */
  ck_assert_str_eq(fmt("[[i", nested), "[[1, 2], []]");
  ck_assert_str_eq(fmt("[b", ints(2, 1, 0)), "[true, false]");
  ck_assert_str_eq(fmt("[t", 0), "[]");
  char small[6];
  vm_format_value(vm, "[i", ints(3, 100, 200, 300), small, sizeof small);
  ck_assert_str_eq(small, "[100,"); /* truncated, still terminated */
  ok();
}
END_TEST

START_TEST(test_print) {
  /* print writes the text and a newline; here it only must not fail. */
  CALL(print, ints(2, 4, 5), S("[i"));
  ok();
}
END_TEST

static Suite *natives_suite(void) {
  Suite *s = suite_create("natives");
  struct {
    const char *name;
    const TTest *test;
  } tests[] = {
      {"aggregates", test_aggregates},     {"take_drop", test_take_drop_reverse_sort},
      {"refs", test_copies_keep_refs},     {"search_edit", test_search_and_edit},
      {"sort_by", test_sort_by},           {"shuffle_random", test_shuffle_and_random}, {"random_rejection", test_random_rejects_exactly_the_uneven_tail},
      {"sort_by_keys on random lists", test_sort_by_keys_random},
      {"index_of on random lists", test_index_of_random},
      {"seats", test_seats},               {"tiles", test_tiles},
      {"cells", test_cells_and_placements}, {"place", test_place_and_read},
      {"place_errors", test_place_errors}, {"neighbors", test_neighbors},
      {"placements", test_placements},     {"too_many", test_too_many_placements},
      {"placements_matching", test_placements_matching},
      {"regions", test_regions_and_counts}, {"regions_with_all and cells_showing", test_regions_with_all_and_cells_showing}, {"regions of a big board", test_regions_big_board},
      {"cells_showing and count_values on random boards", test_values_random},
      {"region_counts", test_region_counts}, {"region_counts on random boards", test_region_counts_random},
      {"region_counts of a big board", test_region_counts_big_board},
      {"format", test_format},
      {"print", test_print},
  };
  for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
    TCase *tc = tcase_create(tests[i].name);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, tests[i].test);
    suite_add_tcase(s, tc);
  }
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(natives_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
