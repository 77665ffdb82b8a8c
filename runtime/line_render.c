/* line_render.c — a line of play drawn for a terminal: one row per end,
 * its doms from where the branch began to its open value, so branches and
 * spinners read at a glance:
 *
 *   5 doms, 3 ends
 *     e1  from the opening 6-6:        6-3  3=3  3-10           -> 10
 *     e2  from the opening 6-6:        6-7  <6|6>*              -> 6* (spinner: side or end)
 *     e3  from 1-12 across e1:         12                        -> 12
 *
 * In a row a dom is written touching half first ("6-3": 6 touches); a
 * double in line is "3=3"; a dom across is "<1|12>", a spinner "<6|6>*". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "line.h"

enum { ROW_CAP = 512 };

typedef struct Row {
  char born[96];
  char doms[ROW_CAP];
} Row;

static void append(char *buf, size_t cap, const char *text) {
  size_t n = strlen(buf);
  if (n + 1 < cap) snprintf(buf + n, cap - n, "%s", text);
}

static void draw(const TileDef *tiles, int tile_count, const int64_t *lays, int n, Row *rows, FILE *out);

enum { RENDER_COLUMNS = 100 };

/* A long row's doms on lines of their own, indented, within RENDER_COLUMNS
 * (the open value follows on the last line). */
static void put_wrapped_doms(const char *doms, FILE *out) {
  int column = fprintf(out, "       ");
  while (*doms) {
    const char *next = strchr(doms + 1, ' ');
    int len = next ? (int)(next - doms) : (int)strlen(doms);
    if (column + len + 12 > RENDER_COLUMNS) column = fprintf(out, "\n       ");
    column += fprintf(out, "%.*s", len, doms);
    doms += len;
  }
}

static void dom_text(const TileDef *t, const LayInfo *l, char *buf, size_t cap) {
  if (l->way == LINE_ACROSS) snprintf(buf, cap, " <%d|%d>", t->value[0], t->value[1]);
  else if (l->way == LINE_SPINNER) snprintf(buf, cap, " <%d|%d>*", t->value[0], t->value[1]);
  else if (l->touch == l->out) snprintf(buf, cap, " %d=%d", l->touch, l->out);
  else snprintf(buf, cap, " %d-%d", l->touch, l->out);
}

void line_render(const TileDef *tiles, int tile_count, const int64_t *lays, int n, FILE *out) {
  if (n == 0) {
    fprintf(out, "  (no dom laid yet)\n");
    return;
  }
  Row *rows = calloc(LINE_MAX_ENDS + 1, sizeof *rows); /* for the terminal only, never in a playout */
  if (!rows) {
    fprintf(out, "  (out of memory)\n");
    return;
  }
  draw(tiles, tile_count, lays, n, rows, out);
  free(rows);
}

static void draw(const TileDef *tiles, int tile_count, const int64_t *lays, int n, Row *rows, FILE *out) {
  LineState s;
  char why[128];
  s.count = 0;
  for (int i = 0; i < n; i++) {
    const char *bad = line_check(&s, tiles, tile_count, lays[i]);
    if (bad) {
      snprintf(why, sizeof why, "lay %d: %s", i + 1, bad);
      fprintf(out, "  (not a line: %s)\n", why);
      return;
    }
    LayInfo l = line_unpack(lays[i]);
    const TileDef *t = &tiles[l.tile];
    int before = s.count;
    char text[64];
    if (l.way != LINE_OPENING) {
      dom_text(t, &l, text, sizeof text);
      append(rows[l.end].doms, ROW_CAP, text);
      if (l.spin != LINE_PLAIN) append(rows[l.end].doms, ROW_CAP, l.spin == LINE_SIDE ? "(side)" : "(end)");
    }
    line_apply(&s, t, lays[i], i);
    line_lay_text(tiles, tile_count, lays[i], text, sizeof text);
    for (int e = before + 1; e <= s.count; e++) {
      if (l.way == LINE_OPENING) snprintf(rows[e].born, sizeof rows[e].born, "from the opening %s", t->name);
      else snprintf(rows[e].born, sizeof rows[e].born, "from %s", text);
      rows[e].doms[0] = '\0';
    }
  }
  fprintf(out, "  %d dom%s, %d end%s\n", n, n == 1 ? "" : "s", s.count, s.count == 1 ? "" : "s");
  for (int e = 1; e <= s.count; e++) {
    char head[96];
    snprintf(head, sizeof head, "e%d  %s:", e, rows[e].born);
    if (4 + 34 + strlen(rows[e].doms) + 8 > RENDER_COLUMNS) {
      fprintf(out, "    %s\n", head);
      put_wrapped_doms(rows[e].doms, out);
    } else {
      fprintf(out, "    %-34s%-30s", head, rows[e].doms[0] ? rows[e].doms : " (none yet)");
    }
    fprintf(out, " -> %d%s\n", s.ends[e].value, s.ends[e].spinner ? "* (spinner: side or end)" : "");
  }
}
