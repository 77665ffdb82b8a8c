/* engine.h — the structures behind tessera.h's opaque handles, shared by
 * engine.c, observe.c and render.c. */
#ifndef TESSERA_ENGINE_H
#define TESSERA_ENGINE_H

#include "tessera.h"
#include "vm_internal.h"

struct TsProgram {
  Program *program;
  /* The matches kept for new games, one per player count: made by the
   * first ts_new_game with that count, freed with the program. */
  TsMatch *kept;
};

struct TsMatch {
  const TsProgram *prog;
  Vm *vm;           /* the match's tiles, board layout and working arrays */
  int players, seats;
  int refs;         /* states sharing this match */
  bool kept;        /* in its program's `kept` list, which owns it */
  TsMatch *next_kept;
  /* The position right after the set-up (params, tiles, boards, vars), taken
   * by the first game when the set-up drew nothing from the generator and
   * printed nothing: then it is the same for every seed, and every later
   * game of the match (ts_reset, ts_new_game) starts from a copy of it
   * instead of running the set-up again. Never changed once taken. */
  StateHeader *set_up;
  bool set_up_tried;
  TsState *hot;     /* the state whose tail is in the VM's working arrays, or NULL */
};

struct TsState {
  TsMatch *match;
  StateHeader *block; /* the position: flat, `block->size` bytes used — but
                         see `hot` */
  bool hot;           /* waiting at a decision with its frames, stack and lists
                         still in the VM (engine.c, "hot states"); the block's
                         tail is stale until engine_settle */
  size_t cap;
  char *error;        /* runtime error that ended the game, or NULL */
  /* cache of the current decision's move texts (not part of the position) */
  bool texts_valid;
  char *texts;
  size_t texts_cap;
  int *text_at;
  int text_count;
};

/* Packs a hot state's tail into its block (nothing when it is not hot);
 * call before reading the block's tail or its list-valued globals. */
void engine_settle(const TsState *s);

/* A value as text, lists read from the block's heap: "[2-6, 0-5]". */
void engine_format(const TsState *s, const char *type, Value v, char *buf, size_t cap);
int engine_list_len(const TsState *s, Value list);
const Value *engine_heap(const TsState *s);

/* Binds the match's VM to s (settling any other hot state) and loads its
 * tail into the working arrays, so a script function can be called on it
 * with vm_call. For scratch copies: s is left cold, its block untouched
 * except by what the function writes. NULL when the tail could not be
 * loaded for want of memory (s then ends in that error). */
Vm *engine_load(TsState *s);

/* Whether `viewer` (a seat, TS_VIEW_ALL or TS_VIEW_PUBLIC) may not see the
 * value of variable g held for seat `owner` (-1 for a variable of no seat). */
bool engine_var_hidden(const TsState *s, const GlobalInfo *g, int owner, int viewer);

/* render_shapes.c: every list of tiles of 3+ cells the seat may see (its own
 * entry of a per-seat variable), drawn as pictures. */
void render_tile_pictures(const TsState *s, int seat, FILE *out);

/* The current options as values in the block's heap. */
const Value *engine_options(const TsState *s, int *count);

#endif
