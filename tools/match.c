/* match.c — see match.h. */
#include "match.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

static int pick(Match *m, int seat) {
  Agent *a = &m->agents[seat];
  if (a->kind == AGENT_HUMAN) return human_pick(m->state, seat, m->in, m->out);
  return agent_pick(a, m->state);
}

static void announce(Match *m, int seat, int index) {
  char name[64], text[1024];
  fprintf(m->out, "%s plays %s\n", ts_seat_name(m->state, seat, name, sizeof name),
          ts_legal_text(m->state, index, text, sizeof text));
}

static MatchEnd stop(Match *m, const char *why) {
  snprintf(m->error, sizeof m->error, "%s", why);
  return MATCH_ERROR;
}

static MatchEnd step(Match *m) {
  TsState *s = m->state;
  int seat = ts_current_seat(s);
  if (seat < 0 || seat >= ts_players(s)) return stop(m, "engine error: the seat to move is not a player");
  if (ts_legal_count(s) <= 0) return stop(m, "engine error: a decision without legal moves");
  int index = pick(m, seat);
  if (index < 0) return MATCH_QUIT;
  if (m->trace) trace_step(m->trace, s, m->steps, seat, index);
  if (m->announce && m->agents[seat].kind != AGENT_HUMAN) announce(m, seat, index);
  char err[512] = "";
  if (ts_apply(s, index, err, sizeof err) != 0) {
    const char *why = ts_error(s) ? ts_error(s) : err[0] ? err : "move rejected";
    return stop(m, why);
  }
  m->steps++;
  return MATCH_PLAYING;
}

MatchEnd match_run(Match *m) {
  MatchEnd end = MATCH_OVER;
  m->error[0] = '\0';
  while (!ts_is_over(m->state)) {
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
