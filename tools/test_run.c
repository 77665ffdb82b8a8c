/* test_run.c — see test_run.h. */
#define _GNU_SOURCE /* strdup, getline, fileno on FILE* from tmpfile */
#include "test_run.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

void lines_add(Lines *l, const char *text) {
  char **grown = realloc(l->items, ((size_t)l->count + 1) * sizeof *grown);
  if (!grown) return;
  l->items = grown;
  l->items[l->count] = strdup(text);
  if (l->items[l->count]) l->count++;
}

void lines_free(Lines *l) {
  for (int i = 0; i < l->count; i++) free(l->items[i]);
  free(l->items);
  l->items = NULL;
  l->count = 0;
}

void captured_free(Captured *c) {
  lines_free(&c->out);
  lines_free(&c->err);
}

static void read_lines(FILE *f, Lines *out) {
  rewind(f);
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, f)) >= 0) {
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' ||
                       line[len - 1] == '\t'))
      line[--len] = '\0';
    lines_add(out, line);
  }
  free(line);
}

/* In the child: never returns. The alarm survives exec, so a hanging
 * `tessera` is killed by SIGALRM. */
static void child(const char *dir, char *const *args, int timeout_seconds, int input, int out, int err) {
  int in = input >= 0 ? input : open("/dev/null", 0);
  if (in >= 0) dup2(in, 0);
  dup2(out, 1);
  dup2(err, 2);
  if (chdir(dir) != 0) {
    fprintf(stderr, "cannot enter %s: %s\n", dir, strerror(errno));
    _exit(127);
  }
  setenv(TEST_PRINT_MARK_ENV, TEST_PRINT_MARK, 1);
  int n = 0;
  while (args[n]) n++;
  char **argv = calloc((size_t)n + 2, sizeof *argv);
  if (!argv) _exit(127);
  argv[0] = "tessera";
  memcpy(argv + 1, args, (size_t)n * sizeof *argv);
  alarm((unsigned)timeout_seconds);
  execv("/proc/self/exe", argv);
  fprintf(stderr, "cannot run tessera: %s\n", strerror(errno));
  _exit(127);
}

bool test_run(const char *dir, char *const *args, const char *input, int timeout_seconds, Captured *out, char *err,
              size_t errlen) {
  memset(out, 0, sizeof *out);
  FILE *o = tmpfile(), *e = tmpfile(), *in = input ? tmpfile() : NULL;
  if (in) {
    fputs(input, in);
    fflush(in);
    rewind(in);
  }
  if (!o || !e) {
    snprintf(err, errlen, "cannot make temporary files: %s", strerror(errno));
    if (o) fclose(o);
    if (e) fclose(e);
    return false;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) child(dir, args, timeout_seconds, in ? fileno(in) : -1, fileno(o), fileno(e));
  int status = 0;
  bool ok = pid > 0 && waitpid(pid, &status, 0) == pid;
  if (!ok) snprintf(err, errlen, "cannot run tessera: %s", strerror(errno));
  if (ok) {
    out->status = WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status) == SIGALRM ? 124 : 128 + WTERMSIG(status);
    read_lines(o, &out->out);
    read_lines(e, &out->err);
  }
  fclose(o);
  fclose(e);
  if (in) fclose(in);
  return ok;
}
