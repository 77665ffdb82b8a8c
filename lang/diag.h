/* diag.h — every compile-time message goes through here, so all of them look
 * alike: `file:line:col: error: message`, the source line, a caret under the
 * column. Diagnostics are collected (not printed at once) so a run reports
 * every error of a file, sorted by position. */
#ifndef TESSERA_DIAG_H
#define TESSERA_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

struct Ast;

typedef enum { DIAG_ERROR, DIAG_WARNING, DIAG_NOTE } DiagLevel;

typedef struct Diag {
  DiagLevel level;
  int file, line, col;
  char *message;
} Diag;

/* After this many errors the rest are counted, not kept: a file of random
 * bytes would otherwise give one per byte. */
#define TS_MAX_ERRORS 100

typedef struct Diags {
  Diag *items;
  int count, cap;
  int errors, warnings;
  int dropped;           /* errors past TS_MAX_ERRORS, not kept */
  int lost;              /* diagnostics memory could not be found for */
  bool out_of_memory;    /* said once (diag_out_of_memory), or implied by lost */
} Diags;

void diags_init(Diags *d);
void diags_free(Diags *d);
void diag_add(Diags *d, DiagLevel level, int file, int line, int col,
              const char *fmt, ...) __attribute__((format(printf, 6, 7)));
void diag_addv(Diags *d, DiagLevel level, int file, int line, int col,
               const char *fmt, va_list ap);
/* "error: out of memory", with no place, said once; each call counts as
 * an error, so the compile fails. */
void diag_out_of_memory(Diags *d);
/* Prints every diagnostic, ordered by file then position, with source line and
 * caret, taking paths and text from the Ast's files. */
void diags_print(const Diags *d, const struct Ast *ast, FILE *out);

/* Closest candidate within a small edit distance, or NULL: "did you mean". */
const char *diag_suggest(const char *name, const char *const *candidates, int count);

#endif
