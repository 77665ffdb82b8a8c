/* connect.h — does a region of cells showing some values join two sets of
 * cells (connect.c)? The question of connection games (Hex: a chain of one
 * colour from one side to the other). */
#ifndef TESSERA_CONNECT_H
#define TESSERA_CONNECT_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

/* True when some occupied top cell of from[0..nf) and some of to[0..nt)
 * (cells packed by cell_pack, as the VM's lists hold them),
 * both showing a value of value_mask (bit v = value v, 0..63), lie in one
 * region: connected through top cells showing such values, neighbours as
 * the grid has them. Cells of the lists that are empty, outside the board or
 * show another value join nothing. flags and queue are scratch
 * (overwritten): board->count entries for flags, one more for queue. */
bool board_connects(const Board *b, uint64_t value_mask, const int64_t *from, int32_t nf,
                    const int64_t *to, int32_t nt, uint8_t *flags, int32_t *queue);

#endif
