/* shapes.h — polyomino shapes: the fixed forms of a tile (its distinct
 * orientations), the free polyominoes of n cells, and the occurrences of a
 * shape among a set of cells.
 *
 * A form is normalised: its cells sorted by row then column (y, then x) and
 * moved so that the first is 0,0. Two placements cover the same cells
 * exactly when their normalised forms are equal and their first cells land
 * on the same cell, which is what makes "each distinct cell set once" cheap:
 * one pass per distinct form, one anchor per cell. */
#ifndef TESSERA_SHAPES_H
#define TESSERA_SHAPES_H

#include <stdint.h>

#include "grid.h"
#include "tiles.h"

#define SHAPE_FORMS_MAX 12 /* 2 x 6 orientations on a hex grid */
#define SHAPE_FREE_MAX_CELLS 8

typedef struct ShapeForm {
  int count;
  Coord cell[TILE_MAX_CELLS];
} ShapeForm;

/* Sorts cells by row, then column, and moves them so the first is 0,0. */
void shape_normalise(Coord *cells, int n);

/* The distinct fixed forms of t (every orientation its reflections flag
 * allows on grid g), normalised, in orientation order of first appearance.
 * Returns how many (1..SHAPE_FORMS_MAX). */
int shape_forms(GridKind g, const TileDef *t, ShapeForm *forms);

/* The free polyominoes of n cells (1..SHAPE_FREE_MAX_CELLS) on the square
 * grid, each as a normalised form, in the order of their canonical keys
 * (each shape's smallest key over its 8 orientations). Writes at most cap;
 * returns how many there are (369 for n = 8), or -1 for a bad n. */
int shape_free_polyominoes(int n, ShapeForm *out, int cap);

/* The occurrences among `within` (n cells; duplicates ignored) of the
 * shape whose distinct forms are given: every distinct set of cells of
 * `within` congruent to the shape, once. Each occurrence is written to
 * `out` as form->count cells in form order (sorted by row, then column);
 * occurrences are listed by form, then by anchor (the occurrence's first
 * cell) in the order of `within`. `slots` is scratch for
 * shape_occurrences_slots(n) entries (a hash set of the cells). Writes at
 * most cap occurrences; returns how many there are. */
int shape_occurrences_slots(int n);
int shape_occurrences(const ShapeForm *forms, int nforms, const Coord *within, int n, int32_t *slots,
                      Coord *out, int cap);

#endif
