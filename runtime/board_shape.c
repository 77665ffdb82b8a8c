/* board_shape.c — which cells of a fixed board's rectangle exist.
 *
 * A rectangle keeps all of them. A hexagon of side n (`board f: hexagon n`)
 * lies in a (2n - 1) x (2n - 1) rhombus of axial cells with its two
 * obtuse corners cut off: the cells at most n - 1 steps from the centre
 * (n - 1, n - 1). In axial coordinates the distance from the centre is
 * max(|dx|, |dy|, |dx + dy|), and inside the rhombus the first two never
 * exceed n - 1, so the cut is n - 1 <= x + y <= 3n - 3. Everything that
 * asks whether a cell is on the board goes through board_in_bounds, which
 * asks here; the placement enumerators, which scan the rectangle, drop what
 * sticks out with board_shape_fits / board_shape_keep. */
#include "board.h"

static int hexagon_side(const BoardSpec *s) { return (s->w + 1) / 2; }

bool board_shape_holds(const BoardSpec *s, Coord c) {
  if (c.x < 0 || c.y < 0 || c.x >= s->w || c.y >= s->h) return false;
  if (s->shape != BOARD_SHAPE_HEXAGON) return true;
  int n = hexagon_side(s), sum = c.x + c.y;
  return sum >= n - 1 && sum <= 3 * n - 3;
}

void board_shape_row(const BoardSpec *s, int y, int *lo, int *hi) {
  *lo = 0, *hi = s->w - 1;
  if (y < 0 || y >= s->h) *lo = 1, *hi = 0;
  else if (s->shape == BOARD_SHAPE_HEXAGON) {
    int n = hexagon_side(s);
    if (*lo < n - 1 - y) *lo = n - 1 - y;
    if (*hi > 3 * n - 3 - y) *hi = 3 * n - 3 - y;
  }
}

int board_shape_cells(const BoardSpec *s) {
  int total = 0;
  for (int y = 0; y < s->h; y++) {
    int lo, hi;
    board_shape_row(s, y, &lo, &hi);
    if (hi >= lo) total += hi - lo + 1;
  }
  return total;
}

bool board_shape_fits(const Board *b, const TileDef *t, Placement p) {
  Coord cells[TILE_MAX_CELLS];
  int n = placement_cells((GridKind)b->spec.grid, t, p, cells);
  for (int i = 0; i < n; i++)
    if (!board_shape_holds(&b->spec, cells[i])) return false;
  return true;
}

int board_shape_keep(const Board *b, const TileDef *t, Placement *out, int64_t *packed, int n) {
  int kept = 0;
  for (int i = 0; i < n; i++) {
    Placement p = packed ? placement_unpack(packed[i]) : out[i];
    if (!board_shape_fits(b, t, p)) continue;
    if (packed) packed[kept++] = packed[i];
    else out[kept++] = out[i];
  }
  return kept;
}
