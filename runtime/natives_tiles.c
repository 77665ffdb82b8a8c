/* natives_tiles.c — tile constructors (run while a match is set up), and the
 * fields of tiles, cells and placements that scripts reach through syntax
 * (t[i], len(t), c.x, pl.tile, ...). */
#include <stdio.h>
#include <string.h>

#include "vm.h"

/* TileDef stores values as int16 and offsets as int8; saying so beats a
 * silently wrapped number on the board. */
static bool check_value(Vm *vm, Value v) {
  if (v >= INT16_MIN && v <= INT16_MAX) return true;
  vm_error(vm, "tile value %lld out of range (%d..%d)", (long long)v, INT16_MIN, INT16_MAX);
  return false;
}

static Value define(Vm *vm, const TileDef *tile) {
  int id = vm_define_tile(vm, tile);
  return id < 0 ? 0 : id;
}

Value native_domino(Vm *vm, Value *args) {
  if (!check_value(vm, args[0]) || !check_value(vm, args[1])) return 0;
  TileDef t = {.cell_count = 2, .dx = {0, 1}, .dy = {0, 0}};
  t.value[0] = (int16_t)args[0];
  t.value[1] = (int16_t)args[1];
  snprintf(t.name, sizeof t.name, "%d-%d", t.value[0], t.value[1]);
  return define(vm, &t);
}

/* A tile's name is its move text: cut short it could cut a UTF-8
 * character in two or make two tiles' names equal, so a long one is an
 * error. */
static bool set_name(Vm *vm, TileDef *t, const char *name) {
  if (strlen(name) >= sizeof t->name) {
    vm_error(vm, "tile name \"%s\" is longer than %d bytes", name, (int)sizeof t->name - 1);
    return false;
  }
  strcpy(t->name, name);
  return true;
}

static Value make_token(Vm *vm, Value v, const char *name) {
  if (!check_value(vm, v)) return 0;
  TileDef t = {.cell_count = 1};
  t.value[0] = (int16_t)v;
  if (name && !set_name(vm, &t, name)) return 0;
  if (!name) snprintf(t.name, sizeof t.name, "%d", t.value[0]);
  return define(vm, &t);
}

Value native_token(Vm *vm, Value *args) { return make_token(vm, args[0], NULL); }
Value native_token_named(Vm *vm, Value *args) {
  return make_token(vm, args[0], vm_string(vm, args[1]));
}

/* polyomino(name, cells, v, reflect): offsets are taken from the first cell,
 * which becomes the tile's anchor (cell 0). */
Value native_polyomino(Vm *vm, Value *args) {
  const char *name = vm_string(vm, args[0]);
  Value cells = args[1];
  int32_t n = vm_list_len(vm, cells);
  if (n < 1 || n > TILE_MAX_CELLS) {
    vm_error(vm, "polyomino \"%s\" has %d cells; it needs 1..%d", name, n, TILE_MAX_CELLS);
    return 0;
  }
  if (!check_value(vm, args[2])) return 0;
  TileDef t = {.cell_count = (uint8_t)n, .reflections = args[3] != 0};
  if (!set_name(vm, &t, name)) return 0;
  const Value *v = vm_list_items(vm, cells);
  Coord origin = cell_unpack(v[0]);
  for (int32_t i = 0; i < n; i++) {
    Coord c = cell_unpack(v[i]);
    int dx = c.x - origin.x, dy = c.y - origin.y;
    if (dx < INT8_MIN || dx > INT8_MAX || dy < INT8_MIN || dy > INT8_MAX) {
      vm_error(vm, "polyomino \"%s\": cell %d,%d is too far from its first cell", name, c.x, c.y);
      return 0;
    }
    for (int32_t j = 0; j < i; j++) {
      if (t.dx[j] == dx && t.dy[j] == dy) {
        vm_error(vm, "polyomino \"%s\" lists cell %d,%d twice", name, c.x, c.y);
        return 0;
      }
    }
    t.dx[i] = (int8_t)dx;
    t.dy[i] = (int8_t)dy;
    t.value[i] = (int16_t)args[2];
  }
  return define(vm, &t);
}

Value native_len_tile(Vm *vm, Value *args) {
  const TileDef *t = vm_tile(vm, args[0]);
  return t ? t->cell_count : 0;
}

Value native_cell(Vm *vm, Value *args) {
  for (int i = 0; i < 2; i++) {
    if (args[i] < INT16_MIN || args[i] > INT16_MAX) {
      vm_error(vm, "cell(%lld, %lld): coordinates must be in %d..%d", (long long)args[0],
               (long long)args[1], INT16_MIN, INT16_MAX);
      return 0;
    }
  }
  return cell_pack((Coord){(int16_t)args[0], (int16_t)args[1]});
}

/* Fields need no VM: cells and placements carry everything packed. */
Value native_cell_x(Vm *vm, Value *args) { return (void)vm, cell_unpack(args[0]).x; }
Value native_cell_y(Vm *vm, Value *args) { return (void)vm, cell_unpack(args[0]).y; }
Value native_pl_tile(Vm *vm, Value *args) { return (void)vm, placement_unpack(args[0]).tile; }
Value native_pl_cell(Vm *vm, Value *args) { return (void)vm, cell_pack(placement_unpack(args[0]).at); }
Value native_pl_level(Vm *vm, Value *args) { return (void)vm, placement_unpack(args[0]).level; }
