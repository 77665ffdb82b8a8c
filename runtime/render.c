/* render.c — a state drawn for a terminal: each board as a grid of values
 * (hex boards with each row shifted half a cell), then the variables the
 * seat may see. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static void render_board(const Board *b, FILE *out) {
  if (b->count == 0) {
    fprintf(out, "  (empty)\n");
    return;
  }
  bool hex = b->spec.grid == GRID_HEX;
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

void ts_render(const TsState *s, int seat, FILE *out) {
  const Program *p = s->match->prog->program;
  const Vm *vm = s->match->vm;
  for (int i = 0; i < p->board_decl_count; i++) {
    int copies = p->boards[i].per_seat ? s->match->seats : 1;
    for (int k = 0; k < copies; k++) {
      int number = p->boards[i].first + k;
      if (vm->board_at[number] < 0) continue;
      const Board *b = (const Board *)((const char *)s->block + s->block->boards_at + vm->board_at[number]);
      if (p->boards[i].per_seat) fprintf(out, "%s of P%d:\n", p->boards[i].name, k + 1);
      else fprintf(out, "%s:\n", p->boards[i].name);
      render_board(b, out);
    }
  }
  /* The variables, as the observation shows them to this seat. */
  size_t cap = 1 << 16;
  char *json = malloc(cap);
  size_t n = ts_observation_json(s, seat, json, cap);
  if (n >= cap) {
    cap = n + 1;
    json = realloc(json, cap);
    ts_observation_json(s, seat, json, cap);
  }
  const char *vars = strstr(json, "\"vars\":{");
  if (vars) fprintf(out, "%.*s\n", (int)(strlen(vars) - 1), vars);
  free(json);
}
