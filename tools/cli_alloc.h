#ifndef TESSERA_CLI_ALLOC_H
#define TESSERA_CLI_ALLOC_H
#include <stddef.h>

/* Checked allocation for the CLI: a command cannot go on without the memory it
   asked for, so each of these prints "tessera: out of memory" and exits 1
   instead of returning NULL. Sizes and contents are those of the libc call. */
void *cli_malloc(size_t bytes);
void *cli_calloc(size_t count, size_t size);
void *cli_realloc(void *old, size_t bytes);
char *cli_strdup(const char *text);
char *cli_strndup(const char *text, size_t len);

/* The same for the engine's copies of a state (ts_clone, ts_copy), and the
 * message and exit on their own for a caller that checked a result itself. */
struct TsState;
struct TsState *cli_clone(const struct TsState *s);
void cli_copy(struct TsState *dst, const struct TsState *src);
_Noreturn void cli_out_of_memory(void);

#endif
