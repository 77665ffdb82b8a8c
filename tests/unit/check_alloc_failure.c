/* check_alloc_failure.c — every growth of the compiler's and the VM's arrays
 * goes through grow_bytes (runtime/grow.h); this test is linked with
 * -Wl,--wrap=grow_bytes, so its __wrap_grow_bytes can fail the Nth call.
 * For N = 1, 2, … until a run needs fewer than N growths, a compile must
 * fail with one "out of memory" diagnostic and no program, and a seeded
 * match (set-up, moves, texts, hashes, a reset) must end in the runtime
 * error "out of memory" — or refuse to start with that message — and
 * never crash (Check runs each test in its own process: a crash fails it).
 * A growth whose failure is not checked crashes or goes on with a
 * half-built array, and fails this test. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"

bool __real_grow_bytes(void *block, size_t bytes);

static long countdown; /* growths until the failing one; 0 = none fails */
static bool failed;    /* the failing growth was reached */

bool __wrap_grow_bytes(void *block, size_t bytes) {
  if (countdown > 0 && --countdown == 0) {
    failed = true;
    return false;
  }
  return __real_grow_bytes(block, bytes);
}

static void fail_growth(long n) {
  countdown = n;
  failed = false;
}

static char *diagnostics;
static size_t diagnostics_length;

static TsProgram *compile_game(const char *name) {
  char path[512];
  snprintf(path, sizeof path, TESSERA_SOURCE_DIR "/games/%s.tess", name);
  free(diagnostics);
  FILE *d = open_memstream(&diagnostics, &diagnostics_length);
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  return p;
}

enum { MAX_RUNS = 20000 };

static void compile_fails_cleanly(const char *game) {
  long n = 1;
  for (; n < MAX_RUNS; n++) {
    fail_growth(n);
    TsProgram *p = compile_game(game);
    if (!failed) { /* the compile needed fewer than n growths */
      ck_assert_ptr_nonnull(p);
      ts_program_free(p);
      break;
    }
    ck_assert_msg(p == NULL, "%s: growth %ld failed, yet a program came out", game, n);
    ck_assert_msg(strstr(diagnostics, "out of memory"), "%s: growth %ld failed, diagnostics: %s", game, n, diagnostics);
  }
  fail_growth(0);
  ck_assert_msg(n > 10 && n < MAX_RUNS, "%s: %ld growths", game, n);
}

START_TEST(compile_block_fails_cleanly) { compile_fails_cleanly("block"); }
END_TEST

START_TEST(compile_hegemino_fails_cleanly) { compile_fails_cleanly("hegemino"); }
END_TEST

static bool unknown_text; /* an option's text came out as "?" */

/* A seeded match of at most `moves` moves, then a reset and a few more:
 * the texts of the options (build_texts), hashes (settling the state),
 * moves (unpacking, running, packing). */
static const char *play(TsProgram *p, uint64_t seed, int moves, char *err, size_t errlen) {
  unknown_text = false;
  TsState *s = ts_new_game(p, 0, seed, err, errlen);
  if (!s) return err;
  static char error[512];
  uint64_t rng = seed;
  for (int round = 0; round < 2; round++) {
    for (int i = 0; i < moves && !ts_is_over(s); i++) {
      char text[256];
      int count = ts_legal_count(s);
      ck_assert_int_gt(count, 0);
      rng = rng * 6364136223846793005u + 1442695040888963407u;
      int option = (int)((rng >> 33) % (uint64_t)count);
      if (strcmp(ts_legal_text(s, option, text, sizeof text), "?") == 0) unknown_text = true;
      (void)ts_hash(s);
      char move_err[512];
      if (ts_apply(s, option, move_err, sizeof move_err) != 0) ck_assert(ts_error(s) != NULL);
    }
    if (ts_error(s)) break;
    ts_reset(s, seed + 1);
  }
  const char *why = ts_error(s);
  snprintf(error, sizeof error, "%s", why ? why : "");
  ts_free(s);
  return why ? error : NULL;
}

static void match_fails_cleanly(const char *game) {
  TsProgram *p = compile_game(game);
  ck_assert_msg(p != NULL, "%s", diagnostics);
  long n = 1;
  int errors = 0;
  for (; n < MAX_RUNS; n++) {
    char err[512] = "";
    fail_growth(n);
    const char *why = play(p, 7, 12, err, sizeof err);
    bool reached = failed;
    fail_growth(0);
    if (!reached) { /* the match needed fewer than n growths: it plays without an error */
      ck_assert_msg(why == NULL, "%s: %s", game, why);
      break;
    }
    /* A failed growth of the option texts only makes them "?"; anything
     * else ends the match (or refuses to start it) with this error. */
    ck_assert_msg(why || unknown_text, "%s: growth %ld failed and nothing said so", game, n);
    if (why) {
      ck_assert_msg(strstr(why, "out of memory"), "%s: growth %ld failed: %s", game, n, why);
      errors++;
    }
  }
  ck_assert_msg(n > 5 && n < MAX_RUNS, "%s: %ld growths", game, n);
  ck_assert_int_gt(errors, 3); /* the VM's arrays, the block, the working heap */
  ts_program_free(p);
}

START_TEST(match_block_fails_cleanly) { match_fails_cleanly("block"); }
END_TEST

START_TEST(match_hegemino_fails_cleanly) { match_fails_cleanly("hegemino"); }
END_TEST

int main(void) {
  Suite *s = suite_create("alloc_failure");
  TCase *t = tcase_create("core");
  tcase_set_timeout(t, 120);
  tcase_add_test(t, compile_block_fails_cleanly);
  tcase_add_test(t, compile_hegemino_fails_cleanly);
  tcase_add_test(t, match_block_fails_cleanly);
  tcase_add_test(t, match_hegemino_fails_cleanly);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failures = srunner_ntests_failed(r);
  srunner_free(r);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
