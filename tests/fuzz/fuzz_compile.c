/* fuzz_compile.c — libFuzzer harness: any bytes as a rule file through the
 * lexer, parser, checker, compiler and frame layout. Nothing may crash,
 * hang or leak, whatever the diagnostics. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  TsProgram *p = fuzz_compile(data, size);
  if (p) ts_program_free(p);
  return 0;
}
