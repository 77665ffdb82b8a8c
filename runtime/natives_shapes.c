/* natives_shapes.c — built-ins on polyomino shapes (shapes.c does the
 * geometry): the free polyominoes as tiles, a tile's fixed forms, and the
 * occurrences of a shape among a set of cells. */
#include <stdio.h>

#include "shapes.h"
#include "vm.h"

/* Occurrences or forms as the script's [[cell]]: `count` lists of `size`
 * cells each. */
static Value cell_lists(Vm *vm, const Coord *cells, int count, int size) {
  if (count == 0) return VM_EMPTY_LISTS;
  Value out = vm_list_new(vm, count, true);
  if (vm_failed(vm)) return 0;
  for (int k = 0; k < count; k++) {
    Value inner = vm_list_new(vm, size, false);
    if (vm_failed(vm)) return 0;
    Value *v = vm_list_items(vm, inner);
    for (int i = 0; i < size; i++) v[i] = cell_pack(cells[k * size + i]);
    vm_list_items(vm, out)[k] = inner;
  }
  return out;
}

/* free_polyominoes(n, prefix): tiles named prefix1, prefix2, ... showing 0,
 * placeable mirrored. */
Value native_free_polyominoes(Vm *vm, Value *args) {
  enum { MAX = 369 }; /* free octominoes, the most there are */
  ShapeForm *shapes = vm_scratch(vm, sizeof *shapes * MAX);
  if (!shapes) return 0;
  int count = shape_free_polyominoes((int)args[0], shapes, MAX);
  if (count < 0) {
    vm_error(vm, "free_polyominoes(%lld): the size must be 1..%d", (long long)args[0], SHAPE_FREE_MAX_CELLS);
    return 0;
  }
  const char *prefix = vm_string(vm, args[1]);
  Value out = vm_list_new(vm, count, false);
  if (vm_failed(vm)) return 0;
  for (int k = 0; k < count; k++) {
    TileDef t = {.cell_count = (uint8_t)shapes[k].count, .reflections = true};
    for (int i = 0; i < t.cell_count; i++) {
      t.dx[i] = (int8_t)shapes[k].cell[i].x;
      t.dy[i] = (int8_t)shapes[k].cell[i].y;
    }
    int written = snprintf(t.name, sizeof t.name, "%s%d", prefix, k + 1);
    if (written < 0 || (size_t)written >= sizeof t.name) {
      vm_error(vm, "free_polyominoes: prefix \"%s\" makes names longer than %d characters", prefix,
               TILE_NAME_MAX - 1);
      return 0;
    }
    int id = vm_define_tile(vm, &t);
    if (id < 0) return 0;
    vm_list_items(vm, out)[k] = id;
  }
  return out;
}

Value native_forms(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  const TileDef *t = b ? vm_tile(vm, args[1]) : NULL;
  if (!t) return 0;
  ShapeForm forms[SHAPE_FORMS_MAX];
  int count = shape_forms((GridKind)b->spec.grid, t, forms);
  Coord cells[SHAPE_FORMS_MAX * TILE_MAX_CELLS];
  for (int k = 0; k < count; k++)
    for (int i = 0; i < t->cell_count; i++) cells[k * t->cell_count + i] = forms[k].cell[i];
  return cell_lists(vm, cells, count, t->cell_count);
}

Value native_occurrences(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  const TileDef *t = b ? vm_tile(vm, args[2]) : NULL;
  if (!t) return 0;
  ShapeForm forms[SHAPE_FORMS_MAX];
  int nforms = shape_forms((GridKind)b->spec.grid, t, forms);
  int n = vm_list_len(vm, args[1]);
  int cap = n * nforms; /* at most one occurrence per form and anchor */
  int slots = shape_occurrences_slots(n);
  Coord *within = vm_scratch(vm, sizeof *within * (size_t)(n + (size_t)cap * t->cell_count) +
                                     sizeof(int32_t) * (size_t)slots);
  if (!within) return 0; /* vm_scratch set the error */
  const Value *v = vm_list_items(vm, args[1]);
  for (int i = 0; i < n; i++) within[i] = cell_unpack(v[i]);
  Coord *out = within + n;
  int count = shape_occurrences(forms, nforms, within, n, (int32_t *)(out + (size_t)cap * t->cell_count), out, cap);
  return cell_lists(vm, out, count, t->cell_count);
}
