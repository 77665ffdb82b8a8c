/* check.c — the declaration half of the checker: selecting variants,
 * declaring every global name, checking initialisers and bodies in order,
 * and the whole-program checks (yielding calls, unused declarations). */
#include "check_internal.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "program.h"
#include "vm.h"

void check_error(Checker *c, const Node *at, const char *fmt, ...) {
  /* After "out of memory" the checker goes on over tables that miss
   * entries: what it finds then follows from that, not from the file. */
  if (c->out_of_memory) return;
  va_list ap;
  va_start(ap, fmt);
  diag_addv(c->d, DIAG_ERROR, at->file, at->line, at->col, fmt, ap);
  va_end(ap);
}

/* Reported once, with no place: the compile fails, nothing half-built is used. */
void check_out_of_memory(Checker *c) {
  diag_out_of_memory(c->d);
  c->out_of_memory = true;
}

/* Makes room for one more of the `count` elements of `size` bytes at *items
 * (as realloc to count + 1); false, reported once, when memory ran out. */
static bool room_for_one(Checker *c, void *items, int count, size_t size) {
  if (grow_bytes(items, size * (size_t)(count + 1))) return true;
  check_out_of_memory(c);
  return false;
}

void check_warning(Checker *c, const Node *at, const char *fmt, ...) {
  if (!c->warnings || c->out_of_memory) return;
  va_list ap;
  va_start(ap, fmt);
  diag_addv(c->d, DIAG_WARNING, at->file, at->line, at->col, fmt, ap);
  va_end(ap);
}

Symbol *check_lookup_global(Checker *c, const char *name) {
  if (!c->unindexed) {
    int i = text_index_find(&c->symbol_index, name, strlen(name));
    return i >= 0 ? c->symbols[i] : NULL;
  }
  for (int i = 0; i < c->symbol_count; i++)
    if (strcmp(c->symbols[i]->name, name) == 0) return c->symbols[i];
  return NULL;
}

Symbol *check_new_symbol(Checker *c, SymKind kind, const char *name, Node *decl) {
  Symbol *s = ast_alloc(c->ast, sizeof *s);
  memset(s, 0, sizeof *s);
  s->kind = kind;
  s->name = name;
  s->decl = decl;
  return s;
}

static void add_global_symbol(Checker *c, Symbol *s) {
  if (!grow_array(&c->symbols, &c->symbol_cap, c->symbol_count + 1, 64, sizeof *c->symbols)) {
    check_out_of_memory(c);
    return;
  }
  int *first = text_index_slot(&c->symbol_index, s->name, strlen(s->name));
  if (!first) c->unindexed = true;
  else if (*first < 0) *first = c->symbol_count;
  c->symbols[c->symbol_count++] = s;
}

void check_defer(Checker *c, int kind, Node *node, Symbol *callee) {
  if (!grow_array(&c->deferred, &c->deferred_cap, c->deferred_count + 1, 64, sizeof *c->deferred)) {
    check_out_of_memory(c);
    return;
  }
  c->deferred[c->deferred_count++] = (Deferred){node, callee, c->fn, kind};
}

Type *check_list_of(Checker *c, const Node *at, Type *elem) {
  if (elem->kind == TY_ERROR) return elem;
  if (type_depth(elem) >= TS_MAX_LIST_DEPTH) {
    check_error(c, at, "lists nest at most %d deep", TS_MAX_LIST_DEPTH);
    return type_of(TY_ERROR);
  }
  return type_list(elem);
}

Type *check_type_node(Checker *c, Node *n) {
  if (!n) return type_of(TY_VOID);
  if (n->kind == N_TYPE_LIST) return check_list_of(c, n, check_type_node(c, n->a));
  if (n->kind == N_TYPE_ANSWER) {
    Type *t = check_type_node(c, n->a);
    if (t->kind == TY_ERROR) return t;
    if (t->kind >= TY_WORD || t->kind == TY_BOARD) {
      check_error(c, n, "'| word' follows the type of an option (int, player, tile, cell, dir, placement, lay), not %s", tname(t));
      return type_of(TY_ERROR);
    }
    return type_answer(t);
  }
  Type *t = type_from_name(n->name);
  if (!t) {
    static const char *const known[] = {"int", "bool", "player", "tile", "cell", "dir", "placement", "board", "lay", "word", "vertex"};
    const char *hint = diag_suggest(n->name, known, 11);
    if (hint) check_error(c, n, "unknown type '%s'; did you mean '%s'?", n->name, hint);
    else check_error(c, n, "unknown type '%s'; types are int, bool, player, tile, cell, dir, placement, board, lay, word, vertex, [T] and T | word", n->name);
    return type_of(TY_ERROR);
  }
  return t;
}

/* ---- the effective declarations: base game plus selected variants ---- */

typedef struct DeclSet {
  Node **items;
  Node **owners; /* per item: the variant that declared it, NULL for the game */
  int count, cap;
  Node **replaced_params; /* pairs: the game's param, the variant's that replaced it */
  int replaced_count;
} DeclSet;

static void decls_push_owned(Checker *c, DeclSet *s, Node *n, Node *owner) {
  int items_cap = s->cap; /* s->cap counts what both arrays hold */
  if (!grow_array(&s->items, &items_cap, s->count + 1, 64, sizeof *s->items) ||
      !grow_array(&s->owners, &s->cap, s->count + 1, 64, sizeof *s->owners)) {
    check_out_of_memory(c);
    return;
  }
  s->owners[s->count] = owner;
  s->items[s->count++] = n;
}

static void decls_push(Checker *c, DeclSet *s, Node *n) { decls_push_owned(c, s, n, NULL); }

static bool is_singleton(NodeKind k) {
  return k == N_GAME || k == N_PLAYERS || k == N_GHOSTS || k == N_PLAY || k == N_RANK;
}

static bool is_named(NodeKind k) {
  return k == N_PARAM || k == N_OPTION || k == N_TILES || k == N_BOARD || k == N_VAR || k == N_FN;
}

static const char *decl_word(NodeKind k) {
  switch (k) {
  case N_PARAM: return "param";
  case N_OPTION: return "option";
  case N_TILES: return "tiles";
  case N_BOARD: return "board";
  case N_VAR: return "var";
  case N_FN: return "fn";
  default: return "declaration";
  }
}

/* Whether two type annotations (N_TYPE_NAME / N_TYPE_LIST, NULL = none) say
 * the same type. */
static bool same_type_node(const Node *a, const Node *b) {
  if (!a || !b) return a == b;
  if (a->kind != b->kind) return false;
  if (a->kind == N_TYPE_LIST) return same_type_node(a->a, b->a);
  return strcmp(a->name, b->name) == 0;
}

/* A variant's fn replaces the game's only with the same signature: said
 * here, at the variant's line; the game's fn stays, so that its calls are
 * not reported too. */
static bool same_signature(Checker *c, const Node *old, const Node *d) {
  bool same = old->list.count == d->list.count && same_type_node(old->a, d->a);
  for (int i = 0; same && i < d->list.count; i++) same = same_type_node(old->list.items[i]->a, d->list.items[i]->a);
  if (!same)
    check_error(c, d, "variant's fn '%s' must take and return what the game's does (line %d of %s)", d->name,
                old->line, c->ast->files[old->file].path);
  return same;
}

/* The same for a variant's var: its visibility may change, not its type
 * (nor whether it is per player). */
static bool same_var_type(Checker *c, const Node *old, const Node *d) {
  bool same = same_type_node(old->a, d->a) && old->per_player == d->per_player;
  if (!same)
    check_error(c, d, "variant's var '%s' must have the game's type (line %d of %s); only its visibility may change",
                d->name, old->line, c->ast->files[old->file].path);
  return same;
}

/* A variant's declaration replaces the base one of the same kind and name;
 * a new one is marked (aux = 1) so that an unused one can be reported. A
 * variant some of whose declarations a later one replaced is marked too
 * (ival2 = 1): its own additions may then be unused on purpose. */
static void apply_decl(Checker *c, DeclSet *set, Node *d, Node *owner) {
  for (int i = 0; i < set->count; i++) {
    Node *old = set->items[i];
    bool same = (is_singleton(d->kind) && old->kind == d->kind) ||
                (is_named(d->kind) && is_named(old->kind) && strcmp(old->name, d->name) == 0);
    if (same && set->owners[i] && set->owners[i] != owner) set->owners[i]->ival2 = 1;
    if (is_singleton(d->kind) && old->kind == d->kind) {
      set->items[i] = d;
      set->owners[i] = owner;
      return;
    }
    if (is_named(d->kind) && is_named(old->kind) && strcmp(old->name, d->name) == 0) {
      if (old->kind != d->kind)
        check_error(c, d, "variant declares %s '%s' but the game has a %s of that name",
                    decl_word(d->kind), d->name, decl_word(old->kind));
      else if (d->kind == N_VAR ? same_var_type(c, old, d) : d->kind != N_FN || same_signature(c, old, d)) {
        if (d->kind == N_PARAM) {
          if (room_for_one(c, &set->replaced_params, set->replaced_count + 1, sizeof(Node *))) {
            set->replaced_params[set->replaced_count++] = old;
            set->replaced_params[set->replaced_count++] = d;
          }
        }
        set->items[i] = d, set->owners[i] = owner;
      }
      return;
    }
  }
  if (d->kind == N_FN || d->kind == N_PARAM) d->aux = 1;
  decls_push_owned(c, set, d, owner);
}

static Node *find_variant(Checked *out, const char *name) {
  for (int i = 0; i < out->variant_count; i++)
    if (strcmp(out->variants[i]->name, name) == 0) return out->variants[i];
  return NULL;
}

static void report_unknown_variant(Checker *c, const char *name, const Node *at) {
  char list[512] = "";
  for (int i = 0; i < c->out->variant_count; i++) {
    if (i) strncat(list, ", ", sizeof list - strlen(list) - 1);
    strncat(list, c->out->variants[i]->name, sizeof list - strlen(list) - 1);
  }
  const char *names[64];
  int n = c->out->variant_count < 64 ? c->out->variant_count : 64;
  for (int i = 0; i < n; i++) names[i] = c->out->variants[i]->name;
  const char *hint = diag_suggest(name, names, n);
  Node none = {0};
  none.file = 0;
  if (!at) at = &none;
  if (hint) check_error(c, at, "unknown variant '%s'; did you mean '%s'?", name, hint);
  else check_error(c, at, "unknown variant '%s'; variants: %s", name, n ? list : "(none)");
}

static bool selected(const char *const *names, int count, const char *name) {
  for (int i = 0; i < count; i++)
    if (strcmp(names[i], name) == 0) return true;
  return false;
}

/* Adds variant `name` to the selection, after the variants it includes
 * (P8: `includes x` applies x first, once, however often it is included). */
static void select_with_includes(Checker *c, const char *name, const char ***sel, int *count) {
  if (selected(*sel, *count, name)) return;
  Node *v = find_variant(c->out, name);
  if (v && v->ival2 == 2) return; /* being expanded: a cycle, reported below */
  if (v) {
    v->ival2 = 2;
    for (int i = 0; i < v->list.count; i++) {
      Node *d = v->list.items[i];
      if (d->kind != N_REQUIRES || !d->ival) continue;
      for (int j = 0; j < d->list.count; j++) {
        Node *inc = find_variant(c->out, d->list.items[j]->name);
        if (inc && inc->ival2 == 2)
          check_error(c, d->list.items[j], "variant '%s' includes '%s', which includes it (directly or not)",
                      name, inc->name);
        else if (inc)
          select_with_includes(c, inc->name, sel, count);
      }
    }
    v->ival2 = 0;
  }
  if (room_for_one(c, sel, *count, sizeof **sel)) (*sel)[(*count)++] = name;
}

static void check_variant_constraints(Checker *c, Node *v, const char *const *names, int count) {
  for (int i = 0; i < v->list.count; i++) {
    Node *d = v->list.items[i];
    if (d->kind != N_REQUIRES && d->kind != N_EXCLUDES) continue;
    for (int j = 0; j < d->list.count; j++) {
      Node *ref = d->list.items[j];
      if (!find_variant(c->out, ref->name)) {
        report_unknown_variant(c, ref->name, ref);
        continue;
      }
      bool on = selected(names, count, ref->name);
      if (d->kind == N_REQUIRES && !on)
        check_error(c, ref, "variant '%s' requires variant '%s'", v->name, ref->name);
      if (d->kind == N_EXCLUDES && on)
        check_error(c, ref, "variant '%s' cannot be combined with variant '%s'", v->name, ref->name);
    }
  }
}

/* `players 2` then `players 3` in the base game: only a variant replaces. */
static void report_repeated_singleton(Checker *c, const DeclSet *set, const Node *d) {
  static const char *const words[] = {[N_GAME] = "game", [N_PLAYERS] = "players", [N_GHOSTS] = "ghosts",
                                      [N_PLAY] = "play", [N_RANK] = "rank"};
  for (int i = 0; i < set->count; i++)
    if (set->items[i]->kind == d->kind)
      check_error(c, d, "'%s' is declared twice (first on line %d); a variant may replace it", words[d->kind],
                  set->items[i]->line);
}

static void collect_decls(Checker *c, const char *const *chosen, int chosen_count, DeclSet *set) {
  for (int i = 0; i < c->ast->decls.count; i++) {
    Node *d = c->ast->decls.items[i];
    if (d->kind == N_VARIANT) {
      if (find_variant(c->out, d->name)) check_error(c, d, "variant '%s' is declared twice", d->name);
      if (room_for_one(c, &c->out->variants, c->out->variant_count, sizeof(Node *)))
        c->out->variants[c->out->variant_count++] = d;
    } else if (d->kind == N_REQUIRES || d->kind == N_EXCLUDES) {
      check_error(c, d, "'%s' belongs inside a variant", d->kind == N_REQUIRES ? "requires" : "excludes");
    } else if (d->kind == N_WORDS) {
      decls_push(c, set, d);
    } else if (is_named(d->kind) || d->kind == N_DISPLAY) {
      /* Two base declarations of one name (in this file or an imported one)
       * are an error, reported by name_taken: only a variant replaces. */
      decls_push(c, set, d);
    } else if (d->kind != N_IMPORT && d->kind != N_EXTENDS) {
      report_repeated_singleton(c, set, d);
      apply_decl(c, set, d, NULL);
    }
  }
  const char **variants = NULL;
  int variant_count = 0;
  for (int i = 0; i < chosen_count; i++) select_with_includes(c, chosen[i], &variants, &variant_count);
  for (int i = 0; i < variant_count; i++) {
    Node *v = find_variant(c->out, variants[i]);
    if (!v) {
      report_unknown_variant(c, variants[i], NULL);
      continue;
    }
    check_variant_constraints(c, v, variants, variant_count);
    for (int j = 0; j < v->list.count; j++) {
      Node *d = v->list.items[j];
      if (d->kind == N_REQUIRES || d->kind == N_EXCLUDES) continue;
      if (d->kind == N_VARIANT || d->kind == N_IMPORT || d->kind == N_EXTENDS) {
        check_error(c, d, "a variant cannot contain this declaration");
        continue;
      }
      apply_decl(c, set, d, v);
    }
  }
  free(variants);
}

/* ---- declaring globals ---- */

static bool name_taken(Checker *c, Node *d) {
  Symbol *old = check_lookup_global(c, d->name);
  if (old) {
    check_error(c, d, "'%s' is already declared (line %d)", d->name, old->decl ? old->decl->line : 0);
    return true;
  }
  for (int i = 0; i < NATIVE__COUNT; i++)
    if (strcmp(ts_natives[i].name, d->name) == 0) {
      check_error(c, d, "'%s' is a built-in function; choose another name", d->name);
      return true;
    }
  return false;
}

static void declare_global(Checker *c, Node *d, int kind, Type *type) {
  if (name_taken(c, d)) return;
  Symbol *s = check_new_symbol(c, SYM_GLOBAL, d->name, d);
  s->global_kind = kind;
  s->type = type;
  s->per_seat = d->per_player;
  s->index = c->out->global_slots;
  c->out->global_slots += s->per_seat ? c->out->seat_width : 1;
  d->sym = s;
  add_global_symbol(c, s);
  if (room_for_one(c, &c->out->globals, c->out->global_count, sizeof(Symbol *)))
    c->out->globals[c->out->global_count++] = s;
}

/* `hexagon N` and only it takes a side (the grammar reads any lone INT). */
static void check_hexagon_side(Checker *c, Node *d) {
  bool hexagon = d->str && strcmp(d->str, "hexagon") == 0;
  if (hexagon && !d->side)
    check_error(c, d, "a hexagon board needs its side: `board %s: hexagon 5`", d->name);
  else if (!hexagon && d->side)
    check_error(c, d, "only a hexagon board takes a side (`hexagon 5`); a %s board takes WxH", d->str ? d->str : "?");
}

static void declare_board(Checker *c, Node *d) {
  if (d->str && strcmp(d->str, "square") == 0) d->ival = GRID_SQUARE;
  else if (d->str && strcmp(d->str, "hex") == 0) d->ival = GRID_HEX;
  else if (d->str && strcmp(d->str, "hexagon") == 0) d->ival = GRID_HEX;
  else check_error(c, d, "unknown grid '%s'; grids are square, hex and hexagon", d->str ? d->str : "?");
  check_hexagon_side(c, d);
  if (d->levels < 1) d->levels = 1;
  bool reported = d->w < 0 || d->h < 0; /* by the lexer: the size has no value */
  if (d->bound != BOUND_NONE && !d->a && !reported && (d->w < 1 || d->h < 1 || d->w > 64 || d->h > 64))
    check_error(c, d, "board size %dx%d is out of range (1x1 to 64x64)", d->w, d->h);
  if (d->levels > 32) check_error(c, d, "a board has at most 32 levels, not %d", d->levels);
  if (name_taken(c, d)) return;
  Symbol *s = check_new_symbol(c, SYM_BOARD, d->name, d);
  s->type = type_of(TY_BOARD);
  s->per_seat = d->per_player;
  s->board_array = d->list.count > 0;
  if (s->per_seat && s->board_array) check_error(c, d, "a board array cannot be 'per player' too");
  s->index = c->out->board_numbers;
  c->out->board_numbers += s->per_seat ? c->out->seat_width : s->board_array ? TS_MAX_BOARD_ARRAY : 1;
  d->sym = s;
  add_global_symbol(c, s);
  if (room_for_one(c, &c->out->boards, c->out->board_count, sizeof(Symbol *)))
    c->out->boards[c->out->board_count++] = s;
}

static void declare_fn(Checker *c, Node *d) {
  if (name_taken(c, d)) return;
  Symbol *s = check_new_symbol(c, SYM_FN, d->name, d);
  s->type = d->a ? check_type_node(c, d->a) : type_of(TY_VOID);
  s->param_count = d->list.count;
  s->params = ast_alloc(c->ast, sizeof(Type *) * (size_t)(s->param_count + 1));
  for (int i = 0; i < d->list.count; i++) s->params[i] = check_type_node(c, d->list.items[i]->a);
  s->index = c->out->fn_count;
  d->sym = s;
  add_global_symbol(c, s);
  if (room_for_one(c, &c->out->fns, c->out->fn_count, sizeof(Symbol *))) c->out->fns[c->out->fn_count++] = s;
}

/* `word pass, stop`: each name a value of type word. A word declared again
 * (by a module and a game, say) is the same word. */
static void declare_words(Checker *c, Node *d) {
  for (int i = 0; i < d->list.count; i++) {
    Node *w = d->list.items[i];
    Symbol *old = check_lookup_global(c, w->name);
    if (old && old->kind == SYM_WORD) continue;
    if (name_taken(c, w)) continue;
    Symbol *s = check_new_symbol(c, SYM_WORD, w->name, w);
    s->type = type_of(TY_WORD);
    w->sym = s;
    add_global_symbol(c, s);
  }
}

/* An option's default is a number, so `tessera list` can show it and
 * `--set` can replace it (the driver applies the settings). */
static void check_option_default(Checker *c, Node *d) {
  Node *e = d->a;
  bool negative = e->kind == N_UNARY && e->op == OP_NEG;
  if (negative) e = e->a;
  if (e->kind != N_INT) {
    check_error(c, d->a, "an option's default is a number (it can be set with --set %s=N)", d->name);
    return;
  }
  d->ival = negative ? -e->ival : e->ival;
}

static void read_singletons(Checker *c, DeclSet *set, Node **play) {
  Checked *out = c->out;
  out->min_players = out->max_players = 0;
  Node *ghosts = NULL;
  bool players_ok = true;
  for (int i = 0; i < set->count; i++) {
    Node *d = set->items[i];
    switch (d->kind) {
    case N_GAME: out->name = d->str; break;
    case N_PLAYERS:
      out->min_players = (int)d->ival;
      out->max_players = (int)(d->ival2 ? d->ival2 : d->ival);
      if (out->min_players < 1 || out->max_players < out->min_players || out->max_players > TS_MAX_SEATS) {
        check_error(c, d, "player count must be within 1..%d", TS_MAX_SEATS);
        players_ok = false;
      }
      break;
    case N_GHOSTS: out->ghosts = (int)d->ival; ghosts = d; break;
    case N_PLAY: *play = d; break;
    case N_RANK: c->rank = d; break;
    default: break;
    }
  }
  /* Only ghosts can push a valid player count over the limit: say so there. */
  if (players_ok && ghosts && out->max_players + out->ghosts > TS_MAX_SEATS)
    check_error(c, ghosts, "at most %d seats (players and ghosts)", TS_MAX_SEATS);
}

static void check_rank(Checker *c) {
  if (!c->rank) return;
  if (c->rank->list.count > TS_MAX_RANK_KEYS) check_error(c, c->rank, "at most %d ranking keys", TS_MAX_RANK_KEYS);
  for (int i = 0; i < c->rank->list.count; i++) {
    Node *k = c->rank->list.items[i];
    Symbol *s = check_lookup_global(c, k->name);
    if (!s || s->kind != SYM_GLOBAL || !s->per_seat || s->type->kind != TY_INT) {
      check_error(c, k, "ranking key '%s' must be a 'per player int' variable", k->name);
      continue;
    }
    s->used = true;
    k->sym = s;
  }
}

/* `display NAME [as WAY] ["label"]`: NAME a variable; WAY seats (its ints
 * are seat numbers), count (a list shown by its length) or none (not shown).
 * The last display of a variable applies (a variant's follows the base's). */
static void check_display(Checker *c, Node *d) {
  Symbol *s = check_lookup_global(c, d->name);
  if (!s || s->kind != SYM_GLOBAL || s->global_kind != GLOBAL_VAR) {
    check_error(c, d, "display: '%s' is not a variable", d->name);
    return;
  }
  const char *way = d->a ? d->a->name : NULL;
  const Type *t = s->type, *elem = t && t->kind == TY_LIST ? t->elem : t;
  if (!way && !d->str) {
    check_error(c, d, "display %s: say how ('as seats', 'as count', 'as none') or give a label", d->name);
  } else if (way && strcmp(way, "seats") == 0) {
    if (elem && elem->kind != TY_INT && elem->kind != TY_ERROR)
      check_error(c, d->a, "display %s as seats: wants an int or [int] variable (seat numbers), not %s", d->name,
                  tname(t));
  } else if (way && strcmp(way, "count") == 0) {
    if (t && t->kind != TY_LIST && t->kind != TY_ERROR)
      check_error(c, d->a, "display %s as count: wants a list variable, not %s", d->name, tname(t));
  } else if (way && strcmp(way, "none") != 0) {
    check_error(c, d->a, "display %s as %s: unknown way; ways: seats, count, none", d->name, way);
  }
  s->decl->c = d;
}

static void check_displays(Checker *c, const DeclSet *set) {
  for (int i = 0; i < set->count; i++)
    if (set->items[i]->kind == N_DISPLAY) check_display(c, set->items[i]);
}

/* The functions the player and its agents call by name (docs/language.md,
 * "Showing the state"): each takes a seat and returns an int, and cannot
 * decide (it runs outside the game). Declared, they count as used. */
static void check_player_functions(Checker *c) {
  static const char *const names[] = {"running_score", "evaluation", "legend", "score_parts"};
  for (int i = 0; i < c->out->fn_count; i++) {
    Symbol *s = c->out->fns[i];
    for (int k = 0; k < (int)(sizeof names / sizeof *names); k++) {
      if (strcmp(s->name, names[k]) != 0) continue;
      s->used = true;
      bool list = strcmp(s->name, "score_parts") == 0; /* the one returning [int] */
      const Type *result = list && s->type->kind == TY_LIST ? s->type->elem : list ? NULL : s->type;
      bool fits = s->param_count == 1 && s->params[0]->kind == TY_PLAYER && result && result->kind == TY_INT;
      if (!fits)
        check_error(c, s->decl, "'%s' is called by the player for each seat: declare it fn %s(p: player) -> %s",
                    s->name, s->name, list ? "[int]" : "int");
      else if (s->yields)
        check_error(c, s->decl, "'%s' is called by the player outside the game: it cannot choose", s->name);
    }
  }
}

/* ---- whole-program checks after all bodies ---- */

static void propagate_yields(Checker *c) {
  for (bool changed = true; changed;) {
    changed = false;
    for (int i = 0; i < c->deferred_count; i++) {
      Deferred *e = &c->deferred[i];
      if (e->kind == DEFER_CALL_EDGE && e->callee->yields && e->caller && !e->caller->yields) {
        e->caller->yields = true;
        changed = true;
      }
    }
  }
  for (int i = 0; i < c->deferred_count; i++) {
    Deferred *e = &c->deferred[i];
    if (!e->callee->yields) continue;
    if (e->kind == DEFER_EXPR_CALL)
      check_error(c, e->node, "'%s' makes a decision (choose), so it can only be called as a statement, "
                  "in 'let x = …' or in 'x = …'", e->callee->name);
    if (e->kind == DEFER_CALLBACK)
      check_error(c, e->node, "'%s' makes a decision (choose), so it cannot be passed to a built-in",
                  e->callee->name);
  }
}

/* Whether a replaced param's expression is a bool (comparisons, and, or,
 * not, true/false, or an `if` giving them): read from its form, since the
 * replaced expression itself is never checked. */
static bool looks_bool(Checker *c, const Node *n) {
  switch (n->kind) {
  case N_BOOL: return true;
  case N_UNARY: return n->op == OP_NOT;
  case N_BINARY: return n->op >= OP_OR && n->op <= OP_NOT_IN;
  case N_COND: return looks_bool(c, n->b);
  case N_NAME: {
    Symbol *s = check_lookup_global(c, n->name);
    return s && s->kind == SYM_GLOBAL && s->global_kind == GLOBAL_PARAM && s->type && s->type->kind == TY_BOOL;
  }
  default: return false;
  }
}

/* A variant's param keeps the game's kind (int or bool): said at the
 * variant's line rather than at every use in the game. */
static void check_replaced_params(Checker *c, const DeclSet *set) {
  for (int i = 0; i + 1 < set->replaced_count; i += 2) {
    const Node *old = set->replaced_params[i], *d = set->replaced_params[i + 1];
    if (!d->sym || !d->sym->type || !old->a || d->sym->type->kind == TY_ERROR) continue;
    bool was_bool = looks_bool(c, old->a), is_bool = d->sym->type->kind == TY_BOOL;
    if (was_bool == is_bool) continue;
    check_error(c, d, "variant's param '%s' must be %s like the game's (line %d of %s)", d->name,
                was_bool ? "a bool" : "an int", old->line, c->ast->files[old->file].path);
    d->sym->type = type_of(was_bool ? TY_BOOL : TY_INT); /* the game's uses are checked as written */
  }
}

/* A variant's fn or param that replaces nothing and that nothing uses does
 * nothing: most likely a misspelt name, so an error (not a warning). */
static void report_idle_variant_decls(Checker *c, const DeclSet *set) {
  for (int i = 0; i < set->count; i++) {
    Symbol *s = set->items[i]->sym;
    if (!s || s->used || s->decl != set->items[i] || s->decl->aux != 1) continue;
    if (s->decl->kind != N_FN && s->decl->kind != N_PARAM) continue;
    if (set->owners[i] && set->owners[i]->ival2) continue; /* a later variant replaced part of it */
    check_error(c, s->decl, "the variant's %s '%s' replaces nothing in the game and nothing uses it; "
                "to replace one, use its exact name", s->decl->kind == N_FN ? "fn" : "param", s->name);
  }
}

static void warn_unused(Checker *c) {
  for (int i = 0; i < c->symbol_count; i++) {
    Symbol *s = c->symbols[i];
    if (s->used || !s->decl || s == c->out->main) continue;
    /* Declarations from imported modules are libraries: unused is normal. */
    if (s->decl->file != 0) continue;
    const char *what = s->kind == SYM_FN ? "function" : s->kind == SYM_BOARD ? "board" : s->kind == SYM_WORD ? "word"
                       : s->global_kind == GLOBAL_PARAM ? "param" : s->global_kind == GLOBAL_TILES ? "tiles" : "variable";
    check_warning(c, s->decl, "%s '%s' is never used", what, s->name);
  }
}

/* Everything the checker does, in order. */
static void check_all(Checker *c, DeclSet *set, const char *const *variants, int variant_count) {
  Checked *out = c->out;
  Node *play = NULL;
  collect_decls(c, variants, variant_count, set);
  read_singletons(c, set, &play);
  /* A file with none of `game`, `players` and `play` is a library module
   * (stdlib; an empty file too):
   * it is checked on its own, and nothing in it is unused. */
  bool module = !out->name && !play && out->min_players == 0;
  out->module = module;
  if (!out->name) out->name = "untitled";
  if (module) {
    out->min_players = out->max_players = 1;
  } else if (out->min_players == 0) {
    Node at = {.line = 1, .col = 1}; /* whole-file problems point at its start */
    check_error(c, &at, "the game declares no player count (add e.g. 'players 2..4')");
  }
  /* Per-seat variables and boards get a slot per seat the game can have, and
   * at least TS_SEAT_WIDTH, the width before games of more than 8 seats: the
   * states (and hashes) of smaller games keep their layout. */
  out->seat_width = out->max_players + out->ghosts;
  if (out->seat_width < TS_SEAT_WIDTH) out->seat_width = TS_SEAT_WIDTH;
  if (out->seat_width > TS_MAX_SEATS) out->seat_width = TS_MAX_SEATS;

  /* Declare every name first: bodies may use names declared later. */
  for (int i = 0; i < set->count; i++) {
    Node *n = set->items[i];
    if (n->kind == N_BOARD) declare_board(c, n);
    else if (n->kind == N_FN) declare_fn(c, n);
    else if (n->kind == N_WORDS) declare_words(c, n);
  }
  for (int i = 0; i < set->count; i++) { /* params first: tiles and vars may use them */
    Node *n = set->items[i];
    if (n->kind == N_PARAM || n->kind == N_OPTION) declare_global(c, n, GLOBAL_PARAM, NULL);
  }
  for (int i = 0; i < set->count; i++) {
    Node *n = set->items[i];
    if (n->kind == N_TILES) declare_global(c, n, GLOBAL_TILES, type_list(type_of(TY_TILE)));
    else if (n->kind == N_VAR) declare_global(c, n, GLOBAL_VAR, check_type_node(c, n->a));
  }

  out->main = check_new_symbol(c, SYM_FN, "<play>", play);
  out->main->type = type_of(TY_VOID);
  out->main->index = out->fn_count;

  /* Initialisers run in the main function, in the order they run. */
  for (int i = 0; i < out->global_count; i++) {
    Symbol *s = out->globals[i];
    Node *init = s->global_kind == GLOBAL_VAR ? s->decl->b : s->decl->a;
    if (!init) continue;
    Type *t = check_init_expr(c, out->main, init, s->global_kind == GLOBAL_PARAM ? NULL : s->type);
    if (s->global_kind == GLOBAL_PARAM) {
      if (t->kind != TY_INT && t->kind != TY_BOOL && t->kind != TY_ERROR)
        check_error(c, init, "a param must be an int or a bool, not %s", tname(t));
      s->type = t;
      if (s->decl->kind == N_OPTION) check_option_default(c, s->decl);
    } else if (t != s->type && t->kind != TY_ERROR && s->type->kind != TY_ERROR) {
      check_error(c, init, "'%s' is %s but its initial value is %s", s->name, tname(s->type), tname(t));
    }
  }
  check_replaced_params(c, set);
  check_board_options(c);
  for (int i = 0; i < out->fn_count; i++) check_function_body(c, out->fns[i], out->fns[i]->decl->b);
  if (play) check_function_body(c, out->main, play->b);
  else if (!module) {
    Node at = {.line = 1, .col = 1};
    check_error(c, &at, "the game has no 'play { … }' block");
  }
  check_rank(c);
  check_displays(c, set);
  propagate_yields(c);
  report_idle_variant_decls(c, set);
  check_player_functions(c);
  if (c->warnings && !module) warn_unused(c);
}

/* check_all; false when the Ast's arena found no memory for a symbol (or
 * a function's parameter types): ast_alloc then jumps back here, and the
 * tables made so far are freed by the caller as after a whole check. */
static bool check_all_guarded(Checker *c, DeclSet *set, const char *const *variants, int variant_count) {
  jmp_buf out_of_memory;
  if (setjmp(out_of_memory) != 0) {
    ast_guard(c->ast, NULL);
    check_out_of_memory(c);
    return false;
  }
  ast_guard(c->ast, &out_of_memory);
  check_all(c, set, variants, variant_count);
  ast_guard(c->ast, NULL);
  return true;
}

bool check_program(Ast *ast, const char *const *variants, int variant_count,
                   bool warnings, Checked *out, Diags *d) {
  memset(out, 0, sizeof *out);
  Checker c = {.ast = ast, .d = d, .out = out, .warnings = warnings};
  int errors_before = d->errors;
  DeclSet set = {0};
  check_all_guarded(&c, &set, variants, variant_count);
  out->rank = c.rank;
  free(set.items);
  free(set.owners);
  free(set.replaced_params);
  free(c.symbols);
  text_index_free(&c.symbol_index);
  free(c.scopes);
  free(c.deferred);
  return d->errors == errors_before;
}

void checked_free(Checked *c) {
  free(c->globals);
  free(c->boards);
  free(c->fns);
  free(c->variants);
  memset(c, 0, sizeof *c);
}
