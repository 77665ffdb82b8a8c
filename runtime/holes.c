/* holes.c — hole detection: the vertices a tile placed at a cell closes
 * (every cell around them now occupied), with the values around each, so
 * that a script can score them. Which vertices count as holes is the
 * game's to say, by their class (vertices.h). */
#include "vertices.h"

static bool closed(const Board *b, Vertex v) {
  Coord cells[VERTEX_MAX_CELLS];
  int n = vertex_cells(v, cells, NULL);
  for (int i = 0; i < n; i++)
    if (board_top(b, cells[i]) < 0) return false;
  return true;
}

int board_holes(const Board *b, const TileDef *tiles, Coord c, int cls,
                int values[HOLES_MAX * VERTEX_MAX_AROUND], int counts[HOLES_MAX]) {
  GridKind g = (GridKind)b->spec.grid;
  int holes = 0;
  for (int j = 0; j < vertex_corner_count(g); j++) {
    Vertex v = vertex_of_corner(g, c, j);
    if (vertex_class(v) != cls || !closed(b, v)) continue;
    Vertex around[VERTEX_MAX_AROUND];
    int n = vertex_around(v, around);
    for (int i = 0; i < n; i++)
      values[holes * VERTEX_MAX_AROUND + i] = board_vertex_value(b, tiles, around[i]);
    counts[holes++] = n;
  }
  return holes;
}
