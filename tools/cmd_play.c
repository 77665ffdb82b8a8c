/* cmd_play.c — `tessera play GAME`: one match, humans at the terminal,
 * machine agents elsewhere, optionally traced; or `--resume FILE`: a saved
 * match (any trace) played on from where it stopped. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "game_args.h"
#include "match.h"
#include "save.h"

static const char usage[] =
    "usage: tessera play GAME [--variant a,b] [--set NAME=N,...] [--players human,mcts,...]\n"
    "                         [--seed N] [--trace FILE] [--public-trace FILE] [--max-steps N]\n"
    "       tessera play --resume FILE [--players ...] [--trace FILE]\n"
    "\n"
    "Plays one match of GAME (a name from `tessera list` or a path to a .tess file).\n"
    "  --variant a,b      select variants (applied in this order)\n"
    "  --set NAME=N       set a match option (see `tessera list`); may be repeated\n"
    "  --players LIST     one agent per seat: human, random, first, greedy[:PLIES],\n"
    "                     mcts[:PLAYOUTS|:Ts|:Tms], ismcts[...]; or a seat count.\n"
    "                     Default: the game's minimum count, a human at seat 1 when\n"
    "                     stdin is a terminal, random agents elsewhere\n"
    "  --seed N           the match seed (default: from the clock; printed)\n"
    "  --trace FILE       write a JSON Lines trace (docs/trace-format.md)\n"
    "  --resume FILE      go on with a saved match (a trace): its game, variants,\n"
    "                     seed and moves; its agents unless --players is given\n"
    "  --public-trace FILE  write the trace a spectator may see (no hidden values,\n"
    "                     no secret choices, no hashes or seed)\n"
    "  --max-steps N      stop the match after N moves (default 100000)\n"
    "At the prompt: a move number, a move text, the start of one, or a command\n"
    "(help lists them: moves, board, score, rules, undo, save FILE, quit).\n"
    "Colours when stdout is a terminal, unless NO_COLOR is set.\n";

typedef struct PlayArgs {
  GameArgs g;
  const char *trace, *resume, *public_trace;
  bool seed_given;
  long max_steps;
} PlayArgs;

static int parse_args(int argc, char **argv, PlayArgs *a) {
  enum { HELP, TRACE, MAX_STEPS, RESUME, PUBLIC_TRACE, SEED };
  static const OptSpec specs[] = {
      {"--help", "-h", false},  {"--trace", NULL, true},   {"--max-steps", NULL, true},
      {"--resume", NULL, true}, {"--public-trace", NULL, true}, {"--seed", NULL, true},
      {"--variant", NULL, true}, {"--players", NULL, true}, {"--set", NULL, true},
  };
  OptParser op;
  opt_init(&op, argc, argv, specs, 9);
  a->max_steps = 100000;
  for (int o, status; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == HELP) return fputs(usage, stdout), -1;
    if (o == TRACE) a->trace = op.value;
    else if (o == RESUME) a->resume = op.value;
    else if (o == PUBLIC_TRACE) a->public_trace = op.value;
    else if (o == MAX_STEPS) {
      if (!opt_parse_int(op.value, 1, 1000000000, &a->max_steps))
        return cli_fail(EXIT_USAGE, "--max-steps wants a number from 1 to 1000000000, got '%s'", op.value);
    } else if ((status = game_args_take(&a->g, "play", &op, o)) != 0) return status;
    a->seed_given |= o == SEED;
  }
  const GameArgs *g = &a->g;
  if (a->resume && (g->game || g->variants || a->seed_given || g->settings[0]))
    return cli_fail(EXIT_USAGE, "--resume takes the game, variants, options and seed from the saved match; drop %s",
                    g->game ? "GAME" : g->variants ? "--variant" : g->settings[0] ? "--set" : "--seed");
  int status;
  if (!a->resume && (status = cli_need_game("play", g->game))) return status;
  if (!a->seed_given) a->g.seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
  return 0;
}

/* Printed before the match starts: the rules may print while setting up. */
static void print_intro(const Session *s, uint64_t seed) {
  printf("%s, seed %llu:", ts_program_name(s->program), (unsigned long long)seed);
  for (int i = 0; i < s->players; i++) {
    char name[64];
    printf("%s P%d %s", i ? "," : "", i + 1, agent_spec_text(s->kinds[i], &s->params[i], name, sizeof name));
  }
  putchar('\n');
  fflush(stdout);
}

static int finish(const Match *m, MatchEnd end) {
  if (end == MATCH_QUIT) {
    printf("Game abandoned after %d move%s.\n", m->steps, m->steps == 1 ? "" : "s");
    return 0;
  }
  putchar('\n');
  TsRenderStyle style = {.color = m->color, .before = match_before_last(m)};
  ts_render_styled(m->state, -1, &style, stdout);
  if (end == MATCH_ERROR) {
    fflush(stdout);
    return cli_fail(1, "%s", m->error);
  }
  printf("Game over after %d move%s.\n", m->steps, m->steps == 1 ? "" : "s");
  match_print_results(m->state, stdout);
  return 0;
}

/* Closing stdin ends a prompt's read even when the signal came just before
 * it started (close is safe in a handler). */
static void on_interrupt(int signal) {
  (void)signal;
  match_interrupted = 1;
  close(STDIN_FILENO);
}

/* Ctrl-C ends the match after the decision in progress (a second one kills). */
static void catch_interrupt(void) {
  struct sigaction action = {.sa_handler = on_interrupt, .sa_flags = SA_RESETHAND}; /* no SA_RESTART: */
  sigemptyset(&action.sa_mask); /* the prompt's read returns at once */
  sigaction(SIGINT, &action, NULL);
}

static bool want_color(void) {
  const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
  return isatty(STDOUT_FILENO) && !(no && *no) && !(term && strcmp(term, "dumb") == 0);
}

/* The saved match's moves played again, each checked to be legal for the
 * seat that made it. */
static int replay_saved(Match *m, const SavedGame *saved) {
  for (int i = 0; i < saved->move_count; i++) {
    int seat = ts_current_seat(m->state), option = ts_find_move(m->state, saved->moves[i]);
    if (ts_is_over(m->state) || seat != saved->seats[i] || option < 0)
      return cli_fail(1, "cannot resume: move %d (%s by P%d) is not legal in the saved game here", i + 1,
                      saved->moves[i], saved->seats[i] + 1);
    if (match_apply(m, option) == MATCH_ERROR) return cli_fail(1, "cannot resume: %s", m->error);
  }
  printf("Resumed after %d move%s.\n", saved->move_count, saved->move_count == 1 ? "" : "s");
  return 0;
}

static int play(Session *s, const PlayArgs *a, const SavedGame *saved) {
  char err[512] = "";
  print_intro(s, a->g.seed);
  TsState *state = ts_new_game(s->program, s->players, a->g.seed, err, sizeof err);
  if (!state) return cli_fail(1, "cannot start %s: %s", ts_program_name(s->program), err);
  int got = ts_players(state);
  if (got != s->players) {
    ts_free(state);
    return cli_fail(1, "engine error: asked for %d players, got %d", s->players, got);
  }
  Trace *trace = NULL, *spectator = NULL;
  if ((a->trace && !(trace = trace_open(a->trace, err, sizeof err))) ||
      (a->public_trace && !(spectator = trace_open_view(a->public_trace, TS_VIEW_PUBLIC, err, sizeof err)))) {
    trace_close(trace);
    ts_free(state);
    return cli_fail(1, "%s", err); /* a file that cannot be written: docs/cli.md */
  }
  Agent agents[AGENTS_MAX];
  session_agents(s, agents, a->g.seed);
  for (int i = 0; i < s->players; i++) {
    agents[i].params.stop = &match_interrupted;
    if (agents[i].kind == AGENT_MCTS && ts_hides_from(state, i))
      printf("Note: P%d (mcts) searches the whole state, hidden information included; ismcts does not.\n", i + 1);
  }
  if (trace) trace_header(trace, s->program, s->path, &s->variants, state, agents, a->g.seed);
  if (spectator) trace_header(spectator, s->program, s->path, &s->variants, state, agents, a->g.seed);
  Match m = {.state = state, .agents = agents, .trace = trace, .public_trace = spectator, .in = stdin, .out = stdout,
             .announce = true, .max_steps = a->max_steps, .keep_history = true, .session = s,
             .seed = a->g.seed, .color = want_color(), .terminal = isatty(STDOUT_FILENO), .viewer = -1};
  catch_interrupt();
  int status = saved ? replay_saved(&m, saved) : 0;
  if (status == 0) status = finish(&m, match_run(&m));
  if (!trace_close(trace)) status = cli_fail(1, "error writing trace '%s'", a->trace);
  if (!trace_close(spectator)) status = cli_fail(1, "error writing trace '%s'", a->public_trace);
  match_history_free(&m);
  ts_free(state);
  return status;
}

static int resume(PlayArgs *a) {
  SavedGame saved;
  char err[512];
  if (!saved_game_read(a->resume, &saved, err, sizeof err)) return cli_fail(EXIT_USAGE, "--resume: %s", err);
  a->g.seed = saved.seed;
  Session s;
  int status = session_open_set(&s, saved.game, saved.variants, saved.settings,
                                a->g.players ? a->g.players : saved.agents, false);
  if (status == 0) status = play(&s, a, &saved);
  session_close(&s);
  saved_game_free(&saved);
  return status;
}

int cmd_play(int argc, char **argv) {
  PlayArgs a = {0};
  int status = parse_args(argc, argv, &a);
  if (status) return status < 0 ? 0 : status;
  if (a.resume) return resume(&a);
  Session s;
  status = session_open_set(&s, a.g.game, a.g.variants, game_args_settings(&a.g), a.g.players,
                            isatty(STDIN_FILENO));
  if (status == 0) status = play(&s, &a, NULL);
  session_close(&s);
  return status;
}
