/* run_inputs.c — a main for the fuzz harnesses where libFuzzer is not
 * linked (gcc builds): runs LLVMFuzzerTestOneInput once on every file of
 * the given files and folders (recursively), as `HARNESS -runs=0 DIR...`
 * does with libFuzzer, so ctest replays the seed corpora and the crash
 * regressions in every build. Options (arguments starting with '-') are
 * ignored. */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static long inputs;

static int run_file(const char *path, const struct stat *st, int type, struct FTW *ftw) {
  (void)st, (void)ftw;
  if (type != FTW_F) return 0;
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot read %s\n", path);
    return 1;
  }
  size_t cap = 1 << 16, size = 0;
  uint8_t *data = malloc(cap);
  for (size_t n; data && (n = fread(data + size, 1, cap - size, f)) > 0;) {
    size += n;
    if (size == cap) {
      uint8_t *grown = realloc(data, cap *= 2);
      if (!grown) free(data);
      data = grown;
    }
  }
  fclose(f);
  if (!data) return 1;
  LLVMFuzzerTestOneInput(data, size);
  free(data);
  inputs++;
  return 0;
}

int main(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-') continue;
    if (nftw(argv[i], run_file, 16, FTW_PHYS) != 0) {
      fprintf(stderr, "%s: cannot read %s\n", argv[0], argv[i]);
      return 1;
    }
  }
  fprintf(stderr, "%s: %ld inputs run\n", argv[0], inputs);
  return 0;
}
