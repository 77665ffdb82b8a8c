/* search.h — the agents that look ahead, over the engine API only:
 *
 *   greedy[:PLIES]  tries every option (and, with PLIES > 1, the best replies
 *                   of the seats that follow, each maximising its own
 *                   margin) and keeps the one with the best margin for its
 *                   seat: its value minus the best other seat's value. The
 *                   value is the rules' `evaluation`, else their
 *                   `running_score`, else the first rank key.
 *   mcts[:BUDGET]   UCT over the options, random playouts to the end, a
 *                   win (shared when tied) worth 1 to each seat in rank 1.
 *                   Sees the whole state, hidden parts included. At a root
 *                   with many options, only the best by one-ply margin are
 *                   searched when the rules give a value (MCTS_WIDE).
 *   ismcts[:BUDGET] single-observer information-set MCTS: every playout
 *                   starts from a fresh ts_determinize of the position for
 *                   its seat, and statistics are kept per move key
 *                   (ts_legal_key) with availability counts, so it never
 *                   depends on what the seat cannot see.
 *
 * A playout budget makes a search reproducible for the agent's seed; a time
 * budget does not. Every search works on copies: the state is unchanged. */
#ifndef TESSERA_TOOLS_SEARCH_H
#define TESSERA_TOOLS_SEARCH_H

#include "agents.h"
#include "tessera.h"

/* The root keeps its best options by one-ply margin when it has more than
 * MCTS_WIDE and the rules declare an evaluation: budget / PLAYOUTS_PER_OPTION
 * of them, at least MCTS_WIDE. */
enum { MCTS_DEFAULT_PLAYOUTS = 1000, MCTS_WIDE = 12, MCTS_PLAYOUTS_PER_OPTION = 50 };

/* What a search found, for tests and the protocol: visits per option of the
 * position searched, and the playouts run. */
typedef struct SearchReport {
  int *visits;   /* caller's array of ts_legal_count entries, or NULL */
  long playouts;
} SearchReport;

/* What a search returns when not even its scratch states could be made (or
 * greedy's could not hold a position): no option was chosen. An MCTS whose
 * tree cannot grow further (or whose next playout cannot be set up) stops
 * there and picks from the playouts it has run; one that cannot narrow a wide
 * root searches every option. */
enum { SEARCH_OUT_OF_MEMORY = -3 };

/* The option agent `a` picks at s (its seat to move); any kind but human.
 * SEARCH_OUT_OF_MEMORY as above. */
int agent_pick(Agent *a, TsState *s);

int search_greedy(TsState *s, int plies, Rng *rng);
int search_mcts(TsState *s, const AgentParams *params, bool determinize, Rng *rng, SearchReport *report);

#endif
