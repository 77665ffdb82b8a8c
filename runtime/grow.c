/* Checked growth of arrays (see grow.h). The pointer is moved through
 * memcpy so one function serves arrays of every element type. */
#include "grow.h"

#include <stdlib.h>
#include <string.h>

bool grow_bytes(void *block, size_t bytes) {
  void *old;
  memcpy(&old, block, sizeof old);
  void *grown = realloc(old, bytes ? bytes : 1);
  if (!grown) return false;
  memcpy(block, &grown, sizeof grown);
  return true;
}
