/* check_line_games.c — the line-of-play games (games/block.tess,
 * hexdominoes.tess, hemingway.tess) through the public API: at every
 * decision of seeded random games, no seat's observation shows another
 * seat's hand or the boneyard, while the full observation shows every hand. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"

static TsProgram *compile_game(const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/games/%s.tess", TESSERA_SOURCE_DIR, name);
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  TsProgram *p = ts_compile_file(path, &options, stderr);
  ck_assert_msg(p != NULL, "%s does not compile", path);
  return p;
}

static int count(const char *text, const char *what) {
  int n = 0;
  for (const char *at = strstr(text, what); at; at = strstr(at + 1, what)) n++;
  return n;
}

/* Hands are `owner`, the boneyard `hidden`: a seat sees every other hand
 * and the boneyard as hidden (nplayers items), its own hand as tiles. */
static void check_hiding(const char *game, int players, uint64_t seed) {
  TsProgram *p = compile_game(game);
  char err[256];
  TsState *s = ts_new_game(p, players, seed, err, sizeof err);
  ck_assert_msg(s != NULL, "%s", err);
  static char json[1 << 18];
  srand((unsigned)seed);
  int decisions = 0;
  while (!ts_is_over(s)) {
    ck_assert_uint_lt(ts_observation_json(s, -1, json, sizeof json), sizeof json);
    ck_assert_int_eq(count(json, "\"hidden\":true"), 1); /* the boneyard, for everyone */
    for (int seat = 0; seat < players; seat++) {
      ck_assert_uint_lt(ts_observation_json(s, seat, json, sizeof json), sizeof json);
      ck_assert_msg(count(json, "\"hidden\":true") == players, "%s seat %d sees: %s", game, seat, json);
    }
    ck_assert_int_eq(ts_apply(s, rand() % ts_legal_count(s), err, sizeof err), 0);
    decisions++;
  }
  ck_assert_ptr_null(ts_error(s));
  ck_assert_int_gt(decisions, 0);
  ts_free(s);
  ts_program_free(p);
}

START_TEST(test_block_hides_hands) {
  for (int n = 2; n <= 4; n++) check_hiding("block", n, (uint64_t)n);
}
END_TEST

START_TEST(test_hexdominoes_hides_hands) {
  for (int n = 2; n <= 4; n++) check_hiding("hexdominoes", n, (uint64_t)n);
}
END_TEST

START_TEST(test_hemingway_hides_hands) {
  for (int n = 2; n <= 12; n += 5) check_hiding("hemingway", n, (uint64_t)n);
}
END_TEST

int main(void) {
  Suite *s = suite_create("line games");
  TCase *tc = tcase_create("hidden hands");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_block_hides_hands);
  tcase_add_test(tc, test_hexdominoes_hides_hands);
  tcase_add_test(tc, test_hemingway_hides_hands);
  suite_add_tcase(s, tc);
  SRunner *runner = srunner_create(s);
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? 1 : 0;
}
