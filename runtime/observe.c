/* observe.c — a state as JSON for one seat (or for everyone): status, tiles,
 * every board's cells, and the variables each seat may see. The format is
 * documented in docs/trace-format.md and kept stable. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "vertices.h"

typedef struct Out {
  char *buf;
  size_t cap, len;
} Out;

static void put(Out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->len < o->cap ? o->cap - o->len : 0;
  int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) o->len += (size_t)n;
}

static void put_string(Out *o, const char *s) {
  put(o, "\"");
  for (; *s; s++) {
    if (*s == '"' || *s == '\\') put(o, "\\%c", *s);
    else if ((unsigned char)*s < 0x20) put(o, "\\u%04x", *s);
    else put(o, "%c", *s);
  }
  put(o, "\"");
}

static void put_value(Out *o, const TsState *s, const char *type, Value v) {
  Vm *vm = s->match->vm;
  if (type[0] == '[') {
    const Value *heap = engine_heap(s);
    int64_t len = heap[v] & HEAP_LEN_MASK;
    put(o, "[");
    for (int64_t i = 0; i < len; i++) {
      if (i) put(o, ",");
      put_value(o, s, type + 1, heap[v + 1 + i]);
    }
    put(o, "]");
    return;
  }
  switch (type[0]) {
  case 'i': put(o, "%lld", (long long)v); return;
  case 'b': put(o, v ? "true" : "false"); return;
  default: {
    char text[256];
    vm_format_value(vm, type, v, text, sizeof text);
    put_string(o, text);
  }
  }
}

static void put_tiles(Out *o, const TsState *s) {
  const Vm *vm = s->match->vm;
  put(o, "\"tiles\":[");
  for (int t = 0; t < vm->tile_count; t++) {
    const TileDef *d = &vm->tiles[t];
    put(o, "%s{\"id\":%d,\"name\":", t ? "," : "", t);
    put_string(o, d->name);
    put(o, ",\"values\":[");
    for (int c = 0; c < d->cell_count; c++) put(o, "%s%d", c ? "," : "", d->value[c]);
    put(o, "]");
    if (d->corner_count) { /* corner tiles only, so other games' traces stay as they were */
      put(o, ",\"corners\":[");
      for (int c = 0; c < d->corner_count; c++) put(o, "%s%d", c ? "," : "", d->corner[c]);
      put(o, "],\"turn_step\":%d", d->corner_turn);
    }
    put(o, "}");
  }
  put(o, "]");
}

/* A corner tile's turn (in corners, clockwise) and what it shows at each
 * corner of its cell, clockwise from corner 0 (vertices.h). */
static void put_corners(Out *o, const Board *b, const TileDef *tiles, const BoardCell *c) {
  int n = tiles[c->tile].corner_count;
  put(o, ",\"turn\":%d,\"shows\":[", board_cell_turn(c));
  for (int j = 0; j < n; j++)
    put(o, "%s%d", j ? "," : "", board_corner_value(b, tiles, (Coord){c->x, c->y}, j));
  put(o, "]");
}

static void put_board(Out *o, const TsState *s, const BoardInfo *info, int seat) {
  const Vm *vm = s->match->vm;
  int number = info->first + (seat < 0 ? 0 : seat);
  const Board *b = (const Board *)((const char *)s->block + s->block->boards_at + vm->board_at[number]);
  put(o, "{\"name\":");
  put_string(o, info->name);
  if (seat >= 0) put(o, info->count_slot >= 0 ? ",\"index\":%d" : ",\"seat\":%d", seat);
  put(o, ",\"grid\":\"%s\"", b->spec.grid == GRID_HEX ? "hex" : "square");
  if (b->spec.shape == BOARD_SHAPE_HEXAGON) put(o, ",\"hexagon\":%d", (b->spec.w + 1) / 2); /* its cells */
  put(o, ",\"cells\":[");
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    put(o, "%s{\"x\":%d,\"y\":%d,\"level\":%d,\"value\":%d,\"tile\":%d,\"part\":%d", e ? "," : "",
        c->x, c->y, c->level, c->value, c->tile, c->part);
    if (vm->tiles[c->tile].corner_count) put_corners(o, b, vm->tiles, c);
    put(o, "}");
  }
  put(o, "]}");
}

static void put_boards(Out *o, const TsState *s) {
  const Program *p = s->match->prog->program;
  put(o, "\"boards\":[");
  bool first = true;
  if (s->match->vm->boards_ready || s->block->tail_at > s->block->boards_at) {
    for (int i = 0; i < p->board_decl_count; i++) {
      bool array = p->boards[i].count_slot >= 0;
      int copies = p->boards[i].per_seat ? s->match->seats : array ? TS_MAX_BOARD_ARRAY : 1;
      for (int k = 0; k < copies; k++) {
        if (array && s->match->vm->board_at[p->boards[i].first + k] < 0) break; /* past its count */
        if (!first) put(o, ",");
        first = false;
        put_board(o, s, &p->boards[i], p->boards[i].per_seat || array ? k : -1);
      }
    }
  }
  put(o, "]");
}

/* hidden: nobody sees it (only its count); owner: its seat; secret: its
 * seat, and everyone once the game is over. TS_VIEW_ALL sees all but hidden
 * values. */
bool engine_var_hidden(const TsState *s, const GlobalInfo *g, int owner, int viewer) {
  if (g->visibility == VISIBLE_HIDDEN) return true;
  if (viewer == TS_VIEW_ALL) return false;
  switch (g->visibility) {
  case VISIBLE_OWNER: return viewer != owner;
  case VISIBLE_SECRET: return viewer != owner && !ts_is_over(s);
  default: return false;
  }
}

static void put_var_value(Out *o, const TsState *s, const GlobalInfo *g, int slot, int owner, int viewer) {
  const Value *globals = (const Value *)((const char *)s->block + s->block->globals_at);
  Value v = globals[slot];
  if (!engine_var_hidden(s, g, owner, viewer)) {
    put_value(o, s, g->type, v);
    return;
  }
  if (g->type[0] == '[') put(o, "{\"hidden\":true,\"count\":%lld}", (long long)(engine_heap(s)[v] & HEAP_LEN_MASK));
  else put(o, "{\"hidden\":true}");
}

static void put_vars(Out *o, const TsState *s, int viewer) {
  const Program *p = s->match->prog->program;
  put(o, "\"vars\":{");
  bool first = true;
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_VAR) continue;
    if (!first) put(o, ",");
    first = false;
    put_string(o, g->name);
    put(o, ":");
    if (!g->per_seat) {
      put_var_value(o, s, g, g->slot, -1, viewer);
      continue;
    }
    put(o, "[");
    for (int k = 0; k < s->match->seats; k++) {
      if (k) put(o, ",");
      put_var_value(o, s, g, g->slot + k, k, viewer);
    }
    put(o, "]");
  }
  put(o, "}");
}

size_t ts_observation_json(const TsState *s, int seat, char *buf, size_t cap) {
  engine_settle(s); /* list variables are read from the block */
  Out o = {buf, cap, 0};
  static const char *const status[] = {"running", "decision", "over", "error"};
  put(&o, "{\"status\":\"%s\",\"players\":%d,\"seats\":%d,\"to_move\":%d,\"decisions\":%d,\"viewer\":%d,",
      status[s->block->status], s->match->players, s->match->seats, ts_current_seat(s), s->block->decisions, seat);
  put_tiles(&o, s);
  put(&o, ",");
  put_boards(&o, s);
  put(&o, ",");
  put_vars(&o, s, seat);
  put(&o, "}");
  if (cap) buf[o.len < cap ? o.len : cap - 1] = 0;
  return o.len;
}
