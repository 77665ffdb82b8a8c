/* turns.c — with_turns(placements, turns): the placements of a list turned one
 * of the given ways, read from their packed form. A game whose seats may
 * only lay a piece one way (vertical for one, horizontal for the other)
 * filters by turn without computing any placement's cells. */
#include "turns.h"

#include "grid.h"
#include "vm.h"

int32_t turns_keep(const int64_t *in, int32_t n, uint64_t mask, int64_t *out) {
  int32_t kept = 0;
  for (int32_t i = 0; i < n; i++) {
    int o = placement_unpack(in[i]).orientation;
    if (mask >> o & 1) {
      if (out) out[kept] = in[i];
      kept++;
    }
  }
  return kept;
}

/* The turns as a bit mask; a turn outside 0..63 is no turn any placement
 * has (orientations are below 12), so it selects nothing. */
uint64_t list_bits(Vm *vm, Value list) {
  uint64_t mask = 0;
  int32_t n = vm_list_len(vm, list);
  const Value *t = vm_list_items(vm, list);
  for (int32_t i = 0; i < n; i++)
    if (t[i] >= 0 && t[i] < 64) mask |= (uint64_t)1 << t[i];
  return mask;
}

/* Two passes (count, then copy) so that the list is allocated once, at its
 * size. */
Value native_turned(Vm *vm, Value *args) {
  uint64_t mask = list_bits(vm, args[1]);
  int32_t n = vm_list_len(vm, args[0]);
  int32_t kept = turns_keep(vm_list_items(vm, args[0]), n, mask, NULL);
  if (kept == n) return args[0];
  if (kept == 0) return VM_EMPTY;
  Value list = vm_list_new(vm, kept, false);
  if (vm_failed(vm)) return 0;
  turns_keep(vm_list_items(vm, args[0]), n, mask, vm_list_items(vm, list)); /* read after the allocation */
  return list;
}
