/* render_hex.c — a hex board drawn for a terminal, stacks included.
 *
 * Rows are axial r; within a row a cell (q, r) sits at the doubled column
 * 2q + r, so each row is shifted half a cell from the one above and every
 * hexagon's six neighbours are the cells beside it and the two above and
 * below on either side — the grid as it lies, without the lean of axial
 * columns (which costs half a cell per row of width). Each cell shows its
 * top value, and `^L` when the top is at level L > 0; `.` marks an empty
 * cell inside the drawing. The slot width follows the longest text, so a
 * flat board of one-digit values takes two columns a cell.
 *
 * Each row is labelled with its r and the q of its first slot, so a cell's
 * coordinates (for move texts `tile q,r dir`) can be counted off: q grows
 * by one per slot to the right. */
#include <stdio.h>
#include <string.h>

#include "render_hex.h"

enum { TEXT_MAX = 16 };

static void cell_text(const BoardCell *c, char *buf) {
  if (c->level > 0) snprintf(buf, TEXT_MAX, "%d^%d", c->value, c->level);
  else snprintf(buf, TEXT_MAX, "%d", c->value);
}

static int floor_half(int v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }

void render_hex_board(const Board *b, FILE *out) {
  int min_col = 0, max_col = 0, widest = 1;
  bool first = true;
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    int col = 2 * c->x + c->y;
    char text[TEXT_MAX];
    cell_text(c, text);
    int len = (int)strlen(text);
    if (len > widest) widest = len;
    if (first || col < min_col) min_col = col;
    if (first || col > max_col) max_col = col;
    first = false;
  }
  int half = (widest + 2) / 2; /* columns per half cell: a cell's slot is 2 * half > widest */
  fprintf(out, "  hex, rows r %d..%d (q counts slots from the q shown on each row; ^L: level L)\n",
          b->min_y, b->max_y);
  for (int r = b->min_y; r <= b->max_y; r++) {
    /* The first doubled column of this row at or right of min_col holding a
     * cell: col - r must be even. */
    int start = min_col + ((min_col - r) % 2 != 0);
    int q0 = floor_half(start - r);
    fprintf(out, "  r%-4d q%-4d", r, q0);
    for (int k = 0; k < (start - min_col) * half; k++) fputc(' ', out);
    for (int col = start; col <= max_col; col += 2) {
      Coord at = {(int16_t)floor_half(col - r), (int16_t)r};
      int e = board_top(b, at);
      char text[TEXT_MAX] = ".";
      if (e >= 0) cell_text(board_cell(b, e), text);
      fprintf(out, "%-*s", 2 * half, text);
    }
    fputc('\n', out);
  }
}
