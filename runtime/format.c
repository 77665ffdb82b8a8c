/* format.c — the text of a value, given its type code (natives.def). One
 * function serves print, move texts and observations, so a placement reads
 * the same in a trace as in the move a player types. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "line.h"
#include "vertices.h"
#include "vm.h"

/* Appends to a buffer that truncates instead of overflowing; `len` keeps
 * counting past the end so callers need not check after every piece. */
typedef struct Out {
  char *buf;
  size_t cap, len;
} Out;

static void emit(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) o->len += (size_t)n;
}

static const char *tile_name(const Vm *vm, int tile) {
  return tile >= 0 && tile < vm_tile_count(vm) ? vm_tiles(vm)[tile].name : "?";
}

/* The direction from cell 0 to cell 1, when the two are neighbours: the
 * word a player types for "which way the domino points". */
static int pointing(GridKind g, const TileDef *t, Placement p) {
  Coord cells[TILE_MAX_CELLS];
  placement_cells(g, t, p, cells);
  for (int d = 0; d < grid_dir_count(g); d++) {
    Coord next = grid_step(g, cells[0], d);
    if (next.x == cells[1].x && next.y == cells[1].y) return d;
  }
  return -1;
}

static void format_placement(Vm *vm, Out *o, Placement p) {
  GridKind g = (GridKind)p.grid;
  emit(o, "%s %d,%d", tile_name(vm, p.tile), p.at.x, p.at.y);
  const TileDef *t = p.tile < vm_tile_count(vm) ? &vm_tiles(vm)[p.tile] : NULL;
  if (t && t->corner_count) /* turned clockwise, in degrees: `1-2-3 0,1 +120` */
    emit(o, " +%d", p.orientation * 360 / t->corner_count);
  if (t && t->cell_count > 1) {
    int d = t->cell_count == 2 && p.orientation < grid_dir_count(g) ? pointing(g, t, p) : -1;
    if (d >= 0)
      emit(o, " %s", grid_dir_name(g, d));
    else
      emit(o, " r%d", p.orientation);
  }
  if (p.level > 0) emit(o, " ^%d", p.level);
}

static void format_value(Vm *vm, Out *o, const char *type, Value v) {
  switch (type[0]) {
  case 'b': emit(o, "%s", v ? "true" : "false"); break;
  case 'p': {
    int players = vm_players(vm);
    emit(o, "%c%lld", v < players ? 'P' : 'G', (long long)(v < players ? v + 1 : v - players + 1));
    break;
  }
  case 't': emit(o, "%s", tile_name(vm, (int)v)); break;
  case 'c': {
    Coord c = cell_unpack(v);
    emit(o, "%d,%d", c.x, c.y);
    break;
  }
  case 'P': format_placement(vm, o, placement_unpack(v)); break;
  case 'L': {
    char text[64];
    line_lay_text(vm_tiles(vm), vm_tile_count(vm), v, text, sizeof text);
    emit(o, "%s", text);
    break;
  }
  case 'V': { /* a cell and which of its corners: `0,1 N` */
    Vertex x = vertex_unpack(v);
    emit(o, "%d,%d %s", x.at.x, x.at.y, x.grid == GRID_HEX ? (x.kind ? "S" : "N") : "NW");
    break;
  }
  case 's': emit(o, "%s", vm_string(vm, v)); break;
  case 'w': emit(o, "%s", vm_is_word(v) ? vm_string(vm, v - VM_WORD_BASE) : "-"); break;
  case 'a': /* an answer: a word, or an option of the type that follows */
    if (vm_is_word(v)) emit(o, "%s", vm_string(vm, v - VM_WORD_BASE));
    else format_value(vm, o, type + 1, v);
    break;
  case '[': {
    emit(o, "[");
    int32_t n = vm_list_len(vm, v);
    for (int32_t i = 0; i < n; i++) {
      if (i) emit(o, ", ");
      format_value(vm, o, type + 1, vm_list_items(vm, v)[i]);
    }
    emit(o, "]");
    break;
  }
  /* ints, dirs and boards (numbers without a grid to name them) */
  default: emit(o, "%lld", (long long)v); break;
  }
}

void vm_format_value(Vm *vm, const char *type, Value v, char *buf, size_t cap) {
  if (cap == 0) return;
  Out o = {buf, cap, 0};
  buf[0] = '\0';
  format_value(vm, &o, type ? type : "i", v);
}
