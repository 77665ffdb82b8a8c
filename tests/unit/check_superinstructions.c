/* check_superinstructions.c — the differential test of the compiler's
 * superinstructions (lang/compile.c: the fused pairs and LIST_EXTEND)
 * against one instruction per operation: every shipped game, compiled both
 * ways, plays the same seeded random games — the same seat deciding, the
 * same options (by their keys) at every decision, the same scores at the
 * end. */
#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"

enum { SEEDS = 3 };

static TsProgram *compile_game(const char *file, bool plain) {
  char path[512];
  snprintf(path, sizeof path, "%s/games/%s", TESSERA_SOURCE_DIR, file);
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games",
                              .no_superinstructions = plain};
  TsProgram *p = ts_compile_file(path, &options, stderr);
  ck_assert_msg(p != NULL, "%s does not compile", path);
  return p;
}

static uint64_t next_random(uint64_t *x) { /* splitmix64 */
  uint64_t z = (*x += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* One seeded game both ways; returns the decisions made. */
static int play_both(const char *file, TsProgram *fused, TsProgram *plain, int players, uint64_t seed) {
  char err[256];
  TsState *a = ts_new_game(fused, players, seed, err, sizeof err);
  ck_assert_msg(a != NULL, "%s: %s", file, err);
  TsState *b = ts_new_game(plain, players, seed, err, sizeof err);
  ck_assert_msg(b != NULL, "%s: %s", file, err);
  uint64_t rng = seed;
  int decisions = 0;
  while (!ts_is_over(a)) {
    ck_assert_msg(!ts_is_over(b), "%s seed %llu: over plain only", file, (unsigned long long)seed);
    ck_assert_int_eq(ts_current_seat(a), ts_current_seat(b));
    int n = ts_legal_count(a);
    ck_assert_msg(n == ts_legal_count(b), "%s seed %llu decision %d: %d options fused, %d plain", file,
                  (unsigned long long)seed, decisions, n, ts_legal_count(b));
    for (int i = 0; i < n; i++)
      ck_assert_msg(ts_legal_key(a, i) == ts_legal_key(b, i), "%s seed %llu decision %d: option %d differs", file,
                    (unsigned long long)seed, decisions, i);
    int pick = (int)(next_random(&rng) % (uint64_t)n);
    ck_assert_int_eq(ts_apply(a, pick, err, sizeof err), 0);
    ck_assert_int_eq(ts_apply(b, pick, err, sizeof err), 0);
    decisions++;
  }
  ck_assert(ts_is_over(b));
  ck_assert_msg(ts_error(a) == NULL && ts_error(b) == NULL, "%s: %s", file, ts_error(a) ? ts_error(a) : ts_error(b));
  for (int seat = 0; seat < players; seat++) ck_assert_int_eq(ts_score(a, seat), ts_score(b, seat));
  ts_free(a);
  ts_free(b);
  return decisions;
}

START_TEST(test_every_game_plays_the_same_with_and_without_superinstructions) {
  DIR *dir = opendir(TESSERA_SOURCE_DIR "/games");
  ck_assert_ptr_nonnull(dir);
  int games = 0;
  for (struct dirent *e; (e = readdir(dir));) {
    size_t len = strlen(e->d_name);
    if (len < 6 || strcmp(e->d_name + len - 5, ".tess") != 0) continue;
    TsProgram *fused = compile_game(e->d_name, false), *plain = compile_game(e->d_name, true);
    if (!ts_program_is_module(fused)) {
      int decisions = 0;
      for (uint64_t seed = 1; seed <= SEEDS; seed++)
        decisions += play_both(e->d_name, fused, plain, ts_program_min_players(fused), seed);
      ck_assert_int_gt(decisions, 0);
      games++;
    }
    ts_program_free(fused);
    ts_program_free(plain);
  }
  closedir(dir);
  ck_assert_int_ge(games, 10);
}
END_TEST

int main(void) {
  Suite *s = suite_create("superinstructions");
  TCase *tc = tcase_create("differential");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_every_game_plays_the_same_with_and_without_superinstructions);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
