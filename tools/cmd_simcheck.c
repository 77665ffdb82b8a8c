/* cmd_simcheck.c — `tessera simcheck GAME`: random playouts that check the
 * engine's invariants, for any game (as OpenSpiel's random simulation test):
 * a clone equals the original (hash and every seat's observation), move
 * texts are unique, sampled moves find themselves by their text and apply
 * again, a seat's observation differs from the full one only where it says
 * something is hidden, the match ends without a runtime error, and the
 * moves played again from the seed give the same states.
 *
 * Writing observations costs far more than playing, so with --every K the
 * checks that write them (and the other per-option ones) run at one step in
 * K, at the start and at the end; the cheap ones (the clone's hash, the
 * played move's text, the replay) run everywhere. The moves played do not
 * depend on K: a failure found with --every K shows again with --every 1. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "game_args.h"
#include "text_index.h"
#include "view_subset.h"

static const char usage[] =
    "usage: tessera simcheck GAME [-n N] [--seed S] [--variant a,b] [--players N]\n"
    "                             [--set NAME=N] [--every K]\n"
    "\n"
    "Plays N random matches (default 100) from seeds S, S+1, ... (default 1) and\n"
    "checks at every step: a clone has the same hash and observations; move texts\n"
    "are unique; up to 16 listed moves (all when there are fewer) find themselves\n"
    "by their text and apply to a copy; each seat's observation equals the full one\n"
    "except for values it shows as hidden; the match ends without a runtime error;\n"
    "and replaying the moves from the seed gives the same hashes.\n"
    "--every K (default 1): those checks at the first and last state of each match\n"
    "and at one step in K (step number = seed modulo K), and at the other steps\n"
    "only the clone's hash and the played move's text (it finds that move). The\n"
    "first violation is printed with its seed and step; exit status 1.\n";

enum { SAMPLED_MOVES = 16, MAX_MOVES = 100000 };

typedef struct SimArgs {
  GameArgs g;
  long games, every;
} SimArgs;

/* A growing buffer for one observation's text. */
typedef struct Text {
  char *s;
  size_t cap;
} Text;

/* One playout being checked. */
typedef struct Sim {
  const Session *ses;
  uint64_t seed, rng, check_rng; /* rng: the moves played; check_rng: the moves sampled */
  long every;
  int step;
  Text full, seat, clone;
  TsState *copy;        /* for trying moves */
  uint64_t *hashes;     /* before each move, for the replay */
  int *moves;
  int count, hash_cap;
  long full_checks;     /* states given every check */
} Sim;

static int parse_args(int argc, char **argv, SimArgs *a) {
  enum { HELP, COUNT, EVERY };
  static const OptSpec specs[] = {{"--help", "-h", false},  {"--games", "-n", true},   {"--every", NULL, true},
                                  {"--variant", NULL, true}, {"--players", NULL, true}, {"--seed", NULL, true},
                                  {"--set", NULL, true}};
  OptParser op;
  opt_init(&op, argc, argv, specs, 7);
  a->g.seed = 1;
  a->games = 100;
  a->every = 1;
  for (int o, status; (o = opt_next(&op)) != OPT_END;) {
    if (o == OPT_BAD) return cli_bad_option(&op);
    if (o == HELP) return fputs(usage, stdout), -1;
    if (o == COUNT && !opt_parse_int(op.value, 1, 1000000000, &a->games))
      return cli_fail(EXIT_USAGE, "-n wants a number of matches from 1 to 1000000000, got '%s'", op.value);
    if (o == EVERY && !opt_parse_int(op.value, 1, 1000000000, &a->every))
      return cli_fail(EXIT_USAGE, "--every wants a number of steps from 1 to 1000000000, got '%s'", op.value);
    if (o != COUNT && o != EVERY && (status = game_args_take(&a->g, "simcheck", &op, o)) != 0) return status;
  }
  return cli_need_game("simcheck", a->g.game);
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

/* The observation of `seat` into t, grown as needed. */
static bool observe(Text *t, const TsState *s, int seat) {
  size_t n = ts_observation_json(s, seat, t->s, t->cap);
  if (t->s && n < t->cap) return true;
  char *grown = realloc(t->s, n + 1);
  if (!grown) return false;
  t->s = grown, t->cap = n + 1;
  ts_observation_json(s, seat, t->s, t->cap);
  return true;
}

/* The clone's observation of `seat` equals the original's (in `mine`). */
static int check_clone_view(Sim *m, const TsState *clone, int seat, const Text *mine) {
  if (!observe(&m->clone, clone, seat)) return violated(m, "out of memory");
  if (strcmp(mine->s, m->clone.s) != 0) return violated(m, "the clone's observation for seat %d differs", seat);
  return 0;
}

/* A clone has the same hash; with `views`, also every seat's observation
 * and the full one, and each seat's shows nothing the full one does not.
 * Each observation of the original is written once and serves both. */
static int check_clone(Sim *m, const TsState *s, bool views) {
  TsState *c = ts_clone(s);
  if (!c) return violated(m, "out of memory");
  int status = ts_hash(c) != ts_hash(s) ? violated(m, "the clone's hash differs") : 0;
  if (!status && views) {
    if (!observe(&m->full, s, -1)) status = violated(m, "out of memory");
    else status = check_clone_view(m, c, -1, &m->full);
  }
  for (int seat = 0; views && !status && seat < ts_seats(s); seat++) {
    if (!observe(&m->seat, s, seat)) status = violated(m, "out of memory");
    else if (!(status = check_clone_view(m, c, seat, &m->seat)) && !view_only_hides(m->seat.s, m->full.s))
      status = violated(m, "seat %d's observation shows what the full observation does not:\n  seat: %.300s\n  full: %.300s",
                        seat, m->seat.s, m->full.s);
  }
  ts_free(c);
  return status;
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
    int i = n <= SAMPLED_MOVES ? k : (int)(next_random(&m->check_rng) % (uint64_t)n);
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

/* The move about to be played finds itself by its text (it is applied to
 * the match itself, so that it applies is checked there). */
static int check_played(Sim *m, const TsState *s, int move) {
  char text[512];
  ts_legal_text(s, move, text, sizeof text);
  int found = ts_find_move(s, text);
  return found == move ? 0 : violated(m, "move %d's text \"%s\" finds move %d", move, text, found);
}

/* Every check at this step? Always at the start; else at one step in
 * `every`, a different one for each seed, so that K consecutive seeds
 * between them check each step number. */
static bool full_step(const Sim *m) {
  return m->step == 0 || (uint64_t)m->step % (uint64_t)m->every == m->seed % (uint64_t)m->every;
}

/* The checks of one state: all of them, or the cheap ones. */
static int check_state(Sim *m, const TsState *s, bool full) {
  m->full_checks += full;
  int status = check_clone(m, s, full);
  if (!status && full && !ts_is_over(s)) status = check_moves(m, s, ts_legal_count(s));
  return status;
}

static int playout(Sim *m) {
  char err[256];
  TsState *s = ts_new_game(m->ses->program, m->ses->players, m->seed, err, sizeof err);
  if (!s) return violated(m, "cannot start: %s", err);
  m->copy = ts_clone(s);
  m->count = 0;
  m->rng = m->seed * 0x9e3779b97f4a7c15ull + 1;
  m->check_rng = m->seed * 0xd1b54a32d192ed03ull + 7;
  int status = m->copy ? 0 : violated(m, "out of memory");
  for (m->step = 0; !status && !ts_is_over(s); m->step++) {
    int n = ts_legal_count(s);
    if (m->step >= MAX_MOVES) status = violated(m, "no end after %d moves", MAX_MOVES);
    if (!status) status = check_state(m, s, full_step(m));
    int move = (int)(next_random(&m->rng) % (uint64_t)n);
    if (!status) status = check_played(m, s, move);
    if (!status) status = record(m, ts_hash(s), move);
    if (!status && ts_apply(s, move, err, sizeof err) < 0) status = violated(m, "move %d fails: %s", move, err);
  }
  if (!status && ts_error(s)) status = violated(m, "the match ended with %s", ts_error(s));
  if (!status) status = check_state(m, s, true);
  if (!status) status = check_replay(m, ts_hash(s));
  ts_free(m->copy);
  ts_free(s);
  return status;
}

static void print_held(const SimArgs *a, const Sim *m, long moves) {
  const Session *ses = m->ses;
  const char *settings = game_args_settings(&a->g);
  printf("%s, %d players%s%s%s%s: %ld random matches, %ld moves, every invariant held", ts_program_name(ses->program),
         ses->players, a->g.variants ? ", variants " : "", a->g.variants ? a->g.variants : "", settings ? ", set " : "",
         settings ? settings : "", a->games, moves);
  if (a->every > 1) printf(" (all checks at %ld states, --every %ld)", m->full_checks, a->every);
  putchar('\n');
}

int cmd_simcheck(int argc, char **argv) {
  SimArgs a = {0};
  int status = parse_args(argc, argv, &a);
  if (status) return status < 0 ? 0 : status;
  Session ses;
  status = session_open_set(&ses, a.g.game, a.g.variants, game_args_settings(&a.g), a.g.players, false);
  if (status) return status;
  Sim m = {.ses = &ses, .every = a.every};
  long moves = 0;
  for (long i = 0; i < a.games && !status; i++) {
    m.seed = a.g.seed + (uint64_t)i;
    status = playout(&m);
    moves += m.count;
  }
  if (!status) print_held(&a, &m, moves);
  free(m.full.s);
  free(m.seat.s);
  free(m.clone.s);
  free(m.hashes);
  free(m.moves);
  session_close(&ses);
  return status;
}
