/* natives.c — the table of built-in functions, expanded from natives.def so
 * that the checker, compiler and VM all read the same list in the same
 * order. The functions themselves live in natives_list.c (lists, numbers, any/all,
 * seats, chance), natives_tiles.c (tiles, cells, placements) and
 * natives_board.c (boards), natives_scratch.c (scratch boards). */
#include "vm.h"

const NativeInfo ts_natives[NATIVE__COUNT] = {
#define NATIVE(id, name, params, result, callback) \
  [NATIVE_##id] = {#id, name, params, result, callback, native_##id},
#include "natives.def"
#undef NATIVE
};
