/* vm_internal.h — the VM's working structure, shared by vm.c (the
 * interpreter), heap.c (lists and the collector) and engine.c (the public
 * API). Natives see only vm.h, but for the inline board and tile look-ups
 * at the end, which natives_board.c takes from here. */
#ifndef TESSERA_VM_INTERNAL_H
#define TESSERA_VM_INTERNAL_H

#include <stddef.h>

#include "program.h"
#include "state.h"
#include "vm.h"

enum { RUN_YIELD, RUN_HALT, RUN_ERROR, RUN_RETURNED, RUN_SET_UP };

#define HEAP_LEN_MASK ((int64_t)0x3fffffff) /* as vm.h's accessors assume */
#define HEAP_CAP_SHIFT 30
#define HEAP_REFS_BIT ((int64_t)1 << 60)
#define HEAP_FORWARD_BIT ((int64_t)1 << 61)

struct Vm {
  Value *heap;             /* first: vm.h's inline list accessors read it */
  const Program *prog;
  int players, seats;
  /* the match's tiles and board layout */
  TileDef *tiles;
  int tile_count, tile_cap;
  bool boards_ready;
  int32_t *board_at;       /* byte offset of board number n in the block, -1 if absent */
  int32_t *ref_slots;      /* global slots holding lists, in collector root order */
  int ref_slot_count;
  int32_t boards_bytes;
  /* the block being run: header, globals and boards in place */
  StateHeader **blockp;
  size_t *block_cap;
  Value *globals;
  uint8_t *boards;
  /* working tail */
  Frame *frames;
  int frame_count, frame_cap;
  Value *stack;
  int sp, stack_cap;
  int64_t heap_used, heap_cap; /* words; the heap itself is the first member */
  bool stop_at_set_up;     /* vm_run returns RUN_SET_UP at the SET_UP instruction */
  /* The program's code, direct-threaded for vm_run: each opcode word
   * replaced by its handler's address, operands copied; same indices. The
   * program's copy (Program.threaded), not the VM's. */
  intptr_t *threaded;
  int threaded_len;

  /* limits and errors */
  int64_t steps_left, step_budget;
  bool failed, error_located;
  char error[512];
  /* program strings used by tests (no program) */
  char **test_strings;
  int test_string_count;
  Value (**test_fns)(Vm *vm, const Value *args, int nargs);
  int test_fn_count;
  StateHeader *test_block;
  size_t test_block_cap;
};

/* Interpreter: runs until a decision, the end, an error, or (when
 * stop_depth > 0) until the frame count falls back to stop_depth. */
int vm_run(Vm *vm, int stop_depth);
void vm_push_frame(Vm *vm, int fn, int argc);
void vm_runtime_error_at(Vm *vm, int pc, int fn);

void vm_seed(StateHeader *b, uint64_t seed);

/* heap.c */
void vm_heap_init_empties(Value *heap);
bool vm_heap_reserve(Vm *vm, int64_t words);
Value vm_list_push(Vm *vm, Value list, Value item);
/* Packs the working tail (frames, stack, heap) into the block after its
 * fixed part, compacting the heap. Grows the block when needed; false when
 * that ran out of memory (the position is then vm_drop_position's error). */
bool vm_pack(Vm *vm, Value *options);
/* Loads the block's tail into the working arrays; false as vm_pack. */
bool vm_unpack(Vm *vm);
/* The position becomes an "out of memory" error with no frames or lists. */
void vm_drop_position(Vm *vm);
/* Room every block keeps past its tail for the empty lists. */
#define VM_EMPTIES_BYTES (sizeof(Value) * (VM_EMPTY_LISTS + 1))
/* Points globals/boards at the block after it moved. */
void vm_rebind(Vm *vm);

/* natives_list.c: how many `print` calls ran so far in the process (quiet
 * ones included), for the engine to tell a set-up that printed. */
uint64_t natives_prints_made(void);

/* Creates a VM for a program's match (players, seats known). */
Vm *vm_new(const Program *prog, int players, int seats);
void vm_free(Vm *vm);
/* Lays out the boards (tile table complete) and grows the block. */
bool vm_setup_boards(Vm *vm);

/* Board number b, or NULL when the match has none such (no error). */
static inline Board *vm_board_of(const Vm *vm, Value b) {
  const int numbers = vm->prog ? vm->prog->board_numbers : 64;
  if ((uint64_t)b >= (uint64_t)numbers || vm->board_at[b] < 0) return NULL;
  return (Board *)(vm->boards + vm->board_at[b]);
}

/* Tile `tile` of the match, or NULL when there is none such (no error). */
static inline const TileDef *vm_tile_of(const Vm *vm, Value tile) {
  return (uint64_t)tile < (uint64_t)vm->tile_count ? &vm->tiles[tile] : NULL;
}

/* vm_board and vm_tile without a call, for the natives that run every move
 * (place, placements_matching): only the error, rare, is out of line. */
static inline Board *vm_board_inline(Vm *vm, Value b) {
  Board *board = vm_board_of(vm, b);
  return board ? board : vm_board(vm, b);
}
static inline const TileDef *vm_tile_inline(Vm *vm, Value tile) {
  const TileDef *t = vm_tile_of(vm, tile);
  return t ? t : vm_tile(vm, tile);
}

#ifdef TESSERA_OPCODE_STATS /* a developer's build: runtime/opcode_stats.c */
void opcode_stats_enter(void);
void opcode_stats_step(const Program *p, int pc);
#endif

#endif
