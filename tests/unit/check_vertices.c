/* check_vertices.c — vertex geometry (vertices.c), corner matching
 * (corners.c) and hole detection (holes.c), each against a naive version
 * kept here that knows only pixel geometry: a hex cell (q, r) is centred
 * at X = 2q + r, Y = 3r (pointy-top; a corner lies at one of the six
 * offsets below), a square cell (x, y) has its corners at (x, y) ..
 * (x + 1, y + 1). Two corners are one vertex exactly when their points
 * coincide; everything else (which cells meet there, which vertices are
 * one edge away, the class) is found by searching points. The naive board
 * is a list of placed (cell, tile, turn). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "vertices.h"

typedef struct Point {
  int x, y;
} Point;

static const Point hex_offsets[6] = {{0, -2}, {1, -1}, {1, 1}, {0, 2}, {-1, 1}, {-1, -1}};
static const Point square_offsets[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};

static int corners_of(int g) { return g == GRID_HEX ? 6 : 4; }

static Point corner_point(int g, Coord c, int j) {
  if (g == GRID_HEX) return (Point){2 * c.x + c.y + hex_offsets[j].x, 3 * c.y + hex_offsets[j].y};
  return (Point){c.x + square_offsets[j].x, c.y + square_offsets[j].y};
}

/* The point of a vertex, from its canonical name (vertices.h). */
static Point vertex_point(Vertex v) {
  if (v.grid == GRID_HEX) return corner_point(GRID_HEX, v.at, v.kind ? 3 : 0);
  return (Point){v.at.x, v.at.y};
}

static bool same_point(Point a, Point b) { return a.x == b.x && a.y == b.y; }

/* Naive class: hex vertices are tops of cells (Y = 1 mod 3) or bottoms
 * (Y = 2 mod 3); square vertices alternate like a chessboard. */
static int naive_class(int g, Point p) {
  if (g == GRID_HEX) return ((p.y % 3) + 3) % 3 == 1 ? 0 : 1;
  return (p.x + p.y) & 1;
}

/* Every (cell, corner) whose point is p: the cells searched are all those
 * whose centre lies within a few units of p (a corner is at most 2 from
 * its centre). */
static int naive_cells_at(int g, Point p, Coord *cells, int *corner) {
  int n = 0, ry = g == GRID_HEX ? p.y / 3 : p.y, rx = g == GRID_HEX ? (p.x - ry) / 2 : p.x;
  for (int y = ry - 3; y <= ry + 3; y++)
    for (int x = rx - 4; x <= rx + 4; x++)
      for (int j = 0; j < corners_of(g); j++) {
        Coord c = {(int16_t)x, (int16_t)y};
        if (!same_point(corner_point(g, c, j), p)) continue;
        cells[n] = c, corner[n] = j, n++;
      }
  return n;
}

/* The points one edge away: a cell's neighbouring corners around p. */
static int naive_around(int g, Point p, Point *out) {
  Coord cells[16];
  int corner[16], n = naive_cells_at(g, p, cells, corner), k = 0;
  for (int i = 0; i < n; i++)
    for (int s = -1; s <= 1; s += 2) {
      Point q = corner_point(g, cells[i], (corner[i] + s + corners_of(g)) % corners_of(g));
      bool seen = false;
      for (int m = 0; m < k; m++) seen |= same_point(out[m], q);
      if (!seen) out[k++] = q;
    }
  return k;
}

static bool cell_in(const Coord *cells, int n, Coord c) {
  for (int i = 0; i < n; i++)
    if (cells[i].x == c.x && cells[i].y == c.y) return true;
  return false;
}

/* ---- geometry ---- */

static void check_geometry(int g) {
  srand(7);
  for (int trial = 0; trial < 300; trial++) {
    Coord c = {(int16_t)(rand() % 21 - 10), (int16_t)(rand() % 21 - 10)};
    for (int j = 0; j < corners_of(g); j++) {
      Vertex v = vertex_of_corner((GridKind)g, c, j);
      Point p = corner_point(g, c, j);
      ck_assert(same_point(vertex_point(v), p));
      ck_assert_int_eq(vertex_class(v), naive_class(g, p));
      /* classes alternate around a cell */
      Vertex w = vertex_of_corner((GridKind)g, c, (j + 1) % corners_of(g));
      ck_assert_int_ne(vertex_class(v), vertex_class(w));
      Coord cells[VERTEX_MAX_CELLS], want[16];
      int corner[VERTEX_MAX_CELLS], want_corner[16];
      int n = vertex_cells(v, cells, corner), m = naive_cells_at(g, p, want, want_corner);
      ck_assert_int_eq(n, m);
      for (int i = 0; i < n; i++) {
        ck_assert(cell_in(want, m, cells[i]));
        ck_assert(same_point(corner_point(g, cells[i], corner[i]), p));
      }
      Vertex around[VERTEX_MAX_AROUND];
      Point want_around[16];
      int a = vertex_around(v, around), wa = naive_around(g, p, want_around);
      ck_assert_int_eq(a, wa);
      for (int i = 0; i < a; i++) {
        bool found = false;
        for (int k = 0; k < wa; k++) found |= same_point(vertex_point(around[i]), want_around[k]);
        ck_assert(found);
        ck_assert_int_ne(vertex_class(around[i]), vertex_class(v));
      }
    }
  }
}

START_TEST(test_hex_geometry) { check_geometry(GRID_HEX); }
END_TEST

START_TEST(test_square_geometry) { check_geometry(GRID_SQUARE); }
END_TEST

START_TEST(test_hex_corner_names) {
  /* the top of 0,0 is the SE corner of 0,-1 and the SW corner of 1,-1 */
  Vertex top = vertex_of_corner(GRID_HEX, (Coord){0, 0}, 0);
  ck_assert(vertex_equal(top, vertex_of_corner(GRID_HEX, (Coord){0, -1}, 2)));
  ck_assert(vertex_equal(top, vertex_of_corner(GRID_HEX, (Coord){1, -1}, 4)));
  ck_assert(!vertex_equal(top, vertex_of_corner(GRID_HEX, (Coord){0, 0}, 3)));
  ck_assert(vertex_equal(vertex_unpack(vertex_pack(top)), top));
  Vertex odd = {{-3, 7}, 1, GRID_HEX};
  ck_assert(vertex_equal(vertex_unpack(vertex_pack(odd)), odd));
}
END_TEST

/* ---- boards: the naive model beside the real one ---- */

typedef struct Model {
  int g, n;
  Coord cell[64];
  int tile[64], turn[64];
} Model;

enum { TILE_COUNT = 12 };

/* Random corner tiles: values 1..3 or blank, a random turn step. */
static void random_tiles(int g, TileDef *tiles) {
  static const int hex_steps[] = {1, 2, 3, 6}, square_steps[] = {1, 2, 4};
  for (int i = 0; i < TILE_COUNT; i++) {
    TileDef t = {.cell_count = 1, .corner_count = (uint8_t)corners_of(g)};
    t.corner_turn = (uint8_t)(g == GRID_HEX ? hex_steps[rand() % 4] : square_steps[rand() % 3]);
    for (int j = 0; j < t.corner_count; j++)
      t.corner[j] = (int16_t)(rand() % 4 ? rand() % 3 + 1 : -1);
    tiles[i] = t;
  }
}

static int naive_shown(const TileDef *t, int turn, int j) {
  int n = t->corner_count;
  return t->corner[((j - turn) % n + n) % n];
}

/* Values the model's tiles show at p: how many, and each. */
static int naive_values_at(const Model *m, const TileDef *tiles, Point p, int *values) {
  int k = 0;
  for (int i = 0; i < m->n; i++)
    for (int j = 0; j < corners_of(m->g); j++)
      if (same_point(corner_point(m->g, m->cell[i], j), p))
        values[k++] = naive_shown(&tiles[m->tile[i]], m->turn[i], j);
  return k;
}

static bool naive_occupied(const Model *m, Coord c) { return cell_in(m->cell, m->n, c); }

static bool naive_adjacent(int g, Coord a, Coord b) {
  if (g == GRID_HEX) {
    int dx = (2 * a.x + a.y) - (2 * b.x + b.y), dy = 3 * (a.y - b.y);
    return (abs(dx) == 2 && dy == 0) || (abs(dx) == 1 && abs(dy) == 3);
  }
  return abs(a.x - b.x) + abs(a.y - b.y) == 1;
}

static bool naive_touches(const Model *m, Coord c) {
  for (int i = 0; i < m->n; i++)
    if (naive_adjacent(m->g, m->cell[i], c)) return true;
  return false;
}

/* The naive enumeration: tile, then cell by row and column (within
 * 0..side-1 when side > 0), then turn. */
static int naive_placements(const Model *m, const TileDef *tiles, const int *ids, int nids,
                            int side, int64_t *out) {
  int count = 0;
  for (int i = 0; i < nids; i++) {
    const TileDef *t = &tiles[ids[i]];
    for (int y = -30; y <= 30; y++)
      for (int x = -30; x <= 30; x++) {
        Coord c = {(int16_t)x, (int16_t)y};
        if (naive_occupied(m, c) || (side && (x < 0 || y < 0 || x >= side || y >= side))) continue;
        if (m->n ? !naive_touches(m, c) : (x != 0 || y != 0)) continue;
        for (int k = 0; k < t->corner_count; k += t->corner_turn) {
          bool repeat = false;
          for (int e = 0; e < k; e += t->corner_turn) {
            bool same = true;
            for (int j = 0; j < t->corner_count; j++)
              same &= naive_shown(t, k, j) == naive_shown(t, e, j);
            repeat |= same;
          }
          if (repeat) continue;
          bool fits = true;
          for (int j = 0; j < t->corner_count; j++) {
            int values[16], n = naive_values_at(m, tiles, corner_point(m->g, c, j), values);
            for (int v = 0; v < n; v++) fits &= values[v] == naive_shown(t, k, j);
          }
          if (fits)
            out[count++] = placement_pack(
                (Placement){.tile = ids[i], .at = c, .orientation = k, .grid = m->g});
        }
      }
  }
  return count;
}

/* side 0: unbounded; else a fixed side x side board */
static Board *new_sized_board(int g, int side) {
  BoardSpec spec = {.grid = (uint8_t)g, .levels = 1, .capacity = 64,
                    .bound = side ? BOARD_BOUND_FIXED : BOARD_BOUND_NONE,
                    .w = (int16_t)side, .h = (int16_t)side};
  Board *b = malloc(board_bytes(&spec));
  ck_assert_ptr_nonnull(b);
  board_init(b, &spec);
  return b;
}

static Board *new_board(int g) { return new_sized_board(g, 0); }

static void put_both(Board *b, Model *m, const TileDef *tiles, int tile, Coord c, int turn) {
  Placement p = {.tile = tile, .at = c, .orientation = turn, .grid = m->g};
  ck_assert_int_eq(board_place(b, &tiles[tile], p), 0);
  board_set_turn(b, b->count - 1, turn);
  m->cell[m->n] = c, m->tile[m->n] = tile, m->turn[m->n] = turn, m->n++;
}

static int pick_ids(int *ids) {
  int n = rand() % 4 + 1;
  for (int i = 0; i < n; i++) ids[i] = rand() % TILE_COUNT;
  return n;
}

/* Grows a board by legal moves (chosen from the real enumeration, checked
 * against the naive one at every step), sometimes by a tile put anywhere
 * beside the others regardless of its corners (so demands conflict). */
static void differential_placements(int g, int side, unsigned seed) {
  srand(seed);
  TileDef tiles[TILE_COUNT];
  random_tiles(g, tiles);
  Board *b = new_sized_board(g, side);
  Model m = {.g = g};
  static int64_t got[4096], want[4096];
  CornerSite sites[6 * 64 + 1];
  static int32_t box[200 * 200];
  while (m.n < 40) {
    int ids[4], nids = pick_ids(ids);
    ck_assert_uint_le(board_corner_scratch(b), sizeof box);
    int n = board_corner_placements(b, tiles, ids, nids, sites, box, got, 4096);
    int w = naive_placements(&m, tiles, ids, nids, side, want);
    ck_assert_int_eq(n, w);
    for (int i = 0; i < n; i++) ck_assert(got[i] == want[i]);
    if (n > 0 && rand() % 5) {
      Placement p = placement_unpack(got[rand() % n]);
      put_both(b, &m, tiles, p.tile, p.at, p.orientation);
    } else {
      int s = board_corner_sites(b, tiles, sites, box);
      if (s == 0) break;
      put_both(b, &m, tiles, rand() % TILE_COUNT, sites[rand() % s].at, rand() % corners_of(g));
    }
  }
  free(b);
}

START_TEST(test_differential_hex_placements) {
  for (unsigned seed = 1; seed <= 30; seed++) differential_placements(GRID_HEX, 0, seed);
  for (unsigned seed = 1; seed <= 10; seed++) differential_placements(GRID_HEX, 5, seed);
}
END_TEST

START_TEST(test_differential_square_placements) {
  for (unsigned seed = 1; seed <= 30; seed++) differential_placements(GRID_SQUARE, 0, seed);
  for (unsigned seed = 1; seed <= 10; seed++) differential_placements(GRID_SQUARE, 5, seed);
}
END_TEST

static int compare_ints(const void *a, const void *b) {
  return *(const int *)a - *(const int *)b;
}

/* The naive holes of a tile at c: its corners of class cls (by points)
 * whose every cell is in the model, each with the values one edge away. */
static void check_holes(const Board *b, const Model *m, const TileDef *tiles, Coord c, int cls) {
  int values[HOLES_MAX * VERTEX_MAX_AROUND], counts[HOLES_MAX];
  int holes = board_holes(b, tiles, c, cls, values, counts), found = 0;
  for (int j = 0; j < corners_of(m->g); j++) {
    Point p = corner_point(m->g, c, j);
    if (naive_class(m->g, p) != cls) continue;
    Coord cells[16];
    int corner[16], n = naive_cells_at(m->g, p, cells, corner);
    bool closed = true;
    for (int i = 0; i < n; i++) closed &= naive_occupied(m, cells[i]);
    if (!closed) continue;
    ck_assert_int_lt(found, holes);
    Point around[16];
    int a = naive_around(m->g, p, around), want[16];
    for (int i = 0; i < a; i++) {
      int shown[16], k = naive_values_at(m, tiles, around[i], shown);
      want[i] = k && shown[0] >= 0 ? shown[0] : -1;
    }
    ck_assert_int_eq(counts[found], a);
    int *got = &values[found * VERTEX_MAX_AROUND];
    qsort(got, (size_t)a, sizeof *got, compare_ints);
    qsort(want, (size_t)a, sizeof *want, compare_ints);
    for (int i = 0; i < a; i++) ck_assert_int_eq(got[i], want[i]);
    found++;
  }
  ck_assert_int_eq(found, holes);
}

/* Random legal games on random tiles, every move's holes checked (both
 * classes), then every cell's. */
static void differential_holes(int g, unsigned seed) {
  srand(seed);
  TileDef tiles[TILE_COUNT];
  random_tiles(g, tiles);
  Board *b = new_board(g);
  Model m = {.g = g};
  static int64_t got[4096];
  CornerSite sites[6 * 64 + 1];
  static int32_t box[200 * 200];
  int all[TILE_COUNT];
  for (int i = 0; i < TILE_COUNT; i++) all[i] = i;
  while (m.n < 50) {
    int n = board_corner_placements(b, tiles, all, TILE_COUNT, sites, box, got, 4096);
    if (n == 0) break;
    Placement p = placement_unpack(got[rand() % n]);
    put_both(b, &m, tiles, p.tile, p.at, p.orientation);
    check_holes(b, &m, tiles, p.at, 0);
    check_holes(b, &m, tiles, p.at, 1);
  }
  for (int i = 0; i < m.n; i++) check_holes(b, &m, tiles, m.cell[i], 1);
  /* an empty cell closes nothing */
  check_holes(b, &m, tiles, (Coord){100, 100}, 0);
  free(b);
}

START_TEST(test_differential_hex_holes) {
  for (unsigned seed = 1; seed <= 40; seed++) differential_holes(GRID_HEX, seed);
}
END_TEST

START_TEST(test_differential_square_holes) {
  for (unsigned seed = 1; seed <= 40; seed++) differential_holes(GRID_SQUARE, seed);
}
END_TEST

/* Three tiles around the top of 0,1 ... a hand case: one hole, its values. */
START_TEST(test_hand_hole) {
  TileDef tiles[3];
  /* numbers on corners 0, 2, 4; bites on 1, 3, 5 */
  int v[3][3] = {{4, 5, 6}, {6, 5, 4}, {5, 4, 6}};
  for (int i = 0; i < 3; i++) {
    tiles[i] = (TileDef){.cell_count = 1, .corner_count = 6, .corner_turn = 2};
    for (int j = 0; j < 6; j++) tiles[i].corner[j] = j % 2 ? -1 : (int16_t)v[i][j / 2];
  }
  Board *b = new_board(GRID_HEX);
  Model m = {.g = GRID_HEX};
  /* the bottom of 0,0 (class 1) is shared by 0,0, 0,1 and -1,1 */
  put_both(b, &m, tiles, 0, (Coord){0, 0}, 0);
  put_both(b, &m, tiles, 1, (Coord){0, 1}, 0);
  int values[HOLES_MAX * VERTEX_MAX_AROUND], counts[HOLES_MAX];
  ck_assert_int_eq(board_holes(b, tiles, (Coord){0, 1}, 1, values, counts), 0);
  put_both(b, &m, tiles, 2, (Coord){-1, 1}, 0);
  ck_assert_int_eq(board_holes(b, tiles, (Coord){-1, 1}, 1, values, counts), 1);
  ck_assert_int_eq(counts[0], 3);
  check_holes(b, &m, tiles, (Coord){-1, 1}, 1);
  free(b);
}
END_TEST

static Suite *vertices_suite(void) {
  Suite *s = suite_create("vertices");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_hex_geometry);
  tcase_add_test(tc, test_square_geometry);
  tcase_add_test(tc, test_hex_corner_names);
  tcase_add_test(tc, test_differential_hex_placements);
  tcase_add_test(tc, test_differential_square_placements);
  tcase_add_test(tc, test_differential_hex_holes);
  tcase_add_test(tc, test_differential_square_holes);
  tcase_add_test(tc, test_hand_hole);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *r = srunner_create(vertices_suite());
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
