/* cmd_bench.c — `tessera bench GAME`: random playouts of any game, measured
 * in the same run as the game's hand-written C baseline when there is one,
 * so the printed ratio does not depend on the machine. Benchmarks print;
 * they never assert. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "baseline.h"
#include "catalogue.h"
#include "cli.h"
#include "cli_alloc.h"

static const char usage[] =
    "usage: tessera bench GAME [-n N] [--seed S] [--variant a,b] [--set NAME=N] [--players N]\n"
    "       tessera bench --all [-n N] [--seed S]\n"
    "\n"
    "Plays N random playouts (default 2000) with seeds S, S+1, ... (default 1)\n"
    "and prints playouts/s, decisions/s, the state's size in bytes and the cost\n"
    "of cloning and hashing it. When the game has a hand-written C baseline for\n"
    "this player count (tests/bench/), it plays the same seeds in the same run,\n"
    "checks that both played the same games, and prints script/baseline.\n"
    "--all: one table row per game of the games directory and per variant of\n"
    "it (each alone, the fewest players it allows), N playouts each (default 200).\n";

typedef struct BenchArgs {
  const char *game, *variants, *players;
  uint64_t seed;
  long playouts;
  bool all;
  char settings[512];
} BenchArgs;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int parse_args(int argc, char **argv, BenchArgs *a) {
  int status;
  enum { HELP, COUNT, VARIANT, PLAYERS, SEED, SET, ALL };
  static const OptSpec specs[] = {{"--help", "-h", false}, {"--playouts", "-n", true}, {"--variant", NULL, true},
                                  {"--players", NULL, true}, {"--seed", NULL, true}, {"--set", NULL, true},
                                  {"--all", NULL, false}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 7);
  a->seed = 1;
  a->playouts = 0;
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    switch (o) {
    case OPT_BAD: return cli_bad_option(&op);
    case HELP: fputs(usage, stdout); return -1;
    case ALL: a->all = true; break;
    case VARIANT: a->variants = op.value; break;
    case PLAYERS: a->players = op.value; break;
    case SET:
      if ((status = cli_add_setting(a->settings, sizeof a->settings, op.value))) return status;
      break;
    case COUNT:
      if (!opt_parse_int(op.value, 1, 100000000, &a->playouts))
        return cli_fail(EXIT_USAGE, "-n wants a number of playouts from 1 to 100000000, got '%s'", op.value);
      break;
    case SEED:
      if ((status = cli_parse_seed(op.value, &a->seed))) return status;
      break;
    default:
      if ((status = cli_take_game("bench", &a->game, op.value))) return status;
    }
  }
  if (a->all) {
    if (a->game || a->variants || a->players || a->settings[0])
      return cli_fail(EXIT_USAGE, "bench --all takes no GAME, --variant, --players or --set");
    if (!a->playouts) a->playouts = 200;
    return 0;
  }
  if ((status = cli_need_game("bench", a->game))) return status;
  if (!a->playouts) a->playouts = 2000;
  return 0;
}

/* Plays the state to the end with random agents; returns the decisions. */
static int64_t playout(TsState *s, uint64_t seed, int players) {
  Agent agents[AGENTS_MAX];
  for (int i = 0; i < players; i++) agent_init(&agents[i], AGENT_RANDOM, seed, i);
  int64_t decisions = 0;
  for (int seat; (seat = ts_current_seat(s)) >= 0; decisions++) /* -1: over */
    ts_apply(s, agent_pick_auto(&agents[seat], ts_legal_count(s)), NULL, 0);
  return decisions;
}

typedef struct ScriptRun {
  double seconds;
  int64_t decisions, errors;
  size_t max_bytes;
} ScriptRun;

/* Playouts from..to-1 (seeds seed + i), added to r. */
static void run_script(const Session *ses, const BenchArgs *a, TsState *s, long from, long to, ScriptRun *r) {
  double start = now();
  for (long i = from; i < to; i++) {
    if (i) ts_reset(s, a->seed + (uint64_t)i);
    r->decisions += playout(s, a->seed + (uint64_t)i, ses->players);
    if (ts_error(s)) r->errors++;
    if (ts_state_bytes(s) > r->max_bytes) r->max_bytes = ts_state_bytes(s);
  }
  r->seconds += now() - start;
}

typedef struct BaselineRun {
  double seconds;
  int64_t decisions;
} BaselineRun;

static void run_baseline(const Baseline *b, const BenchArgs *a, long from, long to, BaselineRun *r) {
  double start = now();
  for (long i = from; i < to; i++) {
    BaselineResult result = {0};
    b->playout(a->seed + (uint64_t)i, &result);
    r->decisions += result.decisions;
  }
  r->seconds += now() - start;
}

/* Script and baseline take turns over ten slices of the seeds, so a change
 * in the machine's load during the run weighs on both alike. */
enum { SLICES = 10 };
static void run_both(const Session *ses, const BenchArgs *a, TsState *s, const Baseline *b, ScriptRun *script,
                     BaselineRun *base) {
  for (int k = 0; k < SLICES; k++) {
    long from = a->playouts * k / SLICES, to = a->playouts * (k + 1) / SLICES;
    run_script(ses, a, s, from, to, script);
    if (b) run_baseline(b, a, from, to, base);
  }
}

typedef struct CopyCost {
  double copy_ns, hash_ns;
  size_t mid_bytes;
} CopyCost;

/* Clone and hash cost on a position halfway through the first game. */
static CopyCost copy_cost(const BenchArgs *a, TsState *s, int players) {
  ts_reset(s, a->seed);
  Agent agents[AGENTS_MAX];
  for (int i = 0; i < players; i++) agent_init(&agents[i], AGENT_RANDOM, a->seed, i);
  TsState *probe = cli_clone(s);
  int64_t total = playout(probe, a->seed, players);
  ts_free(probe);
  for (int64_t d = 0; d < total / 2 && !ts_is_over(s); d++)
    ts_apply(s, agent_pick_auto(&agents[ts_current_seat(s)], ts_legal_count(s)), NULL, 0);
  TsState *copy = cli_clone(s);
  const int rounds = 20000;
  double start = now();
  for (int i = 0; i < rounds; i++)
    if (ts_copy(copy, s) != 0) cli_out_of_memory();
  double copy_ns = (now() - start) * 1e9 / rounds;
  uint64_t sink = 0;
  start = now();
  for (int i = 0; i < rounds; i++) sink ^= ts_hash(copy);
  double hash_ns = (now() - start) * 1e9 / rounds;
  ts_free(copy);
  return (CopyCost){copy_ns, hash_ns + (sink == 42 ? 1e-9 : 0), ts_state_bytes(s)}; /* sink: keep the hashes */
}

static void measure_copies(const BenchArgs *a, TsState *s, int players) {
  CopyCost c = copy_cost(a, s, players);
  printf("%-22s %zu bytes (mid-game)\n", "state", c.mid_bytes);
  printf("%-22s %.0f ns   hash %.0f ns\n", "clone (ts_copy)", c.copy_ns, c.hash_ns);
}

/* The baseline plays the same seeds; it must agree with the script. */
static void report_baseline(const Baseline *b, const BenchArgs *a, const ScriptRun *script, const BaselineRun *base,
                            const Session *ses) {
  char err[256];
  long checked = a->playouts < 20 ? a->playouts : 20, agreed = 0;
  for (long i = 0; i < checked; i++) {
    BaselineResult r = {0};
    b->playout(a->seed + (uint64_t)i, &r);
    TsState *s = ts_new_game(ses->program, ses->players, a->seed + (uint64_t)i, err, sizeof err);
    int64_t decisions = s ? playout(s, a->seed + (uint64_t)i, ses->players) : -1;
    bool same = s && decisions == r.decisions && r.seats == ts_seats(s);
    for (int k = 0; same && k < r.seats; k++) same = r.scores[k] == ts_score(s, k);
    agreed += same;
    ts_free(s);
  }
  printf("%-22s %.0f playouts/s, %.0f decisions/s\n", "C baseline", a->playouts / base->seconds,
         base->decisions / base->seconds);
  printf("%-22s %ld of %ld seeds played identically\n", "agreement", agreed, checked);
  printf("%-22s %.3f (script playouts/s / baseline playouts/s)\n", "ratio", base->seconds / script->seconds);
}

/* One row of `bench --all`: GAME with one variant (NULL: none). */
static void bench_row(const char *game, const char *variant, const BenchArgs *all) {
  BenchArgs a = *all;
  a.game = game, a.variants = variant;
  Session ses;
  if (session_open_set(&ses, game, variant, NULL, NULL, false)) return;
  char err[256];
  TsState *s = ts_new_game(ses.program, ses.players, a.seed, err, sizeof err);
  if (!s) {
    printf("%-14s %-14s %2d  (cannot start: %s)\n", game, variant ? variant : "-", ses.players, err);
    session_close(&ses);
    return;
  }
  ScriptRun r = {0};
  run_script(&ses, &a, s, 0, a.playouts, &r);
  CopyCost c = copy_cost(&a, s, ses.players);
  printf("%-14s %-14s %2d %11.0f %12.0f %8.1f %7zu %7zu %6.0f %6.0f%s\n", game, variant ? variant : "-", ses.players,
         a.playouts / r.seconds, r.decisions / r.seconds, (double)r.decisions / (double)a.playouts, r.max_bytes,
         c.mid_bytes, c.copy_ns, c.hash_ns, r.errors ? "  (runtime errors)" : "");
  fflush(stdout);
  ts_free(s);
  session_close(&ses);
}

/* Every game of the games directory, alone and with each variant `tessera
 * list` shows with it (an extension's too). */
static int bench_all(const BenchArgs *a) {
  Catalogue c;
  if (catalogue_open(&c) < 0)
    return cli_fail(1, "cannot read the games directory %s: %s", cli_games_dir(), strerror(errno));
  printf("%d random playouts per row from seed %" PRIu64 ", single thread\n", (int)a->playouts, a->seed);
  printf("%-14s %-14s %2s %11s %12s %8s %7s %7s %6s %6s\n", "game", "variant", "p", "playouts/s", "decisions/s",
         "dec/game", "bytes", "mid", "copy", "hash");
  for (int i = 0; i < c.count; i++) {
    if (!c.programs[i] || !catalogue_is_game(&c, i)) continue;
    bench_row(c.names[i], NULL, a);
    ListedVariant *listed;
    int n = catalogue_variants(&c, i, &listed);
    if (n < 0) cli_out_of_memory();
    for (int v = 0; v < n; v++) bench_row(c.names[i], ts_program_variant_name(listed[v].program, listed[v].index), a);
    free(listed);
  }
  catalogue_close(&c);
  return 0;
}

int cmd_bench(int argc, char **argv) {
  BenchArgs a = {0};
  int status = parse_args(argc, argv, &a);
  if (status) return status < 0 ? 0 : status;
  if (a.all) return bench_all(&a);
  Session ses;
  status = session_open_set(&ses, a.game, a.variants, a.settings[0] ? a.settings : NULL, a.players, false);
  if (status) return status;
  char err[256];
  TsState *s = ts_new_game(ses.program, ses.players, a.seed, err, sizeof err);
  if (!s) {
    session_close(&ses);
    return cli_fail(1, "%s", err);
  }
  printf("%s, %d players, %ld random playouts from seed %" PRIu64 "\n", ts_program_name(ses.program), ses.players,
         a.playouts, a.seed);
  const char *stem = strrchr(ses.path, '/') ? strrchr(ses.path, '/') + 1 : ses.path;
  char game[128];
  snprintf(game, sizeof game, "%.*s", (int)(strcspn(stem, ".")), stem);
  const Baseline *b = a.variants ? NULL : baseline_find(game, ses.players);
  ScriptRun r = {0};
  BaselineRun base = {0};
  run_both(&ses, &a, s, b, &r, &base);
  printf("%-22s %.0f playouts/s, %.0f decisions/s (%.1f decisions per game)\n", "script (VM)", a.playouts / r.seconds,
         r.decisions / r.seconds, (double)r.decisions / (double)a.playouts);
  if (r.errors) printf("%-22s %" PRId64 " playouts ended with a runtime error\n", "errors", r.errors);
  printf("%-22s %zu bytes (largest final state)\n", "state", r.max_bytes);
  measure_copies(&a, s, ses.players);
  if (b) report_baseline(b, &a, &r, &base, &ses);
  else printf("%-22s none for %s with %d players\n", "C baseline", game, ses.players);
  ts_free(s);
  session_close(&ses);
  return 0;
}
