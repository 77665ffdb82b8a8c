/* fuzz_replay.c — libFuzzer harness: bytes as a trace for `tessera replay`
 * (the JSON reader, the header's path policy, replaying moves against the
 * games directory). Differences are reported, never crashes. */
#include "fuzz_common.h"

#include "../../tools/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[64];
  int fd = fuzz_memfile(data, size, path, sizeof path);
  if (fd < 0) return 0;
  char *argv[] = {"replay", path, NULL};
  cmd_replay(2, argv);
  close(fd);
  return 0;
}
