/* cmd_stats.c — `tessera stats GAME -n N`: the designer's balance report
 * over N seeded matches between machine agents (docs/stats.md). Matches are
 * split over worker processes (-j) and, for clusters, shards (--shard i/n,
 * merged by --merge); the totals (stats_totals.h) do not depend on the
 * split. */
#define _GNU_SOURCE /* strdup */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "cli_alloc.h"
#include "game_args.h"
#include "match.h"
#include "stats_report.h"
#include "trace_rules.h"

static const char usage[] =
    "usage: tessera stats GAME [-n N] [--seed S] [--variant a,b] [--set NAME=N] [--players N|random,...]\n"
    "                          [-j J] [--json] [--svg FILE] [--vs VARIANTS|FILE]\n"
    "                          [--shard I/K] [--max-steps N]\n"
    "       tessera stats --merge FILE... [--json] [--svg FILE]\n"
    "\n"
    "Plays N matches (default 1000) with seeds S..S+N-1 (default S = 1) between\n"
    "machine agents and reports, per seat and per turn position, the share of\n"
    "matches won alone with its 95% confidence interval and the share tied\n"
    "first; score mean, stdev and quantiles per seat; the match length\n"
    "distribution; the share won by a runaway leader; a histogram of scores.\n"
    "  -j J          worker processes (default: every core)\n"
    "  --json        the report as JSON, with the totals --merge reads\n"
    "  --svg FILE    also write a histogram of scores per seat as SVG\n"
    "  --vs X        a second study on the same seeds: variants X (a comma list),\n"
    "                or the rule file X; prints both, the differences and whether\n"
    "                each is significant\n"
    "  --shard I/K   play only the I-th of K equal parts of the seeds (1 <= I <= K);\n"
    "                merge the parts' --json outputs with --merge\n"
    "  --merge       add up the totals of the given --json outputs and report\n"
    "Same seeds give the same totals however they are split. docs/stats.md.\n";

typedef struct StatsArgs {
  GameArgs g;
  const char *svg, *vs;
  long games, jobs, max_steps, shard, shards;
  bool json, merge;
  const char **files; /* --merge inputs */
  int file_count;
} StatsArgs;

static int parse_shard(const char *text, StatsArgs *a) {
  char *end;
  a->shard = strtol(text, &end, 10);
  a->shards = *end == '/' ? strtol(end + 1, &end, 10) : 0;
  if (*end || a->shards < 1 || a->shard < 1 || a->shard > a->shards)
    return cli_fail(EXIT_USAGE, "--shard wants I/K with 1 <= I <= K, got '%s'", text);
  return 0;
}

static int parse_number(const OptParser *op, long lo, long hi, long *out, const char *what) {
  if (opt_parse_int(op->value, lo, hi, out)) return 0;
  return cli_fail(EXIT_USAGE, "%s wants a number from %ld to %ld, got '%s'", what, lo, hi, op->value);
}

static int parse_args(int argc, char **argv, StatsArgs *a) {
  enum { HELP, COUNT, VARIANT, PLAYERS, SEED, JOBS, JSON, SVG, VS, SHARD, MERGE, MAX_STEPS, SET };
  static const OptSpec specs[] = {
      {"--help", "-h", false}, {"--games", "-n", true}, {"--variant", NULL, true}, {"--players", NULL, true},
      {"--seed", NULL, true},  {"--jobs", "-j", true},  {"--json", NULL, false},   {"--svg", NULL, true},
      {"--vs", NULL, true},    {"--shard", NULL, true}, {"--merge", NULL, false},  {"--max-steps", NULL, true},
      {"--set", NULL, true},
  };
  OptParser op;
  opt_init(&op, argc, argv, specs, 13);
  a->g.seed = 1, a->games = 1000, a->max_steps = 100000, a->shard = a->shards = 1;
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  a->jobs = cores > 0 ? cores : 1;
  for (int o, status = 0; (o = opt_next(&op)) != OPT_END; status = 0) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == HELP) return fputs(usage, stdout), -1;
    if (o == JSON) a->json = true;
    else if (o == SVG) a->svg = op.value;
    else if (o == VS) a->vs = op.value;
    else if (o == MERGE) a->merge = true;
    else if (o == SHARD) status = parse_shard(op.value, a);
    else if (o == COUNT) status = parse_number(&op, 1, 1000000000000L, &a->games, "-n");
    else if (o == JOBS) status = parse_number(&op, 1, 1024, &a->jobs, "-j");
    else if (o == MAX_STEPS) status = parse_number(&op, 1, 1000000000, &a->max_steps, "--max-steps");
    else if (o == OPT_ARG && a->merge) a->files[a->file_count++] = op.value;
    else status = game_args_take(&a->g, "stats", &op, o);
    if (status) return status;
  }
  if (a->vs && (a->shards > 1 || a->merge))
    return cli_fail(EXIT_USAGE, "--vs plays both studies in one run; it does not combine with --shard or --merge");
  if (a->svg && a->vs) return cli_fail(EXIT_USAGE, "--svg draws one study; leave out --vs (or run each study with --svg)");
  if (a->merge) return a->file_count ? 0 : cli_fail(EXIT_USAGE, "--merge wants the --json outputs of the shards");
  return cli_need_game("stats", a->g.game);
}

/* ---- playing ---- */

/* What a match's decisions show: turn order and the lead. */
typedef struct Watch {
  int by_position[AGENTS_MAX], positions;
  bool moved[AGENTS_MAX];
  int leader, leader_since, decisions;
  bool lead_seen;
} Watch;

/* The seat ahead of every other on score, or -1. */
static int sole_leader(const TsState *s) {
  int best = -1;
  bool alone = false;
  for (int i = 0; i < ts_seats(s); i++) {
    if (best < 0 || ts_score(s, i) > ts_score(s, best)) best = i, alone = true;
    else if (ts_score(s, i) == ts_score(s, best)) alone = false;
  }
  return alone ? best : -1;
}

static void on_decision(void *ctx, const TsState *s, int seat) {
  Watch *w = ctx;
  if (!w->moved[seat]) {
    w->moved[seat] = true;
    w->by_position[w->positions++] = seat;
  }
  int leader = sole_leader(s);
  if (leader != w->leader) w->leader = leader, w->leader_since = w->decisions;
  w->lead_seen |= leader >= 0;
  w->decisions++;
}

static void result_of(const TsState *s, const Watch *w, int steps, bool error, MatchResult *r) {
  memset(r, 0, sizeof *r);
  r->error = error;
  r->steps = steps;
  if (error) return;
  ts_ranking(s, r->rank);
  int winner = -1, firsts = 0;
  for (int i = 0; i < ts_seats(s); i++) {
    r->scores[i] = ts_score(s, i);
    if (r->rank[i] == 1) winner = i, firsts++;
  }
  for (int p = 0; p < ts_players(s); p++) r->by_position[p] = p < w->positions ? w->by_position[p] : -1;
  r->lead_seen = w->lead_seen;
  r->runaway = firsts == 1 && w->leader == winner && 2 * w->leader_since <= steps;
}

static bool totals_init(StatsTotals *t, const Session *s, const char *variants, const TsState *state,
                        const StatsArgs *a) {
  char hash[17] = "";
  t->game = cli_strdup(ts_program_name(s->program));
  t->variants = cli_strdup(variants ? variants : "");
  t->settings = cli_strdup(a->g.settings);
  t->rules = trace_rules_hash(s->path, hash) ? cli_strdup(hash) : NULL;
  size_t len = 0;
  char *agents = NULL;
  FILE *out = open_memstream(&agents, &len);
  for (int i = 0; out && i < s->players; i++) fprintf(out, "%s%s", i ? "," : "", agent_kind_name(s->kinds[i]));
  if (out) fclose(out);
  t->agents = agents;
  t->players = ts_players(state), t->seats = ts_seats(state), t->seed = a->g.seed, t->planned = a->games;
  for (int i = 0; i < t->seats && i < AGENTS_MAX; i++) ts_seat_name(state, i, t->seat_names[i], sizeof t->seat_names[i]);
  return t->game && t->variants && t->agents;
}

/* One study: a rule file with its variants and seating. A --vs run plays
 * two on the same seeds, match by match, so that they can be compared
 * pairwise. */
typedef struct Study {
  Session s;
  const char *variants;
  TsState *state;
} Study;

/* One match of study `st` with `seed`. */
static void play_one(Study *st, const StatsArgs *a, uint64_t seed, bool first, MatchResult *r) {
  const Session *s = &st->s;
  if (!first) ts_reset(st->state, seed);
  Agent agents[AGENTS_MAX];
  for (int i = 0; i < s->players; i++) agent_init(&agents[i], s->kinds[i], seed, i);
  Watch w = {.leader = -1};
  Match m = {.state = st->state, .agents = agents, .max_steps = a->max_steps, .on_decision = on_decision, .ctx = &w};
  bool error = match_run(&m) == MATCH_ERROR;
  result_of(st->state, &w, m.steps, error, r);
}

/* Matches [first, first + count) of each of the `n` studies into t[0..n-1]
 * (with --vs the pairs into t[1]); a byte to `progress` every 64 seeds. */
static int play_range(Study *studies, int n, const StatsArgs *a, int64_t first, int64_t count, StatsTotals *t,
                      int progress) {
  char err[512] = "";
  for (int i = 0; i < n; i++) {
    Study *st = &studies[i];
    st->state = ts_new_game(st->s.program, st->s.players, a->g.seed + (uint64_t)first, err, sizeof err);
    if (!st->state) return cli_fail(1, "cannot start %s: %s", ts_program_name(st->s.program), err);
    if (!totals_init(&t[i], &st->s, st->variants, st->state, a)) return cli_fail(1, "out of memory");
    t[i].first = first, t[i].count = count, t[i].paired = i > 0;
  }
  for (int64_t k = 0; k < count; k++) {
    MatchResult r[2];
    for (int i = 0; i < n; i++) {
      play_one(&studies[i], a, a->g.seed + (uint64_t)(first + k), k == 0, &r[i]);
      totals_add(&t[i], &r[i]);
    }
    if (n == 2) totals_add_pair(&t[1], &r[0], &r[1]);
    if (progress >= 0 && (k + 1) % 64 == 0 && write(progress, "", 1) < 0) progress = -1;
  }
  for (int i = 0; i < n; i++) ts_free(studies[i].state);
  return 0;
}

/* ---- workers ---- */

static void draw_progress(int64_t done, int64_t total, double started) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  double elapsed = (double)now.tv_sec + (double)now.tv_nsec / 1e9 - started;
  int width = 30, filled = total ? (int)(width * done / total) : width;
  fprintf(stderr, "\r[%.*s%*s] %3d%% %" PRId64 "/%" PRId64 " matches, %.0f s", filled,
          "##############################", width - filled, "", total ? (int)(100 * done / total) : 100, done, total,
          elapsed);
}

static double monotonic(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* In a worker process: plays its range, writes the totals (a JSON array,
 * one per study) to `part`; never returns. */
static void worker(Study *studies, int n, const StatsArgs *a, int64_t lo, int64_t hi, FILE *part, int progress)
    __attribute__((noreturn));
static void worker(Study *studies, int n, const StatsArgs *a, int64_t lo, int64_t hi, FILE *part, int progress) {
  ts_set_print_quiet(true); /* stdout is the report's */
  StatsTotals t[2] = {{0}};
  int status = play_range(studies, n, a, lo, hi - lo, t, progress);
  if (!status) {
    json_t *json = json_array();
    for (int i = 0; i < n; i++) json_array_append_new(json, totals_to_json(&t[i]));
    status = json_dumpf(json, part, JSON_COMPACT) != 0 || fflush(part) != 0;
    json_decref(json);
  }
  _exit(status);
}

/* Reads the workers' progress bytes until they all close the pipe; draws
 * the bar when stderr is a terminal. */
static void follow_progress(int from, int64_t count) {
  bool bar = isatty(2) && !getenv("TESSERA_NO_PROGRESS");
  double started = monotonic(), drawn = 0;
  int64_t done = 0;
  char buf[256];
  for (ssize_t got; (got = read(from, buf, sizeof buf)) > 0;) {
    done += 64 * got;
    if (bar && monotonic() - drawn > 0.2) draw_progress(done, count, started), drawn = monotonic();
  }
  if (bar) draw_progress(count, count, started), fputc('\n', stderr);
}

/* The workers' totals, in seed order, added up into out[0..n-1]. */
static int merge_parts(FILE **parts, int jobs, int n, StatsTotals *out) {
  char err[256];
  int status = 0;
  for (int j = 0; !status && j < jobs; j++) {
    rewind(parts[j]);
    json_t *part = json_loadf(parts[j], 0, NULL);
    for (int i = 0; !status && i < n; i++) {
      StatsTotals t;
      if (!totals_from_json(json_array_get(part, (size_t)i), &t, err, sizeof err))
        status = cli_fail(1, "a worker's totals are unreadable: %s", err);
      else if (j == 0) out[i] = t;
      else {
        if (!totals_merge(&out[i], &t, err, sizeof err)) status = cli_fail(1, "%s", err);
        totals_free(&t);
      }
    }
    json_decref(part);
  }
  return status;
}

/* Forks `jobs` workers over [first, first + count); each writes its totals
 * to its own temporary file; the parent draws the progress bar and merges
 * the parts in order. */
static int play_parallel(Study *studies, int n, const StatsArgs *a, int64_t first, int64_t count, StatsTotals *out) {
  int jobs = (int)(a->jobs < count ? a->jobs : count), fds[2];
  FILE **parts = calloc((size_t)jobs, sizeof *parts);
  pid_t *pids = calloc((size_t)jobs, sizeof *pids);
  if (!parts || !pids || pipe(fds) != 0) return free(parts), free(pids), cli_fail(1, "cannot start the workers");
  fflush(stdout);
  fflush(stderr);
  for (int j = 0; j < jobs; j++) {
    parts[j] = tmpfile();
    pids[j] = parts[j] ? fork() : -1;
    if (pids[j] == 0) {
      close(fds[0]);
      worker(studies, n, a, first + count * j / jobs, first + count * (j + 1) / jobs, parts[j], fds[1]);
    }
  }
  close(fds[1]);
  follow_progress(fds[0], count);
  close(fds[0]);
  bool failed = false;
  for (int j = 0; j < jobs; j++) {
    int ws = 0;
    failed |= pids[j] <= 0 || waitpid(pids[j], &ws, 0) != pids[j] || !WIFEXITED(ws) || WEXITSTATUS(ws) != 0;
  }
  int status = failed ? cli_fail(1, "a worker failed") : merge_parts(parts, jobs, n, out);
  for (int j = 0; j < jobs; j++)
    if (parts[j]) fclose(parts[j]);
  free(parts);
  free(pids);
  return status;
}

static int open_study(Study *st, const char *game, const char *variants, const StatsArgs *a) {
  st->variants = variants;
  int status = session_open_set(&st->s, game, variants, game_args_settings(&a->g), a->g.players, false);
  for (int i = 0; !status && i < st->s.players; i++)
    if (st->s.kinds[i] == AGENT_HUMAN) status = cli_fail(EXIT_USAGE, "stats plays without humans; agents: random, first");
  return status;
}

static bool looks_like_rules(const char *text) {
  size_t n = strlen(text);
  return strchr(text, '/') || (n > 5 && strcmp(text + n - 5, ".tess") == 0);
}

/* The study (or this shard of it), and with --vs the second one, played
 * seed by seed alongside: variants --vs of the same game, or the rule file
 * --vs with the same variants. */
static int play_studies(const StatsArgs *a, StatsTotals *t) {
  Study studies[2];
  memset(studies, 0, sizeof studies);
  int n = a->vs ? 2 : 1;
  int status = open_study(&studies[0], a->g.game, a->g.variants, a);
  if (!status && a->vs)
    status = looks_like_rules(a->vs) ? open_study(&studies[1], a->vs, a->g.variants, a)
                                     : open_study(&studies[1], a->g.game, a->vs, a);
  int64_t first = a->games * (a->shard - 1) / a->shards, last = a->games * a->shard / a->shards;
  if (!status && last <= first) status = cli_fail(EXIT_USAGE, "shard %ld of %ld holds no matches", a->shard, a->shards);
  if (!status) status = play_parallel(studies, n, a, first, last - first, t);
  for (int i = 0; i < n; i++) session_close(&studies[i].s);
  return status;
}

static void print_json(json_t *j) {
  json_dumpf(j, stdout, JSON_INDENT(1));
  putchar('\n');
  json_decref(j);
}

static int report(const StatsTotals *t, const StatsArgs *a) {
  char err[256];
  if (a->svg && !report_svg(a->svg, t, err, sizeof err)) return cli_fail(1, "%s", err);
  if (a->json) print_json(report_json(t));
  else report_text(stdout, t);
  return 0;
}

static int run_studies(const StatsArgs *a) {
  StatsTotals t[2] = {{0}};
  double started = monotonic();
  int status = play_studies(a, t);
  double seconds = monotonic() - started;
  if (!status && a->vs) {
    if (a->json) print_json(report_vs_json(&t[0], &t[1]));
    else report_vs_text(stdout, &t[0], &t[1]);
  } else if (!status) {
    status = report(&t[0], a);
  }
  if (!status) fprintf(stderr, "%" PRId64 " matches in %.2f s (%ld workers)\n", t[0].games + t[1].games, seconds, a->jobs);
  totals_free(&t[0]);
  totals_free(&t[1]);
  return status;
}

/* --merge: the shards' --json outputs (their "totals"), in seed order. */
static int merge_files(const StatsArgs *a) {
  StatsTotals *parts = calloc((size_t)a->file_count, sizeof *parts);
  int status = parts ? 0 : cli_fail(1, "out of memory");
  char err[256];
  for (int i = 0; !status && i < a->file_count; i++) {
    json_error_t e;
    json_t *j = json_load_file(a->files[i], 0, &e);
    json_t *totals = json_object_get(j, "totals") ? json_object_get(j, "totals") : j;
    if (!j) status = cli_fail(1, "%s:%d: %s", a->files[i], e.line, e.text);
    else if (!totals_from_json(totals, &parts[i], err, sizeof err)) status = cli_fail(1, "%s: %s", a->files[i], err);
    json_decref(j);
  }
  for (int i = 1; !status && i < a->file_count; i++) /* insertion sort by first match */
    for (int k = i; k > 0 && parts[k].first < parts[k - 1].first; k--) {
      StatsTotals tmp = parts[k];
      parts[k] = parts[k - 1];
      parts[k - 1] = tmp;
    }
  for (int i = 1; !status && i < a->file_count; i++)
    if (!totals_merge(&parts[0], &parts[i], err, sizeof err)) status = cli_fail(1, "%s", err);
  if (!status) status = report(&parts[0], a);
  for (int i = 0; parts && i < a->file_count; i++) totals_free(&parts[i]);
  free(parts);
  return status;
}

int cmd_stats(int argc, char **argv) {
  StatsArgs a = {0};
  a.files = calloc((size_t)argc + 1, sizeof *a.files);
  if (!a.files) return cli_fail(1, "out of memory");
  int status = parse_args(argc, argv, &a);
  if (!status) status = a.merge ? merge_files(&a) : run_studies(&a);
  free(a.files);
  return status < 0 ? 0 : status;
}
