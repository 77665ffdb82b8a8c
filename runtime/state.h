/* state.h — the flat state block. One contiguous, pointer-free allocation:
 *
 *   [StateHeader][globals: int64 × slots][boards][frames][operand stack][heap]
 *
 * Globals and boards have a fixed size per match and are read and written in
 * place while the VM runs. Frames, stack and heap are the "tail": unpacked
 * into the VM's working arrays when a move is applied, and packed back (the
 * heap compacted by a copying collector) when the program reaches its next
 * decision. So a position is exactly `size` bytes: clone is one memcpy, the
 * hash is XXH3 over those bytes, and no field holds an address. */
#ifndef TESSERA_STATE_H
#define TESSERA_STATE_H

#include <stdint.h>

enum { STATE_RUNNING, STATE_DECISION, STATE_OVER, STATE_ERROR };
/* A bit of option_type: a `choose secret` (a flag, not a field, so that the
 * positions of games without one keep their bytes and hashes). */
enum { OPTIONS_SECRET = 1 << 30 };

typedef struct Frame {
  int32_t fn, pc, base, pad;
} Frame;

typedef struct StateHeader {
  uint32_t size;          /* bytes used by the whole block */
  uint32_t status;        /* STATE_* */
  int32_t seat;           /* deciding seat when STATE_DECISION */
  int32_t option_type;    /* string index of the options' type code, with
                             OPTIONS_SECRET when only the seat may see them */
  int64_t options;        /* heap handle of the options list */
  uint64_t rng[4];        /* xoshiro256** state */
  int32_t frame_count, stack_count, heap_words, decisions;
  int32_t globals_at, boards_at, tail_at, players;
} StateHeader;

#endif
