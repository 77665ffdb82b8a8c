#ifndef TESSERA_GROW_H
#define TESSERA_GROW_H
/* The one checked way the compiler and the VM allocate and enlarge their
 * arrays. On failure nothing changes: the old array and its capacity stay
 * valid, so the caller reports "out of memory" through its own error path
 * and never uses a half-grown array. Every growth goes through grow_bytes,
 * which the allocation-failure test (check_alloc_failure.c) wraps. */
#include <stdbool.h>
#include <stddef.h>

/* *(void **)block (NULL for a new one) becomes `bytes` long, as realloc;
 * false if memory ran out. */
bool grow_bytes(void *block, size_t bytes);

/* Makes the array at *(T **)items, of *cap elements of `size` bytes, hold
 * at least `need` elements: doubles, starting from `first`. */
static inline bool grow_array(void *items, int *cap, int need, int first, size_t size) {
  if (need <= *cap) return true;
  int grown = *cap > 0 ? *cap : first;
  while (grown < need) grown *= 2;
  if (!grow_bytes(items, size * (size_t)grown)) return false;
  *cap = grown;
  return true;
}

#endif
