/* engine.c — the public API over the VM: matches, states, decisions, moves
 * and results. A state is a flat block plus a pointer to its match; every
 * operation binds the match's VM to that block, runs, and detaches. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "engine.h"
#include "grow.h"
#include "text_index.h"

/* ---- matches ---- */

static TsMatch *match_new(const TsProgram *prog, int players) {
  TsMatch *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->prog = prog;
  m->players = players;
  m->seats = players + prog->program->ghosts;
  m->vm = vm_new(prog->program, players, m->seats);
  if (!m->vm) {
    free(m);
    return NULL;
  }
  m->refs = 1;
  return m;
}

static void match_free(TsMatch *m) {
  vm_free(m->vm);
  free(m->set_up);
  free(m);
}

static void match_release(TsMatch *m) {
  if (--m->refs > 0 || m->kept) return;
  match_free(m);
}

/* The match a new game of `players` plays in: the program's kept one (made
 * and kept on first use), so that its VM — threaded code, tiles, board
 * layout — and its set-up copy serve every game. A match without a set-up
 * copy runs the set-up again for each game, rebuilding the match's tiles:
 * while other states use it, the game takes a match of its own instead. */
static TsMatch *match_for_game(const TsProgram *cprog, int players) {
  TsProgram *prog = (TsProgram *)cprog; /* the kept matches are a cache, not the program */
  TsMatch *m = prog->kept;
  while (m && m->players != players) m = m->next_kept;
  if (m && (m->set_up || m->refs == 0)) {
    m->refs++;
    return m;
  }
  if (m) return match_new(cprog, players);
  m = match_new(cprog, players);
  if (!m) return NULL;
  m->kept = true;
  m->next_kept = prog->kept;
  prog->kept = m;
  return m;
}

/* ---- error texts ----
 * A state's error is its own copy of the VM's message. When even that copy
 * cannot be made the state keeps this fixed text, so a game that ended in an
 * error never reads as an error-free one. */
static char out_of_memory_text[] = "out of memory";

static void drop_error(TsState *s) {
  if (s->error != out_of_memory_text) free(s->error);
  s->error = NULL;
}

static void keep_error(TsState *s, const char *text) {
  drop_error(s);
  s->error = strdup(text);
  if (!s->error) s->error = out_of_memory_text;
}

/* src's error text for another state (the fixed text is shared); false when
 * the copy could not be made. */
static bool copy_error(const TsState *src, char **out) {
  *out = src->error;
  if (!src->error || src->error == out_of_memory_text) return true;
  *out = strdup(src->error);
  return *out != NULL;
}

/* ---- binding a state to the VM ---- */

/* A run's fresh start: no error yet, a full step budget. */
static void rearm(Vm *vm) {
  vm->failed = false;
  vm->error_located = false;
  vm->error[0] = 0;
  vm->steps_left = vm->step_budget;
}

static void bind(TsState *s) {
  Vm *vm = s->match->vm;
  vm->blockp = &s->block;
  vm->block_cap = &s->cap;
  rearm(vm);
  vm_rebind(vm);
}

static void invalidate_texts(TsState *s) { s->texts_valid = false; }

/* ---- hot states ----
 * Packing a state's tail into its block at every decision (and unpacking it
 * to apply the next move) is what makes the block a complete, canonical
 * position — but a playout never looks at the block. So a state reaching a
 * decision stays "hot": its frames, stack and lists stay in the match's VM,
 * and the next ts_apply on it runs on at once. Anything that reads the
 * block's tail (hash, size, clone, copy, texts, observation, rendering)
 * settles it first: one vm_pack, giving exactly the bytes an immediate pack
 * would have (the collector copies from the roots, whatever the garbage).
 * One state per match can be hot; using the VM for another state settles
 * it. The working heap keeps the garbage of several decisions, so a state
 * is settled anyway once a quarter of the heap is in use: every decision
 * still finds at least three quarters of the heap free. */

static void make_hot(TsState *s) {
  s->hot = true;
  s->match->hot = s;
}

static void forget_hot(TsState *s) { /* its working data is no longer wanted */
  if (!s->hot) return;
  s->hot = false;
  s->match->hot = NULL;
}

/* vm_pack; when it ran out of memory the state ends in that error. */
static bool pack(TsState *s, Value *options) {
  if (vm_pack(s->match->vm, options)) return true;
  keep_error(s, s->match->vm->error);
  return false;
}

void engine_settle(const TsState *cs) {
  TsState *s = (TsState *)cs; /* the position does not change, only where it lives */
  if (!s->hot) return;
  Vm *vm = s->match->vm;
  vm->blockp = &s->block;
  vm->block_cap = &s->cap;
  vm_rebind(vm);
  Value options = s->block->options;
  pack(s, &options);
  s->block->options = options;
  forget_hot(s);
}

/* Before s uses its match's VM: another hot state moves to its block. */
static void claim_vm(TsState *s) {
  if (s->match->hot && s->match->hot != s) engine_settle(s->match->hot);
}

/* A run that ended the game or failed: a stale options handle would only
 * vary the hash; an error is recorded, and the frames dropped. */
static __attribute__((noinline)) int finish_ended(TsState *s, int status, char *err, size_t errlen) {
  Vm *vm = s->match->vm;
  s->block->options = 0;
  if (status != RUN_ERROR) {
    return pack(s, NULL) ? 0 : -1;
  }
  keep_error(s, vm->error);
  vm->frame_count = 0;
  vm->sp = 0;
  pack(s, NULL);
  s->block->status = STATE_ERROR;
  if (err) snprintf(err, errlen, "%s", vm->error);
  return -1;
}

/* After a run: keep the tail hot at a decision (its options included), or
 * finish_ended. Inline: a decision is the common end of a run. */
static inline int finish_run(TsState *s, int status, char *err, size_t errlen) {
  invalidate_texts(s);
  if (status != RUN_YIELD) return finish_ended(s, status, err, errlen);
  Vm *vm = s->match->vm;
  s->block->decisions++;
  make_hot(s);
  if (vm->heap_used > vm->heap_cap >> 2) engine_settle(s); /* a quarter: see make_hot */
  return 0;
}

/* Lays out an empty block for the match and starts the program: the tiles
 * and boards are (re)built by its set-up. */
static bool lay_out_block(TsState *s, uint64_t seed) {
  const Program *p = s->match->prog->program;
  Vm *vm = s->match->vm;
  size_t fixed = sizeof(StateHeader) + sizeof(Value) * (size_t)p->global_slots;
  if (s->cap < fixed + 4096) {
    if (!grow_bytes(&s->block, fixed + 4096)) return false;
    s->cap = fixed + 4096;
  }
  memset(s->block, 0, fixed);
  StateHeader *b = s->block;
  b->globals_at = sizeof(StateHeader);
  b->boards_at = b->tail_at = (int32_t)fixed;
  b->size = (uint32_t)fixed;
  b->players = s->match->players;
  b->status = STATE_RUNNING;
  vm_seed(b, seed);
  Value *globals = (Value *)((char *)b + b->globals_at);
  for (int g = 0; g < p->global_count; g++) {
    if (strncmp(p->globals[g].type, "[[", 2) != 0) continue;
    for (int k = 0; k < (p->globals[g].per_seat ? p->seat_width : 1); k++) globals[p->globals[g].slot + k] = VM_EMPTY_LISTS;
  }
  vm->tile_count = 0;
  vm->boards_ready = false;
  for (int i = 0; i < p->board_numbers; i++) vm->board_at[i] = -1;
  bind(s);
  vm->frame_count = 0;
  vm->sp = 0;
  vm_heap_init_empties(vm->heap);
  vm->heap_used = VM_EMPTY_LISTS + 1;
  vm_push_frame(vm, p->main_fn, 0);
  return true;
}

/* Runs the set-up to its end and keeps the position there when it is the
 * same for every seed: the generator untouched (compared with a fresh seed),
 * nothing printed (a game started from the copy would not print it) and no
 * error. Packing it, then unpacking to go on, is exactly what a later
 * restart from the copy does, so both paths play the same game. */
static int run_set_up(TsState *s, uint64_t seed) {
  TsMatch *m = s->match;
  Vm *vm = m->vm;
  uint64_t prints_before = natives_prints_made();
  vm->stop_at_set_up = true;
  int status = vm_run(vm, 0);
  vm->stop_at_set_up = false;
  if (status != RUN_SET_UP) return status;
  StateHeader fresh;
  vm_seed(&fresh, seed);
  if (!pack(s, NULL)) return RUN_ERROR;
  bool printed = natives_prints_made() != prints_before;
  if (!m->set_up_tried && !printed && memcmp(fresh.rng, s->block->rng, sizeof fresh.rng) == 0) {
    m->set_up = malloc(s->block->size); /* only a shortcut: none if memory ran out */
    if (m->set_up) memcpy(m->set_up, s->block, s->block->size);
  }
  m->set_up_tried = true;
  if (!vm_unpack(vm)) return RUN_ERROR;
  return vm_run(vm, 0);
}

static bool restart_from_set_up(TsState *s, uint64_t seed) {
  const StateHeader *from = s->match->set_up;
  if (s->cap < from->size && grow_bytes(&s->block, from->size)) s->cap = from->size;
  if (s->cap < from->size) { /* the old position ends in the error */
    bind(s);
    vm_drop_position(s->match->vm);
    return false;
  }
  memcpy(s->block, from, from->size);
  vm_seed(s->block, seed);
  bind(s);
  return vm_unpack(s->match->vm);
}

/* False only when a first block could not be made: the state is unusable. */
static bool start_game(TsState *s, uint64_t seed) {
  forget_hot(s);
  claim_vm(s);
  drop_error(s);
  int status;
  if (s->match->set_up) {
    if (!s->block) { /* a new game's state: no old position to end in the error */
      size_t room = s->match->set_up->size + 4096; /* as lay_out_block: the game grows in it */
      if (!grow_bytes(&s->block, room)) return false;
      s->cap = room;
    }
    status = restart_from_set_up(s, seed) ? vm_run(s->match->vm, 0) : RUN_ERROR;
  } else {
    if (!lay_out_block(s, seed)) return false;
    status = run_set_up(s, seed);
  }
  finish_run(s, status, NULL, 0);
  return true;
}

TsState *ts_new_game(const TsProgram *prog, int players, uint64_t seed, char *err, size_t errlen) {
  const Program *p = prog->program;
  if (p->module) {
    snprintf(err, errlen, "%s is a module, not a game: it has no 'game', 'players' or 'play' to play", p->files[0]);
    return NULL;
  }
  if (players == 0) players = p->min_players;
  if (players < p->min_players || players > p->max_players) {
    if (p->min_players == p->max_players)
      snprintf(err, errlen, "%s is for %d players, not %d", p->name, p->min_players, players);
    else
      snprintf(err, errlen, "%s is for %d to %d players, not %d", p->name, p->min_players, p->max_players, players);
    return NULL;
  }
  TsState *s = calloc(1, sizeof *s);
  if (s) s->match = match_for_game(prog, players);
  if (!s || !s->match || !start_game(s, seed)) {
    if (s && s->match) ts_free(s);
    else free(s);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  return s;
}

void ts_reset(TsState *s, uint64_t seed) {
  /* Without a set-up copy the program rebuilds the match's tiles: other
   * states sharing them must keep theirs, so take a fresh match. */
  if (s->match->refs > 1 && !s->match->set_up) {
    forget_hot(s);
    const TsProgram *prog = s->match->prog;
    int players = s->match->players;
    TsMatch *fresh = match_new(prog, players);
    if (fresh) { /* out of memory: the shared match rebuilds the same tiles */
      match_release(s->match);
      s->match = fresh;
    }
  }
  start_game(s, seed);
}

TsState *ts_clone(const TsState *src) {
  engine_settle(src);
  TsState *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->cap = src->block->size;
  s->block = malloc(s->cap);
  if (!s->block || !copy_error(src, &s->error)) {
    free(s->block);
    free(s);
    return NULL;
  }
  s->match = src->match;
  s->match->refs++;
  memcpy(s->block, src->block, src->block->size);
  return s;
}

int ts_copy(TsState *dst, const TsState *src) {
  if (dst == src) return 0;
  engine_settle(src);
  char *error;
  if (!copy_error(src, &error)) return -1;
  if (dst->cap < src->block->size) { /* on failure the old block, hot or not, stays as it was */
    if (!grow_bytes(&dst->block, src->block->size)) {
      if (error != src->error) free(error);
      return -1;
    }
    dst->cap = src->block->size;
  }
  forget_hot(dst);
  memcpy(dst->block, src->block, src->block->size);
  if (dst->match != src->match) {
    src->match->refs++;
    match_release(dst->match);
    dst->match = src->match;
  }
  drop_error(dst);
  dst->error = error;
  invalidate_texts(dst);
  return 0;
}

void ts_free(TsState *s) {
  if (!s) return;
  forget_hot(s);
  match_release(s->match);
  free(s->block);
  drop_error(s);
  free(s->texts);
  free(s->text_at);
  free(s);
}

uint64_t ts_hash(const TsState *s) {
  engine_settle(s);
  return XXH3_64bits(s->block, s->block->size);
}

size_t ts_state_bytes(const TsState *s) {
  engine_settle(s);
  return s->block->size;
}
int ts_players(const TsState *s) { return s->match->players; }
int ts_seats(const TsState *s) { return s->match->seats; }
bool ts_is_over(const TsState *s) { return s->block->status != STATE_DECISION; }
const char *ts_error(const TsState *s) { return s->error; }
int ts_current_seat(const TsState *s) { return ts_is_over(s) ? -1 : s->block->seat; }
bool ts_decision_secret(const TsState *s) {
  return !ts_is_over(s) && (s->block->option_type & OPTIONS_SECRET) != 0;
}

void ts_set_limits(TsState *s, TsLimits limits) {
  Vm *vm = s->match->vm;
  if (s->match->hot) engine_settle(s->match->hot); /* the heap may shrink */
  if (limits.steps > 0) vm->step_budget = limits.steps;
  if (limits.heap_bytes > 0) {
    int64_t words = (int64_t)(limits.heap_bytes / sizeof(Value));
    if (words < 64) words = 64;
    if (grow_bytes(&vm->heap, sizeof(Value) * (size_t)words)) vm->heap_cap = words; /* else the old limit stays */
  }
}

/* ---- decisions ---- */

const Value *engine_heap(const TsState *s) {
  engine_settle(s);
  const StateHeader *b = s->block;
  const char *tail = (const char *)b + b->tail_at;
  return (const Value *)(tail + sizeof(Frame) * (size_t)b->frame_count) + b->stack_count;
}

int engine_list_len(const TsState *s, Value list) { return (int)(engine_heap(s)[list] & HEAP_LEN_MASK); }

void engine_format(const TsState *s, const char *type, Value v, char *buf, size_t cap) {
  if (type[0] != '[') {
    vm_format_value(s->match->vm, type, v, buf, cap);
    return;
  }
  const Value *heap = engine_heap(s);
  int n = engine_list_len(s, v);
  size_t used = (size_t)snprintf(buf, cap, "[");
  for (int i = 0; i < n && used + 1 < cap; i++) {
    if (i) used += (size_t)snprintf(buf + used, cap - used, ", ");
    if (used + 1 >= cap) break;
    engine_format(s, type + 1, heap[v + 1 + i], buf + used, cap - used);
    used += strlen(buf + used);
  }
  if (used + 1 < cap) snprintf(buf + used, cap - used, "]");
}

static inline const Value *options_of(const TsState *s, int *count) {
  const StateHeader *b = s->block;
  const Value *heap = s->hot ? s->match->vm->heap : engine_heap(s); /* a playout reads them hot */
  if (ts_is_over(s)) { /* b->options is then a stale handle: do not read it */
    *count = 0;
    return heap;
  }
  *count = (int)(heap[b->options] & HEAP_LEN_MASK);
  return &heap[b->options + 1];
}

const Value *engine_options(const TsState *s, int *count) { return options_of(s, count); }

int ts_legal_count(const TsState *s) {
  int n;
  options_of(s, &n);
  return n;
}

/* Texts of all options, made unique with " #2", " #3": built once per
 * decision and cached in the state (not in the block). */
static void build_texts(TsState *s) {
  if (s->texts_valid) return;
  engine_settle(s);
  int n;
  const Value *opts = engine_options(s, &n);
  Vm *vm = s->match->vm;
  const char *type = s->match->prog->program->strings[s->block->option_type & ~OPTIONS_SECRET];
  size_t used = 0;
  s->text_count = 0; /* out of memory: the texts are "?" and no text finds a move */
  s->texts_valid = true;
  if (!grow_bytes(&s->text_at, sizeof(int) * (size_t)(n + 1))) return;
  TextIndex seen = {0}; /* text -> how many options had it so far */
  for (int i = 0; i < n; i++) {
    char text[256];
    vm_format_value(vm, type, opts[i], text, sizeof text - 16); /* room for " #N" */
    int *same = text_index_slot(&seen, text, strlen(text));
    int count = same ? (*same < 0 ? 1 : *same + 1) : 1;
    if (same) *same = count;
    if (count > 1) snprintf(text + strlen(text), sizeof text - strlen(text), " #%d", count);
    size_t len = strlen(text) + 1;
    if (used + len > s->texts_cap) {
      if (!grow_bytes(&s->texts, (used + len) * 2 + 256)) {
        text_index_free(&seen);
        return;
      }
      s->texts_cap = (used + len) * 2 + 256;
    }
    memcpy(s->texts + used, text, len);
    s->text_at[i] = (int)used;
    used += len;
  }
  text_index_free(&seen);
  s->text_count = n;
  s->texts_valid = true;
}

const char *ts_legal_text(const TsState *s, int i, char *buf, size_t cap) {
  TsState *m = (TsState *)s; /* the cache is not part of the position */
  build_texts(m);
  if (i < 0 || i >= m->text_count) {
    snprintf(buf, cap, "?");
    return buf;
  }
  snprintf(buf, cap, "%s", m->texts + m->text_at[i]);
  return buf;
}

static void normalise(const char *in, char *out, size_t cap) {
  size_t n = 0;
  bool space = false;
  while (*in == ' ' || *in == '\t') in++;
  for (; *in && n + 1 < cap; in++) {
    if (isspace((unsigned char)*in)) {
      space = true;
      continue;
    }
    if (space && n) out[n++] = ' ';
    space = false;
    if (n + 1 < cap) out[n++] = (char)tolower((unsigned char)*in);
  }
  out[n] = 0;
}

int ts_find_move(const TsState *s, const char *text) {
  TsState *m = (TsState *)s;
  build_texts(m);
  char want[256], have[256];
  normalise(text, want, sizeof want);
  for (int i = 0; i < m->text_count; i++) {
    normalise(m->texts + m->text_at[i], have, sizeof have);
    if (strcmp(want, have) == 0) return i;
  }
  return -1;
}

int ts_apply(TsState *s, int option, char *err, size_t errlen) {
  if (ts_is_over(s)) {
    if (err) snprintf(err, errlen, "the game is over");
    return -1;
  }
  int n;
  const Value *options = options_of(s, &n);
  if (option < 0 || option >= n) {
    if (err) snprintf(err, errlen, "option %d does not exist; options are 0 to %d", option, n - 1);
    return -1;
  }
  Value chosen = options[option];
  Vm *vm = s->match->vm;
  if (s->hot) { /* the VM is still bound to this block, its tail in place */
    rearm(vm);
    forget_hot(s); /* running */
  } else {
    claim_vm(s);
    bind(s);
    if (!vm_unpack(vm)) return finish_run(s, RUN_ERROR, err, errlen);
  }
  vm->stack[vm->sp++] = chosen;
  s->block->status = STATE_RUNNING;
  return finish_run(s, vm_run(vm, 0), err, errlen);
}

int ts_apply_text(TsState *s, const char *text, char *err, size_t errlen) {
  int i = ts_find_move(s, text);
  if (i < 0) {
    if (err) snprintf(err, errlen, "'%s' is not a legal move here", text);
    return -1;
  }
  return ts_apply(s, i, err, errlen);
}

Vm *engine_load(TsState *s) {
  engine_settle(s);
  claim_vm(s);
  bind(s);
  return vm_unpack(s->match->vm) ? s->match->vm : NULL;
}

/* ---- results ---- */

static const Value *globals_of(const TsState *s) {
  return (const Value *)((const char *)s->block + s->block->globals_at);
}

int64_t ts_score(const TsState *s, int seat) {
  const Program *p = s->match->prog->program;
  if (p->key_count == 0 || seat < 0 || seat >= s->match->seats) return 0;
  return globals_of(s)[p->keys[0].slot + seat];
}

/* -1 when seat a ranks before seat b, 1 after, 0 tied. */
static int compare_seats(const TsState *s, int a, int b) {
  const Program *p = s->match->prog->program;
  const Value *g = globals_of(s);
  for (int k = 0; k < p->key_count; k++) {
    Value x = g[p->keys[k].slot + a], y = g[p->keys[k].slot + b];
    if (x == y) continue;
    bool a_first = p->keys[k].highest ? x > y : x < y;
    return a_first ? -1 : 1;
  }
  return 0;
}

void ts_ranking(const TsState *s, int *rank) {
  int seats = s->match->seats;
  for (int a = 0; a < seats; a++) {
    rank[a] = 1;
    for (int b = 0; b < seats; b++)
      if (b != a && compare_seats(s, b, a) < 0) rank[a]++;
  }
}

const char *ts_seat_name(const TsState *s, int seat, char *buf, size_t cap) {
  if (seat < s->match->players) snprintf(buf, cap, "P%d", seat + 1);
  else snprintf(buf, cap, "G%d", seat - s->match->players + 1);
  return buf;
}

/* ---- programs ---- */

const char *ts_program_name(const TsProgram *p) { return p->program->name; }
int ts_program_min_players(const TsProgram *p) { return p->program->min_players; }
int ts_program_max_players(const TsProgram *p) { return p->program->max_players; }
int ts_program_variant_count(const TsProgram *p) { return p->program->variant_count; }
const char *ts_program_variant_name(const TsProgram *p, int i) { return p->program->variants[i].name; }
const char *ts_program_variant_doc(const TsProgram *p, int i) { return p->program->variants[i].doc; }
const char *ts_program_variant_requires(const TsProgram *p, int i) { return p->program->variants[i].requires; }
const char *ts_program_variant_includes(const TsProgram *p, int i) { return p->program->variants[i].includes; }
const char *ts_program_variant_excludes(const TsProgram *p, int i) { return p->program->variants[i].excludes; }
int ts_program_option_count(const TsProgram *p) { return p->program->option_count; }
const char *ts_program_option_name(const TsProgram *p, int i) { return p->program->options[i].name; }
const char *ts_program_option_doc(const TsProgram *p, int i) { return p->program->options[i].doc; }
int64_t ts_program_option_default(const TsProgram *p, int i) { return p->program->options[i].default_value; }
int64_t ts_program_option_value(const TsProgram *p, int i) { return p->program->options[i].value; }
int ts_program_ghosts(const TsProgram *p) { return p->program->ghosts; }
const char *ts_program_extends(const TsProgram *p) { return p->program->extends; }
bool ts_program_var_per_player(const TsProgram *p, const char *name) {
  const Program *prog = p->program;
  for (int i = 0; i < prog->global_count; i++)
    if (prog->globals[i].per_seat && strcmp(prog->globals[i].name, name) == 0) return true;
  return false;
}
bool ts_program_is_module(const TsProgram *p) { return p->program->module; }
void ts_program_disassemble(const TsProgram *p, FILE *out) { program_disassemble(p->program, out); }

void ts_program_free(TsProgram *p) {
  if (!p) return;
  while (p->kept) { /* a state still using one (only to be freed now) frees it last */
    TsMatch *m = p->kept;
    p->kept = m->next_kept;
    m->kept = false;
    if (m->refs == 0) match_free(m);
  }
  program_free(p->program);
  free(p);
}
