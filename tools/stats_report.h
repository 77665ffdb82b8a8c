/* stats_report.h — the designer's balance report of `tessera stats`
 * (docs/stats.md) from merged totals: a text table, JSON, a terminal and an
 * SVG histogram of scores, and two studies side by side. */
#ifndef TESSERA_TOOLS_STATS_REPORT_H
#define TESSERA_TOOLS_STATS_REPORT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

#include "stats_totals.h"

typedef struct Interval {
  double rate, lo, hi; /* a share and its 95% Wilson interval */
} Interval;

Interval wilson(int64_t k, int64_t n);

void report_text(FILE *out, const StatsTotals *t);
json_t *report_json(const StatsTotals *t); /* includes "totals" for --merge */
bool report_svg(const char *path, const StatsTotals *t, char *err, size_t errlen);
void report_vs_text(FILE *out, const StatsTotals *a, const StatsTotals *b);
json_t *report_vs_json(const StatsTotals *a, const StatsTotals *b);

#endif
