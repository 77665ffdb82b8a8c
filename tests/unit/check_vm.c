/* check_vm.c — the semantics of the bytecode VM (runtime/vm.c, runtime/heap.c)
 * seen through the public API: small rule files are compiled, started with
 * ts_new_game and driven with ts_apply; results are read back from the
 * variables in the observation JSON, from scores, and from ts_error. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tessera.h"

#define GAME "game \"VM\"\nplayers 1\n"

/* ------------------------------------------------------------------ helpers */

static char path[128];
static TsProgram *program;

static TsProgram *compile(const char *src) {
  snprintf(path, sizeof path, "/tmp/tessera_check_vm_%d.tess", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(src, f);
  fclose(f);
  char *diags = NULL;
  size_t length = 0;
  FILE *d = open_memstream(&diags, &length);
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  ts_program_free(program);
  program = ts_compile_file(path, &options, d);
  fclose(d);
  unlink(path);
  ck_assert_msg(program != NULL, "does not compile:\n%s\n%s", diags, src);
  free(diags);
  return program;
}

/* Compiles and starts a match: the program runs to its first decision. */
static TsState *start(const char *src, int players, uint64_t seed) {
  compile(src);
  char err[256] = "";
  TsState *s = ts_new_game(program, players, seed, err, sizeof err);
  ck_assert_msg(s != NULL, "ts_new_game: %s", err);
  return s;
}

/* The JSON text of variable `name` in the state's full observation. */
static const char *var(const TsState *s, const char *name) {
  static char json[1 << 16], value[1 << 14];
  size_t n = ts_observation_json(s, -1, json, sizeof json);
  ck_assert_uint_lt(n, sizeof json);
  const char *vars = strstr(json, "\"vars\":{");
  ck_assert_ptr_nonnull(vars);
  char key[128];
  snprintf(key, sizeof key, "\"%s\":", name);
  const char *at = strstr(vars, key);
  ck_assert_msg(at != NULL, "no variable %s in %s", name, vars);
  at += strlen(key);
  int depth = 0;
  bool quoted = false;
  const char *end = at;
  for (; *end; end++) {
    if (quoted) {
      if (*end == '\\') end++;
      else if (*end == '"') quoted = false;
      continue;
    }
    if (*end == '"') quoted = true;
    else if (*end == '[' || *end == '{') depth++;
    else if (*end == ']' || *end == '}') {
      if (depth == 0) break;
      depth--;
    } else if (*end == ',' && depth == 0) break;
  }
  snprintf(value, sizeof value, "%.*s", (int)(end - at), at);
  return value;
}

/* Runs a program that makes no decision and checks variable `name`. */
static void expect_var(const char *src, const char *name, const char *json) {
  TsState *s = start(src, 0, 1);
  ck_assert_msg(ts_error(s) == NULL, "runtime error: %s", ts_error(s));
  ck_assert(ts_is_over(s));
  ck_assert_str_eq(var(s, name), json);
  ts_free(s);
}

/* The state ended with exactly `file:line: runtime error: message`. */
static void expect_error(const TsState *s, int line, const char *message) {
  char want[512];
  snprintf(want, sizeof want, "%s:%d: runtime error: %s", path, line, message);
  ck_assert(ts_is_over(s));
  ck_assert_int_eq(ts_current_seat(s), -1);
  ck_assert_int_eq(ts_legal_count(s), 0);
  ck_assert_msg(ts_error(s) != NULL, "no runtime error; expected %s", want);
  ck_assert_str_eq(ts_error(s), want);
}

/* Runs `src` to its first stop and expects that runtime error. */
static void expect_start_error(const char *src, int line, const char *message) {
  TsState *s = start(src, 0, 1);
  expect_error(s, line, message);
  ts_free(s);
}

static double seconds_since(struct timespec t0) {
  struct timespec t1;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  return (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
}

/* ------------------------------------------------------------------ arithmetic */

START_TEST(test_arithmetic_follows_c) {
  expect_var(GAME "var r: [int]\nplay {\n"
                  "  r = [-7 / 2, -7 % 2, 7 / -2, 7 % -2, -7 / -2, -7 % -2, 7 / 2, 7 % 2]\n}\n",
             "r", "[-3,-1,-3,1,3,-1,3,1]");
  expect_var(GAME "var r: [int]\nplay {\n  r = [2 + 3 * 4, (2 + 3) * 4, 10 - 4 - 3, 2 * -3, - -4, 0x2a]\n}\n", "r",
             "[14,20,3,-6,4,42]");
  expect_var(GAME "var r: [int]\nplay {\n  r = [6 & 3, 6 | 3, 6 ^ 3, 1 << 4, -16 >> 2, 1 << 64, -1 >> 99, 1 | 2 ^ 3 & 4]\n}\n",
             "r", "[2,7,5,16,-4,0,-1,3]");
}
END_TEST

START_TEST(test_smallest_int_divided_by_minus_one) {
  /* INT64_MIN / -1 traps in C (SIGFPE); the VM wraps around like + and *. */
  expect_var(GAME "var r: [int]\nplay {\n  let m = -9223372036854775807 - 1\n  let d = -1\n  r = [m / d, m % d, m * d]\n}\n",
             "r", "[-9223372036854775808,0,-9223372036854775808]");
}
END_TEST

START_TEST(test_comparisons_and_booleans) {
  expect_var(GAME "var r: [bool]\nplay {\n"
                  "  r = [1 < 2, 2 <= 2, 3 > 4, 4 >= 5, 1 == 1, 1 != 1, not true, true and false, false or true]\n}\n",
             "r", "[true,true,false,false,true,false,false,false,true]");
}
END_TEST

START_TEST(test_and_or_do_not_evaluate_their_right_side) {
  /* The right side would divide by zero. */
  expect_var(GAME "var r: [bool]\nplay {\n  let z = 0\n  r = [false and 1 / z == 1, true or 1 / z == 1]\n}\n", "r",
             "[false,true]");
}
END_TEST

START_TEST(test_division_by_zero_names_its_line) {
  /* The line of the division, in the function, not the line of the call. */
  expect_start_error(GAME "fn ratio(a: int, b: int) -> int {\n  let q = a / b\n  return q\n}\n"
                          "play {\n  let x = ratio(1, 0)\n}\n",
                     4, "division by zero");
  expect_start_error(GAME "var r: int\nplay {\n  let z = 0\n  r = 5 % z\n}\n", 6, "division by zero");
}
END_TEST

/* ------------------------------------------------------------------ lists */

START_TEST(test_list_operations) {
  expect_var(GAME "var r: [int]\nplay {\n  let a = [1, 2]\n  let b = a + [3] + []\n  r = b + a\n}\n", "r",
             "[1,2,3,1,2]");
  expect_var(GAME "var r: [int]\nplay {\n  let l = [10, 20, 30]\n  let e: [int] = []\n  r = [l[0], l[2], len(l), len(e), len(l + l)]\n}\n",
             "r", "[10,30,3,0,6]");
  expect_var(GAME "var r: [[int]]\nplay {\n  let e: [int] = []\n  r = [[1], e] + [[2, 3]]\n  r += [[4]]\n}\n", "r", "[[1],[],[2,3],[4]]");
}
END_TEST

START_TEST(test_lists_are_values) {
  /* Assigning an element replaces the variable's list with a changed copy. */
  expect_var(GAME "var r: [[int]]\nplay {\n  let a = [1, 2]\n  let b = a\n  b[0] = 9\n  let n = [[1, 2], [3]]\n"
                  "  let m = n\n  m[0][1] = 7\n  r = [a, b, n[0], m[0]]\n}\n",
             "r", "[[1,2],[9,2],[1,2],[1,7]]");
}
END_TEST

START_TEST(test_index_out_of_range) {
  expect_start_error(GAME "var r: int\nplay {\n  let l = [1, 2]\n  r = l[2]\n}\n", 6, "index 2 out of range for a list of 2");
  expect_start_error(GAME "play {\n  let l = [1, 2]\n  l[-1] = 3\n  print(l)\n}\n", 5,
                     "index -1 out of range for a list of 2");
  expect_start_error(GAME "var r: int\nplay {\n  let e: [int] = []\n  r = e[0]\n}\n", 6, "index 0 out of range for a list of 0");
}
END_TEST

START_TEST(test_comprehensions) {
  expect_var(GAME "var r: [int]\nplay {\n  r = [x * y for x in 1..3 for y in [10, 20] if x != 2]\n}\n", "r",
             "[10,20,30,60]");
  expect_var(GAME "var r: [[int]]\nplay {\n  r = [[a, b] for a in 0..2 for b in a..2 if a + b != 2]\n}\n", "r",
             "[[0,0],[0,1],[1,2],[2,2]]");
  expect_var(GAME "var r: [[int]]\nplay {\n  r = [[y for y in 1..x] for x in 0..3]\n}\n", "r", "[[],[1],[1,2],[1,2,3]]");
  expect_var(GAME "var r: [int]\nplay {\n  let e: [int] = []\n  r = [x for x in e] + [x for x in 1..5 if x > 9]\n}\n", "r", "[]");
}
END_TEST

START_TEST(test_ranges_are_inclusive) {
  expect_var(GAME "var r: [[int]]\nplay {\n  r = [1..4, 3..3, 5..4, -2..0]\n}\n", "r", "[[1,2,3,4],[3],[],[-2,-1,0]]");
}
END_TEST

START_TEST(test_range_up_to_the_largest_int) {
  expect_var(GAME "var r: [int]\nplay {\n  for i in 9223372036854775806..9223372036854775807 {\n    r += [i]\n  }\n"
                  "  r += [x - 9223372036854775800 for x in 9223372036854775805..9223372036854775807]\n}\n",
             "r", "[9223372036854775806,9223372036854775807,5,6,7]");
}
END_TEST

START_TEST(test_membership) {
  expect_var(GAME "var r: [bool]\nplay {\n"
                  "  r = [2 in [1, 2], 5 in [1, 2], 5 not in [1, 2], 3 in 1..9, 0 in 1..9, [2] in [[1], [2]],\n"
                  "       [1, 2] in [[1], [2]], 1 in [x for x in 0..3 if x != 1]]\n}\n",
             "r", "[true,false,true,true,false,true,false,false]");
}
END_TEST

START_TEST(test_list_equality_is_deep) {
  expect_var(GAME "var r: [bool]\nplay {\n  let a = [[1, 2], [3]]\n"
                  "  r = [a == [[1, 2], [3]], a == [[1, 2], [4]], a != [[1]], [1] == [1, 2], [5] == [5]]\n}\n",
             "r", "[true,false,true,false,true]");
}
END_TEST

/* ------------------------------------------------------------------ control flow */

START_TEST(test_while_for_break_continue) {
  expect_var(GAME "var r: [int]\nplay {\n  let i = 0\n  while i < 10 {\n    i += 1\n    if i % 2 == 0 { continue }\n"
                  "    if i > 7 { break }\n    r += [i]\n  }\n  r += [i]\n}\n",
             "r", "[1,3,5,7,9]");
  /* break leaves only the inner loop; continue goes on with the next element. */
  expect_var(GAME "var r: [int]\nplay {\n  for a in [1, 2, 3] {\n    for b in 1..9 {\n      if b > a { break }\n"
                  "      if b == 2 { continue }\n      r += [a * 10 + b]\n    }\n  }\n}\n",
             "r", "[11,21,31,33]");
}
END_TEST

START_TEST(test_for_over_a_list_sees_the_list_it_started_with) {
  expect_var(GAME "var r: [int]\nplay {\n  let l = [1, 2, 3]\n  for x in l {\n    l = l + [x]\n    r += [x]\n  }\n"
                  "  r += [len(l)]\n}\n",
             "r", "[1,2,3,6]");
}
END_TEST

START_TEST(test_recursion) {
  expect_var(GAME "var r: [int]\nfn fib(n: int) -> int {\n  if n < 2 { return n }\n  return fib(n - 1) + fib(n - 2)\n}\n"
                  "fn even(n: int) -> bool { if n == 0 { return true } return odd(n - 1) }\n"
                  "fn odd(n: int) -> bool { if n == 0 { return false } return even(n - 1) }\n"
                  "play {\n  r = [fib(0), fib(1), fib(10), fib(20), if even(31) then 1 else 0, if odd(31) then 1 else 0]\n}\n",
             "r", "[0,1,55,6765,0,1]");
}
END_TEST

START_TEST(test_endless_recursion_is_an_error) {
  expect_start_error(GAME "fn down(n: int) -> int {\n  return down(n + 1)\n}\nplay {\n  let x = down(0)\n}\n", 4,
                     "too many nested calls (more than 256): endless recursion?");
}
END_TEST

START_TEST(test_per_player_variables) {
  TsState *s = start("game \"P\"\nplayers 3\nghosts 1\nvar score: per player int\nvar hand: per player [int]\n"
                     "rank highest score\nplay {\n  for p in seats {\n    score[p] = 10 * (ord(p) + 1)\n"
                     "    hand[p] = [ord(p)] + hand[p]\n  }\n  score[seat(1)] += 5\n  hand[next(seat(2))] += [7]\n}\n",
                     3, 1);
  ck_assert_ptr_null(ts_error(s));
  ck_assert_int_eq(ts_score(s, 0), 10);
  ck_assert_int_eq(ts_score(s, 1), 25);
  ck_assert_int_eq(ts_score(s, 2), 30);
  ck_assert_int_eq(ts_score(s, 3), 40); /* the ghost */
  ck_assert_str_eq(var(s, "hand"), "[[0,7],[1],[2],[3]]"); /* next() wraps to P1, skipping the ghost */
  ts_free(s);
}
END_TEST

/* ------------------------------------------------------------------ runtime errors and limits */

START_TEST(test_step_limit_stops_an_endless_loop) {
  struct timespec t0;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  expect_start_error(GAME "play {\n  let i = 0\n  while true {\n    i += 0\n  }\n}\n", 6,
                     "step limit reached (50000000 steps in one decision): endless loop?");
  ck_assert_msg(seconds_since(t0) < 30, "the default step budget took %.1f s", seconds_since(t0));
  expect_start_error(GAME "play {\n  while true { }\n}\n", 4, "step limit reached (50000000 steps in one decision): endless loop?");
}
END_TEST

START_TEST(test_step_limit_set_on_a_state) {
  TsState *s = start(GAME "var n: int\nplay {\n  let k = choose seat(0) from [1, 2]\n  while true {\n    n += k\n  }\n}\n", 0, 1);
  ck_assert(!ts_is_over(s));
  ts_set_limits(s, (TsLimits){.steps = 1000});
  char err[256] = "";
  ck_assert_int_eq(ts_apply(s, 0, err, sizeof err), -1);
  char want[256];
  snprintf(want, sizeof want, "%s:7: runtime error: step limit reached (1000 steps in one decision): endless loop?", path);
  ck_assert_str_eq(err, want);
  expect_error(s, 7, "step limit reached (1000 steps in one decision): endless loop?");
  ts_free(s);
}
END_TEST

START_TEST(test_memory_limit) {
  TsState *s = start(GAME "var l: [int]\nplay {\n  while true {\n    l = l + [len(l)]\n  }\n}\n", 0, 1);
  ck_assert(ts_is_over(s));
  ck_assert_ptr_nonnull(ts_error(s));
  char want[256];
  snprintf(want, sizeof want, "%s:6: runtime error: out of memory: ", path);
  ck_assert_msg(strncmp(ts_error(s), want, strlen(want)) == 0, "%s", ts_error(s));
  ts_free(s);
}
END_TEST

START_TEST(test_fail_stops_the_game) {
  expect_start_error(GAME "var n: int\nplay {\n  n = 1\n  if n == 1 {\n    fail \"the supply ran out\"\n  }\n  n = 2\n}\n", 7,
                     "the supply ran out");
}
END_TEST

START_TEST(test_choose_from_nothing) {
  expect_start_error(GAME "play {\n  let e: [int] = []\n  let x = choose seat(0) from e\n  print(x)\n}\n", 5,
                     "choose: no options for P1");
}
END_TEST

START_TEST(test_a_ghost_cannot_choose) {
  expect_start_error(GAME "ghosts 1\nplay {\n  let x = choose seat(1) from [1, 2]\n  print(x)\n}\n", 5,
                     "a ghost seat cannot choose");
}
END_TEST

START_TEST(test_runtime_error_after_a_decision) {
  TsState *s = start(GAME "var r: int\nplay {\n  let d = choose seat(0) from [0, 1]\n  r = 10 / d\n"
                          "  let again = choose seat(0) from [5]\n  r += again\n}\n",
                     0, 1);
  TsState *other = ts_clone(s);
  char err[256] = "";
  ck_assert_int_eq(ts_apply(s, 1, err, sizeof err), 0);
  ck_assert(!ts_is_over(s));
  ck_assert_int_eq(ts_apply(s, 0, err, sizeof err), 0);
  ck_assert(ts_is_over(s));
  ck_assert_ptr_null(ts_error(s));
  ck_assert_str_eq(var(s, "r"), "15");
  ck_assert_int_eq(ts_apply(other, 0, err, sizeof err), -1);
  char want[256];
  snprintf(want, sizeof want, "%s:6: runtime error: division by zero", path);
  ck_assert_str_eq(err, want);
  expect_error(other, 6, "division by zero");
  ck_assert_int_eq(ts_apply(other, 0, err, sizeof err), -1); /* nothing more to apply */
  ts_free(s);
  ts_free(other);
}
END_TEST

/* ------------------------------------------------------------------ the collector */

/* Each decision appends a list to a [[int]] global, makes garbage, and keeps
 * a list in a local of a function whose frame spans the decision. */
static const char *const history_game =
  GAME
  "var history: [[int]]\n"
  "var score: per player int\n"
  "rank highest score\n"
  "fn turn(i: int) -> int {\n"
  "  let mine = [i, i * i, i * i * i]\n"
  "  let junk = [[x, x] for x in 0..50]\n"
  "  let k = choose seat(0) from [i, i + 1000]\n"
  "  return sum(mine) + k + len(junk) - 51\n"
  "}\n"
  "play {\n"
  "  let kept: [[int]] = []\n"
  "  for i in 1..300 {\n"
  "    let v = turn(i)\n"
  "    history += [[i, v]]\n"
  "    kept = kept + [[v]]\n"
  "  }\n"
  "  let ok = 0\n"
  "  for i in 1..300 {\n"
  "    let h = history[i - 1]\n"
  "    let want = i + i * i + i * i * i + (if i % 3 == 0 then i + 1000 else i)\n"
  "    if h == [i, want] and kept[i - 1] == [want] { ok += 1 }\n"
  "  }\n"
  "  score[seat(0)] = ok\n"
  "}\n";

START_TEST(test_lists_survive_many_decisions) {
  TsState *s = start(history_game, 0, 1);
  size_t largest = 0;
  for (int i = 1; i <= 300; i++) {
    ck_assert_msg(!ts_is_over(s), "over after %d decisions: %s", i - 1, ts_error(s) ? ts_error(s) : "");
    ck_assert_int_eq(ts_legal_count(s), 2);
    char err[256];
    ck_assert_int_eq(ts_apply(s, i % 3 == 0 ? 1 : 0, err, sizeof err), 0);
    if (ts_state_bytes(s) > largest) largest = ts_state_bytes(s);
  }
  ck_assert(ts_is_over(s));
  ck_assert_ptr_null(ts_error(s));
  ck_assert_int_eq(ts_score(s, 0), 300);
  const char *history = var(s, "history");
  ck_assert_int_eq(strncmp(history, "[[1,4],[2,16],[3,1042],", 23), 0);
  /* Only live lists are kept: the garbage of 300 decisions (51 pairs each)
   * would take far more than this. */
  ck_assert_uint_lt(largest, 64 * 1024);
  ts_free(s);
}
END_TEST

START_TEST(test_garbage_does_not_change_the_state) {
  /* The two options make very different amounts of garbage but the same
   * live data: after the collector, the positions are the same bytes. */
  const char *src = GAME "var total: int\n"
                         "fn churn(k: int) -> int {\n"
                         "  let junk = [[x, x * k] for x in 1..k * 200]\n"
                         "  return len(junk) / k / 200\n"
                         "}\n"
                         "play {\n"
                         "  let k = 0\n"
                         "  for i in 1..4 {\n"
                         "    k = choose seat(0) from [1, 2]\n"
                         "    total += churn(k)\n"
                         "    k = 0\n"
                         "  }\n"
                         "}\n";
  TsState *little = start(src, 0, 3);
  TsState *much = ts_clone(little);
  char err[256];
  for (int turn = 0; turn < 4; turn++) {
    ck_assert_int_eq(ts_apply(little, 0, err, sizeof err), 0);
    ck_assert_int_eq(ts_apply(much, 1, err, sizeof err), 0);
    ck_assert_uint_eq(ts_state_bytes(little), ts_state_bytes(much));
    ck_assert_uint_eq(ts_hash(little), ts_hash(much));
  }
  ck_assert(ts_is_over(much));
  ck_assert_str_eq(var(much, "total"), "4");
  ts_free(little);
  ts_free(much);
}
END_TEST

/* ------------------------------------------------------------------ determinism */

static const char *const shuffle_game =
  GAME
  "var deck: [int]\n"
  "var rolls: [int]\n"
  "play {\n"
  "  deck = shuffle(1..12)\n"
  "  for turn in 1..5 {\n"
  "    rolls += [random(6)]\n"
  "    let k = choose seat(0) from take(deck, 3)\n"
  "    deck = remove(deck, k)\n"
  "  }\n"
  "}\n";

/* Hashes of the states of one match, picking option (turn % legal count). */
static void hash_sequence(uint64_t seed, uint64_t *hashes, int *count) {
  TsState *s = start(shuffle_game, 0, seed);
  *count = 0;
  hashes[(*count)++] = ts_hash(s);
  for (int turn = 0; !ts_is_over(s); turn++) {
    char err[256];
    ck_assert_int_eq(ts_apply(s, turn % ts_legal_count(s), err, sizeof err), 0);
    hashes[(*count)++] = ts_hash(s);
  }
  ck_assert_ptr_null(ts_error(s));
  ts_free(s);
}

START_TEST(test_same_seed_same_game) {
  uint64_t first[16], second[16];
  int n1, n2;
  hash_sequence(42, first, &n1);
  hash_sequence(42, second, &n2);
  ck_assert_int_eq(n1, 6);
  ck_assert_int_eq(n2, 6);
  for (int i = 0; i < n1; i++) ck_assert_uint_eq(first[i], second[i]);
  for (int i = 1; i < n1; i++) ck_assert_uint_ne(first[i], first[i - 1]);
}
END_TEST

START_TEST(test_different_seeds_shuffle_differently) {
  char decks[8][256];
  for (int seed = 0; seed < 8; seed++) {
    TsState *s = start(shuffle_game, 0, (uint64_t)seed + 1);
    snprintf(decks[seed], sizeof decks[seed], "%s", var(s, "deck"));
    /* A permutation of 1..12. */
    int seen[13] = {0}, count = 0;
    for (const char *p = decks[seed] + 1; *p; p++) {
      int v = atoi(p);
      ck_assert(v >= 1 && v <= 12);
      seen[v]++;
      count++;
      p = strchr(p, ',');
      if (!p) break;
    }
    ck_assert_int_eq(count, 12);
    for (int v = 1; v <= 12; v++) ck_assert_int_eq(seen[v], 1);
    ts_free(s);
  }
  int distinct = 0;
  for (int i = 0; i < 8; i++) {
    bool fresh = true;
    for (int j = 0; j < i; j++) fresh = fresh && strcmp(decks[i], decks[j]) != 0;
    distinct += fresh;
  }
  ck_assert_int_ge(distinct, 7); /* 12! orders: a repeat would be a broken generator */
  uint64_t a[16], b[16];
  int na, nb;
  hash_sequence(1, a, &na);
  hash_sequence(2, b, &nb);
  ck_assert_uint_ne(a[0], b[0]);
}
END_TEST

START_TEST(test_random_stays_in_range) {
  expect_var(GAME "var r: [bool]\nplay {\n  let ok = true\n  let seen = [0, 0, 0]\n  for i in 1..3000 {\n"
                  "    let x = random(3)\n    ok = ok and x >= 0 and x < 3\n    seen[x] = seen[x] + 1\n  }\n"
                  "  r = [ok, min(seen) > 800, random(1) == 0]\n}\n",
             "r", "[true,true,true]");
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *vm_suite(void) {
  Suite *s = suite_create("vm");
  TCase *arithmetic = tcase_create("arithmetic");
  tcase_add_test(arithmetic, test_arithmetic_follows_c);
  tcase_add_test(arithmetic, test_smallest_int_divided_by_minus_one);
  tcase_add_test(arithmetic, test_comparisons_and_booleans);
  tcase_add_test(arithmetic, test_and_or_do_not_evaluate_their_right_side);
  tcase_add_test(arithmetic, test_division_by_zero_names_its_line);
  suite_add_tcase(s, arithmetic);

  TCase *lists = tcase_create("lists");
  tcase_add_test(lists, test_list_operations);
  tcase_add_test(lists, test_lists_are_values);
  tcase_add_test(lists, test_index_out_of_range);
  tcase_add_test(lists, test_comprehensions);
  tcase_add_test(lists, test_ranges_are_inclusive);
  tcase_add_test(lists, test_range_up_to_the_largest_int);
  tcase_add_test(lists, test_membership);
  tcase_add_test(lists, test_list_equality_is_deep);
  suite_add_tcase(s, lists);

  TCase *control = tcase_create("control flow");
  tcase_add_test(control, test_while_for_break_continue);
  tcase_add_test(control, test_for_over_a_list_sees_the_list_it_started_with);
  tcase_add_test(control, test_recursion);
  tcase_add_test(control, test_endless_recursion_is_an_error);
  tcase_add_test(control, test_per_player_variables);
  suite_add_tcase(s, control);

  TCase *errors = tcase_create("runtime errors and limits");
  tcase_set_timeout(errors, 60);
  tcase_add_test(errors, test_step_limit_stops_an_endless_loop);
  tcase_add_test(errors, test_step_limit_set_on_a_state);
  tcase_add_test(errors, test_memory_limit);
  tcase_add_test(errors, test_fail_stops_the_game);
  tcase_add_test(errors, test_choose_from_nothing);
  tcase_add_test(errors, test_a_ghost_cannot_choose);
  tcase_add_test(errors, test_runtime_error_after_a_decision);
  suite_add_tcase(s, errors);

  TCase *collector = tcase_create("collector");
  tcase_set_timeout(collector, 60);
  tcase_add_test(collector, test_lists_survive_many_decisions);
  tcase_add_test(collector, test_garbage_does_not_change_the_state);
  suite_add_tcase(s, collector);

  TCase *determinism = tcase_create("determinism");
  tcase_add_test(determinism, test_same_seed_same_game);
  tcase_add_test(determinism, test_different_seeds_shuffle_differently);
  tcase_add_test(determinism, test_random_stays_in_range);
  suite_add_tcase(s, determinism);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(vm_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
