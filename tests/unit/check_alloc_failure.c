/* check_alloc_failure.c — every allocation of the compiler and every growth
 * of the VM's arrays goes through grow_bytes (runtime/grow.h); this test is
 * linked with -Wl,--wrap=grow_bytes, so its __wrap_grow_bytes can fail the
 * Nth call. For N = 1, 2, … until a run needs fewer than N growths, a
 * compile must fail with "out of memory" and no program — for a rule file
 * without errors, "out of memory" is the only error it reports — and so
 * must it when every growth from the Nth on fails; a seeded match
 * (set-up, moves, texts, hashes, a reset) must end in the runtime error
 * "out of memory" — or refuse to start with that message — and never crash
 * (Check runs each test in its own process: a crash fails it). The
 * compiles cover every game in games/ and the compiler's other paths: a
 * variant found in an extension file, options set, coverage, warnings,
 * and files with warnings or errors (the diagnostics' own storage). A
 * growth whose failure is not checked crashes or goes on with a half-built
 * array, and fails this test; the sanitizer build also finds what a
 * failure leaks. */
#define _GNU_SOURCE /* memmem, mkstemps */
#include <check.h>
#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera.h"

bool __real_grow_bytes(void *block, size_t bytes);

static long countdown; /* growths until the failing one; 0 = none fails */
static bool failed;    /* the failing growth was reached */
static bool for_good;  /* and every growth after it fails too (memory stays short) */

bool __wrap_grow_bytes(void *block, size_t bytes) {
  if (failed && for_good) return false;
  if (countdown > 0 && --countdown == 0) {
    failed = true;
    return false;
  }
  return __real_grow_bytes(block, bytes);
}

static void fail_growth(long n) {
  countdown = n;
  failed = false;
  for_good = false;
}

static void fail_growths_from(long n) {
  fail_growth(n);
  for_good = n > 0;
}

static char *diagnostics;
static size_t diagnostics_length;

/* What to compile, and how. */
typedef struct Compile {
  const char *path;
  const char *games_dir;  /* NULL: games/ */
  const char *const *variants;
  int variant_count;
  const char *const *settings;
  int setting_count;
  bool warnings;
  const char *coverage_file;
  bool has_errors;        /* the file itself fails to compile */
} Compile;

static TsProgram *compile(const Compile *k) {
  free(diagnostics);
  FILE *d = open_memstream(&diagnostics, &diagnostics_length);
  TsCompileOptions options = {
    .stdlib_dir = TESSERA_SOURCE_DIR "/stdlib",
    .games_dir = k->games_dir ? k->games_dir : TESSERA_SOURCE_DIR "/games",
    .variants = k->variants, .variant_count = k->variant_count,
    .settings = k->settings, .setting_count = k->setting_count,
    .warnings = k->warnings, .coverage_file = k->coverage_file,
  };
  TsProgram *p = ts_compile_file(k->path, &options, d);
  fclose(d);
  return p;
}

static const char *game_path(const char *name) {
  static char path[512];
  snprintf(path, sizeof path, TESSERA_SOURCE_DIR "/games/%s.tess", name);
  return path;
}

static TsProgram *compile_game(const char *name) { return compile(&(Compile){.path = game_path(name)}); }

/* The only error the diagnostics report is "out of memory" (besides the
 * warnings said before memory ran out, with their source lines): nothing
 * else is reported about a file that has no error. */
static bool only_out_of_memory(const char *text) {
  for (const char *line = text; *line;) {
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    bool shown = length == 0 || memmem(line, length, "out of memory", 13) || memmem(line, length, ": warning: ", 11) ||
                 (length >= 2 && line[0] == ' ' && line[1] == ' ');
    if (!shown) return false;
    line += length + (end ? 1 : 0);
  }
  return true;
}

enum { MAX_RUNS = 20000 };

/* Fails growth 1, 2, … of the compile (with `from_on`, every growth from
 * that one on: the diagnostic itself may then find no memory, and is
 * counted as a lost message); returns how many the compile needs. */
static long compile_fails_cleanly_as(const Compile *k, bool from_on) {
  long n = 1;
  for (; n < MAX_RUNS; n++) {
    if (from_on) fail_growths_from(n);
    else fail_growth(n);
    TsProgram *p = compile(k);
    if (!failed) { /* the compile needed fewer than n growths */
      if (k->has_errors) {
        ck_assert_ptr_null(p);
        ck_assert_msg(!strstr(diagnostics, "out of memory"), "%s: %s", k->path, diagnostics);
      } else {
        ck_assert_msg(p != NULL, "%s: %s", k->path, diagnostics);
      }
      ts_program_free(p);
      break;
    }
    ck_assert_msg(p == NULL, "%s: growth %ld failed, yet a program came out: %s", k->path, n, diagnostics);
    ck_assert_msg(strstr(diagnostics, "out of memory"), "%s: growth %ld failed, diagnostics: %s", k->path, n,
                  diagnostics);
    if (!k->has_errors)
      ck_assert_msg(only_out_of_memory(diagnostics), "%s: growth %ld failed, diagnostics: %s", k->path, n,
                    diagnostics);
  }
  fail_growth(0);
  ck_assert_msg(n > 10 && n < MAX_RUNS, "%s: %ld growths", k->path, n);
  return n;
}

static long compile_fails_cleanly(const Compile *k) {
  long n = compile_fails_cleanly_as(k, false);
  ck_assert_int_eq(compile_fails_cleanly_as(k, true), n);
  return n;
}

/* Every game of games/, each compiled with each growth failing in turn. */
START_TEST(compile_every_game_fails_cleanly) {
  DIR *dir = opendir(TESSERA_SOURCE_DIR "/games");
  ck_assert_ptr_nonnull(dir);
  int games = 0;
  for (struct dirent *e; (e = readdir(dir));) {
    size_t length = strlen(e->d_name);
    if (length <= 5 || strcmp(e->d_name + length - 5, ".tess") != 0) continue;
    char path[512];
    snprintf(path, sizeof path, TESSERA_SOURCE_DIR "/games/%s", e->d_name);
    compile_fails_cleanly(&(Compile){.path = path});
    games++;
  }
  closedir(dir);
  ck_assert_int_ge(games, 13);
}
END_TEST

/* Variants (one with a declaration of its own and replaced ones),
 * warnings on, coverage: the checker's declaration set and the program's
 * coverage tables. */
START_TEST(compile_variants_fails_cleanly) {
  static const char *const variants[] = {"stacking_points", "spheres"};
  compile_fails_cleanly(&(Compile){.path = game_path("hegemino"), .variants = variants, .variant_count = 2,
                                   .warnings = true, .coverage_file = "/dev/null"});
}
END_TEST

/* `--set`: the option's new value is a node made after parsing. */
START_TEST(compile_settings_fails_cleanly) {
  static const char *const settings[] = {"chapters=2", "limit=10"};
  compile_fails_cleanly(&(Compile){.path = game_path("hemingway"), .settings = settings, .setting_count = 2});
}
END_TEST

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(text, f);
  fclose(f);
}

/* A variant declared in another file of the games directory: the
 * directory is listed and each candidate read apart (extensions.c). */
START_TEST(compile_extension_fails_cleanly) {
  char dir[] = "/tmp/tessera_alloc_XXXXXX", base[64], other[64], extension[64];
  ck_assert_ptr_nonnull(mkdtemp(dir));
  snprintf(base, sizeof base, "%s/base.tess", dir);
  snprintf(other, sizeof other, "%s/other.tess", dir);
  snprintf(extension, sizeof extension, "%s/more.tess", dir);
  write_file(base, "game \"Base\"\nplayers 1\nvar n: int = 1\nplay {\n  print(n)\n}\n");
  write_file(other, "game \"Other\"\nplayers 1\nplay {\n  print(2)\n}\n");
  write_file(extension, "extends base\nvariant more \"n is 3\" {\n  var n: int = 3\n}\n");
  static const char *const variants[] = {"more"};
  compile_fails_cleanly(&(Compile){.path = base, .games_dir = dir, .variants = variants, .variant_count = 1});
  unlink(base);
  unlink(other);
  unlink(extension);
  rmdir(dir);
}
END_TEST

/* Compiles `text` as a rule file of its own, with warnings on. */
static void compile_text_fails_cleanly(const char *text, bool has_errors) {
  char path[] = "/tmp/tessera_alloc_XXXXXX.tess";
  int fd = mkstemps(path, 5);
  ck_assert_int_ge(fd, 0);
  close(fd);
  write_file(path, text);
  compile_fails_cleanly(&(Compile){.path = path, .warnings = true, .has_errors = has_errors});
  unlink(path);
}

/* A file with warnings only, one said in the middle of the checking (an
 * unused local): a program, and after a failure no other error — also when
 * it was the warning's memory that ran out. */
START_TEST(compile_warnings_fails_cleanly) {
  compile_text_fails_cleanly("game \"Warned\"\nplayers 1\nfn f(k: int) -> int {\n  let spare = k\n  return k + 1\n}\n"
                             "fn g() -> int {\n  return f(2)\n}\nfn unused() -> int {\n  return 0\n}\n"
                             "play {\n  let n = g()\n  let also = [n, n]\n  print(n)\n}\n",
                             false);
}
END_TEST

/* A file with errors and warnings: the diagnostics' own storage and the
 * suggestions for unknown names. */
START_TEST(compile_errors_fails_cleanly) {
  compile_text_fails_cleanly("game \"Broken\"\nplayers 2\nfn unused(k: int) -> int {\n  return k\n}\n"
                             "play {\n  let x = totl + 1\n  let y: bool = 3\n  prnt(x)\n  let z = [1, true]\n}\n",
                             true);
}
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
  tcase_add_test(t, compile_every_game_fails_cleanly);
  tcase_add_test(t, compile_variants_fails_cleanly);
  tcase_add_test(t, compile_settings_fails_cleanly);
  tcase_add_test(t, compile_extension_fails_cleanly);
  tcase_add_test(t, compile_warnings_fails_cleanly);
  tcase_add_test(t, compile_errors_fails_cleanly);
  tcase_add_test(t, match_block_fails_cleanly);
  tcase_add_test(t, match_hegemino_fails_cleanly);
  suite_add_tcase(s, t);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failures = srunner_ntests_failed(r);
  srunner_free(r);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
