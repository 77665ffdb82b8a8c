/* turns.h — keeping the placements of a list turned a given way (turns.c). */
#ifndef TESSERA_TURNS_H
#define TESSERA_TURNS_H

#include <stdint.h>

/* Copies to out, in order, the packed placements of in[0..n) whose turn
 * (orientation) is a bit of mask (bit o = turn o, 0..63); returns how many.
 * out may be in, or NULL to count only. */
int32_t turns_keep(const int64_t *in, int32_t n, uint64_t mask, int64_t *out);

/* The numbers 0..63 of a script's [int] as bits (others are dropped). */
struct Vm;
uint64_t list_bits(struct Vm *vm, int64_t list);

#endif
