/* agents.h — who decides for each seat: a human at the terminal, `random`
 * (uniform over the legal options, from its own generator seeded from the
 * match seed — never the game's generator, so agents cannot change the
 * game's chance), `first` (always option 0), or a searching agent
 * (search.h): `greedy[:PLIES]`, `mcts[:BUDGET]`, `ismcts[:BUDGET]`, BUDGET
 * a playout count (`mcts:5000`) or a time (`mcts:2s`, `mcts:500ms`).
 * Parsing and the generator are pure: no engine calls. */
#ifndef TESSERA_TOOLS_AGENTS_H
#define TESSERA_TOOLS_AGENTS_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { AGENTS_MAX = 64 }; /* seats the CLI can seat */

typedef enum AgentKind { AGENT_HUMAN, AGENT_RANDOM, AGENT_FIRST, AGENT_GREEDY, AGENT_MCTS, AGENT_ISMCTS } AgentKind;

/* The budget after `name:`: 0 = the agent's default. */
typedef struct AgentParams {
  long playouts; /* mcts, ismcts: playouts per decision */
  long millis;   /* mcts, ismcts: time per decision (not reproducible) */
  int plies;     /* greedy: decisions looked ahead */
  /* Not part of the name: set by the caller, a search ends early once
   * *stop is set (Ctrl-C). NULL: never. */
  const volatile sig_atomic_t *stop;
} AgentParams;

typedef struct Rng {
  uint64_t state;
} Rng;

typedef struct Agent {
  AgentKind kind;
  AgentParams params;
  Rng rng;
} Agent;

bool agent_kind_parse(const char *name, AgentKind *out);
const char *agent_kind_name(AgentKind kind);
#define AGENT_KIND_NAMES "human, random, first, greedy[:PLIES], mcts[:N|:Ts|:Tms], ismcts[:N|:Ts|:Tms]"

/* One agent name with its budget ("mcts:5000"). Returns false with a
 * one-line reason. */
bool agent_spec_parse(const char *text, AgentKind *kind, AgentParams *params, char *err, size_t errlen);
/* The name back as agent_spec_parse reads it ("mcts:5000", "random"). */
const char *agent_spec_text(AgentKind kind, const AgentParams *params, char *buf, size_t cap);
/* Whether the agent searches (needs the state, not just the option count). */
bool agent_searches(AgentKind kind);

/* A `--players` value: a seat count ("3": *kinds untouched, *is_count set)
 * or a list of agent names with budgets (params may be NULL). Returns false
 * with a one-line reason. */
bool agents_parse(const char *spec, AgentKind *kinds, AgentParams *params, int cap, int *count, bool *is_count,
                  char *err, size_t errlen);
/* Default seating: a human at seat 1 when `human_first`, random elsewhere. */
void agents_default(AgentKind *kinds, int count, bool human_first);

/* Seeds seat `seat`'s generator from the match seed. */
void agent_init(Agent *a, AgentKind kind, uint64_t match_seed, int seat);
/* The option a non-human agent picks among `count` (> 0). */
int agent_pick_auto(Agent *a, int count);

uint64_t rng_next(Rng *r);            /* splitmix64 */
uint64_t rng_below(Rng *r, uint64_t n); /* uniform in 0..n-1, n > 0 */

#endif
