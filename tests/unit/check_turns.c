/* check_turns.c — turns_keep (turns.c) against a naive filter that unpacks
 * every placement, on random lists and masks. */
#include <check.h>
#include <stdlib.h>

#include "grid.h"
#include "turns.h"

static int32_t naive_keep(const int64_t *in, int32_t n, const int *turns, int nturns, int64_t *out) {
  int32_t kept = 0;
  for (int32_t i = 0; i < n; i++) {
    Placement p = placement_unpack(in[i]);
    for (int k = 0; k < nturns; k++)
      if (p.orientation == turns[k]) {
        out[kept++] = in[i];
        break;
      }
  }
  return kept;
}

static int64_t random_placement(void) {
  Placement p = {rand() % 50, {(int16_t)(rand() % 41 - 20), (int16_t)(rand() % 41 - 20)}, rand() % 12,
                 rand() % 8, rand() % 2};
  return placement_pack(p);
}

START_TEST(test_keep_matches_naive) {
  srand(17);
  int64_t in[200], fast[200], slow[200];
  for (int round = 0; round < 2000; round++) {
    int32_t n = rand() % 200;
    for (int32_t i = 0; i < n; i++) in[i] = random_placement();
    int turns[6], nturns = rand() % 6;
    uint64_t mask = 0;
    for (int k = 0; k < nturns; k++) {
      turns[k] = rand() % 12;
      mask |= (uint64_t)1 << turns[k];
    }
    int32_t kept = turns_keep(in, n, mask, fast);
    ck_assert_int_eq(kept, naive_keep(in, n, turns, nturns, slow));
    ck_assert_int_eq(turns_keep(in, n, mask, NULL), kept);
    for (int32_t i = 0; i < kept; i++) ck_assert(fast[i] == slow[i]);
  }
}
END_TEST

START_TEST(test_keep_in_place) {
  int64_t l[4];
  for (int i = 0; i < 4; i++) l[i] = placement_pack((Placement){1, {(int16_t)i, 0}, i, 0, 0});
  ck_assert_int_eq(turns_keep(l, 4, 1u << 1 | 1u << 3, l), 2);
  ck_assert_int_eq(placement_unpack(l[0]).orientation, 1);
  ck_assert_int_eq(placement_unpack(l[1]).orientation, 3);
  ck_assert_int_eq(turns_keep(l, 2, 0, l), 0);
}
END_TEST

static Suite *turns_suite(void) {
  Suite *s = suite_create("turns");
  TCase *tc = tcase_create("keep");
  tcase_add_test(tc, test_keep_matches_naive);
  tcase_add_test(tc, test_keep_in_place);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(turns_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
