/* session.c — the common start of `play` and `run`: GAME, --variant and
 * --players turned into a program and a seating, with one-line errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int wrong_count(const Session *s, int got) {
  const TsProgram *p = s->program;
  int lo = ts_program_min_players(p), hi = ts_program_max_players(p);
  char counts[64], wants[64];
  cli_player_counts(p, counts, sizeof counts);
  if (lo == hi) snprintf(wants, sizeof wants, "%d seat%s", lo, lo == 1 ? "" : "s");
  else snprintf(wants, sizeof wants, "%d to %d seats", lo, hi);
  return cli_fail(EXIT_USAGE, "--players wants %s for %s (%s), got %d", wants, ts_program_name(p), counts, got);
}

static int seat_players(Session *s, const char *players_text, bool human_default) {
  int count = ts_program_min_players(s->program);
  bool is_count = true;
  if (players_text) {
    char err[256];
    if (!agents_parse(players_text, s->kinds, s->params, AGENTS_MAX, &count, &is_count, err, sizeof err))
      return cli_fail(EXIT_USAGE, "%s", err);
  }
  if (count < ts_program_min_players(s->program) || count > ts_program_max_players(s->program))
    return wrong_count(s, count);
  if (is_count) agents_default(s->kinds, count, human_default);
  s->players = count;
  return 0;
}

int session_open(Session *s, const char *game, const char *variant_text, const char *players_text,
                 bool human_default) {
  return session_open_set(s, game, variant_text, NULL, players_text, human_default);
}

int session_open_set(Session *s, const char *game, const char *variant_text, const char *settings_text,
                     const char *players_text, bool human_default) {
  memset(s, 0, sizeof *s);
  char err[256];
  if (variant_text && !strlist_split(variant_text, &s->variants, err, sizeof err)) {
    strlist_free(&s->variants);
    return cli_fail(EXIT_USAGE, "--variant: %s", err);
  }
  if (settings_text && !strlist_split(settings_text, &s->settings, err, sizeof err)) {
    session_close(s);
    return cli_fail(EXIT_USAGE, "--set: %s", err);
  }
  s->path = cli_resolve_game(game);
  int status = s->path ? cli_load_program_set(s->path, &s->variants, &s->settings, 0, &s->program)
                       : cli_resolve_failure();
  if (!status) status = seat_players(s, players_text, human_default);
  if (status) session_close(s); /* a failed open holds nothing: callers just return */
  return status;
}

void session_close(Session *s) {
  if (s->program) ts_program_free(s->program);
  strlist_free(&s->variants);
  strlist_free(&s->settings);
  free(s->path);
  memset(s, 0, sizeof *s);
}

void session_agents(const Session *s, Agent *agents, uint64_t seed) {
  for (int i = 0; i < s->players; i++) {
    agent_init(&agents[i], s->kinds[i], seed, i);
    agents[i].params = s->params[i];
  }
}
