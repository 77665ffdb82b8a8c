/* tiles.h — tile definitions. The game's tile table is built once per match
 * (by the rule file's `tiles` declarations) and shared, read-only, by every
 * state of that match; states refer to tiles by id. */
#ifndef TESSERA_TILES_H
#define TESSERA_TILES_H

#include <stdbool.h>
#include <stdint.h>

#define TILE_MAX_CELLS 8
#define TILE_NAME_MAX 16
#define TILE_MAX_CORNERS 6 /* a hex cell's; a square cell has 4 */

typedef struct TileDef {
  uint8_t cell_count;            /* 1 (token), 2 (domino), up to TILE_MAX_CELLS */
  bool reflections;              /* may be placed mirrored (free polyominoes) */
  int8_t dx[TILE_MAX_CELLS];     /* canonical offsets of each cell from cell 0 */
  int8_t dy[TILE_MAX_CELLS];
  int16_t value[TILE_MAX_CELLS]; /* value shown by each cell */
  char name[TILE_NAME_MAX];      /* move text: "3-5", "T", "start" */
  /* Corner tiles (vertices.h): one cell whose values sit on its corners,
   * clockwise from the grid's corner 0; a negative value is a blank corner
   * (a bite). corner_count 0: an ordinary tile. A rotation turns the tile
   * by a multiple of corner_turn corners (corner_count: never turned). */
  uint8_t corner_count;
  uint8_t corner_turn;
  int16_t corner[TILE_MAX_CORNERS];
} TileDef;

#endif
