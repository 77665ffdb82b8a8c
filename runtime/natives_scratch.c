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

/* board[i] of an array of boards (P12), as compiled: the first board's
 * number, how many there are (the param's value), and i. */
Value native_board_index(Vm *vm, Value *args) {
  int64_t count = (int64_t)args[1], i = (int64_t)args[2];
  if (i < 0 || i >= count) {
    vm_error(vm, "board index %lld out of range: the array has %lld board%s", (long long)i, (long long)count,
             count == 1 ? "" : "s");
    return 0;
  }
  return (Value)(args[0] + (Value)i);
}
