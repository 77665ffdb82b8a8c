/* cmd_check.c — `tessera check FILE…`: compiles each file, then each of its
 * variants alone, reporting every diagnostic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: tessera check FILE...\n"
    "\n"
    "Compiles each rule file (or game name) and prints every error and warning\n"
    "as file:line:col: message. Each declared variant is then compiled\n"
    "together with the variants it requires (as with --variant). Exit status 1\n"
    "when any file has an error.\n";

/* Compiles `path` with `variant` and the variants it requires; prints the
 * diagnostics if that fails. */
static bool check_variant(const char *path, const char *variant, const char *requires) {
  char *names = strdup(requires);
  const char **selection = calloc(strlen(requires) / 2 + 2, sizeof *selection); /* names are at least 1 byte + ',' */
  if (!names || !selection) {
    free(names);
    free(selection);
    fprintf(stderr, "%s: out of memory\n", path);
    return false;
  }
  int count = 0;
  for (char *save = NULL, *name = strtok_r(names, ",", &save); name; name = strtok_r(NULL, ",", &save))
    selection[count++] = name;
  selection[count++] = variant;
  TsCompileOptions options = cli_compile_options(NULL);
  options.variants = selection;
  options.variant_count = count;
  char *text = NULL;
  size_t len = 0;
  FILE *diagnostics = open_memstream(&text, &len);
  TsProgram *p = ts_compile_file(path, &options, diagnostics ? diagnostics : stderr);
  if (diagnostics) fclose(diagnostics);
  if (!p) fprintf(stderr, "%s: with --variant %s:\n%s", path, variant, text ? text : "");
  free(text);
  free(names);
  free(selection);
  if (!p) return false;
  ts_program_free(p);
  return true;
}

/* Returns true when the file and all its variants compile. */
static bool check_file(const char *arg) {
  char *path = cli_resolve_game(arg);
  if (!path) return false;
  TsCompileOptions options = cli_compile_options(NULL);
  options.warnings = true;
  TsProgram *p = ts_compile_file(path, &options, stderr);
  if (!p) {
    fprintf(stderr, "%s: failed\n", path);
    free(path);
    return false;
  }
  int failed = 0;
  int variants = ts_program_variant_count(p);
  for (int i = 0; i < variants; i++) failed += !check_variant(path, ts_program_variant_name(p, i), ts_program_variant_requires(p, i));
  char counts[64];
  cli_player_counts(p, counts, sizeof counts);
  if (failed) fprintf(stderr, "%s: %d of %d variants failed\n", path, failed, variants);
  else if (ts_program_is_module(p)) printf("%s: ok (a module: no game to play)\n", path);
  else printf("%s: ok (%s, %s, %d variant%s)\n", path, ts_program_name(p), counts, variants,
              variants == 1 ? "" : "s");
  ts_program_free(p);
  free(path);
  return failed == 0;
}

int cmd_check(int argc, char **argv) {
  static const OptSpec specs[] = {{"--help", "-h", false}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 1);
  const char **files = calloc((size_t)argc, sizeof *files);
  int count = 0;
  if (!files) return cli_fail(1, "out of memory");
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) {
      free(files);
      return cli_bad_option(&op);
    }
    if (o == OPT_ARG) {
      files[count++] = op.value;
      continue;
    }
    free(files);
    fputs(usage, stdout);
    return 0;
  }
  if (count == 0) {
    free(files);
    return cli_fail(EXIT_USAGE, "check wants at least one FILE (a .tess file or a game name)");
  }
  int failed = 0;
  for (int i = 0; i < count; i++) failed += !check_file(files[i]);
  if (failed && count > 1) fprintf(stderr, "tessera: %d of %d files failed\n", failed, count);
  free(files);
  return failed ? 1 : 0;
}
