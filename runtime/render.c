/* render.c — a state drawn for a terminal: each board as a grid of values
 * (hex boards with each row shifted half a cell), then the variables the
 * seat may see. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "render_hex.h"
#include "line.h"
#include "vertices.h"

static void render_board(const Board *b, FILE *out) {
  if (b->count == 0) {
    fprintf(out, "  (empty)\n");
    return;
  }
  bool hex = b->spec.grid == GRID_HEX;
  if (hex) {
    render_hex_board(b, out);
    return;
  }
  int min_x = b->min_x, max_x = b->max_x, min_y = b->min_y, max_y = b->max_y;
  fprintf(out, "  %s rows %d..%d, %s %d..%d\n", hex ? "hex (axial q,r):" : "square:", min_y, max_y,
          hex ? "q" : "x", min_x, max_x);
  for (int y = min_y; y <= max_y; y++) {
    fprintf(out, "  %4d ", y);
    /* Axial rows lean: shifting row r by r half-cells draws real hexagons. */
    if (hex)
      for (int k = 0; k < y - min_y; k++) fputs("  ", out);
    for (int x = min_x; x <= max_x; x++) {
      int e = board_top(b, (Coord){(int16_t)x, (int16_t)y});
      if (e < 0) {
        fputs(hex ? "  .  " : "  . ", out);
        continue;
      }
      const BoardCell *c = board_cell(b, e);
      char level[8] = "";
      if (c->level > 0) snprintf(level, sizeof level, "^%d", c->level);
      fprintf(out, hex ? "%3d%-2s" : "%3d%-1s", c->value, level);
    }
    fputc('\n', out);
  }
}

/* One variable's value as this seat may see it: "[2-6, 0-5]" or "(3 hidden)". */
static void format_var(const TsState *s, const GlobalInfo *g, int slot, int owner, int seat, char *buf, size_t cap) {
  const Value *globals = (const Value *)((const char *)s->block + s->block->globals_at);
  Value v = globals[slot];
  if (!engine_var_hidden(s, g, owner, seat)) {
    engine_format(s, g->type, v, buf, cap);
  } else if (g->type[0] == '[') {
    snprintf(buf, cap, "(%d hidden)", engine_list_len(s, v));
  } else {
    snprintf(buf, cap, "(hidden)");
  }
}

static void render_vars(const TsState *s, int seat, FILE *out) {
  const Program *p = s->match->prog->program;
  char text[1024];
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_VAR) continue;
    if (!g->per_seat && g->visibility == VISIBLE_PUBLIC && strcmp(g->type, "[L") == 0) { /* a line of play: drawn, not listed */
      const Value *globals = (const Value *)((const char *)s->block + s->block->globals_at);
      fprintf(out, "%s:\n", g->name);
      line_render(vm_tiles(s->match->vm), vm_tile_count(s->match->vm), engine_heap(s) + globals[g->slot] + 1,
                  engine_list_len(s, globals[g->slot]), out);
      continue;
    }
    if (!g->per_seat) {
      format_var(s, g, g->slot, -1, seat, text, sizeof text);
      fprintf(out, "%s: %s\n", g->name, text);
      continue;
    }
    fprintf(out, "%s:", g->name);
    for (int k = 0; k < s->match->seats; k++) {
      char name[16];
      format_var(s, g, g->slot + k, k, seat, text, sizeof text);
      fprintf(out, "  %s %s", ts_seat_name(s, k, name, sizeof name), text);
    }
    fputc('\n', out);
  }
}

void ts_render(const TsState *s, int seat, FILE *out) {
  engine_settle(s); /* list variables are read from the block */
  const Program *p = s->match->prog->program;
  const Vm *vm = s->match->vm;
  for (int i = 0; i < p->board_decl_count; i++) {
    bool array = p->boards[i].count_slot >= 0;
    int copies = p->boards[i].per_seat ? s->match->seats : array ? TS_MAX_BOARD_ARRAY : 1;
    for (int k = 0; k < copies; k++) {
      int number = p->boards[i].first + k;
      if (vm->board_at[number] < 0) continue;
      const Board *b = (const Board *)((const char *)s->block + s->block->boards_at + vm->board_at[number]);
      char seat_name[16];
      if (p->boards[i].per_seat)
        fprintf(out, "%s of %s:\n", p->boards[i].name, ts_seat_name(s, k, seat_name, sizeof seat_name));
      else if (array)
        fprintf(out, "%s[%d]:\n", p->boards[i].name, k);
      else fprintf(out, "%s:\n", p->boards[i].name);
      if (!render_corner_board(b, vm->tiles, vm->tile_count, out)) render_board(b, out);
    }
  }
  render_vars(s, seat, out);
  render_tile_pictures(s, seat, out);
}
