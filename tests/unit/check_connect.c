/* check_connect.c — board_connects (connect.c): hand cases on a Hex-like
 * rhombus, then a differential test against a naive flood fill that grows a
 * reached set over coordinates until nothing changes, on random boards of
 * both grids, bounded (direct index) and unbounded (hashed index); then the
 * same on boards of every kind the direct fill reads differently: fixed and
 * window bounds, index slots of 1, 2 and 4 bytes (capacities), stacked
 * cells whose top was covered by another value, and a hexagon-shaped board. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "connect.h"

enum { SIDE = 9, MAXC = SIDE * SIDE };

static Board *new_stacked_board(int grid, int bound, int capacity, int levels) {
  BoardSpec spec = {.grid = (uint8_t)grid, .bound = (uint8_t)bound, .levels = (uint8_t)levels,
                    .w = bound ? SIDE : 0, .h = bound ? SIDE : 0, .capacity = capacity};
  Board *b = malloc(board_bytes(&spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, &spec);
  return b;
}

static Board *new_board(int grid, int bound, int capacity) { return new_stacked_board(grid, bound, capacity, 1); }

static void put_at_level(Board *b, int v, int x, int y, int level) {
  TileDef t = {.cell_count = 1};
  t.value[0] = (int16_t)v;
  ck_assert_int_eq(board_place(b, &t, (Placement){.at = {(int16_t)x, (int16_t)y}, .level = level}), 0);
}

static void put(Board *b, int v, int x, int y) { put_at_level(b, v, x, y, 0); }

static bool connects(const Board *b, uint64_t mask, const Coord *f, int nf, const Coord *t, int nt) {
  uint8_t flags[2 * MAXC];
  int32_t queue[2 * MAXC];
  int64_t from[12], to[12]; /* packed, as the VM's lists hold cells */
  ck_assert(nf <= 12 && nt <= 12);
  for (int i = 0; i < nf; i++) from[i] = cell_pack(f[i]);
  for (int i = 0; i < nt; i++) to[i] = cell_pack(t[i]);
  return board_connects(b, mask, from, nf, to, nt, flags, queue);
}

/* The naive model: a grid of values (-1 empty) and a reached grid grown by
 * sweeps until it stops changing. */
typedef struct Model { int v[SIDE][SIDE]; } Model;

static bool shows(const Model *m, uint64_t mask, Coord c) {
  if (c.x < 0 || c.y < 0 || c.x >= SIDE || c.y >= SIDE) return false;
  int v = m->v[c.y][c.x];
  return v >= 0 && v < 64 && (mask >> v & 1);
}

static bool naive(const Model *m, GridKind g, uint64_t mask, const Coord *f, int nf, const Coord *t, int nt) {
  bool reached[SIDE][SIDE] = {{false}};
  for (int i = 0; i < nf; i++)
    if (shows(m, mask, f[i])) reached[f[i].y][f[i].x] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (int y = 0; y < SIDE; y++)
      for (int x = 0; x < SIDE; x++) {
        if (reached[y][x] || !shows(m, mask, (Coord){(int16_t)x, (int16_t)y})) continue;
        for (int d = 0; d < grid_dir_count(g); d++) {
          Coord n = grid_step(g, (Coord){(int16_t)x, (int16_t)y}, d);
          if (shows(m, mask, n) && reached[n.y][n.x]) {
            reached[y][x] = grew = true;
            break;
          }
        }
      }
  }
  for (int i = 0; i < nt; i++)
    if (shows(m, mask, t[i]) && reached[t[i].y][t[i].x]) return true;
  return false;
}

START_TEST(test_hex_rhombus) {
  /* a chain of 1s down the rhombus through the axial diagonal step (-1, +1) */
  Board *b = new_board(GRID_HEX, BOARD_BOUND_FIXED, MAXC);
  Coord top[SIDE], bottom[SIDE];
  for (int i = 0; i < SIDE; i++) top[i] = (Coord){(int16_t)i, 0}, bottom[i] = (Coord){(int16_t)i, SIDE - 1};
  for (int y = 0; y < SIDE - 1; y++) put(b, 1, SIDE - 1 - y, y);
  ck_assert(!connects(b, 1u << 1, top, SIDE, bottom, SIDE)); /* one row short */
  put(b, 2, 0, SIDE - 1);
  ck_assert(!connects(b, 1u << 1, top, SIDE, bottom, SIDE)); /* the other colour blocks */
  ck_assert(connects(b, 1u << 1 | 1u << 2, top, SIDE, bottom, SIDE)); /* either colour joins */
  ck_assert(!connects(b, 1u << 1, top, SIDE, top, 0)); /* no target */
  ck_assert(connects(b, 1u << 1, top, SIDE, top, SIDE)); /* a shared cell joins itself */
  free(b);
}
END_TEST

START_TEST(test_square_no_diagonals) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 16);
  put(b, 1, 0, 0);
  put(b, 1, 1, 1);
  Coord a = {0, 0}, z = {1, 1}, empty = {5, 5};
  ck_assert(!connects(b, 1u << 1, &a, 1, &z, 1));
  put(b, 1, 1, 0);
  ck_assert(connects(b, 1u << 1, &a, 1, &z, 1));
  ck_assert(!connects(b, 1u << 1, &a, 1, &empty, 1));
  free(b);
}
END_TEST

/* Random queries on one board against the model: from and to lists with
 * cells also just outside the board. */
static void queries_against_naive(const Board *b, const Model *m, GridKind g) {
  for (int q = 0; q < 10; q++) {
    Coord f[12], t[12];
    int nf = rand() % 12, nt = rand() % 12;
    for (int i = 0; i < nf; i++) f[i] = (Coord){(int16_t)(rand() % (SIDE + 2) - 1), (int16_t)(rand() % (SIDE + 2) - 1)};
    for (int i = 0; i < nt; i++) t[i] = (Coord){(int16_t)(rand() % (SIDE + 2) - 1), (int16_t)(rand() % (SIDE + 2) - 1)};
    uint64_t mask = (uint64_t)(rand() % 16);
    ck_assert_int_eq(connects(b, mask, f, nf, t, nt), naive(m, g, mask, f, nf, t, nt));
  }
}

START_TEST(test_against_naive) {
  srand(17);
  for (int round = 0; round < 600; round++) {
    GridKind g = round % 2 ? GRID_HEX : GRID_SQUARE;
    int bound = round % 3 ? BOARD_BOUND_FIXED : BOARD_BOUND_NONE;
    Board *b = new_board(g, bound, MAXC);
    Model m;
    memset(&m, -1, sizeof m);
    int fill = rand() % 100;
    for (int y = 0; y < SIDE; y++)
      for (int x = 0; x < SIDE; x++)
        if (rand() % 100 < fill) put(b, m.v[y][x] = rand() % 4, x, y);
    queries_against_naive(b, &m, g);
    free(b);
  }
}
END_TEST

/* Window bounds (the index's origin set by the first cell), capacities
 * that make 1-, 2- and 4-byte index slots, and a second level whose
 * stones cover the first with another value (or the same). */
START_TEST(test_board_kinds_against_naive) {
  static const int capacities[] = {2 * MAXC, 300, 70000};
  srand(29);
  for (int round = 0; round < 360; round++) {
    GridKind g = round % 2 ? GRID_HEX : GRID_SQUARE;
    int bound = (round / 2) % 3 == 0 ? BOARD_BOUND_WINDOW : (round / 2) % 3 == 1 ? BOARD_BOUND_FIXED : BOARD_BOUND_NONE;
    Board *b = new_stacked_board(g, bound, capacities[(round / 6) % 3], 2);
    Model m;
    memset(&m, -1, sizeof m);
    int fill = rand() % 100, cover = rand() % 100;
    for (int y = 0; y < SIDE; y++)
      for (int x = 0; x < SIDE; x++)
        if (rand() % 100 < fill) put(b, m.v[y][x] = rand() % 4, x, y);
    for (int y = 0; y < SIDE; y++)
      for (int x = 0; x < SIDE; x++)
        if (m.v[y][x] >= 0 && rand() % 100 < cover) put_at_level(b, m.v[y][x] = rand() % 4, x, y, 1);
    queries_against_naive(b, &m, g);
    free(b);
  }
}
END_TEST

/* A hexagon-shaped board (side 5 in the 9x9 rectangle): its direct index
 * spans the rectangle, the cut corners stay empty. */
START_TEST(test_hexagon_against_naive) {
  srand(31);
  for (int round = 0; round < 120; round++) {
    BoardSpec spec = {.grid = GRID_HEX, .bound = BOARD_BOUND_FIXED, .shape = BOARD_SHAPE_HEXAGON, .levels = 1,
                      .w = SIDE, .h = SIDE, .capacity = MAXC};
    Board *b = malloc(board_bytes(&spec));
    ck_assert_ptr_nonnull(b);
    board_init(b, &spec);
    Model m;
    memset(&m, -1, sizeof m);
    int fill = rand() % 100;
    for (int y = 0; y < SIDE; y++)
      for (int x = 0; x < SIDE; x++)
        if (board_shape_holds(&b->spec, (Coord){(int16_t)x, (int16_t)y}) && rand() % 100 < fill)
          put(b, m.v[y][x] = rand() % 4, x, y);
    queries_against_naive(b, &m, GRID_HEX);
    free(b);
  }
}
END_TEST

static Suite *connect_suite(void) {
  Suite *s = suite_create("connect");
  TCase *tc = tcase_create("connects");
  tcase_add_test(tc, test_hex_rhombus);
  tcase_add_test(tc, test_square_no_diagonals);
  tcase_add_test(tc, test_against_naive);
  tcase_add_test(tc, test_board_kinds_against_naive);
  tcase_add_test(tc, test_hexagon_against_naive);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(connect_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
