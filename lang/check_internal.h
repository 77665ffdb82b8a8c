/* check_internal.h — state shared by the checker's two halves:
 * check.c (declarations, variants, symbols) and check_body.c (statements and
 * expressions). */
#ifndef TESSERA_CHECK_INTERNAL_H
#define TESSERA_CHECK_INTERNAL_H

#include "checker.h"
#include "text_index.h"

typedef struct Scope {
  const char *name;
  Symbol *sym;
} Scope;

/* A call site whose legality depends on whether the callee yields, known
 * only after every body has been checked. */
typedef struct Deferred {
  Node *node;
  Symbol *callee;
  Symbol *caller;
  int kind; /* DEFER_EXPR_CALL, DEFER_CALLBACK, DEFER_CALL_EDGE */
} Deferred;
enum { DEFER_EXPR_CALL, DEFER_CALLBACK, DEFER_CALL_EDGE };

typedef struct Checker {
  Ast *ast;
  Diags *d;
  Checked *out;
  /* global names */
  Symbol **symbols;
  int symbol_count, symbol_cap;
  TextIndex symbol_index; /* name -> first symbol of that name */
  bool out_of_memory;     /* reported once by check_out_of_memory */
  bool unindexed;         /* out of memory once: look-ups scan the symbols */
  /* local scopes of the function being checked */
  Scope *scopes;
  int scope_count, scope_cap;
  Symbol *fn;          /* function being checked */
  int loop_depth;
  Deferred *deferred;
  int deferred_count, deferred_cap;
  Node *rank;
  bool warnings;       /* report warnings (TsCompileOptions.warnings) */
} Checker;

/* [elem], or an error at `at` when lists would nest too deep. */
Type *check_list_of(Checker *c, const Node *at, Type *elem);
void check_out_of_memory(Checker *c);
void check_error(Checker *c, const Node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void check_warning(Checker *c, const Node *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
Symbol *check_lookup_global(Checker *c, const char *name);
Symbol *check_new_symbol(Checker *c, SymKind kind, const char *name, Node *decl);
Type *check_type_node(Checker *c, Node *type_node);
void check_defer(Checker *c, int kind, Node *node, Symbol *callee);

/* check_body.c */
void check_function_body(Checker *c, Symbol *fn, Node *body);
/* Checks an initialiser expression evaluated by the main function. */
Type *check_init_expr(Checker *c, Symbol *main, Node *expr, Type *want);
const char *tname(const Type *t); /* type name in a rotating static buffer */

/* check_board.c: board sizes and levels given by params (P6), once the
 * params' initialisers are checked. */
void check_board_options(Checker *c);

#endif
