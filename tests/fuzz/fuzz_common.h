/* fuzz_common.h — what the fuzz harnesses share: compiling bytes as a rule
 * file without touching the disk (a memfd, read through /proc/self/fd), with
 * the diagnostics thrown away. */
#ifndef TESSERA_FUZZ_COMMON_H
#define TESSERA_FUZZ_COMMON_H

#define _GNU_SOURCE
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tessera.h"

/* An in-memory file holding the input; its path in *path. -1 on failure. */
static inline int fuzz_memfile(const uint8_t *data, size_t size, char *path, size_t cap) {
  int fd = memfd_create("fuzz-input", 0);
  if (fd < 0) return -1;
  for (size_t done = 0; done < size;) {
    ssize_t n = write(fd, data + done, size - done);
    if (n <= 0) {
      close(fd);
      return -1;
    }
    done += (size_t)n;
  }
  snprintf(path, cap, "/proc/self/fd/%d", fd);
  return fd;
}

static inline FILE *fuzz_null(void) {
  static FILE *null;
  if (!null) null = fopen("/dev/null", "w");
  return null;
}

/* The input compiled as a rule file, or NULL. */
static inline TsProgram *fuzz_compile(const uint8_t *data, size_t size) {
  char path[64];
  int fd = fuzz_memfile(data, size, path, sizeof path);
  if (fd < 0) return NULL;
  TsProgram *p = ts_compile_file(path, NULL, fuzz_null());
  close(fd);
  return p;
}

#endif
