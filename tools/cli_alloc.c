/* Checked allocation for the CLI (see cli_alloc.h). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* strdup, strndup */
#endif
#include "cli_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tessera.h"

void cli_out_of_memory(void) {
  fputs("tessera: out of memory\n", stderr);
  exit(1);
}

static void *checked(void *p) {
  if (!p) cli_out_of_memory();
  return p;
}

void *cli_malloc(size_t bytes) { return checked(malloc(bytes ? bytes : 1)); }

void *cli_calloc(size_t count, size_t size) { return checked(calloc(count ? count : 1, size ? size : 1)); }

void *cli_realloc(void *old, size_t bytes) { return checked(realloc(old, bytes ? bytes : 1)); }

char *cli_strdup(const char *text) { return checked(strdup(text)); }

char *cli_strndup(const char *text, size_t len) { return checked(strndup(text, len)); }

TsState *cli_clone(const TsState *s) { return checked(ts_clone(s)); }

void cli_copy(TsState *dst, const TsState *src) {
  if (ts_copy(dst, src) != 0) cli_out_of_memory();
}
