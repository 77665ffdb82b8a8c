/* cmd_disasm.c — `tessera disasm FILE [--variant a,b] [--no-inline]
 * [--no-superinstructions]`: the bytecode. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static const char usage[] =
    "usage: tessera disasm GAME [--variant a,b] [--no-inline] [--no-superinstructions]\n"
    "\n"
    "Compiles GAME (a name from `tessera list` or a path to a .tess file) with\n"
    "the selected variants and prints its bytecode. --no-inline keeps every\n"
    "call of a script function a CALL (the compiler otherwise copies small\n"
    "functions, and functions called once, into their callers).\n"
    "--no-superinstructions keeps every operation its own instruction (the\n"
    "compiler otherwise fuses frequent pairs, such as STORE_LOCAL LOAD_LOCAL).\n";

int cmd_disasm(int argc, char **argv) {
  enum { HELP, VARIANT, NO_INLINE, NO_SUPERINSTRUCTIONS };
  static const OptSpec specs[] = {{"--help", "-h", false},
                                  {"--variant", NULL, true},
                                  {"--no-inline", NULL, false},
                                  {"--no-superinstructions", NULL, false}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 4);
  unsigned plain = 0;
  const char *game = NULL, *variant_text = NULL;
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == HELP) {
      fputs(usage, stdout);
      return 0;
    }
    if (o == VARIANT) variant_text = op.value;
    else if (o == NO_INLINE) plain |= CLI_NO_INLINE;
    else if (o == NO_SUPERINSTRUCTIONS) plain |= CLI_NO_SUPERINSTRUCTIONS;
    else if (game) return cli_fail(EXIT_USAGE, "disasm takes one GAME, got '%s' and '%s'", game, op.value);
    else game = op.value;
  }
  if (!game) return cli_fail(EXIT_USAGE, "disasm wants a GAME (a name from `tessera list` or a .tess file)");
  StrList variants = {0};
  char err[256];
  if (variant_text && !strlist_split(variant_text, &variants, err, sizeof err))
    return cli_fail(EXIT_USAGE, "--variant: %s", err);
  char *path = cli_resolve_game(game);
  int status = path ? EXIT_USAGE : cli_resolve_failure();
  TsProgram *p = NULL;
  if (path) status = cli_load_program(path, &variants, plain, &p);
  if (p) {
    ts_program_disassemble(p, stdout);
    ts_program_free(p);
  }
  strlist_free(&variants);
  free(path);
  return status;
}
