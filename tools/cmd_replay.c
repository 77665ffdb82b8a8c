/* cmd_replay.c — `tessera replay TRACE… [--strict] [--rules FILE] [--update]`:
 * plays the recorded moves of each trace again with the current rules and
 * engine and reports the first place where they disagree with the recording
 * (golden playthroughs, docs/testing.md; the work is in replay.c). */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "replay.h"

static const char usage[] =
    "usage: tessera replay TRACE... [--strict] [--rules FILE] [--update]\n"
    "\n"
    "Replays each trace (docs/trace-format.md) with the current rules and engine:\n"
    "the header's game, variants, player count and seed, then every recorded move\n"
    "by its text; agents are not consulted. Compared in order: the deciding seat,\n"
    "the legal moves, the chosen move, the observation (field by field), and at the\n"
    "end the scores, the ranking and the error. The first difference in a file is\n"
    "printed as `TRACE:LINE: step N: ...`; exit status 1 when any file differs.\n"
    "The rule file is the header's `file` (relative to the trace's folder), else\n"
    "its game_id in the games directory; `ok` says which file was replayed.\n"
    "  --strict      also compare the engine's state hash (any change to a script\n"
    "                or the engine, even one that changes no rule, shows)\n"
    "  --rules FILE  replay with this rule file instead\n"
    "  --update      instead play each header's match again (same game, variants,\n"
    "                agents and seed), rewrite the trace after an intended rule\n"
    "                change, and print what changed per step and field\n";

int cmd_replay(int argc, char **argv) {
  enum { HELP, UPDATE, STRICT, RULES };
  static const OptSpec specs[] = {
      {"--help", "-h", false}, {"--update", NULL, false}, {"--strict", NULL, false}, {"--rules", NULL, true}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 4);
  bool update = false;
  ReplayOptions o = {0};
  const char **files = calloc((size_t)argc + 1, sizeof *files);
  int count = 0;
  if (!files) return cli_fail(1, "out of memory");
  for (int opt; (opt = opt_next(&op)) != OPT_END;) {
    if (opt == OPT_BAD || opt == HELP) {
      free(files);
      if (opt == HELP) fputs(usage, stdout);
      return opt == HELP ? 0 : cli_bad_option(&op);
    }
    if (opt == UPDATE) update = true;
    else if (opt == STRICT) o.strict = true, unsetenv(TEST_COVERAGE_ENV); /* coverage code changes the hash */
    else if (opt == RULES) o.rules = op.value;
    else files[count++] = op.value;
  }
  int status = count ? 0 : cli_fail(EXIT_USAGE, "replay wants one or more TRACE files (from `tessera play --trace`)");
  int failed = 0;
  for (int i = 0; i < count; i++) failed += (update ? replay_update(files[i], &o) : replay_trace(files[i], &o)) != 0;
  free(files);
  if (count > 1 && failed) fprintf(stderr, "%d of %d traces %s\n", failed, count, update ? "failed" : "differ");
  return status ? status : failed ? 1 : 0;
}
