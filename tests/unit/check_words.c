/* check_words.c — answers besides the options (`choose … or words`) through
 * the public API: a word is offered after the options, its text is the
 * word, a human types it in any case, and the script sees which was chosen. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera.h"

static const char *const GAME =
    "game \"Words\"\n"
    "players 1\n"
    "word pass, stop\n"
    "tiles bones = [domino(1, 2), domino(2, 3)]\n"
    "var said: [tile | word]\n"
    "var score: per player int\n"
    "rank highest score\n"
    "play {\n"
    "  let m = choose seat(0) from bones or [pass, stop]\n"
    "  said = said + [m]\n"
    "  while m != stop {\n"
    "    m = choose seat(0) from bones or [pass, stop]\n"
    "    said = said + [m]\n"
    "    if m is tile { score[seat(0)] += m[0] + m[1] }\n"
    "  }\n"
    "}\n";

static TsProgram *compile_game(void) {
  char path[128];
  snprintf(path, sizeof path, "/tmp/tessera_check_words_%d.tess", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(GAME, f);
  fclose(f);
  char *diags = NULL;
  size_t length = 0;
  FILE *d = open_memstream(&diags, &length);
  TsCompileOptions options = {0};
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  unlink(path);
  ck_assert_msg(p != NULL, "does not compile:\n%s", diags);
  free(diags);
  return p;
}

START_TEST(test_words_follow_the_options) {
  TsProgram *p = compile_game();
  char err[256];
  TsState *s = ts_new_game(p, 1, 1, err, sizeof err);
  ck_assert_ptr_nonnull(s);
  ck_assert_int_eq(ts_legal_count(s), 4);
  char buf[64];
  ck_assert_str_eq(ts_legal_text(s, 0, buf, sizeof buf), "1-2");
  ck_assert_str_eq(ts_legal_text(s, 1, buf, sizeof buf), "2-3");
  ck_assert_str_eq(ts_legal_text(s, 2, buf, sizeof buf), "pass");
  ck_assert_str_eq(ts_legal_text(s, 3, buf, sizeof buf), "stop");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

START_TEST(test_a_typed_word_is_a_move) {
  TsProgram *p = compile_game();
  char err[256];
  TsState *s = ts_new_game(p, 1, 1, err, sizeof err);
  ck_assert_int_eq(ts_find_move(s, " PASS "), 2);
  ck_assert_int_eq(ts_find_move(s, "wait"), -1);
  ck_assert_int_lt(ts_apply_text(s, "wait", err, sizeof err), 0);
  ck_assert_int_eq(ts_apply_text(s, "Pass", err, sizeof err), 0);
  ck_assert_int_eq(ts_apply_text(s, "2-3", err, sizeof err), 0);
  ck_assert(!ts_is_over(s));
  ck_assert_int_eq(ts_score(s, 0), 5); /* the tile was narrowed and scored; the word was not */
  ck_assert_int_eq(ts_apply_text(s, "stop", err, sizeof err), 0);
  ck_assert(ts_is_over(s));
  static char json[4096];
  ts_observation_json(s, 0, json, sizeof json);
  ck_assert_msg(strstr(json, "\"said\":[\"pass\",\"2-3\",\"stop\"]") != NULL, "%s", json);
  ts_free(s);
  ts_program_free(p);
}
END_TEST

int main(void) {
  Suite *s = suite_create("words");
  TCase *tc = tcase_create("words");
  tcase_add_test(tc, test_words_follow_the_options);
  tcase_add_test(tc, test_a_typed_word_is_a_move);
  suite_add_tcase(s, tc);
  SRunner *runner = srunner_create(s);
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? 1 : 0;
}
