/* compile.c — emits bytecode for a checked program. One pass over each
 * function; jumps are patched when their target is known. The checker has
 * resolved every name and type, so nothing here can fail. */
#include "compile.h"

#include <stdlib.h>
#include <string.h>

#include "check_aux.h"
#include "copy_text.h"
#include "grow.h"
#include "opcodes.h"
#include "types.h"
#include "vm.h"

typedef struct Loop {
  int continue_target;     /* a while loop's test; -1: jumps collected in continues */
  int *breaks, *continues; /* jump operands to patch */
  int break_count, break_cap, continue_count, continue_cap;
  struct Loop *outer;
} Loop;

/* What a parameter of an inlined function stands for. */
enum { BIND_LOCAL, BIND_GLOBAL, BIND_INT };
typedef struct Binding {
  int kind;
  int64_t value; /* slot or literal */
} Binding;

enum { INLINE_MAX_PARAMS = 8, INLINE_MAX_DEPTH = 8 };

/* A function body being compiled in place of a call (see inline_call). */
typedef struct InlineFrame {
  const Symbol *fn;
  Binding args[INLINE_MAX_PARAMS];
  /* A whole body compiled as statements (inline_statements): the callee's
   * other locals are the caller's slots from `base` on, and its returns
   * jump to the end of the copy. */
  bool statements;
  int32_t *slots;     /* statements: the caller's slot of each callee local */
  int *returns;
  int return_count, return_cap;
  /* The caller's slots this copy took (temporaries, the callee's locals):
   * free again after it. */
  int32_t *owned;
  int owned_count, owned_cap;
  struct InlineFrame *outer;
} InlineFrame;


typedef struct Compiler {
  Program *p;
  int line, file;
  Loop *loop;
  Symbol *fn;            /* the function being compiled (owns temporaries) */
  InlineFrame *inlined;  /* innermost inlined body, or NULL */
  int inline_depth;
  int *own_locals;       /* per function: its locals before any inlining */
  int *call_sites;       /* per function: calls of it in the whole program */
  /* Temporaries of the function being compiled (slots first_temp on):
   * whether each is free for the next inlined body. */
  int first_temp;
  bool no_inline;        /* every call stays a call */
  bool *slot_free;
  int slot_free_cap;
  int frame_size;        /* the final locals of a deciding function; -1 while unknown */
  int loops_open;        /* loops (statements, comprehensions) around the code */
  int last_op;           /* where the last instruction starts (-1: none to fuse with) */
  int label;             /* the latest jump target */
  bool no_fuse;          /* no superinstructions */
  bool coverage;         /* COVER before every statement */
} Compiler;

/* ---- emitting ---- */

static bool grow_code(Program *p) {
  int cap = p->code_cap ? p->code_cap * 2 : 1024;
  if (!grow_bytes(&p->code, sizeof *p->code * (size_t)cap) || !grow_bytes(&p->lines, sizeof *p->lines * (size_t)cap) ||
      !grow_bytes(&p->line_files, sizeof *p->line_files * (size_t)cap))
    return false;
  p->code_cap = cap;
  return true;
}

static int emit(Compiler *c, int32_t word) {
  Program *p = c->p;
  if (p->code_len == p->code_cap && !grow_code(p)) /* compile_program made the first room */
    p->out_of_memory = true, p->code_len = 0;        /* the program is discarded: write over it, in bounds */
  p->code[p->code_len] = word;
  p->lines[p->code_len] = c->line;
  p->line_files[p->code_len] = (int16_t)c->file;
  return p->code_len++;
}

/* Superinstructions: pairs that follow each other often in rule files,
 * one instruction each — one dispatch, and the value between them never
 * goes through the stack. The fused instruction's operands are the
 * first's, then the second's. */
typedef struct Fusion {
  Opcode first, second, fused;
} Fusion;

static const Fusion fusions[] = {
  {BC_STORE_LOCAL, BC_LOAD_LOCAL, BC_STORE_LOAD_LOCAL},
  {BC_LOAD_LOCAL, BC_LOAD_LOCAL, BC_LOAD_LOCAL2},
  {BC_LEN_GLOBAL, BC_JUMP_IF_LE_INT, BC_LEN_GLOBAL_JUMP_IF_LE_INT},
  {BC_LOAD_LOCAL, BC_NATIVE, BC_LOAD_LOCAL_NATIVE},
};

/* Starts instruction op: its word, or none when op fuses with the
 * instruction before — never across a jump target (a label), where
 * control can arrive without running that instruction. */
static void begin_op(Compiler *c, Opcode op) {
  int last = c->last_op;
  if (last >= 0 && c->label != c->p->code_len && !c->no_fuse)
    for (size_t i = 0; i < sizeof fusions / sizeof *fusions; i++)
      if (c->p->code[last] == (int32_t)fusions[i].first && op == fusions[i].second) {
        c->p->code[last] = fusions[i].fused;
        return;
      }
  c->last_op = emit(c, op);
}

/* Here is a jump target: nothing fuses across it. */
static int label_here(Compiler *c) { return c->label = c->p->code_len; }

static void op0(Compiler *c, Opcode op) { begin_op(c, op); }
static void op1(Compiler *c, Opcode op, int32_t a) { begin_op(c, op); emit(c, a); }
static void op2(Compiler *c, Opcode op, int32_t a, int32_t b) { begin_op(c, op); emit(c, a); emit(c, b); }

/* Emits a jump with a placeholder target; returns the operand to patch. */
static int jump(Compiler *c, Opcode op) {
  begin_op(c, op);
  return emit(c, -1);
}
static void patch_here(Compiler *c, int operand) { c->p->code[operand] = label_here(c); }

static int add_string(Program *p, const char *s) {
  for (int i = 0; i < p->string_count; i++)
    if (strcmp(p->strings[i], s) == 0) return i;
  char *copy = copy_text(s);
  if (!copy || !grow_array(&p->strings, &p->string_cap, p->string_count + 1, 32, sizeof *p->strings)) {
    free(copy);
    p->out_of_memory = true;
    return 0;
  }
  p->strings[p->string_count] = copy;
  return p->string_count++;
}

static void emit_int(Compiler *c, int64_t v) {
  if (v >= INT32_MIN && v <= INT32_MAX) {
    op1(c, BC_INT, (int32_t)v);
    return;
  }
  Program *p = c->p;
  if (!grow_array(&p->constants, &p->constant_cap, p->constant_count + 1, 16, sizeof *p->constants)) {
    p->out_of_memory = true;
    op1(c, BC_CONST, 0);
    return;
  }
  p->constants[p->constant_count] = v;
  op1(c, BC_CONST, p->constant_count++);
}

static int type_code_string(Compiler *c, const Type *t) {
  char code[32];
  return add_string(c->p, type_code(t, code, sizeof code));
}

/* ---- expressions ---- */

static void expr(Compiler *c, Node *n);

static void at(Compiler *c, const Node *n) {
  if (n->line > 0) {
    c->line = n->line;
    c->file = n->file; /* an inlined body keeps its own file */
  }
}

/* The slot of local `index` of the code being compiled: inside a body
 * inlined as statements, its copy among the caller's locals (a parameter
 * stored to is always bound to a copy, see inline_statements). */
static int32_t local_slot(const Compiler *c, int index) {
  const InlineFrame *f = c->inlined;
  if (!f || !f->statements) return index;
  if (index < f->fn->param_count) return (int32_t)f->args[index].value;
  return f->slots[index];
}

/* Where a local or global name's value is: inside an inlined body a
 * parameter (always a local of that body) is its call's argument. */
static bool fold_constant(const Node *n, int64_t *out);
static bool fold_condition(const Node *n, bool *out);

static bool resolve_name(const Compiler *c, const Node *n, Binding *out) {
  if (n->kind != N_NAME || !n->sym) return false;
  if (n->sym->kind == SYM_GLOBAL) {
    int64_t k;
    *out = fold_constant(n, &k) ? (Binding){BIND_INT, k} : (Binding){BIND_GLOBAL, n->sym->index};
    return true;
  }
  if (n->sym->kind != SYM_LOCAL) return false;
  int i = n->sym->index;
  if (c->inlined && i < c->inlined->fn->param_count) *out = c->inlined->args[i];
  else *out = (Binding){BIND_LOCAL, local_slot(c, i)};
  return true;
}

static void load_binding(Compiler *c, Binding b) {
  if (b.kind == BIND_INT) emit_int(c, b.value);
  else op1(c, b.kind == BIND_LOCAL ? BC_LOAD_LOCAL : BC_LOAD_GLOBAL, (int32_t)b.value);
}

static void name_load(Compiler *c, Node *n) {
  if (n->aux == AUX_NATIVE_VALUE && !n->sym) {
    op2(c, BC_NATIVE, (int32_t)n->ival, 0);
    return;
  }
  Binding b;
  if (resolve_name(c, n, &b)) load_binding(c, b);
  else if (n->sym->kind == SYM_BOARD) emit_int(c, n->sym->index);
  else if (n->sym->kind == SYM_WORD) emit_int(c, VM_WORD_BASE + add_string(c->p, n->name));
}

static Opcode binary_opcode(Op op) {
  switch (op) {
  case OP_ADD: return BC_ADD;
  case OP_SUB: return BC_SUB;
  case OP_MUL: return BC_MUL;
  case OP_DIV: return BC_DIV;
  case OP_MOD: return BC_MOD;
  case OP_EQ: return BC_EQ;
  case OP_NE: return BC_NE;
  case OP_LT: return BC_LT;
  case OP_LE: return BC_LE;
  case OP_GT: return BC_GT;
  case OP_GE: return BC_GE;
  case OP_BAND: return BC_BAND;
  case OP_BOR: return BC_BOR;
  case OP_BXOR: return BC_BXOR;
  case OP_SHL: return BC_SHL;
  case OP_SHR: return BC_SHR;
  default: return BC_HALT;
  }
}

/* A param whose value is known when compiling: an int param (params are
 * never assigned; a variant's param replaces the base game's declaration)
 * whose expression folds. */
static bool constant_param(const Node *n, int64_t *out) {
  static int depth; /* params refer to earlier params only: no cycles, but stay safe */
  const Symbol *s = n->sym;
  if (!s || s->kind != SYM_GLOBAL || s->global_kind != GLOBAL_PARAM || s->per_seat) return false;
  if (!s->decl || !s->decl->a || !n->type || n->type->kind != TY_INT || depth > 16) return false;
  depth++;
  bool known = fold_constant(s->decl->a, out);
  depth--;
  return known;
}

/* The value of an int expression made of literals, params with such
 * values, + - * and unary minus (what `0..len(l) - 1` and `-1` produce);
 * false for anything else, so division by zero and the like stay runtime
 * errors. Wraps like the VM. */
static bool fold_constant(const Node *n, int64_t *out) {
  int64_t a, b;
  switch (n->kind) {
  case N_INT: *out = n->ival; return n->type && n->type->kind == TY_INT;
  case N_NAME: return constant_param(n, out);
  case N_UNARY:
    if (n->op == OP_NOT || !fold_constant(n->a, &a)) return false;
    *out = (int64_t)(0 - (uint64_t)a);
    return true;
  case N_BINARY:
    if (!fold_constant(n->a, &a) || !fold_constant(n->b, &b)) return false;
    switch (n->op) {
    case OP_ADD: *out = (int64_t)((uint64_t)a + (uint64_t)b); return true;
    case OP_SUB: *out = (int64_t)((uint64_t)a - (uint64_t)b); return true;
    case OP_MUL: *out = (int64_t)((uint64_t)a * (uint64_t)b); return true;
    default: return false;
    }
  case N_COND: {
    bool cond;
    if (!fold_condition(n->a, &cond)) return false;
    return fold_constant(cond ? n->b : n->c, out);
  }
  default: return false;
  }
}

/* A comparison of two folding ints (`if side == 7 then 4 else 2`). */
static bool fold_condition(const Node *n, bool *out) {
  int64_t a, b;
  if (n->kind != N_BINARY || !fold_constant(n->a, &a) || !fold_constant(n->b, &b)) return false;
  switch (n->op) {
  case OP_EQ: *out = a == b; return true;
  case OP_NE: *out = a != b; return true;
  case OP_LT: *out = a < b; return true;
  case OP_LE: *out = a <= b; return true;
  case OP_GT: *out = a > b; return true;
  case OP_GE: *out = a >= b; return true;
  default: return false;
  }
}

bool compile_fold_int(const Node *n, int64_t *out) { return fold_constant(n, out); }

/* A literal small enough to be an instruction operand. */
static bool small_literal(const Node *n, int32_t *out) {
  int64_t v;
  if (!fold_constant(n, &v) || v < INT32_MIN || v > INT32_MAX) return false;
  *out = (int32_t)v;
  return true;
}

static void binary(Compiler *c, Node *n) {
  if (n->op == OP_AND || n->op == OP_OR) {
    expr(c, n->a);
    int end = jump(c, n->op == OP_AND ? BC_AND_ELSE : BC_OR_ELSE);
    expr(c, n->b);
    patch_here(c, end);
    return;
  }
  int64_t folded;
  if (fold_constant(n, &folded)) {
    emit_int(c, folded);
    return;
  }
  int32_t k;
  if ((n->op == OP_ADD || n->op == OP_SUB) && n->type && n->type->kind == TY_INT && small_literal(n->b, &k) &&
      k != INT32_MIN) {
    expr(c, n->a);
    at(c, n);
    op1(c, BC_ADD_INT, n->op == OP_ADD ? k : -k);
    return;
  }
  expr(c, n->a);
  expr(c, n->b);
  at(c, n);
  bool lists = n->a->type && n->a->type->kind == TY_LIST;
  switch (n->op) {
  case OP_IN: op0(c, BC_IN); break;
  case OP_NOT_IN: op0(c, BC_IN); op0(c, BC_NOT); break;
  case OP_ADD: op0(c, lists ? BC_CONCAT : BC_ADD); break;
  case OP_EQ: op0(c, lists ? BC_LIST_EQ : BC_EQ); break;
  case OP_NE:
    if (lists) { op0(c, BC_LIST_EQ); op0(c, BC_NOT); }
    else op0(c, BC_NE);
    break;
  default: op0(c, binary_opcode(n->op)); break;
  }
}

static bool inline_call(Compiler *c, Node *n);
static void sort_by(Compiler *c, Node *n);
static void note_dead_slots(Compiler *c);

static void call(Compiler *c, Node *n) {
  if (!(n->aux & AUX_NATIVE_CALL) && inline_call(c, n)) return;
  if (!(n->aux & AUX_NATIVE_CALL)) {
    for (int i = 0; i < n->list.count; i++) expr(c, n->list.items[i]);
    at(c, n);
    op2(c, BC_CALL, n->sym->index, n->list.count);
    if (n->sym->yields) note_dead_slots(c);
    return;
  }
  if (n->ival == NATIVE_sort_by) {
    sort_by(c, n);
    return;
  }
  Binding list;
  if (n->ival == NATIVE_len_list && resolve_name(c, n->list.items[0], &list) && list.kind != BIND_INT) {
    at(c, n); /* len(l) of a variable: one instruction */
    op1(c, list.kind == BIND_LOCAL ? BC_LEN_LOCAL : BC_LEN_GLOBAL, (int32_t)list.value);
    return;
  }
  int first = 0;
  for (; n->ival == NATIVE_print && first < n->list.count - 1; first++) { /* print(a, b, c): a and b */
    expr(c, n->list.items[first]);
    emit_int(c, type_code_string(c, n->list.items[first]->type));
    at(c, n);
    op2(c, BC_NATIVE, NATIVE_print_part, 2);
  }
  int argc = n->list.count - first;
  for (int i = first; i < n->list.count; i++) {
    Node *a = n->list.items[i];
    if (a->kind == N_NAME && a->sym && a->sym->kind == SYM_FN) emit_int(c, a->sym->index);
    else expr(c, a);
  }
  if (n->ival2) { /* the native formats its argument: pass the type code */
    emit_int(c, type_code_string(c, n->list.items[first]->type));
    argc++;
  }
  at(c, n);
  /* Natives simple enough to be one instruction, or none. */
  if (n->ival == NATIVE_len_list) op0(c, BC_LEN);
  else if (n->ival == NATIVE_seat) op0(c, BC_SEAT); /* a range check */
  else if (n->ival == NATIVE_ord) return; /* a player is its seat number already */
  else op2(c, BC_NATIVE, (int32_t)n->ival, argc);
}

static void index_load(Compiler *c, Node *n) {
  int32_t k;
  switch (n->aux) {
  case AUX_SEAT_GLOBAL:
    expr(c, n->b);
    at(c, n);
    op1(c, BC_LOAD_SEAT_GLOBAL, n->a->sym->index);
    break;
  case AUX_BOARD_ARRAY: /* board_index(first number, the count param, i): range-checked */
    emit_int(c, n->a->sym->index);
    expr(c, n->a->sym->decl->list.items[0]);
    expr(c, n->b);
    at(c, n);
    op2(c, BC_NATIVE, NATIVE_board_index, 3);
    break;
  case AUX_SEAT_BOARD: /* the first board number of the per-player board, plus the seat */
    expr(c, n->b);
    at(c, n);
    if (n->a->sym->index != 0) op1(c, BC_ADD_INT, n->a->sym->index);
    break;
  case AUX_TILE_INDEX: {
    Binding tile;
    if (small_literal(n->b, &k) && resolve_name(c, n->a, &tile) && tile.kind == BIND_LOCAL) {
      at(c, n); /* t[0] of a local tile */
      op2(c, BC_TILE_VALUE_LOCAL, (int32_t)tile.value, k);
      break;
    }
    expr(c, n->a);
    if (small_literal(n->b, &k)) {
      at(c, n);
      op1(c, BC_TILE_VALUE_INT, k);
      break;
    }
    expr(c, n->b);
    at(c, n);
    op0(c, BC_TILE_VALUE);
    break;
  }
  default: {
    Binding list, i;
    if (resolve_name(c, n->a, &list) && list.kind != BIND_INT && resolve_name(c, n->b, &i) && i.kind == BIND_LOCAL) {
      at(c, n);
      op2(c, list.kind == BIND_LOCAL ? BC_INDEX_LOCAL : BC_INDEX_GLOBAL, (int32_t)list.value, (int32_t)i.value);
      return;
    }
    expr(c, n->a);
    if (small_literal(n->b, &k)) {
      at(c, n);
      op1(c, BC_INDEX_INT, k);
      return;
    }
    expr(c, n->b);
    at(c, n);
    op0(c, BC_INDEX);
  }
  }
}

static bool is_ref(const Type *t) { return t && t->kind == TY_LIST; }

/* ---- conditions ---- */

/* Jump operands waiting for one target. */
typedef struct Patches {
  int at[32];
  int count;
} Patches;

static void patch_all(Compiler *c, Patches *ps) {
  for (int i = 0; i < ps->count; i++) patch_here(c, ps->at[i]);
  ps->count = 0;
}

/* The jump taken when `a op b` is `when`; `literal`: b is an operand. */
static Opcode compare_jump(Op op, bool when, bool literal) {
  static const Opcode stacked[] = {BC_JUMP_IF_EQ, BC_JUMP_IF_NE, BC_JUMP_IF_LT,
                                   BC_JUMP_IF_LE, BC_JUMP_IF_GT, BC_JUMP_IF_GE};
  static const Opcode operand[] = {BC_JUMP_IF_EQ_INT, BC_JUMP_IF_NE_INT, BC_JUMP_IF_LT_INT,
                                   BC_JUMP_IF_LE_INT, BC_JUMP_IF_GT_INT, BC_JUMP_IF_GE_INT};
  enum { EQ, NE, LT, LE, GT, GE };
  int taken, otherwise;
  switch (op) {
  case OP_EQ: taken = EQ, otherwise = NE; break;
  case OP_NE: taken = NE, otherwise = EQ; break;
  case OP_LT: taken = LT, otherwise = GE; break;
  case OP_LE: taken = LE, otherwise = GT; break;
  case OP_GT: taken = GT, otherwise = LE; break;
  case OP_GE: taken = GE, otherwise = LT; break;
  default: return BC_HALT;
  }
  int which = when ? taken : otherwise;
  return literal ? operand[which] : stacked[which];
}

static bool is_scalar_compare(const Node *n) {
  return n->kind == N_BINARY && compare_jump(n->op, true, false) != BC_HALT && !is_ref(n->a->type);
}

/* Emits a test of `cond` that jumps when its value is `when` (to a target
 * patched later through `out`) and falls through otherwise. Comparisons
 * become one compare-and-jump instruction; `and`, `or` and `not` become
 * jumps, without materialising booleans. */
static void cond_jump(Compiler *c, Node *cond, bool when, Patches *out) {
  if (out->count >= 30) { /* deeply nested: the plain form, one jump */
    expr(c, cond);
    out->at[out->count++] = jump(c, when ? BC_JUMP_IF_TRUE : BC_JUMP_IF_FALSE);
    return;
  }
  if (cond->kind == N_UNARY && cond->op == OP_NOT) {
    cond_jump(c, cond->a, !when, out);
    return;
  }
  if (cond->kind == N_BINARY && (cond->op == OP_AND || cond->op == OP_OR)) {
    /* `a and b` jumps when false as soon as a is false; when true only if
     * both are. `or` is the mirror image. */
    bool short_value = cond->op == OP_OR; /* the value a decides alone */
    if (when == short_value) {
      cond_jump(c, cond->a, when, out);
      cond_jump(c, cond->b, when, out);
    } else {
      Patches past = {.count = 0};
      cond_jump(c, cond->a, short_value, &past);
      cond_jump(c, cond->b, when, out);
      patch_all(c, &past);
    }
    return;
  }
  if (is_scalar_compare(cond)) {
    int32_t k;
    expr(c, cond->a);
    if (small_literal(cond->b, &k)) { /* x < 0, len(l) > 0: the literal is an operand */
      at(c, cond);
      begin_op(c, compare_jump(cond->op, when, true));
      emit(c, k);
      out->at[out->count++] = emit(c, -1);
      return;
    }
    expr(c, cond->b);
    at(c, cond);
    out->at[out->count++] = jump(c, compare_jump(cond->op, when, false));
    return;
  }
  expr(c, cond);
  out->at[out->count++] = jump(c, when ? BC_JUMP_IF_TRUE : BC_JUMP_IF_FALSE);
}

/* Loops of a comprehension or a for statement share this shape: the start
 * (RANGE_START / LIST_START) sets the loop up and leaves to `exit` when
 * there is nothing to do, the body follows, and the bottom (FOR_RANGE_NEXT
 * / FOR_LIST_NEXT) steps and goes back to the body while not done: one
 * loop instruction per iteration. `continue` jumps to the bottom. */
typedef struct LoopHead {
  bool range;
  int32_t a, b, var; /* range: counter, limit; list: list slot, position slot */
  int exit, body;
} LoopHead;

/* hidden: the loop's two hidden slots (range: its limit in the first). */
static LoopHead loop_open(Compiler *c, Node *iterable, const int32_t hidden[2], int var) {
  LoopHead h = {.range = iterable->kind == N_RANGE, .var = var};
  if (h.range) {
    expr(c, iterable->a);
    expr(c, iterable->b);
    h.a = var, h.b = hidden[0];
    begin_op(c, BC_RANGE_START), emit(c, var), emit(c, hidden[0]);
  } else {
    expr(c, iterable);
    h.a = hidden[0], h.b = hidden[1];
    begin_op(c, BC_LIST_START), emit(c, hidden[0]), emit(c, hidden[1]), emit(c, var);
  }
  h.exit = emit(c, -1);
  h.body = label_here(c);
  c->loops_open++;
  return h;
}

static void loop_close(Compiler *c, LoopHead h) {
  c->loops_open--;
  if (h.range) begin_op(c, BC_FOR_RANGE_NEXT), emit(c, h.a), emit(c, h.b), emit(c, h.body);
  else begin_op(c, BC_FOR_LIST_NEXT), emit(c, h.a), emit(c, h.b), emit(c, h.var), emit(c, h.body);
  patch_here(c, h.exit);
}

/* Whether a comprehension's last clause only copies its list: `[x for …
 * for x in l]` with no filter (flattening a list of lists, or one list made
 * of several calls' results). */
static bool copies_last_list(const Compiler *c, const Node *n, const Node *last) {
  Binding b;
  return !c->no_fuse && !n->b && last->a->kind != N_RANGE && resolve_name(c, n->a, &b) && b.kind == BIND_LOCAL &&
         b.value == local_slot(c, last->slot);
}

static void comprehension(Compiler *c, Node *n) {
  int32_t list = local_slot(c, n->slot);
  op2(c, BC_LIST, 0, is_ref(n->a->type));
  op1(c, BC_STORE_LOCAL, list);
  LoopHead heads[16];
  int count = n->list.count < 16 ? n->list.count : 16;
  bool extend = count > 0 && count == n->list.count && copies_last_list(c, n, n->list.items[count - 1]);
  for (int i = 0; i < count - extend; i++) {
    Node *clause = n->list.items[i];
    int32_t hidden[2] = {local_slot(c, clause->aux), local_slot(c, clause->aux + 1)};
    heads[i] = loop_open(c, clause->a, hidden, local_slot(c, clause->slot));
  }
  if (extend) { /* the last loop in one instruction: no dispatch per element */
    Node *last = n->list.items[count - 1];
    expr(c, last->a);
    at(c, last);
    begin_op(c, BC_LIST_EXTEND), emit(c, local_slot(c, last->aux)), emit(c, local_slot(c, last->aux + 1));
    emit(c, local_slot(c, last->slot)), emit(c, list);
  } else {
    Patches skip = {.count = 0};
    if (n->b) cond_jump(c, n->b, false, &skip);
    expr(c, n->a);
    op1(c, BC_LIST_PUSH, list);
    patch_all(c, &skip);
  }
  for (int i = count - 1 - extend; i >= 0; i--) loop_close(c, heads[i]);
  op1(c, BC_LOAD_LOCAL, list);
}

static void expr(Compiler *c, Node *n) {
  at(c, n);
  switch (n->kind) {
  case N_INT: case N_BOOL: emit_int(c, n->ival); break;
  case N_STRING: emit_int(c, add_string(c->p, n->str)); break;
  case N_NAME: name_load(c, n); break;
  case N_BINARY: binary(c, n); break;
  case N_UNARY: {
    int64_t folded;
    if (fold_constant(n, &folded)) {
      emit_int(c, folded);
      break;
    }
    expr(c, n->a);
    op0(c, n->op == OP_NOT ? BC_NOT : BC_NEG);
    break;
  }
  case N_CALL: call(c, n); break;
  case N_INDEX: index_load(c, n); break;
  case N_FIELD:
    expr(c, n->a);
    op2(c, BC_NATIVE, (int32_t)n->ival, 1);
    break;
  case N_LIST:
    if (n->list.count == 0) { /* the permanent empty lists: nothing to allocate */
      emit_int(c, is_ref(n->type) && is_ref(n->type->elem) ? VM_EMPTY_LISTS : VM_EMPTY);
      break;
    }
    for (int i = 0; i < n->list.count; i++) expr(c, n->list.items[i]);
    at(c, n);
    op2(c, BC_LIST, n->list.count, is_ref(n->type) && is_ref(n->type->elem));
    break;
  case N_COMPREHENSION: comprehension(c, n); break;
  case N_RANGE:
    expr(c, n->a);
    expr(c, n->b);
    op0(c, BC_RANGE);
    break;
  case N_COND: {
    Patches otherwise = {.count = 0};
    cond_jump(c, n->a, false, &otherwise);
    expr(c, n->b);
    int end = jump(c, BC_JUMP);
    patch_all(c, &otherwise);
    expr(c, n->c);
    patch_here(c, end);
    break;
  }
  case N_IS: /* words are the values at or below VM_WORD_LAST */
    expr(c, n->a);
    emit_int(c, VM_WORD_LAST);
    at(c, n);
    op0(c, n->b->type->kind == TY_WORD ? BC_LE : BC_GT);
    break;
  case N_CHOOSE:
    expr(c, n->a);
    expr(c, n->b);
    if (n->c) { /* the words follow the options in one list */
      expr(c, n->c);
      at(c, n);
      op2(c, BC_NATIVE, NATIVE_answers, 2);
    }
    at(c, n);
    op1(c, n->ival ? BC_CHOOSE_SECRET : BC_CHOOSE, type_code_string(c, n->type));
    note_dead_slots(c);
    break;
  default: break;
  }
}

/* ---- inlining ----
 *
 * A call of a function whose body is `return EXPR` (no other locals, no
 * comprehension) compiles to EXPR itself, its parameters bound to the
 * arguments: a literal or a local of the caller is used in place; anything
 * else is evaluated once, left to right, into a new local (a temporary of
 * the calling function). A global is used in place only when EXPR calls no
 * script function, which could change it. Runtime errors in the inlined
 * code name the callee's file and line, as a call would. */

static bool walk_any(const Node *n, bool (*pred)(const Node *)) {
  if (!n) return false;
  if (pred(n)) return true;
  if (walk_any(n->a, pred) || walk_any(n->b, pred) || walk_any(n->c, pred)) return true;
  for (int i = 0; i < n->list.count; i++)
    if (walk_any(n->list.items[i], pred)) return true;
  return false;
}

static bool needs_locals(const Node *n) { return n->kind == N_COMPREHENSION || n->kind == N_CHOOSE; }
static bool calls_script(const Node *n) { return n->kind == N_CALL && !(n->aux & AUX_NATIVE_CALL); }

/* EXPR of `return EXPR` when that is the whole body of an inlinable fn. */
static Node *inline_body(const Compiler *c, const Symbol *fn) {
  const Node *body = fn->decl ? fn->decl->b : NULL;
  if (!body || body->list.count != 1 || fn->param_count > INLINE_MAX_PARAMS) return NULL;
  const Node *ret = body->list.items[0];
  if (ret->kind != N_RETURN || !ret->a || fn->local_count != fn->param_count) return NULL;
  if (fn == c->fn || c->inline_depth >= INLINE_MAX_DEPTH) return NULL;
  for (const InlineFrame *f = c->inlined; f; f = f->outer)
    if (f->fn == fn) return NULL; /* recursion */
  return walk_any(ret->a, needs_locals) ? NULL : ret->a;
}

static int ref_kind(const Type *t);
static int32_t take_slot(Compiler *c, InlineFrame *f, Type *type);

static Binding bind_argument(Compiler *c, InlineFrame *f, Node *arg, Type *type, bool globals_may_change) {
  int64_t k;
  Binding b;
  if (fold_constant(arg, &k)) return (Binding){BIND_INT, k};
  if (resolve_name(c, arg, &b) && (b.kind != BIND_GLOBAL || !globals_may_change)) return b;
  expr(c, arg);
  int32_t slot = take_slot(c, f, type);
  op1(c, BC_STORE_LOCAL, slot);
  return (Binding){BIND_LOCAL, slot};
}

static void stmt(Compiler *c, Node *n);

static int ref_kind(const Type *t) {
  return !is_ref(t) ? 0 : is_ref(t->elem) ? 2 : 1;
}

/* A slot of the calling function for an inlined body — the lowest free
 * one of the same kind, else a new one (low slots keep clears in few
 * runs) — owned by frame f until its end. */
static int32_t take_slot(Compiler *c, InlineFrame *f, Type *type) {
  /* Room first, so that running out of memory takes nothing: the program
   * is marked, and slot 0 stands in (the program is never run). */
  if (!grow_array(&f->owned, &f->owned_cap, f->owned_count + 1, 8, sizeof *f->owned)) {
    c->p->out_of_memory = true;
    return 0;
  }
  int32_t slot = -1;
  for (int i = c->first_temp; i < c->fn->local_count && slot < 0; i++)
    if (c->slot_free[i] && ref_kind(c->fn->local_types[i]) == ref_kind(type)) slot = i;
  if (slot < 0) {
    /* slot_free keeps a flag for every local of the function */
    if (!grow_array(&c->slot_free, &c->slot_free_cap, c->fn->local_count + 1, 16, sizeof *c->slot_free) ||
        (slot = symbol_new_local(c->fn, type)) < 0) {
      c->p->out_of_memory = true;
      return 0;
    }
  }
  c->slot_free[slot] = false;
  f->owned[f->owned_count++] = slot;
  return slot;
}

/* After an inlined body: its slots are free again for the next one. What
 * they hold is dead, but it is left there: see note_dead_slots. */
static void release_slots(Compiler *c, InlineFrame *f) {
  for (int i = 0; i < f->owned_count; i++) c->slot_free[f->owned[i]] = true;
  free(f->owned);
}

/* Slot i of the frame being compiled is free here: taken by no body now
 * (a slot made later, for a later body, is not taken here either). */
static bool is_free(const Compiler *c, int i) { return i >= c->fn->local_count || c->slot_free[i]; }

/* Just after an instruction where the VM can stop with this frame on the
 * stack (a decision, a call of a function that decides, the end of the
 * set-up): the free temporaries there are dead, and the program lists them
 * for that resume point (Program.dead). The packer zeroes them when it
 * makes a position (heap.c), as a return would drop them: a long-lived
 * frame (the play block's) keeps no garbage alive in the state, and
 * positions with the same live data are the same bytes whatever the dead
 * values were. Running never pays for it: a playout packs only at its end.
 * Only a function that makes decisions can be on the stack in a state;
 * whoever takes a free slot writes it before reading it. */
static void note_dead_slots(Compiler *c) {
  if (!c->fn->yields || c->frame_size < 0) return;
  /* Outside loops, slots made later are still as the frame's entry left
   * them: zero. */
  int end = c->loops_open > 0 ? c->frame_size : c->fn->local_count;
  int record = program_dead_begin(c->p, c->p->code_len);
  for (int i = c->first_temp; i < end;) {
    if (!is_free(c, i)) {
      i++;
      continue;
    }
    int j = i + 1;
    while (j < end && is_free(c, j)) j++;
    program_dead_run(c->p, record, i, j - i);
    i = j;
  }
}

/* Whether statement `n` (anywhere inside) assigns to parameter i of the
 * function being inlined: that parameter then needs a copy of its own. */
static bool assigns_param(const Node *n, int i) {
  if (!n) return false;
  if (n->kind == N_ASSIGN) {
    const Node *t = n->a;
    while (t->kind == N_INDEX) t = t->a; /* p[k] = v stores p too */
    if (t->kind == N_NAME && t->sym && t->sym->kind == SYM_LOCAL && t->sym->index == i) return true;
  }
  if (assigns_param(n->a, i) || assigns_param(n->b, i) || assigns_param(n->c, i)) return true;
  for (int k = 0; k < n->list.count; k++)
    if (assigns_param(n->list.items[k], i)) return true;
  return false;
}

static int node_count(const Node *n) {
  if (!n) return 0;
  int k = 1 + node_count(n->a) + node_count(n->b) + node_count(n->c);
  for (int i = 0; i < n->list.count; i++) k += node_count(n->list.items[i]);
  return k;
}

enum { INLINE_SMALL_BODY = 48 }; /* nodes: copied at every call site */

/* Whether fn's whole body can be compiled in place of a call: not
 * recursive, and small or called from one place only (then the copy costs
 * no code). */
static bool statements_inlinable(const Compiler *c, const Symbol *fn) {
  const Node *body = fn->decl ? fn->decl->b : NULL;
  if (!body || fn->param_count > INLINE_MAX_PARAMS || fn->index < 0) return false;
  if (fn == c->fn || c->inline_depth >= INLINE_MAX_DEPTH) return false;
  for (const InlineFrame *f = c->inlined; f; f = f->outer)
    if (f->fn == fn) return false; /* recursion */
  return c->call_sites[fn->index] == 1 || node_count(body) <= INLINE_SMALL_BODY;
}

/* The arguments of an inlined call: syntax to evaluate, or (bound, for
 * calls the compiler makes itself) values already in place. */
typedef struct InlineArgs {
  Node **nodes;
  const Binding *bound;
  int count;
} InlineArgs;

/* Binds argument i for a body compiled as statements: as for an expression
 * body, except that a global is always copied (statements may change it)
 * and so is an argument whose parameter the body assigns. */
static Binding bind_for_statements(Compiler *c, InlineFrame *f, InlineArgs args, int i) {
  const Symbol *fn = f->fn;
  if (!assigns_param(fn->decl->b, i)) {
    return args.bound ? args.bound[i] : bind_argument(c, f, args.nodes[i], fn->params[i], true);
  }
  if (args.bound) load_binding(c, args.bound[i]);
  else expr(c, args.nodes[i]);
  int32_t slot = take_slot(c, f, fn->params[i]);
  op1(c, BC_STORE_LOCAL, slot);
  return (Binding){BIND_LOCAL, slot};
}

/* The body of fn compiled in place of a call: the callee's other locals
 * get free slots of the caller; `return` leaves its value on the stack and
 * jumps to the end — the stack is level between statements, so every path
 * arrives with the same depth. */
static bool inline_statements(Compiler *c, Symbol *fn, InlineArgs args, const Node *site) {
  if (!statements_inlinable(c, fn)) return false;
  Node *body = fn->decl->b;
  InlineFrame frame = {.fn = fn, .statements = true, .outer = c->inlined};
  int locals = c->own_locals[fn->index];
  if (!grow_bytes(&frame.slots, sizeof *frame.slots * ((size_t)locals + 1))) { /* before any code: a plain call */
    c->p->out_of_memory = true;
    return false;
  }
  memset(frame.slots, 0, sizeof *frame.slots * ((size_t)locals + 1));
  for (int i = 0; i < args.count; i++) frame.args[i] = bind_for_statements(c, &frame, args, i);
  for (int i = fn->param_count; i < locals; i++) frame.slots[i] = take_slot(c, &frame, fn->local_types[i]);
  c->inlined = &frame;
  c->inline_depth++;
  for (int i = 0; i < body->list.count; i++) {
    Node *st = body->list.items[i];
    if (i == body->list.count - 1 && st->kind == N_RETURN) {
      at(c, st); /* the last return falls through to the end */
      if (st->a) expr(c, st->a);
    } else {
      stmt(c, st);
    }
  }
  for (int i = 0; i < frame.return_count; i++) patch_here(c, frame.returns[i]);
  free(frame.returns);
  c->inline_depth--;
  c->inlined = frame.outer;
  at(c, site); /* back to the caller's file and line */
  free(frame.slots);
  release_slots(c, &frame);
  return true;
}

/* Compiles a call of fn in place when that pays (see above); false when
 * it must stay a CALL. */
static bool inline_fn(Compiler *c, Symbol *fn, InlineArgs args, const Node *site) {
  if (c->no_inline) return false;
  Node *body = inline_body(c, fn);
  if (!body) return inline_statements(c, fn, args, site);
  InlineFrame frame = {.fn = fn, .outer = c->inlined};
  bool globals_may_change = walk_any(body, calls_script);
  for (int i = 0; i < args.count; i++)
    frame.args[i] = args.bound ? args.bound[i]
                               : bind_argument(c, &frame, args.nodes[i], fn->params[i], globals_may_change);
  c->inlined = &frame;
  c->inline_depth++;
  expr(c, body);
  c->inline_depth--;
  c->inlined = frame.outer;
  at(c, site); /* back to the caller's file and line */
  release_slots(c, &frame);
  return true;
}

static bool inline_call(Compiler *c, Node *n) {
  return inline_fn(c, n->sym, (InlineArgs){n->list.items, NULL, n->list.count}, n);
}

/* sort_by(l, f): the script computes the keys itself — a loop over l
 * pushing f(x), f compiled in place when it can be — and the native
 * sort_by_keys sorts by them: no callback into the interpreter per
 * element. The same keys in the same order, so the same stable result. */
static void sort_by(Compiler *c, Node *n) {
  Node *list = n->list.items[0];
  Symbol *f = n->list.items[1]->sym;
  InlineFrame scratch = {.fn = c->fn}; /* owns the loop's slots */
  expr(c, list);
  int32_t l = take_slot(c, &scratch, list->type), keys = take_slot(c, &scratch, type_list(f->type));
  int32_t pos = take_slot(c, &scratch, type_of(TY_INT)), x = take_slot(c, &scratch, list->type->elem);
  op1(c, BC_STORE_LOCAL, l);
  op2(c, BC_LIST, 0, is_ref(f->type));
  op1(c, BC_STORE_LOCAL, keys);
  op1(c, BC_LOAD_LOCAL, l);
  begin_op(c, BC_LIST_START), emit(c, l), emit(c, pos), emit(c, x);
  int exit = emit(c, -1), body = label_here(c);
  Binding element = {BIND_LOCAL, x};
  if (!inline_fn(c, f, (InlineArgs){NULL, &element, 1}, n)) {
    op1(c, BC_LOAD_LOCAL, x);
    op2(c, BC_CALL, f->index, 1);
  }
  op1(c, BC_LIST_PUSH, keys);
  begin_op(c, BC_FOR_LIST_NEXT), emit(c, l), emit(c, pos), emit(c, x), emit(c, body);
  patch_here(c, exit);
  op1(c, BC_LOAD_LOCAL, l);
  op1(c, BC_LOAD_LOCAL, keys);
  op2(c, BC_NATIVE, NATIVE_sort_by_keys, 2);
  release_slots(c, &scratch);
}

/* ---- assignment targets ---- */

/* Pushes what a store into `target` needs below the value. */
static void store_begin(Compiler *c, Node *target) {
  if (target->kind != N_INDEX) return;
  if (target->aux == AUX_SEAT_GLOBAL) {
    expr(c, target->b);
    return;
  }
  store_begin(c, target->a);
  expr(c, target->a);
  expr(c, target->b);
}

static void store_end(Compiler *c, Node *target) {
  if (target->kind == N_NAME) {
    Symbol *s = target->sym;
    if (s->kind == SYM_LOCAL) op1(c, BC_STORE_LOCAL, local_slot(c, s->index));
    else op1(c, BC_STORE_GLOBAL, s->index);
  } else if (target->aux == AUX_SEAT_GLOBAL) {
    op1(c, BC_STORE_SEAT_GLOBAL, target->a->sym->index);
  } else {
    op0(c, BC_SET_INDEX);
    store_end(c, target->a);
  }
}

static void assign(Compiler *c, Node *n) {
  store_begin(c, n->a);
  if (n->op != OP_ASSIGN) expr(c, n->a);
  int32_t k;
  bool ints = n->a->type && n->a->type->kind == TY_INT;
  if (ints && (n->op == OP_ADD || n->op == OP_SUB) && small_literal(n->b, &k) && k != INT32_MIN) {
    at(c, n); /* n += 1 */
    op1(c, BC_ADD_INT, n->op == OP_ADD ? k : -k);
    store_end(c, n->a);
    return;
  }
  expr(c, n->b);
  at(c, n);
  if (n->op == OP_ADD && n->a->type && n->a->type->kind == TY_LIST) op0(c, BC_CONCAT);
  else if (n->op != OP_ASSIGN) op0(c, binary_opcode(n->op));
  store_end(c, n->a);
}

/* ---- statements ---- */

static void block(Compiler *c, Node *b);

static void loop_begin(Compiler *c, Loop *l, int continue_target) {
  memset(l, 0, sizeof *l);
  l->continue_target = continue_target;
  l->outer = c->loop;
  c->loop = l;
}

static void loop_end(Compiler *c, Loop *l) {
  for (int i = 0; i < l->break_count; i++) patch_here(c, l->breaks[i]);
  free(l->breaks);
  free(l->continues);
  c->loop = l->outer;
}

/* A forward jump out of the body, its operand kept in *list. */
static void add_jump(Compiler *c, int **list, int *count, int *cap) {
  int at = jump(c, BC_JUMP);
  if (!grow_array(list, cap, *count + 1, 4, sizeof **list)) c->p->out_of_memory = true;
  else (*list)[(*count)++] = at;
}

static void add_break(Compiler *c) {
  Loop *l = c->loop;
  add_jump(c, &l->breaks, &l->break_count, &l->break_cap);
}

static void add_continue(Compiler *c) {
  Loop *l = c->loop;
  if (l->continue_target >= 0) op1(c, BC_JUMP, l->continue_target);
  else add_jump(c, &l->continues, &l->continue_count, &l->continue_cap);
}

/* Coverage: the statement at the current line is a point of its own. */
static void cover_here(Compiler *c) {
  Program *p = c->p;
  if (p->cover_count == p->cover_cap) {
    int cap = p->cover_cap ? p->cover_cap * 2 : 256;
    if (!grow_bytes(&p->cover_lines, sizeof *p->cover_lines * (size_t)cap) ||
        !grow_bytes(&p->cover_files, sizeof *p->cover_files * (size_t)cap) ||
        !grow_bytes(&p->covered, sizeof *p->covered * (size_t)cap)) {
      p->out_of_memory = true;
      return;
    }
    p->cover_cap = cap;
  }
  p->cover_lines[p->cover_count] = c->line;
  p->cover_files[p->cover_count] = (int16_t)c->file;
  p->covered[p->cover_count] = 0;
  op1(c, BC_COVER, p->cover_count++);
}

static void stmt(Compiler *c, Node *n) {
  at(c, n);
  if (c->coverage) cover_here(c);
  switch (n->kind) {
  case N_LET:
    expr(c, n->b);
    op1(c, BC_STORE_LOCAL, local_slot(c, n->slot));
    break;
  case N_ASSIGN: assign(c, n); break;
  case N_IF: {
    Patches otherwise = {.count = 0};
    cond_jump(c, n->a, false, &otherwise);
    block(c, n->b);
    if (n->c) {
      int end = jump(c, BC_JUMP);
      patch_all(c, &otherwise);
      if (n->c->kind == N_IF) stmt(c, n->c);
      else block(c, n->c);
      patch_here(c, end);
    } else {
      patch_all(c, &otherwise);
    }
    break;
  }
  case N_WHILE: {
    Loop l;
    int top = label_here(c);
    loop_begin(c, &l, top);
    c->loops_open++;
    Patches exit = {.count = 0};
    cond_jump(c, n->a, false, &exit);
    block(c, n->b);
    c->loops_open--;
    op1(c, BC_JUMP, top);
    patch_all(c, &exit);
    loop_end(c, &l);
    break;
  }
  case N_FOR: {
    int32_t hidden[2] = {local_slot(c, n->aux), local_slot(c, n->aux + 1)};
    LoopHead h = loop_open(c, n->a, hidden, local_slot(c, n->slot));
    Loop l;
    loop_begin(c, &l, -1);
    block(c, n->b);
    for (int i = 0; i < l.continue_count; i++) patch_here(c, l.continues[i]); /* to the step */
    loop_close(c, h);
    loop_end(c, &l);
    break;
  }
  case N_BREAK: add_break(c); break;
  case N_CONTINUE: add_continue(c); break;
  case N_RETURN:
    if (n->a) expr(c, n->a);
    if (c->inlined && c->inlined->statements) { /* the value (if any) stays on the stack */
      InlineFrame *f = c->inlined;
      add_jump(c, &f->returns, &f->return_count, &f->return_cap);
    } else {
      op0(c, n->a ? BC_RETURN : BC_RETURN_VOID);
    }
    break;
  case N_FAIL: op1(c, BC_FAIL, add_string(c->p, n->a->str ? n->a->str : "fail")); break;
  case N_EXPR_STMT:
    expr(c, n->a);
    if (n->a->type && n->a->type->kind != TY_VOID && n->a->type->kind != TY_ERROR) op0(c, BC_POP);
    break;
  default: break;
  }
}

static void block(Compiler *c, Node *b) {
  for (int i = 0; i < b->list.count; i++) stmt(c, b->list.items[i]);
}

/* ---- functions ---- */

static void finish_fn(Compiler *c, FnInfo *f, const Symbol *s) {
  f->name = copy_text(s->name);
  f->locals = (int16_t)s->local_count;
  f->ref_map = c->p->ref_map_len;
  if (!f->name || !grow_bytes(&c->p->ref_maps, (size_t)(c->p->ref_map_len + s->local_count + 1))) {
    c->p->out_of_memory = true;
    return;
  }
  /* 1: a list; 2: a list of lists (starts as the empty list of lists). */
  for (int i = 0; i < s->local_count; i++) {
    const Type *t = s->local_types[i];
    uint8_t kind = !type_is_ref(t) ? 0 : type_is_ref(t->elem) ? 2 : 1;
    c->p->ref_maps[c->p->ref_map_len++] = kind;
    if (kind == 2 && i >= s->param_count) f->lists_of_lists = true;
  }
}

/* The code of a function's body, its entry included (main: the set-up
 * too), for compile_body to emit once or twice. */
typedef void (*BodyEmitter)(Compiler *c, const void *what);

static void fn_body(Compiler *c, const void *what) {
  const Node *decl = ((const Symbol *)what)->decl;
  c->line = decl->line;
  c->file = decl->file;
  block(c, decl->b);
  /* Falling off the end: the checker guarantees value functions return. */
  op0(c, BC_RETURN_VOID);
}

static void init_global(Compiler *c, Symbol *g) {
  Node *init = g->global_kind == GLOBAL_VAR ? g->decl->b : g->decl->a;
  if (!init) return;
  c->line = g->decl->line;
  c->file = g->decl->file;
  int copies = g->per_seat ? c->p->seat_width : 1;
  for (int s = 0; s < copies; s++) {
    expr(c, init);
    op1(c, BC_STORE_GLOBAL, g->index + s);
  }
}

static void main_body(Compiler *c, const void *what) {
  const Checked *k = what;
  c->line = k->main->decl ? k->main->decl->line : 1; /* not the previous function's last line */
  c->file = k->main->decl ? k->main->decl->file : 0;
  for (int pass = GLOBAL_PARAM; pass <= GLOBAL_VAR; pass++) {
    if (pass == GLOBAL_VAR) op0(c, BC_SETUP_BOARDS);
    for (int i = 0; i < k->global_count; i++)
      if (k->globals[i]->global_kind == pass) init_global(c, k->globals[i]);
  }
  op0(c, BC_SET_UP);
  note_dead_slots(c);
  if (k->main->decl && k->main->decl->b) {
    c->line = k->main->decl->line;
    block(c, k->main->decl->b);
  }
  op0(c, BC_HALT);
}

/* Emits s's body. A function that decides is compiled twice: the first
 * copy, thrown away, tells how many slots its inlined bodies take in all,
 * which the dead slots at its decisions must include (a loop's later bodies take
 * slots that are dead at its earlier decisions). Compiling is
 * deterministic, so the second copy takes the same slots. */
static void compile_body(Compiler *c, Symbol *s, BodyEmitter emit_body, const void *what) {
  c->fn = s;
  c->first_temp = s->local_count;
  c->frame_size = -1;
  c->last_op = -1; /* the entry is a jump target too */
  if (s->yields) {
    int code_len = c->p->code_len, constants = c->p->constant_count;
    int dead_len = c->p->dead_len, dead_count = c->p->dead_count;
    emit_body(c, what);
    c->frame_size = s->local_count;
    c->p->code_len = code_len, c->p->constant_count = constants;
    c->p->dead_len = dead_len, c->p->dead_count = dead_count;
    s->local_count = c->first_temp;
    c->last_op = -1;
  }
  emit_body(c, what);
}

static void compile_fn(Compiler *c, Symbol *s, FnInfo *f) {
  f->entry = c->p->code_len;
  f->params = (int16_t)s->param_count;
  f->returns_value = s->type->kind != TY_VOID;
  f->file = s->decl->file;
  f->decides = s->yields;
  compile_body(c, s, fn_body, s);
  finish_fn(c, f, s);
}

static void compile_main(Compiler *c, const Checked *k, FnInfo *f) {
  f->entry = c->p->code_len;
  f->file = k->main->decl ? k->main->decl->file : 0;
  f->decides = true; /* SET_UP stops it */
  compile_body(c, k->main, main_body, k);
  finish_fn(c, f, k->main);
}

/* A zeroed block of `count` elements of `size` bytes the program owns; NULL,
 * and the program marked out of memory, when it cannot be made. */
static void *program_zeroed(Program *p, size_t count, size_t size) {
  void *block = NULL;
  if (!grow_bytes(&block, count * size)) {
    p->out_of_memory = true;
    return NULL;
  }
  return memset(block, 0, count * size);
}

char *program_copy_text(Program *p, const char *text) {
  size_t bytes = strlen(text) + 1;
  char *copy = program_zeroed(p, bytes, 1);
  return copy ? memcpy(copy, text, bytes) : NULL;
}

/* The game the main file (file 0) extends, or NULL: what `tessera list`
 * needs to show an extension's variants with the game it extends. */
static const char *extended_game(const Ast *ast) {
  for (int i = 0; i < ast->decls.count; i++) {
    const Node *n = ast->decls.items[i];
    if (n->kind == N_EXTENDS && n->file == 0) return n->name;
  }
  return NULL;
}

/* What a `display` declaration (checked) says about the variable. */
static void describe_display(Program *p, GlobalInfo *g, const Node *display) {
  if (!display) return;
  const char *way = display->a ? display->a->name : "";
  g->display = strcmp(way, "seats") == 0   ? DISPLAY_SEATS
               : strcmp(way, "count") == 0 ? DISPLAY_COUNT
               : strcmp(way, "none") == 0  ? DISPLAY_NONE
                                           : DISPLAY_PLAIN;
  g->label = display->str ? program_copy_text(p, display->str) : NULL;
}

static void describe_globals(Program *p, const Checked *k) {
  p->global_slots = k->global_slots;
  p->globals = program_zeroed(p, (size_t)k->global_count + 1, sizeof *p->globals);
  if (!p->globals) return;
  p->global_count = k->global_count;
  for (int i = 0; i < k->global_count; i++) {
    Symbol *s = k->globals[i];
    GlobalInfo *g = &p->globals[i];
    g->name = program_copy_text(p, s->name);
    if (s->type) type_code(s->type, g->type, sizeof g->type);
    g->slot = s->index;
    g->per_seat = s->per_seat;
    g->visibility = (uint8_t)s->decl->visibility;
    g->is_ref = s->type && type_is_ref(s->type);
    g->kind = (uint8_t)s->global_kind;
    describe_display(p, g, s->global_kind == GLOBAL_VAR ? s->decl->c : NULL);
  }
}

static void describe_boards(Program *p, const Checked *k) {
  p->board_numbers = k->board_numbers;
  p->boards = program_zeroed(p, (size_t)k->board_count + 1, sizeof *p->boards);
  if (!p->boards) return;
  p->board_decl_count = k->board_count;
  for (int i = 0; i < k->board_count; i++) {
    Node *d = k->boards[i]->decl;
    BoardInfo *b = &p->boards[i];
    b->name = program_copy_text(p, d->name);
    b->per_seat = d->per_player;
    b->count_slot = d->list.count ? d->list.items[0]->sym->index : -1;
    b->first = k->boards[i]->index;
    b->spec.grid = (uint8_t)d->ival;
    b->spec.bound = (uint8_t)d->bound;
    b->spec.levels = (uint8_t)d->levels;
    b->spec.w = (int16_t)d->w;
    b->spec.h = (int16_t)d->h;
    b->spec.shape = d->side ? BOARD_SHAPE_HEXAGON : BOARD_SHAPE_RECTANGLE;
    b->spec.capacity = d->bound == BOUND_NONE ? 0 : d->w * d->h * d->levels;
  }
}

/* The names a variant lists in its `kind` declarations (N_REQUIRES with
 * ival 0: requires, 1: includes; N_EXCLUDES), comma-separated. */
static char *variant_names(Program *p, const Node *v, NodeKind kind, int64_t includes) {
  size_t cap = 1, len = 0;
  for (int i = 0; i < v->list.count; i++)
    if (v->list.items[i]->kind == kind && v->list.items[i]->ival == includes)
      for (int j = 0; j < v->list.items[i]->list.count; j++) cap += strlen(v->list.items[i]->list.items[j]->name) + 1;
  char *out = program_zeroed(p, cap, 1);
  if (!out) return NULL;
  for (int i = 0; i < v->list.count; i++) {
    if (v->list.items[i]->kind != kind || v->list.items[i]->ival != includes) continue;
    for (int j = 0; j < v->list.items[i]->list.count; j++) {
      const char *name = v->list.items[i]->list.items[j]->name;
      len += (size_t)sprintf(out + len, "%s%s", len ? "," : "", name);
    }
  }
  return out;
}

static void count_calls_in(Compiler *c, const Node *n) {
  if (!n) return;
  if (n->kind == N_CALL && !(n->aux & AUX_NATIVE_CALL) && n->sym && n->sym->kind == SYM_FN)
    c->call_sites[n->sym->index]++;
  count_calls_in(c, n->a);
  count_calls_in(c, n->b);
  count_calls_in(c, n->c);
  for (int i = 0; i < n->list.count; i++) count_calls_in(c, n->list.items[i]);
}

/* What inlining decides by: each function's own locals (before temporaries
 * are added) and how many calls of it the program makes. */
static void count_calls(Compiler *c, const Checked *k) {
  c->own_locals = program_zeroed(c->p, (size_t)k->fn_count + 1, sizeof *c->own_locals);
  c->call_sites = program_zeroed(c->p, (size_t)k->fn_count + 1, sizeof *c->call_sites);
  if (!c->own_locals || !c->call_sites) return;
  for (int i = 0; i < k->fn_count; i++) {
    c->own_locals[i] = k->fns[i]->local_count;
    if (k->fns[i]->decl) count_calls_in(c, k->fns[i]->decl->b);
  }
  if (k->main->decl) count_calls_in(c, k->main->decl->b);
  for (int i = 0; i < k->global_count; i++) {
    const Node *d = k->globals[i]->decl;
    if (d) count_calls_in(c, k->globals[i]->global_kind == GLOBAL_VAR ? d->b : d->a);
  }
}

Program *compile_program(const Ast *ast, const Checked *k, CompileFlags flags) {
  Program *p = NULL;
  if (!grow_bytes(&p, sizeof *p)) return NULL;
  memset(p, 0, sizeof *p);
  Compiler c = {.p = p, .line = 1, .no_inline = flags.no_inline, .no_fuse = flags.no_fuse, .coverage = flags.coverage};
  p->name = program_copy_text(p, k->name);
  p->fns = program_zeroed(p, (size_t)k->fn_count + 1, sizeof *p->fns);
  if (!p->name || !p->fns || !grow_code(p)) {
    program_free(p);
    return NULL;
  }
  p->min_players = k->min_players;
  p->max_players = k->max_players;
  p->ghosts = k->ghosts;
  p->seat_width = k->seat_width; /* initialisers of per-seat globals fill this many slots */
  p->module = k->module;
  p->fn_count = k->fn_count + 1;
  count_calls(&c, k);
  if (p->out_of_memory) {
    free(c.own_locals);
    free(c.call_sites);
    program_free(p);
    return NULL;
  }
  for (int i = 0; i < k->fn_count; i++) compile_fn(&c, k->fns[i], &p->fns[i]);
  p->main_fn = k->fn_count;
  compile_main(&c, k, &p->fns[p->main_fn]);
  free(c.own_locals);
  free(c.call_sites);
  free(c.slot_free);
  describe_globals(p, k);
  describe_boards(p, k);
  if (k->rank) {
    for (int i = 0; i < k->rank->list.count && i < TS_MAX_RANK_KEYS; i++) {
      Node *key = k->rank->list.items[i];
      p->keys[p->key_count++] = (RankKey){key->sym->index, key->ival != 0};
    }
  }
  p->files = program_zeroed(p, (size_t)ast->file_count + 1, sizeof *p->files);
  if (p->files) p->file_count = ast->file_count;
  for (int i = 0; i < p->file_count; i++) p->files[i] = program_copy_text(p, ast->files[i].path);
  const char *base = extended_game(ast);
  if (base) p->extends = program_copy_text(p, base);
  p->variants = program_zeroed(p, (size_t)k->variant_count + 1, sizeof *p->variants);
  if (p->variants) p->variant_count = k->variant_count;
  for (int i = 0; i < p->variant_count; i++) {
    p->variants[i].name = program_copy_text(p, k->variants[i]->name);
    p->variants[i].doc = program_copy_text(p, k->variants[i]->str ? k->variants[i]->str : "");
    p->variants[i].requires = variant_names(p, k->variants[i], N_REQUIRES, 0);
    p->variants[i].includes = variant_names(p, k->variants[i], N_REQUIRES, 1);
    p->variants[i].excludes = variant_names(p, k->variants[i], N_EXCLUDES, 0);
  }
  return p;
}
