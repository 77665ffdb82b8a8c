/* types.c — interned types, their names and their one-letter codes. */
#include "types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static Type scalars[TY_LIST] = {
  {TY_ERROR, NULL, NULL}, {TY_VOID, NULL, NULL}, {TY_INT, NULL, NULL}, {TY_BOOL, NULL, NULL},
  {TY_STRING, NULL, NULL}, {TY_PLAYER, NULL, NULL}, {TY_TILE, NULL, NULL}, {TY_CELL, NULL, NULL},
  {TY_DIR, NULL, NULL}, {TY_PLACEMENT, NULL, NULL}, {TY_BOARD, NULL, NULL}, {TY_LAY, NULL, NULL},
  {TY_WORD, NULL, NULL}, {TY_VERTEX, NULL, NULL},
};
static Type answers[TY_LIST]; /* `T | word`, one per scalar option type, made once */

/* Lists, by what is innermost (a scalar or an answer) and by depth - 1:
 * each type knows its list type, set the first time it is asked for. A
 * fixed table, so making a type allocates nothing and cannot fail, and
 * a type means the same in every file a process compiles, so files stay
 * independent (types are structural). The checker refuses lists deeper
 * than TS_MAX_LIST_DEPTH, and no built-in returns a list deeper than its
 * arguments: the table has room for twice that. */
enum { LIST_TYPE_DEPTH = 2 * TS_MAX_LIST_DEPTH };
static Type lists[2][TY_LIST][LIST_TYPE_DEPTH];

Type *type_of(TypeKind kind) { return &scalars[kind]; }

Type *type_list(Type *elem) {
  if (!elem->list_of) {
    const Type *inner = elem;
    while (inner->kind == TY_LIST) inner = inner->elem;
    bool answer = inner->kind == TY_ANSWER;
    TypeKind kind = answer ? inner->elem->kind : inner->kind;
    int depth = type_depth(elem);
    if (depth >= LIST_TYPE_DEPTH) return type_of(TY_ERROR); /* not reached: see above */
    Type *t = &lists[answer][kind][depth];
    *t = (Type){TY_LIST, elem, NULL};
    elem->list_of = t;
  }
  return elem->list_of;
}

int type_depth(const Type *t) {
  int depth = 0;
  for (; t->kind == TY_LIST; t = t->elem) depth++;
  return depth;
}

Type *type_answer(Type *elem) {
  if (elem->kind >= TY_LIST) return type_of(TY_ERROR);
  if (answers[elem->kind].kind != TY_ANSWER) answers[elem->kind] = (Type){TY_ANSWER, elem, NULL};
  return &answers[elem->kind];
}

static const char *const names[] = {
  [TY_ERROR] = "<error>", [TY_VOID] = "nothing", [TY_INT] = "int", [TY_BOOL] = "bool",
  [TY_STRING] = "string", [TY_PLAYER] = "player", [TY_TILE] = "tile", [TY_CELL] = "cell",
  [TY_DIR] = "dir", [TY_PLACEMENT] = "placement", [TY_BOARD] = "board",
  [TY_LAY] = "lay", [TY_WORD] = "word", [TY_VERTEX] = "vertex",
};
static const char codes[] = {
  [TY_ERROR] = '?', [TY_VOID] = 'v', [TY_INT] = 'i', [TY_BOOL] = 'b', [TY_STRING] = 's',
  [TY_PLAYER] = 'p', [TY_TILE] = 't', [TY_CELL] = 'c', [TY_DIR] = 'd',
  [TY_PLACEMENT] = 'P', [TY_BOARD] = 'B', [TY_LAY] = 'L', [TY_WORD] = 'w', [TY_VERTEX] = 'V',
};

Type *type_from_name(const char *name) {
  for (int k = TY_INT; k < TY_LIST; k++)
    if (k != TY_STRING && strcmp(names[k], name) == 0) return type_of((TypeKind)k);
  return NULL;
}

bool type_is_ref(const Type *t) { return t->kind == TY_LIST; }

const char *type_name(const Type *t, char *buf, size_t cap) {
  if (t->kind == TY_ANSWER) {
    snprintf(buf, cap, "%s | word", names[t->elem->kind]);
  } else if (t->kind != TY_LIST) {
    snprintf(buf, cap, "%s", names[t->kind]);
  } else {
    char inner[96];
    type_name(t->elem, inner, sizeof inner);
    size_t n = strlen(inner); /* the precision tells gcc the name may be cut to fit cap */
    snprintf(buf, cap, "[%.*s]", (int)(n < cap ? n : cap), inner);
  }
  return buf;
}

const char *type_code(const Type *t, char *buf, size_t cap) {
  size_t n = 0;
  while (t->kind == TY_LIST && n + 2 < cap) {
    buf[n++] = '[';
    t = t->elem;
  }
  if (t->kind == TY_ANSWER && n + 2 < cap) {
    buf[n++] = 'a';
    t = t->elem;
  }
  if (n + 1 < cap) buf[n++] = codes[t->kind];
  buf[n] = 0;
  return buf;
}

static Type *scalar_for_code(char c) {
  for (int k = 0; k < TY_LIST; k++)
    if (codes[k] == c && k != TY_ERROR) return type_of((TypeKind)k);
  return NULL;
}

Type *type_parse_code(const char *code, Type **bound, const char **end) {
  if (*code == '[') {
    Type *elem = type_parse_code(code + 1, bound, end);
    return elem ? type_list(elem) : NULL;
  }
  *end = code + 1;
  if (*code == 'T') return *bound ? *bound : type_of(TY_ERROR);
  return scalar_for_code(*code);
}

bool type_match_code(const char *code, Type *actual, Type **bound, const char **end) {
  if (actual->kind == TY_ERROR) { /* skip the code, accept */
    while (*code == '[') code++;
    *end = code + 1;
    return true;
  }
  if (*code == '[') {
    if (actual->kind != TY_LIST) return false;
    return type_match_code(code + 1, actual->elem, bound, end);
  }
  *end = code + 1;
  if (*code == 'T') {
    if (!*bound) *bound = actual;
    return *bound == actual;
  }
  return scalar_for_code(*code) == actual;
}
