/* nesting.h — the limit on the depth of a rule file's syntax tree. */
#ifndef TESSERA_NESTING_H
#define TESSERA_NESTING_H

#include <stdbool.h>

#include "ast.h"
#include "diag.h"

/* Expressions and blocks nest at most this deep (each operator, call,
 * index and block is a level): far beyond hand-written rules, well within
 * the C stack of the recursive checker and compiler, sanitizers included. */
#define TS_MAX_NESTING 256

/* Whether every declaration from first_decl on nests within the limit;
 * otherwise one error at the first node too deep. */
bool nesting_within_limit(Ast *ast, int first_decl, Diags *d);

#endif
