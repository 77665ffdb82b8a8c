/* match.h — the move loop every match goes through, for `play` and `run`:
 *   while not over: seat = current seat; its agent picks; trace; apply. */
#ifndef TESSERA_TOOLS_MATCH_H
#define TESSERA_TOOLS_MATCH_H

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

#include "agents.h"
#include "tessera.h"
#include "trace.h"

typedef enum MatchEnd {
  MATCH_PLAYING, /* not ended yet */
  MATCH_OVER,   /* the rules ended the game */
  MATCH_QUIT,   /* a human quit (or stdin ended) */
  MATCH_ERROR,  /* runtime error, step limit, or an engine misbehaving */
} MatchEnd;

/* The positions before each applied move, for undo and save (play only). */
typedef struct MatchHistory {
  TsState **before;   /* before[i]: the state before move i */
  int *option;        /* the option chosen there */
  long *trace_at;     /* where move i's step line starts in the trace */
  long *public_at;    /* and in the spectator's trace */
  int count, cap;
} MatchHistory;

struct Session;

typedef struct Match {
  TsState *state;
  Agent *agents;      /* one per deciding seat */
  Trace *trace;       /* NULL: none */
  Trace *public_trace; /* a spectator's trace, or NULL */
  FILE *in, *out;     /* the human's terminal */
  bool announce;      /* print the moves of non-human seats to `out` */
  long max_steps;     /* decisions before the match is stopped */
  int steps;          /* moves applied */
  char error[512];    /* MATCH_ERROR: why */
  /* `play` only (zero elsewhere): */
  bool keep_history;  /* fill `history` (undo, save) */
  MatchHistory history;
  const struct Session *session; /* what `save` writes in the trace header */
  uint64_t seed;
  bool color;         /* ANSI colours on `out` */
  bool terminal;      /* `out` is a terminal: the hot seat clears it */
  int viewer;         /* the human seat that last saw the screen (-1: none) */
  /* Called at every decision before the agent picks (NULL: none): `tessera
   * stats` watches turn order and the lead through it. */
  void (*on_decision)(void *ctx, const TsState *s, int seat);
  void *ctx;
} Match;

MatchEnd match_run(Match *m);
/* Applies option `index` as match_run does (history, trace, announcement);
 * what --resume uses to replay a saved game. MATCH_PLAYING or MATCH_ERROR. */
MatchEnd match_apply(Match *m, int index);
/* Back to the latest earlier decision of `seat` (history kept): 1; 0 when
 * there is none; -1 when memory ran out (nothing changed). */
int match_undo(Match *m, int seat);
void match_history_free(Match *m);
/* Whether the state before the last move is known (for highlighting). */
const TsState *match_before_last(const Match *m);
/* Human seats in the match. */
int match_humans(const Match *m);

/* Set by SIGINT (cmd_play installs the handler): the match stops after the
 * decision in progress, as if quit, so its trace stays complete. */
extern volatile sig_atomic_t match_interrupted;

/* Seats with rank 1, "P1, P3". */
void match_winners(const TsState *s, char *buf, size_t cap);
/* Scores per seat and the winner(s), for people. */
void match_print_results(const TsState *s, FILE *out);

/* human.c: the option a human at `in`/`out` picks, HUMAN_QUIT, or
 * HUMAN_UNDO (back to their previous decision). */
enum { HUMAN_QUIT = -1, HUMAN_UNDO = -2 };
int human_pick(Match *m, int seat);

/* save.c: writes the match so far as a trace (a save is a trace: the
 * header, a step per move applied, a final line "over":false). */
bool match_save(const Match *m, const char *path, char *err, size_t errlen);

#endif
