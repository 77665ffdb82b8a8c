/* natives_scratch.c — scratch boards (roadmap P7): a board a script fills
 * to try a position out (score it, look at its regions) and then empties
 * again, e.g. an automaton trying every place for a new bone. */
#include "board.h"
#include "vm.h"

Value native_clear(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (b) board_clear(b);
  return 0;
}
