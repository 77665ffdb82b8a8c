/* check_board.c — the flat board: layout, both kinds of index (direct on
 * bounded boards, hashed on unbounded ones), placing, stacking, bounds and
 * the floating window (board.c). */
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

/* placement_cells' matrices against grid_transform itself, for every
 * orientation (and some outside 0..n-1, which wrap), with cell 0 away from
 * the tile's origin. */
START_TEST(test_orientation_matrices) {
  TileDef t = {.cell_count = 5, .dx = {1, 2, 1, 3, 0}, .dy = {1, 1, 2, 0, 4}, .value = {0}};
  for (int grid = 0; grid < 2; grid++)
    for (int o = -30; o <= 30; o++) {
      Coord out[TILE_MAX_CELLS];
      placement_cells((GridKind)grid, &t, at(0, 7, -3, o, 0), out);
      Coord base = grid_transform((GridKind)grid, (Coord){t.dx[0], t.dy[0]}, o);
      for (int i = 0; i < t.cell_count; i++) {
        Coord c = grid_transform((GridKind)grid, (Coord){t.dx[i], t.dy[i]}, o);
        ck_assert_int_eq(out[i].x, 7 + c.x - base.x);
        ck_assert_int_eq(out[i].y, -3 + c.y - base.y);
      }
    }
}
END_TEST

/* ---- value words ---- */

/* The value words against their definition (board.h), from the entries:
 * each slot in use holds one value, its word exactly the top cells showing
 * it, at (x - min_x) + (y - min_y) * stride; unused words are 0. */
static void expect_value_words(const Board *b) {
  const ValueWords *vw = board_value_words(b);
  if (!vw) return;
  const int slots = b->word_slot_count;
  const int16_t *values = board_word_values(b, vw);
  uint64_t want[BOARD_VALUE_SLOTS_MAX] = {0};
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    if (board_top(b, (Coord){c->x, c->y}) != e) continue;
    int x = c->x - b->min_x, y = c->y - b->min_y, slot = -1;
    ck_assert(x < b->word_stride && x + y * b->word_stride < 64);
    for (int i = 0; i < slots; i++)
      if (vw->used >> i & 1 && values[i] == c->value) slot = i;
    ck_assert_int_ge(slot, 0);
    ck_assert_int_eq(board_value_slot(b, vw, c->value), slot);
    want[slot] |= (uint64_t)1 << (x + y * b->word_stride);
  }
  for (int i = 0; i < slots; i++) {
    ck_assert(vw->word[i] == want[i]);
    for (int j = 0; j < i; j++) /* one slot per value */
      ck_assert(!(vw->used >> i & vw->used >> j & 1) || values[i] != values[j]);
  }
}

/* Which boards keep words: bounded ones whose reach fits a word at a
 * stride of its width and up to three spare bits; they cost their bytes. */
START_TEST(test_value_words_kept) {
  struct { int bound, w, h, stride; } cases[] = {
      {BOARD_BOUND_WINDOW, 5, 5, 8}, {BOARD_BOUND_FIXED, 5, 5, 8}, {BOARD_BOUND_FIXED, 7, 7, 9},
      {BOARD_BOUND_FIXED, 8, 8, 0},  {BOARD_BOUND_WINDOW, 6, 6, 9}, {BOARD_BOUND_FIXED, 61, 1, 64}, {BOARD_BOUND_FIXED, 64, 1, 0},
      {BOARD_BOUND_NONE, 0, 0, 0},   {BOARD_BOUND_FIXED, 1, 21, 3}, {BOARD_BOUND_FIXED, 2, 33, 0}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    BoardSpec spec = {.grid = GRID_SQUARE, .bound = (uint8_t)cases[i].bound, .levels = 1,
                      .w = (int16_t)cases[i].w, .h = (int16_t)cases[i].h, .capacity = 40};
    Board *b = new_board(GRID_SQUARE, cases[i].bound, 1, cases[i].w, cases[i].h, 40);
    ck_assert_int_eq(b->word_stride, cases[i].stride);
    ck_assert_int_eq(b->words_at != 0, cases[i].stride != 0);
    if (b->words_at) /* the used mask, 8 words, 8 values */
      ck_assert_uint_eq(board_bytes(&spec), b->words_at + sizeof(ValueWords) + 8 * sizeof(uint64_t) + 16);
    free(b);
  }
}
END_TEST

/* A ninth value finds no slot, and a window overflowed by board_place no
 * longer fits the word: the board stops keeping words, and says so. */
START_TEST(test_value_words_dropped) {
  Board *b = new_board(GRID_HEX, BOARD_BOUND_FIXED, 1, 5, 5, 25);
  TileDef t = token(0);
  for (int v = 0; v < 8; v++) {
    t.value[0] = (int16_t)(v * 9 - 20); /* some share low bits: probing */
    ck_assert_int_eq(board_place(b, &t, at(0, v % 5, v / 5, 0, 0)), 0);
    expect_value_words(b);
  }
  ck_assert(board_value_words(b) != NULL);
  ck_assert(board_value_words(b)->used == 0xff);
  t.value[0] = 100;
  ck_assert_int_eq(board_place(b, &t, at(0, 4, 4, 0, 0)), 0);
  ck_assert(board_value_words(b) == NULL);
  free(b);
  /* reach 4 either way of the first cell: nine in a row, the stride is 8 */
  b = new_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 5, 5, 25);
  t.value[0] = 1;
  for (int i = 0; i < 9; i++) {
    int x = i % 2 ? -(i + 1) / 2 : i / 2; /* 0, -1, 1, -2, ...: the box grows both ways */
    ck_assert_int_eq(board_place(b, &t, at(0, x, 0, 0, 0)), 0);
    ck_assert_int_eq(board_value_words(b) != NULL, i < 8);
    expect_value_words(b);
  }
  free(b);
}
END_TEST

/* A board sized for more values (the VM sizes each from its game's tiles:
 * board_value_slots_for) keeps its words for all of them; past
 * BOARD_VALUE_SLOTS_MAX values a board keeps none. */
START_TEST(test_value_words_for_many_values) {
  ck_assert_int_eq(board_value_slots_for(0), BOARD_VALUE_SLOTS);
  ck_assert_int_eq(board_value_slots_for(8), 8);
  ck_assert_int_eq(board_value_slots_for(9), 16);
  ck_assert_int_eq(board_value_slots_for(33), 64);
  ck_assert_int_eq(board_value_slots_for(64), 64);
  ck_assert_int_gt(board_value_slots_for(65), BOARD_VALUE_SLOTS_MAX);
  for (int slots = 16; slots <= BOARD_VALUE_SLOTS_MAX; slots *= 2) {
    BoardSpec spec = {.grid = GRID_SQUARE, .bound = BOARD_BOUND_FIXED, .levels = 1, .value_slots = (uint8_t)slots,
                      .w = 8, .h = 7, .capacity = 56};
    Board *b = malloc(board_bytes(&spec));
    board_init(b, &spec);
    ck_assert_int_eq(b->word_slot_count, slots);
    TileDef t = token(0);
    for (int v = 0; v < slots && v < 56; v++) { /* a value per cell, homes colliding: probing */
      t.value[0] = (int16_t)(v * 8 - 100);
      ck_assert_int_eq(board_place(b, &t, at(0, v % 8, v / 8, 0, 0)), 0);
      expect_value_words(b);
    }
    ck_assert(board_value_words(b) != NULL);
    free(b);
  }
  BoardSpec many = {.grid = GRID_SQUARE, .bound = BOARD_BOUND_FIXED, .levels = 1,
                    .value_slots = (uint8_t)board_value_slots_for(65), .w = 5, .h = 5, .capacity = 25};
  Board *b = malloc(board_bytes(&many));
  board_init(b, &many);
  ck_assert(board_value_words(b) == NULL);
  free(b);
}
END_TEST

/* ---- board_place_move against its definition ---- */

/* The checks in the documented order, written out with the public pieces. */
static MoveCheck expected_check(const Board *b, const TileDef *t, Placement p, const Coord *cells,
                                 int *bad) {
  int n = t->cell_count;
  if (p.level < 0 || p.level >= b->spec.levels) return MOVE_BAD_LEVEL;
  int highest_below = -1;
  for (int i = 0; i < n; i++) {
    *bad = i;
    if (!board_in_bounds(b, cells[i])) return MOVE_OUTSIDE;
    int e = board_top(b, cells[i]), below = e < 0 ? -1 : board_cell(b, e)->level;
    if (below >= p.level) return MOVE_OCCUPIED;
    if (p.level > 0 && below < 0) return MOVE_NO_BASE; /* nothing under a stacked tile's cell */
    if (below > highest_below) highest_below = below;
  }
  if (highest_below != p.level - 1) { /* uneven stacks: one cell right below is enough */
    *bad = 0;
    return MOVE_NO_BASE;
  }
  if (!board_fits_window(b, cells, n)) return MOVE_NO_FIT;
  if (b->count + n > b->spec.capacity) return MOVE_FULL;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (cells[i].x == cells[j].x && cells[i].y == cells[j].y) return MOVE_INVALID;
  return MOVE_OK;
}

/* Random moves, legal and not, on every kind of board (board_place_tile's
 * byte-index path among them): board_place_move gives the expected verdict
 * and cell; a refused move changes nothing; an accepted one leaves the board
 * byte for byte as board_place_cells does (which must accept it too). */
START_TEST(test_place_move_differential) {
  uint64_t seed = 0xC0FFEE;
  int verdicts[MOVE_INVALID + 1] = {0};
  TileDef tiles[5] = {token(3), domino(1, 2), domino(4, 4), domino(5, 6), domino(7, 7)};
  tiles[3].cell_count = 3, tiles[3].dx[2] = 1, tiles[3].dy[2] = 1, tiles[3].value[2] = 9;
  tiles[4].dx[1] = 0; /* malformed: both cells on one spot */
  for (int trial = 0; trial < 400; trial++) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    uint32_t r = (uint32_t)(seed >> 33);
    int grid = r & 1, bound = (int)(r >> 1) % 3, levels = 1 + (int)((r >> 3) % 3) * ((r >> 5) & 1);
    int w = 2 + (int)((r >> 6) % 5), h = 2 + (int)((r >> 9) % 5);
    int capacity = (r >> 12) % 4 == 0 ? 300 : 6 + (int)((r >> 14) % 30);
    Board *b = new_board(grid, bound, levels, w, h, capacity);
    Board *copy = malloc(board_bytes(&b->spec)), *tiled = malloc(board_bytes(&b->spec));
    int ox = bound == BOARD_BOUND_FIXED ? 0 : (int)((r >> 20) % 40) - 20, oy = ox / 2;
    for (int m = 0; m < 60; m++) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      uint32_t q = (uint32_t)(seed >> 33);
      Placement p = at((int)(q % 5), ox + (int)((q >> 3) % (uint32_t)(w + 2)) - 1,
                       oy + (int)((q >> 8) % (uint32_t)(h + 2)) - 1, (int)((q >> 13) % 8),
                       (q >> 16) % 4 == 0 ? (int)((q >> 18) % 4) : 0);
      if ((q >> 24) % 5 == 0) p.tile = 0; /* tokens fill boards up */
      const TileDef *t = &tiles[p.tile];
      Coord cells[TILE_MAX_CELLS];
      placement_cells((GridKind)grid, t, p, cells);
      int want_bad = -1, got_bad = -1, check_bad = -1;
      MoveCheck want = expected_check(b, t, p, cells, &want_bad);
      size_t bytes = board_bytes(&b->spec);
      memcpy(copy, b, bytes);
      memcpy(tiled, b, bytes);
      /* board_place_tile: the same verdict and board, the cells given when refused */
      Coord tile_cells[TILE_MAX_CELLS];
      int tile_bad = -1;
      ck_assert_int_eq(board_place_tile(tiled, t, p, tile_cells, &tile_bad), want);
      if (want != MOVE_OK)
        for (int i = 0; i < t->cell_count; i++)
          ck_assert(tile_cells[i].x == cells[i].x && tile_cells[i].y == cells[i].y);
      if (want >= MOVE_OUTSIDE && want <= MOVE_NO_BASE) ck_assert_int_eq(tile_bad, want_bad);
      ck_assert_int_eq(board_check_move(b, t, p, cells, &check_bad), want); /* changes nothing */
      ck_assert_int_eq(board_place_move(b, t, p, cells, &got_bad), want);
      verdicts[want]++;
      if (want >= MOVE_OUTSIDE && want <= MOVE_NO_BASE) {
        ck_assert_int_eq(got_bad, want_bad);
        ck_assert_int_eq(check_bad, want_bad);
      }
      if (want == MOVE_OK) ck_assert_int_eq(board_place_cells(copy, t, p, cells), 0);
      ck_assert_mem_eq(b, copy, board_bytes(&b->spec));
      ck_assert_mem_eq(b, tiled, board_bytes(&b->spec));
      expect_value_words(b);
    }
    free(b);
    free(copy);
    free(tiled);
  }
  for (int v = MOVE_OK; v <= MOVE_INVALID; v++) ck_assert_int_gt(verdicts[v], 20);
}
END_TEST

/* ---- the direct index of bounded boards ---- */

/* Every coordinate of a box around the board, against a plain model. */
static void expect_tops(const Board *b, int model[40][40], int x0, int y0) {
  for (int y = 0; y < 40; y++)
    for (int x = 0; x < 40; x++)
      ck_assert_int_eq(board_top(b, (Coord){(int16_t)(x0 + x), (int16_t)(y0 + y)}), model[y][x] - 1);
}

START_TEST(test_fixed_direct_index) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_FIXED, 2, 4, 3, 24);
  ck_assert_int_eq(b->dw, 4);
  ck_assert_int_eq(b->dh, 3);
  TileDef tiles[2] = {token(7), domino(1, 2)};
  static int model[40][40];
  memset(model, 0, sizeof model);
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 3, 2, 0, 0)), 0); /* a corner */
  model[2 + 10][3 + 10] = 1;
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 0, 0, 1, 0)), 0); /* (0,0) (0,1) */
  model[10][10] = 2, model[11][10] = 3;
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 1, 0, 1)), 0); /* stacked */
  model[11][10] = 4;
  expect_tops(b, model, -10, -10);
  /* outside the bounds: refused, nothing changed */
  ck_assert_int_eq(board_place(b, &tiles[1], at(1, 3, 0, 0, 0)), -1); /* (4,0) */
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, -1, 0, 0, 0)), -1);
  ck_assert_int_eq(board_place(b, &tiles[0], at(0, 0, 3, 0, 0)), -1);
  ck_assert_int_eq(b->count, 4);
  ck_assert_int_eq(b->tops, 3);
  expect_tops(b, model, -10, -10);
  free(b);
}
END_TEST

/* A window board's index is centred on its first cell, wherever that is:
 * every cell within w-1, h-1 of it can be placed, nothing further. */
START_TEST(test_window_direct_index_away_from_origin) {
  for (int grid = 0; grid < 2; grid++) {
    Board *b = new_board(grid, BOARD_BOUND_WINDOW, 1, 4, 3, 40);
    ck_assert_int_eq(b->dw, 7);
    ck_assert_int_eq(b->dh, 5);
    TileDef tiles[1] = {token(5)};
    static int model[40][40];
    memset(model, 0, sizeof model);
    int fx = -200, fy = 311; /* the first cell */
    ck_assert_int_eq(board_place(b, &tiles[0], at(0, fx, fy, 0, 0)), 0);
    model[20][20] = 1;
    ck_assert_int_eq(b->ox, fx - 3);
    ck_assert_int_eq(b->oy, fy - 2);
    /* the far corners of the reach: fine for the index (the window itself is
     * the natives' and placements' business) */
    int corners[4][2] = {{-3, -2}, {3, -2}, {-3, 2}, {3, 2}};
    for (int i = 0; i < 4; i++) {
      ck_assert_int_eq(board_place(b, &tiles[0], at(0, fx + corners[i][0], fy + corners[i][1], 0, 0)), 0);
      model[20 + corners[i][1]][20 + corners[i][0]] = b->count;
    }
    /* one step beyond, on each side: refused */
    int beyond[4][2] = {{-4, 0}, {4, 0}, {0, -3}, {0, 3}};
    for (int i = 0; i < 4; i++)
      ck_assert_int_eq(board_place(b, &tiles[0], at(0, fx + beyond[i][0], fy + beyond[i][1], 0, 0)), -1);
    ck_assert_int_eq(b->count, 5);
    expect_tops(b, model, fx - 20, fy - 20);
    free(b);
  }
}
END_TEST

/* A tile whose own cells reach too far from its first cell is refused whole
 * on an empty window board, and the origin is not set by it. */
START_TEST(test_window_first_tile_too_long) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_WINDOW, 1, 2, 2, 10);
  TileDef line = {.cell_count = 3, .dx = {0, 1, 2}, .value = {1, 1, 1}};
  TileDef two = domino(4, 4);
  ck_assert_int_eq(board_place(b, &line, at(0, 9, 9, 0, 0)), -1);
  ck_assert_int_eq(b->count, 0);
  ck_assert_int_eq(board_place(b, &two, at(0, 30, 30, 2, 0)), 0); /* (30,30) (29,30) */
  ck_assert_int_eq(board_top(b, (Coord){29, 30}), 1);
  ck_assert_int_eq(board_top(b, (Coord){9, 9}), -1);
  free(b);
}
END_TEST

/* The same random moves on a window board (direct index) and an unbounded
 * one (hashed): the same tops everywhere, stacking included. A move with a
 * cell out of the window board's reach (w-1, h-1 from its first cell) must
 * be refused there, and is not made on the other. */
START_TEST(test_direct_and_hashed_agree) {
  uint64_t seed = 12345;
  int total = 0, stacked = 0, refused = 0;
  for (int trial = 0; trial < 60; trial++) {
    int grid = trial % 2, w = 2 + trial % 5, h = 2 + trial % 4;
    Board *d = new_board(grid, BOARD_BOUND_WINDOW, 3, w, h, 300);
    Board *u = new_board(grid, BOARD_BOUND_NONE, 3, 0, 0, 300);
    TileDef tiles[2] = {token(3), domino(1, 2)};
    int fx = trial * 7 - 200, fy = 100 - trial * 3;
    ck_assert_int_eq(board_place(d, &tiles[0], at(0, fx, fy, 0, 0)), 0);
    ck_assert_int_eq(board_place(u, &tiles[0], at(0, fx, fy, 0, 0)), 0);
    for (int m = 0; m < 200; m++) {
      seed = seed * 6364136223846793005ull + 1442695040888963407ull;
      uint32_t r = (uint32_t)(seed >> 33);
      Placement p = at((int)(r & 1), fx + (int)((r >> 1) % (uint32_t)(2 * w + 1)) - w,
                       fy + (int)((r >> 9) % (uint32_t)(2 * h + 1)) - h, (int)((r >> 17) % 6),
                       (int)((r >> 21) % 3));
      Coord cells[TILE_MAX_CELLS];
      int n = placement_cells((GridKind)grid, &tiles[p.tile], p, cells);
      bool reach = true;
      for (int i = 0; i < n; i++)
        reach &= abs(cells[i].x - fx) < w && abs(cells[i].y - fy) < h;
      int rd = board_place(d, &tiles[p.tile], p);
      if (!reach) {
        ck_assert_int_eq(rd, -1);
        refused++;
        continue;
      }
      ck_assert_int_eq(board_place(u, &tiles[p.tile], p), rd);
      expect_value_words(d); /* stacked cells take the place of those below */
    }
    ck_assert_int_eq(d->count, u->count);
    ck_assert_int_eq(d->tops, u->tops);
    total += d->count, stacked += d->count - d->tops;
    for (int y = fy - 12; y <= fy + 12; y++)
      for (int x = fx - 12; x <= fx + 12; x++) {
        Coord c = {(int16_t)x, (int16_t)y};
        ck_assert_int_eq(board_top(d, c), board_top(u, c));
      }
    free(d), free(u);
  }
  ck_assert_int_gt(total, 1000); /* sanity: the boards were not trivial */
  ck_assert_int_gt(stacked, 200);
  ck_assert_int_gt(refused, 500);
}
END_TEST

/* More than 255 cells: two-byte direct slots; more than 65535: four. */
START_TEST(test_wide_direct_slots) {
  Board *b = new_board(GRID_SQUARE, BOARD_BOUND_FIXED, 1, 30, 20, 600);
  TileDef t = token(0);
  for (int i = 0; i < 600; i++) {
    t.value[0] = (int16_t)i;
    ck_assert_int_eq(board_place(b, &t, at(0, i % 30, i / 30, 0, 0)), 0);
  }
  for (int i = 0; i < 600; i++) {
    int e = board_top(b, (Coord){(int16_t)(i % 30), (int16_t)(i / 30)});
    ck_assert_int_eq(e, i);
    ck_assert_int_eq(board_cell(b, e)->value, i);
  }
  ck_assert_int_eq(b->tops, 600);
  free(b);
  /* past 65535 entries: four-byte slots */
  b = new_board(GRID_SQUARE, BOARD_BOUND_FIXED, 1, 300, 300, 90000);
  for (int i = 0; i < 70000; i++) ck_assert_int_eq(board_place(b, &t, at(0, i % 300, i / 300, 0, 0)), 0);
  for (int i = 0; i < 70000; i += 97)
    ck_assert_int_eq(board_top(b, (Coord){(int16_t)(i % 300), (int16_t)(i / 300)}), i);
  ck_assert_int_eq(board_top(b, (Coord){299, 299}), -1);
  free(b);
}
END_TEST

/* The index is part of the flat block: bytes account for it, a copy works. */
START_TEST(test_direct_bytes_and_clone) {
  BoardSpec fixed = {.grid = GRID_SQUARE, .bound = BOARD_BOUND_FIXED, .levels = 1, .w = 9, .h = 7, .capacity = 63};
  BoardSpec window = {.grid = GRID_HEX, .bound = BOARD_BOUND_WINDOW, .levels = 1, .w = 5, .h = 5, .capacity = 25};
  ck_assert_uint_ge(board_bytes(&fixed), sizeof(Board) + 63 * sizeof(BoardCell) + 9 * 7);
  ck_assert_uint_ge(board_bytes(&window), sizeof(Board) + 25 * sizeof(BoardCell) + 9 * 9);
  size_t n = board_bytes(&window);
  Board *a = malloc(n), *c = malloc(n);
  board_init(a, &window);
  TileDef d = domino(2, 6);
  ck_assert_int_eq(board_place(a, &d, at(0, 10, -10, 0, 0)), 0);
  memcpy(c, a, n);
  ck_assert_int_eq(board_place(a, &d, at(0, 10, -9, 0, 0)), 0);
  ck_assert_int_eq(board_top(c, (Coord){10, -9}), -1);
  ck_assert_int_eq(board_top(a, (Coord){11, -9}), 3);
  ck_assert_int_eq(board_top(c, (Coord){11, -10}), 1);
  free(a);
  free(c);
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
  tcase_add_test(tc, test_orientation_matrices);
  tcase_add_test(tc, test_place_move_differential);
  tcase_add_test(tc, test_fixed_direct_index);
  tcase_add_test(tc, test_window_direct_index_away_from_origin);
  tcase_add_test(tc, test_window_first_tile_too_long);
  tcase_add_test(tc, test_direct_and_hashed_agree);
  tcase_add_test(tc, test_wide_direct_slots);
  tcase_add_test(tc, test_direct_bytes_and_clone);
  tcase_add_test(tc, test_value_words_kept);
  tcase_add_test(tc, test_value_words_dropped);
  tcase_add_test(tc, test_value_words_for_many_values);
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
