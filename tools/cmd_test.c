/* cmd_test.c — `tessera test [FILE|DIR]...`: runs the rule-file tests
 * (test_script.h), golden playthroughs (replay) and broken traces that must
 * fail found in the given files and folders, one line per failure, exit
 * status 1 on any (docs/testing.md). */
#define _GNU_SOURCE /* asprintf, strdup */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_alloc.h"
#include "test_coverage.h"
#include "test_run.h"
#include "test_script.h"

static const char usage[] =
    "usage: tessera test [FILE|DIR]... [--timeout S] [--verbose] [--coverage]\n"
    "\n"
    "Runs every test in the given files and folders (default: the current\n"
    "folder, searched recursively; hidden folders and build folders skipped):\n"
    "  NAME.tess with `// expect`/`// args` comments or expect(...) calls: a rule-file test\n"
    "  NAME.jsonl (a trace)                              a golden playthrough: must replay\n"
    "  NAME.jsonl beside NAME.expect                     must fail to replay with that message\n"
    "A failure is one line `FILE:LINE: expected ..., got ...`; exit status 1 when\n"
    "any test fails. docs/testing.md describes the expectations.\n"
    "  --timeout S   stop each test after S seconds (default 60)\n"
    "  --verbose     also print one line per test that passes\n"
    "  --coverage    then report, per rule file, which statement lines the tests ran\n";

typedef struct Run {
  int timeout;
  bool verbose;
  int tests, failed;
} Run;

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* NAME.jsonl -> NAME.expect (malloc'ed). */
static char *sibling(const char *path, const char *ext) {
  char *out = NULL;
  if (asprintf(&out, "%.*s%s", (int)(strlen(path) - strlen(".jsonl")), path, ext) < 0) return NULL;
  return out;
}

static void split_path(const char *path, char **dir, const char **base) {
  const char *slash = strrchr(path, '/');
  *base = slash ? slash + 1 : path;
  *dir = slash == path ? cli_strdup("/") : slash ? cli_strndup(path, (size_t)(slash - path)) : cli_strdup(".");
}

static void print_lines(const Lines *l) {
  for (int i = 0; i < l->count; i++) printf("%s\n", l->items[i]);
}

static int test_golden(const char *path, Run *run) {
  char *args[] = {"replay", (char *)path, NULL}, err[256];
  Captured c;
  if (!test_run(".", args, NULL, run->timeout, &c, err, sizeof err)) return printf("%s:1: %s\n", path, err), 1;
  int failed = c.status != 0;
  if (failed && !c.err.count) printf("%s:1: replay ended with status %d\n", path, c.status);
  if (failed) print_lines(&c.err);
  captured_free(&c);
  return failed;
}

static char *first_line(const char *path) {
  FILE *f = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  ssize_t len = f ? getline(&line, &cap, f) : -1;
  if (f) fclose(f);
  if (len < 0) {
    free(line);
    return NULL;
  }
  if (len > 0 && line[len - 1] == '\n') line[len - 1] = '\0';
  return line;
}

/* NAME.jsonl with NAME.expect: replay (with NAME.args' options) must fail
 * with a message containing the expected text. */
static int test_broken(const char *path, const char *expect_path, Run *run) {
  char *want = first_line(expect_path), *args_path = sibling(path, ".args"), *options = first_line(args_path);
  char *dir, *argv[16], err[256];
  const char *base;
  split_path(path, &dir, &base);
  int n = 0;
  argv[n++] = "replay";
  for (char *save = NULL, *w = options ? strtok_r(options, " ", &save) : NULL; w && n < 13; w = strtok_r(NULL, " ", &save))
    argv[n++] = w;
  argv[n++] = (char *)base;
  argv[n] = NULL;
  Captured c;
  int failed = 0;
  if (!test_run(dir, argv, NULL, run->timeout, &c, err, sizeof err)) {
    printf("%s:1: %s\n", path, err);
    failed = 1;
  } else {
    bool found = false;
    for (int i = 0; want && i < c.err.count && !found; i++) found = strstr(c.err.items[i], want) != NULL;
    if (c.status != 1 || !found) {
      printf("%s:1: expected replay to fail with \"%s\", got status %d%s%s%s\n", path, want ? want : "?", c.status,
             c.err.count ? " and \"" : "", c.err.count ? c.err.items[0] : "", c.err.count ? "\"" : "");
      failed = 1;
    }
    captured_free(&c);
  }
  free(want);
  free(args_path);
  free(options);
  free(dir);
  return failed;
}

static void count(Run *run, const char *path, int failures) {
  run->tests++;
  run->failed += failures != 0;
  if (!failures && run->verbose) printf("PASS %s\n", path);
}

/* One file: a test when it is one, silently nothing otherwise. */
static void test_file(const char *path, Run *run, bool named) {
  if (ends_with(path, ".tess")) {
    if (test_script_has_expectations(path)) count(run, path, test_script(path, run->timeout));
    else if (named) printf("%s:1: no `// expect` or `// args` comment, no expect(...): not a test\n", path), count(run, path, 1);
  } else if (ends_with(path, ".jsonl")) {
    char *expect = sibling(path, ".expect");
    bool broken = expect && access(expect, R_OK) == 0;
    count(run, path, broken ? test_broken(path, expect, run) : test_golden(path, run));
    free(expect);
  } else if (named) {
    printf("%s:1: not a test (.tess or .jsonl)\n", path);
    count(run, path, 1);
  }
}

static bool skipped_dir(const char *path, const char *name) {
  if (name[0] == '.') return true;
  char *cache = NULL;
  bool build = asprintf(&cache, "%s/CMakeCache.txt", path) >= 0 && access(cache, F_OK) == 0;
  free(cache);
  return build;
}

static int by_name(const struct dirent **a, const struct dirent **b) {
  return strcmp((*a)->d_name, (*b)->d_name);
}

static void test_path(const char *path, Run *run, bool named);

static void test_dir(const char *path, Run *run) {
  struct dirent **entries;
  int n = scandir(path, &entries, NULL, by_name);
  if (n < 0) {
    printf("%s:1: cannot read the folder\n", path);
    count(run, path, 1);
    return;
  }
  for (int i = 0; i < n; i++) {
    char *child = NULL;
    const char *name = entries[i]->d_name;
    if (strcmp(name, ".") != 0 && strcmp(name, "..") != 0 &&
        asprintf(&child, "%s%s%s", path, ends_with(path, "/") ? "" : "/", name) >= 0) {
      struct stat st;
      if (stat(child, &st) == 0 && S_ISDIR(st.st_mode)) {
        if (!skipped_dir(child, name)) test_dir(child, run);
      } else {
        test_path(child, run, false);
      }
    }
    free(child);
    free(entries[i]);
  }
  free(entries);
}

static void test_path(const char *path, Run *run, bool named) {
  struct stat st;
  if (stat(path, &st) != 0) {
    printf("%s:1: no such file or folder\n", path);
    count(run, path, 1);
  } else if (S_ISDIR(st.st_mode)) {
    test_dir(path, run);
  } else {
    test_file(path, run, named);
  }
}

int cmd_test(int argc, char **argv) {
  enum { HELP, TIMEOUT, VERBOSE, COVERAGE };
  static const OptSpec specs[] = {{"--help", "-h", false}, {"--timeout", NULL, true}, {"--verbose", "-v", false},
                                  {"--coverage", NULL, false}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 4);
  bool coverage = false;
  Run run = {.timeout = 60};
  const char **paths = cli_calloc((size_t)argc + 1, sizeof *paths);
  int count_paths = 0;
  long timeout;
  if (!paths) return cli_fail(1, "out of memory");
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD || o == HELP) {
      free(paths);
      if (o == HELP) fputs(usage, stdout);
      return o == HELP ? 0 : cli_bad_option(&op);
    }
    if (o == VERBOSE) run.verbose = true;
    else if (o == COVERAGE) coverage = true;
    else if (o == TIMEOUT) {
      if (!opt_parse_int(op.value, 1, 86400, &timeout)) {
        free(paths);
        return cli_fail(EXIT_USAGE, "--timeout wants seconds from 1 to 86400, got '%s'", op.value);
      }
      run.timeout = (int)timeout;
    } else paths[count_paths++] = op.value;
  }
  if (!count_paths) paths[count_paths++] = ".";
  char records[] = "/tmp/tessera-coverage-XXXXXX";
  int fd = coverage ? mkstemp(records) : -1;
  if (coverage && fd < 0) return free(paths), cli_fail(1, "cannot make a temporary file for --coverage");
  if (fd >= 0) close(fd), setenv(TEST_COVERAGE_ENV, records, 1);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int i = 0; i < count_paths; i++) test_path(paths[i], &run, true);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
  free(paths);
  if (fd >= 0) {
    unsetenv(TEST_COVERAGE_ENV);
    coverage_report(records, stdout);
    unlink(records);
  }
  if (!run.tests) return cli_fail(1, "no tests found (.tess files with `// expect` comments, .jsonl traces)");
  if (run.failed) printf("%d of %d tests failed (%.2f s)\n", run.failed, run.tests, seconds);
  else printf("%d test%s passed (%.2f s)\n", run.tests, run.tests == 1 ? "" : "s", seconds);
  return run.failed ? 1 : 0;
}
