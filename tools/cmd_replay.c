/* cmd_replay.c — `tessera replay TRACE… [--update]`: plays the recorded moves
 * of each trace again with the current rules and engine and reports the
 * first place where they disagree with the recording (golden playthroughs,
 * docs/testing.md). With --update, plays each header's match again and
 * rewrites the trace: the workflow after an intended rule change. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "cli.h"
#include "match.h"
#include "replay_paths.h"
#include "trace_read.h"

static const char usage[] =
    "usage: tessera replay TRACE... [--update]\n"
    "\n"
    "Replays each trace (docs/trace-format.md) with the current rules and engine:\n"
    "the header's game, variants, player count and seed, then every recorded move\n"
    "by its text; agents are not consulted. Before each move the deciding seat,\n"
    "the legal moves, the observation and the state hash must equal the recorded\n"
    "ones, and at the end the final line's result. The first difference in a file\n"
    "is printed as `TRACE:LINE: step N: ...`; exit status 1 when any file differs.\n"
    "  --update   instead play each header's match again (same game, variants,\n"
    "             agents and seed) and rewrite the trace, after an intended rule\n"
    "             change; the new trace is then replayed as a check\n"
    "  --rules FILE  replay with this rule file; otherwise the header's game is\n"
    "             read from the games directory or, by its `file`, from inside\n"
    "             the trace's folder or the games directory (nowhere else)\n";

/* One trace being replayed. */
typedef struct Replay {
  const char *path;
  FILE *in;
  char *line;
  size_t line_cap;
  long line_no;
  TraceLine cur;        /* the line just read */
  TraceHeader header;   /* taken over from the first line */
  Session session;
  TsState *state;
  char *observation;    /* the engine's, grown as needed */
  size_t observation_cap;
  int applied;          /* moves applied so far */
  bool found_by_id;     /* the game was found by the header's game_id */
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

static bool game_file_exists(const char *name) {
  char *path = cli_game_path(name);
  bool found = path && access(path, R_OK) == 0;
  free(path);
  return found;
}

/* --rules FILE: the rule file to replay with, whatever the headers name. */
static const char *rules_option;

/* What to hand to session_open for the header's game: --rules FILE when
 * given; else its name in this games directory first (`file` is only valid
 * where the trace was written), then `file` itself where the path policy
 * allows (replay_paths.h), then the stem of `file` in the games directory.
 * NULL when the header names nothing this replay may read. */
static char *game_reference(const Replay *r, const TraceHeader *h, bool *by_id) {
  *by_id = false;
  if (rules_option) return strdup(rules_option);
  const char *id = h->game_id && replay_plain_name(h->game_id) ? h->game_id : NULL;
  *by_id = id && game_file_exists(id);
  if (*by_id) return strdup(id);
  if (replay_rules_allowed(h->file, r->path, cli_games_dir(), NULL)) return strdup(h->file);
  const char *slash = strrchr(h->file, '/');
  const char *base = slash ? slash + 1 : h->file;
  size_t len = strlen(base);
  if (len > 5 && strcmp(base + len - 5, ".tess") == 0) len -= 5;
  char *stem = strndup(base, len);
  if (stem && replay_plain_name(stem) && game_file_exists(stem)) return stem;
  free(stem);
  return id ? strdup(id) : NULL; /* unknown: session_open lists the games */
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
  char *game = game_reference(r, h, &r->found_by_id), *variants = join(&h->variants), *agents = join(&h->agents);
  if (!game) {
    free(variants);
    free(agents);
    return differ(r, "header: the rule file '%s' is neither a game of %s nor inside the trace's folder; "
                  "name it with --rules FILE", h->file, cli_games_dir());
  }
  char *settings = join(&h->settings);
  int status = game && variants && agents && settings
                   ? session_open_set(&r->session, game, h->variants.count ? variants : NULL,
                                      h->settings.count ? settings : NULL, agents, false)
                   : 1;
  free(game);
  free(variants);
  free(settings);
  free(agents);
  if (status) return differ(r, "header: cannot set up %s (%s)", h->game, h->file);
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
    out.items[out.count++] = strdup(ts_legal_text(s, i, text, sizeof text));
  return out;
}

static int compare_legal(Replay *r, const TraceStep *st) {
  TraceStrings got = engine_legal(r->state);
  int i = 0;
  while (i < got.count && i < st->legal.count && strcmp(got.items[i], st->legal.items[i]) == 0) i++;
  int status = 0;
  if (i < got.count || i < st->legal.count) {
    char want[1100], have[1100];
    describe_option(&st->legal, i, want, sizeof want);
    describe_option(&got, i, have, sizeof have);
    status = differ(r, "step %d: legal moves differ: expected %d (%s), got %d (%s)", st->step, st->legal.count,
                    want, got.count, have);
  }
  free_strings(&got);
  return status;
}

/* The engine's observation for everyone, as the trace writes it. */
static const char *engine_observation(Replay *r, size_t *len) {
  for (;;) {
    size_t n = r->observation_cap ? ts_observation_json(r->state, -1, r->observation, r->observation_cap) : 0;
    if (r->observation_cap && n < r->observation_cap) {
      *len = n ? n : 4;
      return n ? r->observation : "null";
    }
    size_t want = n + 1 > 65536 ? n + 1 : 65536;
    char *grown = realloc(r->observation, want);
    if (!grown) {
      *len = 4;
      return "null";
    }
    r->observation = grown;
    r->observation_cap = want;
  }
}

/* `…text around at…`: a window of `text` for messages. */
static void excerpt(const char *text, size_t len, size_t at, char *buf, size_t cap) {
  size_t from = at > 30 ? at - 30 : 0, to = at + 40 < len ? at + 40 : len;
  snprintf(buf, cap, "%s%.*s%s", from ? "…" : "", (int)(to - from), text + from, to < len ? "…" : "");
}

/* The engine's observation against a recorded one; `where` names the line. */
static int observation_differs(Replay *r, const char *where, const char *recorded, size_t recorded_len) {
  size_t len;
  const char *got = engine_observation(r, &len);
  size_t i = 0;
  while (i < len && i < recorded_len && got[i] == recorded[i]) i++;
  if (i == len && i == recorded_len) return 0;
  char want[256], have[256];
  excerpt(recorded, recorded_len, i, want, sizeof want);
  excerpt(got, len, i, have, sizeof have);
  return differ(r, "%s: observation differs at character %zu: expected %s, got %s", where, i + 1, want, have);
}

static int compare_observation(Replay *r, const TraceStep *st) {
  char where[32];
  snprintf(where, sizeof where, "step %d", st->step);
  return observation_differs(r, where, st->observation, st->observation_len);
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
  if (!status) status = compare_observation(r, st);
  if (!status && ts_hash(s) != st->hash)
    status = differ(r, "step %d: hash differs: expected %016" PRIx64 ", got %016" PRIx64, st->step, st->hash,
                    ts_hash(s));
  if (status) return status;
  int option = recorded_option(r, st);
  if (option < 0) return 1;
  char err[512] = "";
  if (ts_apply(s, option, err, sizeof err) == 0) r->applied++;
  else if (!ts_error(s)) return differ(r, "step %d: the engine rejected \"%s\": %s", st->step, st->move, err);
  return 0;
}

static char *format_ints(const int64_t *v, int count) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out) return NULL;
  putc('[', out);
  for (int i = 0; i < count; i++) fprintf(out, "%s%" PRId64, i ? "," : "", v[i]);
  putc(']', out);
  fclose(out);
  return text;
}

static char *format_engine(void (*write)(FILE *, const TsState *), const TsState *s) {
  char *text = NULL;
  size_t len = 0;
  FILE *out = open_memstream(&text, &len);
  if (!out) return NULL;
  write(out, s);
  fclose(out);
  return text;
}

/* Compares "[1,2,3]" lists as text: the trace writes them exactly so. */
static int compare_list(Replay *r, const char *what, const int64_t *v, int count,
                        void (*write)(FILE *, const TsState *)) {
  char *want = format_ints(v, count), *got = format_engine(write, r->state);
  int status = 0;
  if (!want || !got || strcmp(want, got) != 0)
    status = differ(r, "final: %s differ: expected %s, got %s", what, want ? want : "?", got ? got : "?");
  free(want);
  free(got);
  return status;
}

static bool same_text(const char *a, const char *b) {
  return a == b || (a && b && strcmp(a, b) == 0);
}

static int replay_final(Replay *r, const TraceFinal *f) {
  const TsState *s = r->state;
  bool over = ts_is_over(s);
  if (f->over != over) return differ(r, "final: over differs: expected %s, got %s", f->over ? "true" : "false",
                                     over ? "true" : "false");
  if (f->steps != r->applied) return differ(r, "final: steps differ: expected %d, got %d", f->steps, r->applied);
  if (f->hash != ts_hash(s))
    return differ(r, "final: hash differs: expected %016" PRIx64 ", got %016" PRIx64, f->hash, ts_hash(s));
  int status = compare_list(r, "scores", f->scores, f->score_count, json_scores);
  if (!status) status = compare_list(r, "ranking", f->ranking, f->ranking_count, json_ranking);
  /* A match the CLI stopped (over: false) carries the CLI's reason, not the engine's. */
  if (!status && over && !same_text(f->error, ts_error(s)))
    status = differ(r, "final: error differs: expected %s%s%s, got %s%s%s", f->error ? "\"" : "",
                    f->error ? f->error : "null", f->error ? "\"" : "", ts_error(s) ? "\"" : "",
                    ts_error(s) ? ts_error(s) : "null", ts_error(s) ? "\"" : "");
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
  /* the state after the last move; traces written before it was recorded lack it */
  if (!status && r->cur.step.observation)
    status = observation_differs(r, "final", r->cur.step.observation, r->cur.step.observation_len);
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
}

static void print_summary(const Replay *r, const char *what) {
  printf("%s: %s (%s, %d player%s, seed %" PRIu64 ", %d moves)\n", r->path, what, r->header.game, r->header.players,
         r->header.players == 1 ? "" : "s", r->header.seed, r->applied);
}

/* 0 when the trace replays exactly (prints `TRACE: ok ...` unless quiet). */
static int replay_file(const char *path, bool quiet) {
  Replay r = {.path = path};
  r.in = fopen(path, "r");
  int status = r.in ? 0 : cli_fail(1, "cannot read trace '%s'", path);
  if (!status) status = open_header(&r);
  if (!status) status = start_match(&r);
  if (!status) status = replay_body(&r);
  if (!status && !quiet) print_summary(&r, "ok");
  replay_close(&r);
  return status;
}

static bool same_contents(const char *a, const char *b) {
  FILE *fa = fopen(a, "r"), *fb = fopen(b, "r");
  bool same = fa && fb;
  for (int ca = 0, cb = 0; same && ca != EOF; same = ca == cb) {
    ca = getc(fa);
    cb = getc(fb);
  }
  if (fa) fclose(fa);
  if (fb) fclose(fb);
  return same;
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
  /* Found by its game_id: keep the header's `file` text rather than write
   * this machine's path into the trace. */
  if (r->found_by_id)
    trace_header_as(trace, s->program, r->header.file, r->header.game_id, &s->variants, r->state, agents,
                    r->header.seed);
  else
    trace_header(trace, s->program, s->path, &s->variants, r->state, agents, r->header.seed);
  Match m = {.state = r->state, .agents = agents, .trace = trace, .in = stdin, .out = stdout,
             .announce = false, .max_steps = 100000};
  *end = match_run(&m);
  r->applied = m.steps;
  if (*end == MATCH_ERROR) differ(r, "note: the regenerated match ended with an error: %s", m.error);
  return trace_close(trace) ? 0 : cli_fail(1, "error writing trace '%s'", out_path);
}

/* --update: rewrites the trace from its header, then replays the result. */
static int update_file(const char *path) {
  Replay r = {.path = path};
  size_t cap = strlen(path) + sizeof ".new";
  char *fresh = malloc(cap);
  if (fresh) snprintf(fresh, cap, "%s.new", path);
  r.in = fopen(path, "r");
  int status = !r.in ? cli_fail(1, "cannot read trace '%s'", path) : !fresh ? cli_fail(1, "out of memory") : 0;
  if (!status) status = open_header(&r);
  if (!status) status = start_match(&r);
  MatchEnd end = MATCH_OVER;
  if (!status) status = replay_regenerate(&r, fresh, &end);
  bool changed = !status && !same_contents(path, fresh);
  if (!status && rename(fresh, path) != 0) status = cli_fail(1, "cannot replace '%s' with '%s'", path, fresh);
  if (status && fresh) remove(fresh);
  if (!status && replay_file(path, true) != 0)
    status = cli_fail(1, "%s: the regenerated trace does not replay: is the engine deterministic?", path);
  if (!status) print_summary(&r, changed ? "regenerated, changed" : "regenerated, unchanged");
  if (!status && end == MATCH_ERROR) status = 1;
  replay_close(&r);
  free(fresh);
  return status;
}

int cmd_replay(int argc, char **argv) {
  enum { HELP, UPDATE, RULES };
  static const OptSpec specs[] = {{"--help", "-h", false}, {"--update", NULL, false}, {"--rules", NULL, true}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 3);
  bool update = false;
  const char **files = calloc((size_t)argc + 1, sizeof *files);
  int count = 0;
  if (!files) return cli_fail(1, "out of memory");
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD || o == HELP) {
      free(files);
      if (o == HELP) fputs(usage, stdout);
      return o == HELP ? 0 : cli_bad_option(&op);
    }
    if (o == UPDATE) update = true;
    else if (o == RULES) rules_option = op.value;
    else files[count++] = op.value;
  }
  int status = count ? 0 : cli_fail(EXIT_USAGE, "replay wants one or more TRACE files (from `tessera play --trace`)");
  int failed = 0;
  for (int i = 0; i < count; i++) failed += (update ? update_file(files[i]) : replay_file(files[i], false)) != 0;
  free(files);
  if (count > 1 && failed) fprintf(stderr, "%d of %d traces %s\n", failed, count, update ? "failed" : "differ");
  return status ? status : failed ? 1 : 0;
}
