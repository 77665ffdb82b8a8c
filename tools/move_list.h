/* move_list.h — the legal moves as a person reads them: numbered, grouped
 * by their first word (the tile) and then their second (the cell), the
 * rest listed after the group (`5-5  0,0: 1 E  2 SE`); when that is too
 * long for a screen, a summary of the groups and a hint to type a prefix.
 * A prefix (case and extra spaces ignored) shows only the moves starting
 * with it. Numbers are always the option numbers (1-based). */
#ifndef TESSERA_TOOLS_MOVE_LIST_H
#define TESSERA_TOOLS_MOVE_LIST_H

#include <stdio.h>

#include "tessera.h"

enum { MOVE_LIST_LINES = 20, SCREEN_COLUMNS = 100 };

/* Prints the moves starting with `prefix` ("" or NULL: all); returns how
 * many matched. */
int move_list_print(const TsState *s, const char *prefix, FILE *out);
/* The options starting with `prefix`: count, and the only one when count
 * is 1 (*only = -1 otherwise). */
int move_list_matching(const TsState *s, const char *prefix, int *only);

#endif
