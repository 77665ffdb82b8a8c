/* check_replay_paths.c — tools/replay_paths.c: the rule files a trace's
 * header may make `tessera replay` read. tools/ is not part of
 * tessera_core, so the file is included. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../tools/replay_paths.c"

static char root[64], traces[128], games[128], trace[160], beside[160], other[160], link_out[160];

static void touch(const char *path) {
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fclose(f);
}

/* root/traces/t.jsonl, root/traces/mine.tess, root/games/, root/other.tess,
 * root/traces/sneaky.tess -> ../other.tess */
static void setup(void) {
  snprintf(root, sizeof root, "/tmp/check_replay_paths_XXXXXX");
  ck_assert_ptr_nonnull(mkdtemp(root));
  snprintf(traces, sizeof traces, "%s/traces", root);
  snprintf(games, sizeof games, "%s/games", root);
  mkdir(traces, 0700);
  mkdir(games, 0700);
  snprintf(trace, sizeof trace, "%s/t.jsonl", traces);
  snprintf(beside, sizeof beside, "%s/mine.tess", traces);
  snprintf(other, sizeof other, "%s/other.tess", root);
  snprintf(link_out, sizeof link_out, "%s/sneaky.tess", traces);
  touch(trace);
  touch(beside);
  touch(other);
  ck_assert_int_eq(symlink(other, link_out), 0);
}

static void teardown(void) {
  char command[200];
  snprintf(command, sizeof command, "rm -rf '%s'", root);
  ck_assert_int_eq(system(command), 0);
}

START_TEST(test_plain_names) {
  ck_assert(replay_plain_name("hegemino"));
  ck_assert(replay_plain_name("hex-domino_2"));
  ck_assert(!replay_plain_name(""));
  ck_assert(!replay_plain_name("../etc/passwd"));
  ck_assert(!replay_plain_name("a/b"));
  ck_assert(!replay_plain_name(".."));
}
END_TEST

START_TEST(test_rule_file_beside_the_trace) {
  setup();
  ck_assert(replay_rules_allowed(beside, trace, games, NULL));
  teardown();
}
END_TEST

START_TEST(test_files_elsewhere_are_refused) {
  setup();
  ck_assert(!replay_rules_allowed("/etc/passwd", trace, games, NULL));
  ck_assert(!replay_rules_allowed(other, trace, games, NULL));
  ck_assert(!replay_rules_allowed(link_out, trace, games, NULL)); /* a link out of the folder */
  ck_assert(!replay_rules_allowed(trace, trace, games, NULL));    /* not a .tess file */
  ck_assert(!replay_rules_allowed("/nonexistent.tess", trace, games, NULL));
  teardown();
}
END_TEST

START_TEST(test_games_directory_and_rules_option) {
  setup();
  char game[200];
  snprintf(game, sizeof game, "%s/g.tess", games);
  touch(game);
  ck_assert(replay_rules_allowed(game, "/elsewhere/t.jsonl", games, NULL));
  ck_assert(replay_rules_allowed(other, trace, games, other)); /* named with --rules */
  ck_assert(replay_rules_allowed("/etc/passwd", trace, games, "/etc/passwd"));
  teardown();
}
END_TEST

int main(void) {
  Suite *s = suite_create("replay_paths");
  TCase *tc = tcase_create("core");
  tcase_add_test(tc, test_plain_names);
  tcase_add_test(tc, test_rule_file_beside_the_trace);
  tcase_add_test(tc, test_files_elsewhere_are_refused);
  tcase_add_test(tc, test_games_directory_and_rules_option);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
