/* render_hex.h — drawing a hex board (stacks included) for a terminal. */
#ifndef TESSERA_RENDER_HEX_H
#define TESSERA_RENDER_HEX_H

#include <stdio.h>

#include "board.h"

/* The board's cells (b->count > 0), one text row per axial row r. */
void render_hex_board(const Board *b, FILE *out);

#endif
