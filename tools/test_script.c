/* test_script.c — see test_script.h. */
#define _GNU_SOURCE /* strdup, strndup, getline */
#include "test_script.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_alloc.h"
#include "test_run.h"

typedef struct Expect {
  char *text;
  int line;
} Expect;

typedef struct Expectations {
  Expect *out, *err;
  int out_count, err_count;
  int exit_status, exit_line;
  Lines args;
  char *input; /* the `// stdin:` lines, each ended by a newline; NULL: none */
  bool checks;  /* the code calls expect(...): a test even without comments */
  int players; /* of the first `players N` declaration, 0 without one */
} Expectations;

static void add_expect(Expect **list, int *count, const char *text, int line) {
  Expect *grown = realloc(*list, ((size_t)*count + 1) * sizeof *grown);
  if (!grown) return;
  *list = grown;
  size_t len = strlen(text);
  while (len > 0 && isspace((unsigned char)text[len - 1])) len--;
  grown[*count].text = cli_strndup(text, len);
  grown[*count].line = line;
  (*count)++;
}

/* The text after `word` in a `// word` comment of `line`, or NULL. One
 * optional space after the colon belongs to the syntax. */
static const char *directive(const char *line, const char *word) {
  const char *c = strstr(line, "//");
  if (!c) return NULL;
  c += 2;
  while (*c == ' ' || *c == '\t') c++;
  size_t n = strlen(word);
  if (strncmp(c, word, n) != 0) return NULL;
  c += n;
  return *c == ' ' ? c + 1 : c;
}

static void add_args(Expectations *e, const char *words, const char *base) {
  char *copy = cli_strdup(words), *save = NULL;
  for (char *w = strtok_r(copy, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save))
    lines_add(&e->args, strcmp(w, "FILE") == 0 ? base : w);
  free(copy);
}

/* One line for the program's stdin (trailing spaces and the newline of the
 * comment dropped, one newline added). */
static void add_input(Expectations *e, const char *text) {
  size_t len = strlen(text), have = e->input ? strlen(e->input) : 0;
  while (len > 0 && isspace((unsigned char)text[len - 1])) len--;
  char *grown = realloc(e->input, have + len + 2);
  if (!grown) return;
  memcpy(grown + have, text, len);
  grown[have + len] = '\n';
  grown[have + len + 1] = '\0';
  e->input = grown;
}

static void parse_line(Expectations *e, const char *line, int number, const char *base) {
  const char *t, *comment = strstr(line, "//"), *call = strstr(line, "expect(");
  if (call && (!comment || call < comment)) e->checks = true;
  if ((t = directive(line, "expect error:"))) add_expect(&e->err, &e->err_count, t, number);
  else if ((t = directive(line, "expect exit:"))) e->exit_status = atoi(t), e->exit_line = number;
  else if ((t = directive(line, "expect:"))) add_expect(&e->out, &e->out_count, t, number);
  else if ((t = directive(line, "args:"))) add_args(e, t, base);
  else if ((t = directive(line, "stdin:"))) add_input(e, t);
  else if (!e->players) {
    const char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (strncmp(p, "players", 7) == 0 && (p[7] == ' ' || p[7] == '\t')) e->players = atoi(p + 8);
  }
}

static bool read_expectations(const char *path, const char *base, Expectations *e) {
  FILE *f = fopen(path, "r");
  if (!f) return false;
  char *line = NULL;
  size_t cap = 0;
  for (int number = 1; getline(&line, &cap, f) >= 0; number++) parse_line(e, line, number, base);
  free(line);
  fclose(f);
  return true;
}

static void free_expectations(Expectations *e) {
  for (int i = 0; i < e->out_count; i++) free(e->out[i].text);
  for (int i = 0; i < e->err_count; i++) free(e->err[i].text);
  free(e->out);
  free(e->err);
  free(e->input);
  lines_free(&e->args);
}

bool test_script_has_expectations(const char *path) {
  Expectations e = {0};
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  bool has = read_expectations(path, base, &e) &&
             (e.out_count || e.err_count || e.exit_line || e.args.count || e.checks);
  free_expectations(&e);
  return has;
}

/* Without an `args` line: play the file with one `first` agent per player. */
static void default_args(Expectations *e, const char *base) {
  lines_add(&e->args, "play");
  lines_add(&e->args, base);
  lines_add(&e->args, "--seed");
  lines_add(&e->args, "1");
  if (e->players <= 0) return;
  char seats[512] = "first";
  for (int i = 1; i < e->players && strlen(seats) + 7 < sizeof seats; i++) strcat(seats, ",first");
  lines_add(&e->args, "--players");
  lines_add(&e->args, seats);
}

/* Printed lines must meet the expectations one by one; CLI lines may. */
static int compare_stdout(const char *path, const Expectations *e, const Lines *out) {
  size_t mark = strlen(TEST_PRINT_MARK);
  int next = 0;
  for (int i = 0; i < out->count; i++) {
    bool printed = strncmp(out->items[i], TEST_PRINT_MARK, mark) == 0;
    const char *text = printed ? out->items[i] + mark : out->items[i];
    if (next < e->out_count && strcmp(text, e->out[next].text) == 0) {
      next++;
    } else if (printed && next < e->out_count) {
      printf("%s:%d: expected \"%s\", got \"%s\"\n", path, e->out[next].line, e->out[next].text, text);
      return 1;
    } else if (printed) {
      int line = e->out_count ? e->out[e->out_count - 1].line : 1;
      printf("%s:%d: printed \"%s\" after the last expectation\n", path, line, text);
      return 1;
    }
  }
  if (next < e->out_count) {
    printf("%s:%d: expected \"%s\", got nothing more\n", path, e->out[next].line, e->out[next].text);
    return 1;
  }
  return 0;
}

static int compare_stderr(const char *path, const Expectations *e, const Lines *err) {
  int failures = 0;
  for (int k = 0; k < e->err_count; k++) {
    bool found = false;
    for (int i = 0; i < err->count && !found; i++) found = strstr(err->items[i], e->err[k].text) != NULL;
    if (!found) {
      printf("%s:%d: expected an error containing \"%s\", got %s%s%s\n", path, e->err[k].line, e->err[k].text,
             err->count ? "\"" : "none", err->count ? err->items[0] : "", err->count ? "\"" : "");
      failures++;
    }
  }
  return failures;
}

/* A wrong exit status, located at the test file's line when stderr starts
 * with an error there (`tessera: BASE:LINE: runtime error: ...`, as a
 * failed `expect` gives). */
static void exit_failure(const char *path, const char *base, const Expectations *e, const Captured *c) {
  const char *first = c->err.count ? c->err.items[0] : "";
  if (strncmp(first, "tessera: ", 9) == 0) first += 9;
  size_t n = strlen(base);
  char *end = NULL;
  long line = strncmp(first, base, n) == 0 && first[n] == ':' ? strtol(first + n + 1, &end, 10) : 0;
  if (line > 0 && end && *end == ':') {
    printf("%s:%ld:%s (exit status %d, expected %d)\n", path, line, end + 1, c->status, e->exit_status);
    return;
  }
  printf("%s:%d: expected exit status %d, got %d%s%s%s\n", path, e->exit_line ? e->exit_line : 1, e->exit_status,
         c->status, c->err.count ? " (stderr: \"" : "", c->err.count ? c->err.items[0] : "", c->err.count ? "\")" : "");
}

int test_script(const char *path, int timeout_seconds) {
  char *dir = cli_strdup(path), *slash = strrchr(dir, '/');
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  if (slash) *slash = '\0';
  else strcpy(dir, ".");
  if (slash == dir) strcpy(dir, "/");
  Expectations e = {0};
  int failures = 0;
  if (!read_expectations(path, base, &e)) {
    printf("%s:1: cannot read the test\n", path);
    failures = 1;
  }
  if (!failures && !e.args.count) default_args(&e, base);
  Captured c;
  char err[256];
  char **argv = calloc((size_t)e.args.count + 1, sizeof *argv);
  for (int i = 0; argv && i < e.args.count; i++) argv[i] = e.args.items[i];
  if (!failures && !test_run(dir, argv, e.input, timeout_seconds, &c, err, sizeof err)) {
    printf("%s:1: %s\n", path, err);
    failures = 1;
  } else if (!failures) {
    if (c.status == 124) printf("%s:1: timed out after %d s\n", path, timeout_seconds), failures++;
    else if (c.status != e.exit_status) {
      exit_failure(path, base, &e, &c);
      failures++;
    }
    failures += compare_stdout(path, &e, &c.out);
    failures += compare_stderr(path, &e, &c.err);
    captured_free(&c);
  }
  free(argv);
  free_expectations(&e);
  free(dir);
  return failures;
}
