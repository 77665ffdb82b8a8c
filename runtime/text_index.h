/* text_index.h — a hash table from texts to ints, owning copies of its
 * keys: symbol names in the checker, option texts in the engine. Look-ups
 * and insertions take constant time on average, so work on long inputs
 * (40,000 functions, 80,000 options) stays linear. */
#ifndef TESSERA_TEXT_INDEX_H
#define TESSERA_TEXT_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct TextIndexEntry {
  uint64_t hash;
  size_t key;   /* offset of the key in keys; SIZE_MAX: empty */
  size_t length;
  int value;
} TextIndexEntry;

typedef struct TextIndex {
  TextIndexEntry *entries;
  size_t cap, count;   /* cap: a power of two, or 0 */
  char *keys;
  size_t keys_len, keys_cap;
} TextIndex;

/* An empty index is all zeros. */
void text_index_free(TextIndex *x);
/* The value of key (length bytes), or -1. */
int text_index_find(const TextIndex *x, const char *key, size_t length);
/* The value slot of key, added with value -1 when new; NULL when out of
 * memory. Valid until the next insertion. */
int *text_index_slot(TextIndex *x, const char *key, size_t length);

#endif
