/* check_alloc_wrap.c — every allocation is checked, found by failing each
 * one in turn. Linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=strdup,--wrap=strndup, so every such call in the engine (and in
 * this file) goes through the __wrap_ functions below, which can fail the
 * Nth. (check_alloc_failure fails only grow_bytes; this one reaches the raw
 * calls too.) For N = 1, 2, … until a run makes fewer than N allocations:
 *  - compiling a game either gives a program or no program and an
 *    "out of memory" diagnostic;
 *  - a seeded match — ts_new_game, then at every decision a clone, a copy,
 *    the observations, the rendering, the option texts and the rules'
 *    running score — ends either normally or with a failure that says
 *    "out of memory": ts_new_game refusing with that text, ts_clone giving
 *    NULL, ts_copy giving -1 (its target unchanged), a question answered
 *    -1, or the game ending in that runtime error. The matches run twice:
 *    with only the Nth allocation failing, and with every allocation from
 *    the Nth on failing (memory stays short: the error's own text cannot
 *    be copied either).
 * A crash fails the test (Check runs it in its own process; the signal
 * handler names the N), and the sanitizer build's LeakSanitizer fails it
 * when a failure path leaks. Check itself allocates in its assertions, so
 * while a run is armed a broken expectation is only noted (EXPECT), and
 * asserted once the run is over. */
#include <check.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tessera.h"

void *__real_malloc(size_t bytes);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *old, size_t bytes);
char *__real_strdup(const char *text);
char *__real_strndup(const char *text, size_t len);

static long countdown; /* allocations until the failing one; 0 = none fails */
static bool failed;    /* the failing allocation was reached */
static bool persist;   /* every allocation after it fails too */
static long current;   /* the N of the run in progress, for the crash report */
static const char *phase = "";

static bool fail_now(void) {
  if (failed && persist) return true;
  if (countdown <= 0 || --countdown > 0) return false;
  failed = true;
  return true;
}

void *__wrap_malloc(size_t bytes) { return fail_now() ? NULL : __real_malloc(bytes); }
void *__wrap_calloc(size_t count, size_t size) { return fail_now() ? NULL : __real_calloc(count, size); }
void *__wrap_realloc(void *old, size_t bytes) { return fail_now() ? NULL : __real_realloc(old, bytes); }
char *__wrap_strdup(const char *text) { return fail_now() ? NULL : __real_strdup(text); }
char *__wrap_strndup(const char *text, size_t len) { return fail_now() ? NULL : __real_strndup(text, len); }

static void fail_allocation(long n) {
  countdown = n;
  failed = false;
}

/* The first broken expectation of the run in progress ("" when none). */
static char problem[512];

#define EXPECT(cond, ...)                                          \
  do {                                                             \
    if (!(cond) && !problem[0]) {                                  \
      int at = snprintf(problem, sizeof problem, "line %d: ", __LINE__); \
      snprintf(problem + at, sizeof problem - (size_t)at, __VA_ARGS__); \
    }                                                              \
  } while (0)

/* Disarms, then fails the test on the run's broken expectation. */
static void end_run(void) {
  fail_allocation(0);
  ck_assert_msg(!problem[0], "%s with allocation %ld failing: %s", phase, current, problem);
}

static void start_run(long n) {
  problem[0] = 0;
  current = n;
  fail_allocation(n);
}

static void report_crash(int sig) {
  char line[160];
  int len = snprintf(line, sizeof line, "check_alloc_wrap: signal %d in %s with allocation %ld failing\n", sig, phase,
                     current);
  if (len > 0) (void)!write(STDERR_FILENO, line, (size_t)len);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void name_crashes(const char *what) {
  phase = what;
  signal(SIGSEGV, report_crash);
  signal(SIGABRT, report_crash);
  signal(SIGBUS, report_crash);
}

/* ---- compiling ---- */

static char diagnostics[16384];

static TsProgram *compile_game(const char *name) {
  char path[512];
  snprintf(path, sizeof path, TESSERA_SOURCE_DIR "/games/%s.tess", name);
  FILE *d = fmemopen(diagnostics, sizeof diagnostics, "w"); /* libc's own memory: not counted */
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  return p;
}

enum { MAX_RUNS = 20000 };

/* How one compile with allocation n failing ended, in a child process (so
 * that a crash is one run's end, not the test's). */
typedef enum CompileEnd { COMPILED, REFUSED, NOT_REACHED } CompileEnd;

static CompileEnd compile_in_child(const char *game, long n) {
  char err_path[] = "/tmp/check_alloc_wrap_XXXXXX";
  int err_fd = mkstemp(err_path);
  ck_assert_int_ge(err_fd, 0);
  unlink(err_path);
  fflush(NULL);
  pid_t child = fork();
  ck_assert_int_ge(child, 0);
  if (child == 0) {
    dup2(err_fd, STDERR_FILENO);
    start_run(n);
    TsProgram *p = compile_game(game);
    bool reached = failed;
    fail_allocation(0);
    EXPECT(p || !reached || strstr(diagnostics, "out of memory") || strstr(diagnostics, "Cannot allocate memory"),
           "no program, diagnostics: %.400s", diagnostics);
    EXPECT(p || reached, "no program without a failure: %.400s", diagnostics);
    ts_program_free(p);
    if (problem[0]) fprintf(stderr, "%s\n", problem);
    exit(problem[0] ? 3 : !reached ? 10 : p ? 11 : 12);
  }
  int status;
  ck_assert_int_eq(waitpid(child, &status, 0), child);
  char said[1024] = "";
  ssize_t len = pread(err_fd, said, sizeof said - 1, 0);
  said[len > 0 ? len : 0] = 0;
  close(err_fd);
  /* A crash ends in a signal, or in exit 1 under AddressSanitizer (as a
   * leak does); 3 is a broken expectation. */
  ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) >= 10 && WEXITSTATUS(status) <= 12,
                "%s with allocation %ld failing: %s %d; stderr: %s", game, n,
                WIFSIGNALED(status) ? "signal" : "exit", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status),
                said);
  return WEXITSTATUS(status) == 10 ? NOT_REACHED : WEXITSTATUS(status) == 11 ? COMPILED : REFUSED;
}

static void compile_ends_cleanly(const char *game) {
  name_crashes(game);
  long n = 1, refused = 0;
  for (; n < MAX_RUNS; n++) {
    CompileEnd end = compile_in_child(game, n);
    if (end == NOT_REACHED) break; /* the compile made fewer than n allocations */
    refused += end == REFUSED;
  }
  ck_assert_msg(n > 10 && n < MAX_RUNS, "%s: %ld allocations", game, n);
  ck_assert_msg(refused > n / 2, "%s: only %ld of %ld failures refused the program", game, refused, n - 1);
}

START_TEST(compile_block_ends_cleanly) { compile_ends_cleanly("block"); }
END_TEST

/* ---- a match ---- */

/* What a run saw of the failure. */
typedef struct Seen {
  int clone_refused, copy_refused, question_refused, start_refused, game_error, unknown_text;
  int moves; /* applied */
} Seen;

static char scratch[1 << 16];

/* Everything a screen, a trace and an agent ask at a decision. */
static void look(const TsState *s, Seen *seen) {
  for (int seat = TS_VIEW_PUBLIC; seat < ts_seats(s); seat++) ts_observation_json(s, seat, scratch, sizeof scratch);
  FILE *out = fopen("/dev/null", "w");
  ts_render(s, 0, out);
  ts_render_styled(s, TS_VIEW_PUBLIC, &(TsRenderStyle){.color = true, .before = s}, out);
  ts_render_options(s, out);
  fclose(out);
  int64_t values[64];
  char err[256] = "";
  if (!ts_error(s) && ts_seat_values(s, "running_score", values, err, sizeof err) < 0) {
    EXPECT(strstr(err, "out of memory"), "running_score: %s", err);
    seen->question_refused++;
  }
  for (int i = 0; i < ts_legal_count(s); i++)
    if (strcmp(ts_legal_text(s, i, scratch, sizeof scratch), "?") == 0) seen->unknown_text++;
}

/* A clone (or NULL) and a copy into `spare` that leaves it as it was when
 * refused (spare is a game of fewer players: its block grows). */
static void copy_twice(const TsState *s, TsState *spare, Seen *seen) {
  TsState *c = ts_clone(s);
  if (c) EXPECT(ts_hash(c) == ts_hash(s), "the clone's hash differs");
  else seen->clone_refused++;
  ts_free(c);
  uint64_t before = ts_hash(spare);
  if (ts_copy(spare, s) == 0) EXPECT(ts_hash(spare) == ts_hash(s), "the copy's hash differs");
  else {
    EXPECT(ts_hash(spare) == before, "a refused copy changed its target");
    seen->copy_refused++;
  }
}

/* A seeded match of at most `moves` random moves, at the most players (up
 * to 4), looking at every decision; the game's error (or NULL). */
static const char *play(TsProgram *p, uint64_t seed, int moves, Seen *seen) {
  static char why[512];
  char err[512] = "";
  int players = ts_program_max_players(p) < 4 ? ts_program_max_players(p) : 4;
  TsState *s = ts_new_game(p, players, seed, err, sizeof err);
  if (!s) {
    EXPECT(strstr(err, "out of memory"), "ts_new_game: %s", err);
    seen->start_refused++;
    snprintf(why, sizeof why, "%s", err);
    return why;
  }
  TsState *fewer = ts_new_game(p, ts_program_min_players(p), seed + 1, err, sizeof err);
  if (!fewer) {
    EXPECT(strstr(err, "out of memory"), "ts_new_game: %s", err);
    seen->start_refused++;
  }
  TsState *spare = fewer ? ts_clone(fewer) : NULL; /* a clone's block is no larger than its position */
  if (fewer && !spare) seen->clone_refused++;
  ts_free(fewer);
  uint64_t rng = seed;
  for (int i = 0; i < moves && !ts_is_over(s); i++) {
    look(s, seen);
    if (spare) copy_twice(s, spare, seen);
    /* The looks and copies can end the game (an error): no option to draw. */
    if (ts_is_over(s) || ts_legal_count(s) <= 0) break;
    rng = rng * 6364136223846793005u + 1442695040888963407u;
    int option = (int)((rng >> 33) % (uint64_t)ts_legal_count(s));
    if (ts_apply(s, option, err, sizeof err) != 0) EXPECT(ts_error(s) != NULL, "a move failed: %s", err);
    seen->moves++;
  }
  look(s, seen);
  if (spare) copy_twice(s, spare, seen); /* an error text to copy too */
  const char *error = ts_error(s);
  snprintf(why, sizeof why, "%s", error ? error : "");
  ts_free(spare);
  ts_free(s);
  return error ? why : NULL;
}

static void match_ends_cleanly(const char *game, int moves, bool has_running_score, bool short_from_then_on) {
  name_crashes(game);
  persist = false;
  TsProgram *p = compile_game(game);
  ck_assert_msg(p != NULL, "%s", diagnostics);
  Seen total = {0}, unhurt = {0};
  ck_assert_ptr_null(play(p, 7, moves, &unhurt));
  long n = 1;
  persist = short_from_then_on;
  for (; n < MAX_RUNS; n++) {
    Seen seen = {0};
    start_run(n);
    const char *why = play(p, 7, moves, &seen);
    bool reached = failed;
    end_run();
    if (!reached) { /* the match made fewer than n allocations: it plays without an error */
      ck_assert_msg(why == NULL, "%s: %s", game, why);
      break;
    }
    if (why) {
      ck_assert_msg(strstr(why, "out of memory"), "%s: allocation %ld failed: %s", game, n, why);
      total.game_error++;
    } else { /* a game that ended early ended in an error, and says which */
      ck_assert_msg(seen.moves == unhurt.moves, "%s: allocation %ld failed: over after %d moves instead of %d, no error",
                    game, n, seen.moves, unhurt.moves);
    }
    total.clone_refused += seen.clone_refused;
    total.copy_refused += seen.copy_refused;
    total.question_refused += seen.question_refused;
    total.start_refused += seen.start_refused;
    total.unknown_text += seen.unknown_text > 0;
  }
  ck_assert_msg(n > 20 && n < MAX_RUNS, "%s: %ld allocations", game, n);
  /* Each kind of failure was met: the state copies (clone: state, block;
   * copy: a block that grew), the match's set-up and the VM, the questions'
   * scratch copies. */
  ck_assert_int_ge(total.clone_refused, 2);
  if (ts_program_max_players(p) > ts_program_min_players(p)) ck_assert_int_ge(total.copy_refused, 1);
  ck_assert_int_ge(total.start_refused, 4);
  if (has_running_score) ck_assert_int_ge(total.question_refused, 1);
  ts_program_free(p);
}

START_TEST(match_block_ends_cleanly) { match_ends_cleanly("block", 30, false, _i); }
END_TEST

START_TEST(match_domineering_ends_cleanly) { match_ends_cleanly("domineering", 30, false, _i); }
END_TEST

START_TEST(match_hegemino_ends_cleanly) { match_ends_cleanly("hegemino", 6, true, _i); }
END_TEST

int main(void) {
  Suite *s = suite_create("alloc_wrap");
  TCase *compile = tcase_create("compile"), *match = tcase_create("match");
  tcase_set_timeout(compile, 120);
  tcase_set_timeout(match, 120);
  tcase_add_test(compile, compile_block_ends_cleanly);
  /* _i = 0: one allocation fails; 1: every one from it on */
  tcase_add_loop_test(match, match_block_ends_cleanly, 0, 2);
  tcase_add_loop_test(match, match_domineering_ends_cleanly, 0, 2);
  tcase_add_loop_test(match, match_hegemino_ends_cleanly, 0, 2);
  suite_add_tcase(s, compile);
  suite_add_tcase(s, match);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failures = srunner_ntests_failed(r);
  srunner_free(r);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
