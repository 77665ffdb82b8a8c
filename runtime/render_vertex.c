/* render_vertex.c — a board of corner tiles (vertices.h) drawn for a
 * terminal: the values at the vertices where they sit, so that a number
 * shared by several tiles is written once, where they meet.
 *
 * Hex (pointy-top): the text is laid out on the pixel lattice of the
 * cells — a cell (q, r) is centred at column 2(2q + r), line 3r; its
 * corners lie one line above and below its side edges and two lines above
 * and below its centre:
 *
 *          5               N
 *      .       .       NW     NE
 *      |  -1   |       |   q   |
 *      3       4       SW     SE
 *          O               S
 *
 * A corner shows the value the tiles there show, `.` a blank corner, `O` a
 * closed blank vertex (every cell around it filled: a hole), `!` tiles
 * that disagree. Square boards: a cell is a 4 x 2 box with its corners'
 * values at the box's corners. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vertices.h"

typedef struct Canvas {
  int lines, cols;
  char *text;
} Canvas;

static void canvas_put(Canvas *c, int line, int col, const char *s) {
  for (; *s; s++, col++)
    if (line >= 0 && line < c->lines && col >= 0 && col < c->cols)
      c->text[line * c->cols + col] = *s;
}

static bool closed(const Board *b, Vertex v) {
  Coord cells[VERTEX_MAX_CELLS];
  int n = vertex_cells(v, cells, NULL);
  for (int i = 0; i < n; i++)
    if (board_top(b, cells[i]) < 0) return false;
  return true;
}

/* What a vertex shows: its value, `.`, `O` or `!`. */
static void vertex_text(const Board *b, const TileDef *tiles, Vertex v, char *out, size_t cap) {
  Coord cells[VERTEX_MAX_CELLS];
  int corner[VERTEX_MAX_CELLS], n = vertex_cells(v, cells, corner), shown = VERTEX_EMPTY;
  for (int i = 0; i < n; i++) {
    int value = board_corner_value(b, tiles, cells[i], corner[i]);
    if (value == VERTEX_EMPTY) continue;
    if (shown != VERTEX_EMPTY && shown != value) {
      snprintf(out, cap, "!");
      return;
    }
    shown = value;
  }
  if (shown >= 0) snprintf(out, cap, "%d", shown);
  else snprintf(out, cap, "%s", closed(b, v) ? "O" : ".");
}

/* Where a point of the layout goes: hex X = 2q + r (+-1 at corners),
 * Y = 3r (+-1, +-2); square corners at (x, y) of the vertex lattice. */
typedef struct Layout {
  bool hex;
  int min_x, min_y;
} Layout;

static int layout_col(const Layout *l, int x) { return (x - l->min_x) * (l->hex ? 2 : 4); }
static int layout_line(const Layout *l, int y) { return (y - l->min_y) * (l->hex ? 1 : 2); }

static void draw_hex_cell(Canvas *cv, const Layout *l, const Board *b, const TileDef *tiles,
                          const BoardCell *cell) {
  static const int dx[6] = {0, 1, 1, 0, -1, -1}, dy[6] = {-2, -1, 1, 2, 1, -1};
  Coord at = {cell->x, cell->y};
  int x = 2 * at.x + at.y, y = 3 * at.y;
  char text[16];
  int len = snprintf(text, sizeof text, "%d", at.x); /* centred between the edges */
  canvas_put(cv, layout_line(l, y), layout_col(l, x) - (len > 1), text);
  canvas_put(cv, layout_line(l, y), layout_col(l, x - 1), "|");
  canvas_put(cv, layout_line(l, y), layout_col(l, x + 1), "|");
  for (int j = 0; j < 6; j++) {
    vertex_text(b, tiles, vertex_of_corner(GRID_HEX, at, j), text, sizeof text);
    canvas_put(cv, layout_line(l, y + dy[j]), layout_col(l, x + dx[j]), text);
  }
}

static void draw_square_cell(Canvas *cv, const Layout *l, const Board *b, const TileDef *tiles,
                             const BoardCell *cell) {
  static const int dx[4] = {0, 1, 1, 0}, dy[4] = {0, 0, 1, 1};
  Coord at = {cell->x, cell->y};
  char text[16];
  for (int j = 0; j < 4; j++) {
    vertex_text(b, tiles, vertex_of_corner(GRID_SQUARE, at, j), text, sizeof text);
    canvas_put(cv, layout_line(l, at.y + dy[j]), layout_col(l, at.x + dx[j]), text);
  }
  canvas_put(cv, layout_line(l, at.y) + 1, layout_col(l, at.x) + 1, "[ ]");
}

bool render_corner_board(const Board *b, const TileDef *tiles, int tile_count, FILE *out) {
  bool corners = false;
  for (int e = 0; e < b->count; e++) {
    int t = board_cell(b, e)->tile;
    corners |= t < tile_count && tiles[t].corner_count > 0;
  }
  if (!corners) return false;
  bool hex = b->spec.grid == GRID_HEX;
  Layout l = {hex, 0, 0};
  int max_x = 0, max_y = 0;
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    int x0 = hex ? 2 * c->x + c->y - 1 : c->x, y0 = hex ? 3 * c->y - 2 : c->y;
    int x1 = hex ? x0 + 2 : x0 + 1, y1 = hex ? y0 + 4 : y0 + 1;
    if (e == 0 || x0 < l.min_x) l.min_x = x0;
    if (e == 0 || y0 < l.min_y) l.min_y = y0;
    if (e == 0 || x1 > max_x) max_x = x1;
    if (e == 0 || y1 > max_y) max_y = y1;
  }
  Canvas cv = {layout_line(&l, max_y) + 1, layout_col(&l, max_x) + 3, NULL};
  cv.text = malloc((size_t)cv.lines * (size_t)cv.cols);
  if (!cv.text) return false;
  memset(cv.text, ' ', (size_t)cv.lines * (size_t)cv.cols);
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    if (board_top(b, (Coord){c->x, c->y}) != e) continue;
    if (hex) draw_hex_cell(&cv, &l, b, tiles, c);
    else draw_square_cell(&cv, &l, b, tiles, c);
  }
  fprintf(out, "  %s corner tiles (%s. a blank corner, O a hole):\n",
          hex ? "hex" : "square", hex ? "q in each tile, r on the left; " : "");
  for (int line = 0; line < cv.lines; line++) {
    int len = cv.cols;
    while (len > 0 && cv.text[line * cv.cols + len - 1] == ' ') len--;
    int y = line + (hex ? l.min_y : 0);
    if (hex && ((y % 3) + 3) % 3 == 0) fprintf(out, "  r=%-3d ", y / 3);
    else fputs("        ", out);
    fprintf(out, "%.*s\n", len, cv.text + line * cv.cols);
  }
  free(cv.text);
  return true;
}
