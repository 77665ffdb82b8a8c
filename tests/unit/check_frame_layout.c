/* check_frame_layout.c — lang/frame_layout.c: the frame sizes it works out
 * (a function's deepest operand stack), the limit on a frame, and the
 * invariants it refuses when the code breaks them (hand-built programs). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"
#include "frame_layout.h"
#include "opcodes.h"
#include "tessera.h"

static char path[128];
static char *diagnostics;

/* Compiles src; NULL when it does not compile (diagnostics kept). */
static TsProgram *compile(const char *src) {
  snprintf(path, sizeof path, "/tmp/tessera_check_frame_layout_%d.tess", (int)getpid());
  FILE *f = fopen(path, "w");
  ck_assert_ptr_nonnull(f);
  fputs(src, f);
  fclose(f);
  size_t length = 0;
  free(diagnostics);
  FILE *d = open_memstream(&diagnostics, &length);
  TsCompileOptions options = {.stdlib_dir = TESSERA_SOURCE_DIR "/stdlib", .games_dir = TESSERA_SOURCE_DIR "/games"};
  TsProgram *p = ts_compile_file(path, &options, d);
  fclose(d);
  unlink(path);
  return p;
}

static const FnInfo *fn_named(const Program *p, const char *name) {
  for (int i = 0; i < p->fn_count; i++)
    if (strcmp(p->fns[i].name, name) == 0) return &p->fns[i];
  ck_abort_msg("no function %s", name);
  return NULL;
}

/* A list literal of n ones: "[1, 1, …]". */
static char *literal(int n) {
  char *s = malloc((size_t)n * 3 + 3);
  size_t at = 0;
  s[at++] = '[';
  for (int i = 0; i < n; i++) at += (size_t)sprintf(s + at, i ? ",1" : "1");
  s[at++] = ']';
  s[at] = 0;
  return s;
}

START_TEST(test_operand_depth_counts_every_operand) {
  char *lit = literal(900);
  char *src = malloc(strlen(lit) + 256);
  sprintf(src, "game \"F\"\nplayers 1\nfn f(a: int, b: int) -> int { return len(%s) + a * (b + (a - b)) }\n"
               "play { print(f(1, 2)) }\n", lit);
  TsProgram *p = compile(src);
  ck_assert_msg(p != NULL, "%s", diagnostics);
  const FnInfo *f = fn_named(p->program, "f");
  ck_assert_int_eq(f->max_stack, 900);
  ck_assert_int_eq(f->frame_words, f->locals + 900);
  ts_program_free(p);
  free(src);
  free(lit);
}
END_TEST

START_TEST(test_nested_operands_add_up) {
  /* a + (b + (c + d)): four values at once before the first ADD. */
  TsProgram *p = compile("game \"F\"\nplayers 1\nfn f(a: int, b: int, c: int, d: int) -> int { return a + (b + (c + d)) }\n"
                         "play { print(f(1, 2, 3, 4)) }\n");
  ck_assert_msg(p != NULL, "%s", diagnostics);
  ck_assert_int_eq(fn_named(p->program, "f")->max_stack, 4);
  ts_program_free(p);
}
END_TEST

START_TEST(test_frame_beyond_the_limit_is_a_compile_error) {
  char *lit = literal(TS_MAX_FRAME_WORDS + 10);
  char *src = malloc(strlen(lit) + 256);
  sprintf(src, "game \"F\"\nplayers 1\nfn big() -> int { return len(%s) }\nplay { print(big()) }\n", lit);
  TsProgram *p = compile(src);
  ck_assert_ptr_null(p);
  ck_assert_msg(strstr(diagnostics, ":3:1: error: 'big' needs a frame of") != NULL, "%s", diagnostics);
  ck_assert_msg(strstr(diagnostics, "more than 8192") != NULL, "%s", diagnostics);
  free(src);
  free(lit);
}
END_TEST

/* ---- hand-built programs: one function, `t`, that can decide ---- */

static int32_t code[64], lines[64];
static int16_t files[64];
static uint8_t ref_maps[4];
static FnInfo fn;
static Program prog;
static char *name = "t";
static Diags diags;

static void build(const int32_t *words, int n, int locals, const uint8_t *refs) {
  memcpy(code, words, sizeof *words * (size_t)n);
  for (int i = 0; i < n; i++) lines[i] = 1 + i, files[i] = 0;
  memcpy(ref_maps, refs, (size_t)locals);
  fn = (FnInfo){.name = name, .entry = 0, .params = 0, .locals = (int16_t)locals, .ref_map = 0, .decides = true};
  prog = (Program){.code = code, .lines = lines, .line_files = files, .code_len = n, .fns = &fn, .fn_count = 1,
                   .ref_maps = ref_maps, .ref_map_len = locals};
  diags_free(&diags);
  diags_init(&diags);
}

static bool says(const char *text) {
  for (int i = 0; i < diags.count; i++)
    if (strstr(diags.items[i].message, text)) return true;
  return false;
}

START_TEST(test_well_formed_program_passes) {
  /* 5; seat 0; options = locals[0]; choose; add; pop; halt — the 5 below
   * the decision is a scalar, which the packed stack keeps as it is. */
  int32_t words[] = {BC_INT, 5, BC_INT, 0, BC_LOAD_LOCAL, 0, BC_CHOOSE, 0, BC_ADD, BC_POP, BC_HALT};
  build(words, sizeof words / sizeof *words, 1, (uint8_t[]){1});
  ck_assert(frame_layout(&prog, &diags));
  ck_assert_int_eq(fn.max_stack, 3);
  ck_assert_int_eq(fn.frame_words, 4);
}
END_TEST

START_TEST(test_list_under_a_decision_is_refused) {
  /* The same with the list itself below the decision: the collector would
   * not move it, and the resumed code would read garbage. */
  int32_t words[] = {BC_LOAD_LOCAL, 0, BC_INT, 0, BC_LOAD_LOCAL, 0, BC_CHOOSE, 0, BC_POP, BC_POP, BC_HALT};
  build(words, sizeof words / sizeof *words, 1, (uint8_t[]){1});
  ck_assert(!frame_layout(&prog, &diags));
  ck_assert(says("CHOOSE can stop the frame with a list on the operand stack"));
}
END_TEST

START_TEST(test_paths_meeting_with_different_depths_are_refused) {
  /* if locals[0] { push 1 } then join: one path has a value more. */
  int32_t words[] = {BC_LOAD_LOCAL, 0, BC_JUMP_IF_FALSE, 6, BC_INT, 1, BC_HALT};
  build(words, sizeof words / sizeof *words, 1, (uint8_t[]){0});
  ck_assert(!frame_layout(&prog, &diags));
  ck_assert(says("HALT is reached with"));
}
END_TEST

START_TEST(test_underflow_is_refused) {
  int32_t words[] = {BC_INT, 1, BC_POP, BC_POP, BC_HALT};
  build(words, sizeof words / sizeof *words, 0, (uint8_t[]){0});
  ck_assert(!frame_layout(&prog, &diags));
  ck_assert(says("POP pops below the locals"));
}
END_TEST

START_TEST(test_jump_into_an_instruction_is_refused) {
  int32_t words[] = {BC_JUMP, 3, BC_INT, 1, BC_HALT};
  build(words, sizeof words / sizeof *words, 0, (uint8_t[]){0});
  ck_assert(!frame_layout(&prog, &diags));
  ck_assert(says("JUMP jumps to word 3, not an instruction"));
}
END_TEST

START_TEST(test_return_needs_exactly_its_value) {
  int32_t words[] = {BC_INT, 1, BC_INT, 2, BC_RETURN};
  build(words, sizeof words / sizeof *words, 0, (uint8_t[]){0});
  ck_assert(!frame_layout(&prog, &diags));
  ck_assert(says("RETURN with 2 values"));
}
END_TEST

START_TEST(test_dead_slots_outside_the_frame_are_refused) {
  int32_t words[] = {BC_INT, 0, BC_LOAD_LOCAL, 0, BC_CHOOSE, 0, BC_POP, BC_HALT};
  build(words, sizeof words / sizeof *words, 1, (uint8_t[]){1});
  int record = program_dead_begin(&prog, 6);
  program_dead_run(&prog, record, 0, 3); /* slots 0..2 of a frame of one */
  ck_assert(!frame_layout(&prog, &diags));
  ck_assert(says("a dead-slot record names slots 0..2 outside the frame's 1 locals"));
  free(prog.dead);
  free(prog.dead_at);
}
END_TEST

int main(void) {
  Suite *s = suite_create("frame_layout");
  TCase *tc = tcase_create("core");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, test_operand_depth_counts_every_operand);
  tcase_add_test(tc, test_nested_operands_add_up);
  tcase_add_test(tc, test_frame_beyond_the_limit_is_a_compile_error);
  tcase_add_test(tc, test_well_formed_program_passes);
  tcase_add_test(tc, test_list_under_a_decision_is_refused);
  tcase_add_test(tc, test_paths_meeting_with_different_depths_are_refused);
  tcase_add_test(tc, test_underflow_is_refused);
  tcase_add_test(tc, test_jump_into_an_instruction_is_refused);
  tcase_add_test(tc, test_return_needs_exactly_its_value);
  tcase_add_test(tc, test_dead_slots_outside_the_frame_are_refused);
  suite_add_tcase(s, tc);
  SRunner *r = srunner_create(s);
  srunner_run_all(r, CK_NORMAL);
  int failed = srunner_ntests_failed(r);
  srunner_free(r);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
