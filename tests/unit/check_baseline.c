/* check_baseline.c — differential test of the whole engine against the
 * hand-written C Hegemino (tests/bench/hegemino_baseline.c): for each seed,
 * games/hegemino.tess run by the VM with two random agents and the baseline
 * with the same agents must play THE SAME GAME — at every decision the same
 * seat, the same number of options, the same choice and the same move text —
 * and end with the same scores. Any difference is in the compiler, the VM,
 * the natives (shuffle, sort_by, placements, regions, ...) or the baseline;
 * the failure names the first differing seed and decision.
 *
 * The agents are the CLI's own (tools/agents.c, included directly as
 * check_cli_options.c does), so this also checks that the baseline's copy of
 * their generator still agrees with them. */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tools/agents.c"
#include "../../tools/options.c"
#include "../bench/hegemino_baseline.h"
#include "tessera.h"

#define STDLIB_DIR TESSERA_SOURCE_DIR "/stdlib"
#define GAMES_DIR TESSERA_SOURCE_DIR "/games"
#define GAME_FILE GAMES_DIR "/hegemino.tess"

enum { SEEDS = 200, FIRST_SEED = 1, MAX_STEPS = 256 };

typedef struct Step {
  int seat, count, chosen;
  char text[48];
} Step;

typedef struct Trace {
  Step steps[MAX_STEPS];
  int n;
} Trace;

static void record(void *ctx, int seat, int count, int chosen, const char *text) {
  Trace *t = ctx;
  ck_assert_int_lt(t->n, MAX_STEPS);
  Step *s = &t->steps[t->n++];
  s->seat = seat, s->count = count, s->chosen = chosen;
  snprintf(s->text, sizeof s->text, "%s", text);
}

static TsProgram *program;

static void compile_game(void) {
  TsCompileOptions options = {.stdlib_dir = STDLIB_DIR, .games_dir = GAMES_DIR};
  program = ts_compile_file(GAME_FILE, &options, stderr);
}

static void free_game(void) {
  ts_program_free(program);
  program = NULL;
}

/* Plays `seed` through the VM and compares it, decision by decision, with
 * the baseline's trace. Returns false (after printing why) at the first
 * difference. */
static bool same_game(uint64_t seed, char *why, size_t cap) {
  Trace expect = {.n = 0};
  BaselineResult base = {0};
  hegemino_baseline_playout_traced(seed, &base, record, &expect);

  char err[256];
  TsState *s = ts_new_game(program, 2, seed, err, sizeof err);
  if (!s) {
    snprintf(why, cap, "seed %" PRIu64 ": ts_new_game: %s", seed, err);
    return false;
  }
  Agent agents[2];
  for (int i = 0; i < 2; i++) agent_init(&agents[i], AGENT_RANDOM, seed, i);
  bool ok = true;
  int step = 0;
  for (; ok && !ts_is_over(s); step++) {
    int seat = ts_current_seat(s), count = ts_legal_count(s);
    int pick = count > 0 && seat >= 0 && seat < 2 ? agent_pick_auto(&agents[seat], count) : -1;
    char text[128] = "";
    if (pick >= 0) ts_legal_text(s, pick, text, sizeof text);
    if (step >= expect.n) {
      snprintf(why, cap,
               "seed %" PRIu64 ", decision %d: the script asks P%d to choose among %d (picks '%s'); the "
               "baseline's game ended after %d decisions",
               seed, step, seat + 1, count, text, expect.n);
      ok = false;
      break;
    }
    const Step *e = &expect.steps[step];
    if (seat != e->seat || count != e->count || pick != e->chosen || strcmp(text, e->text) != 0) {
      snprintf(why, cap,
               "seed %" PRIu64 ", decision %d: script P%d, %d options, picks #%d '%s'; baseline P%d, %d "
               "options, picks #%d '%s'",
               seed, step, seat + 1, count, pick, text, e->seat + 1, e->count, e->chosen, e->text);
      ok = false;
      break;
    }
    if (ts_apply(s, pick, err, sizeof err) != 0) {
      snprintf(why, cap, "seed %" PRIu64 ", decision %d: ts_apply('%s'): %s", seed, step, text, err);
      ok = false;
    }
  }
  if (ok && ts_error(s)) {
    snprintf(why, cap, "seed %" PRIu64 ": runtime error: %s", seed, ts_error(s));
    ok = false;
  }
  if (ok && step != expect.n) {
    snprintf(why, cap, "seed %" PRIu64 ": the script's game ended after %d decisions, the baseline's after %d",
             seed, step, expect.n);
    ok = false;
  }
  if (ok && (base.decisions != expect.n || base.seats != ts_seats(s))) {
    snprintf(why, cap, "seed %" PRIu64 ": baseline result: %" PRId64 " decisions (traced %d), %d seats (script %d)",
             seed, base.decisions, expect.n, base.seats, ts_seats(s));
    ok = false;
  }
  for (int k = 0; ok && k < 2; k++) {
    if (ts_score(s, k) != base.scores[k]) {
      snprintf(why, cap, "seed %" PRIu64 ": score of P%d: script %" PRId64 ", baseline %" PRId64, seed, k + 1,
               ts_score(s, k), base.scores[k]);
      ok = false;
    }
  }
  ts_free(s);
  return ok;
}

START_TEST(test_compiles) {
  ck_assert_msg(program != NULL, "games/hegemino.tess does not compile (diagnostics on stderr)");
}
END_TEST

/* The untraced playout (what bench times) is the traced one. */
START_TEST(test_untraced_same) {
  for (uint64_t seed = FIRST_SEED; seed < FIRST_SEED + 20; seed++) {
    Trace t = {.n = 0};
    BaselineResult a = {0}, b = {0};
    hegemino_baseline_playout(seed, &a);
    hegemino_baseline_playout_traced(seed, &b, record, &t);
    ck_assert_int_eq(a.decisions, b.decisions);
    ck_assert_int_eq(a.decisions, t.n);
    ck_assert_int_eq(a.seats, 2);
    for (int k = 0; k < 2; k++) ck_assert_int_eq(a.scores[k], b.scores[k]);
  }
}
END_TEST

START_TEST(test_same_games) {
  ck_assert_ptr_nonnull(program);
  char why[512];
  int played = 0;
  for (uint64_t seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
    if (!same_game(seed, why, sizeof why)) {
      fprintf(stderr, "check_baseline: first difference: %s\n", why);
      ck_abort_msg("%s (after %d identical seeds)", why, played);
    }
    played++;
  }
  ck_assert_int_eq(played, SEEDS);
}
END_TEST

/* A few far-apart seeds: the seed's high bits reach the generators too. */
START_TEST(test_large_seeds) {
  ck_assert_ptr_nonnull(program);
  static const uint64_t seeds[] = {0, UINT64_MAX, 0x8000000000000000u, 0x7465737365726121u, 1234567890123u};
  char why[512];
  for (size_t i = 0; i < sizeof seeds / sizeof *seeds; i++)
    ck_assert_msg(same_game(seeds[i], why, sizeof why), "%s", why);
}
END_TEST

static Suite *baseline_suite(void) {
  Suite *s = suite_create("baseline");
  TCase *tc = tcase_create("hegemino");
  tcase_add_unchecked_fixture(tc, compile_game, free_game);
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, test_compiles);
  tcase_add_test(tc, test_untraced_same);
  tcase_add_test(tc, test_same_games);
  tcase_add_test(tc, test_large_seeds);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(baseline_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
