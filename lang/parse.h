/* parse.h — source text to syntax tree: the re2c lexer (lexer.re) feeding the
 * Lemon grammar (grammar.y). */
#ifndef TESSERA_PARSE_H
#define TESSERA_PARSE_H

#include "ast.h"
#include "diag.h"

/* Parses file `file` of the Ast (already added with ast_add_file) and appends
 * its top-level declarations to ast->decls. Every lexical and syntax error is
 * reported to d (parsing recovers at the next declaration or statement and
 * goes on). Returns the number of errors. */
int parse_file(Ast *ast, int file, Diags *d);

/* Reads `path` and parses it; reports an unreadable file as one error. Returns
 * the file index, or -1 when it could not be read. */
int parse_path(Ast *ast, const char *path, Diags *d);

/* The longest rule file read (also bounds reading /dev/zero or a pipe). */
#define TS_MAX_SOURCE_BYTES (16 << 20)

#endif
