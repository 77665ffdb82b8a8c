/* check_placements.c — board_placements: hand-counted cases, then a
 * differential test against a deliberately naive enumerator written here.
 *
 * The naive side keeps its own model of the board (a plain 2D array), its own
 * orientation arithmetic (cube coordinates on hex), scans a big coordinate
 * box, checks every rule literally and dedupes by comparing sorted
 * footprints with every earlier kept one. It shares nothing with the code
 * under test but the headers' types. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"

/* ---- helpers ---- */

static Board *new_board(int grid, int bound, int levels, int w, int h, int capacity) {
  BoardSpec spec = {.grid = (uint8_t)grid, .bound = (uint8_t)bound, .levels = (uint8_t)levels,
                    .w = (int16_t)w, .h = (int16_t)h, .capacity = capacity};
  Board *b = malloc(board_bytes(&spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, &spec);
  return b;
}

static TileDef make_tile(int n, const int *dx, const int *dy, const int *v, bool reflections) {
  TileDef t = {.cell_count = (uint8_t)n, .reflections = reflections};
  for (int i = 0; i < n; i++) {
    t.dx[i] = (int8_t)dx[i], t.dy[i] = (int8_t)dy[i], t.value[i] = (int16_t)v[i];
  }
  return t;
}

static TileDef token(int v) { return make_tile(1, (int[]){0}, (int[]){0}, (int[]){v}, false); }

static TileDef domino(int a, int b) {
  return make_tile(2, (int[]){0, 1}, (int[]){0, 0}, (int[]){a, b}, false);
}

static Placement at(int tile, int x, int y, int o, int level) {
  return (Placement){.tile = tile, .at = {(int16_t)x, (int16_t)y}, .orientation = o, .level = level};
}

enum { BIG = 8192 };
static Placement got[BIG], want[BIG];

static int count(const Board *b, const TileDef *tiles, int tile, PlaceMode mode) {
  return board_placements(b, tiles, tile, mode, NULL, NULL, got, BIG);
}

/* ---- hand-counted cases ---- */

/* A domino next to one token on an unbounded square board: each of the 4
 * neighbours of the token lies in 3 domino positions that avoid the token,
 * and no position holds two neighbours: 12 positions, 2 ways round each. */
START_TEST(test_square_domino_next_to_token) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 1, 0, 0, 64);
  TileDef tiles[3] = {token(99), domino(1, 2), domino(3, 3)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  ck_assert_int_eq(count(b, tiles, 1, PLACE_ADJACENT), 24);
  ck_assert_int_eq(count(b, tiles, 2, PLACE_ADJACENT), 12); /* a double: turned round is the same */
  ck_assert_int_eq(count(b, tiles, 0, PLACE_ADJACENT), 4);
  ck_assert_int_eq(count(b, tiles, 1, PLACE_ANYWHERE), 24); /* unbounded: same as adjacent */
  /* canonical order: first is the highest anchor row: (0,-2) turned south */
  count(b, tiles, 1, PLACE_ADJACENT);
  ck_assert_int_eq(got[0].at.x, 0);
  ck_assert_int_eq(got[0].at.y, -2);
  ck_assert_int_eq(got[0].orientation, 1);
  ck_assert_int_eq(got[0].level, 0);
  ck_assert_int_eq(got[0].tile, 1);
  free(b);
}
END_TEST

/* Hex: 6 neighbours x 5 partners (not the token), minus the 6 ring edges
 * counted twice = 24 positions. */
START_TEST(test_hex_domino_around_tile) {
  Board *b = new_board(GRID_HEX, BOARD_BOUND_NONE, 1, 0, 0, 64);
  TileDef tiles[3] = {token(99), domino(1, 2), domino(4, 4)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  ck_assert_int_eq(count(b, tiles, 1, PLACE_ADJACENT), 48);
  ck_assert_int_eq(count(b, tiles, 2, PLACE_ADJACENT), 24);
  ck_assert_int_eq(count(b, tiles, 0, PLACE_ADJACENT), 6);
  free(b);
}
END_TEST

START_TEST(test_empty_boards) {
  TileDef tiles[2] = {domino(1, 2), domino(5, 5)};
  for (int grid = 0; grid < 2; grid++) {
    int n = grid == GRID_HEX ? 6 : 4;
    Board *u = new_board(grid, BOARD_BOUND_NONE, 1, 0, 0, 8);
    ck_assert_int_eq(count(u, tiles, 0, PLACE_ADJACENT), n); /* at (0,0), every direction */
    ck_assert_int_eq(count(u, tiles, 1, PLACE_ADJACENT), n); /* distinct cells, so no dedupe */
    for (int i = 0; i < n; i++) {
      ck_assert(got[i].at.x == 0 && got[i].at.y == 0);
      ck_assert_int_eq(got[i].orientation, i);
    }
    free(u);
    Board *w1 = new_board(grid, BOARD_BOUND_WINDOW, 1, 1, 1, 8);
    ck_assert_int_eq(count(w1, tiles, 0, PLACE_ADJACENT), 0); /* a domino never fits 1x1 */
    free(w1);
  }
  /* Fixed 3x2: 4 horizontal + 3 vertical positions. */
  Board *f = new_board(GRID_SQUARE, BOARD_BOUND_FIXED, 1, 3, 2, 8);
  ck_assert_int_eq(count(f, tiles, 0, PLACE_ADJACENT), 14);
  ck_assert_int_eq(count(f, tiles, 1, PLACE_ADJACENT), 7);
  ck_assert_int_eq(count(f, tiles, 0, PLACE_ANYWHERE), 14);
  ck_assert_int_eq(count(f, tiles, 0, PLACE_STACK), 0);
  free(f);
}
END_TEST

/* A 5x5 window holding a row of five: only the rows above and below remain,
 * and no cell east or west of the row. */
START_TEST(test_window_limit) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 5, 5, 64);
  TileDef tiles[2] = {token(1), domino(1, 2)};
  for (int x = 0; x < 5; x++) ck_assert_int_eq(board_place(b, &tiles[0], at(0, x, 0, 0, 0)), 0);
  ck_assert_int_eq(count(b, tiles, 0, PLACE_ADJACENT), 10);
  /* Upright: 5 columns x 2 sides x 2 ways round; flat: 4 per row x 2 rows x 2 ways. */
  ck_assert_int_eq(count(b, tiles, 1, PLACE_ADJACENT), 36);
  int upright = 0;
  for (int i = 0; i < 36; i++) {
    upright += got[i].orientation % 2 == 1;
    ck_assert(got[i].at.x >= 0 && got[i].at.x <= 4);
  }
  ck_assert_int_eq(upright, 20);
  free(b);
}
END_TEST

static TileDef tetromino(char kind, int v, bool reflections) {
  switch (kind) {
  case 'T': return make_tile(4, (int[]){0, 1, 2, 1}, (int[]){0, 0, 0, 1}, (int[]){v, v, v, v}, reflections);
  case 'O': return make_tile(4, (int[]){0, 1, 0, 1}, (int[]){0, 0, 1, 1}, (int[]){v, v, v, v}, reflections);
  default: return make_tile(4, (int[]){0, 1, 1, 2}, (int[]){0, 0, 1, 1}, (int[]){v, v, v, v}, reflections);
  }
}

START_TEST(test_symmetric_tetrominoes) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 1, 0, 0, 64);
  TileDef tiles[7] = {token(0), tetromino('T', 1, false), tetromino('T', 1, true),
                      tetromino('O', 1, false), tetromino('O', 1, true), tetromino('S', 1, false),
                      tetromino('S', 1, true)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  /* O: the 2x2 blocks holding a neighbour of the token but not the token */
  ck_assert_int_eq(count(b, tiles, 3, PLACE_ADJACENT), 8);
  ck_assert_int_eq(count(b, tiles, 4, PLACE_ADJACENT), 8);
  /* T is its own mirror image: reflections add nothing */
  ck_assert_int_eq(count(b, tiles, 1, PLACE_ADJACENT), count(b, tiles, 2, PLACE_ADJACENT));
  /* S turned half round is itself; its mirror (Z) is new */
  int s = count(b, tiles, 5, PLACE_ADJACENT), sz = count(b, tiles, 6, PLACE_ADJACENT);
  ck_assert_int_eq(sz, 2 * s);
  free(b);
}
END_TEST

/* Two dominoes side by side make a 2x2 block to stack on. */
START_TEST(test_stacking_counts) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 3, 0, 0, 64);
  TileDef tiles[2] = {domino(1, 2), domino(3, 4)};
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 1, 0, 0)), 0);
  ck_assert_int_eq(count(b, tiles, 1, PLACE_STACK), 8);
  for (int i = 0; i < 8; i++) ck_assert_int_eq(got[i].level, 1);
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 0, 0, 1, 1)), 0); /* on (0,0) (0,1) */
  ck_assert_int_eq(count(b, tiles, 1, PLACE_STACK), 4); /* column 1 at level 0, column 0 at 1 */
  /* uneven: the rows too, one level above their higher cell (level 1 at x 0) */
  ck_assert_int_eq(count(b, tiles, 1, PLACE_STACK_UNEVEN), 8);
  ck_assert_int_eq(got[0].level, 2);                 /* (0,0)-(1,0) E: levels 1 and 0 */
  ck_assert_int_eq(got[1].level, 2);                 /* (0,0)-(0,1) S: both at 1 */
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 1, 0, 1, 1)), 0);
  ck_assert_int_eq(count(b, tiles, 1, PLACE_STACK), 8); /* all four cells at level 1 */
  ck_assert_int_eq(got[0].level, 2);
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 0, 0, 0, 2)), 0);
  ck_assert_int_eq(count(b, tiles, 1, PLACE_STACK), 2); /* row 1 only: level 2 is the last */
  free(b);
  Board *flat = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 1, 0, 0, 8);
  ck_assert_int_eq(board_place(flat, &tiles[0], at(0, 0, 0, 0, 0)), 0);
  ck_assert_int_eq(count(flat, tiles, 0, PLACE_STACK), 0);
  free(flat);
}
END_TEST

static bool odd_x(void *ctx, const Board *b, Placement p) {
  (void)b;
  ++*(int *)ctx;
  return p.at.x & 1;
}

START_TEST(test_filter_and_cap) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_NONE, 1, 0, 0, 64);
  TileDef tiles[2] = {token(99), domino(1, 2)};
  board_place(b, &tiles[0], at(0, 0, 0, 0, 0));
  int all = count(b, tiles, 1, PLACE_ADJACENT);
  Placement every[64];
  memcpy(every, got, sizeof(Placement) * (size_t)all);
  int calls = 0, odd = 0;
  for (int i = 0; i < all; i++) odd += every[i].at.x & 1;
  ck_assert_int_eq(board_placements(b, tiles, 1, PLACE_ADJACENT, odd_x, &calls, got, BIG), odd);
  ck_assert_int_eq(calls, all);
  for (int cap = 1; cap < all; cap += 5) {
    ck_assert_int_eq(board_placements(b, tiles, 1, PLACE_ADJACENT, NULL, NULL, got, cap), cap);
    ck_assert_mem_eq(got, every, sizeof(Placement) * (size_t)cap);
  }
  ck_assert_int_eq(board_placements(b, tiles, 1, PLACE_ADJACENT, NULL, NULL, got, 0), 0);
  free(b);
}
END_TEST

/* board_frame: the occupied box with a margin of the tile's span + 1, cut
 * to the window; flat (one word, `span` guard bits after each row, at least
 * one) when that fits 64 bits, else a word per row. */
START_TEST(test_frame_layouts) {
  TileDef tiles[3] = {token(1), domino(1, 2),
                      make_tile(3, (int[]){0, 1, 2}, (int[]){0, 0, 0}, (int[]){1, 1, 1}, false)};
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 5, 5, 64);
  BoardFrame f;
  ck_assert(!board_frame(b, &tiles[1], &f)); /* empty: no frame */
  board_place(b, &tiles[0], at(0, 0, 0, 0, 0));
  board_place(b, &tiles[0], at(0, 2, 0, 0, 0));
  board_place(b, &tiles[0], at(0, 0, 2, 0, 0));
  ck_assert(board_frame(b, &tiles[1], &f)); /* box -2..4 both ways, and so the margin */
  ck_assert(f.x0 == -2 && f.y0 == -2 && f.w == 7 && f.h == 7);
  ck_assert(f.words == 1 && f.row_bit == 8 && f.row_word == 0);
  ck_assert(f.cells == 0x007f7f7f7f7f7f7fULL);
  ck_assert(board_frame(b, &tiles[2], &f)); /* span 2: two guard bits, 9 x 7 = 63 */
  ck_assert(f.w == 7 && f.h == 7 && f.row_bit == 9 && f.words == 1);
  uint64_t occ;
  board_frame_occupied(b, &f, &occ);
  uint64_t one = 1;
  ck_assert(occ == (one << (2 + 2 * 9) | one << (4 + 2 * 9) | one << (2 + 4 * 9)));
  free(b);
  Board *u = new_board(GRID_HEX, BOARD_BOUND_NONE, 1, 0, 0, 64);
  for (int x = 0; x < 5; x++) board_place(u, &tiles[0], at(0, x, 0, 0, 0));
  ck_assert(board_frame(u, &tiles[1], &f)); /* 9 x 5, stride 10: flat */
  ck_assert(f.x0 == -2 && f.w == 9 && f.h == 5 && f.row_bit == 10 && f.words == 1);
  board_place(u, &tiles[0], at(0, 6, 2, 0, 0));
  ck_assert(board_frame(u, &tiles[1], &f)); /* 11 x 7: a word per row */
  ck_assert(f.w == 11 && f.h == 7 && f.words == 7 && f.row_bit == 0 && f.row_word == 1);
  ck_assert(f.cells == 0x7ff);
  uint64_t rows[7];
  board_frame_occupied(u, &f, rows);
  ck_assert(rows[2] == 0x7c && rows[4] == 0x100 && rows[0] == 0);
  board_frame_grow(rows, &f, GRID_HEX); /* (8,4) grows to (9,3) (7,5) (7,4) (9,4) (8,3) (8,5) */
  ck_assert(rows[3] == (0x300 | 0x7c | 0x7c >> 1 | 0x7c << 1 >> 1) && rows[5] == 0x180);
  free(u);
}
END_TEST

/* Touch words over a frame that carries its tile's orientations: another
 * tile taking that cache slot in between (tiles 0 and 64 of one table share
 * it) must not change the answer. Touch words = the plain rule's. */
START_TEST(test_frame_shape_reused_slot) {
  static TileDef tiles[65];
  for (int i = 0; i < 65; i++) tiles[i] = domino(i % 7, (i * 3) % 7);
  tiles[0] = domino(1, 2), tiles[64] = domino(3, 3);
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 5, 5, 64);
  board_place(b, &tiles[0], at(0, 0, 0, 0, 0));
  board_place(b, &tiles[0], at(0, 1, 1, 1, 0));
  int want = count(b, tiles, 0, PLACE_ADJACENT);
  ck_assert_int_gt(want, 8);
  BoardFrame fa, fb;
  ck_assert(board_frame(b, &tiles[0], &fa));
  uint64_t occ, near;
  board_frame_occupied(b, &fa, &occ);
  near = occ;
  board_frame_grow(&near, &fa, GRID_SQUARE);
  ck_assert(board_frame(b, &tiles[64], &fb)); /* the double takes the slot */
  PlaceOptions opt = {.frame = &fa, .occupied = &occ, .touch = {&near, &near}};
  static Placement again[BIG];
  ck_assert_int_eq(board_placements_with(b, tiles, 0, PLACE_ADJACENT, &opt, again, BIG), want);
  ck_assert_mem_eq(again, got, sizeof(Placement) * (size_t)want);
  static int64_t packed[BIG];
  const uint64_t *touch[2] = {&near, &near};
  ck_assert(board_frame(b, &tiles[64], &fb));
  ck_assert_int_eq(board_placements_words(b, tiles, 0, &fa, &occ, touch, packed, BIG), want);
  for (int i = 0; i < want; i++) {
    Placement p = got[i];
    p.grid = GRID_SQUARE;
    ck_assert(packed[i] == placement_pack(p));
  }
  free(b);
}
END_TEST

/* Shapes are cached by tile id too: two tables whose tile 0 differs (a
 * domino, a double with half its orientations) share that slot, and each
 * must still get its own orientations, enumerated plainly or from the
 * value words, whatever the order of the calls. */
START_TEST(test_shape_slot_shared_by_id) {
  TileDef plain[2] = {domino(1, 2), token(9)}, doubled[2] = {domino(3, 3), token(9)};
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 5, 5, 64);
  ck_assert_int_eq(board_place(b, &plain[1], at(1, 0, 0, 0, 0)), 0);
  const uint64_t occ = 1, match[2] = {1, 1}; /* the token, at the words' corner */
  for (int round = 0; round < 2; round++) {
    ck_assert_int_eq(count(b, plain, 0, PLACE_ADJACENT), 24); /* 12 positions, 2 ways */
    ck_assert_int_eq(count(b, doubled, 0, PLACE_ADJACENT), 12);
    ck_assert_int_eq(board_placements_kept(b, plain, 0, occ, match, got, NULL, BIG), 24);
    ck_assert_int_eq(board_placements_kept(b, doubled, 0, occ, match, got, NULL, BIG), 12);
  }
  free(b);
}
END_TEST

/* ---- the naive model ---- */

enum { NSIZE = 320, NOFF = 160 };

typedef struct Naive {
  int grid, bound, levels, w, h;
  int count;
  int min_x, min_y, max_x, max_y;
  int height[NSIZE][NSIZE]; /* cells stacked here: 0 = empty */
  int value[NSIZE][NSIZE];  /* top value */
} Naive;

static Naive nv;

static void naive_init(int grid, int bound, int levels, int w, int h) {
  memset(&nv, 0, sizeof nv);
  nv.grid = grid, nv.bound = bound, nv.levels = levels, nv.w = w, nv.h = h;
}

static int naive_height(int x, int y) {
  if (x + NOFF < 0 || x + NOFF >= NSIZE || y + NOFF < 0 || y + NOFF >= NSIZE) return 0;
  return nv.height[y + NOFF][x + NOFF];
}

static bool naive_neighbour_occupied(int x, int y) {
  static const int sq[4][2] = {{0, -1}, {-1, 0}, {1, 0}, {0, 1}};
  static const int hx[6][2] = {{1, -1}, {0, -1}, {-1, 0}, {1, 0}, {0, 1}, {-1, 1}};
  if (nv.grid == GRID_HEX) {
    for (int i = 0; i < 6; i++)
      if (naive_height(x + hx[i][0], y + hx[i][1])) return true;
  } else {
    for (int i = 0; i < 4; i++)
      if (naive_height(x + sq[i][0], y + sq[i][1])) return true;
  }
  return false;
}

/* Square: quarter turns clockwise with y pointing down; mirror x -> -x.
 * Hex: through cube coordinates (q, r, s): a sixth turn clockwise is
 * (q, r, s) -> (-r, -s, -q); the mirror swaps q and s. */
static void naive_orient(int o, int x, int y, int *ox, int *oy) {
  if (nv.grid == GRID_HEX) {
    int q = x, r = y, s = -x - y;
    if (o >= 6) {
      int t = q;
      q = s, s = t;
      o -= 6;
    }
    for (int i = 0; i < o; i++) {
      int nq = -r, nr = -s, ns = -q;
      q = nq, r = nr, s = ns;
    }
    *ox = q, *oy = r;
  } else {
    static const int m[4][4] = {{1, 0, 0, 1}, {0, -1, 1, 0}, {-1, 0, 0, -1}, {0, 1, -1, 0}};
    if (o >= 4) x = -x, o -= 4;
    *ox = m[o][0] * x + m[o][1] * y;
    *oy = m[o][2] * x + m[o][3] * y;
  }
}

static void naive_cells(const TileDef *t, int ax, int ay, int o, int *cx, int *cy) {
  int bx, by;
  naive_orient(o, t->dx[0], t->dy[0], &bx, &by);
  for (int i = 0; i < t->cell_count; i++) {
    int tx, ty;
    naive_orient(o, t->dx[i], t->dy[i], &tx, &ty);
    cx[i] = ax + tx - bx, cy[i] = ay + ty - by;
  }
}

/* Returns the level of a legal candidate, or -1. */
static int naive_legal(const TileDef *t, int ax, int ay, int o, PlaceMode mode) {
  int cx[TILE_MAX_CELLS] = {0}, cy[TILE_MAX_CELLS] = {0}, n = t->cell_count; /* tiles have >= 1 cell */
  naive_cells(t, ax, ay, o, cx, cy);
  if (nv.bound == BOARD_BOUND_FIXED)
    for (int i = 0; i < n; i++)
      if (cx[i] < 0 || cy[i] < 0 || cx[i] >= nv.w || cy[i] >= nv.h) return -1;
  if (nv.bound == BOARD_BOUND_WINDOW) {
    int x0 = cx[0], x1 = cx[0], y0 = cy[0], y1 = cy[0];
    if (nv.count) {
      x0 = nv.min_x < x0 ? nv.min_x : x0, x1 = nv.max_x > x1 ? nv.max_x : x1;
      y0 = nv.min_y < y0 ? nv.min_y : y0, y1 = nv.max_y > y1 ? nv.max_y : y1;
    }
    for (int i = 0; i < n; i++) {
      if (cx[i] < x0) x0 = cx[i];
      if (cx[i] > x1) x1 = cx[i];
      if (cy[i] < y0) y0 = cy[i];
      if (cy[i] > y1) y1 = cy[i];
    }
    if (x1 - x0 + 1 > nv.w || y1 - y0 + 1 > nv.h) return -1;
  }
  if (mode == PLACE_STACK_UNEVEN) { /* all occupied, any heights: one above the highest */
    int top = 0;
    for (int i = 0; i < n; i++) {
      int h = naive_height(cx[i], cy[i]);
      if (h == 0) return -1;
      if (h > top) top = h;
    }
    return top < nv.levels ? top : -1;
  }
  if (mode == PLACE_STACK) {
    int h = naive_height(cx[0], cy[0]);
    for (int i = 0; i < n; i++)
      if (naive_height(cx[i], cy[i]) != h) return -1;
    if (h == 0 || h >= nv.levels) return -1; /* new level h must be < levels */
    return h;
  }
  for (int i = 0; i < n; i++)
    if (naive_height(cx[i], cy[i])) return -1;
  bool fixed = nv.bound == BOARD_BOUND_FIXED;
  if (mode == PLACE_ANYWHERE && fixed) return 0;
  if (nv.count == 0) return fixed || (ax == 0 && ay == 0) ? 0 : -1;
  for (int i = 0; i < n; i++)
    if (naive_neighbour_occupied(cx[i], cy[i])) return 0;
  return -1;
}

typedef struct Footprint {
  int n;
  int key[TILE_MAX_CELLS][3]; /* (y, x, value) sorted */
} Footprint;

static Footprint seen[BIG];

static int cmp_key(const void *a, const void *b) {
  const int *p = a, *q = b;
  for (int i = 0; i < 3; i++)
    if (p[i] != q[i]) return p[i] < q[i] ? -1 : 1;
  return 0;
}

static int naive_placements(const Board *b, const TileDef *tiles, int tid, PlaceMode mode,
                            PlacementFilter filter, void *ctx, Placement *out, int cap) {
  const TileDef *t = &tiles[tid];
  int orients = (nv.grid == GRID_HEX ? 6 : 4) * (t->reflections ? 2 : 1);
  int x0 = -12, x1 = 12, y0 = -12, y1 = 12;
  if (nv.count) {
    if (nv.min_x - 12 < x0) x0 = nv.min_x - 12;
    if (nv.max_x + 12 > x1) x1 = nv.max_x + 12;
    if (nv.min_y - 12 < y0) y0 = nv.min_y - 12;
    if (nv.max_y + 12 > y1) y1 = nv.max_y + 12;
  }
  if (nv.bound == BOARD_BOUND_FIXED) {
    if (nv.w + 12 > x1) x1 = nv.w + 12;
    if (nv.h + 12 > y1) y1 = nv.h + 12;
  }
  int nseen = 0, nout = 0;
  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      for (int o = 0; o < orients; o++) {
        int level = naive_legal(t, x, y, o, mode);
        if (level < 0) continue;
        Footprint f = {.n = t->cell_count};
        int cx[TILE_MAX_CELLS], cy[TILE_MAX_CELLS];
        naive_cells(t, x, y, o, cx, cy);
        for (int i = 0; i < f.n; i++) f.key[i][0] = cy[i], f.key[i][1] = cx[i], f.key[i][2] = t->value[i];
        qsort(f.key, (size_t)f.n, sizeof f.key[0], cmp_key);
        bool dup = false;
        for (int s = 0; s < nseen && !dup; s++) dup = memcmp(&seen[s], &f, sizeof f) == 0;
        if (dup) continue;
        if (nseen == BIG) ck_abort_msg("naive footprint table full");
        seen[nseen++] = f;
        Placement p = {.tile = tid, .at = {(int16_t)x, (int16_t)y}, .orientation = o, .level = level,
                       .grid = nv.grid};
        if (filter && !filter(ctx, b, p)) continue;
        if (nout < cap) out[nout++] = p;
      }
  return nout;
}

static void naive_place(const TileDef *t, Placement p) {
  int cx[TILE_MAX_CELLS], cy[TILE_MAX_CELLS];
  naive_cells(t, p.at.x, p.at.y, p.orientation, cx, cy);
  for (int i = 0; i < t->cell_count; i++) {
    if (cx[i] + NOFF < 0 || cx[i] + NOFF >= NSIZE || cy[i] + NOFF < 0 || cy[i] + NOFF >= NSIZE)
      ck_abort_msg("naive model too small");
    nv.height[cy[i] + NOFF][cx[i] + NOFF] = p.level + 1;
    nv.value[cy[i] + NOFF][cx[i] + NOFF] = t->value[i];
    if (nv.count == 0 || cx[i] < nv.min_x) nv.min_x = cx[i];
    if (nv.count == 0 || cx[i] > nv.max_x) nv.max_x = cx[i];
    if (nv.count == 0 || cy[i] < nv.min_y) nv.min_y = cy[i];
    if (nv.count == 0 || cy[i] > nv.max_y) nv.max_y = cy[i];
    nv.count++;
  }
}

/* ---- the differential test ---- */

static uint64_t rng_state;
static int compared, nonempty; /* sanity: the comparisons were not all trivial */

static uint32_t rnd(uint32_t n) {
  rng_state ^= rng_state >> 12, rng_state ^= rng_state << 25, rng_state ^= rng_state >> 27;
  return (uint32_t)((rng_state * 0x2545F4914F6CDD1DULL) >> 33) % n;
}

/* A random polyomino: a random walk of n distinct cells, in random order (so
 * cell 0 need not be at (0,0)), values from a small range so repeats occur. */
static TileDef random_tile(void) {
  int n = 1 + (int)rnd(5), dx[TILE_MAX_CELLS], dy[TILE_MAX_CELLS], v[TILE_MAX_CELLS];
  dx[0] = dy[0] = 0;
  for (int i = 1; i < n; i++) {
    for (;;) {
      int from = (int)rnd((uint32_t)i), d = (int)rnd(4);
      int x = dx[from] + (d == 0) - (d == 2), y = dy[from] + (d == 1) - (d == 3);
      bool taken = false;
      for (int j = 0; j < i; j++) taken |= dx[j] == x && dy[j] == y;
      if (!taken) {
        dx[i] = x, dy[i] = y;
        break;
      }
    }
  }
  for (int i = n - 1; i > 0; i--) { /* shuffle cell order */
    int j = (int)rnd((uint32_t)i + 1), tx = dx[i], ty = dy[i];
    dx[i] = dx[j], dy[i] = dy[j], dx[j] = tx, dy[j] = ty;
  }
  int range = 1 + (int)rnd(3);
  for (int i = 0; i < n; i++) v[i] = (int)rnd((uint32_t)range);
  return make_tile(n, dx, dy, v, rnd(2));
}

static bool salted_filter(void *ctx, const Board *b, Placement p) {
  (void)b;
  int salt = *(int *)ctx;
  return ((p.at.x * 7 + p.at.y * 13 + p.orientation * 3 + salt) & 3) != 0;
}

static bool same_placement(Placement a, Placement b) {
  return a.tile == b.tile && a.at.x == b.at.x && a.at.y == b.at.y &&
         a.orientation == b.orientation && a.level == b.level;
}

/* board_placements_kept with every tile cell touching any occupied cell
 * (the plain rule, in the value words' layout) gives the naive answer,
 * packed or not, capped or not — or -1 when its frame does not fit a word
 * at the words' stride. */
static int kept_compared, kept_skipped;

static void compare_kept(const Board *b, const TileDef *tiles, int tid, int n_want) {
  const ValueWords *vw = board_value_words(b);
  if (!vw || b->count == 0) return;
  uint64_t occ = 0, match[TILE_MAX_CELLS];
  for (int i = 0; i < BOARD_VALUE_SLOTS; i++) occ |= vw->word[i];
  for (int i = 0; i < TILE_MAX_CELLS; i++) match[i] = occ;
  static int64_t packed[BIG];
  int cap = rnd(3) ? BIG : 1 + (int)rnd((uint32_t)n_want + 1);
  int n = board_placements_kept(b, tiles, tid, occ, match, got, NULL, cap);
  if (n < 0) {
    kept_skipped++;
    return;
  }
  int n_packed = board_placements_kept(b, tiles, tid, occ, match, NULL, packed, cap);
  ck_assert_int_eq(n, n_want < cap ? n_want : cap);
  ck_assert_int_eq(n_packed, n);
  for (int i = 0; i < n; i++) {
    Placement p = want[i];
    if (!same_placement(got[i], p)) ck_abort_msg("kept: item %d differs", i);
    p.grid = b->spec.grid;
    if (packed[i] != placement_pack(p)) ck_abort_msg("kept: packed item %d differs", i);
  }
  kept_compared++;
}

/* Plain comparisons in the loops: every ck_assert is a checkpoint write. */
static void compare(const Board *b, const TileDef *tiles, int tid, PlaceMode mode, bool filtered,
                    int salt) {
  PlacementFilter f = filtered ? salted_filter : NULL;
  int n_want = naive_placements(b, tiles, tid, mode, f, &salt, want, BIG);
  int n_got = board_placements(b, tiles, tid, mode, f, &salt, got, BIG);
  ck_assert_int_eq(n_got, n_want);
  for (int i = 0; i < n_got; i++)
    if (!same_placement(got[i], want[i]))
      ck_abort_msg("mode %d tile %d item %d: got (%d,%d) o%d L%d, want (%d,%d) o%d L%d", mode, tid,
                   i, got[i].at.x, got[i].at.y, got[i].orientation, got[i].level, want[i].at.x,
                   want[i].at.y, want[i].orientation, want[i].level);
  static int64_t packed[BIG]; /* packed output: the same placements */
  PlaceOptions opt = {.filter = f, .ctx = &salt, .packed = packed};
  ck_assert_int_eq(board_placements_with(b, tiles, tid, mode, &opt, NULL, BIG), n_got);
  for (int i = 0; i < n_got; i++) {
    Placement p = got[i];
    p.grid = b->spec.grid;
    if (packed[i] != placement_pack(p)) ck_abort_msg("packed placement %d differs", i);
  }
  if (n_want > 2) { /* a smaller cap gives a prefix */
    int cap = 1 + (int)rnd((uint32_t)n_want - 1);
    ck_assert_int_eq(board_placements(b, tiles, tid, mode, f, &salt, got, cap), cap);
    for (int i = 0; i < cap; i++)
      if (!same_placement(got[i], want[i])) ck_abort_msg("capped list differs at %d", i);
  }
  if (mode == PLACE_ADJACENT && !filtered) compare_kept(b, tiles, tid, n_want);
  compared++;
  nonempty += n_want > 0;
}

/* Policy: 0 random, 1 go as far east as possible (long boards: frames over 64
 * columns take the plain-scan path), 2 a window board whose first tile is
 * put somewhere away from the origin (its index is centred there). */
static int run_board(int policy) {
  int grid = (int)rnd(2), bound = (int)rnd(3), levels = rnd(3) ? 1 + (int)rnd(4) : 1;
  int w = 0, h = 0;
  if (policy == 1) bound = BOARD_BOUND_NONE;
  if (policy == 2) bound = BOARD_BOUND_WINDOW;
  if (bound == BOARD_BOUND_FIXED) {
    int shape = (int)rnd(6);
    w = shape == 0 ? 66 + (int)rnd(6) : shape == 1 ? 2 + (int)rnd(4) : 2 + (int)rnd(11);
    h = shape == 1 ? 129 + (int)rnd(4) : shape == 0 ? 2 + (int)rnd(5) : 2 + (int)rnd(11);
  } else if (bound == BOARD_BOUND_WINDOW) {
    w = 1 + (int)rnd(7), h = 1 + (int)rnd(7);
  }
  Board *b = new_board(grid, bound, levels, w, h, 1000);
  naive_init(grid, bound, levels, w, h);
  TileDef tiles[10];
  int ntiles = 0;
  tiles[ntiles++] = make_tile(1, (int[]){0}, (int[]){0}, (int[]){(int)rnd(3)}, false);
  int a = (int)rnd(3);
  tiles[ntiles++] = domino(a, (int)rnd(3));
  tiles[ntiles++] = domino(a, a);
  if (policy == 0) {
    tiles[ntiles++] = tetromino("TOS"[rnd(3)], (int)rnd(2), rnd(2));
    while (ntiles < 8) tiles[ntiles++] = random_tile();
  }
  if (policy == 2) {
    int tid = (int)rnd((uint32_t)ntiles);
    Placement first = at(tid, (int)rnd(101) - 50, (int)rnd(101) - 50,
                         (int)rnd((uint32_t)(grid == GRID_HEX ? 6 : 4)), 0);
    int ok = board_place(b, &tiles[tid], first);
    int cx[TILE_MAX_CELLS], cy[TILE_MAX_CELLS];
    naive_cells(&tiles[tid], first.at.x, first.at.y, first.orientation, cx, cy);
    bool reach = true; /* every cell within w-1, h-1 of the first */
    for (int i = 0; i < tiles[tid].cell_count; i++)
      reach &= abs(cx[i] - cx[0]) < w && abs(cy[i] - cy[0]) < h;
    ck_assert_int_eq(ok, reach ? 0 : -1);
    if (ok == 0) naive_place(&tiles[tid], first);
  }
  int steps = policy == 1 ? 45 : 6 + (int)rnd(20);
  for (int step = 0; step < steps; step++) {
    int tid = (int)rnd((uint32_t)ntiles);
    int r = (int)rnd(10);
    PlaceMode mode = r < 6 ? PLACE_ADJACENT : r < 8 ? PLACE_ANYWHERE : r < 9 ? PLACE_STACK : PLACE_STACK_UNEVEN;
    if (policy == 1) mode = PLACE_ADJACENT;
    compare(b, tiles, tid, mode, false, 0);
    if (rnd(3) == 0) compare(b, tiles, tid, mode, true, (int)rnd(4));
    if (policy == 0 && rnd(2)) compare(b, tiles, (int)rnd((uint32_t)ntiles), PLACE_STACK, false, 0);
    int n = naive_placements(b, tiles, tid, mode, NULL, NULL, want, BIG);
    if (n == 0) continue;
    int pick = (int)rnd((uint32_t)n);
    if (policy == 1)
      for (int i = 0; i < n; i++)
        if (want[i].at.x > want[pick].at.x) pick = i;
    ck_assert_int_eq(board_place(b, &tiles[tid], want[pick]), 0);
    naive_place(&tiles[tid], want[pick]);
  }
  int width = nv.count ? nv.max_x - nv.min_x + 1 : 0;
  free(b);
  return width;
}

START_TEST(test_differential_random_boards) {
  rng_state = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 300; i++) run_board(0);
  ck_assert_int_gt(compared, 5000);
  ck_assert_int_gt(nonempty, compared / 2);
  ck_assert_int_gt(kept_compared, 500);
  ck_assert_int_gt(kept_skipped, 50);
}
END_TEST

START_TEST(test_differential_windows_away_from_origin) {
  rng_state = 0x6A09E667F3BCC909ULL;
  for (int i = 0; i < 150; i++) run_board(2);
  ck_assert_int_gt(compared, 1500);
}
END_TEST

/* Stackings on a board of more than 512 entries, where the anchors come
 * from a scan of the occupied box instead of the sorted top entries
 * (placements.c), hex and square, with levels climbing. */
START_TEST(test_differential_stack_many_entries) {
  rng_state = 0x3C6EF372FE94F82BULL;
  for (int grid = GRID_SQUARE; grid <= GRID_HEX; grid++) {
    Board *b = new_board(grid, BOARD_BOUND_NONE, 4, 0, 0, 2000);
    naive_init(grid, BOARD_BOUND_NONE, 4, 0, 0);
    TileDef tiles[3] = {domino(0, 1), domino(1, 1), token(2)};
    for (int y = 0; y < 14; y++)
      for (int x = 0; x < 40; x += 2) {
        Placement p = at(0, x, y, 0, 0);
        ck_assert_int_eq(board_place(b, &tiles[0], p), 0);
        naive_place(&tiles[0], p);
      }
    ck_assert_int_gt(b->count, 512);
    for (int step = 0; step < 30; step++) {
      int tid = (int)rnd(3);
      compare(b, tiles, tid, PLACE_STACK, false, 0);
      int n = naive_placements(b, tiles, tid, PLACE_STACK, NULL, NULL, want, BIG);
      ck_assert_int_gt(n, 0);
      Placement p = want[rnd((uint32_t)n)];
      ck_assert_int_eq(board_place(b, &tiles[tid], p), 0);
      naive_place(&tiles[tid], p);
    }
    free(b);
  }
}
END_TEST

START_TEST(test_differential_long_boards) {
  rng_state = 0xD1B54A32D192ED03ULL;
  int widest = 0;
  for (int i = 0; i < 12; i++) {
    int w = run_board(1);
    if (w > widest) widest = w;
  }
  ck_assert_int_gt(widest, 70); /* the plain-scan path was exercised */
}
END_TEST

static Suite *placements_suite(void) {
  Suite *s = suite_create("placements");
  TCase *tc = tcase_create("hand");
  tcase_add_test(tc, test_square_domino_next_to_token);
  tcase_add_test(tc, test_hex_domino_around_tile);
  tcase_add_test(tc, test_empty_boards);
  tcase_add_test(tc, test_window_limit);
  tcase_add_test(tc, test_symmetric_tetrominoes);
  tcase_add_test(tc, test_stacking_counts);
  tcase_add_test(tc, test_filter_and_cap);
  tcase_add_test(tc, test_frame_layouts);
  tcase_add_test(tc, test_frame_shape_reused_slot);
  tcase_add_test(tc, test_shape_slot_shared_by_id);
  suite_add_tcase(s, tc);
  TCase *diff = tcase_create("differential");
  tcase_set_timeout(diff, 120);
  tcase_add_test(diff, test_differential_random_boards);
  tcase_add_test(diff, test_differential_long_boards);
  tcase_add_test(diff, test_differential_stack_many_entries);
  tcase_add_test(diff, test_differential_windows_away_from_origin);
  suite_add_tcase(s, diff);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(placements_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
