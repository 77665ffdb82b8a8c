/* cmd_play.c — `tessera play GAME`: one match, humans at the terminal,
 * machine agents elsewhere, optionally traced. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "match.h"

static const char usage[] =
    "usage: tessera play GAME [--variant a,b] [--players human,random,...] [--seed N]\n"
    "                         [--trace FILE] [--max-steps N]\n"
    "\n"
    "Plays one match of GAME (a name from `tessera list` or a path to a .tess file).\n"
    "  --variant a,b      select variants (applied in this order)\n"
    "  --players LIST     one agent per seat: human, random, first; or a seat count.\n"
    "                     Default: the game's minimum count, a human at seat 1 when\n"
    "                     stdin is a terminal, random agents elsewhere\n"
    "  --seed N           the match seed (default: from the clock; printed)\n"
    "  --trace FILE       write a JSON Lines trace (docs/trace-format.md)\n"
    "  --max-steps N      stop the match after N moves (default 100000)\n"
    "At the prompt: a move number, a move text, or help, moves, board, quit.\n";

typedef struct PlayArgs {
  const char *game, *variants, *players, *trace;
  uint64_t seed;
  bool seed_given;
  long max_steps;
} PlayArgs;

static int parse_args(int argc, char **argv, PlayArgs *a) {
  int status;
  enum { HELP, VARIANT, PLAYERS, SEED, TRACE, MAX_STEPS };
  static const OptSpec specs[] = {
      {"--help", "-h", false}, {"--variant", NULL, true}, {"--players", NULL, true},
      {"--seed", NULL, true},  {"--trace", NULL, true},   {"--max-steps", NULL, true},
  };
  OptParser op;
  opt_init(&op, argc, argv, specs, 6);
  a->max_steps = 100000;
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    switch (o) {
    case OPT_BAD: return cli_bad_option(&op);
    case HELP: fputs(usage, stdout); return -1;
    case VARIANT: a->variants = op.value; break;
    case PLAYERS: a->players = op.value; break;
    case TRACE: a->trace = op.value; break;
    case SEED:
      if ((status = cli_parse_seed(op.value, &a->seed))) return status;
      a->seed_given = true;
      break;
    case MAX_STEPS:
      if (!opt_parse_int(op.value, 1, 1000000000, &a->max_steps))
        return cli_fail(EXIT_USAGE, "--max-steps wants a number from 1 to 1000000000, got '%s'", op.value);
      break;
    default:
      if ((status = cli_take_game("play", &a->game, op.value))) return status;
    }
  }
  if ((status = cli_need_game("play", a->game))) return status;
  if (!a->seed_given) a->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
  return 0;
}

/* Printed before the match starts: the rules may print while setting up. */
static void print_intro(const Session *s, uint64_t seed) {
  printf("%s, seed %llu:", ts_program_name(s->program), (unsigned long long)seed);
  for (int i = 0; i < s->players; i++) printf("%s P%d %s", i ? "," : "", i + 1, agent_kind_name(s->kinds[i]));
  putchar('\n');
  fflush(stdout);
}

static int finish(const Match *m, MatchEnd end) {
  if (end == MATCH_QUIT) {
    printf("Game abandoned after %d move%s.\n", m->steps, m->steps == 1 ? "" : "s");
    return 0;
  }
  putchar('\n');
  ts_render(m->state, -1, stdout);
  if (end == MATCH_ERROR) {
    fflush(stdout);
    return cli_fail(1, "%s", m->error);
  }
  printf("Game over after %d move%s.\n", m->steps, m->steps == 1 ? "" : "s");
  match_print_results(m->state, stdout);
  return 0;
}

static int play(Session *s, const PlayArgs *a) {
  char err[512] = "";
  print_intro(s, a->seed);
  TsState *state = ts_new_game(s->program, s->players, a->seed, err, sizeof err);
  if (!state) return cli_fail(1, "cannot start %s: %s", ts_program_name(s->program), err);
  int got = ts_players(state);
  if (got != s->players) {
    ts_free(state);
    return cli_fail(1, "engine error: asked for %d players, got %d", s->players, got);
  }
  Trace *trace = NULL;
  if (a->trace && !(trace = trace_open(a->trace, err, sizeof err))) {
    ts_free(state);
    return cli_fail(EXIT_USAGE, "%s", err);
  }
  Agent agents[AGENTS_MAX];
  session_agents(s, agents, a->seed);
  if (trace) trace_header(trace, s->program, s->path, &s->variants, state, agents, a->seed);
  Match m = {.state = state, .agents = agents, .trace = trace, .in = stdin, .out = stdout,
             .announce = true, .max_steps = a->max_steps};
  int status = finish(&m, match_run(&m));
  if (!trace_close(trace)) status = cli_fail(1, "error writing trace '%s'", a->trace);
  ts_free(state);
  return status;
}

int cmd_play(int argc, char **argv) {
  PlayArgs a = {0};
  int status = parse_args(argc, argv, &a);
  if (status) return status < 0 ? 0 : status;
  Session s;
  status = session_open(&s, a.game, a.variants, a.players, isatty(STDIN_FILENO));
  if (status == 0) status = play(&s, &a);
  session_close(&s);
  return status;
}
