/* vertices.h — the corners of a grid's cells as values of their own
 * (vertices), and tiles whose values sit on those corners.
 *
 * A vertex is where cells meet: three on a hex grid, four on a square one.
 * Each has one canonical name, packed into a Value like a cell:
 *   hex (pointy-top, axial q,r as in grid.h): the top corner of a cell
 *       (kind 0) or its bottom corner (kind 1); every vertex is exactly one
 *       cell's top or one cell's bottom.
 *   square: the top-left corner of a cell (kind 0).
 * Packed: bits 0-15 x, 16-31 y, bit 32 kind, bit 33 grid (1 = hex).
 *
 * A cell's corners are numbered clockwise: hex 0 N, 1 NE, 2 SE, 3 S, 4 SW,
 * 5 NW; square 0 NW, 1 NE, 2 SE, 3 SW. Vertices fall into two classes,
 * alternating around every cell (neighbouring vertices never share one):
 * on hex the class is the kind (corners 0, 2, 4 of any cell are class 0),
 * on square the parity of x + y.
 *
 * A corner tile (tiles.h) covers one cell and shows its values on the cell's
 * corners. Placed with orientation k it is turned k corners clockwise: at
 * the cell's corner j it shows corner[(j - k) mod n]. The board keeps k in
 * the cell's `part` (a one-cell tile has no other part to name). */
#ifndef TESSERA_VERTICES_H
#define TESSERA_VERTICES_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

typedef struct Vertex {
  Coord at;
  int kind; /* hex: 0 top of `at`, 1 bottom of `at`; square: 0 */
  int grid; /* GridKind */
} Vertex;

enum { VERTEX_MAX_CELLS = 4, VERTEX_MAX_AROUND = 4 };

static inline int64_t vertex_pack(Vertex v) {
  return (int64_t)((uint64_t)(uint16_t)v.at.x | (uint64_t)(uint16_t)v.at.y << 16 |
                   (uint64_t)(v.kind & 1) << 32 | (uint64_t)(v.grid & 1) << 33);
}
static inline Vertex vertex_unpack(int64_t p) {
  uint64_t u = (uint64_t)p;
  return (Vertex){{(int16_t)(uint16_t)u, (int16_t)(uint16_t)(u >> 16)}, (int)(u >> 32 & 1),
                  (int)(u >> 33 & 1)};
}

int vertex_corner_count(GridKind g);                /* 6 or 4 */
Vertex vertex_of_corner(GridKind g, Coord c, int corner);
const char *vertex_corner_name(GridKind g, int corner); /* "N", "NE", ... */
int vertex_class(Vertex v);                         /* 0 or 1 */
/* The cells meeting at v, clockwise, and which corner of each v is;
 * returns their count (3 hex, 4 square). corner may be NULL. */
int vertex_cells(Vertex v, Coord *cells, int *corner);
/* The vertices joined to v by an edge (3 hex, 4 square), clockwise. */
int vertex_around(Vertex v, Vertex *out);
bool vertex_equal(Vertex a, Vertex b);

/* What the top tile at c shows at its corner j: a corner tile's value
 * there (negative: a blank corner), -1 for any other tile; -2 when c is
 * empty. */
enum { VERTEX_EMPTY = -2 };
int board_corner_value(const Board *b, const TileDef *tiles, Coord c, int corner);
/* The value the tiles at v show: the first occupied cell's (vertex_cells'
 * order), -1 when none shows a value there. */
int board_vertex_value(const Board *b, const TileDef *tiles, Vertex v);

/* A placed corner tile's turn (the placement's orientation), recorded by
 * place() after the cell is on the board (entry e). */
void board_set_turn(Board *b, int entry, int turn);
static inline int board_cell_turn(const BoardCell *c) { return c->part; }
/* Whether a corner tile may lie on this board turned as p says (a turn
 * the tile allows, a cell with its number of corners); else a runtime
 * error saying why. */
struct Vm;
bool corner_turn_ok(struct Vm *vm, const Board *b, const TileDef *t, Placement p);

/* Corner matching. A site is an empty cell beside an occupied one (on an
 * empty board: cell 0,0), within the board's bounds or window, with what
 * each of its corners demands: CORNER_FREE when no tile is at that vertex,
 * the value every tile there shows, or CORNER_CONFLICT when they differ.
 * board_corner_sites writes the sites in canonical order (y, then x) and
 * returns their count; out needs room for 6 * b->count + 1, scratch for
 * board_corner_scratch(b) bytes (a direct index over the occupied box). */
enum { CORNER_FREE = INT16_MIN, CORNER_CONFLICT = INT16_MIN + 1 };
typedef struct CornerSite {
  Coord at;
  int16_t demand[TILE_MAX_CORNERS];
} CornerSite;
size_t board_corner_scratch(const Board *b);
int board_corner_sites(const Board *b, const TileDef *tiles, CornerSite *out, int32_t *scratch);
/* The legal placements of the corner tiles ids[0..n-1] (level 0), packed
 * (placement_pack): tile in the given order, then site, then turn — the
 * multiples of the tile's corner_turn, ascending, of turns showing the same
 * values only the first — where the tile shows exactly the demanded value
 * (blank corners included) at every corner a tile is already at. sites
 * and scratch need room as for board_corner_sites. Writes at most cap; returns the
 * count, -(i + 1) when ids[i] is not a corner tile of this grid. */
int board_corner_placements(const Board *b, const TileDef *tiles, const int *ids, int n,
                            CornerSite *sites, int32_t *scratch, int64_t *packed, int cap);

/* Hole detection: the vertices of class `cls` among c's corners (in corner
 * order) whose every surrounding cell is occupied — the holes a tile placed
 * at c completes. For each, the values shown at the vertices around it
 * (vertex_around's order) go to values[h * VERTEX_MAX_AROUND + i], and
 * counts[h] says how many. Returns the number of holes (at most 6). */
enum { HOLES_MAX = 6 };
int board_holes(const Board *b, const TileDef *tiles, Coord c, int cls,
                int values[HOLES_MAX * VERTEX_MAX_AROUND], int counts[HOLES_MAX]);

/* A board holding corner tiles drawn with the values at its vertices
 * (render_vertex.c); false, having written nothing, for any other board. */
#include <stdio.h>
bool render_corner_board(const Board *b, const TileDef *tiles, int tile_count, FILE *out);

#endif
