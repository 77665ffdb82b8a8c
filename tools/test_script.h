/* test_script.h — one rule-file test of `tessera test` (docs/testing.md):
 * a .tess file whose comments say what `tessera` must print when run on it
 * (`// expect: TEXT`, `// expect error: TEXT`, `// expect exit: N`,
 * `// args: ...`). Every line the rule file prints must be expected, in
 * order, exactly (as Wren's test runner does); lines the CLI writes itself
 * (banner, moves, scores) may be expected too and are otherwise skipped.
 * `// stdin: TEXT` lines are what a human at the terminal types. */
#ifndef TESSERA_TOOLS_TEST_SCRIPT_H
#define TESSERA_TOOLS_TEST_SCRIPT_H

#include <stdbool.h>

/* Whether the file carries any expectation, as a comment or an `expect(`
 * call (otherwise it is a rule file). */
bool test_script_has_expectations(const char *path);
/* Runs it; prints one line `FILE:LINE: ...` per failure on stdout and
 * returns how many (0: passed). */
int test_script(const char *path, int timeout_seconds);

#endif
