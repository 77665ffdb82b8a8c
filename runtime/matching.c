/* matching.c — see matching.h.
 *
 * On a board keeping value words (board.h: small fixed and window boards)
 * the touch words are ORs of those words, and board_placements_kept does
 * the rest: nothing is scanned. Otherwise:
 *
 * The fast path turns the rule into touch words for board_placements_with:
 * for each distinct value v shown by the tile, the bit words (over
 * board_frame) of the cells next to an occupied top cell that v matches.
 * A candidate is then kept when its cells are empty, it fits the board, and
 * some covered cell i lies on the words of its value — one shift and OR per
 * cell and row of anchors, no per-candidate call. Matching implies touching,
 * so this is exactly ADJACENT plus the rule. Tile values outside 0..63 and
 * frames too big for bit words take the direct path: board_placements with
 * match_holds as the filter. Board values may be anything (a start token
 * showing 99, say): they are classified one by one. */
#include "matching.h"

#include <stdbool.h>
#include <string.h>

static bool in_list(const int64_t *values, int count, int64_t v) {
  for (int i = 0; i < count; i++)
    if (values[i] == v) return true;
  return false;
}

static bool values_match(const MatchRule *r, int64_t mine, int64_t other) {
  return other == mine || in_list(r->any, r->any_count, other) || in_list(r->wild, r->wild_count, mine) ||
         in_list(r->wild, r->wild_count, other);
}

bool match_holds(const Board *b, const TileDef *tiles, const MatchRule *rule, Placement p) {
  const TileDef *t = &tiles[p.tile];
  Coord cells[TILE_MAX_CELLS];
  int n = placement_cells((GridKind)b->spec.grid, t, p, cells);
  int dirs = grid_dir_count((GridKind)b->spec.grid);
  for (int i = 0; i < n; i++)
    for (int d = 0; d < dirs; d++) {
      int e = board_top(b, grid_step((GridKind)b->spec.grid, cells[i], d));
      if (e >= 0 && values_match(rule, t->value[i], board_cell(b, e)->value)) return true;
    }
  return false;
}

/* ---- the fast path ---- */

/* Board values 0..63 in a list, as a mask (others never match there). */
static uint64_t small_values(const int64_t *values, int count) {
  uint64_t m = 0;
  for (int i = 0; i < count; i++)
    if (values[i] >= 0 && values[i] < 64) m |= (uint64_t)1 << values[i];
  return m;
}

/* The tile's distinct values (k = 0..n-1; of_cell[i]: the one cell i
 * shows) and which board values each matches: accept[k] bit v for board
 * values 0..63 (equal, either wild, or match-anything). Other board values
 * (a start token showing 99, say) are classified one by one: they match
 * every tile value (all_k) or the wild ones (wild_k). False when a tile
 * value lies outside 0..63. */
typedef struct Accept {
  int n, of_cell[TILE_MAX_CELLS];
  int value[TILE_MAX_CELLS];
  uint64_t accept[TILE_MAX_CELLS];
  unsigned all_k, wild_k;
} Accept;

static bool tile_accepts(const MatchRule *r, const TileDef *t, Accept *a) {
  uint64_t wild = small_values(r->wild, r->wild_count);
  uint64_t shared = wild | small_values(r->any, r->any_count);
  int n = 0;
  a->wild_k = 0;
  for (int i = 0; i < t->cell_count; i++) {
    int v = t->value[i], k = 0;
    if (v < 0 || v >= 64) return false;
    while (k < n && a->value[k] != v) k++;
    a->of_cell[i] = k;
    if (k < n) continue;
    bool is_wild = wild >> v & 1;
    a->value[n] = v;
    a->accept[n] = is_wild ? ~(uint64_t)0 : shared | (uint64_t)1 << v;
    a->wild_k |= (unsigned)is_wild << n;
    n++;
  }
  a->n = n, a->all_k = (1u << n) - 1;
  return true;
}

static unsigned other_ks(const MatchRule *r, const Accept *a, int v) {
  return in_list(r->any, r->any_count, v) || in_list(r->wild, r->wild_count, v) ? a->all_k
                                                                                : a->wild_k;
}

/* Source words: src[k] = occupied top cells that tile value k matches, over
 * the frame; occ = every occupied cell, for board_placements_with (one pass
 * over the entries for both). The frame holds every occupied cell. */

/* A word per row: each top cell goes to the sources of the values that
 * match it. src and occ start clear. */
static void row_sources(const Board *b, const MatchRule *r, const Accept *a, const BoardFrame *f,
                        uint64_t *const *src, uint64_t *occ) {
  const BoardCell *cells = board_cell(b, 0);
  bool stacked = b->spec.levels > 1;
  for (int e = 0; e < b->count; e++) {
    const BoardCell *c = &cells[e];
    int y = c->y - f->y0;
    uint64_t bit = (uint64_t)1 << (c->x - f->x0);
    occ[y] |= bit;
    if (stacked && board_top(b, (Coord){c->x, c->y}) != e) continue; /* buried */
    int v = c->value;
    if (v >= 0 && v < 64) {
      for (int k = 0; k < a->n; k++) src[k][y] |= -(a->accept[k] >> v & 1) & bit;
      continue;
    }
    for (unsigned ks = other_ks(r, a, v); ks; ks &= ks - 1) src[__builtin_ctz(ks)][y] |= bit;
  }
}

/* Flat: the top cells sorted by value in one pass (shows[v], a word per
 * value 0..63 seen; other values straight into other[k]), then each source
 * is the OR of the values it accepts. One loop per `stacked`, so the plain
 * one tests nothing but the value. */
typedef struct Sorted {
  uint64_t shows[64], seen, all, other[TILE_MAX_CELLS];
} Sorted;

static inline __attribute__((always_inline)) void sort_cells(const Board *b, const MatchRule *r,
                                                             const Accept *a, const BoardFrame *f,
                                                             Sorted *st, bool stacked) {
  const BoardCell *cells = board_cell(b, 0);
  const int rb = f->row_bit, origin = f->x0 + f->y0 * rb, count = b->count;
  uint64_t seen = 0, all = 0;
  for (int e = 0; e < count; e++) {
    const BoardCell *c = &cells[e];
    uint64_t bit = (uint64_t)1 << (c->x + c->y * rb - origin);
    all |= bit;
    if (stacked && board_top(b, (Coord){c->x, c->y}) != e) continue; /* buried */
    unsigned v = (unsigned)c->value; /* negative values too are "other" */
    if (v < 64) {
      if (!(seen >> v & 1)) st->shows[v] = 0, seen |= (uint64_t)1 << v;
      st->shows[v] |= bit;
      continue;
    }
    for (unsigned ks = other_ks(r, a, c->value); ks; ks &= ks - 1)
      st->other[__builtin_ctz(ks)] |= bit;
  }
  st->seen = seen, st->all = all;
}

static void flat_sources(const Board *b, const MatchRule *r, const Accept *a, const BoardFrame *f,
                         uint64_t *const *src, uint64_t *occ) {
  Sorted st;
  memset(st.other, 0, sizeof st.other); /* a few stores: the size is known */
  if (b->spec.levels > 1)
    sort_cells(b, r, a, f, &st, true);
  else
    sort_cells(b, r, a, f, &st, false);
  *occ = st.all;
  for (int k = 0; k < a->n; k++) {
    uint64_t s = st.other[k];
    for (uint64_t m = a->accept[k] & st.seen; m; m &= m - 1) s |= st.shows[__builtin_ctzll(m)];
    *src[k] = s;
  }
}

/* The rest, once the touch words are made: touch[i] = the source of the
 * value tile cell i shows. */
static inline int place_touching(const Board *b, const TileDef *tiles, int tile_id,
                                 const Accept *a, const BoardFrame *f, uint64_t *const *src,
                                 const uint64_t *occ, Placement *out, int64_t *packed, int cap) {
  const uint64_t *touch[TILE_MAX_CELLS];
  for (int i = 0; i < tiles[tile_id].cell_count; i++) touch[i] = src[a->of_cell[i]];
  if (packed) return board_placements_words(b, tiles, tile_id, f, occ, touch, packed, cap);
  PlaceOptions opt = {.frame = f, .occupied = occ};
  memcpy(opt.touch, touch, sizeof touch);
  return board_placements_with(b, tiles, tile_id, PLACE_ADJACENT, &opt, out, cap);
}

/* A word per row: big arrays, so apart from the flat case (which would
 * otherwise carry their stack frame too). The words of each source and of
 * the occupancy lie one after the other. */
static __attribute__((noinline)) int row_placements(const Board *b, const TileDef *tiles,
                                                    int tile_id, const MatchRule *rule,
                                                    const Accept *a, const BoardFrame *f,
                                                    Placement *out, int64_t *packed, int cap) {
  uint64_t words[(TILE_MAX_CELLS + 1) * BOARD_FRAME_ROWS], *src[TILE_MAX_CELLS];
  uint64_t *occ = words + a->n * f->words;
  for (int k = 0; k < a->n; k++) src[k] = words + k * f->words;
  memset(words, 0, sizeof(uint64_t) * (size_t)((a->n + 1) * f->words));
  row_sources(b, rule, a, f, src, occ);
  for (int k = 0; k < a->n; k++) board_frame_grow(src[k], f, (GridKind)b->spec.grid);
  return place_touching(b, tiles, tile_id, a, f, src, occ, out, packed, cap);
}

/* With the board's value words (board.h) nothing is scanned: a tile cell
 * showing v matches the words of the values that match every tile value
 * (wild and match-anything ones) and v's own word, or every occupied cell
 * when v is wild. Any value, 0..63 or not. */

/* The words of the listed values (board values are int16: others show
 * nowhere). */
static inline uint64_t listed_words(const Board *b, const ValueWords *vw, const int64_t *values,
                                    int count) {
  uint64_t w = 0;
  for (int i = 0; i < count; i++)
    if (values[i] >= INT16_MIN && values[i] <= INT16_MAX)
      w |= board_value_word(b, vw, (int)values[i]);
  return w;
}

/* -1 when board_placements_kept finds no frame. Inlined: it runs once per
 * decision, and a call would cost as much as its own work. */
static inline __attribute__((always_inline)) int kept_placements(const Board *b, const TileDef *tiles, int tile_id,
                                  const MatchRule *r, Placement *out, int64_t *packed, int cap) {
  const ValueWords *vw = board_value_words(b);
  uint64_t occ = 0, match[TILE_MAX_CELLS];
  int i = 0, n = b->word_slot_count;
  do { /* slots come in eights, at least one; unused words are 0 */
#pragma GCC unroll 8
    for (int k = 0; k < 8; k++) occ |= vw->word[i + k];
  } while ((i += 8) < n);
  uint64_t every = listed_words(b, vw, r->wild, r->wild_count) |
                   listed_words(b, vw, r->any, r->any_count);
  const TileDef *t = &tiles[tile_id];
  for (int c = 0; c < t->cell_count && c < TILE_MAX_CELLS; c++) {
    const int v = t->value[c];
    match[c] = in_list(r->wild, r->wild_count, v) ? occ : every | board_value_word(b, vw, v);
  }
  return board_placements_kept(b, tiles, tile_id, occ, match, out, packed, cap);
}

/* Returns -1 when the fast path does not apply. */
static int fast_placements(const Board *b, const TileDef *tiles, int tile_id, const MatchRule *rule,
                           Placement *out, int64_t *packed, int cap) {
  const TileDef *t = &tiles[tile_id];
  Accept a;
  BoardFrame f;
  if (!tile_accepts(rule, t, &a) || !board_frame(b, t, &f)) return -1;
  if (f.row_word) return row_placements(b, tiles, tile_id, rule, &a, &f, out, packed, cap);
  uint64_t words[TILE_MAX_CELLS + 1], *src[TILE_MAX_CELLS], *occ = &words[a.n];
  bool hex = b->spec.grid == GRID_HEX;
  for (int k = 0; k < a.n; k++) src[k] = &words[k];
  flat_sources(b, rule, &a, &f, src, occ);
  for (int k = 0; k < a.n; k++) words[k] = board_frame_grow_flat(words[k], &f, hex);
  return place_touching(b, tiles, tile_id, &a, &f, src, occ, out, packed, cap);
}

static bool direct_filter(void *ctx, const Board *b, Placement p) {
  const void *const *pair = ctx;
  return match_holds(b, pair[0], pair[1], p);
}

/* Without value words: the touch words from a scan of the cells, else the
 * direct check. */
static __attribute__((noinline)) int scanned_placements(const Board *b, const TileDef *tiles,
                                                        int tile_id, const MatchRule *rule,
                                                        Placement *out, int64_t *packed,
                                                        int cap) {
  int n = fast_placements(b, tiles, tile_id, rule, out, packed, cap);
  if (n >= 0) return n;
  const void *pair[2] = {tiles, rule};
  PlaceOptions opt = {.filter = direct_filter, .ctx = pair, .packed = packed};
  return board_placements_with(b, tiles, tile_id, PLACE_ADJACENT, &opt, out, cap);
}

static inline int placements(const Board *b, const TileDef *tiles, int tile_id,
                             const MatchRule *rule, Placement *out, int64_t *packed, int cap) {
  if (b->count == 0) return 0; /* nothing to match */
  int n = board_value_words(b) ? kept_placements(b, tiles, tile_id, rule, out, packed, cap) : -1;
  return n >= 0 ? n : scanned_placements(b, tiles, tile_id, rule, out, packed, cap);
}

int match_placements(const Board *b, const TileDef *tiles, int tile_id, const MatchRule *rule,
                     Placement *out, int cap) {
  return placements(b, tiles, tile_id, rule, out, NULL, cap);
}

int match_placements_packed(const Board *b, const TileDef *tiles, int tile_id,
                            const MatchRule *rule, int64_t *out, int cap) {
  return placements(b, tiles, tile_id, rule, NULL, out, cap);
}
