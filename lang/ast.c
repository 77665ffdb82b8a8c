/* ast.c — the syntax tree's storage and its printed form.
 *
 * Storage: every node, identifier, string and list array lives in the Ast's
 * arena, a chain of chunks with a bump pointer; ast_free releases them all at
 * once, so the parser never frees anything on its own (not even after a
 * syntax error). Chunks are made through grow_bytes; when one cannot be, the
 * allocation jumps to the guard of whoever walks the tree (ast_guard: the
 * parser, the checker), which reports "out of memory" and stops, as Lua's
 * allocator throws — the grammar's actions and the checker's many callers
 * of ast_alloc need no failure path of their own. Without a guard,
 * ast_alloc returns NULL.
 *
 * Printed form (ast_dump), used by the parser tests; one S-expression per
 * node, atoms separated by single spaces, children in field order:
 *
 *   declarations                        statements
 *   (game "Name")                       (block S...)
 *   (players MIN MAX)                   (let NAME [TYPE] EXPR)
 *   (ghosts N)                          (assign OP TARGET EXPR)  OP is = += -= *=
 *   (import NAME)  (extends NAME)       (if COND BLOCK [BLOCK|IF])
 *   (param NAME EXPR)                   (while COND BLOCK)
 *   (tiles NAME EXPR)                   (for NAME ITERABLE BLOCK)
 *   (board NAME GRID [WxH | window WxH] [per-player] [levels N])
 *                                       (break)  (continue)
 *   (var NAME [per-player] TYPE [EXPR] [hidden|owner])    (public is omitted)
 *   (fn NAME (param NAME TYPE)... [TYPE] BLOCK)           (return [EXPR])
 *   (play BLOCK)                        (fail EXPR)
 *   (rank (highest NAME) (lowest NAME)...)                (expr EXPR)
 *   (variant NAME ["description"] DECL...)
 *   (requires NAME...)  (excludes NAME...)
 *
 *   types: (type NAME)  (list-of TYPE)
 *
 *   expressions
 *   (int 42)  (bool true)  (string "a\"b")  (name x)
 *   (binary OP A B)   OP is or and == != < <= > >= in not-in | ^ & << >> + - * / %
 *   (unary - A)  (unary not A)
 *   (call CALLEE ARG...)  (index A I)  (field A NAME)
 *   (list E...)  (range A B)  (choose SEAT OPTIONS)  (cond C A B)
 *   (comprehension E (for NAME ITERABLE)... [(if COND)])
 *
 * A missing node prints as `nil`. Output that does not fit in `cap` is cut
 * (always NUL-terminated). */
#include "ast.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "copy_text.h"
#include "grow.h"

/* ------------------------------------------------------------------ arena */

enum { CHUNK_SIZE = 64 * 1024, ALIGN = 16 };

typedef struct Chunk {
  struct Chunk *next;
  size_t used, size;
  _Alignas(ALIGN) unsigned char data[];
} Chunk;

struct Arena {
  Chunk *head;
  jmp_buf *guard; /* where a failed allocation jumps; NULL: it returns NULL */
};

static Chunk *chunk_new(Arena *a, size_t size, Chunk *next) {
  Chunk *c = NULL;
  if (!grow_bytes(&c, sizeof *c + size)) {
    if (a->guard) longjmp(*a->guard, 1);
    return NULL;
  }
  c->next = next;
  c->used = 0;
  c->size = size;
  return c;
}

void *ast_alloc(Ast *ast, size_t size) {
  Arena *a = ast->arena;
  size = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  if (size > CHUNK_SIZE / 4) {
    /* Big blocks get a chunk of their own, behind the current one, so the
     * current chunk's free space is not wasted. */
    Chunk *c = chunk_new(a, size, a->head ? a->head->next : NULL);
    if (!c) return NULL;
    if (a->head) a->head->next = c; else a->head = c;
    c->used = size;
    memset(c->data, 0, size);
    return c->data;
  }
  if (!a->head || a->head->size - a->head->used < size) {
    Chunk *c = chunk_new(a, CHUNK_SIZE, a->head);
    if (!c) return NULL;
    a->head = c;
  }
  void *p = a->head->data + a->head->used;
  a->head->used += size;
  memset(p, 0, size);
  return p;
}

void ast_guard(Ast *ast, jmp_buf *guard) { ast->arena->guard = guard; }

Ast *ast_new(void) {
  Ast *ast = NULL;
  if (!grow_bytes(&ast, sizeof *ast)) return NULL;
  memset(ast, 0, sizeof *ast);
  if (!grow_bytes(&ast->arena, sizeof *ast->arena)) {
    free(ast);
    return NULL;
  }
  memset(ast->arena, 0, sizeof *ast->arena);
  return ast;
}

void ast_free(Ast *ast) {
  if (!ast) return;
  for (Chunk *c = ast->arena->head, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(ast->arena);
  for (int i = 0; i < ast->file_count; i++) {
    free(ast->files[i].path);
    free(ast->files[i].text);
  }
  free(ast->files);
  free(ast);
}

/* Takes ownership of `text` (malloc'd) and makes sure text[length] is the NUL
 * sentinel the lexer stops at; -1 (text freed) when memory ran out. */
int ast_add_file(Ast *ast, const char *path, char *text, size_t length) {
  char *copy = copy_text(path ? path : "<input>");
  if (!copy || !grow_array(&ast->files, &ast->file_cap, ast->file_count + 1, 8, sizeof *ast->files) ||
      !grow_bytes(&text, length + 1)) {
    free(copy);
    free(text);
    return -1;
  }
  text[length] = 0;
  SourceFile *f = &ast->files[ast->file_count];
  f->path = copy;
  f->text = text;
  f->length = length;
  return ast->file_count++;
}

Node *ast_node(Ast *ast, NodeKind kind, int file, int line, int col) {
  Node *n = ast_alloc(ast, sizeof *n);
  if (!n) return NULL;
  n->kind = kind;
  n->file = file;
  n->line = line;
  n->col = col;
  n->levels = 1;
  return n;
}

void ast_list_push(Ast *ast, NodeList *list, Node *item) {
  if (list->count == list->cap) {
    int cap = list->cap ? list->cap * 2 : 4;
    Node **items = ast_alloc(ast, sizeof *items * (size_t)cap);
    if (!items) return; /* no guard: dropped; the caller's allocation failed too */
    if (list->count) memcpy(items, list->items, sizeof *items * (size_t)list->count);
    list->items = items;
    list->cap = cap;
  }
  list->items[list->count++] = item;
}

char *ast_strndup(Ast *ast, const char *s, size_t n) {
  char *p = ast_alloc(ast, n + 1);
  if (!p) return NULL;
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

static const char *const kind_names[N_KIND_COUNT] = {
  [N_GAME] = "game", [N_PLAYERS] = "players", [N_GHOSTS] = "ghosts",
  [N_IMPORT] = "import", [N_EXTENDS] = "extends", [N_PARAM] = "param",
  [N_TILES] = "tiles", [N_BOARD] = "board", [N_VAR] = "var", [N_FN] = "fn",
  [N_PARAM_DECL] = "param_decl", [N_PLAY] = "play", [N_RANK] = "rank",
  [N_RANK_KEY] = "rank_key", [N_VARIANT] = "variant", [N_REQUIRES] = "requires",
  [N_EXCLUDES] = "excludes", [N_TYPE_NAME] = "type_name", [N_TYPE_LIST] = "type_list",
  [N_BLOCK] = "block", [N_LET] = "let", [N_ASSIGN] = "assign", [N_IF] = "if",
  [N_WHILE] = "while", [N_FOR] = "for", [N_BREAK] = "break", [N_CONTINUE] = "continue",
  [N_RETURN] = "return", [N_FAIL] = "fail", [N_EXPR_STMT] = "expr_stmt",
  [N_INT] = "int", [N_BOOL] = "bool", [N_STRING] = "string", [N_NAME] = "name",
  [N_BINARY] = "binary", [N_UNARY] = "unary", [N_CALL] = "call", [N_INDEX] = "index",
  [N_FIELD] = "field", [N_LIST] = "list", [N_COMPREHENSION] = "comprehension",
  [N_FOR_CLAUSE] = "for_clause", [N_RANGE] = "range", [N_CHOOSE] = "choose",
  [N_COND] = "cond", [N_WORDS] = "words", [N_TYPE_ANSWER] = "type_answer", [N_IS] = "is", [N_OPTION] = "option",
  [N_DISPLAY] = "display",
};

const char *ast_kind_name(NodeKind kind) {
  if ((int)kind < 0 || kind >= N_KIND_COUNT || !kind_names[kind]) return "?";
  return kind_names[kind];
}

/* ------------------------------------------------------------------ dump */

typedef struct Out {
  char *p;
  size_t cap, len; /* len may pass cap: the rest is dropped */
} Out;

static void put(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int n = vsnprintf(room ? o->p + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) o->len += (size_t)n;
}

static const char *op_text(Op op) {
  static const char *const text[] = {
    [OP_NONE] = "?", [OP_ASSIGN] = "=", [OP_OR] = "or", [OP_AND] = "and", [OP_NOT] = "not",
    [OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<", [OP_LE] = "<=", [OP_GT] = ">",
    [OP_GE] = ">=", [OP_IN] = "in", [OP_NOT_IN] = "not-in", [OP_BOR] = "|",
    [OP_BXOR] = "^", [OP_BAND] = "&", [OP_SHL] = "<<", [OP_SHR] = ">>", [OP_ADD] = "+",
    [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_MOD] = "%", [OP_NEG] = "-",
  };
  return (int)op >= 0 && op <= OP_NEG ? text[op] : "?";
}

static void quoted(Out *o, const char *s) {
  put(o, "\"");
  for (; s && *s; s++) {
    if (*s == '"' || *s == '\\') put(o, "\\%c", *s);
    else if (*s == '\n') put(o, "\\n");
    else put(o, "%c", *s);
  }
  put(o, "\"");
}

static void dump(Out *o, const Node *n);

static void children(Out *o, const NodeList *l) {
  for (int i = 0; i < l->count; i++) {
    put(o, " ");
    dump(o, l->items[i]);
  }
}

static void opt(Out *o, const Node *n) {
  if (n) {
    put(o, " ");
    dump(o, n);
  }
}

static void dump(Out *o, const Node *n) {
  static const char *const visibility[] = {"public", "hidden", "owner", "secret"};
  if (!n) {
    put(o, "nil");
    return;
  }
  switch (n->kind) {
  case N_GAME: put(o, "(game "); quoted(o, n->str); put(o, ")"); return;
  case N_PLAYERS: put(o, "(players %lld %lld)", (long long)n->ival, (long long)n->ival2); return;
  case N_GHOSTS: put(o, "(ghosts %lld)", (long long)n->ival); return;
  case N_IMPORT: put(o, "(import %s)", n->name); return;
  case N_EXTENDS: put(o, "(extends %s)", n->name); return;
  case N_PARAM: put(o, "(param %s", n->name); opt(o, n->a); put(o, ")"); return;
  case N_TILES: put(o, "(tiles %s", n->name); opt(o, n->a); put(o, ")"); return;
  case N_BOARD:
    put(o, "(board %s", n->name);
    if (n->list.count) put(o, "[%s]", n->list.items[0]->name);
    put(o, " %s", n->str ? n->str : "?");
    if (n->a) /* P6: the size given by params */
      put(o, "%s %s x %s", n->bound == BOUND_WINDOW ? " window" : "", n->a->name, n->b->name);
    else if (n->side) put(o, " side %d", n->side);
    else if (n->bound == BOUND_FIXED) put(o, " %dx%d", n->w, n->h);
    else if (n->bound == BOUND_WINDOW) put(o, " window %dx%d", n->w, n->h);
    if (n->per_player) put(o, " per-player");
    if (n->c) put(o, " levels %s", n->c->name);
    else if (n->levels != 1) put(o, " levels %d", n->levels);
    put(o, ")");
    return;
  case N_VAR:
    put(o, "(var %s%s", n->name, n->per_player ? " per-player" : "");
    opt(o, n->a);
    opt(o, n->b);
    if (n->visibility > VIS_PUBLIC && n->visibility <= VIS_SECRET)
      put(o, " %s", visibility[n->visibility]);
    put(o, ")");
    return;
  case N_FN:
    put(o, "(fn %s", n->name);
    children(o, &n->list);
    opt(o, n->a);
    opt(o, n->b);
    put(o, ")");
    return;
  case N_PARAM_DECL: put(o, "(param %s", n->name); opt(o, n->a); put(o, ")"); return;
  case N_PLAY: put(o, "(play"); opt(o, n->b); put(o, ")"); return;
  case N_RANK: put(o, "(rank"); children(o, &n->list); put(o, ")"); return;
  case N_RANK_KEY: put(o, "(%s %s)", n->ival ? "highest" : "lowest", n->name); return;
  case N_DISPLAY:
    put(o, "(display %s", n->name);
    if (n->a) put(o, " as %s", n->a->name);
    if (n->str) put(o, " "), quoted(o, n->str);
    put(o, ")");
    return;
  case N_VARIANT:
    put(o, "(variant %s", n->name);
    if (n->str) put(o, " "), quoted(o, n->str);
    children(o, &n->list);
    put(o, ")");
    return;
  case N_REQUIRES:
  case N_EXCLUDES:
    put(o, "(%s", n->kind == N_EXCLUDES ? "excludes" : n->ival ? "includes" : "requires");
    for (int i = 0; i < n->list.count; i++)
      put(o, " %s", n->list.items[i] && n->list.items[i]->name ? n->list.items[i]->name : "?");
    put(o, ")");
    return;
  case N_TYPE_NAME: put(o, "(type %s)", n->name); return;
  case N_TYPE_LIST: put(o, "(list-of"); opt(o, n->a); put(o, ")"); return;
  case N_BLOCK: put(o, "(block"); children(o, &n->list); put(o, ")"); return;
  case N_LET: put(o, "(let %s", n->name); opt(o, n->a); opt(o, n->b); put(o, ")"); return;
  case N_ASSIGN:
    put(o, "(assign %s", n->op == OP_ASSIGN ? "=" : n->op == OP_ADD ? "+=" : n->op == OP_SUB ? "-=" : n->op == OP_MUL ? "*=" : "?");
    opt(o, n->a);
    opt(o, n->b);
    put(o, ")");
    return;
  case N_IF: put(o, "(if"); opt(o, n->a); opt(o, n->b); opt(o, n->c); put(o, ")"); return;
  case N_WHILE: put(o, "(while"); opt(o, n->a); opt(o, n->b); put(o, ")"); return;
  case N_FOR: put(o, "(for %s", n->name); opt(o, n->a); opt(o, n->b); put(o, ")"); return;
  case N_BREAK: put(o, "(break)"); return;
  case N_CONTINUE: put(o, "(continue)"); return;
  case N_RETURN: put(o, "(return"); opt(o, n->a); put(o, ")"); return;
  case N_FAIL: put(o, "(fail"); opt(o, n->a); put(o, ")"); return;
  case N_EXPR_STMT: put(o, "(expr"); opt(o, n->a); put(o, ")"); return;
  case N_INT: put(o, "(int %lld)", (long long)n->ival); return;
  case N_BOOL: put(o, "(bool %s)", n->ival ? "true" : "false"); return;
  case N_STRING: put(o, "(string "); quoted(o, n->str); put(o, ")"); return;
  case N_NAME: put(o, "(name %s)", n->name); return;
  case N_BINARY: put(o, "(binary %s", op_text(n->op)); opt(o, n->a); opt(o, n->b); put(o, ")"); return;
  case N_UNARY: put(o, "(unary %s", op_text(n->op)); opt(o, n->a); put(o, ")"); return;
  case N_CALL: put(o, "(call"); opt(o, n->a); children(o, &n->list); put(o, ")"); return;
  case N_INDEX: put(o, "(index"); opt(o, n->a); opt(o, n->b); put(o, ")"); return;
  case N_FIELD: put(o, "(field"); opt(o, n->a); put(o, " %s)", n->name); return;
  case N_LIST: put(o, "(list"); children(o, &n->list); put(o, ")"); return;
  case N_COMPREHENSION:
    put(o, "(comprehension");
    opt(o, n->a);
    children(o, &n->list);
    if (n->b) put(o, " (if"), opt(o, n->b), put(o, ")");
    put(o, ")");
    return;
  case N_FOR_CLAUSE: put(o, "(for %s", n->name); opt(o, n->a); put(o, ")"); return;
  case N_RANGE: put(o, "(range"); opt(o, n->a); opt(o, n->b); put(o, ")"); return;
  case N_CHOOSE: put(o, "(choose"); opt(o, n->a); opt(o, n->b); opt(o, n->c); put(o, ")"); return;
  case N_WORDS:
    put(o, "(words");
    for (int i = 0; i < n->list.count; i++) put(o, " %s", n->list.items[i]->name);
    put(o, ")");
    return;
  case N_TYPE_ANSWER: put(o, "(answer"); opt(o, n->a); put(o, ")"); return;
  case N_IS: put(o, "(is"); opt(o, n->a); opt(o, n->b); put(o, ")"); return;
  case N_OPTION: put(o, "(option %s", n->name); opt(o, n->a); put(o, ")"); return;
  case N_COND: put(o, "(cond"); opt(o, n->a); opt(o, n->b); opt(o, n->c); put(o, ")"); return;
  case N_KIND_COUNT: break;
  }
  put(o, "(%s?)", ast_kind_name(n->kind));
}

void ast_dump(const Node *node, char *out, size_t cap) {
  if (!out || cap == 0) return;
  Out o = {out, cap, 0};
  out[0] = 0;
  dump(&o, node);
}
