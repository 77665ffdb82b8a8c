/* cmd_perft.c — `tessera perft GAME --seed S --depth N`: the number of nodes
 * of the decision tree below a seeded start, depth by depth, as chess and
 * RBG engines count them to pin move generation: any change to which moves
 * are legal, or to what a move does, changes the counts. Works for any
 * game; chance inside a move follows the state's own seeded generator, so
 * the tree is fixed by the seed. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "cli_alloc.h"
#include "game_args.h"

static const char usage[] =
    "usage: tessera perft GAME [--seed S] [--depth N] [--variant a,b] [--set NAME=N] [--players N]\n"
    "                          [--divide]\n"
    "\n"
    "Counts the nodes of GAME's decision tree from the start of the match with seed\n"
    "S (default 1): for each depth d = 1..N (default 3), the states reached after\n"
    "exactly d decisions, plus the matches that ended earlier (`over`). Prints one\n"
    "line per depth. --divide also prints, for each first move, the nodes at depth N\n"
    "below it (to find which move's subtree changed).\n";

typedef struct PerftArgs {
  GameArgs g;
  long depth;
  bool divide;
} PerftArgs;

static int parse_args(int argc, char **argv, PerftArgs *a) {
  enum { HELP, DEPTH, VARIANT, PLAYERS, SEED, DIVIDE, SET };
  static const OptSpec specs[] = {{"--help", "-h", false},   {"--depth", "-d", true}, {"--variant", NULL, true},
                                  {"--players", NULL, true}, {"--seed", NULL, true},  {"--divide", NULL, false},
                                  {"--set", NULL, true}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 7);
  a->g.seed = 1;
  a->depth = 3;
  for (int o, status; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == HELP) return fputs(usage, stdout), -1;
    if (o == DIVIDE) a->divide = true;
    else if (o == DEPTH && !opt_parse_int(op.value, 1, 64, &a->depth))
      return cli_fail(EXIT_USAGE, "--depth wants a number from 1 to 64, got '%s'", op.value);
    else if (o != DEPTH && (status = game_args_take(&a->g, "perft", &op, o)) != 0) return status;
  }
  return cli_need_game("perft", a->g.game);
}

/* Counts per depth: nodes[d] states after d decisions, over[d] of them
 * ended (counted at d and not expanded), errors[d] ended by a runtime error. */
typedef struct Counts {
  int64_t nodes[65], over[65], errors[65];
} Counts;

/* One preallocated state per level: no allocation while walking. */
static void walk(TsState **level, int d, int depth, Counts *c) {
  TsState *s = level[d];
  c->nodes[d]++;
  if (ts_is_over(s)) {
    c->over[d]++;
    c->errors[d] += ts_error(s) != NULL;
    return;
  }
  if (d == depth) return;
  int n = ts_legal_count(s);
  for (int i = 0; i < n; i++) {
    cli_copy(level[d + 1], s);
    ts_apply(level[d + 1], i, NULL, 0);
    walk(level, d + 1, depth, c);
  }
}

static void divide(TsState **level, int depth) {
  TsState *s = level[0];
  char text[1024];
  for (int i = 0; i < ts_legal_count(s); i++) {
    Counts c = {0};
    cli_copy(level[1], s);
    ts_apply(level[1], i, NULL, 0);
    walk(level, 1, depth, &c);
    printf("%s: %" PRId64 "\n", ts_legal_text(s, i, text, sizeof text), c.nodes[depth]);
  }
}

int cmd_perft(int argc, char **argv) {
  PerftArgs a = {0};
  int status = parse_args(argc, argv, &a);
  if (status) return status < 0 ? 0 : status;
  Session session;
  if ((status = session_open_set(&session, a.g.game, a.g.variants, game_args_settings(&a.g), a.g.players, false))) return status;
  char err[512] = "";
  TsState *level[66] = {0};
  ts_set_print_quiet(true); /* stdout is the counts' */
  level[0] = ts_new_game(session.program, session.players, a.g.seed, err, sizeof err);
  for (int d = 1; level[0] && d <= a.depth; d++) level[d] = cli_clone(level[0]);
  if (!level[0]) status = cli_fail(1, "cannot start %s: %s", ts_program_name(session.program), err);
  if (!status) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    Counts c = {0};
    walk(level, 0, (int)a.depth, &c);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("perft %s, %d player%s, seed %" PRIu64 "%s%s%s%s\n", ts_program_name(session.program), session.players,
           session.players == 1 ? "" : "s", a.g.seed, a.g.variants ? ", variants " : "",
           a.g.variants ? a.g.variants : "", game_args_settings(&a.g) ? ", set " : "",
           game_args_settings(&a.g) ? a.g.settings : "");
    int64_t total = 0;
    for (int d = 1; d <= a.depth; d++) {
      total += c.nodes[d];
      printf("depth %d: %" PRId64 " nodes (%" PRId64 " over, %" PRId64 " errors)\n", d, c.nodes[d], c.over[d],
             c.errors[d]);
    }
    fprintf(stderr, "%" PRId64 " nodes in %.3f s\n", total, seconds);
    if (ts_is_over(level[0]))
      printf("the match is over before its first decision%s%s\n", ts_error(level[0]) ? ": " : "",
             ts_error(level[0]) ? ts_error(level[0]) : "");
    if (a.divide) divide(level, (int)a.depth);
  }
  for (int d = 0; d <= a.depth; d++)
    if (level[d]) ts_free(level[d]);
  session_close(&session);
  return status;
}
