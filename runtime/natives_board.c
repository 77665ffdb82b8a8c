/* natives_board.c — built-ins on boards: placing tiles, enumerating legal
 * placements, and reading what lies where. The geometry itself lives in
 * board.c, placements.c and regions.c; this file checks the script's
 * arguments, turns failures into messages a rule writer can act on, and
 * converts between board structures and VM values. */
#include <stdlib.h>

#include "matching.h"
#include "vertices.h"
#include "vm.h"
#include "vm_internal.h" /* vm_board_inline, vm_tile_inline */

/* Enumeration goes into a fixed buffer rather than the heap: it runs once
 * per decision, often thousands of times per second under an AI, and the
 * count is known only at the end. Placements are written there already
 * packed, as the list holds them, so the list is one copy of the buffer. A
 * filter may itself call placements(), so each nesting depth has its own
 * buffer; thread-local because states of different matches may run in
 * parallel. */
#define MAX_PLACEMENTS 4096
#define MAX_NESTING 3

static _Thread_local int64_t placement_buf[MAX_NESTING][MAX_PLACEMENTS + 1];
static _Thread_local int placement_depth;

static Value cell_list(Vm *vm, const Coord *cells, int n) {
  Value out = vm_list_new(vm, n, false);
  if (vm_failed(vm)) return 0;
  Value *v = vm_list_items(vm, out);
  for (int i = 0; i < n; i++) v[i] = cell_pack(cells[i]);
  return out;
}

static inline const BoardCell *top_cell(const Board *b, Value c) {
  int e = board_top(b, cell_unpack(c));
  return e < 0 ? NULL : board_cell(b, e);
}

/* Whether entry e is the top of its coordinate (cells() counts each
 * coordinate once, by its top). Without stacking every entry is. */
static bool is_top(const Board *b, int e) {
  if (b->spec.levels == 1) return true;
  const BoardCell *c = board_cell(b, e);
  return board_top(b, (Coord){c->x, c->y}) == e;
}

/* A failed place() leaves the board as it was and says why. */
static void place_error(Vm *vm, const Board *b, const TileDef *t, Placement p, Coord c,
                        MoveCheck why) {
  switch (why) {
  case MOVE_BAD_LEVEL:
    vm_error(vm, "cannot place %s at level %d: the board has %d level%s", t->name, p.level,
             b->spec.levels, b->spec.levels == 1 ? "" : "s");
    break;
  case MOVE_OUTSIDE:
    if (b->spec.shape == BOARD_SHAPE_HEXAGON)
      vm_error(vm, "cell %d,%d is outside the hexagon of side %d (cells x,y in 0..%d with %d <= x + y <= %d)", c.x, c.y,
               (b->spec.w + 1) / 2, b->spec.w - 1, (b->spec.w - 1) / 2, 3 * (b->spec.w - 1) / 2);
    else
      vm_error(vm, "cell %d,%d is outside the %dx%d board", c.x, c.y, b->spec.w, b->spec.h);
    break;
  case MOVE_OCCUPIED: vm_error(vm, "cell %d,%d is already occupied", c.x, c.y); break;
  case MOVE_NO_BASE:
    vm_error(vm, "cell %d,%d has nothing at level %d to stack %s on", c.x, c.y, p.level - 1,
             t->name); /* the first cell, when none of them is at that level */
    break;
  case MOVE_NO_FIT:
    vm_error(vm, "%s at %d,%d does not fit the board's %dx%d window", t->name, p.at.x, p.at.y,
             b->spec.w, b->spec.h);
    break;
  case MOVE_FULL: vm_error(vm, "the board is full (%d cells)", b->spec.capacity); break;
  default: vm_error(vm, "cannot place %s at %d,%d", t->name, p.at.x, p.at.y); break;
  }
}

static void place_checked(Vm *vm, Value board, Placement p) {
  Board *b = vm_board_inline(vm, board);
  const TileDef *t = b ? vm_tile_inline(vm, p.tile) : NULL;
  if (!t) return;
  p.grid = b->spec.grid;
  if (t->corner_count && !corner_turn_ok(vm, b, t, p)) return;
  Coord cells[TILE_MAX_CELLS];
  int bad = 0;
  MoveCheck why = board_place_tile(b, t, p, cells, &bad);
  if (why != MOVE_OK) place_error(vm, b, t, p, cells[bad], why);
  else if (t->corner_count) board_set_turn(b, b->count - 1, p.orientation);
}

Value native_place(Vm *vm, Value *args) {
  place_checked(vm, args[0], placement_unpack(args[1]));
  return 0;
}

Value native_put(Vm *vm, Value *args) {
  place_checked(vm, args[0], (Placement){.tile = (int)args[1], .at = cell_unpack(args[2])});
  return 0;
}

/* ---- enumeration ---- */

typedef struct FilterCtx {
  Vm *vm;
  Value board;
  int fn;
} FilterCtx;

/* After a failure every remaining candidate is dropped without calling
 * the script again; the error propagates when enumeration returns. */
static bool script_filter(void *ctx, const Board *b, Placement p) {
  FilterCtx *f = ctx;
  (void)b; /* the script reaches the board through its number */
  if (vm_failed(f->vm)) return false;
  Value args[2] = {f->board, placement_pack(p)};
  Value keep = vm_call(f->vm, f->fn, args, 2);
  return !vm_failed(f->vm) && keep != 0;
}

/* A short list of values (the wild or match-anything values), read in place
 * (the heap does not move while a native runs). The limit is the documented
 * one. */
enum { MATCH_VALUES = 8 };

static bool read_values(Vm *vm, Value list, const int64_t **values, int *count) {
  *count = vm_list_len(vm, list);
  if (*count > MATCH_VALUES) {
    vm_error(vm, "placements_matching takes at most %d wild or match-anything values, not %d",
             MATCH_VALUES, *count);
    return false;
  }
  *values = vm_list_items(vm, list);
  return true;
}

static Value enumerate(Vm *vm, Value *args, PlaceMode mode, bool filtered);
static Value enumerate_climbs(Vm *vm, Value *args, PlaceMode mode, bool filtered, bool match,
                              bool apart);
static Value placement_list(Vm *vm, const int64_t *buf, int n);

Value native_placements_match(Vm *vm, Value *args) {
  MatchRule rule;
  Board *b = vm_board_inline(vm, args[0]);
  if (!b || !vm_tile_inline(vm, args[1]) || !read_values(vm, args[2], &rule.wild, &rule.wild_count) ||
      !read_values(vm, args[3], &rule.any, &rule.any_count))
    return 0;
  if (placement_depth >= MAX_NESTING) { /* called from a filter that deep: no buffer left */
    vm_error(vm, "placements nested more than %d deep in filters", MAX_NESTING);
    return 0;
  }
  int64_t *buf = placement_buf[placement_depth]; /* runs no script: needs no depth of its own */
  int n = match_placements_packed(b, vm->tiles, (int)args[1], &rule, buf, MAX_PLACEMENTS + 1);
  return placement_list(vm, buf, n);
}

static Value enumerate(Vm *vm, Value *args, PlaceMode mode, bool filtered) {
  return enumerate_climbs(vm, args, mode, filtered, false, false);
}

/* enumerate with the climb options of PLACE_STACK (board.h). */
static Value enumerate_climbs(Vm *vm, Value *args, PlaceMode mode, bool filtered, bool match,
                              bool apart) {
  Board *b = vm_board_inline(vm, args[0]);
  if (!b || !vm_tile_inline(vm, args[1])) return 0;
  if (placement_depth >= MAX_NESTING) {
    vm_error(vm, "placements nested more than %d deep in filters", MAX_NESTING);
    return 0;
  }
  FilterCtx ctx = {vm, args[0], filtered ? (int)args[2] : -1};
  PlaceOptions opt = {.filter = filtered ? script_filter : NULL, .ctx = &ctx,
                      .packed = placement_buf[placement_depth++], .stack_match = match,
                      .stack_apart = apart};
  int n = board_placements_with(b, vm_tiles(vm), (int)args[1], mode, &opt, NULL,
                                MAX_PLACEMENTS + 1);
  placement_depth--;
  if (vm_failed(vm)) return 0;
  return placement_list(vm, opt.packed, n);
}

/* The script's list of packed placements (each knowing its grid). */
static Value placement_list(Vm *vm, const int64_t *buf, int n) {
  if (n > MAX_PLACEMENTS) {
    vm_error(vm, "too many placements (more than %d)", MAX_PLACEMENTS);
    return 0;
  }
  return vm_list_from(vm, buf, n, false);
}

Value native_placements(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_ADJACENT, false); }
Value native_placements_f(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_ADJACENT, true); }
Value native_anywhere(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_ANYWHERE, false); }
Value native_anywhere_f(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_ANYWHERE, true); }
Value native_stackings(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_STACK, false); }
Value native_stackings_f(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_STACK, true); }
Value native_stackings_uneven(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_STACK_UNEVEN, false); }
Value native_stackings_uneven_f(Vm *vm, Value *args) { return enumerate(vm, args, PLACE_STACK_UNEVEN, true); }
/* A climb: every value equal to the one under it; args[2] asks for the
 * cells underneath to belong to pairwise different placings. */
Value native_stackings_match(Vm *vm, Value *args) {
  return enumerate_climbs(vm, args, PLACE_STACK, false, true, args[2] != 0);
}

/* ---- reading the board ---- */

Value native_covers(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  Placement p = placement_unpack(args[1]);
  const TileDef *t = b ? vm_tile(vm, p.tile) : NULL;
  if (!t) return 0;
  Coord cells[TILE_MAX_CELLS];
  int n = placement_cells((GridKind)b->spec.grid, t, p, cells);
  return cell_list(vm, cells, n);
}

Value native_value(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  const BoardCell *c = b ? top_cell(b, args[1]) : NULL;
  return c ? c->value : -1;
}

Value native_occupied(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  return b && top_cell(b, args[1]) != NULL;
}

Value native_tile_at(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  const BoardCell *c = top_cell(b, args[1]);
  if (!c) {
    Coord at = cell_unpack(args[1]);
    vm_error(vm, "tile_at(%d,%d): the cell is empty", at.x, at.y);
    return 0;
  }
  return c->tile;
}

Value native_level(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  const BoardCell *c = b ? top_cell(b, args[1]) : NULL;
  return c ? c->level : -1;
}

/* Direction order, so neighbors(b, c)[d] is the step in direction d on
 * unbounded boards; fixed boards leave out cells beyond the edge. */
Value native_neighbors(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  GridKind g = (GridKind)b->spec.grid;
  Coord out[6];
  int n = 0;
  for (int d = 0; d < grid_dir_count(g); d++) {
    Coord c = grid_step(g, cell_unpack(args[1]), d);
    if (board_in_bounds(b, c)) out[n++] = c;
  }
  return cell_list(vm, out, n);
}

Value native_cells(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  Value out = vm_list_new(vm, b->tops, false);
  if (vm_failed(vm)) return 0;
  Value *v = vm_list_items(vm, out);
  for (int e = 0, i = 0; e < b->count; e++) {
    const BoardCell *c = board_cell(b, e);
    if (is_top(b, e)) v[i++] = cell_pack((Coord){c->x, c->y});
  }
  return out;
}

Value native_filled(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  return b ? b->tops : 0;
}

Value native_bounds(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  if (b->count == 0) {
    vm_error(vm, "bounds of an empty board");
    return 0;
  }
  Value box[4] = {b->min_x, b->min_y, b->max_x, b->max_y};
  Value out = vm_list_new(vm, 4, false);
  if (vm_failed(vm)) return 0;
  for (int i = 0; i < 4; i++) vm_list_items(vm, out)[i] = box[i];
  return out;
}

/* The bit of value v in a mask of values 0..63 (0 for any other), without
 * a branch. */
static inline uint64_t value_bit(Value v) { return (uint64_t)((uint64_t)v < 64) << (v & 63); }

/* The values 0..63 of a list as a mask; regions take no others (see
 * board_regions). */
static uint64_t value_mask(Vm *vm, Value list) {
  uint64_t mask = 0;
  int32_t n = vm_list_len(vm, list);
  const Value *v = vm_list_items(vm, list);
  for (int32_t i = 0; i < n; i++) mask |= value_bit(v[i]);
  return mask;
}

/* A list of values to test cells against: those in 0..63 as a mask (one
 * test per cell); any others (rare: a start token's 99) compared one by
 * one, only when the list has some. */
typedef struct ValueSet {
  uint64_t mask;
  bool others;
  int32_t n;
  const Value *values;
} ValueSet;

static inline __attribute__((always_inline)) ValueSet value_set(Vm *vm, Value list) {
  ValueSet s = {0, false, vm_list_len(vm, list), vm_list_items(vm, list)};
  for (int32_t i = 0; i < s.n; i++) {
    if ((uint64_t)s.values[i] < 64) s.mask |= (uint64_t)1 << s.values[i];
    else s.others = true;
  }
  return s;
}

static bool listed(const Value *values, int32_t n, int v) {
  for (int32_t j = 0; j < n; j++)
    if (values[j] == v) return true;
  return false;
}

static inline bool in_set(const ValueSet *s, int v) {
  return (unsigned)v < 64 ? (s->mask >> v & 1) != 0 : s->others && listed(s->values, s->n, v);
}

/* The region natives' working arrays (board_scan_cells and
 * board_scan_counts): on the stack for boards up to REGION_STACK cells
 * (every game so far), in the heap's scratch beyond. */
enum { REGION_STACK = 256 };
typedef struct RegionWork {
  int32_t scratch_here[REGION_STACK], start_here[REGION_STACK + 1];
  int64_t items_here[REGION_STACK];
  int32_t *scratch, *start;
  int64_t *items; /* cells, or counts */
} RegionWork;

/* The arrays for b with room for `per_cell` items per cell. */
static inline __attribute__((always_inline)) bool region_work(Vm *vm, const Board *b, int per_cell,
                                                              RegionWork *w) {
  size_t n = (size_t)b->count, items = n * (size_t)per_cell;
  w->scratch = w->scratch_here, w->start = w->start_here, w->items = w->items_here;
  if (n > REGION_STACK && (!(w->scratch = vm_scratch(vm, n * sizeof *w->scratch)) ||
                           !(w->start = vm_scratch(vm, (n + 1) * sizeof *w->start))))
    return false;
  return items <= REGION_STACK || (w->items = vm_scratch(vm, items * sizeof *w->items));
}

/* The script's [[...]]: list r holds items[start[r] .. start[r + 1] - 1],
 * or without start the `stride` items from r * stride; none: the permanent
 * empty list of lists, with no allocation. The outer list is made first
 * and each inner one stored into it at once, so every list made here is
 * reachable from the result (item pointers taken after each allocation). A
 * loop, not vm_list_from: a few items each. */
static Value nested_lists(Vm *vm, const int64_t *items, const int32_t *start, int stride, int n) {
  if (n == 0) return VM_EMPTY_LISTS;
  Value out = vm_list_new(vm, n, true);
  if (vm_failed(vm)) return 0;
  for (int r = 0; r < n; r++) {
    int32_t from = start ? start[r] : r * stride, len = start ? start[r + 1] - from : stride;
    Value inner = vm_list_new(vm, len, false);
    if (vm->failed) return 0;
    Value *v = vm_list_items(vm, inner);
    for (int32_t i = 0; i < len; i++) v[i] = items[from + i];
    vm_list_items(vm, out)[r] = inner;
  }
  return out;
}

/* The regions of b for `values` holding some value of each need[g], as the
 * script's lists of cells. */
static Value cell_regions(Vm *vm, Value board, Value values, const uint64_t *need, int groups) {
  Board *b = vm_board(vm, board);
  RegionWork w;
  if (!b || !region_work(vm, b, 1, &w)) return 0;
  uint64_t mask = value_mask(vm, values);
  RegionScan s;
  board_region_scan(b, mask, &s);
  int regions = board_scan_cells(&s, mask, need, groups, w.scratch, w.items, w.start);
  return nested_lists(vm, w.items, w.start, 0, regions);
}

Value native_regions(Vm *vm, Value *args) { return cell_regions(vm, args[0], args[1], NULL, 0); }

/* The regions (as `regions` finds them, in its order) holding, for every
 * group of values, some cell showing a value of that group: "a region of
 * v-or-wild cells with at least one v and one wild" is
 * regions_with_all(b, [v, 0], [[v], [0]]). */
Value native_regions_with_all(Vm *vm, Value *args) {
  int32_t groups = vm_list_len(vm, args[2]);
  if (groups > BOARD_GROUPS_MAX) {
    vm_error(vm, "regions_with_all: at most %d groups of values, got %d", BOARD_GROUPS_MAX, groups);
    return 0;
  }
  uint64_t need[BOARD_GROUPS_MAX];
  for (int32_t g = 0; g < groups; g++) need[g] = value_mask(vm, vm_list_items(vm, args[2])[g]);
  return cell_regions(vm, args[0], args[1], need, groups);
}

/* region_counts(b, values) over a scan holding `values`: per region of
 * regions(b, values) showing every listed value, how many of its cells
 * show each — regions_with_all(b, values, [[v] for v in values]), counted,
 * with no list of cells made. */
static inline __attribute__((always_inline)) Value count_regions(Vm *vm, const RegionScan *s,
                                                                 Value values) {
  int32_t n = vm_list_len(vm, values);
  if (n > BOARD_GROUPS_MAX) {
    vm_error(vm, "region_counts: at most %d values, got %d", BOARD_GROUPS_MAX, n);
    return 0;
  }
  uint64_t need[BOARD_GROUPS_MAX], mask = 0; /* each value its own group */
  const Value *v = vm_list_items(vm, values);
  for (int32_t i = 0; i < n; i++) mask |= need[i] = value_bit(v[i]);
  RegionWork w;
  if (!region_work(vm, s->b, n, &w)) return 0;
  int regions = board_scan_counts(s, mask, need, n, w.scratch, w.items);
  return nested_lists(vm, w.items, NULL, n, regions);
}

Value native_region_counts(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  RegionScan s;
  board_region_scan(b, value_mask(vm, args[1]), &s);
  return count_regions(vm, &s, args[1]);
}

/* Several queries at once: [region_counts(b, q) for q in queries], from one
 * scan of the board for all their values — a scoring pass asks one
 * question per value, and reading the board is most of the cost of each. */
Value native_region_counts_each(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  int32_t n = vm_list_len(vm, args[1]);
  uint64_t all = 0;
  for (int32_t i = 0; i < n; i++) all |= value_mask(vm, vm_list_items(vm, args[1])[i]);
  RegionScan s;
  board_region_scan(b, all, &s);
  Value out = vm_list_new(vm, n, true); /* as nested_lists: reachable at once */
  if (vm_failed(vm)) return 0;
  for (int32_t i = 0; i < n; i++) {
    Value counts = count_regions(vm, &s, vm_list_items(vm, args[1])[i]);
    if (vm_failed(vm)) return 0;
    vm_list_items(vm, out)[i] = counts;
  }
  return out;
}

/* count_values on a board with a byte-wide direct index, for values 0..63:
 * the index and the value in locals, one look-up per cell. */
static Value count_direct(const Board *b, const Value *cells, int32_t n, uint64_t mask) {
  const BoardCell *entries = board_cell(b, 0);
  const uint8_t *ix = (const uint8_t *)b + b->index_at;
  const int ox = b->ox, oy = b->oy;
  const unsigned dw = (unsigned)b->dw, dh = (unsigned)b->dh;
  Value count = 0;
  for (int32_t i = 0; i < n; i++) {
    unsigned x = (unsigned)((int16_t)cells[i] - ox), y = (unsigned)((int16_t)(cells[i] >> 16) - oy);
    unsigned slot = x < dw && y < dh ? ix[y * dw + x] : 0;
    unsigned v = slot ? (uint16_t)entries[slot - 1].value : 64; /* 64: nothing to count */
    count += v < 64 && (mask >> v & 1);
  }
  return count;
}

/* Empty cells show no value, so they never count, even if -1 is listed. */
Value native_count_values(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  ValueSet s = value_set(vm, args[2]);
  int32_t n = vm_list_len(vm, args[1]);
  const Value *cells = vm_list_items(vm, args[1]);
  if (b->dw && b->spec.capacity <= 255 && !s.others) return count_direct(b, cells, n, s.mask);
  const BoardCell *entries = board_cell(b, 0);
  Value count = 0;
  for (int32_t i = 0; i < n; i++) {
    int e = board_top(b, cell_unpack(cells[i]));
    count += e >= 0 && in_set(&s, entries[e].value);
  }
  return count;
}

/* The occupied cells (top level) showing a value in `values` — any value,
 * a start token's 99 too — in the order `cells` lists them, into out. One
 * loop per `stacked`, so the plain one tests nothing but the value. */
static inline __attribute__((always_inline)) int32_t showing(const Board *b, const ValueSet *s,
                                                            int64_t *out, bool stacked) {
  const BoardCell *c = board_cell(b, 0);
  int32_t n = 0;
  for (int e = 0; e < b->count; e++)
    if (in_set(s, c[e].value) && (!stacked || is_top(b, e)))
      out[n++] = cell_pack((Coord){c[e].x, c[e].y});
  return n;
}

/* Whether few cells show the values (a start token, say) on a board keeping
 * value words; then *word holds them. */
enum { FEW_SHOWING = 8 };
static bool few_showing(const Board *b, const ValueSet *s, uint64_t *word) {
  const ValueWords *vw = board_value_words(b);
  if (!vw) return false;
  uint64_t w = 0;
  for (int32_t i = 0; i < s->n; i++) /* a cell's value is an int16 */
    if (s->values[i] == (int16_t)s->values[i]) w |= board_value_word(b, vw, (int)s->values[i]);
  *word = w;
  int bits = 0;
  for (; w && bits <= FEW_SHOWING; w &= w - 1) bits++;
  return bits <= FEW_SHOWING;
}

/* One pass into a buffer (on the stack for boards up to REGION_STACK
 * cells), one copy — or, when few cells show the values, their word from
 * the board's value words, in entry order. */
Value native_cells_showing(Vm *vm, Value *args) {
  Board *b = vm_board(vm, args[0]);
  if (!b) return 0;
  ValueSet s = value_set(vm, args[1]);
  int64_t here[REGION_STACK], *out = here;
  uint64_t word;
  int32_t n;
  if (few_showing(b, &s, &word)) {
    n = board_word_cells(b, word, out);
  } else {
    if (b->count > REGION_STACK && !(out = vm_scratch(vm, (size_t)b->count * sizeof *out))) return 0;
    n = b->spec.levels > 1 ? showing(b, &s, out, true) : showing(b, &s, out, false);
  }
  Value list = n ? vm_list_new(vm, n, false) : VM_EMPTY;
  if (vm_failed(vm)) return 0;
  Value *items = vm_list_items(vm, list);
  for (int32_t i = 0; i < n; i++) items[i] = out[i]; /* a few: no memcpy call */
  return list;
}
