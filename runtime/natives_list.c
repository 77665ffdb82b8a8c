/* natives_list.c — built-ins on lists and numbers, seats and chance.
 *
 * Lists are immutable values, so a native may return its argument unchanged
 * (remove of an absent element, take past the end) instead of copying.
 * vm_list_items() pointers die at the next allocation: every function below
 * allocates its result first and only then fetches the pointers it copies
 * between. A copy keeps the source's refs flag, since its elements are of
 * the same type. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vm.h"

#define FORMAT_CAP 4096

/* A new list holding `count` elements of `src` from `start`, then `extra`
 * free slots after them (for insert); 0 with the VM failed on a full heap. */
static Value copy_range(Vm *vm, Value src, int32_t start, int32_t count, int32_t extra) {
  Value out = vm_list_new(vm, count + extra, vm_list_refs(vm, src));
  if (vm_failed(vm) || count == 0) return out;
  memcpy(vm_list_items(vm, out), vm_list_items(vm, src) + start, (size_t)count * sizeof(Value));
  return out;
}

static bool index_error(Vm *vm, int64_t i, int32_t len) {
  vm_error(vm, "index %lld out of range for a list of %d", (long long)i, len);
  return false;
}

/* Deep equality: lists of lists compare by contents, as `==` does. */
static bool values_equal(Vm *vm, Value a, Value b, bool lists) {
  if (!lists || a == b) return a == b;
  int32_t n = vm_list_len(vm, a);
  if (n != vm_list_len(vm, b)) return false;
  bool inner = vm_list_refs(vm, a) || vm_list_refs(vm, b);
  for (int32_t i = 0; i < n; i++)
    if (!values_equal(vm, vm_list_items(vm, a)[i], vm_list_items(vm, b)[i], inner)) return false;
  return true;
}

/* Scalar lists (tiles, ints, cells) compare words: one load and compare an
 * element, no call. */
static int32_t find(Vm *vm, Value list, Value x) {
  int32_t n = vm_list_len(vm, list);
  const Value *v = vm_list_items(vm, list); /* values_equal never allocates */
  if (!vm_list_refs(vm, list) && n <= 16) {
    /* Short lists: every element compared, no early exit — where x is, is
     * data, and a mispredicted exit costs more than the few compares. */
    int32_t found = -1;
    for (int32_t i = n - 1; i >= 0; i--) found = v[i] == x ? i : found;
    return found;
  }
  if (!vm_list_refs(vm, list)) {
    int32_t i = 0;
    for (; i + 4 <= n; i += 4) { /* unrolled: one loop test per four elements */
      if (v[i] == x) return i;
      if (v[i + 1] == x) return i + 1;
      if (v[i + 2] == x) return i + 2;
      if (v[i + 3] == x) return i + 3;
    }
    for (; i < n; i++)
      if (v[i] == x) return i;
    return -1;
  }
  for (int32_t i = 0; i < n; i++)
    if (values_equal(vm, v[i], x, true)) return i;
  return -1;
}

Value native_len_list(Vm *vm, Value *args) { return vm_list_len(vm, args[0]); }

Value native_sum(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  const Value *v = vm_list_items(vm, args[0]);
  uint64_t total = 0; /* unsigned: overflow wraps instead of being undefined */
  for (int32_t i = 0; i < n; i++) total += (uint64_t)v[i];
  return (Value)total;
}

Value native_product(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  const Value *v = vm_list_items(vm, args[0]);
  /* Products of group sizes grow fast: one past the int's range is an
   * error, not a wrapped-around score. */
  Value total = 1;
  for (int32_t i = 0; i < n; i++)
    if (__builtin_mul_overflow(total, v[i], &total)) {
      vm_error(vm, "product of %d numbers overflows the 64-bit int (at number %d, %lld)", n, i + 1,
               (long long)v[i]);
      return 0;
    }
  return total;
}

static Value extreme(Vm *vm, Value list, const char *what, int sign) {
  int32_t n = vm_list_len(vm, list);
  if (n == 0) {
    vm_error(vm, "%s of an empty list", what);
    return 0;
  }
  const Value *v = vm_list_items(vm, list);
  Value best = v[0];
  for (int32_t i = 1; i < n; i++)
    if (sign > 0 ? v[i] > best : v[i] < best) best = v[i];
  return best;
}

Value native_max(Vm *vm, Value *args) { return extreme(vm, args[0], "max", 1); }
Value native_min(Vm *vm, Value *args) { return extreme(vm, args[0], "min", -1); }

Value native_abs(Vm *vm, Value *args) {
  (void)vm;
  /* Negating INT64_MIN overflows; it stays itself, as in two's complement. */
  return args[0] < 0 ? (Value)(0 - (uint64_t)args[0]) : args[0];
}

/* n for take/drop: negative is a mistake in the rules, too large is fine. */
static bool count_arg(Vm *vm, const char *what, Value n, int32_t len, int32_t *out) {
  if (n < 0) {
    vm_error(vm, "%s of a negative count (%lld)", what, (long long)n);
    return false;
  }
  *out = n > len ? len : (int32_t)n;
  return true;
}

Value native_take(Vm *vm, Value *args) {
  int32_t len = vm_list_len(vm, args[0]), n;
  if (!count_arg(vm, "take", args[1], len, &n)) return 0;
  return n == len ? args[0] : copy_range(vm, args[0], 0, n, 0);
}

Value native_drop(Vm *vm, Value *args) {
  int32_t len = vm_list_len(vm, args[0]), n;
  if (!count_arg(vm, "drop", args[1], len, &n)) return 0;
  return n == 0 ? args[0] : copy_range(vm, args[0], n, len - n, 0);
}

Value native_reverse(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  Value out = copy_range(vm, args[0], 0, n, 0);
  if (vm_failed(vm)) return 0;
  Value *v = vm_list_items(vm, out);
  for (int32_t i = 0, j = n - 1; i < j; i++, j--) {
    Value t = v[i];
    v[i] = v[j];
    v[j] = t;
  }
  return out;
}

static int compare_ints(const void *a, const void *b) {
  Value x = *(const Value *)a, y = *(const Value *)b;
  return (x > y) - (x < y);
}

Value native_sort(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  Value out = copy_range(vm, args[0], 0, n, 0);
  if (vm_failed(vm)) return 0;
  if (n > 1) qsort(vm_list_items(vm, out), (size_t)n, sizeof(Value), compare_ints);
  return out;
}

/* Stable merge sort of the permutation `order` by `keys`. */
static void merge_sort(int32_t *order, int32_t *tmp, const Value *keys, int32_t n) {
  if (n < 2) return;
  int32_t half = n / 2;
  merge_sort(order, tmp, keys, half);
  merge_sort(order + half, tmp, keys, n - half);
  int32_t i = 0, j = half, k = 0;
  while (i < half && j < n) tmp[k++] = keys[order[j]] < keys[order[i]] ? order[j++] : order[i++];
  while (i < half) tmp[k++] = order[i++];
  while (j < n) tmp[k++] = order[j++];
  memcpy(order, tmp, (size_t)n * sizeof *order);
}

/* l (args[0]) in the order of its keys (args[1], one per element), stable:
 * the rest of sort_by once the keys are known. */
static Value sorted_by(Vm *vm, Value list, const Value *keys, int32_t *order) {
  int32_t n = vm_list_len(vm, list);
  for (int32_t i = 0; i < n; i++) order[i] = i;
  merge_sort(order, order + n, keys, n);
  Value out = vm_list_new(vm, n, vm_list_refs(vm, list));
  if (vm_failed(vm)) return 0;
  Value *dst = vm_list_items(vm, out);
  const Value *src = vm_list_items(vm, list);
  for (int32_t i = 0; i < n; i++) dst[i] = src[order[i]];
  return out;
}

/* Lists up to this long are sorted by insertion (a market row, a hand):
 * fewer steps than merging, and no scratch. */
enum { SHORT_SORT = 16 };

/* The short case of sorted_by, straight into the result: element i goes
 * after every earlier one whose key is not greater (stable), the greater
 * ones shifted up with their keys. */
static Value sorted_short(Vm *vm, Value list, Value key_list, int32_t n) {
  Value out = vm_list_new(vm, n, vm_list_refs(vm, list));
  if (vm_failed(vm)) return 0;
  const Value *src = vm_list_items(vm, list), *keys = vm_list_items(vm, key_list);
  Value *dst = vm_list_items(vm, out), sorted[SHORT_SORT];
  for (int32_t i = 0; i < n; i++) {
    Value key = keys[i];
    int32_t j = i;
    for (; j > 0 && sorted[j - 1] > key; j--) sorted[j] = sorted[j - 1], dst[j] = dst[j - 1];
    sorted[j] = key, dst[j] = src[i];
  }
  return out;
}

/* The compiler turns sort_by(l, f) into this, the keys computed by the
 * script (f compiled in place, no callback per element). */
Value native_sort_by_keys(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  if (n < 2) return args[0];
  if (vm_list_len(vm, args[1]) != n) {
    vm_error(vm, "sort_by: %d keys for %d elements", vm_list_len(vm, args[1]), n);
    return 0;
  }
  if (n <= SHORT_SORT) return sorted_short(vm, args[0], args[1], n);
  int32_t *order = vm_scratch(vm, (size_t)n * 2 * sizeof *order);
  if (!order) return 0;
  return sorted_by(vm, args[0], vm_list_items(vm, args[1]), order); /* the heap never moves in a run */
}

/* Keys are computed once per element, before the result is allocated; the
 * scratch arrays come from the VM heap (no malloc per call). */
Value native_sort_by(Vm *vm, Value *args) {
  Value list = args[0];
  int fn = (int)args[1];
  int32_t n = vm_list_len(vm, list);
  if (n < 2) return list;
  Value *keys = vm_scratch(vm, (size_t)n * sizeof *keys);
  int32_t *order = vm_scratch(vm, (size_t)n * 2 * sizeof *order);
  Value out = 0;
  if (!keys || !order) goto done;
  for (int32_t i = 0; i < n; i++) {
    Value elem = vm_list_items(vm, list)[i];
    keys[i] = vm_call(vm, fn, &elem, 1);
    if (vm_failed(vm)) goto done;
  }
  out = sorted_by(vm, list, keys, order);
done:
  return out;
}

Value native_index_of(Vm *vm, Value *args) { return find(vm, args[0], args[1]); }

/* list without its element i (0 <= i < len): one allocation, the rest
 * copied around the gap — by a loop when the list is short, as most lists
 * rules remove from are (a memcpy call costs more than their copy), by
 * memcpy when it is long (a board's empty cells). */
enum { SHORT_COPY = 16 };
static Value without(Vm *vm, Value list, int32_t i, int32_t len) {
  Value out = vm_list_new(vm, len - 1, vm_list_refs(vm, list));
  if (vm_failed(vm)) return 0;
  const Value *src = vm_list_items(vm, list);
  Value *dst = vm_list_items(vm, out);
  if (len > SHORT_COPY) {
    memcpy(dst, src, (size_t)i * sizeof *dst);
    memcpy(dst + i, src + i + 1, (size_t)(len - 1 - i) * sizeof *dst);
    return out;
  }
  for (int32_t k = 0; k < i; k++) dst[k] = src[k];
  for (int32_t k = i + 1; k < len; k++) dst[k - 1] = src[k];
  return out;
}

Value native_remove(Vm *vm, Value *args) {
  int32_t i = find(vm, args[0], args[1]);
  return i < 0 ? args[0] : without(vm, args[0], i, vm_list_len(vm, args[0]));
}

Value native_remove_at(Vm *vm, Value *args) {
  int32_t len = vm_list_len(vm, args[0]);
  Value i = args[1];
  if (i < 0 || i >= len) return index_error(vm, i, len);
  return without(vm, args[0], (int32_t)i, len);
}

/* i may equal the length: insert at the end. */
Value native_insert(Vm *vm, Value *args) {
  int32_t len = vm_list_len(vm, args[0]);
  Value i = args[1];
  if (i < 0 || i > len) return index_error(vm, i, len);
  Value out = copy_range(vm, args[0], 0, (int32_t)i, len + 1 - (int32_t)i);
  if (vm_failed(vm)) return 0;
  Value *dst = vm_list_items(vm, out);
  memcpy(dst + i + 1, vm_list_items(vm, args[0]) + i, (size_t)(len - i) * sizeof(Value));
  dst[i] = args[2];
  return out;
}

/* Fisher–Yates from the top down; the exact draw sequence is part of the
 * game's determinism (same seed, same deal), so do not reorder it. */
Value native_shuffle(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  Value out = copy_range(vm, args[0], 0, n, 0);
  if (vm_failed(vm)) return 0;
  Value *v = vm_list_items(vm, out);
  for (int32_t i = n - 1; i >= 1; i--) {
    int32_t j = (int32_t)vm_random(vm, (uint64_t)i + 1);
    Value t = v[i];
    v[i] = v[j];
    v[j] = t;
  }
  return out;
}

Value native_random(Vm *vm, Value *args) {
  if (args[0] < 1) {
    vm_error(vm, "random(%lld): the range must hold at least one number", (long long)args[0]);
    return 0;
  }
  return (Value)vm_random(vm, (uint64_t)args[0]);
}

static const char *print_prefix;
static bool print_mid_line; /* after print_part: the line is begun */
static bool print_quiet;
static uint64_t prints_made; /* quiet ones too: see natives_prints_made */

uint64_t natives_prints_made(void) { return prints_made; }

void ts_set_print_prefix(const char *prefix) {
  print_prefix = prefix;
}

void ts_set_print_quiet(bool quiet) {
  print_quiet = quiet;
}

/* `print(a, b, c)` prints a and b with print_part, then c with print:
 * one line, values separated by spaces. */
Value native_print_part(Vm *vm, Value *args) {
  prints_made++;
  if (print_quiet) return 0;
  char text[FORMAT_CAP];
  vm_format_value(vm, vm_string(vm, args[1]), args[0], text, sizeof text);
  if (print_prefix && !print_mid_line) fputs(print_prefix, stdout);
  fputs(text, stdout);
  putchar(' ');
  print_mid_line = true;
  return 0;
}

/* args[1] is the hidden type code the compiler appends (a string index). */
Value native_print(Vm *vm, Value *args) {
  prints_made++;
  if (print_quiet) return 0;
  char text[FORMAT_CAP];
  vm_format_value(vm, vm_string(vm, args[1]), args[0], text, sizeof text);
  if (print_prefix && !print_mid_line) fputs(print_prefix, stdout);
  print_mid_line = false;
  puts(text);
  fflush(stdout);
  return 0;
}

/* expect(actual, wanted): equal when their texts are (the text of a value
 * is canonical: lists element by element, tiles by name, placements as
 * moves), else a runtime error naming both. args[2] is the type code. */
Value native_expect(Vm *vm, Value *args) {
  char actual[FORMAT_CAP], wanted[FORMAT_CAP];
  const char *type = vm_string(vm, args[2]);
  vm_format_value(vm, type, args[0], actual, sizeof actual);
  vm_format_value(vm, type, args[1], wanted, sizeof wanted);
  if (strcmp(actual, wanted) != 0) vm_error(vm, "expected %s, got %s", wanted, actual);
  return 0;
}

static Value count_up(Vm *vm, int n) {
  Value out = vm_list_new(vm, n, false);
  if (vm_failed(vm)) return 0;
  Value *v = vm_list_items(vm, out);
  for (int i = 0; i < n; i++) v[i] = i;
  return out;
}

/* Plain names in scripts: args is empty. */
Value native_players(Vm *vm, Value *args) { return (void)args, count_up(vm, vm_players(vm)); }
Value native_seats(Vm *vm, Value *args) { return (void)args, count_up(vm, vm_seats(vm)); }
Value native_nplayers(Vm *vm, Value *args) { return (void)args, vm_players(vm); }
Value native_nseats(Vm *vm, Value *args) { return (void)args, vm_seats(vm); }

/* Ghosts never decide, so they have no turn order to step through. */
Value native_next(Vm *vm, Value *args) {
  Value p = args[0];
  int players = vm_players(vm);
  if (p < 0 || p >= players) {
    if (p >= players && p < vm_seats(vm))
      vm_error(vm, "next(G%lld): ghosts take no turns", (long long)(p - players + 1));
    else
      vm_error(vm, "next of seat %lld, which does not exist", (long long)p);
    return 0;
  }
  return (p + 1) % players;
}

Value native_seat(Vm *vm, Value *args) {
  int seats = vm_seats(vm);
  if (args[0] < 0 || args[0] >= seats) {
    vm_error(vm, "seat(%lld) out of range: seats are 0..%d", (long long)args[0], seats - 1);
    return 0;
  }
  return args[0];
}

Value native_ord(Vm *vm, Value *args) { return (void)vm, args[0]; }

/* P15: whether some / every element of a list of bools is true (any of []
 * is false, all of [] is true). */
Value native_any(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  const Value *v = vm_list_items(vm, args[0]);
  Value found = 0;
  for (int32_t i = 0; i < n; i++) found |= v[i] != 0;
  return found;
}

Value native_all(Vm *vm, Value *args) {
  int32_t n = vm_list_len(vm, args[0]);
  const Value *v = vm_list_items(vm, args[0]);
  Value every = 1;
  for (int32_t i = 0; i < n; i++) every &= v[i] != 0;
  return every;
}
