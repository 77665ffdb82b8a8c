/* grid.h — square and hex (axial) grid geometry, and the packed scalar forms
 * of cells and placements that the VM stores in one 64-bit value.
 *
 * Coordinates: square grids use (x, y) with y growing downwards (row). Hex
 * grids use axial (q, r) stored in the same (x, y) fields, "pointy-top"
 * layout: the six neighbours of (q, r) are, in direction order
 *   0 E (+1, 0)  1 SE (0, +1)  2 SW (-1, +1)  3 W (-1, 0)  4 NW (0, -1)  5 NE (+1, -1)
 * Square direction order: 0 E (+1,0) 1 S (0,+1) 2 W (-1,0) 3 N (0,-1).
 * Direction d rotated one step clockwise is d+1 (mod count). */
#ifndef TESSERA_GRID_H
#define TESSERA_GRID_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { GRID_SQUARE = 0, GRID_HEX = 1 } GridKind;

typedef struct Coord {
  int16_t x, y;
} Coord;

int grid_dir_count(GridKind g);                 /* 4 or 6 */
/* The unit steps in direction order, as initialisers: a loop over a table
 * made from them can unroll with the steps as constants. */
#define GRID_SQUARE_STEPS {{1, 0}, {0, 1}, {-1, 0}, {0, -1}}
#define GRID_HEX_STEPS {{1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, -1}}
Coord grid_step(GridKind g, Coord c, int dir);  /* neighbour in direction dir */
const char *grid_dir_name(GridKind g, int dir); /* "E", "SE", ... */
int grid_dir_parse(GridKind g, const char *name); /* -1 when unknown */
bool grid_adjacent(GridKind g, Coord a, Coord b);

/* Orientations of a tile: rotation r (0..dir_count-1) then optional mirror.
 * Index o in 0..2*dir_count-1: o < dir_count is rotation o; o >= dir_count is
 * the mirror image (x -> -x on square; q,r -> -q-r... see grid.c) rotated by
 * o - dir_count. */
int grid_orientation_count(GridKind g, bool reflections);
Coord grid_transform(GridKind g, Coord offset, int orientation);

/* A cell packs into an int64 as (uint16)x | (uint16)y << 16 (always >= 0). */
static inline int64_t cell_pack(Coord c) {
  return (int64_t)((uint32_t)(uint16_t)c.x | (uint32_t)(uint16_t)c.y << 16);
}
static inline Coord cell_unpack(int64_t v) {
  return (Coord){(int16_t)(uint16_t)(v & 0xffff), (int16_t)(uint16_t)((v >> 16) & 0xffff)};
}

/* A placement: which tile, where its cell 0 goes (the anchor), which
 * orientation, at which level (0 = on the table), and on which kind of grid
 * (so its text can name the direction). Packed: bits 0-15 tile id, 16-31 x,
 * 32-47 y, 48-55 orientation, 56-61 level, 62 grid (1 = hex). */
typedef struct Placement {
  int tile;
  Coord at;
  int orientation;
  int level;
  int grid; /* GridKind; set by the natives from the board */
} Placement;

static inline int64_t placement_pack(Placement p) {
  return (int64_t)((uint64_t)(uint16_t)p.tile | (uint64_t)(uint16_t)p.at.x << 16 |
                   (uint64_t)(uint16_t)p.at.y << 32 | (uint64_t)(uint8_t)p.orientation << 48 |
                   (uint64_t)(p.level & 0x3f) << 56 | (uint64_t)(p.grid & 1) << 62);
}
static inline Placement placement_unpack(int64_t v) {
  uint64_t u = (uint64_t)v;
  return (Placement){(int)(u & 0xffff), {(int16_t)(uint16_t)(u >> 16), (int16_t)(uint16_t)(u >> 32)},
                     (int)((u >> 48) & 0xff), (int)((u >> 56) & 0x3f), (int)((u >> 62) & 1)};
}

#endif
