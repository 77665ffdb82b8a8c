/* check_parser.c — the grammar (lang/grammar.y), the driver's error recovery
 * (lang/parse.c) and the tree's printed form (lang/ast.c). Trees are compared
 * through ast_dump; the format is described at the top of lang/ast.c. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lexer.h"
#include "parse.h"

typedef struct Parsed {
  Ast *ast;
  Diags diags;
  int file;
  char dump[1 << 16]; /* every top-level declaration, one per line */
} Parsed;

static Parsed parsed;

static Parsed *parse_len(const char *src, size_t length) {
  if (parsed.ast) ast_free(parsed.ast);
  diags_free(&parsed.diags);
  parsed.ast = ast_new();
  char *text = malloc(length + 1);
  memcpy(text, src, length);
  parsed.file = ast_add_file(parsed.ast, "test.tess", text, length);
  parse_file(parsed.ast, parsed.file, &parsed.diags);
  size_t used = 0;
  parsed.dump[0] = 0;
  for (int i = 0; i < parsed.ast->decls.count && used + 1 < sizeof parsed.dump; i++) {
    if (i > 0) parsed.dump[used++] = '\n';
    ast_dump(parsed.ast->decls.items[i], parsed.dump + used, sizeof parsed.dump - used);
    used += strlen(parsed.dump + used);
  }
  return &parsed;
}

static Parsed *parse(const char *src) { return parse_len(src, strlen(src)); }

static const char *messages(void) {
  static char all[4096];
  size_t used = 0;
  all[0] = 0;
  for (int i = 0; i < parsed.diags.count && used < sizeof all; i++)
    used += (size_t)snprintf(all + used, sizeof all - used, "%d:%d: %s\n", parsed.diags.items[i].line,
                             parsed.diags.items[i].col, parsed.diags.items[i].message);
  return all;
}

/* The source parses without any diagnostic into exactly `expected`. */
static void expect_decls(const char *src, const char *expected) {
  parse(src);
  ck_assert_msg(parsed.diags.count == 0, "%s\nunexpected diagnostics:\n%s", src, messages());
  ck_assert_msg(strcmp(parsed.dump, expected) == 0, "%s\n  gives   %s\n  expected %s", src,
                parsed.dump, expected);
}

static void expect_expr(const char *expr, const char *expected) {
  char src[1024], want[2048];
  snprintf(src, sizeof src, "param x = %s", expr);
  snprintf(want, sizeof want, "(param x %s)", expected);
  expect_decls(src, want);
}

static void expect_stmts(const char *stmts, const char *expected) {
  char src[2048], want[4096];
  snprintf(src, sizeof src, "play {\n%s\n}", stmts);
  snprintf(want, sizeof want, "(play (block %s))", expected);
  expect_decls(src, want);
}

/* Diagnostic i is at line:col and its message contains `part`. */
static void expect_diag(int i, int line, int col, const char *part) {
  ck_assert_msg(i < parsed.diags.count, "no diagnostic %d; have:\n%s", i, messages());
  const Diag *g = &parsed.diags.items[i];
  ck_assert_msg(g->line == line && g->col == col && strstr(g->message, part),
                "diagnostic %d is %d:%d %s; expected %d:%d ...%s...", i, g->line, g->col,
                g->message, line, col, part);
}

static void expect_error_count(int n) {
  ck_assert_msg(parsed.diags.count == n, "%d diagnostics, expected %d:\n%s", parsed.diags.count, n,
                messages());
}

/* ------------------------------------------------------------------ declarations */

START_TEST(test_simple_declarations) {
  expect_decls("game \"Hexdominomega\"", "(game \"Hexdominomega\")");
  expect_decls("players 3", "(players 3 3)");
  expect_decls("players 2..4", "(players 2 4)");
  expect_decls("players 2 .. 4", "(players 2 4)");
  expect_decls("ghosts 1", "(ghosts 1)");
  expect_decls("import hexdomino", "(import hexdomino)");
  expect_decls("extends base", "(extends base)");
  expect_decls("param owners = nplayers - 1", "(param owners (binary - (name nplayers) (int 1)))");
  expect_decls("tiles bones = double_seven()", "(tiles bones (call (name double_seven)))");
  expect_decls("", "");
  expect_decls("// nothing\n/* at all */", "");
}
END_TEST

START_TEST(test_board_declarations) {
  expect_decls("board table: hex", "(board table hex)");
  expect_decls("board tableau: square window 5x5 per player",
               "(board tableau square window 5x5 per-player)");
  expect_decls("board field: square 10x10", "(board field square 10x10)");
  expect_decls("board pile: hex levels 8", "(board pile hex levels 8)");
  expect_decls("board b: square per player levels 3 4x6", "(board b square 4x6 per-player levels 3)");
  expect_decls("board b: triangle", "(board b triangle)"); /* the checker rejects the grid */
  /* P6: sizes and levels named by params */
  expect_decls("board t: square window side x side levels stack per player",
               "(board t square window side x side per-player levels stack)");
  expect_decls("board f: square cols x rows", "(board f square cols x rows)");
  expect_decls("board sphere[n]: square window 5x5", "(board sphere[n] square window 5x5)"); /* P12 */
  parse("board b: hex\nboard c: square");
  const Node *b = parsed.ast->decls.items[0], *c = parsed.ast->decls.items[1];
  ck_assert_int_eq(b->kind, N_BOARD);
  ck_assert_str_eq(b->str, "hex");
  ck_assert_int_eq(b->bound, BOUND_NONE);
  ck_assert_int_eq(b->levels, 1);
  ck_assert_int_eq(c->line, 2);
  parse("board f: square 3x4\nboard w: hex window 7x2");
  b = parsed.ast->decls.items[0], c = parsed.ast->decls.items[1];
  ck_assert_int_eq(b->bound, BOUND_FIXED);
  ck_assert_int_eq(b->w, 3);
  ck_assert_int_eq(b->h, 4);
  ck_assert_int_eq(c->bound, BOUND_WINDOW);
  ck_assert_int_eq(c->w, 7);
  ck_assert_int_eq(c->h, 2);
}
END_TEST

START_TEST(test_board_option_twice) {
  parse("board b: hex 5x5 window 3x3\nboard c: hex per player per player\nboard d: hex levels 2 levels 3");
  expect_error_count(3);
  expect_diag(0, 1, 18, "board size given twice");
  expect_diag(1, 2, 25, "'per player' given twice");
  expect_diag(2, 3, 23, "'levels' given twice");
}
END_TEST

START_TEST(test_var_declarations) {
  expect_decls("var supply: [tile] hidden", "(var supply (list-of (type tile)) hidden)");
  expect_decls("var hand: per player [tile] owner", "(var hand per-player (list-of (type tile)) owner)");
  expect_decls("var score: per player int", "(var score per-player (type int))");
  expect_decls("var turn: player = seat(0) public", "(var turn (type player) (call (name seat) (int 0)))");
  expect_decls("var done: bool = false", "(var done (type bool) (bool false))");
  expect_decls("var groups: [[cell]] = []", "(var groups (list-of (list-of (type cell))) (list))");
  parse("var a: int hidden\nvar b: per player int owner\nvar c: int");
  ck_assert_int_eq(parsed.ast->decls.items[0]->visibility, VIS_HIDDEN);
  ck_assert_int_eq(parsed.ast->decls.items[1]->visibility, VIS_OWNER);
  ck_assert_int_eq(parsed.ast->decls.items[1]->per_player, 1);
  ck_assert_int_eq(parsed.ast->decls.items[2]->visibility, VIS_PUBLIC);
  ck_assert_int_eq(parsed.ast->decls.items[2]->per_player, 0);
  ck_assert_ptr_null(parsed.ast->decls.items[2]->b);
}
END_TEST

START_TEST(test_types) {
  const char *names[] = {"int", "bool", "player", "tile", "cell", "dir", "placement", "board"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    char src[64], want[128];
    snprintf(src, sizeof src, "fn f(a: %s) -> [%s] { }", names[i], names[i]);
    snprintf(want, sizeof want, "(fn f (param a (type %s)) (list-of (type %s)) (block))", names[i],
             names[i]);
    expect_decls(src, want);
  }
  parse("var x: [[tile]]");
  const Node *t = parsed.ast->decls.items[0]->a;
  ck_assert_int_eq(t->kind, N_TYPE_LIST);
  ck_assert_int_eq(t->a->kind, N_TYPE_LIST);
  ck_assert_int_eq(t->a->a->kind, N_TYPE_NAME);
  ck_assert_str_eq(t->a->a->name, "tile");
  ck_assert_int_eq(t->col, 8);
}
END_TEST

START_TEST(test_fn_declarations) {
  expect_decls("fn f(a: int) -> int { return a + 1 }",
               "(fn f (param a (type int)) (type int) (block (return (binary + (name a) (int 1)))))");
  expect_decls("fn g() { }", "(fn g (block))");
  expect_decls("fn h(b: board, p: placement) -> bool { return }",
               "(fn h (param b (type board)) (param p (type placement)) (type bool) (block (return)))");
  parse("fn f(a: int, b: [tile]) { }");
  const Node *f = parsed.ast->decls.items[0];
  ck_assert_int_eq(f->kind, N_FN);
  ck_assert_int_eq(f->list.count, 2);
  ck_assert_int_eq(f->list.items[1]->kind, N_PARAM_DECL);
  ck_assert_int_eq(f->list.items[1]->col, 14);
  ck_assert_ptr_null(f->a);
  ck_assert_int_eq(f->b->kind, N_BLOCK);
}
END_TEST

START_TEST(test_play_rank_variant) {
  expect_decls("play { }", "(play (block))");
  expect_decls("rank highest score", "(rank (highest score))");
  expect_decls("display tokens as seats", "(display tokens as seats)");
  expect_decls("display pile as count \"Pile\"", "(display pile as count \"Pile\")");
  expect_decls("display score \"Points\"", "(display score \"Points\")");
  expect_decls("rank highest score then lowest x then highest y",
               "(rank (highest score) (lowest x) (highest y))");
  expect_decls("variant two \"Two players\" {\n players 2\n ghosts 1\n param owners = 2\n"
               " fn symbol(p: player) -> int { return [1, 4, 2][ord(p)] }\n excludes solo\n}",
               "(variant two \"Two players\" (players 2 2) (ghosts 1) (param owners (int 2)) "
               "(fn symbol (param p (type player)) (type int) (block (return (index (list (int 1) "
               "(int 4) (int 2)) (call (name ord) (name p)))))) (excludes solo))");
  expect_decls("variant bare { }", "(variant bare)");
  expect_decls("variant v { variant w { } }", "(variant v (variant w))");
  expect_decls("requires a, b\nexcludes c", "(requires a b)\n(excludes c)");
  expect_decls("includes a, b", "(includes a b)"); /* P8 */
  parse("requires a, b");
  const Node *r = parsed.ast->decls.items[0];
  ck_assert_int_eq(r->list.count, 2);
  ck_assert_int_eq(r->list.items[1]->kind, N_NAME);
  ck_assert_int_eq(r->list.items[1]->col, 13);
  parse("rank lowest x");
  ck_assert_int_eq(parsed.ast->decls.items[0]->list.items[0]->ival, 0);
}
END_TEST

START_TEST(test_whole_file) {
  const char *src =
      "game \"Hexdominomega\"\n"
      "players 3\n"
      "import hexdomino\n"
      "tiles bones = double_seven()\n"
      "board table: hex\n"
      "var supply: [tile] hidden\n"
      "var hand: per player [tile] owner\n"
      "var score: per player int\n"
      "rank highest score\n"
      "play {\n"
      "  supply = shuffle(bones)\n"
      "  let pl = choose p from placements(table, hand[p][0])\n"
      "  place(table, pl)\n"
      "}\n";
  parse(src);
  expect_error_count(0);
  ck_assert_int_eq(parsed.ast->decls.count, 10);
  const NodeKind kinds[] = {N_GAME, N_PLAYERS, N_IMPORT, N_TILES, N_BOARD,
                            N_VAR, N_VAR, N_VAR, N_RANK, N_PLAY};
  for (int i = 0; i < 10; i++) {
    ck_assert_int_eq(parsed.ast->decls.items[i]->kind, kinds[i]);
    ck_assert_int_eq(parsed.ast->decls.items[i]->line, i + 1);
    ck_assert_int_eq(parsed.ast->decls.items[i]->col, 1);
    ck_assert_int_eq(parsed.ast->decls.items[i]->file, parsed.file);
  }
}
END_TEST

/* ------------------------------------------------------------------ statements */

START_TEST(test_let_and_assign) {
  expect_stmts("let x = 1", "(let x (int 1))");
  expect_stmts("let x: [tile] = []", "(let x (list-of (type tile)) (list))");
  expect_stmts("x = 1 x += 1 x -= 1 x *= 2",
               "(assign = (name x) (int 1)) (assign += (name x) (int 1)) "
               "(assign -= (name x) (int 1)) (assign *= (name x) (int 2))");
  expect_stmts("hand[p] = hand[p] + [t]",
               "(assign = (index (name hand) (name p)) (binary + (index (name hand) (name p)) (list (name t))))");
  expect_stmts("grid[i][j] += 1", "(assign += (index (index (name grid) (name i)) (name j)) (int 1))");
  parse("play {\n  x += 1\n}");
  const Node *s = parsed.ast->decls.items[0]->b->list.items[0];
  ck_assert_int_eq(s->kind, N_ASSIGN);
  ck_assert_int_eq(s->op, OP_ADD);
  ck_assert_int_eq(s->line, 2);
  ck_assert_int_eq(s->col, 3);
  parse("play { x = 1 }");
  ck_assert_int_eq(parsed.ast->decls.items[0]->b->list.items[0]->op, OP_ASSIGN);
}
END_TEST

START_TEST(test_control_flow) {
  expect_stmts("if c { f(1) }", "(if (name c) (block (expr (call (name f) (int 1)))))");
  expect_stmts("if c { } else { g() }", "(if (name c) (block) (block (expr (call (name g)))))");
  expect_stmts("if c { } else if d { } else { }", "(if (name c) (block) (if (name d) (block) (block)))");
  expect_stmts("while c { break continue }", "(while (name c) (block (break) (continue)))");
  expect_stmts("for i in 0..n-1 { }", "(for i (range (int 0) (binary - (name n) (int 1))) (block))");
  expect_stmts("for x in xs { for y in ys { } }", "(for x (name xs) (block (for y (name ys) (block))))");
  expect_stmts("fail \"boom\"", "(fail (string \"boom\"))");
  expect_stmts("return", "(return)");
  expect_stmts("return 1", "(return (int 1))");
  expect_stmts("x = 1 return [x]", "(assign = (name x) (int 1)) (return (list (name x)))");
}
END_TEST

START_TEST(test_expression_statements) {
  expect_stmts("f(x)", "(expr (call (name f) (name x)))");
  expect_stmts("f(x) g(y)", "(expr (call (name f) (name x))) (expr (call (name g) (name y)))");
  expect_stmts("a.b(1)[2].c", "(expr (field (index (call (field (name a) b) (int 1)) (int 2)) c))");
  expect_stmts("x", "(expr (name x))"); /* the checker rejects it */
  expect_stmts("choose p from [1, 2]", "(expr (choose (name p) (list (int 1) (int 2))))");
  expect_stmts("let c = choose next(p) from options\nx = choose p from o",
               "(let c (choose (call (name next) (name p)) (name options))) "
               "(assign = (name x) (choose (name p) (name o)))");
}
END_TEST

START_TEST(test_return_must_be_last) {
  parse("play {\n  return 1\n  x = 2\n}");
  expect_error_count(1);
  expect_diag(0, 3, 3, "unexpected 'x'; 'return' must be the last statement");
  parse("fn f() -> int { return 1 2 }");
  expect_error_count(1);
  expect_diag(0, 1, 26, "unexpected '2'; 'return' must be the last statement");
}
END_TEST

/* ------------------------------------------------------------------ expressions */

START_TEST(test_literals) {
  expect_expr("42", "(int 42)");
  expect_expr("0x2a", "(int 42)");
  expect_expr("true", "(bool true)");
  expect_expr("false", "(bool false)");
  expect_expr("\"a\\\"b\\\\c\\nd\"", "(string \"a\\\"b\\\\c\\nd\")");
  expect_expr("name", "(name name)");
  expect_expr("players", "(name players)");
  expect_expr("len(players)", "(call (name len) (name players))");
  expect_expr("players[0]", "(index (name players) (int 0))");
  expect_expr("[]", "(list)");
  expect_expr("[1]", "(list (int 1))");
  expect_expr("[1, [2, 3], []]", "(list (int 1) (list (int 2) (int 3)) (list))");
  expect_expr("(((1)))", "(int 1)");
  parse("param s = \"q\\\"\\n\\\\\"");
  ck_assert_str_eq(parsed.ast->decls.items[0]->a->str, "q\"\n\\");
}
END_TEST

START_TEST(test_precedence) {
  expect_expr("1 + 2 * 3", "(binary + (int 1) (binary * (int 2) (int 3)))");
  expect_expr("(1 + 2) * 3", "(binary * (binary + (int 1) (int 2)) (int 3))");
  expect_expr("1 - 2 - 3", "(binary - (binary - (int 1) (int 2)) (int 3))");
  expect_expr("8 / 2 % 3 * 4", "(binary * (binary % (binary / (int 8) (int 2)) (int 3)) (int 4))");
  expect_expr("-x * 3", "(binary * (unary - (name x)) (int 3))");
  expect_expr("- -x", "(unary - (unary - (name x)))");
  expect_expr("-a[1]", "(unary - (index (name a) (int 1)))");
  expect_expr("-f(x).y", "(unary - (field (call (name f) (name x)) y))");
  expect_expr("1 + 2 << 3", "(binary << (binary + (int 1) (int 2)) (int 3))");
  expect_expr("1 << 2 >> 3", "(binary >> (binary << (int 1) (int 2)) (int 3))");
  expect_expr("a & b << 1", "(binary & (name a) (binary << (name b) (int 1)))");
  expect_expr("a ^ b & c", "(binary ^ (name a) (binary & (name b) (name c)))");
  expect_expr("a | b ^ c", "(binary | (name a) (binary ^ (name b) (name c)))");
  expect_expr("a | b | c", "(binary | (binary | (name a) (name b)) (name c))");
  expect_expr("0..n-1", "(range (int 0) (binary - (name n) (int 1)))");
  expect_expr("a..b | c", "(range (name a) (binary | (name b) (name c)))");
  expect_expr("x in 0..9", "(binary in (name x) (range (int 0) (int 9)))");
  expect_expr("x not in l", "(binary not-in (name x) (name l))");
  expect_expr("a == b + 1", "(binary == (name a) (binary + (name b) (int 1)))");
  expect_expr("a != b", "(binary != (name a) (name b))");
  expect_expr("a < b", "(binary < (name a) (name b))");
  expect_expr("a <= b", "(binary <= (name a) (name b))");
  expect_expr("a > b", "(binary > (name a) (name b))");
  expect_expr("a >= b", "(binary >= (name a) (name b))");
  expect_expr("not a == b", "(unary not (binary == (name a) (name b)))");
  expect_expr("not a and b", "(binary and (unary not (name a)) (name b))");
  expect_expr("not not a", "(unary not (unary not (name a)))");
  expect_expr("not x in l", "(unary not (binary in (name x) (name l)))");
  expect_expr("a or b and c", "(binary or (name a) (binary and (name b) (name c)))");
  expect_expr("a and b or c", "(binary or (binary and (name a) (name b)) (name c))");
  expect_expr("a or b or c", "(binary or (binary or (name a) (name b)) (name c))");
  expect_expr("a < b and c >= d", "(binary and (binary < (name a) (name b)) (binary >= (name c) (name d)))");
}
END_TEST

START_TEST(test_comparisons_do_not_chain) {
  parse("param x = a < b < c");
  expect_error_count(1);
  expect_diag(0, 1, 17, "syntax error: unexpected '<'");
  parse("param x = 1..2..3");
  expect_error_count(1);
  parse("param x = a in b in c");
  expect_error_count(1);
}
END_TEST

START_TEST(test_postfix) {
  expect_expr("f()", "(call (name f))");
  expect_expr("f(1, 2 + 3, g(x))", "(call (name f) (int 1) (binary + (int 2) (int 3)) (call (name g) (name x)))");
  expect_expr("t[0]", "(index (name t) (int 0))");
  expect_expr("hand[p][0]", "(index (index (name hand) (name p)) (int 0))");
  expect_expr("c.x + pl.tile", "(binary + (field (name c) x) (field (name pl) tile))");
  expect_expr("[1, 4, 2][ord(p)]", "(index (list (int 1) (int 4) (int 2)) (call (name ord) (name p)))");
  expect_expr("(a + b).x", "(field (binary + (name a) (name b)) x)");
  expect_expr("f(x)(y)", "(call (call (name f) (name x)) (name y))");
}
END_TEST

START_TEST(test_comprehensions) {
  expect_expr("[domino(a, b) for a in 0..7 for b in a..7]",
              "(comprehension (call (name domino) (name a) (name b)) (for a (range (int 0) (int 7))) "
              "(for b (range (name a) (int 7))))");
  expect_expr("[token(99, \"start\") for p in seats]",
              "(comprehension (call (name token) (int 99) (string \"start\")) (for p (name seats)))");
  expect_expr("[x * 2 for x in xs if x > 1 and x < 9]",
              "(comprehension (binary * (name x) (int 2)) (for x (name xs)) "
              "(if (binary and (binary > (name x) (int 1)) (binary < (name x) (int 9)))))");
  expect_expr("[[y for y in r] for r in rows]",
              "(comprehension (comprehension (name y) (for y (name r))) (for r (name rows)))");
  expect_expr("[x for x in a in b]", "(comprehension (name x) (for x (binary in (name a) (name b))))");
  parse("param x = [e for a in l for b in m if c]");
  const Node *c = parsed.ast->decls.items[0]->a;
  ck_assert_int_eq(c->kind, N_COMPREHENSION);
  ck_assert_int_eq(c->list.count, 2);
  ck_assert_int_eq(c->list.items[1]->kind, N_FOR_CLAUSE);
  ck_assert_str_eq(c->list.items[1]->name, "b");
  ck_assert_int_eq(c->list.items[1]->col, 25);
  ck_assert_int_eq(c->b->kind, N_NAME);
}
END_TEST

START_TEST(test_choose_and_conditional) {
  expect_expr("choose p from options", "(choose (name p) (name options))");
  expect_expr("choose next(p) from a + b", "(choose (call (name next) (name p)) (binary + (name a) (name b)))");
  expect_expr("choose p from if a then b else c",
              "(choose (name p) (cond (name a) (name b) (name c)))");
  expect_expr("if a then b else c", "(cond (name a) (name b) (name c))");
  expect_expr("if a then 1 else 2 + 3", "(cond (name a) (int 1) (binary + (int 2) (int 3)))");
  expect_expr("if a or b then x else y or z",
              "(cond (binary or (name a) (name b)) (name x) (binary or (name y) (name z)))");
  expect_expr("if a then if b then 1 else 2 else 3",
              "(cond (name a) (cond (name b) (int 1) (int 2)) (int 3))");
  expect_expr("if a then 1 else if b then 2 else 3",
              "(cond (name a) (int 1) (cond (name b) (int 2) (int 3)))");
  expect_expr("1 + (if a then 1 else 2)", "(binary + (int 1) (cond (name a) (int 1) (int 2)))");
  expect_expr("[if c then x else y for x in l]",
              "(comprehension (cond (name c) (name x) (name y)) (for x (name l)))");
}
END_TEST

START_TEST(test_positions) {
  parse("play {\n  let v = a +\n    b * c\n}");
  const Node *let = parsed.ast->decls.items[0]->b->list.items[0];
  ck_assert_int_eq(let->line, 2);
  ck_assert_int_eq(let->col, 3);
  const Node *add = let->b;
  ck_assert_int_eq(add->kind, N_BINARY);
  ck_assert_int_eq(add->line, 2); /* a node is where its first token is */
  ck_assert_int_eq(add->col, 11);
  ck_assert_int_eq(add->b->line, 3);
  ck_assert_int_eq(add->b->col, 5);
  ck_assert_int_eq(add->b->b->col, 9);
  parse("param x =\n  -f(1)");
  const Node *neg = parsed.ast->decls.items[0]->a;
  ck_assert_int_eq(neg->kind, N_UNARY);
  ck_assert_int_eq(neg->op, OP_NEG);
  ck_assert_int_eq(neg->line, 2);
  ck_assert_int_eq(neg->col, 3);
  ck_assert_int_eq(neg->a->kind, N_CALL);
  ck_assert_int_eq(neg->a->col, 4);
}
END_TEST

/* ------------------------------------------------------------------ errors */

START_TEST(test_three_errors_three_diagnostics) {
  parse("play {\n"
        "  let a = (1 + 2\n"
        "  let b = 3\n"
        "  foo(1,, 2)\n"
        "  let c = 4 +* 5\n"
        "  d = 1\n"
        "}\n"
        "fn g() -> int { return 1 }\n");
  expect_error_count(3);
  expect_diag(0, 3, 3, "syntax error: unexpected 'let'");
  expect_diag(1, 4, 9, "syntax error: unexpected ','");
  expect_diag(2, 5, 14, "syntax error: unexpected '*'");
  /* what is well formed survives */
  ck_assert_str_eq(parsed.dump,
                   "(play (block (let b (int 3)) (assign = (name d) (int 1))))\n"
                   "(fn g (type int) (block (return (int 1))))");
}
END_TEST

START_TEST(test_errors_in_declarations) {
  parse("game \"x\"\n"
        "var x: = 3\n"
        "fn f(a int) { x = 1 }\n"
        "board b hex\n"
        "play { x = [1, 2 }\n"
        "players 2\n");
  expect_error_count(4);
  expect_diag(0, 2, 8, "unexpected '='");
  expect_diag(1, 3, 8, "unexpected 'int'; expected ':'");
  expect_diag(2, 4, 9, "unexpected 'hex'; expected '[' or ':'");
  expect_diag(3, 5, 18, "unexpected '}'; expected ']' or ','");
  ck_assert_str_eq(parsed.dump, "(game \"x\")\n(play (block))\n(players 2 2)");
}
END_TEST

START_TEST(test_errors_skip_whole_blocks) {
  /* the `{` of the broken `if` must not end `play` early */
  parse("play {\n  if x + { y = 1 }\n  z = 2\n}\nplay { w = 3 }");
  expect_error_count(1);
  expect_diag(0, 2, 10, "unexpected '{'");
  ck_assert_str_eq(parsed.dump, "(play (block (assign = (name z) (int 2))))\n(play (block (assign = (name w) (int 3))))");
  /* an error in a header skips its body */
  parse("fn f(a: ) {\n  let x = (\n}\nfn g() { }");
  expect_error_count(1);
  expect_diag(0, 1, 9, "unexpected ')'");
  ck_assert_str_eq(parsed.dump, "(fn g (block))");
  /* a `}` inside skipped brackets still ends its block */
  parse("variant v {\n  excl(udes w\n}\nplayers 2");
  expect_error_count(1);
  expect_diag(0, 2, 3, "unexpected 'excl'");
  ck_assert_str_eq(parsed.dump, "(variant v)\n(players 2 2)");
  /* Lemon resuming at a token that starts nothing new stays quiet */
  parse("play { let if = 3 }\nplayers 2");
  expect_error_count(1);
  ck_assert_str_eq(parsed.dump, "(play (block))\n(players 2 2)");
}
END_TEST

START_TEST(test_error_at_end_of_file) {
  parse("play {\n  x = 1\n");
  expect_error_count(1);
  expect_diag(0, 3, 1, "syntax error: unexpected end of file");
  parse("param x =");
  expect_error_count(1);
  expect_diag(0, 1, 10, "unexpected end of file");
  /* one error only: the end of file after a skipped error is not another */
  parse("play {\n  x = )\n");
  expect_error_count(1);
  expect_diag(0, 2, 7, "unexpected ')'");
}
END_TEST

START_TEST(test_expected_hints) {
  parse("var x int");
  expect_diag(0, 1, 7, "syntax error: unexpected 'int'; expected ':'");
  parse("rank highest");
  expect_diag(0, 1, 13, "unexpected end of file; expected identifier");
  parse("players 2..");
  expect_diag(0, 1, 12, "expected integer");
  parse("game 3");
  expect_diag(0, 1, 6, "unexpected '3'; expected string");
  parse("fn f(a: int {}");
  expect_diag(0, 1, 13, "unexpected '{'; expected ')'");
  parse("param x = \"a very long string that goes on\"  y");
  expect_diag(0, 1, 46, "unexpected 'y'");
  parse("game \"x\" \"a very long string that goes on\"");
  expect_diag(0, 1, 10, "unexpected '\"a very long string ...'");
}
END_TEST

START_TEST(test_lexer_errors_are_reported) {
  parse("play {\n  x = 1 @ \n  y = \"abc\n}");
  expect_error_count(2);
  expect_diag(0, 2, 9, "unexpected character '@'");
  expect_diag(1, 3, 7, "unterminated string");
  ck_assert_int_eq(parse_file(parsed.ast, parsed.file, &parsed.diags), 2);
  /* a bad token gets one message, not a lexical and a syntax error */
  parse("play { x = 12abc\n y = 1 }");
  expect_error_count(1);
  expect_diag(0, 1, 12, "malformed number '12abc'");
  parse("game \"abc\nplayers 2");
  expect_error_count(1);
  expect_diag(0, 1, 6, "unterminated string");
  ck_assert_str_eq(parsed.dump, "(game \"abc\")\n(players 2 2)");
}
END_TEST

START_TEST(test_keywords_are_reserved) {
  parse("let = 3");
  ck_assert_int_ge(parsed.diags.count, 1);
  parse("play { let if = 3 }");
  expect_error_count(1);
  expect_diag(0, 1, 12, "unexpected 'if'; expected identifier");
  parse("fn window() { }");
  expect_error_count(1);
}
END_TEST

/* ------------------------------------------------------------------ robustness */

static uint64_t rng_state = 0x9e3779b97f4a7c15u;
static uint32_t rng(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (uint32_t)(rng_state >> 11);
}

START_TEST(test_fuzz_random_bytes) {
  static char src[600];
  static char dump[1 << 14];
  for (int round = 0; round < 3000; round++) {
    size_t n = rng() % sizeof src;
    for (size_t i = 0; i < n; i++) {
      /* mostly printable, with some control and high bytes */
      uint32_t r = rng();
      src[i] = (char)(r % 8 == 0 ? r >> 8 : 32 + (r >> 8) % 95);
    }
    parse_len(src, n);
    for (int i = 0; i < parsed.ast->decls.count; i++) ast_dump(parsed.ast->decls.items[i], dump, sizeof dump);
  }
}
END_TEST

START_TEST(test_fuzz_token_soup) {
  static const char *const words[] = {
    "game", "players", "ghosts", "import", "extends", "param", "tiles", "board", "var", "fn",
    "play", "rank", "variant", "requires", "excludes", "includes", "highest", "lowest", "then", "per",
    "player", "window", "levels", "public", "hidden", "owner", "let", "if", "else", "while",
    "for", "in", "not", "and", "or", "break", "continue", "return", "fail", "choose", "from",
    "true", "false", "bool", "x", "y", "f", "int", "tile", "1", "42", "0x2a", "5x5", "\"s\"",
    "(", ")", "[", "]", "{", "}", ",", ":", ".", "..", "->", "=", "+=", "-=", "*=", "==", "!=",
    "<", "<=", ">", ">=", "+", "-", "*", "/", "%", "|", "^", "&", "<<", ">>", "\n", "@", "\"",
    "/*", "//",
  };
  const int nwords = (int)(sizeof words / sizeof *words);
  static char src[4096];
  static char dump[1 << 14];
  for (int round = 0; round < 3000; round++) {
    size_t used = 0;
    int n = (int)(rng() % 120);
    for (int i = 0; i < n; i++) {
      const char *w = words[rng() % (uint32_t)nwords];
      used += (size_t)snprintf(src + used, sizeof src - used, "%s ", w);
    }
    parse_len(src, used);
    for (int i = 0; i < parsed.ast->decls.count; i++) ast_dump(parsed.ast->decls.items[i], dump, sizeof dump);
  }
}
END_TEST

START_TEST(test_fuzz_mutated_program) {
  static const char base[] =
      "game \"g\"\nplayers 2..4\nvar s: per player int\nboard t: hex window 5x5\n"
      "fn f(a: int, b: [tile]) -> int { if a > 0 { return a } else { return -a } }\n"
      "play {\n  let x = [p for p in players if ord(p) > 0]\n  for q in x { s[q] += f(1) }\n"
      "  let c = choose seat(0) from placements(t, bones[0])\n  while not done() { fail \"x\" }\n}\n"
      "variant v \"d\" { players 2 excludes w }\nrank highest s then lowest s\n";
  static char src[sizeof base + 64];
  for (int round = 0; round < 3000; round++) {
    memcpy(src, base, sizeof base);
    size_t n = sizeof base - 1;
    int edits = 1 + (int)(rng() % 4);
    for (int e = 0; e < edits; e++) {
      size_t at = rng() % n;
      switch (rng() % 3) {
      case 0: src[at] = (char)(32 + rng() % 95); break;               /* replace */
      case 1: memmove(src + at, src + at + 1, n - at); n--; break;     /* delete */
      case 2: memmove(src + at + 1, src + at, n - at); src[at] = "{}()[];=\"x"[rng() % 10]; n++; break;
      }
    }
    parse_len(src, n);
    /* no cascades: a few edits give a few errors */
    ck_assert_msg(parsed.diags.count <= 3 * edits + 2, "%d diagnostics for %d edits in:\n%.*s\n%s",
                  parsed.diags.count, edits, (int)n, src, messages());
  }
}
END_TEST

START_TEST(test_deep_nesting) {
  enum { DEPTH = 5000 };
  static char src[2 * DEPTH + 32];
  size_t n = (size_t)snprintf(src, sizeof src, "param x = ");
  for (int i = 0; i < DEPTH; i++) src[n++] = '(';
  src[n++] = '1';
  for (int i = 0; i < DEPTH; i++) src[n++] = ')';
  parse_len(src, n);
  expect_error_count(1);
  ck_assert_int_eq(parsed.diags.items[0].line, 1);
  ck_assert_str_eq(parsed.diags.items[0].message, "nested too deeply for the parser: split it with 'let' or a function");
  /* moderately deep is fine */
  n = (size_t)snprintf(src, sizeof src, "param x = ");
  for (int i = 0; i < 200; i++) src[n++] = '[';
  for (int i = 0; i < 200; i++) src[n++] = ']';
  parse_len(src, n);
  expect_error_count(0);
}
END_TEST

START_TEST(test_parse_path) {
  Ast *ast = ast_new();
  Diags d;
  diags_init(&d);
  ck_assert_int_eq(parse_path(ast, "/nonexistent/dir/x.tess", &d), -1);
  ck_assert_int_eq(d.errors, 1);
  ck_assert_ptr_nonnull(strstr(d.items[0].message, "cannot read '/nonexistent/dir/x.tess'"));
  char path[] = "/tmp/check_parser_XXXXXX";
  int fd = mkstemp(path);
  ck_assert_int_ge(fd, 0);
  const char *src = "game \"file\"\nplayers 2\n";
  ck_assert_int_eq(write(fd, src, strlen(src)), (ssize_t)strlen(src));
  close(fd);
  int file = parse_path(ast, path, &d);
  unlink(path);
  ck_assert_int_eq(file, 0);
  ck_assert_int_eq(d.errors, 1);
  ck_assert_int_eq(ast->decls.count, 2);
  ck_assert_str_eq(ast->files[0].path, path);
  ck_assert_int_eq((int)ast->files[0].length, (int)strlen(src));
  ck_assert_int_eq(ast->files[0].text[ast->files[0].length], 0);
  diags_free(&d);
  ast_free(ast);
}
END_TEST

START_TEST(test_ast_storage) {
  Ast *ast = ast_new();
  NodeList list = {0};
  for (int i = 0; i < 100000; i++) {
    Node *n = ast_node(ast, N_INT, 0, i, 1);
    n->ival = i;
    ast_list_push(ast, &list, n);
  }
  for (int i = 0; i < 100000; i++) ck_assert_int_eq(list.items[i]->ival, i);
  char *big = ast_alloc(ast, 1 << 20);
  big[(1 << 20) - 1] = 1;
  ck_assert_int_eq(big[0], 0);
  char *s = ast_strndup(ast, "hello world", 5);
  ck_assert_str_eq(s, "hello");
  ck_assert_int_eq((int)((uintptr_t)ast_alloc(ast, 3) % 8), 0);
  ck_assert_str_eq(ast_kind_name(N_COMPREHENSION), "comprehension");
  ck_assert_str_eq(ast_kind_name(N_PARAM_DECL), "param_decl");
  for (int k = 0; k < N_KIND_COUNT; k++) ck_assert_str_ne(ast_kind_name((NodeKind)k), "?");
  ck_assert_str_eq(ast_kind_name(N_KIND_COUNT), "?");
  ast_free(ast);
  ast_free(NULL);
}
END_TEST

START_TEST(test_dump_truncates) {
  parse("param x = [1, 2, 3, 4, 5]");
  char small[12];
  memset(small, 'z', sizeof small);
  ast_dump(parsed.ast->decls.items[0], small, sizeof small);
  ck_assert_int_eq((int)strlen(small), 11);
  ck_assert_str_eq(small, "(param x (l");
  char buf[16];
  ast_dump(NULL, buf, sizeof buf);
  ck_assert_str_eq(buf, "nil");
}
END_TEST

static Suite *parser_suite(void) {
  Suite *s = suite_create("parser");
  TCase *decls = tcase_create("declarations");
  tcase_add_test(decls, test_simple_declarations);
  tcase_add_test(decls, test_board_declarations);
  tcase_add_test(decls, test_board_option_twice);
  tcase_add_test(decls, test_var_declarations);
  tcase_add_test(decls, test_types);
  tcase_add_test(decls, test_fn_declarations);
  tcase_add_test(decls, test_play_rank_variant);
  tcase_add_test(decls, test_whole_file);
  suite_add_tcase(s, decls);
  TCase *stmts = tcase_create("statements");
  tcase_add_test(stmts, test_let_and_assign);
  tcase_add_test(stmts, test_control_flow);
  tcase_add_test(stmts, test_expression_statements);
  tcase_add_test(stmts, test_return_must_be_last);
  suite_add_tcase(s, stmts);
  TCase *exprs = tcase_create("expressions");
  tcase_add_test(exprs, test_literals);
  tcase_add_test(exprs, test_precedence);
  tcase_add_test(exprs, test_comparisons_do_not_chain);
  tcase_add_test(exprs, test_postfix);
  tcase_add_test(exprs, test_comprehensions);
  tcase_add_test(exprs, test_choose_and_conditional);
  tcase_add_test(exprs, test_positions);
  suite_add_tcase(s, exprs);
  TCase *errors = tcase_create("errors");
  tcase_add_test(errors, test_three_errors_three_diagnostics);
  tcase_add_test(errors, test_errors_in_declarations);
  tcase_add_test(errors, test_errors_skip_whole_blocks);
  tcase_add_test(errors, test_error_at_end_of_file);
  tcase_add_test(errors, test_expected_hints);
  tcase_add_test(errors, test_lexer_errors_are_reported);
  tcase_add_test(errors, test_keywords_are_reserved);
  suite_add_tcase(s, errors);
  TCase *robust = tcase_create("robustness");
  tcase_set_timeout(robust, 60);
  tcase_add_test(robust, test_fuzz_random_bytes);
  tcase_add_test(robust, test_fuzz_token_soup);
  tcase_add_test(robust, test_fuzz_mutated_program);
  tcase_add_test(robust, test_deep_nesting);
  tcase_add_test(robust, test_parse_path);
  tcase_add_test(robust, test_ast_storage);
  tcase_add_test(robust, test_dump_truncates);
  suite_add_tcase(s, robust);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(parser_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed != 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}
