/* search.c — see search.h. */
#include "search.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


enum { PLAYOUT_MAX_MOVES = 100000, GREEDY_MAX_PLIES = 4 };
static const double EXPLORATION = 0.7; /* UCB1's constant for rewards in 0..1 */

/* ---- greedy ---- */

typedef struct Values {
  int seats;
  int64_t v[AGENTS_MAX];
} Values;

/* Whether the rules say how good a position is before its end. */
static bool rules_value_positions(const TsState *s) {
  int64_t v[AGENTS_MAX];
  return ts_seat_values(s, "evaluation", v, NULL, 0) != 1 || ts_seat_values(s, "running_score", v, NULL, 0) != 1;
}

static void evaluate(const TsState *s, Values *out) {
  out->seats = ts_seats(s);
  if (ts_is_over(s) || (ts_seat_values(s, "evaluation", out->v, NULL, 0) != 0 &&
                        ts_seat_values(s, "running_score", out->v, NULL, 0) != 0))
    for (int k = 0; k < out->seats; k++) out->v[k] = ts_score(s, k);
}

static int64_t margin(const Values *v, int seat) {
  int64_t best_other = INT64_MIN;
  for (int k = 0; k < v->seats; k++)
    if (k != seat && v->v[k] > best_other) best_other = v->v[k];
  return best_other == INT64_MIN ? v->v[seat] : v->v[seat] - best_other;
}

/* The values the line from s reaches when each seat to move keeps its best
 * margin for `plies` more decisions; *choice is the option taken at s.
 * work[0..plies-1] are scratch states. Ties go to a random option. False
 * when a scratch state could not hold a position (out of memory). */
static bool best_line(const TsState *s, int plies, TsState **work, Rng *rng, Values *out, int *choice) {
  if (plies == 0 || ts_is_over(s)) {
    evaluate(s, out);
    if (choice) *choice = 0;
    return true;
  }
  int seat = ts_current_seat(s), n = ts_legal_count(s), ties = 0;
  int64_t best = INT64_MIN;
  for (int i = 0; i < n; i++) {
    Values v;
    if (ts_copy(work[0], s) != 0) return false;
    if (ts_apply(work[0], i, NULL, 0) != 0) continue; /* a runtime error: never chosen */
    if (!best_line(work[0], plies - 1, work + 1, rng, &v, NULL)) return false;
    int64_t m = margin(&v, seat);
    if (m > best) best = m, ties = 0;
    if (m == best && rng_below(rng, (uint64_t)++ties) == 0) {
      *out = v;
      if (choice) *choice = i;
    }
  }
  if (best == INT64_MIN) evaluate(s, out);
  return true;
}

int search_greedy(TsState *s, int plies, Rng *rng) {
  if (plies < 1) plies = 1;
  if (plies > GREEDY_MAX_PLIES) plies = GREEDY_MAX_PLIES;
  TsState *work[GREEDY_MAX_PLIES];
  bool made = true;
  for (int i = 0; i < plies; i++) made &= (work[i] = ts_clone(s)) != NULL;
  Values v;
  int choice = 0;
  if (!made || !best_line(s, plies, work, rng, &v, &choice)) choice = SEARCH_OUT_OF_MEMORY;
  for (int i = 0; i < plies; i++) ts_free(work[i]);
  return choice;
}

/* ---- Monte Carlo tree search ---- */

/* A node is the position reached by one move (its key) from its parent;
 * `seat` made that move, and `reward` adds up what the playouts through it
 * were worth to that seat. */
typedef struct Node {
  uint64_t key;
  int32_t first_child, next_sibling, seat;
  int32_t visits, available, expanded, offset;
  double reward;
} Node;

typedef struct Tree {
  Node *nodes;
  int count, cap;
  bool determinize;
  int searcher;      /* the seat whose information set is searched */
  Rng *rng;
  uint64_t *keys;    /* the current decision's keys (ismcts) */
  unsigned char *seen; /* which of them have a child */
  int keys_cap;
  bool *root_allowed; /* the root's options worth searching (NULL: all) */
  bool out_of_memory; /* the search stops, answering from what it has */
} Tree;

/* Grows *items to `count` elements of `size`; on failure the search stops. */
static bool tree_grow(Tree *t, void *items, size_t count, size_t size) {
  void *grown = realloc(*(void **)items, count * size);
  if (!grown) {
    t->out_of_memory = true;
    return false;
  }
  *(void **)items = grown;
  return true;
}

/* The new node's index, or -1 when the tree cannot grow. */
static int tree_add(Tree *t, uint64_t key, int seat, int parent) {
  if (t->count == t->cap) {
    int cap = t->cap ? t->cap * 2 : 1024;
    if (!tree_grow(t, &t->nodes, (size_t)cap, sizeof *t->nodes)) return -1;
    t->cap = cap;
  }
  int i = t->count++;
  t->nodes[i] = (Node){.key = key, .first_child = -1, .next_sibling = -1, .seat = seat,
                       .offset = t->rng ? (int32_t)(rng_next(t->rng) & 0x7fffffff) : 0};
  if (parent >= 0) {
    t->nodes[i].next_sibling = t->nodes[parent].first_child;
    t->nodes[parent].first_child = i;
  }
  return i;
}

static double ucb(const Tree *t, const Node *child, int parent_visits) {
  double mean = child->reward / child->visits;
  return mean + EXPLORATION * sqrt(log((double)parent_visits) / child->visits);
}

/* Perfect information: option i is key i, expanded in a rotated order. */
static int descend_plain(Tree *t, int node, const TsState *s, int *option) {
  Node *n = &t->nodes[node];
  int count = ts_legal_count(s);
  while (n->expanded < count) {
    *option = (n->offset + n->expanded++) % count;
    if (node == 0 && t->root_allowed && !t->root_allowed[*option]) continue;
    return tree_add(t, (uint64_t)*option, ts_current_seat(s), node);
  }
  int best = -1;
  double best_score = -1;
  for (int c = n->first_child; c >= 0; c = t->nodes[c].next_sibling) {
    double score = ucb(t, &t->nodes[c], n->visits);
    if (score > best_score) best_score = score, best = c;
  }
  *option = (int)t->nodes[best].key;
  return best;
}

static int key_index(const uint64_t *keys, int count, uint64_t key) {
  for (int i = 0; i < count; i++)
    if (keys[i] == key) return i;
  return -1;
}

/* Information sets: the children are the move keys met so far; those legal
 * in this sample count as available; an unexpanded legal move is tried
 * first. */
static int descend_sampled(Tree *t, int node, const TsState *s, int *option) {
  int count = ts_legal_count(s);
  if (count <= 0) return -1;
  if (count > t->keys_cap) {
    if (!tree_grow(t, &t->keys, (size_t)count * 2, sizeof *t->keys) || !tree_grow(t, &t->seen, (size_t)count * 2, 1))
      return -1;
    t->keys_cap = count * 2;
  }
  for (int i = 0; i < count; i++) t->keys[i] = ts_legal_key(s, i);
  int best = -1, untried = -1, untried_seen = 0;
  double best_score = -1;
  unsigned char *seen = t->seen;
  memset(seen, 0, (size_t)count);
  for (int c = t->nodes[node].first_child; c >= 0; c = t->nodes[c].next_sibling) {
    int i = key_index(t->keys, count, t->nodes[c].key);
    if (i < 0) continue;
    seen[i] = 1;
    Node *child = &t->nodes[c];
    child->available++;
    double score = ucb(t, child, child->available);
    if (score > best_score) best_score = score, best = c, *option = i;
  }
  for (int i = 0; i < count; i++)
    if (!seen[i] && !(node == 0 && t->root_allowed && !t->root_allowed[i]) &&
        rng_below(t->rng, (uint64_t)++untried_seen) == 0)
      untried = i;
  if (untried >= 0) {
    *option = untried;
    return tree_add(t, t->keys[untried], ts_current_seat(s), node);
  }
  return best;
}

/* Win shares of a finished game, per seat. */
static void rewards(const TsState *s, double *r) {
  int seats = ts_seats(s), rank[AGENTS_MAX], winners = 0;
  ts_ranking(s, rank);
  for (int k = 0; k < seats; k++) winners += rank[k] == 1;
  for (int k = 0; k < seats; k++) r[k] = !ts_error(s) && rank[k] == 1 ? 1.0 / winners : 0;
}

static void playout(TsState *w, Rng *rng) {
  for (int moves = 0; !ts_is_over(w) && moves < PLAYOUT_MAX_MOVES; moves++)
    if (ts_apply(w, (int)rng_below(rng, (uint64_t)ts_legal_count(w)), NULL, 0) != 0) break;
}

/* One iteration: select and expand from the root, play out, back up.
 * False when no playout could start (out of memory). */
static bool iterate(Tree *t, const TsState *root, TsState *w, int *path) {
  if (ts_copy(w, root) != 0 || (t->determinize && ts_determinize(w, t->searcher, rng_next(t->rng)) < 0)) {
    t->out_of_memory = true; /* never a playout on the real hidden information */
    return false;
  }
  int node = 0, depth = 0;
  path[depth++] = 0;
  while (!ts_is_over(w)) {
    int option = 0, before = t->count;
    node = t->determinize ? descend_sampled(t, node, w, &option) : descend_plain(t, node, w, &option);
    if (node < 0) break;
    path[depth++] = node;
    if (ts_apply(w, option, NULL, 0) != 0 || t->count > before) break;
  }
  playout(w, t->rng);
  double r[AGENTS_MAX];
  rewards(w, r);
  for (int i = 0; i < depth; i++) {
    Node *n = &t->nodes[path[i]];
    n->visits++;
    if (n->seat >= 0) n->reward += r[n->seat];
  }
  return true;
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The most visited option of the root; ties to the lowest option. */
static int most_visited(const Tree *t, const TsState *root, SearchReport *report) {
  int count = ts_legal_count(root), best = 0, best_visits = -1;
  for (int i = 0; i < count; i++) {
    uint64_t key = t->determinize ? ts_legal_key(root, i) : (uint64_t)i;
    int visits = 0;
    for (int c = t->nodes[0].first_child; c >= 0; c = t->nodes[c].next_sibling)
      if (t->nodes[c].key == key) visits = t->nodes[c].visits;
    if (report && report->visits) report->visits[i] = visits;
    if (visits > best_visits) best_visits = visits, best = i;
  }
  return best;
}

/* With many options and an evaluation in the rules, the search keeps the
 * root's most promising ones by their one-ply margin (as greedy sees them;
 * for ismcts on a sample, never on hidden information), so the budget is
 * not spread over hundreds of moves a few playouts each. */
static bool *promising_options(const TsState *root, long budget, const Tree *t) {
  int count = ts_legal_count(root);
  if (count <= MCTS_WIDE || !(rules_value_positions(root))) return NULL;
  int keep = (int)(budget ? budget / MCTS_PLAYOUTS_PER_OPTION : MCTS_WIDE);
  if (keep < MCTS_WIDE) keep = MCTS_WIDE;
  if (keep >= count) return NULL;
  TsState *view = ts_clone(root), *w = ts_clone(root);
  int64_t *margins = malloc(sizeof *margins * (size_t)count);
  bool *allowed = calloc((size_t)count, sizeof *allowed);
  bool made = view && w && margins && allowed;
  if (!made || (t->determinize && ts_determinize(view, t->searcher, rng_next(t->rng)) < 0)) {
    free(allowed); /* out of memory: every option is searched */
    allowed = NULL;
    count = 0;
  }
  for (int i = 0; i < count; i++) {
    Values v;
    margins[i] = INT64_MIN;
    if (ts_copy(w, view) != 0) continue; /* out of memory: not kept */
    if (ts_apply(w, i, NULL, 0) != 0) continue;
    evaluate(w, &v);
    margins[i] = margin(&v, t->searcher);
  }
  for (int kept = 0; kept < keep && count; kept++) { /* the best `keep`, ties to the first */
    int best = -1;
    for (int i = 0; i < count; i++)
      if (!allowed[i] && margins[i] != INT64_MIN && (best < 0 || margins[i] > margins[best])) best = i;
    if (best < 0) break;
    allowed[best] = true;
  }
  free(margins);
  ts_free(view);
  ts_free(w);
  return allowed;
}

/* Runs the playouts (until the budget, the deadline, a stop or the tree
 * cannot grow) and picks the most visited option. */
static int mcts_choice(Tree *t, const TsState *root, TsState *w, int *path, const AgentParams *params,
                       SearchReport *report) {
  long budget = params->playouts ? params->playouts : params->millis ? 0 : MCTS_DEFAULT_PLAYOUTS;
  double deadline = params->millis ? now_ms() + (double)params->millis : 0;
  long played = 0;
  t->root_allowed = promising_options(root, budget, t);
  if (ts_legal_count(root) > 1) {
    for (; (budget == 0 || played < budget) && !t->out_of_memory; played++) {
      if (deadline && (played & 15) == 0 && now_ms() >= deadline) break;
      if (params->stop && *params->stop) break;
      if (!iterate(t, root, w, path)) break;
    }
  }
  if (report) report->playouts = played;
  return most_visited(t, root, report);
}

int search_mcts(TsState *s, const AgentParams *params, bool determinize, Rng *rng, SearchReport *report) {
  Tree t = {.determinize = determinize, .searcher = ts_current_seat(s), .rng = rng};
  TsState *root = ts_clone(s), *w = ts_clone(s);
  int *path = malloc(sizeof *path * (PLAYOUT_MAX_MOVES + 2));
  int choice = SEARCH_OUT_OF_MEMORY;
  if (root && w && path && tree_add(&t, 0, -1, -1) == 0) {
    choice = mcts_choice(&t, root, w, path, params, report);
  }
  free(path);
  free(t.nodes);
  free(t.keys);
  free(t.seen);
  free(t.root_allowed);
  ts_free(root);
  ts_free(w);
  return choice;
}

int agent_pick(Agent *a, TsState *s) {
  switch (a->kind) {
  case AGENT_GREEDY: return search_greedy(s, a->params.plies, &a->rng);
  case AGENT_MCTS: return search_mcts(s, &a->params, false, &a->rng, NULL);
  case AGENT_ISMCTS: return search_mcts(s, &a->params, true, &a->rng, NULL);
  default: return agent_pick_auto(a, ts_legal_count(s));
  }
}
