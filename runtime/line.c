/* line.c — lines of play: packing lays, replaying a line into its open
 * ends, enumerating the lays of a tile, and the natives over `[lay]`
 * lists (line.h has the model). The joint rule is not here: the scripts
 * pass it as a filter (`lays(line, t, joint)`), so "equal values" and
 * "totals 13" are both one-line functions in the rule files. */
#include "line.h"

#include <stdio.h>
#include <string.h>

#include "vm.h"

int64_t line_pack(const LayInfo *l) {
  return (int64_t)((uint64_t)(l->tile & 0xffff) | (uint64_t)(l->end & 0xff) << 16 |
                   (uint64_t)(l->end_value & 0xff) << 24 | (uint64_t)((l->touch + 1) & 0xff) << 32 |
                   (uint64_t)((l->out + 1) & 0xff) << 40 | (uint64_t)(l->way & 3) << 48 |
                   (uint64_t)(l->spin & 3) << 50 | (uint64_t)(l->cell & 1) << 52);
}

LayInfo line_unpack(int64_t lay) {
  uint64_t u = (uint64_t)lay;
  return (LayInfo){(int)(u & 0xffff), (int)(u >> 16 & 0xff), (int)(u >> 24 & 0xff), (int)(u >> 32 & 0xff) - 1,
                   (int)(u >> 40 & 0xff) - 1, (int)(u >> 48 & 3), (int)(u >> 50 & 3), (int)(u >> 52 & 1)};
}

static bool is_double(const TileDef *t) { return t->value[0] == t->value[1]; }

static int open_end(LineState *s, int value, int owner) {
  int e = ++s->count;
  s->ends[e] = (LineEnd){(int16_t)value, false, (int16_t)owner};
  return e;
}

void line_apply(LineState *s, const TileDef *t, int64_t lay, int index) {
  LayInfo l = line_unpack(lay);
  if (l.way == LINE_OPENING) {
    open_end(s, t->value[0], index);
    open_end(s, t->value[1], index);
    return;
  }
  LineEnd *e = &s->ends[l.end];
  int spinner_value = e->value;
  e->spinner = false;
  e->owner = (int16_t)index;
  if (l.way == LINE_INLINE) {
    e->value = (int16_t)l.out;
  } else if (l.way == LINE_SPINNER) {
    e->value = t->value[0];
    e->spinner = true;
  } else {
    e->value = t->value[0];
    open_end(s, t->value[1], index);
  }
  if (l.spin == LINE_END) open_end(s, spinner_value, index);
}

/* The lay as enumeration would make it for this line, for comparison. */
static int64_t expected(const LineState *s, const TileDef *t, int tile, const LayInfo *l) {
  const LineEnd *e = &s->ends[l->end];
  bool dbl = is_double(t);
  LayInfo want = {tile, l->end, e->value, -1, -1, l->way, l->spin, 0};
  if (l->way == LINE_INLINE) {
    want.cell = dbl ? 0 : l->cell;
    want.touch = t->value[want.cell];
    want.out = t->value[1 - want.cell];
  } else if (dbl) {
    want.touch = t->value[0];
  }
  if (l->way == LINE_SPINNER && !dbl) return -1;
  return line_pack(&want);
}

const char *line_check(const LineState *s, const TileDef *tiles, int tile_count, int64_t lay) {
  LayInfo l = line_unpack(lay);
  if (lay < 0 || l.tile >= tile_count || tiles[l.tile].cell_count != 2) return "not a lay of a domino";
  const TileDef *t = &tiles[l.tile];
  if (l.way == LINE_OPENING) {
    LayInfo open = {l.tile, 0, 0, -1, -1, LINE_OPENING, LINE_PLAIN, 0};
    if (s->count > 0) return "the line is already open";
    return lay == line_pack(&open) ? NULL : "not a lay of a domino";
  }
  if (s->count == 0) return "the line is not open yet (lay an opening first)";
  if (l.end < 1 || l.end > s->count) return "no such end";
  if ((l.spin != LINE_PLAIN) != s->ends[l.end].spinner) return "the end is not as the lay says (made for another line?)";
  return lay == expected(s, t, l.tile, &l) ? NULL : "the end is not as the lay says (made for another line?)";
}

int line_replay(const TileDef *tiles, int tile_count, const int64_t *lays, int n, LineState *s,
                char *why, size_t whylen) {
  s->count = 0;
  for (int i = 0; i < n; i++) {
    const char *bad = line_check(s, tiles, tile_count, lays[i]);
    if (bad) {
      if (why) snprintf(why, whylen, "lay %d of the line: %s", i + 1, bad);
      return -1;
    }
    line_apply(s, &tiles[line_unpack(lays[i]).tile], lays[i], i);
  }
  return 0;
}

int line_lays(const LineState *s, const TileDef *tiles, int tile, LayFilter keep, void *ctx, int64_t *out, int cap) {
  const TileDef *t = &tiles[tile];
  bool dbl = is_double(t);
  int n = 0;
  for (int e = 1; e <= s->count; e++) {
    const LineEnd *end = &s->ends[e];
    int first_spin = end->spinner ? LINE_SIDE : LINE_PLAIN, last_spin = end->spinner ? LINE_END : LINE_PLAIN;
    for (int spin = first_spin; spin <= last_spin; spin++) {
      for (int way = 0; way < 4; way++) { /* cell 0 in line, cell 1 in line, across, spinner */
        if ((way == 1 && dbl) || (way == 3 && !dbl)) continue;
        static const int ways[] = {LINE_INLINE, LINE_INLINE, LINE_ACROSS, LINE_SPINNER};
        LayInfo l = {tile, e, end->value, -1, -1, ways[way], spin, way == 1};
        if (way < 2) {
          l.touch = t->value[l.cell];
          l.out = t->value[1 - l.cell];
        } else if (dbl) {
          l.touch = t->value[0];
        }
        int64_t lay = line_pack(&l);
        if (keep && !keep(ctx, lay)) continue;
        if (n < cap) out[n] = lay;
        n++;
      }
    }
  }
  return n;
}

void line_lay_text(const TileDef *tiles, int tile_count, int64_t lay, char *buf, size_t cap) {
  LayInfo l = line_unpack(lay);
  const char *name = l.tile < tile_count ? tiles[l.tile].name : "?";
  if (l.way == LINE_OPENING) {
    snprintf(buf, cap, "%s opens", name);
    return;
  }
  static const char *const spin[] = {"", " side", " end", ""};
  char out[16] = "";
  if (l.way == LINE_INLINE && l.touch != l.out) snprintf(out, sizeof out, " out %d", l.out);
  const char *way = l.way == LINE_ACROSS ? " across" : l.way == LINE_SPINNER ? " spinner" : "";
  snprintf(buf, cap, "%s%s e%d%s%s", name, way, l.end, spin[l.spin], out);
}

/* ---- natives ---- */

static bool read_line(Vm *vm, Value line, LineState *s) {
  char why[128];
  if (line_replay(vm_tiles(vm), vm_tile_count(vm), vm_list_items(vm, line), vm_list_len(vm, line), s, why,
                  sizeof why) < 0) {
    vm_error(vm, "%s", why);
    return false;
  }
  return true;
}

static const TileDef *domino(Vm *vm, Value tile) {
  const TileDef *t = vm_tile(vm, tile);
  if (t && t->cell_count != 2) {
    vm_error(vm, "tile %s is not a domino: only dominoes go in a line of play", t->name);
    return NULL;
  }
  return t;
}

typedef struct ScriptJoint {
  Vm *vm;
  int fn;
} ScriptJoint;

static bool script_joint(void *ctx, int64_t lay) {
  ScriptJoint *j = ctx;
  if (vm_failed(j->vm)) return false;
  Value arg = lay;
  Value keep = vm_call(j->vm, j->fn, &arg, 1);
  return !vm_failed(j->vm) && keep != 0;
}

/* The lays of `count` tiles, tile after tile, each in canonical order: the
 * line is replayed once for a whole hand. */
static Value lays(Vm *vm, Value line, const Value *tiles, int count, int fn) {
  LineState s;
  for (int i = 0; i < count; i++)
    if (!domino(vm, tiles[i])) return 0;
  if (!read_line(vm, line, &s)) return 0;
  int per_tile = s.count * 6, cap = per_tile * count;
  int64_t *buf = cap ? vm_scratch(vm, sizeof *buf * (size_t)cap) : NULL;
  if (cap && !buf) return 0;
  ScriptJoint j = {vm, fn};
  int n = 0;
  for (int i = 0; i < count && !vm_failed(vm); i++)
    n += line_lays(&s, vm_tiles(vm), (int)tiles[i], fn >= 0 ? script_joint : NULL, &j, buf + n, per_tile);
  if (vm_failed(vm)) return 0;
  return vm_list_from(vm, buf, n, false);
}

Value native_lays(Vm *vm, Value *args) { return lays(vm, args[0], &args[1], 1, -1); }
Value native_lays_f(Vm *vm, Value *args) { return lays(vm, args[0], &args[1], 1, (int)args[2]); }

/* The hand is copied to scratch first, so the loop reads no list while the
 * joint callbacks allocate. */
static Value hand_lays(Vm *vm, Value *args, int fn) {
  int count = vm_list_len(vm, args[1]);
  Value *tiles = count ? vm_scratch(vm, sizeof *tiles * (size_t)count) : NULL;
  if (count && !tiles) return 0;
  if (count) memcpy(tiles, vm_list_items(vm, args[1]), sizeof *tiles * (size_t)count);
  return lays(vm, args[0], tiles, count, fn);
}

Value native_lays_hand(Vm *vm, Value *args) { return hand_lays(vm, args, -1); }
Value native_lays_hand_f(Vm *vm, Value *args) { return hand_lays(vm, args, (int)args[2]); }

Value native_opening(Vm *vm, Value *args) {
  if (!domino(vm, args[0])) return 0;
  LayInfo l = {(int)args[0], 0, 0, -1, -1, LINE_OPENING, LINE_PLAIN, 0};
  return line_pack(&l);
}

/* lay(line, l): the line with l made, after checking l fits it. */
Value native_lay(Vm *vm, Value *args) {
  LineState s;
  if (!read_line(vm, args[0], &s)) return 0;
  const char *bad = line_check(&s, vm_tiles(vm), vm_tile_count(vm), args[1]);
  if (bad) {
    char text[64];
    line_lay_text(vm_tiles(vm), vm_tile_count(vm), args[1], text, sizeof text);
    vm_error(vm, "cannot lay %s: %s", text, bad);
    return 0;
  }
  int32_t n = vm_list_len(vm, args[0]);
  Value out = vm_list_new(vm, n + 1, false);
  if (vm_failed(vm)) return 0;
  Value *items = vm_list_items(vm, out);
  memcpy(items, vm_list_items(vm, args[0]), sizeof *items * (size_t)n);
  items[n] = args[1];
  return out;
}

/* ends(line): the value of every end, by number (spent ends included: an
 * end never closes, a dead one just admits nothing). */
Value native_ends(Vm *vm, Value *args) {
  LineState s;
  if (!read_line(vm, args[0], &s)) return 0;
  Value out = vm_list_new(vm, s.count, false);
  if (vm_failed(vm)) return 0;
  for (int e = 1; e <= s.count; e++) vm_list_items(vm, out)[e - 1] = s.ends[e].value;
  return out;
}

Value native_spinners(Vm *vm, Value *args) {
  LineState s;
  if (!read_line(vm, args[0], &s)) return 0;
  int n = 0;
  for (int e = 1; e <= s.count; e++) n += s.ends[e].spinner;
  Value out = vm_list_new(vm, n, false);
  if (vm_failed(vm)) return 0;
  for (int e = 1, k = 0; e <= s.count; e++)
    if (s.ends[e].spinner) vm_list_items(vm, out)[k++] = e;
  return out;
}

Value native_lay_tile(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).tile; }
Value native_lay_end(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).end; }
Value native_lay_value(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).end_value; }
Value native_lay_touch(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).touch; }
Value native_lay_out(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).out; }
Value native_lay_across(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).way == LINE_ACROSS; }
Value native_lay_spins(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).way == LINE_SPINNER; }
Value native_lay_on_spinner(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).spin != LINE_PLAIN; }
Value native_lay_side(Vm *vm, Value *args) { (void)vm; return line_unpack(args[0]).spin == LINE_SIDE; }
