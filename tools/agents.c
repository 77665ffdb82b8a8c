/* agents.c — see agents.h. */
#include "agents.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

static const char *const kind_names[] = {"human", "random", "first", "greedy", "mcts", "ismcts"};

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

bool agent_searches(AgentKind kind) { return kind >= AGENT_GREEDY; }

/* "5000" playouts, "2s" or "500ms" of time; false when malformed. */
static bool parse_budget(const char *text, AgentParams *params) {
  char *end;
  double n = strtod(text, &end);
  if (end == text || n <= 0) return false;
  if (strcmp(end, "s") == 0 && n <= 3600) params->millis = (long)(n * 1000 + 0.5);
  else if (strcmp(end, "ms") == 0 && n <= 3600000) params->millis = (long)n;
  else if (*end == 0 && n == (long)n && n <= 100000000) params->playouts = (long)n;
  else return false;
  return params->millis > 0 || params->playouts > 0;
}

bool agent_spec_parse(const char *text, AgentKind *kind, AgentParams *params, char *err, size_t errlen) {
  char name[32];
  const char *colon = strchr(text, ':');
  size_t len = colon ? (size_t)(colon - text) : strlen(text);
  AgentParams p = {0};
  snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), text);
  if (len >= sizeof name || !agent_kind_parse(name, kind)) {
    snprintf(err, errlen, "unknown agent '%s' in --players; agents: %s, or a seat count", text, AGENT_KIND_NAMES);
    return false;
  }
  bool ok = true;
  if (colon && *kind == AGENT_GREEDY) {
    long plies;
    ok = opt_parse_int(colon + 1, 1, 4, &plies);
    p.plies = (int)plies;
  } else if (colon) {
    ok = (*kind == AGENT_MCTS || *kind == AGENT_ISMCTS) && parse_budget(colon + 1, &p);
  }
  if (!ok) {
    if (*kind == AGENT_GREEDY) snprintf(err, errlen, "agent '%s': greedy:PLIES wants 1 to 4 plies", text);
    else if (*kind == AGENT_MCTS || *kind == AGENT_ISMCTS)
      snprintf(err, errlen, "agent '%s': the budget is playouts (%s:5000) or time (%s:2s, %s:500ms)", text, name,
               name, name);
    else snprintf(err, errlen, "agent '%s': %s takes no budget", text, name);
    return false;
  }
  if (params) *params = p;
  return true;
}

const char *agent_spec_text(AgentKind kind, const AgentParams *params, char *buf, size_t cap) {
  if (params && params->playouts) snprintf(buf, cap, "%s:%ld", kind_names[kind], params->playouts);
  else if (params && params->millis) snprintf(buf, cap, "%s:%ldms", kind_names[kind], params->millis);
  else if (params && params->plies) snprintf(buf, cap, "%s:%d", kind_names[kind], params->plies);
  else snprintf(buf, cap, "%s", kind_names[kind]);
  return buf;
}

bool agents_parse(const char *spec, AgentKind *kinds, AgentParams *params, int cap, int *count, bool *is_count,
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
  for (int i = 0; ok && i < names.count; i++)
    ok = agent_spec_parse(names.items[i], &kinds[i], params ? &params[i] : NULL, err, errlen);
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
  a->params = (AgentParams){0};
  /* A distinct stream per seat, unrelated to the game's own generator. */
  Rng mix = {match_seed ^ 0x7465737365726121u}; /* "tessera!" */
  for (int i = 0; i <= seat; i++) rng_next(&mix);
  a->rng.state = rng_next(&mix);
}

int agent_pick_auto(Agent *a, int count) {
  if (a->kind == AGENT_RANDOM) return (int)rng_below(&a->rng, (uint64_t)count);
  return 0;
}
