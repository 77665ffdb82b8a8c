/* agents.h — who decides for each seat: a human at the terminal, `random`
 * (uniform over the legal options, from its own generator seeded from the
 * match seed — never the game's generator, so agents cannot change the
 * game's chance), or `first` (always option 0). Pure: no engine calls. */
#ifndef TESSERA_TOOLS_AGENTS_H
#define TESSERA_TOOLS_AGENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { AGENTS_MAX = 64 }; /* seats the CLI can seat */

typedef enum AgentKind { AGENT_HUMAN, AGENT_RANDOM, AGENT_FIRST } AgentKind;

typedef struct Rng {
  uint64_t state;
} Rng;

typedef struct Agent {
  AgentKind kind;
  Rng rng;
} Agent;

bool agent_kind_parse(const char *name, AgentKind *out);
const char *agent_kind_name(AgentKind kind);
#define AGENT_KIND_NAMES "human, random, first"

/* A `--players` value: a seat count ("3": *kinds untouched, *is_count set)
 * or a list of agent names. Returns false with a one-line reason. */
bool agents_parse(const char *spec, AgentKind *kinds, int cap, int *count, bool *is_count,
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
