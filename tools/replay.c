/* replay.c — see replay.h. Replay compares, in this order: the deciding
 * seat, the legal moves, the chosen move, the observation (field by field,
 * obs_diff.h) and at the end the scores, the ranking and the error; the
 * state hash, which changes with any refactor of a script, only when
 * strict. */
#define _GNU_SOURCE /* asprintf, vasprintf, memmem */
#include "replay.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "cli.h"
#include "cli_alloc.h"
#include "match.h"
#include "obs_diff.h"
#include "trace_read.h"
#include "trace_rules.h"

/* One trace being replayed. */
typedef struct Replay {
  const char *path;
  const ReplayOptions *o;
  FILE *in;
  char *line;
  size_t line_cap;
  long line_no;
  TraceLine cur;        /* the line just read */
  TraceHeader header;   /* taken over from the first line */
  char *rules;          /* the rule file replayed */
  RulesFound how;
  Session session;
  TsState *state;
  char *observation;    /* the engine's, grown as needed */
  size_t observation_cap;
  int applied;          /* moves applied so far */
} Replay;

/* Prints `TRACE:LINE: message`; returns 1 (a difference or a bad trace). */
static int differ(const Replay *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int differ(const Replay *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fflush(stdout);
  fprintf(stderr, "%s:%ld: ", r->path, r->line_no);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 1;
}

/* Reads and parses the next line into r->cur: 1, 0 at the end of the file,
 * -1 after printing why it cannot be read. */
static int next_line(Replay *r) {
  trace_line_free(&r->cur);
  ssize_t len = getline(&r->line, &r->line_cap, r->in);
  if (len < 0) return ferror(r->in) ? -differ(r, "cannot read the trace") : 0;
  r->line_no++;
  if (len > 0 && r->line[len - 1] == '\n') r->line[--len] = '\0';
  char err[256];
  if (!trace_read_line(r->line, (size_t)len, &r->cur, err, sizeof err)) return -differ(r, "malformed trace: %s", err);
  return 1;
}

static char *join(const TraceStrings *s) {
  size_t cap = 1;
  for (int i = 0; i < s->count; i++) cap += strlen(s->items[i]) + 1;
  char *text = calloc(1, cap);
  for (int i = 0; text && i < s->count; i++) {
    if (i) strcat(text, ",");
    strcat(text, s->items[i]);
  }
  return text;
}

/* Line 1: the header, then the program and the seating it names. */
static int open_header(Replay *r) {
  int got = next_line(r);
  if (got <= 0) return got == 0 ? differ(r, "empty trace; the first line must be a header") : 1;
  if (r->cur.kind != TRACE_HEADER) return differ(r, "the first line is not a header (\"tessera_trace\":1)");
  r->header = r->cur.header;
  memset(&r->cur.header, 0, sizeof r->cur.header);
  const TraceHeader *h = &r->header;
  if (h->agents.count != h->players)
    return differ(r, "header: %d players but %d agents", h->players, h->agents.count);
  r->rules = trace_rules_path(r->path, h, r->o->rules, &r->how);
  if (!r->rules)
    return differ(r, "header: the rule file '%s' is neither a game of %s nor inside the trace's folder; "
                  "name it with --rules FILE", h->file, cli_games_dir());
  char *variants = join(&h->variants), *agents = join(&h->agents), *settings = join(&h->settings);
  int status = r->rules && variants && agents && settings
                   ? session_open_set(&r->session, r->rules, h->variants.count ? variants : NULL,
                                      h->settings.count ? settings : NULL, agents, false)
                   : 1;
  free(variants);
  free(agents);
  free(settings);
  if (status) return differ(r, "header: cannot set up %s (%s)", h->game, r->rules ? r->rules : h->file);
  if (strcmp(ts_program_name(r->session.program), h->game) != 0)
    return differ(r, "header: game differs: expected \"%s\", got \"%s\" (%s)", h->game,
                  ts_program_name(r->session.program), r->session.path);
  return 0;
}

/* The match of the header, checked against its player and seat counts. */
static int start_match(Replay *r) {
  char err[512] = "";
  r->state = ts_new_game(r->session.program, r->header.players, r->header.seed, err, sizeof err);
  if (!r->state) return differ(r, "header: cannot start %s: %s", r->header.game, err);
  if (ts_players(r->state) != r->header.players)
    return differ(r, "header: players differ: expected %d, got %d", r->header.players, ts_players(r->state));
  if (ts_seats(r->state) != r->header.seats)
    return differ(r, "header: seats differ: expected %d, got %d", r->header.seats, ts_seats(r->state));
  return 0;
}

/* `legal[i] "text"`, or `no legal[i]`, for messages. */
static void describe_option(const TraceStrings *list, int i, char *buf, size_t cap) {
  if (i < list->count) snprintf(buf, cap, "legal[%d] \"%s\"", i, list->items[i]);
  else snprintf(buf, cap, "no legal[%d]", i);
}

static void free_strings(TraceStrings *s) {
  for (int i = 0; i < s->count; i++) free(s->items[i]);
  free(s->items);
  memset(s, 0, sizeof *s);
}

static TraceStrings engine_legal(const TsState *s) {
  TraceStrings out = {calloc((size_t)ts_legal_count(s) + 1, sizeof(char *)), 0};
  char text[1024];
  for (int i = 0; out.items && i < ts_legal_count(s); i++)
    out.items[out.count++] = cli_strdup(ts_legal_text(s, i, text, sizeof text));
  return out;
}

/* The first difference between two lists of move texts, as a message (or
 * NULL when equal); shared by replay and the --update summary. */
static char *legal_difference(const TraceStrings *want, const TraceStrings *got) {
  int i = 0;
  while (i < got->count && i < want->count && strcmp(got->items[i], want->items[i]) == 0) i++;
  if (i == got->count && i == want->count) return NULL;
  char a[1100], b[1100], *text = NULL;
  describe_option(want, i, a, sizeof a);
  describe_option(got, i, b, sizeof b);
  if (asprintf(&text, "legal moves differ: expected %d (%s), got %d (%s)", want->count, a, got->count, b) < 0)
    return NULL;
  return text;
}

static int compare_legal(Replay *r, const TraceStep *st) {
  TraceStrings got = engine_legal(r->state);
  char *difference = legal_difference(&st->legal, &got);
  int status = difference ? differ(r, "step %d: %s", st->step, difference) : 0;
  free(difference);
  free_strings(&got);
  return status;
}

/* The engine's observation for everyone, parsed (JSON null when none). */
static json_t *engine_observation(Replay *r) {
  for (;;) {
    size_t n = r->observation_cap ? ts_observation_json(r->state, -1, r->observation, r->observation_cap) : 0;
    if (r->observation_cap && n < r->observation_cap) {
      json_t *v = n ? json_loadb(r->observation, n, 0, NULL) : NULL;
      return v ? v : json_null();
    }
    size_t want = n + 1 > 65536 ? n + 1 : 65536;
    char *grown = realloc(r->observation, want);
    if (!grown) return json_null();
    r->observation = grown;
    r->observation_cap = want;
  }
}

static bool var_per_player(const void *program, const char *name) {
  return ts_program_var_per_player(program, name);
}

/* `prefix: first difference` when the observations differ. */
static int compare_observation(Replay *r, const json_t *want, const char *prefix) {
  json_t *got = engine_observation(r);
  Diffs d = {.max = 1, .per_player = var_per_player, .ctx = r->session.program};
  obs_diff(want, got, &d);
  int status = d.count ? differ(r, "%s: %s", prefix, d.lines[0]) : 0;
  diffs_free(&d);
  json_decref(got);
  return status;
}

/* The recorded move's option in the engine's list (same as the trace's by now). */
static int recorded_option(Replay *r, const TraceStep *st) {
  int found = -1;
  for (int i = 0; i < st->legal.count && found < 0; i++)
    if (strcmp(st->legal.items[i], st->move) == 0) found = i;
  if (found < 0) return -differ(r, "step %d: the move \"%s\" is not among the legal moves", st->step, st->move);
  if (found != st->index)
    return -differ(r, "step %d: index %d does not match the move \"%s\" (legal[%d])", st->step, st->index, st->move,
                   found);
  return found;
}

static int replay_step(Replay *r, const TraceStep *st) {
  TsState *s = r->state;
  if (st->step != r->applied)
    return differ(r, "malformed trace: expected step %d here, got step %d", r->applied, st->step);
  if (ts_is_over(s))
    return differ(r, "step %d: the game is over%s%s, but the trace has a move for P%d", st->step,
                  ts_error(s) ? ": " : "", ts_error(s) ? ts_error(s) : "", st->seat + 1);
  if (ts_current_seat(s) != st->seat)
    return differ(r, "step %d: seat differs: expected P%d, got P%d", st->step, st->seat + 1, ts_current_seat(s) + 1);
  int status = compare_legal(r, st);
  int option = status ? -1 : recorded_option(r, st);
  if (option < 0) return 1;
  char prefix[32];
  snprintf(prefix, sizeof prefix, "step %d", st->step);
  if ((status = compare_observation(r, st->observation, prefix))) return status;
  if (r->o->strict && ts_hash(s) != st->hash)
    return differ(r, "step %d: hash differs: expected %016" PRIx64 ", got %016" PRIx64, st->step, st->hash,
                  ts_hash(s));
  char err[512] = "";
  if (ts_apply(s, option, err, sizeof err) == 0) r->applied++;
  else if (!ts_error(s)) return differ(r, "step %d: the engine rejected \"%s\": %s", st->step, st->move, err);
  return 0;
}

static bool same_text(const char *a, const char *b) {
  return a == b || (a && b && strcmp(a, b) == 0);
}

/* Scores seat by seat: `final: score of P2 differs: expected 38, got 40`. */
static int compare_scores(Replay *r, const TraceFinal *f) {
  const TsState *s = r->state;
  if (f->score_count != ts_seats(s))
    return differ(r, "final: scores differ: expected %d seats, got %d", f->score_count, ts_seats(s));
  for (int i = 0; i < f->score_count; i++) {
    char name[16];
    if (f->scores[i] != ts_score(s, i))
      return differ(r, "final: score of %s differs: expected %" PRId64 ", got %" PRId64,
                    ts_seat_name(s, i, name, sizeof name), f->scores[i], ts_score(s, i));
  }
  return 0;
}

static int compare_ranking(Replay *r, const TraceFinal *f) {
  int seats = ts_seats(r->state), status = 0;
  int *rank = calloc((size_t)seats + 1, sizeof *rank);
  if (!rank) return differ(r, "out of memory");
  ts_ranking(r->state, rank);
  for (int i = 0; i < seats && i < f->ranking_count && !status; i++) {
    char name[16];
    if (f->ranking[i] != rank[i])
      status = differ(r, "final: rank of %s differs: expected %" PRId64 ", got %d",
                      ts_seat_name(r->state, i, name, sizeof name), f->ranking[i], rank[i]);
  }
  free(rank);
  return status;
}

static int replay_final(Replay *r, const TraceFinal *f) {
  const TsState *s = r->state;
  bool over = ts_is_over(s);
  if (f->over != over) return differ(r, "final: over differs: expected %s, got %s", f->over ? "true" : "false",
                                     over ? "true" : "false");
  if (f->steps != r->applied) return differ(r, "final: steps differ: expected %d, got %d", f->steps, r->applied);
  int status = compare_scores(r, f);
  if (!status) status = compare_ranking(r, f);
  /* A match the CLI stopped (over: false) carries the CLI's reason, not the engine's. */
  if (!status && over && !same_text(f->error, ts_error(s)))
    status = differ(r, "final: error differs: expected %s%s%s, got %s%s%s", f->error ? "\"" : "",
                    f->error ? f->error : "null", f->error ? "\"" : "", ts_error(s) ? "\"" : "",
                    ts_error(s) ? ts_error(s) : "null", ts_error(s) ? "\"" : "");
  if (!status && f->observation) status = compare_observation(r, f->observation, "final");
  if (!status && r->o->strict && f->hash != ts_hash(s))
    status = differ(r, "final: hash differs: expected %016" PRIx64 ", got %016" PRIx64, f->hash, ts_hash(s));
  return status;
}

/* Every step line, the final line, then nothing. */
static int replay_body(Replay *r) {
  for (;;) {
    int got = next_line(r);
    if (got < 0) return 1;
    if (got == 0) return differ(r, "the trace ends after %d moves without a final line", r->applied);
    if (r->cur.kind == TRACE_HEADER) return differ(r, "malformed trace: a second header");
    if (r->cur.kind == TRACE_FINAL) break;
    int status = replay_step(r, &r->cur.step);
    if (status) return status;
  }
  int status = replay_final(r, &r->cur.final);
  if (status) return status;
  int got = next_line(r);
  if (got < 0) return 1;
  return got > 0 ? differ(r, "malformed trace: a line after the final line") : 0;
}

static void replay_close(Replay *r) {
  if (r->in) fclose(r->in);
  free(r->line);
  trace_line_free(&r->cur);
  TraceLine header = {.header = r->header};
  trace_line_free(&header);
  session_close(&r->session);
  if (r->state) ts_free(r->state);
  free(r->observation);
  free(r->rules);
}

/* Which rule file was replayed and how it was found, for the summary line. */
static void describe_rules(const Replay *r, char *buf, size_t cap) {
  static const char *const how[] = {"given by --rules", "the trace's file", "by game_id; the trace's file is not there",
                                    "by the file's name in the games directory", "not found"};
  char hash[17];
  bool changed = r->header.rules_hash && trace_rules_hash(r->rules, hash) && strcmp(hash, r->header.rules_hash) != 0;
  snprintf(buf, cap, "rules %s (%s%s)", r->rules, how[r->how], changed ? "; changed since the trace was written" : "");
}

static void print_summary(const Replay *r, const char *what) {
  char rules[1200];
  describe_rules(r, rules, sizeof rules);
  printf("%s: %s (%s, %d player%s, seed %" PRIu64 ", %d moves; %s)\n", r->path, what, r->header.game,
         r->header.players, r->header.players == 1 ? "" : "s", r->header.seed, r->applied, rules);
}

int replay_trace(const char *path, const ReplayOptions *o) {
  Replay r = {.path = path, .o = o};
  r.in = fopen(path, "r");
  int status = r.in ? 0 : cli_fail(1, "cannot read trace '%s'", path);
  if (!status) status = open_header(&r);
  if (!status) status = start_match(&r);
  if (!status) status = replay_body(&r);
  if (!status && !o->quiet) print_summary(&r, "ok");
  replay_close(&r);
  return status;
}

/* ---- --update ---- */

/* Every line of a trace, parsed (header first). */
typedef struct TraceLines {
  TraceLine *items;
  int count;
} TraceLines;

static bool read_all(const char *path, TraceLines *out) {
  FILE *in = fopen(path, "r");
  char *line = NULL, err[256];
  size_t cap = 0;
  ssize_t len;
  bool ok = in != NULL;
  while (ok && (len = getline(&line, &cap, in)) >= 0) {
    if (len > 0 && line[len - 1] == '\n') line[--len] = '\0';
    TraceLine *grown = realloc(out->items, ((size_t)out->count + 1) * sizeof *grown);
    ok = grown != NULL;
    if (!ok) break;
    out->items = grown;
    ok = trace_read_line(line, (size_t)len, &out->items[out->count], err, sizeof err);
    out->count++;
  }
  free(line);
  if (in) fclose(in);
  return ok;
}

static void free_all(TraceLines *t) {
  for (int i = 0; i < t->count; i++) trace_line_free(&t->items[i]);
  free(t->items);
}

/* The step lines of a trace as a pointer array; the final line apart. */
static const TraceStep *step_at(const TraceLines *t, int i) {
  return i + 1 < t->count && t->items[i + 1].kind == TRACE_STEP ? &t->items[i + 1].step : NULL;
}

static const TraceFinal *final_of(const TraceLines *t) {
  return t->count && t->items[t->count - 1].kind == TRACE_FINAL ? &t->items[t->count - 1].final : NULL;
}

/* What changed in one step, into d (each message prefixed by its field). */
static void step_changes(const TraceStep *a, const TraceStep *b, Diffs *d) {
  if (!a || !b) {
    diffs_add(d, "%s", a ? "removed (the new match is shorter)" : "added (the new match is longer)");
    return;
  }
  if (a->seat != b->seat) diffs_add(d, "seat: P%d -> P%d", a->seat + 1, b->seat + 1);
  char *legal = legal_difference(&a->legal, &b->legal);
  if (legal) diffs_add(d, "%s", legal);
  free(legal);
  if (strcmp(a->move, b->move) != 0) diffs_add(d, "move: \"%s\" -> \"%s\"", a->move, b->move);
  obs_diff(a->observation, b->observation, d);
}

/* The final line's changes: its observation (the state after the last
 * move) and the scores. Returns whether anything changed. */
static bool print_final_changes(const char *path, const TraceFinal *a, const TraceFinal *b, const TsProgram *program) {
  if (!a || !b) return a != b;
  Diffs d = {.max = 3, .per_player = var_per_player, .ctx = program};
  if (a->observation && b->observation) obs_diff(a->observation, b->observation, &d);
  for (int k = 0; k < d.count; k++) printf("%s: final: %s\n", path, d.lines[k]);
  bool changed = d.count > 0;
  diffs_free(&d);
  bool same = a->score_count == b->score_count;
  for (int i = 0; same && i < a->score_count; i++) same = a->scores[i] == b->scores[i];
  if (same) return changed;
  printf("%s: final: scores [", path);
  for (int i = 0; i < a->score_count; i++) printf("%s%" PRId64, i ? "," : "", a->scores[i]);
  printf("] -> [");
  for (int i = 0; i < b->score_count; i++) printf("%s%" PRId64, i ? "," : "", b->scores[i]);
  printf("]\n");
  return true;
}

/* Prints what differs between the old and the new trace, step by step and
 * field by field (at most SHOWN lines), then the final line's changes;
 * returns the steps changed (+1 when the final line changed). */
static int print_changes(const char *path, const TraceLines *old, const TraceLines *fresh, const TsProgram *program) {
  enum { SHOWN = 20, PER_STEP = 3 };
  int steps = old->count > fresh->count ? old->count : fresh->count, changed = 0, printed = 0, first = -1;
  for (int i = 0; i + 2 < steps; i++) {
    const TraceStep *a = step_at(old, i), *b = step_at(fresh, i);
    if (!a && !b) continue;
    Diffs d = {.max = PER_STEP, .per_player = var_per_player, .ctx = program};
    step_changes(a, b, &d);
    if (d.count) {
      changed++;
      if (first < 0) first = i;
    }
    for (int k = 0; k < d.count && printed < SHOWN; k++, printed++) printf("%s: step %d: %s\n", path, i, d.lines[k]);
    if (d.more && printed < SHOWN) printf("%s: step %d: ... and %d more differences\n", path, i, d.more);
    diffs_free(&d);
  }
  bool final_changed = print_final_changes(path, final_of(old), final_of(fresh), program);
  if (changed) printf("%s: %d step%s changed, the first at step %d\n", path, changed, changed == 1 ? "" : "s", first);
  return changed + final_changed;
}

/* Plays the header's match again with its agents, tracing it to `out_path`,
 * as `tessera play` does. */
static int replay_regenerate(Replay *r, const char *out_path, MatchEnd *end) {
  Session *s = &r->session;
  for (int i = 0; i < s->players; i++)
    if (s->kinds[i] == AGENT_HUMAN)
      return differ(r, "cannot regenerate: P%d is a human; --update plays random and first agents only", i + 1);
  char err[512] = "";
  Trace *trace = trace_open(out_path, err, sizeof err);
  if (!trace) return cli_fail(1, "%s", err);
  Agent agents[AGENTS_MAX];
  session_agents(s, agents, r->header.seed);
  trace_header(trace, s->program, s->path, &s->variants, r->state, agents, r->header.seed);
  Match m = {.state = r->state, .agents = agents, .trace = trace, .in = stdin, .out = stdout,
             .announce = false, .max_steps = 100000};
  *end = match_run(&m);
  r->applied = m.steps;
  if (*end == MATCH_ERROR) differ(r, "note: the regenerated match ended with an error: %s", m.error);
  return trace_close(trace) ? 0 : cli_fail(1, "error writing trace '%s'", out_path);
}

int replay_update(const char *path, const ReplayOptions *o) {
  Replay r = {.path = path, .o = o};
  TraceLines old = {0}, fresh = {0};
  char *new_path = NULL;
  if (asprintf(&new_path, "%s.new", path) < 0) return cli_fail(1, "out of memory");
  bool readable = read_all(path, &old);
  r.in = fopen(path, "r");
  int status = r.in ? 0 : cli_fail(1, "cannot read trace '%s'", path);
  if (!status) status = open_header(&r);
  if (!status) status = start_match(&r);
  MatchEnd end = MATCH_OVER;
  if (!status) status = replay_regenerate(&r, new_path, &end);
  if (!status && rename(new_path, path) != 0) status = cli_fail(1, "cannot replace '%s' with '%s'", path, new_path);
  if (status) remove(new_path);
  ReplayOptions check = *o;
  check.quiet = true;
  check.rules = r.rules;
  if (!status && replay_trace(path, &check) != 0)
    status = cli_fail(1, "%s: the regenerated trace does not replay: is the engine deterministic?", path);
  if (!status) {
    read_all(path, &fresh);
    int changed = readable ? print_changes(path, &old, &fresh, r.session.program) : -1;
    print_summary(&r, changed == 0 ? "regenerated, unchanged" : "regenerated, changed");
  }
  if (!status && end == MATCH_ERROR) status = 1;
  replay_close(&r);
  free_all(&old);
  free_all(&fresh);
  free(new_path);
  return status;
}
