/* save.c — a match saved and resumed. A save is a trace
 * (docs/trace-format.md) of the moves so far, ending in a final line with
 * "over":false; `tessera play --resume FILE` reads any trace, plays its
 * moves again (checking each is legal) and goes on from there. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_alloc.h"
#include "match.h"
#include "save.h"
#include "trace_read.h"

bool match_save(const Match *m, const char *path, char *err, size_t errlen) {
  const Session *s = m->session;
  if (!s) {
    snprintf(err, errlen, "this match cannot be saved");
    return false;
  }
  Trace *t = trace_open(path, err, errlen);
  if (!t) return false;
  trace_header(t, s->program, s->path, &s->variants, m->state, m->agents, m->seed);
  const MatchHistory *h = &m->history;
  for (int i = 0; i < h->count; i++) trace_step(t, h->before[i], i, ts_current_seat(h->before[i]), h->option[i]);
  trace_final(t, m->state, h->count, NULL);
  if (!trace_close(t)) {
    snprintf(err, errlen, "error writing '%s'", path);
    return false;
  }
  return true;
}

static void saved_free(SavedGame *g) {
  free(g->game);
  free(g->variants);
  free(g->settings);
  free(g->agents);
  for (int i = 0; i < g->move_count; i++) free(g->moves[i]);
  free(g->moves);
  free(g->seats);
}

void saved_game_free(SavedGame *g) {
  saved_free(g);
  memset(g, 0, sizeof *g);
}

static char *joined(const TraceStrings *list) {
  size_t n = 1;
  for (int i = 0; i < list->count; i++) n += strlen(list->items[i]) + 1;
  char *text = calloc(n, 1);
  for (int i = 0; text && i < list->count; i++) {
    if (i) strcat(text, ",");
    strcat(text, list->items[i]);
  }
  return text;
}

/* The game the header names: its name in this games directory when it has
 * one there, else the file it was played from. */
static char *header_game(const TraceHeader *h) {
  if (h->game_id) {
    char *path = cli_game_path(h->game_id);
    bool here = path && access(path, R_OK) == 0;
    free(path);
    if (here) return cli_strdup(h->game_id);
  }
  return cli_strdup(h->file);
}

static bool take_line(SavedGame *g, const TraceLine *line, int number, char *err, size_t errlen) {
  if (number == 1) {
    if (line->kind != TRACE_HEADER) {
      snprintf(err, errlen, "line 1 is not a trace header");
      return false;
    }
    const TraceHeader *h = &line->header;
    g->game = header_game(h);
    g->variants = h->variants.count ? joined(&h->variants) : NULL;
    g->settings = h->settings.count ? joined(&h->settings) : NULL;
    g->agents = joined(&h->agents);
    g->seed = h->seed;
    return true;
  }
  if (line->kind != TRACE_STEP) return true; /* the final line: where the save stopped */
  if (line->step.step != g->move_count) {
    snprintf(err, errlen, "line %d: step %d where step %d was due", number, line->step.step, g->move_count);
    return false;
  }
  g->moves = cli_realloc(g->moves, sizeof *g->moves * (size_t)(g->move_count + 1));
  g->seats = cli_realloc(g->seats, sizeof *g->seats * (size_t)(g->move_count + 1));
  g->moves[g->move_count] = cli_strdup(line->step.move);
  g->seats[g->move_count++] = line->step.seat;
  return true;
}

bool saved_game_read(const char *path, SavedGame *g, char *err, size_t errlen) {
  memset(g, 0, sizeof *g);
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "cannot read '%s'", path);
    return false;
  }
  char *text = NULL;
  size_t cap = 0;
  ssize_t len;
  bool ok = true;
  char why[512];
  for (int number = 1; ok && (len = getline(&text, &cap, f)) >= 0; number++) {
    bool complete = len > 0 && text[len - 1] == '\n';
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == '\r')) text[--len] = 0;
    if (len == 0) continue;
    TraceLine line;
    ok = trace_read_line(text, (size_t)len, &line, why, sizeof why) && take_line(g, &line, number, why, sizeof why);
    if (!ok && number > 1 && !complete) ok = true; /* a last line cut off mid-write */
    else if (!ok) snprintf(err, errlen, "%s:%d: %s", path, number, why);
    trace_line_free(&line);
  }
  if (ok && !g->game) {
    snprintf(err, errlen, "%s: empty; a save is a trace (docs/trace-format.md)", path);
    ok = false;
  }
  free(text);
  fclose(f);
  if (!ok) saved_game_free(g);
  return ok;
}
