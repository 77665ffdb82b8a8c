/* checker.h — name resolution, variant selection and static typing.
 *
 * The checker turns the parsed declarations of a game (its file, the files
 * it imports or extends, and the selected variants) into one consistent
 * program model: every name resolved to a Symbol, every expression typed,
 * every local given a slot. It reports all errors it finds, not just the
 * first. The compiler (compile.c) trusts its annotations. */
#ifndef TESSERA_CHECK_H
#define TESSERA_CHECK_H

#include "ast.h"
#include "diag.h"
#include "types.h"

typedef enum { SYM_LOCAL, SYM_GLOBAL, SYM_BOARD, SYM_FN, SYM_NATIVE, SYM_WORD } SymKind;

struct Symbol {
  SymKind kind;
  const char *name;
  Node *decl;
  Type *type;          /* locals, globals; result for functions */
  int index;           /* local slot, global slot, board number, fn index, native id */
  int global_kind;     /* GLOBAL_PARAM / GLOBAL_TILES / GLOBAL_VAR */
  bool per_seat, used, yields;
  bool board_array;    /* a board declared name[count] (P12) */
  /* functions */
  Type **params;
  int param_count;
  int local_count;
  Type **local_types;  /* per slot, for the collector's ref maps */
  int local_cap;
};

/* Adds a local slot of type t to function fn; returns its number (the
 * compiler adds temporaries this way too), or -1 with nothing added when
 * memory ran out. */
int symbol_new_local(Symbol *fn, Type *t);

typedef struct Checked {
  const char *name;
  int min_players, max_players, ghosts;
  Symbol **globals;    /* params, tiles, vars in initialisation order */
  int global_count, global_slots;
  int seat_width;      /* slots of a per-seat global or board: max players + ghosts */
  Symbol **boards;
  int board_count, board_numbers;
  Symbol **fns;        /* index = Symbol.index */
  int fn_count;
  Symbol *main;        /* the `play` body as a function (index fn_count-1) */
  Node *rank;
  Node **variants;     /* every declared variant */
  int variant_count;
  bool module;         /* no `game`, `players` or `play`: a library, not a game */
} Checked;

/* Checks the declarations in ast->decls with the named variants selected.
 * Returns true when there was no error. `out` is filled either way (for
 * listing variants); free with checked_free. */
bool check_program(Ast *ast, const char *const *variants, int variant_count,
                   bool warnings, Checked *out, Diags *d);
void checked_free(Checked *c);

#endif
