/* vm.h — the tessera virtual machine as seen by native functions and the
 * engine. Values are 64-bit: ints, bools, players, tiles, cells and
 * placements are scalars (cells and placements packed as in grid.h); lists
 * are handles into the VM heap. Two empty lists are permanent: handle 0
 * (VM_EMPTY, elements are scalars) and handle 1 (VM_EMPTY_LISTS, elements
 * are lists), so even an empty list knows what the collector must trace;
 * every [[T]] variable starts as VM_EMPTY_LISTS.
 *
 * Heap object layout (int64 words): a header word (length in bits 0-29,
 * capacity in bits 30-59, bit 60 = refs), then `capacity` element words.
 * refs = 1 when the elements are themselves lists, which the collector needs
 * to know. Handles are word offsets into the heap; a pointer
 * from vm_list_items() is valid until the next allocation. */
#ifndef TESSERA_VM_H
#define TESSERA_VM_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "tiles.h"

typedef int64_t Value;
enum { VM_EMPTY = 0, VM_EMPTY_LISTS = 1 };
/* A word (`word pass`) is VM_WORD_BASE + the index of its name among the
 * program's strings, so its text needs no table of its own; no option of a
 * `choose … or words` may lie in VM_WORD_BASE..VM_WORD_LAST. */
#define VM_WORD_BASE INT64_MIN
#define VM_WORD_LAST (INT64_MIN + INT32_MAX)
static inline bool vm_is_word(Value v) { return v <= VM_WORD_LAST; }
typedef struct Vm Vm;
typedef Value (*NativeFn)(Vm *vm, Value *args);

enum {
#define NATIVE(id, name, params, result, callback) NATIVE_##id,
#include "natives.def"
#undef NATIVE
  NATIVE__COUNT
};

typedef struct NativeInfo {
  const char *id, *name, *params, *result, *callback;
  NativeFn fn;
} NativeInfo;
extern const NativeInfo ts_natives[NATIVE__COUNT];

#define NATIVE(id, name, params, result, callback) Value native_##id(Vm *vm, Value *args);
#include "natives.def"
#undef NATIVE

/* Lists. When the heap is full (or the length is bad) vm_list_new sets the
 * VM's error and returns VM_EMPTY, so that a stray read stays in bounds;
 * failure is told only by vm_failed(), never by the value — VM_EMPTY is
 * also the answer to every request for an empty list. */
Value vm_list_new(Vm *vm, int32_t length, bool refs);
/* Length, element kind and elements of a list, inline: natives read lists
 * constantly. The VM's heap pointer is the first member of struct Vm (a
 * pointer to a struct is a pointer to its first member); vm.c checks it. */
static inline const Value *vm_heap_words(const Vm *vm) { return *(Value *const *)(const void *)vm; }
static inline int32_t vm_list_len(const Vm *vm, Value list) { return (int32_t)(vm_heap_words(vm)[list] & 0x3fffffff); }
static inline bool vm_list_refs(const Vm *vm, Value list) { return (vm_heap_words(vm)[list] >> 60) & 1; }
static inline Value *vm_list_items(Vm *vm, Value list) { return (Value *)&vm_heap_words(vm)[list + 1]; }
Value vm_list_from(Vm *vm, const Value *items, int32_t length, bool refs);
/* Scratch memory for a native, from the VM heap: reclaimed at the next
 * decision like any garbage, so natives never malloc per call. The heap does
 * not move while a native runs, so the pointer stays valid through later
 * allocations and callbacks of that call. NULL (with an error) when full. */
void *vm_scratch(Vm *vm, size_t bytes);

/* Errors: sets the runtime error (the first one wins); the native then
 * returns any value and the VM stops with `file:line: runtime error: …`. */
void vm_error(Vm *vm, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
bool vm_failed(const Vm *vm);
const char *vm_error_message(const Vm *vm);

/* The match's seeded generator: uniform in 0..n-1 (n >= 1). */
uint64_t vm_random(Vm *vm, uint64_t n);

/* Seats: players decide; ghosts (numbers players..seats-1) are only scored. */
int vm_players(const Vm *vm);
int vm_seats(const Vm *vm);

/* Tiles of the match. vm_define_tile works only while the match is set up
 * (before the boards are laid out); otherwise it errors and returns -1. */
const TileDef *vm_tiles(const Vm *vm);
int vm_tile_count(const Vm *vm);
int vm_define_tile(Vm *vm, const TileDef *tile);
/* Checks a tile id, erroring when it is not a tile of this match. */
const TileDef *vm_tile(Vm *vm, Value tile);

/* Board number b (as the script sees it), erroring when unknown. */
Board *vm_board(Vm *vm, Value b);

/* Calls script function fn (a callback passed to a native) and returns its
 * result; on an error inside it returns 0 with vm_failed() true. */
Value vm_call(Vm *vm, int fn, const Value *args, int nargs);

/* A string literal of the program (args of type "s" are string indices). */
const char *vm_string(const Vm *vm, Value index);

/* Text of a value of type code `type` (as in natives.def: "i", "t", "[c"...)
 * written to buf (NUL-terminated, truncated to cap); used by print, move
 * texts and observations. ints: decimal; bools: true/false; players: P1..,
 * ghosts G1..; tiles: their name; cells: x,y; placements: `name x,y DIR`
 * (DIR = grid direction name of cell 1 from cell 0 for 2-cell tiles when the
 * orientation is a plain rotation, else `r<o>`; omitted for 1-cell tiles;
 * a corner tile's turn clockwise in degrees, `+120`); vertices: `x,y N`,
 * plus ` ^L` when level > 0; lists: [a, b]. A `print` call receives the type
 * code as a hidden last argument (a string index). */
void vm_format_value(Vm *vm, const char *type, Value v, char *buf, size_t cap);

/* A stand-alone VM with no program, for unit tests of natives: `players`
 * seats, a heap, the seeded generator, tiles may be defined; boards added
 * with vm_test_add_board (numbered 0, 1, ... in order) after the tiles. */
Vm *vm_test_new(int players, uint64_t seed);
int vm_test_add_board(Vm *vm, const BoardSpec *spec);
int vm_test_add_string(Vm *vm, const char *text); /* returns its index */
/* A C function standing in for a script function (callbacks); returns the
 * function index to pass where a native expects F. */
int vm_test_add_function(Vm *vm, Value (*fn)(Vm *vm, const Value *args, int nargs));
void vm_test_set_seats(Vm *vm, int seats); /* seats >= players: the rest are ghosts */
void vm_test_free(Vm *vm);

#endif
