/* vm.c — the bytecode interpreter: a stack machine with computed-goto
 * dispatch generated from the opcode list. It runs a match's program until
 * the next decision (CHOOSE), the end (HALT) or a runtime error, which it
 * reports as `file:line: runtime error: …` using the line table. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "opcodes.h"
#include "grow.h"
#include "vm_internal.h"

#define DEFAULT_STACK 16384
#define DEFAULT_FRAMES 256
#define DEFAULT_HEAP_WORDS (1 << 20) /* 8 MiB of lists per decision */
#define DEFAULT_STEPS 50000000

/* The collector's global roots: list-typed globals, per-seat ones only for
 * the match's seats (STORE_SEAT_GLOBAL never writes the others). */
static void list_ref_slots(Vm *vm) {
  const Program *p = vm->prog;
  int count = 0;
  for (int g = 0; p && g < p->global_count; g++)
    if (p->globals[g].is_ref) count += p->globals[g].per_seat ? vm->seats : 1;
  if (!grow_bytes(&vm->ref_slots, sizeof(int32_t) * (size_t)(count + 1))) return;
  for (int g = 0; p && g < p->global_count; g++) {
    if (!p->globals[g].is_ref) continue;
    for (int s = 0; s < (p->globals[g].per_seat ? vm->seats : 1); s++)
      vm->ref_slots[vm->ref_slot_count++] = p->globals[g].slot + s;
  }
}

_Static_assert(offsetof(struct Vm, heap) == 0, "vm.h reads the heap pointer as the first member");
_Static_assert(HEAP_LEN_MASK == 0x3fffffff && HEAP_REFS_BIT == (int64_t)1 << 60, "vm.h's list accessors");

Vm *vm_new(const Program *prog, int players, int seats) {
  Vm *vm = calloc(1, sizeof *vm);
  if (!vm) return NULL;
  vm->prog = prog;
  vm->players = players;
  vm->seats = seats;
  vm->stack_cap = DEFAULT_STACK;
  vm->frame_cap = DEFAULT_FRAMES;
  vm->heap_cap = DEFAULT_HEAP_WORDS;
  int numbers = prog ? prog->board_numbers : 64;
  /* the stack is not cleared: frames zero their locals */
  if (!grow_bytes(&vm->stack, sizeof(Value) * (size_t)vm->stack_cap) ||
      !grow_bytes(&vm->frames, sizeof(Frame) * (size_t)vm->frame_cap) ||
      !grow_bytes(&vm->heap, sizeof(Value) * (size_t)vm->heap_cap) ||
      !grow_bytes(&vm->board_at, sizeof(int32_t) * (size_t)(numbers + 1)) || (list_ref_slots(vm), !vm->ref_slots)) {
    vm_free(vm); /* out of memory */
    return NULL;
  }
  memset(vm->frames, 0, sizeof(Frame) * (size_t)vm->frame_cap);
  vm_heap_init_empties(vm->heap);
  vm->heap_used = VM_EMPTY_LISTS + 1;
  vm->step_budget = DEFAULT_STEPS;
  for (int i = 0; i <= numbers; i++) vm->board_at[i] = -1;
  return vm;
}

void vm_free(Vm *vm) {
  if (!vm) return;
  free(vm->stack);
  free(vm->frames);
  free(vm->heap);
  free(vm->tiles);
  free(vm->board_at);
  free(vm->ref_slots);
  for (int i = 0; i < vm->test_string_count; i++) free(vm->test_strings[i]);
  free(vm->test_strings);
  free(vm->test_fns);
  free(vm->test_block);
  free(vm);
}

void vm_error(Vm *vm, const char *fmt, ...) {
  if (vm->failed) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(vm->error, sizeof vm->error, fmt, ap);
  va_end(ap);
  vm->failed = true;
}

bool vm_failed(const Vm *vm) { return vm->failed; }
const char *vm_error_message(const Vm *vm) { return vm->failed ? vm->error : NULL; }
int vm_players(const Vm *vm) { return vm->players; }
int vm_seats(const Vm *vm) { return vm->seats; }
const TileDef *vm_tiles(const Vm *vm) { return vm->tiles; }
int vm_tile_count(const Vm *vm) { return vm->tile_count; }

const char *vm_string(const Vm *vm, Value index) {
  if (vm->prog && index >= 0 && index < vm->prog->string_count) return vm->prog->strings[index];
  if (!vm->prog && index >= 0 && index < vm->test_string_count) return vm->test_strings[index];
  return "";
}

/* xoshiro256**: small, fast, and its whole state lives in the block. */
static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t next_random(uint64_t *s) {
  uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint64_t vm_random(Vm *vm, uint64_t n) {
  uint64_t *s = (*vm->blockp)->rng;
  /* Rejection sampling: uniform, and the same on every machine. Draws at
   * or above limit = UINT64_MAX - UINT64_MAX % n are rejected; limit is
   * above UINT64_MAX - n, so only draws that high need it worked out (one
   * division per draw, not two). */
  uint64_t r;
  do r = next_random(s);
  while (r > UINT64_MAX - n && r >= UINT64_MAX - UINT64_MAX % n);
  return r % n;
}

int vm_define_tile(Vm *vm, const TileDef *tile) {
  if (vm->boards_ready) {
    vm_error(vm, "tiles can only be defined in a 'tiles' declaration");
    return -1;
  }
  if (vm->tile_count >= 4096) {
    vm_error(vm, "too many tiles (at most 4096)");
    return -1;
  }
  if (!grow_array(&vm->tiles, &vm->tile_cap, vm->tile_count + 1, 64, sizeof *vm->tiles)) {
    vm_error(vm, "out of memory");
    return -1;
  }
  vm->tiles[vm->tile_count] = *tile;
  return vm->tile_count++;
}

const TileDef *vm_tile(Vm *vm, Value tile) {
  const TileDef *t = vm_tile_of(vm, tile);
  if (!t) vm_error(vm, "%lld is not a tile of this game", (long long)tile);
  return t;
}

Board *vm_board(Vm *vm, Value b) {
  Board *board = vm_board_of(vm, b);
  if (!board) vm_error(vm, "board %lld does not exist (a per-player board of a seat not in this game?)", (long long)b);
  return board;
}

/* ---- boards ---- */

static int32_t total_tile_cells(const Vm *vm) {
  int32_t cells = 0;
  for (int i = 0; i < vm->tile_count; i++) cells += vm->tiles[i].cell_count;
  return cells > 0 ? cells : 1;
}

/* How many different values the tiles show, counted up to one past
 * BOARD_VALUE_SLOTS_MAX (then boards keep no value words anyway). */
static int distinct_tile_values(const Vm *vm) {
  int16_t seen[BOARD_VALUE_SLOTS_MAX + 1];
  int n = 0;
  for (int i = 0; i < vm->tile_count; i++)
    for (int c = 0; c < vm->tiles[i].cell_count && n <= BOARD_VALUE_SLOTS_MAX; c++) {
      int16_t v = vm->tiles[i].value[c];
      int k = 0;
      while (k < n && seen[k] != v) k++;
      if (k == n) seen[n++] = v;
    }
  return n;
}

/* A board declaration's spec for this match: its capacity (0: every tile
 * cell on every level) and its value words' slots. */
static BoardSpec match_spec(const Vm *vm, const BoardInfo *info, int value_slots) {
  BoardSpec spec = info->spec;
  if (spec.capacity == 0) spec.capacity = total_tile_cells(vm) * spec.levels;
  spec.value_slots = (uint8_t)value_slots;
  return spec;
}

/* How many boards a declaration makes: one per seat, an array's param's
 * value (0..TS_MAX_BOARD_ARRAY, else an error and -1), or one. */
static int board_copies(Vm *vm, const BoardInfo *info) {
  if (info->per_seat) return vm->seats;
  if (info->count_slot < 0) return 1;
  int64_t n = (int64_t)vm->globals[info->count_slot];
  if (n < 0 || n > TS_MAX_BOARD_ARRAY) {
    vm_error(vm, "board '%s' is an array of %lld boards; an array has 0 to %d", info->name, (long long)n,
             TS_MAX_BOARD_ARRAY);
    return -1;
  }
  return (int)n;
}

bool vm_setup_boards(Vm *vm) {
  const Program *p = vm->prog;
  StateHeader *b = *vm->blockp;
  int32_t offset = 0;
  const int value_slots = board_value_slots_for(distinct_tile_values(vm));
  for (int i = 0; i < p->board_decl_count; i++) {
    BoardSpec spec = match_spec(vm, &p->boards[i], value_slots);
    int copies = board_copies(vm, &p->boards[i]);
    if (copies < 0) return false;
    for (int s = 0; s < copies; s++) {
      vm->board_at[p->boards[i].first + s] = offset;
      offset += (int32_t)board_bytes(&spec);
    }
  }
  vm->boards_bytes = offset;
  size_t needed = (size_t)b->boards_at + (size_t)offset;
  size_t room = needed + VM_EMPTIES_BYTES; /* vm_pack's fallback needs it past the tail */
  if (room > *vm->block_cap) {
    if (!grow_bytes(vm->blockp, room)) {
      vm_error(vm, "out of memory");
      return false;
    }
    *vm->block_cap = room;
  }
  b = *vm->blockp;
  b->tail_at = (int32_t)needed;
  b->size = (uint32_t)needed;
  vm_rebind(vm);
  for (int i = 0; i < p->board_decl_count; i++) {
    BoardSpec spec = match_spec(vm, &p->boards[i], value_slots);
    int copies = board_copies(vm, &p->boards[i]);
    for (int s = 0; s < copies; s++) board_init((Board *)(vm->boards + vm->board_at[p->boards[i].first + s]), &spec);
  }
  vm->boards_ready = true;
  return true;
}

/* ---- errors with positions ---- */

void vm_runtime_error_at(Vm *vm, int pc, int fn) {
  const Program *p = vm->prog;
  if (vm->error_located) return; /* an inner callback already said where */
  vm->error_located = true;
  char message[400];
  snprintf(message, sizeof message, "%.399s", vm->error);
  bool known = pc >= 0 && pc < p->code_len;
  int line = known ? p->lines[pc] : 0;
  int file = known ? p->line_files[pc] : fn >= 0 && fn < p->fn_count ? p->fns[fn].file : 0;
  const char *path = file >= 0 && file < p->file_count ? p->files[file] : "?";
  snprintf(vm->error, sizeof vm->error, "%.80s:%d: runtime error: %s", path, line, message);
}

/* ---- calls ---- */

/* Pushes function fn's frame over its argc arguments at stack[base...]:
 * the other locals start empty (lists of lists as the empty list of lists,
 * so the collector and the hash see no stale words). Limits checked by the
 * caller. */
static inline Frame *enter_frame(Vm *vm, int fn, int base, int argc) {
  const FnInfo *f = &vm->prog->fns[fn];
  Value *locals = vm->stack + base;
  /* Zero first (a tight loop), then the rare lists of lists. */
  int n = f->locals; /* read once: the stores below could alias f for all GCC knows */
  for (Value *l = locals + argc, *end = locals + n; l < end; l++) *l = 0;
  if (__builtin_expect(f->lists_of_lists, 0)) {
    const uint8_t *refs = &vm->prog->ref_maps[f->ref_map];
    for (int i = argc; i < n; i++)
      if (refs[i] == 2) locals[i] = VM_EMPTY_LISTS;
  }
  Frame *frame = &vm->frames[vm->frame_count++];
  *frame = (Frame){fn, f->entry, base, 0};
  return frame;
}

void vm_push_frame(Vm *vm, int fn, int argc) {
  const FnInfo *f = &vm->prog->fns[fn];
  if (vm->frame_count == vm->frame_cap) {
    vm_error(vm, "too many nested calls (more than %d): endless recursion?", vm->frame_cap);
    return;
  }
  int base = vm->sp - argc;
  if (base + f->frame_words > vm->stack_cap) {
    vm_error(vm, "stack overflow: calls nested %d deep need more than the %d words of the stack (endless recursion?)",
             vm->frame_count, vm->stack_cap);
    return;
  }
  enter_frame(vm, fn, base, argc);
  vm->sp = base + f->locals;
}

/* A VM without a program (unit tests, vm_test.c) calls C functions
 * instead: out of line, so the callbacks of real programs do not carry it. */
static __attribute__((noinline, cold)) Value call_test_fn(Vm *vm, int fn, const Value *args, int nargs) {
  if (fn >= 0 && fn < vm->test_fn_count) return vm->test_fns[fn](vm, args, nargs);
  vm_error(vm, "bad function %d", fn);
  return 0;
}

Value vm_call(Vm *vm, int fn, const Value *args, int nargs) {
  if (__builtin_expect(!vm->prog, 0)) return call_test_fn(vm, fn, args, nargs);
  if (fn < 0 || fn >= vm->prog->fn_count) {
    vm_error(vm, "bad function %d", fn);
    return 0;
  }
  /* A finished game has no frames, and a return to depth 0 would halt it
   * (losing the result): a placeholder frame under the call stands for the
   * play block, so that the run stops at the callee's return. */
  bool finished = vm->frame_count == 0 && vm->frame_cap > 1;
  if (finished) vm->frames[vm->frame_count++] = (Frame){0};
  /* Natives call back once per candidate (filters, joint rules): the frame
   * is pushed here with what it needs in registers, and vm_push_frame only
   * says which limit a call would break. */
  const FnInfo *f = &vm->prog->fns[fn];
  const int depth = vm->frame_count, base = vm->sp;
  if (__builtin_expect(base + nargs > vm->stack_cap, 0)) {
    vm_error(vm, "stack overflow: no room for the arguments of a callback");
    return 0;
  }
  if (__builtin_expect(depth == vm->frame_cap || base + f->frame_words > vm->stack_cap, 0)) {
    vm->sp += nargs;
    vm_push_frame(vm, fn, nargs); /* says which limit */
    return 0;
  }
  Value *locals = vm->stack + base;
  if (nargs == 1) locals[0] = args[0]; /* a filter's candidate: the usual callback */
  else memcpy(locals, args, sizeof(Value) * (size_t)nargs);
  enter_frame(vm, fn, base, nargs);
  vm->sp = base + f->locals;
  int status = vm_run(vm, depth);
  if (status != RUN_RETURNED) return 0;
  if (finished) vm->frame_count = 0;
  return f->returns_value ? vm->stack[--vm->sp] : 0;
}

/* ---- list helpers used by instructions ---- */

/* Bounds errors, out of line: the handlers test with one unsigned compare
 * and jump to `fail` themselves, so the hot path reads no error flag. */
static __attribute__((noinline, cold)) void index_error(Vm *vm, Value list, Value i) {
  vm_error(vm, "index %lld out of range for a list of %d", (long long)i, vm_list_len(vm, list));
}

static __attribute__((noinline, cold)) void tile_value_error(Vm *vm, Value tile, Value i) {
  if (tile < 0 || tile >= vm->tile_count) {
    vm_error(vm, "%lld is not a tile of this game", (long long)tile);
    return;
  }
  const TileDef *t = &vm->tiles[tile];
  vm_error(vm, "index %lld out of range for tile %s of %d cells", (long long)i, t->name, t->cell_count);
}

static bool lists_equal(Vm *vm, Value a, Value b) {
  if (a == b) return true;
  int32_t n = vm_list_len(vm, a);
  if (n != vm_list_len(vm, b)) return false;
  bool refs = vm_list_refs(vm, a);
  for (int32_t i = 0; i < n; i++) {
    Value x = vm_list_items(vm, a)[i], y = vm_list_items(vm, b)[i];
    if (refs ? !lists_equal(vm, x, y) : x != y) return false;
  }
  return true;
}

static Value concat(Vm *vm, Value a, Value b) {
  int32_t na = vm_list_len(vm, a), nb = vm_list_len(vm, b);
  if (nb == 0) return a;
  if (na == 0) return b;
  Value out = vm_list_new(vm, na + nb, vm_list_refs(vm, a) || vm_list_refs(vm, b));
  if (vm->failed) return 0;
  memcpy(vm_list_items(vm, out), vm_list_items(vm, a), sizeof(Value) * (size_t)na);
  memcpy(vm_list_items(vm, out) + na, vm_list_items(vm, b), sizeof(Value) * (size_t)nb);
  return out;
}

static Value range(Vm *vm, Value lo, Value hi) {
  if (hi < lo) return VM_EMPTY;
  if ((uint64_t)hi - (uint64_t)lo >= 1 << 24) { /* exact: hi >= lo */
    vm_error(vm, "range %lld..%lld is too long", (long long)lo, (long long)hi);
    return 0;
  }
  Value out = vm_list_new(vm, (int32_t)(hi - lo + 1), false);
  if (vm->failed) return 0;
  Value *items = vm_list_items(vm, out);
  for (Value v = lo; v <= hi; v++) items[v - lo] = v;
  return out;
}

static bool contains(Vm *vm, Value list, Value x) {
  int32_t n = vm_list_len(vm, list);
  const Value *items = vm_list_items(vm, list);
  if (vm_list_refs(vm, list)) {
    for (int32_t i = 0; i < n; i++)
      if (lists_equal(vm, items[i], x)) return true;
    return false;
  }
  for (int32_t i = 0; i < n; i++)
    if (items[i] == x) return true;
  return false;
}

static Value set_index(Vm *vm, Value list, Value i, Value v) {
  int32_t n = vm_list_len(vm, list);
  if (i < 0 || i >= n) {
    vm_error(vm, "index %lld out of range for a list of %d", (long long)i, n);
    return 0;
  }
  Value out = vm_list_new(vm, n, vm_list_refs(vm, list));
  if (vm->failed) return 0;
  memcpy(vm_list_items(vm, out), vm_list_items(vm, list), sizeof(Value) * (size_t)n);
  vm_list_items(vm, out)[i] = v;
  return out;
}

/* [x for ... for x in from] appends all of from to the list in locals[acc]
 * one element after the other through vm_list_push, so that it grows
 * exactly as the loop of LIST_PUSHes would have grown it, and leaves the
 * loop's slots (list, position, element) as the loop leaves them. Out of
 * line: the interpreter's registers are not its business. */
static __attribute__((noinline)) bool list_extend(Vm *vm, Value *locals, Value from, const intptr_t *slots) {
  int32_t n = vm_list_len(vm, from);
  vm->steps_left -= n; /* one FOR_LIST_NEXT per element */
  if (vm->steps_left < 0) {
    vm_error(vm, "step limit reached (%lld steps in one decision): endless loop?", (long long)vm->step_budget);
    return false;
  }
  Value list = locals[slots[3]];
  for (int32_t i = 0; i < n;) { /* fill the room there is, then one push makes more */
    int64_t header = vm->heap[list], len = header & HEAP_LEN_MASK;
    int64_t room = list > VM_EMPTY_LISTS ? ((header >> HEAP_CAP_SHIFT) & HEAP_LEN_MASK) - len : 0;
    int32_t k = room < n - i ? (int32_t)room : n - i;
    memcpy(&vm->heap[list + 1 + len], &vm->heap[from + 1 + i], sizeof(Value) * (size_t)k);
    vm->heap[list] = header + k; /* the length is the header's low bits */
    if ((i += k) == n) break;
    list = vm_list_push(vm, list, vm->heap[from + 1 + i++]); /* grows it, as LIST_PUSH would */
    if (vm->failed) return false;
  }
  locals[slots[3]] = list;
  locals[slots[0]] = from;
  locals[slots[1]] = n;
  if (n > 0) locals[slots[2]] = vm->heap[from + n];
  return true;
}

/* ---- the interpreter ---- */

/* Whether native id leaves a result (its result type is not "v"). */
static const bool native_returns[NATIVE__COUNT] = {
#define NATIVE(id, name, params, result, callback) [NATIVE_##id] = (result)[0] != 'v',
#include "natives.def"
#undef NATIVE
};

/* Direct threading: dispatching is then one load and one jump, not two
 * loads (opcode, then table). Done once per program, whose copy every VM
 * of it then reads (again if a test program grew). A NATIVE's first
 * operand becomes the native's function, and a native without a result
 * gets a handler of its own, so a call looks nothing up. */
typedef struct Handlers {
  void *const *op;
  void *bad, *native_void, *load_local_native_void;
} Handlers;

/* The native's id at word pc + at becomes its function; the handler is
 * the instruction's own, or its variant for a native without a result. */
static intptr_t threaded_native(const Program *p, int pc, int at, const Handlers *h, intptr_t *operand) {
  int id = pc + at < p->code_len ? p->code[pc + at] : -1;
  if (id < 0 || id >= NATIVE__COUNT) return (intptr_t)h->bad;
  *operand = (intptr_t)ts_natives[id].fn;
  if (p->code[pc] == BC_LOAD_LOCAL_NATIVE)
    return (intptr_t)(native_returns[id] ? h->op[BC_LOAD_LOCAL_NATIVE] : h->load_local_native_void);
  return (intptr_t)(native_returns[id] ? h->op[BC_NATIVE] : h->native_void);
}

static bool thread_program(Program *p, const Handlers *h) {
  free(p->threaded);
  p->threaded = malloc(sizeof(intptr_t) * (size_t)(p->code_len + 1));
  if (!p->threaded) {
    p->threaded_len = -1;
    return false;
  }
  for (int pc = 0; pc < p->code_len;) {
    int op = p->code[pc];
    bool known = op >= 0 && op < BC__COUNT;
    p->threaded[pc] = (intptr_t)(known ? h->op[op] : h->bad);
    int n = opcode_operands(op);
    for (int k = 1; k <= n && pc + k < p->code_len; k++) p->threaded[pc + k] = p->code[pc + k];
    if (op == BC_NATIVE) p->threaded[pc] = threaded_native(p, pc, 1, h, &p->threaded[pc + 1]);
    if (op == BC_LOAD_LOCAL_NATIVE) p->threaded[pc] = threaded_native(p, pc, 2, h, &p->threaded[pc + 2]);
    pc += 1 + n;
  }
  p->threaded[p->code_len] = (intptr_t)h->bad; /* running off the end */
  p->threaded_len = p->code_len;
  return true;
}

static bool thread_code(Vm *vm, const Handlers *h) {
  Program *p = (Program *)vm->prog; /* its threaded copy is made once, then only read */
  if ((p->threaded_len != p->code_len || !p->threaded) && !thread_program(p, h)) {
    vm_error(vm, "out of memory");
    return false;
  }
  vm->threaded = p->threaded;
  vm->threaded_len = p->threaded_len;
  return true;
}

int vm_run(Vm *vm, int stop_depth) {
  static void *const dispatch[] = {
#define TS_OP_LABEL(name, ops, effect, meaning) &&do_##name,
    TS_OPCODES(TS_OP_LABEL)
#undef TS_OP_LABEL
  };
  const Program *p = vm->prog;
  if (__builtin_expect(vm->threaded_len != p->code_len || !vm->threaded, 0) &&
      !thread_code(vm, &(Handlers){dispatch, &&bad_opcode, &&native_void, &&load_local_native_void})) {
    (*vm->blockp)->status = STATE_ERROR;
    return RUN_ERROR;
  }
  const intptr_t *code = vm->threaded;
  Frame *frame = &vm->frames[vm->frame_count - 1];
  /* ip, sp and the frame's bases live in registers as pointers; SYNC()
   * stores them back as indices before anything else can look. */
  const intptr_t *ip = code + frame->pc;
  Value *stack = vm->stack;
  Value *locals = stack + frame->base;
  Value *globals = vm->globals;
  Value *sp = stack + vm->sp;
  Value a, b;

#define PUSH(v) (*sp++ = (v))
#define POP() (*--sp)
#define TOP() (sp[-1])
#define SYNC() (vm->sp = (int)(sp - stack), frame->pc = (int)(ip - code))
#define CHECK_FAILED() do { if (vm->failed) goto fail; } while (0)
#define BUDGET() do { if (--vm->steps_left < 0) { vm_error(vm, "step limit reached (%lld steps in one decision): endless loop?", (long long)vm->step_budget); goto fail; } } while (0)
/* Errors are located at ip - 1: every handler fails after reading its
 * opcode and before moving past its own words, and all words of an
 * instruction share its line — so no per-instruction bookkeeping. */
#ifdef TESSERA_OPCODE_STATS
#define NEXT() do { opcode_stats_step(p, (int)(ip - code)); goto *(void *)*ip++; } while (0)
  opcode_stats_enter();
#else
#define NEXT() goto *(void *)*ip++
#endif
#define BINARY(expr) do { b = POP(); a = POP(); PUSH(expr); NEXT(); } while (0)

  NEXT();

do_INT: PUSH(*ip++); NEXT();
do_CONST: PUSH(p->constants[*ip++]); NEXT();
do_LOAD_LOCAL: PUSH(locals[*ip++]); NEXT();
do_STORE_LOCAL: locals[*ip++] = POP(); NEXT();
do_LOAD_GLOBAL: PUSH(globals[*ip++]); NEXT();
do_STORE_GLOBAL: globals[*ip++] = POP(); NEXT();
do_LOAD_SEAT_GLOBAL:
  a = POP();
  if (a < 0 || a >= vm->seats) { vm_error(vm, "seat %lld is not in this game", (long long)a); goto fail; }
  PUSH(globals[*ip++ + a]);
  NEXT();
do_STORE_SEAT_GLOBAL:
  b = POP();
  a = POP();
  if (a < 0 || a >= vm->seats) { vm_error(vm, "seat %lld is not in this game", (long long)a); goto fail; }
  globals[*ip++ + a] = b;
  NEXT();
do_POP: sp--; NEXT();
/* Ints wrap around on overflow: computed unsigned, as signed overflow is
 * undefined in C. */
do_ADD: BINARY((Value)((uint64_t)a + (uint64_t)b));
do_SUB: BINARY((Value)((uint64_t)a - (uint64_t)b));
do_ADD_INT: TOP() = (Value)((uint64_t)TOP() + (uint64_t)(Value)*ip++); NEXT();
do_MUL: BINARY((Value)((uint64_t)a * (uint64_t)b));
do_DIV:
  b = POP();
  a = POP();
  if (b == 0) { vm_error(vm, "division by zero"); goto fail; }
  /* INT64_MIN / -1 traps in C: negate with wrap-around like + and * do. */
  PUSH(b == -1 ? (Value)(0 - (uint64_t)a) : a / b);
  NEXT();
do_MOD:
  b = POP();
  a = POP();
  if (b == 0) { vm_error(vm, "division by zero"); goto fail; }
  PUSH(b == -1 ? 0 : a % b); /* INT64_MIN % -1 traps in C */
  NEXT();
do_NEG: TOP() = (Value)(0 - (uint64_t)TOP()); NEXT();
do_NOT: TOP() = !TOP(); NEXT();
do_EQ: BINARY(a == b);
do_NE: BINARY(a != b);
do_LT: BINARY(a < b);
do_LE: BINARY(a <= b);
do_GT: BINARY(a > b);
do_GE: BINARY(a >= b);
do_BAND: BINARY(a & b);
do_BOR: BINARY(a | b);
do_BXOR: BINARY(a ^ b);
do_SHL: BINARY(b >= 0 && b < 64 ? (Value)((uint64_t)a << b) : 0);
do_SHR: BINARY(b >= 0 && b < 64 ? a >> b : (a < 0 ? -1 : 0));
do_LIST_EQ: BINARY(lists_equal(vm, a, b));
do_JUMP:
  a = ip[0];
  if (code + a < ip) BUDGET(); /* backwards: at or before this JUMP */
  ip = code + a;
  NEXT();
do_JUMP_IF_FALSE:
  a = *ip++;
  if (!POP()) ip = code + a;
  NEXT();
do_JUMP_IF_TRUE:
  a = *ip++;
  if (POP()) ip = code + a;
  NEXT();
#define JUMP_IF(cmp) do { a = *ip++; b = sp[-1]; if (sp[-2] cmp b) ip = code + a; sp -= 2; NEXT(); } while (0)
do_JUMP_IF_EQ: JUMP_IF(==);
do_JUMP_IF_NE: JUMP_IF(!=);
do_JUMP_IF_LT: JUMP_IF(<);
do_JUMP_IF_LE: JUMP_IF(<=);
do_JUMP_IF_GT: JUMP_IF(>);
do_JUMP_IF_GE: JUMP_IF(>=);
#define JUMP_IF_INT(cmp) do { a = ip[0]; b = ip[1]; ip += 2; if (POP() cmp a) ip = code + b; NEXT(); } while (0)
do_JUMP_IF_EQ_INT: JUMP_IF_INT(==);
do_JUMP_IF_NE_INT: JUMP_IF_INT(!=);
do_JUMP_IF_LT_INT: JUMP_IF_INT(<);
do_JUMP_IF_LE_INT: JUMP_IF_INT(<=);
do_JUMP_IF_GT_INT: JUMP_IF_INT(>);
do_JUMP_IF_GE_INT: JUMP_IF_INT(>=);
do_AND_ELSE:
  a = *ip++;
  if (!TOP()) ip = code + a;
  else sp--;
  NEXT();
do_OR_ELSE:
  a = *ip++;
  if (TOP()) ip = code + a;
  else sp--;
  NEXT();
do_CALL: {
  /* vm_push_frame with the stack and frame in registers: calls are frequent. */
  int fn = ip[0], argc = ip[1];
  const FnInfo *f = &p->fns[fn];
  int base = (int)(sp - stack) - argc;
  ip += 2;
  BUDGET();
  if (__builtin_expect(vm->frame_count == vm->frame_cap || base + f->frame_words > vm->stack_cap, 0)) {
    SYNC();
    vm_push_frame(vm, fn, argc); /* says which limit */
    goto fail;
  }
  frame->pc = (int)(ip - code);
  frame = enter_frame(vm, fn, base, argc);
  locals = stack + base;
  sp = locals + f->locals;
  ip = code + f->entry;
  NEXT();
}
do_RETURN:
  a = POP();
  sp = locals;
  PUSH(a);
  goto return_to_caller;
do_RETURN_VOID:
  sp = locals;
return_to_caller:
  vm->frame_count--;
  if (vm->frame_count == 0) goto halt; /* the play block returned */
  frame = &vm->frames[vm->frame_count - 1];
  if (vm->frame_count == stop_depth) {
    vm->sp = (int)(sp - stack);
    return RUN_RETURNED;
  }
  ip = code + frame->pc;
  locals = stack + frame->base;
  NEXT();
/* Threaded: A is the native's function (see thread_code). Only sp is
 * synced: the pc of a frame is read when the frame resumes, and a native
 * calling back into the VM pushes frames of its own. */
#define CALL_NATIVE()                                  \
  do {                                                 \
    NativeFn fn = (NativeFn)ip[0];                     \
    sp -= ip[1];                                       \
    ip += 2;                                           \
    vm->sp = (int)(sp - stack);                        \
    a = fn(vm, sp);                                    \
    CHECK_FAILED();                                    \
    globals = vm->globals; /* it may have grown the block */ \
  } while (0)
do_NATIVE:
  CALL_NATIVE();
  PUSH(a);
  NEXT();
native_void:
  CALL_NATIVE();
  NEXT();
do_LOAD_LOCAL_NATIVE:
  PUSH(locals[*ip++]);
  CALL_NATIVE();
  PUSH(a);
  NEXT();
load_local_native_void:
  PUSH(locals[*ip++]);
  CALL_NATIVE();
  NEXT();
do_LIST: {
  int n = ip[0];
  bool refs = ip[1];
  ip += 2;
  sp -= n;
  if (n == 0) { /* the permanent empty lists, as vm_list_from gives */
    PUSH(refs ? VM_EMPTY_LISTS : VM_EMPTY);
    NEXT();
  }
  if (__builtin_expect(vm->heap_used + 1 + n <= vm->heap_cap, 1)) { /* vm_list_from, inline */
    Value l = vm->heap_used;
    vm->heap[l] = (int64_t)n | (int64_t)n << HEAP_CAP_SHIFT | (refs ? HEAP_REFS_BIT : 0);
    for (int k = 0; k < n; k++) vm->heap[l + 1 + k] = sp[k];
    vm->heap_used += 1 + n;
    PUSH(l);
    NEXT();
  }
  SYNC();
  vm_list_from(vm, sp, n, refs); /* says the heap is full */
  goto fail;
}
do_LIST_PUSH:
  a = *ip++;
  b = POP();
{ /* b onto the list in locals[a] */
  Value list = locals[a], header = vm->heap[list];
  int64_t len = header & HEAP_LEN_MASK;
  int64_t cap = (header >> HEAP_CAP_SHIFT) & HEAP_LEN_MASK;
  if (list > VM_EMPTY_LISTS && len < cap) { /* room: in place */
    vm->heap[list + 1 + len] = b;
    vm->heap[list] = header + 1; /* the length is the header's low bits */
    NEXT();
  }
  /* The two usual ways to make room, inline as vm_list_push would:
   * the first element starts a list of 4 at the top of the heap; the
   * newest list doubles where it is. */
  if (list <= VM_EMPTY_LISTS && vm->heap_used + 5 <= vm->heap_cap) {
    list = vm->heap_used;
    vm->heap[list] = (header & HEAP_REFS_BIT) | (int64_t)4 << HEAP_CAP_SHIFT | 1;
    vm->heap[list + 1] = b;
    vm->heap_used += 5;
    locals[a] = list;
    NEXT();
  }
  if (list > VM_EMPTY_LISTS && list + 1 + cap == vm->heap_used && vm->heap_used + cap <= vm->heap_cap) {
    vm->heap[list + 1 + len] = b;
    vm->heap[list] = (header & HEAP_REFS_BIT) | (cap * 2) << HEAP_CAP_SHIFT | (len + 1);
    vm->heap_used += cap;
    NEXT();
  }
  locals[a] = vm_list_push(vm, list, b); /* moves it, or says the heap is full */
  CHECK_FAILED();
  NEXT();
}
/* l[i] and t[i]: the element, or an error (its index in b, the list or
 * tile in a). */
#define LIST_ITEM(l, i, dest)                                                        \
  do {                                                                               \
    a = (l), b = (i);                                                                \
    if (__builtin_expect((uint64_t)b >= (uint64_t)(vm->heap[a] & HEAP_LEN_MASK), 0)) \
      goto bad_index;                                                                \
    dest = vm->heap[a + 1 + b];                                                      \
  } while (0)
do_INDEX:
  sp--;
  LIST_ITEM(sp[-1], sp[0], TOP());
  NEXT();
do_LEN: TOP() = vm_list_len(vm, TOP()); NEXT();
do_SEAT:
  if (__builtin_expect((uint64_t)TOP() >= (uint64_t)vm->seats, 0)) {
    native_seat(vm, sp - 1); /* says which seats there are */
    goto fail;
  }
  NEXT();
do_LEN_LOCAL: PUSH(vm_list_len(vm, locals[*ip++])); NEXT();
do_LEN_GLOBAL: PUSH(vm_list_len(vm, globals[*ip++])); NEXT();
do_INDEX_LOCAL:
  LIST_ITEM(locals[ip[0]], locals[ip[1]], *sp);
  sp++, ip += 2;
  NEXT();
do_INDEX_GLOBAL:
  LIST_ITEM(globals[ip[0]], locals[ip[1]], *sp);
  sp++, ip += 2;
  NEXT();
do_TILE_VALUE:
  b = POP();
  goto tile_value_b;
do_TILE_VALUE_LOCAL:
  PUSH(locals[ip[0]]);
  ip++;
  /* fall through: the index is the next word */
do_TILE_VALUE_INT:
  b = *ip++;
tile_value_b:
  a = TOP();
  if (__builtin_expect((uint64_t)a >= (uint64_t)vm->tile_count, 0) ||
      __builtin_expect((uint64_t)b >= (uint64_t)vm->tiles[a].cell_count, 0)) {
    tile_value_error(vm, a, b);
    goto fail;
  }
  TOP() = vm->tiles[a].value[b];
  NEXT();
do_INDEX_INT:
  LIST_ITEM(TOP(), *ip, TOP());
  ip++;
  NEXT();
do_CONCAT:
  b = POP();
  a = POP();
  PUSH(concat(vm, a, b));
  CHECK_FAILED();
  NEXT();
do_RANGE:
  b = POP();
  a = POP();
  PUSH(range(vm, a, b));
  CHECK_FAILED();
  NEXT();
do_IN:
  b = POP();
  a = POP();
  PUSH(contains(vm, b, a));
  NEXT();
do_SET_INDEX: {
  Value v = POP();
  b = POP();
  a = POP();
  PUSH(set_index(vm, a, b, v));
  CHECK_FAILED();
  NEXT();
}
/* A loop starts with RANGE_START / LIST_START (set up, and leave at once
 * when there is nothing to do) and ends with FOR_RANGE_NEXT /
 * FOR_LIST_NEXT (step, and go back to the body while not done). */
do_LIST_START:
  a = POP();
  locals[ip[0]] = a;
  if (vm_list_len(vm, a) == 0) {
    locals[ip[1]] = 0;
    ip = code + ip[3];
  } else {
    locals[ip[2]] = vm_list_items(vm, a)[0];
    locals[ip[1]] = 1;
    ip += 4;
  }
  NEXT();
do_FOR_LIST_NEXT: {
  Value list = locals[ip[0]];
  Value i = locals[ip[1]];
  BUDGET();
  if (i < vm_list_len(vm, list)) {
    locals[ip[2]] = vm_list_items(vm, list)[i];
    locals[ip[1]] = i + 1;
    ip = code + ip[3];
  } else {
    ip += 4;
  }
  NEXT();
}
do_RANGE_START:
  b = POP();
  a = POP();
  locals[ip[0]] = a;
  locals[ip[1]] = b;
  ip = a > b ? code + ip[2] : ip + 3;
  NEXT();
/* Compare before counting, so a range ending at the largest int ends; the
 * counter is left one past the end (it is part of the state). */
do_FOR_RANGE_NEXT:
  BUDGET();
  a = locals[ip[0]];
  locals[ip[0]] = (Value)((uint64_t)a + 1);
  if (a >= locals[ip[1]]) ip += 3;
  else ip = code + ip[2];
  NEXT();
/* Superinstructions (see lang/compile.c, fusions): each does what its
 * two parts would, in one dispatch. */
do_STORE_LOAD_LOCAL:
  locals[ip[0]] = TOP();
  TOP() = locals[ip[1]];
  ip += 2;
  NEXT();
do_LOAD_LOCAL2:
  sp[0] = locals[ip[0]];
  sp[1] = locals[ip[1]];
  sp += 2, ip += 2;
  NEXT();
do_LEN_GLOBAL_JUMP_IF_LE_INT:
  a = vm_list_len(vm, globals[ip[0]]);
  ip = a <= (Value)ip[1] ? code + ip[2] : ip + 3;
  NEXT();
do_LIST_EXTEND:
  a = POP();
  if (!list_extend(vm, locals, a, ip)) goto fail;
  ip += 4;
  NEXT();
do_CHOOSE_SECRET:
  a = OPTIONS_SECRET;
  goto choose;
do_CHOOSE:
  a = 0;
choose: {
  Value options = POP();
  Value seat = POP();
  if (seat < 0 || seat >= vm->players) {
    vm_error(vm, seat >= vm->players && seat < vm->seats ? "a ghost seat cannot choose" : "seat %lld is not in this game", (long long)seat);
    goto fail;
  }
  if (vm_list_len(vm, options) == 0) {
    vm_error(vm, "choose: no options for P%lld", (long long)seat + 1);
    goto fail;
  }
  if (vm_list_len(vm, options) > TS_MAX_OPTIONS) {
    vm_error(vm, "choose: %d options for P%lld, more than %d", vm_list_len(vm, options), (long long)seat + 1,
             TS_MAX_OPTIONS);
    goto fail;
  }
  int type = *ip++;
  SYNC();
  StateHeader *h = *vm->blockp;
  h->status = STATE_DECISION;
  h->seat = (int32_t)seat;
  h->option_type = type | (int32_t)a;
  h->options = options;
  return RUN_YIELD;
}
do_SETUP_BOARDS:
  SYNC();
  vm_setup_boards(vm);
  CHECK_FAILED();
  globals = vm->globals;
  NEXT();
do_SET_UP:
  if (vm->stop_at_set_up) {
    SYNC();
    return RUN_SET_UP;
  }
  NEXT();
do_COVER: p->covered[*ip++] = 1; NEXT();
do_FAIL:
  vm_error(vm, "%s", p->strings[*ip++]);
  goto fail;
do_HALT:
halt:
  vm->sp = 0; /* a finished game keeps no stack: its bytes would only vary the hash */
  vm->frame_count = 0;
  (*vm->blockp)->status = STATE_OVER;
  return RUN_HALT;
bad_opcode:
  vm_error(vm, "bad instruction at code word %d", (int)(ip - 1 - code));
  goto fail;
bad_index: /* a list, b the index; ip still within the instruction */
  index_error(vm, a, b);
  goto fail;
fail:
  vm->sp = (int)(sp - stack);
  vm_runtime_error_at(vm, (int)(ip - 1 - code), vm->frames[vm->frame_count > 0 ? vm->frame_count - 1 : 0].fn);
  (*vm->blockp)->status = STATE_ERROR;
  return RUN_ERROR;
}
