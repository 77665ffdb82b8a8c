/* stats_totals.c — see stats_totals.h. */
#define _GNU_SOURCE /* strdup */
#include "stats_totals.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_alloc.h"

void hist_add(Hist *h, int64_t value, int64_t count) {
  int lo = 0, hi = h->n;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (h->values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  if (lo < h->n && h->values[lo] == value) {
    h->counts[lo] += count;
    return;
  }
  if (h->n == h->cap) {
    int cap = h->cap ? h->cap * 2 : 16;
    int64_t *v = realloc(h->values, (size_t)cap * sizeof *v), *c = v ? realloc(h->counts, (size_t)cap * sizeof *c) : NULL;
    if (v) h->values = v;
    if (!v || !c) return;
    h->counts = c;
    h->cap = cap;
  }
  memmove(h->values + lo + 1, h->values + lo, (size_t)(h->n - lo) * sizeof *h->values);
  memmove(h->counts + lo + 1, h->counts + lo, (size_t)(h->n - lo) * sizeof *h->counts);
  h->values[lo] = value;
  h->counts[lo] = count;
  h->n++;
}

void hist_free(Hist *h) {
  free(h->values);
  free(h->counts);
  memset(h, 0, sizeof *h);
}

int64_t hist_total(const Hist *h) {
  int64_t n = 0;
  for (int i = 0; i < h->n; i++) n += h->counts[i];
  return n;
}

double hist_mean(const Hist *h) {
  int64_t n = hist_total(h);
  double sum = 0;
  for (int i = 0; i < h->n; i++) sum += (double)h->values[i] * (double)h->counts[i];
  return n ? sum / (double)n : 0.0;
}

double hist_stdev(const Hist *h) {
  int64_t n = hist_total(h);
  if (n < 2) return 0.0;
  double mean = hist_mean(h), sum = 0;
  for (int i = 0; i < h->n; i++) sum += ((double)h->values[i] - mean) * ((double)h->values[i] - mean) * (double)h->counts[i];
  return sqrt(sum / (double)(n - 1));
}

int64_t hist_quantile(const Hist *h, double q) {
  int64_t n = hist_total(h), seen = 0;
  for (int i = 0; i < h->n; i++) {
    seen += h->counts[i];
    if ((double)seen >= q * (double)n && seen > 0) return h->values[i];
  }
  return h->n ? h->values[h->n - 1] : 0;
}

void totals_add(StatsTotals *t, const MatchResult *m) {
  t->games++;
  if (m->error) {
    t->errors++;
    return;
  }
  int firsts = 0;
  for (int i = 0; i < t->seats; i++) firsts += m->rank[i] == 1;
  for (int i = 0; i < t->seats; i++) {
    hist_add(&t->scores[i], m->scores[i], 1);
    if (m->rank[i] == 1) (firsts == 1 ? t->wins : t->ties)[i]++;
  }
  for (int p = 0; p < t->players; p++) {
    int seat = m->by_position[p];
    if (seat < 0) continue;
    t->pos_games[p]++;
    if (m->rank[seat] == 1) (firsts == 1 ? t->pos_wins : t->pos_ties)[p]++;
  }
  hist_add(&t->steps, m->steps, 1);
  t->lead_seen += m->lead_seen;
  t->runaway += m->runaway;
}

static bool won_alone(const MatchResult *m, int seat, int seats) {
  if (m->rank[seat] != 1) return false;
  for (int i = 0; i < seats; i++)
    if (i != seat && m->rank[i] == 1) return false;
  return true;
}

void totals_add_pair(StatsTotals *t, const MatchResult *there, const MatchResult *here) {
  if (there->error || here->error) return;
  t->pairs++;
  bool changed = there->steps != here->steps;
  for (int i = 0; i < t->seats; i++) {
    changed |= there->scores[i] != here->scores[i] || there->rank[i] != here->rank[i];
    hist_add(&t->score_change[i], here->scores[i] - there->scores[i], 1);
    bool now = won_alone(here, i, t->seats), before = won_alone(there, i, t->seats);
    t->wins_gained[i] += now && !before;
    t->wins_lost[i] += before && !now;
  }
  t->changed += changed;
}

static bool same_text(const char *a, const char *b) {
  return strcmp(a ? a : "", b ? b : "") == 0;
}

bool totals_merge(StatsTotals *into, const StatsTotals *more, char *err, size_t errlen) {
  if (!same_text(into->game, more->game) || !same_text(into->variants, more->variants) ||
      !same_text(into->settings, more->settings) ||
      !same_text(into->agents, more->agents) || !same_text(into->rules, more->rules) ||
      into->players != more->players || into->seats != more->seats || into->seed != more->seed ||
      into->planned != more->planned) {
    snprintf(err, errlen, "not parts of the same study (game, rules, variants, agents, seed and -n must agree)");
    return false;
  }
  if (more->first != into->first + into->count) {
    snprintf(err, errlen, "matches %lld..%lld do not follow %lld..%lld (a shard missing or given twice)",
             (long long)more->first, (long long)(more->first + more->count - 1), (long long)into->first,
             (long long)(into->first + into->count - 1));
    return false;
  }
  into->count += more->count;
  into->pairs += more->pairs;
  into->changed += more->changed;
  into->games += more->games;
  into->errors += more->errors;
  into->runaway += more->runaway;
  into->lead_seen += more->lead_seen;
  for (int i = 0; i < AGENTS_MAX; i++) {
    into->wins[i] += more->wins[i];
    into->ties[i] += more->ties[i];
    into->pos_games[i] += more->pos_games[i];
    into->pos_wins[i] += more->pos_wins[i];
    into->pos_ties[i] += more->pos_ties[i];
    for (int k = 0; k < more->scores[i].n; k++) hist_add(&into->scores[i], more->scores[i].values[k], more->scores[i].counts[k]);
    for (int k = 0; k < more->score_change[i].n; k++)
      hist_add(&into->score_change[i], more->score_change[i].values[k], more->score_change[i].counts[k]);
    into->wins_gained[i] += more->wins_gained[i];
    into->wins_lost[i] += more->wins_lost[i];
  }
  for (int k = 0; k < more->steps.n; k++) hist_add(&into->steps, more->steps.values[k], more->steps.counts[k]);
  return true;
}

void totals_free(StatsTotals *t) {
  free(t->game);
  free(t->variants);
  free(t->agents);
  free(t->rules);
  free(t->settings);
  for (int i = 0; i < AGENTS_MAX; i++) hist_free(&t->scores[i]), hist_free(&t->score_change[i]);
  hist_free(&t->steps);
  memset(t, 0, sizeof *t);
}

/* ---- JSON ---- */

static json_t *ints(const int64_t *v, int n) {
  json_t *a = json_array();
  for (int i = 0; i < n; i++) json_array_append_new(a, json_integer(v[i]));
  return a;
}

/* [[value, count], ...] */
static json_t *hist_json(const Hist *h) {
  json_t *a = json_array();
  for (int i = 0; i < h->n; i++) json_array_append_new(a, json_pack("[II]", (json_int_t)h->values[i], (json_int_t)h->counts[i]));
  return a;
}

json_t *totals_to_json(const StatsTotals *t) {
  json_t *names = json_array(), *scores = json_array();
  for (int i = 0; i < t->seats; i++) {
    json_array_append_new(names, json_string(t->seat_names[i]));
    json_array_append_new(scores, hist_json(&t->scores[i]));
  }
  char seed[24];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)t->seed);
  json_t *out = json_pack("{s:i,s:s,s:s,s:s,s:s?,s:i,s:i,s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}",
                   "tessera_stats", 1, "game", t->game, "variants", t->variants ? t->variants : "", "agents",
                   t->agents, "rules", t->rules, "players", t->players, "seats", t->seats, "seed", seed,
                   "planned", (json_int_t)t->planned, "first", (json_int_t)t->first, "count", (json_int_t)t->count,
                   "games", (json_int_t)t->games, "errors", (json_int_t)t->errors, "runaway", (json_int_t)t->runaway,
                   "lead_seen", (json_int_t)t->lead_seen, "seat_names", names, "wins", ints(t->wins, t->seats),
                   "ties", ints(t->ties, t->seats), "position_games", ints(t->pos_games, t->players),
                   "position_wins", ints(t->pos_wins, t->players), "position_ties", ints(t->pos_ties, t->players),
                   "scores", scores, "steps", hist_json(&t->steps));
  if (out && t->settings && *t->settings) json_object_set_new(out, "set", json_string(t->settings));
  if (out && t->paired) {
    json_t *changes = json_array();
    for (int i = 0; i < t->seats; i++) json_array_append_new(changes, hist_json(&t->score_change[i]));
    json_object_set_new(out, "paired", json_pack("{s:I,s:I,s:o,s:o,s:o}", "pairs", (json_int_t)t->pairs, "changed",
                                                 (json_int_t)t->changed, "score_change", changes, "wins_gained",
                                                 ints(t->wins_gained, t->seats), "wins_lost",
                                                 ints(t->wins_lost, t->seats)));
  }
  return out;
}

static bool read_ints(const json_t *a, int64_t *out, int n) {
  if (!json_is_array(a) || (int)json_array_size(a) != n) return false;
  for (int i = 0; i < n; i++) out[i] = json_integer_value(json_array_get(a, (size_t)i));
  return true;
}

static bool read_hist(const json_t *a, Hist *h) {
  size_t i;
  json_t *pair;
  if (!json_is_array(a)) return false;
  json_array_foreach((json_t *)a, i, pair) {
    if (json_array_size(pair) != 2) return false;
    hist_add(h, json_integer_value(json_array_get(pair, 0)), json_integer_value(json_array_get(pair, 1)));
  }
  return true;
}

bool totals_from_json(const json_t *j, StatsTotals *t, char *err, size_t errlen) {
  memset(t, 0, sizeof *t);
  const char *game = NULL, *variants = NULL, *agents = NULL, *rules = NULL, *seed = NULL;
  json_int_t version = 0, planned, first, count, games, errors, runaway, lead_seen;
  json_t *names, *wins, *ties, *pg, *pw, *pt, *scores, *steps;
  json_error_t e;
  if (json_unpack_ex((json_t *)j, &e, 0,
                     "{s:I,s:s,s:s,s:s,s?s,s:i,s:i,s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}",
                     "tessera_stats", &version, "game", &game, "variants", &variants, "agents", &agents, "rules",
                     &rules, "players", &t->players, "seats", &t->seats, "seed", &seed, "planned", &planned, "first",
                     &first, "count", &count, "games", &games, "errors", &errors, "runaway", &runaway, "lead_seen",
                     &lead_seen, "seat_names", &names, "wins", &wins, "ties", &ties, "position_games", &pg,
                     "position_wins", &pw, "position_ties", &pt, "scores", &scores, "steps", &steps) != 0) {
    snprintf(err, errlen, "not the totals of `tessera stats --json`: %s", e.text);
    return false;
  }
  if (version != 1 || t->seats < 1 || t->seats > AGENTS_MAX || t->players < 1 || t->players > t->seats) {
    snprintf(err, errlen, "unsupported tessera_stats version or seat counts");
    return false;
  }
  t->game = cli_strdup(game);
  t->variants = cli_strdup(variants);
  t->agents = cli_strdup(agents);
  t->rules = rules ? cli_strdup(rules) : NULL;
  t->seed = strtoull(seed, NULL, 10);
  t->planned = planned, t->first = first, t->count = count, t->games = games, t->errors = errors;
  t->runaway = runaway, t->lead_seen = lead_seen;
  bool ok = read_ints(wins, t->wins, t->seats) && read_ints(ties, t->ties, t->seats) &&
            read_ints(pg, t->pos_games, t->players) && read_ints(pw, t->pos_wins, t->players) &&
            read_ints(pt, t->pos_ties, t->players) && json_array_size(scores) == (size_t)t->seats &&
            json_array_size(names) == (size_t)t->seats && read_hist(steps, &t->steps);
  for (int i = 0; ok && i < t->seats; i++) {
    ok = read_hist(json_array_get(scores, (size_t)i), &t->scores[i]);
    snprintf(t->seat_names[i], sizeof t->seat_names[i], "%s", json_string_value(json_array_get(names, (size_t)i)));
  }
  const char *settings = json_string_value(json_object_get(j, "set"));
  t->settings = cli_strdup(settings ? settings : "");
  json_t *paired = json_object_get(j, "paired");
  if (ok && paired) {
    json_t *changes = json_object_get(paired, "score_change");
    t->paired = true;
    t->pairs = json_integer_value(json_object_get(paired, "pairs"));
    t->changed = json_integer_value(json_object_get(paired, "changed"));
    ok = json_array_size(changes) == (size_t)t->seats &&
         read_ints(json_object_get(paired, "wins_gained"), t->wins_gained, t->seats) &&
         read_ints(json_object_get(paired, "wins_lost"), t->wins_lost, t->seats);
    for (int i = 0; ok && i < t->seats; i++) ok = read_hist(json_array_get(changes, (size_t)i), &t->score_change[i]);
  }
  if (!ok) snprintf(err, errlen, "malformed totals (arrays of the wrong length or shape)");
  return ok;
}
