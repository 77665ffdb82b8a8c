/* cmd_disasm.c — `tessera disasm FILE [--variant a,b]`: the bytecode. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static const char usage[] =
    "usage: tessera disasm GAME [--variant a,b]\n"
    "\n"
    "Compiles GAME (a name from `tessera list` or a path to a .tess file) with\n"
    "the selected variants and prints its bytecode.\n";

int cmd_disasm(int argc, char **argv) {
  enum { HELP, VARIANT };
  static const OptSpec specs[] = {{"--help", "-h", false}, {"--variant", NULL, true}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 2);
  const char *game = NULL, *variant_text = NULL;
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == HELP) {
      fputs(usage, stdout);
      return 0;
    }
    if (o == VARIANT) variant_text = op.value;
    else if (game) return cli_fail(EXIT_USAGE, "disasm takes one GAME, got '%s' and '%s'", game, op.value);
    else game = op.value;
  }
  if (!game) return cli_fail(EXIT_USAGE, "disasm wants a GAME (a name from `tessera list` or a .tess file)");
  StrList variants = {0};
  char err[256];
  if (variant_text && !strlist_split(variant_text, &variants, err, sizeof err))
    return cli_fail(EXIT_USAGE, "--variant: %s", err);
  char *path = cli_resolve_game(game);
  int status = EXIT_USAGE;
  TsProgram *p = NULL;
  if (path) status = cli_load_program(path, &variants, &p);
  if (p) {
    ts_program_disassemble(p, stdout);
    ts_program_free(p);
  }
  strlist_free(&variants);
  free(path);
  return status;
}
