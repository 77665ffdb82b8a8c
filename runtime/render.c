/* render.c — a state drawn for a terminal: each board with row and column
 * labels in the coordinates of the move texts, then the variables the seat
 * may see (per-seat values as P1 …), the running score and the legend when
 * the rules declare them (tessera.h, "what agents and screens may ask").
 *
 * Boards are drawn near what is on them: the occupied cells and one ring of
 * free ones around (a fixed board: all of it), so an open board stays
 * small. Hex boards are drawn as hexagons, each row shifted half a cell:
 * in axial coordinates cell (q,r) sits at column q + r/2 (in cells); each
 * row is labelled with its r and ends with its range of q. The last move's
 * cells (those differing from style->before) are highlighted; colours are
 * ANSI and only when style->color. Stacked hex boards are drawn by
 * render_hex.c (values with their levels, split when wide), lines of play
 * by line_render.c. A new topology adds its drawer to draw_board. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "line.h"
#include "render_hex.h"
#include "vertices.h"

enum { SCREEN_COLUMNS = 100 };

static const TsRenderStyle plain_style = {0};

/* The seats' colours (ANSI foreground codes), P1 first. */
static const int seat_colors[] = {31, 34, 32, 33, 35, 36, 91, 94};

typedef struct Legend {
  bool known;
  int seats;
  int64_t value[TS_MAX_SEATS]; /* the board value each seat owns */
} Legend;

typedef struct Drawing {
  const Board *b, *before; /* before: the same board before the last move, or NULL */
  const TsRenderStyle *style;
  const Legend *legend;
  int min_x, max_x, min_y, max_y; /* the drawn box */
  int cell_width;                 /* characters per cell, its gap included */
  FILE *out;
} Drawing;

static int top_at(const Board *b, int x, int y) {
  if (!b || b->count == 0) return -1;
  return board_top(b, (Coord){(int16_t)x, (int16_t)y});
}

static void cell_text(const Board *b, int x, int y, char *buf, size_t cap) {
  int e = top_at(b, x, y);
  if (e < 0) {
    snprintf(buf, cap, ".");
    return;
  }
  const BoardCell *c = board_cell(b, e);
  if (c->level > 0) snprintf(buf, cap, "%d^%d", c->value, c->level);
  else snprintf(buf, cap, "%d", c->value);
}

/* Whether the last move changed the cell (x, y). */
static bool changed(const Drawing *d, int x, int y) {
  if (!d->before) return false;
  int now = top_at(d->b, x, y), was = top_at(d->before, x, y);
  if (now < 0) return false;
  if (was < 0) return true;
  const BoardCell *a = board_cell(d->b, now), *p = board_cell(d->before, was);
  return a->tile != p->tile || a->value != p->value || a->level != p->level;
}

static int owner_of(const Drawing *d, int x, int y) {
  int e = top_at(d->b, x, y);
  if (e < 0 || !d->legend->known) return -1;
  for (int k = 0; k < d->legend->seats; k++)
    if (d->legend->value[k] == board_cell(d->b, e)->value) return k;
  return -1;
}

/* One cell, right-aligned in cell_width - 1 characters, then its gap; a
 * changed cell is shown in reverse video, or marked '*' in its gap. */
static void put_cell(const Drawing *d, int x, int y) {
  char text[16];
  cell_text(d->b, x, y, text, sizeof text);
  bool hot = changed(d, x, y);
  int owner = owner_of(d, x, y), pad = d->cell_width - 1 - (int)strlen(text);
  for (int i = 0; i < pad; i++) fputc(' ', d->out);
  if (d->style->color && (hot || owner >= 0)) {
    fprintf(d->out, "\033[%s%dm%s\033[0m", hot ? "7;" : "", owner >= 0 ? seat_colors[owner % 8] : 39, text);
  } else {
    fputs(text, d->out);
  }
  fputc(hot && !d->style->color ? '*' : ' ', d->out);
}

/* The widest cell text or label, plus the gap. */
static int widest(const Drawing *d, bool hex) {
  int w = 1;
  for (int y = d->min_y; y <= d->max_y; y++)
    for (int x = d->min_x; x <= d->max_x; x++) {
      char text[16];
      cell_text(d->b, x, y, text, sizeof text);
      if ((int)strlen(text) > w) w = (int)strlen(text);
    }
  if (!hex) {
    char label[16];
    int a = snprintf(label, sizeof label, "%d", d->min_x), b = snprintf(label, sizeof label, "%d", d->max_x);
    if (a > w) w = a;
    if (b > w) w = b;
  }
  w++;
  return hex && w % 2 ? w + 1 : w; /* hex rows shift by half a cell */
}

static void draw_square(Drawing *d) {
  fprintf(d->out, "  %4s ", "y\\x");
  for (int x = d->min_x; x <= d->max_x; x++) fprintf(d->out, "%*d ", d->cell_width - 1, x);
  fputc('\n', d->out);
  for (int y = d->min_y; y <= d->max_y; y++) {
    fprintf(d->out, "  %4d ", y);
    for (int x = d->min_x; x <= d->max_x; x++) put_cell(d, x, y);
    fputc('\n', d->out);
  }
}

/* The q range worth drawing in hex row y: the cells occupied in rows y-1..y+1
 * and one more on each side (a fixed board: the row's cells, which make a
 * hexagon of a hexagon board). */
static bool hex_row_range(const Drawing *d, int y, int *lo, int *hi) {
  if (d->b->spec.bound == BOARD_BOUND_FIXED) {
    board_shape_row(&d->b->spec, y, lo, hi);
    return *lo <= *hi;
  }
  *lo = INT32_MAX, *hi = INT32_MIN;
  for (int r = y - 1; r <= y + 1; r++)
    for (int x = d->min_x; x <= d->max_x; x++)
      if (top_at(d->b, x, r) >= 0) {
        if (x < *lo) *lo = x;
        if (x > *hi) *hi = x;
      }
  if (*lo > *hi) return false;
  *lo -= 1, *hi += 1;
  return true;
}

/* The q of row y's cells above (or below) them, as many as fit: the
 * columns lean, so the top and bottom rows get their own labels. */
static void put_q_labels(const Drawing *d, int y, int left, int right) {
  int half = d->cell_width / 2, lo, hi, free_from = 0;
  char line[1024];
  if (!hex_row_range(d, y, &lo, &hi) || right - left >= (int)sizeof line) return;
  memset(line, ' ', (size_t)(right - left));
  int used = 0;
  for (int x = lo; x <= hi; x++) {
    char label[16];
    int len = snprintf(label, sizeof label, "%d", x);
    int end = x * 2 * half + y * half - left + d->cell_width - 2; /* under the cell's last character */
    int start = end - len + 1;
    if (start < free_from || end >= right - left) continue;
    memcpy(line + start, label, (size_t)len);
    free_from = end + 2;
    used = end + 1;
  }
  fprintf(d->out, "  %4s %.*s\n", "q", used, line);
}

static void draw_hex(Drawing *d) {
  int half = d->cell_width / 2, lo, hi, left = INT32_MAX, right = INT32_MIN;
  for (int y = d->min_y; y <= d->max_y; y++) /* the drawn columns, for the labels */
    if (hex_row_range(d, y, &lo, &hi)) {
      if (lo * 2 * half + y * half < left) left = lo * 2 * half + y * half;
      if ((hi + 1) * 2 * half + y * half > right) right = (hi + 1) * 2 * half + y * half;
    }
  int first = d->min_y, last = d->max_y;
  while (first < last && !hex_row_range(d, first, &lo, &hi)) first++;
  while (last > first && !hex_row_range(d, last, &lo, &hi)) last--;
  fprintf(d->out, "  %4s\n", "r");
  put_q_labels(d, first, left, right);
  for (int y = d->min_y; y <= d->max_y; y++) {
    if (!hex_row_range(d, y, &lo, &hi)) continue;
    fprintf(d->out, "  %4d ", y);
    int at = lo * 2 * half + y * half, end = (hi + 1) * 2 * half + y * half;
    fprintf(d->out, "%*s", at - left, "");
    for (int x = lo; x <= hi; x++) put_cell(d, x, y);
    fprintf(d->out, "%*s q %d..%d\n", right - end, "", lo, hi);
  }
  put_q_labels(d, last, left, right);
}

/* Square and hex grids; a new topology adds its drawer here. */
static void draw_board(Drawing *d) {
  bool hex = d->b->spec.grid == GRID_HEX;
  if (hex && d->b->spec.levels > 1) { /* stacks: values and levels (render_hex.c) */
    render_hex_board(d->b, d->out);
    return;
  }
  d->cell_width = widest(d, hex);
  if (hex) draw_hex(d);
  else draw_square(d);
}

static void render_board(const Board *b, const Board *before, const TsRenderStyle *style, const Legend *legend,
                         FILE *out) {
  bool fixed = b->spec.bound == BOARD_BOUND_FIXED;
  if (b->count == 0 && !fixed) {
    fprintf(out, "  (empty)\n");
    return;
  }
  Drawing d = {.b = b, .before = before, .style = style, .legend = legend, .out = out};
  if (fixed) {
    d.min_x = 0, d.max_x = b->spec.w - 1, d.min_y = 0, d.max_y = b->spec.h - 1;
  } else { /* one ring of free cells around what is placed */
    d.min_x = b->min_x - 1, d.max_x = b->max_x + 1, d.min_y = b->min_y - 1, d.max_y = b->max_y + 1;
  }
  if (b->spec.bound == BOARD_BOUND_WINDOW) { /* only where the window can still reach */
    if (d.min_x < b->max_x - b->spec.w + 1) d.min_x = b->max_x - b->spec.w + 1;
    if (d.max_x > b->min_x + b->spec.w - 1) d.max_x = b->min_x + b->spec.w - 1;
    if (d.min_y < b->max_y - b->spec.h + 1) d.min_y = b->max_y - b->spec.h + 1;
    if (d.max_y > b->min_y + b->spec.h - 1) d.max_y = b->min_y + b->spec.h - 1;
  }
  draw_board(&d);
}

/* Writes `text` after `indent` columns already used, wrapping at ", " so
 * no line passes SCREEN_COLUMNS. */
static void put_wrapped(const char *text, int indent, FILE *out) {
  int column = indent;
  bool space = false; /* owed before the next piece, unless the line breaks there */
  while (*text) {
    const char *comma = strstr(text, ", ");
    int len = comma ? (int)(comma - text) + 1 : (int)strlen(text);
    if (column + space + len > SCREEN_COLUMNS && column > indent + 8) {
      fputc('\n', out);
      for (column = 0; column < 4; column++) fputc(' ', out);
    } else if (space) {
      fputc(' ', out);
      column++;
    }
    fwrite(text, 1, (size_t)len, out);
    column += len;
    text += len;
    space = *text == ' ';
    text += space;
  }
}

/* A seat number as its name ("P1", "G1"), anything else as "-". */
static void format_seat(const TsState *s, Value v, char *buf, size_t cap) {
  if (v >= 0 && v < s->match->seats) ts_seat_name(s, (int)v, buf, cap);
  else snprintf(buf, cap, "-");
}

/* `display ... as seats`: an int or a list of ints, each a seat number. */
static void format_seats(const TsState *s, const GlobalInfo *g, Value v, char *buf, size_t cap) {
  if (g->type[0] != '[') {
    format_seat(s, v, buf, cap);
    return;
  }
  const Value *heap = engine_heap(s);
  int n = engine_list_len(s, v);
  size_t used = (size_t)snprintf(buf, cap, "[");
  for (int i = 0; i < n && used + 8 < cap; i++) {
    char name[16];
    format_seat(s, heap[v + 1 + i], name, sizeof name);
    used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? ", " : "", name);
  }
  if (used + 1 < cap) snprintf(buf + used, cap - used, "]");
}

/* One variable's value as this seat may see it: "[2-6, 0-5]" or "(3 hidden)". */
static void format_var(const TsState *s, const GlobalInfo *g, int slot, int owner, int seat, char *buf, size_t cap) {
  const Value *globals = (const Value *)((const char *)s->block + s->block->globals_at);
  Value v = globals[slot];
  bool hidden = engine_var_hidden(s, g, owner, seat);
  if (g->display == DISPLAY_COUNT && g->type[0] == '[') {
    snprintf(buf, cap, "%d", engine_list_len(s, v));
  } else if (!hidden && g->display == DISPLAY_SEATS) {
    format_seats(s, g, v, buf, cap);
  } else if (!hidden) {
    engine_format(s, g->type, v, buf, cap);
  } else if (g->type[0] == '[') {
    snprintf(buf, cap, "(%d hidden)", engine_list_len(s, v));
  } else {
    snprintf(buf, cap, "(hidden)");
  }
}

static void seat_label(const TsState *s, int k, const TsRenderStyle *style, FILE *out) {
  char name[16];
  ts_seat_name(s, k, name, sizeof name);
  if (style->color) fprintf(out, "\033[%dm%s\033[0m", seat_colors[k % 8], name);
  else fputs(name, out);
}

/* A per-seat variable on one line, `name:  P1 …  P2 …`, or one line per
 * seat when that would pass SCREEN_COLUMNS. */
static void render_per_seat(const TsState *s, const GlobalInfo *g, const char *name, int seat,
                            const TsRenderStyle *style, FILE *out) {
  char text[4096];
  size_t width = strlen(name) + 1;
  for (int k = 0; k < s->match->seats; k++) {
    format_var(s, g, g->slot + k, k, seat, text, sizeof text);
    width += 5 + strlen(text);
  }
  bool one_line = width <= SCREEN_COLUMNS;
  fprintf(out, "%s:", name);
  for (int k = 0; k < s->match->seats; k++) {
    format_var(s, g, g->slot + k, k, seat, text, sizeof text);
    fputs(one_line ? "  " : "\n  ", out);
    seat_label(s, k, style, out);
    fputc(' ', out);
    if (one_line) fputs(text, out);
    else put_wrapped(text, 5, out);
  }
  fputc('\n', out);
}

static void render_vars(const TsState *s, int seat, const TsRenderStyle *style, FILE *out) {
  const Program *p = s->match->prog->program;
  char text[4096];
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_VAR || g->display == DISPLAY_NONE) continue;
    const char *name = g->label ? g->label : g->name;
    if (!g->per_seat && g->visibility == VISIBLE_PUBLIC && strcmp(g->type, "[L") == 0) { /* a line of play: drawn, not listed */
      const Value *globals = (const Value *)((const char *)s->block + s->block->globals_at);
      fprintf(out, "%s:\n", name);
      line_render(vm_tiles(s->match->vm), vm_tile_count(s->match->vm), engine_heap(s) + globals[g->slot] + 1,
                  engine_list_len(s, globals[g->slot]), out);
      continue;
    }
    if (!g->per_seat) {
      format_var(s, g, g->slot, -1, seat, text, sizeof text);
      fprintf(out, "%s: ", name);
      put_wrapped(text, (int)strlen(name) + 2, out);
      fputc('\n', out);
      continue;
    }
    render_per_seat(s, g, name, seat, style, out);
  }
}

/* A line of per-seat values from a declared seat function, if any. */
static void render_seat_function(const TsState *s, const char *function, const char *label,
                                 const TsRenderStyle *style, FILE *out) {
  int64_t values[TS_MAX_SEATS];
  if (ts_seat_values(s, function, values, NULL, 0) != 0) return;
  fprintf(out, "%s:", label);
  for (int k = 0; k < s->match->seats; k++) {
    fputs("  ", out);
    seat_label(s, k, style, out);
    fprintf(out, " %lld", (long long)values[k]);
  }
  fputc('\n', out);
}

static const Board *board_of(const TsState *s, int number) {
  const Vm *vm = s->match->vm;
  if (!s || vm->board_at[number] < 0 || s->block->boards_at >= s->block->tail_at) return NULL;
  return (const Board *)((const char *)s->block + s->block->boards_at + vm->board_at[number]);
}

void ts_render_styled(const TsState *s, int seat, const TsRenderStyle *style, FILE *out) {
  if (!style) style = &plain_style;
  engine_settle(s); /* list variables are read from the block */
  if (style->before) engine_settle(style->before);
  const Program *p = s->match->prog->program;
  const Vm *vm = s->match->vm;
  const TsState *before = style->before && style->before->match == s->match ? style->before : NULL;
  Legend legend = {.seats = s->match->seats};
  legend.known = ts_seat_values(s, "legend", legend.value, NULL, 0) == 0;
  for (int i = 0; i < p->board_decl_count; i++) {
    bool array = p->boards[i].count_slot >= 0;
    int copies = p->boards[i].per_seat ? s->match->seats : array ? TS_MAX_BOARD_ARRAY : 1;
    for (int k = 0; k < copies; k++) {
      int number = p->boards[i].first + k;
      if (vm->board_at[number] < 0) continue;
      const Board *b = board_of(s, number);
      if (!b) continue;
      if (p->boards[i].per_seat) {
        fprintf(out, "%s of ", p->boards[i].name);
        seat_label(s, k, style, out);
        fputs(":\n", out);
      } else if (array) {
        fprintf(out, "%s[%d]:\n", p->boards[i].name, k);
      } else {
        fprintf(out, "%s:\n", p->boards[i].name);
      }
      if (!render_corner_board(b, vm->tiles, vm->tile_count, out)) /* corner tiles: render_vertex.c */
        render_board(b, before ? board_of(before, number) : NULL, style, &legend, out);
    }
  }
  render_vars(s, seat, style, out);
  render_tile_pictures(s, seat, out);
  if (!ts_is_over(s)) render_seat_function(s, "running_score", "score so far", style, out);
  if (legend.known) render_seat_function(s, "legend", "legend (value each seat owns)", style, out);
}

void ts_render(const TsState *s, int seat, FILE *out) { ts_render_styled(s, seat, NULL, out); }
