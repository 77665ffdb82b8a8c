/* determinize.c — a sample of what a seat cannot see, consistent with what
 * it sees (tessera.h, ts_determinize): the agents' way to search a game of
 * hidden information without reading it. The rule file declares what is
 * hidden (`hidden`, `owner`, `secret`); the seat knows which elements are out of its
 * sight (all tiles minus the visible ones) but not where each one is, so
 * the hidden lists' elements are pooled by type and dealt back at random.
 * The pool is sorted first, so the sample depends on the multiset only,
 * never on the hidden order.
 * A `secret` list is no share of a conserved supply but a record of choices,
 * so pooling would only shuffle the very tiles chosen: each of its elements is
 * drawn afresh from the `tiles` declaration that made it (distinct within the
 * list when the original's were), whatever else the seat sees. */
#include <stdlib.h>
#include <string.h>

#include "engine.h"

enum { MAX_HIDDEN_LISTS = 64 * TS_MAX_SEATS };

typedef struct HiddenList {
  Value handle;
  const char *type;
  bool secret; /* a record of secret choices: redrawn, not pooled */
} HiddenList;

static bool hidden_from(const GlobalInfo *g, int owner, int seat) {
  bool owned = g->visibility == VISIBLE_OWNER || g->visibility == VISIBLE_SECRET;
  return g->visibility == VISIBLE_HIDDEN || (owned && owner != seat);
}

static bool is_scalar_list(const GlobalInfo *g) { return g->type[0] == '[' && g->type[1] != '['; }

static const Value *globals_of(const TsState *s) {
  return (const Value *)((const char *)s->block + s->block->globals_at);
}

/* Whether a list variable seat may see holds this very list (lists are
 * shared by assignment): then its elements are not hidden at all. */
static bool visible_elsewhere(const TsState *s, Value handle, int seat) {
  const Program *p = s->match->prog->program;
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_VAR || !is_scalar_list(g)) continue;
    for (int k = 0; k < (g->per_seat ? s->match->seats : 1); k++)
      if (!hidden_from(g, g->per_seat ? k : -1, seat) && globals_of(s)[g->slot + k] == handle) return true;
  }
  return false;
}

static int collect(const TsState *s, int seat, HiddenList *lists) {
  const Program *p = s->match->prog->program;
  const Value *heap = engine_heap(s);
  int n = 0;
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_VAR || !is_scalar_list(g)) continue;
    for (int k = 0; k < (g->per_seat ? s->match->seats : 1); k++) {
      Value h = globals_of(s)[g->slot + k];
      if (!hidden_from(g, g->per_seat ? k : -1, seat) || (heap[h] & HEAP_LEN_MASK) == 0) continue;
      bool seen = false;
      for (int j = 0; j < n; j++) seen |= lists[j].handle == h;
      if (seen || visible_elsewhere(s, h, seat) || n == MAX_HIDDEN_LISTS) continue;
      lists[n++] = (HiddenList){h, g->type, g->visibility == VISIBLE_SECRET};
    }
  }
  return n;
}

static int compare_values(const void *a, const void *b) {
  Value x = *(const Value *)a, y = *(const Value *)b;
  return (x > y) - (x < y);
}

static uint64_t splitmix(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

/* Pools the elements of the lists of one type, sorts, shuffles, deals back;
 * `pool` has room for every pooled list's elements. */
static int resample_type(Value *heap, const HiddenList *lists, int n, const char *type, uint64_t *rng, Value *pool) {
  size_t total = 0;
  for (int j = 0; j < n; j++)
    if (!lists[j].secret && strcmp(lists[j].type, type) == 0) total += heap[lists[j].handle] & HEAP_LEN_MASK;
  size_t used = 0;
  for (int j = 0; j < n; j++) {
    if (lists[j].secret || strcmp(lists[j].type, type) != 0) continue;
    size_t len = heap[lists[j].handle] & HEAP_LEN_MASK;
    memcpy(pool + used, heap + lists[j].handle + 1, sizeof *pool * len);
    used += len;
  }
  qsort(pool, total, sizeof *pool, compare_values);
  for (size_t i = total; i > 1; i--) {
    size_t k = (size_t)(splitmix(rng) % i);
    Value t = pool[i - 1];
    pool[i - 1] = pool[k];
    pool[k] = t;
  }
  used = 0;
  for (int j = 0; j < n; j++) {
    if (lists[j].secret || strcmp(lists[j].type, type) != 0) continue;
    size_t len = heap[lists[j].handle] & HEAP_LEN_MASK;
    memcpy(heap + lists[j].handle + 1, pool + used, sizeof *pool * len);
    used += len;
  }
  return (int)total;
}

static bool list_holds(const Value *heap, Value list, Value v, size_t upto) {
  for (size_t i = 0; i < upto; i++)
    if (heap[list + 1 + i] == v) return true;
  return false;
}

/* The list of tiles a `tiles` declaration made that holds tile t, or 0. */
static Value declaration_of(const TsState *s, const Value *heap, Value t) {
  const Program *p = s->match->prog->program;
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_TILES) continue;
    Value d = globals_of(s)[g->slot];
    if (list_holds(heap, d, t, heap[d] & HEAP_LEN_MASK)) return d;
  }
  return 0;
}

static bool all_distinct(const Value *heap, Value list) {
  size_t len = heap[list] & HEAP_LEN_MASK;
  for (size_t i = 1; i < len; i++)
    if (list_holds(heap, list, heap[list + 1 + i], i)) return false;
  return true;
}

/* Redraws each element of a secret list from its declaration; a tile no
 * declaration made (built by an expression) is kept. */
static int redraw_secret(const TsState *s, Value *heap, Value list, uint64_t *rng) {
  size_t len = heap[list] & HEAP_LEN_MASK;
  bool distinct = all_distinct(heap, list);
  int redrawn = 0;
  for (size_t i = 0; i < len; i++) {
    Value d = declaration_of(s, heap, heap[list + 1 + i]);
    if (!d) continue;
    size_t size = heap[d] & HEAP_LEN_MASK, free_count = 0;
    for (size_t k = 0; k < size; k++) free_count += !(distinct && list_holds(heap, list, heap[d + 1 + k], i));
    if (free_count == 0) continue;
    size_t pick = (size_t)(splitmix(rng) % free_count);
    for (size_t k = 0; k < size; k++) {
      if (distinct && list_holds(heap, list, heap[d + 1 + k], i)) continue;
      if (pick-- == 0) {
        heap[list + 1 + i] = heap[d + 1 + k];
        break;
      }
    }
    redrawn++;
  }
  return redrawn;
}

int ts_determinize(TsState *s, int seat, uint64_t seed) {
  engine_settle(s); /* the lists are rewritten in the block's own heap */
  HiddenList lists[MAX_HIDDEN_LISTS];
  int n = collect(s, seat, lists);
  Value *heap = (Value *)engine_heap(s);
  size_t pooled = 0; /* made before anything changes: out of memory leaves s as it was */
  for (int j = 0; j < n; j++)
    if (!lists[j].secret) pooled += heap[lists[j].handle] & HEAP_LEN_MASK;
  Value *pool = malloc(sizeof *pool * (pooled ? pooled : 1));
  if (!pool) return -1;
  uint64_t rng = seed;
  int resampled = 0;
  for (int j = 0; j < n; j++) {
    if (lists[j].secret) {
      resampled += redraw_secret(s, heap, lists[j].handle, &rng);
      continue;
    }
    bool first_of_type = true;
    for (int i = 0; i < j; i++) first_of_type &= lists[i].secret || strcmp(lists[i].type, lists[j].type) != 0;
    if (first_of_type) resampled += resample_type(heap, lists, n, lists[j].type, &rng, pool);
  }
  free(pool);
  vm_seed(s->block, splitmix(&rng));
  s->texts_valid = false;
  return resampled;
}

bool ts_hides_from(const TsState *s, int seat) {
  const Program *p = s->match->prog->program;
  for (int i = 0; i < p->global_count; i++) {
    const GlobalInfo *g = &p->globals[i];
    if (g->kind != GLOBAL_VAR) continue;
    bool owned = g->visibility == VISIBLE_OWNER || g->visibility == VISIBLE_SECRET;
    if (g->visibility == VISIBLE_HIDDEN || (owned && s->match->seats > 1)) return true;
  }
  return false;
}
