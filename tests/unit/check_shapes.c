/* check_shapes.c — polyomino shapes (shapes.c): the counts of free and fixed
 * polyominoes, hand-built occurrences, and a differential test of
 * shape_occurrences against a naive search that tries every subset of the
 * group, on random groups of square and hex cells (some cells given twice). */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "shapes.h"

/* Free polyominoes (OEIS A000105) and fixed ones (A001168), n = 1..8. */
static const int free_counts[9] = {0, 1, 1, 2, 5, 12, 35, 108, 369};
static const int fixed_counts[9] = {0, 1, 2, 6, 19, 63, 216, 760, 2725};

static TileDef tile_of(const Coord *cells, int n, bool reflections) {
  TileDef t = {.cell_count = (uint8_t)n, .reflections = reflections};
  for (int i = 0; i < n; i++) t.dx[i] = (int8_t)(cells[i].x - cells[0].x), t.dy[i] = (int8_t)(cells[i].y - cells[0].y);
  return t;
}

START_TEST(test_free_and_fixed_counts) {
  static ShapeForm shapes[400];
  for (int n = 1; n <= SHAPE_FREE_MAX_CELLS; n++) {
    int count = shape_free_polyominoes(n, shapes, 400);
    ck_assert_int_eq(count, free_counts[n]);
    int fixed = 0;
    for (int k = 0; k < count; k++) {
      TileDef t = tile_of(shapes[k].cell, shapes[k].count, true);
      ShapeForm forms[SHAPE_FORMS_MAX];
      fixed += shape_forms(GRID_SQUARE, &t, forms);
    }
    ck_assert_int_eq(fixed, fixed_counts[n]);
  }
  ck_assert_int_eq(shape_free_polyominoes(0, shapes, 400), -1);
  ck_assert_int_eq(shape_free_polyominoes(9, shapes, 400), -1);
}
END_TEST

START_TEST(test_forms_without_reflection) {
  Coord s_cells[4] = {{1, 0}, {2, 0}, {0, 1}, {1, 1}};
  TileDef s = tile_of(s_cells, 4, false), s_free = tile_of(s_cells, 4, true);
  ShapeForm forms[SHAPE_FORMS_MAX];
  ck_assert_int_eq(shape_forms(GRID_SQUARE, &s, forms), 2);      /* S only */
  ck_assert_int_eq(shape_forms(GRID_SQUARE, &s_free, forms), 4); /* S and Z */
  Coord tri[3] = {{0, 0}, {1, 0}, {0, 1}};                       /* a hex triangle */
  TileDef t = tile_of(tri, 3, true);
  ck_assert_int_eq(shape_forms(GRID_HEX, &t, forms), 2);
}
END_TEST

static int count_in(const Coord *cells, int n, const Coord *shape, int k, bool reflections) {
  TileDef t = tile_of(shape, k, reflections);
  ShapeForm forms[SHAPE_FORMS_MAX];
  int nforms = shape_forms(GRID_SQUARE, &t, forms);
  int32_t slots[128];
  Coord out[64 * 8 * 8];
  return shape_occurrences(forms, nforms, cells, n, slots, out, 64 * 8);
}

START_TEST(test_hand_built_occurrences) {
  /* A 2x3 block is one occurrence of the 2x3 hexomino, whatever the
   * shape's symmetry. */
  Coord block[6] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}};
  ck_assert_int_eq(count_in(block, 6, block, 6, true), 1);
  /* A 2x4 block holds the 2x3 block twice, overlapping (rows 0-2, 1-3),
   * and a 4x2 one not at all: counted separately. */
  Coord big[8] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}};
  ck_assert_int_eq(count_in(big, 8, block, 6, true), 2);
  /* An L tetromino in a 2x3 block: of its 8 fixed forms, the 4 that stand
   * 2 wide and 3 tall fit once each; without reflections, 2 of them. */
  Coord l[4] = {{0, 0}, {0, 1}, {0, 2}, {1, 2}};
  ck_assert_int_eq(count_in(block, 6, l, 4, true), 4);
  ck_assert_int_eq(count_in(block, 6, l, 4, false), 2);
  /* A mirror image matches only when reflections are allowed; duplicates
   * in the group count once. */
  Coord j_group[5] = {{1, 0}, {1, 1}, {1, 2}, {0, 2}, {1, 1}};
  ck_assert_int_eq(count_in(j_group, 5, l, 4, false), 0);
  ck_assert_int_eq(count_in(j_group, 5, l, 4, true), 1);
  /* cells at the ends of the coordinates' range: a shape does not wrap */
  Coord edge[4] = {{32766, 0}, {32767, 0}, {-32768, 0}, {-32767, 0}};
  Coord bar[4] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}};
  ck_assert_int_eq(count_in(edge, 4, bar, 4, true), 0);
}
END_TEST

/* ---- the naive search ---- */

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t next_random(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (uint32_t)(rng >> 11);
}

static bool is_form(GridKind g, const TileDef *t, const Coord *subset, int k) {
  Coord mine[TILE_MAX_CELLS];
  memcpy(mine, subset, sizeof(Coord) * (size_t)k);
  shape_normalise(mine, k);
  for (int o = 0; o < grid_orientation_count(g, t->reflections); o++) {
    Coord turned[TILE_MAX_CELLS];
    for (int i = 0; i < k; i++) turned[i] = grid_transform(g, (Coord){t->dx[i], t->dy[i]}, o);
    shape_normalise(turned, k);
    if (memcmp(turned, mine, sizeof(Coord) * (size_t)k) == 0) return true;
  }
  return false;
}

/* Every k-subset of cells[0..n-1] (distinct cells), in lexicographic order of
 * indices; the ones shaped like t are written sorted to out. */
static int naive_occurrences(GridKind g, const TileDef *t, const Coord *cells, int n, Coord *out) {
  int k = t->cell_count, idx[TILE_MAX_CELLS], found = 0;
  for (int i = 0; i < k; i++) idx[i] = i;
  while (k <= n) {
    Coord subset[TILE_MAX_CELLS];
    for (int i = 0; i < k; i++) subset[i] = cells[idx[i]];
    if (is_form(g, t, subset, k)) {
      Coord sorted[TILE_MAX_CELLS];
      memcpy(sorted, subset, sizeof sorted);
      /* by row, then column, as shape_occurrences lists its cells */
      for (int a = 0; a < k; a++)
        for (int b = a + 1; b < k; b++)
          if (sorted[b].y < sorted[a].y || (sorted[b].y == sorted[a].y && sorted[b].x < sorted[a].x)) {
            Coord tmp = sorted[a];
            sorted[a] = sorted[b], sorted[b] = tmp;
          }
      memcpy(&out[found * k], sorted, sizeof(Coord) * (size_t)k);
      found++;
    }
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) break;
    idx[i]++;
    for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
  }
  return found;
}

/* A random connected-ish group: random cells of a small box, distinct. */
static int random_group(Coord *cells, int max) {
  int n = 6 + (int)(next_random() % (unsigned)(max - 5));
  int count = 0;
  while (count < n) {
    Coord c = {(int16_t)(next_random() % 5) - 1, (int16_t)(next_random() % 5) - 2};
    bool seen = false;
    for (int i = 0; i < count && !seen; i++) seen = cells[i].x == c.x && cells[i].y == c.y;
    if (!seen) cells[count++] = c;
  }
  return count;
}

static bool listed(const Coord *occurrences, int count, int k, const Coord *one) {
  for (int i = 0; i < count; i++)
    if (memcmp(&occurrences[i * k], one, sizeof(Coord) * (size_t)k) == 0) return true;
  return false;
}

START_TEST(test_occurrences_match_naive_search) {
  static ShapeForm shapes[64];
  static const GridKind grids[2] = {GRID_SQUARE, GRID_HEX};
  int total = 0;
  for (int round = 0; round < 400; round++) {
    GridKind g = grids[round % 2];
    int size = 3 + (int)(next_random() % 4); /* shapes of 3..6 cells */
    int nshapes = shape_free_polyominoes(size, shapes, 64);
    const ShapeForm *shape = &shapes[next_random() % (unsigned)nshapes];
    TileDef t = tile_of(shape->cell, shape->count, next_random() % 4 != 0);
    Coord group[20];
    int n = random_group(group, 16);
    /* the search is given some cells twice, the naive version each once */
    int given = n;
    for (int extra = (int)(next_random() % 4); extra > 0; extra--) group[given++] = group[next_random() % (unsigned)n];
    ShapeForm forms[SHAPE_FORMS_MAX];
    int nforms = shape_forms(g, &t, forms);
    static Coord fast[16 * SHAPE_FORMS_MAX * TILE_MAX_CELLS], slow[8008 * TILE_MAX_CELLS];
    int32_t slots[64];
    int got = shape_occurrences(forms, nforms, group, given, slots, fast, 16 * SHAPE_FORMS_MAX);
    int want = naive_occurrences(g, &t, group, n, slow);
    ck_assert_int_eq(got, want);
    for (int i = 0; i < want; i++) ck_assert(listed(fast, got, t.cell_count, &slow[i * t.cell_count]));
    total += want;
  }
  ck_assert_int_gt(total, 400); /* the groups do hold shapes */
}
END_TEST

static Suite *shapes_suite(void) {
  Suite *s = suite_create("shapes");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_free_and_fixed_counts);
  tcase_add_test(tc, test_forms_without_reflection);
  tcase_add_test(tc, test_hand_built_occurrences);
  tcase_add_test(tc, test_occurrences_match_naive_search);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(shapes_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
