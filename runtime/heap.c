/* heap.c — lists in the VM heap, and the copying collector that compacts
 * the live lists into the state block at each decision.
 *
 * Between two decisions lists are bump-allocated in the VM's working heap
 * and never freed: a decision's garbage is left behind when the collector
 * copies only what the globals, the frames' list-typed locals and the
 * pending options reach (Cheney's algorithm, roots in a fixed order so the
 * packed block — and its hash — is deterministic). */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "vm_internal.h"

static inline int64_t header(int64_t len, int64_t cap, bool refs) {
  return len | cap << HEAP_CAP_SHIFT | (refs ? HEAP_REFS_BIT : 0);
}
static inline int64_t h_len(int64_t h) { return h & HEAP_LEN_MASK; }
static inline int64_t h_cap(int64_t h) { return (h >> HEAP_CAP_SHIFT) & HEAP_LEN_MASK; }

bool vm_heap_reserve(Vm *vm, int64_t words) {
  if (vm->heap_used + words <= vm->heap_cap) return true;
  if (vm->failed) return false;
  vm_error(vm, "out of memory: this decision needs more than %lld KiB of lists",
           (long long)(vm->heap_cap * 8 / 1024));
  return false;
}

/* A list at the top of the heap, which the caller has checked has room. */
static inline Value bump(Vm *vm, int64_t len, int64_t cap, bool refs) {
  Value h = vm->heap_used;
  vm->heap[h] = header(len, cap, refs);
  /* Not zeroed: whoever makes a list fills its `len` elements at once, and
   * the slots past `len` are never read. */
  vm->heap_used = h + 1 + cap;
  return h;
}

/* Whether `cap` slots (1..HEAP_LEN_MASK) fit: one compare for the range. */
static inline bool fits(const Vm *vm, int64_t cap) {
  return (uint64_t)(cap - 1) < (uint64_t)HEAP_LEN_MASK && vm->heap_used + 1 + cap <= vm->heap_cap;
}

/* The common case (a list that fits) tests two things and bumps; empty,
 * too long and out of room go the long way. */
static Value alloc_list(Vm *vm, int64_t len, int64_t cap, bool refs) {
  if (fits(vm, cap)) return bump(vm, len, cap, refs);
  if (len == 0 && cap == 0) return refs ? VM_EMPTY_LISTS : VM_EMPTY;
  if (cap > HEAP_LEN_MASK) {
    vm_error(vm, "a list of %lld elements is too long", (long long)cap);
    return 0;
  }
  if (!vm_heap_reserve(vm, 1 + cap)) return 0;
  return bump(vm, len, cap, refs);
}

Value vm_list_new(Vm *vm, int32_t length, bool refs) {
  if (fits(vm, length)) return bump(vm, length, length, refs);
  if (length < 0) {
    vm_error(vm, "negative list length");
    return 0;
  }
  return alloc_list(vm, length, length, refs);
}

Value vm_list_from(Vm *vm, const Value *items, int32_t length, bool refs) {
  Value l = vm_list_new(vm, length, refs);
  if (length > 0 && !vm->failed) memcpy(vm_list_items(vm, l), items, sizeof(Value) * (size_t)length);
  return l;
}

void *vm_scratch(Vm *vm, size_t bytes) {
  int64_t words = (int64_t)((bytes + sizeof(Value) - 1) / sizeof(Value));
  if (words < 1) words = 1;
  Value h = alloc_list(vm, 0, words, false); /* length 0: the collector copies nothing */
  return vm->failed ? NULL : &vm->heap[h + 1];
}

/* A full or empty list, pushed to: grows in place when it is the newest
 * object (it can grow into free heap), else moves to a new place twice as
 * big (4 at least). */
static Value push_grow(Vm *vm, Value list, int64_t len, int64_t cap, bool refs, Value item) {
  int64_t grown = cap < 4 ? 4 : cap * 2;
  if (list > VM_EMPTY_LISTS && list + 1 + cap == vm->heap_used) {
    if (!vm_heap_reserve(vm, grown - cap)) return list;
    vm->heap_used += grown - cap;
  } else {
    Value moved = alloc_list(vm, len, grown, refs);
    if (vm->failed) return list;
    for (int64_t i = 1; i <= len; i++) vm->heap[moved + i] = vm->heap[list + i]; /* short: no memcpy call */
    list = moved;
  }
  vm->heap[list + 1 + len] = item;
  vm->heap[list] = header(len + 1, grown, refs);
  return list;
}

/* Appends in place when there is room; otherwise push_grow. Only for lists
 * nobody else holds: the accumulators of comprehensions. */
Value vm_list_push(Vm *vm, Value list, Value item) {
  int64_t h = vm->heap[list];
  int64_t len = h_len(h), cap = h_cap(h);
  if (list <= VM_EMPTY_LISTS || len == cap) return push_grow(vm, list, len, cap, (h & HEAP_REFS_BIT) != 0, item);
  vm->heap[list + 1 + len] = item;
  vm->heap[list] = h + 1; /* the length is the low bits: one more */
  return list;
}

/* ---- packing ---- */

typedef struct Copier {
  Value *from;
  Value *to;
  int64_t next;
} Copier;

static inline Value forward(Copier *c, Value h) {
  if (h <= VM_EMPTY_LISTS) return h;
  int64_t hd = c->from[h];
  if (hd & HEAP_FORWARD_BIT) return hd & ~HEAP_FORWARD_BIT;
  int64_t len = h_len(hd);
  Value moved = c->next;
  Value *to = &c->to[moved];
  const Value *from = &c->from[h];
  to[0] = header(len, len, (hd & HEAP_REFS_BIT) != 0);
  for (int64_t i = 1; i <= len; i++) to[i] = from[i]; /* lists are short: no memcpy call */
  c->next += 1 + len;
  c->from[h] = HEAP_FORWARD_BIT | moved;
  return moved;
}

static void scan(Copier *c) {
  for (int64_t at = VM_EMPTY_LISTS + 1; at < c->next;) {
    int64_t hd = c->to[at];
    int64_t len = h_len(hd);
    if (hd & HEAP_REFS_BIT)
      for (int64_t i = 0; i < len; i++) c->to[at + 1 + i] = forward(c, c->to[at + 1 + i]);
    at += 1 + len;
  }
}

/* Room for `bytes` (a bound: the working heap's garbage counts). The new
 * room is not cleared: vm_pack writes every byte up to the state's size,
 * and nothing reads past it — clearing a bound sized by garbage cost more
 * than the rest of a game's packing. */
static bool ensure_block(Vm *vm, size_t bytes) {
  if (bytes <= *vm->block_cap) return true;
  size_t cap = *vm->block_cap * 2 > bytes ? *vm->block_cap * 2 : bytes;
  if (!grow_bytes(vm->blockp, cap)) return false;
  *vm->block_cap = cap;
  vm_rebind(vm);
  return true;
}

/* Out of memory while moving a position between the block and the VM: it
 * becomes an error with no frames and every list empty, so nothing refers
 * to lists that were not moved. The block always has room for the empty
 * lists past its tail (VM_EMPTIES_BYTES, kept by vm_setup_boards). */
void vm_drop_position(Vm *vm) {
  vm_error(vm, "out of memory");
  for (int r = 0; r < vm->ref_slot_count; r++) vm->globals[vm->ref_slots[r]] = VM_EMPTY;
  vm->frame_count = 0;
  vm->sp = 0;
  vm_heap_init_empties(vm->heap);
  vm->heap_used = VM_EMPTY_LISTS + 1;
  (*vm->blockp)->status = STATE_ERROR;
}

void vm_rebind(Vm *vm) {
  StateHeader *b = *vm->blockp;
  vm->globals = (Value *)((char *)b + b->globals_at);
  vm->boards = (uint8_t *)b + b->boards_at;
}

/* The slots a frame stopped at its resume point no longer uses (what
 * inlined bodies left) are zeroed in the packed stack, as a return would
 * drop them: the position holds live data only, and no garbage list stays
 * reachable. The VM never clears them while it runs. */
static void drop_dead_slots(const Program *p, const Frame *f, Value *stack) {
  int runs;
  const int32_t *run = program_dead_slots(p, f->pc, &runs);
  for (int r = 0; run && r < runs; r++) memset(&stack[f->base + run[2 * r]], 0, sizeof(Value) * (size_t)run[2 * r + 1]);
}

bool vm_pack(Vm *vm, Value *options) {
  StateHeader *b = *vm->blockp;
  size_t frames_bytes = sizeof(Frame) * (size_t)vm->frame_count;
  size_t stack_bytes = sizeof(Value) * (size_t)vm->sp;
  size_t bound = (size_t)b->tail_at + frames_bytes + stack_bytes + sizeof(Value) * (size_t)(vm->heap_used + 1);
  bool packed = ensure_block(vm, bound);
  if (!packed) { /* what is left fits in the block as it is */
    vm_drop_position(vm);
    if (options) *options = VM_EMPTY;
    frames_bytes = stack_bytes = 0;
  }
  b = *vm->blockp;
  char *tail = (char *)b + b->tail_at;
  memcpy(tail, vm->frames, frames_bytes);
  Value *stack = (Value *)(tail + frames_bytes);
  memcpy(stack, vm->stack, stack_bytes);
  const Program *p = vm->prog;
  for (int f = 0; f < vm->frame_count; f++) drop_dead_slots(p, &vm->frames[f], stack);
  Copier c = {vm->heap, stack + vm->sp, VM_EMPTY_LISTS + 1};
  vm_heap_init_empties(c.to);
  for (int r = 0; r < vm->ref_slot_count; r++) vm->globals[vm->ref_slots[r]] = forward(&c, vm->globals[vm->ref_slots[r]]);
  for (int f = 0; f < vm->frame_count; f++) {
    const FnInfo *fn = &p->fns[vm->frames[f].fn];
    const uint8_t *refs = &p->ref_maps[fn->ref_map];
    for (int l = 0; l < fn->locals; l++)
      if (refs[l]) stack[vm->frames[f].base + l] = forward(&c, stack[vm->frames[f].base + l]);
  }
  if (options) *options = forward(&c, *options);
  scan(&c);
  b->frame_count = vm->frame_count;
  b->stack_count = vm->sp;
  b->heap_words = (int32_t)c.next;
  b->size = (uint32_t)((size_t)b->tail_at + frames_bytes + stack_bytes + sizeof(Value) * (size_t)c.next);
  /* The working heap is now stale; the block holds the truth. */
  vm->heap_used = 0;
  return packed;
}

bool vm_unpack(Vm *vm) {
  StateHeader *b = *vm->blockp;
  vm_rebind(vm);
  if (b->heap_words > vm->heap_cap) { /* limits were lowered below what the state holds */
    if (!grow_bytes(&vm->heap, sizeof(Value) * (size_t)b->heap_words)) {
      vm_drop_position(vm);
      return false;
    }
    vm->heap_cap = b->heap_words;
  }
  char *tail = (char *)b + b->tail_at;
  size_t frames_bytes = sizeof(Frame) * (size_t)b->frame_count;
  memcpy(vm->frames, tail, frames_bytes);
  vm->frame_count = b->frame_count;
  Value *stack = (Value *)(tail + frames_bytes);
  memcpy(vm->stack, stack, sizeof(Value) * (size_t)b->stack_count);
  vm->sp = b->stack_count;
  memcpy(vm->heap, stack + b->stack_count, sizeof(Value) * (size_t)b->heap_words);
  vm->heap_used = b->heap_words;
  if (vm->heap_used < VM_EMPTY_LISTS + 1) {
    vm_heap_init_empties(vm->heap);
    vm->heap_used = VM_EMPTY_LISTS + 1;
  }
  return true;
}

void vm_heap_init_empties(Value *heap) {
  heap[VM_EMPTY] = 0;
  heap[VM_EMPTY_LISTS] = HEAP_REFS_BIT;
}
