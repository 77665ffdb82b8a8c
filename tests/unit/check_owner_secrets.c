/* check_owner_secrets.c — `owner` variables stay secret in every
 * observation: whole matches of games/hexdominimum.tess (a hidden mission
 * tile and a hidden playing tile per seat) with 2, 3 and 4 players, every
 * state from the first decision to the end, every seat's view. Each seat
 * sees its own mission (as the everything-view shows it) and
 * {"hidden":true} for every other seat's. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"

#define GAME TESSERA_SOURCE_DIR "/games/hexdominimum.tess"

static TsProgram *compile_game(void) {
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib",
                              .games_dir = TESSERA_SOURCE_DIR "/games"};
  TsProgram *p = ts_compile_file(GAME, &options, stderr);
  ck_assert_ptr_nonnull(p);
  return p;
}

static char json[1 << 17];

/* The text of a var's per-seat array in an observation: `"name":[...]`
 * (no nested arrays in a mission's items: names and {"hidden":true}). */
static void var_array(const TsState *s, int viewer, const char *name, char *out, size_t cap) {
  ts_observation_json(s, viewer, json, sizeof json);
  char key[64];
  snprintf(key, sizeof key, "\"%s\":[", name);
  const char *at = strstr(json, key);
  ck_assert_msg(at != NULL, "no %s in %s", key, json);
  const char *end = strchr(at, ']');
  ck_assert_ptr_nonnull(end);
  size_t n = (size_t)(end + 1 - at);
  ck_assert_uint_lt(n, cap);
  memcpy(out, at, n);
  out[n] = 0;
}

/* Item i of `"name":[a,b,...]` (items without commas inside). */
static void item(const char *array, int i, char *out, size_t cap) {
  const char *at = strchr(array, '[') + 1;
  for (int k = 0; k < i; k++) at = strchr(at, ',') + 1;
  size_t n = strcspn(at, ",]");
  ck_assert_uint_lt(n, cap);
  memcpy(out, at, n);
  out[n] = 0;
}

static int views_checked;

static void check_views(const TsState *s, int players) {
  char all[512], mine[512], want[64], seen[64];
  var_array(s, -1, "mission", all, sizeof all);
  for (int viewer = 0; viewer < players; viewer++) {
    var_array(s, viewer, "mission", mine, sizeof mine);
    for (int k = 0; k < players; k++) {
      item(mine, k, seen, sizeof seen);
      if (k == viewer) {
        item(all, k, want, sizeof want);
        ck_assert_str_eq(seen, want);
        ck_assert_msg(seen[0] == '"', "seat %d does not see its mission: %s", viewer, mine);
      } else {
        ck_assert_msg(strcmp(seen, "{\"hidden\":true}") == 0, "seat %d sees seat %d's mission: %s",
                      viewer, k, mine);
      }
    }
    views_checked++;
  }
}

START_TEST(test_missions_secret_in_every_observation) {
  TsProgram *p = compile_game();
  for (int players = 2; players <= 4; players++)
    for (uint64_t seed = 1; seed <= 3; seed++) {
      char err[256] = "";
      TsState *s = ts_new_game(p, players, seed, err, sizeof err);
      ck_assert_msg(s != NULL, "%s", err);
      int moves = 0;
      for (;;) {
        check_views(s, players);
        if (ts_is_over(s)) break;
        ck_assert_int_eq(ts_apply(s, (int)((seed * 7 + (uint64_t)moves) % (uint64_t)ts_legal_count(s)),
                                  err, sizeof err), 0);
        moves++;
      }
      ck_assert_int_eq(moves, 36 - players); /* every tile but the missions placed */
      ts_free(s);
    }
  ck_assert_int_gt(views_checked, 9 * 2 * 30);
  ts_program_free(p);
}
END_TEST

int main(void) {
  Suite *s = suite_create("owner_secrets");
  TCase *tc = tcase_create("owner_secrets");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_missions_secret_in_every_observation);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
