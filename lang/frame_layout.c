/* frame_layout.c — each function's frame worked out from its bytecode, as
 * Lua's maxstacksize and Wren's numSlots: the deepest the operand stack
 * gets above the locals, by following every path through the code with the
 * stack effects of runtime/opcodes.h. The VM then checks for room once per
 * call (vm.c), so no instruction can write past the stack.
 *
 * The same walk checks what the VM and the collector take on trust: every
 * path reaches an instruction with the same depth, nothing pops below the
 * locals, jumps land on instructions of the same function, and where a
 * frame can stop (a decision, a call of a function that decides, the end of
 * the set-up) nothing but the instruction's own operands is on the operand
 * stack — the collector's roots are the globals, each frame's list slots
 * (Program.ref_maps) and the options, never the operand stack. It also
 * checks the slot maps the compiler emitted: every ref map covers its
 * function's locals, every dead-slot record names slots of the function
 * it stops in. Cheap (one visit per instruction), so it runs on every
 * compile. */
#include "frame_layout.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "opcodes.h"
#include "vm.h"

static const char *const op_names[BC__COUNT] = {
#define TS_OP_NAME(name, ops, effect, meaning) #name,
  TS_OPCODES(TS_OP_NAME)
#undef TS_OP_NAME
};

static const signed char op_effects[BC__COUNT] = {
#define TS_OP_EFFECT(name, ops, effect, meaning) effect,
  TS_OPCODES(TS_OP_EFFECT)
#undef TS_OP_EFFECT
};

static const char *const op_meanings[BC__COUNT] = {
#define TS_OP_MEANING(name, ops, effect, meaning) meaning,
  TS_OPCODES(TS_OP_MEANING)
#undef TS_OP_MEANING
};

/* Which operand of op is a jump target (0 = A ... 3 = D), or -1: read from
 * the meaning column, where every jump says "pc := X" — so an instruction
 * added to the list with its meaning written that way is followed here
 * without another table. */
static int jump_operand(int op) {
  const char *at = strstr(op_meanings[op], "pc := ");
  if (!at) return -1;
  char operand = at[6];
  return operand >= 'A' && operand <= 'D' ? operand - 'A' : -1;
}

/* Whether control never falls through to the next instruction. */
static bool ends_path(int op) {
  return op == BC_JUMP || op == BC_RETURN || op == BC_RETURN_VOID || op == BC_HALT || op == BC_FAIL;
}

typedef struct Walk {
  Program *p;
  Diags *d;
  int fn, start, end;  /* the function and its code [start, end) */
  int32_t *depth;      /* per code word: operand depth before it, -1 unseen */
  uint64_t *lists;     /* per code word: operand slots that may hold a list (slot 63: 63 and up) */
  bool *is_op;         /* per code word: an instruction starts here */
  bool *queued;
  bool *global_lists;  /* per global slot: a list */
  int *work;
  int work_count;
  int max;
  bool ok;
} Walk;

static void __attribute__((format(printf, 3, 4))) fail(Walk *w, int pc, const char *fmt, ...) {
  if (!w->ok) return; /* one message per function */
  w->ok = false;
  const Program *p = w->p;
  char message[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  int line = pc >= 0 && pc < p->code_len ? p->lines[pc] : 0;
  int file = pc >= 0 && pc < p->code_len ? p->line_files[pc] : p->fns[w->fn].file;
  diag_add(w->d, DIAG_ERROR, file, line, 1, "internal compiler error in '%s': %s", p->fns[w->fn].name, message);
}

/* The change in depth of the instruction at pc, when it falls through. */
static bool stack_effect(Walk *w, int pc, int *effect) {
  const Program *p = w->p;
  int op = p->code[pc];
  int a = pc + 1 < p->code_len ? p->code[pc + 1] : 0, b = pc + 2 < p->code_len ? p->code[pc + 2] : 0;
  if (op_effects[op] != VAR) {
    *effect = op_effects[op];
    if (op == BC_AND_ELSE || op == BC_OR_ELSE) *effect = -1; /* only the jump keeps the top */
    return true;
  }
  if (op == BC_CALL && a >= 0 && a < p->fn_count) {
    *effect = -b + (p->fns[a].returns_value ? 1 : 0);
    return true;
  }
  if (op == BC_NATIVE && a >= 0 && a < NATIVE__COUNT) {
    *effect = -b + (ts_natives[a].result[0] != 'v' ? 1 : 0);
    return true;
  }
  int c = pc + 3 < p->code_len ? p->code[pc + 3] : 0;
  if (op == BC_LOAD_LOCAL_NATIVE && b >= 0 && b < NATIVE__COUNT) { /* its local is the last argument */
    *effect = 1 - c + (ts_natives[b].result[0] != 'v' ? 1 : 0);
    return true;
  }
  if (op == BC_LIST) {
    *effect = 1 - a;
    return true;
  }
  fail(w, pc, "%s: no stack effect known for operands %d, %d", op_names[op], a, b);
  return false;
}

/* How many values the instruction at pc takes from the stack that a
 * resume point may hold, or -1 when the frame cannot stop there. */
static int resume_operands(const Program *p, int pc) {
  int op = p->code[pc];
  if (strncmp(op_names[op], "CHOOSE", 6) == 0) return 2; /* every kind of decision: seat, options */
  if (op == BC_SET_UP) return 0;
  if (op == BC_CALL) {
    int callee = p->code[pc + 1];
    if (callee >= 0 && callee < p->fn_count && p->fns[callee].decides) return p->code[pc + 2];
  }
  return -1;
}

static uint64_t slot_bit(int slot) { return (uint64_t)1 << (slot < 63 ? slot : 63); }
static uint64_t below(int depth) { return depth >= 64 ? ~(uint64_t)0 : (slot_bit(depth) - 1); }

static bool local_is_list(const Walk *w, int slot) {
  const FnInfo *f = &w->p->fns[w->fn];
  return slot >= 0 && slot < f->locals && w->p->ref_maps[f->ref_map + slot] != 0;
}

static bool global_is_list(const Walk *w, int slot) {
  return slot >= 0 && slot < w->p->global_slots && w->global_lists[slot];
}

/* Whether the value the instruction at pc leaves on top may be a list: 1
 * yes, 0 no, -1 it leaves none of its own (the slot keeps what it held). A
 * value of unknown kind counts as a list. */
static int result_is_list(const Walk *w, int pc) {
  const Program *p = w->p;
  int op = p->code[pc], a = p->code[pc + 1 < p->code_len ? pc + 1 : pc];
  int b = p->code[pc + 2 < p->code_len ? pc + 2 : pc];
  switch (op) {
  case BC_LOAD_LOCAL: return local_is_list(w, a);
  case BC_LOAD_LOCAL2: case BC_STORE_LOAD_LOCAL: return local_is_list(w, b);
  case BC_LOAD_GLOBAL: case BC_LOAD_SEAT_GLOBAL: return global_is_list(w, a);
  case BC_NATIVE: return a >= 0 && a < NATIVE__COUNT ? ts_natives[a].result[0] == 'v' ? -1 : ts_natives[a].result[0] == '[' : 1;
  case BC_LOAD_LOCAL_NATIVE: return b >= 0 && b < NATIVE__COUNT ? ts_natives[b].result[0] == 'v' ? -1 : ts_natives[b].result[0] == '[' : 1;
  case BC_CALL: return a >= 0 && a < p->fn_count && !p->fns[a].returns_value ? -1 : 1;
  case BC_INDEX: case BC_INDEX_INT: case BC_INDEX_LOCAL: case BC_INDEX_GLOBAL: return 1; /* the element's kind */
  case BC_LIST: case BC_CONCAT: case BC_RANGE: case BC_SET_INDEX: return 1;
  default: return strstr(op_meanings[op], "push") ? 0 : -1;
  }
}

/* The list slots after the instruction at pc (depth before it, after it). */
static uint64_t lists_after(const Walk *w, int pc, int depth, int after) {
  uint64_t lists = w->lists[pc] & below(after);
  int kind = result_is_list(w, pc);
  if (after < 1) return lists;
  if (kind < 0) return after > depth ? lists | (below(after) & ~below(depth)) : lists; /* unknown new values */
  if (kind == 0) lists &= ~slot_bit(after - 1);
  else lists |= slot_bit(after - 1);
  if (w->p->code[pc] == BC_LOAD_LOCAL2) {
    int first = w->p->code[pc + 1];
    lists = (lists & ~slot_bit(after - 2)) | (local_is_list(w, first) ? slot_bit(after - 2) : 0);
  }
  return lists;
}

static void arrive(Walk *w, int from, int pc, int depth, uint64_t lists) {
  if (pc < w->start || pc >= w->end || !w->is_op[pc]) {
    fail(w, from, "%s jumps to word %d, not an instruction of this function", op_names[w->p->code[from]], pc);
    return;
  }
  if (w->depth[pc] >= 0 && w->depth[pc] != depth) {
    fail(w, pc, "%s is reached with %d and with %d values on the stack", op_names[w->p->code[pc]], w->depth[pc], depth);
    return;
  }
  if (w->depth[pc] == depth && (w->lists[pc] | lists) == w->lists[pc]) return;
  w->depth[pc] = depth;
  w->lists[pc] |= lists;
  if (!w->queued[pc]) {
    w->queued[pc] = true;
    w->work[w->work_count++] = pc;
  }
}

static void step(Walk *w, int pc) {
  const Program *p = w->p;
  int op = p->code[pc], depth = w->depth[pc], next = pc + 1 + opcode_operands(op);
  int effect;
  if (!stack_effect(w, pc, &effect)) return;
  int pops = resume_operands(p, pc);
  if (pops >= 0 && depth >= pops && (w->lists[pc] & below(depth - pops)))
    fail(w, pc, "%s can stop the frame with a list on the operand stack, where the collector does not look", op_names[op]);
  if (op == BC_RETURN && depth != 1) fail(w, pc, "%s with %d values on the stack", op_names[op], depth);
  int after = depth + effect;
  int var_pops = op == BC_LIST ? p->code[pc + 1] : op == BC_CALL || op == BC_NATIVE ? p->code[pc + 2]
                 : op == BC_LOAD_LOCAL_NATIVE ? p->code[pc + 3] - 1 : 0;
  if (after < 0 || (op_effects[op] == VAR && depth < var_pops)) {
    fail(w, pc, "%s pops below the locals (depth %d, effect %d)", op_names[op], depth, effect);
    return;
  }
  if (after > w->max) w->max = after;
  uint64_t lists = lists_after(w, pc, depth, after);
  int j = jump_operand(op);
  if (j >= 0) {
    bool keeps_top = op == BC_AND_ELSE || op == BC_OR_ELSE;
    arrive(w, pc, p->code[pc + 1 + j], keeps_top ? depth : after, keeps_top ? w->lists[pc] : lists);
  }
  if (!ends_path(op)) arrive(w, pc, next, after, lists);
}

/* Marks the instruction starts of [start, end); false when an instruction
 * is unknown or runs past the end. */
static bool mark_instructions(Walk *w) {
  const Program *p = w->p;
  for (int pc = w->start; pc < w->end; pc += 1 + opcode_operands(p->code[pc])) {
    int op = p->code[pc];
    if (op < 0 || op >= BC__COUNT || pc + opcode_operands(op) >= w->end) {
      fail(w, pc, "%s at word %d is cut short or unknown", op >= 0 && op < BC__COUNT ? op_names[op] : "?", pc);
      return false;
    }
    w->is_op[pc] = true;
  }
  return true;
}

/* Functions in code order (by entry), so that each one's end and the
 * function holding a pc take a look-up, not a scan. */
typedef struct Entry {
  int entry, fn;
} Entry;

static int by_entry(const void *x, const void *y) {
  const Entry *a = x, *b = y;
  return a->entry != b->entry ? (a->entry > b->entry) - (a->entry < b->entry) : a->fn - b->fn;
}

/* `count` zeroed elements of `size` bytes, made through grow_bytes as
 * every allocation of the compiler; NULL when out of memory. */
static void *zeroed(size_t count, size_t size) {
  void *block = NULL;
  return grow_bytes(&block, count * size) ? memset(block, 0, count * size) : NULL;
}

static int *code_order(const Program *p) {
  Entry *entries = zeroed((size_t)p->fn_count + 1, sizeof *entries);
  int *order = zeroed((size_t)p->fn_count + 1, sizeof *order);
  if (entries && order) {
    for (int i = 0; i < p->fn_count; i++) entries[i] = (Entry){p->fns[i].entry, i};
    qsort(entries, (size_t)p->fn_count, sizeof *entries, by_entry);
    for (int i = 0; i < p->fn_count; i++) order[i] = entries[i].fn;
  } else {
    free(order);
    order = NULL;
  }
  free(entries);
  return order;
}

/* The end of the code of the function at position k of the code order. */
static int code_end(const Program *p, const int *order, int k) {
  for (int next = k + 1; next < p->fn_count; next++)
    if (p->fns[order[next]].entry > p->fns[order[k]].entry) return p->fns[order[next]].entry;
  return p->code_len;
}

static void layout_fn(Walk *w, const int *order, int k) {
  Program *p = w->p;
  int fn = order[k];
  FnInfo *f = &p->fns[fn];
  w->fn = fn;
  w->start = f->entry;
  w->end = code_end(p, order, k);
  w->max = 0;
  w->work_count = 0;
  w->ok = true;
  if (w->start >= w->end) {
    fail(w, w->start, "the function has no code");
    return;
  }
  if (!mark_instructions(w)) return;
  w->depth[w->start] = 0;
  w->queued[w->start] = true;
  w->work[w->work_count++] = w->start;
  while (w->work_count > 0 && w->ok) {
    int pc = w->work[--w->work_count];
    w->queued[pc] = false;
    step(w, pc);
  }
  f->max_stack = w->max;
  f->frame_words = f->locals + w->max;
  if (w->ok && f->frame_words > TS_MAX_FRAME_WORDS) {
    int line = p->lines[f->entry], file = p->line_files[f->entry];
    diag_add(w->d, DIAG_ERROR, file, line, 1,
             "'%s' needs a frame of %d words (%d locals, %d on the operand stack), more than %d: "
             "split it, or build long lists from shorter ones", f->name, f->frame_words, f->locals, w->max,
             TS_MAX_FRAME_WORDS);
    w->ok = false;
  }
}

/* The function whose code holds pc, or -1. */
static int fn_at(const Program *p, const int *order, int pc) {
  int lo = 0, hi = p->fn_count; /* the first function starting after pc */
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (p->fns[order[mid]].entry <= pc) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? order[lo - 1] : -1;
}

static bool check_maps(Walk *w, const int *order) {
  const Program *p = w->p;
  for (int i = 0; i < p->fn_count; i++) {
    const FnInfo *f = &p->fns[i];
    bool fits = f->locals >= f->params && f->ref_map >= 0 && f->ref_map + f->locals <= p->ref_map_len;
    for (int l = 0; fits && l < f->locals; l++) fits = p->ref_maps[f->ref_map + l] <= 2;
    w->fn = i;
    w->ok = true;
    if (!fits) fail(w, f->entry, "the slot map does not fit its %d locals", f->locals);
    if (!w->ok) return false;
  }
  for (int r = 0; r < p->dead_count; r++) {
    const int32_t *record = &p->dead[p->dead_at[r]];
    int pc = record[0], fn = fn_at(p, order, pc);
    if (fn < 0) return false;
    w->fn = fn;
    w->ok = true;
    for (int k = 0; k < record[1]; k++) {
      int first = record[2 + 2 * k], count = record[3 + 2 * k];
      if (first < p->fns[fn].params || count < 1 || first + count > p->fns[fn].locals)
        fail(w, pc, "a dead-slot record names slots %d..%d outside the frame's %d locals", first, first + count - 1, p->fns[fn].locals);
    }
    if (!w->ok) return false;
  }
  return true;
}

bool frame_layout(Program *p, Diags *d) {
  size_t words = (size_t)p->code_len + 1;
  Walk w = {.p = p, .d = d};
  w.depth = zeroed(words, sizeof *w.depth);
  w.lists = zeroed(words, sizeof *w.lists);
  w.is_op = zeroed(words, sizeof *w.is_op);
  w.queued = zeroed(words, sizeof *w.queued);
  w.global_lists = zeroed((size_t)p->global_slots + 1, sizeof *w.global_lists);
  w.work = zeroed(words, sizeof *w.work);
  int *order = code_order(p);
  bool ok = w.depth && w.lists && w.is_op && w.queued && w.global_lists && w.work && order;
  for (int g = 0; ok && g < p->global_count; g++)
    for (int s = 0; s < (p->globals[g].per_seat ? TS_MAX_SEATS : 1); s++)
      if (p->globals[g].slot + s < p->global_slots) w.global_lists[p->globals[g].slot + s] = p->globals[g].is_ref;
  if (!ok) diag_out_of_memory(d);
  for (size_t i = 0; ok && i < words; i++) w.depth[i] = -1;
  for (int k = 0; ok && k < p->fn_count; k++) {
    layout_fn(&w, order, k);
    ok = w.ok;
  }
  ok = ok && check_maps(&w, order);
  free(order);
  free(w.depth);
  free(w.lists);
  free(w.is_op);
  free(w.queued);
  free(w.global_lists);
  free(w.work);
  return ok;
}
