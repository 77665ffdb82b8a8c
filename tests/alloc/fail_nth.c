/* fail_nth.c — the allocation failure hook of tessera_fail_nth, a build of
 * the CLI linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,
 * --wrap=strdup,--wrap=strndup (tests/CMakeLists.txt), for tests that fail
 * one allocation of a whole command (tests/serve_alloc_test.py):
 *   TESSERA_FAIL_NTH=N           the Nth allocation of the process fails
 *   TESSERA_COUNT_ALLOCATIONS=1  the count made is printed to stderr at exit
 * The shipped `tessera` has no such hook. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *__real_malloc(size_t bytes);
void *__real_calloc(size_t count, size_t size);
void *__real_realloc(void *old, size_t bytes);
char *__real_strdup(const char *text);
char *__real_strndup(const char *text, size_t len);

static long made, fail_at = -1;

static bool fail_now(void) {
  if (fail_at < 0) {
    const char *n = getenv("TESSERA_FAIL_NTH");
    fail_at = n ? atol(n) : 0;
  }
  return ++made == fail_at;
}

void *__wrap_malloc(size_t bytes) { return fail_now() ? NULL : __real_malloc(bytes); }
void *__wrap_calloc(size_t count, size_t size) { return fail_now() ? NULL : __real_calloc(count, size); }
void *__wrap_realloc(void *old, size_t bytes) { return fail_now() ? NULL : __real_realloc(old, bytes); }
char *__wrap_strdup(const char *text) { return fail_now() ? NULL : __real_strdup(text); }
char *__wrap_strndup(const char *text, size_t len) { return fail_now() ? NULL : __real_strndup(text, len); }

__attribute__((destructor)) static void print_count(void) {
  if (getenv("TESSERA_COUNT_ALLOCATIONS")) fprintf(stderr, "allocations: %ld\n", made);
}
