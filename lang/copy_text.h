/* copy_text.h — a copy of a NUL-terminated text made through grow_bytes
 * (runtime/grow.h), like every other allocation of the compiler, so that
 * the allocation-failure test reaches it. */
#ifndef TESSERA_COPY_TEXT_H
#define TESSERA_COPY_TEXT_H

#include <string.h>

#include "grow.h"

/* NULL when memory ran out. */
static inline char *copy_text(const char *text) {
  size_t bytes = strlen(text) + 1;
  char *copy = NULL;
  return grow_bytes(&copy, bytes) ? memcpy(copy, text, bytes) : NULL;
}

#endif
