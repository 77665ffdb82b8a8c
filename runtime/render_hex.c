/* render_hex.c — a hex board drawn for a terminal, stacks included.
 *
 * Rows are axial r; within a row a cell (q, r) sits at the doubled column
 * 2q + r, so each row is shifted half a cell from the one above and every
 * hexagon's six neighbours are the cells beside it and the two above and
 * below on either side — the grid as it lies, without the lean of axial
 * columns (which costs half a cell per row of width). Each cell shows its
 * top value, and `^L` when the top is at level L > 0; `.` marks an empty
 * cell inside the drawing. The slot width follows the longest text, so a
 * flat board of one-digit values takes two columns a cell. A drawing
 * wider than 100 columns is split in two narrower ones: the top values,
 * then the levels.
 *
 * Each row is labelled with its r and the q of its first slot, so a cell's
 * coordinates (for move texts `tile q,r dir`) can be counted off: q grows
 * by one per slot to the right. */
#include <stdio.h>
#include <string.h>

#include "render_hex.h"

enum { TEXT_MAX = 16, RENDER_WIDTH = 100, LABEL_WIDTH = 13 };

/* What a slot shows: the top value with ^L, the value alone, or the level. */
typedef enum { SHOW_BOTH, SHOW_VALUE, SHOW_LEVEL } Show;

static void cell_text(const BoardCell *c, Show show, char *buf) {
  if (show == SHOW_LEVEL) snprintf(buf, TEXT_MAX, "%d", c->level);
  else if (c->level > 0 && show == SHOW_BOTH) snprintf(buf, TEXT_MAX, "%d^%d", c->value, c->level);
  else snprintf(buf, TEXT_MAX, "%d", c->value);
}

static int floor_half(int v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); }

typedef struct Extent {
  int min_col, max_col, half; /* doubled columns; columns per half cell */
} Extent;

static Extent extent(const Board *b, Show show) {
  Extent x = {0, 0, 1};
  int widest = 1;
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    int col = 2 * c->x + c->y;
    char text[TEXT_MAX];
    cell_text(c, show, text);
    int len = (int)strlen(text);
    if (len > widest) widest = len;
    if (e == 0 || col < x.min_col) x.min_col = col;
    if (e == 0 || col > x.max_col) x.max_col = col;
  }
  x.half = (widest + 2) / 2; /* a cell's slot, 2 * half, is wider than its text */
  return x;
}

static void draw(const Board *b, Show show, const Extent *x, FILE *out) {
  for (int r = b->min_y; r <= b->max_y; r++) {
    /* The first doubled column of this row at or right of min_col holding a
     * cell: col - r must be even. */
    int start = x->min_col + ((x->min_col - r) % 2 != 0);
    fprintf(out, "  r%-4d q%-4d", r, floor_half(start - r));
    for (int k = 0; k < (start - x->min_col) * x->half; k++) fputc(' ', out);
    for (int col = start; col <= x->max_col; col += 2) {
      int e = board_top(b, (Coord){(int16_t)floor_half(col - r), (int16_t)r});
      char text[TEXT_MAX] = ".";
      if (e >= 0) cell_text(board_cell(b, e), show, text);
      fprintf(out, "%-*s", 2 * x->half, text);
    }
    fputc('\n', out);
  }
}

/* One drawing of values and levels when it fits RENDER_WIDTH columns;
 * else two narrower ones, the values and then the levels. */
void render_hex_board(const Board *b, FILE *out) {
  Extent both = extent(b, SHOW_BOTH);
  if (LABEL_WIDTH + (both.max_col - both.min_col + 2) * both.half <= RENDER_WIDTH) {
    fprintf(out, "  hex, rows r %d..%d (q counts slots from the q shown on each row; ^L: level L)\n",
            b->min_y, b->max_y);
    draw(b, SHOW_BOTH, &both, out);
    return;
  }
  Extent values = extent(b, SHOW_VALUE), levels = extent(b, SHOW_LEVEL);
  fprintf(out, "  hex, rows r %d..%d (q counts slots from the q shown on each row): top values\n",
          b->min_y, b->max_y);
  draw(b, SHOW_VALUE, &values, out);
  fprintf(out, "  the same cells' levels (0: on the table)\n");
  draw(b, SHOW_LEVEL, &levels, out);
}
