/* stats_totals.h — what `tessera stats` counts over many seeded matches
 * (docs/stats.md), kept so that any split of the seeds into workers or
 * shards adds up to the same totals: integer counts and histograms only
 * (every mean, deviation and quantile is computed from the merged
 * histograms at the end). Totals are written and read as JSON (Jansson),
 * which is what `--shard i/n --json` prints and `--merge` reads. */
#ifndef TESSERA_TOOLS_STATS_TOTALS_H
#define TESSERA_TOOLS_STATS_TOTALS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "agents.h"

/* value -> count, sorted by value. */
typedef struct Hist {
  int64_t *values, *counts;
  int n, cap;
} Hist;

void hist_add(Hist *h, int64_t value, int64_t count);
void hist_free(Hist *h);
int64_t hist_total(const Hist *h);
double hist_mean(const Hist *h);
double hist_stdev(const Hist *h);
/* The smallest value with at least q of the counts at or below it (0..1). */
int64_t hist_quantile(const Hist *h, double q);

typedef struct StatsTotals {
  /* The study: these must agree for totals to merge. */
  char *game, *variants, *agents, *rules; /* variants: comma list or "" */
  char *settings;                         /* the match options set (--set), comma list or "" */
  int players, seats;
  uint64_t seed;     /* the first seed of the whole study */
  int64_t planned;   /* matches in the whole study: seeds seed .. seed+planned-1 */
  /* Which of them these totals hold: [first, first + count) of the study. */
  int64_t first, count;
  int64_t games, errors;              /* matches played; ended by a runtime error (not counted below) */
  int64_t runaway, lead_seen;         /* matches won by a runaway leader; matches with a lead before the end */
  int64_t wins[AGENTS_MAX], ties[AGENTS_MAX];          /* by seat: first alone; first shared */
  int64_t pos_games[AGENTS_MAX], pos_wins[AGENTS_MAX], pos_ties[AGENTS_MAX]; /* by turn position */
  Hist scores[AGENTS_MAX];            /* by seat */
  Hist steps;                         /* decisions per match */
  char seat_names[AGENTS_MAX][16];
  /* The second study of a --vs run, against the first on the same seeds. */
  bool paired;
  int64_t pairs, changed;             /* seeds both played without error; of them, with another result */
  Hist score_change[AGENTS_MAX];      /* by seat: this study's score minus the other's */
  int64_t wins_gained[AGENTS_MAX], wins_lost[AGENTS_MAX]; /* won alone here and not there, and back */
} StatsTotals;

/* One finished match: final scores and ranks by seat, the seat at each
 * turn position (-1 past the seats that decided), decisions, whether a
 * lead was seen before the end and whether the winner ran away with it. */
typedef struct MatchResult {
  int64_t scores[AGENTS_MAX];
  int rank[AGENTS_MAX];
  int by_position[AGENTS_MAX];
  int steps;
  bool error, lead_seen, runaway;
} MatchResult;

void totals_add(StatsTotals *t, const MatchResult *m);
/* The same seed played by the other study (`there`) and by this one (`here`). */
void totals_add_pair(StatsTotals *t, const MatchResult *there, const MatchResult *here);
/* Adds `more` into `into`; false (reason in err) when they are not parts of
 * the same study or overlap. */
bool totals_merge(StatsTotals *into, const StatsTotals *more, char *err, size_t errlen);
void totals_free(StatsTotals *t);

json_t *totals_to_json(const StatsTotals *t);
bool totals_from_json(const json_t *j, StatsTotals *t, char *err, size_t errlen);

#endif
