/* render_shapes.c — tiles of three or more cells (polyominoes) drawn as
 * small pictures for a terminal: the options of a decision among such tiles
 * (a catalogue to choose from) and the lists of them a seat may see (its
 * cards, its hexed shapes), side by side, each under its label. Two
 * characters a cell ("[]"), drawn on a square layout (the tiles of today's
 * hex games have one or two cells: they are never pictures). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

enum { SHAPES_COLUMNS = 80, SHAPE_ROWS_MAX = TILE_MAX_CELLS };

static bool is_picture(const TileDef *t) { return t && t->cell_count >= 3; }

typedef struct Picture {
  char label[32];
  const TileDef *tile;
  int min_x, min_y, w, h;
} Picture;

static Picture picture_of(const TileDef *t, const char *label) {
  Picture p = {.tile = t, .min_x = 0, .min_y = 0};
  snprintf(p.label, sizeof p.label, "%s", label);
  int max_x = 0, max_y = 0;
  for (int i = 0; i < t->cell_count; i++) {
    if (t->dx[i] < p.min_x) p.min_x = t->dx[i];
    if (t->dy[i] < p.min_y) p.min_y = t->dy[i];
    if (t->dx[i] > max_x) max_x = t->dx[i];
    if (t->dy[i] > max_y) max_y = t->dy[i];
  }
  p.w = max_x - p.min_x + 1, p.h = max_y - p.min_y + 1;
  return p;
}

static int width_of(const Picture *p) {
  int w = 2 * p->w, l = (int)strlen(p->label);
  return (w > l ? w : l) + 3;
}

static bool covers_cell(const Picture *p, int x, int y) {
  for (int i = 0; i < p->tile->cell_count; i++)
    if (p->tile->dx[i] - p->min_x == x && p->tile->dy[i] - p->min_y == y) return true;
  return false;
}

/* One line of pictures: labels, then the cells row by row. */
static void draw_line(const Picture *ps, int n, int indent, FILE *out) {
  int rows = 0;
  for (int i = 0; i < n; i++)
    if (ps[i].h > rows) rows = ps[i].h;
  fprintf(out, "%*s", indent, "");
  for (int i = 0; i < n; i++) fprintf(out, "%-*s", width_of(&ps[i]), ps[i].label);
  fputc('\n', out);
  for (int y = 0; y < rows; y++) {
    fprintf(out, "%*s", indent, "");
    for (int i = 0; i < n; i++) {
      int x = 0;
      for (; x < ps[i].w; x++) fputs(y < ps[i].h && covers_cell(&ps[i], x, y) ? "[]" : "  ", out);
      fprintf(out, "%*s", width_of(&ps[i]) - 2 * x, "");
    }
    fputc('\n', out);
  }
}

/* Pictures side by side, wrapped at SHAPES_COLUMNS. */
static void draw_pictures(const Picture *ps, int n, int indent, FILE *out) {
  int from = 0;
  while (from < n) {
    int used = indent, to = from;
    while (to < n && (to == from || used + width_of(&ps[to]) <= SHAPES_COLUMNS)) used += width_of(&ps[to++]);
    draw_line(ps + from, to - from, indent, out);
    from = to;
  }
}

bool ts_render_options(const TsState *s, FILE *out) {
  if (ts_is_over(s)) return false;
  engine_settle(s);
  const char *type = s->match->prog->program->strings[s->block->option_type & ~OPTIONS_SECRET];
  if (strcmp(type, "t") != 0) return false;
  const Vm *vm = s->match->vm;
  int n;
  const Value *options = engine_options(s, &n);
  for (int i = 0; i < n; i++) {
    const TileDef *t = options[i] >= 0 && options[i] < vm->tile_count ? &vm->tiles[options[i]] : NULL;
    if (!is_picture(t)) return false;
  }
  Picture *ps = malloc(sizeof *ps * (size_t)(n > 0 ? n : 1));
  if (!ps) return false;
  for (int i = 0; i < n; i++) {
    char label[32];
    snprintf(label, sizeof label, "%d. %s", i + 1, vm->tiles[options[i]].name);
    ps[i] = picture_of(&vm->tiles[options[i]], label);
  }
  draw_pictures(ps, n, 2, out);
  free(ps);
  return n > 0;
}

/* A list of tiles the viewer may see, drawn when every tile is a picture. */
static void draw_tile_list(const TsState *s, const char *title, Value list, FILE *out) {
  const Vm *vm = s->match->vm;
  int n = engine_list_len(s, list);
  if (n == 0 || n > 64) return;
  const Value *items = engine_heap(s) + list + 1;
  Picture ps[64];
  for (int i = 0; i < n; i++) {
    const TileDef *t = items[i] >= 0 && items[i] < vm->tile_count ? &vm->tiles[items[i]] : NULL;
    if (!is_picture(t)) return;
    ps[i] = picture_of(t, t->name);
  }
  fprintf(out, "%s:\n", title);
  draw_pictures(ps, n, 2, out);
}

void render_tile_pictures(const TsState *s, int seat, FILE *out) {
  const Program *p = s->match->prog->program;
  const Value *globals = (const Value *)((const char *)s->block + s->block->globals_at);
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_VAR || strcmp(g->type, "[t") != 0) continue;
    if (!g->per_seat) {
      if (!engine_var_hidden(s, g, -1, seat)) draw_tile_list(s, g->name, globals[g->slot], out);
      continue;
    }
    if (seat < 0 || seat >= s->match->seats || engine_var_hidden(s, g, seat, seat)) continue;
    char title[96], name[16];
    snprintf(title, sizeof title, "%s of %s", g->name, ts_seat_name(s, seat, name, sizeof name));
    draw_tile_list(s, title, globals[g->slot + seat], out);
  }
}
