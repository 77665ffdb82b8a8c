/* hegemino_baseline.c — Hegemino for 2 players, written by hand in plain C.
 *
 * THIS IS THE ONLY PLACE OUTSIDE games/ WHERE A GAME'S RULES ARE WRITTEN IN
 * C. The rules live in games/hegemino.tess (with stdlib/dominoes.tess,
 * stdlib/market.tess and stdlib/regions.tess); this file re-implements them
 * for two reasons only:
 *   - speed limit: `tessera bench hegemino --players 2` plays the same seeds
 *     here and through the VM in one run and prints script / baseline;
 *   - differential test: tests/unit/check_baseline.c checks, seed by seed,
 *     that both play THE SAME GAME (every decision's option count, chosen
 *     option and move text, and the final scores).
 * If the script's rules change, this file must follow (the test says so).
 *
 * What must match the engine bit for bit:
 *   - the game generator: xoshiro256** seeded by splitmix64 from the seed
 *     (runtime/vm_test.c seed_block), random(n) by rejection sampling
 *     (runtime/vm.c vm_random), shuffle = Fisher–Yates from the top, one
 *     draw per i = n-1 .. 1 (runtime/natives_list.c native_shuffle); used
 *     exactly twice: shuffle(bones), then shuffle(players);
 *   - the agents: tools/agents.c — splitmix64 stream per seat derived from
 *     the match seed, option = rng_below(count);
 *   - the option lists: claims = unclaimed bones of the right column, top to
 *     bottom; placements = runtime/placements.c's canonical order (anchor y,
 *     anchor x, orientation E S W N), a double keeping only E and S (W and N
 *     cover the same cells with the same values as an earlier E / S
 *     candidate), filtered by the board (empty cells, whole tableau inside
 *     some 5x5 square) and by the matching rule (a half orthogonally next
 *     to an occupied cell it matches: equal pips, either is 0, or the start
 *     token; touching follows from that) — placement_options() in the
 *     script, i.e. placements_matching(b, t, [0], [start_value]).
 *
 * Speed: no allocation; each tableau is a 9x9 grid of bit rows (the start
 * token is at (0,0) and the tableau fits a 5x5 square, so every cell is in
 * -4..4 on both axes) plus, per pip value, the bit rows of the cells next to
 * an occupied cell that value may match, updated on each placement. A
 * placement row is then a few shifts and ANDs per orientation, and the
 * options are counted, not listed (only the chosen one is located).
 * Scoring floods regions by dilating 128-bit cell sets. */
#include "hegemino_baseline.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum {
  SIDE = 5,           /* the 5x5 square */
  GRID = 9,           /* cells -4..4 on each axis */
  OFF = 4,            /* grid index = coordinate + OFF */
  START = 99,         /* the start token's value */
  NBONES = 24,        /* 2 players: one set minus 0-5 0-6 4-5 5-6 */
  COLUMN = 4,
  SEATS = 2,
};

#define ROW_MASK 0x1FFu /* GRID bits */

/* ---- generators (copies of the engine's and the agents') ---- */

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t splitmix_next(uint64_t *state) {
  uint64_t z = (*state += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static inline uint64_t xoshiro_next(uint64_t *s) {
  uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* Both draw until r < limit = UINT64_MAX - UINT64_MAX % n, then return
 * r % n. limit > UINT64_MAX - n, so a draw at or below UINT64_MAX - n is
 * always kept: the limit is only computed for the rare draws above that. */
static inline bool rejected(uint64_t r, uint64_t n) {
  return r > UINT64_MAX - n && r >= UINT64_MAX - UINT64_MAX % n;
}

static inline uint64_t game_random(uint64_t *s, uint64_t n) {
  uint64_t r;
  do r = xoshiro_next(s);
  while (rejected(r, n));
  return r % n;
}

static inline uint64_t agent_below(uint64_t *state, uint64_t n) {
  uint64_t x;
  do x = splitmix_next(state);
  while (rejected(x, n));
  return x % n;
}

static uint64_t agent_seed(uint64_t match_seed, int seat) {
  uint64_t mix = match_seed ^ 0x7465737365726121u; /* "tessera!" */
  for (int i = 0; i <= seat; i++) splitmix_next(&mix);
  return splitmix_next(&mix);
}

/* ---- bones ---- */

typedef struct Bone {
  int8_t lo, hi; /* cell 0 shows lo, cell 1 hi (domino(a, b) with a <= b) */
} Bone;

/* double_six_except(1, removed_bones(1)), in creation order. */
static void make_bones(Bone *out) {
  int n = 0;
  for (int a = 0; a <= 6; a++)
    for (int b = a; b <= 6; b++) {
      bool removed = (a == 0 && (b == 5 || b == 6)) || (a == 4 && b == 5) || (a == 5 && b == 6);
      if (!removed) out[n++] = (Bone){(int8_t)a, (int8_t)b};
    }
}

static int market_key(Bone b) {
  if (b.hi == 0) return 300;
  if (b.lo == 0) return 200 + b.hi;
  if (b.lo == b.hi) return 100 + b.hi;
  return 10 * b.hi + b.lo;
}

/* ---- tableaus ---- */

/* Cells as bits of one 128-bit word for scoring: bit y * STRIDE + x. The
 * spare column x = GRID stays clear, so a shift by one never wraps a row. */
typedef unsigned __int128 Bits;
enum { STRIDE = GRID + 1 };

typedef struct Tableau {
  uint16_t occ[GRID];             /* bit x of row y: occupied */
  uint16_t match[7][GRID];        /* bit x of row y: a half showing v there matches a neighbour */
  Bits shows[7];                  /* the cells showing pip v (the start token is in none) */
  int min_x, max_x, min_y, max_y; /* grid coordinates of the occupied box */
  int count;
} Tableau;

static void tableau_init(Tableau *t) { memset(t, 0, sizeof *t); }

static void put_cell(Tableau *t, int x, int y, int v) {
  t->occ[y] |= (uint16_t)(1u << x);
  if (t->count == 0 || x < t->min_x) t->min_x = x;
  if (t->count == 0 || x > t->max_x) t->max_x = x;
  if (t->count == 0 || y < t->min_y) t->min_y = y;
  if (t->count == 0 || y > t->max_y) t->max_y = y;
  t->count++;
  if (v != START) t->shows[v] |= (Bits)1 << (y * STRIDE + x);
  /* halves_match(half, v): v is the start token or 0 -> any half; else a
   * half equal to v, or 0. */
  unsigned values = (v == START || v == 0) ? 0x7Fu : (1u << v) | 1u;
  uint16_t side = (uint16_t)(((1u << x) << 1 | (1u << x) >> 1) & ROW_MASK), self = (uint16_t)(1u << x);
  for (int u = 0; u <= 6; u++) {
    if (!(values >> u & 1)) continue;
    t->match[u][y] |= side;
    if (y > 0) t->match[u][y - 1] |= self;
    if (y < GRID - 1) t->match[u][y + 1] |= self;
  }
}

/* Orientations: cell 1 at anchor + (DX, DY); E S W N. */
static const int DX[4] = {1, 0, -1, 0}, DY[4] = {0, 1, 0, -1};
static const char *const DIR_NAME[4] = {"E", "S", "W", "N"};

typedef struct Option {
  int x, y, o; /* anchor (grid coordinates) and orientation */
} Option;

/* placement_options(tableau, bone), in canonical order (anchor y, anchor x,
 * orientation), as bit rows: bit x of rows[y][o] is the candidate (x, y, o). */
typedef struct Placements {
  uint32_t rows[GRID][4];
  int count[GRID];  /* candidates in row y */
  int k;            /* orientations considered (2 for a double) */
  int y_first, y_last;
} Placements;

/* Without -mpopcnt __builtin_popcount is a libgcc call: count inline. */
static inline int popcount64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555u);
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
  return (int)((x * 0x0101010101010101u) >> 56);
}

/* Bit x of the result is bit x + k of v. */
static inline uint32_t shifted(uint32_t v, int k) { return k >= 0 ? v >> k : v << -k; }

/* Fills `p`; returns the number of options. */
static int placements(const Tableau *t, Bone b, Placements *p) {
  int k = b.lo == b.hi ? 2 : 4; /* a double's W and N repeat E and S */
  int ylo[4], yhi[4];
  uint32_t cols[4];
  int y_first = GRID, y_last = -1;
  for (int o = 0; o < k; o++) {
    int min_dx = DX[o] < 0 ? DX[o] : 0, max_dx = DX[o] > 0 ? DX[o] : 0;
    int min_dy = DY[o] < 0 ? DY[o] : 0, max_dy = DY[o] > 0 ? DY[o] : 0;
    /* The tableau plus the bone fit a SIDE x SIDE square. The start token
     * at (OFF, OFF) keeps every range inside the grid. */
    int xlo = t->max_x - SIDE + 1 - min_dx, xhi = t->min_x + SIDE - 1 - max_dx;
    ylo[o] = t->max_y - SIDE + 1 - min_dy, yhi[o] = t->min_y + SIDE - 1 - max_dy;
    cols[o] = xlo > xhi ? 0 : ((2u << xhi) - 1) & ~((1u << xlo) - 1);
    if (ylo[o] < y_first) y_first = ylo[o];
    if (yhi[o] > y_last) y_last = yhi[o];
  }
  int n = 0;
  for (int y = y_first; y <= y_last; y++) {
    uint32_t empty0 = ~(uint32_t)t->occ[y] & ROW_MASK, match0 = t->match[b.lo][y];
    uint64_t rows = 0; /* the orientations' rows side by side, to count them at once */
    for (int o = 0; o < k; o++) {
      uint32_t m = 0;
      if (y >= ylo[o] && y <= yhi[o]) {
        int y1 = y + DY[o];
        uint32_t empty1 = shifted(~(uint32_t)t->occ[y1] & ROW_MASK, DX[o]);
        uint32_t match1 = shifted(t->match[b.hi][y1], DX[o]);
        m = cols[o] & empty0 & empty1 & (match0 | match1);
      }
      p->rows[y][o] = m;
      rows |= (uint64_t)m << (16 * o);
    }
    p->count[y] = popcount64(rows);
    n += p->count[y];
  }
  p->k = k, p->y_first = y_first, p->y_last = y_last;
  return n;
}

/* Option i (0-based) of the canonical order. */
static Option nth_option(const Placements *p, int i) {
  int y = p->y_first;
  while (i >= p->count[y]) i -= p->count[y++];
  const uint32_t *rows = p->rows[y];
  uint32_t any = 0;
  for (int o = 0; o < p->k; o++) any |= rows[o];
  for (;;) {
    int x = __builtin_ctz(any);
    any &= any - 1;
    for (int o = 0; o < p->k; o++)
      if (rows[o] >> x & 1 && i-- == 0) return (Option){x, y, o};
  }
}

static void place(Tableau *t, Bone b, Option p) {
  put_cell(t, p.x, p.y, b.lo);
  put_cell(t, p.x + DX[p.o], p.y + DY[p.o], b.hi);
}

/* ---- scoring ---- */

static inline int popcount128(Bits b) {
  return popcount64((uint64_t)b) + popcount64((uint64_t)(b >> 64));
}

static inline Bits lowest_bit(Bits b) { return b & (~b + 1); }

/* value_score(b, v): the largest region of cells showing v or 0 with at
 * least one v and one 0; among equally large ones the best scoring. Regions
 * are grown from a seed cell by repeated dilation inside the allowed cells
 * (the spare column stops a horizontal shift from wrapping). */
static int value_score(const Tableau *t, int v) {
  Bits zero = t->shows[0], left = t->shows[v] | zero;
  int best_size = 0, best = 0;
  while (left) {
    Bits region = lowest_bit(left), grown;
    for (;;) {
      grown = (region | region << 1 | region >> 1 | region << STRIDE | region >> STRIDE) & left;
      if (grown == region) break;
      region = grown;
    }
    left &= ~region;
    int size = popcount128(region), wilds = popcount128(region & zero);
    if (wilds == 0 || wilds == size) continue;
    int mult = v - (wilds - 1);
    if (mult < 1) mult = 1;
    int s = mult * size;
    if (size > best_size || (size == best_size && s > best)) best_size = size, best = s;
  }
  return best;
}

static int tableau_score(const Tableau *t) {
  int total = 0;
  for (int v = 1; v <= 6; v++) total += value_score(t, v);
  /* Bonuses need a SIDE x SIDE bounding box (see bonus() in the script). */
  if (t->max_x - t->min_x + 1 == SIDE && t->max_y - t->min_y + 1 == SIDE) {
    int sx = OFF, sy = OFF; /* the start token */
    if (t->count == SIDE * SIDE) total += 5;
    if (sx == t->min_x + SIDE / 2 && sy == t->min_y + SIDE / 2) total += 5;
    if ((sx == t->min_x || sx == t->max_x) && (sy == t->min_y || sy == t->max_y)) total += 10;
  }
  return total;
}

/* ---- the game ---- */

typedef struct Game {
  uint64_t agent[SEATS];
  Tableau tableau[SEATS];
  int64_t decisions;
  HegeminoDecisionHook hook;
  void *ctx;
} Game;

static int decide(Game *g, int seat, int count) {
  g->decisions++;
  return (int)agent_below(&g->agent[seat], (uint64_t)count);
}

static void report_claim(Game *g, int seat, int count, int chosen, Bone b) {
  char text[16];
  snprintf(text, sizeof text, "%d-%d", b.lo, b.hi);
  g->hook(g->ctx, seat, count, chosen, text);
}

static void report_place(Game *g, int seat, int count, int chosen, Bone b, Option p) {
  char text[40];
  snprintf(text, sizeof text, "%d-%d %d,%d %s", b.lo, b.hi, p.x - OFF, p.y - OFF, DIR_NAME[p.o]);
  g->hook(g->ctx, seat, count, chosen, text);
}

/* place_bone: a decision among the legal placements, or a silent discard. */
static void place_bone(Game *g, int seat, Bone b) {
  Placements options;
  Tableau *t = &g->tableau[seat];
  int n = placements(t, b, &options);
  if (n == 0) return; /* discarded */
  int k = decide(g, seat, n);
  Option chosen = nth_option(&options, k);
  if (g->hook) report_place(g, seat, n, k, b, chosen);
  place(t, b, chosen);
}

void hegemino_baseline_playout_traced(uint64_t seed, BaselineResult *out, HegeminoDecisionHook hook,
                                      void *ctx) {
  Game g;
  g.decisions = 0;
  g.hook = hook;
  g.ctx = ctx;
  for (int p = 0; p < SEATS; p++) g.agent[p] = agent_seed(seed, p);

  uint64_t rng[4];
  for (int i = 0; i < 4; i++) rng[i] = splitmix_next(&seed);

  /* Chance 1: boneyard = shuffle(bones). */
  Bone boneyard[NBONES];
  make_bones(boneyard);
  for (int i = NBONES - 1; i >= 1; i--) {
    int j = (int)game_random(rng, (uint64_t)i + 1);
    Bone tmp = boneyard[i];
    boneyard[i] = boneyard[j];
    boneyard[j] = tmp;
  }
  for (int p = 0; p < SEATS; p++) {
    tableau_init(&g.tableau[p]);
    put_cell(&g.tableau[p], OFF, OFF, START);
  }
  /* Chance 2: shuffle(players), then ABBA / BAAB. */
  int order[SEATS] = {0, 1};
  {
    int j = (int)game_random(rng, 2);
    int tmp = order[1];
    order[1] = order[j];
    order[j] = tmp;
  }
  Bone left[COLUMN], right[COLUMN];
  int left_token[COLUMN] = {order[0], order[1], order[1], order[0]}, right_token[COLUMN];
  int left_n = 0, left_tokens = COLUMN, next = 0;

  while (left_tokens > 0) {
    /* draw_column: the next bones, market sorted (stable insertion sort). */
    int right_n = NBONES - next < COLUMN ? NBONES - next : COLUMN;
    for (int i = 0; i < right_n; i++) {
      Bone b = boneyard[next + i];
      int key = market_key(b), j = i;
      while (j > 0 && market_key(right[j - 1]) > key) {
        right[j] = right[j - 1];
        j--;
      }
      right[j] = b;
      right_token[i] = -1;
    }
    next += right_n;
    for (int i = 0; i < left_tokens; i++) {
      int p = left_token[i];
      if (p < 0) continue;
      if (right_n > 0) { /* claim among the unclaimed bones, top to bottom */
        int free_rows[COLUMN], count = 0;
        for (int r = 0; r < right_n; r++)
          if (right_token[r] < 0) free_rows[count++] = r;
        int k = decide(&g, p, count);
        if (hook) report_claim(&g, p, count, k, right[free_rows[k]]);
        right_token[free_rows[k]] = p;
      }
      if (left_n > 0) place_bone(&g, p, left[i]);
    }
    memcpy(left, right, sizeof *right * (size_t)right_n);
    memcpy(left_token, right_token, sizeof *right_token * (size_t)right_n);
    left_n = left_tokens = right_n;
  }

  out->decisions = g.decisions;
  out->seats = SEATS;
  for (int p = 0; p < SEATS; p++) out->scores[p] = tableau_score(&g.tableau[p]);
}

void hegemino_baseline_playout(uint64_t seed, BaselineResult *out) {
  hegemino_baseline_playout_traced(seed, out, NULL, NULL);
}
