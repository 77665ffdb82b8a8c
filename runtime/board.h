/* board.h — one board of a game state, stored inside the flat state block:
 * no pointers, so cloning a state is one memcpy. A board keeps every placed
 * cell (all levels) in placement order, plus an open-addressing index from
 * coordinate to the top cell there.
 *
 * Native primitives on boards live beside it, one concern per file:
 * placements.c (enumeration of legal placements), regions.c (flood fill). */
#ifndef TESSERA_BOARD_H
#define TESSERA_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "tiles.h"

enum { BOARD_BOUND_NONE = 0, BOARD_BOUND_FIXED = 1, BOARD_BOUND_WINDOW = 2 };

/* What a `board` declaration says; lives in the compiled program. */
typedef struct BoardSpec {
  uint8_t grid;     /* GridKind */
  uint8_t bound;    /* BOARD_BOUND_* */
  uint8_t levels;   /* >= 1; stacking allowed when > 1 */
  int16_t w, h;     /* fixed: cells (0..w-1, 0..h-1); window: floating w x h */
  int32_t capacity; /* max cells ever placed (all levels) */
} BoardSpec;

typedef struct BoardCell {
  int16_t x, y;
  int16_t value;
  uint16_t tile;  /* tile id */
  uint8_t level;  /* 0 = on the table */
  uint8_t part;   /* which cell of its tile (0..cell_count-1) */
  uint16_t below; /* entry index of the cell underneath + 1, 0 if none */
} BoardCell;

/* Header at the start of a board's region; cells and index follow it. */
typedef struct Board {
  BoardSpec spec;
  int32_t count;        /* entries used */
  int32_t index_mask;   /* index slots - 1 (power of two) */
  int16_t min_x, min_y, max_x, max_y; /* bounds of occupied cells (valid if count) */
} Board;

size_t board_bytes(const BoardSpec *spec); /* 8-byte multiple */
void board_init(Board *b, const BoardSpec *spec);
const BoardCell *board_cell(const Board *b, int entry);
int board_top(const Board *b, Coord c);           /* entry index or -1 */
bool board_in_bounds(const Board *b, Coord c);    /* fixed bounds only; else true */
/* Would the board with these extra cells still fit its floating window? */
bool board_fits_window(const Board *b, const Coord *extra, int n);

/* Cells a placement covers, in tile cell order; returns the cell count. */
int placement_cells(GridKind g, const TileDef *t, Placement p, Coord *out);

/* Places the tile (no legality checks beyond capacity and overlap at the same
 * level). Returns 0, or -1 when the board is full. */
int board_place(Board *b, const TileDef *t, Placement p);

typedef enum {
  PLACE_ADJACENT,  /* level 0, every covered cell empty, touching an occupied
                      cell; on an empty board: anchored at (0,0) for unbounded and
                      window boards, anywhere in bounds for fixed boards */
  PLACE_ANYWHERE,  /* level 0, every covered cell empty and in bounds */
  PLACE_STACK      /* every covered cell occupied at one same level L; the
                      tile goes to level L+1 (below levels limit) */
} PlaceMode;

/* Called for each geometric candidate; return true to keep it. */
typedef bool (*PlacementFilter)(void *ctx, const Board *b, Placement p);

/* Enumerates legal placements of tile `t` (id tile_id) in canonical order
 * (anchor y, then x, then orientation ascending), skipping candidates whose
 * covered cells and values equal an earlier one's (a double turned round).
 * Respects fixed bounds and the floating window. filter may be NULL.
 * Returns the number written (at most cap). */
int board_placements(const Board *b, const TileDef *tiles, int tile_id, PlaceMode mode,
                     PlacementFilter filter, void *ctx, Placement *out, int cap);

/* Flood fill over top cells whose value v satisfies (value_mask >> v) & 1
 * (values outside 0..63 never match), orthogonal adjacency of the grid.
 * region_of[e] = region number (0..) for each matching top entry e, -1
 * otherwise. Regions are numbered in order of their first entry. Returns the
 * region count. region_of must have room for b->count entries. */
int board_regions(const Board *b, uint64_t value_mask, int32_t *region_of);

#endif
