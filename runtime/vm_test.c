/* vm_test.c — a stand-alone VM without a program, so unit tests can call
 * natives directly: it owns a small state block for the generator and the
 * boards it is given. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm_internal.h"

static void seed_block(StateHeader *b, uint64_t seed);

/* For unit tests only: a test that cannot get its memory stops there. */
static void *need(void *p) {
  if (p) return p;
  fputs("vm_test: out of memory\n", stderr);
  abort();
}

Vm *vm_test_new(int players, uint64_t seed) {
  Vm *vm = need(vm_new(NULL, players, players));
  vm->test_block_cap = sizeof(StateHeader);
  vm->test_block = need(calloc(1, vm->test_block_cap));
  vm->test_block->globals_at = vm->test_block->boards_at = vm->test_block->tail_at = sizeof(StateHeader);
  seed_block(vm->test_block, seed);
  vm->blockp = &vm->test_block;
  vm->block_cap = &vm->test_block_cap;
  vm_rebind(vm);
  return vm;
}

void vm_test_free(Vm *vm) { vm_free(vm); }

void vm_test_set_seats(Vm *vm, int seats) { vm->seats = seats; }

int vm_test_add_board(Vm *vm, const BoardSpec *spec) {
  static const int max_boards = 64;
  int n = 0;
  while (n < max_boards && vm->board_at[n] >= 0) n++;
  size_t offset = vm->test_block_cap - (size_t)vm->test_block->boards_at;
  size_t bytes = board_bytes(spec);
  vm->test_block = need(realloc(vm->test_block, vm->test_block_cap + bytes));
  vm->test_block_cap += bytes;
  vm->test_block->tail_at = (int32_t)vm->test_block_cap;
  vm_rebind(vm);
  vm->board_at[n] = (int32_t)offset;
  board_init((Board *)(vm->boards + offset), spec);
  vm->boards_ready = true;
  return n;
}

int vm_test_add_string(Vm *vm, const char *text) {
  vm->test_strings = need(realloc(vm->test_strings, sizeof(char *) * (size_t)(vm->test_string_count + 1)));
  vm->test_strings[vm->test_string_count] = need(strdup(text));
  return vm->test_string_count++;
}

int vm_test_add_function(Vm *vm, Value (*fn)(Vm *vm, const Value *args, int nargs)) {
  vm->test_fns = need(realloc(vm->test_fns, sizeof *vm->test_fns * (size_t)(vm->test_fn_count + 1)));
  vm->test_fns[vm->test_fn_count] = fn;
  return vm->test_fn_count++;
}

/* splitmix64 spreads one seed over the generator's four words. */
static void seed_block(StateHeader *b, uint64_t seed) {
  for (int i = 0; i < 4; i++) {
    uint64_t z = (seed += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    b->rng[i] = z ^ (z >> 31);
  }
}

void vm_seed(StateHeader *b, uint64_t seed) { seed_block(b, seed); }
