/* check_aux.h — what the checker leaves in Node.aux (and ival) for the
 * compiler, by node kind. */
#ifndef TESSERA_CHECK_AUX_H
#define TESSERA_CHECK_AUX_H

/* N_CALL: bit flags; ival = native id when AUX_NATIVE_CALL, ival2 = 1 when
 * the native also receives the argument's type code (print). */
#define AUX_STATEMENT_CALL 1
#define AUX_NATIVE_CALL 2
/* N_NAME: a built-in used as a plain name (players); ival = native id. */
#define AUX_NATIVE_VALUE 1
/* N_INDEX: what is indexed. */
#define AUX_LIST_INDEX 1
#define AUX_TILE_INDEX 2
#define AUX_SEAT_GLOBAL 3
#define AUX_SEAT_BOARD 4
#define AUX_BOARD_ARRAY 5 /* board[i] of a board array: first number, count param, i */
/* N_FIELD: ival = native id of the field reader.
 * N_FOR / N_FOR_CLAUSE: aux = first of two hidden slots (list or range end,
 * position); slot = the loop variable. N_COMPREHENSION: slot = the list
 * being built.
 * N_FN / N_PARAM: aux = 1 when a selected variant adds it (replacing
 * nothing); check.c reports it when nothing uses it. */

#endif
