/* words.c — answers besides the options: `choose p from opts or words`
 * offers the options followed by the words (values VM_WORD_BASE + the index
 * of the word's name among the program's strings, vm.h), in one list, so
 * the engine, the agents and the traces treat a word like any option. */
#include <string.h>

#include "vm.h"

/* answers(options, words): options ++ words. An option that reads as a word
 * (an int near INT64_MIN) would be taken for one, so it is an error. */
Value native_answers(Vm *vm, Value *args) {
  Value options = args[0], words = args[1];
  int32_t n = vm_list_len(vm, options), m = vm_list_len(vm, words);
  Value out = vm_list_new(vm, n + m, false);
  if (vm_failed(vm)) return out;
  Value *items = vm_list_items(vm, out);
  const Value *opts = vm_list_items(vm, options);
  for (int32_t i = 0; i < n; i++) {
    if (vm_is_word(opts[i])) {
      vm_error(vm, "option %lld cannot be offered with words (too close to the smallest int)", (long long)opts[i]);
      return out;
    }
    items[i] = opts[i];
  }
  if (m) memcpy(items + n, vm_list_items(vm, words), (size_t)m * sizeof(Value));
  return out;
}
