/* test_run.h — running `tessera` itself as a child process for `tessera
 * test`: in a given folder, stdin empty, stdout and stderr captured, a time
 * limit, and the lines a rule file prints marked (ts_set_print_prefix). */
#ifndef TESSERA_TOOLS_TEST_RUN_H
#define TESSERA_TOOLS_TEST_RUN_H

#include <stdbool.h>
#include <stddef.h>

#define TEST_PRINT_MARK "\x1e" /* before each `print` line of the child's stdout */

typedef struct Lines {
  char **items;
  int count;
} Lines;

typedef struct Captured {
  Lines out, err; /* without '\n' or trailing spaces */
  int status;     /* exit status; 124 when the time limit stopped it; 128+N on signal N */
} Captured;

/* Runs `tessera ARGS...` (args NULL-terminated, without the program name) in
 * `dir`, with `input` on stdin (NULL: empty). Returns false (reason in err)
 * when it cannot be started. */
bool test_run(const char *dir, char *const *args, const char *input, int timeout_seconds, Captured *out, char *err,
              size_t errlen);
void captured_free(Captured *c);
void lines_free(Lines *l);
/* Appends a copy of `text`. */
void lines_add(Lines *l, const char *text);

#endif
