/* seat_functions.c — the functions a rule file declares for the player and
 * its agents (`running_score`, `evaluation`, `legend`, `score_parts`):
 * found by name, called on a scratch copy of the state, so asking never
 * changes the game. */
#include <stdio.h>
#include <string.h>

#include "engine.h"

/* The function `name` taking one argument and returning a value, or -1. */
static int find_seat_function(const Program *p, const char *name) {
  for (int f = 0; f < p->fn_count; f++)
    if (p->fns[f].name && strcmp(p->fns[f].name, name) == 0 && p->fns[f].params == 1 && p->fns[f].returns_value)
      return f;
  return -1;
}

/* No scratch copy to call on: the question fails like a runtime error. */
static int out_of_memory(TsState *scratch, char *err, size_t errlen) {
  ts_free(scratch);
  if (err) snprintf(err, errlen, "out of memory");
  return -1;
}

bool ts_program_declares(const TsProgram *p, const char *function) {
  return find_seat_function(p->program, function) >= 0;
}

int ts_seat_values(const TsState *s, const char *name, int64_t *values, char *err, size_t errlen) {
  int fn = find_seat_function(s->match->prog->program, name);
  if (fn < 0) return 1;
  TsState *scratch = ts_clone(s);
  Vm *vm = scratch ? engine_load(scratch) : NULL;
  if (!vm) return out_of_memory(scratch, err, errlen);
  int status = 0;
  for (int seat = 0; seat < s->match->seats; seat++) {
    Value arg = seat;
    values[seat] = vm_call(vm, fn, &arg, 1);
    if (vm_failed(vm)) {
      if (err) snprintf(err, errlen, "%s", vm_error_message(vm));
      status = -1;
      break;
    }
  }
  ts_free(scratch);
  return status;
}

int ts_seat_list(const TsState *s, const char *name, int seat, int64_t *values, int cap, char *err, size_t errlen) {
  int fn = find_seat_function(s->match->prog->program, name);
  if (fn < 0) return -2;
  TsState *scratch = ts_clone(s);
  Vm *vm = scratch ? engine_load(scratch) : NULL;
  if (!vm) return out_of_memory(scratch, err, errlen);
  Value arg = seat, list = vm_call(vm, fn, &arg, 1);
  int count = -1;
  if (vm_failed(vm)) {
    if (err) snprintf(err, errlen, "%s", vm_error_message(vm));
  } else {
    count = vm_list_len(vm, list);
    for (int i = 0; i < count && i < cap; i++) values[i] = vm_list_items(vm, list)[i];
  }
  ts_free(scratch);
  return count;
}
