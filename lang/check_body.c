/* check_body.c — the statement and expression half of the checker: scopes,
 * local slots, types, built-in overloads and decision contexts. */
#include "check_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "program.h"
#include "vm.h"

/* Annotations left in Node.aux for the compiler. */
#include "check_aux.h"

const char *tname(const Type *t) {
  static char bufs[4][96];
  static int next;
  next = (next + 1) % 4;
  return type_name(t, bufs[next], sizeof bufs[next]);
}

static Type *T(TypeKind k) { return type_of(k); }
static bool is_err(const Type *t) { return t->kind == TY_ERROR; }

/* ---- scopes and slots ---- */

int symbol_new_local(Symbol *fn, Type *t) {
  if (!grow_array(&fn->local_types, &fn->local_cap, fn->local_count + 1, 16, sizeof *fn->local_types)) return -1;
  fn->local_types[fn->local_count] = t;
  return fn->local_count++;
}

/* Out of memory, slot 0 stands in: the compile fails, nothing reads it. */
static int new_slot(Checker *c, Type *t) {
  int slot = symbol_new_local(c->fn, t);
  if (slot >= 0) return slot;
  check_out_of_memory(c);
  return 0;
}

static Symbol *declare_local(Checker *c, Node *at, const char *name, Type *t) {
  for (int i = c->scope_count - 1; i >= 0 && c->scopes[i].name; i--)
    if (strcmp(c->scopes[i].name, name) == 0)
      check_error(c, at, "'%s' is already declared in this block", name);
  Symbol *s = check_new_symbol(c, SYM_LOCAL, name, at);
  s->type = t;
  s->index = new_slot(c, t);
  if (!grow_array(&c->scopes, &c->scope_cap, c->scope_count + 1, 32, sizeof *c->scopes)) {
    check_out_of_memory(c);
    return s;
  }
  c->scopes[c->scope_count++] = (Scope){name, s};
  return s;
}

static int open_scope(Checker *c) {
  if (!grow_array(&c->scopes, &c->scope_cap, c->scope_count + 1, 32, sizeof *c->scopes)) {
    check_out_of_memory(c);
    return c->scope_count; /* closing it closes nothing */
  }
  c->scopes[c->scope_count++] = (Scope){NULL, NULL}; /* marker */
  return c->scope_count - 1;
}

static void close_scope(Checker *c, int mark) {
  for (int i = c->scope_count - 1; i > mark; i--) {
    Symbol *s = c->scopes[i].sym;
    if (s && !s->used && s->decl && s->decl->file == 0 && s->name[0] != '_')
      check_warning(c, s->decl, "local '%s' is never used", s->name);
  }
  c->scope_count = mark;
}

static Symbol *lookup_local(Checker *c, const char *name) {
  for (int i = c->scope_count - 1; i >= 0; i--)
    if (c->scopes[i].name && strcmp(c->scopes[i].name, name) == 0) return c->scopes[i].sym;
  return NULL;
}

/* "unknown name 'x'" with the closest local, global or built-in name. */
static void unknown_name(Checker *c, Node *n, const char *what) {
  if (c->d->errors >= TS_MAX_ERRORS) { /* not shown: no need to look for a suggestion */
    check_error(c, n, "unknown %s '%s'", what, n->name);
    return;
  }
  const char **names = NULL;
  if (!grow_bytes(&names, sizeof(char *) * (size_t)(c->scope_count + c->symbol_count + NATIVE__COUNT))) {
    check_out_of_memory(c); /* the error without a suggestion */
    check_error(c, n, "unknown %s '%s'", what, n->name);
    return;
  }
  int count = 0;
  for (int i = 0; i < c->scope_count; i++)
    if (c->scopes[i].name) names[count++] = c->scopes[i].name;
  for (int i = 0; i < c->symbol_count; i++) names[count++] = c->symbols[i]->name;
  for (int i = 0; i < NATIVE__COUNT; i++)
    if (ts_natives[i].name[0]) names[count++] = ts_natives[i].name;
  const char *hint = diag_suggest(n->name, names, count);
  if (hint) check_error(c, n, "unknown %s '%s'; did you mean '%s'?", what, n->name, hint);
  else check_error(c, n, "unknown %s '%s'", what, n->name);
  free(names);
}

static int find_native_value(const char *name) {
  for (int i = 0; i < NATIVE__COUNT; i++)
    if (strcmp(ts_natives[i].name, name) == 0 && ts_natives[i].params[0] == 0) return i;
  return -1;
}

static bool is_native_name(const char *name) {
  for (int i = 0; i < NATIVE__COUNT; i++)
    if (strcmp(ts_natives[i].name, name) == 0) return true;
  return false;
}

static Type *check_expr(Checker *c, Node *n);
static Type *check_expr_as(Checker *c, Node *n, Type *want);
static void check_block(Checker *c, Node *block);

/* Expression context: a yielding call here is deferred for an error. */
static Type *check_value(Checker *c, Node *n) {
  if (n->kind == N_CHOOSE) {
    check_error(c, n, "'choose' can only stand as a statement, in 'let x = choose …' or in 'x = choose …'");
  }
  return check_expr(c, n);
}

static Type *expect(Checker *c, Node *n, Type *want, const char *what) {
  Type *t = check_value(c, n);
  if (t != want && !is_err(t) && !is_err(want))
    check_error(c, n, "%s must be %s, not %s", what, tname(want), tname(t));
  return t;
}

/* ---- names ---- */

static Type *check_name(Checker *c, Node *n) {
  Symbol *s = lookup_local(c, n->name);
  if (!s) s = check_lookup_global(c, n->name);
  if (s) {
    s->used = true;
    n->sym = s;
    if (s->kind == SYM_FN) {
      check_error(c, n, "'%s' is a function; call it: %s(…)", n->name, n->name);
      return T(TY_ERROR);
    }
    if (s->kind == SYM_GLOBAL && !s->type) {
      check_error(c, n, "param '%s' is used before its declaration", n->name);
      return T(TY_ERROR);
    }
    if (s->per_seat) {
      check_error(c, n, "'%s' has one value per player: write %s[p]", n->name, n->name);
      return T(TY_ERROR);
    }
    return s->type;
  }
  int native = find_native_value(n->name);
  if (native >= 0) {
    n->aux = AUX_NATIVE_VALUE;
    n->ival = native;
    const char *end;
    Type *bound = NULL;
    return type_parse_code(ts_natives[native].result, &bound, &end);
  }
  if (is_native_name(n->name)) {
    check_error(c, n, "'%s' is a built-in function; call it: %s(…)", n->name, n->name);
    return T(TY_ERROR);
  }
  unknown_name(c, n, "name");
  return T(TY_ERROR);
}

/* ---- calls ---- */

static void note_call(Checker *c, Node *n, Symbol *callee) {
  check_defer(c, DEFER_CALL_EDGE, n, callee);
  if (!(n->aux & AUX_STATEMENT_CALL)) check_defer(c, DEFER_EXPR_CALL, n, callee);
}

static Type *check_user_call(Checker *c, Node *n, Symbol *fn) {
  fn->used = true;
  n->sym = fn;
  if (n->list.count != fn->param_count) {
    check_error(c, n, "'%s' takes %d argument%s, not %d", fn->name, fn->param_count,
                fn->param_count == 1 ? "" : "s", n->list.count);
  }
  for (int i = 0; i < n->list.count; i++) {
    Type *t = check_value(c, n->list.items[i]);
    if (i < fn->param_count && t != fn->params[i] && !is_err(t) && !is_err(fn->params[i]))
      check_error(c, n->list.items[i], "argument %d of '%s' must be %s, not %s", i + 1, fn->name,
                  tname(fn->params[i]), tname(t));
  }
  note_call(c, n, fn);
  return fn->type;
}

/* Does function `fn` fit callback signature "params:result" with T bound? */
static bool callback_fits(Symbol *fn, const char *sig, Type *bound) {
  const char *p = sig;
  int i = 0;
  while (*p && *p != ':') {
    const char *end;
    if (i >= fn->param_count || !type_match_code(p, fn->params[i], &bound, &end)) return false;
    p = end;
    i++;
  }
  if (i != fn->param_count || *p != ':') return false;
  const char *end;
  return type_match_code(p + 1, fn->type, &bound, &end);
}

static const char *callback_text(const char *sig, Type *bound, char *buf, size_t cap) {
  /* "BP:b" -> "fn(board, placement) -> bool" */
  size_t n = (size_t)snprintf(buf, cap, "fn(");
  const char *p = sig;
  bool first = true;
  while (*p && *p != ':' && n < cap) {
    const char *end;
    Type *b = bound;
    Type *t = type_parse_code(p, &b, &end);
    n += (size_t)snprintf(buf + n, cap - n, "%s%s", first ? "" : ", ", t ? tname(t) : "?");
    first = false;
    p = end;
  }
  if (*p == ':' && n < cap) {
    const char *end;
    Type *b = bound;
    Type *t = type_parse_code(p + 1, &b, &end);
    snprintf(buf + n, cap - n, ") -> %s", t ? tname(t) : "?");
  }
  return buf;
}

/* Tries native `id` for the call; on success annotates and returns its type. */
static Type *try_native(Checker *c, Node *n, int id, Type **args, bool report) {
  const NativeInfo *nat = &ts_natives[id];
  const char *p = nat->params;
  Type *bound = NULL;
  int i = 0;
  for (; *p; i++) {
    if (i >= n->list.count) return NULL;
    if (*p == 'F') {
      Node *arg = n->list.items[i];
      if (arg->kind != N_NAME) return NULL;
      p++;
      continue;
    }
    const char *end;
    if (!type_match_code(p, args[i], &bound, &end)) {
      if (report) {
        Type *b = bound;
        const char *e2;
        Type *want = type_parse_code(p, &b, &e2);
        check_error(c, n->list.items[i], "argument %d of '%s' must be %s, not %s", i + 1, nat->name,
                    want && !is_err(want) ? tname(want) : "a list", tname(args[i]));
      }
      return NULL;
    }
    p = end;
  }
  if (i != n->list.count) return NULL;
  /* Callbacks: a named function with the right signature. */
  for (int k = 0, a = 0; nat->params[k]; a++) {
    if (nat->params[k] == 'F') {
      Node *arg = n->list.items[a];
      Symbol *fn = check_lookup_global(c, arg->name);
      char want[128];
      if (!fn || fn->kind != SYM_FN) {
        /* An unknown name was already reported when it was read as a value. */
        if (!arg->type || !is_err(arg->type)) check_error(c, arg, "'%s' is not a function", arg->name);
      } else if (!callback_fits(fn, nat->callback, bound)) {
        check_error(c, arg, "'%s' must be a %s", arg->name, callback_text(nat->callback, bound, want, sizeof want));
      } else {
        fn->used = true;
        arg->sym = fn;
        check_defer(c, DEFER_CALLBACK, arg, fn);
      }
      k++;
      continue;
    }
    while (nat->params[k] == '[') k++;
    k++;
  }
  n->aux |= AUX_NATIVE_CALL;
  n->ival = id;
  const char *end;
  Type *result = type_parse_code(nat->result, &bound, &end);
  if (id == NATIVE_print || id == NATIVE_expect) n->ival2 = 1; /* the compiler adds the type code */
  return result ? result : T(TY_ERROR);
}

/* `print(a, b, ...)`: several values of any types on one line, separated
 * by spaces (the compiler prints all but the last with print_part). */
static Type *check_print_several(Checker *c, Node *n) {
  for (int i = 0; i < n->list.count; i++) {
    Type *t = check_value(c, n->list.items[i]);
    if (t && t->kind == TY_VOID) check_error(c, n->list.items[i], "'print' cannot print a call that returns nothing");
  }
  n->aux |= AUX_NATIVE_CALL;
  n->ival = NATIVE_print;
  n->ival2 = 1; /* the compiler adds the type codes */
  return T(TY_VOID);
}

static Type *check_native_call(Checker *c, Node *n, const char *name) {
  if (strcmp(name, "print") == 0 && n->list.count > 1) return check_print_several(c, n);
  Type *args[16];
  int count = n->list.count < 16 ? n->list.count : 16;
  for (int i = 0; i < count; i++) {
    Node *a = n->list.items[i];
    /* Function names passed to callbacks are not values. */
    if (a->kind == N_NAME && check_lookup_global(c, a->name) &&
        check_lookup_global(c, a->name)->kind == SYM_FN && !lookup_local(c, a->name))
      args[i] = T(TY_ERROR);
    else
      args[i] = check_value(c, a);
  }
  int candidates[8], found = 0;
  for (int id = 0; id < NATIVE__COUNT && found < 8; id++)
    if (strcmp(ts_natives[id].name, name) == 0) candidates[found++] = id;
  for (int k = 0; k < found; k++) {
    Type *t = try_native(c, n, candidates[k], args, false);
    if (t) return t;
  }
  if (found == 1 && (int)strlen(ts_natives[candidates[0]].params) - 0 >= 0) {
    const char *p = ts_natives[candidates[0]].params;
    int want = 0;
    for (; *p; want++) {
      while (*p == '[') p++;
      p++;
    }
    if (want != n->list.count)
      check_error(c, n, "'%s' takes %d argument%s, not %d", name, want, want == 1 ? "" : "s", n->list.count);
    else
      try_native(c, n, candidates[0], args, true);
  } else {
    char list[256] = "";
    for (int i = 0; i < count; i++) {
      if (i) strncat(list, ", ", sizeof list - strlen(list) - 1);
      strncat(list, tname(args[i]), sizeof list - strlen(list) - 1);
    }
    check_error(c, n, "no form of '%s' takes (%s)", name, list);
  }
  return T(TY_ERROR);
}

static Type *check_call(Checker *c, Node *n) {
  Node *callee = n->a;
  if (callee->kind != N_NAME) {
    check_error(c, n, "only named functions can be called");
    return T(TY_ERROR);
  }
  Symbol *s = lookup_local(c, callee->name);
  if (!s) s = check_lookup_global(c, callee->name);
  if (s && s->kind == SYM_FN) return check_user_call(c, n, s);
  if (s) {
    check_error(c, callee, "'%s' is not a function", callee->name);
    return T(TY_ERROR);
  }
  if (is_native_name(callee->name)) return check_native_call(c, n, callee->name);
  unknown_name(c, callee, "function");
  for (int i = 0; i < n->list.count; i++) check_value(c, n->list.items[i]);
  return T(TY_ERROR);
}

/* ---- operators ---- */

static bool is_empty_list(const Node *n) { return n->kind == N_LIST && n->list.count == 0; }

/* An empty list literal takes its type from the other operand: [] + l. */
static void check_operands(Checker *c, Node *n, Type **a, Type **b) {
  if (is_empty_list(n->a) && !is_empty_list(n->b)) {
    *b = check_value(c, n->b);
    bool list = (*b)->kind == TY_LIST && (n->op == OP_ADD || n->op == OP_EQ || n->op == OP_NE);
    *a = list ? check_expr_as(c, n->a, *b) : check_value(c, n->a);
    return;
  }
  *a = check_value(c, n->a);
  bool list = (*a)->kind == TY_LIST && (n->op == OP_ADD || n->op == OP_EQ || n->op == OP_NE);
  *b = is_empty_list(n->b) && list ? check_expr_as(c, n->b, *a) : check_value(c, n->b);
}

static Type *check_binary(Checker *c, Node *n) {
  Type *a, *b;
  check_operands(c, n, &a, &b);
  if (is_err(a) || is_err(b)) return T(TY_ERROR);
  static const char *const sym[] = {
    [OP_OR] = "or", [OP_AND] = "and", [OP_EQ] = "==", [OP_NE] = "!=", [OP_LT] = "<", [OP_LE] = "<=",
    [OP_GT] = ">", [OP_GE] = ">=", [OP_IN] = "in", [OP_NOT_IN] = "not in", [OP_BOR] = "|",
    [OP_BXOR] = "^", [OP_BAND] = "&", [OP_SHL] = "<<", [OP_SHR] = ">>", [OP_ADD] = "+",
    [OP_SUB] = "-", [OP_MUL] = "*", [OP_DIV] = "/", [OP_MOD] = "%"};
  switch (n->op) {
  case OP_OR: case OP_AND:
    if (a->kind != TY_BOOL || b->kind != TY_BOOL) break;
    return T(TY_BOOL);
  case OP_EQ: case OP_NE:
    if (a != b && !(a->kind == TY_ANSWER && b->kind == TY_WORD) && !(a->kind == TY_WORD && b->kind == TY_ANSWER)) break;
    return T(TY_BOOL);
  case OP_LT: case OP_LE: case OP_GT: case OP_GE:
    if (a->kind != TY_INT || b->kind != TY_INT) break;
    return T(TY_BOOL);
  case OP_IN: case OP_NOT_IN:
    if (b->kind != TY_LIST || b->elem != a) {
      check_error(c, n, "'%s' needs a value and a list of that type, not %s and %s", sym[n->op], tname(a), tname(b));
      return T(TY_ERROR);
    }
    return T(TY_BOOL);
  case OP_ADD:
    if (a->kind == TY_LIST && a == b) return a;
    if (a->kind == TY_LIST && b->kind == TY_LIST && a->elem->kind == TY_LIST && b->elem->kind == TY_LIST) break;
    /* fall through */
  case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD:
  case OP_BOR: case OP_BXOR: case OP_BAND: case OP_SHL: case OP_SHR:
    if (a->kind != TY_INT || b->kind != TY_INT) break;
    return T(TY_INT);
  default: break;
  }
  const char *verb = n->op == OP_ADD ? "add" : n->op == OP_SUB ? "subtract" : n->op == OP_MUL ? "multiply"
                   : n->op == OP_DIV || n->op == OP_MOD ? "divide" : n->op == OP_EQ || n->op == OP_NE || n->op == OP_LT || n->op == OP_LE || n->op == OP_GT || n->op == OP_GE ? "compare" : "combine";
  check_error(c, n, "cannot %s %s and %s with '%s'", verb, tname(a), tname(b), sym[n->op]);
  return T(TY_ERROR);
}

static Type *check_unary(Checker *c, Node *n) {
  Type *a = check_value(c, n->a);
  if (is_err(a)) return a;
  if (n->op == OP_NOT && a->kind == TY_BOOL) return a;
  if (n->op == OP_NEG && a->kind == TY_INT) return a;
  check_error(c, n, "'%s' needs %s, not %s", n->op == OP_NOT ? "not" : "-", n->op == OP_NOT ? "bool" : "int", tname(a));
  return T(TY_ERROR);
}

/* Indexing a name declared `per player` (a value or a board) by a seat. */
static Symbol *per_seat_base(Checker *c, Node *base) {
  if (base->kind != N_NAME || lookup_local(c, base->name)) return NULL;
  Symbol *s = check_lookup_global(c, base->name);
  return s && s->per_seat ? s : NULL;
}

/* An array of boards (P12) indexed by an int. */
static Symbol *board_array_base(Checker *c, Node *base) {
  if (base->kind != N_NAME || lookup_local(c, base->name)) return NULL;
  Symbol *s = check_lookup_global(c, base->name);
  return s && s->kind == SYM_BOARD && s->board_array ? s : NULL;
}

static Type *check_index(Checker *c, Node *n) {
  Symbol *array = board_array_base(c, n->a);
  if (array) {
    array->used = true;
    n->a->sym = array;
    expect(c, n->b, T(TY_INT), "the index of an array of boards");
    n->aux = AUX_BOARD_ARRAY;
    return T(TY_BOARD);
  }
  Symbol *seat_base = per_seat_base(c, n->a);
  if (seat_base) {
    seat_base->used = true;
    n->a->sym = seat_base;
    expect(c, n->b, T(TY_PLAYER), "the index of a per-player value");
    n->aux = seat_base->kind == SYM_BOARD ? AUX_SEAT_BOARD : AUX_SEAT_GLOBAL;
    if (seat_base->kind == SYM_GLOBAL && !seat_base->type) return T(TY_ERROR);
    return seat_base->type;
  }
  Type *base = check_value(c, n->a);
  if (is_err(base)) {
    check_value(c, n->b);
    return base;
  }
  if (base->kind == TY_LIST) {
    expect(c, n->b, T(TY_INT), "a list index");
    n->aux = AUX_LIST_INDEX;
    return base->elem;
  }
  if (base->kind == TY_TILE) {
    expect(c, n->b, T(TY_INT), "a tile's cell number");
    n->aux = AUX_TILE_INDEX;
    return T(TY_INT);
  }
  check_error(c, n, "cannot index %s (only lists, tiles and per-player names)", tname(base));
  check_value(c, n->b);
  return T(TY_ERROR);
}

static Type *check_field(Checker *c, Node *n) {
  Type *t = check_value(c, n->a);
  if (is_err(t)) return t;
  static const struct { TypeKind on; const char *field; int native; TypeKind result; } fields[] = {
    {TY_CELL, "x", NATIVE_cell_x, TY_INT}, {TY_CELL, "y", NATIVE_cell_y, TY_INT},
    {TY_PLACEMENT, "tile", NATIVE_pl_tile, TY_TILE}, {TY_PLACEMENT, "cell", NATIVE_pl_cell, TY_CELL},
    {TY_PLACEMENT, "level", NATIVE_pl_level, TY_INT}, {TY_PLACEMENT, "turn", NATIVE_pl_turn, TY_INT},
    {TY_LAY, "tile", NATIVE_lay_tile, TY_TILE}, {TY_LAY, "end", NATIVE_lay_end, TY_INT},
    {TY_LAY, "value", NATIVE_lay_value, TY_INT}, {TY_LAY, "touch", NATIVE_lay_touch, TY_INT},
    {TY_LAY, "out", NATIVE_lay_out, TY_INT}, {TY_LAY, "across", NATIVE_lay_across, TY_BOOL},
    {TY_LAY, "spins", NATIVE_lay_spins, TY_BOOL}, {TY_LAY, "on_spinner", NATIVE_lay_on_spinner, TY_BOOL},
    {TY_LAY, "side", NATIVE_lay_side, TY_BOOL},
  };
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
    if (fields[i].on == t->kind && strcmp(fields[i].field, n->name) == 0) {
      n->ival = fields[i].native;
      return T(fields[i].result);
    }
  check_error(c, n, "%s has no field '%s'%s", tname(t), n->name,
              t->kind == TY_CELL ? " (cells have x and y)" : t->kind == TY_PLACEMENT ? " (placements have tile, cell, level and turn)"
              : t->kind == TY_LAY ? " (lays have tile, end, value, touch, out, across, spins, on_spinner and side)" : "");
  return T(TY_ERROR);
}

static Type *check_list(Checker *c, Node *n) {
  if (n->list.count == 0) return NULL; /* typed by context */
  Type *elem = check_value(c, n->list.items[0]);
  for (int i = 1; i < n->list.count; i++) {
    Type *t = check_value(c, n->list.items[i]);
    if (t != elem && !is_err(t) && !is_err(elem))
      check_error(c, n->list.items[i], "list elements must all be %s; this one is %s", tname(elem), tname(t));
  }
  if (elem->kind == TY_VOID) {
    check_error(c, n, "a list cannot hold nothing");
    return T(TY_ERROR);
  }
  return is_err(elem) ? elem : check_list_of(c, n, elem);
}

/* Iterable of a for loop or clause: a list, or a range compiled as a counter. */
static Type *check_iterable(Checker *c, Node *it) {
  Type *t = check_value(c, it);
  if (is_err(t)) return t;
  if (t->kind != TY_LIST) {
    check_error(c, it, "'for' needs a list to go through, not %s", tname(t));
    return T(TY_ERROR);
  }
  return t->elem;
}

static Type *check_comprehension(Checker *c, Node *n) {
  int mark = open_scope(c);
  for (int i = 0; i < n->list.count; i++) {
    Node *clause = n->list.items[i];
    Type *elem = check_iterable(c, clause->a);
    /* Hidden slots: list, position (or range end). */
    clause->aux = new_slot(c, clause->a->kind == N_RANGE ? T(TY_INT) : type_list(elem));
    new_slot(c, T(TY_INT));
    Symbol *v = declare_local(c, clause, clause->name, elem);
    v->used = true; /* a comprehension variable may be unused on purpose */
    clause->slot = v->index;
  }
  if (n->b) expect(c, n->b, T(TY_BOOL), "a comprehension's condition");
  Type *elem = check_value(c, n->a);
  close_scope(c, mark);
  if (is_err(elem)) return elem;
  if (elem->kind == TY_VOID) {
    check_error(c, n->a, "a list cannot hold nothing");
    return T(TY_ERROR);
  }
  Type *t = check_list_of(c, n, elem);
  if (is_err(t)) return t;
  n->slot = new_slot(c, t); /* the list being built */
  return t;
}

static Type *check_choose(Checker *c, Node *n) {
  expect(c, n->a, T(TY_PLAYER), "the seat that chooses");
  Type *opts = check_value(c, n->b);
  c->fn->yields = true;
  if (is_err(opts)) return opts;
  if (opts->kind != TY_LIST || opts->elem->kind == TY_LIST) {
    check_error(c, n->b, "'choose' offers a list of options (ints, tiles, cells, placements, …), not %s", tname(opts));
    return T(TY_ERROR);
  }
  if (!n->c) return opts->elem;
  Type *words = check_value(c, n->c);
  if (!is_err(words) && words != type_list(T(TY_WORD))) {
    check_error(c, n->c, "after 'or', 'choose' offers a list of words ([word], declared with 'word pass'), not %s", tname(words));
    return T(TY_ERROR);
  }
  if (opts->elem->kind >= TY_WORD || opts->elem->kind == TY_BOARD) {
    check_error(c, n->b, "'choose … or words' offers options of one plain type (int, player, tile, cell, dir, placement, lay), not %s", tname(opts));
    return T(TY_ERROR);
  }
  return type_answer(opts->elem);
}

/* `m is T`: is the answer m an option (T) or a word (`is word`)? */
static Type *check_is(Checker *c, Node *n) {
  Type *v = check_value(c, n->a);
  Type *t = check_type_node(c, n->b);
  n->b->type = t;
  if (is_err(v) || is_err(t)) return T(TY_BOOL);
  if (v->kind != TY_ANSWER) {
    check_error(c, n->a, "'is' tests an answer of 'choose … or words' (T | word); this is %s", tname(v));
  } else if (t != v->elem && t->kind != TY_WORD) {
    check_error(c, n->b, "this is %s: test it with 'is %s' or 'is word', not 'is %s'", tname(v), tname(v->elem), tname(t));
  }
  return T(TY_BOOL);
}

static Type *check_expr_inner(Checker *c, Node *n) {
  switch (n->kind) {
  case N_INT: return T(TY_INT);
  case N_BOOL: return T(TY_BOOL);
  case N_STRING: return T(TY_STRING);
  case N_NAME: return check_name(c, n);
  case N_BINARY: return check_binary(c, n);
  case N_UNARY: return check_unary(c, n);
  case N_CALL: return check_call(c, n);
  case N_INDEX: return check_index(c, n);
  case N_FIELD: return check_field(c, n);
  case N_LIST: {
    Type *t = check_list(c, n);
    if (!t) {
      check_error(c, n, "the type of an empty list is unknown here; give it one: let x: [tile] = []");
      return T(TY_ERROR);
    }
    return t;
  }
  case N_COMPREHENSION: return check_comprehension(c, n);
  case N_RANGE:
    expect(c, n->a, T(TY_INT), "a range's start");
    expect(c, n->b, T(TY_INT), "a range's end");
    return type_list(T(TY_INT));
  case N_CHOOSE: return check_choose(c, n);
  case N_IS: return check_is(c, n);
  case N_COND: {
    expect(c, n->a, T(TY_BOOL), "a condition");
    Type *a = check_value(c, n->b), *b = check_value(c, n->c);
    if (a != b && !is_err(a) && !is_err(b)) {
      check_error(c, n, "both branches of 'if … then … else' must have one type, not %s and %s", tname(a), tname(b));
      return T(TY_ERROR);
    }
    return is_err(a) ? b : a;
  }
  default:
    check_error(c, n, "this is not an expression");
    return T(TY_ERROR);
  }
}

static Type *check_expr(Checker *c, Node *n) {
  Type *t = check_expr_inner(c, n);
  n->type = t;
  return t;
}

/* An expression where an empty list literal takes the expected type. */
static Type *check_expr_as(Checker *c, Node *n, Type *want) {
  if (n->kind == N_LIST && n->list.count == 0 && want && (want->kind == TY_LIST || is_err(want))) {
    n->type = want;
    return want;
  }
  return check_value(c, n);
}

/* Statement-level value: a choose or a yielding call is allowed here. */
static Type *check_top_value(Checker *c, Node *n, Type *want) {
  if (n->kind == N_CHOOSE) {
    n->type = check_choose(c, n);
    return n->type;
  }
  if (n->kind == N_CALL) n->aux |= AUX_STATEMENT_CALL;
  return check_expr_as(c, n, want);
}

/* ---- statements ---- */

static Type *lvalue_type(Checker *c, Node *target, bool *list_element) {
  if (target->kind == N_NAME) {
    Symbol *s = lookup_local(c, target->name);
    if (!s) s = check_lookup_global(c, target->name);
    if (!s) {
      unknown_name(c, target, "name");
      return T(TY_ERROR);
    }
    target->sym = s;
    if (s->kind == SYM_GLOBAL && s->global_kind != GLOBAL_VAR) {
      check_error(c, target, "'%s' is a %s and cannot be assigned", s->name,
                  s->global_kind == GLOBAL_PARAM ? "param" : "tile set");
      return T(TY_ERROR);
    }
    if (s->kind != SYM_LOCAL && s->kind != SYM_GLOBAL) {
      check_error(c, target, "'%s' cannot be assigned", s->name);
      return T(TY_ERROR);
    }
    if (s->per_seat) {
      check_error(c, target, "'%s' has one value per player: assign %s[p]", s->name, s->name);
      return T(TY_ERROR);
    }
    return s->type;
  }
  if (target->kind == N_INDEX) {
    Symbol *seat_base = per_seat_base(c, target->a);
    if (seat_base) {
      if (seat_base->kind == SYM_BOARD) {
        check_error(c, target, "a board cannot be assigned; use place(…)");
        return T(TY_ERROR);
      }
      target->a->sym = seat_base;
      if (seat_base->global_kind != GLOBAL_VAR) {
        check_error(c, target, "'%s' cannot be assigned", seat_base->name);
        return T(TY_ERROR);
      }
      expect(c, target->b, T(TY_PLAYER), "the index of a per-player value");
      target->aux = AUX_SEAT_GLOBAL;
      return seat_base->type;
    }
    Type *base = lvalue_type(c, target->a, list_element);
    expect(c, target->b, T(TY_INT), "a list index");
    if (is_err(base)) return base;
    if (base->kind != TY_LIST) {
      check_error(c, target, "only list elements and per-player values can be assigned by index, not %s", tname(base));
      return T(TY_ERROR);
    }
    target->aux = AUX_LIST_INDEX;
    *list_element = true;
    return base->elem;
  }
  check_error(c, target, "cannot assign to this expression");
  return T(TY_ERROR);
}

static void check_assign(Checker *c, Node *n) {
  bool list_element = false;
  Type *target = lvalue_type(c, n->a, &list_element);
  n->a->type = target; /* the compiler tells `list += …` (CONCAT) from `int += …` (ADD) by it */
  Type *value;
  if (n->op == OP_ASSIGN && !list_element) value = check_top_value(c, n->b, target);
  else value = check_expr_as(c, n->b, target);
  if (n->op != OP_ASSIGN && !is_err(target)) {
    bool ok = target->kind == TY_INT || (n->op == OP_ADD && target->kind == TY_LIST);
    if (!ok) {
      check_error(c, n, "compound assignment needs an int (or '+=' on a list), not %s", tname(target));
      return;
    }
  }
  if (target != value && !is_err(target) && !is_err(value))
    check_error(c, n->b, "cannot assign %s to %s", tname(value), tname(target));
}

static void check_let(Checker *c, Node *n) {
  Type *declared = n->a ? check_type_node(c, n->a) : NULL;
  Type *value = check_top_value(c, n->b, declared);
  if (value->kind == TY_VOID) {
    check_error(c, n->b, "this has no value to store in '%s'", n->name);
    value = T(TY_ERROR);
  }
  if (declared && value != declared && !is_err(value) && !is_err(declared))
    check_error(c, n->b, "'%s' is declared %s but its value is %s", n->name, tname(declared), tname(value));
  Symbol *s = declare_local(c, n, n->name, declared ? declared : value);
  n->slot = s->index;
  n->sym = s;
}

/* `if m is T { … }` with m a local answer (T | word): in the block, m is a T.
 * The block sees a second symbol for m's slot, with the narrower type. */
static void check_narrowed_block(Checker *c, Node *cond, Node *block) {
  Node *v = cond->kind == N_IS ? cond->a : NULL;
  Symbol *s = v && v->kind == N_NAME ? lookup_local(c, v->name) : NULL;
  if (!s || !s->type || s->type->kind != TY_ANSWER || cond->b->type != s->type->elem) {
    check_block(c, block);
    return;
  }
  int mark = open_scope(c);
  Symbol *narrow = check_new_symbol(c, SYM_LOCAL, s->name, s->decl);
  narrow->type = s->type->elem;
  narrow->index = s->index;
  narrow->used = true;
  int room = open_scope(c); /* makes room for one entry, which the narrowed name takes */
  if (room < c->scope_count) c->scopes[room] = (Scope){s->name, narrow}; /* else out of memory */
  check_block(c, block);
  close_scope(c, mark);
}

static void check_stmt(Checker *c, Node *n) {
  switch (n->kind) {
  case N_LET: check_let(c, n); break;
  case N_ASSIGN: check_assign(c, n); break;
  case N_IF:
    expect(c, n->a, T(TY_BOOL), "an 'if' condition");
    check_narrowed_block(c, n->a, n->b);
    if (n->c) {
      if (n->c->kind == N_IF) check_stmt(c, n->c);
      else check_block(c, n->c);
    }
    break;
  case N_WHILE:
    expect(c, n->a, T(TY_BOOL), "a 'while' condition");
    c->loop_depth++;
    check_block(c, n->b);
    c->loop_depth--;
    break;
  case N_FOR: {
    Type *elem = check_iterable(c, n->a);
    int mark = open_scope(c);
    n->aux = new_slot(c, n->a->kind == N_RANGE ? T(TY_INT) : type_list(elem));
    new_slot(c, T(TY_INT));
    Symbol *v = declare_local(c, n, n->name, elem);
    v->used = true; /* `for turn in 1..n` counts; the variable may go unused */
    n->slot = v->index;
    c->loop_depth++;
    check_block(c, n->b);
    c->loop_depth--;
    close_scope(c, mark);
    break;
  }
  case N_BREAK: case N_CONTINUE:
    if (c->loop_depth == 0)
      check_error(c, n, "'%s' outside a loop", n->kind == N_BREAK ? "break" : "continue");
    break;
  case N_RETURN: {
    Type *want = c->fn->type;
    if (!n->a) {
      if (want->kind != TY_VOID) check_error(c, n, "'%s' must return %s", c->fn->name, tname(want));
      break;
    }
    if (want->kind == TY_VOID) {
      check_error(c, n, "'%s' returns nothing (declare '-> T' to return a value)", c->fn->name);
      check_value(c, n->a);
      break;
    }
    Type *t = check_expr_as(c, n->a, want);
    if (t != want && !is_err(t) && !is_err(want))
      check_error(c, n->a, "'%s' returns %s, not %s", c->fn->name, tname(want), tname(t));
    break;
  }
  case N_FAIL:
    if (n->a->kind != N_STRING) check_error(c, n->a, "'fail' takes a message in quotes");
    break;
  case N_EXPR_STMT: {
    Node *e = n->a;
    if (e->kind != N_CALL && e->kind != N_CHOOSE) {
      check_error(c, e, "this expression does nothing; a statement is a call, an assignment or a 'let'");
      check_value(c, e);
      break;
    }
    check_top_value(c, e, NULL);
    break;
  }
  default:
    check_error(c, n, "this is not a statement");
  }
}

static bool always_returns(Node *block) {
  if (!block || block->list.count == 0) return false;
  Node *last = block->list.items[block->list.count - 1];
  if (last->kind == N_RETURN || last->kind == N_FAIL) return true;
  if (last->kind == N_IF && last->c) {
    Node *else_part = last->c->kind == N_IF ? NULL : last->c;
    if (last->c->kind == N_IF) {
      Node wrapper = {0};
      wrapper.list.items = &last->c;
      wrapper.list.count = 1;
      return always_returns(last->b) && always_returns(&wrapper);
    }
    return always_returns(last->b) && always_returns(else_part);
  }
  if (last->kind == N_WHILE && last->a->kind == N_BOOL && last->a->ival) return true;
  return false;
}

static void check_block(Checker *c, Node *block) {
  int mark = open_scope(c);
  for (int i = 0; i < block->list.count; i++) check_stmt(c, block->list.items[i]);
  close_scope(c, mark);
}

void check_function_body(Checker *c, Symbol *fn, Node *body) {
  c->fn = fn;
  c->loop_depth = 0;
  int mark = open_scope(c);
  Node *decl = fn->decl && fn->decl->kind == N_FN ? fn->decl : NULL;
  if (decl) {
    for (int i = 0; i < decl->list.count; i++) {
      Node *p = decl->list.items[i];
      Symbol *s = declare_local(c, p, p->name, fn->params[i]);
      s->used = true; /* callbacks take parameters they may not need */
      p->slot = s->index;
    }
  }
  check_block(c, body);
  if (decl && fn->type->kind != TY_VOID && !always_returns(body))
    check_error(c, decl, "'%s' must end with 'return' (it returns %s)", fn->name, tname(fn->type));
  close_scope(c, mark);
  c->fn = NULL;
}

Type *check_init_expr(Checker *c, Symbol *main, Node *expr, Type *want) {
  c->fn = main;
  int mark = open_scope(c);
  Type *t = check_expr_as(c, expr, want);
  close_scope(c, mark);
  c->fn = NULL;
  return t;
}
