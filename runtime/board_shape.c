/* board_shape.c — which cells of a fixed board's rectangle exist.
 *
 * A rectangle keeps all of them. A hexagon of side n (`board f: hexagon n`)
 * lies in a (2n - 1) x (2n - 1) rhombus of axial cells with its two
 * obtuse corners cut off: the cells at most n - 1 steps from the centre
 * (n - 1, n - 1). In axial coordinates the distance from the centre is
 * max(|dx|, |dy|, |dx + dy|), and inside the rhombus the first two never
 * exceed n - 1, so the cut is n - 1 <= x + y <= 3n - 3. Everything that
 * asks whether a cell is on the board goes through board_in_bounds, which
 * asks here. The placement enumerators scan the rectangle: those that
 * test each candidate drop what sticks out with board_shape_fits; those
 * working on bit words see the missing cells as occupied
 * (board_shape_block); and the matching rule's, which take the occupied
 * words from their caller, have their results cut by board_shape_keep. */
#include "board.h"

static int hexagon_side(const BoardSpec *s) { return (s->w + 1) / 2; }

bool board_shape_holds(const BoardSpec *s, Coord c) {
  if (c.x < 0 || c.y < 0 || c.x >= s->w || c.y >= s->h) return false;
  if (s->shape != BOARD_SHAPE_HEXAGON) return true;
  int n = hexagon_side(s), sum = c.x + c.y;
  return sum >= n - 1 && sum <= 3 * n - 3;
}

static inline void row_range(const BoardSpec *s, int y, int *lo, int *hi) {
  *lo = 0, *hi = s->w - 1;
  if (y < 0 || y >= s->h) *lo = 1, *hi = 0;
  else if (s->shape == BOARD_SHAPE_HEXAGON) {
    int n = hexagon_side(s);
    if (*lo < n - 1 - y) *lo = n - 1 - y;
    if (*hi > 3 * n - 3 - y) *hi = 3 * n - 3 - y;
  }
}

void board_shape_row(const BoardSpec *s, int y, int *lo, int *hi) { row_range(s, y, lo, hi); }

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
  if (t->cell_count == 1) return board_shape_holds(&b->spec, p.at); /* a stone: its anchor */
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

/* Bits lo..hi of a word (none when lo > hi); 0 <= lo, hi < 64. */
static uint64_t bit_run(int lo, int hi) {
  if (lo > hi) return 0;
  uint64_t upto_hi = hi >= 63 ? ~(uint64_t)0 : ((uint64_t)1 << (hi + 1)) - 1;
  return upto_hi & ~(((uint64_t)1 << lo) - 1);
}

void board_shape_block(const Board *b, const BoardFrame *f, uint64_t *words) {
  const uint64_t row = bit_run(0, f->w - 1);
  for (int y = 0; y < f->h; y++) {
    int lo, hi;
    row_range(&b->spec, f->y0 + y, &lo, &hi);
    lo -= f->x0, hi -= f->x0;
    uint64_t inside = bit_run(lo < 0 ? 0 : lo, hi >= f->w ? f->w - 1 : hi);
    words[board_frame_word(f, y)] |= (row & ~inside) << board_frame_bit(f, 0, y);
  }
}
