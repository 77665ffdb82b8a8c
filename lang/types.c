/* types.c — interned types, their names and their one-letter codes. */
#include "types.h"

#include <stdio.h>
#include <string.h>

static Type scalars[TY_LIST] = {
  {TY_ERROR, NULL}, {TY_VOID, NULL}, {TY_INT, NULL}, {TY_BOOL, NULL},
  {TY_STRING, NULL}, {TY_PLAYER, NULL}, {TY_TILE, NULL}, {TY_CELL, NULL},
  {TY_DIR, NULL}, {TY_PLACEMENT, NULL}, {TY_BOARD, NULL}, {TY_WORD, NULL},
};

/* Lists interned in a fixed pool: programs use a handful of list types. */
#define LIST_POOL 256
static Type lists[LIST_POOL];
static int list_count;
static Type answers[TY_LIST]; /* one per scalar option type */

Type *type_of(TypeKind kind) { return &scalars[kind]; }

Type *type_list(Type *elem) {
  for (int i = 0; i < list_count; i++)
    if (lists[i].elem == elem) return &lists[i];
  if (list_count == LIST_POOL) return type_of(TY_ERROR);
  lists[list_count] = (Type){TY_LIST, elem};
  return &lists[list_count++];
}

Type *type_answer(Type *elem) {
  if (elem->kind >= TY_LIST) return type_of(TY_ERROR);
  answers[elem->kind] = (Type){TY_ANSWER, elem};
  return &answers[elem->kind];
}

static const char *const names[] = {
  [TY_ERROR] = "<error>", [TY_VOID] = "nothing", [TY_INT] = "int", [TY_BOOL] = "bool",
  [TY_STRING] = "string", [TY_PLAYER] = "player", [TY_TILE] = "tile", [TY_CELL] = "cell",
  [TY_DIR] = "dir", [TY_PLACEMENT] = "placement", [TY_BOARD] = "board",
  [TY_WORD] = "word",
};
static const char codes[] = {
  [TY_ERROR] = '?', [TY_VOID] = 'v', [TY_INT] = 'i', [TY_BOOL] = 'b', [TY_STRING] = 's',
  [TY_PLAYER] = 'p', [TY_TILE] = 't', [TY_CELL] = 'c', [TY_DIR] = 'd',
  [TY_PLACEMENT] = 'P', [TY_BOARD] = 'B', [TY_WORD] = 'w',
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
