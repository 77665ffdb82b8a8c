/* types.h — the static types of the language. Types are interned: two types
 * are equal exactly when their pointers are. */
#ifndef TESSERA_TYPES_H
#define TESSERA_TYPES_H

#include <stdbool.h>
#include <stddef.h>

typedef enum TypeKind {
  TY_ERROR, /* after an error: compatible with everything, reported once */
  TY_VOID, TY_INT, TY_BOOL, TY_STRING, TY_PLAYER, TY_TILE, TY_CELL, TY_DIR,
  TY_PLACEMENT, TY_BOARD, TY_LAY, TY_WORD, TY_VERTEX, TY_LIST,
  TY_ANSWER /* `T | word`: what `choose … from opts or words` returns */
} TypeKind;

struct Type {
  TypeKind kind;
  struct Type *elem;    /* TY_LIST, TY_ANSWER */
  struct Type *list_of; /* [this type], once made (see type_list) */
};
typedef struct Type Type;

Type *type_of(TypeKind kind);      /* scalars */
Type *type_list(Type *elem);       /* [elem] */
Type *type_answer(Type *elem);     /* elem | word (elem a scalar other than word) */
/* Lists may nest this deep ([[[int]]] is 3): type codes then fit 16
 * bytes (GlobalInfo.type), and the checker says so beyond it. */
#define TS_MAX_LIST_DEPTH 8
int type_depth(const Type *t);     /* how many list levels: 0 for scalars */
Type *type_from_name(const char *name); /* "int" ... "board", "lay", "word"; NULL if unknown */
bool type_is_ref(const Type *t);   /* held in the VM heap (lists) */
/* Human text: int, [tile], [[cell]]. */
const char *type_name(const Type *t, char *buf, size_t cap);
/* Type code as in natives.def: i b p t c d P B s w [x; an answer is a + its
 * option's code ("aP" = placement | word). */
const char *type_code(const Type *t, char *buf, size_t cap);
/* Parses a code; T (if any) becomes *bound (binding it when NULL). Returns
 * NULL on mismatch of structure. `*end` receives the rest of the string. */
Type *type_parse_code(const char *code, Type **bound, const char **end);
/* Does `actual` fit parameter code `code`, binding T? */
bool type_match_code(const char *code, Type *actual, Type **bound, const char **end);

#endif
