/* match.h — the move loop every match goes through, for `play` and `run`:
 *   while not over: seat = current seat; its agent picks; trace; apply. */
#ifndef TESSERA_TOOLS_MATCH_H
#define TESSERA_TOOLS_MATCH_H

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

typedef struct Match {
  TsState *state;
  Agent *agents;      /* one per deciding seat */
  Trace *trace;       /* NULL: none */
  FILE *in, *out;     /* the human's terminal */
  bool announce;      /* print the moves of non-human seats to `out` */
  long max_steps;     /* decisions before the match is stopped */
  int steps;          /* moves applied */
  char error[512];    /* MATCH_ERROR: why */
  /* Called at every decision before the agent picks (NULL: none): `tessera
   * stats` watches turn order and the lead through it. */
  void (*on_decision)(void *ctx, const TsState *s, int seat);
  void *ctx;
} Match;

MatchEnd match_run(Match *m);

/* Seats with rank 1, "P1, P3". */
void match_winners(const TsState *s, char *buf, size_t cap);
/* Scores per seat and the winner(s), for people. */
void match_print_results(const TsState *s, FILE *out);

/* human.c: the option a human at `in`/`out` picks, or -1 to quit. */
int human_pick(TsState *s, int seat, FILE *in, FILE *out);

#endif
