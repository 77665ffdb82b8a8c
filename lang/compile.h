/* compile.h — checked syntax tree to bytecode. */
#ifndef TESSERA_COMPILE_H
#define TESSERA_COMPILE_H

#include "ast.h"
#include "checker.h"
#include "program.h"

/* Builds the program from a successfully checked tree. Calls of script
 * functions are inlined where that pays (see compile.c) unless no_inline. */
typedef struct CompileFlags {
  bool no_inline; /* every call stays a CALL */
  bool no_fuse;   /* no superinstructions */
  bool coverage;  /* a COVER instruction before every statement */
} CompileFlags;
/* The value of an int expression known when compiling: literals, int params
 * with such values, + - *, and `if` on a comparison of such values. */
bool compile_fold_int(const Node *n, int64_t *out);
Program *compile_program(const Ast *ast, const Checked *checked, CompileFlags flags);

/* A copy of `text` that `p` owns; NULL, and `p` marked out of memory, when it
 * cannot be made. */
char *program_copy_text(Program *p, const char *text);

#endif
