/* vertices.c — vertex geometry of square and hex grids, and the values
 * corner tiles show at them (vertices.h). The tables below are checked
 * against pixel geometry by tests/unit/check_vertices.c. */
#include "vertices.h"

#include <stddef.h>

/* Hex: corner j of cell (q, r) is the top (kind 0) or bottom (kind 1) of
 * the cell at (q + dq, r + dr). */
static const struct { int8_t dq, dr, kind; } hex_corner[6] = {
  {0, 0, 0},  /* N: its own top */
  {1, -1, 1}, /* NE: the bottom of the NE neighbour */
  {0, 1, 0},  /* SE: the top of the SE neighbour */
  {0, 0, 1},  /* S: its own bottom */
  {-1, 1, 0}, /* SW: the top of the SW neighbour */
  {0, -1, 1}, /* NW: the bottom of the NW neighbour */
};

/* The cells at a hex vertex, clockwise from the upper left, and which of
 * their corners it is: a top is the SE corner of the NW cell above, the SW
 * corner of the NE cell above and the top of its own cell; a bottom
 * likewise below. */
static const struct { int8_t dq, dr, corner; } hex_cells[2][3] = {
  {{0, -1, 2}, {1, -1, 4}, {0, 0, 0}},
  {{0, 0, 3}, {0, 1, 5}, {-1, 1, 1}},
};

/* The vertices one edge away from a hex vertex: a top's two neighbours on
 * its own cell (NE, NW corners) and the bottom straight above it; a
 * bottom's likewise mirrored. Clockwise from the one above / below. */
static const struct { int8_t dq, dr, kind; } hex_around[2][3] = {
  {{1, -2, 1}, {1, -1, 1}, {0, -1, 1}},
  {{-1, 2, 0}, {-1, 1, 0}, {0, 1, 0}},
};

static const int8_t square_corner[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
static const struct { int8_t dx, dy, corner; } square_cells[4] = {
  {-1, -1, 2}, {0, -1, 3}, {0, 0, 0}, {-1, 0, 1},
};
static const int8_t square_around[4][2] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};

static const char *const hex_names[6] = {"N", "NE", "SE", "S", "SW", "NW"};
static const char *const square_names[4] = {"NW", "NE", "SE", "SW"};

static Coord shifted(Coord c, int dx, int dy) {
  return (Coord){(int16_t)(c.x + dx), (int16_t)(c.y + dy)};
}

int vertex_corner_count(GridKind g) { return g == GRID_HEX ? 6 : 4; }

const char *vertex_corner_name(GridKind g, int corner) {
  int n = vertex_corner_count(g);
  if (corner < 0 || corner >= n) return "?";
  return g == GRID_HEX ? hex_names[corner] : square_names[corner];
}

Vertex vertex_of_corner(GridKind g, Coord c, int corner) {
  if (g == GRID_HEX) {
    int j = corner % 6;
    return (Vertex){shifted(c, hex_corner[j].dq, hex_corner[j].dr), hex_corner[j].kind, GRID_HEX};
  }
  int j = corner % 4;
  return (Vertex){shifted(c, square_corner[j][0], square_corner[j][1]), 0, GRID_SQUARE};
}

int vertex_class(Vertex v) {
  if (v.grid == GRID_HEX) return v.kind;
  return (v.at.x + v.at.y) & 1;
}

int vertex_cells(Vertex v, Coord *cells, int *corner) {
  if (v.grid == GRID_HEX) {
    for (int i = 0; i < 3; i++) {
      cells[i] = shifted(v.at, hex_cells[v.kind][i].dq, hex_cells[v.kind][i].dr);
      if (corner) corner[i] = hex_cells[v.kind][i].corner;
    }
    return 3;
  }
  for (int i = 0; i < 4; i++) {
    cells[i] = shifted(v.at, square_cells[i].dx, square_cells[i].dy);
    if (corner) corner[i] = square_cells[i].corner;
  }
  return 4;
}

int vertex_around(Vertex v, Vertex *out) {
  if (v.grid == GRID_HEX) {
    for (int i = 0; i < 3; i++)
      out[i] = (Vertex){shifted(v.at, hex_around[v.kind][i].dq, hex_around[v.kind][i].dr),
                        hex_around[v.kind][i].kind, GRID_HEX};
    return 3;
  }
  for (int i = 0; i < 4; i++)
    out[i] = (Vertex){shifted(v.at, square_around[i][0], square_around[i][1]), 0, GRID_SQUARE};
  return 4;
}

bool vertex_equal(Vertex a, Vertex b) {
  return a.at.x == b.at.x && a.at.y == b.at.y && a.kind == b.kind && a.grid == b.grid;
}

static int shown(const TileDef *t, int turn, int corner) {
  int n = t->corner_count;
  if (n == 0) return -1;
  return t->corner[((corner - turn) % n + n) % n];
}

int board_corner_value(const Board *b, const TileDef *tiles, Coord c, int corner) {
  int e = board_top(b, c);
  if (e < 0) return VERTEX_EMPTY;
  const BoardCell *cell = board_cell(b, e);
  return shown(&tiles[cell->tile], board_cell_turn(cell), corner);
}

int board_vertex_value(const Board *b, const TileDef *tiles, Vertex v) {
  Coord cells[VERTEX_MAX_CELLS];
  int corner[VERTEX_MAX_CELLS];
  int n = vertex_cells(v, cells, corner);
  for (int i = 0; i < n; i++) {
    int value = board_corner_value(b, tiles, cells[i], corner[i]);
    if (value != VERTEX_EMPTY) return value < 0 ? -1 : value;
  }
  return -1;
}

void board_set_turn(Board *b, int entry, int turn) {
  BoardCell *cells = (BoardCell *)board_cell(b, 0); /* the board is the caller's to change */
  cells[entry].part = (uint8_t)turn;
}
