/* ast.h — the syntax tree built by the parser (grammar.y) and annotated by the
 * checker (check.c). One node struct for every kind, Lua-style: the table
 * below says which fields each kind uses. Nodes live in an arena owned by the
 * Ast and are freed together. */
#ifndef TESSERA_AST_H
#define TESSERA_AST_H

#include <setjmp.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct Node Node;
typedef struct Type Type;
typedef struct Symbol Symbol;

typedef struct NodeList {
  Node **items;
  int count, cap;
} NodeList;

/* kind                 fields used
 * --- declarations (top level, or inside a variant) ---
 * N_GAME               str = display name
 * N_PLAYERS            ival = min, ival2 = max (equal when one count)
 * N_GHOSTS             ival = number of ghost seats
 * N_IMPORT             name = module (stdlib/<name>.tess)
 * N_EXTENDS            name = game (games/<name>.tess)
 * N_PARAM              name, a = initial expression
 * N_TILES              name, a = expression of type [tile]
 * N_BOARD              name, ival = grid (GRID_SQUARE/GRID_HEX as in board.h, from
 *                      the identifier `square`/`hex`; parser stores the identifier in
 *                      str and the checker validates), bound = BOUND_*, w, h,
 *                      side (grid `hexagon`: its side; w = h = 2 side - 1),
 *                      per_player (0/1), levels (default 1)
 * N_VAR                name, per_player, a = type node, b = initialiser or NULL,
 *                      visibility = VIS_*
 * N_FN                 name, list = N_PARAM_DECL nodes, a = result type or NULL,
 *                      b = body (N_BLOCK)
 * N_PARAM_DECL         name, a = type node
 * N_PLAY               b = body (N_BLOCK)
 * N_RANK               list = N_RANK_KEY nodes
 * N_RANK_KEY           name = per-player var, ival = 1 highest first, 0 lowest first
 * N_VARIANT            name, str = description or NULL, list = declarations;
 *                      ival2: the checker's mark (2 while its includes are
 *                      expanded, 1 once a later variant replaced part of it)
 * N_REQUIRES           list = N_NAME nodes; ival = 1 for `includes` (a requires that selects)
 * N_DISPLAY            name = var, a = N_NAME of the way (seats, count, none) or NULL,
 *                      str = label or NULL. The checker links it from the var's
 *                      declaration (N_VAR c = the N_DISPLAY that applies)
 * N_EXCLUDES           list = N_NAME nodes
 * N_WORDS              list = N_NAME nodes                   (word pass, stop)
 * N_OPTION             name, a = default (a number), str = description or NULL;
 *                      checked like a param, ival = the default's value
 * --- types ---
 * N_TYPE_NAME          name (int, bool, player, tile, cell, dir, placement, board)
 * N_TYPE_LIST          a = element type node            ([T])
 * N_TYPE_ANSWER        a = option type node             (T | word)
 * --- statements ---
 * N_BLOCK              list = statements
 * N_LET                name, a = type node or NULL, b = value
 * N_ASSIGN             op = '=' or OP_ADD/OP_SUB/OP_MUL (compound), a = target
 *                      (N_NAME or N_INDEX), b = value
 * N_IF                 a = condition, b = then block, c = else (N_BLOCK, N_IF or NULL)
 * N_WHILE              a = condition, b = body
 * N_FOR                name = loop variable, a = iterable, b = body
 * N_BREAK, N_CONTINUE  -
 * N_RETURN             a = value or NULL
 * N_FAIL               a = message expression (string)
 * N_EXPR_STMT          a = expression (a call or a choose)
 * --- expressions ---
 * N_INT                ival
 * N_BOOL               ival (0/1)
 * N_STRING             str (escapes already decoded)
 * N_NAME               name
 * N_BINARY             op = OP_*, a, b
 * N_UNARY              op = OP_NEG or OP_NOT, a
 * N_CALL               a = callee (N_NAME), list = arguments
 * N_INDEX              a = indexed expression, b = index
 * N_FIELD              a = expression, name = field
 * N_LIST               list = elements                       ([a, b, c])
 * N_COMPREHENSION      a = element expression, list = N_FOR_CLAUSE nodes,
 *                      b = filter condition or NULL          ([e for x in l if c])
 * N_FOR_CLAUSE         name = variable, a = iterable
 * N_RANGE              a = low, b = high (inclusive)         (a..b)
 * N_CHOOSE             a = seat, b = options list, c = words or NULL
 *                                                            (choose a from b [or c])
 *                      ival = 1: choose secret
 * N_IS                 a = tested value, b = type node       (m is placement)
 * N_COND               a = condition, b = then, c = else     (if a then b else c)
 */
typedef enum NodeKind {
  N_GAME, N_PLAYERS, N_GHOSTS, N_IMPORT, N_EXTENDS, N_PARAM, N_TILES, N_BOARD,
  N_VAR, N_FN, N_PARAM_DECL, N_PLAY, N_RANK, N_RANK_KEY, N_VARIANT, N_REQUIRES,
  N_EXCLUDES,
  N_TYPE_NAME, N_TYPE_LIST,
  N_BLOCK, N_LET, N_ASSIGN, N_IF, N_WHILE, N_FOR, N_BREAK, N_CONTINUE,
  N_RETURN, N_FAIL, N_EXPR_STMT,
  N_INT, N_BOOL, N_STRING, N_NAME, N_BINARY, N_UNARY, N_CALL, N_INDEX, N_FIELD,
  N_LIST, N_COMPREHENSION, N_FOR_CLAUSE, N_RANGE, N_CHOOSE, N_COND,
  N_WORDS, N_TYPE_ANSWER, N_IS, N_OPTION,
  N_DISPLAY,
  N_KIND_COUNT
} NodeKind;

/* Operators, shared by N_BINARY, N_UNARY and compound N_ASSIGN. */
typedef enum Op {
  OP_NONE, OP_ASSIGN,
  OP_OR, OP_AND, OP_NOT,
  OP_EQ, OP_NE, OP_LT, OP_LE, OP_GT, OP_GE, OP_IN, OP_NOT_IN,
  OP_BOR, OP_BXOR, OP_BAND, OP_SHL, OP_SHR,
  OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_NEG
} Op;

enum { VIS_PUBLIC, VIS_HIDDEN, VIS_OWNER, VIS_SECRET };
enum { BOUND_NONE, BOUND_FIXED, BOUND_WINDOW };

struct Node {
  NodeKind kind;
  int line, col;          /* 1-based position of the node's first token */
  int file;               /* index into Ast.files */
  Op op;
  int64_t ival, ival2;
  const char *name;       /* identifiers (arena-owned, NUL-terminated) */
  const char *str;        /* string literal contents */
  Node *a, *b, *c;
  NodeList list;
  /* board and var declarations */
  int bound, w, h, per_player, levels, visibility;
  int side;               /* a hexagon board's side (w = h = 2 side - 1); 0 otherwise */
  /* checker annotations (NULL/0 until checked) */
  Type *type;
  Symbol *sym;
  int slot;               /* N_LET/N_FOR/N_FOR_CLAUSE/N_PARAM_DECL: local slot */
  int aux;                /* free for the compiler/checker (e.g. hidden slots) */
};

/* A source file loaded into the Ast: path and full text (for diagnostics). */
typedef struct SourceFile {
  char *path;
  char *text;
  size_t length;
} SourceFile;

typedef struct Arena Arena;

typedef struct Ast {
  Arena *arena;
  SourceFile *files;
  int file_count, file_cap;
  NodeList decls;         /* declarations of every file, in load order */
  bool incomplete;        /* parsing stopped early or nested too deeply: not checked */
} Ast;

/* Arena-backed constructors used by the grammar actions. ast_new: NULL when
 * out of memory; ast_add_file: -1 (and text freed). */
Ast *ast_new(void);
void ast_free(Ast *ast);
int ast_add_file(Ast *ast, const char *path, char *text, size_t length); /* takes text */
/* When memory runs out, the arena allocations below longjmp to `guard` if
 * one is set (the parser and the checker set theirs while they run: see
 * ast.c), else return NULL (ast_list_push then drops the item). */
void ast_guard(Ast *ast, jmp_buf *guard);
Node *ast_node(Ast *ast, NodeKind kind, int file, int line, int col);
void ast_list_push(Ast *ast, NodeList *list, Node *item);
char *ast_strndup(Ast *ast, const char *s, size_t n);
void *ast_alloc(Ast *ast, size_t size);
const char *ast_kind_name(NodeKind kind);
/* Prints the tree as an S-expression, for parser tests: (fn f (param a int) ...). */
void ast_dump(const Node *node, char *out, size_t cap);

#endif
