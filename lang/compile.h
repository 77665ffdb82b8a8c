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
Program *compile_program(const Ast *ast, const Checked *checked, CompileFlags flags);

#endif
