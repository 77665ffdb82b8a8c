/* check_board.c — board options written as param names (roadmap P6):
 * `board tableau: square window side x side levels stack_levels per player`.
 * A board's size is part of the state's layout, so each name must be an
 * int param whose value is known when compiling (compile_fold_int); the
 * variants selected replace params before this runs, so a variant that sets
 * `param side = 7` resizes every board written with `side`. */
#include "check_internal.h"

#include "compile.h"

/* The value of one size name, or -1 (reported) when it is not a param
 * known when compiling. */
static int board_option(Checker *c, Node *name, const char *what) {
  Symbol *s = check_lookup_global(c, name->name);
  if (!s || s->kind != SYM_GLOBAL || s->global_kind != GLOBAL_PARAM) {
    check_error(c, name, "a board's %s must be a number or the name of a param; '%s' is %s", what, name->name,
                s ? "not a param" : "not declared");
    return -1;
  }
  Type *t = check_init_expr(c, c->out->main, name, NULL);
  int64_t v;
  if (t->kind != TY_INT || !compile_fold_int(name, &v)) {
    check_error(c, name, "param '%s' gives a board's %s, so its value must be known before the match starts "
                "(numbers, other such params, + - *, and if on their comparison; not nplayers)", name->name, what);
    return -1;
  }
  if (v < 1 || v > 1000000) {
    check_error(c, name, "param '%s' makes a board's %s %lld", name->name, what, (long long)v);
    return -1;
  }
  return (int)v;
}

static void check_board_sizes(Checker *c, Node *d) {
  if (d->a) {
    int w = board_option(c, d->a, "width"), h = board_option(c, d->b, "height");
    if (w < 0 || h < 0) return;
    d->w = w;
    d->h = h;
    if (w > 64 || h > 64) check_error(c, d->a, "board size %dx%d is out of range (1x1 to 64x64)", w, h);
  }
  if (d->c) {
    int levels = board_option(c, d->c, "levels");
    if (levels < 0) return;
    d->levels = levels;
    if (levels > 32) check_error(c, d->c, "a board has at most 32 levels, not %d", levels);
  }
}

/* An array's size: any int param (known when the match starts; the VM
 * checks 0..8 when it sets the boards up). */
static void check_board_count(Checker *c, Node *name) {
  Symbol *s = check_lookup_global(c, name->name);
  if (!s || s->kind != SYM_GLOBAL || s->global_kind != GLOBAL_PARAM) {
    check_error(c, name, "the number of boards must be the name of a param; '%s' is %s", name->name,
                s ? "not a param" : "not declared");
    return;
  }
  Type *t = check_init_expr(c, c->out->main, name, NULL);
  if (t->kind != TY_INT && t->kind != TY_ERROR)
    check_error(c, name, "param '%s' gives a number of boards, so it must be an int", name->name);
}

void check_board_options(Checker *c) {
  for (int i = 0; i < c->out->board_count; i++) {
    Node *d = c->out->boards[i]->decl;
    check_board_sizes(c, d);
    if (d->list.count) check_board_count(c, d->list.items[0]);
  }
}
