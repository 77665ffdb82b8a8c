/* cmd_run.c — `tessera run GAME -n N`: N seeded matches between machine
 * agents, as a table or JSON Lines, with a summary. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "game_args.h"
#include "json.h"
#include "match.h"

static const char usage[] =
    "usage: tessera run GAME [-n N] [--variant a,b] [--players N|mcts:500,greedy,...]\n"
    "                        [--seed S] [--json] [--max-steps N] [--set NAME=N]\n"
    "\n"
    "Plays N matches (default 10) with seeds S, S+1, ... (default S = 1) between\n"
    "machine agents (random, first, greedy, mcts, ismcts; default: random at every\n"
    "seat of the game's minimum count)\n"
    "and prints one row per match (seed, moves, score per seat, winners) and a\n"
    "summary. --json prints one JSON object per match and a summary object.\n"
    "Exit status 1 when any match ended with a runtime error.\n";

typedef struct RunArgs {
  GameArgs g;
  long games, max_steps;
  bool json;
} RunArgs;

/* Totals over the matches that ended without error. */
typedef struct Summary {
  int seats, games, completed, errors;
  long steps;
  long *wins;
  double *score_sum;
  char (*names)[16];
} Summary;

static int parse_args(int argc, char **argv, RunArgs *a) {
  enum { HELP, COUNT, JSON, MAX_STEPS };
  static const OptSpec specs[] = {
      {"--help", "-h", false}, {"--games", "-n", true}, {"--json", NULL, false}, {"--max-steps", NULL, true},
      {"--variant", NULL, true}, {"--players", NULL, true}, {"--seed", NULL, true}, {"--set", NULL, true},
  };
  OptParser op;
  opt_init(&op, argc, argv, specs, 8);
  a->g.seed = 1;
  a->games = 10;
  a->max_steps = 100000;
  for (int o, status; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == HELP) return fputs(usage, stdout), -1;
    if (o == JSON) a->json = true;
    else if (o == COUNT && !opt_parse_int(op.value, 1, 1000000000, &a->games))
      return cli_fail(EXIT_USAGE, "-n wants a number of matches from 1 to 1000000000, got '%s'", op.value);
    else if (o == MAX_STEPS && !opt_parse_int(op.value, 1, 1000000000, &a->max_steps))
      return cli_fail(EXIT_USAGE, "--max-steps wants a number from 1 to 1000000000, got '%s'", op.value);
    else if (o != COUNT && o != MAX_STEPS && (status = game_args_take(&a->g, "run", &op, o)) != 0) return status;
  }
  return cli_need_game("run", a->g.game);
}

static bool summary_init(Summary *sum, const TsState *s) {
  sum->seats = ts_seats(s);
  sum->wins = calloc((size_t)sum->seats, sizeof *sum->wins);
  sum->score_sum = calloc((size_t)sum->seats, sizeof *sum->score_sum);
  sum->names = calloc((size_t)sum->seats, sizeof *sum->names);
  if (!sum->wins || !sum->score_sum || !sum->names) return false;
  for (int i = 0; i < sum->seats; i++) ts_seat_name(s, i, sum->names[i], sizeof sum->names[i]);
  return true;
}

static void summary_add(Summary *sum, const TsState *s, int steps) {
  int seats = ts_seats(s) < sum->seats ? ts_seats(s) : sum->seats;
  int *rank = calloc((size_t)ts_seats(s) + 1, sizeof *rank);
  if (rank) ts_ranking(s, rank);
  for (int i = 0; i < seats; i++) {
    sum->score_sum[i] += (double)ts_score(s, i);
    sum->wins[i] += rank && rank[i] == 1;
  }
  free(rank);
  sum->completed++;
  sum->steps += steps;
}

static void print_table_header(const Summary *sum) {
  printf("%-8s %6s", "seed", "moves");
  for (int i = 0; i < sum->seats; i++) printf(" %6s", sum->names[i]);
  printf("  winner\n");
}

static void print_row(uint64_t seed, const TsState *s, int steps, const char *error) {
  printf("%-8" PRIu64 " %6d", seed, steps);
  for (int i = 0; s && i < ts_seats(s); i++) printf(" %6" PRId64, ts_score(s, i));
  char winners[512] = "";
  if (!error && s) match_winners(s, winners, sizeof winners);
  printf("  %s%s\n", error ? "error: " : "", error ? error : winners);
}

static void print_json_row(uint64_t seed, const TsState *s, int steps, const char *error) {
  printf("{\"seed\":%" PRIu64 ",\"steps\":%d,\"scores\":", seed, steps);
  if (s) json_scores(stdout, s);
  else fputs("[]", stdout);
  fputs(",\"ranking\":", stdout);
  if (s) json_ranking(stdout, s);
  else fputs("[]", stdout);
  fputs(",\"winners\":[", stdout);
  int seats = s ? ts_seats(s) : 0;
  int *rank = calloc((size_t)seats + 1, sizeof *rank);
  char name[64];
  bool first = true;
  if (rank && s && !error) {
    ts_ranking(s, rank);
    for (int i = 0; i < seats; i++) {
      if (rank[i] != 1) continue;
      if (!first) putchar(',');
      json_put_string(stdout, ts_seat_name(s, i, name, sizeof name));
      first = false;
    }
  }
  free(rank);
  fputs("],\"error\":", stdout);
  json_put_string(stdout, error);
  fputs("}\n", stdout);
}

static double mean(double total, int n) {
  return n ? total / n : 0.0;
}

static void print_summary(const Summary *sum, bool json, double seconds) {
  if (json) {
    printf("{\"summary\":true,\"games\":%d,\"completed\":%d,\"errors\":%d,\"seats\":[", sum->games,
           sum->completed, sum->errors);
    for (int i = 0; i < sum->seats; i++) {
      if (i) putchar(',');
      json_put_string(stdout, sum->names[i]);
    }
    fputs("],\"wins\":[", stdout);
    for (int i = 0; i < sum->seats; i++) printf("%s%ld", i ? "," : "", sum->wins[i]);
    fputs("],\"mean_score\":[", stdout);
    for (int i = 0; i < sum->seats; i++) printf("%s%.3f", i ? "," : "", mean(sum->score_sum[i], sum->completed));
    printf("],\"mean_steps\":%.3f,\"seconds\":%.3f}\n", mean((double)sum->steps, sum->completed), seconds);
    return;
  }
  printf("\n%d matches, %d runtime errors, %.1f moves on average, %.2f s\n", sum->games, sum->errors,
         mean((double)sum->steps, sum->completed), seconds);
  printf("%-12s", "wins:");
  for (int i = 0; i < sum->seats; i++) printf("%s%s %ld", i ? ", " : " ", sum->names[i], sum->wins[i]);
  printf("\n%-12s", "mean score:");
  for (int i = 0; i < sum->seats; i++)
    printf("%s%s %.2f", i ? ", " : " ", sum->names[i], mean(sum->score_sum[i], sum->completed));
  putchar('\n');
}

/* One match; false only when out of memory. */
static bool run_one(const Session *s, const RunArgs *a, uint64_t seed, Summary *sum) {
  char err[512] = "";
  TsState *state = ts_new_game(s->program, s->players, seed, err, sizeof err);
  if (state && !sum->seats) {
    if (!summary_init(sum, state)) return false;
    if (!a->json) print_table_header(sum);
  }
  Agent agents[AGENTS_MAX];
  session_agents(s, agents, seed);
  Match m = {.state = state, .agents = agents, .max_steps = a->max_steps};
  const char *error = err[0] ? err : "cannot start the match";
  if (state && ts_players(state) != s->players) error = "engine error: wrong number of players";
  else if (state) error = match_run(&m) == MATCH_ERROR ? m.error : NULL;
  sum->games++;
  if (error) sum->errors++;
  else summary_add(sum, state, m.steps);
  if (a->json) print_json_row(seed, state, m.steps, error);
  else print_row(seed, state, m.steps, error);
  if (state) ts_free(state);
  return true;
}

static int run(const Session *s, const RunArgs *a) {
  for (int i = 0; i < s->players; i++)
    if (s->kinds[i] == AGENT_HUMAN) return cli_fail(EXIT_USAGE, "run plays without humans; agents: random, first, greedy, mcts, ismcts");
  Summary sum = {0};
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (long k = 0; k < a->games; k++)
    if (!run_one(s, a, a->g.seed + (uint64_t)k, &sum)) return cli_fail(1, "out of memory");
  clock_gettime(CLOCK_MONOTONIC, &t1);
  print_summary(&sum, a->json, (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
  free(sum.wins);
  free(sum.score_sum);
  free(sum.names);
  return sum.errors ? 1 : 0;
}

int cmd_run(int argc, char **argv) {
  RunArgs a = {0};
  int status = parse_args(argc, argv, &a);
  if (status) return status < 0 ? 0 : status;
  Session s;
  status = session_open_set(&s, a.g.game, a.g.variants, game_args_settings(&a.g), a.g.players, false);
  if (status == 0) status = run(&s, &a);
  session_close(&s);
  return status;
}
