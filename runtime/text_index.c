/* text_index.c — open addressing with linear probing, FNV-1a hashes, kept
 * at most half full. */
#include "text_index.h"

#include <stdlib.h>
#include <string.h>

static uint64_t hash_text(const char *key, size_t length) {
  uint64_t h = 14695981039346656037ull;
  for (size_t i = 0; i < length; i++) h = (h ^ (unsigned char)key[i]) * 1099511628211ull;
  return h;
}

void text_index_free(TextIndex *x) {
  free(x->entries);
  free(x->keys);
  memset(x, 0, sizeof *x);
}

/* The entry of key, or the empty entry where it would go. */
static TextIndexEntry *probe(const TextIndex *x, const char *key, size_t length, uint64_t h) {
  for (size_t i = h & (x->cap - 1);; i = (i + 1) & (x->cap - 1)) {
    TextIndexEntry *e = &x->entries[i];
    if (e->key == SIZE_MAX) return e;
    if (e->hash == h && e->length == length && memcmp(x->keys + e->key, key, length) == 0) return e;
  }
}

int text_index_find(const TextIndex *x, const char *key, size_t length) {
  if (x->cap == 0) return -1;
  const TextIndexEntry *e = probe(x, key, length, hash_text(key, length));
  return e->key == SIZE_MAX ? -1 : e->value;
}

static bool grow(TextIndex *x) {
  size_t cap = x->cap ? x->cap * 2 : 64;
  TextIndexEntry *entries = malloc(sizeof *entries * cap);
  if (!entries) return false;
  for (size_t i = 0; i < cap; i++) entries[i].key = SIZE_MAX;
  TextIndex bigger = *x;
  bigger.entries = entries;
  bigger.cap = cap;
  for (size_t i = 0; i < x->cap; i++) {
    const TextIndexEntry *e = &x->entries[i];
    if (e->key != SIZE_MAX) *probe(&bigger, x->keys + e->key, e->length, e->hash) = *e;
  }
  free(x->entries);
  x->entries = entries;
  x->cap = cap;
  return true;
}

static bool keep_key(TextIndex *x, const char *key, size_t length) {
  if (x->keys_len + length > x->keys_cap) {
    size_t cap = (x->keys_len + length) * 2 + 256;
    char *keys = realloc(x->keys, cap);
    if (!keys) return false;
    x->keys = keys;
    x->keys_cap = cap;
  }
  memcpy(x->keys + x->keys_len, key, length);
  x->keys_len += length;
  return true;
}

int *text_index_slot(TextIndex *x, const char *key, size_t length) {
  if ((x->count + 1) * 2 > x->cap && !grow(x)) return NULL;
  uint64_t h = hash_text(key, length);
  TextIndexEntry *e = probe(x, key, length, h);
  if (e->key != SIZE_MAX) return &e->value;
  size_t at = x->keys_len;
  if (!keep_key(x, key, length)) return NULL;
  *e = (TextIndexEntry){h, at, length, -1};
  x->count++;
  return &e->value;
}
