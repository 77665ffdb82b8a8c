/* check_line.c — lines of play (runtime/line.c): the rulings' cases by
 * hand, then a differential test of line_lays and line_check against a
 * deliberately naive version written here.
 *
 * The naive side keeps its ends as a list of (number, value, spinner)
 * found by linear search, tries every combination of end number (0..255),
 * spinner use, way and touching cell, keeps the ones its own rules accept,
 * and sorts them by the canonical key with qsort. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "line.h"

/* ---- tiles: the double-twelve set, tile id = index ---- */

static TileDef set12[91];
static int set12_count;

static void make_set(void) {
  set12_count = 0;
  for (int a = 0; a <= 12; a++)
    for (int b = a; b <= 12; b++) {
      TileDef t = {.cell_count = 2};
      t.dx[1] = 1;
      t.value[0] = (int16_t)a;
      t.value[1] = (int16_t)b;
      snprintf(t.name, sizeof t.name, "%d-%d", a, b);
      set12[set12_count++] = t;
    }
}

static int tile_of(int a, int b) {
  for (int i = 0; i < set12_count; i++)
    if (set12[i].value[0] == a && set12[i].value[1] == b) return i;
  return -1;
}

/* ---- helpers for hand-built lines ---- */

typedef struct Line {
  int64_t lays[128];
  int n;
  LineState s;
} Line;

static void open_line(Line *l, int a, int b) {
  LayInfo o = {tile_of(a, b), 0, 0, -1, -1, LINE_OPENING, LINE_PLAIN, 0};
  l->n = 0;
  l->lays[l->n++] = line_pack(&o);
  ck_assert_int_eq(line_replay(set12, set12_count, l->lays, l->n, &l->s, NULL, 0), 0);
}

/* Lays the tile a-b by the text it would have ("1-12 across e2"). */
static void lay_text(Line *l, int a, int b, const char *text) {
  int64_t out[1600];
  int n = line_lays(&l->s, set12, tile_of(a, b), NULL, NULL, out, 1600);
  for (int i = 0; i < n; i++) {
    char t[64];
    line_lay_text(set12, set12_count, out[i], t, sizeof t);
    if (strcmp(t, text) == 0) {
      l->lays[l->n++] = out[i];
      ck_assert_int_eq(line_replay(set12, set12_count, l->lays, l->n, &l->s, NULL, 0), 0);
      return;
    }
  }
  ck_abort_msg("no lay '%s'", text);
}

static void expect_ends(const Line *l, const char *want) {
  char got[256] = "";
  for (int e = 1; e <= l->s.count; e++) {
    char one[32];
    snprintf(one, sizeof one, "%s%d%s", e > 1 ? " " : "", l->s.ends[e].value, l->s.ends[e].spinner ? "*" : "");
    strcat(got, one);
  }
  ck_assert_str_eq(got, want);
}

static bool has_lay(const Line *l, int a, int b, const char *text) {
  int64_t out[1600];
  int n = line_lays(&l->s, set12, tile_of(a, b), NULL, NULL, out, 1600);
  for (int i = 0; i < n; i++) {
    char t[64];
    line_lay_text(set12, set12_count, out[i], t, sizeof t);
    if (strcmp(t, text) == 0) return true;
  }
  return false;
}

/* ---- by hand ---- */

START_TEST(test_opening_opens_both_halves) {
  Line l;
  open_line(&l, 1, 1);
  expect_ends(&l, "1 1");
  open_line(&l, 3, 5);
  expect_ends(&l, "3 5");
}
END_TEST

START_TEST(test_the_example_11_2_across) {
  /* ends 6 and x; 11:2 across on x leaves 6, 11 and 2 */
  Line l;
  open_line(&l, 4, 6);          /* ends e1 = 4, e2 = 6 */
  lay_text(&l, 4, 9, "4-9 e1 out 9"); /* e1 = 9: the x end */
  lay_text(&l, 2, 11, "2-11 across e1");
  expect_ends(&l, "2 6 11");
}
END_TEST

START_TEST(test_in_line_either_half_out) {
  Line l;
  open_line(&l, 1, 1);
  ck_assert(has_lay(&l, 1, 12, "1-12 e1 out 12"));
  ck_assert(has_lay(&l, 1, 12, "1-12 e1 out 1"));
  ck_assert(has_lay(&l, 1, 12, "1-12 across e1"));
  lay_text(&l, 1, 12, "1-12 e1 out 1");
  expect_ends(&l, "1 1");
}
END_TEST

START_TEST(test_pynchon_across_then_side) {
  Line l;
  open_line(&l, 1, 1);
  lay_text(&l, 1, 7, "1-7 e1 out 7");
  lay_text(&l, 6, 6, "6-6 spinner e1"); /* 7 + 6 = 13: a spinner */
  expect_ends(&l, "6* 1");
  ck_assert(has_lay(&l, 6, 7, "6-7 e1 side out 7"));
  ck_assert(has_lay(&l, 6, 7, "6-7 e1 end out 7"));
  lay_text(&l, 6, 7, "6-7 e1 side out 7");
  expect_ends(&l, "7 1"); /* used up by its side */
  ck_assert(!has_lay(&l, 6, 7, "6-7 e1 side out 7"));
}
END_TEST

START_TEST(test_pynchon_across_then_end) {
  Line l;
  open_line(&l, 1, 1);
  lay_text(&l, 1, 7, "1-7 e1 out 7");
  lay_text(&l, 6, 6, "6-6 spinner e1");
  lay_text(&l, 6, 7, "6-7 e1 end out 7");
  expect_ends(&l, "7 1 6"); /* one end of 6 stays open */
}
END_TEST

START_TEST(test_hemingway_on_a_spinner) {
  Line l;
  open_line(&l, 1, 1);
  lay_text(&l, 1, 7, "1-7 e1 out 7");
  lay_text(&l, 6, 6, "6-6 spinner e1");
  lay_text(&l, 3, 10, "3-10 across e1 end");
  expect_ends(&l, "3 1 10 6");
}
END_TEST

START_TEST(test_double_across_forks_spinner_spins) {
  Line l;
  open_line(&l, 1, 1);
  lay_text(&l, 0, 0, "0-0 across e1");   /* a fork: two ends of 0 */
  expect_ends(&l, "0 1 0");
  lay_text(&l, 0, 0, "0-0 spinner e2");  /* (if a rule allowed it) a spinner of 0 */
  expect_ends(&l, "0 0* 0");
}
END_TEST

START_TEST(test_check_refuses_a_stale_lay) {
  Line l;
  open_line(&l, 1, 1);
  int64_t out[16];
  int n = line_lays(&l.s, set12, tile_of(1, 12), NULL, NULL, out, 16);
  ck_assert_int_eq(n, 6); /* two ends x (out 12, out 1, across) */
  int64_t blank[16];
  ck_assert_int_eq(line_lays(&l.s, set12, tile_of(0, 0), NULL, NULL, blank, 16), 6); /* two ends x (in line, across, spinner) */
  lay_text(&l, 1, 7, "1-7 e1 out 7");
  ck_assert_ptr_null(line_check(&l.s, set12, set12_count, out[3])); /* e2 is still 1 */
  ck_assert_ptr_nonnull(line_check(&l.s, set12, set12_count, out[0])); /* e1 is 7 now */
  LayInfo none = {tile_of(1, 12), 9, 1, 1, 12, LINE_INLINE, LINE_PLAIN, 0};
  ck_assert_str_eq(line_check(&l.s, set12, set12_count, line_pack(&none)), "no such end");
}
END_TEST

/* ---- the naive version ---- */

typedef struct NaiveEnd {
  int number, value;
  bool spinner;
} NaiveEnd;

typedef struct Naive {
  NaiveEnd ends[300];
  int count;
} Naive;

static NaiveEnd *naive_find(Naive *s, int number) {
  for (int i = 0; i < s->count; i++)
    if (s->ends[i].number == number) return &s->ends[i];
  return NULL;
}

static void naive_add(Naive *s, int value) {
  s->ends[s->count] = (NaiveEnd){s->count + 1, value, false};
  s->count++;
}

static void naive_apply(Naive *s, int64_t lay) {
  LayInfo l = line_unpack(lay);
  const TileDef *t = &set12[l.tile];
  if (l.way == LINE_OPENING) {
    naive_add(s, t->value[0]);
    naive_add(s, t->value[1]);
    return;
  }
  NaiveEnd *e = naive_find(s, l.end);
  int old = e->value;
  bool was_spinner = e->spinner;
  e->spinner = false;
  if (l.way == LINE_INLINE) {
    e->value = t->value[1 - l.cell];
  } else if (l.way == LINE_SPINNER) {
    e->value = t->value[0];
    e->spinner = true;
  } else {
    e->value = t->value[0];
    naive_add(s, t->value[1]);
  }
  if (was_spinner && l.spin == LINE_END) naive_add(s, old);
}

/* Does the naive model accept this combination? */
static bool naive_ok(Naive *s, int tile, int number, int spin, int way, int cell) {
  NaiveEnd *e = naive_find(s, number);
  if (!e) return false;
  if (e->spinner ? spin == LINE_PLAIN : spin != LINE_PLAIN) return false;
  const TileDef *t = &set12[tile];
  if ((way == LINE_ACROSS || way == LINE_SPINNER) && cell != 0) return false;
  if (way == LINE_SPINNER && t->value[0] != t->value[1]) return false;
  if (way == LINE_OPENING) return false;
  if (way == LINE_INLINE && cell == 1 && t->value[0] == t->value[1]) return false;
  return true;
}

static int64_t naive_pack(Naive *s, int tile, int number, int spin, int way, int cell) {
  const TileDef *t = &set12[tile];
  LayInfo l = {tile, number, naive_find(s, number)->value, -1, -1, way, spin, cell};
  if (way == LINE_INLINE) {
    l.touch = t->value[cell];
    l.out = t->value[1 - cell];
  } else if (t->value[0] == t->value[1]) {
    l.touch = t->value[0];
  }
  return line_pack(&l);
}

static int64_t canonical_key(int64_t lay) {
  LayInfo l = line_unpack(lay);
  int way_rank = l.way == LINE_SPINNER ? 3 : l.way == LINE_ACROSS ? 2 : l.cell;
  return (int64_t)l.end * 100 + l.spin * 10 + way_rank;
}

static int by_key(const void *a, const void *b) {
  int64_t x = canonical_key(*(const int64_t *)a), y = canonical_key(*(const int64_t *)b);
  return (x > y) - (x < y);
}

static int naive_lays(Naive *s, int tile, bool (*keep)(void *, int64_t), int64_t *out) {
  int n = 0;
  for (int number = 0; number <= 255; number++)
    for (int spin = 0; spin <= 2; spin++)
      for (int way = 0; way <= 3; way++)
        for (int cell = 0; cell <= 1; cell++)
          if (naive_ok(s, tile, number, spin, way, cell)) {
            int64_t lay = naive_pack(s, tile, number, spin, way, cell);
            if (!keep || keep(NULL, lay)) out[n++] = lay;
          }
  qsort(out, (size_t)n, sizeof *out, by_key);
  return n;
}

static bool odd_hash(void *ctx, int64_t lay) {
  (void)ctx;
  uint64_t h = (uint64_t)lay * 0x9e3779b97f4a7c15ull;
  return (h >> 61) & 1;
}

START_TEST(test_differential_against_naive) {
  srand(12345);
  for (int game = 0; game < 200; game++) {
    int64_t history[100];
    int n = 0;
    int first = rand() % set12_count;
    LayInfo o = {first, 0, 0, -1, -1, LINE_OPENING, LINE_PLAIN, 0};
    history[n++] = line_pack(&o);
    Naive naive = {.count = 0};
    naive_apply(&naive, history[0]);
    for (int step = 0; step < 60; step++) {
      LineState s;
      ck_assert_int_eq(line_replay(set12, set12_count, history, n, &s, NULL, 0), 0);
      ck_assert_int_eq(s.count, naive.count);
      for (int e = 1; e <= s.count; e++) {
        ck_assert_int_eq(s.ends[e].value, naive_find(&naive, e)->value);
        ck_assert_int_eq(s.ends[e].spinner, naive_find(&naive, e)->spinner);
      }
      int tile = rand() % set12_count;
      static int64_t fast[2000], slow[2000];
      for (int filtered = 0; filtered <= 1; filtered++) {
        int nf = line_lays(&s, set12, tile, filtered ? odd_hash : NULL, NULL, fast, 2000);
        int ns = naive_lays(&naive, tile, filtered ? odd_hash : NULL, slow);
        ck_assert_int_eq(nf, ns);
        for (int i = 0; i < nf; i++) ck_assert_int_eq(fast[i], slow[i]);
      }
      /* line_check agrees with the naive set, for lays and for noise */
      int ns = naive_lays(&naive, tile, NULL, slow);
      for (int i = 0; i < ns; i++) ck_assert_ptr_null(line_check(&s, set12, set12_count, slow[i]));
      for (int k = 0; k < 20; k++) {
        LayInfo r = {tile, rand() % (s.count + 2), rand() % 13, rand() % 14 - 1, rand() % 14 - 1,
                     rand() % 4, rand() % 3, rand() % 2};
        int64_t lay = line_pack(&r);
        bool in_naive = false;
        for (int i = 0; i < ns; i++) in_naive |= slow[i] == lay;
        ck_assert_int_eq(line_check(&s, set12, set12_count, lay) == NULL, in_naive);
      }
      if (ns == 0) continue;
      history[n++] = slow[rand() % ns];
      naive_apply(&naive, history[n - 1]);
      if (n == 100) break;
    }
  }
}
END_TEST

int main(void) {
  make_set();
  Suite *s = suite_create("line");
  TCase *hand = tcase_create("by hand");
  tcase_add_test(hand, test_opening_opens_both_halves);
  tcase_add_test(hand, test_the_example_11_2_across);
  tcase_add_test(hand, test_in_line_either_half_out);
  tcase_add_test(hand, test_pynchon_across_then_side);
  tcase_add_test(hand, test_pynchon_across_then_end);
  tcase_add_test(hand, test_hemingway_on_a_spinner);
  tcase_add_test(hand, test_double_across_forks_spinner_spins);
  tcase_add_test(hand, test_check_refuses_a_stale_lay);
  suite_add_tcase(s, hand);
  TCase *diff = tcase_create("differential");
  tcase_set_timeout(diff, 60);
  tcase_add_test(diff, test_differential_against_naive);
  suite_add_tcase(s, diff);
  SRunner *runner = srunner_create(s);
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? 1 : 0;
}
