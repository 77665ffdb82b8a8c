/* check_checker.c — the checker's diagnostics (lang/check.c, lang/check_body.c),
 * plus the parser's syntax error and the driver's missing-module error, as a
 * user sees them through ts_compile_file: `file:line:col: error: message`, the
 * source line, and a caret under the column.
 *
 * Most tests are rows of a table, one row per distinct message: a tiny rule
 * file that triggers exactly that message, the line it is reported on, and a
 * piece of text on that line the caret must point at. Then: several errors
 * at once, unused-declaration warnings, and variant selection. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera.h"

#define STDLIB_DIR TESSERA_SOURCE_DIR "/stdlib"
#define GAMES_DIR TESSERA_SOURCE_DIR "/games"

/* Two lines that make a file a game; a case's own lines start at line 3. */
#define GAME "game \"T\"\nplayers 2\n"

/* ------------------------------------------------------------------ compiling */

typedef struct Compiled {
  TsProgram *prog;  /* NULL when there was an error */
  char *out;        /* everything printed to the diagnostics stream */
  char path[128];   /* the rule file, as diagnostics name it */
} Compiled;

static Compiled last;

static void forget(void) {
  ts_program_free(last.prog);
  free(last.out);
  memset(&last, 0, sizeof last);
}

/* Compiles `src` (written to a file under /tmp) with the given variants
 * (NULL-terminated list, may be NULL). */
static Compiled *compile(const char *src, const char *const *variants, bool warnings) {
  forget();
  snprintf(last.path, sizeof last.path, "/tmp/tessera_check_checker_%d.tess", (int)getpid());
  FILE *f = fopen(last.path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(src, f);
  fclose(f);
  int count = 0;
  while (variants && variants[count]) count++;
  TsCompileOptions options = {.variants = variants, .variant_count = count, .stdlib_dir = STDLIB_DIR,
                              .games_dir = GAMES_DIR, .warnings = warnings};
  size_t length = 0;
  FILE *diagnostics = open_memstream(&last.out, &length);
  last.prog = ts_compile_file(last.path, &options, diagnostics);
  fclose(diagnostics);
  unlink(last.path);
  return &last;
}

/* Diagnostic headers ("path:line:col: error: ...") at the given level. */
static int count_diags(const char *level) {
  char tag[32];
  snprintf(tag, sizeof tag, ": %s: ", level);
  int n = 0;
  size_t plen = strlen(last.path);
  for (const char *line = last.out; line && *line;) {
    const char *eol = strchr(line, '\n');
    size_t len = eol ? (size_t)(eol - line) : strlen(line);
    char copy[2048];
    snprintf(copy, sizeof copy, "%.*s", (int)len, line);
    if (strncmp(copy, last.path, plen) == 0 && strstr(copy, tag)) n++;
    line = eol ? eol + 1 : line + len;
  }
  return n;
}

/* Line `line` (1-based) of `src`, without its newline. */
static void source_line(const char *src, int line, char *buf, size_t cap) {
  const char *p = src;
  for (int l = 1; l < line && p; l++) {
    p = strchr(p, '\n');
    if (p) p++;
  }
  ck_assert_msg(p != NULL, "the source has no line %d", line);
  size_t len = strcspn(p, "\n");
  snprintf(buf, cap, "%.*s", (int)len, p);
}

/* The output holds, in this order and adjacent: the header of a diagnostic
 * at `line` with the caret under the first `at` of that line, the source
 * line, and the caret line. */
static void expect_diag_at(const char *src, const char *level, int line, const char *at,
                           const char *message) {
  char text[512];
  source_line(src, line, text, sizeof text);
  const char *spot = strstr(text, at);
  ck_assert_msg(spot != NULL, "test bug: '%s' is not on line %d: %s", at, line, text);
  int col = (int)(spot - text) + 1;
  char want[2048];
  snprintf(want, sizeof want, "%s:%d:%d: %s: %s\n  %s\n  %*s^\n", last.path, line, col, level, message,
           text, col - 1, "");
  ck_assert_msg(last.out && strstr(last.out, want), "expected\n%s---- in the diagnostics:\n%s", want,
                last.out ? last.out : "(none)");
}

/* For diagnostics about the whole file (no position): the header only. */
static void expect_file_diag(const char *message) {
  char want[1024];
  snprintf(want, sizeof want, ": error: %s\n", message);
  const char *found = last.out ? strstr(last.out, want) : NULL;
  ck_assert_msg(found, "expected '...%s' in the diagnostics:\n%s", want, last.out ? last.out : "(none)");
  const char *start = found;
  while (start > last.out && start[-1] != '\n') start--;
  ck_assert_msg(strncmp(start, last.path, strlen(last.path)) == 0, "the diagnostic does not name the file:\n%s",
                last.out);
}

/* ------------------------------------------------------------------ one row per message */

typedef struct Case {
  const char *what;
  const char *src;
  int line;             /* 0: a diagnostic about the whole file, without a position */
  const char *at;       /* the caret is under the first occurrence of this on the line */
  const char *message;
  const char *variants[3]; /* selected variants, if any */
} Case;

/* Rows without variants leave the last field out. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

/* Compiles the case and checks that it gives exactly its one error. */
static void run_case(const Case *c) {
  compile(c->src, c->variants[0] ? c->variants : NULL, false);
  ck_assert_msg(last.prog == NULL, "%s: compiled without error", c->what);
  ck_assert_msg(count_diags("error") == 1, "%s: %d errors, expected exactly 1:\n%s", c->what,
                count_diags("error"), last.out);
  ck_assert_msg(count_diags("warning") == 0, "%s: warnings were off:\n%s", c->what, last.out);
  if (c->line == 0) expect_file_diag(c->message);
  else expect_diag_at(c->src, "error", c->line, c->at, c->message);
}

static const Case declaration_cases[] = {
  {"unknown type, with a suggestion", GAME "var x: innt\nplay { }\n", 3, "innt",
   "unknown type 'innt'; did you mean 'int'?"},
  {"unknown type, listing the types", GAME "var x: integer\nplay { }\n", 3, "integer",
   "unknown type 'integer'; types are int, bool, player, tile, cell, dir, placement, board, lay, word, vertex, [T] and T | word"},
  {"a function declared twice", GAME "fn f() { }\nfn f() { }\nplay { f() }\n", 4, "fn",
   "'f' is already declared (line 3)"},
  {"players twice", GAME "players 3\nplay { }\n", 3, "players",
   "'players' is declared twice (first on line 2); a variant may replace it"},
  {"a var named like a param", GAME "param n = 1\nvar n: int\nplay { }\n", 4, "var",
   "'n' is already declared (line 3)"},
  {"a built-in's name", GAME "fn len() { }\nplay { }\n", 3, "fn", "'len' is a built-in function; choose another name"},
  {"unknown grid", GAME "board b: triangle\nplay { }\n", 3, "board", "unknown grid 'triangle'; grids are square, hex and hexagon"},
  {"board too large", GAME "board b: square 65x3\nplay { }\n", 3, "board",
   "board size 65x3 is out of range (1x1 to 64x64)"},
  {"too many levels", GAME "board b: hex levels 33\nplay { }\n", 3, "board", "a board has at most 32 levels, not 33"},
  {"player count upside down", "game \"T\"\nplayers 3..2\nplay { }\n", 2, "players", "player count must be within 1..16"},
  {"too many seats with ghosts", "game \"T\"\nplayers 2..16\nghosts 1\nplay { }\n", 3, "ghosts",
   "at most 16 seats (players and ghosts)"},
  {"no player count", "game \"T\"\nplay { }\n", 0, NULL, "the game declares no player count (add e.g. 'players 2..4')"},
  {"no play block", "game \"T\"\nplayers 2\n", 0, NULL, "the game has no 'play { … }' block"},
  {"too many ranking keys",
   GAME "var s: per player int\nrank highest s then lowest s then highest s then lowest s then highest s\nplay { }\n", 4,
   "rank", "at most 4 ranking keys"},
  {"ranking key not per player", GAME "var s: int\nrank highest s\nplay { }\n", 4, "highest",
   "ranking key 's' must be a 'per player int' variable"},
  {"param of a list type", GAME "param p = [1]\nplay { }\n", 3, "[1]", "a param must be an int or a bool, not [int]"},
  {"initial value of another type", GAME "var v: int = true\nplay { }\n", 3, "true",
   "'v' is int but its initial value is bool"},
  {"param used before it is declared", GAME "param early = later + 1\nparam later = 2\nplay { }\n", 3, "later",
   "param 'later' is used before its declaration"},
};

static const Case variant_cases[] = {
  {"requires outside a variant", GAME "requires fast\nplay { }\nvariant fast \"Fast\" { }\n", 3, "requires",
   "'requires' belongs inside a variant"},
  {"variant declared twice", GAME "play { }\nvariant fast \"Fast\" { }\nvariant fast \"Again\" { }\n", 5, "variant",
   "variant 'fast' is declared twice"},
  {"import inside a variant", GAME "play { }\nvariant fast \"Fast\" {\n  import hexdomino\n}\n", 5, "import",
   "a variant cannot contain this declaration", {"fast"}},
  {"variant replaces a param by a fn", GAME "param n = 1\nplay { }\nvariant fast \"Fast\" {\n  fn n() { }\n}\n", 6,
   "fn", "variant declares fn 'n' but the game has a param of that name", {"fast"}},
  {"unknown variant selected, with a suggestion", GAME "play { }\nvariant fast \"Fast\" { }\n", 0, NULL,
   "unknown variant 'fsat'; did you mean 'fast'?", {"fsat"}},
  {"unknown variant selected, listing the variants",
   GAME "play { }\nvariant fast \"Fast\" { }\nvariant short \"Short\" { }\n", 0, NULL,
   "unknown variant 'huge'; variants: fast, short", {"huge"}},
  {"unknown variant in requires",
   GAME "play { }\nvariant fast \"Fast\" {\n  requires shrot\n}\nvariant short \"Short\" { }\n", 5, "shrot",
   "unknown variant 'shrot'; did you mean 'short'?", {"fast"}},
  {"requires not met", GAME "play { }\nvariant fast \"Fast\" {\n  requires short\n}\nvariant short \"Short\" { }\n", 5,
   "short", "variant 'fast' requires variant 'short'", {"fast"}},
  {"excluded combination",
   GAME "play { }\nvariant fast \"Fast\" {\n  excludes short\n}\nvariant short \"Short\" { }\n", 5, "short",
   "variant 'fast' cannot be combined with variant 'short'", {"fast", "short"}},
};

static const Case name_cases[] = {
  {"unknown name, with a suggestion",
   GAME "var score: per player int\nplay {\n  score[seat(0)] = scroe[seat(0)] + 1\n}\n", 5, "scroe",
   "unknown name 'scroe'; did you mean 'score'?"},
  {"unknown name", GAME "play {\n  let x = zzz\n  print(x)\n}\n", 4, "zzz", "unknown name 'zzz'"},
  {"unknown function, with a suggestion", GAME "play {\n  print(lenn([1]))\n}\n", 4, "lenn",
   "unknown function 'lenn'; did you mean 'len'?"},
  {"unknown function", GAME "play {\n  qqqq(1)\n}\n", 4, "qqqq", "unknown function 'qqqq'"},
  {"a function used as a value", GAME "fn f() -> int { return 1 }\nplay {\n  let g = f\n  print(g)\n}\n", 5, "f",
   "'f' is a function; call it: f(…)"},
  {"a per-player variable without a seat", GAME "var s: per player int\nplay {\n  print(s)\n}\n", 5, "s)",
   "'s' has one value per player: write s[p]"},
  {"a built-in used as a value", GAME "play {\n  print(len)\n}\n", 4, "len", "'len' is a built-in function; call it: len(…)"},
  {"a local declared twice", GAME "play {\n  let x = 1\n  let x = 2\n  print(x)\n}\n", 5, "let",
   "'x' is already declared in this block"},
  {"choose inside an expression", GAME "play {\n  print(choose seat(0) from [1, 2])\n}\n", 4, "choose",
   "'choose' can only stand as a statement, in 'let x = choose …' or in 'x = choose …'"},
  {"a deciding function inside an expression",
   GAME "fn pick() -> int {\n  let x = choose seat(0) from [1, 2]\n  return x\n}\nplay {\n  print(pick() + 1)\n}\n", 8,
   "pick", "'pick' makes a decision (choose), so it can only be called as a statement, in 'let x = …' or in 'x = …'"},
  {"a deciding function passed to a built-in",
   GAME "board t: hex\nfn ok(b: board, pl: placement) -> bool {\n  let x = choose seat(0) from [1]\n  return x == 1\n}\n"
        "tiles one = [domino(1, 2)]\nplay {\n  print(placements(t, one[0], ok))\n}\n",
   10, "ok)", "'ok' makes a decision (choose), so it cannot be passed to a built-in"},
};

static const Case call_cases[] = {
  {"too many arguments", GAME "fn f(a: int) -> int { return a }\nplay {\n  print(f(1, 2))\n}\n", 5, "f(",
   "'f' takes 1 argument, not 2"},
  {"argument of the wrong type", GAME "fn f(a: int) -> int { return a }\nplay {\n  print(f(true))\n}\n", 5, "true",
   "argument 1 of 'f' must be int, not bool"},
  {"built-in: too many arguments", GAME "play {\n  print(abs(1, 2))\n}\n", 4, "abs", "'abs' takes 1 argument, not 2"},
  {"built-in: argument of the wrong type", GAME "play {\n  print(abs(true))\n}\n", 4, "true",
   "argument 1 of 'abs' must be int, not bool"},
  {"overloaded built-in: no form fits", GAME "play {\n  print(len(1, 2))\n}\n", 4, "len",
   "no form of 'len' takes (int, int)"},
  {"callback that is a variable",
   GAME "board t: hex\ntiles one = [domino(1, 2)]\nvar v: int\nplay {\n  print(placements(t, one[0], v))\n}\n", 7, "v)",
   "'v' is not a function"},
  {"callback with the wrong signature",
   GAME "board t: hex\ntiles one = [domino(1, 2)]\nfn bad(x: int) -> bool { return true }\n"
        "play {\n  print(placements(t, one[0], bad))\n}\n",
   7, "bad)", "'bad' must be a fn(board, placement) -> bool"},
  {"unknown callback (reported once)",
   GAME "board t: hex\ntiles one = [domino(1, 2)]\nplay {\n  print(placements(t, one[0], nosuch))\n}\n", 6, "nosuch",
   "unknown name 'nosuch'"},
  {"calling a variable", GAME "var v: int\nplay {\n  v(1)\n}\n", 5, "v", "'v' is not a function"},
  {"calling an expression", GAME "play {\n  print([1][0](2))\n}\n", 4, "[1]", "only named functions can be called"},
};

static const Case expression_cases[] = {
  {"adding int and bool", GAME "play {\n  print(1 + true)\n}\n", 4, "1 +", "cannot add int and bool with '+'"},
  {"comparing int and bool", GAME "play {\n  print(1 < true)\n}\n", 4, "1 <", "cannot compare int and bool with '<'"},
  {"and on ints", GAME "play {\n  print(1 and true)\n}\n", 4, "1 and", "cannot combine int and bool with 'and'"},
  {"dividing a list", GAME "play {\n  print([1] / 2)\n}\n", 4, "[1]", "cannot divide [int] and int with '/'"},
  {"in with a list of another type", GAME "play {\n  print(1 in [true])\n}\n", 4, "1 in",
   "'in' needs a value and a list of that type, not int and [bool]"},
  {"negating a bool", GAME "play {\n  print(-true)\n}\n", 4, "-", "'-' needs int, not bool"},
  {"not of an int", GAME "play {\n  print(not 1)\n}\n", 4, "not", "'not' needs bool, not int"},
  {"indexing an int", GAME "var v: int\nplay {\n  print(v[0])\n}\n", 5, "v[", "cannot index int (only lists, tiles and per-player names)"},
  {"field of an int", GAME "var v: int\nplay {\n  print(v.x)\n}\n", 5, "v.", "int has no field 'x'"},
  {"unknown field of a cell", GAME "play {\n  print(cell(1, 2).z)\n}\n", 4, "cell",
   "cell has no field 'z' (cells have x and y)"},
  {"unknown field of a placement",
   GAME "board t: hex\ntiles one = [domino(1, 2)]\nplay {\n  print(placements(t, one[0])[0].x)\n}\n", 6, "placements",
   "placement has no field 'x' (placements have tile, cell, level and turn)"},
  {"list of mixed elements", GAME "play {\n  print([1, true])\n}\n", 4, "true", "list elements must all be int; this one is bool"},
  {"list of nothing", GAME "play {\n  print([print(1)])\n}\n", 4, "[print", "a list cannot hold nothing"},
  {"comprehension of nothing", GAME "play {\n  print([print(x) for x in [1]])\n}\n", 4, "print(x)",
   "a list cannot hold nothing"},
  {"for over an int", GAME "play {\n  for i in 5 { }\n}\n", 4, "5", "'for' needs a list to go through, not int"},
  {"choose from an int", GAME "play {\n  let x = choose seat(0) from 5\n  print(x)\n}\n", 4, "5",
   "'choose' offers a list of options (ints, tiles, cells, placements, …), not int"},
  {"conditional with two types", GAME "play {\n  print(if true then 1 else false)\n}\n", 4, "if",
   "both branches of 'if … then … else' must have one type, not int and bool"},
  {"empty list without a type", GAME "play {\n  print([])\n}\n", 4, "[]",
   "the type of an empty list is unknown here; give it one: let x: [tile] = []"},
  {"if on an int", GAME "play {\n  if 1 { }\n}\n", 4, "1", "an 'if' condition must be bool, not int"},
};

static const Case statement_cases[] = {
  {"assigning a param", GAME "param n = 2\nplay {\n  n = 3\n}\n", 5, "n", "'n' is a param and cannot be assigned"},
  {"assigning a tile set (reported once)", GAME "tiles bones = [domino(1, 2)]\nplay {\n  bones = []\n}\n", 5, "bones",
   "'bones' is a tile set and cannot be assigned"},
  {"assigning a board", GAME "board t: hex\nplay {\n  t = t\n}\n", 5, "t", "'t' cannot be assigned"},
  {"assigning a per-player variable without a seat", GAME "var s: per player int\nplay {\n  s = 1\n}\n", 5, "s",
   "'s' has one value per player: assign s[p]"},
  {"assigning a per-player board", GAME "board pb: hex per player\nplay {\n  pb[seat(0)] = pb[seat(1)]\n}\n", 5, "pb",
   "a board cannot be assigned; use place(…)"},
  {"assigning an index of an int", GAME "var v: int\nplay {\n  v[0] = 1\n}\n", 5, "v",
   "only list elements and per-player values can be assigned by index, not int"},
  {"assigning a call", GAME "fn f() -> int { return 1 }\nplay {\n  f() = 2\n}\n", 5, "f", "cannot assign to this expression"},
  {"compound assignment of a cell (reported once)", GAME "play {\n  let c = cell(0, 0)\n  c += 1\n}\n", 5, "c",
   "compound assignment needs an int (or '+=' on a list), not cell"},
  {"assigning another type", GAME "var v: int\nplay {\n  v = true\n}\n", 5, "true", "cannot assign bool to int"},
  {"let of nothing", GAME "fn g() { }\nplay {\n  let w = g()\n}\n", 5, "g()", "this has no value to store in 'w'"},
  {"let with another declared type", GAME "play {\n  let q: [int] = [true]\n  print(q)\n}\n", 4, "[true]",
   "'q' is declared [int] but its value is [bool]"},
  {"break outside a loop", GAME "play {\n  break\n}\n", 4, "break", "'break' outside a loop"},
  {"continue outside a loop", GAME "play {\n  continue\n}\n", 4, "continue", "'continue' outside a loop"},
  {"return without a value", GAME "fn a() -> int { return }\nplay { print(a()) }\n", 3, "return", "'a' must return int"},
  {"return a value from a procedure", GAME "fn b() { return 1 }\nplay { b() }\n", 3, "return",
   "'b' returns nothing (declare '-> T' to return a value)"},
  {"return another type", GAME "fn c() -> int { return true }\nplay { print(c()) }\n", 3, "true", "'c' returns int, not bool"},
  {"falling off the end of a function", GAME "var v: int\nfn d() -> int { v = 1 }\nplay { print(d()) }\n", 4, "fn",
   "'d' must end with 'return' (it returns int)"},
  {"fail without a string", GAME "var v: int\nplay {\n  fail v\n}\n", 5, "v", "'fail' takes a message in quotes"},
  {"an expression as a statement", GAME "var v: int\nplay {\n  v\n}\n", 5, "v",
   "this expression does nothing; a statement is a call, an assignment or a 'let'"},
};

static const Case file_cases[] = {
  {"syntax error", GAME "play {\n  let = 3\n}\n", 4, "=", "syntax error: unexpected '='; expected identifier"},
  {"statement after return",
   GAME "fn f(a: int) -> int {\n  if a > 0 {\n    return 1\n    print(2)\n  }\n  return 0\n}\nplay { print(f(1)) }\n", 6,
   "print",
   "syntax error: unexpected 'print'; 'return' must be the last statement of its block"},
  {"missing module", GAME "import nosuch\nplay { }\n", 3, "import",
   "cannot find module 'nosuch' (looked for " STDLIB_DIR "/nosuch.tess)"},
};

#define COUNT(a) ((int)(sizeof(a) / sizeof(a)[0]))

START_TEST(test_declaration_message) { run_case(&declaration_cases[_i]); }
END_TEST
START_TEST(test_variant_message) { run_case(&variant_cases[_i]); }
END_TEST
START_TEST(test_name_message) { run_case(&name_cases[_i]); }
END_TEST
START_TEST(test_call_message) { run_case(&call_cases[_i]); }
END_TEST
START_TEST(test_expression_message) { run_case(&expression_cases[_i]); }
END_TEST
START_TEST(test_statement_message) { run_case(&statement_cases[_i]); }
END_TEST
START_TEST(test_file_message) { run_case(&file_cases[_i]); }
END_TEST

/* ------------------------------------------------------------------ many errors at once */

START_TEST(test_three_errors_on_three_lines) {
  const char *src = GAME "play {\n  let a: int = true\n  let b = zzz\n  print(1 + [1])\n  print(a + b)\n}\n";
  compile(src, NULL, false);
  ck_assert_ptr_null(last.prog);
  ck_assert_int_eq(count_diags("error"), 3);
  expect_diag_at(src, "error", 4, "true", "'a' is declared int but its value is bool");
  expect_diag_at(src, "error", 5, "zzz", "unknown name 'zzz'");
  expect_diag_at(src, "error", 6, "1 +", "cannot add int and [int] with '+'");
  /* Sorted by line. */
  const char *l4 = strstr(last.out, ":4:"), *l5 = strstr(last.out, ":5:"), *l6 = strstr(last.out, ":6:");
  ck_assert(l4 && l5 && l6 && l4 < l5 && l5 < l6);
}
END_TEST

START_TEST(test_errors_in_every_function_body) {
  const char *src = GAME "fn f() -> int {\n  return true\n}\n"
                         "fn g() {\n  let x: bool = 1\n  print(x)\n}\n"
                         "play {\n  g()\n  print(f() + nope)\n}\n";
  compile(src, NULL, false);
  ck_assert_ptr_null(last.prog);
  ck_assert_int_eq(count_diags("error"), 3);
  expect_diag_at(src, "error", 4, "true", "'f' returns int, not bool");
  expect_diag_at(src, "error", 7, "1", "'x' is declared bool but its value is int");
  expect_diag_at(src, "error", 12, "nope", "unknown name 'nope'");
}
END_TEST

START_TEST(test_syntax_and_type_errors_together) {
  const char *src = GAME "fn f() {\n  let = 1\n}\nfn g() -> int {\n  return false\n}\nplay { f() print(g()) }\n";
  compile(src, NULL, false);
  ck_assert_ptr_null(last.prog);
  ck_assert_int_eq(count_diags("error"), 2);
  expect_diag_at(src, "error", 4, "=", "syntax error: unexpected '='; expected identifier");
  expect_diag_at(src, "error", 7, "false", "'g' returns int, not bool");
}
END_TEST

START_TEST(test_type_errors_name_both_types) {
  const char *src = GAME "var hands: per player [tile]\nvar groups: [[cell]]\nplay {\n"
                         "  groups = [cell(0, 0)]\n  hands[seat(0)] = [[1]]\n  print(groups + [seat(0)])\n}\n";
  compile(src, NULL, false);
  ck_assert_int_eq(count_diags("error"), 3);
  expect_diag_at(src, "error", 6, "[cell", "cannot assign [cell] to [[cell]]");
  expect_diag_at(src, "error", 7, "[[1]]", "cannot assign [[int]] to [tile]");
  expect_diag_at(src, "error", 8, "groups", "cannot add [[cell]] and [player] with '+'");
}
END_TEST

/* ------------------------------------------------------------------ warnings */

START_TEST(test_unused_declarations_warn) {
  const char *src = GAME "import hexdomino\n"              /* 3: nothing of a module is unused */
                         "param spare = 3\n"               /* 4 */
                         "tiles extra = [token(1)]\n"      /* 5 */
                         "board side: square 3x3\n"        /* 6 */
                         "var idle: int\n"                 /* 7 */
                         "fn helper(x: int) -> int {\n"    /* 8: its parameter is not a warning */
                         "  return 1\n"
                         "}\n"
                         "var score: per player int\n"     /* 11: a rank key is used */
                         "rank highest score\n"
                         "play {\n"
                         "  let lonely = 1\n"              /* 14 */
                         "  let _quiet = 2\n"              /* 15: a leading _ silences it */
                         "  for turn in 1..2 { }\n"        /* 16: loop variables may go unused */
                         "}\n";
  compile(src, NULL, true);
  ck_assert_msg(last.prog != NULL, "warnings must not fail the compile:\n%s", last.out);
  ck_assert_int_eq(count_diags("error"), 0);
  ck_assert_int_eq(count_diags("warning"), 6);
  expect_diag_at(src, "warning", 4, "param", "param 'spare' is never used");
  expect_diag_at(src, "warning", 5, "tiles", "tiles 'extra' is never used");
  expect_diag_at(src, "warning", 6, "board", "board 'side' is never used");
  expect_diag_at(src, "warning", 7, "var", "variable 'idle' is never used");
  expect_diag_at(src, "warning", 8, "fn", "function 'helper' is never used");
  expect_diag_at(src, "warning", 14, "let", "local 'lonely' is never used");
  ck_assert_ptr_null(strstr(last.out, "hexdomino.tess"));
}
END_TEST

START_TEST(test_warnings_off_by_default) {
  compile(GAME "var idle: int\nplay {\n  let lonely = 1\n}\n", NULL, false);
  ck_assert_ptr_nonnull(last.prog);
  ck_assert_str_eq(last.out, "");
}
END_TEST

START_TEST(test_used_declarations_do_not_warn) {
  compile(GAME "param n = 3\nvar total: int\nfn twice(x: int) -> int { return 2 * x }\n"
               "play {\n  let k = twice(n)\n  total = total + k\n}\n",
          NULL, true);
  ck_assert_ptr_nonnull(last.prog);
  ck_assert_str_eq(last.out, "");
}
END_TEST

/* ------------------------------------------------------------------ variants */

/* A game whose only player's score shows which declarations are in force:
 * size * 1000 + number of cells of board b * 10 + bonus(). */
static const char *const variant_game =
  "game \"V\"\n"
  "players 1..2\n"
  "param size = 3\n"
  "board b: square 3x3\n"
  "tiles one = [token(1)]\n"
  "fn bonus() -> int { return 1 }\n"
  "var score: per player int\n"
  "rank highest score\n"
  "play {\n"
  "  score[seat(0)] = size * 1000 + len(placements_anywhere(b, one[0])) * 10 + bonus()\n"
  "}\n"
  "variant big \"Bigger\" {\n"
  "  param size = 5\n"
  "  board b: square 5x5\n"
  "}\n"
  "variant extra \"Bonus\" {\n"
  "  requires big\n"
  "  fn bonus() -> int { return 7 }\n"
  "}\n"
  "variant small \"Smaller\" {\n"
  "  excludes big\n"
  "  param size = 1\n"
  "}\n"
  "variant solo \"One player\" {\n"
  "  players 1\n"
  "}\n";

/* Compiles the variant game with `variants` and returns P1's score. */
static long long variant_score(const char *const *variants) {
  compile(variant_game, variants, false);
  ck_assert_msg(last.prog != NULL, "did not compile:\n%s", last.out);
  char err[256];
  TsState *s = ts_new_game(last.prog, 1, 1, err, sizeof err);
  ck_assert_msg(s != NULL, "%s", err);
  ck_assert(ts_is_over(s));
  ck_assert_ptr_null(ts_error(s));
  long long score = (long long)ts_score(s, 0);
  ts_free(s);
  return score;
}

START_TEST(test_base_game_without_variants) {
  ck_assert_int_eq(variant_score(NULL), 3000 + 90 + 1);
  ck_assert_int_eq(ts_program_variant_count(last.prog), 4);
  ck_assert_str_eq(ts_program_variant_name(last.prog, 0), "big");
  ck_assert_str_eq(ts_program_variant_doc(last.prog, 2), "Smaller");
  ck_assert_int_eq(ts_program_max_players(last.prog), 2);
}
END_TEST

START_TEST(test_variant_replaces_param_and_board) {
  const char *v[] = {"big", NULL};
  ck_assert_int_eq(variant_score(v), 5000 + 250 + 1);
}
END_TEST

START_TEST(test_variant_replaces_fn) {
  const char *v[] = {"big", "extra", NULL};
  ck_assert_int_eq(variant_score(v), 5000 + 250 + 7);
}
END_TEST

START_TEST(test_variant_order_does_not_matter_for_requires) {
  const char *v[] = {"extra", "big", NULL};
  ck_assert_int_eq(variant_score(v), 5000 + 250 + 7);
}
END_TEST

START_TEST(test_variant_replaces_players) {
  const char *v[] = {"solo", "small", NULL};
  ck_assert_int_eq(variant_score(v), 1000 + 90 + 1);
  ck_assert_int_eq(ts_program_max_players(last.prog), 1);
  ck_assert_str_eq(last.out, "");
}
END_TEST

START_TEST(test_invalid_combination_names_the_conflict) {
  const char *v[] = {"small", "big", "extra", NULL};
  compile(variant_game, v, false);
  ck_assert_ptr_null(last.prog);
  ck_assert_int_eq(count_diags("error"), 1);
  expect_diag_at(variant_game, "error", 21, "big", "variant 'small' cannot be combined with variant 'big'");
}
END_TEST

START_TEST(test_variant_requirement_missing) {
  const char *v[] = {"extra", NULL};
  compile(variant_game, v, false);
  ck_assert_ptr_null(last.prog);
  ck_assert_int_eq(count_diags("error"), 1);
  expect_diag_at(variant_game, "error", 17, "big", "variant 'extra' requires variant 'big'");
}
END_TEST

/* ------------------------------------------------------------------ */

static void add_table(Suite *s, const char *name, const TTest *test, int count) {
  TCase *tc = tcase_create(name);
  tcase_add_loop_test(tc, test, 0, count);
  suite_add_tcase(s, tc);
}

static Suite *checker_suite(void) {
  Suite *s = suite_create("checker");
  add_table(s, "declarations", test_declaration_message, COUNT(declaration_cases));
  add_table(s, "variant messages", test_variant_message, COUNT(variant_cases));
  add_table(s, "names", test_name_message, COUNT(name_cases));
  add_table(s, "calls", test_call_message, COUNT(call_cases));
  add_table(s, "expressions", test_expression_message, COUNT(expression_cases));
  add_table(s, "statements", test_statement_message, COUNT(statement_cases));
  add_table(s, "syntax and files", test_file_message, COUNT(file_cases));

  TCase *many = tcase_create("all errors at once");
  tcase_add_test(many, test_three_errors_on_three_lines);
  tcase_add_test(many, test_errors_in_every_function_body);
  tcase_add_test(many, test_syntax_and_type_errors_together);
  tcase_add_test(many, test_type_errors_name_both_types);
  suite_add_tcase(s, many);

  TCase *warnings = tcase_create("warnings");
  tcase_add_test(warnings, test_unused_declarations_warn);
  tcase_add_test(warnings, test_warnings_off_by_default);
  tcase_add_test(warnings, test_used_declarations_do_not_warn);
  suite_add_tcase(s, warnings);

  TCase *variants = tcase_create("variants");
  tcase_add_test(variants, test_base_game_without_variants);
  tcase_add_test(variants, test_variant_replaces_param_and_board);
  tcase_add_test(variants, test_variant_replaces_fn);
  tcase_add_test(variants, test_variant_order_does_not_matter_for_requires);
  tcase_add_test(variants, test_variant_replaces_players);
  tcase_add_test(variants, test_invalid_combination_names_the_conflict);
  tcase_add_test(variants, test_variant_requirement_missing);
  suite_add_tcase(s, variants);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(checker_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
