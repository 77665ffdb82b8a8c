/* agents.c — see agents.h. */
#include "agents.h"

#include <stdio.h>
#include <string.h>

#include "options.h"

static const char *const kind_names[] = {"human", "random", "first"};

bool agent_kind_parse(const char *name, AgentKind *out) {
  for (int k = 0; k < (int)(sizeof kind_names / sizeof *kind_names); k++) {
    if (strcmp(name, kind_names[k]) == 0) {
      *out = (AgentKind)k;
      return true;
    }
  }
  return false;
}

const char *agent_kind_name(AgentKind kind) {
  return kind_names[kind];
}

bool agents_parse(const char *spec, AgentKind *kinds, int cap, int *count, bool *is_count,
                  char *err, size_t errlen) {
  long n;
  *is_count = false;
  if (opt_parse_int(spec, 0, 1000000, &n)) {
    if (n > cap) {
      snprintf(err, errlen, "--players %ld: at most %d seats", n, cap);
      return false;
    }
    *count = (int)n;
    *is_count = true;
    return true;
  }
  StrList names;
  if (!strlist_split(spec, &names, err, errlen)) return false;
  bool ok = true;
  if (names.count > cap) {
    snprintf(err, errlen, "--players lists %d seats; at most %d", names.count, cap);
    ok = false;
  }
  for (int i = 0; ok && i < names.count; i++) {
    if (!agent_kind_parse(names.items[i], &kinds[i])) {
      snprintf(err, errlen, "unknown agent '%s' in --players; agents: %s, or a seat count",
               names.items[i], AGENT_KIND_NAMES);
      ok = false;
    }
  }
  if (ok) *count = names.count;
  strlist_free(&names);
  return ok;
}

void agents_default(AgentKind *kinds, int count, bool human_first) {
  for (int i = 0; i < count; i++) kinds[i] = AGENT_RANDOM;
  if (human_first && count > 0) kinds[0] = AGENT_HUMAN;
}

uint64_t rng_next(Rng *r) {
  uint64_t z = (r->state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Rejects the uneven tail: draws at or above limit = UINT64_MAX -
 * UINT64_MAX % n. The limit is above UINT64_MAX - n, so a draw below that
 * is kept without working the limit out (a division saved per draw; the
 * same draws kept). */
uint64_t rng_below(Rng *r, uint64_t n) {
  uint64_t x;
  do x = rng_next(r);
  while (x > UINT64_MAX - n && x >= UINT64_MAX - UINT64_MAX % n);
  return x % n;
}

void agent_init(Agent *a, AgentKind kind, uint64_t match_seed, int seat) {
  a->kind = kind;
  /* A distinct stream per seat, unrelated to the game's own generator. */
  Rng mix = {match_seed ^ 0x7465737365726121u}; /* "tessera!" */
  for (int i = 0; i <= seat; i++) rng_next(&mix);
  a->rng.state = rng_next(&mix);
}

int agent_pick_auto(Agent *a, int count) {
  if (a->kind == AGENT_RANDOM) return (int)rng_below(&a->rng, (uint64_t)count);
  return 0;
}
