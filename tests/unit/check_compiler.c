/* check_compiler.c — the shape of the bytecode lang/compile.c emits, read
 * through ts_program_disassemble: which instructions a construct becomes,
 * their operands, the layout of the program (initialisers, functions, the
 * play block), and the line table (every instruction has a source line). */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tessera.h"

#define GAME "game \"C\"\nplayers 2\n"

/* ------------------------------------------------------------------ helpers */

static char path[128];
static char *listing;   /* the whole disassembly */
static char *function;  /* the listing of one function (see in_function) */
static char ops[16384]; /* opcode names of that function: " INT INT ADD " */

/* Compiles `src` and disassembles it. The rule file stays on disk until the
 * listing is made: the disassembler prints source lines from it. */
static const char *compile_listing(const char *src, bool no_inline, bool fuse) {
  snprintf(path, sizeof path, "/tmp/tessera_check_compiler_%d.tess", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(src, f);
  fclose(f);
  char *diags = NULL;
  size_t length = 0;
  FILE *d = open_memstream(&diags, &length);
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games",
                              .no_inline = no_inline, .no_superinstructions = !fuse};
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  ck_assert_msg(p != NULL, "does not compile:\n%s", diags);
  free(diags);
  free(listing);
  FILE *out = open_memstream(&listing, &length);
  ts_program_disassemble(p, out);
  fclose(out);
  ts_program_free(p);
  unlink(path);
  return listing;
}

/* Most tests read the instructions one operation each; fused() shows the
 * superinstructions the compiler makes by default. */
static const char *disassemble_with(const char *src, bool no_inline) { return compile_listing(src, no_inline, false); }
static const char *disassemble(const char *src) { return compile_listing(src, false, false); }
static const char *fused(const char *src) { return compile_listing(src, false, true); }

static bool is_instruction(const char *line) {
  /* "%6d  NAME ..." */
  int pc;
  char name[32];
  return sscanf(line, "%d %31s", &pc, name) == 2 && name[0] >= 'A' && name[0] <= 'Z';
}

/* Selects function `name` of the last listing: its text and its opcodes. */
static const char *in_function(const char *name) {
  char header[128];
  snprintf(header, sizeof header, " %s  (params", name);
  const char *start = strstr(listing, header);
  ck_assert_msg(start != NULL, "no function '%s' in:\n%s", name, listing);
  while (start > listing && start[-1] != '\n') start--;
  const char *end = strstr(start + 1, "\nfn ");
  size_t len = end ? (size_t)(end - start) + 1 : strlen(start);
  free(function);
  function = strndup(start, len);
  size_t used = (size_t)snprintf(ops, sizeof ops, " ");
  for (char *line = function; *line;) {
    char *eol = strchr(line, '\n');
    if (eol) *eol = 0;
    int pc;
    char op[32];
    if (is_instruction(line) && sscanf(line, "%d %31s", &pc, op) == 2)
      used += (size_t)snprintf(ops + used, sizeof ops - used, "%s ", op);
    if (!eol) break;
    *eol = '\n';
    line = eol + 1;
  }
  return function;
}

/* The selected function contains these opcodes one after the other. */
static void expect_ops(const char *sequence) {
  char want[512];
  snprintf(want, sizeof want, " %s ", sequence);
  ck_assert_msg(strstr(ops, want), "expected%sin%s\n%s", want, ops, function);
}

static void expect_no_op(const char *op) {
  char want[64];
  snprintf(want, sizeof want, " %s ", op);
  ck_assert_msg(!strstr(ops, want), "did not expect %s in%s\n%s", op, ops, function);
}

static int count_op(const char *op) {
  char want[64];
  snprintf(want, sizeof want, " %s ", op);
  int n = 0;
  for (const char *p = strstr(ops, want); p; p = strstr(p + 1, want)) n++;
  return n;
}

/* The listing line of the n-th (from 0) instruction `op` of the function
 * (in one of a few rotating buffers, so that several can be compared). */
static char *instruction(const char *op, int n) {
  static char lines[8][256];
  static int next;
  char *line = lines[next++ % 8];
  for (const char *p = function; *p;) {
    const char *eol = strchr(p, '\n');
    size_t len = eol ? (size_t)(eol - p) : strlen(p);
    snprintf(line, 256, "%.*s", (int)len, p);
    int pc;
    char name[32];
    if (is_instruction(line) && sscanf(line, "%d %31s", &pc, name) == 2 && strcmp(name, op) == 0 && n-- == 0)
      return line;
    p = eol ? eol + 1 : p + len;
  }
  ck_abort_msg("no %s in\n%s", op, function);
  return NULL;
}

/* Operand k (from 0) of an instruction line. */
static int operand(const char *line, int k) {
  int pc;
  char name[32];
  int consumed = 0;
  sscanf(line, "%d %31s%n", &pc, name, &consumed);
  const char *p = line + consumed;
  int value = 0;
  for (int i = 0; i <= k; i++) {
    int used = 0;
    ck_assert_msg(sscanf(p, "%d%n", &value, &used) == 1, "no operand %d in: %s", k, line);
    p += used;
  }
  return value;
}

static int pc_of(const char *line) { return atoi(line); }

/* ------------------------------------------------------------------ loops */

START_TEST(test_for_over_a_range_counts) {
  disassemble(GAME "var total: int\nplay {\n  for i in 1..3 {\n    total += i\n  }\n}\n");
  in_function("<play>");
  /* The start takes both bounds and leaves at once when there is nothing
   * to do; the bottom steps and goes back to the body: one loop
   * instruction per iteration, no jump. */
  expect_ops("SETUP_BOARDS SET_UP INT INT RANGE_START LOAD_GLOBAL LOAD_LOCAL ADD STORE_GLOBAL FOR_RANGE_NEXT HALT");
  ck_assert_int_eq(operand(instruction("INT", 0), 0), 1);
  ck_assert_int_eq(operand(instruction("INT", 1), 0), 3);
  expect_no_op("RANGE"); /* no list is built */
  expect_no_op("LIST_START");
  expect_no_op("JUMP");
  const char *loop = instruction("RANGE_START", 0), *bottom = instruction("FOR_RANGE_NEXT", 0);
  int exit = operand(loop, 2);
  ck_assert_int_eq(pc_of(instruction("HALT", 0)), exit);
  ck_assert_int_eq(operand(bottom, 0), operand(loop, 0)); /* same counter and limit */
  ck_assert_int_eq(operand(bottom, 1), operand(loop, 1));
  ck_assert_int_eq(operand(bottom, 2), pc_of(instruction("LOAD_GLOBAL", 0))); /* the body */
}
END_TEST

START_TEST(test_for_over_a_list_walks_it) {
  disassemble(GAME "var total: int\nplay {\n  let l = [4, 5]\n  for v in l {\n    total += v\n  }\n}\n");
  in_function("<play>");
  expect_ops("LOAD_LOCAL LIST_START LOAD_GLOBAL LOAD_LOCAL ADD STORE_GLOBAL FOR_LIST_NEXT HALT");
  expect_no_op("RANGE_START");
  const char *loop = instruction("LIST_START", 0), *bottom = instruction("FOR_LIST_NEXT", 0);
  ck_assert_int_eq(operand(loop, 3), pc_of(instruction("HALT", 0)));
  ck_assert_int_eq(operand(loop, 1), operand(loop, 0) + 1); /* list and position slots side by side */
  for (int k = 0; k < 3; k++) ck_assert_int_eq(operand(bottom, k), operand(loop, k));
  ck_assert_int_eq(operand(bottom, 3), pc_of(instruction("LOAD_GLOBAL", 0)));
}
END_TEST

START_TEST(test_while_tests_then_jumps_back) {
  disassemble(GAME "var n: int\nplay {\n  while n < 10 {\n    n += 1\n  }\n}\n");
  in_function("<play>");
  /* n < 10 is false when n >= 10: one compare-and-jump out of the loop. */
  /* The literal 10 is an operand of the jump; n += 1 adds an operand. */
  expect_ops("LOAD_GLOBAL JUMP_IF_GE_INT LOAD_GLOBAL ADD_INT STORE_GLOBAL JUMP HALT");
  int top = pc_of(instruction("LOAD_GLOBAL", 0));
  ck_assert_int_eq(operand(instruction("JUMP", 0), 0), top);
  ck_assert_int_eq(operand(instruction("JUMP_IF_GE_INT", 0), 0), 10);
  ck_assert_int_eq(operand(instruction("JUMP_IF_GE_INT", 0), 1), pc_of(instruction("HALT", 0)));
  ck_assert_int_eq(operand(instruction("ADD_INT", 0), 0), 1);
}
END_TEST

START_TEST(test_break_and_continue_jump_out_and_to_the_step) {
  disassemble(GAME "var n: int\nplay {\n  for i in 1..9 {\n    if i == 2 { continue }\n    if i == 5 { break }\n"
                   "    n += i\n  }\n}\n");
  in_function("<play>");
  int step = pc_of(instruction("FOR_RANGE_NEXT", 0));
  int exit = operand(instruction("RANGE_START", 0), 2);
  ck_assert_int_eq(count_op("JUMP"), 2); /* continue (to the step at the bottom), break */
  ck_assert_int_eq(operand(instruction("JUMP", 0), 0), step);
  ck_assert_int_eq(operand(instruction("JUMP", 1), 0), exit);
  ck_assert_int_eq(exit, pc_of(instruction("HALT", 0)));
  ck_assert_int_eq(count_op("FOR_RANGE_NEXT"), 1);
}
END_TEST

/* ------------------------------------------------------------------ expressions */

START_TEST(test_and_or_short_circuit) {
  disassemble(GAME "var n: int\nplay {\n  if n > 2 and n < 10 { n = 0 }\n  if n == 1 or n == 3 { n = 2 }\n}\n");
  in_function("<play>");
  /* In a condition no boolean is made: `and` leaves at the first false
   * test, `or` enters the body at the first true one. */
  expect_ops("LOAD_GLOBAL JUMP_IF_LE_INT LOAD_GLOBAL JUMP_IF_GE_INT INT STORE_GLOBAL");
  expect_ops("LOAD_GLOBAL JUMP_IF_EQ_INT LOAD_GLOBAL JUMP_IF_NE_INT INT STORE_GLOBAL");
  int after_first = pc_of(instruction("LOAD_GLOBAL", 2));
  ck_assert_int_eq(operand(instruction("JUMP_IF_LE_INT", 0), 1), after_first);
  ck_assert_int_eq(operand(instruction("JUMP_IF_GE_INT", 0), 1), after_first);
  ck_assert_int_eq(operand(instruction("JUMP_IF_EQ_INT", 0), 1), pc_of(instruction("INT", 1))); /* the body */
  ck_assert_int_eq(operand(instruction("JUMP_IF_NE_INT", 0), 1), pc_of(instruction("HALT", 0)));
  expect_no_op("AND_ELSE");
  expect_no_op("OR_ELSE");
}
END_TEST

START_TEST(test_and_or_keep_their_value_outside_conditions) {
  disassemble(GAME "var n: int\nvar b: bool\nplay {\n  b = n > 2 and n < 10\n  b = n == 1 or n == 3\n}\n");
  in_function("<play>");
  expect_ops("LOAD_GLOBAL INT GT AND_ELSE LOAD_GLOBAL INT LT STORE_GLOBAL");
  expect_ops("LOAD_GLOBAL INT EQ OR_ELSE LOAD_GLOBAL INT EQ STORE_GLOBAL");
  /* Each jumps past its right operand, keeping the deciding value. */
  ck_assert_int_eq(operand(instruction("AND_ELSE", 0), 0), pc_of(instruction("STORE_GLOBAL", 0)));
  ck_assert_int_eq(operand(instruction("OR_ELSE", 0), 0), pc_of(instruction("STORE_GLOBAL", 1)));
}
END_TEST

START_TEST(test_not_and_nested_conditions_become_jumps) {
  disassemble(GAME "var n: int\nvar b: bool\nplay {\n  if not (n > 2 or b) { n = 0 }\n"
                   "  while b and not (n == 1) { n += 1 }\n}\n");
  in_function("<play>");
  /* not (x or y): enter when both are false; leave at the first true one. */
  expect_ops("LOAD_GLOBAL JUMP_IF_GT_INT LOAD_GLOBAL JUMP_IF_TRUE INT STORE_GLOBAL");
  expect_ops("LOAD_GLOBAL JUMP_IF_FALSE LOAD_GLOBAL JUMP_IF_EQ_INT LOAD_GLOBAL ADD_INT");
  expect_no_op("NOT");
}
END_TEST

START_TEST(test_list_literals) {
  disassemble(GAME "play {\n  let l = [1, 2, 3]\n  let ll = [[1], [2, 3]]\n  let e: [[int]] = []\n  print(l)\n"
                   "  print(ll)\n  print(e)\n}\n");
  in_function("<play>");
  const char *flat = instruction("LIST", 0);
  ck_assert_int_eq(operand(flat, 0), 3);
  ck_assert_int_eq(operand(flat, 1), 0);
  ck_assert_int_eq(operand(instruction("LIST", 1), 0), 1); /* [1] */
  ck_assert_int_eq(operand(instruction("LIST", 2), 0), 2); /* [2, 3] */
  const char *nested = instruction("LIST", 3);
  ck_assert_int_eq(operand(nested, 0), 2);
  ck_assert_int_eq(operand(nested, 1), 1); /* elements are lists: the collector traces them */
  ck_assert_int_eq(count_op("LIST"), 4);
  /* [] is a permanent empty list, nothing allocated: handle 1 for an empty
   * [[int]] (still a list of lists), 0 for scalar elements. */
  expect_ops("LIST STORE_LOCAL INT STORE_LOCAL");
  ck_assert_int_eq(operand(instruction("INT", 6), 0), 1); /* after 1, 2, 3, 1, 2, 3 */
}
END_TEST

START_TEST(test_comprehension_loops_filters_and_pushes) {
  disassemble(GAME "play {\n  let l = [x * y for x in 1..3 for y in [10, 20] if x != 2]\n  print(l)\n}\n");
  in_function("<play>");
  expect_ops("LIST STORE_LOCAL INT INT RANGE_START INT INT LIST LIST_START");
  expect_ops("LIST_START LOAD_LOCAL JUMP_IF_EQ_INT LOAD_LOCAL LOAD_LOCAL MUL LIST_PUSH FOR_LIST_NEXT FOR_RANGE_NEXT "
             "LOAD_LOCAL STORE_LOCAL");
  const char *start = instruction("LIST", 0);
  ck_assert_int_eq(operand(start, 0), 0); /* starts empty */
  int acc = operand(instruction("STORE_LOCAL", 0), 0);
  ck_assert_int_eq(operand(instruction("LIST_PUSH", 0), 0), acc);
  /* The filter skips the push, to the inner loop's bottom test. */
  ck_assert_int_eq(operand(instruction("JUMP_IF_EQ_INT", 0), 1), pc_of(instruction("FOR_LIST_NEXT", 0)));
  /* An empty inner list leaves to the outer loop's step. */
  ck_assert_int_eq(operand(instruction("LIST_START", 0), 3), pc_of(instruction("FOR_RANGE_NEXT", 0)));
}
END_TEST

START_TEST(test_operators_by_type) {
  disassemble(GAME "play {\n  let a = [1] + [2]\n  let b = 1 + 2\n  let c = a == [1]\n  let d = a != [1]\n"
                   "  let e = 3 not in a\n  let f = 3 in a\n  let g = 0..4\n  let h = -b\n  let i = not c\n"
                   "  print(a) print(b) print(c) print(d) print(e) print(f) print(g) print(h) print(i)\n}\n");
  in_function("<play>");
  expect_ops("INT LIST INT LIST CONCAT STORE_LOCAL");
  expect_ops("CONCAT STORE_LOCAL INT STORE_LOCAL LOAD_LOCAL INT LIST LIST_EQ"); /* 1 + 2 folded */
  ck_assert_int_eq(operand(instruction("INT", 2), 0), 3);
  expect_ops("LOAD_LOCAL INT LIST LIST_EQ STORE_LOCAL");
  expect_ops("LOAD_LOCAL INT LIST LIST_EQ NOT STORE_LOCAL");
  expect_ops("INT LOAD_LOCAL IN NOT STORE_LOCAL");
  expect_ops("INT LOAD_LOCAL IN STORE_LOCAL");
  expect_ops("INT INT RANGE STORE_LOCAL");
  expect_ops("LOAD_LOCAL NEG STORE_LOCAL");
  expect_ops("LOAD_LOCAL NOT STORE_LOCAL");
  expect_no_op("EQ"); /* lists are compared deeply, never as handles */
}
END_TEST

START_TEST(test_large_ints_go_to_the_constant_table) {
  disassemble(GAME "var big: int = 5000000000\nvar small: int = 2147483647\nvar neg: int = -5\nplay { }\n");
  in_function("<play>");
  ck_assert_int_eq(count_op("CONST"), 1);
  ck_assert_int_eq(operand(instruction("INT", 0), 0), 2147483647);
  ck_assert_int_eq(operand(instruction("INT", 1), 0), -5); /* -5 is folded */
  expect_no_op("NEG");
}
END_TEST

START_TEST(test_constant_folding_stops_at_division_and_names) {
  disassemble(GAME "var n: int\nplay {\n  n = 2 * 3 - -4\n  n = 7 / 0\n  n = n + 1 + 2\n}\n");
  in_function("<play>");
  ck_assert_int_eq(operand(instruction("INT", 0), 0), 10);
  expect_ops("INT STORE_GLOBAL INT INT DIV STORE_GLOBAL"); /* a runtime error, not a compile-time one */
  expect_ops("LOAD_GLOBAL ADD_INT ADD_INT STORE_GLOBAL"); /* (n + 1) + 2: n is not a literal */
}
END_TEST

START_TEST(test_indexing_by_a_local_is_one_instruction) {
  disassemble(GAME "var g: [int] = [1, 2]\ntiles bones = [domino(1, 2)]\nplay {\n  let l = [3, 4]\n  let i = 1\n"
                   "  print(l[i] + g[i])\n  print(l[0] + g[i + 0])\n  print(bones[0][i])\n}\n");
  in_function("<play>");
  expect_ops("INDEX_LOCAL INDEX_GLOBAL ADD");
  expect_ops("LOAD_LOCAL INDEX_INT LOAD_GLOBAL LOAD_LOCAL ADD_INT INDEX ADD"); /* l[0], g[i + 0] */
  expect_ops("LOAD_GLOBAL INDEX_INT LOAD_LOCAL TILE_VALUE"); /* a tile's cell value */
  int l = operand(instruction("STORE_LOCAL", 0), 0), i = operand(instruction("STORE_LOCAL", 1), 0);
  ck_assert_int_eq(operand(instruction("INDEX_LOCAL", 0), 0), l);
  ck_assert_int_eq(operand(instruction("INDEX_LOCAL", 0), 1), i);
  ck_assert_int_eq(operand(instruction("INDEX_GLOBAL", 0), 1), i);
}
END_TEST

START_TEST(test_len_and_cell_values_of_variables_are_one_instruction) {
  disassemble(GAME "var g: [int] = [1, 2]\ntiles bones = [domino(1, 2)]\nplay {\n  let l = [3]\n  let t = bones[0]\n"
                   "  print(len(l) + len(g) + len([4, 5]))\n  print(t[1] + bones[0][0])\n}\n");
  in_function("<play>");
  expect_ops("LEN_LOCAL LEN_GLOBAL ADD INT INT LIST LEN ADD");
  expect_ops("TILE_VALUE_LOCAL LOAD_GLOBAL INDEX_INT TILE_VALUE_INT ADD");
  const char *cell = instruction("TILE_VALUE_LOCAL", 0);
  ck_assert_int_eq(operand(cell, 0), operand(instruction("STORE_LOCAL", 1), 0)); /* t */
  ck_assert_int_eq(operand(cell, 1), 1);
}
END_TEST

START_TEST(test_conditional_expression_branches) {
  disassemble(GAME "var n: int\nplay {\n  n = if n > 0 then 1 else 2\n}\n");
  in_function("<play>");
  expect_ops("LOAD_GLOBAL JUMP_IF_LE_INT INT JUMP INT STORE_GLOBAL");
  ck_assert_int_eq(operand(instruction("JUMP_IF_LE_INT", 0), 1), pc_of(instruction("INT", 1)));
  ck_assert_int_eq(operand(instruction("JUMP", 0), 0), pc_of(instruction("STORE_GLOBAL", 0)));
}
END_TEST

/* ------------------------------------------------------------------ statements and calls */

START_TEST(test_choose_carries_the_option_type) {
  disassemble(GAME "tiles bones = [domino(1, 2)]\nboard t: hex\nplay {\n"
                   "  let n = choose seat(0) from [1, 2]\n"
                   "  let b = choose seat(1) from bones\n"
                   "  let pl = choose seat(0) from placements(t, b)\n"
                   "  let c = choose seat(1) from [cell(0, 0)]\n"
                   "  let p = choose seat(0) from players\n"
                   "  let ok = choose seat(0) from [true, false]\n"
                   "  print(n) print(pl) print(c) print(p) print(ok)\n}\n");
  in_function("<play>");
  ck_assert_int_eq(count_op("CHOOSE"), 6);
  const char *types[] = {"\"i\"", "\"t\"", "\"P\"", "\"c\"", "\"p\"", "\"b\""};
  for (int i = 0; i < 6; i++) {
    const char *line = instruction("CHOOSE", i);
    ck_assert_msg(strstr(line, types[i]), "choose %d: %s, expected type %s", i, line, types[i]);
  }
  expect_ops("INT SEAT INT INT LIST CHOOSE STORE_LOCAL"); /* seat, options, choose, store */
}
END_TEST

START_TEST(test_per_player_variables_are_indexed_by_seat) {
  disassemble(GAME "var score: per player int\nplay {\n  score[seat(1)] = score[seat(0)] + 1\n}\n");
  in_function("<play>");
  expect_ops("INT SEAT INT SEAT LOAD_SEAT_GLOBAL ADD_INT STORE_SEAT_GLOBAL HALT");
  ck_assert_ptr_nonnull(strstr(instruction("STORE_SEAT_GLOBAL", 0), "; score"));
}
END_TEST

START_TEST(test_per_player_boards_are_numbered_by_seat) {
  disassemble(GAME "board shared: hex\nboard own: square per player\nboard side: hex per player\nplay {\n"
                   "  let p = seat(1)\n  print(filled(own[p]) + filled(side[p]) + filled(shared))\n}\n");
  in_function("<play>");
  /* shared is board 0, own boards 1..8 (one per possible seat), side boards 9..16: a board's
   * number is its first number plus the seat, nothing added for the first declared. */
  expect_ops("LOAD_LOCAL ADD_INT NATIVE LOAD_LOCAL ADD_INT NATIVE ADD INT NATIVE ADD");
  ck_assert_int_eq(operand(instruction("ADD_INT", 0), 0), 1);
  ck_assert_int_eq(operand(instruction("ADD_INT", 1), 0), 9);
  disassemble(GAME "board own: square per player\nplay {\n  print(filled(own[seat(1)]))\n}\n");
  in_function("<play>");
  expect_ops("INT SEAT NATIVE INT NATIVE"); /* own is board 0: the seat is the number */
  expect_no_op("ADD_INT");
}
END_TEST

START_TEST(test_element_assignment_copies_the_list) {
  disassemble(GAME "play {\n  let xs = [[1, 2], [3]]\n  xs[0][1] = 5\n  print(xs)\n}\n");
  in_function("<play>");
  /* xs[0][1] = 5  ==>  xs = set(xs, 0, set(xs[0], 1, 5)) */
  expect_ops("LOAD_LOCAL INT LOAD_LOCAL INDEX_INT INT INT SET_INDEX SET_INDEX STORE_LOCAL");
}
END_TEST

START_TEST(test_calls) {
  disassemble_with(GAME "fn twice(x: int) -> int {\n  let y = 2 * x\n  return y\n}\nfn note(x: int) { print(x) }\nplay {\n"
                   "  note(twice(3))\n  twice(4)\n  print(len([1]))\n  print(len(domino(1, 2)))\n"
                   "  print(ord(seat(1)))\n}\n", true);
  in_function("<play>");
  const char *inner = instruction("CALL", 0);
  ck_assert_ptr_nonnull(strstr(inner, "; twice"));
  ck_assert_int_eq(operand(inner, 1), 1);
  ck_assert_ptr_nonnull(strstr(instruction("CALL", 1), "; note"));
  expect_ops("INT CALL CALL INT CALL POP"); /* a procedure leaves nothing; a dropped value is popped */
  expect_ops("INT LIST LEN INT NATIVE"); /* len of a list is an instruction */
  ck_assert_ptr_nonnull(strstr(instruction("NATIVE", 2), "; len_tile")); /* overloads by type */
  expect_ops("INT SEAT INT NATIVE"); /* seat(n) is a range check; ord(p) nothing */
  in_function("twice");
  expect_ops("INT LOAD_LOCAL MUL STORE_LOCAL LOAD_LOCAL RETURN");
  in_function("note");
  expect_ops("LOAD_LOCAL INT NATIVE RETURN_VOID"); /* print gets its argument's type code */
}
END_TEST

START_TEST(test_expression_functions_are_inlined) {
  disassemble(GAME "var n: int\nfn sq(x: int) -> int { return x * x }\nfn twice_sq(x: int) -> int { return 2 * sq(x) }\n"
                   "play {\n  n = sq(n + 1)\n  n = sq(3) + twice_sq(n)\n}\n");
  in_function("<play>");
  expect_no_op("CALL");
  /* n + 1 is computed once into a temporary; 3 and n are used in place. */
  expect_ops("LOAD_GLOBAL ADD_INT STORE_LOCAL LOAD_LOCAL LOAD_LOCAL MUL STORE_GLOBAL");
  /* twice_sq's body calls a script function, which might change n: the
   * global is read once, before, into a temporary. */
  expect_ops("INT INT MUL LOAD_GLOBAL STORE_LOCAL INT LOAD_LOCAL LOAD_LOCAL MUL MUL ADD STORE_GLOBAL");
  in_function("twice_sq"); /* still compiled for other callers, sq inlined there too */
  expect_ops("INT LOAD_LOCAL LOAD_LOCAL MUL MUL RETURN");
}
END_TEST

START_TEST(test_inlined_code_names_its_own_file) {
  disassemble(GAME "import dominoes\ntiles bones = [domino(1, 2)]\nplay {\n  print(low_pip(bones[0]))\n}\n");
  in_function("<play>");
  expect_no_op("CALL");
  /* The disassembly names the other file's line; the runtime error would too. */
  ck_assert_msg(strstr(function, "dominoes.tess:26:   return if t[0] <= t[1] then t[0] else t[1]\n"), "%s", function);
  ck_assert_msg(strstr(function, "; 6:   print(low_pip(bones[0]))\n"), "%s", function);
}
END_TEST

START_TEST(test_inlining_stops_at_recursion) {
  disassemble(GAME "var n: int\nfn down(k: int) -> int { return if k <= 0 then 0 else down(k - 1) }\n"
                   "fn tidy(k: int) -> int {\n  let m = k + 1\n  return m\n}\n"
                   "fn evens(k: int) -> [int] { return [i for i in 0..k if i % 2 == 0] }\n"
                   "fn bump() -> int {\n  n += 1\n  return n\n}\nfn plus_bump(x: int) -> int { return bump() + x }\n"
                   "play {\n  n = down(3) + tidy(n) + len(evens(n))\n  n = plus_bump(n)\n}\n");
  in_function("<play>");
  /* down is inlined once; its own call of itself stays a call. The others
   * (a let, a comprehension, statements) are all compiled in place. */
  ck_assert_ptr_nonnull(strstr(instruction("CALL", 0), "; down"));
  ck_assert_int_eq(count_op("CALL"), 1);
  /* bump() may change n: the argument n is read before, into a temporary;
   * then bump's statements, its result left on the stack, plus x. */
  expect_ops("LOAD_GLOBAL STORE_LOCAL LOAD_GLOBAL ADD_INT STORE_GLOBAL LOAD_GLOBAL LOAD_LOCAL ADD STORE_GLOBAL");
}
END_TEST

START_TEST(test_statement_functions_are_inlined) {
  disassemble(GAME "var n: int\n"
                   "fn first_even(l: [int]) -> int {\n  for x in l {\n    if x % 2 == 0 {\n      return x\n    }\n  }\n"
                   "  return -1\n}\n"
                   "fn bump(k: int) {\n  k += 1\n  n = n + k\n}\n"
                   "play {\n  let a = 5\n  bump(a)\n  n = first_even([1, 2, 3]) + a\n}\n");
  in_function("<play>");
  expect_no_op("CALL");
  expect_no_op("RETURN");
  /* bump assigns its parameter: the argument is copied, a stays 5. */
  expect_ops("INT STORE_LOCAL LOAD_LOCAL STORE_LOCAL LOAD_LOCAL ADD_INT STORE_LOCAL");
  /* first_even's early return leaves x on the stack and jumps past the
   * copy's end, where the last return (-1) falls through; then + a. */
  const char *early = instruction("JUMP", 0);
  const char *after = instruction("LOAD_LOCAL", count_op("LOAD_LOCAL") - 1); /* a, for + a */
  int end_pc = atoi(after);
  ck_assert_int_le(operand(early, 0), end_pc);
  ck_assert_int_gt(operand(early, 0), atoi(instruction("INT", count_op("INT") - 1))); /* past -1 */
  /* Nothing decides here: dead slots are left as they are. */
  expect_no_op("CLEAR_LOCALS");
}
END_TEST

START_TEST(test_inlined_bodies_share_slots_and_are_cleared_before_decisions) {
  disassemble(GAME "var n: int\n"
                   "fn evens(k: int) -> [int] {\n  let l = [i for i in 0..k if i % 2 == 0]\n  return l\n}\n"
                   "play {\n  n = len(evens(4))\n  n = n + len(evens(6))\n"
                   "  n = choose seat(0) from [1, 2]\n}\n");
  in_function("<play>");
  expect_no_op("CALL");
  /* Both copies of evens use the same slots: the play block keeps a small
   * frame, since frames are part of the state at a decision. */
  const char *listing = function;
  char *header = strstr(listing, "(params 0, locals ");
  ck_assert_ptr_nonnull(header);
  int locals = atoi(header + strlen("(params 0, locals "));
  ck_assert_int_le(locals, 6); /* k, the list, i and its limit, l: once */
  /* The play block decides: its free slots (all of the copies') are dead
   * at the decision, listed for the packer to zero, as a return would
   * drop them — and nothing clears them while the program runs. */
  expect_no_op("CLEAR_LOCALS");
  const char *choose = instruction("CHOOSE", 0);
  char want[64];
  snprintf(want, sizeof want, "; dead 0-%d", locals - 1);
  ck_assert_msg(strstr(choose, want), "expected '%s' in: %s", want, choose);
}
END_TEST

START_TEST(test_decisions_clear_slots_taken_later_in_their_loop) {
  /* The decision comes first in the loop, the inlined body after it: on
   * the next turn its slots hold garbage at the decision, so the dead
   * slots there include them although they were made after it. */
  disassemble(GAME "var n: int\n"
                   "fn evens(k: int) -> [int] {\n  let l = [i for i in 0..k if i % 2 == 0]\n  return l\n}\n"
                   "play {\n  for t in 1..3 {\n    n = choose seat(0) from [1, 2]\n    n = n + len(evens(n))\n  }\n}\n");
  in_function("<play>");
  expect_no_op("CALL");
  const char *header = strstr(function, "(params 0, locals ");
  int locals = atoi(header + strlen("(params 0, locals "));
  const char *choose = instruction("CHOOSE", 0);
  const char *dead = strstr(choose, "; dead ");
  int first = -1, last = -1;
  ck_assert_msg(dead && sscanf(dead, "; dead %d-%d", &first, &last) == 2, "no dead run in: %s", choose);
  ck_assert_int_eq(last, locals - 1);
  ck_assert_int_ge(last - first + 1, 5); /* k, the list, i and its limit, l */
}
END_TEST

static const char *const fusing_game =
    GAME "var g: [int]\nvar n: int\n"
         "play {\n  g = [3, -1, 4]\n  let a = 2\n  let b = a + 1\n  n = n + a * b\n"
         "  let picked = [g[i] for i in 0..len(g) - 1 if g[i] >= 0]\n"
         "  for i in 0..2 {\n    if g[i] < 0 { n += 1 }\n  }\n"
         "  if len(g) > 0 { n += 2 }\n  n = n + len(picked)\n}\n";

START_TEST(test_superinstructions_fuse_frequent_pairs) {
  fused(fusing_game);
  in_function("<play>");
  /* let b = a + 1 stores a and reads it back in one; a * b reads two locals in one. */
  expect_ops("INT STORE_LOAD_LOCAL ADD_INT STORE_LOCAL LOAD_GLOBAL LOAD_LOCAL2 MUL ADD");
  /* len(g) > 0: the length and the test in one. */
  expect_ops("LEN_GLOBAL_JUMP_IF_LE_INT LOAD_GLOBAL");
  /* Operands: the first part's, then the second's. */
  const char *test = instruction("LEN_GLOBAL_JUMP_IF_LE_INT", 0);
  ck_assert_int_eq(operand(test, 1), 0); /* the literal */
  ck_assert_int_gt(operand(test, 2), atoi(test)); /* forward, past the body */
  /* Without them, the same program is one instruction per operation. */
  disassemble(fusing_game);
  in_function("<play>");
  expect_ops("INT STORE_LOCAL LOAD_LOCAL ADD_INT STORE_LOCAL LOAD_GLOBAL LOAD_LOCAL LOAD_LOCAL MUL ADD");
  expect_ops("INDEX_GLOBAL JUMP_IF_LT_INT INDEX_GLOBAL LIST_PUSH FOR_RANGE_NEXT");
  expect_no_op("LOAD_LOCAL2");
}
END_TEST

/* A comprehension whose last clause only copies its list is one
 * LIST_EXTEND (the list's slots as the loop's); a filter, a range or an
 * element other than the loop's variable keeps the loop; so does
 * --no-superinstructions. */
static const char *const flattening_game =
    GAME "var n: int\n"
         "play {\n  let ls = [[1, 2], [4], [3]]\n  let flat = [x for l in ls for x in l]\n"
         "  let kept = [x for l in ls for x in l if x > 1]\n  let twice = [x * 2 for l in ls for x in l]\n"
         "  let one = [x for x in flat]\n  n = len(flat) + len(kept) + len(twice) + len(one)\n}\n";

START_TEST(test_a_copying_last_clause_is_one_list_extend) {
  fused(flattening_game);
  in_function("<play>");
  ck_assert_int_eq(count_op("LIST_EXTEND"), 2); /* flat (inner clause) and one (its only clause) */
  expect_ops("LIST_START LOAD_LOCAL LIST_EXTEND FOR_LIST_NEXT");
  const char *extend = instruction("LIST_EXTEND", 0);
  ck_assert_int_ne(operand(extend, 0), operand(extend, 1)); /* list, position, element, result: four slots */
  ck_assert_int_ne(operand(extend, 2), operand(extend, 3));
  ck_assert_int_eq(count_op("LIST_PUSH"), 2); /* kept and twice */
  disassemble(flattening_game);
  in_function("<play>");
  expect_no_op("LIST_EXTEND");
  ck_assert_int_eq(count_op("LIST_PUSH"), 4);
}
END_TEST

START_TEST(test_nothing_fuses_across_a_jump_target) {
  /* The loop's test is a jump target (the back edge): its LOAD_LOCAL must
   * stay apart from the STORE_LOCAL before the loop, which the back edge
   * does not run. The same for a loop body starting with a read. */
  fused(GAME "var n: int\nplay {\n  let x = 1\n  while x < 5 {\n    x += 1\n  }\n"
             "  let y = 0\n  for i in 0..3 {\n    y = y + i\n  }\n  n = x + y\n}\n");
  in_function("<play>");
  expect_ops("INT STORE_LOCAL LOAD_LOCAL JUMP_IF_GE_INT");
  const char *back = instruction("JUMP", 0);
  const char *top = instruction("LOAD_LOCAL", 0);
  ck_assert_int_eq(operand(back, 0), atoi(top));
  expect_ops("RANGE_START LOAD_LOCAL2 ADD STORE_LOCAL FOR_RANGE_NEXT");
  const char *next = instruction("FOR_RANGE_NEXT", 0);
  ck_assert_int_eq(operand(next, 2), atoi(instruction("LOAD_LOCAL2", 0)));
}
END_TEST

START_TEST(test_params_with_known_values_are_literals) {
  /* k and m are known when compiling (params are never assigned): their
   * uses are literals. n depends on the player count: it is read from its
   * global. */
  disassemble(GAME "param k = 3\nparam m = k * 2 + 1\nparam n = if nplayers == 1 then 4 else 5\nvar x: int\n"
                   "play {\n  x = k + n\n  if m > x { x = m }\n}\n");
  in_function("<play>");
  expect_ops("SET_UP INT LOAD_GLOBAL ADD STORE_GLOBAL INT LOAD_GLOBAL JUMP_IF_LE INT STORE_GLOBAL HALT");
  ck_assert_int_eq(operand(instruction("INT", count_op("INT") - 3), 0), 3); /* k */
  ck_assert_int_eq(operand(instruction("INT", count_op("INT") - 2), 0), 7); /* m */
  ck_assert_int_eq(operand(instruction("INT", count_op("INT") - 1), 0), 7); /* x = m */
  ck_assert_ptr_nonnull(strstr(instruction("LOAD_GLOBAL", 0), "; n"));
}
END_TEST

START_TEST(test_sort_by_computes_its_keys_in_the_script) {
  disassemble(GAME "var l: [int]\nfn key(x: int) -> int {\n  let k = x % 3\n  return k\n}\n"
                   "play {\n  l = sort_by([5, 3, 4], key)\n}\n");
  in_function("<play>");
  /* A loop pushing key(x), key in place; then one native sorts by them. */
  expect_no_op("CALL");
  expect_ops("LIST_START");
  expect_ops("LIST_PUSH FOR_LIST_NEXT LOAD_LOCAL LOAD_LOCAL NATIVE STORE_GLOBAL");
  ck_assert_ptr_nonnull(strstr(instruction("NATIVE", 0), "; sort_by_keys"));
}
END_TEST

START_TEST(test_large_functions_called_twice_stay_calls) {
  disassemble(GAME "var n: int\n"
                   "fn big(k: int) -> int {\n  let t = 0\n"
                   "  for i in 1..k {\n    t = t + i * i - i / 2 + i % 3 + (i + 1) * (i + 2) - (i + 3) * 2\n"
                   "    t = t + (t % 7) * (t % 5) - (t % 3) * 4 + i * 11 - (i + 8) * (i + 9)\n  }\n"
                   "  return t\n}\n"
                   "play {\n  n = big(3)\n  n = big(n)\n}\n");
  in_function("<play>");
  ck_assert_int_eq(count_op("CALL"), 2);
}
END_TEST

START_TEST(test_fail_carries_its_message) {
  disassemble(GAME "play {\n  fail \"no more tiles\"\n}\n");
  in_function("<play>");
  ck_assert_ptr_nonnull(strstr(instruction("FAIL", 0), "\"no more tiles\""));
}
END_TEST

/* ------------------------------------------------------------------ program layout */

START_TEST(test_initialisers_run_in_order_in_play) {
  disassemble(GAME "var hand: per player [tile]\nvar total: int = n * 2\ntiles bones = [domino(n, n)]\n"
                   "param n = 3\nboard t: hex\nplay {\n  total += 1\n}\n");
  in_function("<play>");
  /* params, then tiles, then the boards are laid out, then the vars; then
   * the set-up is over and the play block starts. */
  expect_ops("INT STORE_GLOBAL INT INT NATIVE LIST STORE_GLOBAL SETUP_BOARDS INT "
             "STORE_GLOBAL SET_UP LOAD_GLOBAL ADD_INT STORE_GLOBAL HALT"); /* n is known: n * 2 is 6 */
  ck_assert_ptr_nonnull(strstr(instruction("STORE_GLOBAL", 0), "; n"));
  ck_assert_ptr_nonnull(strstr(instruction("STORE_GLOBAL", 1), "; bones"));
  ck_assert_ptr_nonnull(strstr(instruction("STORE_GLOBAL", 2), "; total"));
  ck_assert_int_eq(count_op("SETUP_BOARDS"), 1);
  ck_assert_int_eq(count_op("SET_UP"), 1);
}
END_TEST

START_TEST(test_per_player_initialiser_for_every_seat) {
  disassemble(GAME "var score: per player int = 7\nplay { }\n");
  in_function("<play>");
  ck_assert_int_eq(count_op("STORE_GLOBAL"), 8); /* TS_MAX_SEATS slots */
  int first = operand(instruction("STORE_GLOBAL", 0), 0);
  for (int k = 1; k < 8; k++) ck_assert_int_eq(operand(instruction("STORE_GLOBAL", k), 0), first + k);
}
END_TEST

START_TEST(test_functions_then_play) {
  disassemble(GAME "fn a() { }\nfn b() -> int { return 1 }\nplay { a() print(b()) }\n");
  ck_assert_ptr_nonnull(strstr(listing, "; C: 3 functions"));
  const char *fa = strstr(listing, "\nfn 0 a  (params 0, locals 0, operand stack 0)");
  const char *fb = strstr(listing, "\nfn 1 b  (params 0, locals 0, operand stack 1)");
  const char *fp = strstr(listing, "\nfn 2 <play>");
  ck_assert(fa && fb && fp && fa < fb && fb < fp);
  in_function("a");
  ck_assert_str_eq(ops, " RETURN_VOID ");
  in_function("<play>");
  ck_assert_int_eq(count_op("HALT"), 1);
}
END_TEST

/* ------------------------------------------------------------------ line table */

/* Every instruction of the listing comes after a "; N: text" comment, with
 * N > 0 and text = line N of the source, and the listing covers every code
 * word. */
static void expect_every_instruction_has_its_line(const char *src) {
  disassemble(src);
  int words = 0, covered = 0, current = 0;
  ck_assert_int_eq(sscanf(strstr(listing, "functions, ") + 11, "%d", &words), 1);
  char *copy = strdup(listing);
  for (char *line = strtok(copy, "\n"); line; line = strtok(NULL, "\n")) {
    if (strncmp(line, "fn ", 3) == 0) {
      current = 0; /* each function states its first line itself */
      continue;
    }
    int n, used = 0;
    if (sscanf(line, "      ; %d:%n", &n, &used) == 1 && used > 0 && line[used] == ' ') {
      used++;
      ck_assert_msg(n > 0, "line 0 in the line table:\n%s", listing);
      char want[256] = "";
      const char *p = src;
      for (int l = 1; l < n && p; l++) p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL;
      ck_assert_msg(p != NULL, "line %d is past the end of the source", n);
      snprintf(want, sizeof want, "%.*s", (int)strcspn(p, "\n"), p);
      ck_assert_msg(strcmp(line + used, want) == 0, "line %d printed as '%s', source '%s'", n, line + used, want);
      current = n;
      continue;
    }
    if (!is_instruction(line)) continue;
    ck_assert_msg(current > 0, "an instruction without a source line: %s\n%s", line, listing);
    int pc, consumed = 0, value;
    char name[32];
    sscanf(line, "%d %31s%n", &pc, name, &consumed);
    covered++;
    for (const char *p = line + consumed; sscanf(p, "%d%n", &value, &used) == 1; p += used) covered++;
  }
  free(copy);
  ck_assert_int_eq(covered, words);
}

START_TEST(test_every_instruction_has_a_line) {
  expect_every_instruction_has_its_line(
    GAME "param n = 3\ntiles bones = [domino(a, b) for a in 0..n for b in a..n]\nboard t: hex\n"
         "var hand: per player [tile] owner\nvar score: per player int\nrank highest score\n"
         "fn pick(p: player) -> tile {\n  let t = choose p from hand[p]\n  return t\n}\n"
         "play {\n  hand[seat(0)] = take(shuffle(bones), 3)\n  let t0 = pick(seat(0))\n"
         "  let pls = placements(t,\n                      t0)\n"
         "  if len(pls) > 0 and n > 1 {\n    place(t, pls[0])\n  } else {\n    fail \"stuck\"\n  }\n"
         "  for s in seats {\n    score[s] = filled(t)\n  }\n}\n");
}
END_TEST

START_TEST(test_lines_follow_the_statements) {
  disassemble(GAME "var n: int\nplay {\n  n = 1\n  n = n *\n      3\n}\n");
  in_function("<play>");
  ck_assert_ptr_nonnull(strstr(function, "; 5:   n = 1\n"));
  const char *second = strstr(function, "; 6:   n = n *\n");
  ck_assert_ptr_nonnull(second);
  /* The literal on line 7 has its own line; the addition and the store come
   * back to line 6 where the operator is. */
  const char *seventh = strstr(second, "; 7:       3\n");
  ck_assert_ptr_nonnull(seventh);
  ck_assert_ptr_nonnull(strstr(seventh, "; 6:   n = n *\n"));
}
END_TEST

START_TEST(test_play_does_not_inherit_the_last_line_of_a_function) {
  disassemble(GAME "board t: hex\nfn f() -> int {\n  return 1\n}\nplay {\n  print(f())\n}\n");
  in_function("<play>");
  ck_assert_msg(strncmp(strstr(function, "\n") + 1, "      ; 7: play {", 17) == 0, "%s", function);
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *compiler_suite(void) {
  Suite *s = suite_create("compiler");
  TCase *loops = tcase_create("loops");
  tcase_add_test(loops, test_for_over_a_range_counts);
  tcase_add_test(loops, test_for_over_a_list_walks_it);
  tcase_add_test(loops, test_while_tests_then_jumps_back);
  tcase_add_test(loops, test_break_and_continue_jump_out_and_to_the_step);
  suite_add_tcase(s, loops);

  TCase *expressions = tcase_create("expressions");
  tcase_add_test(expressions, test_and_or_short_circuit);
  tcase_add_test(expressions, test_and_or_keep_their_value_outside_conditions);
  tcase_add_test(expressions, test_not_and_nested_conditions_become_jumps);
  tcase_add_test(expressions, test_constant_folding_stops_at_division_and_names);
  tcase_add_test(expressions, test_indexing_by_a_local_is_one_instruction);
  tcase_add_test(expressions, test_len_and_cell_values_of_variables_are_one_instruction);
  tcase_add_test(expressions, test_list_literals);
  tcase_add_test(expressions, test_comprehension_loops_filters_and_pushes);
  tcase_add_test(expressions, test_operators_by_type);
  tcase_add_test(expressions, test_large_ints_go_to_the_constant_table);
  tcase_add_test(expressions, test_conditional_expression_branches);
  suite_add_tcase(s, expressions);

  TCase *statements = tcase_create("statements and calls");
  tcase_add_test(statements, test_choose_carries_the_option_type);
  tcase_add_test(statements, test_per_player_variables_are_indexed_by_seat);
  tcase_add_test(statements, test_element_assignment_copies_the_list);
  tcase_add_test(statements, test_calls);
  tcase_add_test(statements, test_per_player_boards_are_numbered_by_seat);
  tcase_add_test(statements, test_expression_functions_are_inlined);
  tcase_add_test(statements, test_inlining_stops_at_recursion);
  tcase_add_test(statements, test_statement_functions_are_inlined);
  tcase_add_test(statements, test_inlined_bodies_share_slots_and_are_cleared_before_decisions);
  tcase_add_test(statements, test_decisions_clear_slots_taken_later_in_their_loop);
  tcase_add_test(statements, test_superinstructions_fuse_frequent_pairs);
  tcase_add_test(statements, test_params_with_known_values_are_literals);
  tcase_add_test(statements, test_nothing_fuses_across_a_jump_target);
  tcase_add_test(statements, test_a_copying_last_clause_is_one_list_extend);
  tcase_add_test(statements, test_large_functions_called_twice_stay_calls);
  tcase_add_test(statements, test_sort_by_computes_its_keys_in_the_script);
  tcase_add_test(statements, test_inlined_code_names_its_own_file);
  tcase_add_test(statements, test_fail_carries_its_message);
  suite_add_tcase(s, statements);

  TCase *layout = tcase_create("program layout");
  tcase_add_test(layout, test_initialisers_run_in_order_in_play);
  tcase_add_test(layout, test_per_player_initialiser_for_every_seat);
  tcase_add_test(layout, test_functions_then_play);
  suite_add_tcase(s, layout);

  TCase *lines = tcase_create("line table");
  tcase_add_test(lines, test_every_instruction_has_a_line);
  tcase_add_test(lines, test_lines_follow_the_statements);
  tcase_add_test(lines, test_play_does_not_inherit_the_last_line_of_a_function);
  suite_add_tcase(s, lines);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(compiler_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
