/* grid.c — square and hex (axial) grid geometry.
 *
 * Orientation conventions (see grid.h for the direction order):
 *   rotation   one clockwise step maps the unit vector of direction d onto
 *              that of direction d+1:
 *                square  (x, y) -> (-y, x)       E(1,0) -> S(0,1)
 *                hex     (q, r) -> (-r, q + r)   E(1,0) -> SE(0,1)
 *   mirror     a left-right reflection that swaps E and W and keeps the row:
 *                square  (x, y) -> (-x, y)
 *                hex     (q, r) -> (-q - r, r)   SE <-> SW, NE <-> NW
 *   orientation o < n (n = direction count) is rotation o; o >= n is the
 *   mirror image rotated by o - n (mirror first, then rotate). */
#include "grid.h"

#include <stddef.h>
#include <strings.h>

static const Coord square_steps[4] = GRID_SQUARE_STEPS;
static const Coord hex_steps[6] = GRID_HEX_STEPS;
static const char *const square_names[4] = {"E", "S", "W", "N"};
static const char *const hex_names[6] = {"E", "SE", "SW", "W", "NW", "NE"};

int grid_dir_count(GridKind g) { return g == GRID_HEX ? 6 : 4; }

static const Coord *grid_steps(GridKind g) { return g == GRID_HEX ? hex_steps : square_steps; }

/* Directions outside 0..count-1 wrap around, so callers may add and subtract
 * freely. */
static int wrap_dir(GridKind g, int dir) {
  int n = grid_dir_count(g);
  dir %= n;
  return dir < 0 ? dir + n : dir;
}

Coord grid_step(GridKind g, Coord c, int dir) {
  Coord d = grid_steps(g)[wrap_dir(g, dir)];
  return (Coord){(int16_t)(c.x + d.x), (int16_t)(c.y + d.y)};
}

const char *grid_dir_name(GridKind g, int dir) {
  if (dir < 0 || dir >= grid_dir_count(g)) return "?";
  return g == GRID_HEX ? hex_names[dir] : square_names[dir];
}

/* Case-insensitive, as move texts are. */
int grid_dir_parse(GridKind g, const char *name) {
  const char *const *names = g == GRID_HEX ? hex_names : square_names;
  if (!name) return -1;
  for (int d = 0; d < grid_dir_count(g); d++)
    if (strcasecmp(name, names[d]) == 0) return d;
  return -1;
}

bool grid_adjacent(GridKind g, Coord a, Coord b) {
  int dx = b.x - a.x, dy = b.y - a.y;
  const Coord *steps = grid_steps(g);
  for (int d = 0; d < grid_dir_count(g); d++)
    if (steps[d].x == dx && steps[d].y == dy) return true;
  return false;
}

int grid_orientation_count(GridKind g, bool reflections) {
  return grid_dir_count(g) * (reflections ? 2 : 1);
}

/* k clockwise steps (one step: square (x,y) -> (-y,x), hex (q,r) ->
 * (-r,q+r)), in closed form: this is on the hot path of
 * placement enumeration. */
static Coord rotate(GridKind g, Coord c, int k) {
  int q = c.x, r = c.y;
  if (g == GRID_HEX) {
    switch (k) {
    case 0: return c;
    case 1: return (Coord){(int16_t)-r, (int16_t)(q + r)};
    case 2: return (Coord){(int16_t)(-q - r), (int16_t)q};
    case 3: return (Coord){(int16_t)-q, (int16_t)-r};
    case 4: return (Coord){(int16_t)r, (int16_t)(-q - r)};
    default: return (Coord){(int16_t)(q + r), (int16_t)-q};
    }
  }
  switch (k) {
  case 0: return c;
  case 1: return (Coord){(int16_t)-r, (int16_t)q};
  case 2: return (Coord){(int16_t)-q, (int16_t)-r};
  default: return (Coord){(int16_t)r, (int16_t)-q};
  }
}

static Coord mirror(GridKind g, Coord c) {
  if (g == GRID_HEX) return (Coord){(int16_t)(-c.x - c.y), c.y};
  return (Coord){(int16_t)-c.x, c.y};
}

/* Orientations outside 0..2n-1 wrap around. */
Coord grid_transform(GridKind g, Coord offset, int orientation) {
  int n = grid_dir_count(g);
  int o = orientation % (2 * n);
  if (o < 0) o += 2 * n;
  if (o >= n) {
    offset = mirror(g, offset);
    o -= n;
  }
  return rotate(g, offset, o);
}
