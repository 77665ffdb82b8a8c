/* test_coverage.h — `tessera test --coverage`: which statement lines of
 * which rule files the tests ran, from the records the programs of the test
 * processes append (TsCompileOptions.coverage_file; one line per statement:
 * FILE, LINE, 0 or 1). A line counts as run when any of its statements ran
 * in any process (a function inlined in several places has several). */
#ifndef TESSERA_TOOLS_TEST_COVERAGE_H
#define TESSERA_TOOLS_TEST_COVERAGE_H

#include <stdio.h>

/* Prints, per rule file, the statement lines run out of those that exist and
 * the lines never run (as ranges). Returns 0, or 1 when `records` cannot be
 * read. */
int coverage_report(const char *records, FILE *out);

#endif
