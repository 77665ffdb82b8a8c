/* stats_report.c — see stats_report.h. */
#include "stats_report.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

enum { SPARK_BINS = 24 };
static const double Z95 = 1.959963984540054;

Interval wilson(int64_t k, int64_t n) {
  if (n <= 0) return (Interval){0, 0, 0};
  double p = (double)k / (double)n, z2 = Z95 * Z95, nn = (double)n;
  double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  double half = Z95 * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return (Interval){p, centre - half, centre + half};
}

/* Two-sided p-value of a standard normal statistic. */
static double p_value(double z) {
  return erfc(fabs(z) / sqrt(2.0));
}

static int64_t completed(const StatsTotals *t) {
  return t->games - t->errors;
}

static void header(FILE *out, const StatsTotals *t) {
  bool set = t->settings && *t->settings;
  fprintf(out, "%s%s%s%s%s, %d player%s (%s), seeds %llu..%llu", t->game, *t->variants ? ", variants " : "",
          t->variants, set ? ", set " : "", set ? t->settings : "", t->players, t->players == 1 ? "" : "s", t->agents, (unsigned long long)(t->seed + (uint64_t)t->first),
          (unsigned long long)(t->seed + (uint64_t)(t->first + t->count) - 1));
  fprintf(out, ": %" PRId64 " matches, %" PRId64 " ended by a runtime error%s\n", t->games, t->errors,
          t->count < t->planned ? " (a part of the study: merge the shards for the whole)" : "");
}

static void print_rate(FILE *out, int64_t k, int64_t n) {
  Interval w = wilson(k, n);
  fprintf(out, " %6.2f%% [%6.2f, %6.2f]", 100 * w.rate, 100 * w.lo, 100 * w.hi);
}

/* "▁▂▃▅█▅▃▂" over the common range of all seats' scores. */
static void sparkline(FILE *out, const Hist *h, int64_t lo, int64_t hi) {
  static const char *const blocks[] = {" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"};
  int64_t bins[SPARK_BINS] = {0}, peak = 0;
  double width = (double)(hi - lo + 1) / SPARK_BINS;
  for (int i = 0; i < h->n; i++) {
    int b = (int)((double)(h->values[i] - lo) / width);
    bins[b < 0 ? 0 : b >= SPARK_BINS ? SPARK_BINS - 1 : b] += h->counts[i];
  }
  for (int b = 0; b < SPARK_BINS; b++) peak = bins[b] > peak ? bins[b] : peak;
  for (int b = 0; b < SPARK_BINS; b++) fputs(blocks[peak ? (bins[b] * 8 + peak - 1) / peak : 0], out);
}

static void score_range(const StatsTotals *t, int64_t *lo, int64_t *hi) {
  *lo = INT64_MAX, *hi = INT64_MIN;
  for (int i = 0; i < t->seats; i++) {
    if (!t->scores[i].n) continue;
    if (t->scores[i].values[0] < *lo) *lo = t->scores[i].values[0];
    if (t->scores[i].values[t->scores[i].n - 1] > *hi) *hi = t->scores[i].values[t->scores[i].n - 1];
  }
  if (*lo > *hi) *lo = *hi = 0;
}

static void position_name(int p, char *buf, size_t cap) {
  static const char *const suffix[] = {"th", "st", "nd", "rd"};
  int n = p + 1;
  snprintf(buf, cap, "%d%s", n, (n % 100 >= 11 && n % 100 <= 13) || n % 10 > 3 ? "th" : suffix[n % 10]);
}

void report_text(FILE *out, const StatsTotals *t) {
  int64_t n = completed(t);
  header(out, t);
  fprintf(out, "\n%-6s %27s %8s   %8s %7s %6s %6s %6s %6s %6s %6s %6s\n", "seat", "wins [95% CI]", "ties", "mean",
          "stdev", "min", "q10", "q25", "median", "q75", "q90", "max");
  for (int i = 0; i < t->seats; i++) {
    const Hist *h = &t->scores[i];
    fprintf(out, "%-6s", t->seat_names[i]);
    print_rate(out, t->wins[i], n);
    fprintf(out, " %7.2f%%   %8.2f %7.2f", n ? 100.0 * (double)t->ties[i] / (double)n : 0.0, hist_mean(h),
            hist_stdev(h));
    const double qs[] = {0, .1, .25, .5, .75, .9, 1};
    for (int k = 0; k < 7; k++) fprintf(out, " %6" PRId64, hist_quantile(h, qs[k]));
    fputc('\n', out);
  }
  fprintf(out, "\n%-8s %27s %8s\n", "to move", "wins [95% CI]", "ties");
  for (int p = 0; p < t->players; p++) {
    char name[16];
    position_name(p, name, sizeof name);
    fprintf(out, "%-8s", name);
    print_rate(out, t->pos_wins[p], t->pos_games[p]);
    fprintf(out, " %7.2f%%\n", t->pos_games[p] ? 100.0 * (double)t->pos_ties[p] / (double)t->pos_games[p] : 0.0);
  }
  const Hist *s = &t->steps;
  fprintf(out, "\nmatch length (decisions): mean %.2f, stdev %.2f, min %" PRId64 ", q10 %" PRId64 ", median %" PRId64
               ", q90 %" PRId64 ", max %" PRId64 "\n",
          hist_mean(s), hist_stdev(s), hist_quantile(s, 0), hist_quantile(s, .1), hist_quantile(s, .5),
          hist_quantile(s, .9), hist_quantile(s, 1));
  if (t->lead_seen) {
    Interval w = wilson(t->runaway, n);
    fprintf(out, "runaway leader (leading alone from half-way to the end, and winning): %.2f%% [%.2f, %.2f]\n",
            100 * w.rate, 100 * w.lo, 100 * w.hi);
  } else {
    fprintf(out, "runaway leader: not measurable (no seat led during play: scores are only known at the end)\n");
  }
  int64_t lo, hi;
  score_range(t, &lo, &hi);
  fprintf(out, "\nscores %" PRId64 " .. %" PRId64 ":\n", lo, hi);
  for (int i = 0; i < t->seats; i++) {
    fprintf(out, "  %-6s ", t->seat_names[i]);
    sparkline(out, &t->scores[i], lo, hi);
    fputc('\n', out);
  }
}

static json_t *rate_json(int64_t k, int64_t n) {
  Interval w = wilson(k, n);
  return json_pack("{s:I,s:I,s:f,s:[f,f]}", "count", (json_int_t)k, "of", (json_int_t)n, "rate", w.rate, "ci95", w.lo,
                   w.hi);
}

static json_t *hist_summary(const Hist *h) {
  return json_pack("{s:f,s:f,s:I,s:I,s:I,s:I,s:I,s:I,s:I}", "mean", hist_mean(h), "stdev", hist_stdev(h), "min",
                   (json_int_t)hist_quantile(h, 0), "q10", (json_int_t)hist_quantile(h, .1), "q25",
                   (json_int_t)hist_quantile(h, .25), "median", (json_int_t)hist_quantile(h, .5), "q75",
                   (json_int_t)hist_quantile(h, .75), "q90", (json_int_t)hist_quantile(h, .9), "max",
                   (json_int_t)hist_quantile(h, 1));
}

json_t *report_json(const StatsTotals *t) {
  int64_t n = completed(t);
  json_t *seats = json_array(), *positions = json_array();
  for (int i = 0; i < t->seats; i++)
    json_array_append_new(seats, json_pack("{s:s,s:o,s:o,s:o}", "seat", t->seat_names[i], "wins",
                                           rate_json(t->wins[i], n), "ties", rate_json(t->ties[i], n), "score",
                                           hist_summary(&t->scores[i])));
  for (int p = 0; p < t->players; p++)
    json_array_append_new(positions, json_pack("{s:i,s:o,s:o}", "position", p + 1, "wins",
                                               rate_json(t->pos_wins[p], t->pos_games[p]), "ties",
                                               rate_json(t->pos_ties[p], t->pos_games[p])));
  json_t *runaway = t->lead_seen ? rate_json(t->runaway, n) : json_null();
  return json_pack("{s:s,s:s,s:i,s:I,s:I,s:o,s:o,s:o,s:o,s:o}", "game", t->game, "variants", t->variants, "players",
                   t->players, "matches", (json_int_t)t->games, "errors", (json_int_t)t->errors, "seats", seats,
                   "turn_positions", positions, "length", hist_summary(&t->steps), "runaway_leader", runaway,
                   "totals", totals_to_json(t));
}

/* ---- SVG: one histogram of scores per seat, stacked vertically ---- */

static void xml_text(FILE *f, const char *text) {
  for (const char *c = text; *c; c++) {
    if (*c == '<') fputs("&lt;", f);
    else if (*c == '>') fputs("&gt;", f);
    else if (*c == '&') fputs("&amp;", f);
    else fputc(*c, f);
  }
}

bool report_svg(const char *path, const StatsTotals *t, char *err, size_t errlen) {
  FILE *f = fopen(path, "w");
  if (!f) {
    snprintf(err, errlen, "cannot write '%s'", path);
    return false;
  }
  enum { W = 640, ROW = 120, BINS = 40, LEFT = 60 };
  static const char *const colours[] = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948"};
  int64_t lo, hi;
  score_range(t, &lo, &hi);
  double width = (double)(hi - lo + 1) / BINS;
  fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" "
             "font-size=\"12\">\n",
          W, ROW * t->seats + 40);
  fprintf(f, "<text x=\"%d\" y=\"16\">", LEFT);
  xml_text(f, t->game);
  fprintf(f, ": scores per seat, %" PRId64 " matches (%" PRId64 " .. %" PRId64 ")</text>\n", completed(t), lo, hi);
  for (int i = 0; i < t->seats; i++) {
    int64_t bins[BINS] = {0}, peak = 1;
    for (int k = 0; k < t->scores[i].n; k++) {
      int b = (int)((double)(t->scores[i].values[k] - lo) / width);
      bins[b < 0 ? 0 : b >= BINS ? BINS - 1 : b] += t->scores[i].counts[k];
    }
    for (int b = 0; b < BINS; b++) peak = bins[b] > peak ? bins[b] : peak;
    int top = 30 + ROW * i;
    fprintf(f, "<text x=\"4\" y=\"%d\">", top + ROW / 2);
    xml_text(f, t->seat_names[i]);
    fputs("</text>\n", f);
    for (int b = 0; b < BINS; b++) {
      double h = (double)(ROW - 20) * (double)bins[b] / (double)peak;
      fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%d\" height=\"%.1f\" fill=\"%s\"><title>%.0f..%.0f: %" PRId64
                 "</title></rect>\n",
              LEFT + b * (W - LEFT - 10) / BINS, top + (ROW - 20) - h, (W - LEFT - 10) / BINS - 1, h,
              colours[i % 6], (double)lo + b * width, (double)lo + (b + 1) * width - 1, bins[b]);
    }
  }
  fputs("</svg>\n", f);
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (!ok) snprintf(err, errlen, "error writing '%s'", path);
  return ok;
}

/* ---- two studies ---- */

typedef struct Compare {
  double a, b, diff, p;
} Compare;

static Compare compare_rates(int64_t ka, int64_t na, int64_t kb, int64_t nb) {
  double pa = na ? (double)ka / (double)na : 0, pb = nb ? (double)kb / (double)nb : 0;
  double pool = na + nb ? (double)(ka + kb) / (double)(na + nb) : 0;
  double se = na && nb ? sqrt(pool * (1 - pool) * (1.0 / (double)na + 1.0 / (double)nb)) : 0;
  return (Compare){pa, pb, pb - pa, se > 0 ? p_value((pb - pa) / se) : 1.0};
}

static Compare compare_means(const Hist *a, const Hist *b) {
  double na = (double)hist_total(a), nb = (double)hist_total(b), sa = hist_stdev(a), sb = hist_stdev(b);
  double se = na > 0 && nb > 0 ? sqrt(sa * sa / na + sb * sb / nb) : 0;
  double ma = hist_mean(a), mb = hist_mean(b);
  return (Compare){ma, mb, mb - ma, se > 0 ? p_value((mb - ma) / se) : (ma == mb ? 1.0 : 0.0)};
}

static void compare_line(FILE *out, const char *what, Compare c, bool percent) {
  double k = percent ? 100 : 1;
  fprintf(out, "  %-22s %9.2f%s %9.2f%s %+9.2f%s  p = %.3g%s\n", what, k * c.a, percent ? "%" : " ", k * c.b,
          percent ? "%" : " ", k * c.diff, percent ? "%" : " ", c.p, c.p < 0.05 ? "  significant (p < 0.05)" : "");
}

static void report_pairs_text(FILE *out, const StatsTotals *a, const StatsTotals *b);

void report_vs_text(FILE *out, const StatsTotals *a, const StatsTotals *b) {
  fputs("A: ", out);
  header(out, a);
  fputs("B: ", out);
  header(out, b);
  fprintf(out, "\n  %-22s %10s %10s %10s\n", "", "A", "B", "B - A");
  int seats = a->seats < b->seats ? a->seats : b->seats;
  for (int i = 0; i < seats; i++) {
    char what[64];
    snprintf(what, sizeof what, "%s wins", a->seat_names[i]);
    compare_line(out, what, compare_rates(a->wins[i], completed(a), b->wins[i], completed(b)), true);
    snprintf(what, sizeof what, "%s mean score", a->seat_names[i]);
    compare_line(out, what, compare_means(&a->scores[i], &b->scores[i]), false);
  }
  int players = a->players < b->players ? a->players : b->players;
  for (int p = 0; p < players; p++) {
    char what[64], name[16];
    position_name(p, name, sizeof name);
    snprintf(what, sizeof what, "%s to move wins", name);
    compare_line(out, what, compare_rates(a->pos_wins[p], a->pos_games[p], b->pos_wins[p], b->pos_games[p]), true);
  }
  compare_line(out, "match length", compare_means(&a->steps, &b->steps), false);
  fputs("  (p: two-sided, a two-proportion z test for rates and Welch's z for means)\n", out);
  if (b->paired) report_pairs_text(out, a, b);
}

/* Paired: the same seed in both studies. A score change's mean against its
 * standard error (z), and for wins McNemar's test on the seeds where the
 * seat won alone in one study only. */
static Compare paired_mean(const Hist *change) {
  double n = (double)hist_total(change), mean = hist_mean(change), sd = hist_stdev(change);
  double se = n > 0 ? sd / sqrt(n) : 0;
  return (Compare){0, mean, mean, se > 0 ? p_value(mean / se) : (mean == 0 ? 1.0 : 0.0)};
}

static Compare paired_wins(int64_t gained, int64_t lost, int64_t pairs) {
  double k = (double)(gained + lost), d = (double)(gained - lost);
  return (Compare){(double)lost / (double)(pairs ? pairs : 1), (double)gained / (double)(pairs ? pairs : 1),
                   d / (double)(pairs ? pairs : 1), k > 0 ? p_value(d / sqrt(k)) : 1.0};
}

static void report_pairs_text(FILE *out, const StatsTotals *a, const StatsTotals *b) {
  fprintf(out, "\npaired, seed by seed: %" PRId64 " of %" PRId64 " matches ended otherwise in B\n", b->changed,
          b->pairs);
  for (int i = 0; i < b->seats && i < a->seats; i++) {
    Compare s = paired_mean(&b->score_change[i]), w = paired_wins(b->wins_gained[i], b->wins_lost[i], b->pairs);
    fprintf(out, "  %-6s score %+8.3f on average (p = %.3g%s); wins gained %" PRId64 ", lost %" PRId64
                 " (p = %.3g%s)\n",
            b->seat_names[i], s.diff, s.p, s.p < 0.05 ? ", significant" : "", b->wins_gained[i], b->wins_lost[i], w.p,
            w.p < 0.05 ? ", significant" : "");
  }
  fputs("  (p: a z test on the per-seed score changes; McNemar's test on the wins that changed hands)\n", out);
}

static json_t *compare_json(Compare c) {
  return json_pack("{s:f,s:f,s:f,s:f,s:b}", "a", c.a, "b", c.b, "difference", c.diff, "p", c.p, "significant",
                   c.p < 0.05);
}

json_t *report_vs_json(const StatsTotals *a, const StatsTotals *b) {
  json_t *seats = json_array(), *positions = json_array();
  int n = a->seats < b->seats ? a->seats : b->seats;
  for (int i = 0; i < n; i++)
    json_array_append_new(
        seats, json_pack("{s:s,s:o,s:o}", "seat", a->seat_names[i], "wins",
                         compare_json(compare_rates(a->wins[i], completed(a), b->wins[i], completed(b))),
                         "mean_score", compare_json(compare_means(&a->scores[i], &b->scores[i]))));
  int players = a->players < b->players ? a->players : b->players;
  for (int p = 0; p < players; p++)
    json_array_append_new(positions, compare_json(compare_rates(a->pos_wins[p], a->pos_games[p], b->pos_wins[p],
                                                                b->pos_games[p])));
  json_t *out = json_pack("{s:o,s:o,s:{s:o,s:o,s:o}}", "a", report_json(a), "b", report_json(b), "difference",
                          "seats", seats, "turn_positions", positions, "length",
                          compare_json(compare_means(&a->steps, &b->steps)));
  if (out && b->paired) {
    json_t *pairs = json_array();
    for (int i = 0; i < b->seats && i < a->seats; i++)
      json_array_append_new(pairs, json_pack("{s:s,s:o,s:I,s:I,s:f}", "seat", b->seat_names[i], "score_change",
                                             compare_json(paired_mean(&b->score_change[i])), "wins_gained",
                                             (json_int_t)b->wins_gained[i], "wins_lost", (json_int_t)b->wins_lost[i],
                                             "wins_p", paired_wins(b->wins_gained[i], b->wins_lost[i], b->pairs).p));
    json_object_set_new(out, "paired", json_pack("{s:I,s:I,s:o}", "matches", (json_int_t)b->pairs, "changed",
                                                 (json_int_t)b->changed, "seats", pairs));
  }
  return out;
}
