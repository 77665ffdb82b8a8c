/* natives_vertices.c — built-ins for corner tiles and vertices: the
 * corner_tile constructor, vertex geometry, the values shown at vertices,
 * corner matching and hole detection. The work is in vertices.c, corners.c
 * and holes.c; this file checks arguments and builds the VM's values. */
#include <stdio.h>
#include <string.h>

#include "vertices.h"
#include "vm.h"

/* corner_tile(values, turn): values clockwise from corner 0, one per corner
 * of a cell (4 square, 6 hex), negative = blank; turned by multiples of
 * `turn` corners. Named by its shown values from corner 0: "1-2-3". */
Value native_corner_tile(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  const Value *v = vm_list_items(vm, args[0]);
  if (n != 4 && n != 6) {
    vm_error(vm, "corner_tile: %d corner values; a square cell has 4 corners, a hex cell 6", n);
    return 0;
  }
  if (args[1] < 1 || args[1] > n || n % args[1] != 0) {
    vm_error(vm, "corner_tile: a turn of %lld corners does not divide the %d corners",
             (long long)args[1], n);
    return 0;
  }
  TileDef t = {.cell_count = 1, .corner_count = (uint8_t)n, .corner_turn = (uint8_t)args[1]};
  char name[TILE_MAX_CORNERS * 7 + 1] = "blank"; /* six "-32767" at most */
  size_t len = 0;
  for (int32_t i = 0; i < n; i++) {
    if (v[i] > INT16_MAX) {
      vm_error(vm, "corner_tile: value %lld out of range (at most %d)", (long long)v[i], INT16_MAX);
      return 0;
    }
    t.corner[i] = (int16_t)(v[i] < 0 ? -1 : v[i]);
    if (t.corner[i] >= 0)
      len += (size_t)snprintf(name + len, sizeof name - len, "%s%d", len ? "-" : "", t.corner[i]);
  }
  /* a name is a move text: cut short, two tiles could read the same */
  if (strlen(name) >= sizeof t.name) {
    vm_error(vm, "corner_tile: tile name \"%s\" is longer than %d bytes", name,
             (int)sizeof t.name - 1);
    return 0;
  }
  strcpy(t.name, name);
  int id = vm_define_tile(vm, &t);
  return id < 0 ? 0 : id;
}

static Value int_list(Vm *vm, const int *items, int n) {
  Value out = vm_list_new(vm, n, false);
  if (vm_failed(vm)) return 0;
  Value *v = vm_list_items(vm, out);
  for (int i = 0; i < n; i++) v[i] = items[i];
  return out;
}

/* corners(t): a tile's corner values, unturned ([] for other tiles). */
Value native_corners_tile(Vm *vm, Value *args) {
  const TileDef *t = vm_tile(vm, args[0]);
  if (!t) return 0;
  int values[TILE_MAX_CORNERS];
  for (int i = 0; i < t->corner_count; i++) values[i] = t->corner[i];
  return int_list(vm, values, t->corner_count);
}

/* corners(b, c): the cell's vertices, clockwise from corner 0. */
Value native_corners(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  GridKind g = (GridKind)b->spec.grid;
  int n = vertex_corner_count(g);
  Value out = vm_list_new(vm, n, false);
  if (vm_failed(vm)) return 0;
  for (int j = 0; j < n; j++)
    vm_list_items(vm, out)[j] = vertex_pack(vertex_of_corner(g, cell_unpack(args[1]), j));
  return out;
}

Value native_vertex_cells(Vm *vm, Value *args) {
  Coord cells[VERTEX_MAX_CELLS];
  int n = vertex_cells(vertex_unpack(args[0]), cells, NULL);
  Value out = vm_list_new(vm, n, false);
  if (vm_failed(vm)) return 0;
  for (int i = 0; i < n; i++) vm_list_items(vm, out)[i] = cell_pack(cells[i]);
  return out;
}

Value native_around(Vm *vm, Value *args) {
  Vertex around[VERTEX_MAX_AROUND];
  int n = vertex_around(vertex_unpack(args[0]), around);
  Value out = vm_list_new(vm, n, false);
  if (vm_failed(vm)) return 0;
  for (int i = 0; i < n; i++) vm_list_items(vm, out)[i] = vertex_pack(around[i]);
  return out;
}

Value native_vertex_class(Vm *vm, Value *args) {
  return (void)vm, vertex_class(vertex_unpack(args[0]));
}

/* A vertex of another grid would name other cells: saying so beats a
 * silently wrong answer. */
static bool same_grid(Vm *vm, const Board *b, Vertex v) {
  if (v.grid == b->spec.grid) return true;
  vm_error(vm, "a %s vertex on a %s board", v.grid == GRID_HEX ? "hex" : "square",
           b->spec.grid == GRID_HEX ? "hex" : "square");
  return false;
}

Value native_vertex_value(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  Vertex v = vertex_unpack(args[1]);
  if (!b || !same_grid(vm, b, v)) return 0;
  return board_vertex_value(b, vm_tiles(vm), v);
}

/* corner_placements(b, tiles): every legal placement of every tile of the
 * list (corners.c), as one list. */
Value native_corner_placements(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  int32_t n = vm_list_len(vm, args[1]);
  int *ids = vm_scratch(vm, sizeof *ids * (size_t)(n + 1));
  CornerSite *sites = vm_scratch(vm, sizeof *sites * (size_t)(6 * b->count + 1));
  size_t cap = (size_t)(n ? n : 1) * (size_t)(6 * b->count + 1) * TILE_MAX_CORNERS;
  int64_t *packed = vm_scratch(vm, sizeof *packed * cap);
  int32_t *box = vm_scratch(vm, board_corner_scratch(b));
  if (!ids || !sites || !packed || !box) return 0;
  for (int32_t i = 0; i < n; i++) {
    Value t = vm_list_items(vm, args[1])[i];
    if (!vm_tile(vm, t)) return 0;
    ids[i] = (int)t;
  }
  int count = board_corner_placements(b, vm_tiles(vm), ids, n, sites, box, packed, (int)cap);
  if (count < 0) {
    const TileDef *t = &vm_tiles(vm)[ids[-count - 1]];
    vm_error(vm, "corner_placements: tile %s has %d corners; a %s cell has %d", t->name,
             t->corner_count, b->spec.grid == GRID_HEX ? "hex" : "square",
             vertex_corner_count((GridKind)b->spec.grid));
    return 0;
  }
  return vm_list_from(vm, packed, count, false);
}

/* holes(b, c, class): for each hole a tile at c completes, the values
 * around it (holes.c). */
Value native_holes(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  int values[HOLES_MAX * VERTEX_MAX_AROUND], counts[HOLES_MAX];
  int holes = board_holes(b, vm_tiles(vm), cell_unpack(args[1]), (int)args[2], values, counts);
  Value out = vm_list_new(vm, holes, true);
  if (vm_failed(vm)) return 0;
  for (int h = 0; h < holes; h++) {
    Value list = int_list(vm, &values[h * VERTEX_MAX_AROUND], counts[h]);
    if (vm_failed(vm)) return 0;
    vm_list_items(vm, out)[h] = list;
  }
  return out;
}

bool corner_turn_ok(Vm *vm, const Board *b, const TileDef *t, Placement p) {
  int n = vertex_corner_count((GridKind)b->spec.grid);
  if (t->corner_count != n) {
    vm_error(vm, "tile %s has %d corners; a %s cell has %d", t->name, t->corner_count,
             b->spec.grid == GRID_HEX ? "hex" : "square", n);
    return false;
  }
  if (p.orientation >= n || p.orientation % t->corner_turn != 0) {
    vm_error(vm, "tile %s turns by %d corners; it cannot be turned %d", t->name, t->corner_turn,
             p.orientation);
    return false;
  }
  return true;
}

/* pl.turn: how many corners clockwise the placement turns its tile (the
 * orientation, which for a corner tile is nothing else). */
Value native_pl_turn(Vm *vm, Value *args) {
  return (void)vm, placement_unpack(args[0]).orientation;
}
