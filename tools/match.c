/* match.c — see match.h. */
#include "match.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

volatile sig_atomic_t match_interrupted;

static int pick(Match *m, int seat) {
  Agent *a = &m->agents[seat];
  if (a->kind == AGENT_HUMAN) return human_pick(m, seat);
  return agent_pick(a, m->state);
}

/* A secret decision is announced without its answer: others watch the
 * same terminal. */
static void announce(Match *m, int seat, int index) {
  char name[64], text[1024];
  ts_seat_name(m->state, seat, name, sizeof name);
  if (ts_decision_secret(m->state)) fprintf(m->out, "%s chooses in secret\n", name);
  else fprintf(m->out, "%s plays %s\n", name, ts_legal_text(m->state, index, text, sizeof text));
}

static MatchEnd stop(Match *m, const char *why) {
  snprintf(m->error, sizeof m->error, "%s", why);
  return MATCH_ERROR;
}

static bool remember(Match *m, int index) {
  MatchHistory *h = &m->history;
  if (h->count == h->cap) {
    int cap = h->cap ? h->cap * 2 : 64;
    TsState **before = realloc(h->before, sizeof *before * (size_t)cap);
    if (before) h->before = before;
    int *option = realloc(h->option, sizeof *option * (size_t)cap);
    if (option) h->option = option;
    long *trace_at = realloc(h->trace_at, sizeof *trace_at * (size_t)cap);
    if (trace_at) h->trace_at = trace_at;
    long *public_at = realloc(h->public_at, sizeof *public_at * (size_t)cap);
    if (public_at) h->public_at = public_at;
    if (!before || !option || !trace_at || !public_at) return false;
    h->cap = cap;
  }
  h->before[h->count] = ts_clone(m->state);
  if (!h->before[h->count]) return false;
  h->option[h->count] = index;
  h->trace_at[h->count] = m->trace ? trace_tell(m->trace) : 0;
  h->public_at[h->count] = m->public_trace ? trace_tell(m->public_trace) : 0;
  h->count++;
  return true;
}

MatchEnd match_apply(Match *m, int index) {
  TsState *s = m->state;
  int seat = ts_current_seat(s);
  if (m->keep_history && !remember(m, index)) return stop(m, "out of memory");
  if (m->trace) trace_step(m->trace, s, m->steps, seat, index);
  if (m->public_trace) trace_step(m->public_trace, s, m->steps, seat, index);
  if (m->announce && m->agents[seat].kind != AGENT_HUMAN) announce(m, seat, index);
  char err[512];
  err[0] = 0; /* not the whole buffer: this runs at every move */
  if (ts_apply(s, index, err, sizeof err) != 0) {
    const char *why = ts_error(s) ? ts_error(s) : err[0] ? err : "move rejected";
    return stop(m, why);
  }
  m->steps++;
  return MATCH_PLAYING;
}

static MatchEnd step(Match *m) {
  TsState *s = m->state;
  int seat = ts_current_seat(s);
  if (seat < 0 || seat >= ts_players(s)) return stop(m, "engine error: the seat to move is not a player");
  if (ts_legal_count(s) <= 0) return stop(m, "engine error: a decision without legal moves");
  if (m->on_decision) m->on_decision(m->ctx, s, seat);
  int index = pick(m, seat);
  if (index == HUMAN_UNDO) {
    int undone = match_undo(m, seat);
    if (undone <= 0) fputs(undone < 0 ? "Cannot undo: out of memory.\n" : "Nothing to undo.\n", m->out);
    return MATCH_PLAYING;
  }
  if (index == SEARCH_OUT_OF_MEMORY) return stop(m, "out of memory");
  if (index < 0 || match_interrupted) return MATCH_QUIT;
  return match_apply(m, index);
}

int match_undo(Match *m, int seat) {
  MatchHistory *h = &m->history;
  int back = h->count - 1;
  while (back >= 0 && ts_current_seat(h->before[back]) != seat) back--;
  if (back < 0) return 0;
  if (ts_copy(m->state, h->before[back]) != 0) return -1;
  if (m->trace) trace_truncate(m->trace, h->trace_at[back]);
  if (m->public_trace) trace_truncate(m->public_trace, h->public_at[back]);
  for (int i = back; i < h->count; i++) ts_free(h->before[i]);
  h->count = back;
  m->steps = back;
  return 1;
}

void match_history_free(Match *m) {
  MatchHistory *h = &m->history;
  for (int i = 0; i < h->count; i++) ts_free(h->before[i]);
  free(h->before);
  free(h->option);
  free(h->trace_at);
  free(h->public_at);
  memset(h, 0, sizeof *h);
}

const TsState *match_before_last(const Match *m) {
  return m->history.count ? m->history.before[m->history.count - 1] : NULL;
}

int match_humans(const Match *m) {
  int n = 0;
  for (int i = 0; i < ts_players(m->state); i++) n += m->agents[i].kind == AGENT_HUMAN;
  return n;
}

MatchEnd match_run(Match *m) {
  MatchEnd end = MATCH_OVER;
  m->error[0] = '\0';
  while (!ts_is_over(m->state)) {
    if (match_interrupted) {
      end = MATCH_QUIT;
      break;
    }
    if (m->steps >= m->max_steps) {
      char why[128];
      snprintf(why, sizeof why, "stopped after %ld moves (--max-steps)", m->max_steps);
      end = stop(m, why);
      break;
    }
    end = step(m);
    if (end != MATCH_PLAYING) break;
  }
  if (end == MATCH_PLAYING) end = MATCH_OVER;
  if (end == MATCH_OVER && ts_error(m->state)) end = stop(m, ts_error(m->state));
  if (m->trace) trace_final(m->trace, m->state, m->steps, end == MATCH_ERROR ? m->error : NULL);
  if (m->public_trace) trace_final(m->public_trace, m->state, m->steps, end == MATCH_ERROR ? m->error : NULL);
  return end;
}

void match_winners(const TsState *s, char *buf, size_t cap) {
  int seats = ts_seats(s);
  int *rank = calloc((size_t)seats + 1, sizeof *rank);
  size_t used = 0;
  buf[0] = '\0';
  if (!rank) return;
  ts_ranking(s, rank);
  for (int i = 0; i < seats && used < cap; i++) {
    if (rank[i] != 1) continue;
    char name[64];
    int n = snprintf(buf + used, cap - used, "%s%s", used ? ", " : "", ts_seat_name(s, i, name, sizeof name));
    if (n < 0) break;
    used += (size_t)n;
  }
  free(rank);
}

void match_print_results(const TsState *s, FILE *out) {
  char name[64], winners[512];
  fputs("Scores:\n", out);
  for (int i = 0; i < ts_seats(s); i++)
    fprintf(out, "  %-4s %6" PRId64 "\n", ts_seat_name(s, i, name, sizeof name), ts_score(s, i));
  match_winners(s, winners, sizeof winners);
  fprintf(out, "%s: %s\n", strchr(winners, ',') ? "Winners (tied)" : "Winner", winners[0] ? winners : "none");
}
