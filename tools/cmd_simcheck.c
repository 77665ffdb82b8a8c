/* cmd_simcheck.c — `tessera simcheck GAME`: random playouts that check the
 * engine's invariants at every step, for any game (as OpenSpiel's random
 * simulation test): a clone equals the original (hash and every seat's
 * observation), move texts are unique, sampled moves find themselves by
 * their text and apply
 * again, a seat's observation differs from the full one only where it says
 * something is hidden, the match ends without a runtime error, and the
 * moves played again from the seed give the same states. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "text_index.h"
#include "view_subset.h"

static const char usage[] =
    "usage: tessera simcheck GAME [-n N] [--seed S] [--variant a,b] [--players N]\n"
    "\n"
    "Plays N random matches (default 100) from seeds S, S+1, ... (default 1) and\n"
    "checks at every step: a clone has the same hash and observations; move texts\n"
    "are unique; up to 16 listed moves (all when there are fewer) find themselves\n"
    "by their text and apply to a copy; each seat's observation equals the full one\n"
    "except for values it shows as hidden; the match ends without a runtime error;\n"
    "and replaying the moves from the seed gives the same hashes. The first\n"
    "violation is printed with its seed and step; exit status 1.\n";

enum { SAMPLED_MOVES = 16, MAX_MOVES = 100000 };

typedef struct SimArgs {
  const char *game, *variants, *players;
  uint64_t seed;
  long games;
} SimArgs;

/* One playout being checked. */
typedef struct Sim {
  const Session *ses;
  uint64_t seed, rng;
  int step;
  char *a, *b;          /* observation buffers */
  size_t cap;
  TsState *copy;        /* for trying moves */
  uint64_t *hashes;     /* before each move, for the replay */
  int *moves;
  int count, hash_cap;
} Sim;

static int parse_args(int argc, char **argv, SimArgs *a) {
  int status;
  enum { HELP, COUNT, VARIANT, PLAYERS, SEED };
  static const OptSpec specs[] = {{"--help", "-h", false},   {"--games", "-n", true}, {"--variant", NULL, true},
                                  {"--players", NULL, true}, {"--seed", NULL, true}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 5);
  a->seed = 1;
  a->games = 100;
  for (int o; (o = opt_next(&op)) != OPT_END;) {
    switch (o) {
    case OPT_BAD: return cli_bad_option(&op);
    case HELP: fputs(usage, stdout); return -1;
    case VARIANT: a->variants = op.value; break;
    case PLAYERS: a->players = op.value; break;
    case COUNT:
      if (!opt_parse_int(op.value, 1, 1000000000, &a->games))
        return cli_fail(EXIT_USAGE, "-n wants a number of matches from 1 to 1000000000, got '%s'", op.value);
      break;
    case SEED:
      if ((status = cli_parse_seed(op.value, &a->seed))) return status;
      break;
    default:
      if ((status = cli_take_game("simcheck", &a->game, op.value))) return status;
    }
  }
  return cli_need_game("simcheck", a->game);
}

static int violated(const Sim *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int violated(const Sim *m, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "simcheck: %s, seed %" PRIu64 ", step %d: ", ts_program_name(m->ses->program), m->seed, m->step);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  return 1;
}

/* The observation of `seat` into m->a (into_b: m->b), both grown as
 * needed — so read them only after the last call. */
static bool observe(Sim *m, const TsState *s, int seat, bool into_b) {
  size_t n = ts_observation_json(s, seat, into_b ? m->b : m->a, m->cap);
  if (n < m->cap) return true;
  size_t cap = n + 1;
  char *a = realloc(m->a, cap);
  if (a) m->a = a;
  char *b = a ? realloc(m->b, cap) : NULL;
  if (b) m->b = b;
  if (!a || !b) return false;
  m->cap = cap;
  ts_observation_json(s, seat, into_b ? m->b : m->a, m->cap);
  return true;
}

static int check_clone(Sim *m, const TsState *s) {
  TsState *c = ts_clone(s);
  int status = 0;
  if (!c) return violated(m, "out of memory");
  if (ts_hash(c) != ts_hash(s)) status = violated(m, "the clone's hash differs");
  for (int seat = -1; !status && seat < ts_seats(s); seat++) {
    if (!observe(m, s, seat, false) || !observe(m, c, seat, true)) status = violated(m, "out of memory");
    else if (strcmp(m->a, m->b) != 0) status = violated(m, "the clone's observation for seat %d differs", seat);
  }
  ts_free(c);
  return status;
}

static int check_views(Sim *m, const TsState *s) {
  for (int seat = 0; seat < ts_seats(s); seat++) {
    if (!observe(m, s, -1, false) || !observe(m, s, seat, true)) return violated(m, "out of memory");
    if (!view_only_hides(m->b, m->a))
      return violated(m, "seat %d's observation shows what the full observation does not:\n  seat: %.300s\n  full: %.300s",
                      seat, m->b, m->a);
  }
  return 0;
}

static uint64_t next_random(uint64_t *s) {
  *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
  return *s;
}

/* Every text is unique; up to SAMPLED_MOVES moves (all when fewer) find
 * themselves by their text and apply to a copy. Finding a move scans all
 * texts, so it is sampled too: checking all of them would be quadratic in
 * the options (a placement game has hundreds). */
static int check_moves(Sim *m, const TsState *s, int n) {
  char text[512], err[256];
  TextIndex seen = {0};
  int status = 0;
  for (int i = 0; i < n && !status; i++) {
    ts_legal_text(s, i, text, sizeof text);
    int *first = text_index_slot(&seen, text, strlen(text));
    if (!first) status = violated(m, "out of memory");
    else if (*first >= 0) status = violated(m, "moves %d and %d have the same text \"%s\"", *first, i, text);
    else *first = i;
  }
  text_index_free(&seen);
  for (int k = 0; k < n && k < SAMPLED_MOVES && !status; k++) {
    int i = n <= SAMPLED_MOVES ? k : (int)(next_random(&m->rng) % (uint64_t)n);
    ts_legal_text(s, i, text, sizeof text);
    int found = ts_find_move(s, text);
    if (found != i) return violated(m, "move %d's text \"%s\" finds move %d", i, text, found);
    if (ts_copy(m->copy, s) != 0) return violated(m, "out of memory");
    if (ts_apply(m->copy, i, err, sizeof err) < 0)
      return violated(m, "listed move %d (\"%s\") does not apply: %s", i, text, err);
  }
  return status;
}

static int record(Sim *m, uint64_t hash, int move) {
  if (m->count == m->hash_cap) {
    int cap = m->hash_cap ? 2 * m->hash_cap : 256;
    uint64_t *h = realloc(m->hashes, sizeof *h * (size_t)cap);
    if (h) m->hashes = h;
    int *mv = h ? realloc(m->moves, sizeof *mv * (size_t)cap) : NULL;
    if (mv) m->moves = mv;
    if (!h || !mv) return violated(m, "out of memory");
    m->hash_cap = cap;
  }
  m->hashes[m->count] = hash;
  m->moves[m->count++] = move;
  return 0;
}

/* The same seed and moves again: the same hash before every move and at
 * the end. */
static int check_replay(Sim *m, uint64_t final_hash) {
  char err[256];
  TsState *s = ts_new_game(m->ses->program, m->ses->players, m->seed, err, sizeof err);
  if (!s) return violated(m, "cannot start the replay: %s", err);
  int status = 0;
  for (int i = 0; i < m->count && !status; i++) {
    m->step = i;
    if (ts_hash(s) != m->hashes[i]) status = violated(m, "replayed, the hash differs");
    else if (ts_apply(s, m->moves[i], err, sizeof err) < 0) status = violated(m, "replayed, the move fails: %s", err);
  }
  if (!status && ts_hash(s) != final_hash) status = violated(m, "replayed, the final hash differs");
  ts_free(s);
  return status;
}

static int playout(Sim *m) {
  char err[256];
  TsState *s = ts_new_game(m->ses->program, m->ses->players, m->seed, err, sizeof err);
  if (!s) return violated(m, "cannot start: %s", err);
  m->copy = ts_clone(s);
  m->count = 0;
  m->rng = m->seed * 0x9e3779b97f4a7c15ull + 1;
  int status = m->copy ? 0 : violated(m, "out of memory");
  for (m->step = 0; !status && !ts_is_over(s); m->step++) {
    int n = ts_legal_count(s);
    if (m->step >= MAX_MOVES) status = violated(m, "no end after %d moves", MAX_MOVES);
    if (!status) status = check_clone(m, s);
    if (!status) status = check_views(m, s);
    if (!status) status = check_moves(m, s, n);
    int move = (int)(next_random(&m->rng) % (uint64_t)n);
    if (!status) status = record(m, ts_hash(s), move);
    if (!status && ts_apply(s, move, err, sizeof err) < 0) status = violated(m, "move %d fails: %s", move, err);
  }
  if (!status && ts_error(s)) status = violated(m, "the match ended with %s", ts_error(s));
  if (!status) status = check_clone(m, s);
  if (!status) status = check_views(m, s);
  if (!status) status = check_replay(m, ts_hash(s));
  ts_free(m->copy);
  ts_free(s);
  return status;
}

int cmd_simcheck(int argc, char **argv) {
  SimArgs a = {0};
  int status = parse_args(argc, argv, &a);
  if (status) return status < 0 ? 0 : status;
  Session ses;
  if ((status = session_open(&ses, a.game, a.variants, a.players, false))) return status;
  Sim m = {.ses = &ses, .cap = 1 << 16};
  m.a = malloc(m.cap);
  m.b = malloc(m.cap);
  long moves = 0;
  if (!m.a || !m.b) status = cli_fail(1, "out of memory");
  for (long i = 0; i < a.games && !status; i++) {
    m.seed = a.seed + (uint64_t)i;
    status = playout(&m);
    moves += m.count;
  }
  if (!status)
    printf("%s, %d players%s%s: %ld random matches, %ld moves, every invariant held\n", ts_program_name(ses.program),
           ses.players, a.variants ? ", variants " : "", a.variants ? a.variants : "", a.games, moves);
  free(m.a);
  free(m.b);
  free(m.hashes);
  free(m.moves);
  session_close(&ses);
  return status;
}
