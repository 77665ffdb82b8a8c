/* board.h — one board of a game state, stored inside the flat state block:
 * no pointers, so cloning a state is one memcpy. A board keeps every placed
 * cell (all levels) in placement order, plus an index from coordinate to the
 * top cell there: a direct array over every cell the board can ever reach
 * for bounded boards (fixed and window), open addressing for unbounded ones.
 * Layout and limits: board.c.
 *
 * Native primitives on boards live beside it, one concern per file:
 * placements.c (enumeration of legal placements), regions.c (flood fill),
 * matching.c (the matching rule of domino games). */
#ifndef TESSERA_BOARD_H
#define TESSERA_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "grid.h"
#include "tiles.h"

enum { BOARD_BOUND_NONE = 0, BOARD_BOUND_FIXED = 1, BOARD_BOUND_WINDOW = 2 };
/* Which cells of a fixed board's w x h rectangle exist (board_shape.c). */
enum { BOARD_SHAPE_RECTANGLE = 0, BOARD_SHAPE_HEXAGON = 1 };

/* What a `board` declaration says; lives in the compiled program. */
typedef struct BoardSpec {
  uint8_t grid;     /* GridKind */
  uint8_t bound;    /* BOARD_BOUND_* */
  uint8_t levels;   /* >= 1; stacking allowed when > 1 */
  uint8_t shape;    /* BOARD_SHAPE_*: fixed boards only */
  int16_t w, h;     /* fixed: cells (0..w-1, 0..h-1); window: floating w x h */
  int32_t capacity; /* max cells ever placed (all levels) */
  uint8_t value_slots; /* value words: slots, a power of two (0: BOARD_VALUE_SLOTS;
                          above BOARD_VALUE_SLOTS_MAX: no words kept) */
  uint8_t pad_[3];
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
  int32_t count;      /* entries used */
  int32_t tops;       /* occupied coordinates (entries that are a top cell) */
  int32_t index_at;   /* byte offset of the index from the header */
  int32_t index_mask; /* hashed index: slots - 1 (power of two); direct: 0 */
  int16_t min_x, min_y, max_x, max_y; /* bounds of occupied cells (valid if count) */
  int32_t ox, oy;     /* direct index: coordinate of its cell (0,0) (window: set
                         by the first cell placed) */
  int16_t dw, dh;     /* direct index: its size; 0 for a hashed index */
  int32_t words_at;   /* byte offset of the value words from the header; 0: none kept */
  uint8_t word_stride; /* value words: bits per row */
  uint8_t word_slot_count; /* value words: the slots (a power of two) */
  uint8_t word_slot_mask;  /* value words: word_slot_count - 1 */
  uint8_t pad_;
} Board;

/* Value words: where each value shows, kept up to date by every placing on
 * bounded boards whose reach fits a word (matching.c reads them instead of
 * scanning the cells). word[i] holds the top cells showing value[i], cell
 * (x, y) at bit (x - min_x) + (y - min_y) * word_stride: the occupied box's
 * corner is the origin, so the words shift when the box grows left or up.
 * A value's slot is found by open addressing (board_value_slot). A board
 * has as many slots as spec.value_slots says: the VM gives each board the
 * smallest power of two, at least BOARD_VALUE_SLOTS, that holds every
 * distinct value of the game's tiles (board_value_slots_for), so a game
 * with many values keeps its words too. A board keeps no words
 * (words_at = 0) when it is unbounded or too big or its game's tiles show
 * more than BOARD_VALUE_SLOTS_MAX values, and stops keeping them for good
 * when a value finds no free slot (one no tile has: put) or the box no
 * longer fits. Unused slots' words are 0. */
enum { BOARD_VALUE_SLOTS = 8, BOARD_VALUE_SLOTS_MAX = 64 };
typedef struct ValueWords {
  uint64_t used;   /* the slots in use, a bit each */
  uint64_t word[]; /* word_slot_count words, then as many int16 values */
} ValueWords;

static inline const ValueWords *board_value_words(const Board *b) {
  return b->words_at ? (const ValueWords *)((const char *)b + b->words_at) : NULL;
}
static inline const int16_t *board_word_values(const Board *b, const ValueWords *vw) {
  return (const int16_t *)(vw->word + b->word_slot_count);
}
/* The slots a board needs for tiles showing `distinct` different values. */
int board_value_slots_for(int distinct);

/* The slot holding value v, else ~(the free slot where it would go), else
 * (every slot taken) BOARD_VALUE_FULL. Probing starts from v's low bits mixed with
 * the next ones: small values take their own slots, and a token's 99 does
 * not land on 3, so the first probe nearly always decides. */
static inline unsigned board_value_home(const Board *b, int v) {
  return ((unsigned)v ^ (unsigned)v >> 3) & b->word_slot_mask;
}
enum { BOARD_VALUE_FULL = -(BOARD_VALUE_SLOTS_MAX + 1) }; /* ~64 is the last free slot */
int board_value_probe(const Board *b, const ValueWords *vw, int v); /* past the first probe */
static inline int board_value_slot(const Board *b, const ValueWords *vw, int v) {
  const unsigned i = board_value_home(b, v);
  if (!(vw->used >> i & 1)) return ~(int)i;
  return board_word_values(b, vw)[i] == v ? (int)i : board_value_probe(b, vw, v);
}

/* The top cells showing v, in the value words' layout (0 when none). */
static inline uint64_t board_value_word(const Board *b, const ValueWords *vw, int v) {
  int i = board_value_slot(b, vw, v);
  return i >= 0 ? vw->word[i] : 0;
}

size_t board_bytes(const BoardSpec *spec); /* 8-byte multiple */
void board_init(Board *b, const BoardSpec *spec);
int board_top_hashed(const Board *b, Coord c);
void board_clear(Board *b); /* back to board_init's state, same spec */

static inline const BoardCell *board_cell(const Board *b, int entry) {
  return (const BoardCell *)((const char *)b + ((sizeof(Board) + 7) & ~(size_t)7)) + entry;
}

/* Direct index slots hold entry + 1 (0 = empty): bytes while capacity <= 255
 * (small slots keep states small, and states are copied and hashed whole),
 * uint16 up to 65535, int32 beyond. */
static inline int32_t board_direct_get(const Board *b, int32_t i) {
  const void *ix = (const char *)b + b->index_at;
  if (b->spec.capacity <= 255) return ((const uint8_t *)ix)[i] - 1;
  if (b->spec.capacity <= 65535) return ((const uint16_t *)ix)[i] - 1;
  return ((const int32_t *)ix)[i] - 1;
}

/* Entry index of the top cell at c, or -1. O(1) on bounded boards. */
static inline int board_top(const Board *b, Coord c) {
  if (!b->dw) return board_top_hashed(b, c);
  uint32_t x = (uint32_t)(c.x - b->ox), y = (uint32_t)(c.y - b->oy);
  if (x >= (uint32_t)b->dw || y >= (uint32_t)b->dh) return -1; /* out of reach */
  return board_direct_get(b, (int32_t)(y * (uint32_t)b->dw + x));
}

bool board_in_bounds(const Board *b, Coord c);    /* fixed bounds (and shape) only; else true */

/* Board shapes (board_shape.c). A hexagon of side n is a hex board of
 * (2n - 1) x (2n - 1) axial cells whose cells lie within n - 1 steps of the
 * centre (n - 1, n - 1): those with n - 1 <= x + y <= 3n - 3. */
bool board_shape_holds(const BoardSpec *s, Coord c); /* c inside the rectangle too */
/* The x range of row y's cells (lo > hi: none). */
void board_shape_row(const BoardSpec *s, int y, int *lo, int *hi);
/* How many cells the board has. */
int board_shape_cells(const BoardSpec *s);
/* Whether every cell placement p covers is a cell of b's shape. */
bool board_shape_fits(const Board *b, const TileDef *t, Placement p);
/* Keeps, in order, the n placements (out, or packed when set) that fit
 * b's shape; returns how many. */
int board_shape_keep(const Board *b, const TileDef *t, Placement *out, int64_t *packed, int n);
/* Would the board with these extra cells still fit its floating window? */
bool board_fits_window(const Board *b, const Coord *extra, int n);

/* Cells a placement covers, in tile cell order; returns the cell count. */
int placement_cells(GridKind g, const TileDef *t, Placement p, Coord *out);

/* Places the tile. Checks only what keeps the board consistent: capacity,
 * levels, overlap at the same level, and the board's reach (fixed bounds; on a
 * window board every cell within w-1, h-1 of the first cell ever placed) —
 * not adjacency nor the window itself. Returns 0, or -1 with nothing changed. */
int board_place(Board *b, const TileDef *t, Placement p);
/* The same with the placement's cells already at hand (placement_cells). */
int board_place_cells(Board *b, const TileDef *t, Placement p, const Coord *cells);

/* A move as the scripts' place() makes it: board_place_cells' checks, and
 * also that a stacked tile at level L rests on cells below L, one of them
 * at L-1 (the others may be lower: uneven stacking), and that the board
 * still fits its floating window. The reason for a refusal, checked in this
 * order (*bad: the index of the cell at fault, for the per-cell ones). */
typedef enum {
  MOVE_OK,
  MOVE_BAD_LEVEL, /* not in 0..levels-1 */
  MOVE_OUTSIDE,   /* a cell beyond fixed bounds */
  MOVE_OCCUPIED,  /* a cell's top is at the new level or above */
  MOVE_NO_BASE,   /* a cell is empty under a stacked tile, or no cell's top is at the level below */
  MOVE_NO_FIT,    /* the board would overflow its window */
  MOVE_FULL,      /* capacity */
  MOVE_INVALID    /* a malformed tile (one cell twice) */
} MoveCheck;
MoveCheck board_check_move(const Board *b, const TileDef *t, Placement p, const Coord *cells,
                            int *bad);
/* board_check_move, and when it answers MOVE_OK the placing too, with one
 * index look-up per cell (the place() native); returns the MoveCheck. */
int board_place_move(Board *b, const TileDef *t, Placement p, const Coord *cells, int *bad);
/* board_place_move with the cells worked out here; cells (room for
 * TILE_MAX_CELLS) gets them when the move is refused, for the message. */
int board_place_tile(Board *b, const TileDef *t, Placement p, Coord *cells, int *bad);

typedef enum {
  PLACE_ADJACENT,  /* level 0, every covered cell empty, touching an occupied
                      cell; on an empty board: anchored at (0,0) for unbounded and
                      window boards, anywhere in bounds for fixed boards */
  PLACE_ANYWHERE,  /* level 0, every covered cell empty and in bounds */
  PLACE_STACK,     /* every covered cell occupied at one same level L; the
                      tile goes to level L+1 (below levels limit) */
  PLACE_STACK_UNEVEN /* every covered cell occupied, at any levels; the tile
                      goes one level above the highest (below levels limit) */
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

/* The rectangle in which board_placements looks for level-0 candidates that
 * must touch the occupied cells (the plain rule, or touch words): the
 * occupied cells with a margin of the tile's span + 1, cut to where cells
 * may lie at all (fixed bounds, the floating window), so every cell of
 * every legal candidate lies inside. Sets of its cells are bit words:
 * cell (x0 + x, y0 + y) is bit x + y * row_bit of word y * row_word.
 * Small frames are flat — one word, row after row, each row followed by
 * `guard` (the tile's span, at least 1) always-clear bits, so that a step
 * of the tile or to a neighbour is one shift of the whole word and never
 * wraps from one row onto another: row_bit = w + guard, row_word = 0, when
 * that makes at most 64 bits. Bigger ones have a word per row (row_bit = 0,
 * row_word = 1). False when there is no frame (an empty board; a window
 * board overflowing its window) or it is too big for bit rows (w > 64 or
 * h > BOARD_FRAME_ROWS). */
enum { BOARD_FRAME_ROWS = 128 };
typedef struct BoardFrame {
  int x0, y0, w, h;
  int words;             /* 1 (flat) or h */
  int row_bit, row_word; /* see above */
  uint64_t cells;        /* the frame's bits in a word: all of them (flat), or one row's */
  const struct TileShape *shape; /* placements.c's: the tile's orientations */
} BoardFrame;
bool board_frame(const Board *b, const TileDef *t, BoardFrame *f);
/* Bit index and word of cell (x0 + x, y0 + y) in a frame's words. */
static inline int board_frame_bit(const BoardFrame *f, int x, int y) { return x + y * f->row_bit; }
static inline int board_frame_word(const BoardFrame *f, int y) { return y * f->row_word; }
/* Sets, in a frame's bit words, the frame's cells that are no cells of b's
 * shape (board_shape.c): they then block a placement like occupied ones. */
void board_shape_block(const Board *b, const BoardFrame *f, uint64_t *words);
/* The frame's occupied cells (every level), f->words words. */
void board_frame_occupied(const Board *b, const BoardFrame *f, uint64_t *occ);
/* The cells (in place) that are grid neighbours of a set cell, inside the frame. */
void board_frame_grow(uint64_t *words, const BoardFrame *f, GridKind g);
/* The same for a flat frame's one word: a step (dx, dy) is a shift by dy *
 * row_bit + dx, and a step off a row's end lands in its guard bits, which
 * are cleared with everything else outside the frame. Hex adds the NE
 * (q+1, r-1) and SW (q-1, r+1) neighbours. */
static inline uint64_t board_frame_grow_flat(uint64_t s, const BoardFrame *f, bool hex) {
  int st = f->row_bit;
  uint64_t g = s << 1 | s >> 1 | s << st | s >> st;
  if (hex) g |= s >> (st - 1) | s << (st - 1);
  return g & f->cells;
}

/* board_placements with options. */
typedef struct PlaceOptions {
  PlacementFilter filter; /* may be NULL */
  void *ctx;
  /* Touch words (level-0 modes, all NULL or all set for the tile's cells):
   * they replace "touches an occupied cell" with "some covered cell i lies
   * on a set bit of touch[i]", bit words over board_frame(b, t), which must
   * have returned true (else nothing is enumerated). Candidates are looked
   * for in that frame only, so a set bit should lie next to an occupied cell
   * (as for the plain rule); it applies on fixed boards too. Tile cells
   * showing the same value must get the same words (equal footprints are
   * deduped by cells and values alone). */
  const uint64_t *touch[TILE_MAX_CELLS];
  /* Optional with touch words: the frame they are over (board_frame's for
   * this board and tile, which then needs no second look-up) and
   * board_frame_occupied's words, when the caller has them already. */
  const BoardFrame *frame;
  const uint64_t *occupied;
  /* When set, placements go here packed (placement_pack, grid from the
   * board) and `out` is not used. */
  int64_t *packed;
  /* PLACE_STACK only (a climb): stack_match — every cell of the tile shows
   * the value of the top cell under it; stack_apart — the top cells under
   * the tile belong to pairwise different placed tiles (two placings of
   * one tile id count as two). */
  bool stack_match, stack_apart;
} PlaceOptions;
int board_placements_with(const Board *b, const TileDef *tiles, int tile_id, PlaceMode mode,
                          const PlaceOptions *opt, Placement *out, int cap);
/* board_placements_with in PLACE_ADJACENT mode with touch words, the frame
 * (board_frame's for this board and tile) and its occupied words at hand,
 * output packed and unfiltered: the same placements, without the options'
 * round trip (matching.c, once per decision). */
int board_placements_words(const Board *b, const TileDef *tiles, int tile_id,
                           const BoardFrame *f, const uint64_t *occupied,
                           const uint64_t *const *touch, int64_t *packed, int cap);

/* board_placements_words on a board keeping value words, with the words
 * in their own layout (board.h): occupied = every occupied cell, match[i]
 * (per tile cell) = the top cells tile cell i may touch. The same
 * placements, written to out or, when packed is set, there packed. -1 when
 * the board keeps no words or board_frame's frame, flat at the words'
 * stride, does not fit a word. */
int board_placements_kept(const Board *b, const TileDef *tiles, int tile_id, uint64_t occupied,
                          const uint64_t *match, Placement *out, int64_t *packed, int cap);

/* Flood fill over top cells whose value v satisfies (value_mask >> v) & 1
 * (values outside 0..63 never match), orthogonal adjacency of the grid.
 * region_of[e] = region number (0..) for each matching top entry e, -1
 * otherwise. Regions are numbered in order of their first entry. Returns the
 * region count. region_of must have room for b->count entries. */
int board_regions(const Board *b, uint64_t value_mask, int32_t *region_of);

/* Region queries read the board once through a scan, for any number of
 * queries on its values. A small board's scan (the occupied box fits a
 * 64-bit word with a guard bit after each row) holds its member cells —
 * top cells showing a value of the scan's mask — as bit words, so that a
 * query costs a few word operations per region and nothing per cell (flat;
 * the layout is regions.c's, which is the value words' when the board
 * keeps them: then the scan reads no cell, and lists the members in entry
 * order only for the first query that wants cells); a bigger board's
 * queries go to the board itself. A scan lives on the caller's stack
 * (about 1 KB) and is valid while the board is unchanged. */
enum { BOARD_SCAN_MAX = 64, BOARD_GROUPS_MAX = 64 };
typedef struct RegionScan {
  const Board *b;
  bool flat, hex;
  bool listed;                 /* flat: n, entry and bit hold the members */
  int n, stride;               /* flat: members; bits per row */
  uint64_t mask, set;          /* the scan's values; its members' bits */
  uint64_t present;            /* the values of mask whose shows[] is valid */
  uint64_t shows[64];          /* shows[v]: the members showing v (v in present) */
  int32_t entry[BOARD_SCAN_MAX]; /* the members in entry order */
  uint8_t bit[BOARD_SCAN_MAX];
} RegionScan;
void board_region_scan(const Board *b, uint64_t value_mask, RegionScan *s);
/* The regions of board_regions(b, values) (values within the scan's mask)
 * that hold, for every group g < groups, some cell showing a value of
 * need[g] (a value mask; groups 0: every region), in the same order, as
 * lists of cells: cells[] gets every kept member's packed cell (cell_pack),
 * region after region, each in entry order; region r is cells[start[r] ..
 * start[r + 1] - 1]. Returns the count of regions kept. cells and scratch
 * need room for b->count items, start for b->count + 1. */
int board_scan_cells(RegionScan *s, uint64_t values, const uint64_t *need, int groups,
                     int32_t *scratch, int64_t *cells, int32_t *start);
/* The same regions counted instead of listed: counts[r * groups + g] is
 * how many cells of region r show a value of need[g]. counts needs room for
 * b->count * groups. */
int board_scan_counts(const RegionScan *s, uint64_t values, const uint64_t *need, int groups,
                      int32_t *scratch, int64_t *counts);
/* The cells of `word`, a set of top cells in a board's value words (OR of
 * board_value_word), in entry order, packed (cell_pack) into out (room
 * for its bits); returns how many. */
int board_word_cells(const Board *b, uint64_t word, int64_t *out);

#endif
