/* check_secret.c — secret decisions (`choose secret`) and `secret`
 * variables, through the engine API on whole games of
 * games/hexominoes.tess: the hexed shapes never show in the other seat's
 * observation nor a spectator's at any step, show in their own seat's, and
 * are revealed once the game is over; ending the game early ("stop");
 * shapes drawn as pictures (render_shapes.c); and the visibility rules
 * (public, hidden, owner, secret) for seats, spectators and everything on a
 * small program. */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera.h"

#define GAME TESSERA_SOURCE_DIR "/games/hexominoes.tess"

static TsProgram *program;

static void compile_game(void) {
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  program = ts_compile_file(GAME, &options, stderr);
  ck_assert_ptr_nonnull(program);
}

static void free_game(void) { ts_program_free(program); }

static TsState *new_game(uint64_t seed) {
  char err[256] = "";
  TsState *s = ts_new_game(program, 2, seed, err, sizeof err);
  ck_assert_msg(s != NULL, "ts_new_game: %s", err);
  return s;
}

static void apply(TsState *s, int option) {
  char err[256] = "";
  ck_assert_msg(ts_apply(s, option, err, sizeof err) == 0, "ts_apply(%d): %s", option, err);
}

static const char *observe(const TsState *s, int viewer) {
  static char json[1 << 17];
  size_t n = ts_observation_json(s, viewer, json, sizeof json);
  ck_assert_uint_lt(n, sizeof json);
  return json;
}

/* The JSON text of variable `name` in an observation: "[...]" up to its
 * matching bracket, copied to out. */
static void var_text(const char *json, const char *name, char *out, size_t cap) {
  char key[64];
  snprintf(key, sizeof key, "\"%s\":", name);
  const char *at = strstr(strstr(json, "\"vars\":"), key);
  ck_assert_msg(at != NULL, "no %s in\n%s", name, json);
  at += strlen(key);
  size_t n = 0;
  int depth = 0;
  do {
    if (at[n] == '[' || at[n] == '{') depth++;
    if (at[n] == ']' || at[n] == '}') depth--;
    n++;
  } while (depth > 0 && at[n]);
  ck_assert_uint_lt(n, cap);
  memcpy(out, at, n);
  out[n] = 0;
}

static uint64_t rng;
static int pick(int count) {
  rng = rng * 6364136223846793005u + 1442695040888963407u;
  return (int)((rng >> 33) % (uint64_t)count);
}

/* Element k of a JSON array's text ("[a,b]"), copied to out. */
static void element(const char *array, int k, char *out, size_t cap) {
  const char *at = array + 1;
  for (int i = 0;; i++) {
    size_t n = 0;
    int depth = 0;
    while (at[n] && (depth > 0 || (at[n] != ',' && at[n] != ']'))) {
      if (at[n] == '[' || at[n] == '{') depth++;
      if (at[n] == ']' || at[n] == '}') depth--;
      n++;
    }
    if (i == k) {
      ck_assert_uint_lt(n, cap);
      memcpy(out, at, n);
      out[n] = 0;
      return;
    }
    ck_assert_msg(at[n] == ',', "no element %d in %s", k, array);
    at += n + 1;
  }
}

/* That the owner's entry of the observation's hexed variable is hidden and
 * names none of the owner's shapes (the other seat may hex the same ones). */
static void expect_hidden(const char *json, int owner, const char chosen[3][16], int count, const char *who) {
  char var[4096], hexed[4096];
  var_text(json, "hexed", var, sizeof var);
  element(var, owner, hexed, sizeof hexed);
  char want[64];
  snprintf(want, sizeof want, "{\"hidden\":true,\"count\":%d}", count);
  ck_assert_msg(strcmp(hexed, want) == 0, "%s sees %s", who, hexed);
  for (int i = 0; i < count; i++) {
    char quoted[24];
    snprintf(quoted, sizeof quoted, "\"%s\"", chosen[i]);
    ck_assert_msg(strstr(hexed, quoted) == NULL, "%s sees %s: %s", who, chosen[i], hexed);
  }
}

START_TEST(test_secret_in_whole_games) {
  for (uint64_t seed = 1; seed <= 12; seed++) {
    rng = seed;
    TsState *s = new_game(seed);
    char chosen[2][3][16];
    int made[2] = {0, 0};
    int steps = 0;
    while (!ts_is_over(s)) {
      int seat = ts_current_seat(s);
      int count = ts_legal_count(s);
      bool secret = ts_decision_secret(s);
      ck_assert_int_eq(secret, steps < 6); /* three hexes each, first */
      /* never "stop": the game goes to the end */
      int option = pick(count);
      char text[16];
      ts_legal_text(s, option, text, sizeof text);
      if (strcmp(text, "stop") == 0) option = 0, ts_legal_text(s, 0, text, sizeof text);
      for (int owner = 0; owner < 2; owner++) {
        const char *other = observe(s, 1 - owner);
        expect_hidden(other, owner, (const char(*)[16])chosen[owner], made[owner], "the other seat");
        const char *spectator = observe(s, TS_VIEW_PUBLIC);
        expect_hidden(spectator, owner, (const char(*)[16])chosen[owner], made[owner], "a spectator");
        char var[4096], hexed[4096];
        var_text(observe(s, owner), "hexed", var, sizeof var);
        element(var, owner, hexed, sizeof hexed);
        for (int i = 0; i < made[owner]; i++) ck_assert_msg(strstr(hexed, chosen[owner][i]), "own seat misses %s", chosen[owner][i]);
      }
      if (secret) memcpy(chosen[seat][made[seat]++], text, sizeof text);
      apply(s, option);
      steps++;
    }
    ck_assert_ptr_null(ts_error(s));
    ck_assert_int_eq(made[0], 3);
    ck_assert_int_eq(made[1], 3);
    /* the end reveals them to everyone */
    for (int viewer = TS_VIEW_PUBLIC; viewer < 2; viewer++) {
      char hexed[4096];
      var_text(observe(s, viewer), "hexed", hexed, sizeof hexed);
      for (int owner = 0; owner < 2; owner++)
        for (int i = 0; i < 3; i++) ck_assert_msg(strstr(hexed, chosen[owner][i]), "not revealed: %s", hexed);
    }
    /* alerts stay their seat's */
    char alerts[256];
    var_text(observe(s, 0), "alerts", alerts, sizeof alerts);
    ck_assert_msg(strstr(alerts, "[") == alerts && strstr(alerts, ",{\"hidden\":true}]"), "alerts: %s", alerts);
    ts_free(s);
  }
}
END_TEST

/* The three secret hexes of both seats, then the seat to move ends the game
 * early with "stop": it loses 10 from its (empty) group, the other wins. */
START_TEST(test_stop_ends_the_game_early) {
  for (uint64_t seed = 1; seed <= 4; seed++) {
    TsState *s = new_game(seed);
    for (int i = 0; i < 6; i++) apply(s, i);
    ck_assert(!ts_decision_secret(s));
    int seat = ts_current_seat(s);
    char err[256] = "";
    ck_assert_int_eq(ts_apply_text(s, "stop", err, sizeof err), 0);
    ck_assert(ts_is_over(s));
    ck_assert_int_eq(ts_score(s, seat), -10);
    ck_assert_int_eq(ts_score(s, 1 - seat), 0);
    int rank[2];
    ts_ranking(s, rank);
    ck_assert_int_eq(rank[1 - seat], 1);
    ck_assert_int_eq(rank[seat], 2);
    ts_free(s);
  }
}
END_TEST

/* Later on: a few placements, then "stop" — the stopper's score is its
 * group's result minus 10 (the game also scores "ended"). */
START_TEST(test_stop_after_placements) {
  TsState *s = new_game(7);
  for (int i = 0; i < 6; i++) apply(s, i);
  for (int i = 0; i < 6; i++) apply(s, 0); /* first placements */
  int seat = ts_current_seat(s);
  TsState *kept = ts_clone(s);
  char err[256] = "";
  ck_assert_int_eq(ts_apply_text(s, "stop", err, sizeof err), 0);
  ck_assert(ts_is_over(s));
  char ended[64];
  var_text(observe(s, -1), "ended", ended, sizeof ended);
  ck_assert_str_eq(ended, seat == 0 ? "[true,false]" : "[false,true]");
  /* the same position with the other seat stopping next turn instead */
  apply(kept, 0);
  ck_assert_int_eq(ts_apply_text(kept, "stop", err, sizeof err), 0);
  var_text(observe(kept, -1), "ended", ended, sizeof ended);
  ck_assert_str_eq(ended, seat == 0 ? "[false,true]" : "[true,false]");
  ts_free(kept);
  ts_free(s);
}
END_TEST

/* The visibility rules on a small program: owner, secret and hidden
 * values as each seat, a spectator and everything (-1) see them, before and
 * after the end. */
static const char *const views_game =
    "game \"views\"\n"
    "players 2\n"
    "var pick: per player int secret\n"
    "var mine: per player [int] owner\n"
    "var pile: [int] hidden\n"
    "var open: int\n"
    "play {\n"
    "  pile = [7, 8]\n"
    "  open = 5\n"
    "  for p in players {\n"
    "    mine[p] = [ord(p) + 10]\n"
    "    pick[p] = choose secret p from [ord(p) + 1, 3]\n"
    "  }\n"
    "  let last = choose seat(0) from [0]\n"
    "}\n";

START_TEST(test_views_of_secret_owner_hidden) {
  char path[64];
  snprintf(path, sizeof path, "/tmp/tessera_check_secret_%d.tess", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(views_game, f);
  fclose(f);
  TsCompileOptions options = {0};
  TsProgram *p = ts_compile_file(path, &options, stderr);
  unlink(path);
  ck_assert_ptr_nonnull(p);
  char err[256];
  TsState *s = ts_new_game(p, 2, 1, err, sizeof err);
  ck_assert(ts_decision_secret(s));
  apply(s, 0); /* P1 picks 1 */
  ck_assert(ts_decision_secret(s));
  apply(s, 0); /* P2 picks 2 */
  ck_assert(!ts_decision_secret(s));
  char var[256];
  var_text(observe(s, 0), "pick", var, sizeof var);
  ck_assert_str_eq(var, "[1,{\"hidden\":true}]");
  var_text(observe(s, 1), "pick", var, sizeof var);
  ck_assert_str_eq(var, "[{\"hidden\":true},2]");
  var_text(observe(s, TS_VIEW_PUBLIC), "pick", var, sizeof var);
  ck_assert_str_eq(var, "[{\"hidden\":true},{\"hidden\":true}]");
  var_text(observe(s, TS_VIEW_PUBLIC), "mine", var, sizeof var);
  ck_assert_str_eq(var, "[{\"hidden\":true,\"count\":1},{\"hidden\":true,\"count\":1}]");
  var_text(observe(s, TS_VIEW_ALL), "pick", var, sizeof var);
  ck_assert_str_eq(var, "[1,2]");
  var_text(observe(s, TS_VIEW_ALL), "pile", var, sizeof var);
  ck_assert_str_eq(var, "{\"hidden\":true,\"count\":2}");
  var_text(observe(s, TS_VIEW_PUBLIC), "open", var, sizeof var);
  ck_assert_str_eq(var, "5");
  apply(s, 0); /* the end: secret values are everyone's, owner ones stay private */
  ck_assert(ts_is_over(s) && !ts_decision_secret(s));
  var_text(observe(s, 1), "pick", var, sizeof var);
  ck_assert_str_eq(var, "[1,2]");
  var_text(observe(s, TS_VIEW_PUBLIC), "pick", var, sizeof var);
  ck_assert_str_eq(var, "[1,2]");
  var_text(observe(s, 1), "mine", var, sizeof var);
  ck_assert_str_eq(var, "[{\"hidden\":true,\"count\":1},[11]]");
  ts_free(s);
  ts_program_free(p);
}
END_TEST

static char *rendered(const TsState *s, int seat, bool options) {
  char *text = NULL;
  size_t length = 0;
  FILE *out = open_memstream(&text, &length);
  if (options) (void)ts_render_options(s, out);
  else ts_render(s, seat, out);
  fclose(out);
  return text;
}

/* A human hexing sees the catalogue: every option drawn, numbered; the
 * placements are not pictures. The seat's own hexed shapes are drawn for it
 * alone. */
START_TEST(test_catalogue_and_own_shapes_drawn) {
  TsState *s = new_game(1);
  char *text = rendered(s, 0, true);
  ck_assert_msg(strstr(text, "1. H1 ") && strstr(text, "35. H35") && strstr(text, "[][][][][][]"), "%s", text);
  free(text);
  apply(s, 0); /* P1 hexes H1, the straight six */
  text = rendered(s, 0, false);
  ck_assert_msg(strstr(text, "hexed of P1:\n  H1") && strstr(text, "[][][][][][]"), "%s", text);
  free(text);
  text = rendered(s, 1, false);
  ck_assert_msg(!strstr(text, "hexed of") && !strstr(text, "H1"), "%s", text);
  free(text);
  for (int i = 0; i < 5; i++) apply(s, 0);
  char *none = NULL;
  size_t length = 0;
  FILE *out = open_memstream(&none, &length);
  ck_assert(!ts_render_options(s, out)); /* placements */
  fclose(out);
  ck_assert_uint_eq(length, 0);
  free(none);
  ts_free(s);
}
END_TEST

static Suite *secret_suite(void) {
  Suite *s = suite_create("secret");
  TCase *tc = tcase_create("hexominoes");
  tcase_add_unchecked_fixture(tc, compile_game, free_game);
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_secret_in_whole_games);
  tcase_add_test(tc, test_stop_ends_the_game_early);
  tcase_add_test(tc, test_stop_after_placements);
  tcase_add_test(tc, test_catalogue_and_own_shapes_drawn);
  tcase_add_test(tc, test_views_of_secret_owner_hidden);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(secret_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
